package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Await;
import dev.nlsql.testing.TestPostgres;
import java.io.BufferedReader;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proxy's command line as README lists it, run as its own process ({@code java ... ProxyMain}), as users start it:
 * every flag has an effect a client can see, a bad invocation exits with status 2, and the users file
 * ({@code name:password} a line) is what {@code --auth} checks.
 */
class ProxyCommandLineIT {

    @TempDir
    Path dir;

    /** A started proxy process; closing it kills it. */
    record Proxy(Process process, int port, StringBuffer output) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    private static ProcessBuilder command(String... args) {
        return command(List.of(), args);
    }

    private static ProcessBuilder command(List<String> jvmOptions, String... args) {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", classpath, ProxyMain.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true);
    }

    record Exit(int status, String output) {
    }

    /** Runs an invocation that must end by itself. */
    private static Exit exit(String... args) throws Exception {
        Process p = command(args).start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the proxy ended by itself: " + String.join(" ", args));
        return new Exit(p.exitValue(), out.get(10, TimeUnit.SECONDS));
    }

    private static String read(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Starts the proxy on a free port (added as {@code --port}) and waits for its "listening" line. */
    private static Proxy start(String... args) throws Exception {
        return start(List.of(), args);
    }

    /** As above, in a JVM with these options ({@code -Xmx256m}). */
    static Proxy start(List<String> jvmOptions, String... args) throws Exception {
        int port = freePort();
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--port", String.valueOf(port)));
        return started(command(jvmOptions, all.toArray(new String[0])), port);
    }

    /** Starts a proxy process that listens on {@code port} and waits for its "listening" line. */
    static Proxy started(ProcessBuilder command, int port) throws Exception {
        Process p = command.start();
        StringBuffer output = new StringBuffer();
        CompletableFuture<Boolean> listening = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
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
        Proxy proxy = new Proxy(p, port, output);
        if (!listening.get(60, TimeUnit.SECONDS)) {
            proxy.close();
            throw new AssertionError("the proxy did not start: " + output);
        }
        return proxy;
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getString(1);
        }
    }

    private static String url(String host, int port) {
        return "jdbc:postgresql://" + host + ":" + port + "/test?sslmode=disable&connectTimeout=10";
    }

    @Test
    void aBadInvocationExitsWithStatus2() throws Exception {
        String backend = ClientsAsThemselves.url(TestPostgres.url());
        Path users = Files.writeString(dir.resolve("users.txt"), "alice:pw\n");
        String[][] bad = {
            {"--backend", backend, "--no-such-flag"},
            {"--port", "6599"}, // no --backend
            {"--backend", backend, "--port", "not-a-number"},
            {"--backend", backend, "--auth", "kerberos", "--users", users.toString()},
            {"--backend", backend, "--auth", "scram-sha-256"}, // no --users
            {"--backend", backend, "--max-connections", "0"},
            {"--backend", backend, "--login-timeout", "0"},
            {"--backend", backend, "--max-message-bytes", "9999"},
            {"--backend", backend, "--tls-cert", dir.resolve("cert.pem").toString()}, // no --tls-key
            {"--backend", TestPostgres.url()}, // a shared account with --auth trust
        };
        for (String[] args : bad) {
            Exit e = exit(args);
            assertEquals(2, e.status(), String.join(" ", args) + " -> " + e.output());
        }
        Exit kerberos = exit("--backend", backend, "--auth", "kerberos", "--users", users.toString());
        assertTrue(kerberos.output().contains("--auth must be trust, password, md5 or scram-sha-256, not 'kerberos'"), kerberos.output());
        Path broken = Files.writeString(dir.resolve("broken.txt"), "alice:pw\nno colon here\n");
        Exit malformed = exit("--backend", TestPostgres.url(), "--auth", "md5", "--users", broken.toString());
        assertEquals(2, malformed.status(), malformed.output());
        assertTrue(malformed.output().contains("line 2: expected name:password"), malformed.output());
        Exit missing = exit("--backend", TestPostgres.url(), "--auth", "md5", "--users", dir.resolve("absent.txt").toString());
        assertEquals(2, missing.status(), missing.output());
        assertTrue(missing.output().contains("absent.txt does not exist"), missing.output());
        Exit help = exit("--help");
        assertEquals(0, help.status());
        for (String flag : List.of("--backend", "--port", "--listen", "--auth", "--users", "--tls-cert", "--tls-key", "--login-timeout",
                "--max-message-bytes", "--max-connections", "-p", "--source")) {
            assertTrue(help.output().contains(flag), flag + " in --help: " + help.output());
        }
    }

