package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * The relay loop, with real clients and PostgreSQL: which queries it relays (its count is the evidence), how a session
 * goes back to its thread and returns, and what the loop must not break: transaction state, order, cancel, a client
 * that stops reading, asynchronous messages and a session pgjdbc can no longer read.
 */
class RelayLoopIT {

    private PgServer server;

    @BeforeAll
    static void table() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS loop_items");
            s.execute("CREATE TABLE loop_items (id int PRIMARY KEY, name text NOT NULL)");
            s.execute("INSERT INTO loop_items SELECT g, 'item ' || g FROM generate_series(1, 100) g");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS loop_items");
            s.execute("DROP TABLE IF EXISTS loop_tx_table");
        }
    }

    @BeforeEach
    void start() throws IOException {
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline"), 20);
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    /** pgjdbc sending each statement as a simple Query, as psql, psycopg2 and pgbench -M simple do. */
    private Connection simpleClient() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres&preferQueryMode=simple");
    }

    private long relayed() {
        return server.relayLoop().relayedQueries();
    }

    @Test
    void simpleQueriesAfterTheFirstAreRelayedByTheLoop() throws Exception {
        try (Connection c = simpleClient(); Statement s = c.createStatement()) {
            s.execute("SELECT 1"); // the session's thread relays it, then parks the session
            long before = relayed();
            for (int id = 1; id <= 50; id++) {
                try (ResultSet rs = s.executeQuery("SELECT id, name FROM loop_items WHERE id = " + id)) {
                    assertTrue(rs.next());
                    assertEquals(id, rs.getInt(1));
                    assertEquals("item " + id, rs.getString(2));
                    assertFalse(rs.next());
                }
            }
            assertEquals(50, relayed() - before, "every query after the first went through the loop");
            assertEquals(1, server.relayLoop().parkedSessions());
        }
    }

    @Test
    void questionsDdlAndTheExtendedProtocolTakeTheSessionBackAndItReturns() throws Exception {
        try (Connection c = simpleClient(); Statement s = c.createStatement()) {
            s.execute("SELECT 1");
            s.execute("CREATE TEMP TABLE loop_temp (n int)"); // DDL goes through JDBC: the loop hands the session back
            s.execute("INSERT INTO loop_temp VALUES (7)");
            long before = relayed();
            for (int i = 0; i < 10; i++) {
                try (ResultSet rs = s.executeQuery("SELECT n + " + i + " FROM loop_temp")) {
                    assertTrue(rs.next());
                    assertEquals(7 + i, rs.getInt(1));
                }
            }
            assertTrue(relayed() - before >= 8, "back in the loop after the DDL: " + (relayed() - before));
            try (ResultSet rs = s.executeQuery("how many loop items are there?")) { // a question: the thread answers
                assertTrue(rs.next());
                assertEquals(100, rs.getLong(1));
            }
            before = relayed();
            for (int id = 1; id <= 10; id++) {
                try (ResultSet rs = s.executeQuery("SELECT name FROM loop_items WHERE id = " + id)) {
                    assertTrue(rs.next());
                    assertEquals("item " + id, rs.getString(1));
                }
            }
            assertTrue(relayed() - before >= 6, "back in the loop after the question: " + (relayed() - before));
        }
        try (Socket socket = loggedIn()) {
            assertEquals("1", Wire.query(socket, "SELECT 1").values.get(0));
            assertEquals("2", Wire.query(socket, "SELECT 2").values.get(0));
            socket.getOutputStream().write(concat(ExtendedErrorsIT.parse("", "SELECT $1::int + 1"), bind("5"),
                    ExtendedErrorsIT.execute("", 0), ExtendedErrorsIT.SYNC));
            Wire.Reply extended = Wire.read(socket.getInputStream());
            assertEquals(List.of("6"), extended.values, "the extended protocol, answered by the session's thread");
            assertEquals('I', extended.status);
            assertEquals("3", Wire.query(socket, "SELECT 3").values.get(0));
        }
    }

    @Test
    void extendedBatchesOfTheUnnamedStatementAreRelayedByTheLoop() throws Exception {
        // pgjdbc's extended protocol with the unnamed statement every time (prepareThreshold=0), as pgbench -M extended
        String url = "jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres&preferQueryMode=extended&prepareThreshold=0";
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps = c.prepareStatement("SELECT id, name FROM loop_items WHERE id = ?")) {
            ps.setInt(1, 1);
            ps.executeQuery().close(); // the session's thread relays it, then parks the session
            long before = relayed();
            for (int id = 1; id <= 50; id++) {
                ps.setInt(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(id, rs.getInt(1));
                    assertEquals("item " + id, rs.getString(2));
                    assertFalse(rs.next());
                }
            }
            assertEquals(50, relayed() - before, "every batch after the first went through the loop");
            assertEquals(1, server.relayLoop().parkedSessions());
            try (PreparedStatement named = c.prepareStatement("SELECT count(*) FROM loop_items WHERE id <= ?")) {
                named.unwrap(org.postgresql.PGStatement.class).setPrepareThreshold(1); // a named statement: the thread's
                for (int n = 1; n <= 3; n++) {
                    named.setInt(1, n * 10);
                    try (ResultSet rs = named.executeQuery()) {
                        assertTrue(rs.next());
                        assertEquals(n * 10, rs.getLong(1));
                    }
                }
            }
        }
    }

    @Test
    void theUnnamedStatementTheLoopParsedIsBoundAgainOnTheSessionsThread() throws Exception {
        try (Socket socket = loggedIn()) {
            long before = relayed();
            for (int i = 0; i < 5; i++) { // the first batch parks the session, the loop relays the others
                socket.getOutputStream().write(concat(ExtendedErrorsIT.parse("", "SELECT $1::int + 1"), bind(String.valueOf(i)),
                        ExtendedErrorsIT.execute("", 0), ExtendedErrorsIT.SYNC));
                assertEquals(List.of(String.valueOf(i + 1)), Wire.read(socket.getInputStream()).values);
            }
            assertEquals(4, relayed() - before, "batches relayed by the loop");
            // Bind without a Parse: not the loop's shape, so the session's thread takes it, and must know the unnamed
            // statement is the one the loop's last batch parsed on the backend
            socket.getOutputStream().write(concat(bind("41"), ExtendedErrorsIT.execute("", 0), ExtendedErrorsIT.SYNC));
            Wire.Reply again = Wire.read(socket.getInputStream());
            assertEquals(null, again.errorCode, "Bind of the unnamed statement after the loop's batches");
            assertEquals(List.of("42"), again.values);
            assertEquals('I', again.status);
        }
    }

    @Test
    void aMalformedBatchInTheLoopIsAnsweredAsPostgresAnswersIt() throws Exception {
        // the loop reads only names and frame lengths: a Bind that announces a 9-byte value and sends 1 reaches PostgreSQL,
        // whose answer (PostgreSQL itself is the oracle) the client must get as from PostgreSQL directly
        byte[] badBind = msg('B', new byte[] {0, 0, 0, 0, 0, 1, 0, 0, 0, 9, '1', 0, 0});
        byte[] batch = concat(ExtendedErrorsIT.parse("", "SELECT $1::int + 1"), badBind, ExtendedErrorsIT.execute("", 0),
                ExtendedErrorsIT.SYNC);
        Wire.Reply direct;
        try (Socket pg = new Socket("127.0.0.1", 5432)) {
            pg.setSoTimeout(30_000);
            pg.getOutputStream().write(RobustnessIT.startupPacket());
            Wire.read(pg.getInputStream());
            pg.getOutputStream().write(batch);
            direct = Wire.read(pg.getInputStream());
        }
        assertEquals("08P01", direct.errorCode, "PostgreSQL's answer to the malformed Bind");
        try (Socket socket = loggedIn()) {
            for (int i = 0; i < 3; i++) {
                socket.getOutputStream().write(concat(ExtendedErrorsIT.parse("", "SELECT $1::int + 1"), bind(String.valueOf(i)),
                        ExtendedErrorsIT.execute("", 0), ExtendedErrorsIT.SYNC));
                assertEquals(List.of(String.valueOf(i + 1)), Wire.read(socket.getInputStream()).values);
            }
            long before = relayed();
            socket.getOutputStream().write(batch);
            Wire.Reply proxied = Wire.read(socket.getInputStream());
            assertEquals(1, relayed() - before, "the loop relayed the malformed batch");
            assertEquals(direct.errorCode, proxied.errorCode);
            assertEquals(direct.severity, proxied.severity);
        }
    }

    @Test
    void aClientAlternatingSimpleAndExtendedQueriesStaysParked() throws Exception {
        try (Socket socket = loggedIn()) {
            long staysBefore = server.relayLoop().stays();
            for (int i = 0; i < 20; i++) {
                assertEquals(String.valueOf(i), Wire.query(socket, "SELECT " + i).values.get(0));
                socket.getOutputStream().write(concat(ExtendedErrorsIT.parse("", "SELECT $1::int + 1"), bind(String.valueOf(i)),
                        ExtendedErrorsIT.execute("", 0), ExtendedErrorsIT.SYNC));
                assertEquals(List.of(String.valueOf(i + 1)), Wire.read(socket.getInputStream()).values);
            }
            long stays = server.relayLoop().stays() - staysBefore;
            // the first simple query parks the session, and the loop relays the unnamed batches too; a client whose
            // other messages took the session back would still stop parking after a few stays (parkAfter doubles)
            assertTrue(stays >= 1, "the session parked after its first simple query");
            assertTrue(stays <= 2, stays + " stays in the loop for 20 alternations: each would cost a hand-over");
        }
    }

    @Test
    void transactionStateStaysInStepBetweenTheLoopAndTheSession() throws Exception {
        try (Connection c = simpleClient(); Statement s = c.createStatement()) {
            s.execute("SELECT 1");
            AsyncMessagesThroughProxyIT.await(() -> server.relayLoop().parkedSessions() == 1, "the session is parked");
            long before = relayed();
            s.execute("BEGIN"); // the loop
            s.execute("INSERT INTO loop_items VALUES (1000, 'in the transaction')"); // the loop
            assertEquals(2, relayed() - before, "BEGIN and INSERT went through the loop");
            s.execute("CREATE TABLE loop_tx_table (n int)"); // the session's thread, through JDBC, in the same transaction
            assertEquals(2, relayed() - before, "the DDL did not go through the loop");
            s.execute("ROLLBACK"); // the session's thread (back from JDBC) or the loop
        }
        try (Connection direct = TestPostgres.connect(); Statement s = direct.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM loop_items WHERE id = 1000")) {
                rs.next();
                assertEquals(0, rs.getLong(1), "the insert was rolled back");
            }
            try (ResultSet rs = s.executeQuery("SELECT to_regclass('loop_tx_table') IS NULL")) {
                rs.next();
                assertTrue(rs.getBoolean(1), "the DDL ran in the client's transaction and was rolled back with it");
            }
        }
    }

    @Test
    void pipelinedQueriesAreAnsweredInOrder() throws Exception {
        try (Socket socket = loggedIn()) {
            Wire.query(socket, "SELECT 0"); // parks the session
            long before = relayed();
            socket.getOutputStream().write(concat(Wire.q("SELECT 1"), Wire.q("SELECT 2 / 0"), Wire.q("SELECT 3")));
            InputStream in = socket.getInputStream();
            assertEquals(List.of("1"), Wire.read(in).values);
            Wire.Reply failed = Wire.read(in);
            assertEquals("22012", failed.errorCode);
            assertEquals(List.of("3"), Wire.read(in).values);
            assertEquals(3, relayed() - before);
        }
    }

    @Test
    void aClientThatStopsReadingStallsOnlyItself() throws Exception {
        try (Socket slow = loggedIn(); Connection other = simpleClient(); Statement s = other.createStatement();
                Connection direct = TestPostgres.connect()) {
            Wire.query(slow, "SELECT 0");
            s.execute("SELECT 0");
            slow.getOutputStream().write(Wire.q("SELECT g, repeat('x', 2000) FROM generate_series(1, 20000) g /* loop stall */"));
            // evidence the slow client's backend is blocked writing to the proxy, which stopped reading it
            awaitRow(direct, "SELECT 1 FROM pg_stat_activity WHERE wait_event = 'ClientWrite' AND query LIKE '%loop stall%'",
                    "the backend waits for the proxy to read");
            long before = relayed();
            for (int id = 1; id <= 20; id++) {
                try (ResultSet rs = s.executeQuery("SELECT name FROM loop_items WHERE id = " + id)) {
                    assertTrue(rs.next());
                    assertEquals("item " + id, rs.getString(1));
                }
            }
            assertEquals(20, relayed() - before, "the loop served the other session meanwhile");
            Wire.Reply big = Wire.read(slow.getInputStream());
            assertEquals(20_000, big.rows, "every row arrived once the client read");
            assertEquals("20000", big.values.get(2 * 19_999));
            assertEquals('I', big.status);
        }
    }

    @Test
    void cancelStopsAQueryTheLoopRelays() throws Exception {
        try (Connection c = simpleClient(); Statement s = c.createStatement(); Connection direct = TestPostgres.connect()) {
            s.execute("SELECT 1");
            long before = relayed();
            AtomicReference<Exception> cancelFailed = new AtomicReference<>();
            Thread canceller = new Thread(() -> {
                try {
                    awaitRow(direct, "SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'SELECT pg_sleep(30)%'",
                            "the sleep is running");
                    s.cancel();
                } catch (Exception | AssertionError e) {
                    cancelFailed.set(new Exception(e));
                }
            });
            canceller.start();
            long start = System.nanoTime();
            SQLException e = assertThrows(SQLException.class, () -> s.execute("SELECT pg_sleep(30) /* loop cancel */"));
            canceller.join();
            assertEquals(null, cancelFailed.get());
            assertEquals("57014", e.getSQLState());
            assertTrue((System.nanoTime() - start) / 1_000_000 < 20_000);
            assertEquals(1, relayed() - before, "the loop relayed the cancelled query");
            try (ResultSet rs = s.executeQuery("SELECT 3")) {
                rs.next();
                assertEquals(3, rs.getInt(1), "the session goes on");
            }
        }
    }

    @Test
    void aNotificationAndTheBackendsEndReachAParkedClientAtOnce() throws Exception {
        try (Connection c = simpleClient(); Statement s = c.createStatement(); Connection direct = TestPostgres.connect();
                Statement d = direct.createStatement()) {
            s.execute("LISTEN loop_channel"); // through JDBC
            s.execute("SELECT 1"); // parks
            AsyncMessagesThroughProxyIT.await(() -> server.relayLoop().parkedSessions() == 1, "the session is parked");
            d.execute("NOTIFY loop_channel, 'while parked'");
            PGNotification[] got = c.unwrap(PGConnection.class).getNotifications(10_000);
            assertEquals(1, got.length);
            assertEquals("while parked", got[0].getParameter());
        }
        try (Socket socket = loggedIn(); Connection direct = TestPostgres.connect(); Statement d = direct.createStatement()) {
            String pid = Wire.query(socket, "SELECT pg_backend_pid()").values.get(0);
            AsyncMessagesThroughProxyIT.await(() -> server.relayLoop().parkedSessions() == 1, "the session is parked");
            d.execute("SELECT pg_terminate_backend(" + pid + ")");
            Wire.Reply ended = Wire.read(socket.getInputStream()); // nothing was sent: PostgreSQL's FATAL comes by itself
            assertEquals("57P01", ended.errorCode);
            assertEquals("FATAL", ended.severity);
            assertEquals(-1, socket.getInputStream().read(), "then the connection closes");
        }
    }

    @Test
    void aSessionPgjdbcCannotReadAnyMoreEndsAsOnTheSessionsThread() throws Exception {
        try (Socket socket = loggedIn()) {
            Wire.query(socket, "SELECT 1");
            long before = relayed();
            socket.getOutputStream().write(Wire.q("SELECT set_config('client_encoding', 'LATIN1', false)"));
            Wire.Reply ended = Wire.read(socket.getInputStream());
            assertEquals(1, relayed() - before);
            assertEquals("08P01", ended.errorCode);
            assertEquals("FATAL", ended.severity);
            assertEquals(-1, socket.getInputStream().read());
        }
    }

    @Test
    void theReaderFollowsMessagesSplitAnywhere() throws IOException {
        byte[] stream = concat(msg('T', new byte[30]), msg('D', new byte[70_000]), msg('C', cstr("SELECT 1")), msg('N', new byte[12]),
                msg('S', concat(cstr("TimeZone"), cstr("UTC"))), msg('Z', new byte[] {'T'}), msg('A', new byte[9]));
        int readyEnd = stream.length - msg('A', new byte[9]).length;
        for (int split = 0; split <= stream.length; split += split < 40 ? 1 : 997) {
            List<String> seen = new ArrayList<>();
            RelayLoop.BackendReader reader = new RelayLoop.BackendReader((type, body, length) -> {
                seen.add(type + ":" + new String(body, 0, length, StandardCharsets.UTF_8).replace('\0', '|'));
                return type == 'Z';
            });
            int first = reader.feed(stream, 0, split);
            int second = reader.feed(stream, split, stream.length);
            assertEquals(readyEnd, first >= 0 ? first : second, "ReadyForQuery's end, split at " + split);
            assertEquals(List.of("C:SELECT 1|", "S:TimeZone|UTC|", "Z:T"), seen, "split at " + split);
            assertTrue(reader.atBoundary());
        }
        RelayLoop.BackendReader reader = new RelayLoop.BackendReader((type, body, length) -> false);
        assertThrows(IOException.class, () -> reader.feed(msg('G', new byte[3]), 0, 8), "COPY is never the loop's");
    }

    // ---- helpers ----

    private Socket loggedIn() throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(30_000);
        socket.getOutputStream().write(RobustnessIT.startupPacket());
        Wire.read(socket.getInputStream());
        return socket;
    }

    /** Polls a query until it returns a row: the evidence that the server is in the state a test waits for. */
    private static void awaitRow(Connection direct, String sql, String what) throws Exception {
        try (Statement s = direct.createStatement()) {
            AsyncMessagesThroughProxyIT.await(() -> {
                try (ResultSet rs = s.executeQuery(sql)) {
                    return rs.next();
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }, what);
        }
    }

    /** Bind of the unnamed portal to the unnamed statement, one text value, text results. */
    static byte[] bind(String value) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(new byte[] {0, 0, 0, 0}); // unnamed portal and statement, no parameter formats
        b.writeBytes(new byte[] {0, 1});
        byte[] v = value.getBytes(StandardCharsets.UTF_8);
        b.writeBytes(new byte[] {0, 0, 0, (byte) v.length});
        b.writeBytes(v);
        b.writeBytes(new byte[] {0, 0}); // result formats: all text
        return msg('B', b.toByteArray());
    }

    private static byte[] cstr(String s) {
        return (s + "\0").getBytes(StandardCharsets.UTF_8);
    }

    static byte[] msg(char type, byte[] body) {
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        int length = body.length + 4;
        m.write(type);
        m.writeBytes(new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length});
        m.writeBytes(body);
        return m.toByteArray();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    /** A protocol client reduced to what these tests read: values, row count, error, status. */
    static final class Wire {
        static final class Reply {
            /** The messages' types in order, but for those that may come unasked or at login (N, S, K, R). */
            final List<Character> types = new ArrayList<>();
            final List<String> values = new ArrayList<>();
            int rows;
            String errorCode;
            String severity;
            char status;
        }

        static byte[] q(String sql) {
            return msg('Q', cstr(sql));
        }

        static Reply query(Socket socket, String sql) throws IOException {
            socket.getOutputStream().write(q(sql));
            return read(socket.getInputStream());
        }

        /** Reads to ReadyForQuery, or to the end of the connection after a FATAL error. */
        static Reply read(InputStream in) throws IOException {
            DataInputStream d = new DataInputStream(in);
            Reply r = new Reply();
            while (true) {
                int type = d.read();
                if (type < 0) {
                    if (r.severity != null) {
                        return r;
                    }
                    throw new EOFException("closed before ReadyForQuery");
                }
                byte[] body = new byte[d.readInt() - 4];
                d.readFully(body);
                if (type != 'N' && type != 'S' && type != 'K' && type != 'R') {
                    r.types.add((char) type);
                }
                switch (type) {
                    case 'D' -> {
                        r.rows++;
                        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(body);
                        int n = b.getShort();
                        for (int i = 0; i < n; i++) {
                            int len = b.getInt();
                            byte[] v = new byte[Math.max(len, 0)];
                            b.get(v);
                            r.values.add(len < 0 ? null : new String(v, StandardCharsets.UTF_8));
                        }
                    }
                    case 'E' -> {
                        for (String field : new String(body, StandardCharsets.UTF_8).split("\0")) {
                            if (field.startsWith("C")) {
                                r.errorCode = field.substring(1);
                            } else if (field.startsWith("V")) {
                                r.severity = field.substring(1);
                            }
                        }
                        if ("FATAL".equals(r.severity)) {
                            return r;
                        }
                    }
                    case 'Z' -> {
                        r.status = (char) body[0];
                        return r;
                    }
                    default -> {
                    }
                }
            }
        }
    }
}
