package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.nlsql.testing.TestPostgres;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLWarning;
import org.postgresql.util.ServerErrorMessage;

/**
 * Statements the proxy runs through JDBC (extended protocol, DDL, DO) give the client the server's errors and notices with
 * every field, as PostgreSQL itself does: the same client and statements against the proxy and PostgreSQL (same run).
 */
class ServerFieldsThroughProxyIT {

    private static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS pnf_keys, pnf_nn");
            s.execute("CREATE TABLE pnf_keys (id int CONSTRAINT pnf_keys_pk PRIMARY KEY)");
            s.execute("INSERT INTO pnf_keys VALUES (1)");
            s.execute("CREATE TABLE pnf_nn (a int)");
            s.execute("INSERT INTO pnf_nn VALUES (NULL)");
            s.execute("CREATE OR REPLACE FUNCTION pnf_f(x int) RETURNS int LANGUAGE plpgsql AS "
                    + "$$ BEGIN RAISE NOTICE 'pnf_f got %', x; RETURN x + 1; END $$");
        }
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline"), 20);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS pnf_keys, pnf_nn");
            s.execute("DROP FUNCTION IF EXISTS pnf_f(int)");
        }
    }

    private static Connection direct() throws SQLException {
        return DriverManager.getConnection(TestPostgres.withParams(TestPostgres.url(), "preferQueryMode=extended"));
    }

    private static Connection proxied() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres&preferQueryMode=extended");
    }

    /** Every field pgjdbc got, V (the untranslated severity) included, which no getter shows. */
    @SuppressWarnings("unchecked")
    private static Map<Character, String> fields(ServerErrorMessage m) throws ReflectiveOperationException {
        Field f = ServerErrorMessage.class.getDeclaredField("mesgParts");
        f.setAccessible(true);
        return new TreeMap<>((Map<Character, String>) f.get(m));
    }

    private interface Work {
        void run(Connection c) throws SQLException;
    }

    private static ServerErrorMessage errorOf(Connection c, Work work) {
        try {
            work.run(c);
        } catch (PSQLException e) {
            assertNotNull(e.getServerErrorMessage(), e.toString());
            return e.getServerErrorMessage();
        } catch (SQLException e) {
            fail("not the server's error: " + e);
        }
        return fail("no error");
    }

    private static ServerErrorMessage sameError(Work work) throws Exception {
        try (Connection d = direct(); Connection p = proxied()) {
            ServerErrorMessage expected = errorOf(d, work);
            ServerErrorMessage actual = errorOf(p, work);
            assertEquals(fields(expected), fields(actual));
            assertTrue(fields(actual).containsKey('V'), fields(actual).toString());
            return actual;
        }
    }

    @Test
    void duplicateKeyThroughParameterisedInsertHasEveryField() throws Exception {
        ServerErrorMessage m = sameError(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO pnf_keys VALUES (?)")) {
                ps.setInt(1, 1);
                ps.executeUpdate();
            }
        });
        assertEquals("23505", m.getSQLState());
        assertEquals("pnf_keys_pk", m.getConstraint());
        assertEquals("pnf_keys", m.getTable());
        assertEquals("public", m.getSchema());
        assertEquals("_bt_check_unique", m.getRoutine());
        assertEquals("ERROR", m.getSeverity());
        assertEquals("Key (id)=(1) already exists.", m.getDetail());
    }

    @Test
    void setNotNullOnNullsHasSchemaTableColumn() throws Exception {
        ServerErrorMessage m = sameError(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("ALTER TABLE pnf_nn ALTER COLUMN a SET NOT NULL");
            }
        });
        assertEquals("23502", m.getSQLState());
        assertEquals("public", m.getSchema());
        assertEquals("pnf_nn", m.getTable());
        assertEquals("a", m.getColumn());
    }

    private static List<Map<Character, String>> warnings(SQLWarning w) throws ReflectiveOperationException {
        List<Map<Character, String>> out = new ArrayList<>();
        for (; w != null; w = w.getNextWarning()) {
            assertTrue(w instanceof PSQLWarning, "a server notice: " + w);
            out.add(fields(((PSQLWarning) w).getServerErrorMessage()));
        }
        return out;
    }

    /** Runs the work on a fresh statement; the warnings it left, and after a failure the ones before the error. */
    private static List<Map<Character, String>> warningsOf(Connection c, String sql, Integer param) throws Exception {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (param != null) {
                ps.setInt(1, param);
            }
            try {
                if (ps.execute()) {
                    try (ResultSet rs = ps.getResultSet()) {
                        assertTrue(rs.next());
                        assertEquals(param + 1, rs.getInt(1));
                    }
                }
            } catch (PSQLException e) {
                assertEquals("P0001", e.getSQLState(), e.toString());
            }
            return warnings(ps.getWarnings());
        }
    }

    private static List<Map<Character, String>> sameWarnings(String sql, Integer param) throws Exception {
        try (Connection d = direct(); Connection p = proxied()) {
            List<Map<Character, String>> expected = warningsOf(d, sql, param);
            assertFalse(expected.isEmpty(), sql);
            assertEquals(expected, warningsOf(p, sql, param), sql);
            return expected;
        }
    }

    @Test
    void noticesAndWarningsReachTheClientInTheExtendedProtocol() throws Exception {
        List<Map<Character, String>> raised = sameWarnings("DO $$ BEGIN RAISE NOTICE 'hello %', 1; RAISE WARNING 'careful'; END $$", null);
        assertEquals(List.of("hello 1", "careful"), raised.stream().map(f -> f.get('M')).toList());
        assertEquals(List.of("NOTICE", "WARNING"), raised.stream().map(f -> f.get('V')).toList());
        assertEquals("00000", sameWarnings("DROP TABLE IF EXISTS pnf_nosuch", null).get(0).get('C'));
        // a SELECT described and run at Describe: its notice still arrives, once
        assertEquals(1, sameWarnings("SELECT pnf_f(?)", 41).size());
        // a notice before an error comes before the error
        assertEquals("before", sameWarnings("DO $$ BEGIN RAISE NOTICE 'before'; RAISE EXCEPTION 'boom'; END $$", null).get(0).get('M'));
    }

    private static String psql(int port, String... commands) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("psql", "-X", "-h", "127.0.0.1", "-p", String.valueOf(port), "-U", "postgres", "-d", "test"));
        for (String c : commands) {
            cmd.add("-c");
            cmd.add(c);
        }
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.getOutputStream().close();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "psql finished");
        return err;
    }

    /** DROP and DO are not relayed in a simple query: they run through JDBC, and psql still prints the same. */
    @Test
    void psqlPrintsTheSameNoticesAndVerboseErrors() throws Exception {
        String[] commands = {"DROP TABLE IF EXISTS pnf_nosuch", "DO $$ BEGIN RAISE NOTICE 'hello %', 1; RAISE WARNING 'careful'; END $$",
                "\\set VERBOSITY verbose", "DROP TABLE IF EXISTS pnf_nosuch", "ALTER TABLE pnf_nn ALTER COLUMN a SET NOT NULL"};
        String expected = psql(5432, commands);
        assertTrue(expected.contains("NOTICE:  table \"pnf_nosuch\" does not exist, skipping"), expected);
        assertTrue(expected.contains("WARNING:  careful"), expected);
        assertTrue(expected.contains("COLUMN NAME:  a"), expected);
        assertEquals(expected, psql(server.port(), commands));
    }
}
