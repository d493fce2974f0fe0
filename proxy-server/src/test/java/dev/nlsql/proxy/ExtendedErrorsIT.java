package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Errors in the extended query protocol, byte for byte against PostgreSQL itself (127.0.0.1:5432, same run): the same
 * message sequences get the same response types and SQLSTATEs from the proxy and from the server. An error goes out
 * when it happens (a client waiting after Execute + Flush gets it before it sends Sync), a Parse error comes alone, and
 * several statements in one Parse are refused.
 */
class ExtendedErrorsIT {

    private static PgServer server;

    @BeforeAll
    static void start() throws IOException {
        server = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.url()), "127.0.0.1", 0, ProxyConfig.Auth.TRUST, Users.of(Map.of()),
                Map.of("nlsql.llm", "offline"), 20, 1 << 20), null).start();
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) {
            server.close();
        }
    }

    // ---- frontend messages ----

    private static byte[] message(char type, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(type);
        int length = body.length + 4;
        out.writeBytes(new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length});
        out.writeBytes(body);
        return out.toByteArray();
    }

    private static void cstring(ByteArrayOutputStream b, String s) {
        b.writeBytes(s.getBytes(StandardCharsets.UTF_8));
        b.write(0);
    }

    private static void int16(ByteArrayOutputStream b, int v) {
        b.write(v >>> 8);
        b.write(v);
    }

    private static void int32(ByteArrayOutputStream b, int v) {
        b.writeBytes(new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v});
    }

    static byte[] parse(String name, String sql) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        cstring(b, name);
        cstring(b, sql);
        int16(b, 0);
        return message('P', b.toByteArray());
    }

    static byte[] bind(String portal, String statement) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        cstring(b, portal);
        cstring(b, statement);
        int16(b, 0); // parameter formats
        int16(b, 0); // parameters
        int16(b, 0); // result formats
        return message('B', b.toByteArray());
    }

    static byte[] describePortal(String portal) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write('P');
        cstring(b, portal);
        return message('D', b.toByteArray());
    }

    static byte[] execute(String portal, int maxRows) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        cstring(b, portal);
        int32(b, maxRows);
        return message('E', b.toByteArray());
    }

    static byte[] query(String sql) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        cstring(b, sql);
        return message('Q', b.toByteArray());
    }

    static final byte[] SYNC = message('S', new byte[0]);
    static final byte[] FLUSH = message('H', new byte[0]);

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    // ---- a raw session ----

    /** One raw protocol session; reads record each message's type, and an ErrorResponse's SQLSTATE in brackets. */
    private static final class Raw implements AutoCloseable {
        final Socket socket;
        final DataInputStream in;
        final OutputStream out;

        Raw(int port) throws IOException {
            socket = new Socket("127.0.0.1", port);
            socket.setSoTimeout(10_000);
            in = new DataInputStream(socket.getInputStream());
            out = socket.getOutputStream();
            out.write(RobustnessIT.startupPacket());
            out.flush();
            assertEquals("Z", lastOf(untilReady()), "startup");
        }

        void send(byte[]... messages) throws IOException {
            out.write(concat(messages));
            out.flush();
        }

        /** Reads one message; its type, or "E[sqlstate]". */
        String next() throws IOException {
            int type = in.read();
            if (type < 0) {
                throw new IOException("closed by the server");
            }
            int length = in.readInt();
            byte[] body = new byte[length - 4];
            in.readFully(body);
            if (type != 'E') {
                return String.valueOf((char) type);
            }
            int i = 0;
            while (i < body.length && body[i] != 0) {
                int end = i + 1;
                while (body[end] != 0) {
                    end++;
                }
                if (body[i] == 'C') {
                    return "E[" + new String(body, i + 1, end - i - 1, StandardCharsets.US_ASCII) + "]";
                }
                i = end + 1;
            }
            return "E[]";
        }

        /** Reads up to ReadyForQuery, ignoring ParameterStatus, BackendKeyData and NoticeResponse. */
        String untilReady() throws IOException {
            StringBuilder b = new StringBuilder();
            while (true) {
                String m = next();
                if (m.equals("S") || m.equals("K") || m.equals("N") || m.equals("R")) {
                    continue;
                }
                b.append(m);
                if (m.equals("Z")) {
                    return b.toString();
                }
            }
        }

        /** Reads up to the first ErrorResponse; a read timeout (the error held back) fails the test. */
        String untilError() throws IOException {
            socket.setSoTimeout(5_000);
            StringBuilder b = new StringBuilder();
            try {
                while (true) {
                    String m = next();
                    if (m.equals("N")) {
                        continue;
                    }
                    b.append(m);
                    if (m.startsWith("E")) {
                        return b.toString();
                    }
                }
            } catch (SocketTimeoutException e) {
                return b + " (no error within 5 s)";
            } finally {
                socket.setSoTimeout(10_000);
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private static String lastOf(String s) {
        return s.substring(s.length() - 1);
    }

    /** Sends the same messages to PostgreSQL and the proxy; returns what both answered up to ReadyForQuery. */
    private static String both(byte[]... messages) throws IOException {
        try (Raw pg = new Raw(5432); Raw proxy = new Raw(server.port())) {
            pg.send(messages);
            proxy.send(messages);
            String expected = pg.untilReady();
            assertEquals(expected, proxy.untilReady());
            return expected;
        }
    }

    // ---- the cases ----

    @Test
    void parseErrorComesAloneBeforeSync() throws IOException {
        assertEquals("E[42601]Z", both(parse("", "SELECT 1 +"), bind("", ""), execute("", 0), SYNC));
        assertEquals("E[42601]Z", both(parse("", "SELECT 1 +"), bind("", ""), describePortal(""), execute("", 0), SYNC));
        assertEquals("E[42P01]Z", both(parse("", "SELECT * FROM no_such_table_here"), bind("", ""), describePortal(""), execute("", 0), SYNC));
        assertEquals("E[42601]Z", both(parse("s1", "SELECT 1 +"), SYNC));
        assertEquals("12E[42601]Z", both(parse("", "SELECT 1"), bind("", ""), execute("", 0), parse("", "SELECT 1 +"), bind("", ""),
                execute("", 0), SYNC).replace("DC", ""));
    }

    @Test
    void parseErrorInsideATransactionBlock() throws IOException {
        try (Raw pg = new Raw(5432); Raw proxy = new Raw(server.port())) {
            for (Raw r : new Raw[] {pg, proxy}) {
                r.send(query("BEGIN"));
                assertEquals("CZ", r.untilReady());
            }
            byte[][] batch = {parse("", "SELECT * FROM no_such_table_here"), bind("", ""), execute("", 0), SYNC};
            pg.send(batch);
            proxy.send(batch);
            String expected = pg.untilReady();
            assertEquals("E[42P01]Z", expected);
            assertEquals(expected, proxy.untilReady());
            byte[][] again = {parse("", "SELECT 1"), bind("", ""), execute("", 0), SYNC};
            pg.send(again);
            proxy.send(again);
            expected = pg.untilReady();
            assertEquals("E[25P02]Z", expected);
            assertEquals(expected, proxy.untilReady());
            for (Raw r : new Raw[] {pg, proxy}) {
                r.send(query("ROLLBACK"));
                assertEquals("CZ", r.untilReady());
            }
        }
    }

    @Test
    void executeErrorArrivesAtFlushBeforeSync() throws IOException {
        String failing = "SELECT 1 / g FROM generate_series(0, 1) g";
        try (Raw pg = new Raw(5432); Raw proxy = new Raw(server.port())) {
            byte[][] batch = {parse("", failing), bind("", ""), execute("", 0), FLUSH};
            pg.send(batch);
            proxy.send(batch);
            String expected = pg.untilError();
            assertEquals("12E[22012]", expected);
            assertEquals(expected, proxy.untilError(), "the error must come before Sync is sent");
            pg.send(SYNC);
            proxy.send(SYNC);
            assertEquals("Z", pg.untilReady());
            assertEquals("Z", proxy.untilReady());
        }
    }

    @Test
    void parseErrorArrivesAtFlushBeforeSync() throws IOException {
        try (Raw pg = new Raw(5432); Raw proxy = new Raw(server.port())) {
            byte[][] batch = {parse("", "SELECT 1 +"), bind("", ""), execute("", 0), FLUSH};
            pg.send(batch);
            proxy.send(batch);
            String expected = pg.untilError();
            assertEquals("E[42601]", expected);
            assertEquals(expected, proxy.untilError());
            pg.send(SYNC);
            proxy.send(SYNC);
            assertEquals("Z", pg.untilReady());
            assertEquals("Z", proxy.untilReady());
        }
    }

    @Test
    void constantFoldingErrorAsPostgresReportsIt() throws IOException {
        // PostgreSQL plans the unnamed statement at Bind, where 1/0 is folded: no BindComplete
        assertEquals("1E[22012]Z", both(parse("", "SELECT 1/0"), bind("", ""), execute("", 0), SYNC));
        assertEquals("1E[22012]Z", both(parse("", "SELECT 1/0"), bind("", ""), describePortal(""), execute("", 0), SYNC));
    }

    @Test
    void severalStatementsInOneParseAreRefused() throws IOException {
        assertEquals("E[42601]Z", both(parse("", "SELECT 1; SELECT 2"), SYNC));
        assertEquals("E[42601]Z", both(parse("", "SELECT 1; SELECT 2"), bind("", ""), execute("", 0), SYNC));
        assertEquals("1Z", both(parse("", "SELECT 1;"), SYNC));
    }

    @Test
    void aQuestionWithASemicolonIsNotRefused() throws IOException {
        try (Raw proxy = new Raw(server.port())) {
            proxy.send(parse("", "how many tables are there; and which is the largest?"), SYNC);
            assertEquals("1Z", proxy.untilReady());
        }
    }

    @Test
    void rowLimitSuspendsThePortal() throws IOException {
        assertEquals("12DDsDDsDCZ", both(parse("", "SELECT g FROM generate_series(1, 5) g"), bind("", ""), execute("", 2),
                execute("", 2), execute("", 0), SYNC));
        assertEquals("12TDDsDCZ", both(parse("q", "SELECT g FROM generate_series(1, 3) g"), bind("p", "q"), describePortal("p"),
                execute("p", 2), execute("p", 0), SYNC));
    }

    @Test
    void parseAndBindWithoutExecute() throws IOException {
        assertEquals("12Z", both(parse("", "SELECT 1"), bind("", ""), SYNC));
        assertEquals("E[42601]Z", both(parse("", "SELECT 1 +"), bind("", ""), SYNC));
    }
}
