package je;

import java.sql.*;
import java.util.Properties;

public final class Duck {
    /** Opens an in-memory DuckDB and applies the locked sandbox settings (order matters: temp_directory before external access off). */
    public static Connection open(String memLimit, int threads) throws SQLException {
        Properties p = new Properties();
        p.setProperty("autoinstall_known_extensions", "false");
        p.setProperty("autoload_known_extensions", "false");
        Connection c = DriverManager.getConnection("jdbc:duckdb:", p);
        try (Statement s = c.createStatement()) {
            for (String q : new String[] {
                "SET temp_directory=''", "SET max_temp_directory_size='0KB'",
                "SET allow_community_extensions=false", "SET autoinstall_known_extensions=false", "SET autoload_known_extensions=false",
                "SET threads=" + threads, "SET memory_limit='" + memLimit + "'",
                "SET enable_external_access=false", "SET lock_configuration=true" }) s.execute(q);
        }
        return c;
    }

    public static void load(Connection c, String t, Src src) throws SQLException {
        try (Statement s = c.createStatement()) { s.execute("CREATE OR REPLACE TABLE " + t + "(" + Src.COLS + ")"); }
        try (org.duckdb.DuckDBAppender ap = ((org.duckdb.DuckDBConnection) c).createAppender("main", t)) {
            while (src.next()) { ap.beginRow(); ap.append(src.getInt()); ap.append(src.getLong()); ap.append(src.getBigDecimal()); ap.append(src.getString()); ap.append(src.getDate()); ap.endRow(); }
        }
    }

    static long rssKb() {
        try { for (String l : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) if (l.startsWith("VmHWM")) return Long.parseLong(l.replaceAll("\\D", "")); } catch (Exception e) { }
        return -1;
    }
}
