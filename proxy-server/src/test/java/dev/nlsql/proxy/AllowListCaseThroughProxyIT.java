package dev.nlsql.proxy;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.CaseTwins;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code nlsql.tables=public.customers,sales.*} through the proxy under {@code nlsql.passthrough=readonly}:
 * SQL text and a question's generated SQL that read a table differing only in case ({@link CaseTwins})
 * are refused, and PostgreSQL's lock table shows they never ran.
 */
class AllowListCaseThroughProxyIT {

    private static final String DATABASE = "nlsql_s22_allowcase_proxy";

    private static FakeOpenAi model;
    private static PgServer proxy;

    @BeforeAll
    static void start() throws Exception {
        CaseTwins.create(DATABASE);
        model = new FakeOpenAi();
        Map<String, String> engine = new HashMap<>();
        for (String p : model.params()) {
            engine.put(p.substring(0, p.indexOf('=')), p.substring(p.indexOf('=') + 1));
        }
        engine.put("nlsql.passthrough", "readonly");
        engine.put("nlsql.tables", "public.customers,sales.*");
        engine.put("nlsql.maxAttempts", "1");
        engine.put("nlsql.cache", "false");
        proxy = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.urlOf(DATABASE)), "127.0.0.1", 0, ProxyConfig.Auth.TRUST,
                Users.of(Map.of()), engine, 4, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null).start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        if (model != null) {
            model.close();
        }
        CaseTwins.drop(DATABASE);
    }

    @Test
    void caseTwinsAreRefusedThroughTheProxyAndNeverRun() throws Exception {
        model.then(answer("SELECT employee FROM \"Sales\".payroll"));
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/" + DATABASE
                + "?user=postgres&socketTimeout=60"); Statement s = c.createStatement()) {
            for (String sql : List.of("SELECT name FROM \"CUSTOMERS\"", "SELECT employee FROM \"Sales\".payroll",
                    "SELECT * FROM \"PG_CATALOG\".notes", "NL: what does everyone earn?")) {
                SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(sql).close(), sql);
                assertEquals("NL003", e.getSQLState(), sql + ": " + e.getMessage());
            }
            assertEquals(1, model.requestCount());
            assertTrue(!model.systemMessage(0).contains("Sales") && !model.systemMessage(0).contains("CUSTOMERS"), model.systemMessage(0));
            try (ResultSet rs = s.executeQuery("SELECT name FROM customers ORDER BY id")) {
                assertTrue(rs.next());
                assertEquals("Ada Lovelace", rs.getString(1));
            }
            assertEquals(List.of(), CaseTwins.readIn(DATABASE), "PostgreSQL ran a refused statement");
        }
    }
}
