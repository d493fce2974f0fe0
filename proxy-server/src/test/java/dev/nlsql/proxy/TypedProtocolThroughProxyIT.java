package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a typed client (pgjdbc here; asyncpg, pgx and Npgsql alike) sends in the extended protocol reaches PostgreSQL
 * through the proxy as it was sent: declared parameter types, binary parameters and results, row limits, settings'
 * ParameterStatus, refcursors and {call}. Each check compares with the same client connected directly.
 */
class TypedProtocolThroughProxyIT {

    static PgServer server;
    static PgServer readonly;

    @BeforeAll
    static void start() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS typed_items");
            s.execute("CREATE TABLE typed_items (id int PRIMARY KEY, name text)");
            s.execute("CREATE OR REPLACE FUNCTION typed_sum(a int, b int, OUT total int) AS 'SELECT a + b' LANGUAGE sql");
            s.execute("CREATE OR REPLACE FUNCTION typed_cursor(n int) RETURNS refcursor AS $$ DECLARE c refcursor; BEGIN "
                    + "OPEN c FOR SELECT g FROM generate_series(1, n) g; RETURN c; END $$ LANGUAGE plpgsql");
        }
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline"), 50);
        readonly = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline", "nlsql.passthrough", "readonly"), 50);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        readonly.close();
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS typed_items");
            s.execute("DROP FUNCTION IF EXISTS typed_sum(int, int)");
            s.execute("DROP FUNCTION IF EXISTS typed_cursor(int)");
        }
    }

    static Connection viaProxy(PgServer proxy, String... params) throws SQLException {
        return DriverManager.getConnection(TestPostgres.withParams("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/test?user=postgres", params));
    }

    static Connection direct(String... params) throws SQLException {
        return DriverManager.getConnection(TestPostgres.withParams(TestPostgres.url(), params));
    }

    @Test
    void declaredParameterTypesReachTheBackend() throws Exception {
        assertDeclaredTypesKept(server);
    }

    /** The JDBC route (a guarding passthrough) binds each value with the type the client declared in Parse. */
    @Test
    void guardedDeclaredParameterTypesReachTheBackend() throws Exception {
        assertDeclaredTypesKept(readonly);
    }

    private static void assertDeclaredTypesKept(PgServer proxy) throws Exception {
        try (Connection c = viaProxy(proxy); PreparedStatement ps = c.prepareStatement("SELECT ? + ?, pg_typeof(?)::text, pg_typeof(?)::text")) {
            ps.setInt(1, 40);
            ps.setInt(2, 2);
            ps.setLong(3, 7L);
            ps.setObject(4, 43.0, Types.DOUBLE);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(42, rs.getInt(1)); // untyped, "operator is not unique: unknown + unknown"
                assertEquals("bigint", rs.getString(2));
                assertEquals("double precision", rs.getString(3));
            }
        }
    }

    @Test
    void batchedMultiRowInsertsWithTypedParameters() throws Exception {
        try (Connection c = viaProxy(server, "reWriteBatchedInserts=true"); Statement s = c.createStatement()) {
            s.execute("DELETE FROM typed_items");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO typed_items (id, name) VALUES (?, ?)")) {
                for (int i = 1; i <= 25; i++) {
                    ps.setInt(1, i);
                    ps.setString(2, "item " + i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            try (ResultSet rs = s.executeQuery("SELECT count(*), sum(id) FROM typed_items")) {
                assertTrue(rs.next());
                assertEquals(25, rs.getInt(1));
                assertEquals(325, rs.getInt(2));
            }
        }
    }

    static final String BINARY_QUERY = "SELECT 'Infinity'::float8, 'NaN'::float8, '-Infinity'::float4, ARRAY[1, 2, NULL, 2147483647]::int4[], "
            + "'12:34:56.789+05:30'::timetz, 9223372036854775807::int8, 'infinity'::timestamp, '-infinity'::timestamptz, "
            + "'infinity'::date, 123456789012345678901234567890.123456789::numeric, ARRAY['a', NULL, 'b \"c\"']::text[], "
            + "'\\x00ff00'::bytea, ?::float8, ?::int4[], ?::bytea, ?::int8";

    /** Binary parameters and results (pgjdbc with prepareThreshold=-1 and binaryTransfer) as directly. */
    @Test
    void binaryParametersAndResultsAsDirectly() throws Exception {
        String[] binary = {"prepareThreshold=-1", "binaryTransfer=true"};
        List<String> expected = binaryRow(direct(binary));
        List<String> actual = binaryRow(viaProxy(server, binary));
        assertEquals(expected, actual);
        assertTrue(actual.contains("Infinity") && actual.contains("NaN"), actual.toString());
    }

    private static List<String> binaryRow(Connection c) throws SQLException {
        try (c; PreparedStatement ps = c.prepareStatement(BINARY_QUERY)) {
            ps.setDouble(1, Double.POSITIVE_INFINITY);
            ps.setArray(2, c.createArrayOf("int4", new Integer[] {3, null, -4}));
            ps.setBytes(3, new byte[] {0, 'A', 0}); // binary with NUL bytes, which read as text failed
            ps.setLong(4, Long.MIN_VALUE);
            List<String> values = List.of();
            for (int round = 0; round < 3; round++) { // the third run is a named server-side statement in pgjdbc
                try (ResultSet rs = ps.executeQuery()) {
                    values = firstRow(rs);
                }
            }
            return values;
        }
    }

    /** A fetch size in a transaction reads through a backend portal in steps (Execute with a row limit, PortalSuspended). */
    @Test
    void fetchSizeInATransactionSuspendsThePortal() throws Exception {
        try (Connection c = viaProxy(server)) {
            c.setAutoCommit(false);
            try (Statement first = c.createStatement(); Statement second = c.createStatement(); Statement look = c.createStatement()) {
                first.setFetchSize(3);
                second.setFetchSize(4);
                ResultSet a = first.executeQuery("SELECT g FROM generate_series(1, 10) g");
                ResultSet b = second.executeQuery("SELECT g * 10 FROM generate_series(1, 10) g");
                List<Integer> got = new ArrayList<>();
                while (a.next() & b.next()) {
                    got.add(a.getInt(1) + b.getInt(1));
                    if (got.size() == 1) {
                        // both portals are suspended on the backend, under the client's names with the proxy's suffix
                        try (ResultSet rs = look.executeQuery("SELECT count(*) FROM pg_cursors WHERE NOT is_scrollable AND name LIKE 'C\\_%@nlsql'")) {
                            assertTrue(rs.next());
                            assertEquals(2, rs.getInt(1));
                        }
                    }
                }
                assertEquals(10, got.size());
                assertEquals(11 * 55, got.stream().mapToInt(Integer::intValue).sum());
            }
            c.commit();
        }
    }

    /** setClientInfo runs SET application_name in the extended protocol: its ParameterStatus reaches the client. */
    @Test
    void settingsReachTheClientAsParameterStatus() throws Exception {
        try (Connection c = viaProxy(server)) {
            c.setClientInfo("ApplicationName", "typed-proxy-test");
            assertEquals("typed-proxy-test", c.getClientInfo("ApplicationName"));
            assertEquals("typed-proxy-test", c.unwrap(org.postgresql.PGConnection.class).getParameterStatus("application_name"));
            try (PreparedStatement ps = c.prepareStatement("SET TimeZone = 'Asia/Tokyo'")) {
                ps.executeUpdate();
            }
            assertEquals("Asia/Tokyo", c.unwrap(org.postgresql.PGConnection.class).getParameterStatus("TimeZone"));
        }
    }

    /** Under a guarding passthrough the SET is acknowledged, not run: the client still hears its new name. */
    @Test
    void guardedApplicationNameReachesTheClient() throws Exception {
        try (Connection c = viaProxy(readonly)) {
            c.setClientInfo("ApplicationName", "guarded-name");
            assertEquals("guarded-name", c.getClientInfo("ApplicationName"));
        }
    }

    @Test
    void refcursorFunctionAndCallEscape() throws Exception {
        try (Connection c = viaProxy(server)) {
            c.setAutoCommit(false);
            try (CallableStatement call = c.prepareCall("{ ? = call typed_cursor(?) }")) {
                call.registerOutParameter(1, Types.REF_CURSOR);
                call.setInt(2, 4);
                call.execute();
                List<Integer> rows = new ArrayList<>();
                try (ResultSet rs = (ResultSet) call.getObject(1)) {
                    while (rs.next()) {
                        rows.add(rs.getInt(1));
                    }
                }
                assertEquals(List.of(1, 2, 3, 4), rows);
            }
            try (CallableStatement call = c.prepareCall("{call typed_sum(?, ?, ?)}")) {
                call.setInt(1, 19);
                call.setInt(2, 23);
                call.registerOutParameter(3, Types.INTEGER);
                call.execute();
                assertEquals(42, call.getInt(3));
            }
            c.commit();
        }
    }

    /**
     * The client's named statements live on the backend under the proxy's suffix: SQL DEALLOCATE of the client's name
     * reaches them, errors name them as the client did, and the session goes on.
     */
    @Test
    void relayedStatementsKeepTheClientsNames() throws Exception {
        try (Connection c = viaProxy(server, "prepareThreshold=1"); Statement s = c.createStatement();
                PreparedStatement ps = c.prepareStatement("SELECT 10 / ?")) {
            ps.setInt(1, 0);
            assertEquals("22012", assertThrows(SQLException.class, ps::executeQuery).getSQLState());
            ps.setInt(1, 5);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
            }
            String name;
            try (ResultSet rs = s.executeQuery("SELECT name FROM pg_prepared_statements WHERE statement = 'SELECT 10 / $1'")) {
                assertTrue(rs.next());
                name = rs.getString(1);
            }
            assertTrue(name.endsWith(ExtendedRelay.SUFFIX), name);
            String clientName = name.substring(0, name.length() - ExtendedRelay.SUFFIX.length());
            s.execute("DEALLOCATE \"" + clientName + "\"");
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_prepared_statements WHERE statement = 'SELECT 10 / $1'")) {
                assertTrue(rs.next());
                assertEquals(0, rs.getInt(1));
            }
            try (ResultSet rs = ps.executeQuery()) { // pgjdbc heals "does not exist" by preparing again
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
            }
        }
    }

    /** pgjdbc's isValid sends an empty query: it reaches the backend, so a terminated one is noticed at once. */
    @Test
    void anEmptyQuerySeesATerminatedBackend() throws Exception {
        try (Connection c = viaProxy(server)) {
            assertTrue(c.isValid(0));
            int pid = c.unwrap(org.postgresql.PGConnection.class).getBackendPID();
            try (Connection d = TestPostgres.connect(); Statement s = d.createStatement()) {
                s.execute("SELECT pg_terminate_backend(" + pid + ", 5000)"); // waits until the process is gone
            }
            assertFalse(c.isValid(0));
        }
    }

    /** With standard_conforming_strings off a backslash escapes a quote: such SQL is still SQL, relayed as it is. */
    @Test
    void backslashEscapedQuotesUnderNonStandardStrings() throws Exception {
        try (Connection c = viaProxy(server); Statement s = c.createStatement()) {
            s.execute("SET standard_conforming_strings TO off");
            try (PreparedStatement ps = c.prepareStatement("SELECT 'quoted \\' single quote', 'octal \\060'");
                    ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("quoted ' single quote", rs.getString(1));
                assertEquals("octal 0", rs.getString(2));
            }
        }
    }

    @Test
    void errorsLoseTheSuffix() {
        byte[] error = "SERROR\0C26000\0Mprepared statement \"S_1@nlsql\" does not exist\0\0".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int length = BackendRelay.withoutSuffix(error, error.length, (ExtendedRelay.SUFFIX + "\"").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals("SERROR\0C26000\0Mprepared statement \"S_1\" does not exist\0\0", new String(error, 0, length, java.nio.charset.StandardCharsets.UTF_8));
    }

    /** On the JDBC route (a guarding nlsql.passthrough) the proxy encodes binary results itself, special values included. */
    @Test
    void guardedBinaryResultsAsDirectly() throws Exception {
        String sql = "SELECT 'Infinity'::float8, 'NaN'::float4, 'NaN'::numeric, 'infinity'::timestamp, '-infinity'::timestamptz, "
                + "'-infinity'::date, '12:34:56.789+05:30'::timetz, ARRAY[1, NULL, 3]::int4[], 9223372036854775807::int8";
        String[] binary = {"prepareThreshold=-1", "binaryTransfer=true"};
        assertEquals(firstRow(direct(binary), sql), firstRow(viaProxy(readonly, binary), sql));
    }

    private static List<String> firstRow(Connection c, String sql) throws SQLException {
        try (c; PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            return firstRow(rs);
        }
    }

    /** The first row's values as pgjdbc reads them (getObject), bytes in hex and arrays spelled out. */
    private static List<String> firstRow(ResultSet rs) throws SQLException {
        assertTrue(rs.next());
        List<String> values = new ArrayList<>();
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
            Object o = rs.getObject(i);
            values.add(o instanceof byte[] b ? java.util.HexFormat.of().formatHex(b)
                    : o instanceof java.sql.Array a ? java.util.Arrays.toString((Object[]) a.getArray()) : String.valueOf(o));
        }
        return values;
    }

    /**
     * On the JDBC route a value the proxy cannot encode in binary (a two-dimensional array) fails its statement with
     * an ErrorResponse; the session goes on, where it used to end with FATAL.
     */
    @Test
    void aConversionFailureFailsTheStatementNotTheSession() throws Exception {
        try (Connection c = viaProxy(readonly, "prepareThreshold=-1", "binaryTransfer=true")) {
            try (PreparedStatement ps = c.prepareStatement("SELECT ARRAY[[1, 2], [3, 4]]::int4[]")) {
                SQLException e = assertThrows(SQLException.class, () -> {
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                    }
                });
                assertEquals(PgState.INTERNAL_ERROR.code(), e.getSQLState(), e.getMessage());
            }
            assertTrue(c.isValid(5), "the session goes on");
            try (PreparedStatement ps = c.prepareStatement("SELECT 41 + 1"); ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(42, rs.getInt(1));
            }
        }
    }
}
