package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;

/**
 * Simple queries of plain SQL are relayed to PostgreSQL as they are: the client must get exactly
 * PostgreSQL's behaviour (implicit transactions, notices, error fields, transaction status), and
 * the session's JDBC side must stay in step with what was relayed.
 */
class SimpleQueryRelayIT {

    static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS relay_items");
            s.execute("CREATE TABLE relay_items (id int PRIMARY KEY, name text NOT NULL)");
            s.execute("INSERT INTO relay_items VALUES (1, 'first'), (2, 'second'), (3, 'third')");
            s.execute("CREATE OR REPLACE FUNCTION relay_notice() RETURNS int LANGUAGE plpgsql AS "
                    + "$$ BEGIN RAISE NOTICE 'relayed notice'; RETURN 1; END $$");
        }
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline"), 50);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS relay_items");
            s.execute("DROP FUNCTION IF EXISTS relay_notice()");
        }
    }

    /** pgjdbc sending every statement as a simple Query message, as psql, psycopg2 and pgbench -M simple do. */
    private static Connection simpleClient() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres&preferQueryMode=simple");
    }

    private static long rowsWithId(int id) throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM relay_items WHERE id = " + id)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void severalStatementsInOneMessageAreOneImplicitTransaction() throws Exception {
        try (Connection c = simpleClient(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.execute("INSERT INTO relay_items VALUES (10, 'ten'); SELECT 1 / 0"));
            assertEquals("22012", e.getSQLState());
        }
        assertEquals(0, rowsWithId(10), "PostgreSQL rolls back the whole message when a later statement fails");
    }

    @Test
    void serverNoticesReachTheClient() throws Exception {
        try (Connection c = simpleClient(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT relay_notice()")) {
            rs.next();
            assertEquals(1, rs.getInt(1));
            SQLWarning w = s.getWarnings();
            assertNotNull(w, "the server's NOTICE arrives as a warning");
            assertEquals("relayed notice", w.getMessage());
        }
    }

    @Test
    void errorsCarryEveryFieldTheServerSent() throws Exception {
        try (Connection c = simpleClient(); Statement s = c.createStatement()) {
            PSQLException e = assertThrows(PSQLException.class, () -> s.executeQuery("SELECT nam FROM relay_items"));
            assertEquals("42703", e.getSQLState());
            assertNotNull(e.getServerErrorMessage());
            assertEquals(8, e.getServerErrorMessage().getPosition(), "the error position of the server");
            assertNotNull(e.getServerErrorMessage().getHint(), "the server's hint: " + e.getMessage());
            assertNotNull(e.getServerErrorMessage().getRoutine(), "fields pgjdbc's JDBC errors do not carry");
            try (ResultSet rs = s.executeQuery("SELECT name FROM relay_items WHERE id = 2")) {
                rs.next();
                assertEquals("second", rs.getString(1), "the session goes on after the error");
            }
        }
    }

    @Test
    void transactionStatusFollowsRelayedStatements() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(RobustnessIT.startupPacket());
            InputStream in = socket.getInputStream();
            assertEquals('I', readyStatus(in));
            assertEquals('T', query(socket, "BEGIN"));
            assertEquals('T', query(socket, "INSERT INTO relay_items VALUES (11, 'eleven')"));
            assertEquals('E', query(socket, "SELECT 1 / 0"));
            assertEquals('E', query(socket, "SELECT 1"), "in a failed transaction every statement fails until ROLLBACK");
            assertEquals('I', query(socket, "ROLLBACK"));
            assertEquals('T', query(socket, "BEGIN; INSERT INTO relay_items VALUES (12, 'twelve')"));
            assertEquals('I', query(socket, "COMMIT"));
        }
        assertEquals(0, rowsWithId(11));
        assertEquals(1, rowsWithId(12));
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DELETE FROM relay_items WHERE id = 12");
        }
    }

    @Test
    void questionsAndPreparedStatementsStillWorkBetweenRelayedQueries() throws Exception {
        try (Connection c = simpleClient(); Statement s = c.createStatement()) {
            s.execute("BEGIN");
            s.execute("INSERT INTO relay_items VALUES (13, 'thirteen')");
            try (ResultSet rs = s.executeQuery("how many relay items are there?")) {
                rs.next();
                assertEquals(4, rs.getLong(1), "the question runs on the same backend session, inside its transaction");
            }
            s.execute("ROLLBACK");
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM relay_items")) {
                rs.next();
                assertEquals(3, rs.getLong(1));
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres");
                Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("INSERT INTO relay_items VALUES (14, 'fourteen')");
            c.rollback();
            assertEquals(0, rowsWithId(14));
        }
    }

    @Test
    void aLargeResultArrivesWhole() throws Exception {
        try (Connection c = simpleClient(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT g, repeat('x', 100) FROM generate_series(1, 200000) g")) {
            long n = 0;
            long sum = 0;
            while (rs.next()) {
                n++;
                sum += rs.getInt(1);
            }
            assertEquals(200_000, n);
            assertEquals(200_000L * 200_001 / 2, sum);
        }
    }

    @Test
    void cancelStopsARelayedQuery() throws Exception {
        try (Connection c = simpleClient(); Statement s = c.createStatement()) {
            PgjdbcThroughProxyIT.assertCancelStopsAndTheSessionGoesOn(s);
        }
    }

    @Test
    void aBackendThatEndsTheSessionEndsTheClientSession() throws Exception {
        TestPostgres.createDatabaseIfMissing("nlsql_proxy_relay_end");
        try (PgServer own = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.urlOf("nlsql_proxy_relay_end")), "127.0.0.1", 0, ProxyConfig.Auth.TRUST,
                Users.of(Map.of()), Map.of("nlsql.llm", "offline"), 10, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null).start();
                Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + own.port() + "/nlsql_proxy_relay_end?user=postgres&preferQueryMode=simple");
                Statement s = c.createStatement()) {
            s.executeQuery("SELECT 1").close();
            try (Connection admin = TestPostgres.connect(); Statement a = admin.createStatement()) {
                a.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'nlsql_proxy_relay_end'");
            }
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT 2"));
            assertTrue(e.getSQLState() != null && (e.getSQLState().startsWith("08") || e.getSQLState().startsWith("57")),
                    "a connection-class error: " + e.getSQLState() + " " + e.getMessage());
            assertTrue(c.isClosed() || !c.isValid(2), "the session ended as PostgreSQL's would");
            RobustnessIT.assertServes(own, "a new session after the backend ended the old one");
        }
    }

    /** Sends a Query and reads to ReadyForQuery; returns its transaction status. */
    private static char query(Socket socket, String sql) throws IOException {
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        byte[] text = sql.getBytes(StandardCharsets.UTF_8);
        int length = text.length + 5;
        m.write('Q');
        m.writeBytes(new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length});
        m.writeBytes(text);
        m.write(0);
        socket.getOutputStream().write(m.toByteArray());
        return readyStatus(socket.getInputStream());
    }

    private static char readyStatus(InputStream in) throws IOException {
        DataInputStream d = new DataInputStream(in);
        while (true) {
            int type = d.read();
            if (type < 0) {
                throw new IOException("closed before ReadyForQuery");
            }
            byte[] body = new byte[d.readInt() - 4];
            d.readFully(body);
            if (type == 'Z') {
                return (char) body[0];
            }
        }
    }
}
