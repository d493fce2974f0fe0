package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A client that reads a query in batches (Execute with a row limit) gets rows as PostgreSQL produces them: the rows
 * before an error arrive, and the session's transactions are what the client made them, directly and through the proxy.
 */
class StreamedPortalsIT {

    private static final String FAILS_AT_5000 = "SELECT 1 / (g - 5000) AS x FROM generate_series(1, 10000) g";
    private static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline"), 10);
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS streamed_marks");
            s.execute("CREATE TABLE streamed_marks (n int)");
        }
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS streamed_marks");
        }
    }

    private static Connection proxied() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres");
    }

    /** Rows read through a cursor of 100-row batches (pgjdbc's fetch size, inside the client's transaction). */
    private static int rowsBeforeError(Connection c) throws SQLException {
        c.setAutoCommit(false);
        int rows = 0;
        try (Statement s = c.createStatement()) {
            s.setFetchSize(100);
            SQLException e = null;
            try (ResultSet rs = s.executeQuery(FAILS_AT_5000)) {
                while (rs.next()) {
                    rows++;
                }
            } catch (SQLException failed) {
                e = failed;
            }
            assertTrue(e != null && "22012".equals(e.getSQLState()), "division by zero, not " + e);
        } finally {
            c.rollback();
            c.setAutoCommit(true);
        }
        return rows;
    }

    @Test
    void rowsBeforeAnErrorArriveAsDirectly() throws Exception {
        int direct;
        try (Connection c = TestPostgres.connect()) {
            direct = rowsBeforeError(c);
        }
        try (Connection c = proxied()) {
            assertEquals(direct, rowsBeforeError(c), "rows before the error, through the proxy as directly");
            assertTrue(direct >= 4900 && direct < 5000, "pgjdbc's batches: " + direct);
        }
    }

    @Test
    void aBatchedReadLeavesTheClientsTransactionsAlone() throws Exception {
        try (Connection c = proxied(); Statement s = c.createStatement()) {
            // inside the client's own transaction: the block goes on after the batched read
            c.setAutoCommit(false);
            s.execute("INSERT INTO streamed_marks VALUES (1)");
            s.setFetchSize(10);
            try (ResultSet rs = s.executeQuery("SELECT g FROM generate_series(1, 95) g")) {
                int n = 0;
                while (rs.next()) {
                    assertEquals(++n, rs.getInt(1));
                }
                assertEquals(95, n);
            }
            s.execute("INSERT INTO streamed_marks VALUES (2)");
            c.rollback();
            c.setAutoCommit(true);
            assertEquals(0, count(), "the client's rollback took back both inserts");

            // auto-commit again: each statement commits on its own, as directly
            s.execute("INSERT INTO streamed_marks VALUES (3)");
            assertEquals(1, count(), "an auto-committed insert after the batched read");
            SQLException gone = assertThrows(SQLException.class, () -> s.execute("SELECT 1/0"));
            assertEquals("22012", gone.getSQLState());
            assertEquals(1, count());
        }
    }

    private static int count() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM streamed_marks")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
