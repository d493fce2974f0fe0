package dev.nlsql.proxy;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import dev.nlsql.proxy.wire.Frame;
import dev.nlsql.proxy.wire.FrontendType;

/**
 * Reads PostgreSQL protocol v3 frames from a client: the untyped startup packet and typed
 * messages. Every length is checked before anything is allocated, so a malformed or hostile
 * frame costs at most {@code maxMessageBytes}.
 */
final class PgInput {

    /** A typed message: its type byte and its payload (without the length word). */
    record Message(char type, ByteBuffer body) {
    }

    /** Raised for frames that break the protocol; the session answers 08P01 and closes. */
    static final class ProtocolViolation extends IOException {
        ProtocolViolation(String message) {
            super(message);
        }
    }

    /** Bytes read per step of a large message, so a declared length costs nothing until the bytes arrive. */
    private static final int READ_STEP = 1 << 20;

    /**
     * The client's socket stream, buffered, with two more abilities: to say how many bytes it holds, and to take back
     * bytes {@link RelayLoop} read from the socket while the session was parked there.
     */
    static final class Buffered extends java.io.BufferedInputStream {
        Buffered(InputStream in, int size) {
            super(in, size);
        }

        /** Bytes read from the socket and not yet consumed; no system call. */
        synchronized int buffered() {
            return count - pos;
        }

        /** Makes {@code bytes} the next ones read, in front of the socket's; only when nothing is buffered. */
        synchronized void putBack(byte[] bytes) {
            if (count - pos != 0) {
                throw new IllegalStateException("bytes put back in front of buffered ones");
            }
            if (bytes.length > buf.length) {
                buf = new byte[bytes.length];
            }
            System.arraycopy(bytes, 0, buf, 0, bytes.length);
            pos = 0;
            count = bytes.length;
            markpos = -1;
        }
    }

    private final DataInputStream in;
    private final Buffered buffered;
    private int maxMessageBytes;

    PgInput(InputStream in, int maxMessageBytes) {
        this.in = new DataInputStream(in);
        this.buffered = in instanceof Buffered b ? b : null;
        this.maxMessageBytes = maxMessageBytes;
    }

    /** Bytes the client sent that no message has consumed yet, or -1 when this input cannot tell. */
    int buffered() {
        return buffered == null ? -1 : buffered.buffered();
    }

    /** The client's bytes {@link RelayLoop} read ahead: the next messages read start with them. */
    void putBack(byte[] bytes) {
        if (bytes.length > 0) {
            buffered.putBack(bytes);
        }
    }

    /** Raises (or lowers) the longest message accepted, as the client authenticates. */
    void maxMessageBytes(int limit) {
        this.maxMessageBytes = limit;
    }

    /**
     * The startup packet after its length word: protocol or request code, then parameters. Null when the client
     * closed before any byte or sent Terminate ('X', length 4) in its place, as clients that connect and leave do.
     */
    ByteBuffer readStartup() throws IOException {
        int first = in.read();
        if (first < 0) {
            return null;
        }
        // A partial length word ends in EOFException: the session ends quietly, as PostgreSQL's does.
        int length = (first << 24) | (in.readUnsignedByte() << 16) | (in.readUnsignedByte() << 8) | in.readUnsignedByte();
        if (length == FrontendType.TERMINATE << 24) {
            int last = in.read();
            if (last == 4 || last < 0) {
                return null;
            }
        }
        if (length < 8 || length > Frame.LONGEST_STARTUP) {
            throw new ProtocolViolation("invalid startup packet length " + length);
        }
        return ByteBuffer.wrap(readFully(length - 4));
    }

    /** The next typed message, or null when the client closed the connection between messages. */
    Message read() throws IOException {
        int type = in.read();
        if (type < 0) {
            return null;
        }
        int length;
        try {
            length = in.readInt();
        } catch (EOFException e) {
            throw new ProtocolViolation("connection closed inside a message");
        }
        int bodyLength = Frame.bodyLength(length, maxMessageBytes);
        if (bodyLength < 0) {
            throw new ProtocolViolation(Frame.invalidLength(length, (char) type, ""));
        }
        return new Message((char) type, ByteBuffer.wrap(readFully(bodyLength)));
    }

