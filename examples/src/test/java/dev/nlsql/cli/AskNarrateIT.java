package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code ask --narrate}: the answer in words after the rows, and in --json one more member at the end. */
class AskNarrateIT {

    private static final String DB = "nlsql_narrate16_cli";
    /** The members of DESIGN.md's JSON object, in order. */
    private static final List<String> CONTRACT = List.of("question", "success", "sql", "columns", "rows", "rowCount", "attempts",
            "llmCalls", "tokens", "elapsedMs", "sqlState", "error", "interpretation");
    private static String url;

    @BeforeAll
    static void database() throws Exception {
        url = TestPostgres.urlOf(DB);
        if (TestPostgres.createDatabaseIfMissing(DB)) {
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE orders (id int PRIMARY KEY, ordered_at date NOT NULL, amount numeric(10,2) NOT NULL)");
                s.execute("INSERT INTO orders VALUES (1, '2023-02-01', 10), (2, '2024-01-10', 40), (3, '2024-03-10', 50)");
            }
        }
    }

    private static List<String> names(JsonNode json) {
        List<String> names = new ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void askNarrateSaysWhatTheAnswerMeansAfterTheRows() {
        Cli.Run r = Cli.run("ask", "--narrate", "--url", url, "-p", "nlsql.llm=offline", "how many orders in 2024?");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("SQL: SELECT COUNT(*)"), r.out());
        assertTrue(r.out().contains("Answer: There are 2 orders in 2024.\nConfidence: high (first attempt)\n"), r.out());
    }

    @Test
    void jsonKeepsItsContractAndAddsNarrationOnlyWhenAsked() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        Cli.Run plain = Cli.run("ask", "--json", "--url", url, "-p", "nlsql.llm=offline", "how many orders in 2024?");
        assertEquals(0, plain.status(), plain.err());
        assertEquals(CONTRACT, names(mapper.readTree(plain.out())));

        Cli.Run narrated = Cli.run("ask", "--json", "--narrate", "--url", url, "-p", "nlsql.llm=offline", "-p", "nlsql.maxRows=1",
                "list the orders");
        assertEquals(0, narrated.status(), narrated.err());
        JsonNode json = mapper.readTree(narrated.out());
        List<String> expected = new ArrayList<>(CONTRACT);
        expected.add("narration");
        assertEquals(expected, names(json));
        assertEquals(1, json.get("rowCount").asInt());
        JsonNode n = json.get("narration");
        assertEquals("medium", n.get("confidence").asText());
        assertEquals("truncated", n.get("why").asText());
        assertTrue(n.get("answer").asText().startsWith("There is one row: id "), n.get("answer").asText());
        assertEquals(1, narrated.out().strip().lines().count(), "exactly one JSON object");
    }

    @Test
    void sqlTextAndFailuresHaveNoNarration() throws Exception {
        Cli.Run sql = Cli.run("ask", "--narrate", "--url", url, "-p", "nlsql.llm=offline", "SELECT 1 AS one");
        assertEquals(0, sql.status(), sql.err());
        assertFalse(sql.out().contains("Answer:"), sql.out());
        Cli.Run failed = Cli.run("ask", "--json", "--narrate", "--url", url, "-p", "nlsql.llm=offline", "what is the meaning of life?");
        assertEquals(1, failed.status());
        assertNull(new ObjectMapper().readTree(failed.out()).get("narration"));
    }
}
