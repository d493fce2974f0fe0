package dev.nlsql.cli;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code nlsql verify} and the shell's {@code \verify}: the answer is shown, and on confirmation the question and its SQL
 * are appended to the knowledge file (who and when too), its other lines and comments kept; the next ask of the question
 * is then answered by that SQL with no model call. Nothing is saved without a yes, for a failed question, or twice.
 */
class VerifyCommandIT {

    private static final String DB = "nlsql_e2e_verify";
    private static String url;
    private static final String REPLY = "{\"answerable\": true, \"sql\": \"SELECT count(*) AS customers FROM v_customers WHERE country = 'France'\"}";

    @TempDir
    Path dir;

    @BeforeAll
    static void database() throws SQLException {
        url = TestPostgres.database(DB, "DROP TABLE IF EXISTS v_customers",
                "CREATE TABLE v_customers (id int PRIMARY KEY, name text, country text)",
                "INSERT INTO v_customers VALUES (1, 'Ada', 'France'), (2, 'Bob', 'Germany'), (3, 'Cy', 'France')");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DB);
    }

    private static String[] args(String command, FakeOpenAi llm, Path knowledge, String... rest) {
        List<String> all = new ArrayList<>(List.of(command, "--url", "jdbc:nlsql:" + url.substring("jdbc:".length()),
                "-p", "nlsql.llm=openai", "-p", "nlsql.llm.baseUrl=" + llm.baseUrl(), "-p", "nlsql.llm.apiKey=test-key",
                "-p", "nlsql.llm.model=fake", "-p", "nlsql.cache=false", "--knowledge", knowledge.toString()));
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    @Test
    void verifySavesThePairAndTheNextAskUsesItWithNoModelCall() throws Exception {
        Path file = dir.resolve("knowledge.yaml");
        Files.writeString(file, """
                # owned by the data team
                instructions:
                  - Count customers, not orders.   # kept
                verified:
                  - question: how many customers
                    sql: SELECT count(*) FROM v_customers
                glossary:
                  - term: client
                    means: v_customers
                """, StandardCharsets.UTF_8);
        try (FakeOpenAi llm = new FakeOpenAi(answer(REPLY))) {
            Cli.Run r = Cli.run(args("verify", llm, file, "--yes", "--by", "anna", "how many customers are from France?"));
            assertEquals(0, r.status(), r.err() + r.out());
            assertTrue(r.out().contains("SELECT count(*) AS customers FROM v_customers WHERE country = 'France'") && r.out().contains("2"),
                    r.out());
            assertTrue(r.out().contains("Saved as verified in " + file.toAbsolutePath()), r.out());
            assertEquals(1, llm.requestCount());
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("# owned by the data team\ninstructions:\n  - Count customers, not orders.   # kept\n"), text);
        assertTrue(text.contains("""
                  - question: "how many customers are from France?"
                    sql: "SELECT count(*) AS customers FROM v_customers WHERE country = 'France'"
                    by: "anna"
                """), text);
        assertTrue(text.indexOf("by: \"anna\"") < text.indexOf("glossary:"), "appended to the verified list, not the file's end: " + text);

        try (FakeOpenAi llm = new FakeOpenAi()) {
            Cli.Run asked = Cli.run(args("ask", llm, file, "--json", "How many customers are from France"));
            assertEquals(0, asked.status(), asked.err());
            JsonNode json = new ObjectMapper().readTree(asked.out());
            assertEquals("verified", json.get("attempts").get(0).get("source").asText(), asked.out());
            assertEquals(0, llm.requestCount(), "answered by the verified SQL");
            Cli.Run again = Cli.run(args("verify", llm, file, "--yes", "how many customers are from France?"));
            assertEquals(0, again.status(), again.err());
            assertTrue(again.out().contains("Already verified"), again.out());
        }
        assertEquals(text, Files.readString(file, StandardCharsets.UTF_8), "nothing saved twice");
    }

    @Test
    void nothingIsSavedWithoutAYesOrForAFailedQuestion() throws Exception {
        Path file = dir.resolve("k.json");
        Files.writeString(file, "{\"instructions\": [\"Count customers.\"]}\n", StandardCharsets.UTF_8);
        try (FakeOpenAi llm = new FakeOpenAi(answer(REPLY), answer("{\"answerable\": false, \"reason\": \"no such data\"}"), answer(REPLY))) {
            Cli.Run no = Cli.withInput("n\n", args("verify", llm, file, "how many customers are from France?"));
            assertEquals(0, no.status(), no.err());
            assertTrue(no.out().contains("[y/N]") && no.out().contains("Not saved."), no.out());
            Cli.Run failed = Cli.run(args("verify", llm, file, "--yes", "what is the capital of France?"));
            assertEquals(1, failed.status(), failed.out());
            assertTrue(failed.err().contains("not saved"), failed.err());
            assertEquals("{\"instructions\": [\"Count customers.\"]}\n", Files.readString(file, StandardCharsets.UTF_8));
            Cli.Run yes = Cli.withInput("yes\n", args("verify", llm, file, "how many customers are from France?"));
            assertEquals(0, yes.status(), yes.err());
        }
        JsonNode json = new ObjectMapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
        assertEquals("Count customers.", json.get("instructions").get(0).asText());
        assertEquals("how many customers are from France?", json.get("verified").get(0).get("question").asText());
        assertTrue(json.get("verified").get(0).get("at").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), json.toString());
    }

    @Test
    void evalCountsTheAnswersThatCameFromVerifiedSql() throws Exception {
        Path file = dir.resolve("k.yaml");
        Files.writeString(file, "verified:\n  - question: how many customers are from France\n"
                + "    sql: SELECT count(*) FROM v_customers WHERE country = 'France'\n", StandardCharsets.UTF_8);
        Path dataset = dir.resolve("q.jsonl");
        Files.writeString(dataset, """
                {"question": "How many customers are from France?", "gold_sql": "SELECT count(*) FROM v_customers WHERE country = 'France'"}
                {"question": "How many customers are from Germany?", "gold_sql": "SELECT count(*) FROM v_customers WHERE country = 'Germany'"}
                {"question": "How many customers are there?", "gold_sql": "SELECT count(*) FROM v_customers"}
                """, StandardCharsets.UTF_8);
        try (FakeOpenAi llm = new FakeOpenAi(answer("{\"answerable\": true, \"sql\": \"SELECT count(*) FROM v_customers\"}"))) {
            Cli.Run r = Cli.run(args("eval", llm, file, "--dataset", dataset.toString(), "--json"));
            assertEquals(0, r.status(), r.err());
            JsonNode report = new ObjectMapper().readTree(r.out());
            JsonNode verified = report.at("/stages/verified");
            assertEquals(2, verified.get("used").asInt(), r.out());
            assertEquals(2, verified.get("right").asInt(), r.out());
            assertEquals(1, llm.requestCount(), "only the question no verified pair answers asked the model");
        }
    }

    @Test
    void verifyNeedsAKnowledgeFile() {
        Cli.Run r = Cli.run("verify", "--url", "jdbc:nlsql:" + url.substring("jdbc:".length()), "how many customers");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--knowledge FILE"), r.err());
    }

    @Test
    void theShellSavesTheLastAnswer() throws Exception {
        Path file = dir.resolve("new.yaml");
        Files.writeString(file, "", StandardCharsets.UTF_8);
        try (FakeOpenAi llm = new FakeOpenAi(answer(REPLY))) {
            Cli.Run r = Cli.withInput("\\verify\nhow many customers are from France\n\\verify\n\\q\n", args("shell", llm, file));
            assertEquals(0, r.status(), r.err() + r.out());
            assertTrue(r.out().contains("verify: nothing to save"), r.out());
            assertTrue(r.out().contains("Saved \"how many customers are from France\" as verified"), r.out());
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("verified:\n  - question: \"how many customers are from France\"\n"), text);
        assertFalse(text.contains("by: null"), text);
    }
}
