package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nlsql.demo.DemoDatabase;
import dev.nlsql.eval.Dataset;
import dev.nlsql.eval.FaultInjectingLlm;
import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** eval end to end: a small question file on the demo database, with the fault-injecting model in-process. */
class EvalCommandIT {

    @TempDir
    Path dir;

    private static synchronized String runEval(String... args) {
        PrintStream old = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            int status = NlsqlCommand.run(args, new PrintWriter(System.out, true), new PrintWriter(new StringWriter(), true));
            assertEquals(0, status);
            return out.toString(StandardCharsets.UTF_8).strip();
        } finally {
            System.setOut(old);
        }
    }

    @Test
    void gradesAQuestionFileWithAFaultInjectingModel() throws Exception {
        Path file = Path.of(getClass().getResource("/eval-small.jsonl").toURI());
        Map<String, String> gold = new HashMap<>();
        for (Dataset.Question q : Dataset.read(file)) {
            gold.put(q.text(), q.goldSql());
        }
        String url = "jdbc:nlsql:" + DemoDatabase.create().substring(5) + ";nlsql.dialect=unverified";
        try (FaultInjectingLlm llm = new FaultInjectingLlm(gold, FaultInjectingLlm.Settings.defaults().withErrorRate(0.5)).start(0)) {
            String[] args = {"eval", "--url", url, "--dataset", file.toString(), "--json", "--html", dir.resolve("r.html").toString(),
                "-p", "nlsql.llm.baseUrl=" + llm.baseUrl(), "-p", "nlsql.llm.apiKey=k", "-p", "nlsql.cache=false", "--parallel", "2",
                "-p", "nlsql.llm.seed=1"};
            JsonNode report = new ObjectMapper().readTree(runEval(args));
            JsonNode all = report.get("overall");
            assertTrue(report.get("complete").asBoolean());
            assertEquals(7, all.get("questions").asInt());
            assertEquals(6, all.get("counted").asInt(), "the broken gold is reported, not counted");
            assertEquals(1, report.get("goldFailures").size());
            assertEquals(7, report.get("goldFailures").get(0).get("index").asInt());
            assertTrue(all.get("firstAttemptRate").asDouble() < 1.0, "the model made mistakes: " + all);
            assertTrue(all.get("lenientAccuracy").asDouble() >= 5.0 / 6, "the loop corrected them: " + all);
            assertTrue(all.get("llmCalls").asInt() >= 6);
            assertTrue(all.get("meanAttempts").asDouble() > 1.0);
            assertEquals(3, report.get("byCategory").size());
            String html = Files.readString(dir.resolve("r.html"));
            keep(dir.resolve("r.html"));
            assertEquals(3, count(html, "<img src=\"data:image/svg+xml;base64,"), "three charts, inline");
            assertTrue(html.contains("Every question (7)") && html.contains("Failures ("), html);
            assertTrue(html.contains("<dt>seed</dt><dd>1 (nlsql.llm.seed, sent with each model request)</dd>"), "the seed is named: " + html);
            assertEquals("1 (nlsql.llm.seed, sent with each model request)", report.get("settings").get("seed").asText(), report.toString());

            JsonNode again = new ObjectMapper().readTree(runEval(args)).get("overall");
            for (String field : new String[] {"lenientAccuracy", "strictAccuracy", "firstAttemptRate", "meanAttempts", "llmCalls", "repairs"}) {
                assertEquals(all.get(field).asDouble(), again.get(field).asDouble(), field + " repeats exactly with the same seed");
            }
        }
    }

    @Test
    void readableReportAndLimit() throws Exception {
        Path file = Path.of(getClass().getResource("/eval-small.jsonl").toURI());
        String url = "jdbc:nlsql:" + DemoDatabase.create().substring(5) + ";nlsql.dialect=unverified";
        Path html = dir.resolve("all-right.html");
        String text = runEval("eval", "--url", url, "--dataset", file.toString(), "--limit", "2", "-p", "nlsql.llm=offline",
            "--html", html.toString());
        assertTrue(text.startsWith("run settings"), text);
        assertTrue(text.contains("generator          offline") && text.contains("(7 questions, 2 run)"), text);
        assertTrue(text.contains("precision 100.0% (2 right of 2 answered)   coverage 100.0% (2 answered of 2)"), text);
        assertTrue(text.lines().anyMatch(l -> l.matches("all\\s+2\\s+100\\.0%\\s+100\\.0%.*")), text);
        String page = Files.readString(html);
        keep(html);
        assertTrue(page.contains("Every counted question was answered right."), page);
        String accuracy = charts(page).get(0);
        assertTrue(accuracy.contains("100%") && accuracy.contains("right in the end") && accuracy.contains("all (n=2)"),
            "a chart at 100% still shows its values and labels: " + accuracy);
    }

    /** Under the test runner there is no terminal: the progress is one line per step, never a carriage return. */
    @Test
    void withoutATerminalTheProgressIsLoggedLineByLine() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.console() == null, "the tests run without a terminal");
        Path file = Path.of(getClass().getResource("/eval-small.jsonl").toURI());
        String url = "jdbc:nlsql:" + DemoDatabase.create().substring(5) + ";nlsql.dialect=unverified";
        PrintStream old = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            runEval("eval", "--url", url, "--dataset", file.toString(), "--limit", "2", "-p", "nlsql.llm=offline");
        } finally {
            System.setErr(old);
        }
        String log = err.toString(StandardCharsets.UTF_8);
        assertFalse(log.contains("\r"), "no carriage return: " + log);
        assertTrue(log.lines().toList().containsAll(List.of("[1/2] 1 correct", "[2/2] 2 correct")), log);
    }

    /**
     * Against the real PostgreSQL: settings named, secrets masked, a hostile question escaped,
     * every question in the table, every failure with its error text.
     */
    @Test
    void reportNamesSettingsEscapesQuestionsAndListsEveryFailureOnPostgres() throws Exception {
        String table = "evalreport_pets";
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table);
            s.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, name text NOT NULL, species text NOT NULL)");
            s.execute("INSERT INTO " + table + " VALUES (1, 'Rex', 'dog'), (2, 'Tom', 'cat'), (3, '<script>alert(''x'')</script>', 'cat')");
        }
        String hostile = "Which pets are called \"<script>alert('x')</script>\"?";
        ObjectMapper json = new ObjectMapper();
        Path file = dir.resolve("pets.jsonl");
        String[][] rows = {
            {"How many pets are there?", "SELECT count(*) FROM " + table, "count"},
            {hostile, "SELECT name FROM " + table + " WHERE name = '<script>alert(''x'')</script>'", "<img src=x onerror=alert(1)>"},
            {"How many cats are there?", "SELECT count(*) FROM " + table + " WHERE species = 'cat'", "count"},
            {"What is the average weight of the pets?", "SELECT avg(id) FROM " + table, "aggregate"},
            {"A question whose gold is broken", "SELECT no_such_column FROM " + table, "count"}};
        StringBuilder lines = new StringBuilder();
        for (String[] r : rows) {
            lines.append(json.writeValueAsString(Map.of("question", r[0], "gold_sql", r[1], "category", r[2]))).append('\n');
        }
        Files.writeString(file, lines);
        Map<String, String> model = new HashMap<>();
        model.put(rows[0][0], rows[0][1]);
        model.put(hostile, rows[1][1]);
        model.put(rows[2][0], "SELECT count(*) FROM " + table); // runs, but counts every pet
        model.put(rows[3][0], "SELECT avg(weight) FROM " + table); // no such column
        model.put(rows[4][0], "SELECT count(*) FROM " + table);
        Path html = dir.resolve("pets.html");
        String url = TestPostgres.withParams(TestPostgres.nlUrl("nlsql.tables=" + table), "password=hunter2-db-secret");
        try (FaultInjectingLlm llm = new FaultInjectingLlm(model, FaultInjectingLlm.Settings.defaults().withErrorRate(0)).start(0)) {
            String[] args = {"eval", "--url", url, "--dataset", file.toString(), "--html", html.toString(), "-p",
                "nlsql.llm.baseUrl=" + llm.baseUrl(), "-p", "nlsql.llm.apiKey=sk-test-secret-123",
                "-p", "nlsql.llm.model=fault-injecting", "-p", "nlsql.maxattempts=1", "-p", "nlsql.repairs=false",
                "-p", "nlsql.cache=false"};
            String text = runEval(args);
            String page = Files.readString(html);
            keep(html);
            for (String out : new String[] {text, page}) {
                for (String secret : new String[] {"hunter2", "sk-test-secret"}) {
                    assertFalse(out.contains(secret), "no secret in the report: " + secret);
                }
            }
            // settings
            assertTrue(text.contains("model              fault-injecting"), text);
            assertTrue(text.contains("LLM server         " + llm.baseUrl()), text);
            assertTrue(text.contains("API key            set (not shown)"), text);
            assertTrue(text.contains("nlsql.maxAttempts  1") && text.contains("nlsql.repairs      off"), text);
            assertTrue(text.contains("seed               none (not set: the driver asks the model at temperature 0, without a seed)"), text);
            assertTrue(text.contains("password=****") && text.contains("(5 questions)"), text);
            // precision and coverage apart: 3 answered of 4 counted, 2 of them right
            assertTrue(text.contains("precision 66.7% (2 right of 3 answered)   coverage 75.0% (3 answered of 4)"), text);
            // every failure with its error text, not just the loop's lead line
            assertTrue(text.contains("#3 How many cats are there?") && text.contains("-> answered, but the rows differ"), text);
            assertTrue(text.contains("#4 What is the average weight of the pets?"), text);
            String afterFour = text.substring(text.indexOf("#4 What is"));
            assertTrue(afterFour.contains("-> attempt 1") && afterFour.contains("weight"), afterFour);
            assertFalse(text.strip().endsWith(":"), text);

            // the page: settings, every question, escaping, charts
            for (String s : new String[] {"<dt>model</dt><dd>fault-injecting</dd>", "<dt>nlsql.maxAttempts</dt><dd>1</dd>",
                "<dt>nlsql.repairs</dt><dd>off</dd>", "<dt>nlsql version</dt>", "<dt>date</dt>", "<dt>seed</dt>",
                "Every question (5)", "Failures (2)", ">precision<", ">coverage<", "66.7%", "75.0%"}) {
                assertTrue(page.contains(s), s + " in " + page);
            }
            assertFalse(page.toLowerCase(java.util.Locale.ROOT).contains("<script"), "no script reaches the page");
            assertFalse(page.contains("<img src=x"), "no markup from the question file reaches the page");
            assertTrue(page.contains("Which pets are called &quot;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;?"), page);
            assertTrue(page.contains("&lt;img src=x onerror=alert(1)&gt;"), page);
            String questions = page.substring(page.indexOf("Every question (5)"));
            for (String outcome : new String[] {">right<", ">wrong rows<", ">no answer<", ">gold broken<"}) {
                assertTrue(questions.contains(outcome), outcome);
            }
            assertTrue(questions.contains("SELECT avg(weight) FROM evalreport_pets") && questions.contains("weight"), questions);
            assertEquals(6, count(questions, "<tr"), "a header and one row per question");
            List<String> charts = charts(page);
            assertEquals(3, charts.size());
            assertTrue(charts.get(0).contains("right on the first attempt") && charts.get(0).contains("right in the end"), charts.get(0));
            assertTrue(charts.get(2).contains("wrong rows") && charts.get(2).contains("corrections"), charts.get(2));
            for (String svg : charts) {
                assertFalse(svg.toLowerCase(java.util.Locale.ROOT).contains("<script") || svg.contains("<img"), svg);
            }
        } finally {
            try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    /** Leaves a copy of a report under target/eval-reports for a look in a browser. */
    private static void keep(Path report) throws java.io.IOException {
        Path dir = Path.of("target", "eval-reports");
        Files.createDirectories(dir);
        Files.copy(report, dir.resolve(report.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    /** The SVG documents of a page's charts, decoded from their data URIs. */
    private static List<String> charts(String page) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("src=\"data:image/svg\\+xml;base64,([A-Za-z0-9+/=]+)\"").matcher(page);
        while (m.find()) {
            out.add(new String(Base64.getDecoder().decode(m.group(1)), StandardCharsets.UTF_8));
        }
        return out;
    }
}
