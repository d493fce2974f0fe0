package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.TestPostgres;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The offline generator with attached sources: one source's question as on that source alone; two sources' question NL005. */
class OfflineSourcesIT {

    private static final String MAIN_DB = "nlsql_offsrc_main";
    private static final String ACC_DB = "nlsql_offsrc_acc";
    private static String mainUrl;
    private static String accUrl;

    @BeforeAll
    static void databases() throws SQLException {
        mainUrl = TestPostgres.database(MAIN_DB,
                "DROP TABLE IF EXISTS customers",
                "CREATE TABLE customers (id int PRIMARY KEY, name text, city text)",
                "INSERT INTO customers VALUES (1, 'Ada', 'Paris'), (2, 'Bob', 'Rome'), (3, 'Cy', 'Oslo')");
        accUrl = TestPostgres.database(ACC_DB,
                "DROP TABLE IF EXISTS accounts",
                "CREATE TABLE accounts (id int PRIMARY KEY, customer_id int, balance numeric(12,2), status text)",
                "INSERT INTO accounts VALUES (10, 1, 100.50, 'open'), (11, 1, 50, 'closed'), (12, 2, 300, 'open'), (13, 3, 20, 'open'),"
                        + " (14, 3, 5, 'open')");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(MAIN_DB);
        TestPostgres.dropDatabase(ACC_DB);
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + mainUrl.substring(5), "nlsql.llm=offline",
                "nlsql.cache=false", "nlsql.source.acc=" + URLEncoder.encode(accUrl, StandardCharsets.UTF_8)));
    }

    @Test
    void aQuestionAboutOneAttachedSourceIsAnsweredThereAsOnItsOwn() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertEquals(5, TestPostgres.single(s.executeQuery("how many accounts are there?")));
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            assertEquals(List.of("acc"), t.sources());
            assertEquals("acc", t.attempts().get(t.attempts().size() - 1).database());
            assertEquals(3, TestPostgres.single(s.executeQuery("how many customers are there?")));
            assertEquals(List.of("main"), s.unwrap(NlStatement.class).lastTrace().sources());
        }
        // the same questions on each database alone give the same answers
        try (Connection c = DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + accUrl.substring(5), "nlsql.llm=offline",
                "nlsql.cache=false")); Statement s = c.createStatement()) {
            assertEquals(5, TestPostgres.single(s.executeQuery("how many accounts are there?")));
        }
    }

    @Test
    void aQuestionThatNeedsTwoSourcesIsNotAnsweredFromOne() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("total account balance of customers in Paris"));
            assertEquals("NL005", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("two sources") && e.getMessage().contains("acc") && e.getMessage().contains("main"),
                    e.getMessage());
        }
    }

    @Test
    void aQuestionAboutNothingTheSourcesHoldNamesThemAll() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("what is the weather in Lisbon tomorrow?"));
            assertEquals("NL002", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("customers") && e.getMessage().contains("Source acc holds: accounts"), e.getMessage());
        }
    }

    /** Issue 36: offline, a question the reachable databases cannot answer while a source is down is 08001 naming it, not NL005/NL002. */
    @Test
    void aQuestionNotAnsweredWhileASourceIsDownNamesTheSource() throws Exception {
        String down = "jdbc:postgresql://127.0.0.1:" + dev.nlsql.testing.FakeOpenAi.closedPort() + "/nowhere?user=postgres&connectTimeout=2";
        try (Connection c = DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + mainUrl.substring(5), "nlsql.llm=offline",
                "nlsql.cache=false", "nlsql.source.acc=" + URLEncoder.encode(down, StandardCharsets.UTF_8)));
                Statement s = c.createStatement()) {
            assertEquals(3, TestPostgres.single(s.executeQuery("how many customers are there?")), "main still answers");
            for (String q : new String[] {"how many accounts are there?", "total balance of open accounts", "what is the weather in Lisbon?"}) {
                SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(q));
                assertEquals("08001", e.getSQLState(), q + ": " + e.getMessage());
                assertTrue(e.getMessage().startsWith("Source acc") && e.getMessage().contains("cannot be reached"), e.getMessage());
            }
            try (ResultSet rs = s.executeQuery("EXPLAIN NL how many accounts are there?")) {
                assertTrue(rs.next());
                assertEquals("declined", rs.getString("outcome"));
                assertEquals("08001", rs.getString("category"));
            }
        }
    }
}
