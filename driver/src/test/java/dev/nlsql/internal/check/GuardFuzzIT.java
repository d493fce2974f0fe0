package dev.nlsql.internal.check;

import dev.nlsql.testing.DefogQuestions;
import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.execute.Unguarded;
import dev.nlsql.sql.SqlDialect;
import dev.nlsql.sql.LexRules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.execute.GuardedExecution;
import dev.nlsql.internal.execute.GuardedRun;
import dev.nlsql.testing.Benchmarks;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Mutates the defog gold queries thousands of times and uses PostgreSQL as the oracle. The guard
 * must only ever return or throw its own rejection, within bounded time; whatever it accepts runs
 * the way nlsql runs it (the guard's canonical text, a prepared statement, so one Parse message,
 * inside {@code ReadOnlyTransaction} with the statement timeout of {@link GuardedRun}), and
 * the session is looked at before that transaction ends and again after it:
 * <ul>
 *   <li>more than one statement, or not a query: pgjdbc's "no result" (02000) or "multiple results"
 *       (0100E), the server's "cannot insert multiple commands", the transaction's own settings
 *       (read-only, the statement timeout) or the caller's transaction marker gone;</li>
 *   <li>a write or a lock: 25006, a transaction id assigned (a temporary table can be written in a
 *       READ ONLY transaction, so 25006 alone is not enough), advisory, tuple or stronger relation
 *       locks held, lock waits (55P03, 40P01);</li>
 *   <li>a session change: the corpus' {@code x.y} setting, the role;</li>
 *   <li>sleep: the statement timeout (57014).</li>
 * </ul>
 * Half the mutants run inside a caller's transaction (the read-only savepoint), half alone; a
 * quarter are read with {@code standard_conforming_strings=off} rules and a quarter run on a
 * session with that setting off, so the canonical text's claim to read alike under both is tested.
 */
class GuardFuzzIT {

    private static final long SEED = 20261122L;
    private static final int MUTANTS_PER_QUERY = 60;
    /** -Dnlsql.fuzz.verbose=true prints every accepted mutant with the oracle's verdict. */
    private static final boolean VERBOSE = Boolean.getBoolean("nlsql.fuzz.verbose");
    /** Features of the text whose accepted mutants are counted, so a run shows they were exercised. */
    private static final Map<String, String> FEATURES = features();
    private static final int TIMEOUT_SECONDS = 1;
    private static final String[] SPLICES = {
        ";", "; DELETE FROM sbcustomer", " pg_sleep(1) ", ", pg_sleep(0.01)", " INTO nlsql_fuzz ", " FOR UPDATE", " FOR SHARE",
        "/*", "*/", "--", "'", "\"", "$$", "E'\\''", "\\", "(", ")", ",", "WITH d AS (DELETE FROM sbcustomer RETURNING *) ",
        "UNION SELECT 1", " UPDATE ", " SET ", " DELETE ", " INSERT INTO ", " COPY ", " lo_import('/etc/hostname') ",
        "\n", " /* /* */ ", " $a$ ", "U&\"", " nextval('x') ", " pg_catalog.", " LOCK ", " TABLE ", " VALUES (1) ",
        " RETURNING * ", " DO ", " CALL ", "::regclass", " set_config('a','b',false) ", " FROM ", " WHERE ", " NOT ",
        // line ends and comments as PostgreSQL's scanner reads them (-- ends at \n or \r; block comments nest)
        "\r", "--\r", "-- x\r", "\r\n", "/* /* */", "*/ */", "--\rFOR UPDATE", "-- x\r; SELECT pg_advisory_lock(1)",
        "/* /* */ FOR UPDATE */", "*/ FOR UPDATE /*", "--\fFOR UPDATE", "--\u2028; SET x.y = 1", "--\u0085FOR UPDATE",
        // dollar quotes, escape strings, Unicode escapes
        "$a$", "$a$ $b$", "$a$ $b$ FOR UPDATE $a$", "$b$", "E'\\\\'", "E'\\\\''", "E'\\'' FOR UPDATE --'", "'\\'",
        "'\\' FOR UPDATE --'", "U&'", "U&'\\0041'", "U&\"\\0041\"", "U&\"d\\0061t\\+000061\" ",
        // characters that are white space somewhere, but not to PostgreSQL
        "\u00a0", "\u2000", "\u2003", "\u200b", "\u2028", "\u3000", "\ufeff", "\u0085", "\u000b", "\f", "\t",
        // a second statement that changes the transaction, the session or takes a lock
        "; COMMIT;", "; ROLLBACK;", "; SET x.y = 1", "; SELECT pg_advisory_lock(1)", "\r\n; SET x.y = 1\r\n",
        "; COMMIT; DELETE FROM sbcustomer", " pg_advisory_lock(1) ", " pg_advisory_xact_lock(1) ",
        " set_config('x.y','1',false) ", "pg_catalog.set_config('x.y','1',true)"
    };
    private static final Set<String> ESCAPE_STATES = Set.of(
            "25006", // read-only transaction: a write or a lock was attempted
            "02000", // pgjdbc: no result set, the statement was not a query
            "0100E", // pgjdbc: more than one result, more than one statement ran
            "3B001", // savepoint gone: the read-only savepoint was ended by the statement
            "25P01", // no transaction in progress: the transaction was ended by the statement
            "25P02", // the caller's transaction left aborted
            "55P03", "40P01", // lock waits
            "57014"); // the statement timeout: sleep

