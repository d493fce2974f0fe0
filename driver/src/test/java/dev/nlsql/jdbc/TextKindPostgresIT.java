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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Against the real PostgreSQL: mistyped SQL gets PostgreSQL's own 42601 through nlsql, not a question's NL005, and a
 * question that opens with a statement keyword never reaches PostgreSQL as SQL.
 */
class TextKindPostgresIT {

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(TestPostgres.nlUrl("nlsql.llm=offline"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELEC 1", "FROM track SELECT *", "SELECT * FORM pg_class", "INSERT INTO t VALUS (1)",
            "UPDATE pg_class SE relname = 'x'", "selct relname from pg_class", "COMIT", "DROP TABL t", "CREATE TABLE (id int)"})
    void mistypedSqlGetsPostgresSyntaxError(String text) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.execute(text));
            assertEquals("42601", e.getSQLState(), text + ": " + e.getMessage());
        }
        try (Connection c = connect()) {
            SQLException e = assertThrows(SQLException.class, () -> {
                try (PreparedStatement p = c.prepareStatement(text)) {
                    p.execute();
                }
            });
            assertEquals("42601", e.getSQLState(), text + ": " + e.getMessage());
        }
    }

    @Test
    void selecOneNamesTheTypoLikePostgres() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELEC 1"));
            assertEquals("42601", e.getSQLState());
            assertTrue(e.getMessage().contains("\"SELEC\""), e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT 1 AS me", "SELECT 1 AS my", "SELECT 1 AS you", "SELECT 1::int me"})
    void aliasesAddressedToAPersonAreSql(String text) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(text)) {
            assertTrue(rs.next());
            assertEquals(1, rs.getInt(1));
        }
    }

    @Test
    void parameterCastAliasIsSql() throws SQLException {
        assertEquals(TextKind.SQL, TextKind.of("SELECT $1::int me").kind());
        try (Connection c = connect(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.execute("SELECT $1::int me"));
            // PostgreSQL's own answer (08P01: the bind supplies no parameter for $1), not a question's NL005
            assertTrue(!e.getSQLState().startsWith("NL") && e.getMessage().contains("parameter"), e.getSQLState() + " " + e.getMessage());
        }
        try (Connection c = connect(); PreparedStatement p = c.prepareStatement("SELECT ?::int me")) {
            p.setInt(1, 7);
            try (ResultSet rs = p.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(7, rs.getInt("me"));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"show all placebo treatment id, start and end date, where the treatment started in 2023",
            "show all placebo treatment id, start and end date, where ...", "update me on sales", "delete duplicates?",
            "select the best products for me", "values of orders over 100", "with the most orders, which customer is top?",
            "explain why sales dropped in March", "list all customers"})
    void questionsThatOpenWithAKeywordNeverReachPostgresAsSql(String text) throws SQLException {
        assertEquals(TextKind.QUESTION, TextKind.of(text).kind());
        try (Connection c = connect(); Statement s = c.createStatement()) {
            try {
                s.execute(text); // the offline generator may answer or decline; PostgreSQL must not parse the text
            } catch (SQLException e) {
                assertTrue(e.getSQLState() != null && e.getSQLState().startsWith("NL"),
                        text + " answered by the database: " + e.getSQLState() + " " + e.getMessage());
            }
        }
    }
}
