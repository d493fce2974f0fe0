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
 * and the plan are {@link SourcesThroughProxyTest}'s.
 */
class ProxyJarIT {

    @BeforeAll
    static void databases() throws Exception {
        SourcesThroughProxyTest.databases();
    }

    @AfterAll
    static void drop() throws Exception {
        SourcesThroughProxyTest.drop();
    }

    @Test
    void theJarJoinsTwoDatabasesInTheLocalEngine() throws Exception {
        Path jar = Path.of(System.getProperty("nlsql.proxyJar", "target/nlsql-proxy.jar"));
        assertTrue(Files.isRegularFile(jar), "built: " + jar);
        int port = ProxyCommandLineTest.freePort();
        try (FakeOpenAi llm = new FakeOpenAi(answer(SourcesThroughProxyTest.JOIN_PLAN));
                ProxyCommandLineTest.Proxy proxy = ProxyCommandLineTest.started(new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString(),
                        "--backend", ClientsAsThemselves.url(TestPostgres.url()), "--port", String.valueOf(port),
                        "--source", "acc=" + SourcesThroughProxyTest.accUrl, "-p", "nlsql.llm=openai", "-p", "nlsql.llm.baseUrl=" + llm.baseUrl(),
                        "-p", "nlsql.llm.apiKey=test-key", "-p", "nlsql.llm.model=fake", "-p", "nlsql.cache=false").redirectErrorStream(true), port)) {
            ClientIdentityTest.Psql asked = ClientIdentityTest.psql(port, "postgres", SourcesThroughProxyTest.MAIN_DB, Map.of(), "-At", "-c",
                    SourcesThroughProxyTest.QUESTION);
            assertEquals(0, asked.status(), asked.err() + "\n" + proxy.output());
            assertEquals(List.of("Bob|300.00", "Ada|150.50"), asked.out().strip().lines().toList(), asked.err());
            assertTrue(asked.err().contains(" on sources main, acc, local"), asked.err());
        }
    }
}
