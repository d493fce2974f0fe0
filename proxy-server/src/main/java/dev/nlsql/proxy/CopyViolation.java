package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.BackendType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the client did wrong in COPY FROM STDIN, which the proxy ends with a CopyFail: a message that is not CopyData,
 * CopyDone, CopyFail, Flush or Sync (PostgreSQL's 08P01, after which it ends the session: "protocol synchronization was
 * lost"), or data invalid in its encoding (22021). The backend answers the CopyFail as a cancelled query (57014); its
 * ErrorResponse goes to the client with PostgreSQL's code and message instead, its context, file, line and routine kept
 * (the context's line number made the one with the invalid bytes, when {@code line} is known).
 */
record CopyViolation(String state, String message, boolean endsSession, long line) {

    /** The line number in COPY's context ("COPY t, line 2"): the backend counts the lines it got, not the one that failed. */
    private static final java.util.regex.Pattern CONTEXT_LINE = java.util.regex.Pattern.compile("^(COPY [^\\n]*, line )\\d+");

    /**
     * Relays the backend's answer to the CopyFail as PostgreSQL's answer: the ErrorResponse rewritten; at ReadyForQuery,
     * when the violation ends the session, PostgreSQL's FATAL error instead.
     *
     * @throws IOException at ReadyForQuery of a violation that ends the session, after the FATAL error was sent
     */
    void relay(char type, byte[] body, int length, Messages out) throws IOException {
        if (type == BackendType.ERROR_RESPONSE) {
            Map<Character, String> fields = fields(body, length);
            fields.put('C', state);
            fields.put('M', message);
            if (line > 0 && fields.containsKey('W')) {
                fields.put('W', CONTEXT_LINE.matcher(fields.get('W')).replaceFirst("$1" + line));
            }
            out.serverMessage(BackendType.ERROR_RESPONSE, fields);
            return;
        }
        out.errorResponse("FATAL", PgState.PROTOCOL_VIOLATION.code(), "terminating connection because protocol synchronization was lost",
                null, null);
        out.flush();
        throw new IOException("the client broke the COPY sub-protocol: " + message);
    }

    private static Map<Character, String> fields(byte[] body, int length) {
        Map<Character, String> fields = new LinkedHashMap<>();
        int i = 0;
        while (i < length && body[i] != 0) {
            int end = i + 1;
            while (end < length && body[end] != 0) {
                end++;
            }
            fields.put((char) body[i], new String(body, i + 1, end - i - 1, StandardCharsets.UTF_8));
            i = end + 1;
        }
        return fields;
    }
}
