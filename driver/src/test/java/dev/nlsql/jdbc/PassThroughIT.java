package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.config.NlProperty;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/** SQL through jdbc:nlsql:postgresql behaves as it does through jdbc:postgresql. */
class PassThroughIT {

    private static final String TABLE = "nlsql_passthrough_items";

    @BeforeEach
    void createTable() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
            s.execute("CREATE TABLE " + TABLE + " (id serial PRIMARY KEY, name text NOT NULL, qty int)");
            s.execute("INSERT INTO " + TABLE + " (name, qty) VALUES ('apple', 3), ('pear', 5)");
        }
    }

    @AfterEach
    void dropTable() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }

    private static int count() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM " + TABLE)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void queryRunsAndBackReferencesLeadToTheWrappers() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl())) {
            assertInstanceOf(NlConnection.class, c.unwrap(NlConnection.class)); // c itself also passes casts to PGConnection
            Statement s = c.createStatement();
            assertInstanceOf(NlStatement.class, s.unwrap(NlStatement.class));
            assertSame(c, s.getConnection());
            try (ResultSet rs = s.executeQuery("SELECT name, qty FROM " + TABLE + " ORDER BY id")) {
                assertSame(s, rs.getStatement());
                assertTrue(rs.next());
                assertEquals("apple", rs.getString(1));
                assertEquals(3, rs.getInt("qty"));
                assertTrue(rs.next());
                assertFalse(rs.next());
            }
            assertTrue(s.execute("SELECT 1"));
            assertSame(s, s.getResultSet().getStatement());
            assertSame(c, c.getMetaData().getConnection());
        }
    }

    @Test
    void updatesPreparedStatementsAndBatches() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl()); Statement s = c.createStatement()) {
            assertEquals(1, s.executeUpdate("UPDATE " + TABLE + " SET qty = qty + 1 WHERE name = 'apple'"));
            assertFalse(s.execute("DELETE FROM " + TABLE + " WHERE name = 'nothing'"));
            assertEquals(0, s.getUpdateCount());

            try (PreparedStatement ps = c.prepareStatement("SELECT qty FROM " + TABLE + " WHERE name = ?")) {
                assertInstanceOf(NlPreparedStatement.class, ps.unwrap(NlPreparedStatement.class));
                assertSame(c, ps.getConnection());
                ps.setString(1, "apple");
                try (ResultSet rs = ps.executeQuery()) {
                    assertSame(ps, rs.getStatement());
                    assertTrue(rs.next());
                    assertEquals(4, rs.getInt(1));
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + TABLE + " (name, qty) VALUES (?, ?)")) {
                for (int i = 0; i < 3; i++) {
                    ps.setString(1, "batch" + i);
                    ps.setInt(2, i);
                    ps.addBatch();
                }
                assertArrayEquals(new int[] {1, 1, 1}, ps.executeBatch());
            }
            s.addBatch("INSERT INTO " + TABLE + " (name) VALUES ('x')");
            s.addBatch("INSERT INTO " + TABLE + " (name) VALUES ('y')");
            assertArrayEquals(new int[] {1, 1}, s.executeBatch());
        }
        assertEquals(7, count());
    }

    @Test
    void transactionsCommitAndRollBack() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl()); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO " + TABLE + " (name) VALUES ('rolled back')");
            c.rollback();
            assertEquals(2, count());
            s.executeUpdate("INSERT INTO " + TABLE + " (name) VALUES ('kept')");
            c.commit();
            assertEquals(3, count());
        }
    }

    @Test
    void generatedKeysComeBack() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl())) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + TABLE + " (name) VALUES (?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                ps.setString(1, "keyed");
                assertEquals(1, ps.executeUpdate());
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    assertTrue(keys.next());
                    assertEquals(3, keys.getInt("id"));
                    assertSame(ps, keys.getStatement());
                }
            }
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO " + TABLE + " (name) VALUES ('k2')", new String[] {"id"});
                try (ResultSet keys = s.getGeneratedKeys()) {
                    assertTrue(keys.next());
                    assertEquals(4, keys.getInt(1));
                }
            }
        }
    }

    @Test
    void metadataAndUnwrapReachTheDelegate() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl())) {
            DatabaseMetaData md = c.getMetaData();
            assertEquals("PostgreSQL", md.getDatabaseProductName());
            assertTrue(md.getURL().startsWith("jdbc:nlsql:postgresql:"), md.getURL());
            try (ResultSet rs = md.getColumns(null, "public", TABLE, null)) {
                int columns = 0;
                while (rs.next()) {
                    columns++;
                }
                assertEquals(3, columns);
            }
            try (ResultSet rs = md.getPrimaryKeys(null, "public", TABLE)) {
                assertTrue(rs.next());
                assertEquals("id", rs.getString("COLUMN_NAME"));
            }
            assertTrue(c.isWrapperFor(PGConnection.class));
            PGConnection pg = c.unwrap(PGConnection.class);
            assertTrue(pg.getBackendPID() > 0);
            assertSame(c, c.unwrap(Connection.class));
            assertSame(c, c.unwrap(NlConnection.class).exposed());
            assertTrue(c.createStatement().isWrapperFor(org.postgresql.PGStatement.class));
            assertNotNull(c.createStatement().unwrap(org.postgresql.PGStatement.class));
        }
    }

    @Test
    void nlPropertiesAreTakenOutOfTheUrlAndProperties() throws SQLException {
        String url = TestPostgres.nlUrl("nlsql.maxRows=5", "ApplicationName=nlsql-test", "nlsql.passthrough=allow");
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW application_name")) {
            rs.next();
            assertEquals("nlsql-test", rs.getString(1));
            assertEquals(5, c.unwrap(NlConnection.class).config().maxRows());
            assertFalse(c.getMetaData().getURL().contains("nlsql."), c.getMetaData().getURL());
        }
        Properties p = new Properties();
        p.setProperty("nlsql.passthrough", "deny");
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl(), p)) {
            SQLException e = assertThrows(SQLException.class, () -> c.createStatement().executeQuery("SELECT 1"));
            assertEquals("NL003", e.getSQLState());
        }
    }

    @Test
    void badPropertiesAreRefusedWithAClearMessage() {
        SQLException bad = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(TestPostgres.nlUrl("nlsql.maxAttempts=zero")));
        assertEquals("22023", bad.getSQLState());
        assertTrue(bad.getMessage().contains("nlsql.maxAttempts"), bad.getMessage());
        SQLException unknown = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(TestPostgres.nlUrl("nlsql.maxAtempts=3")));
        assertTrue(unknown.getMessage().contains("Unknown property nlsql.maxAtempts; did you mean nlsql.maxAttempts?"), unknown.getMessage());
        assertEquals("22023", unknown.getSQLState());
        // the same typo in Properties: the same words and SQLSTATE
        java.util.Properties props = new java.util.Properties();
        props.setProperty("nlsql.maxAtempts", "3");
        SQLException inProperties = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(TestPostgres.nlUrl("nlsql.llm=offline"), props));
        assertEquals("22023", inProperties.getSQLState());
        assertEquals(unknown.getMessage(), inProperties.getMessage());
    }

    @Test
    void propertyInfoListsNlsqlAndDelegateProperties() throws SQLException {
        Driver driver = DriverManager.getDriver("jdbc:nlsql:postgresql://x/y");
        assertInstanceOf(NlDriver.class, driver);
        DriverPropertyInfo[] info = driver.getPropertyInfo(TestPostgres.nlUrl("nlsql.maxRows=7"), new Properties());
        Map<String, DriverPropertyInfo> byName = Arrays.stream(info)
                .collect(Collectors.toMap(d -> d.name, Function.identity(), (a, b) -> a));
        for (NlProperty p : NlProperty.values()) {
            assertTrue(byName.containsKey(p.key()), p.key());
            assertFalse(byName.get(p.key()).description.isBlank());
        }
        assertEquals("7", byName.get("nlsql.maxRows").value);
        assertArrayEquals(new String[] {"allow", "readonly", "deny"}, byName.get("nlsql.passthrough").choices);
        assertTrue(byName.containsKey("ApplicationName"), "the delegate's properties are merged in");
    }

    @Test
    void otherUrlsAreNotAccepted() throws SQLException {
        NlDriver driver = new NlDriver();
        assertNull(driver.connect(TestPostgres.url(), new Properties()));
        assertFalse(driver.acceptsURL("jdbc:postgresql://127.0.0.1/test"));
        assertTrue(driver.acceptsURL("JDBC:NLSQL:postgresql://127.0.0.1/test"));
        SQLException e = assertThrows(SQLException.class, () -> driver.connect("jdbc:nlsql:nosuchdb://x", new Properties()));
        assertEquals("08001", e.getSQLState());
    }

    @Test
    void dataSourceConnects() throws SQLException {
        NlDataSource ds = new NlDataSource(TestPostgres.nlUrl());
        ds.setProperty("nlsql.passthrough", "readonly");
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + TABLE)) {
                rs.next();
                assertEquals(2, rs.getInt(1));
            }
            assertEquals("NL003", assertThrows(SQLException.class,
                    () -> s.executeQuery("DELETE FROM " + TABLE)).getSQLState());
        }
        assertEquals(2, count());
    }

    @Test
    void readonlyPolicyGuardsSqlAndRunsItReadOnly() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.passthrough=readonly"));
                Statement s = c.createStatement()) {
            s.setFetchSize(1);
            try (ResultSet rs = s.executeQuery("SELECT name FROM " + TABLE + " ORDER BY id")) {
                assertTrue(rs.next(), "rows stay readable after the read-only transaction ends");
                assertTrue(rs.next());
                assertFalse(rs.next());
            }
            assertTrue(c.getAutoCommit(), "auto-commit is restored");
            assertFalse(c.isReadOnly(), "read-only flag is restored");
            for (String write : new String[] {"UPDATE " + TABLE + " SET qty = 0",
                "WITH d AS (DELETE FROM " + TABLE + " RETURNING *) SELECT * FROM d", "SELECT pg_sleep(5)",
                "SELECT * FROM " + TABLE + " FOR UPDATE"}) {
                SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(write), write);
                assertEquals("NL003", e.getSQLState(), write);
            }
            assertEquals("NL003", assertThrows(SQLException.class,
                    () -> s.executeUpdate("DELETE FROM " + TABLE)).getSQLState());
            assertEquals("NL003", assertThrows(SQLException.class,
                    () -> c.prepareStatement("DELETE FROM " + TABLE + " WHERE id = ?")).getSQLState());
            assertEquals("NL003", assertThrows(SQLException.class, () -> c.prepareCall("CALL anything()")).getSQLState());
            try (PreparedStatement ps = c.prepareStatement("SELECT qty FROM " + TABLE + " WHERE name = ?")) {
                ps.setString(1, "pear");
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(5, rs.getInt(1));
                }
                assertEquals("NL003", assertThrows(SQLException.class, ps::executeUpdate).getSQLState());
            }
        }
        assertEquals(2, count());
    }

    @Test
    void questionsNeedAGeneratorUntilOneIsConfigured() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.llm=none"));
                Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("how many items are there?"));
            assertEquals("NL005", e.getSQLState());
            assertEquals("NL006", assertThrows(SQLException.class, () -> s.executeQuery("NL:   ")).getSQLState());
            // nothing sent as an update is a question: the database answers it
            assertEquals("42601", assertThrows(SQLException.class,
                    () -> s.executeUpdate("how many items are there?")).getSQLState());
        }
    }

    @Test
    void anyJdbcDatabaseWorks() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:nlsql:h2:mem:passthrough_strict;nlsql.passthrough=readonly;MODE=PostgreSQL");
                Statement s = c.createStatement()) {
            SQLException refused = assertThrows(SQLException.class, () -> s.executeQuery("SELECT 40 + 2"));
            assertEquals("NL003", refused.getSQLState());
            assertTrue(refused.getMessage().contains("nlsql.dialect=unverified"), refused.getMessage());
        }
        try (Connection c = DriverManager.getConnection(
                "jdbc:nlsql:h2:mem:passthrough;nlsql.passthrough=readonly;nlsql.dialect=unverified;MODE=PostgreSQL");
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT 40 + 2")) {
                rs.next();
                assertEquals(42, rs.getInt(1));
            }
            assertEquals("NL003", assertThrows(SQLException.class,
                    () -> s.executeQuery("CREATE TABLE t (id int)")).getSQLState());
            assertEquals("H2", c.getMetaData().getDatabaseProductName());
        }
    }

    @Test
    void aReadRoleIsRefusedWhereItCannotTakePrivilegesAway() {
        SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(
                "jdbc:nlsql:h2:mem:readrole;nlsql.readRole=reader;nlsql.dialect=unverified"));
        assertEquals("22023", e.getSQLState());
        assertTrue(e.getMessage().contains("PostgreSQL only"), e.getMessage());
    }
}
