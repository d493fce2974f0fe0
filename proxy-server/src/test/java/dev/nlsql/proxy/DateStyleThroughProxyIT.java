package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A session may change DateStyle, as on PostgreSQL: relayed rows are the server's text and the JDBC route sends values
 * as the server's text, so dates keep the client's style, and the session goes on (libpqxx's tests do this).
 */
class DateStyleThroughProxyIT {

    private static final String SCRIPT = "SET DateStyle = 'SQL, DMY'; SELECT '2024-03-05'::date AS d, '2024-03-05 10:11:12'::timestamp AS t; "
            + "SHOW DateStyle; SELECT 'still here' AS s";

    private static String psql(int port) throws Exception {
        Process p = new ProcessBuilder("psql", "-X", "-At", "-h", "127.0.0.1", "-p", String.valueOf(port), "-U", "postgres", "-d", "test",
                "-c", SCRIPT).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    @Test
    void aSessionMayChangeItsDateStyle() throws Exception {
        String direct = psql(5432);
        assertEquals(List.of("SET", "05/03/2024|05/03/2024 10:11:12", "SQL, DMY", "still here"), direct.strip().lines().toList());
        try (PgServer server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline"), 5)) {
            assertEquals(direct, psql(server.port()));
        }
    }
}
