package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.FrontendType;
import dev.nlsql.proxy.wire.BackendType;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.PGStream;
import org.postgresql.core.QueryExecutorBase;
import org.postgresql.core.TransactionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Relays a client's simple Query to a PostgreSQL backend over pgjdbc's own connection and copies
 * the backend's answer to the client message by message until ReadyForQuery. SQL that nlsql
 * passes through untouched then costs no JDBC parsing, no row decoding and no re-encoding, and
 * the client sees exactly what PostgreSQL said: notices, multi-statement transaction semantics,
 * every error field. pgjdbc's view of the transaction state is kept in step.
 */
final class BackendRelay {

    private static final Logger LOG = LoggerFactory.getLogger(BackendRelay.class);
    private static final Field PG_STREAM = pgStreamField();
    /** pgjdbc's count of server-side statement invalidations (DISCARD ALL, a new search_path): it then prepares anew. */
    private static final Field DEALLOCATE_EPOCH = field(org.postgresql.core.v3.QueryExecutorImpl.class, "deallocateEpoch");
    private static final java.lang.reflect.Method ON_PARAMETER_STATUS = onParameterStatusMethod();
    /** pgjdbc's connection lock (a ReentrantLock), held by every pgjdbc call that uses the stream. */
    private static final Field LOCK = field(QueryExecutorBase.class, "lock");
    /** pgjdbc's read buffer and its fill mark: bytes it holds are not in the socket, so the relay loop must not take over. */
    private static final Field PG_INPUT = field(PGStream.class, "pgInput");
    private static final Field END_INDEX = field(org.postgresql.core.VisibleBufferedInputStream.class, "endIndex");

    /** The relay could not complete: the backend connection is unusable and has been closed. */
    static final class BackendLost extends SQLException {
        BackendLost(String message, Throwable cause) {
            super(message, PgState.CONNECTION_FAILURE.code(), cause);
        }
    }

    /** The backend ended the session with a FATAL error, which the client has been sent. */
    static final class BackendEnded extends IOException {
        BackendEnded() {
            super("the backend ended the session");
        }
    }

    private final BaseConnection connection;
    private final QueryExecutorBase executor;
    private final PGStream stream;
    private final BackendMessage message = new BackendMessage(8192);
    private byte[] body = message.body;

    private final StatementCache statements;

    private BackendRelay(BaseConnection connection, PGStream stream, int statementCache) {
        this.connection = connection;
        this.executor = (QueryExecutorBase) connection.getQueryExecutor();
        this.stream = stream;
        this.statements = new StatementCache(statementCache);
    }

    /** The client's unnamed statements kept prepared on this backend, for the relay loop's batches. */
    StatementCache statements() {
        return statements;
    }

    /** No transaction block is open on the backend (as its last ReadyForQuery said). */
    boolean idle() {
        return executor.getTransactionState() == TransactionState.IDLE;
    }

    private static Field pgStreamField() {
        try {
            Field f = QueryExecutorBase.class.getDeclaredField("pgStream");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.info("pgjdbc's stream is not reachable ({}); simple queries go through JDBC", e.toString());
            return null;
        }
    }

    private static Field field(Class<?> owner, String name) {
        try {
            Field f = owner.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.info("pgjdbc's {} is not reachable ({})", name, e.toString());
            return null;
        }
    }

    private static java.lang.reflect.Method onParameterStatusMethod() {
        try {
            java.lang.reflect.Method m = QueryExecutorBase.class.getDeclaredMethod("onParameterStatus", String.class, String.class);
            m.setAccessible(true);
            return m;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.info("pgjdbc's onParameterStatus is not reachable ({})", e.toString());
            return null;
        }
    }

    /**
     * The pgjdbc release whose internals (the fields and method above, {@link BackendFields}) were read and tested;
     * {@code PgjdbcInternalsIT} fails when the bundled pgjdbc is another one, so an upgrade re-checks them.
     */
    static final String VERIFIED_PGJDBC = "42.7.14";

    /** The pgjdbc internals the relay needs that this pgjdbc does not have (empty when all are there). */
    static java.util.List<String> missingInternals() {
        java.util.List<String> missing = new java.util.ArrayList<>();
        if (PG_STREAM == null) {
            missing.add("QueryExecutorBase.pgStream");
        }
        if (DEALLOCATE_EPOCH == null) {
            missing.add("QueryExecutorImpl.deallocateEpoch");
        }
        if (ON_PARAMETER_STATUS == null) {
            missing.add("QueryExecutorBase.onParameterStatus");
        }
        if (LOCK == null) {
            missing.add("QueryExecutorBase.lock");
        }
        if (PG_INPUT == null) {
            missing.add("PGStream.pgInput");
        }
        if (END_INDEX == null) {
            missing.add("VisibleBufferedInputStream.endIndex");
        }
        return missing;
    }

