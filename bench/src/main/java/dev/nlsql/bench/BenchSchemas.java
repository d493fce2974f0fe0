package dev.nlsql.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The schemas the engine benchmark runs on: the four defog databases (loaded by the driver's
 * tests as nlsql_defog_<db>) and a generated schema of 1,000 tables.
 */
final class BenchSchemas {

    static final int WIDE_TABLES = 1_000;
    static final int WIDE_COLUMNS = 8;
    static final String WIDE_SCHEMA = "nlsql_wide";

    /** A database URL and a query that reads one of its tables. */
    record Target(String url, String sql) {
    }

    private BenchSchemas() {
    }

    static Target target(String name) throws SQLException {
        if (name.equals("wide1000")) {
            ensureWideSchema();
            return new Target(BenchDatabase.url(), "SELECT t0500.c1, t0500.c2 FROM nlsql_wide.t0500 AS t0500 LIMIT 1");
        }
        String url = urlOf("nlsql_defog_" + name);
        try (Connection c = DriverManager.getConnection(url)) {
            c.isValid(1);
        } catch (SQLException e) {
            throw new SQLException("database nlsql_defog_" + name + " is missing: run the driver's tests once (mvn verify) to load it", e);
        }
        String table = switch (name) {
            case "broker" -> "sbcustomer";
            case "derm_treatment" -> "patients";
            case "ewallet" -> "consumer_div.users";
            default -> "cars";
        };
        return new Target(url, "SELECT * FROM " + table + " LIMIT 1");
    }

    static String urlOf(String database) {
        String u = BenchDatabase.url();
        int slash = u.indexOf('/', "jdbc:postgresql://".length());
        int q = u.indexOf('?', slash);
        return u.substring(0, slash + 1) + database + (q < 0 ? "" : u.substring(q));
    }

    /** 1,000 tables of 8 columns, each referencing the one before it. */
    static synchronized void ensureWideSchema() throws SQLException {
        try (Connection c = DriverManager.getConnection(BenchDatabase.url()); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_tables WHERE schemaname = '" + WIDE_SCHEMA + "'")) {
                rs.next();
                if (rs.getInt(1) == WIDE_TABLES) {
                    return;
                }
            }
            s.execute("DROP SCHEMA IF EXISTS " + WIDE_SCHEMA + " CASCADE");
            s.execute("CREATE SCHEMA " + WIDE_SCHEMA);
            StringBuilder ddl = new StringBuilder();
            for (int t = 0; t < WIDE_TABLES; t++) {
                String name = String.format("%s.t%04d", WIDE_SCHEMA, t);
                ddl.append("CREATE TABLE ").append(name).append(" (id int PRIMARY KEY");
                for (int col = 1; col <= WIDE_COLUMNS - 2; col++) {
                    ddl.append(", c").append(col).append(col % 2 == 0 ? " text" : " numeric");
                }
                if (t > 0) {
                    ddl.append(String.format(", prev_id int REFERENCES %s.t%04d(id)", WIDE_SCHEMA, t - 1));
                } else {
                    ddl.append(", prev_id int");
                }
                ddl.append(");\n");
                ddl.append("INSERT INTO ").append(name).append(" VALUES (1, 1, 'a', 1, 'b', 1, 'c', NULL);\n");
            }
            s.execute(ddl.toString());
        }
    }
}
