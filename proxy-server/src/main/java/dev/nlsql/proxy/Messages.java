package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.BackendType;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Every message the proxy sends, built in a buffer and written by {@link #flush()}. Each
 * method's comment gives the message's byte layout, as in the PostgreSQL protocol docs.
 */
final class Messages {

    /**
     * Bytes of messages held before they are written: a result streams to the client in steps of this size, and a
     * client that stops reading blocks the session's write (TCP's backpressure) instead of growing this buffer.
     */
    static final int FLUSH_AT = 65_536;
    /** What the buffers keep between messages; a larger message's array is let go once it is written. */
    private static final int KEPT_BYTES = 1 << 20;

    private final OutputStream out;
    private final ByteSink buffer = new ByteSink(8192);
    private final ByteSink body = new ByteSink(256);
    /** The type of the last message written: 'Z' means the client was told the session is ready. */
    private char last;

    Messages(OutputStream out) {
        this.out = out;
    }

    /** The client's encoding: what the proxy writes is in it, and relayed messages are converted to it. */
    private volatile ClientEncoding encoding = ClientEncoding.UTF8;
    /** Null while bytes pass as they are. */
    private volatile ClientTextConverter converter;

    /** From now on the client's text is in this encoding. */
    void encoding(ClientEncoding e) {
        encoding = e;
        converter = e.passesBytes() ? null : new ClientTextConverter(e);
    }

    ClientEncoding encoding() {
        return encoding;
    }

    private boolean conversionFailed;

    /** True once after a relayed message could not be converted: the client got an error the backend never raised. */
    boolean takeConversionFailure() {
        boolean failed = conversionFailed;
        conversionFailed = false;
        return failed;
    }

    void flush() throws IOException {
        buffer.writeTo(out);
        buffer.resetTo(KEPT_BYTES);
        out.flush();
    }

    /** True when the last message written was ReadyForQuery: the client may now wait for the session. */
    boolean endsReady() {
        return last == BackendType.READY_FOR_QUERY;
    }

    /** Writes what is buffered once it is large, so a big result streams instead of filling memory. */
    void flushIfLarge() throws IOException {
        if (buffer.size() >= FLUSH_AT) {
            flush();
        }
    }

    /**
     * A message relayed as it came: type, int32 length, body; for a client in another encoding than UTF-8, its strings
     * converted ({@link ClientTextConverter}), or PostgreSQL's error in its place.
     */
    void raw(char type, byte[] body, int length) {
        if (converter != null) {
            begin();
            try {
                if (converter.convert(type, body, length, this.body)) {
                    end(type);
                }
            } catch (java.sql.SQLException e) {
                errorResponse("ERROR", e.getSQLState(), e.getMessage(), null, null);
                conversionFailed = true;
            }
            return;
        }
        last = type;
        buffer.write(type);
        buffer.writeInt32(length + 4);
        buffer.write(body, 0, length);
    }

    /** 'R' int32 len, int32 0 — AuthenticationOk. */
    void authenticationOk() {
        begin();
        int32(0);
        end(BackendType.AUTHENTICATION);
    }

    /** 'R' int32 len, int32 3 — AuthenticationCleartextPassword. */
    void authenticationCleartextPassword() {
        begin();
        int32(3);
        end(BackendType.AUTHENTICATION);
    }

    /** 'R' int32 len, int32 5, byte[4] salt — AuthenticationMD5Password. */
    void authenticationMd5Password(byte[] salt) {
        begin();
        int32(5);
        body.write(salt, 0, 4);
        end(BackendType.AUTHENTICATION);
    }

    /** 'R' int32 len, int32 10, (string mechanism)*, byte 0 — AuthenticationSASL. */
    void authenticationSasl(List<String> mechanisms) {
        begin();
        int32(10);
        mechanisms.forEach(this::cstring);
        body.write(0);
        end(BackendType.AUTHENTICATION);
    }

    /** 'R' int32 len, int32 11|12, byte[] data — AuthenticationSASLContinue (11) or SASLFinal (12). */
    void authenticationSasl(int code, byte[] data) {
        begin();
        int32(code);
        body.write(data, 0, data.length);
        end(BackendType.AUTHENTICATION);
    }

    /** 'S' int32 len, string name, string value — ParameterStatus. */
    void parameterStatus(String name, String value) {
        begin();
        cstring(name);
        cstring(value);
        end(BackendType.PARAMETER_STATUS);
    }

    /** 'K' int32 len, int32 process id, int32 secret key — BackendKeyData. */
    void backendKeyData(int processId, int secret) {
        begin();
        int32(processId);
        int32(secret);
        end(BackendType.BACKEND_KEY_DATA);
    }

    /**
     * 'v' int32 len, int32 newest protocol version (major << 16 | minor, as PostgreSQL sends it), int32 n,
     * (string option)* — NegotiateProtocolVersion.
     */
    void negotiateProtocolVersion(int version, List<String> unrecognized) {
        begin();
        int32(version);
        int32(unrecognized.size());
        unrecognized.forEach(this::cstring);
        end(BackendType.NEGOTIATE_PROTOCOL_VERSION);
    }

    /** 'Z' int32 5, byte status (I idle, T in transaction, E failed transaction) — ReadyForQuery. */
    void readyForQuery(char status) {
        begin();
        body.write(status);
        end(BackendType.READY_FOR_QUERY);
    }

    /** 'T' int32 len, int16 n, n × (string name, int32 table oid, int16 column, int32 type oid, int16 size, int32 modifier, int16 format). */
    void rowDescription(List<Column> columns, short[] formats) {
        begin();
        int16(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            cstring(c.name());
            int32(c.tableOid());
            int16(c.column());
            int32(c.typeOid());
            int16(c.typeSize());
            int32(c.typeModifier());
            int16(FormatCodes.forColumn(formats, i));
        }
        end(BackendType.ROW_DESCRIPTION);
    }

    /** A column of a RowDescription. */
    record Column(String name, int tableOid, short column, int typeOid, short typeSize, int typeModifier) {
    }

    /** 'D' int32 len, int16 n, n × (int32 length or -1 for NULL, byte[] value) — DataRow. */
    void dataRow(byte[][] values) {
        begin();
        int16(values.length);
        for (byte[] v : values) {
            if (v == null) {
                int32(-1);
            } else {
                int32(v.length);
                body.write(v, 0, v.length);
            }
        }
        end(BackendType.DATA_ROW);
    }

    /** 'C' int32 len, string tag — CommandComplete. */
    void commandComplete(String tag) {
        begin();
        cstring(tag);
        end(BackendType.COMMAND_COMPLETE);
    }

    /** 'I' int32 4 — EmptyQueryResponse. */
    void emptyQueryResponse() {
        begin();
        end(BackendType.EMPTY_QUERY_RESPONSE);
    }

    /** 'V' int32 len, int32 n (-1 for NULL), n bytes — FunctionCallResponse. */
    void functionCallResponse(byte[] result) {
        begin();
        int32(result == null ? -1 : result.length);
        if (result != null) {
            body.write(result, 0, result.length);
        }
        end(BackendType.FUNCTION_CALL_RESPONSE);
    }

    /** '1' int32 4 — ParseComplete. */
    void parseComplete() {
        begin();
        end(BackendType.PARSE_COMPLETE);
    }

    /** '2' int32 4 — BindComplete. */
    void bindComplete() {
        begin();
        end(BackendType.BIND_COMPLETE);
    }

    /** '3' int32 4 — CloseComplete. */
    void closeComplete() {
        begin();
        end(BackendType.CLOSE_COMPLETE);
    }

    /** 'n' int32 4 — NoData. */
    void noData() {
        begin();
        end(BackendType.NO_DATA);
    }

    /** 's' int32 4 — PortalSuspended. */
    void portalSuspended() {
        begin();
        end(BackendType.PORTAL_SUSPENDED);
    }

    /** 't' int32 len, int16 n, n × int32 type oid — ParameterDescription. */
    void parameterDescription(int[] oids) {
        begin();
        int16(oids.length);
        for (int oid : oids) {
            int32(oid);
        }
        end(BackendType.PARAMETER_DESCRIPTION);
    }

    /** 'E' int32 len, (byte field, string value)*, byte 0 — ErrorResponse (fields S, V, C, M, D, H). */
    void errorResponse(String severity, String sqlState, String message, String detail, String hint) {
        notice(BackendType.ERROR_RESPONSE, severity, sqlState, message, detail, hint, 0, null);
    }

    /**
     * As above, with the 1-based character position of the error in the query (field P) and the server routine that
     * raised it (field R), when known: pgjdbc tells a plan it can heal by preparing again by its routine.
     */
    void errorResponse(String severity, String sqlState, String message, String detail, String hint, int position, String routine) {
        notice(BackendType.ERROR_RESPONSE, severity, sqlState, message, detail, hint, position, routine);
    }

    /** 'N' int32 len, (byte field, string value)*, byte 0 — NoticeResponse. */
    void noticeResponse(String message, String detail) {
        notice(BackendType.NOTICE_RESPONSE, "NOTICE", PgState.SUCCESSFUL_COMPLETION.code(), message, detail, null, 0, null);
    }

    /** 'E' (ErrorResponse) or 'N' (NoticeResponse) int32 len, (byte field, string value)*, byte 0 — the fields as given. */
    void serverMessage(char type, java.util.Map<Character, String> given) {
        begin();
        java.util.Map<Character, String> fields = withSqlState(type, given);
        fields.forEach(this::field);
        body.write(0);
        end(type);
    }

    private static java.util.Map<Character, String> withSqlState(char type, java.util.Map<Character, String> fields) {
        String state = fields.get('C');
        if (type == BackendType.ERROR_RESPONSE && (state == null || state.length() != 5)) {
            // PostgreSQL always sends a SQLSTATE: an error without one (a field lost on the way) gets XX000, after S and V
            java.util.Map<Character, String> with = new java.util.LinkedHashMap<>();
            fields.forEach((c, v) -> {
                if (c != 'C') {
                    with.put(c, v);
                }
                if (c == 'V' || c == 'S' && !fields.containsKey('V')) {
                    with.put('C', PgState.INTERNAL_ERROR.code());
                }
            });
            with.putIfAbsent('C', PgState.INTERNAL_ERROR.code());
            return with;
        }
        return fields;
    }

    private void notice(char type, String severity, String sqlState, String message, String detail, String hint, int position,
            String routine) {
        begin();
        field('S', severity);
        field('V', severity);
        field('C', sqlState == null || sqlState.length() != 5 ? PgState.INTERNAL_ERROR.code() : sqlState);
        field('M', message == null ? "" : message);
        if (detail != null && !detail.isBlank()) {
            field('D', detail);
        }
        if (hint != null && !hint.isBlank()) {
            field('H', hint);
        }
        if (position > 0) {
            field('P', Integer.toString(position));
        }
        if (routine != null && !routine.isBlank()) {
            field('R', routine);
        }
        body.write(0);
        end(type);
    }

    /** A single byte, for the answers to SSLRequest and GSSENCRequest ('S' or 'N'). */
    void single(char c) {
        last = 0;
        buffer.write(c);
    }

    private void field(char code, String value) {
        body.write(code);
        cstring(value);
    }

    private void begin() {
        body.resetTo(KEPT_BYTES);
    }

    private void end(char type) {
        last = type;
        buffer.write(type);
        buffer.writeInt32(body.size() + 4);
        buffer.write(body);
    }

    private void cstring(String s) {
        byte[] b = encoding.encodeLeniently(s); // an error's or a name's text: PostgreSQL too sends '?' for what it cannot convert
        body.write(b, 0, b.length);
        body.write(0);
    }

    private void int32(int v) {
        body.writeInt32(v);
    }

    private void int16(int v) {
        body.writeInt16(v);
    }
}
