package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.StringReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.PGConnection;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.BaseStatement;
import org.postgresql.jdbc.PgStatement;

/**
 * Issue 37 (5): pgjdbc's own methods that take SQL text, or hand out what runs SQL on the real connection, reached by a
 * cast on what nlsql hands out, are refused (NL003) under nlsql.passthrough=readonly and deny, and run under allow.
 * PostgreSQL is the oracle, read on another connection while the nlsql session is still open: the table's counter,
 * large objects, a role's password.
 */
class DriverSqlMethodsIT {

    private static final String DATABASE = "i37dm_delegates";
    private static final String ROLE = "i37dm_pw_role";
    private static String url;

    @BeforeAll
    static void create() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
        TestPostgres.dropRoles(ROLE);
        TestPostgres.createRoles(ROLE + " LOGIN");
        url = TestPostgres.database(DATABASE, "CREATE TABLE t (x int)", "INSERT INTO t VALUES (0)",
                "CREATE TABLE b (id int, data oid)", "INSERT INTO b VALUES (1, lo_from_bytea(0, 'hello'::bytea))");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
        TestPostgres.dropRoles(ROLE);
    }

    private static Connection nl(String passthrough) throws SQLException {
        return DriverManager.getConnection("jdbc:nlsql:" + url.substring("jdbc:".length())
                + (url.contains("?") ? "&" : "?") + "nlsql.passthrough=" + passthrough + "&nlsql.llm=none");
    }

    /** What PostgreSQL holds now, read on a plain connection: t's sum and rows, large objects, whether the role has a password. */
    private static String oracle() throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            return TestPostgres.single(s.executeQuery("SELECT sum(x) + 1000 * count(*) FROM t")) + "/"
                    + TestPostgres.single(s.executeQuery("SELECT count(*) FROM pg_catalog.pg_largeobject_metadata")) + "/"
                    + TestPostgres.single(s.executeQuery("SELECT count(*) FROM pg_catalog.pg_authid WHERE rolname = '" + ROLE
                            + "' AND rolpassword IS NOT NULL"));
        }
    }

    /** Each write through one of pgjdbc's own methods, on the objects nlsql hands out. */
    private static List<Executable> writes(Connection c) throws SQLException {
        Statement s = c.createStatement();
        return List.of(
                () -> ((BaseStatement) s).executeWithFlags("UPDATE t SET x = x + 1", 0),
                () -> ((BaseStatement) s).executeWithFlags(c.unwrap(BaseConnection.class).createQuery("UPDATE t SET x = x + 1", true, false), 0),
                () -> ((BaseConnection) c).execSQLUpdate("UPDATE t SET x = x + 1"),
                () -> ((BaseConnection) c).execSQLQuery("WITH u AS (UPDATE t SET x = x + 1 RETURNING x) SELECT x FROM u").close(),
                () -> ((BaseConnection) c).execSQLQuery("WITH u AS (UPDATE t SET x = x + 1 RETURNING x) SELECT x FROM u", 1003, 1007).close(),
                () -> ((BaseConnection) c).getQueryExecutor().execute(((BaseConnection) c).createQuery("UPDATE t SET x = x + 1", true, false).query,
                        null, new org.postgresql.core.ResultHandlerBase() {
                            @Override
                            public void handleWarning(java.sql.SQLWarning w) {
                            }
                        }, 0, 0, org.postgresql.core.QueryExecutor.QUERY_SUPPRESS_BEGIN),
                () -> ((PGConnection) c).getCopyAPI().copyIn("COPY t FROM STDIN", new StringReader("7\n")),
                () -> {
                    org.postgresql.largeobject.LargeObjectManager lo = ((PGConnection) c).getLargeObjectAPI();
                    c.setAutoCommit(false); // large objects need a transaction
                    try {
                        lo.createLO();
                        c.commit();
                    } finally {
                        c.setAutoCommit(true);
                    }
                },
                () -> ((PGConnection) c).alterUserPassword(ROLE, "i37dm-secret".toCharArray(), "scram-sha-256"),
                () -> ((PgStatement) s).getPGConnection().execSQLUpdate("UPDATE t SET x = x + 1"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"readonly", "deny"})
    void pgjdbcsOwnSqlMethodsAreRefusedAndWriteNothing(String passthrough) throws Exception {
        String before = oracle();
        try (Connection c = nl(passthrough)) {
            List<Executable> writes = writes(c);
            List<String> escapes = new ArrayList<>();
            for (int i = 0; i < writes.size(); i++) {
                String state;
                try {
                    writes.get(i).execute();
                    state = "ran";
                } catch (SQLException e) {
                    state = e.getSQLState();
                } catch (Throwable other) {
                    state = other.toString();
                }
                String after = oracle(); // while the session is open
                if (!"NL003".equals(state) || !before.equals(after)) {
                    escapes.add("write " + i + ": " + state + ", PostgreSQL " + before + " -> " + after);
                    before = after;
                }
            }
            assertEquals(List.of(), escapes, "pgjdbc's own methods under nlsql.passthrough=" + passthrough
                    + " (t: sum + 1000 * rows / large objects / role passwords)");
            PreparedStatement ps = c.prepareStatement(passthrough.equals("readonly") ? "SELECT x FROM t" : "how many rows are in t?");
            assertEquals("NL003", assertThrows(SQLException.class, () -> ((BaseStatement) ps).executeWithFlags(0)).getSQLState());
            // java.sql still works under the policy
            if (passthrough.equals("readonly")) {
                assertEquals(Long.parseLong(before.split("/")[0]),
                        TestPostgres.single(c.createStatement().executeQuery("SELECT sum(x) + 1000 * count(*) FROM t")));
            }
        }
    }

    /** Every reviewed method, also the protected and package-private ones (reflection), on each handed-out object. */
    @Test
    void everyReviewedSqlMethodIsRefusedUnderReadonly() throws Exception {
        List<String> called = new ArrayList<>();
        try (Connection c = nl("readonly")) {
            List<Object> handedOut = List.of(c, c.createStatement(), c.prepareStatement("SELECT 1"), c.prepareStatement("how many rows?"));
            for (Object o : handedOut) {
                for (Class<?> k = o.getClass(); k != Object.class; k = k.getSuperclass()) {
                    for (Method m : k.getDeclaredMethods()) {
                        String key = m.getName() + "(" + String.join(",", java.util.Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName).toList()) + ")";
                        if (!dev.nlsql.internal.jdbc.DriverSqlMethodsAccess.runsSql(key) || Modifier.isStatic(m.getModifiers())
                                || Modifier.isFinal(m.getModifiers()) || Modifier.isPrivate(m.getModifiers()) || m.isSynthetic()) {
                            continue;
                        }
                        m.setAccessible(true);
                        Object[] args = new Object[m.getParameterCount()];
                        for (int i = 0; i < args.length; i++) {
                            Class<?> p = m.getParameterTypes()[i];
                            args[i] = p == int.class ? 0 : p == long.class ? 0L : p == boolean.class ? false : null;
                        }
                        InvocationTargetException e = assertThrows(InvocationTargetException.class, () -> m.invoke(o, args), key);
                        assertTrue(e.getCause() instanceof SQLException, key + ": " + e.getCause());
                        assertEquals("NL003", ((SQLException) e.getCause()).getSQLState(), key);
                        called.add(key);
                    }
                }
            }
        }
        assertTrue(called.containsAll(List.of("executeWithFlags(String,int)", "execSQLUpdate(String)", "getCopyAPI()",
                "execSQLUpdate(CachedQuery)", "makeBlob(long)", "getSingleResultSet()", "executeWithFlags(int)")), called.toString());
    }

    @Test
    void underAllowThePgjdbcMethodsRunAndGetPGConnectionIsTheHandedOutConnection() throws Exception {
        try (Connection c = nl("allow"); Statement s = c.createStatement()) {
            long x = Long.parseLong(oracle().split("/")[0]); // sum(x) + 1000 * rows
            ((BaseStatement) s).executeWithFlags("UPDATE t SET x = x + 1", 0);
            assertEquals(x + 1, Long.parseLong(oracle().split("/")[0]));
            ((BaseConnection) c).execSQLUpdate("UPDATE t SET x = x - 1");
            assertEquals(x, Long.parseLong(oracle().split("/")[0]));
            assertSame(c, ((PgStatement) s).getPGConnection());
        }
    }

    /** Found on the way: a guarded read's Blob (pgjdbc's, on the real connection) wrote its large object under readonly. */
    @Test
    void largeObjectsOfAGuardedReadAreReadOnlyUnderReadonly() throws Exception {
        try (Connection c = nl("readonly")) {
            c.setAutoCommit(false); // pgjdbc's large objects need a transaction
            try (Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery("SELECT data FROM b")) {
                assertTrue(rs.next());
                java.sql.Blob blob = rs.getBlob(1);
                assertEquals("hello", new String(blob.getBytes(1, 5), java.nio.charset.StandardCharsets.UTF_8));
                List<Executable> writes = List.of(() -> blob.setBytes(1, "HACKED".getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                        () -> blob.setBinaryStream(1).close(), () -> blob.truncate(1),
                        () -> rs.getObject(1, java.sql.Blob.class).setBytes(1, new byte[] {'X'}), () -> rs.getBlob("data").truncate(0));
                for (Executable write : writes) {
                    assertEquals("NL003", assertThrows(SQLException.class, write).getSQLState());
                }
            }
            c.commit();
            try (Connection plain = DriverManager.getConnection(url); Statement s = plain.createStatement();
                    java.sql.ResultSet rs = s.executeQuery("SELECT convert_from(lo_get(data), 'UTF8') FROM b")) {
                assertTrue(rs.next());
                assertEquals("hello", rs.getString(1));
            }
        }
    }
}
