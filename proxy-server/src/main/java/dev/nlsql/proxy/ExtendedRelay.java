package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.FrontendType;
import dev.nlsql.proxy.wire.BackendType;
import dev.nlsql.sql.StatementKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.locks.Lock;

/**
 * The extended-query protocol of SQL statements, relayed to PostgreSQL as the client sent it, where the session passes
 * SQL untouched: parameter types, binary formats, row limits (portal suspension), every ParameterStatus and error are
 * then PostgreSQL's own, as for relayed simple queries. Questions keep the JDBC route ({@link ExtendedQuery}), and so
 * do messages naming its statements and portals.
 * <p>
 * The backend connection is pgjdbc's, which names its own statements and portals (S_1, C_1): the client's named ones
 * go to the backend with {@link #SUFFIX} after them, which errors lose again on their way back. The unnamed statement
 * and portal stay unnamed: the proxy runs no JDBC statement between a client's messages unless a question or a
 * message of the JDBC route comes in between, and that one replaces them, as the client's own next Parse would. After
 * the relay loop bound a kept text ({@link StatementCache}), the client's unnamed statement is that one on the backend:
 * a Bind or Describe of the unnamed statement here names it.
 * <p>
 * Responses are relayed at Flush and Sync, and whenever the backend has some ready after an Execute, so neither side's
 * buffers fill while the other waits. The proxy counts the responses it owes, so that before a message of the JDBC
 * route (or a simple query) everything relayed so far has reached the client in order.
 */
final class ExtendedRelay {

    /**
     * After every client name of a statement or portal on the backend: pgjdbc's own names (S_1, C_1) never hold an
     * '@', so none can be a client's; a suffix keeps the client's names' beginnings, which clients look for in
     * pg_cursors and pg_prepared_statements (pgjdbc's tests: {@code name LIKE 'C\_%'}).
     */
    static final String SUFFIX = "@nlsql";

    private final BackendRelay relay;
    private final Messages out;
    /** Client statements and portals that live on the backend (the unnamed ones when the last of them did). */
    private final Set<String> statements = new HashSet<>();
    private final Set<String> portals = new HashSet<>();
    /** Messages sent since the backend's last ReadyForQuery: a Sync is owed to the backend. */
    private volatile boolean active; // read by a CancelRequest's thread too
    /** Responses the backend owes before its next Sync (an error cancels them: it skips to the Sync). */
    private int owed;
    /** The backend reported an error in this batch: it skips every message until Sync. */
    private boolean failed;
    /** A relayed statement may have changed the schema: nlsql's catalog is refreshed at Sync. */
    private boolean schemaChanged;

    ExtendedRelay(BackendRelay relay, Messages out) {
        this.relay = relay;
        this.out = out;
    }

    boolean ownsStatement(String name) {
        return statements.contains(name);
    }

    boolean ownsPortal(String name) {
        return portals.contains(name);
    }

    /** True while the backend owes the client something: nothing else may answer the client before it is relayed. */
    boolean active() {
        return active;
    }

    /** Parse of SQL: relayed under the backend's name for it. */
    void parse(ByteBuffer body, String name, String query, boolean changesSchema) throws SQLException, PgInput.ProtocolViolation {
        String deallocate = deallocateOnBackend(query);
        statements.add(name);
        if (name.isEmpty()) {
            relay.statements().unnamedReplaced();
        }
        schemaChanged |= changesSchema;
        byte[] renamed = renamed(body, 1, null);
        if (deallocate != null) { // the text too: DEALLOCATE of the client's name, as the backend knows it
            ByteBuffer b = ByteBuffer.wrap(renamed);
            byte[] backendName = PgInput.cstringBytes(b);
            PgInput.cstringBytes(b);
            java.io.ByteArrayOutputStream to = new java.io.ByteArrayOutputStream();
            to.writeBytes(backendName);
            to.write(0);
            to.writeBytes(deallocate.getBytes(StandardCharsets.UTF_8));
            to.write(0);
            to.write(renamed, b.position(), b.remaining());
            renamed = to.toByteArray();
        }
        forward(FrontendType.PARSE, renamed, 1);
    }

    /** Bind to a relayed statement: the portal is relayed too. */
    void bind(ByteBuffer body, String portal) throws SQLException, PgInput.ProtocolViolation {
        portals.add(portal);
        forward(FrontendType.BIND, renamed(body, 2, relay.statements().clientUnnamed()), 1);
    }

    /** Describe ('S' answers ParameterDescription and RowDescription or NoData, 'P' one of the latter two). */
    void describe(ByteBuffer body, char kind) throws SQLException, PgInput.ProtocolViolation {
        forward(FrontendType.DESCRIBE, renamedAfterKind(body, kind == FrontendType.STATEMENT ? relay.statements().clientUnnamed() : null),
                kind == FrontendType.STATEMENT ? 2 : 1);
    }

    void execute(ByteBuffer body) throws SQLException, IOException {
        forward(FrontendType.EXECUTE, renamed(body, 1, null), 1);
        while (owed > 0 && relay.bytesReady()) { // rows already sent: relayed now, so no buffer between fills up
            take(relay.relayOne(out, SUFFIX));
        }
    }

    /** Close of a relayed (or unknown) statement or portal. */
    void close(ByteBuffer body, char kind, String name) throws SQLException, PgInput.ProtocolViolation {
        forget(kind, name); // of the unnamed statement: the backend's own one is closed, as the client's would be
        forward(FrontendType.CLOSE, renamedAfterKind(body, null), 1);
    }

