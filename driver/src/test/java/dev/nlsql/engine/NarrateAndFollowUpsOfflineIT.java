package dev.nlsql.engine;

import dev.nlsql.testing.ShopDb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlConnection;
import dev.nlsql.jdbc.NlStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** NARRATE NL, follow-ups and RESET NL with the offline generator, through JDBC on a real PostgreSQL. */
class NarrateAndFollowUpsOfflineIT {

    private static Connection connect(String... extra) throws SQLException {
        List<String> params = new ArrayList<>(List.of("nlsql.llm=offline", "nlsql.cache=false"));
        params.addAll(List.of(extra));
        return DriverManager.getConnection(ShopDb.nlUrl(params.toArray(String[]::new)));
    }

    private static Trace trace(Statement s) throws SQLException {
        return s.unwrap(NlStatement.class).lastTrace();
    }

    /** Every row as "a|b|c". */
    private static List<String> rows(ResultSet rs) throws SQLException {
        return dev.nlsql.testing.Rows.lines(rs);
    }

    @Test
    void narrateGivesOneRowWithATemplateSentenceAConfidenceAndTheSql() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("NARRATE NL how many orders in 2024?");
            assertEquals(5, rs.getMetaData().getColumnCount());
            assertEquals("answer", rs.getMetaData().getColumnLabel(1));
            assertEquals("confidence", rs.getMetaData().getColumnLabel(2));
            assertEquals("why", rs.getMetaData().getColumnLabel(3));
            assertEquals("sql", rs.getMetaData().getColumnLabel(4));
            assertEquals("interpretation", rs.getMetaData().getColumnLabel(5));
            assertTrue(rs.next());
            assertEquals("There are 5 orders in 2024.", rs.getString("answer"));
            assertEquals("high", rs.getString("confidence"));
            assertEquals("first attempt", rs.getString("why"));
            assertTrue(rs.getString("sql").startsWith("SELECT COUNT(*)"), rs.getString("sql"));
            assertEquals(trace(s).finalSql(), rs.getString("sql"));
            assertTrue(rs.getString("interpretation").startsWith("Counted the orders (orders), keeping rows where "),
                    rs.getString("interpretation"));
            assertEquals(trace(s).interpretation(), rs.getString("interpretation"));
            assertFalse(rs.next());
            assertTrue(s.getWarnings().getMessage().startsWith("answered by: SELECT COUNT(*)"), s.getWarnings().getMessage());
            assertTrue(s.getWarnings().getMessage().contains("; interpretation: Counted the orders (orders)"), s.getWarnings().getMessage());
        }
    }

    @Test
    void aCountWhoseQuestionHasAVerbIsNarratedAsOneSentence() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            String[][] cases = {
                {"NARRATE NL how many customers are from Germany?", "2 customers are from Germany."},
                {"NARRATE NL how many customers are from France?", "1 customer is from France."},
                {"NARRATE NL how many orders were there in 2023", "There were 3 orders in 2023."},
                {"NARRATE NL how many customers", "There are 3 customers."},
            };
            for (String[] q : cases) {
                ResultSet rs = s.executeQuery(q[0]);
                assertTrue(rs.next(), q[0]);
                assertEquals(q[1], rs.getString("answer"), q[0] + " answered by " + rs.getString("sql"));
            }
        }
    }

    @Test
    void narrationOfRowsCutByMaxRowsSaysTruncatedWithMediumConfidence() throws Exception {
        try (Connection c = connect("nlsql.maxRows=2"); Statement s = c.createStatement()) {
            List<String> row = rows(s.executeQuery("NARRATE NL total amount per customer"));
            assertEquals(1, row.size());
            String[] cols = row.get(0).split("\\|");
            // grouped without ORDER BY: the rows come in no particular order, so none is "the first" (issue 36)
            assertTrue(trace(s).finalSql().contains("GROUP BY") && !trace(s).finalSql().contains("ORDER BY"), trace(s).finalSql());
            assertTrue(cols[0].matches("There are at least 2 rows \\(the row cap was reached; in no particular order\\); among them "
                    + "\\w+ \\(id \\d+, sum amount [0-9.]+\\) and \\w+ \\(id \\d+, sum amount [0-9.]+\\)\\."), cols[0]);
            assertEquals("medium", cols[1]);
            assertEquals("truncated", cols[2]);
        }
        try (Connection c = connect(); Statement s = c.createStatement()) {
            String[] cols = rows(s.executeQuery("NARRATE NL total amount per customer")).get(0).split("\\|");
            assertTrue(cols[0].matches("There are 3 rows: \\w+ \\(id \\d+, sum amount [0-9.]+\\), \\w+ \\(id \\d+, sum amount [0-9.]+\\) and \\w+"
                    + " \\(id \\d+, sum amount [0-9.]+\\)\\."), cols[0]);
            assertEquals("high", cols[1]);
        }
    }

    @Test
    void narrateAnEmptyAnswerIsLowConfidence() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            String[] cols = rows(s.executeQuery("NARRATE NL list the orders in 1999")).get(0).split("\\|");
            assertEquals("No rows answer \"list the orders in 1999\".", cols[0]);
            assertEquals("low", cols[1]);
            assertEquals("empty", cols[2]);
        }
    }

    @Test
    void aFollowUpIsReadAgainstThePreviousQuestion() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertEquals(List.of("2024|5"), rows(s.executeQuery("how many orders per year in 2024")));
            assertNull(trace(s).resolvedQuestion());

            assertEquals(List.of("2023|3"), rows(s.executeQuery("and in 2023?")));
            Trace t = trace(s);
            assertEquals("and in 2023?", t.question());
            assertEquals("how many orders per year in 2023", t.resolvedQuestion());
            String warning = s.getWarnings().getMessage();
            assertTrue(warning.contains("(follow-up read as: \"how many orders per year in 2023\")"), warning);

            // a filter, then another filter in its place
            assertEquals(List.of("2023|2"), rows(s.executeQuery("only for Germany")));
            assertEquals("how many orders per year in 2023 for Germany", trace(s).resolvedQuestion());
            assertEquals(List.of("2023|1"), rows(s.executeQuery("just France")));
            assertEquals("how many orders per year in 2023 for France", trace(s).resolvedQuestion());

            // a question of its own is left alone, and becomes the one follow-ups refer to
            assertEquals(List.of("3"), rows(s.executeQuery("how many customers")));
            assertNull(trace(s).resolvedQuestion());
            assertEquals(3, rows(s.executeQuery("total amount per customer")).size());
            assertEquals(2, rows(s.executeQuery("show the top 2 instead")).size());
            assertEquals("top 2 total amount per customer", trace(s).resolvedQuestion());
        }
    }

    @Test
    void followUpsWorkInExplainAndNarrateAndThroughPreparedStatements() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            rows(s.executeQuery("how many orders in 2024"));
            String[] cols = rows(s.executeQuery("NARRATE NL and in 2023?")).get(0).split("\\|");
            assertEquals("There are 3 orders in 2023.", cols[0]);
            assertEquals("how many orders in 2023", trace(s).resolvedQuestion());
            try (ResultSet explained = s.executeQuery("EXPLAIN NL and in 2022?")) {
                assertTrue(explained.next());
                assertEquals("how many orders in 2022", explained.getString("question"), "EXPLAIN NL shows what the follow-up was read as");
            }
            try (PreparedStatement ps = c.prepareStatement("and in 2024?")) {
                assertEquals(List.of("5"), rows(ps.executeQuery()));
                assertEquals("how many orders in 2024", ps.unwrap(NlStatement.class).lastTrace().resolvedQuestion());
            }
            try (PreparedStatement reset = c.prepareStatement("RESET NL")) {
                assertFalse(reset.execute());
                assertEquals(0, reset.getUpdateCount());
                assertNull(reset.getMetaData());
            }
            assertTrue(c.unwrap(NlConnection.class).conversation().isEmpty());
        }
    }

    /** Issue 26's JDBC bug: an update after a question on the same statement reported -1 and the question's rows. */
    @Test
    void anUpdateAfterAQuestionDescribesItselfNotTheQuestion() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertTrue(s.execute("how many orders in 2024"));
            assertEquals(0, s.executeUpdate("CREATE TEMP TABLE after_question (id serial, a int)"));
            assertEquals(0, s.getUpdateCount());
            assertNull(s.getResultSet(), "the question's rows are gone after an update");

            assertTrue(s.execute("how many orders in 2024"));
            assertFalse(s.execute("INSERT INTO after_question (a) VALUES (1), (2)", Statement.RETURN_GENERATED_KEYS));
            assertEquals(2, s.getUpdateCount());
            assertNull(s.getResultSet());

            assertTrue(s.execute("how many orders in 2024"));
            assertEquals(1, s.executeLargeUpdate("UPDATE after_question SET a = 3 WHERE a = 1", new String[] {"id"}));
            assertEquals(1, s.getLargeUpdateCount());
            assertNull(s.getResultSet());

            assertTrue(s.execute("how many orders in 2024"));
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM after_question")) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
            }
            assertEquals(-1, s.getUpdateCount());
        }
    }

    @Test
    void resetNlForgetsTheConversation() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            rows(s.executeQuery("how many orders per year in 2024"));
            assertFalse(s.execute("RESET NL"));
            assertEquals(0, s.getUpdateCount());
            assertNull(s.getResultSet());
            assertNull(trace(s), "the statement forgets its last question too");
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("and in 2023?"));
            assertEquals("NL005", e.getSQLState(), "after RESET NL a follow-up is a plain question");
            assertNull(trace(s).resolvedQuestion());

            rows(s.executeQuery("how many orders per year in 2024"));
            assertEquals(0, s.executeUpdate("reset nl;"));
            assertEquals("NL006", assertThrows(SQLException.class, () -> s.executeQuery("RESET NL")).getSQLState());
            assertEquals("NL005", assertThrows(SQLException.class, () -> s.executeQuery("and in 2023?")).getSQLState());
        }
    }

    @Test
    void aFailedQuestionLeavesTheConversationAsItWas() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            rows(s.executeQuery("how many orders per year in 2024"));
            assertThrows(SQLException.class, () -> s.executeQuery("what is the meaning of life"));
            assertEquals(List.of("2023|3"), rows(s.executeQuery("and in 2023?")));
        }
    }

    @Test
    void followUpsOffAndOtherConnectionsStandAlone() throws Exception {
        try (Connection c = connect("nlsql.followUps=false"); Statement s = c.createStatement()) {
            rows(s.executeQuery("how many orders per year in 2024"));
            assertEquals("NL005", assertThrows(SQLException.class, () -> s.executeQuery("and in 2023?")).getSQLState());
        }
        try (Connection a = connect(); Connection b = connect(); Statement sa = a.createStatement(); Statement sb = b.createStatement()) {
            rows(sa.executeQuery("how many orders per year in 2024"));
            assertEquals("NL005", assertThrows(SQLException.class, () -> sb.executeQuery("and in 2023?")).getSQLState(),
                    "a conversation belongs to its connection");
            assertEquals(List.of("2023|3"), rows(sa.executeQuery("and in 2023?")));
        }
    }

    /** Issue 36: a follow-up that narrows a grouped question ("just Germany", "only for 2024") is answered as the narrowed question. */
    @Test
    void aFollowUpThatNarrowsAGroupedQuestionIsAnsweredNarrowed() throws Exception {
        String db = "nlsql_i36_narrowing";
        String url = dev.nlsql.testing.TestPostgres.database(db,
                "CREATE TABLE invoices (id int PRIMARY KEY, billing_country text NOT NULL, invoice_date date NOT NULL, total numeric(8,2))",
                "INSERT INTO invoices VALUES (1, 'Germany', '2023-01-05', 10), (2, 'Germany', '2023-03-01', 20), (3, 'France', '2023-04-01', 5),"
                        + " (4, 'Germany', '2024-02-01', 7), (5, 'France', '2024-05-01', 8), (6, 'France', '2024-06-01', 9),"
                        + " (7, 'Brazil', '2023-07-01', 3)");
        try (Connection c = DriverManager.getConnection(dev.nlsql.testing.TestPostgres.withParams("jdbc:nlsql:" + url.substring(5),
                "nlsql.llm=offline", "nlsql.cache=false")); Statement s = c.createStatement()) {
            String grouped = "How many invoices per billing country in 2023";
            assertEquals(List.of("Brazil|1", "France|1", "Germany|2"), sorted(rows(s.executeQuery(grouped))));
            assertEquals(List.of("Germany|2"), rows(s.executeQuery("just Germany")), "Germany's count in 2023");
            assertEquals(grouped + " for Germany", trace(s).resolvedQuestion());
            assertTrue(trace(s).finalSql().contains("billing_country = 'Germany'"), trace(s).finalSql());
            assertEquals(List.of("Germany|1"), rows(s.executeQuery("only for 2024")), "the filter stays, the year changes");
            assertEquals(List.of("France|2"), rows(s.executeQuery("and France?")), "a filter replaces the one a follow-up added");
            s.execute("RESET NL");
            rows(s.executeQuery(grouped)).size();
            assertEquals(List.of("France|2", "Germany|1"), sorted(rows(s.executeQuery("only for 2024"))), "per country for 2024");
            assertEquals("How many invoices per billing country in 2024", trace(s).resolvedQuestion());
        } finally {
            dev.nlsql.testing.TestPostgres.dropDatabase(db);
        }
    }

    private static List<String> sorted(List<String> rows) {
        return rows.stream().sorted().toList();
    }
}
