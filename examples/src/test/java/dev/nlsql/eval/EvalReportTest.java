package dev.nlsql.eval;

import dev.nlsql.jdbc.NlUrl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.engine.Attempt;
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
}
