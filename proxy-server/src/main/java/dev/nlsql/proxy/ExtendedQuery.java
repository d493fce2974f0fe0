package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.BackendType;
import dev.nlsql.proxy.wire.FrontendType;
import dev.nlsql.sql.SqlLexer;
import dev.nlsql.sql.StatementKind;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.jdbc.TextKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The extended-query protocol of one session: Parse, Bind, Describe, Execute, Close and Sync over its {@link Prepared}
 * statements and {@link Portal}s, run through the session's jdbc:nlsql: connection. The session owns the connection,
 * the message loop and what both protocols share (running a statement, sending rows and notices).
 */
final class ExtendedQuery {

    private static final Logger LOG = LoggerFactory.getLogger(ExtendedQuery.class);

    /**
     * What the extended protocol needs of its session: the client's streams, the backend connection, and what both
     * protocols share (running a statement as the cancellable one, sending rows and notices). {@link PgSession} is it.
     */
    interface Session {
        Messages out();

        PgInput in();

        java.sql.Connection backend();

        /** pgjdbc's connection under the backend; null where the backend is not PostgreSQL. */
        org.postgresql.core.BaseConnection pgBackend();

        PgTypes types();

        /** SQL text is guarded or refused (nlsql.passthrough readonly or deny), never relayed. */
        boolean sqlGuarded();

        boolean postgres();

        int processId();

        /** ReadyForQuery's status byte now. */
        char transactionStatus();

        /** Runs work as the session's cancellable statement. */
        <T> T run(java.sql.Statement s, SqlWork<T> work) throws SQLException;

        /** A setting the proxy answers itself (client_encoding), never the backend. */
        boolean clientSetting(String sql);

        void clientSettingDone(String sql) throws SQLException;

        void refuseCopy(List<String> parts) throws SQLException;

        List<Messages.Column> columns(ResultSetMetaData md) throws SQLException;

        long sendRows(java.sql.ResultSet rs, List<Messages.Column> columns, short[] formats, int max) throws SQLException, IOException;

        List<Map<Character, String>> takeNotices(java.sql.Statement s);

        void sendNotices(List<Map<Character, String>> notices);

        void sendQuestionNotice(java.sql.Statement s, String text) throws SQLException;

        /** Notices of a statement that failed: they go out just before its ErrorResponse. */
        void noticesBeforeError(List<Map<Character, String>> notices);

        /** The batch's Sync arrived: the session reads messages again. */
        void syncReached();
    }

    /** Work on the backend that may fail as SQL fails. */
    @FunctionalInterface
    interface SqlWork<T> {
        T run() throws SQLException;
    }

    private final Session session;
    final Map<String, Prepared> statements = new HashMap<>();
    final Map<String, Portal> portals = new LinkedHashMap<>();
    /**
     * The statement whose ParseComplete (and BindCompletes) are held back until the backend has parsed it, and those
     * messages. pgjdbc parses lazily, at the statement's first Describe or Execute; PostgreSQL answers a bad Parse with
     * the error alone, so nothing may precede it. The Describe or Execute that follows is the check in the common case;
     * any other message makes the proxy ask the backend to parse the statement first ({@link #settle()}).
     */
    Prepared unconfirmed;
    private final StringBuilder owed = new StringBuilder();

    ExtendedQuery(Session session) {
        this.session = session;
    }

