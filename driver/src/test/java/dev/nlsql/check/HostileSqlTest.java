package dev.nlsql.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The hostile corpus ({@code hostile-sql.txt}) as a scripted model's replies and as SQL text under
 * {@code nlsql.passthrough=readonly}, against a real PostgreSQL as a superuser (so the guard and the
 * read-only transaction are the only walls). PostgreSQL is the oracle: nothing was written (table
 * fingerprint, sequence, session settings, files), no marker of a secret, a file, a password hash or
 * another session reached any answer, and every question ended within twice its timeouts.
 */
class HostileSqlTest {

    private static final String SECRET = "SECRET-7f3a9c";
    private static final String FILE_MARKER = "FILE-MARKER-51d2";
    private static final String ACTIVITY_MARKER = "ACTIVITY-MARKER-0b7e";
    private static final Path MARKER_FILE = Path.of("/tmp/nlsql_hostile_marker.txt");
    private static final Path PWNED_FILE = Path.of("/tmp/nlsql_hostile_pwned.txt");
    private static final int QUERY_TIMEOUT = 2;
    private static final int MAX_ATTEMPTS = 2;
    private static Connection idleOther;

    record Hostile(String category, String sql) {
    }

    static List<Hostile> corpus() throws IOException {
        List<Hostile> out = new ArrayList<>();
        try (InputStream in = HostileSqlTest.class.getResourceAsStream("/hostile-sql.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int tab = line.indexOf('\t');
                String sql = unescape(line.substring(tab + 1));
                if (sql.contains("{EOL}")) {
                    for (String eol : new String[] {"\n", "\r", "\r\n"}) {
                        out.add(new Hostile(line.substring(0, tab), sql.replace("{EOL}", eol)));
                    }
                } else {
                    out.add(new Hostile(line.substring(0, tab), sql));
                }
            }
        }
        return out;
    }

