package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.CapturedLog;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets never leave through the command line: a canary password and API key in the LLM's base URL
 * (an unreachable server, so every question ends in NL004) and in the database URL, through {@code ask},
 * {@code ask --json}, {@code ask --verbose} (stack traces and the attempt log), {@code shell}, and
 * {@code eval}'s text, JSON and HTML reports; none of them shows it.
 */
class SecretsInOutputIT {

    private static final String CANARY = "Kanarie7s3cr3t";

    @TempDir
    Path dir;

    @Test
    void theCanaryAppearsInNoOutputReportOrLog() throws Exception {
        int closed = FakeOpenAi.closedPort();
        String baseUrl = "http://app:" + CANARY + "@127.0.0.1:" + closed + "/v1?api-key=" + CANARY;
        String url = TestPostgres.withParams(TestPostgres.nlUrl(), "nlsql.llm=openai", "nlsql.llm.model=fake", "nlsql.cache=false");
        String[] llm = {"--url", url, "-p", "nlsql.llm.baseUrl=" + baseUrl};
        String question = "how many tables are there?";
        StringBuilder seen = new StringBuilder();
        String log;
        try (CapturedLog captured = new CapturedLog()) {
            Cli.Run json = Cli.run(concat(new String[] {"ask", "--json"}, llm, question));
            assertEquals(1, json.status(), json.out() + json.err());
            assertTrue(json.out().contains("NL004") && json.out().contains("127.0.0.1:" + closed), json.out());
            seen.append(json.out()).append(json.err());
            Cli.Run plain = Cli.run(concat(new String[] {"ask", "--verbose"}, llm, question));
            assertTrue(plain.err().contains("NL004"), plain.err());
            seen.append(plain.out()).append(plain.err());
            Cli.Run shell = Cli.withInput(question + "\n", concat(new String[] {"shell"}, llm));
            seen.append(shell.out()).append(shell.err());

            Path questions = dir.resolve("q.jsonl");
            Files.writeString(questions, "{\"question\": \"" + question + "\", \"gold_sql\": \"SELECT 1\"}\n");
            Path html = dir.resolve("report.html");
            for (String format : new String[] {"--verbose", "--json"}) {
                Cli.Run eval = Cli.run("eval", "--url", TestPostgres.withParams(url, "password=" + CANARY), "--dataset",
                        questions.toString(), "--html", html.toString(), format, "-p", "nlsql.llm.baseUrl=" + baseUrl);
                seen.append(eval.out()).append(eval.err()).append(Files.readString(html));
                assertTrue(eval.out().contains("127.0.0.1:" + closed), eval.out());
            }
            log = captured.text();
        }
        assertFalse(seen.toString().contains(CANARY), "a secret was printed:\n" + seen);
        assertFalse(log.contains(CANARY), "a secret reached the log:\n" + log);
    }

    private static String[] concat(String[] head, String[] middle, String... tail) {
        String[] all = new String[head.length + middle.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(middle, 0, all, head.length, middle.length);
        System.arraycopy(tail, 0, all, head.length + middle.length, tail.length);
        return all;
    }
}
