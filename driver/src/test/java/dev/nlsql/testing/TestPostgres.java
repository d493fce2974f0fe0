package dev.nlsql.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The PostgreSQL the integration tests use: {@code NLSQL_TEST_PG_URL}, else 127.0.0.1:5432 as
 * user postgres, database test. Scratch databases are made beside it.
 */
public final class TestPostgres {

    private static final String DEFAULT_URL = "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";

    private TestPostgres() {
    }

    /** The plain JDBC URL of the test database. */
    public static String url() {
        String env = System.getenv("NLSQL_TEST_PG_URL");
        return env != null && !env.isBlank() ? env : DEFAULT_URL;
    }

    /** The same database through nlsql, with extra {@code nlsql.*} parameters such as {@code nlsql.passthrough=readonly}. */
    public static String nlUrl(String... params) {
        return withParams("jdbc:nlsql:" + url().substring("jdbc:".length()), params);
    }

    /** The plain URL of another database on the same server. */
    public static String urlOf(String database) {
        String u = url();
        int slash = u.indexOf('/', "jdbc:postgresql://".length());
        int q = u.indexOf('?', slash);
        return u.substring(0, slash + 1) + database + (q < 0 ? "" : u.substring(q));
    }

    public static String withParams(String url, String... params) {
        StringBuilder b = new StringBuilder(url);
        for (String p : params) {
            b.append(b.indexOf("?") < 0 ? '?' : '&').append(p);
        }
        return b.toString();
    }

    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(url());
    }

    /** Creates the database when it does not exist yet; returns true if it was created. */
    public static synchronized boolean createDatabaseIfMissing(String database) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + database + "'")) {
                if (rs.next()) {
                    return false;
                }
            }
            s.execute("CREATE DATABASE " + database);
            dropAtExit(database);
            return true;
        }
    }

    private static final java.util.Map<String, String> UNUSED_PREFIXES = new java.util.HashMap<>();

    /**
     * A database name prefix that no database on the server starts with when this JVM first asks: {@code prefix} itself,
     * else with a number before its last "_" ("nlsql_heldout_" becomes "nlsql_heldout2_"). The same answer for the rest
     * of the run. Databases an interrupted run left behind are then neither reused with stale data nor dropped by this
     * run, which leaves the server as it found it.
     */
    public static synchronized String unusedPrefix(String prefix) throws SQLException {
        String known = UNUSED_PREFIXES.get(prefix);
        if (known != null) {
            return known;
        }
        String stem = prefix.endsWith("_") ? prefix.substring(0, prefix.length() - 1) : prefix;
        try (Connection c = connect();
                java.sql.PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_database WHERE starts_with(datname, ?)")) {
            for (int n = 1; ; n++) {
                String candidate = n == 1 ? prefix : stem + n + "_";
                ps.setString(1, candidate);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        UNUSED_PREFIXES.put(prefix, candidate);
                        return candidate;
                    }
                }
            }
        }
    }

    /**
     * Creates each role ("name LOGIN", "name NOLOGIN PASSWORD 'x'") unless it exists; drop them with {@link #dropRoles}
     * (what is left is dropped when the JVM ends).
     */
    public static void createRoles(String... definitions) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            for (String role : definitions) {
                String name = role.split("\\s+", 2)[0];
                ROLES.add(name);
                s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + name + "') THEN CREATE ROLE "
                        + role + "; END IF; END $$");
            }
        }
    }

    public static void dropRoles(String... names) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            for (String name : names) {
                s.execute("DROP ROLE IF EXISTS " + name);
                ROLES.forget(name);
            }
        }
    }

    /** Drops tables a test made in the test database, so the server is left as the test found it. */
    public static void dropTables(String... tables) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            for (String table : tables) {
                s.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    private static final DropAtExit DATABASES = new DropAtExit("database", TestPostgres::dropDatabase);
    private static final DropAtExit ROLES = new DropAtExit("role", TestPostgres::dropRoles);

    static {
        DropAtExit.hook("drop-test-databases", DATABASES, ROLES);
    }

    /**
     * A database this test JVM made is dropped when the JVM ends (the module's test run), so the server is left as the
     * run found it while test classes of one run still share it.
     */
    private static void dropAtExit(String database) {
        DATABASES.add(database);
    }

    public static void dropDatabase(String database) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        }
        DATABASES.forget(database);
    }

    /** A scratch database (created when missing) with {@code statements} run in it; returns its URL. */
    public static String database(String name, String... statements) throws SQLException {
        createDatabaseIfMissing(name);
        String url = urlOf(name);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
        return url;
    }

    /** A database built once: created with {@code statements} run in it when missing (dropped when the JVM ends); returns its URL. */
    public static synchronized String databaseOnce(String name, String... statements) throws SQLException {
        String url = urlOf(name);
        if (createDatabaseIfMissing(name)) {
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                for (String sql : statements) {
                    s.execute(sql);
                }
            }
        }
        return url;
    }

    /** The one value of a one-row result, which is closed. */
    public static long single(ResultSet rs) throws SQLException {
        try (rs) {
            if (!rs.next()) {
                throw new AssertionError("no row");
            }
            return rs.getLong(1);
        }
    }
}
