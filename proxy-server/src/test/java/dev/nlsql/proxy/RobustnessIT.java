package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Await;
import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Malformed frames, vanishing clients, many sessions, a backend that goes away: the server keeps serving. */
class RobustnessIT {

    private static PgServer start(String backend, int maxConnections) throws IOException {
        return new PgServer(new ProxyConfig(ClientsAsThemselves.url(backend), "127.0.0.1", 0, ProxyConfig.Auth.TRUST, Users.of(Map.of()),
                Map.of("nlsql.llm", "offline"), maxConnections, 1 << 20), null).start();
    }

    static byte[] startupPacket() {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (String s : new String[] {"user", "postgres", "database", "test", "application_name", "nlsql-robustness", ""}) {
            body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            body.write(0);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int length = 8 + body.size();
        out.writeBytes(new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length, 0, 3, 0, 0});
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    /** Reads messages until ReadyForQuery or an ErrorResponse; returns the types seen ("" when the server closed). */
    static String readUntilReadyOrError(InputStream in) throws IOException {
        DataInputStream d = new DataInputStream(in);
        StringBuilder types = new StringBuilder();
        while (true) {
            int type = d.read();
            if (type < 0) {
                return types.toString();
            }
            int length = d.readInt();
            d.readFully(new byte[length - 4]);
            types.append((char) type);
            if (type == 'Z' || type == 'E') {
                return types.toString();
            }
        }
    }

    /** True when the server has closed this socket (a read sees the end). */
    static boolean closedByServer(Socket s) throws IOException {
        s.setSoTimeout(5_000);
        try {
            InputStream in = s.getInputStream();
            while (in.read() >= 0) {
                // drain what is left
            }
            return true;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    static void assertServes(PgServer server, String backend) throws SQLException {
        String url = "jdbc:postgresql://127.0.0.1:" + server.port() + "/postgres?user=postgres";
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 7")) {
            rs.next();
            assertEquals(7, rs.getInt(1), backend);
        }
    }

    @Test
    void malformedFramesGetAnErrorAndAClosedConnection() throws Exception {
        try (PgServer server = start(TestPostgres.url(), 50)) {
            byte[][] bad = {
                {0, 0, 0, 3},                                            // startup length below the minimum
                {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0, 3, 0, 0}, // startup length far too large
                {0, 0, 0, 8, 0, 9, 0, 0}                                 // protocol 9.0
            };
            for (byte[] frame : bad) {
                try (Socket s = new Socket("127.0.0.1", server.port())) {
                    s.setSoTimeout(10_000);
                    s.getOutputStream().write(frame);
                    String seen = readUntilReadyOrError(s.getInputStream());
                    assertTrue(seen.endsWith("E"), "an ErrorResponse: " + seen);
                    assertTrue(closedByServer(s));
                }
            }
            byte[][] afterStartup = {
                {'y', 0, 0, 0, 4},                                       // unknown message type
                {'Q', 0x7f, 0, 0, 0},                                    // message longer than the limit
                {'Q', 0, 0, 0, 2},                                       // length below its own size
                {'B', 0, 0, 0, 6, 0, 0, 'S', 0, 0, 0, 4},                // Bind cut short inside its fields, then Sync
            };
            for (byte[] frame : afterStartup) {
                try (Socket s = new Socket("127.0.0.1", server.port())) {
                    s.setSoTimeout(10_000);
                    s.getOutputStream().write(startupPacket());
                    assertTrue(readUntilReadyOrError(s.getInputStream()).endsWith("Z"));
                    s.getOutputStream().write(frame);
                    s.getOutputStream().flush();
                    String seen = readUntilReadyOrError(s.getInputStream());
                    assertTrue(seen.contains("E"), "an ErrorResponse for " + (char) frame[0] + ": " + seen);
                }
            }
            assertServes(server, "after malformed frames");
        }
    }

    @Test
    void aClientVanishingMidQueryFreesItsSession() throws Exception {
        try (PgServer server = start(TestPostgres.url(), 50)) {
            int before = server.sessionCount();
            try (Socket s = new Socket("127.0.0.1", server.port())) {
                DataOutputStream out = new DataOutputStream(s.getOutputStream());
                out.write(startupPacket());
                assertTrue(readUntilReadyOrError(s.getInputStream()).endsWith("Z"));
                byte[] q = "SELECT pg_sleep(1)\0".getBytes(StandardCharsets.UTF_8);
                out.writeByte('Q');
                out.writeInt(q.length + 4);
                out.write(q);
                out.writeByte('Q');
                out.writeInt(100); // and a message that never arrives whole
                out.write(new byte[] {1, 2, 3});
                out.flush();
            }
            Await.until("the session to end with its client", Duration.ofSeconds(10), () -> server.sessionCount() <= before);
            assertEquals(before, server.sessionCount(), "the session ended with its client");
            assertServes(server, "after a vanished client");
        }
    }

    @Test
    void twoHundredConcurrentSessions() throws Exception {
        String h2 = "jdbc:h2:mem:proxy_many;DB_CLOSE_DELAY=-1;MODE=PostgreSQL";
        try (PgServer server = start(h2, 250)) {
            int sessions = 200;
            CountDownLatch allOpen = new CountDownLatch(sessions);
            ExecutorService pool = Executors.newFixedThreadPool(sessions);
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < sessions; i++) {
                int n = i;
                results.add(pool.submit(() -> {
                    String url = "jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres&preferQueryMode=simple";
                    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                        allOpen.countDown();
                        assertTrue(allOpen.await(60, TimeUnit.SECONDS), "all sessions open at once");
                        try (ResultSet rs = s.executeQuery("SELECT " + n + " + 1")) {
                            rs.next();
                            return rs.getInt(1);
                        }
                    }
                }));
            }
            for (int i = 0; i < sessions; i++) {
                assertEquals(i + 1, results.get(i).get(90, TimeUnit.SECONDS));
            }
            pool.shutdown();
        }
    }

