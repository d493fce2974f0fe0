package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.PaintShopDb;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 24 through the proxy with pgjdbc (offline): the relevance gate's NL002 for a general-knowledge
 * question that shares a word with a column, and NL005 "cannot build" with what the database holds
 * and an example from its own tables for a data question that links nothing, as the error's SQLSTATE
 * and message.
 */
class NotAboutTheDataThroughProxyIT {

    private static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        PaintShopDb.url();
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline", "nlsql.cache", "false"), 10);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void nl002ForGeneralKnowledgeAndNl005WithTheSchemasExampleForUnlinkedData() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/" + PaintShopDb.NAME
                + "?user=postgres"); Statement s = c.createStatement()) {
            SQLException painted = assertThrows(SQLException.class, () -> s.executeQuery("What year did World War II end?"));
            assertEquals("NL002", painted.getSQLState(), painted.getMessage());
            assertTrue(painted.getMessage().contains("not about this database") && painted.getMessage().contains(PaintShopDb.HOLDS),
                    painted.getMessage());
            SQLException sales = assertThrows(SQLException.class, () -> s.executeQuery("Total sales per year"));
            assertEquals("NL005", sales.getSQLState(), sales.getMessage());
            String m = sales.getMessage();
            assertTrue(m.contains("cannot build this") && m.contains(PaintShopDb.HOLDS), m);
            assertTrue(m.matches("(?s).*\\(e\\.g\\. \"how many (cars|customers|repairs)[^\"]*\"\\).*"), m);
            assertFalse(m.contains("orders"), m);
            // the HINT's EXPLAIN NL answers with the decline as a row (issue 36)
            try (var rs = s.executeQuery("EXPLAIN NL Total sales per year")) {
                assertTrue(rs.next());
                assertEquals("declined", rs.getString("outcome"));
                assertEquals("NL005", rs.getString("category"));
                assertTrue(rs.getString("error").startsWith("The offline generator cannot build this"), rs.getString("error"));
                assertFalse(rs.next());
            }
            try (var rs = s.executeQuery("how many cars are there?")) {
                assertTrue(rs.next());
                assertEquals(3, rs.getInt(1), "the same session answers a question about the data");
            }
        }
    }
}
