package je;

import java.io.*;
import java.math.BigDecimal;
import java.sql.*;
import java.time.LocalDate;

/**
 * Child-process DuckDB worker. Protocol over stdin/stdout (DataInput/DataOutput, big-endian):
 *  worker -> 'H' long startupNanos (ready)
 *  'L' utf table, int nrows, rows[int id, long big, long amtUnscaled(scale 2), utf txt, int epochDay]  -> 'O' long nanos | 'E' utf msg
 *  'Q' utf sql -> 'R' int ncols, utf names..., {byte 1, per col: byte isNull, utf value}*, byte 0, long nanos | 'E' utf msg
 *  'X' -> exit
 * args: memory_limit threads
 */
public class Worker {
    public static void main(String[] a) throws Exception {
        long t0 = System.nanoTime();
        DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(FileDescriptor.in), 1 << 16));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16));
        System.setOut(System.err); // nothing else may write to the protocol stream
        Connection c = Duck.open(a[0], Integer.parseInt(a[1]));
        out.writeByte('H'); out.writeLong(System.nanoTime() - t0); out.flush();
        while (true) {
            int cmd = in.read();
            if (cmd < 0 || cmd == 'X') break;
            long t = System.nanoTime();
            try {
                if (cmd == 'L') {
                    String tbl = in.readUTF(); int n = in.readInt();
                    if (!tbl.matches("step[0-9]+")) throw new SQLException("bad table name");
                    try (Statement s = c.createStatement()) { s.execute("CREATE OR REPLACE TABLE " + tbl + "(" + Src.COLS + ")"); }
                    try (org.duckdb.DuckDBAppender ap = ((org.duckdb.DuckDBConnection) c).createAppender("main", tbl)) {
                        for (int i = 0; i < n; i++) {
                            ap.beginRow(); ap.append(in.readInt()); ap.append(in.readLong()); ap.append(BigDecimal.valueOf(in.readLong(), 2));
                            ap.append(in.readUTF()); ap.append(LocalDate.ofEpochDay(in.readInt())); ap.endRow();
                        }
                    }
                    out.writeByte('O'); out.writeLong(System.nanoTime() - t);
                } else if (cmd == 'Q') {
                    String sql = in.readUTF();
                    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                        int nc = rs.getMetaData().getColumnCount();
                        out.writeByte('R'); out.writeInt(nc);
                        for (int i = 1; i <= nc; i++) out.writeUTF(rs.getMetaData().getColumnLabel(i));
                        while (rs.next()) {
                            out.writeByte(1);
                            for (int i = 1; i <= nc; i++) { String v = rs.getString(i); if (v == null) out.writeByte(1); else { out.writeByte(0); out.writeUTF(v.length() > 20000 ? v.substring(0, 20000) : v); } }
                        }
                        out.writeByte(0); out.writeLong(System.nanoTime() - t);
                    }
                } else throw new IOException("bad command " + cmd);
            } catch (SQLException | RuntimeException e) {
                out.writeByte('E'); out.writeUTF(String.valueOf(e.getMessage()).split("\n")[0]);
            }
            out.flush();
        }
        c.close();
    }
}
