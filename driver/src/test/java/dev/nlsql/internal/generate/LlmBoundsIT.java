package dev.nlsql.internal.generate;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static dev.nlsql.testing.FakeOpenAi.huge;
import static dev.nlsql.testing.FakeOpenAi.trickle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.ErrorCategory;
import dev.nlsql.engine.Attempt;
import dev.nlsql.engine.Attempt.Outcome;
import dev.nlsql.engine.Trace;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bounds on one LLM call, through the real langchain4j client against a local scripted
 * server: one deadline for the whole exchange (body included), and a cap on the reply's size.
 */
class LlmBoundsIT {

    private static final Logger LOG = LoggerFactory.getLogger(LlmBoundsIT.class);
    private static final String GOOD_SQL = "SELECT count(*) FROM llmb_items";
    private static final String TOO_LONG = "the model's reply is longer than nlsql.llm.maxReplyChars (20000)";

    @BeforeAll
    static void table() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS llmb_items (id int PRIMARY KEY, name text NOT NULL)");
            s.execute("INSERT INTO llmb_items VALUES (1, 'bolt'), (2, 'nut'), (3, 'washer') ON CONFLICT DO NOTHING");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        TestPostgres.dropTables("llmb_items");
    }

    private static Connection connect(FakeOpenAi llm, String... extra) throws SQLException {
        List<String> params = new ArrayList<>(List.of("nlsql.tables=llmb_items"));
        params.addAll(List.of(extra));
        return llm.connect(TestPostgres.url(), params.toArray(new String[0]));
    }

    private static Trace trace(Statement s) throws SQLException {
        return s.unwrap(NlStatement.class).lastTrace();
    }


    @Test
    void aTrickledBodyEndsAtTheDeadlineAndTheExchangeIsAbandoned() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(GOOD_SQL), trickle(GOOD_SQL, 200));
                Connection c = connect(llm, "nlsql.llm.timeoutSeconds=2"); Statement s = c.createStatement()) {
            // a first question reads the catalog and loads the client's classes: the second one's time is the LLM call's
            assertEquals(3, TestPostgres.single(s.executeQuery("how many items are there?")));
            long start = System.nanoTime();
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("how many items are there, really?"));
            long ms = (System.nanoTime() - start) / 1_000_000;
            LOG.info("trickled body: executeQuery took {} ms", ms);
            assertEquals("NL004", e.getSQLState());
            assertTrue(ms < 4_000, "took " + ms + " ms with nlsql.llm.timeoutSeconds=2");
            assertTrue(e.getMessage().contains("did not answer") && e.getMessage().contains("body was still arriving")
                    && e.getMessage().contains("nlsql.llm.timeoutSeconds"), e.getMessage());
            assertEquals(2, llm.requestCount(), "a timeout is not tried again");
            // had the exchange not been cancelled, the client would keep reading and the server's
            // writes (50 s of them) would all succeed
            assertTrue(llm.repliesCut(1, Duration.ofSeconds(3)), "the server never saw its connection closed");
        }
    }

    @ParameterizedTest(name = "{0} chars")
    @ValueSource(ints = {20_001, 10_000_000}) // past the content check only; past the HTTP byte cap
    void aTooLongReplyIsARejectedAttemptAndStaysOutOfTheNextPrompt(int chars) throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(huge(chars), answer(GOOD_SQL)); Connection c = connect(llm);
                Statement s = c.createStatement()) {
            long start = System.nanoTime();
            assertEquals(3, TestPostgres.single(s.executeQuery("how many items are there?")));
            long ms = (System.nanoTime() - start) / 1_000_000;
            LOG.info("{}-char reply: executeQuery took {} ms", chars, ms);
            Trace t = trace(s);
            assertEquals(2, t.attempts().size());
            Attempt first = t.attempts().get(0);
            assertEquals(Outcome.REJECTED, first.outcome());
            assertEquals(ErrorCategory.NO_SQL, first.category());
            assertEquals(TOO_LONG, first.error());
            assertNull(first.sql());
            assertEquals(Outcome.OK, t.attempts().get(1).outcome());
            assertEquals(GOOD_SQL, t.finalSql());
            assertEquals(2, llm.requestCount());
            if (chars > BoundedHttpClient.maxBytes(20_000)) {
                // past the byte cap the client stops reading and drops the connection, rather than taking all 10 MB
                assertTrue(llm.repliesCut(1, Duration.ofSeconds(3)), "the client read the whole reply");
            }
            String retry = llm.userMessage(1);
            assertTrue(retry.length() < 50_000, "the retry prompt has " + retry.length() + " chars");
            assertTrue(retry.contains(TOO_LONG), retry);
            assertTrue(!retry.contains("xxxxxxxxxx"), "the reply's text reached the next prompt");
        }
    }

    @Test
    void aReplyJustUnderTheCapIsAnswered() throws Exception {
        String head = "Here is the query:\n```sql\n" + GOOD_SQL + "\n```\n";
        // multi-byte and escaped characters: the byte cap must leave room for them
        String prose = "Erklärung \"€\" ñ\n";
        StringBuilder reply = new StringBuilder(head);
        while (reply.length() < 20_000) {
            reply.append(prose, 0, Math.min(prose.length(), 20_000 - reply.length()));
        }
        assertEquals(20_000, reply.length());
        try (FakeOpenAi llm = new FakeOpenAi(answer(reply.toString())); Connection c = connect(llm);
                Statement s = c.createStatement()) {
            assertEquals(3, TestPostgres.single(s.executeQuery("how many items are there?")));
            Trace t = trace(s);
            assertEquals(1, t.attempts().size());
            assertEquals(Outcome.OK, t.attempts().get(0).outcome());
            assertEquals(1, llm.requestCount());
        }
    }
}