    void parse(ExtendedMessages.Parse parse) throws IOException, SQLException {
        String name = parse.name();
        String query = parse.query();
        int[] oids = parse.parameterTypes();
        if (!name.isEmpty() && statements.containsKey(name)) {
            throw new SQLException("prepared statement \"" + name + "\" already exists", PgState.DUPLICATE_PREPARED_STATEMENT.code());
        }
        Prepared old = statements.get(name);
        if (old != null && old.confirmed && old.query.equals(query) && java.util.Arrays.equals(old.paramOids, oids)) {
            session.out().parseComplete(); // the unnamed statement parsed again with the same SQL: it passed the checks below already
            return;
        }
        if ((oids.length > 0 || ParameterMarkers.toJdbc(query, false).order().length > 0) && !query.isBlank()
                && TextKind.of(query).kind() != TextKind.SQL) {
            throw questionParameters();
        }
        if (TextKind.of(query).kind() == TextKind.SQL && SqlLexer.splitStatements(query).size() > 1) {
            throw new SQLException("cannot insert multiple commands into a prepared statement", PgState.SYNTAX_ERROR.code());
        }
        if (TextKind.of(query).kind() == TextKind.SQL && StatementKind.of(query) == StatementKind.COPY) {
            session.refuseCopy(List.of(query));
            // the extended protocol's COPY would run through JDBC, which cannot carry the COPY sub-protocol
            throw new SQLException("COPY is not supported in the extended query protocol by nlsql's proxy; send it as a simple "
                    + "query (psql \\copy, pgjdbc CopyManager and psycopg2 copy_expert do)", PgState.FEATURE_NOT_SUPPORTED.code());
        }
        Prepared p = new Prepared(query, oids, session.sqlGuarded());
        p.confirmed |= !session.postgres() || session.clientSetting(query);
        statements.put(name, p);
        Closeables.quietly(old == null ? null : old.statement);
        if (p.confirmed) {
            session.out().parseComplete();
        } else {
            unconfirmed = p;
            owed.append(BackendType.PARSE_COMPLETE);
        }
    }

