package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.check.FunctionPolicy;
import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.testing.TestPostgres;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Joins on the local engine: the columns a statement compares with '=' are indexed before it runs
 * (H2 has no hash join), chunked loads copy every row, and a load with a row bound refuses a
 * source that has more rows instead of cutting it.
 */
class LocalCopyJoinIT {

    private static final String STEPS = "SELECT g AS id, mod(g * 7, 1000) AS k, 'name ' || g AS name FROM generate_series(1, %d) g";

    private static LocalCopy copyOf(Connection pg, int rows, String... names) throws SQLException {
        LocalCopy copy = LocalCopy.create(rows * names.length);
        for (String name : names) {
            try (Statement s = pg.createStatement(); ResultSet rs = s.executeQuery(String.format(STEPS, rows))) {
                assertEquals(rows, copy.load(name, rs, rows));
            }
        }
        return copy;
    }

    private static List<String> indexes(LocalCopy copy, String sql) throws Exception {
        return copy.indexFor(new SqlGuard(new GuardPolicy(copy.tables(), FunctionPolicy.localEngine(), FunctionPolicy.Purpose.LOCAL_ENGINE,
                "public")).check(sql).ast());
    }

    @Test
    void theColumnsAJoinOrFilterComparesAreIndexedOnce() throws Exception {
        try (Connection pg = TestPostgres.connect(); LocalCopy copy = copyOf(pg, 10, "step1", "step2", "step3")) {
            // a column-to-column join is indexed on one side (both copies hold 10 rows: the right one), a filter on its column
            assertEquals(List.of("step2.k", "step1.name"),
                    indexes(copy, "SELECT s.id FROM step1 s JOIN step2 AS x ON s.id = x.k WHERE s.name = 'name 3' AND x.id > 2"));
            assertEquals(List.of("step2.id"), indexes(copy, "SELECT 1 FROM step1 JOIN step2 ON step1.id = step2.id"));
            assertEquals(List.of(), indexes(copy, "SELECT 1 FROM step1 JOIN step2 ON step1.id = step2.id"), "indexed once");
            assertEquals(List.of("step3.id"), indexes(copy, "SELECT 1 FROM step2 JOIN step3 USING (id)"));
            // unqualified: only when exactly one table the statement reads has the column
            assertEquals(List.of(), indexes(copy, "SELECT 1 FROM step1 JOIN step3 ON true WHERE k = 5"));
            assertEquals(List.of("step2.name"), indexes(copy, "SELECT 1 FROM step2 WHERE name = 'name 1'"));
            // CTEs, subqueries, and comparisons other than '='
            assertEquals(List.of("step3.k"), indexes(copy, "WITH c AS (SELECT id FROM step1) SELECT 1 FROM c JOIN step3 s3 ON c.id = s3.k "
                    + "WHERE s3.name > 'a' AND s3.id IN (SELECT id FROM step1 WHERE step1.id < 4)"));
            assertEquals(List.of(), indexes(copy, "SELECT 1 FROM step1 JOIN step2 ON step1.k < step2.k"));
        }
    }

    @Test
    void aJoinOfTwentyThousandRowsUsesTheIndexAndGivesPostgresqlsAnswer() throws Exception {
        int rows = 20_000;
        String sql = "SELECT count(*), sum(step2.k), count(DISTINCT step1.name) FROM step1 JOIN step2 ON step1.id = step2.k + 1";
        try (Connection pg = TestPostgres.connect(); LocalCopy copy = copyOf(pg, rows, "step1", "step2")) {
            String guarded = new SqlGuard(new GuardPolicy(copy.tables(), FunctionPolicy.localEngine(), FunctionPolicy.Purpose.LOCAL_ENGINE,
                    "public")).check(sql).sql();
            String expected;
            try (Statement s = pg.createStatement(); ResultSet rs = s.executeQuery("WITH step1 AS (" + String.format(STEPS, rows)
                    + "), step2 AS (" + String.format(STEPS, rows) + ") " + sql)) {
                rs.next();
                expected = rs.getLong(1) + " " + rs.getLong(2) + " " + rs.getLong(3);
            }
            try (ResultSet rs = copy.query(guarded, 10, 30, 0, 0)) {
                rs.next();
                assertEquals(expected, rs.getObject(1) + " " + rs.getObject(2) + " " + rs.getObject(3));
            }
            try (Statement s = copy.reader().createStatement(); ResultSet plan = s.executeQuery("EXPLAIN " + guarded)) {
                plan.next();
                String text = plan.getString(1).toLowerCase();
                // step1 is read by index lookup (no index: "step1.tablescan", a nested loop over both tables)
                assertTrue(text.matches("(?s).*/\\* public\\.index_[0-9]+: id = \\(step2\\.k \\+ 1\\) \\*/.*"), text);
                assertTrue(!text.contains("step1.tablescan"), text);
            }
        }
    }

    @Test
    void chunkedLoadsCopyEveryRowAndValue() throws Exception {
        int rows = 120_001; // three chunks
        try (Connection pg = TestPostgres.connect(); LocalCopy copy = copyOf(pg, rows, "big")) {
            String sql = "SELECT count(*), sum(id), sum(k), max(name), count(DISTINCT name) FROM big";
            String expected;
            try (Statement s = pg.createStatement(); ResultSet rs = s.executeQuery("WITH big AS (" + String.format(STEPS, rows) + ") " + sql)) {
                rs.next();
                expected = rs.getObject(1) + " " + rs.getObject(2) + " " + rs.getObject(3) + " " + rs.getObject(4) + " " + rs.getObject(5);
            }
            try (ResultSet rs = copy.query(sql, 1, 30, 0, 0)) {
                rs.next();
                assertEquals(expected, rs.getObject(1) + " " + rs.getObject(2) + " " + rs.getObject(3) + " " + rs.getObject(4) + " " + rs.getObject(5));
            }
        }
    }

    @Test
    void aSourceWithMoreRowsThanTheBoundIsRefusedAfterReadingOneMore() throws Exception {
        try (Connection pg = TestPostgres.connect(); LocalCopy copy = LocalCopy.create(100); Statement s = pg.createStatement()) {
            try (ResultSet rs = s.executeQuery(String.format(STEPS, 10))) {
                assertEquals(10, copy.load("exact", rs, 10));
            }
            AtomicInteger reads = new AtomicInteger();
            try (ResultSet rs = s.executeQuery(String.format(STEPS, 1000))) {
                ResultSet counted = (ResultSet) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {ResultSet.class},
                        (proxy, m, args) -> {
                            if (m.getName().equals("next")) {
                                reads.incrementAndGet();
                            }
                            return m.invoke(rs, args);
                        });
                SQLException e = assertThrows(SQLException.class, () -> copy.load("over", counted, 10));
                assertEquals("54000", e.getSQLState());
                assertTrue(e.getMessage().contains("at most 10 rows"), e.getMessage());
            }
            assertEquals(11, reads.get());
            try (ResultSet rs = copy.query("SELECT count(*) FROM exact", 1, 10, 0, 0)) {
                rs.next();
                assertEquals(10L, rs.getObject(1));
            }
        }
    }
}