    /**
     * The row limit of the next message when it is an Execute the client has already sent in full, else -1. Reads
     * nothing: a client that sent Describe and Execute together (pgbench) is told apart from one that waits between them.
     */
    int bufferedExecuteRows() throws IOException {
        if (!in.markSupported() || in.available() < 10) {
            return -1;
        }
        in.mark(512);
        try {
            if (in.read() != FrontendType.EXECUTE) {
                return -1;
            }
            int length = in.readInt();
            if (length < 9 || length > 500 || in.available() < length - 4) {
                return -1;
            }
            byte[] body = new byte[length - 4];
            in.readFully(body);
            int zero = 0;
            while (zero < body.length && body[zero] != 0) {
                zero++;
            }
            return zero + 5 == body.length ? ByteBuffer.wrap(body, zero + 1, 4).getInt() : -1;
        } finally {
            in.reset();
        }
    }

    /** Reads {@code n} bytes, growing the buffer as they arrive rather than allocating the declared length at once. */
    private byte[] readFully(int n) throws IOException {
        byte[] b = new byte[Math.min(n, READ_STEP)];
        int read = 0;
        try {
            while (read < n) {
                if (read == b.length) {
                    b = java.util.Arrays.copyOf(b, (int) Math.min(n, 2L * b.length));
                }
                int step = in.read(b, read, b.length - read);
                if (step < 0) {
                    throw new EOFException();
                }
                read += step;
            }
        } catch (EOFException e) {
            throw new ProtocolViolation("connection closed inside a message");
        }
        return b;
    }

    /** The bytes of a zero-terminated string, without the zero. */
    static byte[] cstringBytes(ByteBuffer b) throws ProtocolViolation {
        int start = b.position();
        for (int i = start; i < b.limit(); i++) {
            if (b.get(i) == 0) {
                byte[] bytes = java.util.Arrays.copyOfRange(b.array(), b.arrayOffset() + start, b.arrayOffset() + i);
                b.position(i + 1);
                return bytes;
            }
        }
        throw new ProtocolViolation("string without its terminating zero");
    }

    /** A zero-terminated UTF-8 string from a message body. */
    static String cstring(ByteBuffer b) throws ProtocolViolation {
        int start = b.position();
        for (int i = start; i < b.limit(); i++) {
            if (b.get(i) == 0) {
                String s = new String(b.array(), b.arrayOffset() + start, i - start, StandardCharsets.UTF_8);
                b.position(i + 1);
                return s;
            }
        }
        throw new ProtocolViolation("string without its terminating zero");
    }

    /** An int16 count, then that many int16s (format codes). */
    static short[] shorts(ByteBuffer b) throws ProtocolViolation {
        int n = int16(b);
        if (n < 0) {
            throw new ProtocolViolation("negative count");
        }
        short[] out = new short[n];
        for (int i = 0; i < n; i++) {
            out[i] = int16(b);
        }
        return out;
    }

    static int int32(ByteBuffer b) throws ProtocolViolation {
        need(b, 4);
        return b.getInt();
    }

    static short int16(ByteBuffer b) throws ProtocolViolation {
        need(b, 2);
        return b.getShort();
    }

    static byte byte1(ByteBuffer b) throws ProtocolViolation {
        need(b, 1);
        return b.get();
    }

    /** {@code n} bytes, or null for length -1 (SQL NULL). */
    static byte[] bytes(ByteBuffer b, int n) throws ProtocolViolation {
        if (n == -1) {
            return null;
        }
        if (n < -1) {
            throw new ProtocolViolation("negative length " + n);
        }
        need(b, n);
        byte[] out = new byte[n];
        b.get(out);
        return out;
    }

    private static void need(ByteBuffer b, int n) throws ProtocolViolation {
        if (b.remaining() < n) {
            throw new ProtocolViolation("message shorter than its fields");
        }
    }
}
