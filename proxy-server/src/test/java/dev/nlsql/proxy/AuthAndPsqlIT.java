package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** Every --auth method with pgjdbc and with psql (libpq), and psql's everyday commands. */
class AuthAndPsqlIT {

    private static PgServer start(ProxyConfig.Auth auth) throws IOException {
        return new PgServer(new ProxyConfig(auth == ProxyConfig.Auth.TRUST ? ClientsAsThemselves.url(TestPostgres.url()) : TestPostgres.url(), "127.0.0.1", 0, auth, Users.of(Map.of("alice", "s3cret pass")),
                Map.of("nlsql.llm", "offline"), 50, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null).start();
    }

    record Psql(int status, String out, String err) {
    }

    static Psql psql(int port, String password, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("psql", "-X", "-h", "127.0.0.1", "-p", String.valueOf(port), "-U",
                password == null ? "postgres" : "alice", "-d", "test"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("PGCONNECT_TIMEOUT", "10");
        pb.environment().put("PGSSLMODE", "prefer");
        if (password != null) {
            pb.environment().put("PGPASSWORD", password);
        }
        Process p = pb.start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "psql finished");
        return new Psql(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @EnumSource(value = ProxyConfig.Auth.class, names = {"PASSWORD", "MD5", "SCRAM_SHA_256"})
    void passwordsAreCheckedByEveryMethod(ProxyConfig.Auth auth) throws Exception {
        try (PgServer server = start(auth)) {
            String url = "jdbc:postgresql://127.0.0.1:" + server.port() + "/test";
            try (Connection c = DriverManager.getConnection(url, "alice", "s3cret pass"); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT 40 + 2")) {
                rs.next();
                assertEquals(42, rs.getInt(1));
            }
            SQLException wrong = assertThrows(SQLException.class, () -> DriverManager.getConnection(url, "alice", "wrong"));
            assertEquals("28P01", wrong.getSQLState());
            assertEquals("28P01", assertThrows(SQLException.class, () -> DriverManager.getConnection(url, "mallory", "s3cret pass")).getSQLState());

            Psql ok = psql(server.port(), "s3cret pass", "-At", "-c", "SELECT 'libpq ok'");
            assertEquals(0, ok.status(), ok.err());
            assertEquals("libpq ok", ok.out().strip());
            Psql bad = psql(server.port(), "nope", "-c", "SELECT 1");
            assertNotEquals(0, bad.status());
            assertTrue(bad.err().contains("password authentication failed"), bad.err());
        }
    }

    @Test
    void psqlCommandsQuestionsAndErrors() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS widgets");
            s.execute("CREATE TABLE widgets (id int PRIMARY KEY, name text, color text)");
            s.execute("INSERT INTO widgets VALUES (1, 'a', 'red'), (2, 'b', 'blue'), (3, 'c', 'red')");
        }
        try (PgServer server = start(ProxyConfig.Auth.TRUST)) {
            int port = server.port();
            Psql sql = psql(port, null, "-c", "SELECT name FROM widgets ORDER BY id");
            assertEquals(0, sql.status(), sql.err());
            assertEquals(" name \n------\n a\n b\n c\n(3 rows)\n\n", sql.out());

            Psql question = psql(port, null, "-At", "-c", "how many widgets are red?");
            assertEquals(0, question.status(), question.err());
            assertTrue(question.err().contains("NOTICE:  nlsql answered by: SELECT COUNT(*)"), question.err());
            assertTrue(question.err().contains("interpretation: Counted the widgets (widgets), keeping rows where widget's color "
                    + "(widgets.color) is 'red'."), question.err());
            assertEquals("2", question.out().strip());

            Psql several = psql(port, null, "-c", "SELECT 1 AS one; SELECT 2 AS two; SELECT count(*) FROM widgets");
            assertEquals(0, several.status(), several.err());
            // psql 15 prints every result of a multi-statement -c, as it does against PostgreSQL directly
            assertEquals(" one \n-----\n   1\n(1 row)\n\n two \n-----\n   2\n(1 row)\n\n count \n-------\n     3\n(1 row)\n\n",
                    several.out());

            Psql dt = psql(port, null, "-c", "\\dt widgets");
            assertTrue(dt.out().contains("widgets") && dt.out().contains("table"), dt.out() + dt.err());
            Psql d = psql(port, null, "-c", "\\d widgets");
            assertTrue(d.out().contains("Table \"public.widgets\"") && d.out().contains("color"), d.out() + d.err());
            Psql l = psql(port, null, "-c", "\\l");
            assertTrue(l.out().contains("List of databases") && l.out().contains("test"), l.out() + l.err());
            Psql conninfo = psql(port, null, "-c", "\\conninfo");
            assertTrue(conninfo.out().contains("port \"" + port + "\""), conninfo.out() + conninfo.err());
            Psql x = psql(port, null, "-x", "-c", "SELECT 1 AS a, 2 AS b");
            assertEquals(0, x.status(), x.err());
            assertEquals("-[ RECORD 1 ]\na | 1\nb | 2\n\n", x.out());

            Psql stop = psql(port, null, "-v", "ON_ERROR_STOP=1", "-c", "SELECT 1", "-c", "SELECT nope FROM widgets", "-c", "SELECT 'never'");
            // psql exits with 1 when ON_ERROR_STOP stops it at a failed -c (2 would be a lost connection)
            assertEquals(1, stop.status(), "psql stops at the error with status 1: " + stop.err());
            assertTrue(stop.err().startsWith("ERROR:  column \"nope\" does not exist\nLINE 1: SELECT nope FROM widgets\n"), stop.err());
            assertEquals(" ?column? \n----------\n        1\n(1 row)\n\n", stop.out(), "the first -c ran, the third did not");

            Psql sslRefusedThenPlain = psql(port, null, "-At", "-c", "SHOW ssl");
            assertEquals(0, sslRefusedThenPlain.status(), "sslmode=prefer: SSL refused with N, then a fresh startup: "
                    + sslRefusedThenPlain.err());
            assertEquals("off\n", sslRefusedThenPlain.out(), "the session runs without SSL after the refusal");
        } finally {
            try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS widgets");
            }
        }
    }
}
