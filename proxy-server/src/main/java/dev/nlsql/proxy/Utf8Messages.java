package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.FrontendType;
import java.nio.ByteBuffer;
import java.sql.SQLException;

/**
 * A client's messages in another encoding than UTF-8, rewritten in UTF-8 before the session reads them, so everything
 * after (the classifier, pgjdbc, the relay to the backend session, which speaks UTF-8) sees the client's text as it
 * meant it: the query of a Query or Parse, the names in Bind, Describe, Execute and Close, and Bind's text parameters.
 * Binary parameters, COPY data (converted by the COPY relay, which knows its format) and FunctionCall pass as they are.
 */
final class Utf8Messages {

    private Utf8Messages() {
    }

    /**
     * The message in UTF-8; PostgreSQL's 22021 for bytes invalid in the client's encoding, and its 22P06 for {@code \'}
     * in a query from a client-only encoding ({@link ClientEncoding#refuseUnsafeBackslashQuote}). A UTF-8 client's message
     * is checked as PostgreSQL checks it (the JDBC route would read bad bytes as U+FFFD) and passes as it is, uncopied.
     */
    static PgInput.Message of(PgInput.Message m, ClientEncoding encoding, boolean standardConformingStrings) throws SQLException {
        boolean checkOnly = encoding.passesBytes();
        ClientEncoding reading = checkOnly ? ClientEncoding.CHECKED_UTF8 : encoding;
        ByteBuffer in = m.body().duplicate();
        ByteSink out = checkOnly ? null : new ByteSink(in.remaining() + 16);
        try {
            switch (m.type()) {
                case FrontendType.QUERY -> query(in, out, reading, standardConformingStrings);
                case FrontendType.PARSE -> {
                    cstring(in, out, reading);
                    query(in, out, reading, standardConformingStrings);
                }
                case FrontendType.BIND -> bind(in, out, reading);
                case FrontendType.EXECUTE -> cstring(in, out, reading);
                case FrontendType.DESCRIBE, FrontendType.CLOSE -> {
                    byte kind = PgInput.byte1(in);
                    if (out != null) {
                        out.write(kind);
                    }
                    cstring(in, out, reading);
                }
                default -> {
                    return m;
                }
            }
        } catch (PgInput.ProtocolViolation e) {
            return m; // malformed: the session's own reading of it says so
        }
        if (out == null) {
            return m;
        }
        rest(in, out);
        byte[] body = new byte[out.size()];
        System.arraycopy(out.array(), 0, body, 0, body.length);
        return new PgInput.Message(m.type(), ByteBuffer.wrap(body));
    }

    /** A query's text, with the check only a client-only encoding needs ({@code \'} in a string). */
    private static void query(ByteBuffer in, ByteSink out, ClientEncoding encoding, boolean standardConformingStrings)
            throws SQLException, PgInput.ProtocolViolation {
        byte[] utf8 = cstring(in, out, encoding);
        if (encoding.clientOnly()) {
            encoding.refuseUnsafeBackslashQuote(new String(utf8, java.nio.charset.StandardCharsets.UTF_8), standardConformingStrings);
        }
    }

    /** Bind: portal and statement names, parameter formats, the parameters (text ones converted), result formats. */
    private static void bind(ByteBuffer in, ByteSink out, ClientEncoding encoding) throws SQLException, PgInput.ProtocolViolation {
        cstring(in, out, encoding);
        cstring(in, out, encoding);
        short[] formats = PgInput.shorts(in);
        int n = PgInput.int16(in);
        if (out != null) {
            out.writeInt16(formats.length);
            for (short f : formats) {
                out.writeInt16(f);
            }
            out.writeInt16(n);
        }
        for (int i = 0; i < n; i++) {
            byte[] value = PgInput.bytes(in, PgInput.int32(in));
            boolean text = value != null && FormatCodes.forColumn(formats, i) == FormatCodes.TEXT;
            if (out == null) {
                if (text) {
                    encoding.check(value, 0, value.length);
                }
                continue;
            }
            if (value == null) {
                out.writeInt32(-1);
                continue;
            }
            if (text) {
                value = encoding.toUtf8(value, 0, value.length);
            }
            out.writeInt32(value.length);
            out.write(value, 0, value.length);
        }
    }

    /** Reads a string: written in UTF-8 to {@code out} and returned so, or, with no {@code out}, only checked (returned as read). */
    private static byte[] cstring(ByteBuffer in, ByteSink out, ClientEncoding encoding) throws SQLException, PgInput.ProtocolViolation {
        byte[] b = PgInput.cstringBytes(in);
        if (out == null) {
            encoding.check(b, 0, b.length);
            return b;
        }
        byte[] utf8 = encoding.toUtf8(b, 0, b.length);
        out.write(utf8, 0, utf8.length);
        out.write(0);
        return utf8;
    }

    private static void rest(ByteBuffer in, ByteSink out) {
        out.write(in.array(), in.arrayOffset() + in.position(), in.remaining());
    }
}
