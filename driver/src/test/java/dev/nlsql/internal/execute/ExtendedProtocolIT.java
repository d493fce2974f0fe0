package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Guarded SQL reaches PostgreSQL as one Parse message, which the server refuses to hold a second
 * command; a session whose prepared statements would go out as simple queries is refused instead.
 */
class ExtendedProtocolIT {

    @Test
    void aSimpleQueryModeSessionGetsNoGuardedSql() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.passthrough=readonly", "preferQueryMode=simple"));
                Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1"));
            assertEquals("NL003", e.getSQLState());
            assertTrue(e.getMessage().contains("preferQueryMode=simple"), e.getMessage());
        }
    }

    @Test
    void aCommentEndsWhereThePostgresServerEndsIt() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.passthrough=readonly"));
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT 1 /* ; COMMIT */ AS one -- ; COMMIT")) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt("one"));
            }
            // a bare carriage return ends a -- comment for PostgreSQL and pgjdbc: the COMMIT after it is code
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1 AS one --\r; COMMIT"));
            assertEquals("NL003", e.getSQLState());
            assertTrue(e.getMessage().contains("more than one statement"), e.getMessage());
        }
    }
}
