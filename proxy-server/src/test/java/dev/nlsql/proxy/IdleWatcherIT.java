package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.net.SocketFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.core.PGStream;
import org.postgresql.util.HostSpec;

/**
 * The idle watcher over a scripted backend (a local socket standing for PostgreSQL): what it forwards, when it sends
 * the wake-up Sync, and how it ends. A NOTICE to an idle session is hard to make PostgreSQL send on demand.
 */
class IdleWatcherIT {

    private IdleWatcher.Pool pool;
    private ServerSocket fakeBackend;
    private Socket backendSide;
    private PGStream stream;
    private final ByteArrayOutputStream client = new ByteArrayOutputStream();
    private final List<String> parameterStatus = new ArrayList<>();
    private final CountDownLatch ended = new CountDownLatch(1);
    private IdleWatcher watcher;

    @BeforeEach
    void connect() throws Exception {
        pool = new IdleWatcher.Pool();
        fakeBackend = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        stream = new PGStream(SocketFactory.getDefault(), new HostSpec("127.0.0.1", fakeBackend.getLocalPort()), 5000);
        backendSide = fakeBackend.accept();
        watcher = new IdleWatcher(pool, stream, new Messages(client), new IdleWatcher.Session() {
            @Override
            public void observe(char type, byte[] body, int length) {
                if (type != 'S') {
                    return; // only the ParameterStatus messages are this test's
                }
                synchronized (parameterStatus) {
                    parameterStatus.add(new String(body, 0, length, StandardCharsets.UTF_8).replace('\0', '|'));
                }
            }

            @Override
            public void ended() {
                ended.countDown();
            }
        });
    }

    @AfterEach
    void close() throws Exception {
        watcher.close();
        stream.close();
        backendSide.close();
        fakeBackend.close();
        pool.close();
    }

    private void backendSends(char type, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        DataOutputStream out = new DataOutputStream(backendSide.getOutputStream());
        out.write(type);
        out.writeInt(b.length + 4);
        out.write(b);
        out.flush();
    }

    private static byte[] message(char type, String body) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        b.write(type);
        b.write(0);
        b.write(0);
        b.write((bytes.length + 4) >>> 8);
        b.write(bytes.length + 4);
        b.writeBytes(bytes);
        return b.toByteArray();
    }

    private void awaitClientGot(byte[] expected) throws InterruptedException {
        AsyncMessagesThroughProxyIT.await(() -> client.size() >= expected.length, "the client got " + expected.length + " bytes");
        assertArrayEquals(expected, client.toByteArray());
    }

    @Test
    void forwardsNoticeNotifyAndParameterStatusThenStopsAtTheSyncAnswer() throws Exception {
        watcher.idle();
        String notice = "SNOTICE\0VNOTICE\0C00000\0Mreloaded\0\0";
        String notify = "\0\0\u0030\u0039chan\0payload\0";
        backendSends('N', notice);
        backendSends('A', notify);
        backendSends('S', "TimeZone\0UTC\0");
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.writeBytes(message('N', notice));
        expected.writeBytes(message('A', notify));
        expected.writeBytes(message('S', "TimeZone\0UTC\0"));
        awaitClientGot(expected.toByteArray());
        assertEquals(List.of("TimeZone|UTC|"), parameterStatus);

        // the client speaks: the watcher's Sync reaches the backend, whose ReadyForQuery hands the stream back
        Thread answer = new Thread(() -> {
            try {
                DataInputStream in = new DataInputStream(backendSide.getInputStream());
                byte[] sync = new byte[5];
                in.readFully(sync);
                assertArrayEquals(new byte[] {'S', 0, 0, 0, 4}, sync);
                backendSends('Z', "T");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        answer.start();
        assertTrue(watcher.busy());
        answer.join(10_000);
        assertFalse(answer.isAlive());
        assertEquals(expected.size(), client.size(), "the answer to the Sync is the watcher's own, not the client's");
        assertEquals(0, pool.reading.get());
        assertEquals(1, ended.getCount());

        // the stream is the session's again, in step: the next message read is the next one sent
        backendSends('C', "SELECT 1\0");
        assertEquals('C', stream.receiveChar());
    }

    @Test
    void aClientMessageBeforeTheWatcherEngagesCostsNothing() throws Exception {
        watcher.idle();
        assertTrue(watcher.busy()); // well within ENGAGE_AFTER_MS
        watcher.close();
        stream.close();
        assertEquals(-1, backendSide.getInputStream().read(), "no Sync was sent");
        assertEquals(0, client.size());
    }

    @Test
    void fatalIsForwardedAndEndsTheSession() throws Exception {
        watcher.idle();
        AsyncMessagesThroughProxyIT.await(() -> pool.reading.get() == 1, "watching");
        String fatal = "SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0";
        backendSends('E', fatal);
        assertTrue(ended.await(10, TimeUnit.SECONDS));
        assertArrayEquals(message('E', fatal), client.toByteArray());
        assertFalse(watcher.busy(), "the session must end");
        assertEquals(0, pool.reading.get());
    }

    @Test
    void backendClosingEndsTheSession() throws Exception {
        watcher.idle();
        AsyncMessagesThroughProxyIT.await(() -> pool.reading.get() == 1, "watching");
        backendSide.close();
        assertTrue(ended.await(10, TimeUnit.SECONDS));
        assertFalse(watcher.busy());
        String told = client.toString(StandardCharsets.UTF_8);
        assertEquals('E', told.charAt(0));
        assertTrue(told.contains("VFATAL\0") && told.contains("C08006\0"), "the client learns why: " + told);
    }

    @Test
    void aBackendThatNeverAnswersTheSyncIsGivenUpWithinTheBound() throws Exception {
        watcher.idle();
        AsyncMessagesThroughProxyIT.await(() -> pool.reading.get() == 1, "watching");
        long start = System.nanoTime();
        assertFalse(watcher.busy());
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(ms >= IdleWatcher.RECLAIM_TIMEOUT_MS - 100 && ms < IdleWatcher.RECLAIM_TIMEOUT_MS + 2_000, ms + " ms");
        assertEquals(0, pool.reading.get());
    }

    @Test
    void closingAWatchedSessionStopsTheReader() throws Exception {
        Thread answer = new Thread(() -> {
            try {
                DataInputStream in = new DataInputStream(backendSide.getInputStream());
                in.readFully(new byte[5]);
                backendSends('Z', "I");
            } catch (IOException ignored) {
                // the test fails on the counts below
            }
        });
        answer.start();
        watcher.idle();
        AsyncMessagesThroughProxyIT.await(() -> pool.reading.get() == 1, "watching");
        watcher.close();
        assertEquals(0, pool.reading.get());
        watcher.idle(); // closed: never again
        assertTrue(watcher.busy() == false);
        answer.join(10_000);
    }
}
