package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The README's ways of asking from tools that read {@code ?}, {@code :name} or {@code '} themselves, each on PostgreSQL
 * with the offline generator: a question sent through prepareStatement has no parameter markers (a closing {@code ?} is
 * text, and may be left off), {@code NL:} forces a question there too, and an apostrophe, plain or typographic, is part
 * of the question.
 */
class QuestionWorkaroundsIT {

    private static final String TABLE = "quirk_gizmos";

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
            s.execute("CREATE TABLE " + TABLE + " (id serial PRIMARY KEY, name text, color text, price numeric)");
            s.execute("INSERT INTO " + TABLE + " (name, color, price) VALUES ('a', 'red', 1), ('b', 'red', 2), ('c', 'blue', 5)");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(TestPostgres.nlUrl("nlsql.llm=offline", "nlsql.tables=" + TABLE));
    }

    private static String prepared(Connection c, String text) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(text); ResultSet rs = p.executeQuery()) {
            assertTrue(rs.next(), text);
            return rs.getString(1);
        }
    }

    /** Questions through prepareStatement, as tools that prepare everything send them: no parameter to bind. */
    @ParameterizedTest
    @ValueSource(strings = {"how many quirk gizmos are there?", "how many quirk gizmos are there",
            "NL: how many quirk gizmos are there", "NL: how many quirk gizmos are there?", "nl:how many quirk gizmos"})
    void aQuestionPreparedRunsWithNoParameters(String text) throws SQLException {
        assertEquals(TextKind.QUESTION, TextKind.of(text).kind(), text);
        try (Connection c = connect()) {
            assertEquals("3", prepared(c, text));
        }
    }

    @Test
    void theQuestionMarkOfAQuestionIsNoParameterMarker() throws SQLException {
        try (Connection c = connect(); PreparedStatement p = c.prepareStatement("how many quirk gizmos are there?")) {
            SQLException e = assertThrows(SQLException.class, () -> p.setString(1, "x"));
            assertEquals("NL006", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("Questions take no parameters"), e.getMessage());
        }
    }

    /** A plain apostrophe is part of the question, through createStatement and prepareStatement. */
    @ParameterizedTest
    @ValueSource(strings = {"what's the total price of red quirk gizmos?", "NL: what's the total price of red quirk gizmos"})
    void aQuestionWithAnApostrophe(String text) throws SQLException {
        assertEquals(TextKind.QUESTION, TextKind.of(text).kind(), text);
        try (Connection c = connect()) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(text)) {
                assertTrue(rs.next());
                assertEquals(0, new BigDecimal("3").compareTo(rs.getBigDecimal(1)), text);
            }
            assertEquals(0, new BigDecimal("3").compareTo(new BigDecimal(prepared(c, text))), text);
        }
    }

    /** A typographic apostrophe (’), for tools that pair plain ones (sqlline): the offline generator reads it as one. */
    @ParameterizedTest
    @ValueSource(strings = {"what\u2019s the total price of red quirk gizmos?", "NL: what\u2019s the total price of red quirk gizmos"})
    void aQuestionWithATypographicApostrophe(String text) throws SQLException {
        assertEquals(TextKind.QUESTION, TextKind.of(text).kind(), text);
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(text)) {
            assertTrue(rs.next());
            assertEquals(0, new BigDecimal("3").compareTo(rs.getBigDecimal(1)), text);
        }
    }
}
