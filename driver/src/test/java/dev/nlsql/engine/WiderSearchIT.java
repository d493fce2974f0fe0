package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The wider search as its own stage, through the real langchain4j client and PostgreSQL. */
class WiderSearchIT {

    private static String url;

    @BeforeAll
    static void schema() throws SQLException {
        StringBuilder titles = new StringBuilder();
        for (int i = 0; i < 150; i++) { // more distinct titles than a category has: no value list, a pattern instead
            titles.append(i == 0 ? "" : ", ").append("(").append(i + 10).append(", 'Paper number ").append(i).append("', 'Other')");
        }
        url = TestPostgres.database("nlsql_wider",
                "DROP TABLE IF EXISTS ws_papers",
                "CREATE TABLE ws_papers (id int PRIMARY KEY, title text, topic text)",
                "INSERT INTO ws_papers VALUES (1, 'Deep Nets for Tables', 'Machine Learning'), (2, 'Joins at Scale', 'Databases'),"
                        + " (3, 'Attention, Again', 'Machine Learning'), (4, 'O''Brien''s Index', 'Data Science')",
                "INSERT INTO ws_papers VALUES " + titles);
    }

    private static Trace trace(Statement s) throws SQLException {
        return s.unwrap(NlStatement.class).lastTrace();
    }

    @Test
    void aMissedCategoryBecomesItsRealValueWithoutAModelCall() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT id FROM ws_papers WHERE topic = 'machine  learning' ORDER BY id"));
                Connection c = llm.connect(url, "nlsql.tables=ws_papers"); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("which papers are about machine learning?");
            Trace seen = trace(s);
            assertTrue(rs.next(), () -> seen.attempts().toString());
            assertEquals(1, rs.getInt(1));
            assertTrue(rs.next());
            assertEquals(3, rs.getInt(1));
            Trace t = trace(s);
            assertEquals(2, t.attempts().size());
            assertEquals(Attempt.Outcome.EMPTY, t.attempts().get(0).outcome());
            assertEquals(Attempt.Source.WIDER, t.attempts().get(1).source());
            assertTrue(t.finalSql().contains("topic = 'Machine Learning'"), t.finalSql());
            assertEquals(1, llm.requestCount(), "the wider search asks no model");
            assertTrue(s.getWarnings().getMessage().contains("the filter was widened: topic = 'machine  learning' -> topic = 'Machine Learning'"),
                    s.getWarnings().getMessage());
        }
    }

    @Test
    void aColumnWithoutAValueListGetsACaseInsensitivePattern() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT id FROM ws_papers WHERE title = 'deep nets'"));
                Connection c = llm.connect(url, "nlsql.tables=ws_papers"); Statement s = c.createStatement()) {
            assertEquals(1, TestPostgres.single(s.executeQuery("which paper is about deep nets?")));
            assertTrue(trace(s).finalSql().contains("title ILIKE '%deep nets%'"), trace(s).finalSql());
        }
    }

    @Test
    void quotesAndLikeCharactersInTheLiteralStayData() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT id FROM ws_papers WHERE title = 'o''brien''s index%'"));
                Connection c = llm.connect(url, "nlsql.tables=ws_papers"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("which papers are called o'brien's index%?")) {
            assertTrue(!rs.next(), "the % of the literal is matched as a character, not as a wildcard");
            Trace t = trace(s);
            assertEquals(2, t.attempts().size());
            assertTrue(t.attempts().get(1).sql().contains("ILIKE E'%o''brien''s index\\\\%%'"), t.attempts().get(1).sql()); // E'': one backslash
            assertEquals(t.attempts().get(0).sql(), t.finalSql(), "nothing better found: the question's own SQL answers (no rows)");
        }
    }

    @Test
    void aCountOfZeroIsWidenedLikeNoRows() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) AS papers FROM ws_papers WHERE topic = 'machine learning'"));
                Connection c = llm.connect(url, "nlsql.tables=ws_papers"); Statement s = c.createStatement()) {
            assertEquals(2, TestPostgres.single(s.executeQuery("how many machine learning papers are there?")));
            Trace t = trace(s);
            assertEquals(Attempt.Source.WIDER, t.attempts().get(1).source());
            assertTrue(t.finalSql().contains("topic = 'Machine Learning'"), t.finalSql());
        }
    }

    @Test
    void aCountThatStaysZeroKeepsTheQuestionsOwnSqlAndARealCountIsLeftAlone() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM ws_papers WHERE topic = 'machine'"),
                answer("SELECT count(*) FROM ws_papers WHERE topic = 'Databases'"));
                Connection c = llm.connect(url, "nlsql.tables=ws_papers"); Statement s = c.createStatement()) {
            assertEquals(0, TestPostgres.single(s.executeQuery("how many papers are about machines?")));
            Trace t = trace(s);
            assertEquals(1, t.attempts().size(), "'machine' is no topic spelled otherwise: a count of 0 gets no pattern: " + t.attempts());
            assertEquals("SELECT count(*) FROM ws_papers WHERE topic = 'machine'", t.finalSql());
            assertEquals(1, TestPostgres.single(s.executeQuery("how many database papers are there?")));
            assertEquals(1, trace(s).attempts().size(), "a count above zero is an answer");
        }
    }

    @Test
    void widerSearchZeroLeavesTheEmptyAnswer() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT id FROM ws_papers WHERE topic = 'machine learning'"));
                Connection c = llm.connect(url, "nlsql.tables=ws_papers", "nlsql.widerSearch=0"); Statement s = c.createStatement()) {
            assertTrue(!s.executeQuery("which papers are about machine learning?").next());
            assertEquals(1, trace(s).attempts().size());
            assertEquals(0, trace(s).count(Attempt.Source.WIDER));
        }
    }
}
