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
 * two candidates the retry prompt pairs the wrong name with both.
 */
class NameRepairTest {

    @BeforeAll
    static void tables() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS rep_review, rep_paper");
            s.execute("CREATE TABLE rep_paper (paperid int PRIMARY KEY, title text NOT NULL)");
            s.execute("CREATE TABLE rep_review (reviewid int PRIMARY KEY, paperid int REFERENCES rep_paper, rating int)");
            s.execute("INSERT INTO rep_paper VALUES (1, 'Small models'), (2, 'Name repairs')");
            s.execute("INSERT INTO rep_review VALUES (10, 1, 3), (11, 2, 4), (12, 2, 5)");
        }
    }

    @AfterAll
    static void drop() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS rep_review, rep_paper");
        }
    }

    private static Connection connect(FakeOpenAi llm) throws SQLException {
        return llm.connect(TestPostgres.url(), "nlsql.tables=rep_paper,rep_review");
    }

    private static Trace trace(Statement s) throws SQLException {
        return s.unwrap(NlStatement.class).lastTrace();
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
            assertEquals(2, llm.requestCount());
            String retry = llm.userMessage(1);
            assertTrue(retry.contains("Column \"id\" does not exist"), retry);
            assertTrue(retry.contains("rep_paper.paperid") && retry.contains("rep_review.reviewid"), retry);
            Trace t = trace(s);
            assertTrue(t.attempts().stream().noneMatch(a -> a.source() == Source.REPAIR), t.attempts().toString());
        }
    }
}