    /**
     * A first run's slips: an unknown option is named before a missing --backend, with the option it likely meant; a
     * mistyped -p name gets the property it likely meant; bad --knowledge values; each exits with status 2.
     */
    @Test
    void aSlipIsNamedWithTheNameItLikelyMeant() throws Exception {
        Exit bogus = exit("--bogus");
        assertEquals(2, bogus.status(), bogus.output());
        assertTrue(bogus.output().startsWith("Unknown option: '--bogus'\n"), bogus.output());
        assertTrue(!bogus.output().contains("Missing required option"), bogus.output());
        Exit backnd = exit("--backnd", "jdbc:postgresql://127.0.0.1:5432/test");
        assertEquals(2, backnd.status(), backnd.output());
        assertTrue(backnd.output().contains("Unknown option") && backnd.output().contains("'--backnd'")
                && backnd.output().contains("did you mean --backend?"), backnd.output());
        String backend = ClientsAsThemselves.url(TestPostgres.url());
        Exit prot = exit("--backend", backend, "--prot=6599");
        assertEquals(2, prot.status(), prot.output());
        assertTrue(prot.output().startsWith("Unknown option: '--prot=6599'; did you mean --port?"), prot.output());
        // without --backend and a bad value elsewhere: still the missing option (there is no unknown one)
        Exit missing = exit("--port", "6599");
        assertTrue(missing.output().startsWith("Missing required option: '--backend"), missing.output());

        Exit typo = exit("--backend", backend, "-p", "nlsql.maxAtempts=3");
        assertEquals(2, typo.status(), typo.output());
        assertTrue(typo.output().startsWith("-p: Unknown property nlsql.maxAtempts; did you mean nlsql.maxAttempts?"), typo.output());
        Exit value = exit("--backend", backend, "-p", "nlsql.maxAttempts=lots");
        assertEquals(2, value.status(), value.output());
        assertTrue(value.output().startsWith("-p: Invalid value 'lots' for nlsql.maxAttempts"), value.output());

        Path k = Files.writeString(dir.resolve("k.yaml"), "instructions: [Be brief.]\n");
        Exit twice = exit("--backend", backend, "--knowledge", k.toString(), "--knowledge", k.toString());
        assertEquals(2, twice.status(), twice.output());
        assertTrue(twice.output().contains("--knowledge FILE (the file for every database) is given twice"), twice.output());
        Exit sameDb = exit("--backend", backend, "--knowledge", "shop=" + k, "--knowledge", "shop=" + k);
        assertEquals(2, sameDb.status(), sameDb.output());
        assertTrue(sameDb.output().contains("database shop is given twice"), sameDb.output());
        Exit unreadable = exit("--backend", backend, "--knowledge", "shop=" + dir.resolve("none.yaml"));
        assertEquals(2, unreadable.status(), unreadable.output());
        assertTrue(unreadable.output().contains("none.yaml cannot be read"), unreadable.output());
    }

