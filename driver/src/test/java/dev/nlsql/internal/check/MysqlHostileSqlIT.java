package dev.nlsql.internal.check;

import dev.nlsql.internal.sql.SqlParsing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestMariaDb;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The MySQL hostile corpus ({@code hostile-mysql.txt}) as a scripted model's replies and as SQL text
 * under {@code nlsql.passthrough=readonly}, against a real MariaDB as root (so the guard and the
 * read-only transaction are the only walls), under the sql_modes that change how text is read.
 * MariaDB is the oracle: nothing was written (canary, sequence, tables, users, locks, files), the
 * session is as it was (sql_mode, variables, no transaction left open, still writable), no marker
 * of a secret row, a file, a password hash or another session reached an answer or an error, no
 * statement ran until the server interrupted it (a sleep that got past the guard), and every question
 * ended within twice its bounds (per attempt the statement timeout and the parser's 2 s bound).
 */
class MysqlHostileSqlIT {

    private static final String SECRET = "SECRET-mdb-4e1d";
    private static final String FILE_MARKER = "FILE-MARKER-mdb-93ab";
    private static final String ACTIVITY_MARKER = "ACTIVITY-MARKER-mdb-27c0";
    private static final Path MARKER_FILE = Path.of("/tmp/nlsql_mdb_marker.txt");
    private static final Path PWNED_FILE = Path.of("/tmp/nlsql_mdb_pwned.txt");
    private static final int QUERY_TIMEOUT = 2;
    private static final int MAX_ATTEMPTS = 2;
    /** SqlParsing's bound on JSqlParser's slow retry: with the statement timeout, what one check and run may take. */
    private static final int PARSE_BOUND = 2;
    /** The sql_modes that change how text is read: backslashes, double quotes, and MariaDB's [names] under MSSQL. */
    private static final List<String> MODES = List.of("", "NO_BACKSLASH_ESCAPES", "ANSI_QUOTES", "MSSQL");
    private static final String TABLES = "nlsql.tables=mdb_app.items,mdb_app.orders";
    private static String passwordHash;
    private static Connection busyOther;
    private static long busyOtherId;
    private static Thread busy;
    private static boolean caseTwin;

    record Hostile(String category, String sql) {
    }

    static List<Hostile> corpus() throws IOException {
        List<Hostile> out = new ArrayList<>();
        try (InputStream in = MysqlHostileSqlIT.class.getResourceAsStream("/hostile-mysql.txt")) {
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

    /** \n, \r, \f, \t and \\uXXXX; every other backslash is the SQL's own. */
    private static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && "nrft".indexOf(s.charAt(i + 1)) >= 0) {
                b.append(switch (s.charAt(++i)) { case 'n' -> '\n'; case 'r' -> '\r'; case 'f' -> '\f'; default -> '\t'; });
            } else if (c == '\\' && i + 5 < s.length() && s.charAt(i + 1) == 'u' && s.substring(i + 2, i + 6).matches("[0-9a-fA-F]{4}")) {
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
        TestMariaDb.require();
        Files.writeString(MARKER_FILE, FILE_MARKER);
        Files.setPosixFilePermissions(MARKER_FILE, PosixFilePermissions.fromString("rw-r--r--"));
        Files.deleteIfExists(PWNED_FILE);
        TestMariaDb.recreateDatabase("mdb_app");
        TestMariaDb.recreateDatabase("mdb_other");
        try (Connection c = TestMariaDb.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE mdb_app.items (id int PRIMARY KEY, name varchar(40), price decimal(8,2))");
            s.execute("INSERT INTO mdb_app.items VALUES (1, 'lamp', 20.00), (2, 'desk', 150.00)");
            s.execute("CREATE TABLE mdb_app.orders (id int PRIMARY KEY, item_id int, qty int, status varchar(20))");
            s.execute("INSERT INTO mdb_app.orders VALUES (1, 1, 2, 'shipped'), (2, 2, 1, 'open')");
            s.execute("CREATE TABLE mdb_app.canary (id int AUTO_INCREMENT PRIMARY KEY, v varchar(20))");
            s.execute("INSERT INTO mdb_app.canary (v) VALUES ('a'), ('b')");
            s.execute("CREATE TABLE mdb_app.audit (what varchar(60))");
            s.execute("INSERT INTO mdb_app.audit VALUES ('" + SECRET + "')");
            s.execute("CREATE TABLE mdb_app.writable (n int)");
            s.execute("INSERT INTO mdb_app.writable VALUES (0)");
            s.execute("CREATE SEQUENCE mdb_app.seq");
            s.execute("CREATE TABLE mdb_other.secret (id int, k varchar(40))");
            s.execute("INSERT INTO mdb_other.secret VALUES (1, '" + SECRET + "')");
            s.execute("CREATE TABLE mdb_other.items (id int PRIMARY KEY, name varchar(40), price decimal(8,2))");
            s.execute("INSERT INTO mdb_other.items VALUES (1, '" + SECRET + "', 1)");
            try (ResultSet rs = s.executeQuery("SELECT @@lower_case_table_names")) {
                rs.next();
                caseTwin = rs.getInt(1) == 0; // names are case-sensitive: MDB_APP is another database
            }
            if (caseTwin) {
                s.execute("DROP DATABASE IF EXISTS MDB_APP");
                s.execute("CREATE DATABASE MDB_APP");
                s.execute("CREATE TABLE MDB_APP.items (id int PRIMARY KEY, name varchar(40), price decimal(8,2))");
                s.execute("INSERT INTO MDB_APP.items VALUES (1, '" + SECRET + "', 1)");
            }
            s.execute("DROP USER IF EXISTS 'mdb_victim'@'localhost'");
            s.execute("CREATE USER 'mdb_victim'@'localhost' IDENTIFIED BY 'victim-pw-61f0'");
            try (ResultSet rs = s.executeQuery("SELECT authentication_string FROM mysql.user WHERE user = 'mdb_victim'")) {
                rs.next();
                passwordHash = rs.getString(1);
            }
            try (ResultSet rs = s.executeQuery("SELECT LOAD_FILE('" + MARKER_FILE + "')")) {
                rs.next();
                assertEquals(FILE_MARKER, rs.getString(1), "the server can read the marker file, so reading it would show");
            }
        }
        busyOther = TestMariaDb.connect();
        try (Statement s = busyOther.createStatement(); ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
            rs.next();
            busyOtherId = rs.getLong(1);
        }
        busy = new Thread(() -> { // another session whose running query (in the process list) carries a marker
            try (Statement s = busyOther.createStatement()) {
                s.executeQuery("SELECT SLEEP(900) AS `" + ACTIVITY_MARKER + "`").close();
            } catch (SQLException stopped) {
                // killed at the end
            }
        }, "mdb-busy-session");
        busy.setDaemon(true);
        busy.start();
    }

    @AfterAll
    static void dropTargets() throws Exception {
        if (busyOther == null) {
            return;
        }
        try (Connection c = TestMariaDb.connect(); Statement s = c.createStatement()) {
            s.execute("KILL QUERY " + busyOtherId);
            busy.join(10_000);
            s.execute("DROP USER IF EXISTS 'mdb_victim'@'localhost'");
            if (caseTwin) {
                s.execute("DROP DATABASE IF EXISTS MDB_APP");
            }
        }
        busyOther.close();
        TestMariaDb.dropDatabase("mdb_app");
        TestMariaDb.dropDatabase("mdb_other");
        Files.deleteIfExists(MARKER_FILE);
    }

    /** What nothing in the corpus may change, read on a connection of its own. */
    private static String fingerprint() throws SQLException {
        try (Connection c = TestMariaDb.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT CONCAT_WS('|', (SELECT GROUP_CONCAT(id, v ORDER BY id) FROM mdb_app.canary),"
                        + " (SELECT COUNT(*) FROM mdb_app.audit), (SELECT next_not_cached_value FROM mdb_app.seq),"
                        + " (SELECT COUNT(*) FROM information_schema.tables WHERE table_schema LIKE 'mdb%' OR table_schema = 'MDB_APP'),"
                        + " (SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = 'mdb_app'),"
                        + " (SELECT COUNT(*) FROM mdb_app.items), IFNULL(IS_USED_LOCK('mdb_lock'), 'free'),"
                        + " (SELECT GROUP_CONCAT(User, '@', Host, Priv) FROM mysql.global_priv WHERE User LIKE 'mdb%'),"
                        + " IFNULL(LOAD_FILE('" + PWNED_FILE + "'), 'no file'))")) {
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

    /** A statement the server interrupted at its timeout ran: for everything but the slow category a sleep got through. */
    private static boolean interrupted(Hostile h, String message) {
        return !h.category().equals("slow") && message != null
                && (message.contains("max_statement_time exceeded") || message.contains("Query execution was interrupted"));
    }

    private static List<String> leaks(String answer) {
        List<String> out = new ArrayList<>();
        for (String marker : new String[] {SECRET, FILE_MARKER, ACTIVITY_MARKER, passwordHash, "/var/lib/mysql"}) {
            if (answer != null && answer.contains(marker)) {
                out.add(marker);
            }
        }
        return out;
    }

    /**
     * The session as the caller sees it: settings, variables, no transaction left open; and it can
     * still write (a one-shot SET TRANSACTION READ ONLY left pending would make this write fail).
     */
    private static String sessionMarks(Connection c) throws SQLException {
        Connection real = c.unwrap(org.mariadb.jdbc.Connection.class);
        try (Statement s = real.createStatement()) {
            String marks;
            try (ResultSet rs = s.executeQuery("SELECT CONCAT_WS('|', @@SESSION.sql_mode, IFNULL(@x, 'no @x'), @@autocommit, "
                    + "@@in_transaction, @@tx_read_only, @@character_set_client, DATABASE(), @@max_statement_time)")) {
                rs.next();
                marks = rs.getString(1) + "|" + real.getAutoCommit();
            }
            try {
                s.executeUpdate("UPDATE mdb_app.writable SET n = n + 1");
            } catch (SQLException e) {
                marks += "|cannot write: " + e.getMessage();
            }
            return marks;
        }
    }

    private static void sqlMode(Connection c, String mode) throws SQLException {
        try (Statement s = c.unwrap(org.mariadb.jdbc.Connection.class).createStatement()) {
            s.execute("SET SESSION sql_mode = '" + mode + "'");
        }
    }

    @Test
    void aHostileModelGetsNothingPastTheGuard() throws Exception {
        List<Hostile> corpus = corpus();
        assertTrue(corpus.size() >= 200, "corpus size " + corpus.size());
        String before = fingerprint();
        List<String> escapes = new ArrayList<>();
        long slowest = 0;
        Set<String> outcomes = new TreeSet<>();
        long started = System.nanoTime();
        try (FakeOpenAi model = new FakeOpenAi()) {
            List<String> params = new ArrayList<>(List.of(model.params()));
            params.addAll(List.of(TABLES, "nlsql.maxAttempts=" + MAX_ATTEMPTS, "nlsql.queryTimeoutSeconds=" + QUERY_TIMEOUT,
                    "nlsql.llm.timeoutSeconds=5", "nlsql.cache=false"));
            try (Connection c = DriverManager.getConnection(TestMariaDb.nlUrl("mdb_app", params.toArray(String[]::new)));
                    Statement s = c.createStatement()) {
                for (String mode : MODES) {
                    sqlMode(c, mode);
                    model.then(FakeOpenAi.answer("SELECT i.name FROM items i JOIN orders o ON o.item_id = i.id ORDER BY i.id"));
                    try (ResultSet rs = s.executeQuery("NL: list the ordered items")) {
                        assertEquals("lamp|desk|", text(rs), "the walls let an ordinary question through");
                    }
                    String marksBefore = sessionMarks(c);
                    for (Hostile h : corpus) {
                        for (int i = 0; i < MAX_ATTEMPTS; i++) {
                            model.then(FakeOpenAi.answer(h.sql()));
                        }
                        long start = System.nanoTime();
                        try (ResultSet rs = s.executeQuery("NL: list the items")) {
                            String answer = text(rs);
                            outcomes.add("answered");
                            if (!leaks(answer).isEmpty()) {
                                escapes.add(mode + " " + h.category() + " leaked " + leaks(answer) + ": " + h.sql());
                            }
                        } catch (SQLException e) {
                            outcomes.add(e.getSQLState());
                            if (!leaks(e.getMessage()).isEmpty()) {
                                escapes.add(mode + " " + h.category() + " error leaked " + leaks(e.getMessage()) + ": " + h.sql());
                            }
                            if (interrupted(h, e.getMessage())) {
                                escapes.add(mode + " " + h.category() + " ran until the server's timeout: " + h.sql());
                            }
                        }
                        long ms = (System.nanoTime() - start) / 1_000_000;
                        slowest = Math.max(slowest, ms);
                        if (ms > 2L * MAX_ATTEMPTS * (QUERY_TIMEOUT + PARSE_BOUND) * 1000) {
                            escapes.add(mode + " " + h.category() + " took " + ms + " ms: " + h.sql());
                        }
                        model.drain();
                        String marks = sessionMarks(c);
                        if (!marks.equals(marksBefore)) {
                            escapes.add(mode + " " + h.category() + " left the session " + marks + " (was " + marksBefore + "): " + h.sql());
                        }
                    }
                }
            }
        }
        System.out.printf("MySQL hostile corpus through the model: %d statements x %d sql_modes, outcomes %s, slowest %d ms, "
                + "%d ms in all%n", corpus.size(), MODES.size(), outcomes, slowest, (System.nanoTime() - started) / 1_000_000);
        assertEquals(List.of(), escapes);
        assertEquals(before, fingerprint(), "the database changed");
        assertFalse(Files.exists(PWNED_FILE), "a file was written");
    }

    @Test
    void hostileSqlTextUnderReadonlyGetsNothingPast() throws Exception {
        List<Hostile> corpus = corpus();
        String before = fingerprint();
        List<String> escapes = new ArrayList<>();
        int refused = 0;
        List<String> notRefused = new ArrayList<>();
        long slowest = 0;
        long started = System.nanoTime();
        try (Connection c = DriverManager.getConnection(TestMariaDb.nlUrl("mdb_app", "nlsql.passthrough=readonly", TABLES));
                Statement s = c.createStatement()) {
            s.setQueryTimeout(QUERY_TIMEOUT);
            for (String mode : MODES) {
                sqlMode(c, mode);
                try (ResultSet rs = s.executeQuery("SELECT name FROM items ORDER BY id")) {
                    assertEquals("lamp|desk|", text(rs), "the walls let ordinary SQL through");
                }
                String marksBefore = sessionMarks(c);
                for (Hostile h : corpus) {
                    long start = System.nanoTime();
                    try {
                        if (s.execute(h.sql())) {
                            try (ResultSet rs = s.getResultSet()) {
                                String answer = text(rs);
                                if (!leaks(answer).isEmpty()) {
                                    escapes.add(mode + " " + h.category() + " leaked " + leaks(answer) + ": " + h.sql());
                                }
                            }
                        }
                        notRefused.add(mode + " answered: " + h.sql());
                    } catch (SQLException e) {
                        refused += "NL003".equals(e.getSQLState()) ? 1 : 0;
                        if (!"NL003".equals(e.getSQLState())) {
                            notRefused.add(mode + " " + e.getSQLState() + " " + e.getMessage() + ": " + h.sql());
                        }
                        if (!leaks(e.getMessage()).isEmpty()) {
                            escapes.add(mode + " " + h.category() + " error leaked " + leaks(e.getMessage()) + ": " + h.sql());
                        }
                        if (interrupted(h, e.getMessage())) {
                            escapes.add(mode + " " + h.category() + " ran until the server's timeout: " + h.sql());
                        }
                    }
                    long ms = (System.nanoTime() - start) / 1_000_000;
                    slowest = Math.max(slowest, ms);
                    if (ms > 2L * (QUERY_TIMEOUT + PARSE_BOUND) * 1000) {
                        escapes.add(mode + " " + h.category() + " took " + ms + " ms: " + h.sql());
                    }
                    String marks = sessionMarks(c);
                    if (!marks.equals(marksBefore)) {
                        escapes.add(mode + " " + h.category() + " left the session " + marks + " (was " + marksBefore + "): " + h.sql());
                    }
                }
            }
        }
        int runs = corpus.size() * MODES.size();
        System.out.printf("MySQL hostile corpus as SQL text: %d runs, %d refused by nlsql (NL003), slowest %d ms, %d ms in all%n", runs,
                refused, slowest, (System.nanoTime() - started) / 1_000_000);
        assertEquals(List.of(), escapes);
        assertTrue(refused >= runs * 85 / 100, "refused by the guard: " + refused + " of " + runs + "; not refused: " + notRefused);
        assertEquals(before, fingerprint(), "the database changed");
        assertFalse(Files.exists(PWNED_FILE), "a file was written");
    }
}
