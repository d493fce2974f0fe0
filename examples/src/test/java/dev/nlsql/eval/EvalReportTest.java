package dev.nlsql.eval;

import dev.nlsql.jdbc.NlUrl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.engine.Attempt;
import dev.nlsql.engine.Narration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The report on its own: masking, redaction and escaping of hostile text. */
class EvalReportTest {

    @Test
    void masksPasswordsAndKeysInUrls() {
        assertEquals("jdbc:postgresql://db:5432/x?user=app&password=****&ssl=true",
                NlUrl.masked("jdbc:postgresql://db:5432/x?user=app&password=s3cr3t&ssl=true"));
        assertEquals("jdbc:mariadb://app:****@db/x", NlUrl.masked("jdbc:mariadb://app:s3cr3t@db/x"));
        assertEquals("jdbc:h2:mem:x;PASSWORD=****;MODE=PostgreSQL", NlUrl.masked("jdbc:h2:mem:x;PASSWORD=pw;MODE=PostgreSQL"));
        assertEquals("https://llm.example/v1?api_key=****", NlUrl.masked("https://llm.example/v1?api_key=sk-1"));
        assertEquals(List.of("s3cr3t", "pw2"), NlUrl.secretsIn("jdbc:mariadb://app:s3cr3t@db/x?password=pw2"));
    }

    @Test
    void redactsSecretsAndEscapesHostileText() {
        Dataset.Question q = new Dataset.Question(1, null, "<b>cat</b>", "Who is \"<script>alert('x')</script>\"?", "SELECT 1", null);
        Attempt a = new Attempt(1, Attempt.Source.LLM, "SELECT '</pre><script>x()</script>'", Attempt.Outcome.ERROR, null,
                "cannot reach http://u:sk-secret-1@llm/v1", null, 3, 0, 0);
        QuestionResult r = new QuestionResult(q, false, null, false, false, false, null, "NL001", "Could not answer (nlsql.maxAttempts=1):",
                List.of(a), 1, 0, 0, 3);
        EvalReport report = new EvalReport(List.of(r), true, null, List.of("sk-secret-1"));
        String html = report.html("t <script>");
        String text = report.text();
        for (String out : new String[] {html, text, report.json()}) {
            assertFalse(out.contains("sk-secret-1"), out);
        }
        assertFalse(html.toLowerCase(Locale.ROOT).contains("<script"), html);
        assertFalse(html.contains("<b>cat"), html);
        assertTrue(html.contains("Who is &quot;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;?"), html);
        assertTrue(text.contains("-> attempt 1: cannot reach http://u:****@llm/v1"), text);
        assertFalse(text.strip().endsWith(":"), text);
    }

    @Test
    void theRunsConnectionPropertiesAreShownWithTheirPasswordsMasked() {
        RunSettings settings = new RunSettings("openai", "m", "http://llm/v1", "not set", "jdbc:postgresql://db/x_a", 3, true, "none",
                "2026-11-25", "1.0", "q.jsonl", 1, 1, 1,
                java.util.Map.of("nlsql.source.b", "jdbc:postgresql://db/x_b?user=app&password=pw-of-b"));
        EvalReport report = new EvalReport(List.of(), true, settings, List.of());
        for (String out : new String[] {report.text(), report.json(), report.html("t")}) {
            assertTrue(out.contains("nlsql.source.b"), out);
            assertTrue(out.contains("jdbc:postgresql://db/x_b?user=app&") && out.contains("password=****"), out);
            assertFalse(out.contains("pw-of-b"), out);
        }
    }

