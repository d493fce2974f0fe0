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
     * in a query from a client-only encoding ({@link ClientEncoding#refuseUnsafeBackslashQuote}).
     */
    static PgInput.Message of(PgInput.Message m, ClientEncoding encoding, boolean standardConformingStrings) throws SQLException {
        if (encoding.passesBytes()) { // checked as PostgreSQL checks it: the JDBC route would read bad bytes as U+FFFD
            of(m, ClientEncoding.CHECKED_UTF8, standardConformingStrings);
            return m;
        }
        ByteBuffer in = m.body().duplicate();
        ByteSink out = new ByteSink(in.remaining() + 16);
        try {
            switch (m.type()) {
                case FrontendType.QUERY -> encoding.refuseUnsafeBackslashQuote(cstring(in, out, encoding), standardConformingStrings);
                case FrontendType.PARSE -> {
                    cstring(in, out, encoding);
                    encoding.refuseUnsafeBackslashQuote(cstring(in, out, encoding), standardConformingStrings);
                }
                case FrontendType.BIND -> bind(in, out, encoding);
                case FrontendType.EXECUTE -> cstring(in, out, encoding);
                case FrontendType.DESCRIBE, FrontendType.CLOSE -> {
                    out.write(PgInput.byte1(in));
                    cstring(in, out, encoding);
                }
                default -> {
                    return m;
                }
            }
        } catch (PgInput.ProtocolViolation e) {
            return m; // malformed: the session's own reading of it says so
        }
        rest(in, out);
        byte[] body = new byte[out.size()];
        System.arraycopy(out.array(), 0, body, 0, body.length);
        return new PgInput.Message(m.type(), ByteBuffer.wrap(body));
    }

    /** Bind: portal and statement names, parameter formats, the parameters (text ones converted), result formats. */
    private static void bind(ByteBuffer in, ByteSink out, ClientEncoding encoding) throws SQLException, PgInput.ProtocolViolation {
        cstring(in, out, encoding);
        cstring(in, out, encoding);
        short[] formats = PgInput.shorts(in);
        out.writeInt16(formats.length);
        for (short f : formats) {
            out.writeInt16(f);
        }
        int n = PgInput.int16(in);
        out.writeInt16(n);
        for (int i = 0; i < n; i++) {
            byte[] value = PgInput.bytes(in, PgInput.int32(in));
            if (value == null) {
                out.writeInt32(-1);
                continue;
            }
            if (FormatCodes.forColumn(formats, i) == FormatCodes.TEXT) {
                value = encoding.toUtf8(value, 0, value.length);
            }
            out.writeInt32(value.length);
            out.write(value, 0, value.length);
        }
    }

    /** Writes the string in UTF-8; returns it. */
    private static String cstring(ByteBuffer in, ByteSink out, ClientEncoding encoding) throws SQLException, PgInput.ProtocolViolation {
        byte[] b = PgInput.cstringBytes(in);
        byte[] utf8 = encoding.toUtf8(b, 0, b.length);
        out.write(utf8, 0, utf8.length);
        out.write(0);
        return new String(utf8, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static void rest(ByteBuffer in, ByteSink out) {
        out.write(in.array(), in.arrayOffset() + in.position(), in.remaining());
    }
}