    private static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && "nrft".indexOf(s.charAt(i + 1)) >= 0) {
                b.append(switch (s.charAt(++i)) { case 'n' -> '\n'; case 'r' -> '\r'; case 'f' -> '\f'; default -> '\t'; });
            } else if (c == '\\' && i + 5 < s.length() && s.charAt(i + 1) == 'u') {
                b.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
                i += 5;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    @BeforeAll
    static void createTargets() throws Exception {
        Files.writeString(MARKER_FILE, FILE_MARKER);
        Files.deleteIfExists(PWNED_FILE);
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS hostile_app CASCADE");
            s.execute("DROP SCHEMA IF EXISTS hostile_secrets CASCADE");
            s.execute("DROP TABLE IF EXISTS hostile_canary, hostile_audit, hostile_pwned");
            s.execute("DROP SEQUENCE IF EXISTS hostile_seq");
            s.execute("CREATE SCHEMA hostile_app");
            s.execute("CREATE TABLE hostile_app.items (id int PRIMARY KEY, name text)");
            s.execute("INSERT INTO hostile_app.items VALUES (1, 'lamp'), (2, 'desk')");
            s.execute("CREATE SCHEMA hostile_secrets");
            s.execute("CREATE TABLE hostile_secrets.api_keys (key text)");
            s.execute("INSERT INTO hostile_secrets.api_keys VALUES ('" + SECRET + "')");
            s.execute("CREATE TABLE hostile_canary (id serial PRIMARY KEY, v text)");
            s.execute("INSERT INTO hostile_canary (v) VALUES ('a'), ('b')");
            s.execute("CREATE TABLE hostile_audit (what text)");
            s.execute("CREATE SEQUENCE hostile_seq");
        }
        idleOther = TestPostgres.connect();
        try (Statement s = idleOther.createStatement()) {
            s.execute("SELECT '" + ACTIVITY_MARKER + "'"); // stays in pg_stat_activity as this session's last query
        }
    }

    @AfterAll
    static void closeOther() throws SQLException {
        idleOther.close();
    }

    private static String fingerprint() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT (SELECT string_agg(id || v, ',' ORDER BY id) FROM hostile_canary) || '|' || (SELECT count(*) FROM hostile_audit)"
                        + " || '|' || (SELECT last_value || ':' || is_called FROM hostile_seq)"
                        + " || '|' || (SELECT count(*) FROM pg_class WHERE relname LIKE 'hostile%')"
                        + " || '|' || (SELECT count(*) FROM hostile_app.items)"
                        + " || '|' || (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory')")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** Every value of every row, as text, to search for markers. */
    private static String text(ResultSet rs) throws SQLException {
        StringBuilder b = new StringBuilder();
        ResultSetMetaData md = rs.getMetaData();
        while (rs.next()) {
            for (int i = 1; i <= md.getColumnCount(); i++) {
                b.append(rs.getString(i)).append('|');
            }
        }
        return b.toString();
    }

    private static List<String> leaks(String answer) {
        List<String> out = new ArrayList<>();
        for (String marker : new String[] {SECRET, FILE_MARKER, ACTIVITY_MARKER, "SCRAM-SHA-256$", "md5", "/var/lib/postgresql",
            "/etc/postgresql", "hba.conf"}) {
            if (answer.contains(marker)) {
                out.add(marker);
            }
        }
        return out;
    }

    private static String sessionMarks(Connection c) throws SQLException {
        Connection real = (Connection) c.unwrap(org.postgresql.PGConnection.class);
        try (Statement s = real.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT coalesce(current_setting('hostile.pwned', true), '') || current_user || current_setting('transaction_read_only')")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void aHostileModelGetsNothingPastTheGuard() throws Exception {
        List<Hostile> corpus = corpus();
        assertTrue(corpus.size() >= 120, "corpus size " + corpus.size());
        String before = fingerprint();
        List<String> escapes = new ArrayList<>();
        long slowest = 0;
        java.util.Map<String, Integer> outcomes = new java.util.TreeMap<>();
        try (FakeOpenAi model = new FakeOpenAi()) {
            String url = TestPostgres.withParams(TestPostgres.nlUrl(model.params()), "nlsql.tables=hostile_app.*", "nlsql.maxAttempts=" + MAX_ATTEMPTS,
                    "nlsql.queryTimeoutSeconds=" + QUERY_TIMEOUT, "nlsql.llm.timeoutSeconds=5", "nlsql.cache=false");
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                String marksBefore = sessionMarks(c);
                for (Hostile h : corpus) {
                    for (int i = 0; i < MAX_ATTEMPTS; i++) {
                        model.then(FakeOpenAi.answer(h.sql()));
                    }
                    long start = System.nanoTime();
                    try (ResultSet rs = s.executeQuery("NL: list the items")) {
                        String answer = text(rs);
                        outcomes.merge("answered", 1, Integer::sum);
                        if (!leaks(answer).isEmpty()) {
                            escapes.add(h.category() + " leaked " + leaks(answer) + ": " + h.sql());
                        }
                    } catch (SQLException e) {
                        outcomes.merge(e.getSQLState(), 1, Integer::sum);
                        if (!leaks(e.getMessage()).isEmpty()) {
                            escapes.add(h.category() + " error leaked " + leaks(e.getMessage()) + ": " + h.sql());
                        }
                    }
                    long ms = (System.nanoTime() - start) / 1_000_000;
                    slowest = Math.max(slowest, ms);
                    if (ms > 2L * MAX_ATTEMPTS * QUERY_TIMEOUT * 1000) {
                        escapes.add(h.category() + " took " + ms + " ms: " + h.sql());
                    }
                    model.drain();
                }
                assertEquals(marksBefore, sessionMarks(c), "the session's settings changed");
            }
        }
        System.out.printf("hostile corpus through the model: %d statements, outcomes %s, slowest %d ms%n", corpus.size(), outcomes, slowest);
        assertEquals(List.of(), escapes);
        assertTrue(outcomes.getOrDefault("NL003", 0) >= corpus.size() * 3 / 4, "refused as unsafe: " + outcomes);
        assertEquals(before, fingerprint(), "the database changed");
        assertFalse(Files.exists(PWNED_FILE), "a file was written");
    }

    @Test
    void hostileSqlTextUnderReadonlyGetsNothingPast() throws Exception {
        List<Hostile> corpus = corpus();
        String before = fingerprint();
        List<String> escapes = new ArrayList<>();
        int refused = 0;
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.passthrough=readonly", "nlsql.tables=hostile_app.*"));
                Statement s = c.createStatement()) {
            s.setQueryTimeout(QUERY_TIMEOUT);
            String marksBefore = sessionMarks(c);
            for (Hostile h : corpus) {
                long start = System.nanoTime();
                try {
                    if (s.execute(h.sql())) {
                        try (ResultSet rs = s.getResultSet()) {
                            String answer = text(rs);
                            if (!leaks(answer).isEmpty()) {
                                escapes.add(h.category() + " leaked " + leaks(answer) + ": " + h.sql());
                            }
                        }
                    }
                } catch (SQLException e) {
                    refused += "NL003".equals(e.getSQLState()) ? 1 : 0;
                    if (!leaks(e.getMessage()).isEmpty()) {
                        escapes.add(h.category() + " error leaked " + leaks(e.getMessage()) + ": " + h.sql());
                    }
                }
                long ms = (System.nanoTime() - start) / 1_000_000;
                if (ms > 2L * QUERY_TIMEOUT * 1000) {
                    escapes.add(h.category() + " took " + ms + " ms: " + h.sql());
                }
            }
            assertEquals(marksBefore, sessionMarks(c), "the session's settings changed");
        }
        assertEquals(List.of(), escapes);
        assertTrue(refused >= corpus.size() * 9 / 10, "refused by the guard: " + refused + " of " + corpus.size());
        assertEquals(before, fingerprint(), "the database changed");
        assertFalse(Files.exists(PWNED_FILE), "a file was written");
    }

    @Test
    void aSessionWithoutStandardConformingStringsIsReadAsTheServerReadsIt() throws Exception {
        // with the setting off, 'x\' AS a, ' is one string and pg_sleep is code; with it on, pg_sleep is inside a string
        String sql = "SELECT 'x\\' AS a, ' , pg_sleep(3) AS b --'";
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.passthrough=readonly",
                "options=-c%20standard_conforming_strings=off"));
                Statement s = c.createStatement()) {
            SQLException refused = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> s.executeQuery(sql));
            assertEquals("NL003", refused.getSQLState());
            assertTrue(refused.getMessage().contains("pg_sleep"), refused.getMessage());
        }
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.passthrough=readonly"));
                Statement s = c.createStatement()) {
            long start = System.nanoTime();
            try (ResultSet rs = s.executeQuery(sql)) {
                rs.next();
                assertEquals("x\\", rs.getString(1));
                assertEquals(" , pg_sleep(3) AS b --", rs.getString(2));
            }
            assertTrue((System.nanoTime() - start) / 1_000_000 < 2_000, "nothing slept");
        }
    }
}
