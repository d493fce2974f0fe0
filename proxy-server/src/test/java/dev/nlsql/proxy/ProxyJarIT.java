package dev.nlsql.proxy;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shipped jar ({@code java -jar nlsql-proxy.jar}), not the test class path: a plan that joins two databases in
 * the local engine works through it, so the jar carries what the local engine needs (H2; it did not, and every local
 * join and fallback analysis from the jar failed while the tests, with H2 on their class path, passed). The databases
 * and the plan are {@link SourcesThroughProxyIT}'s.
 */
class ProxyJarIT {

    @BeforeAll
    static void databases() throws Exception {
        SourcesThroughProxyIT.databases();
    }

    @AfterAll
    static void drop() throws Exception {
        SourcesThroughProxyIT.drop();
    }

    @Test
    void theJarJoinsTwoDatabasesInTheLocalEngine() throws Exception {
        Path jar = Path.of(System.getProperty("nlsql.proxyJar", "target/nlsql-proxy.jar"));
        assertTrue(Files.isRegularFile(jar), "built: " + jar);
        int port = ProxyCommandLineIT.freePort();
        try (FakeOpenAi llm = new FakeOpenAi(answer(SourcesThroughProxyIT.JOIN_PLAN));
                ProxyCommandLineIT.Proxy proxy = ProxyCommandLineIT.started(new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString(),
                        "--backend", ClientsAsThemselves.url(TestPostgres.url()), "--port", String.valueOf(port),
                        "--source", "acc=" + SourcesThroughProxyIT.accUrl, "-p", "nlsql.llm=openai", "-p", "nlsql.llm.baseUrl=" + llm.baseUrl(),
                        "-p", "nlsql.llm.apiKey=test-key", "-p", "nlsql.llm.model=fake", "-p", "nlsql.cache=false").redirectErrorStream(true), port)) {
            ClientIdentityIT.Psql asked = ClientIdentityIT.psql(port, "postgres", SourcesThroughProxyIT.MAIN_DB, Map.of(), "-At", "-c",
                    SourcesThroughProxyIT.QUESTION);
            assertEquals(0, asked.status(), asked.err() + "\n" + proxy.output());
            assertEquals(List.of("Bob|300.00", "Ada|150.50"), asked.out().strip().lines().toList(), asked.err());
            assertTrue(asked.err().contains(" on sources main, acc, local"), asked.err());
        }
    }
}
