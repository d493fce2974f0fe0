package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** NARRATE NL, follow-ups and RESET NL through the proxy, with pgjdbc and psql: one conversation per client session. */
class NarrateAndFollowUpsThroughProxyIT {

    private static final String DB = "nlsql_narrate16_proxy";
    private static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        dev.nlsql.testing.ShopDb.url(DB);
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline", "nlsql.cache", "false"), 20);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static Connection connect(String... params) throws SQLException {
        return DriverManager.getConnection(TestPostgres.withParams("jdbc:postgresql://127.0.0.1:" + server.port() + "/" + DB + "?user=postgres",
                params));
    }

    private static List<String> rows(ResultSet rs) throws SQLException {
        return dev.nlsql.testing.Rows.lines(rs);
    }

    private static String warnings(Statement s) throws SQLException {
        StringBuilder b = new StringBuilder();
        for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
            b.append(w.getMessage()).append('\n');
        }
        return b.toString();
    }

    @Test
    void pgjdbcFollowsUpNarratesAndResetsInItsOwnSession() throws Exception {
        for (String mode : List.of("extended", "simple")) {
            try (Connection c = connect("preferQueryMode=" + mode); Connection other = connect(); Statement s = c.createStatement();
                    Statement o = other.createStatement()) {
                assertEquals(List.of("2024|5"), rows(s.executeQuery("how many orders per year in 2024")), mode);
                assertEquals(List.of("2023|3"), rows(s.executeQuery("and in 2023?")), mode);
                assertTrue(warnings(s).contains("follow-up read as: \"how many orders per year in 2023\""), warnings(s));
                SQLException alone = assertThrows(SQLException.class, () -> o.executeQuery("and in 2023?"));
                assertEquals("NL005", alone.getSQLState(), "another session has its own conversation");

                ResultSet rs = s.executeQuery("NARRATE NL only for Germany");
                assertEquals("answer", rs.getMetaData().getColumnLabel(1));
                assertEquals("sql", rs.getMetaData().getColumnLabel(4));
                assertTrue(rs.next());
                assertEquals("There is one row: year 2023, count 2.", rs.getString("answer"));
                assertEquals("high", rs.getString("confidence"), rs.getString("interpretation"));
                assertTrue(rs.getString("sql").contains("'Germany'"), rs.getString("sql"));
                assertEquals("interpretation", rs.getMetaData().getColumnLabel(5));
                assertTrue(rs.getString("interpretation").contains("customer's country (customers.country) is 'Germany'")
                        && rs.getString("interpretation").contains(" Read the follow-up as \""), rs.getString("interpretation"));

                assertFalse(s.execute("RESET NL"), mode);
                assertEquals(0, s.getUpdateCount(), mode);
                SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("and in 2023?"));
                assertEquals("NL005", e.getSQLState(), mode + ": after RESET NL a follow-up is a plain question");
            }
        }
    }

    @Test
    void psqlKeepsOneConversationPerSession() throws Exception {
        List<String> cmd = List.of("psql", "-X", "-At", "-h", "127.0.0.1", "-p", String.valueOf(server.port()), "-U", "postgres", "-d", DB,
                "-c", "how many orders per year in 2024", "-c", "and in 2023?", "-c", "NARRATE NL just France", "-c", "RESET NL");
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("PGCONNECT_TIMEOUT", "10");
        Process p = pb.start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "psql finished");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), err);
        assertEquals(List.of("2024|5", "2023|3", "There is one row: year 2023, count 1.|high|first attempt|"
                + "SELECT EXTRACT(YEAR FROM orders.ordered_at)::int AS year, COUNT(*) AS count FROM orders JOIN customers ON "
                + "orders.customer_id = customers.id WHERE customers.country = 'France' AND orders.ordered_at >= DATE '2023-01-01' "
                + "AND orders.ordered_at < DATE '2024-01-01' GROUP BY EXTRACT(YEAR FROM orders.ordered_at)::int ORDER BY 1|"
                + "For each year of order's ordered at (orders.ordered_at), counted the orders (orders), keeping rows where customer's country "
                + "(customers.country) is 'France' and order's ordered at (orders.ordered_at) is on or after 2023-01-01 and order's "
                + "ordered at (orders.ordered_at) is before 2024-01-01. Joined orders.customer_id = customers.id. Sorted by the year of "
                + "order's ordered at (orders.ordered_at). "
                + "Read the follow-up as \"how many orders per year in 2023 for France\".", "RESET"),
                out.strip().lines().toList(), out);
        assertTrue(err.contains("(follow-up read as: \"how many orders per year in 2023\")"), err);
        assertTrue(err.contains("(follow-up read as: \"how many orders per year in 2023 for France\")"), err);
    }
}
