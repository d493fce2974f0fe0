package je;

import java.math.BigDecimal;
import java.sql.*;
import java.time.LocalDate;

/** args: mode (b500|b5000|tf|tf10k) index(idx|noidx) reps n */
public class H2Probe {
    public static void main(String[] a) throws Exception {
        String mode = a[0]; boolean idx = a[1].equals("idx"); boolean pk = a[1].equals("pk"); int reps = Integer.parseInt(a[2]); int n = Integer.parseInt(a[3]);
        long tg = System.nanoTime(); Src g = new Src(n, 0); long chk = 0; while (g.next()) { chk += g.getInt() + g.getString().length() + g.getBigDecimal().scale() + g.getDate().getDayOfMonth() + g.getLong(); }
        System.out.println("gen-only pass (ms) " + Src.ms(tg) + " chk " + chk);
        for (int r = 1; r <= reps; r++) {
            long t0 = System.nanoTime();
            Connection c = DriverManager.getConnection("jdbc:h2:mem:j" + r + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE");
            long tc = Src.ms(t0);
            long t1 = System.nanoTime();
            try (Statement s = c.createStatement()) { String cols = pk ? Src.COLS.replace("id INTEGER", "id INTEGER PRIMARY KEY") : Src.COLS; s.execute("CREATE TABLE step1(" + cols + ")"); s.execute("CREATE TABLE step2(" + cols + ")"); }
            load(c, "step1", new Src(n, 0), mode); load(c, "step2", new Src(n, 1), mode);
            long tl = Src.ms(t1);
            long t2 = System.nanoTime();
            if (idx) try (Statement s = c.createStatement()) { s.execute("CREATE INDEX i1 ON step1(id)"); s.execute("CREATE INDEX i2 ON step2(id)"); }
            long ti = Src.ms(t2);
            long t3 = System.nanoTime(); int rows = 0; String last = "";
            try (Statement s = c.createStatement()) {
                s.setQueryTimeout(20);
                try (ResultSet rs = s.executeQuery(Src.JOIN)) { while (rs.next()) { rows++; last = rs.getString(1) + "|" + rs.getLong(2) + "|" + rs.getBigDecimal(3) + "|" + rs.getLong(4) + "|" + rs.getString(5); } }
            } catch (SQLException e) { last = "ERR " + e.getErrorCode() + " " + e.getMessage().split("\n")[0]; }
            long tq = Src.ms(t3);
            System.out.printf("H2 mode=%s idx=%s pk=" + pk + " rep=%d connect=%d load(2x%d)=%d index=%d query=%d total(load+idx+query)=%d rows=%d last=%s heapMB=%d%n",
                mode, idx, r, tc, n, tl, ti, tq, tl + ti + tq, rows, last, (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20);
            try (Statement s = c.createStatement()) { s.execute("SHUTDOWN"); } catch (SQLException ignore) { }
            c.close();
        }
    }

    static void load(Connection c, String t, Src src, String mode) throws SQLException {
        if (mode.startsWith("b")) {
            int bs = Integer.parseInt(mode.substring(1)); int k = 0;
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + t + " VALUES (?,?,?,?,?)")) {
                while (src.next()) {
                    ps.setInt(1, src.getInt()); ps.setLong(2, src.getLong()); ps.setBigDecimal(3, src.getBigDecimal()); ps.setString(4, src.getString()); ps.setObject(5, src.getDate());
                    ps.addBatch(); if (++k % bs == 0) ps.executeBatch();
                }
                ps.executeBatch();
            }
            c.commit(); c.setAutoCommit(true);
        } else { // tf = one statement for all rows, tf10k = chunks of 10k; arrays bound as parameters of TABLE(...)
            int chunk = mode.equals("tf") ? src.n : Integer.parseInt(mode.substring(2).replace("k", "")) * 1000;
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + t + " SELECT * FROM TABLE(id INT=?, big BIGINT=?, amt NUMERIC(12,2)=?, txt VARCHAR=?, d DATE=?)")) {
                boolean more = true;
                while (more) {
                    Integer[] ids = new Integer[chunk]; Long[] bigs = new Long[chunk]; BigDecimal[] amts = new BigDecimal[chunk]; String[] txts = new String[chunk]; LocalDate[] ds = new LocalDate[chunk];
                    int k = 0;
                    while (k < chunk && (more = src.next())) { ids[k] = src.getInt(); bigs[k] = src.getLong(); amts[k] = src.getBigDecimal(); txts[k] = src.getString(); ds[k] = src.getDate(); k++; }
                    if (k == 0) break;
                    if (k < chunk) { ids = java.util.Arrays.copyOf(ids, k); bigs = java.util.Arrays.copyOf(bigs, k); amts = java.util.Arrays.copyOf(amts, k); txts = java.util.Arrays.copyOf(txts, k); ds = java.util.Arrays.copyOf(ds, k); }
                    ps.setObject(1, ids); ps.setObject(2, bigs); ps.setObject(3, amts); ps.setObject(4, txts); ps.setObject(5, ds);
                    ps.executeUpdate();
                }
            }
        }
    }
}