    /**
     * The relay loop relayed batches of the unnamed statement and portal: both are the backend's now (the portal only
     * while a transaction is open, PostgreSQL closes it with the transaction).
     */
    void relayedUnnamed(boolean transactionEnded) {
        statements.add("");
        if (transactionEnded) {
            portals.remove("");
        } else {
            portals.add("");
        }
    }

    /** The transaction ended: the backend closed every portal, whose names are the client's to use again. */
    void portalsEnded() {
        portals.clear();
    }

    /** The client forgot the unnamed statement or portal on the JDBC route's side: the backend's one is no longer it. */
    void forget(char kind, String name) {
        (kind == FrontendType.STATEMENT ? statements : portals).remove(name);
        if (kind == FrontendType.STATEMENT && name.isEmpty()) {
            relay.statements().unnamedReplaced();
        }
    }

    /**
     * Flush: everything the backend owes so far reaches the client. True when the backend reported an error, after
     * which PostgreSQL skips every message up to the Sync.
     */
    boolean catchUp() throws IOException, SQLException {
        if (!active) {
            return false;
        }
        Lock lock = relay.pgjdbcLock();
        lock.lock();
        try {
            if (owed > 0) {
                relay.send(FrontendType.FLUSH, new byte[0], 0, 0);
                relay.flushBackend();
            }
            while (owed > 0) {
                take(relay.relayOne(out, SUFFIX));
            }
        } finally {
            lock.unlock();
        }
        out.flush();
        return failed;
    }

    /** Sync: relayed, and the backend's answers up to its ReadyForQuery, which tells the client and pgjdbc the state. */
    void sync(Runnable onSchemaChange) throws IOException, SQLException {
        Lock lock = relay.pgjdbcLock();
        lock.lock();
        try {
            relay.send(FrontendType.SYNC, new byte[0], 0, 0);
            relay.flushBackend();
            while (relay.relayOne(out, SUFFIX) != BackendType.READY_FOR_QUERY) {
                // relayed
            }
        } finally {
            lock.unlock();
            active = false;
            owed = 0;
            failed = false;
            if (schemaChanged) {
                schemaChanged = false;
                onSchemaChange.run(); // the session drops what it knew of the schema
            }
        }
    }

    private void forward(char type, byte[] body, int responses) throws SQLException {
        if (!active) {
            relay.beginExchange();
            active = true;
        }
        Lock lock = relay.pgjdbcLock();
        lock.lock();
        try {
            relay.send(type, body, 0, body.length);
        } finally {
            lock.unlock();
        }
        if (!failed) {
            owed += responses;
        }
    }

    /** Counts a relayed response against what is owed. */
    private void take(char type) {
        switch (type) {
            case BackendType.ERROR_RESPONSE -> {
                failed = true;
                owed = 0;
            }
            case BackendType.PARSE_COMPLETE, BackendType.BIND_COMPLETE, BackendType.CLOSE_COMPLETE, BackendType.PARAMETER_DESCRIPTION,
                    BackendType.ROW_DESCRIPTION, BackendType.NO_DATA, BackendType.COMMAND_COMPLETE, BackendType.PORTAL_SUSPENDED,
                    BackendType.EMPTY_QUERY_RESPONSE -> owed = Math.max(0, owed - 1);
            default -> {
                // rows, notices, settings, notifications: no answer of their own
            }
        }
    }

    /**
     * The body with its first {@code names} cstrings renamed, the rest as it is. The unnamed one stays unnamed, but for
     * the last name when {@code unnamedStatement} is given: the statement the backend knows the client's unnamed one by
     * ({@link StatementCache#clientUnnamed()}).
     */
    private static byte[] renamed(ByteBuffer body, int names, byte[] unnamedStatement) throws PgInput.ProtocolViolation {
        ByteBuffer b = body.duplicate();
        java.io.ByteArrayOutputStream to = new java.io.ByteArrayOutputStream(b.remaining() + 16);
        for (int i = 0; i < names; i++) {
            byte[] name = PgInput.cstringBytes(b);
            to.writeBytes(name);
            if (name.length > 0) {
                to.writeBytes(SUFFIX.getBytes(StandardCharsets.US_ASCII));
            } else if (i == names - 1 && unnamedStatement != null) {
                to.writeBytes(unnamedStatement);
            }
            to.write(0);
        }
        to.write(b.array(), b.arrayOffset() + b.position(), b.remaining());
        return to.toByteArray();
    }

    private static byte[] renamedAfterKind(ByteBuffer body, byte[] unnamedStatement) throws PgInput.ProtocolViolation {
        ByteBuffer b = body.duplicate();
        byte kind = b.get();
        byte[] rest = renamed(b.slice(), 1, unnamedStatement);
        byte[] all = new byte[rest.length + 1];
        all[0] = kind;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    /** {@code DEALLOCATE name} of a relayed statement, as the backend knows it; null for any other text. */
    String deallocateOnBackend(String sql) {
        if (statements.isEmpty() || StatementKind.of(sql) != StatementKind.DEALLOCATE) {
            return null;
        }
        String name = ExtendedQuery.deallocatedName(sql);
        if (name == null || name.isEmpty() || !statements.remove(name)) {
            return null;
        }
        return "DEALLOCATE \"" + (name + SUFFIX).replace("\"", "\"\"") + "\"";
    }
}
