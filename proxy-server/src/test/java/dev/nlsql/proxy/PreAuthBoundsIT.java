package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.nlsql.testing.Await;
import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Clients are strangers until they authenticate: startup plus authentication have one deadline
 * (--login-timeout), messages before authentication are small, a declared length costs nothing
 * until its bytes arrive, and connections still logging in are counted apart from sessions, so
 * idle sockets cannot lock real clients out.
 */
class PreAuthBoundsIT {

    private static PgServer start(ProxyConfig.Auth auth, int loginTimeoutSeconds) throws IOException {
        return new PgServer(new ProxyConfig(auth == ProxyConfig.Auth.TRUST ? ClientsAsThemselves.url(TestPostgres.url()) : TestPostgres.url(), "127.0.0.1", 0, auth, Users.of(Map.of("alice", "secret")),
                Map.of("nlsql.llm", "offline"), 20, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES, loginTimeoutSeconds), null).start();
    }

    @Test
    void idleSocketsNeitherLockRealClientsOutNorStay() throws Exception {
        List<Socket> idle = new ArrayList<>();
        try (PgServer server = start(ProxyConfig.Auth.TRUST, 3)) {
            for (int i = 0; i < 250; i++) {
                idle.add(new Socket("127.0.0.1", server.port())); // never sends a byte
            }
            long start = System.nanoTime();
            try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres");
                    Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 42")) {
                assertTrue(rs.next());
                assertEquals(42, rs.getInt(1));
            }
            long servedMs = (System.nanoTime() - start) / 1_000_000;
            assertTrue(servedMs < 15_000, "a real client waited " + servedMs + " ms behind 250 idle sockets");
            // the proxy closes every idle socket at the login deadline: each read ends (EOF) instead of waiting on
            for (Socket s : idle) {
                s.setSoTimeout(15_000);
                assertEquals(-1, s.getInputStream().read(), "the proxy closed the idle connection");
            }
            Await.until("no login to be pending", Duration.ofSeconds(5), () -> server.pendingLoginCount() == 0);
        } finally {
            for (Socket s : idle) {
                s.close();
            }
        }
    }

    @Test
    void aHugeMessageBeforeAuthenticationIsRefusedAtOnce() throws Exception {
        try (PgServer server = start(ProxyConfig.Auth.PASSWORD, 10)) {
            for (int i = 0; i < 8; i++) {
                try (Socket s = new Socket("127.0.0.1", server.port())) {
                    s.setSoTimeout(5_000);
                    OutputStream out = s.getOutputStream();
                    out.write(RobustnessIT.startupPacket());
                    out.flush();
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    assertEquals('R', in.read(), "the proxy asks for a password");
                    in.skipBytes(in.readInt() - 4);
                    out.write(ByteBuffer.allocate(5).put((byte) 'p').putInt(64 * 1024 * 1024 + 4).array()); // declares 64 MB, sends none
                    out.flush();
                    long start = System.nanoTime();
                    assertEquals('E', in.read(), "refused without waiting for 64 MB");
                    byte[] body = new byte[in.readInt() - 4];
                    in.readFully(body);
                    assertTrue(new String(body, java.nio.charset.StandardCharsets.UTF_8).contains("08P01"));
                    assertTrue((System.nanoTime() - start) / 1_000_000 < 2_000);
                }
            }
            try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=alice&password=secret");
                    Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
                assertTrue(rs.next());
            }
        }
    }

    @Test
    void aDeclaredLengthCostsNothingUntilItsBytesArrive() throws Exception {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        byte[] header = ByteBuffer.allocate(5).put((byte) 'Q').putInt(60 * 1024 * 1024 + 4).array();
        InputStream stream = new SequenceInputStream(new ByteArrayInputStream(header), new ByteArrayInputStream(new byte[1000]));
        PgInput in = new PgInput(stream, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES);
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        assertThrows(PgInput.ProtocolViolation.class, in::read, "the stream ends inside the message");
        long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertTrue(allocated < 4L * 1024 * 1024, "allocated " + allocated + " bytes for a 60 MB declaration with 1 kB sent");
        PgInput small = new PgInput(new ByteArrayInputStream(header), ProxyConfig.PRE_AUTH_MAX_MESSAGE_BYTES);
        assertThrows(PgInput.ProtocolViolation.class, small::read, "over the pre-authentication limit");
    }
}
