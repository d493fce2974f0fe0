package dev.nlsql.proxy;

import java.nio.ByteBuffer;

/**
 * The extended protocol's client messages, decoded: the typed API of {@link ExtendedQuery} (parse, bind, describe,
 * execute, close; Sync has no fields). Each is read as PostgreSQL reads it: a Bind's names first, its values only
 * once the statement is known, so a Bind of an unknown statement fails as PostgreSQL fails it.
 */
final class ExtendedMessages {

    private ExtendedMessages() {
    }

    /** Parse: a statement's name, its text and the parameter types the client gives (0: unspecified). */
    record Parse(String name, String query, int[] parameterTypes) {
        static Parse of(ByteBuffer b) throws PgInput.ProtocolViolation {
            String name = PgInput.cstring(b);
            String query = PgInput.cstring(b);
            int n = PgInput.int16(b);
            int[] oids = new int[Math.max(0, n)];
            for (int i = 0; i < oids.length; i++) {
                oids[i] = PgInput.int32(b);
            }
            return new Parse(name, query, oids);
        }
    }

    /** Bind: a portal's name, its statement's, and the rest (parameter formats, values, result formats) unread. */
    record Bind(String portal, String statement, ByteBuffer values) {
        static Bind of(ByteBuffer b) throws PgInput.ProtocolViolation {
            String portal = PgInput.cstring(b);
            String statement = PgInput.cstring(b);
            return new Bind(portal, statement, b);
        }
    }

    /** Describe or Close: {@link dev.nlsql.proxy.wire.FrontendType#STATEMENT} or {@code PORTAL}, and a name. */
    record Target(char kind, String name) {
        static Target of(ByteBuffer b) throws PgInput.ProtocolViolation {
            char kind = (char) PgInput.byte1(b);
            return new Target(kind, PgInput.cstring(b));
        }
    }

    /** Execute: a portal and the most rows to send (0: all). */
    record Execute(String portal, int maxRows) {
        static Execute of(ByteBuffer b) throws PgInput.ProtocolViolation {
            String portal = PgInput.cstring(b);
            return new Execute(portal, PgInput.int32(b));
        }
    }
}
