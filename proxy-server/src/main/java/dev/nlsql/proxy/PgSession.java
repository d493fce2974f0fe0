package dev.nlsql.proxy;

import dev.nlsql.check.SqlLexer;
import dev.nlsql.engine.Trace;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.jdbc.TextKind;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection, from startup to terminate, on its own thread and its own nlsql
 * connection to the backend: SQL behaves as on PostgreSQL (SET, temporary tables,
 * transactions), and questions run nlsql's loop.
 */
final class PgSession implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(PgSession.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final PgServer server;
    private ClientLogin login;
    private Socket socket;
    private PgInput in;
    private Messages out;
    private Connection backend;
    private PgTypes types;
    private final Map<String, Prepared> statements = new HashMap<>();
    private final Map<String, Portal> portals = new LinkedHashMap<>();
    private final int processId;
    private final int secret = RANDOM.nextInt();
    private Statement simpleStatement;
    private BackendRelay relay;
    /** Forwards what the backend sends while the client is idle; null without the relay. */
    private IdleWatcher watcher;
    private volatile boolean relaying;
    private volatile Statement running;
    private volatile boolean answeringQuestion;
    private volatile Thread thread;
    private boolean skipUntilSync;
    /**
     * The statement whose ParseComplete (and BindCompletes) are held back until the backend has parsed it, and those
     * messages. pgjdbc parses lazily, at the statement's first Describe or Execute; PostgreSQL answers a bad Parse with
     * the error alone, so nothing may precede it. The Describe or Execute that follows is the check in the common case;
     * any other message makes the proxy ask the backend to parse the statement first ({@link #settle()}).
     */
    private Prepared unconfirmed;
    private final StringBuilder owed = new StringBuilder();
    /** The server's notices of a statement that failed: they go out just before its ErrorResponse, after anything held back. */
    private final List<Map<Character, String>> noticesBeforeError = new ArrayList<>();
    private boolean postgres;
    /** SQL text is guarded or refused (nlsql.passthrough readonly or deny), never relayed. */
    private boolean sqlGuarded;
    private org.postgresql.core.BaseConnection pgBackend;

    PgSession(PgServer server, Socket socket, int processId) {
        this.server = server;
        this.socket = socket;
        this.processId = processId;
    }

    int processId() {
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
            socket.close(); // unblocks the session's read; it ends as a lost connection
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    /** The session's jdbc:nlsql: connection to the backend, null before startup completed. */
    Connection backend() {
        return backend;
    }

    @Override
    public void run() {
        thread = Thread.currentThread();
        try {
            login = new ClientLogin(server, socket);
            Map<String, String> startup = login.startup();
            socket = login.socket(); // TLS now, if the client asked for it
            in = login.in();
            out = login.out();
            if (startup == null || !login.authenticate(startup.getOrDefault("user", ""))) {
                return;
            }
            if (!server.reserveSession(this)) {
                fatal(PgState.TOO_MANY_CONNECTIONS.code(), "sorry, too many clients already (" + server.config().maxConnections() + ")");
                return;
            }
            StartupSettings.check(startup, socket.getInetAddress().getHostAddress());
            backend = server.openBackend(startup, login.clientPassword(), login::backendAsksPassword); // still under the login timeout
            loginDone();
            in.maxMessageBytes(server.config().maxMessageBytes());
            postgres = server.backendIsPostgres(backend);
            pgBackend = postgres ? backend.unwrap(org.postgresql.core.BaseConnection.class) : null;
            types = PgTypes.of(backend, postgres);
            sqlGuarded = !backend.unwrap(dev.nlsql.jdbc.NlConnection.class).passesSqlUntouched();
            if (postgres && !sqlGuarded) {
                relay = BackendRelay.of(pgBackend);
            }
            if (relay != null) {
                watcher = new IdleWatcher(server.idleWatchers(), relay.stream(), out, idleSession());
            }
            welcome(startup);
            loop();
        } catch (PgInput.ProtocolViolation e) {
            LOG.debug("session {}: protocol violation: {}", processId, e.getMessage());
            fatal(PgState.PROTOCOL_VIOLATION.code(), "protocol violation: " + e.getMessage());
        } catch (StartupSettings.Refused e) {
            refused(e.getSQLState(), e.getMessage(), e.detail, null);
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
            fatal(PgState.INTERNAL_ERROR.code(), "internal error: " + e);
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
            if (watcher != null && out.endsReady()) {
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
            if (m == null || m.type() == 'X') {
                return;
            }
            if (skipUntilSync && m.type() != 'S') {
                continue;
            }
            try {
                if (unconfirmed != null && !triesUnconfirmed(m)) {
                    settle();
                }
                switch (m.type()) {
                    case 'Q' -> simpleQuery(m.body());
                    case 'P' -> parse(m.body());
                    case 'B' -> bind(m.body());
                    case 'D' -> describe(m.body());
                    case 'E' -> execute(m.body());
                    case 'C' -> closeObject(m.body());
                    case 'S' -> sync();
                    case 'H' -> out.flush(); // settled above: what was held back has been sent
                    case 'd', 'c', 'f' -> {
                        // outside COPY IN (the rest of a COPY the backend already ended): PostgreSQL drops them too
                    }
                    case 'F' -> functionCall(m.body());
                    default -> throw new PgInput.ProtocolViolation("unknown message type '" + m.type() + "'");
                }
            } catch (SQLException e) {
                if (backendGone()) {
                    error(e, "FATAL"); // no backend session left to go on with: end the client's too, as PostgreSQL would
                    out.flush();
                    return;
                }
                if (unconfirmed != null) {
                    resolveAfterError(e);
                }
                error(e, "ERROR");
                if (m.type() == 'Q' || m.type() == 'F') {
                    // a FunctionCall is answered like a simple Query, ReadyForQuery after it (libpq's PQfn, lo_*, waits
                    // for it): it is no part of an extended-protocol batch, and no Sync follows it
                    out.readyForQuery(transactionStatus());
                } else if (m.type() == 'S') {
                    sync(); // the error was a held-back Parse's: the Sync still ends the batch
                } else {
                    skipUntilSync = true;
                }
                out.flush(); // PostgreSQL sends an error at once: a client waiting after Execute + Flush gets it
                continue;
            }
            if (m.type() == 'Q' || m.type() == 'S' || m.type() == 'F') {
                out.flush();
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
        short[] formats = shorts(b);
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

    /** The watcher's view of this session. */
    private IdleWatcher.Session idleSession() {
        return new IdleWatcher.Session() {
            @Override
            public void parameterStatus(byte[] body, int length) {
                relay.parameterStatus(body, length);
            }

            @Override
            public void ended() {
                pgBackend.getQueryExecutor().abort(); // pgjdbc sees the connection closed, as it is
                try {
                    socket.close(); // after the forwarded FATAL, as PostgreSQL closes; the session's read ends
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
            out.raw('A', b, b.length);
        }
        if (queued.length > 0) {
            out.flush();
        }
    }

    private void simpleQuery(ByteBuffer body) throws IOException, SQLException {
        byte[] bytes = PgInput.cstringBytes(body);
        String text = new String(bytes, StandardCharsets.UTF_8);
        List<String> parts = SqlLexer.splitStatements(text);
        refuseMixed(parts);
        refuseCopy(parts);
        if (parts.size() == 1 && deallocatedHere(parts.get(0))) {
            return;
        }
        boolean whole = parts.size() > 1 && relayableTogether(parts);
        if (relay != null && !parts.isEmpty() && (whole || relayable(parts))) {
            relaying = true;
            try {
                relay.simpleQuery(bytes, out, in);
            } finally {
                relaying = false;
                Thread.interrupted();
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
                out.commandComplete("SET");
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

    /** Statements relayed to PostgreSQL as they are: queries, data changes and transaction control. Anything that
     *  changes what pgjdbc or nlsql know of the session (SET, DISCARD, DDL, LISTEN) goes through JDBC. COPY is relayed
     *  (JDBC cannot carry its sub-protocol). */
    private static final java.util.Set<String> RELAYED_STATEMENTS = java.util.Set.of("select", "with", "values", "table",
            "show", "explain", "insert", "update", "delete", "merge", "begin", "start", "commit", "end", "rollback", "abort",
            "savepoint", "release", "prepare", "execute", "declare", "fetch", "move", "close", "copy");

    /** True when every statement is SQL nlsql passes untouched, of a kind that needs no JDBC bookkeeping. */
    private boolean relayable(List<String> statements) {
        for (String sql : statements) {
            if (TextKind.of(sql).kind() != TextKind.SQL || !RELAYED_STATEMENTS.contains(SqlLexer.firstWord(sql))) {
                return false;
            }
        }
        return true;
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
    private void refuseCopy(List<String> parts) throws SQLException {
        for (String part : parts) {
            if (TextKind.of(part).kind() == TextKind.SQL && SqlLexer.firstWord(part).equals("copy")) {
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
                try {
                    backend.unwrap(dev.nlsql.jdbc.NlConnection.class).refreshSchema();
                } catch (SQLException | RuntimeException e) {
                    LOG.debug("session {}: catalog not refreshed: {}", processId, e.toString());
                }
                return;
            }
        }
    }

    /** One backend statement serves every simple query of the session: a new one per query costs more than its reuse. */
    private Statement simpleStatement() throws SQLException {
        if (simpleStatement == null || simpleStatement.isClosed()) {
            simpleStatement = backend.createStatement();
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
    private boolean clientSetting(String sql) {
        return postgres ? sqlGuarded && DRIVER_SETTING.matcher(sql).matches() : CLIENT_SETTING.matcher(sql).matches();
    }

    /** Sends each result of an executed statement: rows with their description, or a command tag. */
    private void sendResults(Statement s, String sql, short[] formats) throws SQLException {
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

    private void parse(ByteBuffer b) throws IOException, SQLException {
        String name = PgInput.cstring(b);
        String query = PgInput.cstring(b);
        int n = PgInput.int16(b);
        int[] oids = new int[Math.max(0, n)];
        for (int i = 0; i < oids.length; i++) {
            oids[i] = PgInput.int32(b);
        }
        if (!name.isEmpty() && statements.containsKey(name)) {
            throw new SQLException("prepared statement \"" + name + "\" already exists", PgState.DUPLICATE_PREPARED_STATEMENT.code());
        }
        Prepared old = statements.get(name);
        if (old != null && old.confirmed && old.query.equals(query) && java.util.Arrays.equals(old.paramOids, oids)) {
            out.parseComplete(); // the unnamed statement parsed again with the same SQL: it passed the checks below already
            return;
        }
        if ((oids.length > 0 || ParameterMarkers.toJdbc(query, false).order().length > 0) && !query.isBlank()
                && TextKind.of(query).kind() != TextKind.SQL) {
            throw questionParameters();
        }
        if (TextKind.of(query).kind() == TextKind.SQL && SqlLexer.splitStatements(query).size() > 1) {
            throw new SQLException("cannot insert multiple commands into a prepared statement", PgState.SYNTAX_ERROR.code());
        }
        if (TextKind.of(query).kind() == TextKind.SQL && SqlLexer.firstWord(query).equals("copy")) {
            refuseCopy(List.of(query));
            // the extended protocol's COPY would run through JDBC, which cannot carry the COPY sub-protocol
            throw new SQLException("COPY is not supported in the extended query protocol by nlsql's proxy; send it as a simple "
                    + "query (psql \\copy, pgjdbc CopyManager and psycopg2 copy_expert do)", PgState.FEATURE_NOT_SUPPORTED.code());
        }
        Prepared p = new Prepared(query, oids, sqlGuarded);
        p.confirmed |= !postgres || clientSetting(query);
        statements.put(name, p);
        closeQuietly(old == null ? null : old.statement);
        if (p.confirmed) {
            out.parseComplete();
        } else {
            unconfirmed = p;
            owed.append('1');
        }
    }

    /** True when the message is a Bind, Describe or Execute of the held-back statement: it checks the statement itself. */
    private boolean triesUnconfirmed(PgInput.Message m) throws PgInput.ProtocolViolation {
        ByteBuffer b = m.body().duplicate();
        switch (m.type()) {
            case 'B' -> {
                PgInput.cstring(b);
                return statements.get(PgInput.cstring(b)) == unconfirmed;
            }
            case 'E' -> {
                Portal portal = portals.get(PgInput.cstring(b));
                return portal != null && portal.prepared == unconfirmed;
            }
            case 'D' -> {
                char kind = (char) PgInput.byte1(b);
                String name = PgInput.cstring(b);
                Portal portal = kind == 'P' ? portals.get(name) : null;
                return (kind == 'S' ? statements.get(name) : portal == null ? null : portal.prepared) == unconfirmed;
            }
            default -> {
                return false;
            }
        }
    }

    /** The backend has parsed the held-back statement: what was held back goes out, before this message's answer. */
    private void parsed(Prepared p) {
        if (p != unconfirmed) {
            return;
        }
        p.confirmed = true;
        unconfirmed = null;
        for (int i = 0; i < owed.length(); i++) {
            if (owed.charAt(i) == '1') {
                out.parseComplete();
            } else {
                out.bindComplete();
            }
        }
        owed.setLength(0);
    }

    /** Has the backend parse the held-back statement now (a Describe without executing); its error is the Parse's. */
    private void settle() throws SQLException {
        Prepared p = unconfirmed;
        try {
            PreparedStatement ps = statement(p);
            run(ps, ps::getParameterMetaData);
        } catch (SQLException e) {
            dropOwed();
            throw e;
        }
        parsed(p);
    }

    private static final java.util.Set<String> EXPLAINABLE = java.util.Set.of("select", "with", "values", "table", "insert", "update",
            "delete", "merge");

    /**
     * True when planning the statement with the portal's parameters alone fails as its execution did: PostgreSQL plans an
     * unnamed statement at Bind, so such an error is the Bind's. Only on the error path, only for SQL nlsql passes
     * untouched, outside a failed transaction block: EXPLAIN without ANALYZE runs nothing.
     */
    private boolean failsWhenPlanned(Prepared p, SQLException e) {
        Portal portal = portals.values().stream().filter(x -> x.prepared == p).reduce((a, b) -> b).orElse(null);
        if (sqlGuarded || pgBackend == null || portal == null || e.getSQLState() == null || transactionStatus() == 'E'
                || !EXPLAINABLE.contains(SqlLexer.firstWord(p.query))) {
            return false;
        }
        try (PreparedStatement explain = pgBackend.prepareStatement("EXPLAIN " + p.jdbcSql)) {
            bindParameters(explain, portal);
            run(explain, explain::execute);
            return false;
        } catch (SQLException planning) {
            return e.getSQLState().equals(planning.getSQLState());
        }
    }

    /** The held-back Parse failed: as on PostgreSQL, neither the statement nor portals bound to it exist. */
    private void dropOwed() {
        Prepared p = unconfirmed;
        unconfirmed = null;
        owed.setLength(0);
        statements.values().removeIf(s -> s == p);
        portals.entrySet().stream().filter(e -> e.getValue().prepared == p).map(Map.Entry::getKey).toList().forEach(this::closePortal);
        closeQuietly(p.statement);
    }

    /**
     * A Describe or Execute of the held-back statement failed: was it the parse (then nothing held back is sent, as
     * PostgreSQL sends only the error) or the execution (then the held-back messages precede the error)? Asked of the
     * backend by parsing the statement alone; in a failed transaction block the backend parses nothing, and the error's
     * source file tells: parse analysis is in src/backend/parser and catalog/namespace.c.
     */
    private void resolveAfterError(SQLException e) {
        Prepared p = unconfirmed;
        if (p.statement == null || PgState.IN_FAILED_SQL_TRANSACTION.is(e)) {
            dropOwed(); // refused before reaching the backend (the guard), or a transaction that takes no Parse
            return;
        }
        if (PgState.PROTOCOL_VIOLATION.is(e) && !(e instanceof org.postgresql.util.PSQLException)) {
            owed.setLength(owed.indexOf("2") < 0 ? owed.length() : owed.indexOf("2")); // a wrong parameter count fails the Bind
        }
        boolean parses;
        if (pgBackend != null && transactionStatus() == 'E') {
            org.postgresql.util.ServerErrorMessage m = e instanceof org.postgresql.util.PSQLException x ? x.getServerErrorMessage() : null;
            String file = m == null || m.getFile() == null ? "" : m.getFile();
            parses = !(file.startsWith("parse_") || file.equals("analyze.c") || file.equals("scan.l") || file.equals("gram.y")
                    || file.equals("parser.c") || file.equals("namespace.c"));
        } else {
            try {
                PreparedStatement ps = statement(p);
                run(ps, ps::getParameterMetaData);
                parses = true;
            } catch (SQLException again) {
                parses = false;
            }
        }
        if (parses) {
            if (owed.indexOf("2") >= 0 && failsWhenPlanned(p, e)) {
                owed.setLength(owed.indexOf("2")); // PostgreSQL plans at Bind: an error there (1/0 folded) comes before BindComplete
            }
            parsed(p);
        } else {
            dropOwed();
        }
    }

    private void bind(ByteBuffer b) throws IOException, SQLException {
        String portalName = PgInput.cstring(b);
        String statementName = PgInput.cstring(b);
        Prepared p = statements.get(statementName);
        if (p == null) {
            throw new SQLException("prepared statement \"" + statementName + "\" does not exist", PgState.INVALID_SQL_STATEMENT_NAME.code());
        }
        short[] paramFormats = shorts(b);
        int n = PgInput.int16(b);
        String[] params = new String[Math.max(0, n)];
        byte[][] raw = new byte[params.length][];
        boolean[] bytea = new boolean[params.length];
        for (int i = 0; i < params.length; i++) {
            byte[] value = PgInput.bytes(b, PgInput.int32(b));
            int oid = i < p.paramOids.length ? p.paramOids[i] : 0;
            boolean binary = FormatCodes.forColumn(paramFormats, i) == FormatCodes.BINARY;
            if (value != null && binary && oid == 0 && !p.question) {
                oid = inferredParameterOid(p, i);
            }
            if (value != null && binary && oid == PgTypes.BYTEA) {
                raw[i] = value;
                bytea[i] = true;
            } else if (value != null) {
                params[i] = binary ? PgTypes.parameterText(value, oid) : new String(value, StandardCharsets.UTF_8);
            }
        }
        if (p.question && params.length > 0) {
            throw questionParameters();
        }
        short[] resultFormats = shorts(b);
        closePortal(portalName);
        portals.put(portalName, new Portal(p, params, raw, bytea, resultFormats));
        if (p == unconfirmed) {
            owed.append('2');
        } else {
            out.bindComplete();
        }
    }

    /**
     * A parameter of unspecified type (0) sent in binary is read as the type the server infers for it, as PostgreSQL
     * reads it (libpq clients send bytea so: libpqxx's binarystring); read as UTF8 text, a bytea with a NUL failed.
     */
    private int inferredParameterOid(Prepared p, int i) throws SQLException {
        if (p.inferredOids == null) {
            p.inferredOids = parameterOids(p, statement(p));
        }
        return i < p.inferredOids.length ? p.inferredOids[i] : 0;
    }

    /** As the driver refuses a question with parameters (NlQuestionStatement), not broken SQL from the question. */
    private static SQLException questionParameters() {
        return dev.nlsql.NlSqlState.BAD_INPUT.exception("Questions take no parameters; put the values in the question's text");
    }

    private void describe(ByteBuffer b) throws IOException, SQLException {
        char kind = (char) PgInput.byte1(b);
        String name = PgInput.cstring(b);
        if (kind == 'S') {
            Prepared p = statements.get(name);
            if (p == null) {
                throw new SQLException("prepared statement \"" + name + "\" does not exist", PgState.INVALID_SQL_STATEMENT_NAME.code());
            }
            PreparedStatement ps = statement(p);
            int[] parameterOids = parameterOids(p, ps);
            parsed(p);
            out.parameterDescription(parameterOids);
            p.describedOids = describeRows(metadata(ps), null);
        } else if (kind == 'P') {
            Portal portal = portals.get(name);
            if (portal == null) {
                throw new SQLException("portal \"" + name + "\" does not exist", PgState.INVALID_CURSOR_NAME.code());
            }
            if (portal.rows == null && !portal.done && !portal.prepared.question && readOnly(portal.prepared.query)
                    && in.bufferedExecuteRows() == 0) {
                runPortal(portal); // its rows serve the Execute already sent for all rows: one backend round trip, not two
            }
            ResultSetMetaData md = portal.rows != null ? portal.rows.getMetaData() : metadata(statement(portal.prepared));
            parsed(portal.prepared);
            portal.prepared.describedOids = describeRows(md, portal.resultFormats);
        } else {
            throw new PgInput.ProtocolViolation("Describe of '" + kind + "'");
        }
    }

    /** Sends RowDescription or NoData; returns the column types described. */
    private int[] describeRows(ResultSetMetaData md, short[] formats) throws SQLException {
        if (md == null || md.getColumnCount() == 0) {
            out.noData();
            return new int[0];
        }
        List<Messages.Column> columns = columns(md);
        out.rowDescription(columns, formats);
        return typeOids(columns);
    }

    private static int[] typeOids(List<Messages.Column> columns) {
        return columns.stream().mapToInt(Messages.Column::typeOid).toArray();
    }

    /**
     * Rows must have the shape the statement's Describe gave the client, which decodes them by it (pgjdbc picks
     * binary formats per described column and describes a named statement once). A question is answered anew at
     * each execution and may change shape, and so may a table altered since: as PostgreSQL does, that is the error
     * clients heal by preparing again (pgjdbc retries once, by the routine). SQL on another database is left alone:
     * its driver may type a statement before execution differently than its rows, and it has no such rule.
     */
    private void requireDescribedShape(Portal portal) throws SQLException {
        int[] described = portal.prepared.describedOids;
        if ((postgres || portal.prepared.question) && described != null && !java.util.Arrays.equals(described, typeOids(portal.columns))) {
            closeQuietly(portal.rows);
            portal.rows = null;
            portal.done = true;
            throw new org.postgresql.util.PSQLException(new org.postgresql.util.ServerErrorMessage(
                    "SERROR\u0000VERROR\u0000C0A000\u0000Mcached plan must not change result type\u0000RRevalidateCachedQuery"));
        }
    }

    private void execute(ByteBuffer b) throws IOException, SQLException {
        String name = PgInput.cstring(b);
        int maxRows = PgInput.int32(b);
        Portal portal = portals.get(name);
        if (portal == null) {
            throw new SQLException("portal \"" + name + "\" does not exist", PgState.INVALID_CURSOR_NAME.code());
        }
        if (portal.prepared.query.isBlank()) {
            out.emptyQueryResponse();
            return;
        }
        if (clientSetting(portal.prepared.query)) {
            out.commandComplete("SET");
            return;
        }
        if (portal.done) {
            out.commandComplete(CommandTags.forRows(portal.prepared.query, 0));
            return;
        }
        if (portal.rows == null) {
            PreparedStatement ps = statement(portal.prepared);
            if (maxRows > 0) {
                streamRows(portal, ps, maxRows);
            }
            if (!runPortal(portal)) {
                portal.done = true;
                sendNotices(portal.notices);
                out.commandComplete(CommandTags.forUpdate(portal.prepared.query, ps.getUpdateCount()));
                return;
            }
            requireDescribedShape(portal);
        }
        sendNotices(portal.notices);
        portal.notices = List.of();
        long before = portal.sent;
        long sent = sendRows(portal.rows, portal.columns, portal.resultFormats, maxRows);
        portal.sent += sent;
        if (maxRows > 0 && sent == maxRows) {
            // as PostgreSQL: a run that reached its row limit is suspended, whether or not rows remain, so no row is
            // read ahead (a cursor read ahead would raise a later row's error early)
            out.portalSuspended();
            return;
        }
        portal.done = true;
        portal.rows.close();
        portal.rows = null;
        out.commandComplete(CommandTags.forRows(portal.prepared.query, before + sent));
    }

    /** How the backend runs a portal that is read in batches: in a transaction the proxy opened, or in the client's. */
    private enum Streaming { NONE, OWN_TRANSACTION, CLIENT_TRANSACTION }

    private Streaming streaming = Streaming.NONE;

    /**
     * A client that reads a query in batches (Execute with a row limit: cursors, query streams) gets its rows as
     * PostgreSQL produces them, not after the whole result: pgjdbc then reads through a cursor, which needs a
     * transaction block. Outside one the proxy opens it, and Sync ends it, as Sync ends PostgreSQL's implicit
     * transaction; inside the client's own block only pgjdbc's auto-commit flag changes. Rows before an error reach
     * the client, and the proxy holds one batch, not the result.
     */
    private void streamRows(Portal portal, PreparedStatement ps, int maxRows) throws SQLException {
        if (pgBackend == null || sqlGuarded || portal.prepared.question || !readOnly(portal.prepared.query)) {
            return;
        }
        if (streaming == Streaming.NONE) {
            streaming = pgBackend.getTransactionState() == org.postgresql.core.TransactionState.IDLE
                    ? Streaming.OWN_TRANSACTION : Streaming.CLIENT_TRANSACTION;
            pgBackend.setAutoCommit(false); // no message: pgjdbc sends BEGIN with the query when no block is open
        }
        ps.setFetchSize(maxRows);
    }

    /** At Sync: the transaction opened for streaming ends (rolled back after an error, as PostgreSQL's implicit one). */
    private void endStreaming() {
        Streaming was = streaming;
        streaming = Streaming.NONE;
        try {
            if (was == Streaming.OWN_TRANSACTION) {
                try {
                    if (pgBackend.getTransactionState() == org.postgresql.core.TransactionState.FAILED) {
                        pgBackend.rollback();
                    } else {
                        pgBackend.commit();
                    }
                } finally {
                    pgBackend.setAutoCommit(true);
                }
            } else if (was == Streaming.CLIENT_TRANSACTION) {
                // back to auto-commit without pgjdbc's COMMIT: the block is the client's, and it goes on
                org.postgresql.core.QueryExecutor executor = pgBackend.getQueryExecutor();
                org.postgresql.core.TransactionState state = executor.getTransactionState();
                ((org.postgresql.core.QueryExecutorBase) executor).setTransactionState(org.postgresql.core.TransactionState.IDLE);
                try {
                    pgBackend.setAutoCommit(true);
                } finally {
                    ((org.postgresql.core.QueryExecutorBase) executor).setTransactionState(state);
                }
            }
        } catch (SQLException e) {
            LOG.debug("session {}: ending the streaming transaction failed: {}", processId, e.toString());
        }
    }

    /** Binds and runs a portal's statement; true when it returned rows (kept in the portal). */
    private boolean runPortal(Portal portal) throws SQLException {
        PreparedStatement ps = statement(portal.prepared);
        bindParameters(ps, portal);
        boolean hasRows;
        try {
            hasRows = run(ps, ps::execute);
        } catch (SQLException e) {
            noticesBeforeError.addAll(takeNotices(ps));
            throw e;
        }
        portal.notices = takeNotices(ps);
        parsed(portal.prepared);
        sendQuestionNotice(ps, portal.prepared.query);
        if (hasRows) {
            portal.rows = ps.getResultSet();
            portal.columns = columns(portal.rows.getMetaData());
        }
        return hasRows;
    }

    private static final java.util.Set<String> READING_STATEMENTS = java.util.Set.of("select", "values", "table", "show");

    private static boolean readOnly(String sql) {
        return READING_STATEMENTS.contains(SqlLexer.firstWord(sql));
    }

    private void closeObject(ByteBuffer b) throws IOException, SQLException {
        char kind = (char) PgInput.byte1(b);
        String name = PgInput.cstring(b);
        if (kind == 'S') {
            Prepared p = statements.remove(name);
            closeQuietly(p == null ? null : p.statement);
        } else {
            closePortal(name);
        }
        out.closeComplete();
    }

    private static final java.util.regex.Pattern DEALLOCATE = java.util.regex.Pattern.compile(
            "(?is)\\s*DEALLOCATE\\s+(?:PREPARE\\s+)?(\"(?:[^\"]|\"\")+\"|[a-z_][a-z0-9_$]*)\\s*;?\\s*");

    /**
     * SQL {@code DEALLOCATE name} of a statement the client prepared with Parse (libpq's PQprepare, then libpqxx's
     * unprepare): the proxy keeps those itself, the backend has none of that name, so it is closed here, as a Close
     * message would. Any other name (an SQL PREPARE's, or none) goes on to the backend.
     */
    private boolean deallocatedHere(String sql) {
        java.util.regex.Matcher m = DEALLOCATE.matcher(sql);
        if (!m.matches() || transactionStatus() == 'E') { // in a failed transaction the backend refuses it (25P02)
            return false;
        }
        String id = m.group(1);
        String name = id.startsWith("\"") ? id.substring(1, id.length() - 1).replace("\"\"", "\"") : id.toLowerCase(java.util.Locale.ROOT);
        if (name.equalsIgnoreCase("all") && !id.startsWith("\"") || !statements.containsKey(name)) {
            return false;
        }
        Prepared p = statements.remove(name);
        closeQuietly(p.statement);
        out.commandComplete("DEALLOCATE");
        out.readyForQuery(transactionStatus());
        return true;
    }

    private void sync() {
        skipUntilSync = false;
        closePortal("");
        endStreaming();
        out.readyForQuery(transactionStatus());
    }

    // ---- helpers ----

    private PreparedStatement statement(Prepared p) throws SQLException {
        if (p.statement == null && clientSetting(p.query)) {
            p.statement = backend.prepareStatement("SELECT 1 WHERE 1 = 0");
        }
        if (p.statement == null) {
            p.statement = backend.prepareStatement(p.question ? p.query : p.jdbcSql);
        }
        return p.statement;
    }

    private ResultSetMetaData metadata(PreparedStatement ps) throws SQLException {
        return run(ps, ps::getMetaData);
    }

    private int[] parameterOids(Prepared p, PreparedStatement ps) throws SQLException {
        int count = p.paramOrder.length == 0 ? 0 : java.util.Arrays.stream(p.paramOrder).max().getAsInt();
        int[] oids = new int[Math.max(count, p.paramOids.length)];
        ParameterMetaData md = p.question ? null : ps.getParameterMetaData();
        for (int i = 0; i < oids.length; i++) {
            if (i < p.paramOids.length && p.paramOids[i] != 0) {
                oids[i] = p.paramOids[i];
            } else if (md != null) {
                int jdbcIndex = indexOf(p.paramOrder, i + 1);
                oids[i] = jdbcIndex < 0 ? PgTypes.UNKNOWN : types.oid(md.getParameterTypeName(jdbcIndex + 1), md.getParameterType(jdbcIndex + 1));
            } else {
                oids[i] = PgTypes.UNKNOWN;
            }
        }
        return oids;
    }

    private static int indexOf(int[] order, int param) {
        for (int i = 0; i < order.length; i++) {
            if (order[i] == param) {
                return i;
            }
        }
        return -1;
    }

    private void bindParameters(PreparedStatement ps, Portal portal) throws SQLException {
        int[] order = portal.prepared.paramOrder;
        for (int i = 0; i < order.length; i++) {
            int param = order[i] - 1;
            if (param >= portal.params.length) {
                throw new SQLException("bind message supplies " + portal.params.length + " parameters, but the statement needs "
                        + order[i], PgState.PROTOCOL_VIOLATION.code());
            }
            if (portal.binaryBytea[param]) {
                ps.setBytes(i + 1, portal.raw[param]);
            } else if (portal.params[param] == null) {
                ps.setNull(i + 1, Types.OTHER);
            } else {
                ps.setString(i + 1, portal.params[param]);
            }
        }
    }

    private List<Messages.Column> columns(ResultSetMetaData md) throws SQLException {
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

    /** Sends up to {@code max} rows (0 for all); returns how many. */
    private long sendRows(ResultSet rs, List<Messages.Column> columns, short[] formats, int max) throws SQLException {
        long n = 0;
        while ((max <= 0 || n < max) && rs.next()) {
            byte[][] row = new byte[columns.size()][];
            for (int i = 0; i < row.length; i++) {
                int oid = columns.get(i).typeOid();
                row[i] = FormatCodes.forColumn(formats, i) == FormatCodes.BINARY ? types.binary(rs, i + 1, oid) : types.text(rs, i + 1, oid);
            }
            out.dataRow(row);
            n++;
        }
        return n;
    }

    /**
     * The notices and warnings PostgreSQL sent while the statement ran (pgjdbc keeps them on the statement, and those it
     * got outside one on the connection), taken so each goes out once. Only the server's: nlsql's own warning of an
     * answered question is the "nlsql answered by" NOTICE already.
     */
    private List<Map<Character, String>> takeNotices(Statement s) {
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

    private void sendNotices(List<Map<Character, String>> notices) {
        notices.forEach(n -> out.serverMessage('N', n));
    }

    /** The SQL that answered a question, as a NOTICE before its rows. */
    private void sendQuestionNotice(Statement s, String text) throws SQLException {
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
    private <T> T run(Statement s, SqlWork<T> work) throws SQLException {
        running = s;
        answeringQuestion = true;
        try {
            return work.run();
        } finally {
            answeringQuestion = false;
            running = null;
            Thread.interrupted();
        }
    }

    @FunctionalInterface
    private interface SqlWork<T> {
        T run() throws SQLException;
    }

    /** CancelRequest: stops the running statement or question, if the secret matches. */
    void cancel(int givenSecret) {
        if (givenSecret != secret) {
            return;
        }
        if (relaying) {
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
            s.cancel();
        } catch (SQLException e) {
            LOG.debug("cancel failed: {}", e.getMessage());
        }
        Thread t = thread;
        if (answeringQuestion && t != null) {
            t.interrupt(); // an LLM call in progress ends with the interrupt
        }
    }

    private char transactionStatus() {
        try {
            if (pgBackend != null) {
                return switch (pgBackend.getTransactionState()) {
                    case IDLE -> 'I';
                    case OPEN -> 'T';
                    case FAILED -> 'E';
                };
            }
            return backend.getAutoCommit() ? 'I' : 'T';
        } catch (SQLException e) {
            return 'I';
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
            out.serverMessage('E', fields);
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

    private void closePortal(String name) {
        Portal p = portals.remove(name);
        if (p != null && p.rows != null) {
            closeQuietly(p.rows);
        }
    }

    private void close() {
        if (watcher != null) {
            watcher.close(); // before the backend is closed under it
        }
        server.forget(this);
        portals.keySet().stream().toList().forEach(this::closePortal);
        statements.values().forEach(p -> closeQuietly(p.statement));
        closeQuietly(simpleStatement);
        closeQuietly(backend);
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing anyway
            }
        }
    }

    private static short[] shorts(ByteBuffer b) throws PgInput.ProtocolViolation {
        int n = PgInput.int16(b);
        if (n < 0) {
            throw new PgInput.ProtocolViolation("negative count");
        }
        short[] out = new short[n];
        for (int i = 0; i < n; i++) {
            out[i] = PgInput.int16(b);
        }
        return out;
    }

    @Override
    public String toString() {
        return "session " + processId;
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
