package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.net.httpserver.HttpServer;
import dev.nlsql.testing.TestPostgres;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An LLM server whose error body echoes what it was sent (the Authorization header, the bare key, or the request's
 * query with its api-key), as some gateways do: the key reaches neither the NL004 message nor its causes (issue 22,
 * found by an attacker's review). The bare key is masked because the driver remembers the key it was configured with.
 */
class EchoedSecretIT {

    private enum Echo { HEADER, BARE_KEY, QUERY }

    private static HttpServer echoing(int status, Echo what) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                String auth = String.valueOf(exchange.getRequestHeaders().getFirst("Authorization"));
                String echoed = switch (what) {
                    case HEADER -> auth;
                    case BARE_KEY -> auth.replaceFirst("^Bearer ", "");
                    case QUERY -> String.valueOf(exchange.getRequestURI().getRawQuery());
                };
                byte[] body = ("{\"error\":{\"message\":\"Incorrect API key provided: " + echoed + "\",\"type\":\"invalid_request_error\"}}")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(status, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        });
        server.start();
        return server;
    }

    private static String ask(String baseUrl, String key) throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.llm=openai", "nlsql.llm.baseUrl=" + baseUrl,
                "nlsql.llm.apiKey=" + key, "nlsql.llm.model=fake", "nlsql.cache=false", "nlsql.llm.timeoutSeconds=5"));
                Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("how many tables are there?"));
            return chain(e);
        }
    }

    @ParameterizedTest
    @CsvSource({"HEADER, sk-Kanarie7s3cr3tKEY", "HEADER, Kanarie7s3cr3tKEY", "BARE_KEY, Kanarie7s3cr3tKEY", "BARE_KEY, sk-Kanarie7s3cr3tKEY"})
    void apiKeyEchoedInA401BodyDoesNotReachTheMessage(Echo what, String key) throws Exception {
        HttpServer server = echoing(401, what);
        try {
            String seen = ask("http://127.0.0.1:" + server.getAddress().getPort() + "/v1", key);
            assertFalse(seen.contains("Kanarie7s3cr3t"), "ESCAPE: the API key echoed by the server reached the NL004 chain:\n" + seen);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void apiKeyParameterEchoedInA400BodyDoesNotReachTheMessage() throws Exception {
        HttpServer server = echoing(400, Echo.QUERY);
        try {
            String seen = ask("http://127.0.0.1:" + server.getAddress().getPort() + "/v1?api-key=Kanarie7s3cr3t", "not-the-canary");
            assertFalse(seen.contains("Kanarie7s3cr3t"), "ESCAPE: the api-key echoed by the server reached the NL004 chain:\n" + seen);
        } finally {
            server.stop(0);
        }
    }

    static String chain(Throwable top) {
        StringBuilder seen = new StringBuilder();
        Set<Throwable> done = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = top; t != null && done.add(t); t = t.getCause()) {
            seen.append(t).append('\n');
            if (t instanceof SQLException sql && sql.getNextException() != null) {
                seen.append(chain(sql.getNextException()));
            }
        }
        return seen.toString();
    }
}
