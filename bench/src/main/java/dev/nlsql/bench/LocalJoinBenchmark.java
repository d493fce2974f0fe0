package dev.nlsql.bench;

import dev.nlsql.engine.Attempt;
import dev.nlsql.eval.FaultInjectingLlm;
import dev.nlsql.internal.check.FunctionPolicy;
import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.execute.LocalCopy;
import dev.nlsql.jdbc.NlStatement;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * Moving and joining 2 x 100,000 rows through the local engine (issue 23's cross-source step), twice:
 * <ul>
 * <li>engine: pgjdbc reads {@code SELECT * FROM t} with a fetch size, {@link LocalCopy#load} copies each table,
 * {@link LocalCopy#indexFor} indexes the join key, and the guarded join runs through {@link LocalCopy#query};</li>
 * <li>question: the same join asked through {@code jdbc:nlsql:} on two databases (t1 in main, t2 in source b),
 * answered by a local model server with the gold plan (a step per source, then the local join): everything a user
 * waits for, from the question's text to its rows (guards, read-only transactions, capped reads, the load, the join).</li>
 * </ul>
 * Repetition 1 of each is cold (a fresh JVM), 3 is warm. The baseline, measured in the same run, is the same join
 * inside PostgreSQL. The tables are made in two scratch databases, dropped at the end. Run by {@code bench/local-join.sh}.
 */
public final class LocalJoinBenchmark {

    static final int ROWS = 100_000;
    static final int REPETITIONS = Integer.getInteger("reps", 3);
    static final int FETCH_SIZE = 10_000;
    private static final String JOIN = "SELECT step1.d, count(*) AS n, sum(step2.a) AS a, round(avg(step1.n), 2) AS avg_n "
            + "FROM step1 JOIN step2 ON step1.id = step2.id GROUP BY step1.d ORDER BY step1.d";
    private static final String DIRECT = JOIN.replace("step1", "t1").replace("step2", "t2");
    private static final String QUESTION = "per day of t1, the matching t2 rows: count, total a and average n";
    private static final String PLAN = "{\"answerable\": true, \"steps\": ["
            + "{\"purpose\": \"t1\", \"source\": \"main\", \"sql\": \"SELECT id, a, n, s, d FROM t1\"},"
            + "{\"purpose\": \"t2\", \"source\": \"b\", \"sql\": \"SELECT id, a, n, s, d FROM t2\"},"
            + "{\"purpose\": \"join\", \"source\": \"local\", \"sql\": \"" + JOIN + "\"}]}";
    /** The fallback's budget of bytes the query's thread may allocate (CorrectionLoop.localWorkBytes). */
    private static final long WORK_BYTES = 512L << 20;

    private LocalJoinBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String main = "nlsql_bench_localjoin_" + ProcessHandle.current().pid();
        String b = main + "_b";
        try (Connection admin = DriverManager.getConnection(BenchDatabase.url()); Statement s = admin.createStatement()) {
            s.execute("CREATE DATABASE " + main);
            s.execute("CREATE DATABASE " + b);
        }
        try {
            fill(urlOf(main), List.of("t1", "t2"));
            fill(urlOf(b), List.of("t2"));
            String expected = engine(urlOf(main));
            question(urlOf(main), urlOf(b), expected);
        } finally {
            try (Connection admin = DriverManager.getConnection(BenchDatabase.url()); Statement s = admin.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + main + " WITH (FORCE)");
                s.execute("DROP DATABASE IF EXISTS " + b + " WITH (FORCE)");
            }
        }
    }

    private static void fill(String url, List<String> tables) throws SQLException {
        try (Connection pg = DriverManager.getConnection(url); Statement s = pg.createStatement()) {
            for (String t : tables) {
                s.execute("CREATE TABLE " + t + " (id int, a bigint, n numeric(12,2), s text, d date)");
            }
            s.execute("SELECT setseed(0.23)");
            // t1 in key order, t2 the same keys in a random order; texts of about 20 characters, 365 dates
            if (tables.contains("t1")) {
                s.execute("INSERT INTO t1 SELECT g, g::bigint * 7919, (g % 100000) / 100.0, 'customer-' || lpad(g::text, 11, '0'), "
                        + "DATE '2024-01-01' + (g % 365) FROM generate_series(1, " + ROWS + ") g");
            }
            s.execute("INSERT INTO t2 SELECT g, g::bigint * 31, (g % 777) / 10.0, 'order-' || lpad((g::bigint * 48271 % 2147483647)::text, 14, '0'), "
                    + "DATE '2023-06-01' + (g % 500) FROM generate_series(1, " + ROWS + ") g ORDER BY random()");
            s.execute("ANALYZE");
        }
    }

    /** The engine on its own; returns PostgreSQL's answer. */
    private static String engine(String url) throws Exception {
        String expected = null;
        try (Connection pg = DriverManager.getConnection(url)) {
            pg.setAutoCommit(false); // pgjdbc streams with a fetch size only inside a transaction
            System.out.printf("engine: LocalCopy load, index and join%n");
            System.out.printf("rep  fetch+load_ms  index_ms  query_ms  total_ms  postgres_join_ms  ratio  rows%n");
            for (int rep = 1; rep <= REPETITIONS; rep++) {
                long t0 = System.nanoTime();
                try (LocalCopy copy = LocalCopy.create(2 * ROWS)) {
                    int loaded = 0;
                    for (String[] t : new String[][] {{"t1", "step1"}, {"t2", "step2"}}) {
                        try (Statement s = pg.createStatement()) {
                            s.setFetchSize(FETCH_SIZE);
                            try (ResultSet rows = s.executeQuery("SELECT * FROM " + t[0])) {
                                loaded += copy.load(t[1], rows, ROWS);
                            }
                        }
                    }
                    pg.commit();
                    long t1 = System.nanoTime();
                    SqlGuard guard = new SqlGuard(new GuardPolicy(copy.tables(), FunctionPolicy.localEngine(),
                            FunctionPolicy.Purpose.LOCAL_ENGINE, "public"));
                    GuardedSql guarded = guard.check(JOIN);
                    List<String> indexed = copy.indexFor(guarded.ast());
                    long t2 = System.nanoTime();
                    String local;
                    try (ResultSet rs = copy.query(guarded, 1000, 60, WORK_BYTES, 0)) {
                        local = digest(rs);
                    }
                    long t3 = System.nanoTime();
                    String direct = direct(pg);
                    pg.commit();
                    long t4 = System.nanoTime();
                    if (!local.equals(direct) || loaded != 2 * ROWS || indexed.size() != 1) {
                        throw new IllegalStateException("the local join differs from PostgreSQL's, or rows/indexes are missing: loaded "
                                + loaded + ", indexed " + indexed + "\nlocal  " + local + "\ndirect " + direct);
                    }
                    expected = direct;
                    double total = ms(t3 - t0);
                    System.out.printf("%d  %13.0f  %8.0f  %8.0f  %8.0f  %16.0f  %5.1f  %s%n", rep, ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), total,
                            ms(t4 - t3), total / ms(t4 - t3), expected.substring(0, expected.indexOf(' ')));
                }
            }
        }
        return expected;
    }

    /** The same join asked as a question across two databases, answered by the gold plan. */
    private static void question(String mainUrl, String bUrl, String expected) throws Exception {
        FaultInjectingLlm.Settings exact = FaultInjectingLlm.Settings.defaults().withErrorRate(0);
        try (FaultInjectingLlm llm = new FaultInjectingLlm(Map.of(QUESTION, ""), exact).withGoldPlans(Map.of(QUESTION, PLAN)).start(0);
                Connection pg = DriverManager.getConnection(mainUrl)) {
            String nl = "jdbc:nlsql:" + mainUrl.substring("jdbc:".length()) + "&nlsql.llm=openai&nlsql.llm.baseUrl=" + llm.baseUrl()
                    + "&nlsql.llm.apiKey=bench&nlsql.llm.model=fake&nlsql.cache=false&nlsql.source.b="
                    + URLEncoder.encode(bUrl, StandardCharsets.UTF_8);
            System.out.printf("%nquestion: jdbc:nlsql: with source b, a local model server answering with the plan%n");
            System.out.printf("rep  connect_ms  step_main_ms  step_b_ms  step_local_ms  question_ms  postgres_join_ms  ratio  rows%n");
            for (int rep = 1; rep <= REPETITIONS; rep++) {
                long t0 = System.nanoTime();
                try (Connection c = DriverManager.getConnection(nl); Statement s = c.createStatement()) {
                    long t1 = System.nanoTime();
                    String local;
                    try (ResultSet rs = s.executeQuery(QUESTION)) {
                        local = digest(rs);
                    }
                    long t2 = System.nanoTime();
                    List<Attempt> steps = s.unwrap(NlStatement.class).lastTrace().attempts();
                    long t3 = System.nanoTime();
                    String direct = direct(pg);
                    long t4 = System.nanoTime();
                    if (!local.equals(expected) || !direct.equals(expected) || steps.size() != 3) {
                        throw new IllegalStateException("the answer differs from PostgreSQL's, or the plan was not run as sent: " + steps
                                + "\nanswer " + local + "\ndirect " + direct);
                    }
                    System.out.printf("%d  %10.0f  %12d  %9d  %13d  %11.0f  %16.0f  %5.1f  %s%n", rep, ms(t1 - t0), steps.get(0).millis(),
                            steps.get(1).millis(), steps.get(2).millis(), ms(t2 - t1), ms(t4 - t3), ms(t2 - t1) / ms(t4 - t3),
                            expected.substring(0, expected.indexOf(' ')));
                }
            }
        }
    }

    private static String direct(Connection pg) throws SQLException {
        try (Statement s = pg.createStatement(); ResultSet rs = s.executeQuery(DIRECT)) {
            return digest(rs);
        }
    }

    /** Row count and the rows' text, to compare the local answer with PostgreSQL's. */
    private static String digest(ResultSet rs) throws SQLException {
        StringBuilder b = new StringBuilder();
        int rows = 0;
        while (rs.next()) {
            rows++;
            b.append(rs.getDate(1)).append(',').append(rs.getLong(2)).append(',').append(rs.getLong(3)).append(',')
                    .append(rs.getBigDecimal(4).stripTrailingZeros().toPlainString()).append(';');
        }
        return rows + " " + b;
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static String urlOf(String database) {
        String u = BenchDatabase.url();
        int slash = u.indexOf('/', "jdbc:postgresql://".length());
        int q = u.indexOf('?', slash);
        return u.substring(0, slash + 1) + database + (q < 0 ? "?" : u.substring(q));
    }
}
