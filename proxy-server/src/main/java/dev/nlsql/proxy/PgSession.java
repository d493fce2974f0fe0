package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.BackendType;
import dev.nlsql.proxy.wire.FrontendType;
import dev.nlsql.sql.SqlLexer;
import dev.nlsql.sql.StatementKind;
import dev.nlsql.engine.Trace;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.jdbc.TextKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection, from startup to terminate, on its own thread and its own nlsql
 * connection to the backend: SQL behaves as on PostgreSQL (SET, temporary tables,
 * transactions), and questions run nlsql's loop.
 *
 * <pre>
 * startup ─ ClientLogin (SSLRequest, StartupMessage, password) ─ openBackend ─ AuthenticationOk … ReadyForQuery
 *
 * the message loop, in {@link SessionMode}s (SessionMode lists the moves; any other throws):
 *
 *                  Query of plain SQL
 *       READY ─────────────────────────────> RELAYING ── relayed ──> READY
 *       ^  │                                     │
 *       │  │ error in an extended batch          │ relayed, the parkAfter-th loopable exchange in a row
 *       │  v                                     v
 *       │ SKIPPING_TO_SYNC                     TO_PARK ── cannot park (TLS, bytes buffered, ...) ──> READY
 *       │  │ Sync                                │ park
 *       ├──┘                                     v
 *       │                                     PARKED: RelayLoop relays Query after Query
 *       └──── any other message (or the client or backend gone: the session ends) ──┘
 *
 * A loopable exchange is a Query the loop relays alone, or an unnamed extended batch of {@link ExtendedBatch}'s shape
 * (counted at its Sync, which moves READY to TO_PARK), and the loop relays both.
 *
 * READY answers: Query (questions, DDL, LISTEN: the JDBC route), Parse/Bind/Describe/Execute/Close/Sync/Flush
 * ({@link ExtendedRelay} for SQL passed untouched, {@link ExtendedQuery} for the rest; a Parse the JDBC route holds
 * back until the next message tells whether it parsed is ExtendedQuery's own sub-state), FunctionCall.
 * A cancel goes to the backend in RELAYING and PARKED (and while ExtendedRelay is active), else to the JDBC statement.
 * </pre>
 */
final class PgSession implements Runnable, ExtendedQuery.Session {

    private static final Logger LOG = LoggerFactory.getLogger(PgSession.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Server server;
    private ClientLogin login;
    /** The client's connection: a socket in the server, streams in memory in protocol tests. */
    private ClientConnection client;
    private PgInput in;
    private Messages out;
    private Connection backend;
    private PgTypes types;
    private final int processId;
    private final int secret = RANDOM.nextInt();
    private Statement simpleStatement;
    private BackendRelay relay;
    /** Which SQL this session relays as it is; set with the relay. */
    private RelayedSql relayedSql;
    /** The extended protocol's SQL statements, relayed as they are; null where the JDBC route takes them all. */
    private ExtendedRelay extendedRelay;
    /** Parse, Bind, Describe, Execute, Close and Sync. */
    private final ExtendedQuery extended = new ExtendedQuery(this);
    /** Forwards what the backend sends while the client is idle; null without the relay. */
    private IdleWatcher watcher;
    /** Who answers the client now (see the header); written by the session's thread only, read by a cancel's. */
    private volatile SessionMode mode = SessionMode.READY;
    /** Simple queries the relay loop could have relayed that in a row the session's thread relayed since its last stay in the loop. */
    private int loopableInARow;
    /**
     * How many of them it takes to park: 1, doubled (up to 64) after each stay that relayed nothing, so a client that
     * alternates simple and extended queries (node-postgres does, by parameters) does not pay a hand-over per query.
     */
    private int parkAfter = 1;
    /** Where the client's current extended batch stands in {@link ExtendedBatch}'s shape. */
    private int batchStep = ExtendedBatch.START;
    /** A Parse's text, for {@link RelayedSql#relaysAlone(byte[], int, int)}; made at the first Parse. */
    private byte[] batchText;
    /** The batch whose Sync comes next completes a run of loopable exchanges: park once it is answered. */
    private boolean parkAfterSync;
    private volatile Statement running;
    /** The server's notices of a statement that failed: they go out just before its ErrorResponse, after anything held back. */
    private final List<Map<Character, String>> noticesBeforeError = new ArrayList<>();
    private boolean postgres;
    /** SQL text is guarded or refused (nlsql.passthrough readonly or deny), never relayed. */
    private boolean sqlGuarded;
    private org.postgresql.core.BaseConnection pgBackend;

    /**
     * What a session asks of its server: the login's needs, a place among the connections, the backend, the cancel
     * registry, the relay loop and the idle watchers' pool. The server implements it, so a session never names the server.
     */
    interface Server extends ClientLogin.Server {
        /** Counts an authenticated session; false when there are already --max-connections of them. */
        boolean reserveSession(PgSession session);

        Connection openBackend(Map<String, String> startup, ClientLogin login) throws SQLException;

        boolean backendIsPostgres(Connection backend);

        /** What the client hears after authentication. */
        Map<String, String> parameterStatus(Connection backend, Map<String, String> startup) throws SQLException;

        /** Records the process id a session tells its client, for CancelRequest; returns it. */
        int cancelKey(PgSession session, int pid);

        /** The loop that relays parked sessions' simple queries; null in a server never started (no parking). */
        RelayLoop relayLoop();

        IdleWatcher.Pool idleWatchers();

        /** The session has ended. */
        void forget(PgSession session);
    }

    PgSession(Server server, ClientConnection client, int processId) {
        this.server = server;
        this.client = client;
        this.processId = processId;
    }

    @Override
    public int processId() {
        return processId;
    }

    private Runnable onLoginDone;
    private final java.util.concurrent.atomic.AtomicBoolean loginOver = new java.util.concurrent.atomic.AtomicBoolean();

    /** What the server does once this connection stops logging in (authenticated, refused or gone). */
    void onLoginDone(Runnable action) {
        this.onLoginDone = action;
    }

    /** True until the client has logged in to the backend (or failed to). */
    boolean loggingIn() {
        return !loginOver.get();
    }

    /** Runs the login-done action once. */
    void loginDone() {
        if (onLoginDone != null && loginOver.compareAndSet(false, true)) {
            onLoginDone.run();
        }
    }

    /** Ends a connection that has not authenticated within the login timeout (the server's watchdog calls it). */
    void loginTimedOut() {
        LOG.debug("session {}: no login within {} s", processId, server.config().loginTimeoutSeconds());
        try {
            client.close(); // unblocks the session's read; it ends as a lost connection
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    /** The session's jdbc:nlsql: connection to the backend, null before startup completed. */
    @Override
    public Connection backend() {
        return backend;
    }

    @Override
    public void run() {
        try {
            login = new ClientLogin(server, client);
            Map<String, String> startup = login.startup();
            client = login.client(); // TLS now, if the client asked for it
            in = login.in();
            out = login.out();
            if (startup == null || !login.authenticate(startup.getOrDefault("user", ""))) {
                return;
            }
            if (!server.reserveSession(this)) {
                fatal(PgState.TOO_MANY_CONNECTIONS.code(), PgState.TOO_MANY_CONNECTIONS.message(server.config().maxConnections()));
                return;
            }
            StartupSettings.check(startup, client.address().getHostAddress(), server.config().sharedAccount());
            startupEncoding = StartupSettings.clientEncoding(startup);
            out.encoding(startupEncoding);
            backend = server.openBackend(startup, login); // still under the login timeout
            loginDone();
            in.maxMessageBytes(server.config().maxMessageBytes());
            postgres = server.backendIsPostgres(backend);
            pgBackend = postgres ? backend.unwrap(org.postgresql.core.BaseConnection.class) : null;
            types = PgTypes.of(backend, postgres);
            sqlGuarded = !backend.unwrap(dev.nlsql.jdbc.ProxySupport.class).passesSqlUntouched();
            if (postgres && !sqlGuarded) {
                relay = BackendRelay.of(pgBackend, server.config().statementCache());
            }
            relayedSql = new RelayedSql(relay != null, pgBackend);
            if (relay != null) {
                extendedRelay = new ExtendedRelay(relay, out);
                watcher = new IdleWatcher(server.idleWatchers(), relay.stream(), out, idleSession());
            }
            welcome(startup);
            loop();
        } catch (PgInput.ProtocolViolation e) {
            LOG.debug("session {}: protocol violation: {}", processId, e.getMessage());
            fatal(PgState.PROTOCOL_VIOLATION.code(), PgState.PROTOCOL_VIOLATION.message(e.getMessage()));
            drainBeforeClose();
        } catch (StartupSettings.Refused e) {
            refused(e.getSQLState(), e.getMessage(), e.detail, e.hint);
        } catch (SQLException e) {
            ClientLogin.PasswordRefusal refusal = login == null ? null : login.passwordRefusal();
            if (backend == null && refusal != null) {
                refused(refusal.getSQLState(), refusal.getMessage(), null, refusal.hint);
                return;
            }
            org.postgresql.util.ServerErrorMessage pg = e instanceof org.postgresql.util.PSQLException p ? p.getServerErrorMessage() : null;
            if (backend == null && pg != null && pg.getSQLState() != null) {
                // The server refused the login (a bad setting, an unknown database): its own error, as it sends it directly.
                refused(pg.getSQLState(), pg.getMessage(), pg.getDetail(), pg.getHint(), pg.getRoutine());
            } else {
                fatal(e.getSQLState() == null ? PgState.CONNECTION_FAILURE.code() : e.getSQLState(), "cannot reach the backend database: " + e.getMessage());
            }
        } catch (IOException e) {
            LOG.debug("session {}: connection lost: {}", processId, e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("session {} failed", processId, e);
            fatal(PgState.INTERNAL_ERROR.code(), PgState.INTERNAL_ERROR.message(e));
        } finally {
            close();
        }
    }

    private void welcome(Map<String, String> startup) throws IOException, SQLException {
        out.authenticationOk();
        Map<String, String> status = server.parameterStatus(backend, startup);
        status.forEach(out::parameterStatus);
        // PostgreSQL's own process id where there is one: pg_backend_pid(), pg_cancel_backend() and the sender of a
        // notification then name this session as the client knows it
        int key = server.cancelKey(this, postgres ? pgBackend.getBackendPID() : processId);
        Thread.currentThread().setName("nlsql-session-" + key);
        out.backendKeyData(key, secret);
        sendNotices(takeNotices(null)); // the server's notices at login, as it sends them before ReadyForQuery
        out.readyForQuery(transactionStatus());
        out.flush();
    }

    // ---- the message loop ----

    private void loop() throws IOException {
        while (true) {
            if (mode == SessionMode.TO_PARK && !parkInRelayLoop()) {
                return;
            }
            if (watcher != null && out.endsReady() && !extendedRelay.active()) {
                forwardQueuedNotifications();
                watcher.idle();
            }
            PgInput.Message m;
            try {
                m = in.read();
            } catch (IOException e) {
                if (watcher != null) {
                    watcher.close(); // before anything is written to the client (a protocol violation's FATAL)
                }
                throw e;
            }
            if (watcher != null && !watcher.busy()) {
                return; // the backend ended the session while it was idle; the client has its FATAL
            }
            if (m == null || m.type() == FrontendType.TERMINATE) {
                return;
            }
            if (mode == SessionMode.SKIPPING_TO_SYNC && m.type() != FrontendType.SYNC) {
                continue;
            }
            if (m.type() != FrontendType.QUERY && !followsLoopableBatch(m)) {
                loopableInARow = 0;
            }
            try {
                m = Utf8Messages.of(m, out.encoding(), pgBackend == null || pgBackend.getStandardConformingStrings());
                if (extended.unconfirmed != null && !extended.triesUnconfirmed(m)) {
                    extended.settle();
                }
                if (extendedRelay != null && relayedExtended(m)) {
                    continue;
                }
                if (extendedRelay != null && extendedRelay.active() && m.type() != FrontendType.SYNC && extendedRelay.catchUp()) {
                    to(SessionMode.SKIPPING_TO_SYNC); // the backend failed a relayed message: as PostgreSQL, all up to the Sync is skipped
                    continue;
                }
                settingsBefore = m.type() == FrontendType.QUERY || pgBackend == null ? null : new java.util.HashMap<>(pgBackend.getParameterStatuses());
                switch (m.type()) {
                    case FrontendType.QUERY -> simpleQuery(m.body());
                    case FrontendType.PARSE -> extended.parse(ExtendedMessages.Parse.of(m.body()));
                    case FrontendType.BIND -> extended.bind(ExtendedMessages.Bind.of(m.body()));
                    case FrontendType.DESCRIBE -> extended.describe(ExtendedMessages.Target.of(m.body()));
                    case FrontendType.EXECUTE -> extended.execute(ExtendedMessages.Execute.of(m.body()));
                    case FrontendType.CLOSE -> extended.close(ExtendedMessages.Target.of(m.body()));
                    case FrontendType.SYNC -> extended.sync();
                    case FrontendType.FLUSH -> out.flush(); // settled above: what was held back has been sent
                    case FrontendType.COPY_DATA, FrontendType.COPY_DONE, FrontendType.COPY_FAIL -> {
                        // outside COPY IN (the rest of a COPY the backend already ended): PostgreSQL drops them too
                    }
                    case FrontendType.FUNCTION_CALL -> functionCall(m.body());
                    default -> throw new PgInput.ProtocolViolation("unknown message type '" + m.type() + "'");
                }
            } catch (SQLException | RuntimeException thrown) {
                SQLException e = thrown instanceof SQLException sql ? sql : internalError((RuntimeException) thrown);
                extended.failed();
                reportChangedSettings();
                if (backendGone()) {
                    error(e, "FATAL"); // no backend session left to go on with: end the client's too, as PostgreSQL would
                    out.flush();
                    return;
                }
                if (extended.unconfirmed != null) {
                    extended.resolveAfterError(e);
                }
                failTransactionAfter(e);
                error(e, "ERROR");
                if (m.type() == FrontendType.QUERY || m.type() == FrontendType.FUNCTION_CALL) {
                    // a FunctionCall is answered like a simple Query, ReadyForQuery after it (libpq's PQfn, lo_*, waits
                    // for it): it is no part of an extended-protocol batch, and no Sync follows it
                    out.readyForQuery(transactionStatus());
                } else if (m.type() == FrontendType.SYNC) {
                    extended.sync(); // the error was a held-back Parse's: the Sync still ends the batch
                } else {
                    to(SessionMode.SKIPPING_TO_SYNC);
                }
                out.flush(); // PostgreSQL sends an error at once: a client waiting after Execute + Flush gets it
                continue;
            }
            reportChangedSettings();
            if (m.type() == FrontendType.QUERY || m.type() == FrontendType.SYNC || m.type() == FrontendType.FUNCTION_CALL) {
                out.flush();
            }
        }
    }

    private static final java.util.Set<String> REPORTED_SETTINGS = java.util.Set.of("application_name", "DateStyle",
            "IntervalStyle", "TimeZone", "standard_conforming_strings", "search_path");

    /** pgjdbc's settings before the JDBC route handled the current message; null for a simple query (relayed ones
     *  relay their own ParameterStatus). */
    private Map<String, String> settingsBefore;

    /**
     * Settings a client sets that the backend changed while the JDBC route ran a message (an error that rolls back a
     * SET in a transaction, a function that calls set_config) reach the client as ParameterStatus, as PostgreSQL
     * sends them. Not the proxy's own: a guarded statement's SET LOCAL ROLE (is_superuser) is no client's news.
     */
    private void reportChangedSettings() {
        Map<String, String> before = settingsBefore;
        settingsBefore = null;
        if (before == null || pgBackend == null) {
            return;
        }
        pgBackend.getParameterStatuses().forEach((name, value) -> {
            if (REPORTED_SETTINGS.contains(name) && !value.equals(before.get(name))) {
                out.parameterStatus(name, value);
            }
        });
    }

    /** A failure of the proxy's own (a value it cannot convert) fails the statement, not the session. */
    private SQLException internalError(RuntimeException e) {
        LOG.warn("session {}: internal error in a statement", processId, e);
        return new SQLException(PgState.INTERNAL_ERROR.message(e), PgState.INTERNAL_ERROR.code(), e);
    }

    /**
     * Relays a message of the extended protocol when it belongs to SQL the session passes untouched (a Parse of SQL, or
     * a message naming such a statement or portal, or the Sync or Flush of a batch that relayed some): true when it
     * was relayed. Anything else takes the JDBC route: questions, COPY (refused there), names the JDBC route owns.
     */
    private boolean relayedExtended(PgInput.Message m) throws IOException, SQLException {
        ByteBuffer b = m.body().duplicate();
        ExtendedRelay r = extendedRelay;
        switch (m.type()) {
            case FrontendType.PARSE -> {
                String name = PgInput.cstring(b);
                String query = PgInput.cstring(b);
                String first = SqlLexer.firstWord(query);
                // a client in another encoding than UTF-8 stays on the JDBC route: its relayed rows would need converting,
                // and which columns of a DataRow are binary is known only from the Bind, not from the rows
                if (!name.isEmpty() && extended.statements.containsKey(name) || StatementKind.ofKeyword(first) == StatementKind.COPY
                        || !query.isBlank() && !relayedSql.isSql(query) || !out.encoding().passesBytes()
                        || clientSetting(query)) { // SET client_encoding is the proxy's: it converts, the backend stays UTF-8
                    r.forget(FrontendType.STATEMENT, name);
                    return false;
                }
                Prepared old = extended.statements.remove(name);
                Closeables.quietly(old == null ? null : old.statement);
                r.parse(m.body(), name, query, !StatementKind.ofKeyword(first).isRelayed() && TextKind.of(query).changesSchema());
                return true;
            }
            case FrontendType.BIND -> {
                String portal = PgInput.cstring(b);
                if (!r.ownsStatement(PgInput.cstring(b))) {
                    r.forget(FrontendType.PORTAL, portal);
                    return false;
                }
                extended.closePortal(portal);
                r.bind(m.body(), portal);
                return true;
            }
            case FrontendType.DESCRIBE -> {
                char kind = (char) PgInput.byte1(b);
                String name = PgInput.cstring(b);
                if (kind == FrontendType.STATEMENT ? !r.ownsStatement(name) : kind != FrontendType.PORTAL || !r.ownsPortal(name)) {
                    return false;
                }
                r.describe(m.body(), kind);
                return true;
            }
            case FrontendType.EXECUTE -> {
                if (!r.ownsPortal(PgInput.cstring(b))) {
                    return false;
                }
                r.execute(m.body());
                return true;
            }
            case FrontendType.CLOSE -> {
                char kind = (char) PgInput.byte1(b);
                String name = PgInput.cstring(b);
                boolean owned = kind == FrontendType.STATEMENT ? r.ownsStatement(name) : r.ownsPortal(name);
                boolean jdbcs = kind == FrontendType.STATEMENT ? extended.statements.containsKey(name) : extended.portals.containsKey(name);
                if (!owned && (jdbcs || !r.active())) {
                    return false;
                }
                r.close(m.body(), kind, name);
                return true;
            }
            case FrontendType.SYNC -> {
                if (!r.active()) {
                    parkAfterSync = false; // the batch took the JDBC route after all: the loop would hand it back
                    return false;
                }
                extended.sync(false);
                r.sync(this::schemaChanged);
                if (transactionStatus() == BackendType.IDLE) {
                    r.portalsEnded(); // no transaction is open: PostgreSQL has closed every portal
                }
                out.flush();
                if (parkAfterSync) {
                    parkAfterSync = false;
                    to(SessionMode.TO_PARK);
                }
                return true;
            }
            case FrontendType.FLUSH -> {
                if (!r.active()) {
                    return false;
                }
                if (r.catchUp()) {
                    to(SessionMode.SKIPPING_TO_SYNC);
                }
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /**
     * Follows the client's extended batches in {@link ExtendedBatch}'s shape (the one the relay loop relays alone): true
     * while {@code m} continues one, and at its Sync counts it as a loopable exchange, as a loopable Query is counted.
     */
    private boolean followsLoopableBatch(PgInput.Message m) {
        if (relayedSql == null) {
            return false; // no relay: nothing is relayed alone
        }
        if (m.type() == FrontendType.PARSE) {
            batchStep = ExtendedBatch.START; // a Parse starts the next batch, whatever came before it
            if (batchText == null) {
                batchText = new byte[RelayLoop.CLIENT_BUFFER];
            }
        }
        ByteBuffer b = m.body();
        int step = ExtendedBatch.next(batchStep, m.type(), b, b.position(), b.remaining(), relayedSql, batchText);
        batchStep = step == ExtendedBatch.NOT_ALONE || step == ExtendedBatch.SYNCED ? ExtendedBatch.START : step;
        if (step == ExtendedBatch.SYNCED) {
            loopableInARow++;
            parkAfterSync = loopableInARow >= parkAfter;
        }
        return step != ExtendedBatch.NOT_ALONE;
    }

    /** A relayed statement may have changed the schema: nlsql reads its catalog anew when it next needs it. */
    void schemaChanged() {
        try {
            backend.unwrap(dev.nlsql.jdbc.NlConnection.class).refreshSchema();
        } catch (SQLException | RuntimeException e) {
            LOG.debug("session {}: catalog not refreshed: {}", processId, e.toString());
        }
    }

    /**
     * Parks the session in the relay loop while its client sends simple queries the loop relays, and takes it back
     * for anything else. False when the session is over (the client left, or the backend ended or failed, and the
     * client has been told what PostgreSQL would tell it).
     */
    private boolean parkInRelayLoop() throws IOException {
        java.nio.channels.SocketChannel channel = client.channel(); // null over TLS and in memory
        RelayLoop lane = server.relayLoop();
        if (lane == null || channel == null || !out.endsReady() || extendedRelay.active() || in.buffered() != 0 || extended.unconfirmed != null
                || relay.channel() == null || !relay.streamIdle()
                || !out.encoding().passesBytes()) { // the loop forwards bytes unread: it cannot convert them
            to(SessionMode.READY);
            return true;
        }
        forwardQueuedNotifications();
        RelayLoop.Handback back;
        to(SessionMode.PARKED);
        try {
            back = lane.park(relayedSql, channel, relay);
        } finally {
            to(SessionMode.READY);
        }
        loopableInARow = 0;
        parkAfterSync = false;
        parkAfter = back.relayed() > 0 ? 1 : Math.min(64, parkAfter * 2);
        if (back.batches() > 0) {
            // the loop's batches parsed the unnamed statement on the backend: the JDBC route's one is gone, as after a
            // relayed Parse on this thread; the unnamed portal lives on while a transaction is open
            Prepared old = extended.statements.remove("");
            Closeables.quietly(old == null ? null : old.statement);
            extended.closePortal("");
            extendedRelay.relayedUnnamed(transactionStatus() == BackendType.IDLE);
        }
        switch (back.outcome()) {
            case MESSAGE -> {
                in.putBack(back.clientBytes());
                return true;
            }
            case CLIENT_GONE -> {
                if (back.midExchange()) {
                    pgBackend.getQueryExecutor().abort(); // a query was on its way: the backend stream is out of step
                }
                return false;
            }
            case BACKEND_ENDED -> {
                pgBackend.getQueryExecutor().abort(); // pgjdbc sees the connection closed, as it is
                return false;
            }
            default -> {
                SQLException e = back.error() == null ? relay.endUnusable()
                        : relay.lost(back.error() instanceof IOException io ? io : new IOException(back.error()));
                error(e, "FATAL"); // no backend session left to go on with: end the client's too, as PostgreSQL would
                out.flush();
                return false;
            }
        }
    }

    /**
     * A FunctionCall (libpq's PQfn, which its large-object calls use) goes to PostgreSQL as one, through pgjdbc's
     * fast-path API, and PostgreSQL's privileges decide as for the same function in SQL. Only where SQL passes
     * untouched: a call by OID would bypass a guarding nlsql.passthrough. Arguments and result in binary format, as
     * libpq sends them (pgjdbc's fast path has no other).
     */
    @SuppressWarnings("deprecation")
    private void functionCall(ByteBuffer b) throws IOException, SQLException {
        if (relay == null) {
            throw new SQLException("the function call message needs a PostgreSQL backend under nlsql.passthrough=allow",
                    PgState.FEATURE_NOT_SUPPORTED.code());
        }
        int oid = PgInput.int32(b);
        short[] formats = PgInput.shorts(b);
        int n = PgInput.int16(b);
        org.postgresql.fastpath.FastpathArg[] args = new org.postgresql.fastpath.FastpathArg[Math.max(0, n)];
        for (int i = 0; i < args.length; i++) {
            int length = PgInput.int32(b);
            short format = formats.length == 0 ? 0 : formats[formats.length == 1 ? 0 : Math.min(i, formats.length - 1)];
            if (length < 0 || format != 1) {
                throw new SQLException("function call arguments must be non-null and in binary format through nlsql's proxy",
                        PgState.FEATURE_NOT_SUPPORTED.code());
            }
            args[i] = new org.postgresql.fastpath.FastpathArg(PgInput.bytes(b, length));
        }
        if (PgInput.int16(b) != 1) {
            throw new SQLException("function call results must be in binary format through nlsql's proxy",
                    PgState.FEATURE_NOT_SUPPORTED.code());
        }
        byte[] result = pgBackend.getFastpathAPI().fastpath(oid, args);
        out.functionCallResponse(result);
        out.readyForQuery(transactionStatus());
    }

    /** Moves the session to another mode; see {@link SessionMode} for the moves there are. */
    private void to(SessionMode next) {
        mode = mode.to(next);
    }

    /** The Sync of a batch arrived: messages are read again. */
    @Override
    public void syncReached() {
        if (mode == SessionMode.SKIPPING_TO_SYNC) {
            to(SessionMode.READY);
        }
    }

    @Override
    public Messages out() {
        return out;
    }

    @Override
    public PgInput in() {
        return in;
    }

    @Override
    public org.postgresql.core.BaseConnection pgBackend() {
        return pgBackend;
    }

    @Override
    public PgTypes types() {
        return types;
    }

    @Override
    public boolean sqlGuarded() {
        return sqlGuarded;
    }

    @Override
    public boolean postgres() {
        return postgres;
    }

    @Override
    public void noticesBeforeError(List<Map<Character, String>> notices) {
        noticesBeforeError.addAll(notices);
    }

    /** The session's mode now (tests read it). */
    SessionMode mode() {
        return mode;
    }

    /** The watcher's view of this session. */
    private IdleWatcher.Session idleSession() {
        return new IdleWatcher.Session() {
            @Override
            public void observe(char type, byte[] body, int length) {
                relay.observe(type, body, length);
            }

            @Override
            public void ended() {
                pgBackend.getQueryExecutor().abort(); // pgjdbc sees the connection closed, as it is
                try {
                    client.close(); // after the forwarded FATAL, as PostgreSQL closes; the session's read ends
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
        };
    }

    /** Notifications pgjdbc read during the session's own JDBC calls (a self-NOTIFY, a LISTEN): the client's too. */
    private void forwardQueuedNotifications() throws IOException {
        org.postgresql.PGNotification[] queued;
        try {
            queued = pgBackend.getQueryExecutor().getNotifications();
        } catch (SQLException e) {
            return;
        }
        for (org.postgresql.PGNotification n : queued) {
            byte[] b = IdleWatcher.notification(n.getPID(), n.getName(), n.getParameter());
            out.raw(BackendType.NOTIFICATION_RESPONSE, b, b.length);
        }
        if (queued.length > 0) {
            out.flush();
        }
    }

    private void simpleQuery(ByteBuffer body) throws IOException, SQLException {
        int run = loopableInARow;
        loopableInARow = 0;
        byte[] bytes = PgInput.cstringBytes(body);
        String text = new String(bytes, StandardCharsets.UTF_8);
        List<String> parts = SqlLexer.splitStatements(text);
        refuseMixed(parts);
        refuseCopy(parts);
        if (parts.size() == 1 && extended.deallocatedHere(parts.get(0))) {
            return;
        }
        String onBackend = parts.size() == 1 && extendedRelay != null ? extendedRelay.deallocateOnBackend(parts.get(0)) : null;
        if (onBackend != null) { // the client's statement under the name the backend knows
            to(SessionMode.RELAYING);
            try {
                relay.simpleQuery(onBackend.getBytes(StandardCharsets.UTF_8), out, in);
            } finally {
                to(SessionMode.READY);
            }
            return;
        }
        ClientEncodingSetting encodingSetting = parts.size() == 1 ? ClientEncodingSetting.of(parts.get(0)) : null;
        if (encodingSetting != null) {
            encodingSetting.answer(out, startupEncoding, transactionStatus());
            return;
        }
        if (parts.size() > 1) {
            ClientEncodingSetting.refuseAmong(parts); // the backend session must stay in UTF-8: the proxy converts
        } else if (out.encoding() != startupEncoding && ClientEncodingSetting.resetsAll(text) && transactionStatus() == BackendType.IDLE) {
            out.encoding(startupEncoding); // RESET ALL and DISCARD ALL give the client its login encoding back
            out.parameterStatus("client_encoding", startupEncoding.name);
        }
        boolean whole = parts.size() > 1 && relayableTogether(parts);
        // an empty query too: PostgreSQL's answer tells a connection check (pgjdbc's isValid) that the backend is gone
        if (relay != null && (parts.isEmpty() || whole || relayedSql.relayable(parts))) {
            to(SessionMode.RELAYING);
            boolean park = false;
            try {
                relay.simpleQuery(bytes, out, in);
                loopableInARow = !whole && relayedSql.relaysAlone(text) ? run + 1 : 0;
                park = loopableInARow >= parkAfter;
            } finally {
                to(park ? SessionMode.TO_PARK : SessionMode.READY);
                if (whole) {
                    afterWholeRelay(parts); // even after an error: an earlier DDL may have run (BEGIN; CREATE; COMMIT; x)
                }
            }
            return;
        }
        if (parts.isEmpty()) {
            out.emptyQueryResponse();
        }
        if (sqlGuarded && parts.size() > 1) {
            admitEvery(parts);
        }
        for (String sql : parts) {
            if (clientSetting(sql)) {
                acknowledgeSetting(sql);
                continue;
            }
            Statement s = simpleStatement();
            try {
                run(s, () -> s.execute(sql));
            } catch (SQLException e) {
                noticesBeforeError.addAll(takeNotices(s));
                throw e;
            }
            sendNotices(takeNotices(s));
            sendQuestionNotice(s, sql);
            sendResults(s, sql, null);
        }
        out.readyForQuery(transactionStatus());
    }

    /**
     * Under a guarding nlsql.passthrough, the guard judges every SQL statement of a message before any of it runs: one
     * refused statement refuses the whole message, as the driver refuses such a text and PostgreSQL a message with a
     * syntax error, so a client never gets half of a text the guard would not take. Preparing is where nlsql guards
     * SQL text; pgjdbc prepares lazily, so nothing reaches the server here.
     */
    private void admitEvery(List<String> parts) throws SQLException {
        for (String sql : parts) {
            if (!clientSetting(sql) && TextKind.of(sql).kind() == TextKind.SQL) {
                backend.prepareStatement(sql).close();
            }
        }
    }

    /**
     * A question runs nlsql's loop, SQL the backend's own implicit transaction: the two cannot be one all-or-nothing
     * message, so such a message is refused before any of it runs. Among SQL statements a mistyped keyword
     * ({@code SELEC 1}) is SQL, so it gets PostgreSQL's syntax error and nothing runs, as directly. Under a guarding
     * passthrough the SQL can change nothing, and the guard keeps judging such messages as before.
     */
    private void refuseMixed(List<String> parts) throws SQLException {
        if (parts.size() < 2 || sqlGuarded) {
            return;
        }
        boolean sql = false;
        boolean question = false;
        for (String part : parts) {
            if (TextKind.of(part).kind() == TextKind.SQL) {
                sql = true;
            } else {
                question |= !TextKind.mistypedSql(part);
            }
        }
        if (sql && question) {
            throw new SQLException("a question cannot share a query message with SQL statements; send questions on their own",
                    PgState.FEATURE_NOT_SUPPORTED.code());
        }
    }

    /**
     * COPY runs only on the relay, which carries its sub-protocol; JDBC cannot. Under a guarding nlsql.passthrough it
     * is refused before anything of the message runs, as the guard refuses every statement that is not a read.
     */
    @Override
    public void refuseCopy(List<String> parts) throws SQLException {
        for (String part : parts) {
            if (StatementKind.of(part) == StatementKind.COPY && TextKind.of(part).kind() == TextKind.SQL) {
                if (sqlGuarded) {
                    throw new SQLException("COPY is refused by nlsql.passthrough="
                            + backend.unwrap(dev.nlsql.jdbc.NlConnection.class).config().passthrough().name().toLowerCase(java.util.Locale.ROOT)
                            + "; COPY needs nlsql.passthrough=allow", dev.nlsql.NlSqlState.UNSAFE_SQL.code());
                }
                if (relay == null) {
                    throw new SQLException("COPY is not supported by nlsql's proxy for this backend (it needs PostgreSQL)",
                            PgState.FEATURE_NOT_SUPPORTED.code());
                }
            }
        }
    }

    /**
     * True when a message of several SQL statements goes to PostgreSQL whole, so that it is one implicit transaction
     * there, whatever its statements, COPY included.
     */
    private boolean relayableTogether(List<String> statements) {
        boolean sql = false;
        for (String part : statements) {
            boolean isSql = TextKind.of(part).kind() == TextKind.SQL;
            if (!isSql && !TextKind.mistypedSql(part)) {
                return false;
            }
            sql |= isSql;
        }
        return sql; // several mistyped statements alone keep today's route
    }

    /** What the JDBC route would have done for the statements of a relayed message: nlsql's catalog after DDL. */
    private void afterWholeRelay(List<String> parts) {
        for (String sql : parts) {
            if (TextKind.of(sql).changesSchema()) {
                schemaChanged();
                return;
            }
        }
    }

    /** One backend statement serves every simple query of the session: a new one per query costs more than its reuse. */
    private Statement simpleStatement() throws SQLException {
        if (simpleStatement == null || simpleStatement.isClosed()) {
            simpleStatement = backend.createStatement();
            simpleStatement.setFetchSize(1); // SQL text under a guarding passthrough streams through a cursor (sendRows)
        }
        return simpleStatement;
    }

    private static final java.util.regex.Pattern CLIENT_SETTING = java.util.regex.Pattern.compile(
            "(?is)\\s*SET\\s+(SESSION\\s+)?(application_name|extra_float_digits|datestyle|intervalstyle|client_encoding|"
            + "client_min_messages|timezone|time\\s+zone|statement_timeout|search_path)\\b.*");

    /**
     * Settings drivers send right after connecting (pgjdbc: {@code SET extra_float_digits = 3}), as one plain SET of
     * one value. Under a guarding nlsql.passthrough they are acknowledged and not run: the guard refuses every SET, so
     * pgjdbc could not even connect, and running the client's text outside the guard is what must never happen. Their
     * effect is the proxy's anyway: the backend's pgjdbc already asked for extra_float_digits = 3, and
     * application_name only names the session.
     */
    private static final java.util.regex.Pattern DRIVER_SETTING = java.util.regex.Pattern.compile(
            "(?i)[ \\t\\n\\r]*SET[ \\t\\n\\r]+(SESSION[ \\t\\n\\r]+)?(application_name|extra_float_digits)[ \\t\\n\\r]*(=|TO)"
            + "[ \\t\\n\\r]*('[^'\\\\]*'|-?[0-9]+)[ \\t\\n\\r]*;?[ \\t\\n\\r]*");

    /** Session settings PostgreSQL clients send, which a non-PostgreSQL backend would not understand: acknowledged here. */
    @Override
    public boolean clientSetting(String sql) {
        return ClientEncodingSetting.setsEncoding(sql)
                || (postgres ? sqlGuarded && DRIVER_SETTING.matcher(sql).matches() : CLIENT_SETTING.matcher(sql).matches());
    }

    /** Executes a {@link #clientSetting}: the client's encoding is the proxy's to change; the others are acknowledged. */
    @Override
    public void clientSettingDone(String sql) throws SQLException {
        ClientEncodingSetting encoding = ClientEncodingSetting.of(sql);
        if (encoding != null) {
            encoding.apply(out, startupEncoding, transactionStatus());
        } else {
            acknowledgeSetting(sql);
        }
    }

    /**
     * A client setting acknowledged without running it: an application_name is reported back as PostgreSQL reports
     * it (ParameterStatus), so the client's view of its own name (pgjdbc's getClientInfo) follows its SET.
     */
    void acknowledgeSetting(String sql) {
        java.util.regex.Matcher m = DRIVER_SETTING.matcher(sql);
        if (m.matches() && m.group(2).equalsIgnoreCase("application_name")) {
            String value = m.group(4);
            out.parameterStatus("application_name", value.startsWith("'") ? value.substring(1, value.length() - 1) : value);
        }
        out.commandComplete("SET");
    }

    /** Sends each result of an executed statement: rows with their description, or a command tag. */
    private void sendResults(Statement s, String sql, short[] formats) throws SQLException, IOException {
        ResultSet rs = s.getResultSet();
        if (rs != null) {
            try (rs) {
                List<Messages.Column> columns = columns(rs.getMetaData());
                out.rowDescription(columns, formats);
                long n = sendRows(rs, columns, formats, 0);
                out.commandComplete(CommandTags.forRows(sql, n));
            }
        } else {
            out.commandComplete(CommandTags.forUpdate(sql, s.getUpdateCount()));
        }
    }

    @Override
    public List<Messages.Column> columns(ResultSetMetaData md) throws SQLException {
        List<Messages.Column> out = new ArrayList<>(md.getColumnCount());
        org.postgresql.core.Field[] fields = BackendFields.of(md);
        for (int i = 1; i <= md.getColumnCount(); i++) {
            if (fields != null && fields.length == md.getColumnCount()) {
                org.postgresql.core.Field f = fields[i - 1];
                out.add(new Messages.Column(f.getColumnLabel(), f.getTableOid(), (short) f.getPositionInTable(), f.getOID(),
                        PgTypes.size(f.getOID()), f.getMod()));
            } else {
                int oid = types.oid(md.getColumnTypeName(i), md.getColumnType(i));
                out.add(new Messages.Column(md.getColumnLabel(i), 0, (short) 0, oid, PgTypes.size(oid), -1));
            }
        }
        return out;
    }

    /**
     * Bytes of rows the backend connection reads ahead per fetch when rows stream through a cursor: the first fetch is
     * one row, the next ones as many as fit at the largest row seen.
     */
    static final int FETCH_BYTES = 512 * 1024;
    /** Rows per fetch at most, so small rows still cost few round trips. */
    private static final int MAX_FETCH_ROWS = 1000;

    /**
     * Sends up to {@code max} rows (0 for all); returns how many. Rows go out in {@link Messages#FLUSH_AT} steps as they
     * are read, so the proxy holds a fetch of rows and one step of messages, and a client that does not read blocks
     * the session here. A cursor's fetch never reaches past {@code max}: a later row's error is not raised early.
     */
    @Override
    public long sendRows(ResultSet rs, List<Messages.Column> columns, short[] formats, int max) throws SQLException, IOException {
        long n = 0;
        long largest = 0;
        int fetch = 1; // a streaming statement's first fetch (its fetch size)
        int asked = streamsInFetches(rs) ? -1 : 0;
        while (max <= 0 || n < max) {
            int next = max > 0 ? (int) Math.min(fetch, max - n) : fetch;
            if (next != asked && asked != 0) {
                asked = fetchRows(rs, next);
            }
            if (!rs.next()) {
                break;
            }
            byte[][] row = new byte[columns.size()][];
            long size = 4L * row.length;
            for (int i = 0; i < row.length; i++) {
                int oid = columns.get(i).typeOid();
                row[i] = FormatCodes.forColumn(formats, i) == FormatCodes.BINARY ? types.binary(rs, i + 1, oid) : text(types.text(rs, i + 1, oid));
                size += row[i] == null ? 0 : row[i].length;
            }
            out.dataRow(row);
            out.flushIfLarge();
            n++;
            if (size > largest) {
                largest = size;
                fetch = (int) Math.max(1, Math.min(MAX_FETCH_ROWS, FETCH_BYTES / largest));
            }
        }
        return n;
    }

    /**
     * An error the client hears inside a transaction block fails the block, as every error does on PostgreSQL (issue
     * 38): an error the backend never raised (a question declined or failed, the guard's refusal, a character the
     * client's encoding lacks, a message the proxy refuses) fails it on the backend too, so that the next statement gets
     * 25P02, COMMIT rolls back and ReadyForQuery says 'E'. The driver already failed it for its own errors (a question
     * through the connection), and the backend for its own: then the status is 'E' and nothing more is done.
     */
    private void failTransactionAfter(SQLException e) {
        if (transactionStatus() != BackendType.IN_TRANSACTION) {
            return;
        }
        try {
            backend.unwrap(dev.nlsql.jdbc.ProxySupport.class).failTransaction(e);
            LOG.debug("session {}: transaction block failed after {}", processId, e.getSQLState());
        } catch (SQLException | RuntimeException notFailed) {
            LOG.debug("session {}: cannot fail the transaction block: {}", processId, notFailed.toString());
        }
    }

    /** A text value (UTF-8) in the client's encoding: PostgreSQL's 22P05 for a character it lacks. */
    private byte[] text(byte[] utf8) throws SQLException {
        ClientEncoding encoding = out.encoding();
        return utf8 == null || encoding.passesBytes() ? utf8 : encoding.fromUtf8(utf8, 0, utf8.length);
    }

    /** The client's encoding at login: RESET client_encoding and SET client_encoding TO DEFAULT go back to it. */
    private ClientEncoding startupEncoding = ClientEncoding.UTF8;

    /** Asks for fetches of {@code rows}; returns them, or 0 when the result set refuses the hint. */
    private static int fetchRows(ResultSet rs, int rows) {
        try {
            rs.setFetchSize(rows);
            return rows;
        } catch (SQLException e) {
            return 0;
        }
    }

    /**
     * True for pgjdbc's rows, which a cursor may deliver in fetches. Others are held in memory (an answer's rows, a
     * narration's CachedRowSet, which a fetch size would break) or are another database's.
     */
    private static boolean streamsInFetches(ResultSet rs) {
        try {
            return rs.isWrapperFor(org.postgresql.jdbc.PgResultSet.class);
        } catch (SQLException e) {
            return false;
        }
    }

    /**
     * The notices and warnings PostgreSQL sent while the statement ran (pgjdbc keeps them on the statement, and those it
     * got outside one on the connection), taken so each goes out once. Only the server's: nlsql's own warning of an
     * answered question is the "nlsql answered by" NOTICE already.
     */
    @Override
    public List<Map<Character, String>> takeNotices(Statement s) {
        List<Map<Character, String>> notices = new ArrayList<>();
        try {
            collect(backend.getWarnings(), notices);
            backend.clearWarnings();
            if (s != null && !s.isClosed()) {
                collect(s.getWarnings(), notices);
                s.clearWarnings();
            }
        } catch (SQLException e) {
            LOG.debug("session {}: cannot read warnings: {}", processId, e.getMessage());
        }
        return notices;
    }

    private static void collect(java.sql.SQLWarning w, List<Map<Character, String>> into) {
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (; w != null && seen.add(w); w = w.getNextWarning()) {
            org.postgresql.util.ServerErrorMessage m = ServerFields.of(w);
            if (m != null) {
                into.add(ServerFields.fields(m));
            }
        }
    }

    @Override
    public void sendNotices(List<Map<Character, String>> notices) {
        notices.forEach(n -> out.serverMessage(BackendType.NOTICE_RESPONSE, n));
    }

    /** The SQL that answered a question, as a NOTICE before its rows. */
    @Override
    public void sendQuestionNotice(Statement s, String text) throws SQLException {
        if (TextKind.of(text).kind() == TextKind.SQL) {
            return;
        }
        Trace t = s.unwrap(NlStatement.class).lastTrace();
        if (t != null && t.success()) {
            out.noticeResponse("nlsql " + t.summary(), attemptsDetail(t));
        }
    }

    private static String attemptsDetail(Trace t) {
        StringBuilder b = new StringBuilder();
        t.attempts().forEach(a -> b.append(a.number()).append(" [").append(a.source().label()).append("] ").append(a.outcome().label())
                .append(a.category() == null ? "" : " " + a.categoryLabel()).append(": ").append(a.sql()).append('\n'));
        return b.toString().strip();
    }

    /** Runs work as the session's cancellable statement. */
    @Override
    public <T> T run(Statement s, ExtendedQuery.SqlWork<T> work) throws SQLException {
        running = s;
        try {
            return work.run();
        } finally {
            running = null;
        }
    }

    /** CancelRequest: stops the running statement or question, if the secret matches. */
    void cancel(int givenSecret) {
        if (givenSecret != secret) {
            return;
        }
        if (mode.backendRunsTheQuery() || extendedRelay != null && extendedRelay.active()) {
            try {
                pgBackend.cancelQuery();
            } catch (SQLException e) {
                LOG.debug("cancel failed: {}", e.getMessage());
            }
            return;
        }
        Statement s = running;
        if (s == null) {
            return;
        }
        try {
            s.cancel(); // its SQL and, for a question, its model call; never an interrupt, which would close the sockets
        } catch (SQLException e) {
            LOG.debug("cancel failed: {}", e.getMessage());
        }
    }

    @Override
    public char transactionStatus() {
        try {
            if (pgBackend != null) {
                return switch (pgBackend.getTransactionState()) {
                    case IDLE -> BackendType.IDLE;
                    case OPEN -> BackendType.IN_TRANSACTION;
                    case FAILED -> BackendType.FAILED_TRANSACTION;
                };
            }
            return backend.getAutoCommit() ? BackendType.IDLE : BackendType.IN_TRANSACTION;
        } catch (SQLException e) {
            return BackendType.IDLE;
        }
    }

    private boolean backendGone() {
        try {
            return backend.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    private void error(SQLException e, String severity) {
        sendNotices(noticesBeforeError);
        noticesBeforeError.clear();
        org.postgresql.util.ServerErrorMessage server = ServerFields.of(e);
        if (server != null) {
            Map<Character, String> fields = ServerFields.fields(server);
            if (!severity.equals(fields.get('V'))) {
                // the session's fate is the proxy's to tell (FATAL when the backend is gone): the severity follows it
                fields.put('S', severity);
                fields.put('V', severity);
            }
            out.serverMessage(BackendType.ERROR_RESPONSE, fields);
            return;
        }
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        int nl = message.indexOf('\n');
        String first = nl < 0 ? message : message.substring(0, nl);
        String detail = nl < 0 ? null : message.substring(nl + 1);
        String hint = e.getSQLState() != null && e.getSQLState().startsWith("NL")
                ? "nlsql answered this as a question; EXPLAIN NL <question> shows every attempt" : null;
        out.errorResponse(severity, e.getSQLState(), first.replaceFirst("^(ERROR|FATAL): ", ""), detail, hint);
    }

    private void refused(String state, String message, String detail, String hint) {
        refused(state, message, detail, hint, null);
    }

    private void refused(String state, String message, String detail, String hint, String routine) {
        try {
            out.errorResponse("FATAL", state, message, detail, hint, 0, routine);
            out.flush();
        } catch (IOException ignored) {
            // the client is gone
        }
    }

    private void fatal(String state, String message) {
        try {
            if (out != null) {
                out.errorResponse("FATAL", state, message, null, null);
                out.flush();
            }
        } catch (IOException ignored) {
            // the client is gone
        }
    }

    /**
     * The client may still be sending the message that broke the rules (an oversized query): read it
     * away, at most 1 MiB for at most a second, so that closing with unread bytes does not reset the
     * connection before the client has read the error.
     */
    private void drainBeforeClose() {
        try {
            client.endOutput(1_000);
            java.io.InputStream raw = client.input();
            byte[] buf = new byte[8192];
            long left = 1 << 20;
            long deadline = System.nanoTime() + 1_000_000_000L;
            while (left > 0 && System.nanoTime() < deadline) {
                int n = raw.read(buf, 0, (int) Math.min(buf.length, left));
                if (n < 0) {
                    return;
                }
                left -= n;
            }
        } catch (IOException | RuntimeException ignored) {
            // closing anyway
        }
    }

    private void close() {
        if (watcher != null) {
            watcher.close(); // before the backend is closed under it
        }
        server.forget(this);
        extended.closeAll();
        Closeables.quietly(simpleStatement);
        Closeables.quietly(backend);
        try {
            client.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }


    @Override
    public String toString() {
        return "session " + processId;
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
