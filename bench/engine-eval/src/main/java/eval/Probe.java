package eval;

import java.io.*;
import java.nio.file.*;
import java.sql.*;
import java.util.*;
import java.util.concurrent.atomic.*;

/** Each probe runs in its own child JVM: java -Xmx.. -cp .. eval.Probe PROBE ENGINE */
public class Probe {
    static final String H2 = "jdbc:h2:mem:e;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE";
    static final String DUCK = "jdbc:duckdb:";

    public static class Evil implements Serializable {
        private static final long serialVersionUID = 1L;
        public static volatile boolean ran = false;
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            ran = true;
            System.out.println("  !!! Evil.readObject side effect executed in host JVM");
        }
    }

    static void out(String probe, String engine, String key, Object val) {
        System.out.println("RESULT|" + probe + "|" + engine + "|" + key + "|" + String.valueOf(val).replace('\n', ' '));
    }

    static Connection conn(String engine) throws SQLException {
        return DriverManager.getConnection(engine.equals("h2") ? H2 : DUCK);
    }

    static String shortMsg(Throwable t) {
        String m = t.getClass().getSimpleName() + ": " + t.getMessage();
        m = m.replace('\n', ' ');
        return m.length() > 160 ? m.substring(0, 160) + "..." : m;
    }

    static long rssPeakKb() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status")))
                if (l.startsWith("VmHWM")) return Long.parseLong(l.replaceAll("\\D", ""));
        } catch (Exception e) { }
        return -1;
    }

    static long heapUsedMb() {
        Runtime r = Runtime.getRuntime();
        return (r.totalMemory() - r.freeMemory()) >> 20;
    }

    /**
     * Runs sql on a worker thread. If cancelAfterMs>0 a second thread calls stmt.cancel(); if timeoutSec>0
     * setQueryTimeout is used. hardMs: give up waiting (the thread is reported as NOT STOPPED).
     * Returns description; sets stuck[0] if worker still alive.
     */
    static String timed(Connection c, String sql, int timeoutSec, long cancelAfterMs, long hardMs, boolean[] stuck) throws Exception {
        Statement st = c.createStatement();
        if (timeoutSec > 0) st.setQueryTimeout(timeoutSec);
        AtomicReference<String> res = new AtomicReference<>();
        AtomicLong tEnd = new AtomicLong(), tCancel = new AtomicLong();
        long t0 = System.nanoTime();
        Thread w = new Thread(() -> {
            try (ResultSet rs = st.executeQuery(sql)) {
                StringBuilder sb = new StringBuilder("OK ");
                while (rs.next()) { String v = rs.getString(1); sb.append(v == null ? "null" : (v.length() > 40 ? "len=" + v.length() : v)).append(' '); }
                res.set(sb.toString());
            } catch (Throwable t) { res.set("ERR " + shortMsg(t)); }
            tEnd.set(System.nanoTime());
        });
        w.setDaemon(true);
        w.start();
        if (cancelAfterMs > 0) {
            Thread cz = new Thread(() -> {
                try { Thread.sleep(cancelAfterMs); if (w.isAlive()) { tCancel.set(System.nanoTime()); st.cancel(); } }
                catch (Throwable t) { System.out.println("cancel threw " + shortMsg(t)); }
            });
            cz.setDaemon(true); cz.start();
        }
        w.join(hardMs);
        if (w.isAlive()) {
            stuck[0] = true;
            return String.format("NOT STOPPED after %d ms (cancel%s sent)", (System.nanoTime() - t0) / 1_000_000, tCancel.get() > 0 ? "" : " not");
        }
        long total = (tEnd.get() - t0) / 1_000_000;
        String lat = tCancel.get() > 0 ? String.format(", cancel->return %d ms", (tEnd.get() - tCancel.get()) / 1_000_000) : "";
        return String.format("%s [elapsed %d ms%s]", res.get(), total, lat);
    }

    public static void main(String[] a) throws Exception {
        String probe = a[0], engine = a.length > 1 ? a[1] : "";
        boolean[] stuck = {false};
        switch (probe) {
            case "deser" -> deser(engine);
            case "types" -> types(engine);
            case "regex" -> {
                try (Connection c = conn(engine)) {
                    String pat = a.length > 3 ? a[3] : "(a+)+$";
                    String f = engine.equals("h2") ? "REGEXP_LIKE(s, '" + pat + "')" : "regexp_matches(s, '" + pat + "')";
                    for (int n : new int[]{16, 20, 24, 28}) {
                        String sql = "SELECT " + f + " FROM (SELECT repeat('a'," + n + ")||'!' AS s) q";
                        out("regex", engine, "n=" + n + " no cancel", timed(c, sql, 0, 0, 60000, stuck));
                        if (stuck[0]) { flushHalt(); }
                    }
                    String sql31 = "SELECT " + f + " FROM (SELECT repeat('a',40)||'!' AS s) q";
                    String mode = a.length > 2 ? a[2] : "cancel";
                    if (mode.equals("cancel")) out("regex", engine, "n=40 cancel@1s", timed(c, sql31, 0, 1000, 20000, stuck));
                    else out("regex", engine, "n=40 setQueryTimeout(1)", timed(c, sql31, 1, 0, 20000, stuck));
                    if (!stuck[0] && engine.equals("duck")) {
                        String big = "SELECT " + f.replace(pat, "(a|aa)*(b|c)+$") + " FROM (SELECT repeat('a',50000000)||'!' AS s) q";
                        out("regex", engine, "50MB input (a|aa)*(b|c)+$ cancel@200ms", timed(c, big, 0, 200, 60000, stuck));
                    }
                }
                flushHalt();
            }
            case "like" -> {
                try (Connection c = conn(engine)) {
                    for (int n : new int[]{200, 2000, 20000}) {
                        String sql = "SELECT repeat('a'," + n + ") LIKE '%a%a%a%a%a%a%a%a%b'";
                        out("like", engine, "n=" + n + " cancel@2s", timed(c, sql, 0, 2000, 15000, stuck));
                        if (stuck[0]) flushHalt();
                    }
                    String sql = "SELECT repeat('a',20000) ILIKE '%A%A%A%A%A%A%A%A%B'";
                    out("like", engine, "ILIKE n=20000 cancel@2s", timed(c, sql, 0, 2000, 15000, stuck));
                }
                flushHalt();
            }
            case "like2" -> {
                try (Connection c = conn(engine); Statement s0 = c.createStatement()) {
                    for (int n : new int[]{20, 30, 40, 50, 60}) {
                        String sql = "SELECT repeat('a'," + n + ") LIKE '%a%a%a%a%a%a%a%a%b'";
                        out("like", engine, "n=" + n, timed(c, sql, 0, 0, 12000, stuck));
                        if (stuck[0]) break;
                    }
                    stuck[0] = false;
                    s0.execute("CREATE TABLE ls AS SELECT repeat('a',200) AS s");
                    out("like", engine, "n=200 from table, setQueryTimeout(1)", timed(c, "SELECT s LIKE '%a%a%a%a%a%a%a%a%b' FROM ls", 1, 0, 12000, stuck));
                }
                flushHalt();
            }
            case "dmem2" -> {
                try (Connection c = conn("duck"); Statement s0 = c.createStatement()) {
                    s0.execute("SET memory_limit='128MB'"); s0.execute("SET threads=1"); s0.execute("SET temp_directory=''");
                    out("mem", "duck", "2GB repeat cancel@1s", timed(c, "SELECT length(repeat(repeat('x',1000000),2000))", 0, 1000, 60000, stuck) + " rssPeak=" + (rssPeakKb() >> 10) + "MB");
                    out("mem", "duck", "3 rows x 500MB repeat", timed(c, "SELECT length(repeat(repeat('x',1000000),500)) FROM range(3)", 0, 0, 60000, stuck) + " rssPeak=" + (rssPeakKb() >> 10) + "MB");
                    out("mem", "duck", "5GB repeat", timed(c, "SELECT length(repeat(repeat('x',1000000),5000))", 0, 0, 60000, stuck) + " rssPeak=" + (rssPeakKb() >> 10) + "MB");
                }
                flushHalt();
            }
            case "dsql" -> {
                try (Connection c = conn("duck"); Statement s0 = c.createStatement()) {
                    s0.execute("SET memory_limit='128MB'"); s0.execute("SET threads=1"); s0.execute("SET temp_directory=''");
                    out("mem", "duck", a[1], timed(c, a[1], 0, Long.parseLong(a[2]), 60000, stuck) + " heapUsed=" + heapUsedMb() + "MB rssPeak=" + (rssPeakKb() >> 10) + "MB");
                }
                flushHalt();
            }
            case "hash" -> {
                try (Connection c = conn(engine)) {
                    if (engine.equals("h2")) {
                        out("hash", engine, "HASH 1e6 iter", timed(c, "SELECT HASH('SHA-256','x',1000000)", 0, 0, 60000, stuck));
                        out("hash", engine, "HASH 1e8 iter cancel@1s", timed(c, "SELECT HASH('SHA-256','x',100000000)", 0, 1000, 15000, stuck));
                    } else {
                        out("hash", engine, "sha256(100MB string)", timed(c, "SELECT length(sha256(repeat('x',100000000)))", 0, 0, 60000, stuck));
                        out("hash", engine, "recursive CTE sha256 1e7 iter cancel@1s", timed(c,
                            "WITH RECURSIVE r(i,h) AS (SELECT 0, 'x' UNION ALL SELECT i+1, sha256(h) FROM r WHERE i<10000000) SELECT max(i) FROM r", 0, 1000, 15000, stuck));
                    }
                }
                flushHalt();
            }
            case "mem" -> mem(engine, a.length > 2 ? Integer.parseInt(a[2]) : -1);
            case "stack" -> stack(engine);
            case "cross" -> {
                try (Connection c = conn(engine); Statement s = c.createStatement()) {
                    if (engine.equals("duck")) s.execute("SET threads=1");
                    s.execute("CREATE TABLE t(x INTEGER)"); s.execute("INSERT INTO t SELECT * FROM " + (engine.equals("h2") ? "SYSTEM_RANGE(1,10000)" : "range(1,10001)"));
                    String q = "SELECT count(*), sum(a.x+b.x+c.x) FROM t a, t b, t c";
                    out("cross", engine, "cancel@1s", timed(c, q, 0, 1000, 15000, stuck));
                    if (stuck[0]) flushHalt();
                    out("cross", engine, "setQueryTimeout(2)", timed(c, q, 2, 0, 15000, stuck));
                    if (stuck[0]) flushHalt();
                    out("cross", engine, "conn usable after", timed(c, "SELECT 1", 0, 0, 5000, stuck));
                }
                flushHalt();
            }
            case "sandbox" -> Sandbox.run(engine);
            case "pg" -> PgCompat.run();
            case "ast" -> ast();
            case "cost" -> cost(engine);
            default -> throw new IllegalArgumentException(probe);
        }
    }

    static void flushHalt() { System.out.flush(); Runtime.getRuntime().halt(0); }

    static void deser(String engine) throws Exception {
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        try (ObjectOutputStream oo = new ObjectOutputStream(bo)) { oo.writeObject(new Evil()); }
        String hex = HexFormat.of().formatHex(bo.toByteArray());
        try (Connection c = conn(engine); Statement s = c.createStatement()) {
            String[] sqls = engine.equals("h2")
                ? new String[]{"SELECT CAST(X'" + hex + "' AS JAVA_OBJECT)", "SELECT CAST(CAST(X'" + hex + "' AS VARBINARY) AS JAVA_OBJECT)"}
                : new String[]{"SELECT '\\x" + String.join("\\x", hex.split("(?<=\\G..)")) + "'::BLOB", "SELECT from_hex('" + hex + "')"};
            for (String sql : sqls) {
                Evil.ran = false;
                String r;
                try (ResultSet rs = s.executeQuery(sql)) {
                    rs.next();
                    Object o = rs.getObject(1);
                    r = "getObject -> " + (o == null ? "null" : o.getClass().getName()) + ", readObject ran=" + Evil.ran;
                } catch (Throwable t) { r = "ERR " + shortMsg(t) + ", readObject ran=" + Evil.ran; }
                out("deser", engine, sql.substring(0, Math.min(45, sql.length())) + "...", r);
            }
        }
    }

    static void types(String engine) throws Exception {
        String[] q = engine.equals("h2") ? new String[]{
            "ARRAY[1,2,3]", "ROW(1,'a')", "INTERVAL '1' DAY", "CAST('550e8400-e29b-41d4-a716-446655440000' AS UUID)",
            "JSON '{\"a\":1}'", "TIMESTAMP WITH TIME ZONE '2024-01-01 10:00:00+02'", "TIMESTAMP '2024-01-01 10:00:00'", "DATE '2024-01-01'",
            "TIME '10:00:00'", "CAST(1.5 AS NUMERIC(10,2))", "X'AA'", "CAST(1 AS TINYINT)", "CAST('a' AS ENUM('a','b'))", "1e0"}
        : new String[]{
            "[1,2,3]::INTEGER[]", "[1,2,3]::INTEGER[3]", "{'a':1,'b':'x'}", "MAP {'k':1}", "union_value(num := 2)::UNION(num INT, str VARCHAR)",
            "'a'::ENUM('a','b')", "INTERVAL '1 day 2 hours'", "'550e8400-e29b-41d4-a716-446655440000'::UUID",
            "170141183460469231731687303715884105727::HUGEINT", "1::UHUGEINT", "'12345678901234567890123456789012345678901234567890'::BIGNUM",
            "1.5::DECIMAL(38,10)", "TIMESTAMPTZ '2024-01-01 10:00:00+02'", "TIMESTAMP '2024-01-01 10:00:00'", "'2024-01-01 10:00:00.123456789'::TIMESTAMP_NS",
            "DATE '2024-01-01'", "'infinity'::DATE", "TIME '10:00:00'", "'10:00:00+02'::TIMETZ", "'\\xAA'::BLOB", "'1010'::BITSTRING",
            "'{\"a\":1}'::JSON", "1::UTINYINT", "1::UBIGINT", "1.5::FLOAT", "'nan'::DOUBLE"};
        try (Connection c = conn(engine); Statement s = c.createStatement()) {
            for (String e : q) {
                String r;
                try (ResultSet rs = s.executeQuery("SELECT " + e)) {
                    rs.next();
                    Object o = rs.getObject(1);
                    r = (o == null ? "null" : o.getClass().getName()) + " = " + o;
                    if (r.length() > 110) r = r.substring(0, 110);
                } catch (Throwable t) { r = "ERR " + shortMsg(t); }
                out("types", engine, e, r);
            }
        }
    }

    static void mem(String engine, int only) throws Exception {
        String[] qs;
        try (Connection c = conn(engine); Statement s = c.createStatement()) {
            if (engine.equals("duck")) {
                for (String set : new String[]{"SET memory_limit='128MB'", "SET threads=1", "SET temp_directory=''", "SET max_temp_directory_size='0KB'"}) {
                    try { s.execute(set); out("mem", engine, set, "ok"); } catch (Throwable t) { out("mem", engine, set, "ERR " + shortMsg(t)); }
                }
                qs = new String[]{
                    "SELECT length(repeat(repeat('x',1000000),2000))",
                    "SELECT length(string_agg(repeat('x',1000),',')) FROM range(1000000)",
                    "SELECT count(*) FROM (SELECT a.range*b.range v, repeat('y',20) p FROM range(100000) a, range(100) b ORDER BY v DESC)",
                    "SELECT len(list(range)) FROM range(200000000)",
                    "SELECT count(DISTINCT (range::VARCHAR||'abcdefghijklmnop')) FROM range(30000000)"};
            } else {
                qs = new String[]{
                    "SELECT LENGTH(REPEAT(REPEAT('x',1000000),2000))",
                    "SELECT LENGTH(STRING_AGG(REPEAT('x',1000), ',')) FROM SYSTEM_RANGE(1,1000000)",
                    "SELECT CARDINALITY(ARRAY_AGG(1)) FROM SYSTEM_RANGE(1,200000000)",
                    "SELECT COUNT(DISTINCT REPEAT('a',1)||RAND()) FROM SYSTEM_RANGE(1,30000000)"};
            }
            boolean[] stuck = {false};
            if (only >= 0) qs = new String[]{qs[only]};
            for (String q : qs) {
                out("mem", engine, q, timed(c, q, 0, 0, 120000, stuck) + String.format(" heapUsed=%dMB rssPeak=%dMB", heapUsedMb(), rssPeakKb() >> 10));
                if (stuck[0]) flushHalt();
                System.gc();
            }
            out("mem", engine, "SELECT 1 afterwards same conn", timed(c, "SELECT 1", 0, 0, 5000, stuck));
            try (Connection c2 = conn(engine)) { out("mem", engine, "SELECT 1 new conn", timed(c2, "SELECT 1", 0, 0, 5000, stuck)); }
            catch (Throwable t) { out("mem", engine, "new conn", "ERR " + shortMsg(t)); }
            System.gc(); out("mem", engine, "heap after gc MB", heapUsedMb());
        }
        flushHalt();
    }

    static void stack(String engine) throws Exception {
        try (Connection c = conn(engine)) {
            boolean[] stuck = {false};
            for (int n : new int[]{500, 5000, 100000}) {
                String paren = "SELECT " + "(".repeat(n) + "1" + ")".repeat(n);
                out("stack", engine, "nested parens depth " + n, timed(c, paren, 0, 0, 30000, stuck));
                StringBuilder sb = new StringBuilder("SELECT 1");
                for (int i = 0; i < n; i++) sb.append("+1");
                out("stack", engine, "1+1+..+1 x" + n, timed(c, sb.toString(), 0, 0, 30000, stuck));
                StringBuilder sb2 = new StringBuilder("SELECT ");
                for (int i = 0; i < n; i++) sb2.append("abs(");
                sb2.append("1").append(")".repeat(n));
                out("stack", engine, "abs(abs(..)) depth " + n, timed(c, sb2.toString(), 0, 0, 30000, stuck));
                if (stuck[0]) flushHalt();
            }
            out("stack", engine, "recursive CTE 1e6 deep", timed(c, "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM r WHERE i<1000000) SELECT max(i) FROM r", 0, 0, 60000, stuck));
            out("stack", engine, "SELECT 1 afterwards", timed(c, "SELECT 1", 0, 0, 5000, stuck));
        }
        flushHalt();
    }

    static void ast() throws Exception {
        try (Connection c = conn("duck"); Statement s = c.createStatement()) {
            String q = "SELECT upper(name) AS u, count(*) FILTER (WHERE x > 1) FROM read_csv('/etc/passwd') t JOIN main.people p ON p.id = t.id WHERE name ILIKE 'a%' GROUP BY 1";
            try (ResultSet rs = s.executeQuery("SELECT json_serialize_sql('" + q.replace("'", "''") + "')")) {
                rs.next();
                String j = rs.getString(1);
                Files.writeString(Path.of("/tmp/engine-eval/ast.json"), j);
                out("ast", "duck", "json length", j.length());
            }
            for (String q2 : new String[]{"SELECT * FROM query('SELECT 1')", "SELECT (SELECT getvariable('x'))", "COPY (SELECT 1) TO '/tmp/x'", "SELECT 1; SELECT 2", "PRAGMA version"}) {
                try (ResultSet rs = s.executeQuery("SELECT json_serialize_sql('" + q2.replace("'", "''") + "')")) {
                    rs.next(); String j = rs.getString(1);
                    out("ast", "duck", q2, j.length() > 160 ? j.substring(0, 160) : j);
                } catch (Throwable t) { out("ast", "duck", q2, "ERR " + shortMsg(t)); }
            }
            try (ResultSet rs = s.executeQuery("SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT 42'))")) {
                rs.next(); out("ast", "duck", "json_execute_serialized_sql", rs.getString(1));
            } catch (Throwable t) { out("ast", "duck", "json_execute_serialized_sql", "ERR " + shortMsg(t)); }
        }
        try (Connection c = conn("h2"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE people(id INT, name VARCHAR)");
            try (ResultSet rs = s.executeQuery("EXPLAIN SELECT upper(name), count(*) FILTER (WHERE id > 1) FROM people WHERE name ILIKE 'a%' GROUP BY 1")) {
                rs.next(); out("ast", "h2", "EXPLAIN", rs.getString(1));
            }
        }
    }

    static void cost(String engine) throws Exception {
        long t0 = System.nanoTime();
        Connection c = conn(engine);
        long t1 = System.nanoTime();
        out("cost", engine, "first connect incl. class load/native extract (ms)", (t1 - t0) / 1_000_000);
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE r(id INTEGER, name VARCHAR, amt DOUBLE, ts TIMESTAMP, cat VARCHAR, flag BOOLEAN)");
        }
        Timestamp ts = Timestamp.valueOf("2024-01-01 00:00:00");
        long t2 = System.nanoTime();
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO r VALUES (?,?,?,?,?,?)")) {
            for (int i = 0; i < 10000; i++) {
                ps.setInt(1, i); ps.setString(2, "name" + i); ps.setDouble(3, i * 1.5); ps.setTimestamp(4, ts);
                ps.setString(5, "c" + (i % 7)); ps.setBoolean(6, i % 2 == 0); ps.addBatch();
            }
            ps.executeBatch();
        }
        out("cost", engine, "10k x 6 PreparedStatement batch (ms)", (System.nanoTime() - t2) / 1_000_000);
        if (engine.equals("duck")) {
            try (Statement s = c.createStatement()) { s.execute("CREATE TABLE r2 AS SELECT * FROM r LIMIT 0"); }
            long t3 = System.nanoTime();
            try (org.duckdb.DuckDBAppender ap = ((org.duckdb.DuckDBConnection) c).createAppender("main", "r2")) {
                for (int i = 0; i < 10000; i++) {
                    ap.beginRow(); ap.append(i); ap.append("name" + i); ap.append(i * 1.5); ap.append(ts.toLocalDateTime());
                    ap.append("c" + (i % 7)); ap.append(i % 2 == 0); ap.endRow();
                }
            }
            out("cost", engine, "10k x 6 Appender (ms)", (System.nanoTime() - t3) / 1_000_000);
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM r2")) { rs.next(); out("cost", engine, "appender rows", rs.getLong(1)); }
        }
        long t4 = System.nanoTime();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT cat, count(*), sum(amt) FROM r GROUP BY cat")) { while (rs.next()) { } }
        out("cost", engine, "group-by over 10k (ms, first run)", (System.nanoTime() - t4) / 1_000_000);
        out("cost", engine, "heap used MB / rss peak MB", heapUsedMb() + " / " + (rssPeakKb() >> 10));
        c.close();
    }
}
