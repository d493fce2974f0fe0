package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * nlsql.maxResultBytes bounds what one answer brings into memory: rows are counted as they arrive
 * and the read stops past the cap, the caller's connection and transaction go on, and an answer
 * under the cap is pgjdbc's own result set (same getters, same column descriptions).
 */
class ResultByteCapIT {

    @BeforeAll
    static void bigValues() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS rbc_big, rbc_small");
            s.execute("CREATE TABLE rbc_big (id int, v text)");
            s.execute("INSERT INTO rbc_big SELECT g, repeat(md5(g::text), 62500) FROM generate_series(1, 5) g"); // 2 MB each
            s.execute("CREATE TABLE rbc_small (id int PRIMARY KEY, name varchar(20), at timestamptz)");
            s.execute("INSERT INTO rbc_small SELECT g, 'n' || g, timestamptz '2024-01-01 00:00+00' + g * interval '1 day' "
                    + "FROM generate_series(1, 3000) g");
        }
    }

    @org.junit.jupiter.api.AfterAll
    static void dropTables() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS rbc_big, rbc_small");
        }
    }

    private static ResultSet run(Connection c, String sql, long cap) throws Exception {
        GuardedSql guarded = new SqlGuard(GuardPolicy.permissive()).check(sql);
        return QueryRunner.run(c, new GuardedRun(guarded, 30, null, (schema, name, exactCase) -> null), 10_000, 30, cap);
    }

    @Test
    void rowsOverTheCapAreRefusedAndTheConnectionGoesOn() throws Exception {
        try (Connection c = TestPostgres.connect()) {
            SQLException e = assertThrows(SQLException.class, () -> run(c, "SELECT id, v FROM rbc_big ORDER BY id", 3_000_000));
            assertEquals("54000", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("nlsql.maxResultBytes") && e.getMessage().contains("1 rows read so far"), e.getMessage());
            assertTrue(c.getAutoCommit(), "the connection is back in auto-commit");
            try (ResultSet rs = run(c, "SELECT count(*), sum(length(v)) FROM rbc_big", 3_000_000)) {
                rs.next();
                assertEquals(5, rs.getInt(1));
                assertEquals(10_000_000L, rs.getLong(2));
            }
            try (ResultSet rs = run(c, "SELECT id, v FROM rbc_big", 64L << 20)) {
                int n = 0;
                while (rs.next()) {
                    assertEquals(2_000_000, rs.getString(2).length());
                    n++;
                }
                assertEquals(5, n);
            }
        }
    }

    @Test
    void insideTheCallersTransactionNothingIsLost() throws Exception {
        try (Connection c = TestPostgres.connect()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TEMP TABLE rbc_mine (x int)");
                s.execute("INSERT INTO rbc_mine VALUES (1)");
            }
            assertThrows(SQLException.class, () -> run(c, "SELECT v FROM rbc_big", 1_000_000));
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM rbc_mine")) {
                rs.next();
                assertEquals(1, rs.getInt(1), "the caller's transaction goes on");
            }
            c.rollback();
        }
    }

    @Test
    void anAnswerUnderTheCapIsPgjdbcsOwnResultSet() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement plain = c.createStatement();
                ResultSet expected = plain.executeQuery("SELECT id, name, at FROM rbc_small ORDER BY id");
                ResultSet actual = run(c, "SELECT id, name, at FROM rbc_small ORDER BY id", 64L << 20)) {
            assertTrue(actual.isWrapperFor(org.postgresql.jdbc.PgResultSet.class));
            assertEquals("varchar", actual.getMetaData().getColumnTypeName(2));
            assertEquals(20, actual.getMetaData().getPrecision(2));
            int n = 0;
            while (expected.next()) {
                assertTrue(actual.next());
                assertEquals(expected.getString(3), actual.getString(3));
                assertEquals(expected.getObject(3, java.time.OffsetDateTime.class), actual.getObject(3, java.time.OffsetDateTime.class));
                n++;
            }
            assertEquals(3000, n);
        }
    }

    @Test
    void aQuestionWhoseAnswerIsTooLargeSaysSo() throws Exception {
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.llm=offline", "nlsql.maxResultBytes=1MB",
                "nlsql.tables=rbc_big", "nlsql.cache=false")); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("NL: show all rbc big"));
            assertTrue(e.getMessage().contains("nlsql.maxResultBytes"), e.getMessage());
        }
    }
}
