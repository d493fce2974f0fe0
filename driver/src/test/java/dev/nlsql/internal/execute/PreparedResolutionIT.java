package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The relation resolution goes to PostgreSQL as one prepared text with the names bound (issue 27): after pgjdbc's
 * {@code prepareThreshold} it is a server-side prepared statement that PostgreSQL no longer plans each time. A plan
 * kept must not keep a resolution: names resolve again on every run, so a temporary table made afterwards to shadow an
 * allowed name is still seen, and refused, on the next run.
 */
class PreparedResolutionIT {

    private static final String DATABASE = "nlsql_prepared_resolution";

    @BeforeAll
    static void createTable() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
        TestPostgres.createDatabaseIfMissing(DATABASE);
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(DATABASE)); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE pr_items (id int PRIMARY KEY, v text NOT NULL)");
            s.execute("INSERT INTO pr_items VALUES (1, 'one')");
        }
    }

    @AfterAll
    static void dropDatabase() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }

    /** Allows public.pr_items only: a pr_items resolved anywhere else is refused. */
    private static GuardedRun run(String sql) {
        return new GuardedRun(Unguarded.sql(sql, List.of("pr_items")), 5, null,
                (schema, name, names) -> "public".equals(schema) && "pr_items".equals(name) ? null : "not allowed");
    }

    @Test
    void theResolutionIsPreparedOnceAndStillResolvesEveryRun() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(DATABASE))) {
            for (int i = 0; i < 8; i++) {
                try (ResultSet rs = QueryRunner.run(c, run("SELECT v FROM pr_items WHERE id = 1"), 10, 5, 1 << 20)) {
                    assertTrue(rs.next());
                    assertEquals("one", rs.getString(1));
                }
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT generic_plans + custom_plans FROM pg_prepared_statements WHERE statement LIKE '%to_regclass%'")) {
                assertTrue(rs.next(), "the resolution is not a server-side prepared statement");
                assertTrue(rs.getLong(1) >= 3, "the prepared resolution ran " + rs.getLong(1) + " times");
            }
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TEMP TABLE pr_items (id int, v text)");
                s.execute("INSERT INTO pr_items VALUES (1, 'shadow')");
            }
            SQLException e = assertThrows(SQLException.class,
                    () -> QueryRunner.run(c, run("SELECT v FROM pr_items WHERE id = 1"), 10, 5, 1 << 20).close());
            assertTrue(e instanceof GuardedRun.RelationRefusedException, e.toString());
            assertTrue(e.getMessage().contains("pg_temp"), e.getMessage());
            try (Statement s = c.createStatement()) {
                s.execute("DROP TABLE pg_temp.pr_items");
            }
            try (ResultSet rs = QueryRunner.run(c, run("SELECT v FROM pr_items WHERE id = 1"), 10, 5, 1 << 20)) {
                assertTrue(rs.next());
                assertEquals("one", rs.getString(1), "the allowed table again once the shadow is gone");
            }
            assertTrue(c.getAutoCommit());
        }
    }
}
