package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A client that reads slowly gets every row of a large result through each of the proxy's paths: SQL text under
 * nlsql.passthrough=readonly (simple Query, Execute without and with a row limit), a question's answer, and under
 * allow the relayed simple Query and the extended protocol. The client first lets the proxy block in its write
 * (evidence: the session thread inside a socket write), then reads everything; values are checked byte by byte.
 */
class StreamedResultsIT {

    private static final int ROWS = 300;
    private static final int WIDTH = 100_000;
    private static final String LARGE = "SELECT repeat('x', " + WIDTH + ") AS v FROM generate_series(1, " + ROWS + ") AS g";

    private static FakeOpenAi model;
    private static PgServer readonly;
    private static PgServer allow;

    @BeforeAll
    static void start() throws Exception {
        model = new FakeOpenAi();
        Map<String, String> engine = new HashMap<>();
        for (String p : model.params()) {
            engine.put(p.substring(0, p.indexOf('=')), p.substring(p.indexOf('=') + 1));
        }
        engine.put("nlsql.cache", "false");
        allow = ClientsAsThemselves.proxy(Map.copyOf(engine), 10);
        engine.put("nlsql.passthrough", "readonly");
        readonly = ClientsAsThemselves.proxy(Map.copyOf(engine), 10);
    }

    @AfterAll
    static void stop() throws Exception {
        readonly.close();
        allow.close();
        model.close();
    }

    private static RawPgClient client(PgServer server) throws Exception {
        RawPgClient c = new RawPgClient(server.port(), "postgres", "test");
        c.expect('x', WIDTH);
        return c;
    }

    private static void allRows(RawPgClient.Answer a) {
        assertNull(a.error, a.toString());
        assertEquals(ROWS, a.rows, a.toString());
        assertEquals(ROWS, a.rowsAsExpected, "every value whole: " + a);
        assertEquals(List.of("SELECT " + ROWS), a.tags, a.toString());
    }

    @Test
    void readonlySimpleQuery() throws Exception {
        try (RawPgClient c = client(readonly)) {
            c.simpleQuery(LARGE);
            awaitSessionWriting(c);
            assertBackendStillOnIt(c);
            allRows(c.read());
        }
    }

    @Test
    void readonlyExecuteWithoutRowLimit() throws Exception {
        try (RawPgClient c = client(readonly)) {
            c.extendedQuery(LARGE, 0);
            awaitSessionWriting(c);
            assertBackendStillOnIt(c);
            allRows(c.read());
            c.simpleQuery("SELECT 1"); // the session goes on, out of the streamed portal's transaction
            RawPgClient.Answer next = c.read();
            assertNull(next.error, next.toString());
        }
    }

    @Test
    void readonlyExecuteInBatches() throws Exception {
        try (RawPgClient c = client(readonly)) {
            RawPgClient.Answer a = c.batched(LARGE, 7);
            assertNull(a.error, a.toString());
            assertEquals(ROWS, a.rowsAsExpected, a.toString());
        }
    }

    @Test
    void questionAnswer() throws Exception {
        model.then(FakeOpenAi.answer(LARGE));
        try (RawPgClient c = client(readonly)) {
            c.simpleQuery("show a long line of x for each of " + ROWS + " numbers");
            awaitSessionWriting(c);
            RawPgClient.Answer a = c.read();
            assertNull(a.error, a.toString());
            assertEquals(ROWS, a.rowsAsExpected, a.toString());
        }
    }

    @Test
    void relayedSimpleQuery() throws Exception {
        try (RawPgClient c = client(allow)) {
            c.simpleQuery(LARGE);
            awaitSessionWriting(c);
            assertBackendStillOnIt(c);
            allRows(c.read());
        }
    }

    @Test
    void allowExecuteWithoutRowLimitAndInBatches() throws Exception {
        try (RawPgClient c = client(allow)) {
            c.extendedQuery(LARGE, 0);
            awaitSessionWriting(c);
            assertBackendStillOnIt(c);
            allRows(c.read());
            RawPgClient.Answer a = c.batched(LARGE, 7);
            assertNull(a.error, a.toString());
            assertEquals(ROWS, a.rowsAsExpected, a.toString());
        }
    }

    /**
     * While the proxy waits for the client, the backend has not finished the query either: it is sending (active) or
     * holds the rest in a cursor (idle in transaction), so the proxy did not read the result ahead into its memory.
     */
    private static void assertBackendStillOnIt(RawPgClient c) throws Exception {
        try (Connection db = TestPostgres.connect();
                PreparedStatement s = db.prepareStatement("SELECT state, query FROM pg_stat_activity WHERE pid = ?")) {
            s.setInt(1, c.backendPid);
            try (ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next(), "the session's backend " + c.backendPid);
                String state = rs.getString(1);
                assertTrue(rs.getString(2).contains("generate_series(1, " + ROWS + ")"), rs.getString(2));
                assertTrue(state.equals("active") || state.equals("idle in transaction"), "the backend is " + state);
            }
        }
    }

    /**
     * Evidence that the proxy fills the client's socket and waits for it: the client's session thread inside a socket
     * write, with at least 64 KB in the connection's send queue (ss).
     */
    private static void awaitSessionWriting(RawPgClient c) throws Exception {
        String session = "nlsql-session-" + c.backendPid; // named by the process id its client was told
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
                // and the kernel holds 64 KB the client has not taken: not the last moment of an earlier, small write
                if (e.getKey().getName().equals(session) && inSocketWrite(e.getValue())
                        && ProxyMemoryIT.sendQueue(c.serverPort, c.localPort()) >= 65_536) {
                    return;
                }
            }
            TimeUnit.MILLISECONDS.sleep(20); // the next look at the threads
        }
        throw new AssertionError("no session thread blocked in a write to its client");
    }

    /** In a socket write on behalf of {@link Messages#flush}: to the client, not to PostgreSQL. */
    private static boolean inSocketWrite(StackTraceElement[] stack) {
        boolean socketWrite = false;
        for (StackTraceElement f : stack) {
            String owner = f.getClassName();
            if (f.getMethodName().startsWith("write")
                    && (owner.endsWith(".SocketDispatcher") || owner.endsWith(".NioSocketImpl") || owner.endsWith(".SocketOutputStream"))) {
                socketWrite = true;
            }
            if (owner.equals(Messages.class.getName()) && f.getMethodName().equals("flush")) {
                return socketWrite;
            }
        }
        return false;
    }
}
