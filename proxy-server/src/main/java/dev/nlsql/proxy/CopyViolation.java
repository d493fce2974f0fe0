package dev.nlsql.proxy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A client message during COPY FROM STDIN that is not CopyData, CopyDone, CopyFail, Flush or Sync. PostgreSQL answers
 * with a protocol violation (08P01), then ends the session ("protocol synchronization was lost"). The proxy can only end
 * the backend's COPY with a CopyFail, which the backend answers as a cancelled query (57014): its ErrorResponse goes to
 * the client with PostgreSQL's code and message instead, and its ReadyForQuery becomes PostgreSQL's FATAL.
 */
final class CopyViolation {

    private CopyViolation() {
    }

    /**
     * Relays the backend's answer to the CopyFail as PostgreSQL's answer to the violation: the ErrorResponse as 08P01 with
     * {@code message} (its context, file, line and routine kept); at ReadyForQuery the FATAL error, and the session ends.
     *
     * @throws IOException at ReadyForQuery, after the FATAL error was sent: the session is over
     */
    static void endSession(char type, byte[] body, int length, String message, Messages out) throws IOException {
        if (type == 'E') {
            Map<Character, String> fields = fields(body, length);
            fields.put('C', PgState.PROTOCOL_VIOLATION.code());
            fields.put('M', message);
            out.serverMessage('E', fields);
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
