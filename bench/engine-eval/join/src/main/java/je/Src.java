package je;

import java.math.BigDecimal;
import java.time.LocalDate;

/** ResultSet-like row source: id INT (a permutation of 0..n-1), big BIGINT, amt NUMERIC(12,2), txt ~20 chars, d DATE. */
public final class Src {
    static final LocalDate BASE = LocalDate.of(2024, 1, 1);
    final int n, salt; int i = -1;
    public Src(int n, int salt) { this.n = n; this.salt = salt; }
    public boolean next() { return ++i < n; }
    public int getInt() { return (int) ((i * 7919L + salt) % n); }          // bijection on 0..n-1 (7919 prime, n=100000)
    public long getLong() { return i * 1_000_003L + salt; }
    public long getUnscaledAmt() { return (i * 37L + salt * 11L) % 10_000_000_000L; }
    public BigDecimal getBigDecimal() { return BigDecimal.valueOf(getUnscaledAmt(), 2); }
    public String getString() { return "cust-" + (salt == 0 ? "alpha" : "bravo") + "-" + (1_000_000_000 + i); } // 21 chars
    public LocalDate getDate() { return BASE.plusDays((i + salt) % 365); }
    public static final String COLS = "id INTEGER, big BIGINT, amt NUMERIC(12,2), txt VARCHAR, d DATE";
    public static final String JOIN = "SELECT s1.d, count(*) AS n, sum(s1.amt + s2.amt) AS amt, max(s2.big) AS mb, min(s2.txt) AS mt "
        + "FROM step1 s1 JOIN step2 s2 ON s1.id = s2.id GROUP BY s1.d ORDER BY s1.d";
    static long ms(long t0) { return (System.nanoTime() - t0) / 1_000_000; }
}
