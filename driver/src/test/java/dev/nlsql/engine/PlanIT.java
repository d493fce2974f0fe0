package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.Rows;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Multi-step plans through the real langchain4j client and PostgreSQL. */
class PlanIT {

    private static final String PLAN = """
            Here is a plan:
            ```json
            {"steps": [
              {"purpose": "revenue per year", "sql": "SELECT extract(year FROM sold_on)::int AS year, sum(amount) AS revenue FROM pl_sales GROUP BY 1"},
              {"purpose": "the better year", "sql": "SELECT year FROM step1 ORDER BY revenue DESC LIMIT 1"},
              {"purpose": "top 3 products of that year", "sql": "SELECT product, sum(amount) AS revenue FROM pl_sales WHERE extract(year FROM sold_on)::int = (SELECT year FROM step2) GROUP BY product ORDER BY revenue DESC, product LIMIT 3"}
            ]}
            ```""";
    private static String url;

    @BeforeAll
    static void schema() throws SQLException {
        url = TestPostgres.database("nlsql_plans",
                "DROP TABLE IF EXISTS pl_sales",
                "CREATE TABLE pl_sales (id int PRIMARY KEY, product text, sold_on date, amount numeric)",
                "INSERT INTO pl_sales VALUES (1, 'kettle', '2023-03-01', 50), (2, 'toaster', '2023-05-01', 40),"
                        + " (3, 'kettle', '2024-01-10', 100), (4, 'lamp', '2024-02-01', 300), (5, 'toaster', '2024-03-01', 200),"
                        + " (6, 'mug', '2024-04-01', 10), (7, 'mug', '2023-04-01', 5)");
    }


    @Test
    void aPlanRunsStepByStepAndTheLastStepAnswers() throws Exception {
        String question = "compare 2023 and 2024 revenue and list the top 3 products of the better year";
        try (FakeOpenAi llm = new FakeOpenAi(answer(PLAN), answer(PLAN));
                Connection c = llm.connect(url, "nlsql.tables=pl_sales"); Statement s = c.createStatement()) {
            assertEquals(List.of("lamp", "toaster", "kettle"), Rows.column(s.executeQuery(question)));
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            assertEquals(3, t.count(Attempt.Source.PLAN), t.attempts().toString());
            assertEquals("step 2 of 3: the better year", t.attempts().get(1).feedback());
            assertTrue(t.finalSql().startsWith("WITH step1 AS (SELECT extract(year FROM sold_on)::int AS year"), t.finalSql());
            assertEquals(1, llm.requestCount());
            List<String> explained = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("EXPLAIN NL " + question)) {
                while (rs.next()) {
                    explained.add(rs.getString("source") + " | " + rs.getString("feedback"));
                }
            }
            assertTrue(explained.contains("plan | step 3 of 3: top 3 products of that year"), explained.toString());
        }
    }

    @Test
    void aPlanLongerThanMaxStepsIsRefusedAndTheModelAnswersInOneQuery() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(PLAN), answer("SELECT count(*) FROM pl_sales"));
                Connection c = llm.connect(url, "nlsql.tables=pl_sales", "nlsql.maxSteps=2"); Statement s = c.createStatement()) {
            assertEquals(7, TestPostgres.single(s.executeQuery("how many sales and which products lead?")));
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            assertEquals(Attempt.Outcome.REJECTED, t.attempts().get(0).outcome());
            assertTrue(t.attempts().get(0).error().contains("at most 2 (nlsql.maxSteps)"), t.attempts().get(0).error());
            assertTrue(llm.userMessage(1).contains("nlsql.maxSteps"), "the model is told why: " + llm.userMessage(1));
        }
    }

    @Test
    void anUnsafeStepIsRefusedAndNothingChanges() throws Exception {
        String hostile = "{\"steps\": [{\"purpose\": \"count\", \"sql\": \"SELECT count(*) AS n FROM pl_sales\"},"
                + " {\"purpose\": \"clean up\", \"sql\": \"DELETE FROM pl_sales RETURNING *\"}]}";
        try (FakeOpenAi llm = new FakeOpenAi(answer(hostile), answer(hostile), answer(hostile));
                Connection c = llm.connect(url, "nlsql.tables=pl_sales"); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("count the sales and clean up"));
            assertFalse(e.getSQLState().equals("00000"));
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            assertTrue(t.attempts().stream().anyMatch(a -> a.source() == Attempt.Source.PLAN && a.category() == dev.nlsql.ErrorCategory.UNSAFE),
                    t.attempts().toString());
        }
        try (Connection plain = java.sql.DriverManager.getConnection(url); Statement s = plain.createStatement()) {
            assertEquals(7, TestPostgres.single(s.executeQuery("SELECT count(*) FROM pl_sales")));
        }
    }

    /** Step 1 ends in a line comment: composed from the raw text, it commented out the rest of the WITH list. */
    @Test
    void aStepEndingInALineCommentDoesNotBreakTheStepsAfterIt() throws Exception {
        String plan = "{\"steps\": ["
                + "{\"purpose\": \"revenue per year\", \"sql\": \"SELECT extract(year FROM sold_on)::int AS year, sum(amount) AS revenue"
                + " FROM pl_sales GROUP BY 1 -- per calendar year\"},"
                + "{\"purpose\": \"the better year\", \"sql\": \"SELECT year FROM step1 ORDER BY revenue DESC LIMIT 1 /* the best */ -- one\"}]}";
        try (FakeOpenAi llm = new FakeOpenAi(answer(plan), answer(plan));
                Connection c = llm.connect(url, "nlsql.tables=pl_sales", "nlsql.repairs=false"); Statement s = c.createStatement()) {
            assertEquals(List.of("2024"), Rows.column(s.executeQuery("which year had the higher revenue?")));
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            assertEquals(2, t.attempts().size(), t.attempts().toString());
            assertTrue(t.attempts().stream().allMatch(a -> a.source() == Attempt.Source.PLAN && a.outcome() == Attempt.Outcome.OK),
                    t.attempts().toString());
            assertFalse(t.finalSql().contains("--"), t.finalSql());
            assertEquals(1, llm.requestCount());
        }
    }
}
