package dev.nlsql.bench;

import dev.nlsql.engine.Attempt;
import dev.nlsql.eval.FaultInjectingLlm;
import dev.nlsql.jdbc.NlStatement;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Heap held by one question whose plan moves three source steps into the local engine (issue 37, item 6): three
 * databases (main, sources b and c), a table of {@code rows} rows in each (int, bigint, numeric(12,2), a text of
 * {@code text} characters, date), the gold plan (a step per source, then the local join), asked once in a fresh JVM.
 * Prints the caps (nlsql.sourceRows, nlsql.maxResultBytes), the bytes the fetch counts per step (pgjdbc's count:
 * each value's wire bytes plus 16), the peak heap used while the question ran (sampled every millisecond), the peak
 * resident set (VmHWM) and how the question ended. Run by {@code bench/local-join-memory.sh}.
 */
public final class LocalJoinMemoryBenchmark {

    static final int ROWS = Integer.getInteger("rows", 100_000);
    static final int TEXT = Integer.getInteger("text", 300);
    static final String MAX_RESULT_BYTES = System.getProperty("maxResultBytes", "64MB");
    private static final String QUESTION = "per day of t1, the matching t2 and t3 rows: count and total a";
    private static final String JOIN = "SELECT step1.d, count(*) AS n, sum(step2.a) AS a2, sum(step3.a) AS a3 FROM step1 "
            + "JOIN step2 ON step1.id = step2.id JOIN step3 ON step1.id = step3.id GROUP BY step1.d ORDER BY step1.d";
    private static final String PLAN = "{\"answerable\": true, \"steps\": ["
            + "{\"purpose\": \"t1\", \"source\": \"main\", \"sql\": \"SELECT id, a, n, s, d FROM t1\"},"
            + "{\"purpose\": \"t2\", \"source\": \"b\", \"sql\": \"SELECT id, a, n, s, d FROM t2\"},"
            + "{\"purpose\": \"t3\", \"source\": \"c\", \"sql\": \"SELECT id, a, n, s, d FROM t3\"},"
            + "{\"purpose\": \"join\", \"source\": \"local\", \"sql\": \"" + JOIN + "\"}]}";

    private LocalJoinMemoryBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String main = "nlsql_bench_localmem_" + ProcessHandle.current().pid();
        List<String> dbs = List.of(main, main + "_b", main + "_c");
        try (Connection admin = DriverManager.getConnection(BenchDatabase.url()); Statement s = admin.createStatement()) {
            for (String db : dbs) {
                s.execute("CREATE DATABASE " + db);
            }
        }
        try {
            long counted = 0;
            for (int i = 0; i < 3; i++) {
                counted += fill(urlOf(dbs.get(i)), "t" + (i + 1));
            }
            question(dbs, counted);
        } finally {
            try (Connection admin = DriverManager.getConnection(BenchDatabase.url()); Statement s = admin.createStatement()) {
                for (String db : dbs) {
                    s.execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
                }
            }
        }
    }

    /** Creates and fills table {@code t}; returns the bytes the fetch counts for its rows (PgjdbcRows: wire bytes + 16 a value). */
    private static long fill(String url, String t) throws SQLException {
        try (Connection pg = DriverManager.getConnection(url); Statement s = pg.createStatement()) {
            s.execute("CREATE TABLE " + t + " (id int, a bigint, n numeric(12,2), s text, d date)");
            s.execute("INSERT INTO " + t + " SELECT g, g::bigint * 7919, (g % 100000) / 100.0, "
                    + "rpad('" + t + "-' || g, " + TEXT + ", 'x'), DATE '2024-01-01' + (g % 365) FROM generate_series(1, " + ROWS + ") g");
            s.execute("ANALYZE " + t);
            try (ResultSet rs = s.executeQuery("SELECT sum(octet_length(id::text) + octet_length(a::text) + octet_length(n::text) "
                    + "+ octet_length(s) + octet_length(d::text) + 5 * 16) FROM " + t)) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static void question(List<String> dbs, long counted) throws Exception {
        FaultInjectingLlm.Settings exact = FaultInjectingLlm.Settings.defaults().withErrorRate(0);
        try (FaultInjectingLlm llm = new FaultInjectingLlm(Map.of(QUESTION, ""), exact).withGoldPlans(Map.of(QUESTION, PLAN)).start(0)) {
            String mainUrl = urlOf(dbs.get(0));
            String nl = "jdbc:nlsql:" + mainUrl.substring("jdbc:".length()) + "&nlsql.llm=openai&nlsql.llm.baseUrl=" + llm.baseUrl()
                    + "&nlsql.llm.apiKey=bench&nlsql.llm.model=fake&nlsql.cache=false&nlsql.maxResultBytes=" + MAX_RESULT_BYTES
                    + "&nlsql.source.b=" + URLEncoder.encode(urlOf(dbs.get(1)), StandardCharsets.UTF_8)
                    + "&nlsql.source.c=" + URLEncoder.encode(urlOf(dbs.get(2)), StandardCharsets.UTF_8);
            MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
            try (Connection c = DriverManager.getConnection(nl); Statement s = c.createStatement()) {
                System.gc();
                long before = memory.getHeapMemoryUsage().getUsed();
                long rssBefore = vmHwm();
                AtomicLong peak = new AtomicLong(before);
                Thread sampler = new Thread(() -> {
                    while (!Thread.currentThread().isInterrupted()) {
                        peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                });
                sampler.setDaemon(true);
                sampler.start();
                long t0 = System.nanoTime();
                String outcome;
                int rows = 0;
                try (ResultSet rs = s.executeQuery(QUESTION)) {
                    while (rs.next()) {
                        rows++;
                    }
                    outcome = "answered, " + rows + " rows";
                } catch (SQLException e) {
                    outcome = "failed " + e.getSQLState() + ": " + e.getMessage().lines().findFirst().orElse("");
                }
                long millis = (System.nanoTime() - t0) / 1_000_000;
                sampler.interrupt();
                sampler.join();
                List<Attempt> attempts = s.unwrap(NlStatement.class).lastTrace() == null ? List.of()
                        : s.unwrap(NlStatement.class).lastTrace().attempts();
                System.out.printf("rows/step %d, text %d chars, nlsql.sourceRows 100000, nlsql.maxResultBytes %s, -Xmx %d MB%n", ROWS, TEXT,
                        MAX_RESULT_BYTES, Runtime.getRuntime().maxMemory() >> 20);
                System.out.printf("fetch counts %.1f MB for the three steps (%.1f MB a step)%n", counted / 1e6, counted / 3e6);
                System.out.printf("heap used before %.0f MB, peak %.0f MB (+%.0f MB); peak RSS %.0f MB (before the question %.0f MB)%n",
                        before / 1e6, peak.get() / 1e6, (peak.get() - before) / 1e6, vmHwm() / 1e6, rssBefore / 1e6);
                System.out.printf("%d ms, %s%n", millis, outcome);
                for (Attempt a : attempts) {
                    System.out.printf("  attempt %d %s %s on %s: %s%n", a.number(), a.source(), a.outcome(), a.database(),
                            a.error() == null ? "" : a.error().lines().findFirst().orElse(""));
                }
            }
        }
    }

    /** The process's peak resident set (VmHWM), in bytes; 0 where /proc is not there. */
    private static long vmHwm() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            // not Linux
        }
        return 0;
    }

    private static String urlOf(String database) {
        String u = BenchDatabase.url();
        int slash = u.indexOf('/', "jdbc:postgresql://".length());
        int q = u.indexOf('?', slash);
        return u.substring(0, slash + 1) + database + (q < 0 ? "?" : u.substring(q));
    }
}
