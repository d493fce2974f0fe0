package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Prerequisite;
import dev.nlsql.testing.TestPostgres;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;
import picocli.CommandLine;

/**
 * With a backend URL that names no user, every client logs in to PostgreSQL as itself: its own role, its own
 * database, its own password when the server asks, so PostgreSQL's roles and grants decide what it may do.
 */
class ClientIdentityIT {

    private static final String DATABASE = "nlsql_identity";
    private static final String PLAIN = "nlsql_id_plain";
    private static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        TestPostgres.createDatabaseIfMissing(DATABASE);
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(DATABASE)); Statement s = c.createStatement()) {
            s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + PLAIN + "') THEN CREATE ROLE "
                    + PLAIN + " LOGIN; END IF; END $$");
            s.execute("DROP TABLE IF EXISTS id_items");
            s.execute("CREATE TABLE id_items (id int PRIMARY KEY, name text)");
            s.execute("INSERT INTO id_items VALUES (1, 'lamp'), (2, 'desk'), (3, 'chair')");
            s.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC"); // as PostgreSQL 15 makes it
        }
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline"), 20);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        TestPostgres.dropDatabase(DATABASE);
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP ROLE IF EXISTS " + PLAIN);
        }
    }

    private static Connection client(String user, String database) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/" + database + "?user=" + user
                + "&connectTimeout=10");
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getString(1);
        }
    }

    @Test
    void eachClientIsItsOwnRoleInItsOwnDatabase() throws Exception {
        try (Connection c = client(PLAIN, DATABASE)) {
            assertEquals(PLAIN + "|" + PLAIN + "|" + DATABASE, one(c, "SELECT current_user || '|' || session_user || '|' || current_database()"));
            assertEquals("off", one(c, "SHOW is_superuser"));
            assertEquals("off", c.unwrap(PGConnection.class).getParameterStatus("is_superuser"), "the backend's own report");
            assertEquals(PLAIN, c.unwrap(PGConnection.class).getParameterStatus("session_authorization"));
        }
        try (Connection c = client("postgres", "test")) {
            assertEquals("postgres|test", one(c, "SELECT current_user || '|' || current_database()"));
            assertEquals(String.valueOf(c.unwrap(PGConnection.class).getBackendPID()), one(c, "SELECT pg_backend_pid()"),
                    "the process id the client was told is its backend's, as pg_cancel_backend and notifications name it");
            assertEquals("on", one(c, "SHOW is_superuser"));
            assertEquals("on", c.unwrap(PGConnection.class).getParameterStatus("is_superuser"));
        }
    }

    @Test
    void aRoleWithoutPrivilegesCannotWriteThroughTheProxy() throws Exception {
        try (Connection c = client(PLAIN, DATABASE); Statement s = c.createStatement()) {
            for (String sql : List.of("CREATE TABLE public.id_mine (x int)", "DROP TABLE id_items", "DELETE FROM id_items",
                    "UPDATE id_items SET name = 'x'", "ALTER ROLE " + PLAIN + " SUPERUSER", "SELECT * FROM id_items")) {
                SQLException e = assertThrows(SQLException.class, () -> s.execute(sql), sql);
                assertEquals("42501", e.getSQLState(), sql + ": " + e.getMessage());
            }
        }
        Psql psql = psql(server.port(), PLAIN, DATABASE, Map.of(), "-c", "DELETE FROM id_items");
        assertNotEquals(0, psql.status());
        assertTrue(psql.err().contains("permission denied for table id_items"), psql.err());
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(DATABASE))) {
            assertEquals("3", one(c, "SELECT count(*) FROM id_items"), "PostgreSQL still holds every row");
            assertEquals("false", one(c, "SELECT rolsuper::text FROM pg_roles WHERE rolname = '" + PLAIN + "'"));
            assertEquals("0", one(c, "SELECT count(*) FROM pg_class WHERE relname = 'id_mine'"));
        }
    }

    @Test
    void anUnknownRoleOrDatabaseGetsPostgresOwnFatal() throws Exception {
        SQLException role = assertThrows(SQLException.class, () -> client("nlsql_id_nobody", DATABASE).close());
        assertEquals("28000", role.getSQLState());
        assertTrue(role.getMessage().contains("role \"nlsql_id_nobody\" does not exist"), role.getMessage());
        SQLException db = assertThrows(SQLException.class, () -> client("postgres", "nlsql_id_nodb").close());
        assertEquals("3D000", db.getSQLState());
        assertTrue(db.getMessage().contains("database \"nlsql_id_nodb\" does not exist"), db.getMessage());

        Psql psql = psql(server.port(), "nlsql_id_nobody", DATABASE, Map.of(), "-c", "SELECT 1");
        assertEquals(2, psql.status(), "psql's status for a refused connection");
        assertTrue(psql.err().contains("FATAL:  role \"nlsql_id_nobody\" does not exist"), psql.err());
    }

    @Test
    void aSharedAccountIsRefusedWithTrust() {
        ProxyConfig shared = new ProxyConfig(TestPostgres.url(), "127.0.0.1", 0, ProxyConfig.Auth.TRUST, Users.of(Map.of()), Map.of(), 5,
                ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES);
        assertTrue(shared.sharedAccount());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PgServer(shared, null));
        assertTrue(e.getMessage().contains("--auth trust"), e.getMessage());
        java.io.StringWriter err = new java.io.StringWriter();
        CommandLine cli = new CommandLine(new ProxyMain()).setErr(new java.io.PrintWriter(err));
        assertEquals(2, cli.execute("--backend", TestPostgres.url(), "--port", "0"));
        assertTrue(err.toString().replaceAll("\\s+", " ").contains("every client would act as that account"), err.toString());
        // with authentication the shared account is allowed
        assertFalse(new ProxyConfig(TestPostgres.url(), "127.0.0.1", 0, ProxyConfig.Auth.SCRAM_SHA_256, Users.of(Map.of()), Map.of(), 5,
                ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES).refusal() != null);
    }

    @Test
    void aPasswordInTheBackendUrlNeverReachesTheLog() {
        ProxyConfig c = new ProxyConfig("jdbc:postgresql://db/app?user=app&password=hunter2&ssl=true", "127.0.0.1", 0,
                ProxyConfig.Auth.SCRAM_SHA_256, Users.of(Map.of()), Map.of(), 5, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES);
        assertEquals("jdbc:postgresql://db/app?user=app&password=****&ssl=true", c.backendForLogs());
    }

    @Test
    void theClientsDatabaseReplacesTheUrlsOwn() {
        assertEquals("jdbc:nlsql:postgresql://h:1,h2:2/other%20db?ssl=true",
                PgServer.withDatabase("jdbc:nlsql:postgresql://h:1,h2:2/test?ssl=true", "other db"));
        assertEquals("jdbc:nlsql:postgresql://h/x", PgServer.withDatabase("jdbc:nlsql:postgresql://h", "x"));
        assertEquals("jdbc:nlsql:postgresql:x?a=b", PgServer.withDatabase("jdbc:nlsql:postgresql:test?a=b", "x"));
    }

    /**
     * A server that asks for a password: the proxy asks the client, relays what it gives, and PostgreSQL decides; the
     * password crosses only from this machine or over TLS (clients from elsewhere: {@link OffLoopbackIdentityIT}).
     * Needs a throwaway cluster (root, as CI runs).
     */
    @Test
    void theClientsPasswordIsRelayedWhenTheServerAsks(@TempDir Path dir) throws Exception {
        Prerequisite.require(ScratchCluster.available(), () -> "a scratch cluster (root and postgresql-common): " + ScratchCluster.missing());
        try (ScratchCluster cluster = ScratchCluster.askingForPassword("nlsql_identity_pw", 5441, "nlsql_pw", "pw secret")) {
            try (PgServer proxy = new PgServer(new ProxyConfig(ClientsAsThemselves.url(cluster.jdbcUrl()), "127.0.0.1", 0,
                    ProxyConfig.Auth.TRUST, Users.of(Map.of()), Map.of("nlsql.llm", "offline"), 10, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES, 3),
                    selfSignedTls(dir)).start()) {
                String url = "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/postgres?sslmode=disable&connectTimeout=10";
                try (Connection c = DriverManager.getConnection(url, "nlsql_pw", "pw secret")) {
                    assertEquals("nlsql_pw", one(c, "SELECT current_user"));
                }
                SQLException wrong = assertThrows(SQLException.class, () -> DriverManager.getConnection(url, "nlsql_pw", "wrong").close());
                assertEquals("28P01", wrong.getSQLState(), "PostgreSQL's own verdict: " + wrong.getMessage());
                SQLException none = assertThrows(SQLException.class, () -> DriverManager.getConnection(url + "&user=nlsql_pw").close());
                assertEquals("08004", none.getSQLState(), "pgjdbc was asked for a password it does not have: " + none.getMessage());
                try (Connection c = DriverManager.getConnection(url + "&user=postgres")) {
                    assertEquals("postgres", one(c, "SELECT current_user"), "a role the server trusts is never asked");
                }

                Psql psql = psql(proxy.port(), "nlsql_pw", "postgres", Map.of("PGPASSWORD", "pw secret"), "-At", "-c", "SELECT current_user");
                assertEquals(0, psql.status(), psql.err());
                assertEquals("nlsql_pw", psql.out().strip());
                Psql bad = psql(proxy.port(), "nlsql_pw", "postgres", Map.of("PGPASSWORD", "nope"), "-c", "SELECT 1");
                assertTrue(bad.err().contains("password authentication failed for user \"nlsql_pw\""), bad.err());

                // a client that never answers the password request is cut at the login timeout (3 s here)
                try (Socket raw = new Socket("127.0.0.1", proxy.port())) {
                    raw.setSoTimeout(15_000);
                    raw.getOutputStream().write(startupPacket("nlsql_pw", "postgres"));
                    DataInputStream in = new DataInputStream(raw.getInputStream());
                    assertEquals('R', in.readByte());
                    in.readInt();
                    assertEquals(3, in.readInt(), "AuthenticationCleartextPassword");
                    long start = System.nanoTime();
                    assertEquals(-1, drain(raw.getInputStream()), "the proxy closed the connection");
                    assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 10_000, "closed at the login timeout");
                }
            }
        }
    }

    // ---- helpers ----

    /** A TLS context with a fresh self-signed certificate for localhost, made by openssl in {@code dir}. */
    static javax.net.ssl.SSLContext selfSignedTls(Path dir) throws Exception {
        Psql cert = run(dir, Map.of(), "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out",
                "cert.pem", "-days", "1", "-subj", "/CN=localhost");
        assertEquals(0, cert.status(), cert.err());
        return Tls.context(dir.resolve("cert.pem"), dir.resolve("key.pem"));
    }

    private static int drain(InputStream in) throws IOException {
        int b;
        while ((b = in.read()) >= 0) {
            // whatever the proxy sends before closing
        }
        return b;
    }

    static byte[] startupPacket(String user, String database) {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        body.writeBytes(new byte[] {0, 3, 0, 0});
        for (String s : List.of("user", user, "database", database, "")) {
            body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            body.write(0);
        }
        int length = body.size() + 4;
        java.io.ByteArrayOutputStream m = new java.io.ByteArrayOutputStream();
        m.writeBytes(new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length});
        m.writeBytes(body.toByteArray());
        return m.toByteArray();
    }

    record Psql(int status, String out, String err) {
    }

    static Psql psql(int port, String user, String database, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("psql", "-X", "-w", "-h", "127.0.0.1", "-p", String.valueOf(port), "-U", user, "-d", database));
        cmd.addAll(List.of(args));
        return run(null, env, cmd.toArray(String[]::new));
    }

    static Psql run(Path dir, Map<String, String> env, String... cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        pb.environment().put("PGCONNECT_TIMEOUT", "10");
        pb.environment().put("PGSSLMODE", "disable");
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "finished: " + String.join(" ", cmd));
        return new Psql(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
