package dev.nlsql.proxy;

import static dev.nlsql.testing.HostileCorpus.PWNED_FILE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.HostileCorpus;
import dev.nlsql.testing.HostileCorpus.Hostile;
import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.postgresql.PGConnection;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;
import org.postgresql.util.PSQLException;

/**
 * The driver's hostile corpus ({@link HostileCorpus}) through the proxy under
 * {@code nlsql.passthrough=readonly}: as a scripted model's replies to a question and as SQL text, from
 * pgjdbc in the simple and the extended protocol and from psql, whose {@code -c} sends a whole text as
 * one simple Query (the proxy's own statement splitting) and whose {@code -f -} splits it with psql's
 * lexer. The backend logs in as a superuser (the guard is the only wall) and as a role that may read
 * only the allowed table, as a real deployment would. PostgreSQL is the oracle, read directly: the
 * targets' fingerprint (rows, sequence, relations, advisory locks), no file written, no marker in any
 * rows, notice or error, the backend session idle, holding no lock and with its settings unchanged,
 * and every statement within twice its timeouts. Runs in a scratch database, so it never touches the
 * driver test's copies of the targets.
 */
class HostileThroughProxyIT {

    private static final String DATABASE = "nlsql_proxy_hostile";
    private static final String LOGIN = "nlsql_phostile_login";
    private static final String QUESTION = "NL: list the items";
    private static final int QUERY_TIMEOUT = 2;
    private static final int MAX_ATTEMPTS = 2;
    /** psql and a new proxy session (backend connection, type table) start within this, on a busy 2-core machine too. */
    private static final long SESSION_START_MS = 3_000;

    private static List<Hostile> corpus;
    private static FakeOpenAi model;
    private static PgServer asSuperuser;
    private static PgServer asLogin;
    private static Connection idleOther;

