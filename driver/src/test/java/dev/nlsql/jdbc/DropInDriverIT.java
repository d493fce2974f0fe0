package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Wrapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGStatement;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;
import org.postgresql.jdbc.PgArray;

/**
 * Issue 25, "a driver that passes casts": code written for pgjdbc runs unchanged on a {@code jdbc:nlsql:} URL. The
 * connection and statements pass casts to pgjdbc's interfaces, print as pgjdbc's do, never take update or batch text
 * for a question, read SQL under the session's string rules, and answer metadata calls without the model.
 */
class DropInDriverIT {

    private static final String DATABASE = "nlsql_dropin";
    private static String url;

    @BeforeAll
    static void database() throws SQLException {
        url = TestPostgres.database(DATABASE,
                "DROP TABLE IF EXISTS dropin_copy, dropin_arr",
                "CREATE TABLE dropin_copy (id int, name text)",
                "CREATE TABLE dropin_arr (strarr text[])");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }

    private static Connection nl() throws SQLException {
        return DriverManager.getConnection("jdbc:nlsql:" + url.substring("jdbc:".length()));
    }

    @Test
    void copyInAndOutThroughACastToPgConnection() throws Exception {
        try (Connection c = nl()) {
            CopyManager copy = ((PGConnection) c).getCopyAPI();
            long in = copy.copyIn("COPY dropin_copy FROM STDIN WITH (FORMAT csv)",
                    new ByteArrayInputStream("1,one\n2,two\n".getBytes(StandardCharsets.UTF_8)));
            assertEquals(2, in);
            StringWriter out = new StringWriter();
            copy.copyOut("COPY (SELECT * FROM dropin_copy ORDER BY id) TO STDOUT WITH (FORMAT csv)", out);
            assertEquals("1,one\n2,two\n", out.toString());
            // unwrap reaches the real driver, as code that unwraps to get past nlsql expects; the cast is nlsql's
            assertInstanceOf(org.postgresql.jdbc.PgConnection.class, c.unwrap(PGConnection.class));
            assertSame(c, c.unwrap(Connection.class));
            c.createStatement().execute("TRUNCATE dropin_copy");
        }
    }

