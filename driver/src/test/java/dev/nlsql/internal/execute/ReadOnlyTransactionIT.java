package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ReadOnlyTransactionIT {

    private Connection connection;

    @BeforeEach
    void setUp() throws SQLException {
        connection = TestPostgres.connect();
        try (Statement s = connection.createStatement()) {
            s.execute("DROP TABLE IF EXISTS nlsql_ro_test");
            s.execute("CREATE TABLE nlsql_ro_test (id int)");
        }
    }

    @AfterEach
    void tearDown() throws SQLException {
        connection.setAutoCommit(true);
        try (Statement s = connection.createStatement()) {
            s.execute("DROP TABLE IF EXISTS nlsql_ro_test");
        }
        connection.close();
    }

    private int rows() throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM nlsql_ro_test")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static int countUnder(ReadOnlyTransaction ro, Statement s) throws SQLException {
        return ro.run(() -> {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM nlsql_ro_test")) {
                rs.next();
                return rs.getInt(1);
            }
        });
    }

    private void write(Statement s) throws SQLException {
        s.executeUpdate("INSERT INTO nlsql_ro_test VALUES (1)");
    }

    @Test
    void writesFailInAutoCommitModeAndTheModeIsRestored() throws SQLException {
        ReadOnlyTransaction ro = new ReadOnlyTransaction(connection, true);
        try (Statement s = connection.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> ro.run(() -> {
                write(s);
                return null;
            }));
            assertEquals("25006", e.getSQLState(), "read_only_sql_transaction");
        }
        assertTrue(connection.getAutoCommit());
        assertEquals(0, rows());
        try (Statement s = connection.createStatement()) {
            write(s);
        }
        assertEquals(1, rows(), "the connection writes normally afterwards");
    }

    @Test
    void insideACallersTransactionAFailureNeitherAbortsItNorLeavesItReadOnly() throws SQLException {
        ReadOnlyTransaction ro = new ReadOnlyTransaction(connection, true);
        connection.setAutoCommit(false);
        try (Statement s = connection.createStatement()) {
            write(s);
            assertEquals("25006", assertThrows(SQLException.class, () -> ro.run(() -> {
                write(s);
                return null;
            })).getSQLState());
            assertEquals("22012", assertThrows(SQLException.class, () -> ro.run(() -> {
                s.executeQuery("SELECT 1 / 0").close();
                return null;
            })).getSQLState());
            assertEquals(1, countUnder(ro, s), "the read-only statement sees the caller's uncommitted row");
            write(s);
            connection.commit();
        }
        assertFalse(connection.getAutoCommit());
        assertEquals(2, rows(), "the caller's transaction went on read-write and committed");
    }

    @Test
    void aTransactionOpenedWithSqlBeginIsNeitherEndedNorLeftReadOnly() throws SQLException {
        ReadOnlyTransaction ro = new ReadOnlyTransaction(connection, true);
        try (Statement s = connection.createStatement()) {
            s.execute("BEGIN"); // auto-commit stays on in JDBC; the server is in a transaction block
            write(s);
            assertEquals("25006", assertThrows(SQLException.class, () -> ro.run(() -> {
                write(s);
                return null;
            })).getSQLState());
            assertEquals(1, countUnder(ro, s), "the read-only statement sees the caller's uncommitted row");
            write(s);
            s.execute("ROLLBACK");
        }
        assertTrue(connection.getAutoCommit());
        assertEquals(0, rows(), "the caller's ROLLBACK undid both rows: the transaction was still the caller's");
    }
}
