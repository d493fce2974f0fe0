package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.jdbc.PgConnection;
import org.postgresql.jdbc.PgStatement;
import org.postgresql.largeobject.LargeObject;
import org.postgresql.largeobject.LargeObjectManager;

/**
 * Issue 25: code written for pgjdbc casts to its concrete classes ({@code (PgConnection) c}, {@code (PgStatement) s},
 * pgjdbc's own tests' {@code con instanceof PgConnection}); the objects a {@code jdbc:nlsql:} URL hands out pass those
 * casts, reach pgjdbc through them, and keep nlsql's behaviour for every java.sql method.
 */
class ConcreteCastsIT {

    private static final String DATABASE = "nlsql_concrete";
    private static final String TABLE = "concrete_items";
    private static String url;

    @BeforeAll
    static void database() throws SQLException {
        url = TestPostgres.database(DATABASE,
                "CREATE TABLE " + TABLE + " (id int, name text)",
                "INSERT INTO " + TABLE + " VALUES (1, 'pear'), (2, 'plum')");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }

    private static Connection nl(String... params) throws SQLException {
        return DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + url.substring("jdbc:".length()), params));
    }

    private static long rowsLeft() throws SQLException {
        try (Connection direct = DriverManager.getConnection(url); Statement s = direct.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM " + TABLE)) {
            return TestPostgres.single(rs);
        }
    }

    private static Class<?> pgjdbc(String simpleName) throws ClassNotFoundException {
        return Class.forName("org.postgresql.jdbc." + simpleName); // package-private in pgjdbc
    }

    @Test
    void castsToPgConnectionReachPgjdbc() throws Exception {
        try (Connection c = nl()) {
            assertTrue(c instanceof PgConnection, "pgjdbc's tests take a connection that is not a PgConnection for an old server");
            PgConnection pg = (PgConnection) c;
            assertNotNull(pg.getQueryExecutor());
            assertEquals(pg.getQueryExecutor().getBackendPID(), pg.getBackendPID());
            assertTrue(pg.haveMinimumServerVersion(org.postgresql.core.ServerVersion.v9_0));
            assertNotNull(pg.getParameterStatus("server_version"), "a final method of PgConnection works on the cast object");
            assertEquals(pg.getParameterStatuses(), c.unwrap(PgConnection.class).getParameterStatuses());
            assertNotSame(pg, c.unwrap(PgConnection.class), "unwrap still reaches the real connection");

            c.setAutoCommit(false);
            LargeObjectManager lobs = pg.getLargeObjectAPI();
            long oid = lobs.createLO();
            try (LargeObject lo = lobs.open(oid)) {
                lo.write(new byte[] {1, 2, 3});
                lo.seek(0);
                assertArrayEquals(new byte[] {1, 2, 3}, lo.read(3));
            }
            lobs.delete(oid);
            c.commit();
            assertSame(c, c.createStatement().getConnection(), "the statement leads back to the object the application holds");
        }
    }

    @Test
    void castsToPgStatementAndPgPreparedStatementReachPgjdbc() throws Exception {
        try (Connection c = nl(); Statement s = c.createStatement();
                PreparedStatement ps = c.prepareStatement("SELECT name FROM " + TABLE + " WHERE id = ?");
                CallableStatement cs = c.prepareCall("{? = call upper(?)}")) {
            assertInstanceOf(PgStatement.class, s);
            assertTrue(pgjdbc("PgPreparedStatement").isInstance(ps));
            assertTrue(pgjdbc("PgCallableStatement").isInstance(cs));

            PgStatement pgPs = (PgStatement) ps;
            pgPs.setPrepareThreshold(1);
            assertEquals(1, pgPs.getPrepareThreshold());
            ps.setInt(1, 2);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("plum", rs.getString(1));
                assertSame(ps, rs.getStatement());
            }
            assertTrue(pgPs.isUseServerPrepare(), "the threshold reached pgjdbc's own statement");
            ((PgStatement) s).setPrepareThreshold(0);
            assertEquals(0, s.unwrap(PgStatement.class).getPrepareThreshold());

            cs.registerOutParameter(1, java.sql.Types.VARCHAR);
            cs.setString(2, "pear");
            cs.execute();
            assertEquals("PEAR", cs.getString(1));
        }
    }

    @Test
    void pgjdbcsFinalCloseClosesNlsqlsStatementAndTheRealOne() throws Exception {
        try (Connection c = nl()) {
            Statement s = c.createStatement();
            PreparedStatement ps = c.prepareStatement("SELECT 1");
            PgStatement realS = s.unwrap(PgStatement.class);
            PgStatement realPs = ps.unwrap(PgStatement.class);
            assertNotSame(realS, s);
            s.close(); // PgStatement.close() is final: it runs on the handed-out object itself
            ps.close();
            assertTrue(s.isClosed());
            assertTrue(realS.isClosed(), "the real statement is closed");
            assertTrue(realPs.isClosed());
            s.close(); // twice is harmless, as JDBC says
            assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1"));
        }
    }

    @Test
    void questionsAreStillAnsweredThroughTheCastObjects() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(FakeOpenAi.answer("SELECT count(*) AS items FROM " + TABLE));
                Connection c = llm.connect(url);
                Statement s = ((PgConnection) c).createStatement()) {
            try (ResultSet rs = ((PgStatement) s).executeQuery("how many items are there?")) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt("items"));
            }
            assertEquals(1, llm.requestCount());
        }
    }

    @Test
    void readonlyPassthroughStillRefusesWritesThroughTheCastObjects() throws Exception {
        try (Connection c = nl("nlsql.passthrough=readonly"); Statement s = ((PgConnection) c).createStatement()) {
            PgStatement pg = (PgStatement) s;
            assertEquals("NL003", assertThrows(SQLException.class, () -> pg.executeUpdate("DELETE FROM " + TABLE)).getSQLState());
            assertEquals("NL003", assertThrows(SQLException.class, () -> pg.execute("UPDATE " + TABLE + " SET name = 'x'")).getSQLState());
            assertEquals("NL003", assertThrows(SQLException.class,
                    () -> ((PgConnection) c).prepareStatement("DELETE FROM " + TABLE + " WHERE id = ?")).getSQLState());
            assertEquals("NL003", assertThrows(SQLException.class, () -> pg.addBatch("DELETE FROM " + TABLE)).getSQLState());
        }
        assertEquals(2, rowsLeft(), "nothing was deleted");
    }

    /**
     * A final method cannot be overridden, so it runs on the handed-out object, whose own fields are empty. The public
     * ones are the few the driver knows (and tests above); every other one is reachable only from pgjdbc's package, and
     * even called by reflection fails on the empty fields before it reaches the server.
     */
    @Test
    void finalMethodsOfTheConcreteClassesCannotRunSqlOnTheHandedOutObject() throws Exception {
        try (Connection c = nl(); Statement s = c.createStatement(); PreparedStatement ps = c.prepareStatement("SELECT 1")) {
            Set<String> publicFinals = new TreeSet<>();
            List<String> reached = new ArrayList<>();
            for (Object handedOut : new Object[] {c, s, ps}) {
                for (Class<?> type = handedOut.getClass().getSuperclass(); type != Object.class; type = type.getSuperclass()) {
                    for (Method m : type.getDeclaredMethods()) {
                        int mod = m.getModifiers();
                        if (!Modifier.isFinal(mod) || Modifier.isStatic(mod)) {
                            continue;
                        }
                        if (Modifier.isPublic(mod)) {
                            publicFinals.add(type.getSimpleName() + "." + m.getName());
                            continue;
                        }
                        m.setAccessible(true);
                        Object[] args = new Object[m.getParameterCount()];
                        for (int i = 0; i < args.length; i++) {
                            Class<?> p = m.getParameterTypes()[i];
                            args[i] = p == int.class ? 0 : p == String.class ? "DELETE FROM " + TABLE : null;
                        }
                        try {
                            Object result = m.invoke(handedOut, args);
                            reached.add(m + " returned " + result);
                        } catch (InvocationTargetException expected) {
                            assertInstanceOf(NullPointerException.class, expected.getCause(), m.toString());
                        }
                    }
                }
            }
            assertEquals(Set.of("PgConnection.getParameterStatus", "PgConnection.getParameterStatuses", "PgStatement.close"),
                    publicFinals);
            // borrowQuery parses through the shared query executor and runs nothing; the others read empty fields
            assertTrue(reached.stream().allMatch(r -> r.contains(".borrow") || r.endsWith(" returned null")), reached.toString());
        }
        assertEquals(2, rowsLeft(), "nothing was deleted");
    }

    @Test
    void otherDriversKeepTheProxy() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:nlsql:h2:mem:concrete")) {
            assertFalse(c instanceof org.h2.jdbc.JdbcConnection);
            assertTrue(java.lang.reflect.Proxy.isProxyClass(c.getClass()), "H2's own interfaces come through a proxy");
        }
    }
}
