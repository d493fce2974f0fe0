package dev.nlsql.jdbc;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static dev.nlsql.testing.FakeOpenAi.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * README: "A 429 or 5xx reply of the LLM server is tried again twice, with back-off, within the same attempt; a third
 * one ends the question with NL004." Counted in HTTP requests the scripted server received.
 */
class LlmRateLimitIT {

    private static final String SQL = "SELECT count(*) FROM clm_rl_items";

    @BeforeAll
    static void schema() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS clm_rl_items");
            s.execute("CREATE TABLE clm_rl_items (id int PRIMARY KEY)");
            s.execute("INSERT INTO clm_rl_items VALUES (1), (2), (3)");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        TestPostgres.dropTables("clm_rl_items");
    }

    private static Connection connect(FakeOpenAi llm) throws SQLException {
        return llm.connect(TestPostgres.url(), "nlsql.tables=clm_rl_items");
    }


    @Test
    void a429IsTriedAgainWithinTheSameAttempt() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(error(429), answer(SQL)); Connection c = connect(llm); Statement s = c.createStatement()) {
            assertEquals(3, TestPostgres.single(s.executeQuery("how many items?")));
            assertEquals(2, llm.requestCount());
            assertTrue(s.getWarnings().getMessage().contains(" after 1 attempt; interpretation: "), s.getWarnings().getMessage());
        }
    }

    @Test
    void twoRetriesAreAllowed() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(error(429), error(429), answer(SQL)); Connection c = connect(llm);
                Statement s = c.createStatement()) {
            assertEquals(3, TestPostgres.single(s.executeQuery("how many items?")));
            assertEquals(3, llm.requestCount());
        }
    }

    @Test
    void aServerThatKeepsAnswering429FailsWithNl004AfterThreeRequests() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(error(429), error(429), error(429), error(429), answer(SQL)); Connection c = connect(llm);
                Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("how many items?"));
            assertEquals("NL004", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("kept failing"), e.getMessage());
            assertEquals(3, llm.requestCount(), "one request and two retries, no more");
        }
    }
}
