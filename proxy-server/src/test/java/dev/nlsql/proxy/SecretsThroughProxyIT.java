package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * The ErrorResponse a client receives when the LLM cannot be reached names the server, never the
 * password or API key in its base URL: the driver masks at the source, and the proxy relays that.
 */
class SecretsThroughProxyIT {

    private static final String CANARY = "Kanarie7s3cr3t";

    @Test
    void anUnreachableLlmsBaseUrlReachesTheClientMasked() throws Exception {
        int closed = FakeOpenAi.closedPort();
        String baseUrl = "http://app:" + CANARY + "@127.0.0.1:" + closed + "/v1?api-key=" + CANARY;
        try (PgServer server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "openai", "nlsql.llm.baseUrl", baseUrl,
                        "nlsql.llm.model", "fake", "nlsql.cache", "false"), 4);
                Connection c = DriverManager.getConnection(TestPostgres.withParams(
                        "jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres"));
                Statement s = c.createStatement()) {
            PSQLException e = assertThrows(PSQLException.class, () -> s.executeQuery("how many tables are there?"));
            assertEquals("NL004", e.getSQLState(), e.getMessage());
            ServerErrorMessage m = e.getServerErrorMessage();
            String all = String.join("\n", String.valueOf(e), String.valueOf(m), String.valueOf(m.getMessage()),
                    String.valueOf(m.getDetail()), String.valueOf(m.getHint()), String.valueOf(m.getWhere()));
            assertTrue(all.contains("127.0.0.1:" + closed), "the server is named: " + all);
            assertFalse(all.contains(CANARY), "the client received a secret: " + all);
        }
    }
}
