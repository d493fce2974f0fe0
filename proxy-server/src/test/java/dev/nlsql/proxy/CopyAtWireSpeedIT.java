package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * COPY FROM STDIN through the proxy with the tools that stream it (pgbench -i, psql's \copy): every row arrives, the relay
 * never takes pgjdbc's waiting check (a 1 ms read timeout per CopyData, 113 s for pgbench -i -s 1), and the backend's
 * error in the middle of the data reaches the client as PostgreSQL's, with the session going on. PostgreSQL is the oracle.
 */
class CopyAtWireSpeedIT {

    private static final String DB = "nlsql_copy_speed";
    private static final int ROWS = 100_000;
    private static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        TestPostgres.database(DB, "DROP TABLE IF EXISTS speed_src, speed_in, speed_bad",
                "CREATE TABLE speed_src (id int PRIMARY KEY, name text, amount numeric, note text)",
                "CREATE TABLE speed_in (LIKE speed_src)", "CREATE TABLE speed_bad (LIKE speed_src)",
                "INSERT INTO speed_src SELECT g, 'name ' || g || CASE WHEN g % 7 = 0 THEN E'\\ttab\\\\slash' ELSE '' END, g * 1.25, "
                        + "CASE WHEN g % 5 = 0 THEN NULL ELSE repeat('ü€', g % 9) END FROM generate_series(1, " + ROWS + ") g");
        server = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.urlOf(DB)), "127.0.0.1", 0, ProxyConfig.Auth.TRUST,
                Users.of(Map.of()), Map.of("nlsql.llm", "offline", "nlsql.cache", "false"), 10, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES),
                null).start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        TestPostgres.dropDatabase(DB);
    }

    private static long count(String table) throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(DB)); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            return TestPostgres.single(rs);
        }
    }

    private static PostgresClientsIT.Run psql(Path dir, int port, String... commands) throws Exception {
        String[] cmd = new String[8 + 2 * commands.length];
        System.arraycopy(new String[] {"psql", "-X", "-h", "127.0.0.1", "-p", String.valueOf(port), "-d", DB}, 0, cmd, 0, 8);
        for (int i = 0; i < commands.length; i++) {
            cmd[8 + 2 * i] = "-c";
            cmd[9 + 2 * i] = commands[i];
        }
        return PostgresClientsIT.run(dir, Map.of("PGUSER", "postgres"), cmd);
    }

    @Test
    void pgbenchInitializesThroughTheProxyWithoutWaitingChecks(@TempDir Path dir) throws Exception {
        long waits = BackendRelay.WAITING_CHECKS.get();
        PostgresClientsIT.Run init = PostgresClientsIT.run(dir, Map.of(), "pgbench", "-i", "-s", "1", "-q", "-h", "127.0.0.1", "-p",
                String.valueOf(server.port()), "-U", "postgres", DB);
        assertEquals(0, init.status(), init.out());
        assertEquals(100_000, count("pgbench_accounts")); // one COPY FROM STDIN of 100,000 CopyData messages
        assertEquals(10, count("pgbench_tellers"));
        assertEquals(waits, BackendRelay.WAITING_CHECKS.get(), "COPY IN took pgjdbc's waiting check");
        psql(dir, 5432, "DROP TABLE pgbench_accounts, pgbench_branches, pgbench_history, pgbench_tellers");
    }

    @Test
    void psqlCopyOutAndInCarryEveryRowAsDirectly(@TempDir Path dir) throws Exception {
        long waits = BackendRelay.WAITING_CHECKS.get();
        assertEquals(0, psql(dir, 5432, "\\copy speed_src to 'direct.txt'").status());
        PostgresClientsIT.Run out = psql(dir, server.port(), "\\copy speed_src to 'proxied.txt'");
        assertEquals("COPY " + ROWS, out.out().strip());
        assertTrue(Files.mismatch(dir.resolve("direct.txt"), dir.resolve("proxied.txt")) < 0, "the proxied copy differs");
        PostgresClientsIT.Run in = psql(dir, server.port(), "TRUNCATE speed_in", "\\copy speed_in from 'proxied.txt'",
                "SELECT count(*) AS copied FROM speed_in");
        assertEquals(0, in.status(), in.out());
        assertTrue(in.out().contains("COPY " + ROWS), in.out());
        assertEquals(ROWS, count("speed_in"));
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(DB)); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM (TABLE speed_src EXCEPT ALL TABLE speed_in) x")) {
            assertEquals(0, TestPostgres.single(rs));
        }
        assertEquals(waits, BackendRelay.WAITING_CHECKS.get(), "COPY IN took pgjdbc's waiting check");
    }

    /** A bad value at line 1,000 of 100,000: the backend's error comes mid-COPY, the client gets it as directly, and goes on. */
    @Test
    void backendErrorInTheMiddleOfTheDataReachesTheClientAndTheSessionGoesOn(@TempDir Path dir) throws Exception {
        StringBuilder rows = new StringBuilder();
        for (int i = 1; i <= ROWS; i++) {
            rows.append(i == 1000 ? "oops" : String.valueOf(i)).append("\tname\t1.5\t\\N\n");
        }
        Files.writeString(dir.resolve("bad.txt"), rows);
        String[] script = {"\\copy speed_bad from 'bad.txt'", "SELECT count(*) AS after FROM speed_bad", "SELECT 'still here' AS session"};
        PostgresClientsIT.Run direct = psql(dir, 5432, script);
        PostgresClientsIT.Run proxied = psql(dir, server.port(), script);
        assertTrue(direct.out().contains("invalid input syntax for type integer: \"oops\""), direct.out());
        assertTrue(direct.out().contains("line 1000"), direct.out());
        assertEquals(direct, proxied);
        assertTrue(proxied.out().contains("still here"), proxied.out());
        assertEquals(0, count("speed_bad"));
    }

    /**
     * A message other than COPY's own during COPY FROM STDIN: PostgreSQL's protocol violation (08P01), then its FATAL
     * (protocol synchronization was lost), and the connection ends; nothing of the COPY stays.
     */
    @Test
    void queryDuringCopyInIsAProtocolViolationAsOnPostgres() throws Exception {
        String direct = violationDuringCopy(5432);
        String proxied = violationDuringCopy(server.port());
        assertTrue(direct.contains("|C08P01|Munexpected message type 0x51 during COPY from stdin|"), direct);
        assertTrue(direct.contains("|SFATAL|VFATAL|C08P01|Mterminating connection because protocol synchronization was lost|"), direct);
        assertEquals(fields(direct, "SVCM"), fields(proxied, "SVCM"));
        assertEquals(0, count("speed_bad"));
    }

    /** The errors the client gets, up to the end of the connection, each as "|S...|V...|C...|M...|...". */
    private static String violationDuringCopy(int port) throws Exception {
        try (RawPgClient c = new RawPgClient(port, "postgres", DB)) {
            c.simpleQuery("COPY speed_bad FROM STDIN");
            c.readUntil('G');
            c.send('d', "1\tone\t1\t\\N\n".getBytes(StandardCharsets.UTF_8));
            c.send('Q', "SELECT 1\0".getBytes(StandardCharsets.UTF_8));
            StringBuilder errors = new StringBuilder();
            String error;
            while ((error = c.readUntil('E').error) != null) {
                errors.append('|').append(error);
                if (error.startsWith("SFATAL")) {
                    break;
                }
            }
            assertThrows(java.io.IOException.class, c::read, "the connection ends");
            return errors.toString();
        }
    }

    /** The ErrorResponse fields with these codes, in order ("|C08P01|M..." as RawPgClient shows them). */
    private static String fields(String error, String codes) {
        StringBuilder b = new StringBuilder();
        for (String f : error.split("\\|")) {
            if (!f.isEmpty() && codes.indexOf(f.charAt(0)) >= 0) {
                b.append(f).append('|');
            }
        }
        return b.toString();
    }

    /** TRUNCATE goes through the JDBC route: its tag is PostgreSQL's, "TRUNCATE TABLE", with or without the word TABLE. */
    @Test
    void truncateTagIsPostgresOwn(@TempDir Path dir) throws Exception {
        String[] script = {"TRUNCATE speed_bad", "TRUNCATE TABLE ONLY speed_bad RESTART IDENTITY"};
        PostgresClientsIT.Run direct = psql(dir, 5432, script);
        assertEquals("TRUNCATE TABLE\nTRUNCATE TABLE", direct.out().strip());
        assertEquals(direct, psql(dir, server.port(), script));
    }
}
