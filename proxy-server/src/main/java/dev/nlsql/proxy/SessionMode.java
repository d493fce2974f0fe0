package dev.nlsql.proxy;

import java.util.EnumSet;
import java.util.Set;

/**
 * The mode of a {@link PgSession}: who answers the client's next message, and where a cancel goes. The diagram is in
 * {@link PgSession}'s header; a move not listed in {@link #next} is a bug and fails loudly.
 */
enum SessionMode {
    /** On the session's thread, reading the client's next message or answering it through JDBC (questions, DDL, the
     *  extended protocol on the JDBC route) or relaying an extended batch ({@link ExtendedRelay}). */
    READY,
    /** The session's thread relays one simple query to PostgreSQL ({@link BackendRelay}): a cancel goes to the backend. */
    RELAYING,
    /** The last exchanges (simple queries, extended batches of {@link ExtendedBatch}'s shape) were ones the relay loop
     *  relays alone, enough of them in a row: park before reading on. */
    TO_PARK,
    /** Parked in the server's {@link RelayLoop}, which relays the client's simple queries and unnamed extended batches
     *  until anything else arrives. */
    PARKED,
    /** An extended-protocol batch failed: every message up to its Sync is skipped, as PostgreSQL skips them. */
    SKIPPING_TO_SYNC;

    static {
        READY.next = EnumSet.of(READY, RELAYING, SKIPPING_TO_SYNC, TO_PARK);
        RELAYING.next = EnumSet.of(READY, TO_PARK);
        TO_PARK.next = EnumSet.of(READY, PARKED);
        PARKED.next = EnumSet.of(READY);
        SKIPPING_TO_SYNC.next = EnumSet.of(READY, SKIPPING_TO_SYNC);
    }

    /** The modes this one may move to. */
    private Set<SessionMode> next;

    /** The mode after a move to {@code to}; an unlisted move throws, so a broken hand-over cannot go on silently. */
    SessionMode to(SessionMode to) {
        if (!next.contains(to)) {
            throw new IllegalStateException("session mode " + this + " cannot move to " + to);
        }
        return to;
    }

    /** A cancel goes to the backend's running query (the proxy relays it), not to a JDBC statement. */
    boolean backendRunsTheQuery() {
        return this == RELAYING || this == PARKED;
    }
}