    @Test
    void eachStageIsCountedWithHowManyOfItsQuestionsEndedRight() {
        Dataset.Question q = new Dataset.Question(1, null, "c", "q", "SELECT 1", null);
        Attempt llm = new Attempt(1, Attempt.Source.LLM, "SELECT 1", Attempt.Outcome.EMPTY, null, null, null, 1, 0, 0);
        Attempt wider = new Attempt(2, Attempt.Source.WIDER, "SELECT 2", Attempt.Outcome.OK, null, null, null, 1, 0, 0);
        Attempt plan = new Attempt(1, Attempt.Source.PLAN, "SELECT 3", Attempt.Outcome.OK, null, null, null, 1, 0, 0);
        Attempt fallback = new Attempt(2, Attempt.Source.FALLBACK, "SELECT 4", Attempt.Outcome.OK, null, null, null, 1, 0, 0);
        List<QuestionResult> results = List.of(
                new QuestionResult(q, false, null, true, true, true, "SELECT 2", null, null, List.of(llm, wider), 1, 0, 0, 2),
                new QuestionResult(q, false, null, true, false, false, "SELECT 2", null, null, List.of(llm, wider), 1, 0, 0, 2),
                new QuestionResult(q, false, null, true, true, true, "SELECT 3", null, null, List.of(plan), 1, 0, 0, 2),
                new QuestionResult(q, false, null, true, false, false, "SELECT 4", null, null, List.of(llm, fallback), 2, 0, 0, 2));
        EvalReport report = new EvalReport(results, true, null, List.of());
        assertTrue(report.stages().contains(new EvalReport.StageUse("wider", 2, 1)), report.stages().toString());
        assertTrue(report.stages().contains(new EvalReport.StageUse("plan", 1, 1)), report.stages().toString());
        assertTrue(report.stages().contains(new EvalReport.StageUse("fallback", 1, 0)), report.stages().toString());
        assertTrue(report.stages().contains(new EvalReport.StageUse("repair", 0, 0)), report.stages().toString());
        assertTrue(report.text().contains("  wider          2 used     1 right"), report.text());
        assertTrue(report.json().contains("\"wider\":{\"used\":2,\"right\":1}"), report.json());
        assertTrue(report.html("t").contains("<tr><td>fallback</td><td>1</td><td>0</td></tr>"));
    }

    @Test
    void wrongAnswersAtHighConfidenceAreCountedInEveryFormatAndSurviveRedaction() throws Exception {
        Dataset.Question q = new Dataset.Question(1, null, "c", "how many cars?", "SELECT count(*) FROM cars", null);
        List<QuestionResult> rs = List.of(
                new QuestionResult(q, false, null, true, true, true, "SELECT 1", null, null, List.of(), 1, 0, 0, 1,
                        Narration.Confidence.HIGH, "Counted the cars (cars)."),
                new QuestionResult(q, false, null, true, false, false, "SELECT 2", null, null, List.of(), 1, 0, 0, 1,
                        Narration.Confidence.HIGH, "Counted the cars (cars), keeping rows where car's color (cars.color) is 'red'."),
                new QuestionResult(q, false, null, true, false, false, "SELECT 3", null, null, List.of(), 1, 0, 0, 1,
                        Narration.Confidence.MEDIUM, "Counted the wheels (wheels). Not sure: it reads wheels."));
        EvalReport report = new EvalReport(rs.stream().map(r -> r.redacted(t -> t)).toList(), true);
        assertEquals(1, report.wrongAtHigh());
        assertTrue(report.text().contains("confidence  high 2 (wrong 1)  medium 1 (wrong 1)  low 0 (wrong 0)   wrong at high: 1"),
                report.text());
        assertTrue(report.text().contains("read as: Counted the cars (cars), keeping rows where car's color (cars.color) is 'red'. [high]"),
                report.text());
        com.fasterxml.jackson.databind.JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper().readTree(report.json());
        assertEquals(1, j.get("wrongAtHigh").asInt());
        assertEquals("medium", j.get("questions").get(2).get("confidence").asText());
        assertEquals("Counted the cars (cars).", j.get("questions").get(0).get("interpretation").asText());
    }

