package je;

import java.sql.*;

/** DuckDB in-process: Appender load + join. args: reps n threads */
public class DuckInProc {
    public static void main(String[] a) throws Exception {
        int reps = Integer.parseInt(a[0]), n = Integer.parseInt(a[1]), th = Integer.parseInt(a[2]);
        for (int r = 1; r <= reps; r++) {
            long t0 = System.nanoTime(); Connection c = Duck.open("512MB", th); long tc = Src.ms(t0);
            long t1 = System.nanoTime(); Duck.load(c, "step1", new Src(n, 0)); Duck.load(c, "step2", new Src(n, 1)); long tl = Src.ms(t1);
            long t3 = System.nanoTime(); int rows = 0; String last = "";
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(Src.JOIN)) {
                while (rs.next()) { rows++; last = rs.getString(1) + "|" + rs.getLong(2) + "|" + rs.getBigDecimal(3) + "|" + rs.getLong(4) + "|" + rs.getString(5); }
            }
            long tq = Src.ms(t3);
            System.out.printf("DuckInProc threads=%d rep=%d connect+lock=%d load(2x%d)=%d query=%d total(load+query)=%d rows=%d last=%s rssPeakMB=%d%n", th, r, tc, n, tl, tq, tl + tq, rows, last, Duck.rssKb() >> 10);
            c.close();
        }
    }
}
