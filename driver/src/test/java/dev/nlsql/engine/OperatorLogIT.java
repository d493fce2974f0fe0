package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static dev.nlsql.testing.FakeOpenAi.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.CapturedLog;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The lines an operator reads: one INFO line per question, one DEBUG line per model call, no secret, one catalog read. */
class OperatorLogIT {

    private static final String PASSWORD = "oplog-Secret-pw";

    @BeforeAll
    static void schema() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS oplog_crates");
            s.execute("CREATE TABLE oplog_crates (id int PRIMARY KEY, label text)");
            s.execute("INSERT INTO oplog_crates VALUES (1, 'x'), (2, 'y')");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        TestPostgres.dropTables("oplog_crates");
    }

    private static List<String> lines(String log, String marker) {
        return log.lines().filter(l -> l.contains(marker)).toList();
    }

    @Test
    void anAnsweredQuestionIsOneInfoLineWithTheDatabaseTheQuestionAndItsCost() throws Exception {
        String log;
        // trust authentication: the password is sent nowhere, but it is in the URL a log could print
        try (CapturedLog captured = new CapturedLog();
                Connection c = DriverManager.getConnection(TestPostgres.nlUrl("password=" + PASSWORD, "nlsql.llm=offline",
                        "nlsql.tables=oplog_crates", "nlsql.cache=false"));
                Statement s = c.createStatement(); ResultSet rs = s.executeQuery("how many oplog crates are there?")) {
            assertTrue(rs.next());
            assertEquals(2, rs.getLong(1));
            log = captured.text();
        }
        List<String> info = lines(log, "INFO dev.nlsql.trace");
        assertEquals(1, info.size(), log);
        String line = info.get(0);
        assertTrue(line.contains("db=postgresql://127.0.0.1:5432/test question=\"how many oplog crates are there?\" outcome=answered"
                + " attempts=1 model_calls=0 ms="), line);
        assertTrue(line.contains("| answered by: SELECT"), line);
        assertFalse(log.contains(PASSWORD), "no password in the log: " + log);
    }

    /** A long question with a line break and a tab, not understood offline: cut, escaped, failed, and the catalog read once. */
    @Test
    void aFailedOfflineQuestionIsCutEscapedAndReadsTheCatalogOnce() throws Exception {
        String question = "which crates\n[main] INFO dev.nlsql.trace - FORGED\t " + "zz ".repeat(100);
        String log;
        // an allow-list of its own: a catalog no other test has cached
        try (CapturedLog captured = new CapturedLog();
                Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.llm=offline", "nlsql.tables=oplog_crates,oplog_none",
                        "nlsql.cache=false"));
                Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(question).close());
            assertTrue(e.getSQLState().startsWith("NL"), e.getSQLState() + " " + e.getMessage());
            log = captured.text();
        }
        assertEquals(1, lines(log, "CatalogReader - read ").size(), "the catalog is read once: " + log);
        List<String> info = lines(log, "INFO dev.nlsql.trace");
        assertEquals(1, info.size(), log);
        String line = info.get(0);
        String logged = "which crates\\n[main] INFO dev.nlsql.trace - FORGED\\t " + "zz ".repeat(100);
        int cut = logged.indexOf("zz ") + (200 - question.indexOf("zz "));
        assertTrue(line.contains("question=\"" + logged.substring(0, cut) + "...\" outcome=failed:NL"), line);
        assertFalse(log.lines().anyMatch(l -> l.startsWith("[main] INFO dev.nlsql.trace - FORGED")), "no forged line: " + log);
    }

    /** Each model call is a DEBUG line with the model, tokens, latency and HTTP status; a refused call says its status. */
    @Test
    void eachModelCallIsOneDebugLine() throws Exception {
        String log;
        try (CapturedLog captured = new CapturedLog();
                FakeOpenAi llm = new FakeOpenAi(error(429), answer("SELECT count(*) FROM oplog_crates"));
                Connection c = llm.connect(TestPostgres.url(), "nlsql.tables=oplog_crates");
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("how many crates are there?")) {
                assertTrue(rs.next());
            }
            log = captured.text();
        }
        List<String> calls = lines(log, "DEBUG dev.nlsql.llm - model call");
        assertTrue(calls.stream().anyMatch(l -> l.matches(".*model call failed: model=fake status=429 error=\\w+ ms=\\d+")), log);
        assertTrue(calls.stream().anyMatch(l -> l.matches(".*model call: model=fake status=200 input_tokens=100 output_tokens=20 ms=\\d+")),
                log);
        String info = lines(log, "INFO dev.nlsql.trace").get(0);
        assertTrue(info.contains("outcome=answered") && info.contains("model_calls=" + calls.size()), info + "\n" + log);
        assertFalse(log.contains("test-key"), "no API key in the log");
    }

    /** The database as the INFO line names it: no driver prefix, user, password or parameters, whatever the URL's form. */
    @Test
    void theDatabaseIsNamedWithoutCredentials() {
        assertEquals("postgresql://db.example:5432/shop", TraceLog.databaseName("jdbc:postgresql://db.example:5432/shop?user=app&password=pw"));
        assertEquals("mysql://db.example/shop", TraceLog.databaseName("jdbc:mysql://app:pw@db.example/shop"));
        assertEquals("sqlserver://db.example:1433", TraceLog.databaseName("jdbc:sqlserver://db.example:1433;user=app;password=pw"));
        assertEquals("-", TraceLog.databaseName(null));
    }
}