    @Test
    void refusalsAreCountedRightAndWrongInEveryFormat() throws Exception {
        Dataset.Question poem = new Dataset.Question(1, null, "c", "write me a poem", null, null);
        Dataset.Question salary = new Dataset.Question(2, null, "c", "average salary?", null, null);
        Dataset.Question count = new Dataset.Question(3, null, "c", "how many cars?", "SELECT count(*) FROM cars", null);
        Dataset.Question makes = new Dataset.Question(4, null, "c", "the makes", "SELECT make FROM cars", null);
        List<QuestionResult> rs = List.of(
                new QuestionResult(poem, false, null, false, true, true, null, "NL002", "not about it", List.of(), 1, 0, 0, 1),
                new QuestionResult(salary, false, null, true, false, false, "SELECT 1", null, null, List.of(), 1, 0, 0, 1),
                new QuestionResult(count, false, null, false, false, false, null, "NL002", "not about it", List.of(), 1, 0, 0, 1),
                new QuestionResult(makes, false, null, true, true, true, "SELECT make FROM cars", null, null, List.of(), 1, 0, 0, 1));
        EvalReport report = new EvalReport(rs, true);
        EvalReport.Refusals f = report.refusals();
        assertEquals(new EvalReport.Refusals(2, 2, 2, 1, 1, 1), f);
        assertEquals(2, report.overall().counted(), "unanswerable questions are graded by the gate only");
        assertEquals(1, report.overall().lenient());
        assertTrue(report.text().contains("relevance gate: 2 refused (NL002): 1 right, 1 wrong (50.0% of 2 answerable); "
                + "1 of 2 unanswerable refused (50.0%)"), report.text());
        com.fasterxml.jackson.databind.JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper().readTree(report.json()).get("refusals");
        assertEquals(2, j.get("refused").asInt());
        assertEquals(1, j.get("right").asInt());
        assertEquals(1, j.get("wrong").asInt());
        assertTrue(report.html("t").contains("refused (NL002)"));
        assertEquals("refused (right)", rs.get(0).outcome());
        assertEquals("answered (no gold)", rs.get(1).outcome());
        assertEquals("refused (wrong)", rs.get(2).outcome());
        assertEquals(List.of(rs.get(1), rs.get(2)), report.failures());
    }

    /** Two refused unanswerable questions (their own category) and three answerable ones, one corrected, one refused on a retry. */
    private static List<QuestionResult> refusalsAndCorrections() {
        Dataset.Question poem = new Dataset.Question(1, null, "poems", "write me a poem", null, null);
        Dataset.Question painter = new Dataset.Question(2, null, "poems", "who painted the Night Watch?", null, null);
        Dataset.Question count = new Dataset.Question(3, null, "cars", "how many cars?", "SELECT count(*) FROM cars", null);
        Dataset.Question makes = new Dataset.Question(4, null, "cars", "the makes", "SELECT make FROM cars", null);
        Dataset.Question prices = new Dataset.Question(5, null, "cars", "the prices", "SELECT price FROM cars", null);
        Attempt ok = new Attempt(1, Attempt.Source.LLM, "SELECT count(*) FROM cars", Attempt.Outcome.OK, null, null, null, 1, 0, 0);
        Attempt wrongName = new Attempt(1, Attempt.Source.LLM, "SELECT mkae FROM cars", Attempt.Outcome.REJECTED,
                dev.nlsql.ErrorCategory.COLUMN_NOT_FOUND, "column \"mkae\" does not exist", null, 1, 0, 0);
        Attempt fixed = new Attempt(2, Attempt.Source.LLM, "SELECT make FROM cars", Attempt.Outcome.OK, null, null, null, 1, 0, 0);
        Attempt noPrice = new Attempt(1, Attempt.Source.LLM, "SELECT prise FROM cars", Attempt.Outcome.REJECTED,
                dev.nlsql.ErrorCategory.COLUMN_NOT_FOUND, "column \"prise\" does not exist", null, 1, 0, 0);
        return List.of(
                new QuestionResult(poem, false, null, false, true, true, null, "NL002", "not about it", List.of(), 1, 0, 0, 1),
                new QuestionResult(painter, false, null, false, true, true, null, "NL002", "not about it", List.of(), 1, 0, 0, 1),
                new QuestionResult(count, false, null, true, true, true, ok.sql(), null, null, List.of(ok), 1, 0, 0, 1),
                new QuestionResult(makes, false, null, true, true, true, fixed.sql(), null, null, List.of(wrongName, fixed), 2, 0, 0, 1),
                new QuestionResult(prices, false, null, false, false, false, null, "NL002", "not about it", List.of(noPrice), 2, 0, 0, 1));
    }

