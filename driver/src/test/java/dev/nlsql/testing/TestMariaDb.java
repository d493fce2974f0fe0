package dev.nlsql.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Assumptions;

/**
 * The MariaDB (or MySQL) the MySQL dialect's tests use as their oracle: {@code NLSQL_TEST_MYSQL_URL}
 * (a server URL without a database, e.g. {@code jdbc:mariadb://127.0.0.1:3306/?user=root}), else
 * 127.0.0.1:3306 as root without a password, which {@code .ci/run} installs and starts.
 *
 * <p>Nothing is skipped silently: an unreachable server fails the test with a message saying how
 * to start one; only {@code NLSQL_TEST_MYSQL_URL=none} skips the MariaDB tests, on purpose.
 * Databases the tests make are named {@code mdb_*}.
 */
public final class TestMariaDb {

    private static final String DEFAULT_URL = "jdbc:mariadb://127.0.0.1:3306/?user=root";
    private static volatile String unreachable;
    private static volatile boolean checked;

    private TestMariaDb() {
    }

    /** The server URL (no database), from the environment or the default. */
    public static String serverUrl() {
        String env = System.getenv("NLSQL_TEST_MYSQL_URL");
        return env != null && !env.isBlank() ? env.strip() : DEFAULT_URL;
    }

    /**
     * Skips the calling test only when {@code NLSQL_TEST_MYSQL_URL=none}; fails it with a clear
     * message when the server cannot be reached. Call first in a {@code @BeforeAll}.
     */
    public static synchronized void require() {
        Assumptions.assumeFalse(serverUrl().equalsIgnoreCase("none"), "NLSQL_TEST_MYSQL_URL=none: MariaDB tests skipped on request");
        if (!checked) {
            checked = true;
            try (Connection c = DriverManager.getConnection(serverUrl())) {
                c.isValid(5);
            } catch (SQLException e) {
                unreachable = e.getMessage();
            }
        }
        if (unreachable != null) {
            fail("MariaDB is not reachable at " + serverUrl() + " (" + unreachable + "). Start it (.ci/run installs and starts "
                    + "one: mariadb-server, root without a password on 127.0.0.1:3306), point NLSQL_TEST_MYSQL_URL at another, "
                    + "or set NLSQL_TEST_MYSQL_URL=none to skip the MariaDB tests on purpose");
        }
    }

    /** The plain JDBC URL of one database on the server. */
    public static String url(String database) {
        String u = serverUrl();
        int slash = u.indexOf('/', u.indexOf("//") + 2);
        int q = u.indexOf('?');
        String hostPart = slash < 0 || (q >= 0 && slash > q) ? (q < 0 ? u : u.substring(0, q)) : u.substring(0, slash);
        return hostPart + "/" + database + (q < 0 ? "" : u.substring(q));
    }

    /** The same database through nlsql, with extra parameters such as {@code nlsql.passthrough=readonly}. */
    public static String nlUrl(String database, String... params) {
        return TestPostgres.withParams("jdbc:nlsql:" + url(database).substring("jdbc:".length()), params);
    }

    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(serverUrl());
    }

    public static Connection connect(String database, String... params) throws SQLException {
        return DriverManager.getConnection(TestPostgres.withParams(url(database), params));
    }

    private static final DropAtExit DATABASES = new DropAtExit("MariaDB database", TestMariaDb::dropDatabase);

    static {
        DropAtExit.hook("drop-test-mariadb-databases", DATABASES);
    }

    /** Drops and creates a database (dropped when the JVM ends unless a test drops it first). */
    public static void recreateDatabase(String database) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS `" + database + "`");
            s.execute("CREATE DATABASE `" + database + "` CHARACTER SET utf8mb4");
        }
        DATABASES.add(database);
    }

    /** True once {@link #require()} found the server; @AfterAll cleanups do nothing otherwise. */
    public static synchronized boolean available() {
        return checked && unreachable == null && !serverUrl().equalsIgnoreCase("none");
    }

    public static void dropDatabase(String database) throws SQLException {
        if (!available()) {
            return;
        }
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS `" + database + "`");
        }
        DATABASES.forget(database);
    }
}
