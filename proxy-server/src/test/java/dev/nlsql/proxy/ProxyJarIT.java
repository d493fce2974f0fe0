package dev.nlsql.proxy;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shipped jar ({@code java -jar nlsql-proxy.jar}), not the test class path: a plan that joins two databases in
 * the local engine works through it, so the jar carries what the local engine needs (H2; it did not, and every local
 * join and fallback analysis from the jar failed while the tests, with H2 on their class path, passed).
 */
class ProxyJarIT {

    private static final String MAIN_DB = "nlsql_jar_main";
    private static final String ACC_DB = "nlsql_jar_acc";
    private static String accUrl;
    private static final String PLAN = """
            {"answerable": true, "steps": [
              {"purpose": "customers", "source": "main", "sql": "SELECT id, name FROM jar_customers"},
              {"purpose": "balances", "source": "acc", "sql": "SELECT customer_id, balance FROM jar_accounts"},
              {"purpose": "top 2", "source": "local", "sql": "SELECT step1.name, sum(step2.balance) AS total FROM step1 JOIN step2 ON step1.id = step2.customer_id GROUP BY step1.name ORDER BY total DESC LIMIT 2"}
            ]}""";

    @BeforeAll
    static void databases() throws Exception {
        TestPostgres.database(MAIN_DB, "DROP TABLE IF EXISTS jar_customers", "CREATE TABLE jar_customers (id int PRIMARY KEY, name text)",
                "INSERT INTO jar_customers VALUES (1, 'Ada'), (2, 'Bob'), (3, 'Cy')");
        accUrl = TestPostgres.database(ACC_DB, "DROP TABLE IF EXISTS jar_accounts",
                "CREATE TABLE jar_accounts (id int PRIMARY KEY, customer_id int, balance numeric(12,2))",
                "INSERT INTO jar_accounts VALUES (10, 1, 100.50), (11, 1, 50), (12, 2, 300), (13, 3, 20)");
    }

    @AfterAll
    static void drop() throws Exception {
        TestPostgres.dropDatabase(MAIN_DB);
        TestPostgres.dropDatabase(ACC_DB);
    }

    @Test
    void theJarJoinsTwoDatabasesInTheLocalEngine() throws Exception {
        Path jar = Path.of(System.getProperty("nlsql.proxyJar", "target/nlsql-proxy.jar"));
        assertTrue(Files.isRegularFile(jar), "built: " + jar);
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        try (FakeOpenAi llm = new FakeOpenAi(answer(PLAN))) {
            Process proxy = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString(),
                    "--backend", ClientsAsThemselves.url(TestPostgres.url()), "--port", String.valueOf(port), "--source", "acc=" + accUrl,
                    "-p", "nlsql.llm=openai", "-p", "nlsql.llm.baseUrl=" + llm.baseUrl(), "-p", "nlsql.llm.apiKey=test-key",
                    "-p", "nlsql.llm.model=fake", "-p", "nlsql.cache=false").redirectErrorStream(true).start();
            try {
                StringBuffer output = new StringBuffer();
                CompletableFuture<Boolean> listening = new CompletableFuture<>();
                Thread reader = new Thread(() -> {
                    try (BufferedReader r = new BufferedReader(new InputStreamReader(proxy.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = r.readLine()) != null; ) {
                            output.append(line).append('\n');
                            if (line.startsWith("nlsql proxy listening on ")) {
                                listening.complete(true);
                            }
                        }
                    } catch (IOException ignored) {
                        // the process ended
                    }
                    listening.complete(false);
                });
                reader.setDaemon(true);
                reader.start();
                assertTrue(listening.get(60, TimeUnit.SECONDS), "the jar's proxy listens: " + output);
                ClientIdentityTest.Psql asked = ClientIdentityTest.psql(port, "postgres", MAIN_DB, Map.of(), "-At", "-c",
                        "top 2 customers by account balance");
                assertEquals(0, asked.status(), asked.err() + "\n" + output);
                assertEquals(List.of("Bob|300.00", "Ada|150.50"), asked.out().strip().lines().toList(), asked.err());
                assertTrue(asked.err().contains(" on sources main, acc, local"), asked.err());
            } finally {
                proxy.destroy();
                if (!proxy.waitFor(10, TimeUnit.SECONDS)) {
                    proxy.destroyForcibly();
                }
            }
        }
    }
}