    @Test
    void castsToBaseConnectionAndPgStatementKeepNlsqlInTheLoop() throws Exception {
        try (Connection c = nl(); Statement s = c.createStatement();
                PreparedStatement ps = c.prepareStatement("SELECT ?::int + 1")) {
            BaseConnection base = (BaseConnection) c;
            assertTrue(base.getStandardConformingStrings());
            assertNotEquals(0, base.getBackendPID());
            assertInstanceOf(NlConnection.class, c.unwrap(NlConnection.class));

            ((PGStatement) ps).setPrepareThreshold(1);
            assertEquals(1, ((PGStatement) ps).getPrepareThreshold());
            ps.setInt(1, 41);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(42, rs.getInt(1));
                assertSame(ps, rs.getStatement(), "the result set leads to the statement the application holds");
            }
            assertTrue(((PGStatement) ps).isUseServerPrepare(), "the threshold reached pgjdbc's own statement");
            assertSame(c, ps.getConnection());
            assertSame(c, s.getConnection());
            assertSame(c, c.getMetaData().getConnection());
            assertInstanceOf(PGStatement.class, s);
            assertNotEquals(ps, c.prepareStatement("SELECT 1"));
            // java.sql methods keep nlsql's behaviour: a question on a statement that passed the cast is still one
            // as SQL, PostgreSQL would answer 42601; the question loop answers with rows or its own NL state
            try (ResultSet rs = s.executeQuery("how many rows are in the copy table?")) {
                assertTrue(rs.next(), "a question's answer");
            } catch (SQLException e) {
                assertTrue(e.getSQLState() != null && e.getSQLState().startsWith("NL"), e.getSQLState() + " " + e.getMessage());
            }
        }
    }

    @Test
    void arraysUnwrapToPgArray() throws Exception {
        try (Connection c = nl(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT ARRAY['a','b']::text[]")) {
            assertTrue(rs.next());
            Array array = rs.getArray(1);
            assertTrue(((Wrapper) array).isWrapperFor(PgArray.class));
            PgArray pg = ((Wrapper) array).unwrap(PgArray.class);
            assertArrayEquals(new String[] {"a", "b"}, (String[]) pg.getArray());
        }
    }

    @Test
    void toStringIsPgjdbcsSqlWithItsParameters() throws Exception {
        try (Connection c = nl(); PreparedStatement ps = c.prepareStatement("SELECT ?::int AS answer")) {
            ps.setInt(1, 42);
            assertEquals("SELECT ('42'::int4)::int AS answer", ps.toString());
            assertEquals(ps.unwrap(PreparedStatement.class).toString(), ps.toString());
        }
    }

    @Test
    void updatesAndBatchesOfMisspelledSqlGetThePostgresError() throws Exception {
        try (Connection c = nl(); Statement s = c.createStatement()) {
            assertEquals("42601", assertThrows(SQLException.class, () -> s.executeUpdate("seeeeleeeect 1")).getSQLState());
            assertEquals("42601", assertThrows(SQLException.class, () -> s.executeLargeUpdate("seeeeleeeect 1")).getSQLState());
            s.addBatch("seeeeleeeect 1");
            BatchUpdateException batch = assertThrows(BatchUpdateException.class, s::executeBatch);
            assertEquals("42601", batch.getSQLState());
            try (PreparedStatement ps = c.prepareStatement("seeeeleeeect 1")) {
                assertEquals("42601", assertThrows(SQLException.class, ps::executeUpdate).getSQLState());
                ps.addBatch();
                assertEquals("42601", assertThrows(BatchUpdateException.class, ps::executeBatch).getSQLState());
            }
        }
    }

    @Test
    void stringsReadUnderTheSessionsRules() throws Exception {
        try (Connection c = nl(); Statement s = c.createStatement()) {
            s.execute("SET standard_conforming_strings TO off");
            try {
                for (String sql : new String[] {"SELECT 'quoted \\' single quote'", "SELECT 'doubled '' single quote'"}) {
                    try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
                        assertTrue(rs.next(), sql);
                        assertTrue(rs.getString(1).contains("' single quote"), rs.getString(1));
                    }
                    try (ResultSet rs = s.executeQuery(sql)) {
                        assertTrue(rs.next(), sql);
                    }
                }
            } finally {
                s.execute("SET standard_conforming_strings TO on");
            }
            try (ResultSet rs = s.executeQuery("SELECT E'quoted \\' single quote'")) {
                assertTrue(rs.next());
                assertEquals("quoted ' single quote", rs.getString(1));
            }
        }
    }

    @Test
    void anArrayLiteralWithADoubledQuoteReachesPostgresUnchanged() throws Exception {
        String literal = "{abc,f''a,\"fa\\\"b\",def}";
        try (Connection c = nl(); Statement s = c.createStatement()) {
            assertEquals(1, s.executeUpdate("INSERT INTO dropin_arr VALUES ('" + literal + "')"));
            try (ResultSet rs = s.executeQuery("SELECT strarr FROM dropin_arr")) {
                assertTrue(rs.next());
                assertArrayEquals(new String[] {"abc", "f'a", "fa\"b", "def"}, (String[]) rs.getArray(1).getArray());
            }
            s.execute("TRUNCATE dropin_arr");
        }
    }

    @Test
    void metadataOfAPreparedQuestionNeverCallsTheModel() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(FakeOpenAi.answer("SELECT count(*) AS copies FROM dropin_copy"));
                Connection c = llm.connect(url);
                PreparedStatement ps = c.prepareStatement("how many copies are there?")) {
            assertEquals(0, ps.getParameterMetaData().getParameterCount());
            assertNull(ps.getMetaData());
            assertEquals(0, llm.requestCount(), "metadata calls never reach the model");
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
            }
            assertEquals(1, llm.requestCount());
            assertEquals("copies", ps.getMetaData().getColumnLabel(1), "after the answer its columns are known");
        }
    }

    @Test
    void driverAndMetadataReportOneVersion() throws Exception {
        NlDriver driver = (NlDriver) DriverManager.getDriver("jdbc:nlsql:" + url.substring("jdbc:".length()));
        try (Connection c = nl()) {
            DatabaseMetaData md = c.getMetaData();
            assertEquals(driver.getMajorVersion(), md.getDriverMajorVersion());
            assertEquals(driver.getMinorVersion(), md.getDriverMinorVersion());
            assertTrue(md.getDriverVersion().startsWith(driver.getMajorVersion() + "." + driver.getMinorVersion() + "."),
                    md.getDriverVersion());
            assertFalse(NlDriver.VERSION.contains("${"), NlDriver.VERSION);
        }
    }
}
