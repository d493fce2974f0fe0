package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The README's pool configurations, as written: HikariCP with the driver (jdbcUrl + driverClassName, an nlsql.*
 * property as a data source property), HikariCP with dataSourceClassName=NlDataSource (nlsql.* in the URL), and a
 * plain NlDataSource with setProperty. Each connection is nlsql's and its nlsql.maxRows took effect.
 */
class PoolConfigurationIT {

    /** The test database's URL without its user (the README passes user and password apart). */
    private static String nlUrlWithoutUser(String... params) {
        String url = TestPostgres.nlUrl(params);
        return url.replaceAll("([?&])user=[^&]*&?", "$1").replace("?&", "?").replaceAll("[?&]$", "");
    }

    private static String user() {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("[?&]user=([^&]*)").matcher(TestPostgres.url());
        return m.find() ? m.group(1) : "postgres";
    }

    /** The connection is nlsql's, configured as given (nlsql.maxRows=2, nlsql.passthrough=readonly), and runs SQL. */
    private static void checkNlsql(DataSource ds) throws SQLException {
        try (Connection c = ds.getConnection()) {
            NlConnection nl = c.unwrap(NlConnection.class);
            assertEquals(2, nl.config().maxRows());
            assertEquals(dev.nlsql.config.NlConfig.Passthrough.READONLY, nl.config().passthrough());
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
                assertTrue(rs.next());
            }
        }
    }

    @Test
    void hikariWithTheDriver() throws SQLException {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(nlUrlWithoutUser("nlsql.passthrough=readonly"));
        config.setDriverClassName("dev.nlsql.jdbc.NlDriver");
        config.setUsername(user());
        config.addDataSourceProperty("nlsql.maxRows", "2");
        config.setMaximumPoolSize(1);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            checkNlsql(pool);
        }
    }

    @Test
    void hikariWithNlDataSource() throws SQLException {
        Properties p = new Properties();
        p.setProperty("dataSourceClassName", "dev.nlsql.jdbc.NlDataSource");
        p.setProperty("dataSource.url", nlUrlWithoutUser("nlsql.passthrough=readonly", "nlsql.maxRows=2"));
        p.setProperty("dataSource.user", user());
        p.setProperty("maximumPoolSize", "1");
        try (HikariDataSource pool = new HikariDataSource(new HikariConfig(p))) {
            checkNlsql(pool);
        }
    }

    @Test
    void plainNlDataSource() throws SQLException {
        NlDataSource ds = new NlDataSource(nlUrlWithoutUser());
        ds.setUser(user());
        ds.setProperty("nlsql.maxRows", "2");
        ds.setProperty("nlsql.passthrough", "readonly");
        checkNlsql(ds);
    }
}
