package dev.nlsql.proxy;

import java.io.IOException;
import org.postgresql.core.PGStream;

/** One whole backend message read from pgjdbc's stream into a buffer that grows as needed, for the proxy to relay. */
final class BackendMessage {

    /** Larger backend messages are a broken stream, not data: PostgreSQL's own limit is 1 GB per field. */
    private static final int LONGEST_MESSAGE = 1 << 30;

    byte[] body;
    int length;

    BackendMessage(int initialBytes) {
        body = new byte[initialBytes];
    }

    /** Reads the next message; returns its type, its body in {@link #body} up to {@link #length}. */
    char read(PGStream stream) throws IOException {
        char type = (char) stream.receiveChar();
        length = stream.receiveInteger4() - 4;
        if (length < 0 || length > LONGEST_MESSAGE) {
            throw new IOException("invalid length " + length + " for backend message '" + type + "'");
        }
        if (length > body.length) {
            body = new byte[Math.max(length, body.length * 2)];
        }
        stream.receive(body, 0, length);
        return type;
    }
}
