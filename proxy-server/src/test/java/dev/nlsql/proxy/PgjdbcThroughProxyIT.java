package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** pgjdbc as a client of the proxy: it must see what it sees on PostgreSQL itself. */
class PgjdbcThroughProxyIT {

    static final String TYPES_QUERY = "SELECT id, name, qty, price, made_on, made_at, made_at_tz, active, code, blob, tags, scores, "
            + "doc, docb, took, ratio, small, big, ratios, label, weight, opens_at, grade, weights, grades FROM gadgets ORDER BY id";

    static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS gadgets");
            s.execute("CREATE TABLE gadgets (id serial PRIMARY KEY, name text NOT NULL, qty int, price numeric(10,2), made_on date, "
                    + "made_at timestamp, made_at_tz timestamptz, active boolean, code uuid, blob bytea, tags text[], scores int4[], "
                    + "doc json, docb jsonb, took interval, ratio float8, small int2, big int8, ratios float8[], label varchar(20), "
                    + "weight float4, opens_at time, grade char(3), weights float4[], grades char(3)[])");
            s.execute("INSERT INTO gadgets (name, qty, price, made_on, made_at, made_at_tz, active, code, blob, tags, scores, doc, docb, "
                    + "took, ratio, small, big, ratios, label, weight, opens_at, grade, weights, grades) SELECT 'gadget ' || g, g, g * 1.25, DATE '2024-01-01' + g, "
                    + "TIMESTAMP '2024-01-01 10:00:00.123456' + g * INTERVAL '1 hour', TIMESTAMPTZ '2024-01-01 10:00:00+02' + g * INTERVAL '1 day', "
                    + "g % 2 = 0, md5(g::text)::uuid, decode('00ff' || lpad(to_hex(g), 2, '0'), 'hex'), ARRAY['a' || g, NULL, 'c'], "
                    + "ARRAY[g, g + 1], '{\"g\": 1}', '{\"g\": [1, 2]}', g * INTERVAL '1 day 2 hours 3.5 seconds', g / 3.0, g::int2, "
                    + "g * 10000000000, ARRAY[g / 4.0, -1.5], 'l' || g, g / 3.0::float4, TIME '08:30:00.25' + g * INTERVAL '37 minutes', "
                    + "chr(64 + g), ARRAY[g * 0.1::float4, NULL], ARRAY[chr(64 + g), 'ab'] FROM generate_series(1, 10) g");
            s.execute("INSERT INTO gadgets (name) VALUES ('all nulls')");
        }
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline"), 250);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS gadgets");
        }
    }

    static String proxyUrl(String... params) {
        return TestPostgres.withParams("jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres", params);
    }

    /** Every value of every row as pgjdbc reads it, through getString and getObject. */
    static List<String> read(ResultSet rs) throws SQLException {
        List<String> out = new ArrayList<>();
        ResultSetMetaData md = rs.getMetaData();
        while (rs.next()) {
            StringBuilder row = new StringBuilder();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                Object o = rs.getObject(i);
                String v = o instanceof byte[] b ? java.util.HexFormat.of().formatHex(b)
                        : o instanceof java.sql.Array a ? java.util.Arrays.toString((Object[]) a.getArray()) : String.valueOf(o);
                // pgjdbc's getString of a binary bytea is byte[].toString(), on PostgreSQL too: compare getObject only
                String text = "bytea".equals(md.getColumnTypeName(i)) ? "" : rs.getString(i);
                row.append(md.getColumnLabel(i)).append(':').append(md.getColumnTypeName(i)).append('=').append(text)
                        .append('/').append(v).append(' ');
            }
            out.add(row.toString());
        }
        return out;
    }

    static void assertSameRows(List<String> expected, List<String> actual, String what) {
        assertEquals(expected.size(), actual.size(), what);
        for (int r = 0; r < expected.size(); r++) {
            String[] e = expected.get(r).split(" (?=[a-z_]+:)");
            String[] a = actual.get(r).split(" (?=[a-z_]+:)");
            for (int i = 0; i < Math.min(e.length, a.length); i++) {
                assertEquals(e[i], a[i], what + ", row " + r);
            }
            assertEquals(expected.get(r), actual.get(r), what);
        }
    }

    @Test
    void everyTypeReadsAsOnPostgresInTextAndBinary() throws Exception {
        List<String> direct;
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(TYPES_QUERY)) {
            direct = read(rs);
        }
        try (Connection c = DriverManager.getConnection(proxyUrl()); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(TYPES_QUERY)) {
            assertSameRows(direct, read(rs), "text format");
        }
        // pgjdbc formats some binary values itself (arrays): compare with PostgreSQL under the same settings
        List<List<String>> directBinary = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(TestPostgres.withParams(TestPostgres.url(), "prepareThreshold=1",
                "binaryTransfer=true")); PreparedStatement ps = c.prepareStatement(TYPES_QUERY)) {
            for (int i = 0; i < 10; i++) {
                try (ResultSet rs = ps.executeQuery()) {
                    directBinary.add(read(rs));
                }
            }
        }
        try (Connection c = DriverManager.getConnection(proxyUrl("prepareThreshold=1", "binaryTransfer=true"));
                PreparedStatement ps = c.prepareStatement(TYPES_QUERY)) {
            for (int i = 0; i < 10; i++) {
                try (ResultSet rs = ps.executeQuery()) {
                    assertSameRows(directBinary.get(i), read(rs), "execution " + i + " (named statement, binary results)");
                }
            }
        }
    }

    @Test
    void preparedStatementsWithParametersTenTimes() throws Exception {
        try (Connection c = DriverManager.getConnection(proxyUrl());
                PreparedStatement ps = c.prepareStatement("SELECT name, price FROM gadgets WHERE qty = ? AND made_on > ? AND name LIKE ?")) {
            for (int i = 1; i <= 10; i++) {
                ps.setInt(1, i);
                ps.setDate(2, java.sql.Date.valueOf("2024-01-01"));
                ps.setString(3, "gadget%");
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next(), "row " + i);
                    assertEquals("gadget " + i, rs.getString(1));
                    assertEquals(new java.math.BigDecimal(i).multiply(new java.math.BigDecimal("1.25")).setScale(2), rs.getBigDecimal(2));
                    assertFalse(rs.next());
                }
            }
        }
    }

    @Test
    void batchesTransactionsAndFetchSize() throws Exception {
        try (Connection c = DriverManager.getConnection(proxyUrl())) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO gadgets (name, qty) VALUES (?, ?)")) {
                for (int i = 0; i < 5; i++) {
                    ps.setString(1, "batch " + i);
                    ps.setInt(2, 100 + i);
                    ps.addBatch();
                }
                assertArrayEquals(new int[] {1, 1, 1, 1, 1}, ps.executeBatch());
            }
            c.rollback();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM gadgets WHERE qty >= 100")) {
                rs.next();
                assertEquals(0, rs.getInt(1), "rolled back");
            }
            try (Statement s = c.createStatement()) {
                s.setFetchSize(3); // Execute with a row limit: PortalSuspended between batches
                try (ResultSet rs = s.executeQuery("SELECT id FROM gadgets ORDER BY id")) {
                    int n = 0;
                    while (rs.next()) {
                        n++;
                        assertEquals(n, rs.getInt(1));
                    }
                    assertEquals(11, n);
                }
            }
            c.commit();
        }
    }

    @Test
    void metadataCalls() throws Exception {
        try (Connection c = DriverManager.getConnection(proxyUrl())) {
            DatabaseMetaData md = c.getMetaData();
            assertEquals("PostgreSQL", md.getDatabaseProductName());
            try (ResultSet rs = md.getTables(null, "public", "gadgets", null)) {
                assertTrue(rs.next());
            }
            try (ResultSet rs = md.getColumns(null, "public", "gadgets", "%")) {
                int n = 0;
                while (rs.next()) {
                    n++;
                }
                assertEquals(25, n);
            }
            try (ResultSet rs = md.getPrimaryKeys(null, "public", "gadgets")) {
                assertTrue(rs.next());
                assertEquals("id", rs.getString("COLUMN_NAME"));
            }
        }
    }

    @Test
    void questionsThroughStatementsAndPreparedStatements() throws Exception {
        try (Connection c = DriverManager.getConnection(proxyUrl()); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("how many gadgets are there?")) {
                assertTrue(rs.next());
                assertEquals(11, rs.getInt(1));
            }
            assertNotNull(s.getWarnings(), "the answering SQL comes as a NOTICE");
            assertTrue(s.getWarnings().getMessage().contains("SELECT COUNT(*)"), s.getWarnings().getMessage());
            try (PreparedStatement ps = c.prepareStatement("average price of gadgets"); ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(6.875, rs.getDouble(1), 1e-9);
            }
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("what is the weather like on mars?"));
            assertEquals("NL002", e.getSQLState(), "the relevance gate: nothing in it names the database's data");
            assertTrue(e.getMessage().contains("This database holds: "), e.getMessage());
        }
    }

    @Test
    void anErrorThenAQueryWorks() throws Exception {
        try (Connection c = DriverManager.getConnection(proxyUrl()); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT * FROM gadgets WHERE"));
            assertEquals("42601", e.getSQLState());
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM no_such_table")) {
                assertEquals("42P01", assertThrows(SQLException.class, ps::executeQuery).getSQLState());
            }
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM gadgets")) {
                rs.next();
                assertEquals(11, rs.getInt(1));
            }
            c.setAutoCommit(false);
            assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1/0"));
            c.rollback();
            try (ResultSet rs = s.executeQuery("SELECT 2")) {
                rs.next();
                assertEquals(2, rs.getInt(1), "the failed transaction was rolled back and the session goes on");
            }
        }
    }

    @Test
    void cancelStopsARunningStatement() throws Exception {
        try (Connection c = DriverManager.getConnection(proxyUrl()); Statement s = c.createStatement()) {
            assertCancelStopsAndTheSessionGoesOn(s);
        }
    }

    /**
     * Cancels pg_sleep(20) from another thread once PostgreSQL shows it running: 57014 well before 20 s, then the
     * statement works.
     */
    static void assertCancelStopsAndTheSessionGoesOn(Statement s) throws Exception {
        Thread canceller = new Thread(() -> {
            try (Connection direct = dev.nlsql.testing.TestPostgres.connect(); Statement d = direct.createStatement()) {
                AsyncMessagesThroughProxyIT.await(() -> {
                    try (ResultSet rs = d.executeQuery("SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND query = 'SELECT pg_sleep(20)'")) {
                        return rs.next();
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                }, "the statement runs");
                s.cancel();
            } catch (Exception | AssertionError ignored) {
                // the assertion below reports a failed cancel
            }
        });
        canceller.start();
        long start = System.nanoTime();
        SQLException e = assertThrows(SQLException.class, () -> s.execute("SELECT pg_sleep(20)"));
        assertEquals("57014", e.getSQLState());
        assertTrue((System.nanoTime() - start) / 1_000_000 < 10_000);
        canceller.join();
        try (ResultSet rs = s.executeQuery("SELECT 3")) {
            rs.next();
            assertEquals(3, rs.getInt(1));
        }
    }
}
