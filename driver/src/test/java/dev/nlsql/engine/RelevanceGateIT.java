package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The relevance gate (issue #16) on the defog car_dealership database: the model's structured
 * decision on the first call (through the real langchain4j client), and the offline generator's
 * own reading. A refusal is NL002, before any SQL runs, and says what the database holds.
 */
class RelevanceGateIT {

    private static String dbUrl;

    @BeforeAll
    static void load() throws Exception {
        dbUrl = Benchmarks.loadDefog("car_dealership");
    }

    private static Trace trace(Statement s) throws SQLException {
        return s.unwrap(NlStatement.class).lastTrace();
    }

    @Test
    void theFirstCallAsksForADecisionAndRetriesForSqlOnly() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("{\"answerable\": true, \"sql\": \"SELECT count(*) AS n FROM carz\"}"),
                answer("SELECT count(*) AS n FROM cars")); Connection c = llm.connect(dbUrl, "nlsql.repairs=false");
                Statement s = c.createStatement()) {
            assertEquals(21, TestPostgres.single(s.executeQuery("how many cars are there?")));
            assertTrue(llm.userMessage(0).contains("\"answerable\": false"), llm.userMessage(0));
            assertTrue(!llm.userMessage(1).contains("\"answerable\""), llm.userMessage(1));
            assertTrue(llm.userMessage(1).contains("Reply with the SQL only"), llm.userMessage(1));
            assertEquals(2, trace(s).attempts().size());
        }
    }

    @Test
    void aRefusalIsNl002BeforeAnySqlRunsAndSaysWhatTheDatabaseHolds() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("```json\n{\"answerable\": false, \"reason\": \"There is no employee data.\"}\n```"));
                Connection c = llm.connect(dbUrl); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("how many employees does the company have?"));
            assertEquals("NL002", e.getSQLState());
            assertTrue(e.getMessage().startsWith("The question is not about this database: There is no employee data. This database holds: "),
                    e.getMessage());
            assertTrue(e.getMessage().contains("cars") && e.getMessage().contains("salespersons") && e.getMessage().endsWith("(7 tables)."),
                    e.getMessage());
            assertEquals(1, llm.requestCount());
            Trace t = trace(s);
            assertNotNull(t);
            assertTrue(t.attempts().isEmpty(), "no SQL ran: " + t.attempts());
            assertEquals("NL002", t.sqlState());
        }
    }

    @Test
    void oldStyleRepliesStillWork() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("```sql\nSELECT count(*) FROM cars;\n```"), answer("NOT_ANSWERABLE: no weather"));
                Connection c = llm.connect(dbUrl); Statement s = c.createStatement()) {
            assertEquals(21, TestPostgres.single(s.executeQuery("how many cars are there?")));
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("what is the weather in Paris?"));
            assertEquals("NL002", e.getSQLState());
            assertTrue(e.getMessage().contains("no weather. This database holds: "), e.getMessage());
        }
    }

    @Test
    void offlineAQuestionWithNothingLinkedIsNl002AndOneThatLinksStaysNl005() throws Exception {
        String url = "jdbc:nlsql:" + dbUrl.substring("jdbc:".length());
        try (Connection c = DriverManager.getConnection(TestPostgres.withParams(url, "nlsql.llm=offline", "nlsql.cache=false"));
                Statement s = c.createStatement()) {
            SQLException poem = assertThrows(SQLException.class, () -> s.executeQuery("write me a poem about the sea"));
            assertEquals("NL002", poem.getSQLState(), poem.getMessage());
            assertTrue(poem.getMessage().contains("poem") && poem.getMessage().contains("This database holds: "), poem.getMessage());
            SQLException linked = assertThrows(SQLException.class,
                    () -> s.executeQuery("which salesperson sold the most cars to repeat customers in their first month?"));
            assertEquals("NL005", linked.getSQLState(), linked.getMessage());
            assertEquals(21, TestPostgres.single(s.executeQuery("how many cars are there?")));
        }
    }
}
