package eval;

import java.math.BigDecimal;
import java.sql.*;
import java.util.*;

public class PgCompat {
    static final String PREFIX = "WITH t(id, name, ts, amt, cat) AS (VALUES "
        + "(1, 'Alice', TIMESTAMP '2024-01-15 10:30:00', 10.50, 'a'),"
        + "(2, 'bob', TIMESTAMP '2024-01-20 08:00:00', NULL, 'b'),"
        + "(3, 'Carol', TIMESTAMP '2024-02-03 23:59:59', 25.00, 'a'),"
        + "(4, 'dave', TIMESTAMP '2024-02-29 12:00:00', 7.25, 'b'),"
        + "(5, 'Alvin', TIMESTAMP '2024-03-01 00:00:00', 30.00, 'a'),"
        + "(6, 'Eve', TIMESTAMP '2023-12-31 18:45:00', 15.75, 'c'))";
    static final String[][] Q = {
        {"ILIKE", "SELECT name FROM t WHERE name ILIKE '%al%' ORDER BY id"},
        {":: casts", "SELECT '42'::int + 1, '2024-03-15'::date, 3.7::int, amt::int FROM t WHERE id=1"},
        {"DATE_TRUNC month", "SELECT date_trunc('month', ts) AS m, sum(amt) FROM t GROUP BY 1 ORDER BY 1"},
        {"INTERVAL literal", "SELECT id, ts + INTERVAL '1 day', ts - INTERVAL '2 hours' FROM t ORDER BY id LIMIT 3"},
        {"NULLS LAST", "SELECT id FROM t ORDER BY amt DESC NULLS LAST, id"},
        {"FILTER (WHERE)", "SELECT count(*) FILTER (WHERE cat='a'), sum(amt) FILTER (WHERE amt > 10) FROM t"},
        {"ROW_NUMBER OVER", "SELECT id, row_number() OVER (PARTITION BY cat ORDER BY amt DESC NULLS LAST) FROM t ORDER BY id"},
        {"string_agg ORDER BY", "SELECT cat, string_agg(name, ',' ORDER BY name) FROM t GROUP BY cat ORDER BY cat"},
        {"EXTRACT year/month/dow/epoch", "SELECT id, EXTRACT(YEAR FROM ts), EXTRACT(MONTH FROM ts), EXTRACT(DOW FROM ts), EXTRACT(EPOCH FROM ts) FROM t ORDER BY id"},
        {"to_char", "SELECT to_char(ts, 'YYYY-MM-DD HH24:MI') FROM t ORDER BY id"},
        {"generate_series int", "SELECT * FROM generate_series(1,5)"},
        {"generate_series ts", "SELECT * FROM generate_series(TIMESTAMP '2024-01-01', TIMESTAMP '2024-01-03', INTERVAL '1 day')"},
        {"date arithmetic", "SELECT DATE '2024-03-01' - DATE '2024-01-01', DATE '2024-01-31' + 1, ts::date FROM t WHERE id = 4"},
        {"CTE + JOIN USING", ", agg AS (SELECT cat, sum(amt) s FROM t GROUP BY cat) SELECT t.name, agg.s FROM t JOIN agg USING (cat) ORDER BY t.id"},
        {"COALESCE/CASE", "SELECT id, COALESCE(amt, 0), CASE WHEN amt > 20 THEN 'big' WHEN amt IS NULL THEN 'none' ELSE 'small' END FROM t ORDER BY id"},
        {"running SUM window", "SELECT id, sum(amt) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM t ORDER BY id"},
        {"lag/lead", "SELECT id, lag(amt) OVER (ORDER BY id), lead(name, 1, 'none') OVER (ORDER BY id) FROM t ORDER BY id"},
        {"percentile_cont", "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY amt) FROM t"},
        {"round(avg()::numeric,2)", "SELECT cat, round(avg(amt)::numeric, 2) FROM t GROUP BY cat ORDER BY cat"},
        {"string functions", "SELECT split_part('a,b,c', ',', 2), position('c' in 'abc'), substring('hello' from 2 for 3), regexp_replace('abc123', '[0-9]+', 'X'), length('h\u00e9llo'), upper('x') || lower('Y')"},
        {"integer division", "SELECT 7/2, 7%3, -7/2, amt/2 FROM t WHERE id=1"},
        {"DISTINCT ON", "SELECT DISTINCT ON (cat) cat, name FROM t ORDER BY cat, amt DESC NULLS LAST"},
        {"date_trunc week", "SELECT date_trunc('week', ts) FROM t ORDER BY id"},
        {"EXTRACT EPOCH of ts diff", "SELECT EXTRACT(EPOCH FROM (max(ts) - min(ts))) FROM t"},
        {"ts - INTERVAL months", "SELECT count(*) FROM t WHERE ts >= TIMESTAMP '2024-03-31' - INTERVAL '3 months'"},
        {"GROUP BY ROLLUP", "SELECT cat, count(*) FROM t GROUP BY ROLLUP(cat) ORDER BY cat NULLS LAST"},
        {"OFFSET/FETCH FIRST", "SELECT id FROM t ORDER BY id OFFSET 2 ROWS FETCH FIRST 2 ROWS ONLY"},
        {"|| with int", "SELECT 'id:' || id FROM t WHERE id < 3 ORDER BY id"},
        {"ts::date BETWEEN text", "SELECT count(*) FROM t WHERE ts::date BETWEEN '2024-01-01' AND '2024-01-31'"},
        {"to_char Mon / date_part", "SELECT to_char(ts, 'Mon YYYY'), date_part('quarter', ts) FROM t WHERE id = 3"},
    };

