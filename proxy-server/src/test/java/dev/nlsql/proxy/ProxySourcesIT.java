package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code --source name=URL} (DESIGN "Several databases in one question"): checked at start like the other flags (exit
 * status 2), passed to every client's backend connection as {@code nlsql.source.<name>=URL} as -p properties are, and a
 * client's relayed password serves the backend and the sources it opens during the login without asking the client twice.
 */
class ProxySourcesIT {

    private static final String SOURCE = "jdbc:postgresql://127.0.0.1:5432/accounts?user=app&password=p%26w";

    /** Runs the command line in-process up to its configuration; only bad invocations end there. */
    private static String[] badInvocation(String... args) {
        ProxyMain main = new ProxyMain();
        CommandLine cli = new CommandLine(main);
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err, true));
        int status = cli.execute(args);
        return new String[] {String.valueOf(status), err.toString()};
    }

    @Test
    void aMalformedSourceIsABadInvocation() {
        String backend = ClientsAsThemselves.url(TestPostgres.url());
        String[][] bad = {
            {"--source", "accounts", "--source takes name=URL"},
            {"--source", "=jdbc:postgresql://h/db", "a source is named by a letter or _"},
            {"--source", "9lives=jdbc:postgresql://h/db", "a source is named by a letter or _"},
            {"--source", "a.b=jdbc:postgresql://h/db", "a source is named by a letter or _"},
            {"--source", "main=jdbc:postgresql://h/db", "not main or local"},
            {"--source", "b=jdbc:nlsql:postgresql://h/db", "--source b: give the database's own JDBC URL"},
            {"--source", "b=postgres://h/db?password=hunter2", "--source b must be a JDBC URL"},
            {"-p", "nlsql.source.local=jdbc:postgresql://h/db", "-p nlsql.source.local: a source is named"},
        };
        for (String[] b : bad) {
            String[] r = badInvocation("--backend", backend, b[0], b[1]);
            assertEquals("2", r[0], b[1] + " -> " + r[1]);
            assertTrue(r[1].contains(b[2]), b[1] + " -> " + r[1]);
            assertFalse(r[1].contains("hunter2"), "a password in a bad source is masked: " + r[1]);
        }
        String[] twice = badInvocation("--backend", backend, "-p", "nlsql.source.B=jdbc:postgresql://h/one", "--source", "b=jdbc:postgresql://h/two");
        assertEquals("2", twice[0], twice[1]);
        assertTrue(twice[1].contains("source b is given twice"), twice[1]);
        // beside a shared account, a source without a user would log in as its driver's default account: refused
        String[] sharedNoUser = badInvocation("--backend", TestPostgres.url(), "--auth", "scram-sha-256", "--users", "/dev/null",
                "--source", "b=" + ClientsAsThemselves.url(TestPostgres.url()));
        assertEquals("2", sharedNoUser[0], sharedNoUser[1]);
        assertTrue(sharedNoUser[1].contains("source b must name its user too"), sharedNoUser[1]);
    }

    @Test
    void aSourceBecomesAnEngineProperty() {
        ProxyMain main = new ProxyMain();
        new CommandLine(main).parseArgs("--backend", ClientsAsThemselves.url(TestPostgres.url()), "-p", "nlsql.llm=offline",
                "--source", "Accounts=" + SOURCE, "--source", "hr=jdbc:mariadb://127.0.0.1:3306/hr");
        ProxyConfig config = main.config();
        assertEquals(Map.of("nlsql.llm", "offline", "nlsql.source.accounts", SOURCE, "nlsql.source.hr", "jdbc:mariadb://127.0.0.1:3306/hr"),
                config.nlProperties());
        // a shared account with sources that name their user is fine
        assertNull(new ProxyConfig(TestPostgres.url(), "127.0.0.1", 0, ProxyConfig.Auth.SCRAM_SHA_256, Users.of(Map.of()),
                ProxyConfig.withSources(Map.of(), List.of("b=" + SOURCE)), 5, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES).refusal());
        assertThrows(IllegalArgumentException.class, () -> new PgServer(new ProxyConfig(TestPostgres.url(), "127.0.0.1", 0,
                ProxyConfig.Auth.SCRAM_SHA_256, Users.of(Map.of()), ProxyConfig.withSources(Map.of(), List.of("b=jdbc:postgresql://h/db")), 5,
                ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null));
    }

    /**
     * End to end: the allow-list names source b ({@code b:public.*}), which the engine accepts only on a connection that has
     * a source b. With --source b the client's backend connection opens; without it the same login fails with 22023.
     */
    @Test
    void theSourceReachesEachClientsBackendConnection() throws Exception {
        Map<String, String> engine = ProxyConfig.withSources(Map.of("nlsql.llm", "offline", "nlsql.tables", "b:public.*"),
                List.of("b=" + TestPostgres.url()));
        try (PgServer proxy = ClientsAsThemselves.proxy(engine, 5)) {
            String url = "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/test?user=postgres&sslmode=disable";
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 40 + 2")) {
                assertTrue(rs.next());
                assertEquals(42, rs.getInt(1));
            }
        }
        try (PgServer proxy = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline", "nlsql.tables", "b:public.*"), 5)) {
            String url = "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/test?user=postgres&sslmode=disable";
            SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url).close());
            assertTrue(e.getMessage().contains("not attached"), e.getMessage());
        }
    }

    /**
     * Under --auth trust the database may ask for the client's password for the backend and again for each source opened
     * during the login: the client is asked once, every later ask gets the same password, and it is forgotten when the
     * login ends (a later ask would go to the client again).
     */
    @Test
    void theRelayedPasswordServesEveryLoginOfTheSessionButIsAskedOnce() throws Exception {
        PgServer server = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.url()), "127.0.0.1", 0, ProxyConfig.Auth.TRUST,
                Users.of(Map.of()), Map.of(), 5, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null);
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
                Socket accepted = listener.accept()) {
            client.setSoTimeout(10_000);
            ClientLogin login = new ClientLogin(server.host(), ClientConnection.of(accepted));
            DataInputStream fromProxy = new DataInputStream(client.getInputStream());
            DataOutputStream toProxy = new DataOutputStream(client.getOutputStream());

            CompletableFuture<char[]> backend = CompletableFuture.supplyAsync(() -> ask(login));
            answerPasswordRequest(fromProxy, toProxy, "pw one");
            assertArrayEquals("pw one".toCharArray(), backend.get(10, TimeUnit.SECONDS));
            char[] source = CompletableFuture.supplyAsync(() -> ask(login)).get(10, TimeUnit.SECONDS);
            assertArrayEquals("pw one".toCharArray(), source, "the source's login gets the password the client gave");
            assertEquals(0, fromProxy.available(), "the client was not asked again");

            login.forgetRelayedPassword();
            CompletableFuture<char[]> later = CompletableFuture.supplyAsync(() -> ask(login));
            answerPasswordRequest(fromProxy, toProxy, "pw two");
            assertArrayEquals("pw two".toCharArray(), later.get(10, TimeUnit.SECONDS), "forgotten after the login: asked again");
        }
    }

    private static char[] ask(ClientLogin login) {
        try {
            return login.backendAsksPassword();
        } catch (org.postgresql.util.PSQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads one AuthenticationCleartextPassword ('R', 8, 3) and answers with a PasswordMessage. */
    private static void answerPasswordRequest(DataInputStream in, DataOutputStream out, String password) throws Exception {
        assertEquals('R', in.readByte());
        assertEquals(8, in.readInt());
        assertEquals(3, in.readInt());
        byte[] pw = password.getBytes(StandardCharsets.UTF_8);
        out.writeByte('p');
        out.writeInt(4 + pw.length + 1);
        out.write(pw);
        out.writeByte(0);
        out.flush();
    }
}
