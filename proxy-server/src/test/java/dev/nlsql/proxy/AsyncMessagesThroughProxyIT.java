package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * What PostgreSQL sends unasked (NOTIFY, a FATAL from pg_terminate_backend) reaches an idle client through the proxy
 * when it is sent, with real clients; PostgreSQL itself, reached directly, is the oracle.
 */
class AsyncMessagesThroughProxyIT {

    private static final Path CLIENTS = Path.of("src/test/clients").toAbsolutePath();
    static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS async_items");
            s.execute("CREATE TABLE async_items (id int PRIMARY KEY)");
        }
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline", "nlsql.cache", "false"), 50);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS async_items");
        }
    }

    private static Connection proxied(String mode) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres&preferQueryMode=" + mode);
    }

    /** Polls for evidence, at most ten seconds. */
    static void await(BooleanSupplier evidence, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!evidence.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "within 10 s: " + what);
            Thread.sleep(5);
        }
    }

    /**
     * Every idle session of this server watched: its watcher reading its backend, or the relay loop polling it (a
     * session parks there after a simple query it relays).
     */
    private static void awaitWatching(int sessions) throws InterruptedException {
        await(() -> server.idleWatchers().reading.get() + server.relayLoop().parkedSessions() == sessions,
                sessions + " idle sessions watched");
    }

    private static boolean threadAlive(String name) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
    }

    @Test
    void pgjdbcGetsNotifyWhileIdle() throws Exception {
        for (String mode : List.of("extended", "simple")) {
            try (Connection c = proxied(mode); Connection direct = TestPostgres.connect(); Statement s = c.createStatement()) {
                s.execute("LISTEN async_jdbc");
                try (Statement d = direct.createStatement()) {
                    d.execute("NOTIFY async_jdbc, 'hello " + mode + "'");
                }
                // getNotifications(timeout) only reads the socket: the client sends nothing
                PGNotification[] got = c.unwrap(PGConnection.class).getNotifications(10_000);
                assertNotNull(got, mode);
                assertEquals(1, got.length, mode);
                assertEquals("async_jdbc", got[0].getName());
                assertEquals("hello " + mode, got[0].getParameter());
                try (ResultSet rs = s.executeQuery("SELECT 41 + 1")) {
                    rs.next();
                    assertEquals(42, rs.getInt(1), "the session goes on after the watcher");
                }
            }
        }
    }

    @Test
    void selfNotifyReadByPgjdbcOnTheBackendReachesTheClient() throws Exception {
        try (Connection c = proxied("extended"); Statement s = c.createStatement()) {
            s.execute("LISTEN async_self");
            s.execute("NOTIFY async_self, 'to myself'"); // the backend's pgjdbc reads this one during the NOTIFY
            PGNotification[] got = c.unwrap(PGConnection.class).getNotifications(10_000);
            assertEquals(1, got.length);
            assertEquals("to myself", got[0].getParameter());
        }
    }

    @Test
    void notifyInsideATransactionWaitsForItsEndAsOnPostgres() throws Exception {
        try (Connection c = proxied("simple"); Connection direct = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("LISTEN async_tx");
            c.setAutoCommit(false);
            s.execute("SELECT 1");
            try (Statement d = direct.createStatement()) {
                d.execute("NOTIFY async_tx, 'after commit'");
            }
            awaitWatching(1);
            // PostgreSQL holds notifications while the listener is in a transaction: none arrives in these 300 ms
            assertEquals(0, c.unwrap(PGConnection.class).getNotifications(300).length);
            c.commit();
            PGNotification[] got = c.unwrap(PGConnection.class).getNotifications(10_000);
            assertEquals(1, got.length);
            assertEquals("after commit", got[0].getParameter());
        }
    }

    @Test
    void terminatedBackendEndsTheIdleSessionAsPostgresDoes() throws Exception {
        String directState = terminatedThenUsed(TestPostgres.connect(), () -> { });
        try (Connection c = proxied("extended")) {
            int proxyPid = c.unwrap(PGConnection.class).getBackendPID();
            assertNotNull(server.session(proxyPid));
            assertTrue(threadAlive("nlsql-session-" + proxyPid));
            String proxiedState = terminatedThenUsed(c, () -> {
                // before the client sends anything more
                await(() -> server.session(proxyPid) == null, "the proxy's session ended");
                await(() -> !threadAlive("nlsql-session-" + proxyPid), "the session's thread exited");
            });
            assertEquals(directState, proxiedState, "the next use reports what it reports on PostgreSQL");
        }
        assertEquals("57P01", directState);
        await(() -> server.idleWatchers().reading.get() == 0, "no watcher left reading");
    }

    /** Terminates the connection's backend from another connection, waits for it to end, then uses it: the SQLSTATE. */
    private static String terminatedThenUsed(Connection c, org.junit.jupiter.api.function.Executable beforeUse) throws Exception {
        try (c; Connection direct = TestPostgres.connect(); Statement s = c.createStatement()) {
            int pid;
            try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                rs.next();
                pid = rs.getInt(1);
            }
            try (PreparedStatement t = direct.prepareStatement("SELECT pg_terminate_backend(?, 10000)")) {
                t.setInt(1, pid);
                t.execute(); // with a timeout, returns once the backend has exited
            }
            await(() -> {
                try (Statement d = direct.createStatement();
                        ResultSet rs = d.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE pid = " + pid)) {
                    rs.next();
                    return rs.getInt(1) == 0;
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }, "backend " + pid + " gone");
            try {
                beforeUse.execute();
            } catch (Throwable t) {
                throw new AssertionError(t);
            }
            SQLException e = assertThrows(SQLException.class, () -> s.execute("SELECT 1"));
            return e.getSQLState();
        }
    }

    private String clientOutput(String... command) throws Exception {
        return PostgresClientsIT.run(command[0].equals("node") ? CLIENTS.resolve("node") : CLIENTS, Map.of(), command).out();
    }

    private static String python() {
        // Debian's python3-psycopg2 belongs to Debian's interpreter, whatever python3 is first on PATH
        return Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
    }

    private static void nodeModules() throws Exception {
        Path dir = CLIENTS.resolve("node");
        if (!Files.isDirectory(dir.resolve("node_modules/pg"))) {
            assertEquals(0, PostgresClientsIT.run(dir, Map.of(), "npm", "install", "--no-audit", "--no-fund").status(), "npm install pg");
        }
    }

    @Test
    void psycopg2GetsNotifyWhileIdle() throws Exception {
        String proxied = clientOutput(python(), "async_psycopg2.py", String.valueOf(server.port()), "notify");
        assertEquals(clientOutput(python(), "async_psycopg2.py", "5432", "notify"), proxied);
        assertTrue(proxied.contains("notify ['hello from python']"), proxied);
    }

    @Test
    void psycopg2SeesTerminationWhileIdle() throws Exception {
        String proxied = clientOutput(python(), "async_psycopg2.py", String.valueOf(server.port()), "terminate");
        assertEquals(clientOutput(python(), "async_psycopg2.py", "5432", "terminate"), proxied);
        assertTrue(proxied.contains("FATAL: terminating connection due to administrator command"), proxied);
        await(() -> server.sessionCount() == 0, "the proxy's sessions ended");
    }

    @Test
    void nodePostgresGetsNotifyWhileIdle() throws Exception {
        nodeModules();
        String proxied = clientOutput("node", "async_client.js", String.valueOf(server.port()), "notify");
        assertEquals(clientOutput("node", "async_client.js", "5432", "notify"), proxied);
        assertTrue(proxied.contains("notify async_node hello from node"), proxied);
    }

    @Test
    void nodePostgresSeesTerminationWhileIdle() throws Exception {
        nodeModules();
        String proxied = clientOutput("node", "async_client.js", String.valueOf(server.port()), "terminate");
        assertEquals(clientOutput("node", "async_client.js", "5432", "terminate"), proxied);
        assertTrue(proxied.contains("error 57P01 FATAL terminating connection due to administrator command"), proxied);
        await(() -> server.sessionCount() == 0, "the proxy's sessions ended");
    }

    @Test
    void queriesWorkAfterIdleInEveryTransactionState() throws Exception {
        for (String mode : List.of("simple", "extended")) {
            try (Connection c = proxied(mode); Statement s = c.createStatement()) {
                for (int i = 0; i < 3; i++) {
                    awaitWatching(1);
                    assertEquals(i, count(s, "SELECT " + i));
                }
                c.setAutoCommit(false);
                s.execute("INSERT INTO async_items VALUES (1)");
                awaitWatching(1);
                assertEquals(1, count(s, "SELECT count(*) FROM async_items"), mode + ": inside the transaction");
                awaitWatching(1);
                try (PreparedStatement p = c.prepareStatement("INSERT INTO async_items VALUES (?)")) {
                    p.setInt(1, 2);
                    p.execute();
                }
                awaitWatching(1);
                c.rollback();
                awaitWatching(1);
                assertEquals(0, count(s, "SELECT count(*) FROM async_items"), mode + ": rolled back");
                // a failed transaction stays failed across idle periods, and ROLLBACK still ends it
                SQLException e = assertThrows(SQLException.class, () -> s.execute("SELECT 1 / 0"));
                assertEquals("22012", e.getSQLState());
                awaitWatching(1);
                e = assertThrows(SQLException.class, () -> s.execute("SELECT 1"));
                assertEquals("25P02", e.getSQLState(), mode);
                awaitWatching(1);
                c.rollback();
                awaitWatching(1);
                c.setAutoCommit(true);
                awaitWatching(1);
                assertEquals(7, count(s, "SELECT 7"), mode + ": after the failed transaction");
            }
            await(() -> server.sessionCount() == 0, "session closed");
        }
    }

    @Test
    void queriesRacingTheWatcherStayInStep() throws Exception {
        // named statements (prepareThreshold=-1: pgjdbc names every one): simple queries and unnamed extended batches
        // would park the session in the relay loop, where no watcher runs
        try (Connection c = proxied("extended&prepareThreshold=-1"); Statement s = c.createStatement()) {
            long spokeFirst = server.idleWatchers().spokeFirst.get();
            long reclaimed = server.idleWatchers().reclaimed.get();
            java.util.Random random = new java.util.Random(7);
            for (int i = 0; i < 150; i++) {
                // idle for about as long as the watcher waits, so the next query lands before, while and after it engages
                Thread.sleep(IdleWatcher.ENGAGE_AFTER_MS - 10 + random.nextInt(20));
                assertEquals(i, count(s, "SELECT " + i));
            }
            // the evidence of the race: queries came both before the watcher engaged and after, taking the stream back
            assertTrue(server.idleWatchers().spokeFirst.get() > spokeFirst, "some queries came before the watcher engaged");
            assertTrue(server.idleWatchers().reclaimed.get() > reclaimed, "some queries took the stream back from the watcher");
        }
    }

    @Test
    void manySessionsLeaveNoThreadBehind() throws Exception {
        for (int i = 0; i < 20; i++) {
            List<Connection> open = new ArrayList<>();
            for (int j = 0; j < 3; j++) {
                open.add(proxied("simple"));
            }
            awaitWatching(3);
            for (Connection c : open) {
                c.close();
            }
        }
        await(() -> server.sessionCount() == 0, "every session ended");
        await(() -> server.idleWatchers().reading.get() == 0, "no watcher reading");
        await(() -> Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("nlsql-session-")),
                "every session thread exited");
        long watchThreads = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("nlsql-idle-watch-")).count();
        assertTrue(watchThreads <= 6, "reader threads are reused, not one per session: " + watchThreads);
    }

    private static int count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