    static String norm(Object o) {
        if (o == null) return "NULL";
        if (o instanceof Double d) { if (d.isNaN() || d.isInfinite()) return d.toString(); return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString(); }
        if (o instanceof Float f) return BigDecimal.valueOf(f.doubleValue()).stripTrailingZeros().toPlainString();
        if (o instanceof BigDecimal b) return b.stripTrailingZeros().toPlainString();
        if (o instanceof Number n) return new BigDecimal(n.toString()).toPlainString();
        if (o instanceof Timestamp t) return t.toLocalDateTime().toString();
        if (o instanceof java.sql.Date d) return d.toLocalDate().toString();
        return o.toString();
    }

    static String run(Connection c, String q) {
        String sql = PREFIX + (q.startsWith(",") ? q : " " + q);
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(10);
            try (ResultSet rs = s.executeQuery(sql)) {
                StringBuilder sb = new StringBuilder();
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int i = 1; i <= n; i++) sb.append(i > 1 ? "|" : "").append(norm(rs.getObject(i)));
                    sb.append("; ");
                }
                return sb.toString();
            }
        } catch (Throwable t) { return "ERR " + Probe.shortMsg(t); }
    }

    static void run() throws Exception {
        Connection pg = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test", "postgres", "");
        pg.setReadOnly(true);
        Connection h2 = Probe.conn("h2"), du = Probe.conn("duck");
        int h2ok = 0, duok = 0, h2run = 0, durun = 0;
        for (String[] q : Q) {
            String r = run(pg, q[1]), a = run(h2, q[1]), b = run(du, q[1]);
            boolean ar = !a.startsWith("ERR"), br = !b.startsWith("ERR");
            h2run += ar ? 1 : 0; durun += br ? 1 : 0;
            h2ok += a.equals(r) ? 1 : 0; duok += b.equals(r) ? 1 : 0;
            Probe.out("pg", "all", q[0], "H2=" + (a.equals(r) ? "SAME" : ar ? "DIFF" : "ERROR") + " DUCK=" + (b.equals(r) ? "SAME" : br ? "DIFF" : "ERROR"));
            System.out.println("   PG:   " + r);
            if (!a.equals(r)) System.out.println("   H2:   " + a);
            if (!b.equals(r)) System.out.println("   DUCK: " + b);
        }
        Probe.out("pg", "summary", "queries", Q.length);
        Probe.out("pg", "summary", "H2 ran / same as PG", h2run + " / " + h2ok);
        Probe.out("pg", "summary", "DuckDB ran / same as PG", durun + " / " + duok);
    }
}
