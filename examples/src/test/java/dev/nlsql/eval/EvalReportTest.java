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
}