    /** pgjdbc's lock over the connection's stream, or a private one when it is not reachable. */
    java.util.concurrent.locks.Lock pgjdbcLock() {
        if (LOCK != null) {
            try {
                return (java.util.concurrent.locks.Lock) LOCK.get(executor);
            } catch (ReflectiveOperationException | RuntimeException e) {
                LOG.debug("pgjdbc's lock not reachable: {}", e.toString());
            }
        }
        return ownLock;
    }

    private final java.util.concurrent.locks.Lock ownLock = new java.util.concurrent.locks.ReentrantLock();

    /**
     * A relay over this pgjdbc connection, keeping up to {@code statementCache} of its client's unnamed statements
     * prepared; null when pgjdbc's internals are not as expected.
     */
    static BackendRelay of(BaseConnection connection, int statementCache) {
        if (PG_STREAM == null || !(connection.getQueryExecutor() instanceof QueryExecutorBase executor)) {
            return null;
        }
        try {
            return new BackendRelay(connection, (PGStream) PG_STREAM.get(executor), statementCache);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** pgjdbc's stream, for the idle watcher. */
    PGStream stream() {
        return stream;
    }

    /** The backend socket's channel, for {@link RelayLoop}; null over TLS or a socket factory of the user's. */
    java.nio.channels.SocketChannel channel() {
        return stream.getSocket().getChannel();
    }

    /** True when pgjdbc holds no unread backend bytes: everything the backend sends next is still in the socket. */
    boolean streamIdle() {
        if (PG_INPUT == null || END_INDEX == null) {
            return false;
        }
        try {
            org.postgresql.core.VisibleBufferedInputStream in = (org.postgresql.core.VisibleBufferedInputStream) PG_INPUT.get(stream);
            return END_INDEX.getInt(in) == in.getIndex();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Sends the query text as a Query message and relays every backend message to {@code out}
     * up to and including ReadyForQuery. COPY rides along: CopyOut data is relayed as it comes; after
     * CopyInResponse the client's CopyData, CopyDone or CopyFail are read from {@code client} and forwarded.
     *
     * @throws IOException when the client cannot be read or written to, or {@link BackendEnded}
     * @throws BackendLost when the backend cannot be read or written
     */
    void simpleQuery(byte[] queryText, Messages out, PgInput client) throws IOException, SQLException {
        java.util.concurrent.locks.Lock lock = pgjdbcLock();
        lock.lock(); // pgjdbc's own connection lock: none of its calls may interleave with the relay on its stream
        try {
            relaySimpleQuery(queryText, out, client);
        } finally {
            lock.unlock();
        }
    }

    private void relaySimpleQuery(byte[] queryText, Messages out, PgInput client) throws IOException, SQLException {
        if (executor.isClosed()) {
            throw new SQLException("This connection has been closed.", PgState.CONNECTION_DOES_NOT_EXIST.code());
        }
        statements.unnamedReplaced(); // PostgreSQL drops the unnamed statement at a simple query
        try {
            stream.sendChar(FrontendType.QUERY);
            stream.sendInteger4(queryText.length + 5);
            stream.send(queryText);
            stream.sendChar(0);
            stream.flush();
        } catch (IOException e) {
            throw lost(e);
        }
        beginExchange();
        while (true) {
            char type = receive();
            if (relayed(type, out)) {
                return;
            }
            if (type == BackendType.COPY_IN_RESPONSE && copyIn(out, client)) {
                return;
            }
        }
    }

    /** The client broke COPY IN (its sub-protocol, its encoding): PostgreSQL's error for it, the backend error's stand-in. */
    private CopyViolation copyViolation;

    /** The backend sent a FATAL error: a read failing after it means the session ended, not that it was lost. */
    private boolean fatal;
    private int length;

    /** Reads one backend message into {@link #body}; its type is returned, its length kept in {@link #length}. */
    private char receive() throws IOException, SQLException {
        try {
            char type = message.read(stream);
            body = message.body;
            length = message.length;
            return type;
        } catch (IOException e) {
            if (fatal) {
                throw new BackendEnded(); // the FATAL error is on its way to the client
            }
            throw lost(e);
        }
    }

    /** Relays the message just received; true when it was ReadyForQuery, the end of the exchange. */
    private boolean relayed(char type, Messages out) throws IOException, SQLException {
        if (type == BackendType.READY_FOR_QUERY && unusable != null) {
            throw endUnusable();
        }
        if (type == BackendType.COPY_BOTH_RESPONSE) {
            throw lost(new IOException("CopyBothResponse (replication) is not relayed"));
        }
        if (type == BackendType.READY_FOR_QUERY && out.takeConversionFailure() && body[0] == BackendType.IN_TRANSACTION) {
            failTransaction(); // body is now the ReadyForQuery of a failed transaction
        }
        if (copyViolation != null && (type == BackendType.ERROR_RESPONSE || type == BackendType.READY_FOR_QUERY && copyViolation.endsSession())) {
            copyViolation.relay(type, body, length, out); // ends the session at ReadyForQuery
        } else {
            out.raw(type, body, length);
        }
        if (observe(type, body, length)) {
            return true;
        }
        if (fatal) {
            out.flush();
        } else {
            out.flushIfLarge(); // CopyData of a COPY TO STDOUT streams out in 64 kB steps
        }
        return false;
    }

    /**
     * The client got an error the backend never raised (a character its encoding lacks) inside a transaction block: the
     * backend's transaction fails too, as PostgreSQL's does at an error, so a later COMMIT rolls back. Its answer is read
     * up to ReadyForQuery and not relayed.
     */
    private void failTransaction() throws IOException, SQLException {
        toBackend(FrontendType.QUERY, java.nio.ByteBuffer.wrap("SELECT 1/0\0".getBytes(StandardCharsets.US_ASCII)), true);
        while (receive() != BackendType.READY_FOR_QUERY) {
            // the division's error: the client has its own
        }
    }

    /** A new exchange starts: nothing of the last one's errors or settings carries over. */
    void beginExchange() {
        copyViolation = null;
        fatal = false;
        unusable = null;
    }

    /**
     * What a relayed backend message means to pgjdbc's view of the session, kept in step: the transaction state at
     * ReadyForQuery, settings, statements the server forgot. True at ReadyForQuery, the end of the exchange.
     */
    boolean observe(char type, byte[] b, int length) {
        switch (type) {
            case BackendType.READY_FOR_QUERY -> {
                executor.setTransactionState(transactionState(b[0]));
                return true;
            }
            case BackendType.ERROR_RESPONSE -> fatal = isFatal(b, length);
            case BackendType.PARAMETER_STATUS -> parameterStatus(b, length);
            case BackendType.COMMAND_COMPLETE -> commandComplete(b, length);
            default -> {
            }
        }
        return false;
    }

    /** The backend sent a FATAL error in this exchange: its end of the connection follows. */
    boolean fatalSeen() {
        return fatal;
    }

    /** Why pgjdbc cannot go on with the session after this exchange, or null when it can. */
    String unusable() {
        return unusable;
    }

    /** pgjdbc cannot read this session any more: it is ended, as pgjdbc itself does when it runs such a SET. */
    SQLException endUnusable() {
        LOG.debug("backend session unusable after relay: {}", unusable);
        executor.abort();
        try {
            connection.close();
        } catch (SQLException ignored) {
            // it is being discarded
        }
        return new SQLException(unusable, PgState.PROTOCOL_VIOLATION.code());
    }

    private static TransactionState transactionState(byte status) {
        return switch (status) {
            case BackendType.IN_TRANSACTION -> TransactionState.OPEN;
            case BackendType.FAILED_TRANSACTION -> TransactionState.FAILED;
            default -> TransactionState.IDLE;
        };
    }

    /**
     * COPY FROM STDIN, after CopyInResponse was relayed: the client's messages go to the backend one by one (each
     * bounded by the client input's limit) until CopyDone or CopyFail; Flush and Sync are ignored, as PostgreSQL does.
     * What the backend sends meanwhile (notices, an early error and ReadyForQuery) is relayed before the next message
     * is forwarded, so neither side can block the other's writes. True when ReadyForQuery was relayed: the backend
     * ended the COPY itself, and the session loop drops the client's remaining COPY messages, as PostgreSQL does.
     */
    private boolean copyIn(Messages out, PgInput client) throws IOException, SQLException {
        out.flush(); // the client sends its data once it has seen CopyInResponse
        ClientEncoding encoding = out.encoding();
        // COPY's text rows come in the client's encoding, in pieces that may cut a character; binary COPY as it is
        ClientEncoding.ToUtf8Stream toUtf8 = encoding.passesBytes() || body[0] != FormatCodes.TEXT ? null : encoding.new ToUtf8Stream();
        int unchecked = 0;
        while (true) {
            boolean any = false;
            // the backend is looked at before the proxy could wait for the client, else every 64 messages: a system call
            // per CopyData would cost more than the relay's own work
            boolean look = ++unchecked >= 64 || client.buffered() <= 0;
            try {
                while (look && backendSentSomething()) {
                    any = true;
                    if (relayed(receive(), out)) {
                        out.flush();
                        return true;
                    }
                }
            } catch (IOException e) {
                throw lost(e);
            }
            if (any) {
                out.flush();
            }
            if (look) {
                unchecked = 0;
            }
            PgInput.Message m;
            try {
                m = client.read();
            } catch (IOException e) {
                abandonCopy();
                throw e;
            }
            if (m == null) {
                abandonCopy();
                throw new java.io.EOFException("the client left during COPY FROM STDIN");
            }
            switch (m.type()) {
                case FrontendType.COPY_DATA -> {
                    java.nio.ByteBuffer data = m.body();
                    try {
                        data = toUtf8 == null ? data : toUtf8.next(data);
                    } catch (SQLException e) {
                        failCopy(e, toUtf8.line());
                        return false;
                    }
                    toBackend(FrontendType.COPY_DATA, data, false);
                }
                case FrontendType.COPY_DONE, FrontendType.COPY_FAIL -> {
                    try {
                        if (toUtf8 != null && m.type() == FrontendType.COPY_DONE) {
                            toUtf8.end();
                        }
                    } catch (SQLException e) {
                        failCopy(e, toUtf8.line());
                        return false;
                    }
                    java.nio.ByteBuffer reason = m.body();
                    if (m.type() == FrontendType.COPY_FAIL && !encoding.passesBytes()) { // the client's words, in its encoding
                        byte[] utf8 = encoding.toUtf8Leniently(reason.array(), reason.arrayOffset(), reason.remaining());
                        reason = java.nio.ByteBuffer.wrap(utf8);
                    }
                    toBackend(m.type(), reason, true);
                    return false;
                }
                case FrontendType.FLUSH, FrontendType.SYNC -> {
                    // PostgreSQL ignores these during COPY IN, for client libraries that send them
                }
                default -> {
                    // PostgreSQL fails the COPY on any other message; the backend's error tells the client
                    String reason = String.format("unexpected message type 0x%02X during COPY from stdin", (int) m.type());
                    toBackend(FrontendType.COPY_FAIL, java.nio.ByteBuffer.wrap((reason + "\0").getBytes(StandardCharsets.UTF_8)), true);
                    copyViolation = new CopyViolation(PgState.PROTOCOL_VIOLATION.code(), reason, true, 0); // for the backend's 57014
                    return false;
                }
            }
        }
    }

    /** Times COPY IN fell back to pgjdbc's waiting check (its internals not reachable): 0 is the relay at wire speed. */
    static final java.util.concurrent.atomic.AtomicLong WAITING_CHECKS = new java.util.concurrent.atomic.AtomicLong();

    /**
     * True when backend bytes wait to be read, found without waiting: pgjdbc's buffer, then the socket's count of received
     * bytes. pgjdbc's own {@code hasMessagePending} tries a read with a 1 ms timeout when nothing is there, which cost
     * 1 ms per CopyData (pgbench -i -s 1: 113 s instead of 0.2 s).
     */
    private boolean backendSentSomething() throws IOException {
        if (PG_INPUT != null) {
            try {
                return ((java.io.InputStream) PG_INPUT.get(stream)).available() > 0;
            } catch (IllegalAccessException | RuntimeException e) {
                LOG.debug("pgjdbc's input not reachable: {}", e.toString());
            }
        }
        WAITING_CHECKS.incrementAndGet();
        return stream.hasMessagePending();
    }

    /** The client's COPY data cannot be read (bytes invalid in its encoding): the COPY fails with PostgreSQL's error. */
    private void failCopy(SQLException e, long line) throws SQLException {
        toBackend(FrontendType.COPY_FAIL, java.nio.ByteBuffer.wrap((e.getMessage() + "\0").getBytes(StandardCharsets.UTF_8)), true);
        copyViolation = new CopyViolation(e.getSQLState(), e.getMessage(), false, line);
    }

    private void toBackend(char type, java.nio.ByteBuffer b, boolean flush) throws SQLException {
        try {
            stream.sendChar(type);
            stream.sendInteger4(b.remaining() + 4);
            stream.send(b.array(), b.arrayOffset() + b.position(), b.remaining());
            if (flush) {
                stream.flush();
            }
        } catch (IOException e) {
            throw lost(e);
        }
    }

    /**
     * The client is gone mid-COPY: the backend is told (CopyFail, so nothing of the COPY stays) and its answer read up
     * to ReadyForQuery, leaving the backend session idle and pgjdbc in step; a backend that cannot be told is closed.
     */
    private void abandonCopy() {
        try {
            toBackend(FrontendType.COPY_FAIL, java.nio.ByteBuffer.wrap("the client left during COPY\0".getBytes(StandardCharsets.UTF_8)), true);
            while (true) {
                char type = receive();
                if (type == BackendType.READY_FOR_QUERY) {
                    executor.setTransactionState(transactionState(body[0]));
                    return;
                }
            }
        } catch (SQLException | IOException e) {
            LOG.debug("backend not told of the abandoned COPY: {}", e.toString());
            lost(new IOException(e));
        }
    }

    /** Why pgjdbc could not go on with the session after what was relayed (its own message), or null. */
    private String unusable;

    /**
     * A setting the client changed (a relayed SET, set_config): pgjdbc is told as when it reads ParameterStatus itself,
     * since it parses literals by standard_conforming_strings, decodes by client_encoding and DateStyle, reports
     * getParameterStatus and prepares statements anew after a search_path change.
     */
    void parameterStatus(byte[] b, int length) {
        int nameEnd = indexOfZero(b, 0, length);
        String name = new String(b, 0, nameEnd, StandardCharsets.UTF_8);
        int valueEnd = indexOfZero(b, nameEnd + 1, length);
        String value = new String(b, nameEnd + 1, Math.max(0, valueEnd - nameEnd - 1), StandardCharsets.UTF_8);
        if (name.isEmpty()) {
            return;
        }
        if (name.equals("search_path") && !value.equals(executor.getParameterStatus(name))) {
            newDeallocateEpoch();
        }
        if (ON_PARAMETER_STATUS != null) {
            try {
                ON_PARAMETER_STATUS.invoke(executor, name, value);
            } catch (ReflectiveOperationException | RuntimeException e) {
                LOG.debug("pgjdbc's onParameterStatus failed: {}", e.toString());
            }
        }
        switch (name) {
            case "standard_conforming_strings" -> executor.setStandardConformingStrings("on".equalsIgnoreCase(value));
            case "client_encoding" -> {
                // SQL_ASCII makes a UTF8 server send its bytes as they are, which are UTF8: pgjdbc still reads them right
                boolean rawUtf8 = value.equalsIgnoreCase("SQL_ASCII") && "UTF8".equalsIgnoreCase(executor.getParameterStatus("server_encoding"));
                if (!value.equalsIgnoreCase("UTF8") && !value.equalsIgnoreCase("UTF-8") && !rawUtf8) {
                    unusable = "The server's client_encoding parameter was changed to " + value
                            + ". The JDBC driver requires client_encoding to be UTF8 for correct operation.";
                }
            }
            case "DateStyle" -> {
                // Another style is fine here: relayed rows are the server's text, and the JDBC route sends text values as
                // pgjdbc's getString gives them, the server's text too. Only pgjdbc's own reading of a ParameterStatus
                // refuses it, so a SET DateStyle sent in the extended protocol still ends the session (08P01).
            }
            case "TimeZone" -> {
                if (executor instanceof org.postgresql.core.v3.QueryExecutorImpl impl) {
                    impl.setTimeZone(org.postgresql.jdbc.TimestampUtils.parseBackendTimeZone(value));
                }
            }
            case "application_name" -> {
                if (executor instanceof org.postgresql.core.v3.QueryExecutorImpl impl) {
                    impl.setApplicationName(value);
                }
            }
            default -> {
            }
        }
    }

    /** pgjdbc forgets its server-side statements after these commands, as when it runs them itself. */
    private void commandComplete(byte[] b, int length) {
        if (length == 0 || b[0] != 'D' && b[0] != 'C' && b[0] != 'A') {
            return; // SELECT, INSERT, ... (most tags): no String made per query
        }
        String tag = new String(b, 0, indexOfZero(b, 0, length), StandardCharsets.UTF_8);
        boolean allDeallocated = tag.startsWith("DEALLOCATE ALL") || tag.startsWith("DISCARD ALL");
        if (allDeallocated) {
            statements.allDeallocated(); // the proxy's kept statements went with the client's
        }
        if (executor.isFlushCacheOnDeallocate() && allDeallocated
                || executor.isFlushCacheOnDdl() && (tag.startsWith("CREATE") || tag.startsWith("DROP") || tag.startsWith("ALTER"))) {
            newDeallocateEpoch();
        }
    }

    private void newDeallocateEpoch() {
        if (DEALLOCATE_EPOCH != null && executor instanceof org.postgresql.core.v3.QueryExecutorImpl) {
            try {
                DEALLOCATE_EPOCH.setShort(executor, (short) (DEALLOCATE_EPOCH.getShort(executor) + 1));
            } catch (ReflectiveOperationException | RuntimeException e) {
                LOG.debug("pgjdbc's deallocateEpoch not updated: {}", e.toString());
            }
        }
    }

    /** ErrorResponse fields are (code byte, cstring) pairs; 'V' (or 'S') is the severity. */
    static boolean isFatal(byte[] b, int length) {
        int i = 0;
        while (i < length && b[i] != 0) {
            char code = (char) b[i];
            int end = indexOfZero(b, i + 1, length);
            if (code == 'V' || code == 'S') {
                String severity = new String(b, i + 1, end - i - 1, StandardCharsets.UTF_8);
                if (severity.equals("FATAL") || severity.equals("PANIC")) {
                    return true;
                }
            }
            i = end + 1;
        }
        return false;
    }

    private static int indexOfZero(byte[] b, int from, int limit) {
        for (int i = from; i < limit; i++) {
            if (b[i] == 0) {
                return i;
            }
        }
        return limit;
    }

    // ---- the extended protocol's relay ({@link ExtendedRelay}) ----

    /** Sends one client message to the backend as it is, its body from {@code body}; unflushed. */
    void send(char type, byte[] body, int offset, int length) throws SQLException {
        try {
            stream.sendChar(type);
            stream.sendInteger4(length + 4);
            stream.send(body, offset, length);
        } catch (IOException e) {
            throw lost(e);
        }
    }

    void flushBackend() throws SQLException {
        try {
            stream.flush();
        } catch (IOException e) {
            throw lost(e);
        }
    }

    /** True when a backend byte can be read without waiting (pgjdbc's buffer or the socket's). */
    boolean bytesReady() {
        try {
            return PG_INPUT != null
                    && ((org.postgresql.core.VisibleBufferedInputStream) PG_INPUT.get(stream)).available() > 0;
        } catch (ReflectiveOperationException | IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Reads one backend message and relays it to the client (an error without the {@code hidden} suffix of the names
     * the proxy gave the client's statements and portals); a CopyInResponse is answered with CopyFail instead (COPY
     * of the extended protocol is not carried). Returns its type.
     */
    char relayOne(Messages out, String hidden) throws IOException, SQLException {
        if (streamIdle() && !bytesReady()) {
            out.flush(); // the backend is not done: what it sent so far (a notice of a running statement) goes out now
        }
        char type = receive();
        if (type == BackendType.COPY_IN_RESPONSE) {
            byte[] reason = "COPY is not supported in the extended query protocol by nlsql's proxy; send it as a simple query\0"
                    .getBytes(StandardCharsets.UTF_8);
            send(FrontendType.COPY_FAIL, reason, 0, reason.length);
            flushBackend();
            return type;
        }
        if (type == BackendType.ERROR_RESPONSE) {
            length = withoutSuffix(body, length, (hidden + "\"").getBytes(StandardCharsets.UTF_8));
        }
        relayed(type, out);
        return type;
    }

    /** Removes the suffix before each quote that ends it, in place; returns the new length. */
    static int withoutSuffix(byte[] b, int length, byte[] suffixQuote) {
        int w = 0;
        for (int r = 0; r < length; r++) {
            if (java.util.Arrays.equals(b, r, Math.min(length, r + suffixQuote.length), suffixQuote, 0, suffixQuote.length)) {
                r += suffixQuote.length - 1; // the quote is written below
            }
            b[w++] = b[r];
        }
        return w;
    }

    /** A half-relayed exchange leaves the stream out of step: nothing more can be read from it. */
    BackendLost lost(IOException e) {
        LOG.debug("backend connection lost while relaying: {}", e.toString());
        executor.abort();
        try {
            connection.close();
        } catch (SQLException ignored) {
            // it is being discarded
        }
        return new BackendLost(PgState.CONNECTION_FAILURE.message(e.getMessage()), e);
    }
}
