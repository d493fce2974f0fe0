package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The client's startup parameters reach its backend session; startup edge cases; questions with parameters. */
class StartupSettingsIT {

    static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline", "nlsql.cache", "false"), 50);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static String proxyUrl(String params) {
        return "jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres" + params;
    }

    private static String directUrl(String params) {
        return "jdbc:postgresql://127.0.0.1:5432/test?user=postgres" + params;
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    record Psql(int status, String out, String err) {
    }

    private static Psql psql(Map<String, String> env, String sql) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(List.of("psql", "-X", "-h", "127.0.0.1", "-p", String.valueOf(server.port()), "-U", "postgres",
                "-d", "test", "-Atc", sql));
        pb.environment().put("PGCONNECT_TIMEOUT", "10");
        pb.environment().remove("PGAPPNAME");
        pb.environment().remove("PGOPTIONS");
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "psql finished");
        return new Psql(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void psqlOptionsAndApplicationNameReachTheBackend() throws Exception {
        Psql r = psql(Map.of("PGOPTIONS", "-c statement_timeout=1234 -c search_path=foo,public", "PGAPPNAME", "myapp"),
                "SHOW statement_timeout; SHOW search_path; SELECT application_name FROM pg_stat_activity WHERE pid = pg_backend_pid()");
        assertEquals(0, r.status(), r.err());
        assertEquals(List.of("1234ms", "foo,public", "myapp"), r.out().strip().lines().toList());
    }

    @Test
    void psqlWithoutApplicationNameIsNotCalledPgjdbc() throws Exception {
        Psql r = psql(Map.of(), "SELECT application_name FROM pg_stat_activity WHERE pid = pg_backend_pid()");
        assertEquals(0, r.status(), r.err());
        assertEquals("psql", r.out().strip()); // psql sends its fallback_application_name
    }

    @Test
    void psqlBadSettingFailsTheLoginAsPostgresDoes() throws Exception {
        Psql r = psql(Map.of("PGOPTIONS", "-c statement_timeout=banana"), "SELECT 1");
        assertNotEquals(0, r.status());
        assertTrue(r.err().contains("FATAL:  invalid value for parameter \"statement_timeout\": \"banana\""), r.err());
    }

    @Test
    void pgjdbcSettingsReachTheBackendAndAreReported() throws Exception {
        String params = "&options=-c%20statement_timeout%3D5s%20--default_transaction_isolation%3Dserializable%20-c%20search_path%3Dfoo,public"
                + "&ApplicationName=pst%20app&assumeMinServerVersion=12";
        try (Connection c = DriverManager.getConnection(proxyUrl(params))) {
            assertEquals("5s", one(c, "SHOW statement_timeout"));
            assertEquals("serializable", one(c, "SHOW default_transaction_isolation"));
            assertEquals("foo,public", one(c, "SHOW search_path"));
            assertEquals("pst app", one(c, "SELECT application_name FROM pg_stat_activity WHERE pid = pg_backend_pid()"));
            // the ParameterStatus the client got is the server's, after the settings applied
            assertEquals("pst app", c.unwrap(org.postgresql.PGConnection.class).getParameterStatus("application_name"));
        }
    }

    @Test
    void clientTimeZoneAndDateStyleReachTheBackend() throws Exception {
        // pgjdbc sends its JVM's time zone as a startup parameter: it must win, as it would directly
        java.util.TimeZone saved = java.util.TimeZone.getDefault();
        java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone("Asia/Kolkata"));
        try (Connection c = DriverManager.getConnection(proxyUrl("&options=-c%20DateStyle%3DISO,DMY"))) {
            assertEquals("Asia/Kolkata", one(c, "SHOW TimeZone"));
            assertEquals("Asia/Kolkata", c.unwrap(org.postgresql.PGConnection.class).getParameterStatus("TimeZone"));
            assertEquals("ISO, DMY", one(c, "SHOW DateStyle"));
            assertEquals("ISO, DMY", c.unwrap(org.postgresql.PGConnection.class).getParameterStatus("DateStyle"));
        } finally {
            java.util.TimeZone.setDefault(saved);
        }
        Psql r = psql(Map.of("PGTZ", "America/Chicago", "PGDATESTYLE", "SQL, DMY", "PGOPTIONS", "-c idle_in_transaction_session_timeout=7s"),
                "SHOW TimeZone; SHOW idle_in_transaction_session_timeout; SHOW DateStyle");
        assertEquals(0, r.status(), r.err());
        // the date order arrives (a startup parameter with a space, escaped in options); the output style stays ISO,
        // which pgjdbc's own DateStyle startup parameter sets, as pgjdbc reads dates only in ISO
        assertEquals(List.of("America/Chicago", "7s", "ISO, DMY"), r.out().strip().lines().toList());
    }

    @Test
    void badSettingFailsTheLoginAsADirectConnectionDoes() {
        String bad = "&options=-c%20statement_timeout%3Dbanana";
        SQLException direct = assertThrows(SQLException.class, () -> DriverManager.getConnection(directUrl(bad)));
        SQLException proxied = assertThrows(SQLException.class, () -> DriverManager.getConnection(proxyUrl(bad)));
        assertEquals("22023", direct.getSQLState());
        assertEquals(direct.getSQLState(), proxied.getSQLState());
        assertEquals(direct.getMessage(), proxied.getMessage());
        String badZone = "&options=-c%20TimeZone%3DMars/Olympus";
        SQLException directZone = assertThrows(SQLException.class, () -> DriverManager.getConnection(directUrl(badZone)));
        SQLException proxiedZone = assertThrows(SQLException.class, () -> DriverManager.getConnection(proxyUrl(badZone)));
        assertEquals(directZone.getSQLState(), proxiedZone.getSQLState());
        assertEquals(directZone.getMessage(), proxiedZone.getMessage());
    }

    @Test
    void clientEncodingsPostgresKnowsAreAcceptedAtLoginOthersRefused() throws Exception {
        Psql utf8 = psql(Map.of("PGCLIENTENCODING", "utf-8"), "SHOW client_encoding");
        assertEquals(0, utf8.status(), utf8.err());
        assertEquals("UTF8", utf8.out().strip());
        Psql latin1 = psql(Map.of("PGCLIENTENCODING", "LATIN1"), "SHOW client_encoding");
        assertEquals(0, latin1.status(), latin1.err());
        assertEquals("LATIN1", latin1.out().strip());
        Psql koi8 = psql(Map.of("PGOPTIONS", "-c client_encoding=koi8"), "SHOW client_encoding");
        assertEquals(0, koi8.status(), koi8.err());
        assertEquals("KOI8R", koi8.out().strip());
        Psql inOptions = psql(Map.of("PGOPTIONS", "-c client_encoding=banana"), "SELECT 1");
        assertNotEquals(0, inOptions.status());
        assertTrue(inOptions.err().contains("invalid value for parameter \"client_encoding\": \"banana\""), inOptions.err());
    }

    @Test
    void replicationIsRefused() {
        SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(proxyUrl("&replication=database&assumeMinServerVersion=10"
                + "&preferQueryMode=simple")));
        assertEquals("28000", e.getSQLState(), e.getMessage());
    }

    private static byte[] readAll(Socket s) throws Exception {
        s.setSoTimeout(10_000);
        InputStream in = s.getInputStream();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[256];
        for (int n; (n = in.read(buf)) >= 0;) {
            got.write(buf, 0, n);
        }
        return got.toByteArray();
    }

    @Test
    void terminateInPlaceOfTheStartupPacketClosesQuietly() throws Exception {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            OutputStream out = s.getOutputStream();
            out.write(new byte[] {'X', 0, 0, 0, 4});
            out.flush();
            assertEquals(0, readAll(s).length, "no ErrorResponse");
        }
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.shutdownOutput(); // closed before any byte
            assertEquals(0, readAll(s).length, "no ErrorResponse");
        }
        // the proxy still serves
        try (Connection c = DriverManager.getConnection(proxyUrl(""))) {
            assertEquals("1", one(c, "SELECT 1"));
        }
    }

    @Test
    void questionsTakeNoParameters() throws Exception {
        try (Connection c = DriverManager.getConnection(proxyUrl(""))) {
            PreparedStatement ps = c.prepareStatement("NL: how many gadgets cost more than ?");
            ps.setInt(1, 5);
            SQLException e = assertThrows(SQLException.class, ps::executeQuery);
            assertEquals("NL006", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("Questions take no parameters"), e.getMessage());
            // the session goes on
            assertEquals("1", one(c, "SELECT 1"));
        }
        // untyped parameters: refused at Bind
        try (Connection c = DriverManager.getConnection(proxyUrl("&stringtype=unspecified"))) {
            PreparedStatement ps = c.prepareStatement("NL: how many gadgets are called ?");
            ps.setString(1, "x");
            SQLException e = assertThrows(SQLException.class, ps::executeQuery);
            assertEquals("NL006", e.getSQLState(), e.getMessage());
        }
    }

    @Test
    void optionsEscaping() {
        assertEquals("a\\ b\\\\c", StartupSettings.escape("a b\\c"));
        assertEquals(List.of("-c", "search_path=foo bar", "--x=1"), StartupSettings.split(" -c search_path=foo\\ bar  --x=1 "));
        assertEquals("b", StartupSettings.given(Map.of("options", "-c TimeZone=a --timezone=b"), "TimeZone"));
        assertEquals("c", StartupSettings.given(Map.of("options", "-c TimeZone=a", "timezone", "c"), "TimeZone"));
    }
}
