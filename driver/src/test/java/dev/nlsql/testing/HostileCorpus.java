package dev.nlsql.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The hostile corpus ({@code hostile-sql.txt}) and its targets, shared by the driver's
 * {@code HostileSqlIT} and the proxy's test of the same corpus: the schemas it aims at, the
 * markers it would leak, and the database fingerprint it would change. Everything is made in the
 * database of the connection given, so a test can use a scratch database of its own.
 */
public final class HostileCorpus {

    public static final String SECRET = "SECRET-7f3a9c";
    public static final String FILE_MARKER = "FILE-MARKER-51d2";
    public static final String ACTIVITY_MARKER = "ACTIVITY-MARKER-0b7e";
    public static final Path MARKER_FILE = Path.of("/tmp/nlsql_hostile_marker.txt");
    public static final Path PWNED_FILE = Path.of("/tmp/nlsql_hostile_pwned.txt");

    /** One corpus entry. */
    public record Hostile(String category, String sql) {
    }

    private HostileCorpus() {
    }

    /** The corpus, {@code {EOL}} entries expanded into their \n, \r and \r\n variants. */
    public static List<Hostile> load() throws IOException {
        return load("/hostile-sql.txt");
    }

    /** A corpus in the same format ({@code hostile-fallback.txt}: the fallback analysis's local engine). */
    public static List<Hostile> load(String resource) throws IOException {
        List<Hostile> out = new ArrayList<>();
        try (InputStream in = HostileCorpus.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException(resource + " is not on the class path");
            }
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

    /** A plan reply of the scripted model: {@code {"steps": [{"purpose", "sql"}, ...]}}. */
    public static String plan(String... steps) {
        com.fasterxml.jackson.databind.node.ObjectNode root = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        com.fasterxml.jackson.databind.node.ArrayNode array = root.putArray("steps");
        for (int i = 0; i < steps.length; i++) {
            array.addObject().put("purpose", "step " + (i + 1)).put("sql", steps[i]);
        }
        return root.toString();
    }

    /**
     * Plan steps that try to leave their CTE: close its parenthesis and add a writing CTE or a second
     * statement, open a comment or a string that the next step closes, or end in a line comment.
     */
    public static List<Hostile> planBreakouts() {
        return List.of(
                new Hostile("plan-breakout", "SELECT 1 AS id) , w AS (DELETE FROM hostile_canary RETURNING *) SELECT (1"),
                new Hostile("plan-breakout", "SELECT 1 AS id) SELECT 1; DELETE FROM hostile_canary; WITH step1 AS (SELECT 1 AS id"),
                new Hostile("plan-breakout", "SELECT 1 AS id) , w AS (INSERT INTO hostile_audit VALUES ('x') RETURNING *) SELECT * FROM w --"),
                new Hostile("plan-breakout", "SELECT 1 AS id /*"),
                new Hostile("plan-breakout", "SELECT 1 AS id, '"),
                new Hostile("plan-breakout", "SELECT 1 AS id, $$"),
                new Hostile("plan-breakout", "SELECT nextval('hostile_seq') AS id -- )"),
                new Hostile("plan-breakout", "SELECT 1 AS id --\n) , w AS (UPDATE hostile_canary SET v = 'x' RETURNING *) SELECT (1"),
                new Hostile("plan-breakout", "SELECT 1 AS id) , w AS (SELECT set_config('hostile.pwned', 'yes', false)) SELECT (1"));
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

    /** (Re)creates the corpus's targets in the database of {@code superuser}, and the marker file. */
    public static void createTargets(Connection superuser) throws IOException, SQLException {
        Files.writeString(MARKER_FILE, FILE_MARKER);
        Files.deleteIfExists(PWNED_FILE);
        try (Statement s = superuser.createStatement()) {
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
    }

    /** Drops what {@link #createTargets} made, so later tests on the same database do not see its tables. */
    public static void dropTargets(Connection superuser) throws SQLException {
        try (Statement s = superuser.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS hostile_app CASCADE");
            s.execute("DROP SCHEMA IF EXISTS hostile_secrets CASCADE");
            s.execute("DROP TABLE IF EXISTS hostile_canary, hostile_audit, hostile_pwned");
            s.execute("DROP SEQUENCE IF EXISTS hostile_seq");
        }
    }

    /** Makes {@code other}'s last query the activity marker, which stays in pg_stat_activity while it idles. */
    public static void holdActivityMarker(Connection other) throws SQLException {
        try (Statement s = other.createStatement()) {
            s.execute("SELECT '" + ACTIVITY_MARKER + "'");
        }
    }

    /** What the corpus would change, read on {@code plain} (a connection to the targets' database, not through nlsql). */
    public static String fingerprint(Connection plain) throws SQLException {
        try (Statement s = plain.createStatement(); ResultSet rs = s.executeQuery(
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
    public static String text(ResultSet rs) throws SQLException {
        StringBuilder b = new StringBuilder();
        ResultSetMetaData md = rs.getMetaData();
        while (rs.next()) {
            for (int i = 1; i <= md.getColumnCount(); i++) {
                b.append(rs.getString(i)).append('|');
            }
        }
        return b.toString();
    }

    /** The markers found in an answer or an error. */
    public static List<String> leaks(String answer) {
        List<String> out = new ArrayList<>();
        for (String marker : new String[] {SECRET, FILE_MARKER, ACTIVITY_MARKER, "SCRAM-SHA-256$", "md5", "/var/lib/postgresql",
            "/etc/postgresql", "hba.conf"}) {
            if (answer.contains(marker)) {
                out.add(marker);
            }
        }
        return out;
    }

    /** The session state the corpus would change, read on the plain pgjdbc connection under nlsql. */
    public static String sessionMarks(Connection real) throws SQLException {
        try (Statement s = real.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT coalesce(current_setting('hostile.pwned', true), '') || current_user || current_setting('transaction_read_only')")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
