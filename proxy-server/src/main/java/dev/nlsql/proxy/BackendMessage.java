package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.Frame;
import java.io.IOException;
import org.postgresql.core.PGStream;

/** One whole backend message read from pgjdbc's stream into a buffer that grows as needed, for the proxy to relay. */
final class BackendMessage {

    byte[] body;
    int length;

    BackendMessage(int initialBytes) {
        body = new byte[initialBytes];
    }

    /** Reads the next message; returns its type, its body in {@link #body} up to {@link #length}. */
    char read(PGStream stream) throws IOException {
        char type = (char) stream.receiveChar();
        int lengthWord = stream.receiveInteger4();
        length = Frame.bodyLength(lengthWord, Frame.LONGEST_BACKEND_BODY);
        if (length < 0) {
            throw new IOException(Frame.invalidLength(lengthWord, type, "backend "));
        }
        if (length > body.length) {
            body = new byte[Math.max(length, body.length * 2)];
        }
        stream.receive(body, 0, length);
        return type;
    }
}
