package dev.nlsql.engine;

import dev.nlsql.testing.ShopDb;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static dev.nlsql.testing.FakeOpenAi.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.engine.Attempt.Source;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * NARRATE NL and follow-ups with a model: the real langchain4j OpenAI client against the scripted server, which
 * records what each call was sent.
 */
class NarrateAndFollowUpsLlmIT {

    private static Connection connect(FakeOpenAi llm, String... extra) throws SQLException {
        return llm.connect(ShopDb.url(), extra);
    }

    private static Trace trace(Statement s) throws SQLException {
        return s.unwrap(NlStatement.class).lastTrace();
    }

    @Test
    void aRepairedAnswerIsNarratedByTheModelWithMediumConfidence() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT id, amont FROM orders ORDER BY id"),
                answer("Es gibt acht Bestellungen; die erste kostet 10,00."));
                Connection c = connect(llm); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("NARRATE NL Welche Bestellungen gibt es, mit Betrag?");
            assertTrue(rs.next());
            assertEquals("Es gibt acht Bestellungen; die erste kostet 10,00.", rs.getString("answer"));
            assertEquals("medium", rs.getString("confidence"));
            // a German question's words cannot be placed in the SQL: the reading is not checked, so never "high"
            assertEquals("repaired, reading not unique", rs.getString("why"));
            assertEquals("SELECT id, amount FROM orders ORDER BY id", rs.getString("sql"));
            assertFalse(rs.next());

            assertEquals(2, llm.requestCount(), "one generation (the repair needs no call), one narration");
            Trace t = trace(s);
            assertEquals(Source.REPAIR, t.attempts().get(1).source());
            assertEquals(2, t.llmCalls());
            String system = llm.systemMessage(1);
            assertTrue(system.contains("same language as the question"), system);
            String user = llm.userMessage(1);
            assertTrue(user.contains("Question: Welche Bestellungen gibt es, mit Betrag?"), user);
            assertTrue(user.contains("SQL: SELECT id, amount FROM orders ORDER BY id"), user);
            assertTrue(user.contains("Columns: id | amount") && user.contains("1 | 10.00") && user.contains("8 | 80.00"), user);
            assertTrue(user.contains("Rows: 8"), user);
        }
    }

    @Test
    void anEmptyAnswerIsLowConfidenceAndTheModelIsToldThereAreNoRows() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT id FROM orders WHERE amount > 1000"),
                answer("No order cost more than 1000."));
                Connection c = connect(llm); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("NARRATE NL which orders cost more than 1000?");
            assertTrue(rs.next());
            assertEquals("No order cost more than 1000.", rs.getString("answer"));
            assertEquals("low", rs.getString("confidence"));
            assertEquals("empty", rs.getString("why"));
            assertTrue(llm.userMessage(1).contains("Rows: 0"), llm.userMessage(1));
        }
    }

    @Test
    void withSendValuesFalseNoRowValueReachesTheModelAndTheTemplateSpeaks() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT c.name, sum(o.amount) AS total FROM orders o JOIN customers c "
                + "ON c.id = o.customer_id GROUP BY c.name ORDER BY total DESC"));
                Connection c = connect(llm, "nlsql.llm.sendValues=false"); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("NARRATE NL total per customer");
            assertTrue(rs.next());
            assertEquals("There are 3 rows: Bruno (total 150.00), Anna (total 120.00) and Carla (total 90.00).", rs.getString("answer"));
            assertEquals("high", rs.getString("confidence"));
            assertEquals(1, llm.requestCount(), "no narration call");
            String sent = llm.request(0).toString();
            assertFalse(sent.contains("Bruno") || sent.contains("150.00"), sent);
        }
    }

    @Test
    void aModelThatFailsToNarrateLeavesTheTemplate() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) AS n FROM orders"), error(400));
                Connection c = connect(llm); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("NARRATE NL how many orders are there?");
            assertTrue(rs.next());
            assertEquals("There are 8 orders.", rs.getString("answer"));
            assertEquals("high", rs.getString("confidence"));
        }
    }

    @Test
    void aFollowUpIsRewrittenByOneSmallCallAndAnsweredAsTheStandaloneQuestion() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(
                answer("SELECT count(*) FROM orders WHERE ordered_at >= DATE '2024-01-01' AND ordered_at < DATE '2025-01-01'"),
                answer("How many orders were placed in 2023?"),
                answer("SELECT count(*) FROM orders WHERE ordered_at >= DATE '2023-01-01' AND ordered_at < DATE '2024-01-01'"));
                Connection c = connect(llm); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("how many orders were placed in 2024?");
            assertTrue(rs.next());
            assertEquals(5, rs.getInt(1));
            rs = s.executeQuery("and in 2023?");
            assertTrue(rs.next());
            assertEquals(3, rs.getInt(1));
            Trace t = trace(s);
            assertEquals("and in 2023?", t.question());
            assertEquals("How many orders were placed in 2023?", t.resolvedQuestion());
            assertEquals(2, t.llmCalls(), "the rewrite and the generation");
            assertTrue(s.getWarnings().getMessage().contains("follow-up read as: \"How many orders were placed in 2023?\""));

            assertTrue(llm.systemMessage(1).contains("standalone question"), llm.systemMessage(1));
            String rewrite = llm.userMessage(1);
            assertTrue(rewrite.contains("Previous question: how many orders were placed in 2024?"), rewrite);
            assertTrue(rewrite.contains("SQL that answered it: SELECT count(*) FROM orders WHERE ordered_at >= DATE '2024-01-01'"), rewrite);
            assertTrue(rewrite.contains("Follow-up: and in 2023?"), rewrite);
            assertTrue(llm.userMessage(2).contains("Question: How many orders were placed in 2023?"), llm.userMessage(2));
            assertEquals(3, llm.requestCount());
        }
    }

    @Test
    void aQuestionOfItsOwnCostsNoRewriteCall() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM orders"), answer("SELECT count(*) FROM customers"));
                Connection c = connect(llm); Statement s = c.createStatement()) {
            s.executeQuery("how many orders are there?").close();
            ResultSet rs = s.executeQuery("how many customers are there?");
            assertTrue(rs.next());
            assertEquals(3, rs.getInt(1));
            assertNull(trace(s).resolvedQuestion());
            assertEquals(2, llm.requestCount());
        }
    }
}
