package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.PaintShopDb;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, "NL002 only when the question is about no data at all", through JDBC on a paint shop
 * (cars with a paint and a year column, customers, repairs; nothing called orders or sales). Offline:
 * a general-knowledge question that shares a word with a column is NL002; a question worded about
 * data whose words link nothing is NL005 "cannot build", naming what the database holds, with an
 * example built from this schema that the offline generator does answer. With a model, its refusal
 * (NL002) names this database's tables, never the demo's.
 */
class NotAboutTheDataIT {

    private static final Pattern EXAMPLE = Pattern.compile("\\(e\\.g\\. \"([^\"]+)\"\\)");

    @BeforeAll
    static void load() throws Exception {
        PaintShopDb.url();
    }

    private static Connection offline() throws SQLException {
        return DriverManager.getConnection(PaintShopDb.nlUrl("nlsql.llm=offline", "nlsql.cache=false"));
    }

    @Test
    void aGeneralKnowledgeQuestionSharingAWordWithAColumnIsNotAboutTheDatabase() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            for (String q : new String[] {"Who painted the Night Watch?", "What year did World War II end?"}) {
                SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(q));
                assertEquals("NL002", e.getSQLState(), q + ": " + e.getMessage());
                assertTrue(e.getMessage().startsWith("The question is not about this database: ") && e.getMessage().endsWith(PaintShopDb.HOLDS),
                        e.getMessage());
                assertTrue(s.unwrap(NlStatement.class).lastTrace().attempts().isEmpty(), "no SQL ran");
            }
            assertEquals(3, TestPostgres.single(s.executeQuery("how many cars are there?")), "a question about the data is answered");
        }
    }

    @Test
    void aDataQuestionThatLinksNothingCannotBeBuiltAndShowsWhatCanBeAsked() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("Total sales per year"));
            assertEquals("NL005", e.getSQLState(), e.getMessage());
            String m = e.getMessage();
            assertTrue(m.startsWith("The offline generator cannot build this: it reads as a question about data"), m);
            assertTrue(m.contains("none of its words (sales)") && m.contains(PaintShopDb.HOLDS), m);
            assertFalse(m.contains("orders"), "the demo's tables are no example here: " + m);
            Matcher example = EXAMPLE.matcher(m);
            assertTrue(example.find(), m);
            assertTrue(example.group(1).matches(".*\\b(cars|customers|repairs)\\b.*"), example.group(1));
            s.executeQuery(example.group(1)).close(); // the example is one the offline generator answers
            // a question that links but cannot be read with certainty: the reader's own NL005, with the same example
            SQLException unclear = assertThrows(SQLException.class, () -> s.executeQuery("which cars were repaired by the best mechanic?"));
            assertEquals("NL005", unclear.getSQLState(), unclear.getMessage());
            assertTrue(unclear.getMessage().startsWith("The offline generator cannot answer this with certainty: "), unclear.getMessage());
            assertTrue(unclear.getMessage().contains("(e.g. \"" + example.group(1) + "\")"), unclear.getMessage());
        }
    }

    /** Issue 36: on a schema of singular CamelCase tables the example counts them as a person would ("how many albums"). */
    @Test
    void theExampleIsInTheSchemasOwnWordsAndGrammar() throws Exception {
        String db = "nlsql_i36_example_words";
        String url = TestPostgres.database(db,
                "CREATE TABLE \"Artist\" (\"ArtistId\" int PRIMARY KEY, \"Name\" text)",
                "CREATE TABLE \"Album\" (\"AlbumId\" int PRIMARY KEY, \"Title\" text, \"ArtistId\" int REFERENCES \"Artist\")",
                "CREATE TABLE \"Track\" (\"TrackId\" int PRIMARY KEY, \"Name\" text, \"AlbumId\" int REFERENCES \"Album\")",
                "INSERT INTO \"Artist\" VALUES (1, 'AC/DC')", "INSERT INTO \"Album\" VALUES (1, 'Powerage', 1), (2, 'Back in Black', 1)");
        try (Connection c = DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + url.substring(5), "nlsql.llm=offline",
                "nlsql.cache=false")); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("Total sales per year"));
            assertEquals("NL005", e.getSQLState(), e.getMessage());
            Matcher example = EXAMPLE.matcher(e.getMessage());
            assertTrue(example.find(), e.getMessage());
            assertEquals("how many albums", example.group(1));
            assertEquals(2, TestPostgres.single(s.executeQuery(example.group(1))), "the example is one the offline generator answers");
        } finally {
            TestPostgres.dropDatabase(db);
        }
    }

    /** Every decline's HINT sends the user to EXPLAIN NL: it answers with one row holding the decline's SQLSTATE and reason. */
    @Test
    void explainNlOfADeclinedQuestionIsARowWithTheDeclinesStateAndReason() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            String[][] cases = {{"Who painted the Night Watch?", "NL002"}, {"Total sales per year", "NL005"}};
            for (String[] q : cases) {
                SQLException asked = assertThrows(SQLException.class, () -> s.executeQuery(q[0]));
                try (ResultSet rs = s.executeQuery("EXPLAIN NL " + q[0])) {
                    assertTrue(rs.next(), q[0]);
                    assertEquals(1, rs.getInt("attempt"));
                    assertEquals("declined", rs.getString("outcome"));
                    assertEquals(q[1], rs.getString("category"));
                    assertEquals(asked.getMessage(), rs.getString("error"));
                    assertNull(rs.getString("sql"));
                    assertEquals(q[0], rs.getString("question"));
                    assertFalse(rs.next(), q[0]);
                }
            }
        }
    }

    @Test
    void aModelsRefusalNamesThisDatabaseNotTheDemos() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("{\"answerable\": false, \"reason\": \"The schema has no sales data.\"}"));
                Connection c = llm.connect(PaintShopDb.url()); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("Total sales per year"));
            assertEquals("NL002", e.getSQLState(), e.getMessage());
            assertEquals("The question is not about this database: The schema has no sales data. " + PaintShopDb.HOLDS, e.getMessage());
            assertEquals(1, llm.requestCount());
        }
    }

    /**
     * Issue 36: with a model configured the rules never judge relevance. A question they refuse offline (NL002, above)
     * reaches the model, and its verdict decides: answered when it writes SQL, NL002 with its own reason when it refuses.
     */
    @Test
    void withAModelTheRulesNeverStopAQuestionTheModelJudges() throws Exception {
        String q = "Who painted the Night Watch?";
        try (FakeOpenAi llm = new FakeOpenAi(answer("{\"answerable\": true, \"sql\": \"SELECT count(*) FROM cars\"}"));
                Connection c = llm.connect(PaintShopDb.url()); Statement s = c.createStatement()) {
            assertEquals(3, TestPostgres.single(s.executeQuery(q)), "the model's answer stands");
            assertEquals(1, llm.requestCount());
            assertTrue(llm.userMessage(0).contains(q), llm.userMessage(0));
        }
        try (FakeOpenAi llm = new FakeOpenAi(answer("{\"answerable\": false, \"reason\": \"It asks about a painting.\"}"));
                Connection c = llm.connect(PaintShopDb.url()); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(q));
            assertEquals("NL002", e.getSQLState(), e.getMessage());
            assertEquals("The question is not about this database: It asks about a painting. " + PaintShopDb.HOLDS, e.getMessage());
            assertEquals(1, llm.requestCount());
        }
    }
}
