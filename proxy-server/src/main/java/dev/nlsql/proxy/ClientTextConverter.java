package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.BackendType;
import java.nio.ByteBuffer;
import java.sql.SQLException;

/**
 * The backend's messages, relayed in UTF-8, rewritten for a client in another encoding: every string in them (column
 * names, text values, command tags, COPY's text rows, error and notice fields, settings, notifications); binary values
 * and binary COPY as they are. A character the client's encoding lacks in a name, value, tag or COPY row is PostgreSQL's
 * 22P05 error, in the place of that message, and the rest of the backend's answer is dropped up to its ReadyForQuery, as
 * PostgreSQL ends a statement at such an error. In errors, notices, settings and notifications it becomes '?', as
 * PostgreSQL sends them when it cannot convert them.
 */
final class ClientTextConverter {

    private final ClientEncoding encoding;
    /** The result format per column of the last RowDescription (0 text, 1 binary). */
    private short[] formats = new short[0];
    private boolean copyOutText;
    /** A 22P05 error went to the client: the rest of this answer is dropped until ReadyForQuery. */
    private boolean failed;

    ClientTextConverter(ClientEncoding encoding) {
        this.encoding = encoding;
    }

    /**
     * Writes the message's body for the client to {@code out}; false when the message is dropped. 22P05 when it cannot be
     * converted (what {@code out} holds then is no message).
     */
    boolean convert(char type, byte[] body, int length, ByteSink out) throws SQLException {
        if (type == BackendType.READY_FOR_QUERY) {
            failed = false;
            out.write(body, 0, length);
            return true;
        }
        if (failed) {
            return false;
        }
        ByteBuffer in = ByteBuffer.wrap(body, 0, length);
        try {
            switch (type) {
                case BackendType.ROW_DESCRIPTION -> rowDescription(in, out);
                case BackendType.DATA_ROW -> dataRow(in, out);
                case BackendType.COMMAND_COMPLETE -> string(cstring(in), true, out);
                case BackendType.COPY_DATA -> {
                    byte[] row = copyOutText ? encoding.fromUtf8(body, 0, length) : null; // COPY sends whole rows
                    out.write(row == null ? body : row, 0, row == null ? length : row.length);
                }
                case BackendType.ERROR_RESPONSE, BackendType.NOTICE_RESPONSE -> {
                    while (in.hasRemaining() && in.get(in.position()) != 0) {
                        out.write(in.get());
                        string(cstring(in), false, out);
                    }
                    out.write(0);
                }
                case BackendType.PARAMETER_STATUS -> {
                    string(cstring(in), false, out);
                    string(cstring(in), false, out);
                }
                case BackendType.NOTIFICATION_RESPONSE -> {
                    out.writeInt32(in.getInt());
                    string(cstring(in), false, out);
                    string(cstring(in), false, out);
                }
                default -> {
                    copyOutText = type == BackendType.COPY_OUT_RESPONSE ? length > 0 && body[0] == FormatCodes.TEXT : copyOutText;
                    out.write(body, 0, length);
                }
            }
        } catch (SQLException e) {
            failed = true;
            throw e;
        }
        return true;
    }

    private void rowDescription(ByteBuffer in, ByteSink out) throws SQLException {
        int n = in.getShort();
        out.writeInt16(n);
        formats = new short[n];
        for (int i = 0; i < n; i++) {
            string(cstring(in), true, out);
            out.writeInt32(in.getInt());
            out.writeInt16(in.getShort());
            out.writeInt32(in.getInt());
            out.writeInt16(in.getShort());
            out.writeInt32(in.getInt());
            formats[i] = in.getShort();
            out.writeInt16(formats[i]);
        }
    }

    private void dataRow(ByteBuffer in, ByteSink out) throws SQLException {
        int n = in.getShort();
        out.writeInt16(n);
        for (int i = 0; i < n; i++) {
            int length = in.getInt();
            if (length < 0) {
                out.writeInt32(length);
                continue;
            }
            if (i < formats.length && formats[i] == FormatCodes.BINARY) {
                out.writeInt32(length);
                out.write(in.array(), in.position(), length);
            } else {
                byte[] value = encoding.fromUtf8(in.array(), in.position(), length);
                out.writeInt32(value.length);
                out.write(value, 0, value.length);
            }
            in.position(in.position() + length);
        }
    }

    private void string(String s, boolean strict, ByteSink out) throws SQLException {
        byte[] b = strict ? encoding.encode(s) : encoding.encodeLeniently(s);
        out.write(b, 0, b.length);
        out.write(0);
    }

    private static String cstring(ByteBuffer in) {
        int start = in.position();
        int end = start;
        while (end < in.limit() && in.get(end) != 0) {
            end++;
        }
        in.position(Math.min(in.limit(), end + 1));
        return new String(in.array(), start, end - start, java.nio.charset.StandardCharsets.UTF_8);
    }
}
