package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * SQL text under nlsql.passthrough=readonly with a fetch size streams, as pgjdbc streams with one: its rows come through
 * a cursor inside the read-only transaction, which lasts until they are closed and then leaves the connection as it was.
 */
class StreamedGuardedSqlIT {

    private static final String ROWS = "SELECT g FROM generate_series(1, 5000) g";

    private static Connection readonly() throws SQLException {
        return DriverManager.getConnection(TestPostgres.nlUrl("nlsql.passthrough=readonly", "nlsql.llm=none"));
    }

    /** The backend session's state, seen from another connection. */
    private static String backendState(Connection c) throws SQLException {
        int pid = c.unwrap(org.postgresql.PGConnection.class).getBackendPID();
        try (Connection db = TestPostgres.connect(); PreparedStatement s = db.prepareStatement("SELECT state FROM pg_stat_activity WHERE pid = ?")) {
            s.setInt(1, pid);
            try (ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next());
                return rs.getString(1);
            }
        }
    }

    private static void readAll(ResultSet rs, Connection c) throws SQLException {
        int n = 0;
        while (rs.next()) {
            assertEquals(++n, rs.getInt(1));
            if (n == 1) {
                assertEquals("idle in transaction", backendState(c), "the rest waits in a cursor, not in the driver's memory");
            }
        }
        assertEquals(5000, n);
    }

    @Test
    void statementWithAFetchSizeStreamsAndEndsItsTransactionAtClose() throws Exception {
        try (Connection c = readonly(); Statement s = c.createStatement()) {
            s.setFetchSize(100);
            try (ResultSet rs = s.executeQuery(ROWS)) {
                readAll(rs, c);
            }
            assertTrue(c.getAutoCommit());
            assertEquals("idle", backendState(c), "closing the rows ended the read-only transaction");

            assertTrue(s.execute(ROWS));
            ResultSet first = s.getResultSet();
            assertTrue(first.next());
            s.execute("SELECT 1"); // as JDBC: executing again closes the statement's rows, and with them their transaction
            assertTrue(first.isClosed());
            s.getResultSet().close();
            assertEquals("idle", backendState(c));

            SQLException refused = assertThrows(SQLException.class, () -> s.executeQuery("DELETE FROM pg_class"));
            assertEquals("NL003", refused.getSQLState());
            assertTrue(c.getAutoCommit());
        }
    }

    @Test
    void preparedStatementWithAFetchSizeStreams() throws Exception {
        try (Connection c = readonly(); PreparedStatement ps = c.prepareStatement(ROWS)) {
            ps.setFetchSize(100);
            assertTrue(ps.execute());
            readAll(ps.getResultSet(), c);
            try (ResultSet again = ps.executeQuery()) { // the earlier rows' transaction ends first
                readAll(again, c);
            }
            assertEquals("idle", backendState(c));
        }
    }

    @Test
    void withoutAFetchSizeTheRowsAreReadBeforeTheTransactionEnds() throws Exception {
        try (Connection c = readonly(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(ROWS)) {
            assertTrue(rs.next());
            assertEquals("idle", backendState(c));
        }
    }
}
