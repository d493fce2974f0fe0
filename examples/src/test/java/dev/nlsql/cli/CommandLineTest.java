package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The command line's contracts: the exact JSON object, exit statuses, and one clear line for bad invocations. */
class CommandLineTest {

    private record Run(int status, String out, String err) {
    }

    private static Run run(String... args) {
        return runWithInput(null, args);
    }

    /** Runs the command line in-process, capturing stdout and stderr (and feeding stdin). */
    private static synchronized Run runWithInput(String stdin, String... args) {
        PrintStream oldOut = System.out;
        InputStream oldIn = System.in;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            if (stdin != null) {
                System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            }
            int status = NlsqlCommand.run(args, new PrintWriter(System.out, true), new PrintWriter(err, true));
            return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(oldOut);
            System.setIn(oldIn);
        }
    }

    @Test
    void askJsonPrintsExactlyTheContractObject() throws Exception {
        Run r = run("ask", "--json", "how many orders were delivered?");
        assertEquals(0, r.status(), r.err());
        String[] lines = r.out().strip().split("\n");
        assertEquals(1, lines.length, "exactly one line on stdout: " + r.out());
        JsonNode json = new ObjectMapper().readTree(lines[0]);
        List<String> fields = List.of("question", "success", "sql", "columns", "rows", "rowCount", "attempts", "llmCalls", "tokens",
                "elapsedMs", "sqlState", "error", "interpretation");
        assertEquals(Set.copyOf(fields), Set.copyOf(iterable(json.fieldNames())));
        assertEquals("Counted the orders (orders), keeping rows where order's status (orders.status) is 'delivered'.",
                json.get("interpretation").asText());
        assertTrue(json.get("success").asBoolean());
        assertTrue(json.get("sql").asText().contains("status = 'delivered'"), json.get("sql").asText());
        assertEquals(1, json.get("rowCount").asInt());
        assertTrue(json.get("rows").get(0).get(0).asInt() > 0);
        JsonNode attempt = json.get("attempts").get(0);
        assertEquals(Set.of("n", "source", "sql", "outcome", "category", "error", "feedback", "ms"), Set.copyOf(iterable(attempt.fieldNames())));
        assertEquals("offline", attempt.get("source").asText());
        assertEquals("ok", attempt.get("outcome").asText());
        assertEquals(Set.of("input", "output"), Set.copyOf(iterable(json.get("tokens").fieldNames())));
        assertTrue(json.get("sqlState").isNull());
    }

    @Test
    void aFailedQuestionExitsNonZeroWithItsSqlState() throws Exception {
        Run json = run("ask", "--json", "what is the airspeed of our customers?");
        assertEquals(1, json.status());
        JsonNode node = new ObjectMapper().readTree(json.out().strip());
        assertFalse(node.get("success").asBoolean());
        assertEquals("NL005", node.get("sqlState").asText());
        assertTrue(node.get("interpretation").isNull(), "no SQL answered, so no reading: " + node);
        assertTrue(node.get("error").asText().contains("nlsql.llm.baseUrl"), node.get("error").asText());
        Run plain = run("ask", "what is the airspeed of our customers?");
        assertEquals(1, plain.status());
        assertTrue(plain.err().startsWith("error: [NL005]"), plain.err());
        // nothing in it names the demo shop's data: the relevance gate refuses it, saying what the database holds
        Run offTopic = run("ask", "--json", "what is the airspeed of an unladen swallow?");
        assertEquals(1, offTopic.status());
        JsonNode refused = new ObjectMapper().readTree(offTopic.out().strip());
        assertEquals("NL002", refused.get("sqlState").asText());
        assertTrue(refused.get("error").asText().contains("This database holds: "), refused.get("error").asText());
    }

    @Test
    void askPrintsATableTheSqlAndTheAttempts() {
        Run r = run("ask", "-p", "nlsql.cache=false", "number of customers per country");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("attempt 1 [offline] ok"), r.out());
        assertTrue(r.out().contains("SQL: SELECT customers.country"), r.out());
        assertTrue(r.out().contains("\nRead as: For each customer's country (customers.country), counted the customers (customers).\n"),
                r.out());
        assertTrue(r.out().contains(" country ") && r.out().contains("(10 rows)"), r.out());
    }

    @Test
    void sqlWorksToo() {
        Run r = run("ask", "SELECT count(*) AS n FROM categories");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains(" 8\n(1 row)"), r.out());
        assertFalse(r.out().contains("SQL:"), "SQL typed in is not echoed back: " + r.out());
    }

    @Test
    void aQuestionsSqlIsPrintedOnce() {
        Run r = run("ask", "-p", "nlsql.cache=false", "how many customers are there?");
        assertEquals(0, r.status(), r.err());
        assertEquals(1, r.out().split("FROM customers", -1).length - 1, r.out());
    }

    @Test
    void anEmptyQuestionIsBadInputNotAnEmptyResult() throws Exception {
        for (String q : new String[] {"", "   "}) {
            Run r = run("ask", q);
            assertEquals(1, r.status(), r.out());
            assertTrue(r.err().startsWith("error: [NL006] The question is empty"), r.err());
            Run json = run("ask", "--json", q);
            assertEquals(1, json.status());
            assertEquals("NL006", new ObjectMapper().readTree(json.out()).get("sqlState").asText());
            assertTrue(json.err().startsWith("error: [NL006]"), json.err());
        }
    }

    @Test
    void badInvocationsPrintOneLineAndAHint() throws Exception {
        String dataset = java.nio.file.Path.of(getClass().getResource("/eval-small.jsonl").toURI()).toString();
        String db = "jdbc:nlsql:" + dev.nlsql.demo.DemoDatabase.create().substring(5) + ";nlsql.dialect=unverified;nlsql.llm=offline";
        for (String[] args : new String[][] {{"ask", "--bogus", "x"}, {"ask"}, {"ask", "--url", "postgres://x", "q"},
            {"ask", "-p", "maxRows=5", "q"}, {"ask", "-p", "nlsql.foo=bar", "q"}, {"ask", "-p", "nlsql.maxAttempts=lots", "q"},
            {"ask", "-p", "nlsql.llm.seed=lots", "q"}, {"ask", "--max-rows", "x", "q"}, {"frobnicate"},
            {"eval", "--url", db, "--dataset", dataset, "-p", "nlsql.foo=bar"},
            {"eval", "--url", db, "--dataset", dataset, "-p", "foo=bar"},
            {"eval", "--url", db, "--dataset", dataset, "-p", "nlsql.maxAttempts=lots"},
            {"eval", "--url", db, "--dataset", dataset, "-p", "nlsql.llm.seed=1.5"},
            {"eval", "--url", db + ";nlsql.maxRows=0", "--dataset", dataset},
            {"eval", "--url", db, "--dataset", dataset, "--limit", "-1"},
            {"eval", "--url", db, "--dataset", dataset, "--parallel", "0"},
            {"eval", "--url", db, "--dataset", dataset, "--limit", "x"},
            {"eval", "--url", db, "--dataset", dataset + ".missing"},
            {"eval", "--url", "postgres://x", "--dataset", dataset}, {"eval", "--dataset", dataset}}) {
            Run r = run(args);
            assertEquals(2, r.status(), String.join(" ", args) + ": " + r.err());
            String[] lines = r.err().strip().split("\n");
            assertEquals(2, lines.length, r.err());
            assertTrue(lines[0].startsWith("error: "), r.err());
            assertTrue(lines[1].contains("--help"), r.err());
            assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        }
    }

    @Test
    void aMistypedPropertyNamesTheOneMeant() throws Exception {
        String dataset = java.nio.file.Path.of(getClass().getResource("/eval-small.jsonl").toURI()).toString();
        String db = "jdbc:nlsql:" + dev.nlsql.demo.DemoDatabase.create().substring(5) + ";nlsql.dialect=unverified;nlsql.llm=offline";
        for (String[] args : new String[][] {{"ask", "-p", "nlsql.maxAtempts=3", "q"},
            {"eval", "--url", db, "--dataset", dataset, "-p", "nlsql.maxAtempts=3"}}) {
            Run r = run(args);
            assertEquals(2, r.status(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith("error: -p: Unknown property nlsql.maxAtempts; did you mean nlsql.maxAttempts?"), r.err());
        }
        Run option = run("ask", "--knowlege", "k.yaml", "q");
        assertEquals(2, option.status(), option.err());
        assertTrue(option.err().startsWith("error: Unknown option") && option.err().contains("'--knowlege'")
                && option.err().contains("; did you mean --knowledge?"), option.err());
        Run command = run("evl");
        assertEquals(2, command.status(), command.err());
        assertTrue(command.err().contains("did you mean eval?"), command.err());
        // a name in another case is the property, as the driver reads it
        Run cased = run("ask", "-p", "nlsql.maxattempts=2", "how many customers");
        assertEquals(0, cased.status(), cased.err());
    }

    @Test
    void anUnreachableDatabaseIsOneClearLine() {
        Run r = run("ask", "--url", "jdbc:nlsql:postgresql://127.0.0.1:1/nowhere", "how many orders?");
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith("error: [08001]"), r.err());
        assertEquals(1, r.err().strip().split("\n").length, r.err());
    }

    @Test
    void theDemoAnswersEveryScriptedQuestionOffline() {
        Run r = run("demo");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(DemoCommand.QUESTIONS.size() >= 12);
        assertTrue(r.out().contains(DemoCommand.QUESTIONS.size() + " of " + DemoCommand.QUESTIONS.size() + " questions answered"), r.out());
        for (String q : DemoCommand.QUESTIONS) {
            assertTrue(r.out().contains("Q: " + q), q);
        }
        assertTrue(r.out().contains("JOIN"), "some answers join tables");
        assertTrue(r.out().contains("GROUP BY") && r.out().contains("LIMIT 5") && r.out().contains("DATE '"), r.out());
        assertFalse(r.out().matches("(?s).*\\d\\d:\\d\\dZ.*"), "no Java OffsetDateTime.toString in the rows: " + r.out());
    }

    @Test
    void theShellTakesQuestionsSqlAndCommands() {
        Run r = runWithInput("how many customers are there?\n\\sql\nSELECT 41 + 1 AS answer;\n\\trace\n\\x\nSELECT 41 + 1 AS answer;\n\\q\n",
                "shell");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Expanded display is on.") && r.out().contains("-[ RECORD 1 ]") && r.out().contains("answer | 42"), r.out());
        assertTrue(r.out().contains("SELECT COUNT(*) AS count FROM customers"), r.out());
        assertTrue(r.out().contains("42"), r.out());
        assertTrue(r.out().contains("answered by:"), r.out());
    }

    @Test
    void theShellsTraceShowsWhatAFollowUpWasReadAs() {
        Run r = runWithInput("how many orders in 2024?\nand in 2023?\n\\trace\n\\q\n", "shell");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("question: and in 2023?\nread as:  how many orders in 2023"), r.out());
    }

    @Test
    void aQuestionEndsAtItsLineAndSqlAfterItGoesOnToItsSemicolon() {
        Run r = runWithInput("how many customers are there?\nSELECT 40\n  + 2\n  AS answer;\n\\q\n", "shell");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("SELECT COUNT(*) AS count FROM customers"), "the question ran on its own: " + r.out());
        assertTrue(r.out().contains("answer") && r.out().contains(" 42"), "the SQL ran as one statement: " + r.out());
        assertFalse(r.out().contains("error:"), r.out());
        assertTrue(r.out().indexOf("COUNT(*)") < r.out().indexOf(" answer\n"), r.out()); // the column header, not the banner
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
