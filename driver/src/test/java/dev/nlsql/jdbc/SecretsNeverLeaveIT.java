package dev.nlsql.jdbc;

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
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Secrets never leave: a canary password and API key in the LLM's base URL and in JDBC URLs, driven
 * through every path that prints text (errors with their chains, SQLWarnings, traces, EXPLAIN NL
 * rows, the slf4j log), and found in none of them. The real langchain4j client against the scripted
 * server, and a closed port for an unreachable LLM.
 */
class SecretsNeverLeaveIT {

    private static final String CANARY = "Kanarie7s3cr3t";

    @BeforeAll
    static void schema() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS snl_items");
            s.execute("CREATE TABLE snl_items (id int PRIMARY KEY, name text)");
            s.execute("INSERT INTO snl_items VALUES (1, 'bolt'), (2, 'nut')");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        TestPostgres.dropTables("snl_items");
    }

    /** A connection whose LLM base URL carries the canary as userinfo and as secret parameters. */
    private static Connection connect(String baseUrl) throws SQLException {
        return DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + TestPostgres.url().substring(5),
                "nlsql.llm=openai", "nlsql.llm.baseUrl=" + baseUrl, "nlsql.llm.apiKey=test-key", "nlsql.llm.model=fake",
                "nlsql.cache=false", "nlsql.tables=snl_items", "nlsql.llm.timeoutSeconds=5"));
    }

    private static String withCanary(String baseUrl) {
        return baseUrl.replace("http://", "http://app:" + CANARY + "@");
    }

    @Test
    void theCanaryAppearsInNoMessageTraceWarningRowOrLog() throws Exception {
        StringBuilder seen = new StringBuilder();
        String log;
        try (CapturedLog captured = new CapturedLog()) {
            // an LLM that answers, then fails: a success (warnings, EXPLAIN NL) and NL004 from a server error
            try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT name FROM snl_items ORDER BY id"), error(500), error(500));
                    Connection c = connect(withCanary(llm.baseUrl())); Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery("list the item names")) {
                    rows(rs, seen);
                }
                warnings(s.getWarnings(), seen);
                seen.append(s.unwrap(NlStatement.class).lastTrace().summary()).append('\n');
                SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("how many items are there?"));
                assertEquals("NL004", e.getSQLState(), e.getMessage());
                chain(e, seen);
                seen.append(s.unwrap(NlStatement.class).lastTrace().summary()).append('\n');
                explain(s, "how many items are there?", seen);
            }
            // an LLM that cannot be reached, with its secrets as userinfo, as query parameters and as ;k=v parameters
            int closed = FakeOpenAi.closedPort();
            for (String url : new String[] {"http://app:" + CANARY + "@127.0.0.1:" + closed + "/v1",
                    "http://127.0.0.1:" + closed + "/v1?api-key=" + CANARY + "&mode=x",
                    "http://127.0.0.1:" + closed + "/v1?APIKEY=" + CANARY,
                    "http://127.0.0.1:" + closed + "/v1?token=" + CANARY,
                    "http://127.0.0.1:" + closed + "/v1?Secret=" + CANARY,
                    "http://127.0.0.1:" + closed + "/v1?key=" + CANARY,
                    "http://127.0.0.1:" + closed + "/v1;password=" + CANARY}) {
                try (Connection c = connect(url); Statement s = c.createStatement()) {
                    SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("how many items are there?"));
                    assertEquals("NL004", e.getSQLState(), url + ": " + e.getMessage());
                    assertTrue(e.getMessage().contains("127.0.0.1:" + closed), "the server is still named: " + e.getMessage());
                    chain(e, seen);
                    warnings(s.getWarnings(), seen);
                    seen.append(s.unwrap(NlStatement.class).lastTrace().summary()).append('\n');
                    explain(s, "how many items are there?", seen);
                }
            }
            // a database URL for which no driver is found: 08001 names it, without its password
            for (String url : new String[] {"jdbc:nlsql:nosuchdb://app:" + CANARY + "@db.example/x",
                    "jdbc:nlsql:nosuchdb://db.example/x?user=app&password=" + CANARY,
                    "jdbc:nlsql:nosuchdb://db.example;user=app;Password=" + CANARY + ";ssl=true"}) {
                SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url));
                assertEquals("08001", e.getSQLState(), e.getMessage());
                assertTrue(e.getMessage().contains("db.example"), e.getMessage());
                chain(e, seen);
            }
            NlDataSource ds = new NlDataSource();
            ds.setUrl("jdbc:postgresql://db.example/x?password=" + CANARY);
            chain(assertThrows(SQLException.class, ds::getConnection), seen);
            log = captured.text();
        }
        assertTrue(seen.toString().contains("NL004") || seen.toString().contains("unreachable"), seen.toString());
        assertTrue(log.contains("outcome=failed:NL004"), "the log was captured: " + log);
        assertFalse(seen.toString().contains(CANARY), "a secret left the driver:\n" + seen);
        assertFalse(log.contains(CANARY), "a secret reached the log:\n" + log);
    }

    private static void explain(Statement s, String question, StringBuilder seen) {
        try (ResultSet rs = s.executeQuery("EXPLAIN NL " + question)) {
            rows(rs, seen);
        } catch (SQLException e) {
            chain(e, seen);
        }
    }

    private static void rows(ResultSet rs, StringBuilder seen) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        while (rs.next()) {
            for (int i = 1; i <= md.getColumnCount(); i++) {
                seen.append(rs.getString(i)).append(' ');
            }
            seen.append('\n');
        }
    }

    private static void warnings(SQLWarning w, StringBuilder seen) {
        for (; w != null; w = w.getNextWarning()) {
            chain(w, seen);
        }
    }

    /** The message, toString, causes, suppressed and next exceptions of an exception, all of them. */
    static void chain(Throwable top, StringBuilder seen) {
        Set<Throwable> done = Collections.newSetFromMap(new IdentityHashMap<>());
        java.util.ArrayDeque<Throwable> todo = new java.util.ArrayDeque<>();
        todo.add(top);
        while (!todo.isEmpty()) {
            Throwable t = todo.poll();
            if (t == null || !done.add(t)) {
                continue;
            }
            seen.append(t).append('\n').append(t.getLocalizedMessage()).append('\n');
            todo.add(t.getCause() == null ? top : t.getCause());
            Collections.addAll(todo, t.getSuppressed());
            if (t instanceof SQLException sql) {
                todo.add(sql.getNextException() == null ? top : sql.getNextException());
            }
        }
    }
}