    /** True when the message is a Bind, Describe or Execute of the held-back statement: it checks the statement itself. */
    boolean triesUnconfirmed(PgInput.Message m) throws PgInput.ProtocolViolation {
        ByteBuffer b = m.body().duplicate();
        switch (m.type()) {
            case FrontendType.BIND -> {
                PgInput.cstring(b);
                return statements.get(PgInput.cstring(b)) == unconfirmed;
            }
            case FrontendType.EXECUTE -> {
                Portal portal = portals.get(PgInput.cstring(b));
                return portal != null && portal.prepared == unconfirmed;
            }
            case FrontendType.DESCRIBE -> {
                char kind = (char) PgInput.byte1(b);
                String name = PgInput.cstring(b);
                Portal portal = kind == FrontendType.PORTAL ? portals.get(name) : null;
                return (kind == FrontendType.STATEMENT ? statements.get(name) : portal == null ? null : portal.prepared) == unconfirmed;
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
            if (owed.charAt(i) == BackendType.PARSE_COMPLETE) {
                session.out().parseComplete();
            } else {
                session.out().bindComplete();
            }
        }
        owed.setLength(0);
    }

    /** Has the backend parse the held-back statement now (a Describe without executing); its error is the Parse's. */
    void settle() throws SQLException {
        Prepared p = unconfirmed;
        try {
            PreparedStatement ps = statement(p);
            session.run(ps, ps::getParameterMetaData);
        } catch (SQLException e) {
            dropOwed();
            throw e;
        }
        parsed(p);
    }

    /**
     * True when planning the statement with the portal's parameters alone fails as its execution did: PostgreSQL plans an
     * unnamed statement at Bind, so such an error is the Bind's. Only on the error path, only for SQL nlsql passes
     * untouched, outside a failed transaction block: EXPLAIN without ANALYZE runs nothing.
     */
    private boolean failsWhenPlanned(Prepared p, SQLException e) {
        Portal portal = portals.values().stream().filter(x -> x.prepared == p).reduce((a, b) -> b).orElse(null);
        if (session.sqlGuarded() || session.pgBackend() == null || portal == null || e.getSQLState() == null || session.transactionStatus() == BackendType.FAILED_TRANSACTION
                || !StatementKind.of(p.query).isPlanned()) {
            return false;
        }
        try (PreparedStatement explain = session.pgBackend().prepareStatement("EXPLAIN " + p.jdbcSql)) {
            bindParameters(explain, portal);
            session.run(explain, explain::execute);
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
        Closeables.quietly(p.statement);
    }

    /**
     * A Describe or Execute of the held-back statement failed: was it the parse (then nothing held back is sent, as
     * PostgreSQL sends only the error) or the execution (then the held-back messages precede the error)? Asked of the
     * backend by parsing the statement alone; in a failed transaction block the backend parses nothing, and the error's
     * source file tells: parse analysis is in src/backend/parser and catalog/namespace.c.
     */
    void resolveAfterError(SQLException e) {
        Prepared p = unconfirmed;
        if (p.statement == null || PgState.IN_FAILED_SQL_TRANSACTION.is(e)) {
            dropOwed(); // refused before reaching the backend (the guard), or a transaction that takes no Parse
            return;
        }
        if (PgState.PROTOCOL_VIOLATION.is(e) && !(e instanceof org.postgresql.util.PSQLException)) {
            owed.setLength(owed.indexOf("2") < 0 ? owed.length() : owed.indexOf("2")); // a wrong parameter count fails the Bind
        }
        boolean parses;
        if (session.pgBackend() != null && session.transactionStatus() == BackendType.FAILED_TRANSACTION) {
            org.postgresql.util.ServerErrorMessage m = e instanceof org.postgresql.util.PSQLException x ? x.getServerErrorMessage() : null;
            String file = m == null || m.getFile() == null ? "" : m.getFile();
            parses = !(file.startsWith("parse_") || file.equals("analyze.c") || file.equals("scan.l") || file.equals("gram.y")
                    || file.equals("parser.c") || file.equals("namespace.c"));
        } else {
            try {
                PreparedStatement ps = statement(p);
                session.run(ps, ps::getParameterMetaData);
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

    void bind(ExtendedMessages.Bind bind) throws IOException, SQLException {
        String portalName = bind.portal();
        String statementName = bind.statement();
        ByteBuffer b = bind.values(); // read below once the statement is known, as PostgreSQL reads a Bind
        Prepared p = statements.get(statementName);
        if (p == null) {
            throw new SQLException("prepared statement \"" + statementName + "\" does not exist", PgState.INVALID_SQL_STATEMENT_NAME.code());
        }
        short[] paramFormats = PgInput.shorts(b);
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
        short[] resultFormats = PgInput.shorts(b);
        closePortal(portalName);
        portals.put(portalName, new Portal(p, params, raw, bytea, resultFormats));
        if (p == unconfirmed) {
            owed.append(BackendType.BIND_COMPLETE);
        } else {
            session.out().bindComplete();
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

    void describe(ExtendedMessages.Target describe) throws IOException, SQLException {
        char kind = describe.kind();
        String name = describe.name();
        if (kind == FrontendType.STATEMENT) {
            Prepared p = statements.get(name);
            if (p == null) {
                throw new SQLException("prepared statement \"" + name + "\" does not exist", PgState.INVALID_SQL_STATEMENT_NAME.code());
            }
            PreparedStatement ps = statement(p);
            int[] parameterOids = parameterOids(p, ps);
            parsed(p);
            session.out().parameterDescription(parameterOids);
            p.describedOids = describeRows(metadata(ps), null);
        } else if (kind == FrontendType.PORTAL) {
            Portal portal = portals.get(name);
            if (portal == null) {
                throw new SQLException("portal \"" + name + "\" does not exist", PgState.INVALID_CURSOR_NAME.code());
            }
            if (portal.rows == null && !portal.done && !portal.prepared.question && readOnly(portal.prepared.query)
                    && session.in().bufferedExecuteRows() == 0) {
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
            session.out().noData();
            return new int[0];
        }
        List<Messages.Column> columns = session.columns(md);
        session.out().rowDescription(columns, formats);
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
        if ((session.postgres() || portal.prepared.question) && described != null && !java.util.Arrays.equals(described, typeOids(portal.columns))) {
            Closeables.quietly(portal.rows);
            portal.rows = null;
            portal.done = true;
            throw new org.postgresql.util.PSQLException(new org.postgresql.util.ServerErrorMessage(
                    "SERROR\u0000VERROR\u0000C0A000\u0000Mcached plan must not change result type\u0000RRevalidateCachedQuery"));
        }
    }

    void execute(ExtendedMessages.Execute execute) throws IOException, SQLException {
        String name = execute.portal();
        int maxRows = execute.maxRows();
        Portal portal = portals.get(name);
        if (portal == null) {
            throw new SQLException("portal \"" + name + "\" does not exist", PgState.INVALID_CURSOR_NAME.code());
        }
        if (portal.prepared.query.isBlank()) {
            session.out().emptyQueryResponse();
            return;
        }
        if (session.clientSetting(portal.prepared.query)) {
            session.clientSettingDone(portal.prepared.query);
            return;
        }
        if (portal.done) {
            session.out().commandComplete(CommandTags.forRows(portal.prepared.query, 0));
            return;
        }
        if (portal.rows == null) {
            PreparedStatement ps = statement(portal.prepared);
            if (!runPortal(portal)) {
                portal.done = true;
                session.sendNotices(portal.notices);
                session.out().commandComplete(CommandTags.forUpdate(portal.prepared.query, ps.getUpdateCount()));
                return;
            }
            requireDescribedShape(portal);
        }
        session.sendNotices(portal.notices);
        portal.notices = List.of();
        long before = portal.sent;
        long sent = session.sendRows(portal.rows, portal.columns, portal.resultFormats, maxRows);
        portal.sent += sent;
        if (maxRows > 0 && sent == maxRows) {
            // as PostgreSQL: a run that reached its row limit is suspended, whether or not rows remain, so no row is
            // read ahead (a cursor read ahead would raise a later row's error early)
            session.out().portalSuspended();
            return;
        }
        portal.done = true;
        portal.rows.close();
        portal.rows = null;
        session.out().commandComplete(CommandTags.forRows(portal.prepared.query, before + sent));
    }

    /** How the backend runs a portal that is read in batches: in a transaction the proxy opened, or in the client's. */
    private enum Streaming { NONE, OWN_TRANSACTION, CLIENT_TRANSACTION }

    private Streaming streaming = Streaming.NONE;

    /**
     * Every read reaches the client as PostgreSQL produces it, not after the whole result, whether the client reads it
     * in batches (Execute with a row limit: cursors, query streams) or whole: pgjdbc then reads through a cursor, which
     * needs a transaction block. Outside one the proxy opens it, and Sync ends it, as Sync ends PostgreSQL's implicit
     * transaction; inside the client's own block only pgjdbc's auto-commit flag changes. Guarded SQL (a guarding
     * nlsql.passthrough) streams in the driver's read-only transaction, which ends when its rows are closed. Rows before
     * an error reach the client, and the proxy holds one fetch ({@link Session#sendRows}), not the result.
     */
    private void streamRows(Portal portal, PreparedStatement ps) throws SQLException {
        if (portal.prepared.question) {
            return; // an answer's rows are the driver's, capped by nlsql.maxResultBytes
        }
        if (session.sqlGuarded()) {
            ps.setFetchSize(1);
            return;
        }
        if (session.pgBackend() == null || !readOnly(portal.prepared.query)) {
            return;
        }
        if (streaming == Streaming.NONE) {
            streaming = session.pgBackend().getTransactionState() == org.postgresql.core.TransactionState.IDLE
                    ? Streaming.OWN_TRANSACTION : Streaming.CLIENT_TRANSACTION;
            session.pgBackend().setAutoCommit(false); // no message: pgjdbc sends BEGIN with the query when no block is open
        }
        ps.setFetchSize(1); // sendRows sizes the fetches that follow by the rows it sees
    }

    /**
     * A message failed: a transaction the proxy opened for streaming is rolled back now, as PostgreSQL's implicit one
     * is aborted, so that what follows (the error's Bind-or-Parse question, the Sync) sees the client's own state.
     */
    void failed() {
        if (streaming == Streaming.OWN_TRANSACTION) {
            endStreaming();
        }
    }

    /** At Sync: the transaction opened for streaming ends (rolled back after an error, as PostgreSQL's implicit one). */
    private void endStreaming() {
        Streaming was = streaming;
        streaming = Streaming.NONE;
        try {
            if (was == Streaming.OWN_TRANSACTION) {
                try {
                    if (session.pgBackend().getTransactionState() == org.postgresql.core.TransactionState.FAILED) {
                        session.pgBackend().rollback();
                    } else {
                        session.pgBackend().commit();
                    }
                } finally {
                    session.pgBackend().setAutoCommit(true);
                }
            } else if (was == Streaming.CLIENT_TRANSACTION) {
                // back to auto-commit without pgjdbc's COMMIT: the block is the client's, and it goes on
                org.postgresql.core.QueryExecutor executor = session.pgBackend().getQueryExecutor();
                org.postgresql.core.TransactionState state = executor.getTransactionState();
                ((org.postgresql.core.QueryExecutorBase) executor).setTransactionState(org.postgresql.core.TransactionState.IDLE);
                try {
                    session.pgBackend().setAutoCommit(true);
                } finally {
                    ((org.postgresql.core.QueryExecutorBase) executor).setTransactionState(state);
                }
            }
        } catch (SQLException e) {
            LOG.debug("session {}: ending the streaming transaction failed: {}", session.processId(), e.toString());
        }
    }

    /** Binds and runs a portal's statement; true when it returned rows (kept in the portal). */
    private boolean runPortal(Portal portal) throws SQLException {
        PreparedStatement ps = statement(portal.prepared);
        bindParameters(ps, portal);
        streamRows(portal, ps);
        boolean hasRows;
        try {
            hasRows = session.run(ps, ps::execute);
        } catch (SQLException e) {
            session.noticesBeforeError(session.takeNotices(ps));
            throw e;
        }
        portal.notices = session.takeNotices(ps);
        parsed(portal.prepared);
        session.sendQuestionNotice(ps, portal.prepared.query);
        if (hasRows) {
            portal.rows = ps.getResultSet();
            portal.columns = session.columns(portal.rows.getMetaData());
        }
        return hasRows;
    }

    /** Reads only, by its first word: a query or SHOW, but not a WITH, which may hold a data-changing CTE. */
    private static boolean readOnly(String sql) {
        StatementKind kind = StatementKind.of(sql);
        return kind == StatementKind.SHOW || kind.isQuery() && !SqlLexer.firstWord(sql).equals("with");
    }

    void close(ExtendedMessages.Target close) throws IOException, SQLException {
        char kind = close.kind();
        String name = close.name();
        if (kind == FrontendType.STATEMENT) {
            Prepared p = statements.remove(name);
            Closeables.quietly(p == null ? null : p.statement);
        } else {
            closePortal(name);
        }
        session.out().closeComplete();
    }

    private static final java.util.regex.Pattern DEALLOCATE = java.util.regex.Pattern.compile(
            "(?is)\\s*DEALLOCATE\\s+(?:PREPARE\\s+)?(\"(?:[^\"]|\"\")+\"|[a-z_][a-z0-9_$]*)\\s*;?\\s*");

    /**
     * SQL {@code DEALLOCATE name} of a statement the client prepared with Parse (libpq's PQprepare, then libpqxx's
     * unprepare): the proxy keeps those itself, the backend has none of that name, so it is closed here, as a Close
     * message would. Any other name (an SQL PREPARE's, or none) goes on to the backend.
     */
    boolean deallocatedHere(String sql) {
        if (statements.isEmpty() || StatementKind.of(sql) != StatementKind.DEALLOCATE) {
            return false; // the common case, without a regular expression
        }
        String name = deallocatedName(sql);
        if (name == null || session.transactionStatus() == BackendType.FAILED_TRANSACTION || !statements.containsKey(name)) {
            return false; // in a failed transaction the backend refuses it (25P02)
        }
        Prepared p = statements.remove(name);
        Closeables.quietly(p.statement);
        session.out().commandComplete("DEALLOCATE");
        session.out().readyForQuery(session.transactionStatus());
        return true;
    }

    /** The statement name of {@code DEALLOCATE [PREPARE] name}; null for another text or DEALLOCATE ALL. */
    static String deallocatedName(String sql) {
        java.util.regex.Matcher m = DEALLOCATE.matcher(sql);
        if (!m.matches()) {
            return null;
        }
        String id = m.group(1);
        if (id.equalsIgnoreCase("all")) {
            return null;
        }
        return id.startsWith("\"") ? id.substring(1, id.length() - 1).replace("\"\"", "\"") : id.toLowerCase(java.util.Locale.ROOT);
    }

    void sync() {
        sync(true);
    }

    /** Ends the batch on the JDBC route; the ReadyForQuery is the relay's when it relays the Sync. */
    void sync(boolean ready) {
        session.syncReached();
        if (session.sqlGuarded()) {
            // no transaction block is open (the guard refuses BEGIN): Sync ends the implicit one and, as on PostgreSQL,
            // every portal with it; a streamed portal's read-only transaction ends with its rows
            portals.keySet().stream().toList().forEach(this::closePortal);
        } else {
            closePortal("");
        }
        endStreaming();
        if (ready) {
            session.out().readyForQuery(session.transactionStatus());
        }
    }

    // ---- helpers ----

    private PreparedStatement statement(Prepared p) throws SQLException {
        if (p.statement == null && session.clientSetting(p.query)) {
            p.statement = session.backend().prepareStatement("SELECT 1 WHERE 1 = 0");
        }
        if (p.statement == null) {
            p.statement = session.backend().prepareStatement(p.question ? p.query : p.jdbcSql);
        }
        return p.statement;
    }

    /** A Describe: a prepared question's columns are known from its answer only, so it is answered now (getMetaData never does). */
    private ResultSetMetaData metadata(PreparedStatement ps) throws SQLException {
        return session.run(ps, () -> {
            ResultSetMetaData answer = ps.isWrapperFor(NlStatement.class) ? ps.unwrap(NlStatement.class).describeAnswer() : null;
            return answer != null ? answer : ps.getMetaData();
        });
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
                oids[i] = jdbcIndex < 0 ? PgTypes.UNKNOWN : session.types().oid(md.getParameterTypeName(jdbcIndex + 1), md.getParameterType(jdbcIndex + 1));
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
            String declared = declaredType(portal.prepared, param);
            if (portal.binaryBytea[param]) {
                ps.setBytes(i + 1, portal.raw[param]);
            } else if (declared != null) {
                ps.setObject(i + 1, typed(declared, portal.params[param]));
            } else if (portal.params[param] == null) {
                ps.setNull(i + 1, Types.OTHER);
            } else {
                ps.setString(i + 1, portal.params[param]);
            }
        }
    }

    /**
     * The type the client declared for a parameter in Parse (pgjdbc, asyncpg, pgx and Npgsql declare them), by name,
     * so that pgjdbc binds the value with that type's OID: {@code ? + ?} of two int4 is not "unknown + unknown".
     * Null for an undeclared parameter or another database.
     */
    private String declaredType(Prepared p, int param) throws SQLException {
        int oid = param < p.paramOids.length ? p.paramOids[param] : 0;
        if (oid == 0 || oid == PgTypes.UNKNOWN || session.pgBackend() == null) {
            return null;
        }
        return session.pgBackend().getTypeInfo().getPGType(oid);
    }

    private static org.postgresql.util.PGobject typed(String type, String value) throws SQLException {
        org.postgresql.util.PGobject o = new org.postgresql.util.PGobject();
        o.setType(type);
        o.setValue(value);
        return o;
    }

    void closePortal(String name) {
        Portal p = portals.remove(name);
        if (p != null && p.rows != null) {
            Closeables.quietly(p.rows);
        }
    }

    /** Closes every portal and statement, as the session ends. */
    void closeAll() {
        portals.keySet().stream().toList().forEach(this::closePortal);
        statements.values().forEach(p -> Closeables.quietly(p.statement));
    }
}
