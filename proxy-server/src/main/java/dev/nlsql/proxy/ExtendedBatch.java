package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.FrontendType;
import java.nio.ByteBuffer;

/**
 * The one shape of extended-protocol batch the {@link RelayLoop} relays alone, as pgbench, pgjdbc (before it prepares
 * a statement), psycopg and node-postgres send a statement with parameters: Parse, Bind, an optional Describe, Execute
 * and Sync, all of the unnamed statement and portal, the Parse's text one the session relays alone. Such a batch
 * reaches PostgreSQL as it came (or with its text kept prepared, {@link StatementCache}) and ends with one
 * ReadyForQuery, as a simple query does; named statements (renamed on
 * the backend), Close, Flush and anything else stay with the session's thread. The loop checks only names and frame
 * lengths: PostgreSQL reads the rest, and answers a malformed message as it would answer the client directly.
 */
final class ExtendedBatch {

    /** The batch is not whole in the buffer yet. */
    static final int INCOMPLETE = 0;
    /** Not a batch the loop relays alone: the session's thread takes it. */
    static final int NOT_ALONE = -1;

    private ExtendedBatch() {
    }

    /** Decides whether a query text is one the session relays alone (the relay loop's {@link RelayLoop.Session}). */
    @FunctionalInterface
    interface AloneText {
        /** True when the session's thread would relay this query text to PostgreSQL unchanged, by itself. */
        boolean relaysAlone(byte[] text, int offset, int length);
    }

    /**
     * The length of the batch at the start of {@code b} (bytes {@code [0, position)}), through its Sync; or
     * {@link #INCOMPLETE} or {@link #NOT_ALONE}. {@code text} receives the Parse's query text for the session's decision.
     */
    static int end(ByteBuffer b, AloneText session, byte[] text) {
        int at = 0;
        int step = START;
        while (true) {
            if (at + 5 > b.position()) {
                return at + 5 > b.capacity() ? NOT_ALONE : INCOMPLETE;
            }
            char type = (char) b.get(at);
            int length = b.getInt(at + 1);
            if (length < 4 || at + 1L + length > b.capacity()) {
                return NOT_ALONE;
            }
            if (at + 1 + length > b.position()) {
                return INCOMPLETE;
            }
            step = next(step, type, b, at + 5, length - 4, session, text);
            if (step == NOT_ALONE) {
                return NOT_ALONE;
            }
            at += 1 + length;
            if (step == SYNCED) {
                return at;
            }
        }
    }

    /** Where a batch stands: nothing yet, then after each of its messages. */
    static final int START = 1;
    static final int PARSED = 2;
    static final int BOUND = 3;
    static final int DESCRIBED = 4;
    static final int EXECUTED = 5;
    static final int SYNCED = 6;

    /**
     * The batch's step after a message ({@code bodyLength} bytes at {@code body} in {@code b}), or {@link #NOT_ALONE}
     * when the message leaves the shape; a Parse starts the batch, so it fits only at {@link #START}. The session's
     * thread follows its batches with this too, to know when a client sends only batches the loop would relay.
     * {@code text} receives a Parse's query text for {@code session}'s decision.
     */
    static int next(int step, char type, ByteBuffer b, int body, int bodyLength, AloneText session, byte[] text) {
        switch (type) {
            case FrontendType.PARSE -> {
                return step == START && parseAlone(b, body, bodyLength, session, text) ? PARSED : NOT_ALONE;
            }
            case FrontendType.BIND -> {
                return step == PARSED && bodyLength >= 2 && b.get(body) == 0 && b.get(body + 1) == 0 ? BOUND : NOT_ALONE;
            }
            case FrontendType.DESCRIBE -> {
                boolean unnamed = bodyLength == 2 && b.get(body + 1) == 0
                        && (b.get(body) == FrontendType.PORTAL || b.get(body) == FrontendType.STATEMENT);
                return step == BOUND && unnamed ? DESCRIBED : NOT_ALONE;
            }
            case FrontendType.EXECUTE -> {
                return (step == BOUND || step == DESCRIBED) && bodyLength == 5 && b.get(body) == 0 ? EXECUTED : NOT_ALONE;
            }
            case FrontendType.SYNC -> {
                return step == EXECUTED && bodyLength == 0 ? SYNCED : NOT_ALONE;
            }
            default -> {
                return NOT_ALONE;
            }
        }
    }

    /** A Parse of the unnamed statement whose text the session relays alone. */
    private static boolean parseAlone(ByteBuffer b, int body, int bodyLength, AloneText session, byte[] text) {
        if (bodyLength < 4 || b.get(body) != 0) {
            return false; // a named statement is renamed on the backend: the session's thread does that
        }
        int start = body + 1;
        int end = start;
        int limit = body + bodyLength;
        while (end < limit && b.get(end) != 0) {
            end++;
        }
        if (end >= limit || end - start > text.length) {
            return false;
        }
        int types = limit - (end + 1);
        if (types < 2 || types != 2 + 4 * b.getShort(end + 1)) {
            return false;
        }
        b.get(start, text, 0, end - start);
        return session.relaysAlone(text, 0, end - start);
    }
}
