package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.execute.LocalCopy;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The fallback analysis: spent attempts, a capped local copy in H2, the answer computed there, guarded. */
class FallbackAnalysisTest {

    private static final String FAILS_ON_POSTGRES = "SELECT median(price) FROM fb_items"; // PostgreSQL has no median()
    private static String url;

    @BeforeAll
    static void schema() throws SQLException {
        url = TestPostgres.database("nlsql_fallback",
                "DROP TABLE IF EXISTS fb_items",
                "CREATE TABLE fb_items (id int PRIMARY KEY, name text, price numeric(8,2))",
                "INSERT INTO fb_items VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3), (4, 'd', 10), (5, 'e', 20)");
    }

    private static Trace trace(Statement s) throws SQLException {
        return s.unwrap(NlStatement.class).lastTrace();
    }

    @Test
    void spentAttemptsEndInALocalAnalysisThatAnswers() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(FAILS_ON_POSTGRES), answer("SELECT median(price) AS m FROM fb_items"),
                answer("SELECT MEDIAN(price) FROM fb_items"));
                Connection c = llm.connect(url, "nlsql.tables=fb_items", "nlsql.maxAttempts=2"); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("what is the median price?")) {
                assertTrue(rs.next());
                assertEquals(0, new BigDecimal("3").compareTo(rs.getBigDecimal(1)));
            }
            Trace t = trace(s);
            assertTrue(t.success());
            assertEquals(2, t.count(Attempt.Source.FALLBACK), "the fetch and the analysis: " + t.attempts());
            assertEquals("SELECT * FROM fb_items", t.attempts().get(2).sql());
            assertEquals(3, llm.requestCount());
            assertTrue(s.getWarnings().getMessage().contains("answered by the fallback analysis on a local copy of [fb_items]"),
                    s.getWarnings().getMessage());
        }
    }

    @Test
    void theCopyHoldsAtMostFallbackRowsAndTheAnswerSaysSo() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(FAILS_ON_POSTGRES), answer("SELECT count(*) FROM fb_items"));
                Connection c = llm.connect(url, "nlsql.tables=fb_items", "nlsql.maxAttempts=1", "nlsql.fallbackRows=3");
                Statement s = c.createStatement()) {
            assertEquals(3, TestPostgres.single(s.executeQuery("how many items are there?")));
            assertTrue(s.getWarnings().getMessage().contains("only the first 3 rows of [fb_items] were copied"), s.getWarnings().getMessage());
        }
    }

    @Test
    void hostileAnalysisSqlIsRefusedAndThereIsNoSecondFallback() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(FAILS_ON_POSTGRES), answer("SELECT FILE_READ('/etc/hostname') FROM fb_items"),
                answer("SELECT 1"));
                Connection c = llm.connect(url, "nlsql.tables=fb_items", "nlsql.maxAttempts=1"); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("what is the median price?"));
            assertEquals("NL001", e.getSQLState(), e.getMessage());
            Trace t = trace(s);
            Attempt last = t.attempts().get(t.attempts().size() - 1);
            assertEquals(Attempt.Source.FALLBACK, last.source());
            assertEquals(Attempt.Outcome.REJECTED, last.outcome());
            assertTrue(last.error().contains("denied function: FILE_READ"), last.error());
            assertEquals(2, llm.requestCount(), "one fallback, never a loop");
        }
    }

    @Test
    void fallbackRowsZeroTurnsItOff() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(FAILS_ON_POSTGRES), answer("SELECT MEDIAN(price) FROM fb_items"));
                Connection c = llm.connect(url, "nlsql.tables=fb_items", "nlsql.maxAttempts=1", "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            assertEquals("NL001", assertThrows(SQLException.class, () -> s.executeQuery("what is the median price?")).getSQLState());
            assertEquals(0, trace(s).count(Attempt.Source.FALLBACK));
            assertEquals(1, llm.requestCount());
        }
    }

    /** The second wall: the analysis's user may not reach files or other databases even if the guard let a call through. */
    @Test
    void theLocalReaderHasNoFileOrLinkRights() throws Exception {
        try (LocalCopy copy = LocalCopy.create(1000); Statement s = copy.reader().createStatement()) {
            for (String sql : new String[] {"SELECT FILE_READ('/etc/hostname')", "SELECT * FROM CSVREAD('/etc/passwd')",
                "CALL CSVWRITE('/tmp/nlsql-fallback-probe.csv', 'SELECT 1')",
                "CREATE ALIAS nlsql_probe FOR 'java.lang.System.getProperty'",
                "CREATE TABLE probe (i int)"}) {
                SQLException e = assertThrows(SQLException.class, () -> s.execute(sql), sql);
                assertTrue(e.getErrorCode() == 90040 || e.getErrorCode() == 90096,
                        sql + " -> " + e.getErrorCode() + " " + e.getMessage());
            }
            assertTrue(!java.nio.file.Files.exists(java.nio.file.Path.of("/tmp/nlsql-fallback-probe.csv")));
        }
    }
}
