package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.ErrorCategory;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.Sources;
import dev.nlsql.testing.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 37, items 6 and 7, on a local join across two real PostgreSQL databases: the local engine's copies are counted
 * against nlsql.maxResultBytes as they occupy the heap (not as they came over the wire), and a local result keeps
 * the scale PostgreSQL gives (PostgreSQL, running the same join itself, is the oracle).
 */
class LocalJoinBudgetIT {

    private static final String MAIN_DB = "i37lm_budget_main";
    private static final String ACC_DB = "i37lm_budget_acc";
    private static final int ROWS = 2000;
    /** Under what the fetch counts for both steps together, over what their copies occupy. */
    private static final long CAP = 500_000;
    private static String mainUrl;
    private static String accUrl;

    private static final String STEP1 = "SELECT id, k, a, d FROM lj_main";
    private static final String STEP2 = "SELECT id, x, n FROM lj_acc";
    private static final String WIDE_PLAN = """
            {"answerable": true, "steps": [
              {"purpose": "main rows", "source": "main", "sql": "%s"},
              {"purpose": "acc rows", "source": "acc", "sql": "%s"},
              {"purpose": "join", "source": "local", "sql": "SELECT step1.k, count(*) AS n FROM step1 JOIN step2 ON step1.id = step2.id GROUP BY step1.k ORDER BY step1.k"}
            ]}""".formatted(STEP1, STEP2);
    private static final String NARROW_PLAN = """
            {"answerable": true, "steps": [
              {"purpose": "main rows", "source": "main", "sql": "SELECT id, k FROM lj_main WHERE id <= 100"},
              {"purpose": "acc rows", "source": "acc", "sql": "SELECT id FROM lj_acc WHERE id <= 100"},
              {"purpose": "join", "source": "local", "sql": "SELECT step1.k, count(*) AS n FROM step1 JOIN step2 ON step1.id = step2.id GROUP BY step1.k ORDER BY step1.k"}
            ]}""";
    /** Sums and averages of an unconstrained numeric, a numeric(12,2), an integer and a double, per group. */
    private static final String AGGREGATES = "SELECT step1.k, sum(step2.x) AS sx, avg(step2.x) AS ax, sum(step2.n) AS sn, "
            + "avg(step2.n) AS an, avg(step1.a) AS aa, avg(step1.id) AS ai, sum(step2.x * step2.n) AS sxn "
            + "FROM step1 JOIN step2 ON step1.id = step2.id WHERE step1.id <= 40 GROUP BY step1.k ORDER BY step1.k";

    @BeforeAll
    static void databases() throws SQLException {
        String accRows = "INSERT INTO lj_acc SELECT g, CASE g % 4 WHEN 0 THEN 1.50 WHEN 1 THEN 2.125 WHEN 2 THEN 3 ELSE 0.000001 END, "
                + "((g * 37) % 1000) / 100.0 FROM generate_series(1, " + ROWS + ") g";
        String mainRows = "INSERT INTO lj_main SELECT g, g % 7, g::bigint * 7919, DATE '2024-01-01' + (g % 365) FROM generate_series(1, "
                + ROWS + ") g";
        // main holds a copy of acc's table too, so that PostgreSQL can run the local step itself as the oracle
        mainUrl = TestPostgres.database(MAIN_DB, "DROP TABLE IF EXISTS lj_main, lj_acc", "CREATE TABLE lj_main (id int, k int, a bigint, d date)", mainRows,
                "CREATE TABLE lj_acc (id int, x numeric, n numeric(12,2))", accRows);
        accUrl = TestPostgres.database(ACC_DB, "DROP TABLE IF EXISTS lj_acc", "CREATE TABLE lj_acc (id int, x numeric, n numeric(12,2))", accRows);
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(MAIN_DB);
        TestPostgres.dropDatabase(ACC_DB);
    }

    /** What the fetch counts for a step's rows (PgjdbcRows: each value's wire bytes, plus 16 a value), asked of PostgreSQL. */
    private static long fetchCounts(String url, String step, int columns) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT sum(octet_length(textin(record_out(r))) - 2 - " + (columns - 1) + " + " + 16 * columns
                        + ") FROM (" + step + ") r")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void copiesAreCountedAsTheyOccupyTheHeap() throws Exception {
        // the oracle of "within the caps as the fetch counts them": both steps' wire bytes together are under the cap
        long counted = fetchCounts(mainUrl, STEP1, 4) + fetchCounts(accUrl, STEP2, 3);
        assertTrue(counted < CAP, "both steps together count " + counted + " bytes");
        try (FakeOpenAi llm = new FakeOpenAi(answer(WIDE_PLAN), answer(NARROW_PLAN));
                Connection c = llm.connect(mainUrl, Sources.param("acc", accUrl), "nlsql.maxResultBytes=" + CAP);
                Statement s = c.createStatement()) {
            int rows = 0;
            try (ResultSet rs = s.executeQuery("per k, how many rows match")) {
                while (rs.next()) {
                    rows++;
                }
            }
            assertEquals(7, rows);
            List<Attempt> attempts = s.unwrap(NlStatement.class).lastTrace().attempts();
            Attempt refused = attempts.get(1);
            assertEquals("acc", refused.database(), attempts.toString());
            assertEquals(ErrorCategory.TOO_MANY_ROWS, refused.category(), attempts.toString());
            assertTrue(refused.error().contains("past " + CAP + " bytes (nlsql.maxResultBytes, counted as they occupy memory)")
                && refused.error().contains("aggregate or filter at the source"), refused.error());
            assertEquals(List.of("main", "acc", "main", "acc", "local"), attempts.stream().map(Attempt::database).toList());
        }
    }

    @Test
    void localSumsAndAveragesKeepPostgresScale() throws Exception {
        String plan = """
                {"answerable": true, "steps": [
                  {"purpose": "main rows", "source": "main", "sql": "%s"},
                  {"purpose": "acc rows", "source": "acc", "sql": "%s"},
                  {"purpose": "aggregates", "source": "local", "sql": "%s"}
                ]}""".formatted(STEP1, STEP2, AGGREGATES);
        List<String> expected = rows(DriverManager.getConnection(mainUrl),
                "WITH step1 AS (" + STEP1 + "), step2 AS (" + STEP2 + ") " + AGGREGATES);
        try (FakeOpenAi llm = new FakeOpenAi(answer(plan));
                Connection c = llm.connect(mainUrl, Sources.param("acc", accUrl))) {
            List<String> local = rows(c, "sums and averages per k");
            assertEquals(expected, local);
        }
    }

    /** Each row as text, every number with its scale ({@code 6.625/3}), so a value with other trailing zeros differs. */
    private static List<String> rows(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (c; Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    BigDecimal v = rs.getBigDecimal(i);
                    b.append(i == 1 ? "" : " ").append(v == null ? "null" : v.toPlainString() + "/" + v.scale());
                }
                out.add(b.toString());
            }
        }
        return out;
    }
}
