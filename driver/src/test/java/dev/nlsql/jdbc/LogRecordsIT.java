package dev.nlsql.jdbc;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.CapturedLog;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** One log line per record: a model reply with line breaks and terminal escapes cannot forge log lines. */
class LogRecordsIT {

    private static final String FORGED = "[main] WARN dev.nlsql.trace - FORGED all rows deleted";

    @BeforeAll
    static void schema() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS lrt_items");
            s.execute("CREATE TABLE lrt_items (id int PRIMARY KEY, name text)");
            s.execute("INSERT INTO lrt_items VALUES (1, 'bolt')");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        TestPostgres.dropTables("lrt_items");
    }

    @Test
    void aReplyWithLineBreaksIsLoggedOnOneLine() throws Exception {
        String sql = "SELECT name, 'x\r\n" + FORGED + "\n\u001b]52;c;ZXZpbA==\u0007\u2028" + FORGED + "' AS note FROM lrt_items";
        String log;
        try (CapturedLog captured = new CapturedLog();
                FakeOpenAi llm = new FakeOpenAi(answer(sql), answer("SELECT nme,\n'" + FORGED + "' FROM lrt_items"),
                        answer("SELECT name FROM lrt_items"));
                Connection c = llm.connect(TestPostgres.url(), "nlsql.tables=lrt_items", "nlsql.repairs=false");
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("what are the item names?")) {
                assertTrue(rs.next());
            }
            try (ResultSet rs = s.executeQuery("the item names again")) {
                assertTrue(rs.next());
            }
            log = captured.text();
        }
        List<String> lines = log.lines().filter(l -> l.contains("dev.nlsql.trace")).toList();
        assertEquals(2, lines.stream().filter(l -> l.contains("answered by:")).count(), log);
        for (String line : log.lines().toList()) {
            assertFalse(line.startsWith(FORGED) || line.startsWith("' AS note") || line.startsWith("'" + FORGED), "a forged line: " + log);
        }
        assertTrue(log.contains("x\\r\\n" + FORGED + "\\n\\x1b]52;c;ZXZpbA==\\x07\\u2028"), log);
        assertFalse(log.contains("\u001b") || log.contains("\u0007") || log.contains("\u2028"), "no control character is logged");
    }
}
