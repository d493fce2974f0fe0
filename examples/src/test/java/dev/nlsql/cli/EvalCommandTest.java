package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nlsql.demo.DemoDatabase;
import dev.nlsql.eval.Dataset;
import dev.nlsql.eval.FaultInjectingLlm;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** eval end to end: a small question file on the demo database, with the fault-injecting model in-process. */
class EvalCommandTest {

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
                "-p", "nlsql.llm.baseUrl=" + llm.baseUrl(), "-p", "nlsql.llm.apiKey=k", "-p", "nlsql.cache=false", "--parallel", "2"};
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
            assertTrue(html.contains("<svg") && html.contains("Accuracy by category") && html.contains("Attempts per question"));

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
        String text = runEval("eval", "--url", url, "--dataset", file.toString(), "--limit", "2", "-p", "nlsql.llm=offline");
        assertTrue(text.startsWith("group"), text);
        assertTrue(text.lines().anyMatch(l -> l.matches("all\\s+2\\s+100\\.0%\\s+100\\.0%.*")), text);
    }
}
