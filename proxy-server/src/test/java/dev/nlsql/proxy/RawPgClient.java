package dev.nlsql.proxy;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A PostgreSQL wire client on a plain socket with a small receive buffer: it sends a query and reads the answer only
 * when told, so a test can be the client that stops reading. Rows are counted and their bytes checked, not kept.
 */
final class RawPgClient implements AutoCloseable {

    private final Socket socket = new Socket();
    private final DataOutputStream out;
    private final DataInputStream in;

    /** The port the client connected to. */
    final int serverPort;

    RawPgClient(int port, String user, String database) throws IOException {
        serverPort = port;
        socket.setReceiveBufferSize(16 * 1024); // before connect: the window the proxy can fill
        socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        socket.setSoTimeout(120_000);
        out = new DataOutputStream(socket.getOutputStream());
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 8192));
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream body = new DataOutputStream(b);
        body.writeInt(196608);
        cstring(body, "user");
        cstring(body, user);
        cstring(body, "database");
        cstring(body, database);
        body.write(0);
        out.writeInt(b.size() + 4);
        b.writeTo(out);
        out.flush();
        Answer welcome = read();
        if (welcome.error != null) {
            throw new IOException("login refused: " + welcome.error);
        }
    }

    /** The process id BackendKeyData named: through the proxy, its backend session's. */
    int backendPid;

    /** The client's own port: the proxy's connection to it is (proxy port, this port). */
    int localPort() {
        return socket.getLocalPort();
    }

    /** Sends a simple Query; reads nothing. */
    void simpleQuery(String sql) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        cstring(new DataOutputStream(b), sql);
        message('Q', b);
        out.flush();
    }

    /** Sends Parse, Bind, Execute with {@code maxRows} (0 for all) and Sync, for the unnamed statement; reads nothing. */
    void extendedQuery(String sql, int maxRows) throws IOException {
        parseBind(sql);
        execute(maxRows);
        message('S', new ByteArrayOutputStream());
        out.flush();
    }

    /** Parse and Bind of the unnamed statement and portal. */
    private void parseBind(String sql) throws IOException {
        ByteArrayOutputStream parse = new ByteArrayOutputStream();
        DataOutputStream p = new DataOutputStream(parse);
        cstring(p, "");
        cstring(p, sql);
        p.writeShort(0);
        message('P', parse);
        ByteArrayOutputStream bind = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(bind);
        cstring(d, "");
        cstring(d, "");
        d.writeShort(0);
        d.writeShort(0);
        d.writeShort(0);
        message('B', bind);
    }

    private void execute(int maxRows) throws IOException {
        ByteArrayOutputStream execute = new ByteArrayOutputStream();
        DataOutputStream e = new DataOutputStream(execute);
        cstring(e, "");
        e.writeInt(maxRows);
        message('E', execute);
    }

    /**
     * Reads a portal in batches of {@code maxRows} (Execute and Flush until CommandComplete, then Sync), as a cursor
     * or a query stream does; the answer holds every batch's rows.
     */
    Answer batched(String sql, int maxRows) throws IOException {
        parseBind(sql);
        Answer all = new Answer();
        while (true) {
            execute(maxRows);
            message('H', new ByteArrayOutputStream());
            out.flush();
            char end = readInto(all, 's', 'C', 'E');
            if (end != 's') {
                break;
            }
        }
        message('S', new ByteArrayOutputStream());
        out.flush();
        readInto(all, 'Z');
        return all;
    }

    /** What a query's answer held, up to ReadyForQuery. */
    static final class Answer {
        long rows;
        /** Rows whose every value was as {@link #expectedValue} says; set by {@link #expect}. */
        long rowsAsExpected;
        final List<String> tags = new ArrayList<>();
        String error;
        /** ReadyForQuery's transaction status ('I', 'T' or 'E'), once read. */
        char status;
        private byte expectedByte;
        private int expectedLength = -1;

        @Override
        public String toString() {
            return rows + " rows (" + rowsAsExpected + " as expected), tags " + tags + (error == null ? "" : ", error " + error);
        }
    }

    private Answer expectation;

    /** Rows read from now on are checked to hold one value of {@code length} times {@code c}. */
    void expect(char c, int length) {
        expectation = new Answer();
        expectation.expectedByte = (byte) c;
        expectation.expectedLength = length;
    }

    /** Reads up to and including ReadyForQuery. */
    Answer read() throws IOException {
        Answer a = new Answer();
        readInto(a, 'Z');
        return a;
    }

    /** Reads messages into {@code a} until one of {@code ends}; returns it. */
    private char readInto(Answer a, char... ends) throws IOException {
        if (expectation != null) {
            a.expectedByte = expectation.expectedByte;
            a.expectedLength = expectation.expectedLength;
        }
        byte[] chunk = new byte[8192];
        while (true) {
            char type = (char) in.readUnsignedByte();
            int length = in.readInt() - 4;
            switch (type) {
                case 'D' -> {
                    a.rows++;
                    int columns = in.readUnsignedShort();
                    boolean asExpected = columns == 1;
                    int left = length - 2;
                    for (int i = 0; i < columns; i++) {
                        int n = in.readInt();
                        left -= 4;
                        asExpected &= n == a.expectedLength;
                        while (n > 0) {
                            int got = in.read(chunk, 0, Math.min(chunk.length, n));
                            if (got < 0) {
                                throw new IOException("the connection ended within a row");
                            }
                            for (int k = 0; k < got; k++) {
                                asExpected &= chunk[k] == a.expectedByte;
                            }
                            n -= got;
                            left -= got;
                        }
                    }
                    in.skipNBytes(left);
                    if (asExpected) {
                        a.rowsAsExpected++;
                    }
                }
                case 'C' -> a.tags.add(new String(in.readNBytes(length), StandardCharsets.UTF_8).replace("\0", ""));
                case 'K' -> {
                    backendPid = in.readInt();
                    in.skipNBytes(length - 4);
                }
                case 'E' -> a.error = new String(in.readNBytes(length), StandardCharsets.UTF_8).replace('\0', '|');
                case 'Z' -> {
                    a.status = (char) in.readUnsignedByte();
                    in.skipNBytes(length - 1);
                }
                default -> in.skipNBytes(length);
            }
            for (char end : ends) {
                if (type == end) {
                    return type;
                }
            }
        }
    }

    /** Reads up to and including a message of type {@code end} (CopyInResponse 'G', for one). */
    Answer readUntil(char end) throws IOException {
        Answer a = new Answer();
        readInto(a, end);
        return a;
    }

    /** Sends one message of any type with this body, and flushes. */
    void send(char type, byte[] body) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(body);
        message(type, b);
        out.flush();
    }

    private void message(char type, ByteArrayOutputStream body) throws IOException {
        out.write(type);
        out.writeInt(body.size() + 4);
        body.writeTo(out);
    }

    private static void cstring(DataOutputStream out, String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.UTF_8));
        out.write(0);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
