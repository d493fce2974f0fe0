package dev.nlsql.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** The PostgreSQL the benchmarks use: NLSQL_BENCH_PG_URL, else the local test database. */
final class BenchDatabase {

    private BenchDatabase() {
    }

    static String url() {
        String env = System.getenv("NLSQL_BENCH_PG_URL");
        return env != null && !env.isBlank() ? env : "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";
    }

    static String nlUrl() {
        return "jdbc:nlsql:" + url().substring("jdbc:".length());
    }

    static synchronized void ensurePointsTable() throws SQLException {
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_tables WHERE tablename = '"
                    + PassthroughBenchmark.TABLE + "'")) {
                rs.next();
                if (rs.getInt(1) > 0) {
                    return;
                }
            }
            s.execute("CREATE TABLE " + PassthroughBenchmark.TABLE + " (id int PRIMARY KEY, name text NOT NULL)");
            s.execute("INSERT INTO " + PassthroughBenchmark.TABLE + " SELECT g, 'name ' || g FROM generate_series(0, "
                    + (PassthroughBenchmark.ROWS - 1) + ") g");
            s.execute("ANALYZE " + PassthroughBenchmark.TABLE);
        }
    }
}