    @Test
    void aGroupWithNoCountedQuestionIsNeitherDrawnNorTabled() throws Exception {
        EvalReport report = new EvalReport(refusalsAndCorrections(), true);
        assertEquals(List.of("cars", "poems"), report.byCategory().stream().map(EvalReport.Metrics::group).toList(),
                "the figures keep every category");
        assertEquals(0, report.byCategory().get(1).counted());
        assertEquals(List.of("column_not_found"), report.byErrorCategory().stream().map(EvalReport.Metrics::group).toList(),
                "a refused unanswerable question made no attempt that failed");
        assertEquals(List.of(2), report.byErrorCategory().stream().map(EvalReport.Metrics::counted).toList());
        String text = report.text();
        assertTrue(text.lines().anyMatch(l -> l.matches("cars\\s+3 .*")), text);
        assertFalse(text.lines().anyMatch(l -> l.startsWith("poems") || l.startsWith("(no attempt)")), text);
        String html = report.html("t");
        String tables = html.substring(html.indexOf("<h2>By category</h2>"), html.indexOf("<h2>Failures"));
        assertTrue(tables.contains("<td>cars</td>") && tables.contains("<td>column_not_found</td>"), tables);
        assertFalse(tables.contains("<td>poems</td>") || tables.contains("(no attempt)"), tables);
        java.util.regex.Matcher chart = java.util.regex.Pattern.compile("src=\"data:image/svg\\+xml;base64,([A-Za-z0-9+/=]+)\"").matcher(html);
        assertTrue(chart.find());
        String accuracy = new String(java.util.Base64.getDecoder().decode(chart.group(1)), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(accuracy.contains(">cars (n=3)<") && accuracy.contains(">all (n=3)<"), accuracy);
        assertFalse(accuracy.contains("n=0"), "no bar for a group of none: " + accuracy);
        assertTrue(new com.fasterxml.jackson.databind.ObjectMapper().readTree(report.json()).get("byCategory").toString()
                .contains("\"group\":\"poems\""), "the JSON keeps the figures");
    }

    @Test
    void theCallsOfRefusedQuestionsAreRefusalsNotCorrections() {
        List<QuestionResult> rs = refusalsAndCorrections();
        assertEquals(List.of(0, 0, 1, 1, 1), rs.stream().map(QuestionResult::firstAttemptCalls).toList());
        assertEquals(List.of(0, 0, 0, 1, 0), rs.stream().map(QuestionResult::correctionCalls).toList());
        assertEquals(List.of(1, 1, 0, 0, 1), rs.stream().map(QuestionResult::refusalCalls).toList());
        org.jfree.data.category.DefaultCategoryDataset data = EvalCharts.callsByOutcomeData(rs);
        assertEquals(List.of(EvalCharts.FIRST_CALLS, EvalCharts.CORRECTION_CALLS, EvalCharts.REFUSAL_CALLS), data.getRowKeys());
        assertEquals(List.of("refused (right) (2 q.)", "refused (wrong) (1 q.)", "right (2 q.)"), data.getColumnKeys());
        long[][] expected = {{0, 0, 2}, {1, 0, 1}, {2, 1, 0}}; // per outcome: first attempts, corrections, refusals
        for (int c = 0; c < expected.length; c++) {
            for (int row = 0; row < 3; row++) {
                assertEquals(expected[c][row], data.getValue(row, c).longValue(), data.getColumnKey(c) + " " + data.getRowKey(row));
            }
        }
        String svg = new String(java.util.Base64.getDecoder().decode(EvalCharts.callsByOutcome(rs).substring(
                "data:image/svg+xml;base64,".length())), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(svg.contains(">" + EvalCharts.REFUSAL_CALLS + "<"), "the legend names refusals: " + svg);
        assertEquals(2, EvalCharts.callsByOutcomeData(rs.subList(2, 4)).getRowCount(), "no refusal series without a refusal");
    }

    @Test
    void aQuestionFileMarksUnanswerableQuestions() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("nlsql-relevance");
        java.nio.file.Path jsonl = dir.resolve("q.jsonl");
        java.nio.file.Files.writeString(jsonl, "{\"question\": \"write me a poem\", \"answerable\": false}\n"
                + "{\"question\": \"how many cars?\", \"gold_sql\": \"SELECT count(*) FROM cars\"}\n");
        List<Dataset.Question> qs = Dataset.read(jsonl);
        assertTrue(qs.get(0).unanswerable());
        assertFalse(qs.get(1).unanswerable());
        java.nio.file.Files.writeString(jsonl, "{\"question\": \"how many cars?\"}\n");
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> Dataset.read(jsonl)).getMessage()
                .contains("needs gold SQL"));
        java.nio.file.Path csv = dir.resolve("q.csv");
        java.nio.file.Files.writeString(csv, "db_name,query_category,question,query,answerable\nx,c,write me a poem,,no\nx,c,cars?,SELECT 1,yes\n");
        List<Dataset.Question> fromCsv = Dataset.read(csv);
        assertTrue(fromCsv.get(0).unanswerable());
        assertFalse(fromCsv.get(1).unanswerable());
    }

    @Test
    void eachQuestionSaysWhichSourcesAnsweredIt() throws Exception {
        Dataset.Question q = new Dataset.Question(1, null, "xdb", "top customers by balance", "SELECT 1", null);
        Attempt customers = new Attempt(1, Attempt.Source.PLAN, "SELECT id FROM c", Attempt.Outcome.OK, null, null, null, 3, 0, 0, "main");
        Attempt balances = new Attempt(2, Attempt.Source.PLAN, "SELECT b FROM a", Attempt.Outcome.OK, null, null, null, 3, 0, 0, "acc");
        Attempt join = new Attempt(3, Attempt.Source.PLAN, "SELECT 1 FROM step1", Attempt.Outcome.ERROR, null, "bad", null, 3, 0, 0, "local");
        QuestionResult answered = new QuestionResult(q, false, null, true, true, true, "SELECT 1", null, null,
                List.of(customers, balances, new Attempt(3, Attempt.Source.PLAN, "SELECT 1 FROM step1", Attempt.Outcome.OK, null, null, null,
                        3, 0, 0, "local")), 1, 0, 0, 9);
        QuestionResult failed = new QuestionResult(q, false, null, false, false, false, null, "NL001", "no", List.of(customers, balances, join),
                1, 0, 0, 9);
        assertEquals(List.of("main", "acc", "local"), answered.sources());
        EvalReport report = new EvalReport(List.of(answered, failed), true, null, List.of());
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(report.json());
        assertEquals("[\"main\",\"acc\",\"local\"]", json.get("questions").get(0).get("sources").toString());
        assertEquals("local", json.get("failures").get(0).get("attempts").get(2).get("database").asText());
        assertTrue(report.text().contains("3 [plan on local] error"), report.text());
        assertTrue(report.html("t").contains("<td>main, acc, local</td>"), report.html("t"));
    }
}