    @Test
    void theBackendGoingAwayGivesClearErrorsThenRecovery() throws Exception {
        TestPostgres.createDatabaseIfMissing("nlsql_proxy_restart");
        try (PgServer server = start(TestPostgres.urlOf("nlsql_proxy_restart"), 50)) {
            String url = "jdbc:postgresql://127.0.0.1:" + server.port() + "/nlsql_proxy_restart?user=postgres";
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                s.executeQuery("SELECT 1").close();
                try (Connection admin = TestPostgres.connect(); Statement a = admin.createStatement()) {
                    a.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'nlsql_proxy_restart'");
                }
                SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> s.executeQuery("SELECT 2"));
                assertTrue(e.getSQLState() != null && (e.getSQLState().startsWith("08") || e.getSQLState().startsWith("57")),
                        "a connection-class error: " + e.getSQLState() + " " + e.getMessage());
                assertTrue(c.isClosed() || !c.isValid(2), "without a backend session the client's session ends too");
            }
            assertServes(server, "a new session after the backend went away");
        }
    }

    @Test
    void fuzzedFramesNeverStopTheServer() throws Exception {
        try (PgServer server = start(TestPostgres.url(), 100)) {
            Random r = new Random(5);
            byte[] valid = startupPacket();
            for (int i = 0; i < 300; i++) {
                try (Socket s = new Socket("127.0.0.1", server.port())) {
                    s.setSoTimeout(5_000);
                    byte[] frame;
                    if (i % 2 == 0) {
                        frame = valid.clone();
                        for (int k = 0; k < 1 + r.nextInt(4); k++) {
                            frame[r.nextInt(frame.length)] = (byte) r.nextInt(256);
                        }
                    } else {
                        s.getOutputStream().write(valid);
                        readUntilReadyOrError(s.getInputStream());
                        frame = new byte[1 + r.nextInt(40)];
                        r.nextBytes(frame);
                        if (r.nextBoolean()) {
                            frame[0] = (byte) "QPBDESCHX".charAt(r.nextInt(9));
                        }
                    }
                    s.getOutputStream().write(frame);
                    s.shutdownOutput();
                    s.getInputStream().readAllBytes();
                } catch (IOException expected) {
                    // the server may close first: that is an answer too
                }
            }
            assertServes(server, "after 300 fuzzed frames");
        }
    }

    @Test
    void aNewerMinorVersionIsNegotiatedDown() throws Exception {
        try (PgServer server = start(TestPostgres.url(), 5); Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            byte[] packet = startupPacket();
            packet[7] = 2; // protocol 3.2
            ByteArrayOutputStream withOption = new ByteArrayOutputStream();
            withOption.writeBytes(java.util.Arrays.copyOf(packet, packet.length - 1));
            withOption.writeBytes("_pq_.unknown_option\0on\0\0".getBytes(StandardCharsets.UTF_8));
            byte[] bytes = withOption.toByteArray();
            int length = bytes.length;
            bytes[0] = (byte) (length >>> 24);
            bytes[1] = (byte) (length >>> 16);
            bytes[2] = (byte) (length >>> 8);
            bytes[3] = (byte) length;
            s.getOutputStream().write(bytes);
            String seen = readUntilReadyOrError(s.getInputStream());
            assertTrue(seen.startsWith("v"), "NegotiateProtocolVersion first: " + seen);
            assertTrue(seen.endsWith("Z"), "then the session starts: " + seen);
        }
    }

    @Test
    void cancelStopsAQuestionWaitingForTheLlm() throws Exception {
        try (dev.nlsql.testing.FakeOpenAi llm = new dev.nlsql.testing.FakeOpenAi(dev.nlsql.testing.FakeOpenAi.hang());
                PgServer server = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.url()), "127.0.0.1", 0, ProxyConfig.Auth.TRUST,
                        Users.of(Map.of()), Map.of("nlsql.llm.baseUrl", llm.baseUrl(), "nlsql.llm.apiKey", "k", "nlsql.llm.timeoutSeconds",
                        "60", "nlsql.cache", "false"), 5, 1 << 20), null).start();
                Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres");
                Statement s = c.createStatement()) {
            Thread canceller = new Thread(() -> {
                try {
                    AsyncMessagesThroughProxyIT.await(() -> llm.requestCount() > 0, "the model has the question");
                    s.cancel();
                } catch (Exception | AssertionError ignored) {
                    // the assertion below reports a failed cancel
                }
            });
            canceller.start();
            long start = System.nanoTime();
            SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
                    () -> s.executeQuery("how many things are there?"));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms < 15_000, "cancelled after " + ms + " ms, not after the 60 s LLM timeout: " + e.getMessage());
            assertEquals("57014", e.getSQLState(), "PostgreSQL's state for a cancelled statement: " + e.getMessage());
            canceller.join();
            try (ResultSet rs = s.executeQuery("SELECT 5")) {
                rs.next();
                assertEquals(5, rs.getInt(1), "the session goes on");
            }
        }
    }
}
