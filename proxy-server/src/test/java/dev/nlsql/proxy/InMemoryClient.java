package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.Frame;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A client in memory: the bytes it sends, built up front; a session run over them to its end; what came back. */
final class InMemoryClient {

    /** A message the session sent: its type and body. */
    record Message(char type, byte[] body) {
        /** An ErrorResponse's or NoticeResponse's fields by code. */
        Map<Character, String> fields() {
            Map<Character, String> f = new LinkedHashMap<>();
            int i = 0;
            while (i < body.length && body[i] != 0) {
                char code = (char) body[i++];
                int end = i;
                while (body[end] != 0) {
                    end++;
                }
                f.put(code, new String(body, i, end - i, StandardCharsets.UTF_8));
                i = end + 1;
            }
            return f;
        }

        int int32() {
            return ByteBuffer.wrap(body).getInt();
        }
    }

    private final ByteArrayOutputStream toSession = new ByteArrayOutputStream();

    InMemoryClient startup(String user, String database) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (String s : new String[] {"user", user, "database", database, ""}) {
            body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            body.write(0);
        }
        return untyped(0x00030000, body.toByteArray());
    }

    /** A packet without a type byte: the startup packet, SSLRequest, GSSENCRequest. */
    InMemoryClient untyped(int code, byte[] rest) {
        ByteBuffer b = ByteBuffer.allocate(8 + rest.length).putInt(8 + rest.length).putInt(code).put(rest);
        toSession.writeBytes(b.array());
        return this;
    }

    InMemoryClient raw(byte[] bytes) {
        toSession.writeBytes(bytes);
        return this;
    }

    InMemoryClient message(char type, byte[] body) {
        toSession.write(type);
        toSession.writeBytes(ByteBuffer.allocate(4).putInt(body.length + 4).array());
        toSession.writeBytes(body);
        return this;
    }

    InMemoryClient message(char type, String... cstrings) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (String s : cstrings) {
            body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            body.write(0);
        }
        return message(type, body.toByteArray());
    }

    /**
     * Runs a session over the bytes built so far, on this thread, until it ends; the bytes it sent. The thread gets its
     * name back: a session names its thread, and tests count threads named so.
     */
    byte[] run(PgServer server) {
        ByteArrayOutputStream fromSession = new ByteArrayOutputStream();
        ClientConnection client = ClientConnection.of(new ByteArrayInputStream(toSession.toByteArray()), fromSession,
                InetAddress.getLoopbackAddress());
        String name = Thread.currentThread().getName();
        try {
            new PgSession(server.host(), client, 1).run();
        } finally {
            Thread.currentThread().setName(name);
        }
        return fromSession.toByteArray();
    }

    /** The typed messages of a session's output, after {@code singles} single-byte answers (to SSLRequest and the like). */
    static List<Message> messages(byte[] out, int singles) {
        List<Message> messages = new ArrayList<>();
        int i = singles;
        while (i < out.length) {
            int body = Frame.bodyLength(Frame.lengthWord(out, i + 1), Frame.LONGEST_BACKEND_BODY);
            messages.add(new Message((char) out[i], java.util.Arrays.copyOfRange(out, i + Frame.HEADER_BYTES, i + Frame.HEADER_BYTES + body)));
            i += Frame.HEADER_BYTES + body;
        }
        return messages;
    }
}
