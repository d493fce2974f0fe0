package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real clients other than Java: node-postgres, psycopg2, pgbench, and psql over TLS. .ci/run installs them. */
class PostgresClientsIT {

    private static final Path CLIENTS = Path.of("src/test/clients").toAbsolutePath();
    static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS clients_demo");
            s.execute("CREATE TABLE clients_demo (id int PRIMARY KEY, name text, qty int)");
            s.execute("INSERT INTO clients_demo VALUES (1, 'item 1', 1), (2, 'item 2', 2), (3, 'item 3', 3)");
        }
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline", "nlsql.cache", "false"), 50);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS clients_demo");
        }
    }

    record Run(int status, String out) {
    }

    static Run run(Path dir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        boolean done = p.waitFor(120, TimeUnit.SECONDS);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(done, "finished: " + String.join(" ", command) + "\n" + out);
        return new Run(p.exitValue(), out);
    }

    @Test
    void nodePostgres() throws Exception {
        Path dir = CLIENTS.resolve("node");
        if (!Files.isDirectory(dir.resolve("node_modules/pg-query-stream"))) {
            assertEquals(0, run(dir, Map.of(), "npm", "install", "--no-audit", "--no-fund").status(), "npm install pg, pg-cursor, pg-query-stream");
        }
        Run r = run(dir, Map.of(), "node", "client.js", String.valueOf(server.port()));
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("node-postgres ok"), r.out());
    }

    @Test
    void psycopg2() throws Exception {
        // Debian's python3-psycopg2 belongs to Debian's interpreter, whatever python3 is first on PATH
        String python = Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
        Run r = run(CLIENTS, Map.of(), python, "psycopg2_client.py", String.valueOf(server.port()));
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("psycopg2 ok"), r.out());
    }

    @Test
    void pgbenchSelectOnlyInSimpleAndExtendedMode() throws Exception {
        TestPostgres.createDatabaseIfMissing("nlsql_pgbench");
        Run init = run(CLIENTS, Map.of(), "pgbench", "-i", "-s", "1", "-q", "-h", "127.0.0.1", "-U", "postgres", "nlsql_pgbench");
        assertEquals(0, init.status(), init.out());
        try (PgServer bench = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.urlOf("nlsql_pgbench")), "127.0.0.1", 0, ProxyConfig.Auth.TRUST,
                Users.of(Map.of()), Map.of(), 20, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null).start()) {
            for (String mode : List.of("simple", "extended")) {
                long relayedBefore = bench.relayLoop().relayedQueries();
                Run r = run(CLIENTS, Map.of(), "pgbench", "-S", "-M", mode, "-c", "4", "-j", "2", "-T", "3", "-h", "127.0.0.1", "-p",
                        String.valueOf(bench.port()), "-U", "postgres", "nlsql_pgbench");
                assertEquals(0, r.status(), mode + ":\n" + r.out());
                assertTrue(r.out().contains("number of failed transactions: 0"), mode + ":\n" + r.out());
                java.util.regex.Matcher processed = java.util.regex.Pattern.compile("actually processed: (\\d+)").matcher(r.out());
                assertTrue(processed.find(), r.out());
                long relayed = bench.relayLoop().relayedQueries() - relayedBefore;
                // each client's first query (-M extended: its first unnamed batch) is relayed by its session's thread,
                // which then parks it in the loop
                assertTrue(relayed >= Long.parseLong(processed.group(1)) - 4, mode + ": " + relayed + " relayed by the loop:\n" + r.out());
            }
        }
    }

    @Test
    void psqlOverTls(@TempDir Path dir) throws Exception {
        Run cert = run(dir, Map.of(), "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out",
                "cert.pem", "-days", "1", "-subj", "/CN=localhost");
        assertEquals(0, cert.status(), cert.out());
        try (PgServer tls = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.url()), "127.0.0.1", 0, ProxyConfig.Auth.TRUST, Users.of(Map.of()),
                Map.of(), 5, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), Tls.context(dir.resolve("cert.pem"), dir.resolve("key.pem"))).start()) {
            Run r = run(dir, Map.of("PGSSLMODE", "require"), "psql", "-X", "-h", "127.0.0.1", "-p", String.valueOf(tls.port()), "-U",
                    "postgres", "-d", "test", "-c", "\\conninfo", "-c", "SELECT 'over tls' AS t");
            assertEquals(0, r.status(), r.out());
            assertTrue(r.out().contains("SSL connection"), r.out());
            assertTrue(r.out().contains("over tls"), r.out());
        }
    }
}
