package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The knowledge file (nlsql.knowledge) through JDBC, the real langchain4j client and the scripted model server: checked
 * at connect (22023 naming a broken entry), verified questions answered with no model call (equal, or adapted to the
 * question's literals), what the model is told (instructions, the glossary terms the question uses), the file read
 * again when it changes, and a broken change keeping the last good version.
 */
class KnowledgeIT {

    private static final String DB = "nlsql_knowledge";
    private static String url;

    @TempDir
    Path dir;

    @BeforeAll
    static void database() throws SQLException {
        url = TestPostgres.database(DB,
                "DROP TABLE IF EXISTS k_orders", "DROP TABLE IF EXISTS k_customers",
                "CREATE TABLE k_customers (id int PRIMARY KEY, name text, country text, status text)",
                "CREATE TABLE k_orders (id int PRIMARY KEY, customer_id int REFERENCES k_customers, placed_on date, amount numeric(10,2),"
                        + " state text)",
                "INSERT INTO k_customers VALUES (1, 'Ada', 'France', 'active'), (2, 'Bob', 'Germany', 'active'), (3, 'Cy', 'France', 'closed')",
                "INSERT INTO k_orders VALUES (1, 1, '2023-03-01', 100, 'paid'), (2, 1, '2024-05-01', 50, 'paid'),"
                        + " (3, 2, '2024-07-01', 70, 'cancelled'), (4, 2, '2023-11-11', 30, 'paid'), (5, 3, '2024-01-02', 5, 'paid')");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DB);
    }

    private static final String FILE = """
            instructions:
              - Revenue never counts cancelled orders.
            glossary:
              - term: revenue
                synonyms: [sales, turnover]
                sql: SUM(k_orders.amount)
              - term: active customer
                sql: k_customers.status = 'active'
              - term: client
                synonyms: [clients, buyer, patrons]
                means: k_customers
            verified:
              - question: What was the revenue in 2023?
                sql: SELECT SUM(amount) AS revenue FROM k_orders WHERE state <> 'cancelled' AND placed_on >= DATE '2023-01-01' AND placed_on < DATE '2024-01-01'
                by: anna
                at: 2026-11-20
              - question: top 1 customers by revenue
                sql: SELECT c.name, SUM(o.amount) AS revenue FROM k_customers c JOIN k_orders o ON o.customer_id = c.id WHERE o.state <> 'cancelled' GROUP BY c.name ORDER BY revenue DESC LIMIT 1
              - question: how many customers are from France
                sql: SELECT count(*) AS customers FROM k_customers WHERE country = 'France'
            """;

    private Path file(String text) throws Exception {
        Path f = dir.resolve("knowledge.yaml");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    private static List<String> rows(ResultSet rs) throws SQLException {
        return dev.nlsql.testing.Rows.lines(rs);
    }

    @Test
    void aVerifiedQuestionIsAnsweredByItsSqlWithNoModelCall() throws Exception {
        Path f = file(FILE);
        try (FakeOpenAi llm = new FakeOpenAi(); Connection c = llm.connect(url, "nlsql.knowledge=" + f); Statement s = c.createStatement()) {
            assertEquals(List.of("130.00"), rows(s.executeQuery("what was the REVENUE in 2023")));
            Trace trace = s.unwrap(NlStatement.class).lastTrace();
            assertEquals(Attempt.Source.VERIFIED, trace.attempts().get(0).source());
            assertEquals(1, trace.attempts().size());
            assertTrue(s.getWarnings().getMessage().contains("verified question (by anna, 2026-11-20)"), s.getWarnings().getMessage());
            assertEquals(0, llm.requestCount(), "no model call for a verified question");
            try (ResultSet narrated = s.executeQuery("NARRATE NL what was the revenue in 2023?")) {
                assertTrue(narrated.next());
                assertEquals("high", narrated.getString("confidence"));
                assertEquals("verified", narrated.getString("why"));
            }
            try (ResultSet explained = s.executeQuery("EXPLAIN NL What was the revenue in 2023?")) {
                assertTrue(explained.next());
                assertEquals("verified", explained.getString("source"));
            }
        }
    }

    @Test
    void aQuestionThatDiffersOnlyInLiteralsRunsTheAdaptedSql() throws Exception {
        Path f = file(FILE);
        try (FakeOpenAi llm = new FakeOpenAi(); Connection c = llm.connect(url, "nlsql.knowledge=" + f); Statement s = c.createStatement()) {
            // a year: both bounds of the year's range move
            assertEquals(List.of("55.00"), rows(s.executeQuery("What was the revenue in 2024?")));
            Trace trace = s.unwrap(NlStatement.class).lastTrace();
            assertEquals(Attempt.Source.VERIFIED, trace.attempts().get(0).source());
            assertTrue(trace.finalSql().contains("'2024-01-01'") && trace.finalSql().contains("'2025-01-01'"), trace.finalSql());
            assertTrue(s.getWarnings().getMessage().contains("adapted from the verified question \"What was the revenue in 2023?\" (2023 -> 2024)"),
                    s.getWarnings().getMessage());
            // a number: the N of top N
            assertEquals(List.of("Ada|150.00", "Bob|30.00"), rows(s.executeQuery("top 2 customers by revenue")));
            // a value the value index links to the same column
            assertEquals(List.of("1"), rows(s.executeQuery("how many customers are from Germany")));
            assertTrue(s.unwrap(NlStatement.class).lastTrace().finalSql().contains("'Germany'"));
            assertEquals(0, llm.requestCount());
            try (ResultSet narrated = s.executeQuery("NARRATE NL how many customers are from Germany")) {
                assertTrue(narrated.next());
                assertEquals("high", narrated.getString("confidence"));
                assertEquals("verified, adapted", narrated.getString("why"));
            }
        }
    }

    @Test
    void theModelIsToldTheInstructionsAndTheGlossaryTermsTheQuestionUses() throws Exception {
        Path f = file(FILE);
        try (FakeOpenAi llm = new FakeOpenAi(answer("{\"answerable\": true, \"sql\": \"SELECT count(*) FROM k_customers WHERE status = 'active'\"}"));
                Connection c = llm.connect(url, "nlsql.knowledge=" + f); Statement s = c.createStatement()) {
            assertEquals(List.of("2"), rows(s.executeQuery("how many active customers do we have")));
            String prompt = llm.userMessage(0);
            assertTrue(prompt.contains("- Revenue never counts cancelled orders."), prompt);
            assertTrue(prompt.contains("- active customer: the condition k_customers.status = 'active'"), prompt);
            assertFalse(prompt.contains("SUM(k_orders.amount)"), "a term the question does not use stays out: " + prompt);
        }
    }

    @Test
    void theModelSeesTheVerifiedPairsMostLikeTheQuestionAsExamples() throws Exception {
        Path f = file(FILE);
        try (FakeOpenAi llm = new FakeOpenAi(answer("{\"answerable\": true, \"sql\": \"SELECT country, count(*) FROM k_customers GROUP BY 1\"}"));
                Connection c = llm.connect(url, "nlsql.knowledge=" + f); Statement s = c.createStatement()) {
            s.executeQuery("how many customers are there per country").close();
            String prompt = llm.userMessage(0);
            assertTrue(prompt.contains("Verified examples"), prompt);
            assertTrue(prompt.contains("- Question: how many customers are from France\n  SQL: SELECT count(*) AS customers FROM k_customers"
                    + " WHERE country = 'France'"), prompt);
            assertFalse(prompt.contains("What was the revenue in 2023?"), "a pair unlike the question is no example: " + prompt);
        }
    }

    @Test
    void withSendValuesFalseTheFilesSqlReachesTheModelWithoutItsStrings() throws Exception {
        Path f = file(FILE);
        try (FakeOpenAi llm = new FakeOpenAi(answer("{\"answerable\": true, \"sql\": \"SELECT count(*) FROM k_customers\"}"));
                Connection c = llm.connect(url, "nlsql.knowledge=" + f, "nlsql.llm.sendValues=false"); Statement s = c.createStatement()) {
            s.executeQuery("how many active customers do we have").close();
            String prompt = llm.userMessage(0);
            assertTrue(prompt.contains("- active customer: the condition k_customers.status = '…'"), prompt);
            assertFalse(prompt.contains("'active'"), prompt);
        }
    }

    @Test
    void aBrokenFileFailsTheConnectionNamingTheEntry() throws Exception {
        String[][] broken = {
            {FILE.replace("SUM(k_orders.amount)", "SUM(k_orders.amont)"), "glossary entry 1 (\"revenue\")", "amont"},
            {FILE.replace("means: k_customers", "means: k_clients"), "glossary entry 3 (\"client\")", "k_clients"},
            {FILE.replace("FROM k_customers WHERE country", "FROM k_customer WHERE country"), "verified question 3", "k_customer"},
            {FILE.replace("SELECT count(*) AS customers FROM", "DELETE FROM"), "verified question 3", "read-only"},
            {FILE.replace("sql: SUM(k_orders.amount)", "sql: SUM(amount)"), "glossary entry 1", "qualify every column"},
            {FILE.replace("sql: k_customers.status = 'active'", "sql: k_customers.status"), "glossary entry 2", "a measure"},
            {FILE.replace("  - term: client", "  - term: revenue"), "both define 'revenue'", "glossary entry 3"},
            {FILE.replace("synonyms: [sales, turnover]", "synonym: [sales]"), "unknown key 'synonym'", "glossary entry 1"},
            {"instructions: [unclosed", "not valid YAML", ""},
        };
        try (FakeOpenAi llm = new FakeOpenAi()) {
            for (String[] b : broken) {
                Path f = file(b[0]);
                SQLException e = assertThrows(SQLException.class, () -> llm.connect(url, "nlsql.knowledge=" + f).close(), b[1]);
                assertEquals("22023", e.getSQLState(), e.getMessage());
                assertTrue(e.getMessage().contains(b[1]) && e.getMessage().contains(b[2]), e.getMessage());
            }
            Path missing = dir.resolve("nowhere.yaml");
            SQLException e = assertThrows(SQLException.class, () -> llm.connect(url, "nlsql.knowledge=" + missing).close());
            assertEquals("22023", e.getSQLState());
            assertTrue(e.getMessage().contains("cannot be read"), e.getMessage());
        }
    }

    @Test
    void theFileIsReadAgainWhenItChangesAndABrokenChangeKeepsTheLastGoodOne() throws Exception {
        Path f = file(FILE);
        try (FakeOpenAi llm = new FakeOpenAi(answer("{\"answerable\": true, \"sql\": \"SELECT 'model' AS who\"}"));
                Connection c = llm.connect(url, "nlsql.knowledge=" + f); Statement s = c.createStatement()) {
            assertEquals(List.of("model"), rows(s.executeQuery("who answers this")));
            Files.writeString(f, FILE + """
                      - question: who answers this
                        sql: SELECT 'file' AS who
                    """, StandardCharsets.UTF_8);
            Files.setLastModifiedTime(f, FileTime.from(Instant.now().plusSeconds(5))); // a new version even within the clock's grain
            assertEquals(List.of("file"), rows(s.executeQuery("who answers this")), "the new verified pair, with no reconnect");
            assertEquals(1, llm.requestCount());

            Files.writeString(f, FILE.replace("k_orders.amount", "k_orders.nope") + "  - question: x\n    sql: SELECT 1\n", StandardCharsets.UTF_8);
            Files.setLastModifiedTime(f, FileTime.from(Instant.now().plusSeconds(10)));
            assertEquals(List.of("file"), rows(s.executeQuery("who answers this")), "the last version that checked");
            assertTrue(s.getWarnings().getMessage().contains("nope") && s.getWarnings().getMessage().contains("previous version"),
                    s.getWarnings().getMessage());
        }
    }

    @Test
    void anAnswerFoundWithTheFileIsNeverReplayedWithoutIt() throws Exception {
        Path f = file(FILE);
        String base = "jdbc:nlsql:" + url.substring("jdbc:".length());
        try (Connection with = DriverManager.getConnection(TestPostgres.withParams(base, "nlsql.llm=offline", "nlsql.knowledge=" + f));
                Connection without = DriverManager.getConnection(TestPostgres.withParams(base, "nlsql.llm=offline"));
                Statement a = with.createStatement(); Statement b = without.createStatement()) {
            assertEquals(List.of("3"), rows(a.executeQuery("how many patrons are there")), "patrons means k_customers in the file");
            assertEquals(List.of("3"), rows(a.executeQuery("how many patrons are there")));
            assertEquals(Attempt.Source.CACHE, a.unwrap(NlStatement.class).lastTrace().attempts().get(0).source());
            SQLException e = assertThrows(SQLException.class, () -> b.executeQuery("how many patrons are there"));
            assertEquals("NL005", e.getSQLState(), "the cached answer was found with the glossary: " + e.getMessage());
        }
    }

    @Test
    void offlineTheVerifiedQuestionsAnswerToo() throws Exception {
        Path f = file(FILE);
        String nl = TestPostgres.withParams("jdbc:nlsql:" + url.substring("jdbc:".length()), "nlsql.llm=offline", "nlsql.cache=false",
                "nlsql.knowledge=" + f);
        try (Connection c = DriverManager.getConnection(nl); Statement s = c.createStatement()) {
            assertEquals(List.of("Ada|150.00"), rows(s.executeQuery("top 1 customers by revenue")));
            assertNotNull(s.getWarnings());
            assertEquals(Attempt.Source.VERIFIED, s.unwrap(NlStatement.class).lastTrace().attempts().get(0).source());
        }
    }
}
