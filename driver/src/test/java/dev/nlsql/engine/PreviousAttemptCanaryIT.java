package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.Rows;
import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37: under {@code nlsql.llm.sendValues=false} nothing written by anyone but the model reaches it. Each source of
 * an earlier attempt that goes back into a retry prompt (a verified question, one adapted to the question, the answer
 * cache) plants a canary literal the model never wrote; every request the scripted model server recorded is searched.
 */
class PreviousAttemptCanaryIT {

    private static final String DB = "i37sv_attempt_canaries";
    private static String url;

    @TempDir
    Path dir;

    @BeforeAll
    static void database() throws SQLException {
        url = TestPostgres.database(DB,
                "DROP TABLE IF EXISTS sv_customers",
                "CREATE TABLE sv_customers (id int PRIMARY KEY, name text, joined text)",
                "INSERT INTO sv_customers VALUES (1, 'Ada', '2024-01-02'), (2, 'Bob', 'not a date')");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DB);
    }

    private Path knowledge(String text) throws Exception {
        Path f = dir.resolve("knowledge.yaml");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    private static String requests(FakeOpenAi llm) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < llm.requestCount(); i++) {
            b.append("--- request ").append(i).append('\n').append(llm.request(i)).append('\n');
        }
        return b.toString();
    }

    /** The retry prompt's earlier attempts (request {@code i}), after the question. */
    private static String earlierAttempts(FakeOpenAi llm, int i) {
        String user = llm.userMessage(i);
        int at = user.indexOf("Attempt 1:");
        assertTrue(at >= 0, user);
        return user.substring(at);
    }

    private static Attempt first(Statement s) throws SQLException {
        return s.unwrap(NlStatement.class).lastTrace().attempts().get(0);
    }

    /** Was the leak of issue 37 item 2: an adapted verified question whose number PostgreSQL refuses goes to the model with the file's strings. */
    @Test
    void anAdaptedVerifiedQuestionThatFailsReachesTheModelWithoutTheFilesLiterals() throws Exception {
        Path f = knowledge("""
                verified:
                  - question: top 1 customers by name
                    sql: SELECT name FROM sv_customers WHERE name <> 'CANARY-verified-7' AND id <> 7070707 ORDER BY name LIMIT 1
                """);
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT name FROM sv_customers ORDER BY name"));
                Connection c = llm.connect(url, "nlsql.knowledge=" + f, "nlsql.llm.sendValues=false", "nlsql.repairs=false",
                        "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            assertEquals(List.of("Ada", "Bob"), Rows.column(s.executeQuery("top 99999999999999999999 customers by name")), requests(llm));
            Attempt adapted = first(s);
            assertEquals(Attempt.Source.VERIFIED, adapted.source());
            assertEquals(Attempt.Outcome.ERROR, adapted.outcome(), "PostgreSQL refuses the LIMIT: " + adapted);
            assertTrue(adapted.sql().contains("CANARY-verified-7") && adapted.sql().contains("99999999999999999999"), adapted.sql());
            assertEquals(1, llm.requestCount(), requests(llm));
            String sent = requests(llm);
            assertTrue(!sent.contains("CANARY-verified-7"), sent);
            // the file's numbers are shown in its examples (only strings are hidden there): the attempt hides them too
            assertTrue(!earlierAttempts(llm, 0).contains("7070707"), earlierAttempts(llm, 0));
            // the question's own number is the user's: it may be shown back
            assertTrue(llm.userMessage(0).contains("LIMIT 99999999999999999999"), llm.userMessage(0));
        }
    }

    /** A verified question asked as written whose SQL fails on today's rows: its string, number and comment stay home. */
    @Test
    void aVerifiedQuestionThatFailsReachesTheModelWithoutTheFilesLiterals() throws Exception {
        Path f = knowledge("""
                verified:
                  - question: how many customers joined on a known date
                    sql: "SELECT count(*) FROM sv_customers WHERE name <> 'CANARY-exact-8' AND id <> 8080808 AND joined::date IS NOT NULL -- CANARY-comment-8"
                """);
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM sv_customers WHERE joined ~ '^[0-9]{4}-'"));
                Connection c = llm.connect(url, "nlsql.knowledge=" + f, "nlsql.llm.sendValues=false", "nlsql.repairs=false",
                        "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            assertEquals(List.of("1"), Rows.column(s.executeQuery("how many customers joined on a known date")), requests(llm));
            assertEquals(Attempt.Source.VERIFIED, first(s).source());
            assertEquals(Attempt.Outcome.ERROR, first(s).outcome(), first(s).toString());
            String sent = requests(llm);
            assertEquals(1, llm.requestCount(), sent);
            assertTrue(!sent.contains("CANARY-exact-8") && !sent.contains("CANARY-comment-8"), sent);
            assertTrue(!earlierAttempts(llm, 0).contains("8080808"), earlierAttempts(llm, 0));
            assertTrue(llm.userMessage(0).contains("joined::date IS NOT NULL"), "the attempt is still shown: " + llm.userMessage(0));
        }
    }

    /** A cached answer (the model's, for an earlier question) that fails later: shown back without its literals. */
    @Test
    void aCachedAnswerThatFailsLaterReachesTheModelWithoutItsLiterals() throws Exception {
        TestPostgres.database(DB, "DROP TABLE IF EXISTS sv_cache", "CREATE TABLE sv_cache (id int PRIMARY KEY, name text, joined text)",
                "INSERT INTO sv_cache VALUES (1, 'Ada', '2024-01-02')");
        String cached = "SELECT count(*) FROM sv_cache WHERE name <> 'CANARY-cache-9' AND joined::date IS NOT NULL";
        try (FakeOpenAi llm = new FakeOpenAi(answer(cached), answer("SELECT count(*) FROM sv_cache"));
                Connection c = llm.connect(url, "nlsql.cache=true", "nlsql.llm.sendValues=false", "nlsql.repairs=false",
                        "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            assertEquals(List.of("1"), Rows.column(s.executeQuery("how many cache rows have a date")));
            try (Connection plain = DriverManager.getConnection(url); Statement p = plain.createStatement()) {
                p.execute("UPDATE sv_cache SET joined = 'not a date'");
            }
            assertEquals(List.of("1"), Rows.column(s.executeQuery("how many cache rows have a date")), requests(llm));
            assertEquals(Attempt.Source.CACHE, first(s).source());
            assertEquals(Attempt.Outcome.ERROR, first(s).outcome(), first(s).toString());
            assertEquals(2, llm.requestCount(), requests(llm));
            String retry = llm.request(1).toString();
            assertTrue(!retry.contains("CANARY-cache-9"), retry);
        } finally {
            TestPostgres.database(DB, "DROP TABLE IF EXISTS sv_cache");
        }
    }

    /** The model's own literals are its own: shown back on its retry, so masking costs the correction loop nothing. */
    @Test
    void theModelsOwnLiteralsAreShownBackToIt() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM sv_customers WHERE name <> 'Zed-own-5' AND joined::date > '2020-01-01'"),
                answer("SELECT count(*) FROM sv_customers"));
                Connection c = llm.connect(url, "nlsql.llm.sendValues=false", "nlsql.repairs=false", "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            assertEquals(List.of("2"), Rows.column(s.executeQuery("how many customers joined after 2020")), requests(llm));
            assertEquals(2, llm.requestCount(), requests(llm));
            assertTrue(llm.userMessage(1).contains("name <> 'Zed-own-5' AND joined::date > '2020-01-01'"), llm.userMessage(1));
        }
    }
}
