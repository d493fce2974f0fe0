package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.ErrorCategory;
import dev.nlsql.engine.Attempt.Source;
import dev.nlsql.jdbc.NlStatement;
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
 * Semantic name errors on real PostgreSQL, which gives no hint for them: a name that is a word
 * part of exactly one column in scope, or its synonym, is repaired with no second model call; with
 * two candidates the retry prompt pairs the wrong name with both. A repair never guesses meaning:
 * a candidate of another type or role than the statement's use of the name (a key averaged, a key
 * grouped where a label was meant, text summed) is not run; the model gets the candidates instead.
 */
class NameRepairIT {

    @BeforeAll
    static void tables() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS rep_vote, rep_rating, rep_review, rep_paper");
            s.execute("CREATE TABLE rep_paper (paperid int PRIMARY KEY, title text NOT NULL)");
            s.execute("CREATE TABLE rep_review (reviewid int PRIMARY KEY, paperid int REFERENCES rep_paper, rating int)");
            s.execute("INSERT INTO rep_paper VALUES (1, 'Small models'), (2, 'Name repairs')");
            s.execute("INSERT INTO rep_review VALUES (10, 1, 3), (11, 2, 4), (12, 2, 5)");
            // a vote's rating is a key into rep_rating (whose stars are the rating), its weight a label
            s.execute("CREATE TABLE rep_rating (ratingid int PRIMARY KEY, stars int NOT NULL)");
            s.execute("CREATE TABLE rep_vote (voteid int PRIMARY KEY, paper_id int REFERENCES rep_paper, "
                    + "rating_id int REFERENCES rep_rating, weight_label text)");
            s.execute("INSERT INTO rep_rating VALUES (7, 1), (8, 5)");
            s.execute("INSERT INTO rep_vote VALUES (1, 1, 8, 'heavy'), (2, 1, 8, 'light'), (3, 2, 7, 'light')");
        }
    }

    @AfterAll
    static void drop() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS rep_vote, rep_rating, rep_review, rep_paper");
        }
    }

    private static Connection connect(FakeOpenAi llm) throws SQLException {
        return llm.connect(TestPostgres.url(), "nlsql.tables=rep_paper,rep_review,rep_rating,rep_vote");
    }

    private static Trace trace(Statement s) throws SQLException {
        return s.unwrap(NlStatement.class).lastTrace();
    }

    /** The model was asked again, its retry naming every one of {@code named}, and no repair ran in between. */
    private static void fedBackNotRepaired(FakeOpenAi llm, Statement s, String... named) throws SQLException {
        assertEquals(2, llm.requestCount());
        assertTrue(trace(s).attempts().stream().noneMatch(a -> a.source() == Source.REPAIR), trace(s).attempts().toString());
        for (String n : named) {
            assertTrue(llm.userMessage(1).contains(n), n + " in " + llm.userMessage(1));
        }
    }

    @Test
    void theTablesWordPlusTheNameIsRepairedWithoutASecondCall() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT p.title FROM rep_paper p WHERE p.id = 2"));
                Connection c = connect(llm); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("title of paper 2");
            assertTrue(rs.next());
            assertEquals("Name repairs", rs.getString(1));
            Trace t = trace(s);
            assertEquals(1, llm.requestCount());
            assertEquals(1, t.llmCalls());
            assertEquals(2, t.attempts().size());
            assertEquals(ErrorCategory.COLUMN_NOT_FOUND, t.attempts().get(0).category());
            assertEquals(Source.REPAIR, t.attempts().get(1).source());
            assertTrue(t.finalSql().contains("p.paperid = 2"), t.finalSql());
        }
    }

    @Test
    void aSynonymIsRepairedWithoutASecondCall() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT p.title, avg(r.score) FROM rep_paper p JOIN rep_review r "
                + "ON r.paperid = p.paperid GROUP BY p.title ORDER BY 2 DESC"));
                Connection c = connect(llm); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("average review score per paper");
            assertTrue(rs.next());
            assertEquals("Name repairs", rs.getString(1));
            assertEquals(4.5, rs.getDouble(2), 1e-9);
            Trace t = trace(s);
            assertEquals(1, llm.requestCount());
            assertEquals(Source.REPAIR, t.attempts().get(t.attempts().size() - 1).source());
            assertTrue(t.finalSql().contains("avg(r.rating)"), t.finalSql());
        }
    }

    @Test
    void twoCandidatesAreNamedInTheFeedbackInstead() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT title FROM rep_paper p JOIN rep_review r ON r.paperid = p.paperid WHERE id = 11"),
                answer("SELECT title FROM rep_paper p JOIN rep_review r ON r.paperid = p.paperid WHERE r.reviewid = 11"));
                Connection c = connect(llm); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("title of the paper reviewed in review 11");
            assertTrue(rs.next());
            assertEquals("Name repairs", rs.getString(1));
            fedBackNotRepaired(llm, s, "Column \"id\" does not exist", "rep_paper.paperid", "rep_review.reviewid");
        }
    }

    /**
     * The one column named like "rating" is rating_id, a key: averaged, it would answer 8.0 with confidence. No repair runs;
     * the model, shown rating_id among the candidates, joins to the stars.
     */
    @Test
    void aKeyIsNotAveragedInPlaceOfAMeasure() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT avg(v.rating) FROM rep_vote v WHERE v.paper_id = 1"),
                answer("SELECT avg(r.stars) FROM rep_vote v JOIN rep_rating r ON r.ratingid = v.rating_id WHERE v.paper_id = 1"));
                Connection c = connect(llm); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("average rating of the votes on paper 1");
            assertTrue(rs.next());
            assertEquals(5.0, rs.getDouble(1), 1e-9, "the stars, not the key (8.0)");
            fedBackNotRepaired(llm, s, "Column \"v.rating\" does not exist", "rep_vote.rating_id");
        }
    }

    /** "paper" grouped: the one column with that word is the key paper_id, where the paper (its title) was meant. */
    @Test
    void aKeyIsNotGroupedInPlaceOfALabel() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT v.paper, count(*) FROM rep_vote v GROUP BY v.paper ORDER BY 1"),
                answer("SELECT p.title, count(*) FROM rep_vote v JOIN rep_paper p ON p.paperid = v.paper_id GROUP BY p.title ORDER BY 1"));
                Connection c = connect(llm); Statement s = c.createStatement()) {
            List<String> rows = new ArrayList<>();
            ResultSet rs = s.executeQuery("number of votes per paper");
            while (rs.next()) {
                rows.add(rs.getString(1) + "|" + rs.getInt(2));
            }
            assertEquals(List.of("Name repairs|1", "Small models|2"), rows);
            fedBackNotRepaired(llm, s, "rep_vote.paper_id");
        }
    }

    /** The one column with "weight" in its name is text: a sum of it is not tried (it would fail, or elsewhere add up words). */
    @Test
    void aTextColumnIsNotProposedForASum() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT sum(weight) FROM rep_vote"), answer("SELECT count(*) FROM rep_vote"));
                Connection c = connect(llm); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("total weight of the votes");
            assertTrue(rs.next());
            assertEquals(3, rs.getInt(1));
            assertEquals(2, trace(s).attempts().size(), "the model's two attempts, no repair between: " + trace(s).attempts());
            fedBackNotRepaired(llm, s, "rep_vote.weight_label");
        }
    }
}