    @BeforeAll
    static void start() throws Exception {
        corpus = HostileCorpus.load();
        assertTrue(corpus.size() >= 120, "corpus size " + corpus.size());
        TestPostgres.createDatabaseIfMissing(DATABASE);
        try (Connection c = plain(); Statement s = c.createStatement()) {
            HostileCorpus.createTargets(c);
            s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + LOGIN + "') THEN CREATE ROLE "
                    + LOGIN + " LOGIN; END IF; END $$");
            s.execute("GRANT USAGE ON SCHEMA hostile_app TO " + LOGIN);
            s.execute("GRANT SELECT ON hostile_app.items TO " + LOGIN);
        }
        idleOther = plain();
        HostileCorpus.holdActivityMarker(idleOther); // a superuser session whose last query is the marker
        model = new FakeOpenAi();
        Map<String, String> engine = new HashMap<>();
        for (String p : model.params()) {
            engine.put(p.substring(0, p.indexOf('=')), p.substring(p.indexOf('=') + 1));
        }
        engine.put("nlsql.passthrough", "readonly");
        engine.put("nlsql.tables", "hostile_app.*");
        engine.put("nlsql.maxAttempts", String.valueOf(MAX_ATTEMPTS));
        engine.put("nlsql.queryTimeoutSeconds", String.valueOf(QUERY_TIMEOUT));
        engine.put("nlsql.llm.timeoutSeconds", "5");
        engine.put("nlsql.cache", "false");
        // Each client logs in as itself: one proxy's clients log in as a superuser, the other's as a plain login.
        asSuperuser = proxy(TestPostgres.urlOf(DATABASE), engine);
        asLogin = proxy(TestPostgres.urlOf(DATABASE), engine);
    }

    @AfterAll
    static void stop() throws Exception {
        asSuperuser.close();
        asLogin.close();
        model.close();
        idleOther.close();
        TestPostgres.dropDatabase(DATABASE);
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP ROLE IF EXISTS " + LOGIN);
        }
    }

    private static PgServer proxy(String backendUrl, Map<String, String> engine) throws Exception {
        return new PgServer(new ProxyConfig(ClientsAsThemselves.url(backendUrl), "127.0.0.1", 0, ProxyConfig.Auth.TRUST, Users.of(Map.of()), engine, 20,
                ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null).start();
    }

    /** The role a test's client logs in as through this proxy. */
    private static String userOf(PgServer server) {
        return server == asLogin ? LOGIN : "postgres";
    }

    /** PostgreSQL itself, not through the proxy: the oracle. */
    private static Connection plain() throws SQLException {
        return DriverManager.getConnection(TestPostgres.urlOf(DATABASE));
    }

    private static String fingerprint() throws SQLException {
        try (Connection c = plain()) {
            return HostileCorpus.fingerprint(c);
        }
    }

    private static PgServer server(String login) {
        return "superuser".equals(login) ? asSuperuser : asLogin;
    }

    /** pgjdbc as the proxy's client; simple makes it send every statement as a Query message. */
    private static Connection client(PgServer server, boolean simple) throws SQLException {
        String url = "jdbc:postgresql://127.0.0.1:" + server.port() + "/" + DATABASE + "?user=" + userOf(server) + "&socketTimeout=60";
        return DriverManager.getConnection(simple ? url + "&preferQueryMode=simple" : url);
    }

    // ---- what the client saw ----

    /** One client's run over the corpus: outcomes, escapes, and the slowest statement. */
    private static final class Tally {
        final String label;
        final Map<String, Integer> outcomes = new TreeMap<>();
        final List<String> escapes = new ArrayList<>();
        int statements;
        long slowestMs = -1;
        String slowest;

        Tally(String label) {
            this.label = label;
        }

        void answered(Hostile h, String seen) {
            count("rows");
            leaked(h, "rows", seen);
        }

        void failed(Hostile h, String sqlState, String seen) {
            count(sqlState == null ? "no SQLSTATE" : sqlState);
            leaked(h, "error", seen);
            // a refusal is NL003 or the database's own error (08P01 included: PostgreSQL's answer to a Bind that
            // does not match its statement); a lost session, an internal error or a statement cancelled at its
            // timeout (something ran that should not have) is not
            if (sqlState == null || (sqlState.startsWith("08") && !sqlState.equals("08P01")) || sqlState.startsWith("XX")
                    || sqlState.equals("57014")) {
                escapes.add(h.category() + " ended with " + sqlState + ": " + seen + " <- " + h.sql());
            }
        }

        void took(Hostile h, long startNanos, long boundMs) {
            statements++;
            long ms = (System.nanoTime() - startNanos) / 1_000_000;
            if (ms > slowestMs) {
                slowestMs = ms;
                slowest = h.category() + ": " + h.sql();
            }
            if (ms > boundMs) {
                escapes.add(h.category() + " took " + ms + " ms: " + h.sql());
            }
        }

        void escape(Hostile h, String what) {
            escapes.add(h.category() + " " + what + ": " + h.sql());
        }

        private void count(String outcome) {
            outcomes.merge(outcome, 1, Integer::sum);
        }

        private void leaked(Hostile h, String where, String seen) {
            List<String> leaks = HostileCorpus.leaks(seen);
            if (!leaks.isEmpty()) {
                escapes.add(h.category() + " " + where + " leaked " + leaks + ": " + h.sql());
            }
        }

        int total(String... outcomes) {
            int n = 0;
            for (String o : outcomes) {
                n += this.outcomes.getOrDefault(o, 0);
            }
            return n;
        }

        void report() {
            System.out.printf("hostile corpus, %s: %d statements, outcomes %s, escapes %d, slowest %d ms (%s)%n", label, statements,
                    outcomes, escapes.size(), slowestMs, slowest == null ? "" : slowest.replace("\r", "\\r").replace("\n", "\\n"));
        }
    }

    /** An exception's text as the client got it: message, the server's detail and hint, and chained exceptions. */
    private static String seen(SQLException e) {
        StringBuilder b = new StringBuilder();
        for (SQLException x = e; x != null; x = x.getNextException()) {
            b.append(x.getMessage()).append('\n');
            if (x instanceof PSQLException p && p.getServerErrorMessage() != null) {
                b.append(p.getServerErrorMessage().getDetail()).append('\n').append(p.getServerErrorMessage().getHint()).append('\n');
            }
        }
        return b.toString();
    }

    private static String warnings(Statement s) throws SQLException {
        StringBuilder b = new StringBuilder();
        for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
            b.append(w.getMessage()).append('\n'); // the NOTICE with the answering SQL and its attempts
        }
        return b.toString();
    }

    /** Every result of an executed statement (rows, update counts) and its notices, as text. */
    private static String results(Statement s, boolean isRows) throws SQLException {
        StringBuilder b = new StringBuilder();
        boolean rows = isRows;
        while (true) {
            if (rows) {
                try (ResultSet rs = s.getResultSet()) {
                    b.append(HostileCorpus.text(rs)).append('\n');
                }
            } else if (s.getUpdateCount() == -1) {
                break;
            } else {
                b.append("updated ").append(s.getUpdateCount()).append('\n');
            }
            rows = s.getMoreResults();
        }
        return b.append(warnings(s)).toString();
    }

    /** The client's session must be idle after every statement: no transaction left open or failed. */
    private static void idle(Tally t, Hostile h, Connection client) throws SQLException {
        TransactionState state = client.unwrap(BaseConnection.class).getTransactionState();
        if (state != TransactionState.IDLE) {
            t.escape(h, "left the client's session " + state);
        }
    }

    /** The proxy session's own connection to PostgreSQL, found by the process id the client was told. */
    private record Backend(Connection real, int pid) {

        static Backend of(PgServer server, Connection client) throws SQLException {
            PgSession session = server.session(client.unwrap(PGConnection.class).getBackendPID());
            Connection real = (Connection) session.backend().unwrap(PGConnection.class);
            return new Backend(real, ((PGConnection) real).getBackendPID());
        }

        /** Settings, role and read-only flag, read on the backend session itself (never through nlsql). */
        String marks() throws SQLException {
            return HostileCorpus.sessionMarks(real);
        }

        /** Its state as PostgreSQL shows it to another session: idle, no transaction, no lock of any kind. */
        String state() throws SQLException {
            try (Connection c = plain(); PreparedStatement ps = c.prepareStatement("SELECT state || ' xid ' || coalesce(backend_xid::text, '-')"
                    + " || ' locks ' || (SELECT count(*) FROM pg_locks l WHERE l.pid = a.pid) FROM pg_stat_activity a WHERE pid = ?")) {
                ps.setInt(1, pid);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getString(1) : "gone";
                }
            }
        }
    }

    private static void assertNothingChanged(Tally t, String fingerprintBefore) throws SQLException {
        t.report();
        assertEquals(List.of(), t.escapes, t.label);
        assertEquals(fingerprintBefore, fingerprint(), t.label + ": the database changed");
        assertFalse(Files.exists(PWNED_FILE), t.label + ": a file was written");
    }

    // ---- the runs ----

    @ParameterizedTest(name = "client logs in as {0}, {1} query")
    @CsvSource({"superuser, simple", "superuser, extended", "login, simple", "login, extended"})
    void aHostileModelGetsNothingPastTheProxy(String login, String protocol) throws Exception {
        boolean simple = protocol.equals("simple");
        String before = fingerprint();
        Tally t = new Tally("model, pgjdbc " + protocol + " query, client logs in as " + login);
        try (Connection c = client(server(login), simple)) {
            Backend backend = Backend.of(server(login), c);
            String marks = backend.marks();
            assertEquals(login.equals("login"), marks.contains(LOGIN), "the backend's role: " + marks);
            for (Hostile h : corpus) {
                for (int i = 0; i < MAX_ATTEMPTS; i++) {
                    model.then(FakeOpenAi.answer(h.sql()));
                }
                long start = System.nanoTime();
                try {
                    if (simple) {
                        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(QUESTION)) {
                            t.answered(h, HostileCorpus.text(rs) + warnings(s));
                        }
                    } else {
                        try (PreparedStatement ps = c.prepareStatement(QUESTION); ResultSet rs = ps.executeQuery()) {
                            t.answered(h, HostileCorpus.text(rs) + warnings(ps));
                        }
                    }
                } catch (SQLException e) {
                    t.failed(h, e.getSQLState(), seen(e));
                } catch (RuntimeException e) {
                    t.escape(h, "broke the client: " + e); // e.g. rows that do not match their description
                }
                t.took(h, start, 2L * MAX_ATTEMPTS * QUERY_TIMEOUT * 1000);
                idle(t, h, c);
                model.drain();
            }
            assertEquals(marks, backend.marks(), "the backend session's settings changed");
            assertEquals("idle xid - locks 0", backend.state());
            assertNothingChanged(t, before); // while the session is still open: a session-level advisory lock would show
        }
    }

    @ParameterizedTest(name = "client logs in as {0}, {1} query")
    @CsvSource({"superuser, simple", "superuser, extended", "login, simple", "login, extended"})
    void hostileSqlTextGetsNothingPastTheProxy(String login, String protocol) throws Exception {
        boolean simple = protocol.equals("simple");
        String before = fingerprint();
        Tally t = new Tally("SQL text, pgjdbc " + protocol + " query, client logs in as " + login);
        try (Connection c = client(server(login), simple)) {
            Backend backend = Backend.of(server(login), c);
            String marks = backend.marks();
            assertEquals(login.equals("login"), marks.contains(LOGIN), "the backend's role: " + marks);
            for (Hostile h : corpus) {
                long start = System.nanoTime();
                try {
                    if (simple) {
                        try (Statement s = c.createStatement()) {
                            s.setQueryTimeout(QUERY_TIMEOUT);
                            t.answered(h, results(s, s.execute(h.sql())));
                        }
                    } else {
                        try (PreparedStatement ps = c.prepareStatement(h.sql())) {
                            ps.setQueryTimeout(QUERY_TIMEOUT);
                            t.answered(h, results(ps, ps.execute()));
                        }
                    }
                } catch (SQLException e) {
                    t.failed(h, e.getSQLState(), seen(e));
                } catch (RuntimeException e) {
                    t.escape(h, "broke the client: " + e);
                }
                t.took(h, start, 2L * QUERY_TIMEOUT * 1000);
                idle(t, h, c);
            }
            assertEquals(marks, backend.marks(), "the backend session's settings changed");
            assertEquals("idle xid - locks 0", backend.state());
            assertNothingChanged(t, before);
        }
        if (login.equals("superuser")) {
            // as in the driver's test: the guard, not the database, refuses nearly all of it
            assertTrue(t.total("NL003") >= corpus.size() * 9 / 10, "refused by the guard: " + t.outcomes);
        }
    }

    @org.junit.jupiter.api.Test
    void aPreparedQuestionWhoseAnswerChangesShapeIsPreparedAgain() throws Exception {
        // pgjdbc describes a named statement once and then decodes its rows by that description (binary int4 here):
        // rows of another shape must come as PostgreSQL's "cached plan must not change result type", which pgjdbc
        // heals by preparing again, never as rows the client misreads
        model.drain();
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + asSuperuser.port()
                + "/" + DATABASE + "?user=postgres&prepareThreshold=1")) {
            model.then(FakeOpenAi.answer("SELECT id FROM hostile_app.items ORDER BY id"));
            try (PreparedStatement ps = c.prepareStatement(QUESTION); ResultSet rs = ps.executeQuery()) {
                assertEquals("1|2|", HostileCorpus.text(rs));
            }
            // one answer for the execution that finds the new shape, one for pgjdbc's retry
            model.then(FakeOpenAi.answer("SELECT name FROM hostile_app.items ORDER BY id"),
                    FakeOpenAi.answer("SELECT name FROM hostile_app.items ORDER BY id"));
            try (PreparedStatement ps = c.prepareStatement(QUESTION); ResultSet rs = ps.executeQuery()) {
                assertEquals("lamp|desk|", HostileCorpus.text(rs));
            }
        } finally {
            model.drain();
        }
    }

    // ---- psql ----

    private record Psql(int status, String out) {
    }

    private static final Pattern PSQL_ERROR = Pattern.compile("(?m)^(?:psql:[^\\n]*?)?(ERROR|FATAL):  ([0-9A-Z]{5}): ");

    /** psql as the proxy's client: {@code -c text} sends the text as one Query; stdin with {@code -f -} is split by psql. */
    private static Psql psql(PgServer server, String stdin, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("psql", "-X", "-h", "127.0.0.1", "-p", String.valueOf(server.port()), "-U", userOf(server),
                "-d", DATABASE, "-v", "VERBOSITY=verbose"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("PGCONNECT_TIMEOUT", "10");
        pb.environment().put("PGSSLMODE", "disable");
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        byte[] out = p.getInputStream().readAllBytes(); // psql ends on its own: the pipe closes when it exits
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "psql finished");
        return new Psql(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private static final Pattern PSQL_ROWS = Pattern.compile("(?m)^\\(\\d+ rows?\\)$");

    private static void psqlOutcome(Tally t, Hostile h, Psql r, boolean oneQuery) {
        Matcher m = PSQL_ERROR.matcher(r.out());
        List<String> states = new ArrayList<>();
        while (m.find()) {
            states.add(m.group(1).equals("FATAL") ? "FATAL " + m.group(2) : m.group(2));
        }
        if (r.status() == 2 || states.stream().anyMatch(s -> s.startsWith("FATAL"))) {
            t.failed(h, null, "psql exit " + r.status() + ": " + r.out()); // the session broke
        } else if (states.isEmpty() && r.status() != 0) {
            t.failed(h, null, "psql exit " + r.status() + " without an error: " + r.out());
        } else if (states.isEmpty()) {
            t.answered(h, r.out());
        } else {
            t.failed(h, states.get(states.size() - 1), r.out());
            if (oneQuery && states.contains("NL003") && PSQL_ROWS.matcher(r.out()).find()) {
                t.escape(h, "ran part of a message the guard refused: " + r.out());
            }
        }
    }

    /** Entries psql reads as more than one statement, or which hide one behind a line end: psql's own splitting matters. */
    private static boolean psqlSplits(Hostile h) {
        return h.category().equals("crlf") || h.sql().indexOf(';') >= 0;
    }

    @ParameterizedTest(name = "client logs in as {0}")
    @CsvSource({"superuser", "login"})
    void hostileSqlTextFromPsqlAsOneQuery(String login) throws Exception {
        String before = fingerprint();
        Tally t = new Tally("SQL text, psql -c (one Query), client logs in as " + login);
        for (Hostile h : corpus) {
            long start = System.nanoTime();
            psqlOutcome(t, h, psql(server(login), null, "-c", h.sql()), true);
            t.took(h, start, 2L * QUERY_TIMEOUT * 1000 + SESSION_START_MS);
        }
        assertNothingChanged(t, before);
        if (login.equals("superuser")) {
            assertTrue(t.total("NL003") >= corpus.size() * 9 / 10, "refused by the guard: " + t.outcomes);
        }
    }

    @ParameterizedTest(name = "client logs in as {0}")
    @CsvSource({"superuser", "login"})
    void hostileSqlTextFromPsqlSplitByPsql(String login) throws Exception {
        String before = fingerprint();
        Tally t = new Tally("SQL text, psql -f - (psql splits), client logs in as " + login);
        for (Hostile h : corpus) {
            if (psqlSplits(h)) {
                long start = System.nanoTime();
                psqlOutcome(t, h, psql(server(login), h.sql() + "\n", "-f", "-"), false);
                t.took(h, start, 2L * QUERY_TIMEOUT * 1000 + SESSION_START_MS);
            }
        }
        assertTrue(t.statements >= 40, "entries run: " + t.statements);
        assertNothingChanged(t, before);
    }
}