    /**
     * --auth scram-sha-256 --users FILE with a shared account: a listed user logs in with its password, a wrong password, an
     * unknown user and a commented-out line get 28P01; --login-timeout, --max-message-bytes and -p take effect.
     */
    @Test
    void theUsersFileAndTheFlagsOfAnAuthenticatingProxy() throws Exception {
        Path users = Files.writeString(dir.resolve("users.txt"),
                "# name:password, one a line\n\nalice:pass:with colon\n#carol:carols pw\nbob:bobs pw\n");
        try (Proxy proxy = start("--backend", TestPostgres.url(), "--listen", "127.0.0.1", "--auth", "scram-sha-256",
                "--users", users.toString(), "--login-timeout", "2", "--max-message-bytes", "20000", "-p", "nlsql.passthrough=readonly",
                "-p", "nlsql.llm=offline")) {
            String url = url("127.0.0.1", proxy.port());
            try (Connection c = DriverManager.getConnection(url, "alice", "pass:with colon")) {
                assertEquals("postgres", one(c, "SELECT current_user"), "the shared account of --backend");
                // -p nlsql.passthrough=readonly: a statement that changes data is refused by nlsql, not run
                SQLException write = assertThrows(SQLException.class, () -> c.createStatement().execute("CREATE TEMP TABLE clm_cli_t (i int)"));
                assertEquals("NL003", write.getSQLState(), write.getMessage());
                // --max-message-bytes 20000: a 15,000-byte query passes, a 30,000-byte one ends the session with 08P01
                assertEquals(15_000, one(c, "SELECT '" + "x".repeat(15_000) + "'").length());
                SQLException big = assertThrows(SQLException.class, () -> one(c, "SELECT '" + "x".repeat(30_000) + "'"));
                assertEquals("08P01", big.getSQLState(), big.getMessage());
            }
            try (Connection c = DriverManager.getConnection(url, "bob", "bobs pw")) {
                assertEquals("42", one(c, "SELECT 42"));
            }
            assertEquals("28P01", assertThrows(SQLException.class, () -> DriverManager.getConnection(url, "alice", "pass")).getSQLState());
            assertEquals("28P01", assertThrows(SQLException.class, () -> DriverManager.getConnection(url, "carol", "carols pw")).getSQLState());
            assertEquals("28P01", assertThrows(SQLException.class, () -> DriverManager.getConnection(url, "mallory", "bobs pw")).getSQLState());
            // --login-timeout 2: a client that says nothing is cut off after about 2 s
            try (Socket idle = new Socket("127.0.0.1", proxy.port())) {
                idle.setSoTimeout(15_000);
                long t0 = System.nanoTime();
                assertEquals(-1, idle.getInputStream().read(), "closed without a word");
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms >= 1_500 && ms < 10_000, "cut after " + ms + " ms");
            }
            // no TLS without --tls-cert: a client that requires it is refused
            SQLException noTls = assertThrows(SQLException.class,
                    () -> DriverManager.getConnection(url.replace("sslmode=disable", "sslmode=require"), "bob", "bobs pw"));
            assertEquals("08004", noTls.getSQLState(), noTls.getMessage());
        }
    }

    /**
     * --listen, --port, --max-connections and --tls-cert/--tls-key of a proxy where each client logs in as itself:
     * it answers on the address it was given only, session N+1 gets 53300 while N are open, and TLS is offered.
     */
    @Test
    void listenMaxConnectionsAndTls() throws Exception {
        Process cert = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out",
                "cert.pem", "-days", "1", "-subj", "/CN=localhost").directory(dir.toFile()).redirectErrorStream(true).start();
        String certOut = read(cert.getInputStream());
        assertTrue(cert.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, cert.exitValue(), certOut);
        try (Proxy proxy = start("--backend", ClientsAsThemselves.url(TestPostgres.url()), "--listen", "127.0.0.2",
                "--max-connections", "2", "--tls-cert", dir.resolve("cert.pem").toString(), "--tls-key", dir.resolve("key.pem").toString(),
                "-p", "nlsql.llm=offline")) {
            assertTrue(proxy.output().toString().contains("listening on 127.0.0.2:" + proxy.port()), proxy.output().toString());
            String url = url("127.0.0.2", proxy.port()) + "&user=postgres";
            SQLException elsewhere = assertThrows(SQLException.class, () -> DriverManager.getConnection(url("127.0.0.1", proxy.port()) + "&user=postgres"));
            assertEquals("08001", elsewhere.getSQLState(), "nothing listens on 127.0.0.1: " + elsewhere.getMessage());

            try (Connection first = DriverManager.getConnection(url.replace("sslmode=disable", "sslmode=require"));
                    Connection second = DriverManager.getConnection(url)) {
                assertEquals("postgres", one(first, "SELECT current_user"), "over TLS");
                assertEquals("postgres", one(second, "SELECT current_user"));
                SQLException third = assertThrows(SQLException.class, () -> DriverManager.getConnection(url));
                assertEquals("53300", third.getSQLState(), third.getMessage());
            }
            // the sessions are counted, not used up: once they are closed a new one gets in
            Connection[] again = {null};
            Await.until("a session to be free again", Duration.ofSeconds(5), () -> {
                try {
                    again[0] = DriverManager.getConnection(url);
                    return true;
                } catch (SQLException e) {
                    assertEquals("53300", e.getSQLState(), e.getMessage());
                    return false;
                }
            });
            try (Connection c = again[0]) {
                assertEquals("1", one(c, "SELECT 1"));
            }
        }
    }
}