    private static Map<String, String> features() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("CR", "\r");
        f.put("line comment", "--");
        f.put("block comment", "/*");
        f.put("dollar quote", "$");
        f.put("E string", "E'");
        f.put("backslash", "\\");
        f.put("NBSP", "\u00a0");
        f.put("EM SPACE", "\u2003");
        f.put("LINE SEPARATOR", "\u2028");
        f.put("NEL", "\u0085");
        f.put("form feed", "\f");
        return f;
    }

    /** How an accepted mutant ended at the database. */
    enum Verdict { RAN, SERVER_ERROR, RELATION_REFUSED, ESCAPE }

    /** The oracle's reading of one run: the verdict and what it saw. */
    record Judgement(Verdict verdict, String detail) {
    }

    @Test
    void mutatedGoldQueriesNeverGetPastTheWalls() throws Exception {
        Random random = new Random(SEED);
        List<String> escapes = new ArrayList<>();
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        Map<GuardRejection.Rule, Integer> rules = new EnumMap<>(GuardRejection.Rule.class);
        int[] counts = new int[4]; // mutants, accepted, rejected, accepted with text changed by the guard
        Map<String, Integer> acceptedWith = new LinkedHashMap<>();
        long[] slowest = {0};
        long[] guardNanos = {0};
        int[] slowCalls = {0, 0}; // guard calls over 100 ms, over 1 s
        String[] slowestMutant = {""};
        long started = System.nanoTime();
        assertTimeoutPreemptively(Duration.ofMinutes(5), () -> {
            for (String db : Benchmarks.DEFOG_DATABASES) {
                String url = Benchmarks.loadDefog(db);
                String before = fingerprint(url);
                try (Oracle standard = new Oracle(url, true); Oracle stringsOff = new Oracle(url, false)) {
                    SqlGuard guard = guardFor(standard.connection);
                    for (DefogQuestions.GoldQuestion q : DefogQuestions.questions()) {
                        if (!q.db().equals(db)) {
                            continue;
                        }
                        for (String gold : q.statements()) {
                            for (int i = 0; i < MUTANTS_PER_QUERY; i++) {
                                String mutant = mutate(gold, random);
                                boolean plainEscapes = random.nextInt(4) == 0;
                                Oracle oracle = random.nextInt(4) == 0 ? stringsOff : standard;
                                boolean nested = random.nextBoolean();
                                counts[0]++;
                                long start = System.nanoTime();
                                GuardedSql guarded = accepts(guard, mutant, LexRules.postgres(!plainEscapes), rules);
                                long nanos = System.nanoTime() - start;
                                guardNanos[0] += nanos;
                                long ms = nanos / 1_000_000;
                                slowCalls[0] += ms > 100 ? 1 : 0;
                                slowCalls[1] += ms > 1_000 ? 1 : 0;
                                if (ms > slowest[0]) {
                                    slowest[0] = ms;
                                    slowestMutant[0] = mutant;
                                }
                                assertTrue(ms < 5_000, "guard took " + ms + " ms on: " + visible(mutant));
                                if (guarded == null) {
                                    counts[2]++;
                                    continue;
                                }
                                counts[1]++;
                                FEATURES.forEach((name, text) -> {
                                    if (mutant.contains(text)) {
                                        acceptedWith.merge(name, 1, Integer::sum);
                                    }
                                });
                                if (!guarded.sql().equals(mutant.strip())) {
                                    counts[3]++;
                                }
                                Judgement j = oracle.judge(guarded, guard.policy(), nested);
                                verdicts.merge(j.verdict(), 1, Integer::sum);
                                if (VERBOSE) {
                                    System.out.println(j.verdict() + " " + j.detail() + " :: " + visible(mutant) + " => " + visible(guarded.sql()));
                                }
                                if (j.verdict() == Verdict.ESCAPE) {
                                    escapes.add("mutant " + visible(mutant) + "\n    guard returned " + visible(guarded.sql())
                                            + "\n    rules " + (plainEscapes ? "standard_conforming_strings=off" : "default")
                                            + ", session " + oracle.describe() + (nested ? ", inside a transaction" : ", alone")
                                            + "\n    saw " + j.detail());
                                    oracle.reconnect();
                                }
                            }
                        }
                    }
                }
                assertEquals(before, fingerprint(url), "database " + db + " changed");
            }
        });
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;
        System.out.printf("GuardFuzzIT: %d mutants, %d accepted (%d with text changed by the guard), %d rejected, %d escapes, "
                + "%d s (%d s in the guard, %d calls over 100 ms, %d over 1 s); slowest guard call %d ms on: %s%n  accepted at the database: %s%n  rejections by rule: %s%n"
                + "  accepted mutants with: %s%n",
                counts[0], counts[1], counts[3], counts[2], escapes.size(), seconds, guardNanos[0] / 1_000_000_000L, slowCalls[0], slowCalls[1], slowest[0], visible(slowestMutant[0]),
                verdicts, rules, acceptedWith);
        escapes.forEach(e -> System.out.println("ESCAPE " + e));
        assertTrue(counts[0] >= 4_000, "mutants: " + counts[0]);
        assertTrue(counts[1] > 500 && counts[2] > 500, "both outcomes occur: accepted " + counts[1] + ", rejected " + counts[2]);
        assertTrue(counts[3] > 50, "accepted mutants whose comments or strings the guard rewrote: " + counts[3]);
        assertTrue(verdicts.getOrDefault(Verdict.RAN, 0) > 100, "accepted mutants that ran: " + verdicts);
        assertTrue(verdicts.getOrDefault(Verdict.SERVER_ERROR, 0) > 300, "accepted mutants the server refused: " + verdicts);
        assertTrue(acceptedWith.getOrDefault("CR", 0) > 20 && acceptedWith.getOrDefault("block comment", 0) > 20,
                "accepted mutants with a carriage return or a block comment: " + acceptedWith);
        assertEquals(List.of(), escapes, "accepted mutants that got past a wall");
    }

    /**
     * The oracle itself: statements that do each thing it looks for, run past the guard (a
     * {@link GuardedSql} built directly), must each be seen, alone and inside a transaction.
     */
    @Test
    void theOracleSeesEachKindOfEscape() throws Exception {
        String url = Benchmarks.loadDefog("broker");
        String before = fingerprint(url);
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("WITH d AS (DELETE FROM sbcustomer RETURNING *) SELECT * FROM d", "25006");
        cases.put("SELECT * FROM sbcustomer FOR UPDATE", "25006");
        cases.put("WITH d AS (INSERT INTO fz_fuzz_tmp VALUES (1) RETURNING *) SELECT * FROM d", "xid assigned");
        cases.put("SELECT pg_advisory_xact_lock(1)", "locks held");
        cases.put("SELECT pg_advisory_lock(1)", "locks held");
        cases.put("SELECT set_config('x.y', '1', false)", "x.y=1");
        cases.put("SELECT set_config('transaction_read_only', 'off', true)", "25");
        cases.put("SELECT set_config('statement_timeout', '0', true)", "statement_timeout");
        cases.put("SELECT pg_sleep(3)", "57014");
        cases.put("SELECT 1; SELECT 2", "0100E");
        cases.put("SELECT 1; SET x.y = 1", "0100E");
        cases.put("SET x.y = 1", "02000");
        cases.put("COMMIT", "");
        cases.put("ROLLBACK", "");
        SqlGuard guard;
        try (Oracle oracle = new Oracle(url, true)) {
            guard = guardFor(oracle.connection);
        }
        for (boolean nested : new boolean[] {false, true}) {
            for (Map.Entry<String, String> c : cases.entrySet()) {
                try (Oracle oracle = new Oracle(url, true)) {
                    try (Statement s = oracle.connection.createStatement()) {
                        s.execute("CREATE TEMP TABLE fz_fuzz_tmp (v int)");
                    }
                    GuardedSql unguarded = Unguarded.sql(c.getKey(), List.of());
                    Judgement j = oracle.judge(unguarded, guard.policy(), nested);
                    System.out.println("oracle, " + (nested ? "inside a transaction" : "alone") + ": " + c.getKey() + " -> " + j.detail());
                    assertEquals(Verdict.ESCAPE, j.verdict(), c.getKey() + (nested ? " inside a transaction" : " alone") + ": " + j);
                    assertTrue(j.detail().contains(c.getValue()), c.getKey() + ": " + j.detail());
                }
            }
        }
        try (Oracle oracle = new Oracle(url, true)) {
            GuardedSql plain = Unguarded.sql("SELECT count(*) FROM sbcustomer", List.of("sbcustomer"));
            assertEquals(Verdict.RAN, oracle.judge(plain, guard.policy(), false).verdict());
            assertEquals(Verdict.RAN, oracle.judge(plain, guard.policy(), true).verdict());
        }
        assertEquals(before, fingerprint(url), "database changed");
    }

    /** The guard nlsql.passthrough=readonly uses: SQL text rules, the functions of this database's pg_proc. */
    private static SqlGuard guardFor(Connection c) throws SQLException {
        FunctionPolicy functions = new FunctionPolicy(FunctionPolicy.Purpose.SQL_TEXT, SqlDialect.POSTGRESQL, PgFunctions.read(c),
                List.of(), List.of());
        return new SqlGuard(new GuardPolicy(List.of(), functions, FunctionPolicy.Purpose.SQL_TEXT, c.getSchema()));
    }

    /** Only the guard's own rejection may come out of check(); null when it rejects. */
    private static GuardedSql accepts(SqlGuard guard, String sql, LexRules rules, Map<GuardRejection.Rule, Integer> byRule) {
        try {
            return guard.check(sql, rules);
        } catch (GuardRejection e) {
            byRule.merge(e.rule(), 1, Integer::sum);
            return null;
        }
    }

    /** One session of the oracle, and how it judges a guarded statement run the way nlsql runs it. */
    static final class Oracle implements AutoCloseable {
        private final String url;
        private final boolean standardConformingStrings;
        private Connection connection;
        private String defaultTimeout;
        private long runs;

        Oracle(String url, boolean standardConformingStrings) throws SQLException {
            this.url = url;
            this.standardConformingStrings = standardConformingStrings;
            connect();
        }

        private void connect() throws SQLException {
            connection = DriverManager.getConnection(url);
            try (Statement s = connection.createStatement()) {
                if (!standardConformingStrings) {
                    s.execute("SET standard_conforming_strings = off");
                    s.execute("SET escape_string_warning = off");
                }
                try (ResultSet rs = s.executeQuery("SELECT current_setting('statement_timeout')")) {
                    rs.next();
                    defaultTimeout = rs.getString(1);
                }
            }
        }

        void reconnect() throws SQLException {
            connection.close();
            connect();
        }

        String describe() {
            return standardConformingStrings ? "default" : "standard_conforming_strings=off";
        }

        Judgement judge(GuardedSql guarded, GuardPolicy policy, boolean nested) throws SQLException {
            String marker = "m" + (++runs);
            GuardedRun run = new GuardedRun(guarded, TIMEOUT_SECONDS, null, (schema, name, names) -> policy.resolvedRefusal(schema, name, false, names));
            if (nested) {
                connection.setAutoCommit(false);
                execute("SET LOCAL fz.marker = '" + marker + "'");
            }
            Judgement judgement;
            try {
                String inside = GuardedExecution.run(connection, run, 1_000, TIMEOUT_SECONDS, rows -> {
                    while (rows.next()) {
                        rows.getObject(1);
                    }
                    return probe(insideProbe(nested, marker));
                });
                judgement = inside.isEmpty() ? new Judgement(Verdict.RAN, "") : new Judgement(Verdict.ESCAPE, "inside: " + inside);
            } catch (GuardedRun.RelationRefusedException e) {
                judgement = new Judgement(Verdict.RELATION_REFUSED, e.getMessage());
            } catch (SQLException e) {
                String state = String.valueOf(e.getSQLState());
                if (state.startsWith("08")) {
                    throw e;
                }
                boolean escape = ESCAPE_STATES.contains(state) || state.startsWith("25")
                        || (state.equals("42601") && String.valueOf(e.getMessage()).contains("multiple commands"));
                judgement = new Judgement(escape ? Verdict.ESCAPE : Verdict.SERVER_ERROR, state + " " + firstLine(e.getMessage()));
            }
            String after;
            try {
                after = probe(afterProbe(nested, marker));
                if (!nested && !connection.getAutoCommit()) {
                    after = (after + " auto-commit left off").strip();
                }
            } catch (SQLException e) {
                after = "the session could not be probed afterwards: " + e.getSQLState() + " " + firstLine(e.getMessage());
            } finally {
                cleanUp();
            }
            if (!after.isEmpty()) {
                return new Judgement(Verdict.ESCAPE, (judgement.detail() + " | after: " + after).strip());
            }
            return judgement;
        }

        /** What must hold inside the read-only transaction once the statement has run; empty when all does. */
        private String insideProbe(boolean nested, String marker) {
            return "SELECT concat_ws(' ', "
                    + "CASE WHEN txid_current_if_assigned() IS NOT NULL THEN 'xid assigned (a write or a row lock)' END, "
                    + "CASE WHEN current_setting('transaction_read_only') <> 'on' THEN 'transaction not read-only' END, "
                    + "CASE WHEN current_setting('statement_timeout') <> '" + TIMEOUT_SECONDS + "s' "
                    + "THEN 'statement_timeout=' || current_setting('statement_timeout') END, "
                    + "CASE WHEN coalesce(current_setting('x.y', true), '') <> '' THEN 'x.y=' || current_setting('x.y', true) END, "
                    + "CASE WHEN current_user <> session_user THEN 'role ' || current_user END, "
                    + "(SELECT 'locks held: ' || string_agg(locktype || ' ' || mode, ', ') FROM pg_catalog.pg_locks "
                    + "WHERE pid = pg_backend_pid() AND (locktype IN ('advisory', 'tuple', 'transactionid') "
                    + "OR (locktype = 'relation' AND mode <> 'AccessShareLock')))"
                    + (nested ? ", CASE WHEN current_setting('fz.marker', true) IS DISTINCT FROM '" + marker
                            + "' THEN 'the caller''s transaction ended' END" : "")
                    + ")";
        }

        /** What must hold afterwards: the caller's transaction as it was, nothing left in the session. */
        private String afterProbe(boolean nested, String marker) {
            return "SELECT concat_ws(' ', "
                    + "CASE WHEN current_setting('statement_timeout') <> '" + defaultTimeout + "' "
                    + "THEN 'statement_timeout left at ' || current_setting('statement_timeout') END, "
                    + "CASE WHEN coalesce(current_setting('x.y', true), '') <> '' THEN 'x.y left at ' || current_setting('x.y', true) END, "
                    + "CASE WHEN current_user <> session_user THEN 'role left at ' || current_user END, "
                    + "(SELECT 'locks left: ' || string_agg(locktype || ' ' || mode, ', ') FROM pg_catalog.pg_locks "
                    + "WHERE pid = pg_backend_pid() AND locktype = 'advisory')"
                    + (nested ? ", CASE WHEN current_setting('fz.marker', true) IS DISTINCT FROM '" + marker
                            + "' THEN 'the caller''s transaction ended' END, "
                            + "CASE WHEN txid_current_if_assigned() IS NOT NULL THEN 'xid assigned in the caller''s transaction' END, "
                            + "CASE WHEN current_setting('transaction_read_only') <> 'off' THEN 'the caller''s transaction left read-only' END"
                            : "")
                    + ")";
        }

        private String probe(String sql) throws SQLException {
            try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                rs.next();
                return rs.getString(1).strip();
            }
        }

        /** Ends the caller's transaction and clears what an escaped statement may have left. */
        private void cleanUp() throws SQLException {
            if (!connection.getAutoCommit()) {
                connection.rollback();
                connection.setAutoCommit(true);
            }
        }

        private void execute(String sql) throws SQLException {
            try (Statement s = connection.createStatement()) {
                s.execute(sql);
            }
        }

        @Override
        public void close() throws SQLException {
            connection.close();
        }
    }

    /**
     * One to three edits: splices anywhere, deletions, random characters, truncation, copied
     * pieces; or, for a third of the mutants, one or two splices between tokens only, which keeps
     * more mutants valid so that the accepted ones also run.
     */
    static String mutate(String sql, Random random) {
        StringBuilder b = new StringBuilder(sql);
        if (random.nextInt(3) == 0) {
            for (int e = 1 + random.nextInt(2); e > 0; e--) {
                int at = random.nextInt(b.length() + 1);
                while (at < b.length() && b.charAt(at) != ' ') {
                    at++;
                }
                b.insert(at, SPLICES[random.nextInt(SPLICES.length)]);
            }
            return b.toString();
        }
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int at = b.length() == 0 ? 0 : random.nextInt(b.length() + 1);
            switch (random.nextInt(6)) {
                case 0, 1 -> b.insert(at, SPLICES[random.nextInt(SPLICES.length)]);
                case 2 -> {
                    int len = Math.min(b.length() - Math.min(at, b.length()), 1 + random.nextInt(12));
                    b.delete(at, at + len);
                }
                case 3 -> b.insert(at, (char) (32 + random.nextInt(95)));
                case 4 -> b.setLength(Math.min(b.length(), at));
                default -> {
                    int from = random.nextInt(b.length() + 1);
                    int to = Math.min(b.length(), from + random.nextInt(20));
                    b.insert(at, b.substring(from, to));
                }
            }
        }
        return b.toString();
    }

    /** The text with line ends, control characters and non-ASCII written as Java escapes, for a report. */
    static String visible(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\r' -> b.append("\\r");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\f' -> b.append("\\f");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20 || c >= 0x7f) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private static String fingerprint(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT string_agg(relname || ':' || n_tup_ins || ':' || n_tup_upd || ':' "
                        + "|| n_tup_del, ',' ORDER BY relname) || '|' || (SELECT count(*) FROM pg_class) FROM pg_stat_user_tables")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
