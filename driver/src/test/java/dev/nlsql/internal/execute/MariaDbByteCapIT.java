package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.sql.LexRules;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.testing.TestMariaDb;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** nlsql.maxResultBytes on MariaDB: rows stream and are counted as they are copied; the session goes on. */
class MariaDbByteCapIT {

    @BeforeAll
    static void bigValues() throws SQLException {
        TestMariaDb.require();
        try (Connection c = TestMariaDb.connect(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS mdb_cap");
            s.execute("CREATE DATABASE mdb_cap");
            s.execute("CREATE TABLE mdb_cap.big (id int, v longtext)");
            s.execute("INSERT INTO mdb_cap.big VALUES (1, repeat('a', 1000000)), (2, repeat('b', 1000000)), (3, repeat('c', 1000000)), "
                    + "(4, repeat('d', 1000000)), (5, repeat('e', 1000000))"); // 1 MB each
        }
    }

    @AfterAll
    static void drop() throws SQLException {
        try (Connection c = TestMariaDb.connect(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS mdb_cap");
        }
    }

    private static ResultSet run(Connection c, String sql, long cap) throws Exception {
        GuardedSql guarded = new SqlGuard(GuardPolicy.permissive()).check(sql, LexRules.MYSQL);
        return QueryRunner.run(c, new GuardedRun(guarded, 30, null, (schema, name, exactCase) -> null), 1000, 30, cap);
    }

    @Test
    void rowsOverTheCapAreRefusedAndTheSessionGoesOn() throws Exception {
        try (Connection c = TestMariaDb.connect("mdb_cap")) {
            SQLException e = assertThrows(SQLException.class, () -> run(c, "SELECT id, v FROM big ORDER BY id", 3_000_000));
            assertEquals("54000", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("nlsql.maxResultBytes"), e.getMessage());
            try (ResultSet rs = run(c, "SELECT id, v FROM big ORDER BY id", 64L << 20)) {
                int n = 0;
                while (rs.next()) {
                    assertEquals(1_000_000, rs.getString(2).length());
                    n++;
                }
                assertEquals(5, n);
            }
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TEMPORARY TABLE t (x int)");
                assertEquals(1, s.executeUpdate("INSERT INTO t VALUES (1)"), "the session still writes");
            }
        }
    }
}
