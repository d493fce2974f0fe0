package dev.nlsql.jdbc;

import dev.nlsql.internal.SqlState;
import dev.nlsql.NlSqlState;
import dev.nlsql.internal.check.FunctionPolicy;
import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.check.PgFunctions;
import dev.nlsql.sql.SqlDialect;
import dev.nlsql.sql.SqlLexer;
import dev.nlsql.internal.execute.GuardedRun;
import dev.nlsql.internal.knowledge.VerifiedAppender;
import dev.nlsql.internal.knowledge.VerifiedQuestion;
import dev.nlsql.internal.execute.QueryRunner;
import dev.nlsql.internal.execute.SessionRules;
import dev.nlsql.internal.check.GuardRejection;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.config.NlConfig;
import dev.nlsql.config.NlConfig.Passthrough;
import dev.nlsql.internal.execute.ReadOnlyTransaction;
import dev.nlsql.internal.execute.ServerTransaction;
import dev.nlsql.internal.jdbc.DelegatingConnection;
import dev.nlsql.internal.jdbc.DriverInterfaces;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import dev.nlsql.engine.Conversation;
import dev.nlsql.engine.Database;
import dev.nlsql.engine.Narration;
import dev.nlsql.engine.Answer;
import dev.nlsql.engine.NlEngine;
import dev.nlsql.engine.NlEngines;
import dev.nlsql.engine.Question;
import dev.nlsql.engine.Attempt;
import dev.nlsql.engine.Trace;
import java.nio.file.Path;
import dev.nlsql.engine.TraceException;

/**
 * A connection to the real database that also answers questions. SQL reaches the delegate
 * under the {@code nlsql.passthrough} policy; statements and metadata it hands out are nlsql
 * wrappers whose back-references lead here.
 */
public final class NlConnection extends DelegatingConnection<Connection> {

    private final NlConfig config;
    private final boolean postgres;
    private final ReadOnlyTransaction readOnlyTransaction;
    private final String databaseKey;
    private volatile SqlGuard sqlTextGuard;
    private volatile NlEngine engine;
    private final Conversation conversation = new Conversation();
    /** The attached sources (nlsql.source.<name>), connected when a question first needs them. */
    private final List<Database> sources;

    NlConnection(Connection delegate, NlConfig config) throws SQLException {
        this(delegate, config, List.of());
    }

    NlConnection(Connection delegate, NlConfig config, List<Database> sources) throws SQLException {
        super(delegate);
        this.config = config;
        this.sources = List.copyOf(sources);
        for (Database source : this.sources) {
            source.connectEagerly();
        }
        DatabaseMetaData md = delegate.getMetaData();
        this.postgres = "PostgreSQL".equalsIgnoreCase(md.getDatabaseProductName());
        SqlDialect transactions;
        try {
            transactions = NlEngine.dialect(config, md.getDatabaseProductName());
        } catch (SQLException unknownDialect) {
            transactions = SqlDialect.UNVERIFIED; // SQL text is refused later; plain SQL still passes
        }
        if (config.readRole() != null && transactions != SqlDialect.POSTGRESQL) {
            // MySQL's SET ROLE adds a role's privileges to the user's own; it cannot take any away
            throw new SQLException("nlsql.readRole works on PostgreSQL only; on " + md.getDatabaseProductName()
                    + " connect as a user that can only read what questions may read", SqlState.INVALID_PARAMETER_VALUE.code());
        }
        this.readOnlyTransaction = new ReadOnlyTransaction(delegate, transactions);
        this.databaseKey = md.getURL() + "|" + md.getUserName();
        if (config.knowledge() != null && config.llm() != NlConfig.LlmKind.NONE) {
            engine().prepare(delegate, databaseKey); // a broken knowledge file fails the connection, naming the entry
        }
    }

    /** This connection as applications hold it: with the real driver's own interfaces when it has any. */
    Connection exposed() {
        return (Connection) facade();
    }

    /** What this connection's statements, result sets, arrays and metadata ask of it: see {@link StatementHost}. */
    private final StatementHost host = new Host();

    /**
     * The connection as its children see it. A private object rather than {@code implements}: an interface's methods are
     * public, and NlConnection's public API stays as README lists it.
     */
    private final class Host implements StatementHost {

        @Override
        public Connection connection() {
            return exposed();
        }

        @Override
        public Statement statement(Statement delegate) {
            return NlStatement.of(this, delegate);
        }

        @Override
        public java.sql.ResultSet resultSet(java.sql.ResultSet rs) throws SQLException {
            return NlValues.resultSet(this, rs);
        }

        @Override
        public Object adopt(Object value) throws SQLException {
            return NlValues.adopt(this, value);
        }

        @Override
        public TextKind.Decision decide(String text) throws SQLException {
            return NlConnection.this.decide(text);
        }

        @Override
        public Passthrough passthrough() {
            return NlConnection.this.passthrough();
        }

        @Override
        public void admitDriverSql(String method) throws SQLException {
            NlConnection.this.admitDriverSql(method);
        }

        @Override
        public void afterSql(TextKind.Decision decision) {
            NlConnection.this.afterSql(decision);
        }

        @Override
        public GuardedSql admitSqlText(String text) throws SQLException {
            return NlConnection.this.admitSqlText(text);
        }

        @Override
        public java.sql.ResultSet runGuardedText(Statement settings, GuardedSql guarded) throws SQLException {
            return NlConnection.this.runGuardedText(settings, guarded);
        }

        @Override
        public boolean streams(Statement settings) throws SQLException {
            return NlConnection.this.streams(settings);
        }

        @Override
        public ReadOnlyTransaction.Scope openReadOnly(GuardedSql guarded) throws SQLException {
            return NlConnection.this.openReadOnly(guarded);
        }

        @Override
        public <T> T runReadOnly(Statement statement, GuardedSql guarded, ReadOnlyTransaction.Work<T> work) throws SQLException {
            return NlConnection.this.runReadOnly(statement, guarded, work);
        }

        @Override
        public void cancelSources() {
            NlConnection.this.cancelSources();
        }

        @Override
        public void resetConversation() {
            NlConnection.this.resetConversation();
        }

        @Override
        public Answer answer(TextKind.Decision decision, String instructions, int statementMaxRows) throws SQLException {
            return NlConnection.this.answer(decision, instructions, statementMaxRows);
        }

        @Override
        public SQLException failed(SQLException e) {
            return failTransaction(e);
        }
    }

    /**
     * Issue 38: an error of nlsql's own (a question declined or failed, the guard refusing a statement, guarded SQL that
     * failed under its savepoint) inside a transaction block fails the block on PostgreSQL, as any error there does:
     * the backend itself then holds the failed state ({@link ServerTransaction#fail}), so the next statement gets 25P02,
     * COMMIT rolls back, ROLLBACK TO a savepoint made before the error recovers, and pgjdbc's autosave decides as for
     * its own failed statements. Outside a block, on other databases (MySQL has no failed state), for a call the driver
     * refused without running anything (0A000), or when the block has failed already, nothing happens. Returns {@code e}.
     */
    SQLException failTransaction(SQLException e) {
        if (!SqlState.isFeatureNotSupported(e)) {
            failBlock(e.getSQLState());
        }
        return e;
    }

    /** Fails the open transaction block on PostgreSQL for an error of {@code sqlState}: see {@link #failTransaction}. */
    private void failBlock(String sqlState) {
        if (!postgres) {
            return;
        }
        try {
            if (ServerTransaction.isFailed(delegate) || delegate.isClosed()
                    || delegate.getAutoCommit() && !ServerTransaction.isOpen(delegate)) {
                return;
            }
        } catch (SQLException unknown) {
            return;
        }
        ServerTransaction.fail(delegate, sqlState);
    }

    /**
     * On PostgreSQL in a failed transaction block, the error PostgreSQL gives every command there (25P02), which a
     * question or guarded statement gets before nlsql does any of its work, as a statement does; else nothing.
     */
    private void refuseInFailedTransaction() throws SQLException {
        if (postgres && ServerTransaction.isFailed(delegate)) {
            throw SqlState.IN_FAILED_SQL_TRANSACTION.exception();
        }
    }

    /** Cancels what a question runs on the attached sources now (a statement's cancel covers main itself). */
    void cancelSources() {
        for (Database source : sources) {
            source.cancelRunning();
        }
    }

    /** Closes the attached sources' connections with this one. */
    @Override
    public void close() throws SQLException {
        try {
            for (Database source : sources) {
                source.close();
            }
        } finally {
            delegate.close();
        }
    }

    /** The engine that answers this connection's questions (shared with connections configured alike). */
    public NlEngine engine() {
        NlEngine e = engine;
        if (e == null) {
            e = NlEngines.forConfig(config);
            engine = e;
        }
        return e;
    }

    /** Drops the cached catalog of this database, e.g. after DDL made elsewhere. */
    public void refreshSchema() {
        engine().schemaChanged(databaseKey);
    }

    public NlConfig config() {
        return config;
    }

    /** What the proxy asks of this connection, handed out by {@link #unwrap} only. */
    private final ProxySupport proxySupport = new ProxySupport() {
        @Override
        public boolean passesSqlUntouched() {
            return passthrough() == Passthrough.ALLOW;
        }

        @Override
        public void failTransaction(SQLException error) {
            failBlock(error.getSQLState()); // every error the client hears fails its block, a refused call's too
        }
    };

    /** Also unwraps to {@link ProxySupport}, which the connection itself does not implement. */
    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return iface == ProxySupport.class ? iface.cast(proxySupport) : super.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface == ProxySupport.class || super.isWrapperFor(iface);
    }

    Passthrough passthrough() {
        return config.passthrough();
    }

    @Override
    public Statement createStatement() throws SQLException {
        return NlStatement.of(host, delegate.createStatement());
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        return NlStatement.of(host, delegate.createStatement(resultSetType, resultSetConcurrency));
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException {
        return NlStatement.of(host, delegate.createStatement(resultSetType, resultSetConcurrency, resultSetHoldability));
    }

    @Override
    public PreparedStatement prepareStatement(String text) throws SQLException {
        TextKind.Decision decision = decide(text);
        if (decision.kind() != TextKind.SQL) {
            if (decision.kind() != TextKind.RESET_CONVERSATION) {
                try {
                    Question.of(decision.text(), null);
                } catch (SQLException e) {
                    throw failTransaction(e);
                }
            }
            return DriverInterfaces.expose(PreparedStatement.class,
                    new NlQuestionStatement(host, delegate.createStatement(), decision, text), host::admitDriverSql);
        }
        GuardedSql guarded = admitSqlText(text);
        String sql = guarded == null ? text : guarded.sql();
        return NlPreparedStatement.of(host, delegate.prepareStatement(sql), guarded);
    }

    @Override
    public PreparedStatement prepareStatement(String text, int autoGeneratedKeys) throws SQLException {
        GuardedSql guarded = admitSqlText(text);
        String sql = guarded == null ? text : guarded.sql();
        return NlPreparedStatement.of(host, delegate.prepareStatement(sql, autoGeneratedKeys), guarded);
    }

    @Override
    public PreparedStatement prepareStatement(String text, int[] columnIndexes) throws SQLException {
        GuardedSql guarded = admitSqlText(text);
        String sql = guarded == null ? text : guarded.sql();
        return NlPreparedStatement.of(host, delegate.prepareStatement(sql, columnIndexes), guarded);
    }

    @Override
    public PreparedStatement prepareStatement(String text, String[] columnNames) throws SQLException {
        GuardedSql guarded = admitSqlText(text);
        String sql = guarded == null ? text : guarded.sql();
        return NlPreparedStatement.of(host, delegate.prepareStatement(sql, columnNames), guarded);
    }

    @Override
    public PreparedStatement prepareStatement(String text, int resultSetType, int resultSetConcurrency)
            throws SQLException {
        GuardedSql guarded = admitSqlText(text);
        String sql = guarded == null ? text : guarded.sql();
        return NlPreparedStatement.of(host, delegate.prepareStatement(sql, resultSetType, resultSetConcurrency), guarded);
    }

    @Override
    public PreparedStatement prepareStatement(String text, int resultSetType, int resultSetConcurrency,
            int resultSetHoldability) throws SQLException {
        GuardedSql guarded = admitSqlText(text);
        String sql = guarded == null ? text : guarded.sql();
        return NlPreparedStatement.of(host,
                delegate.prepareStatement(sql, resultSetType, resultSetConcurrency, resultSetHoldability), guarded);
    }

    @Override
    public CallableStatement prepareCall(String text) throws SQLException {
        return NlCallableStatement.of(host, delegate.prepareCall(admitCall(text)));
    }

    @Override
    public CallableStatement prepareCall(String text, int resultSetType, int resultSetConcurrency) throws SQLException {
        return NlCallableStatement.of(host, delegate.prepareCall(admitCall(text), resultSetType, resultSetConcurrency));
    }

    @Override
    public CallableStatement prepareCall(String text, int resultSetType, int resultSetConcurrency,
            int resultSetHoldability) throws SQLException {
        return NlCallableStatement.of(host,
                delegate.prepareCall(admitCall(text), resultSetType, resultSetConcurrency, resultSetHoldability));
    }

    /** An array whose result sets lead back here; statements hand the real driver its own array when it is bound. */
    @Override
    public java.sql.Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        return NlValues.array(host, delegate.createArrayOf(typeName, elements));
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        return new NlDatabaseMetaData(host, delegate.getMetaData());
    }

    /**
     * What a text is on this connection. Under {@code nlsql.passthrough=allow}, a text {@link TextKind} reads as a
     * question is SQL when it is SQL under the session's own lexical rules: with standard_conforming_strings off a
     * backslash escapes in every string, and always in {@code E''} strings, which a reading under the default rules
     * takes for unterminated strings. The text then runs as it was written.
     */
    TextKind.Decision decide(String text) throws SQLException {
        TextKind.Decision decision = TextKind.of(text);
        if (decision.kind() != TextKind.QUESTION || passthrough() != Passthrough.ALLOW || !postgres
                || text.indexOf('\'') < 0) {
            return decision;
        }
        SqlLexer.Result session = SqlLexer.tokenize(text, SessionRules.of(delegate, SqlDialect.POSTGRESQL));
        if (session.problem() != null) {
            return decision;
        }
        TextKind.Decision canonical = TextKind.of(session.canonical());
        return canonical.kind() == TextKind.SQL ? new TextKind.Decision(TextKind.SQL, text, canonical.changesSchema()) : decision;
    }

    /**
     * The passthrough policy on one of the real driver's own methods that takes SQL text or hands out what runs it on the
     * real connection (pgjdbc's {@code executeWithFlags}, {@code execSQLUpdate}, {@code getCopyAPI}, ...; the list is
     * {@code DriverSqlMethods}): such a method bypasses the guard and the read-only transaction, so only allow admits it.
     */
    void admitDriverSql(String method) throws SQLException {
        if (passthrough() != Passthrough.ALLOW) {
            throw NlSqlState.UNSAFE_SQL.exception(method + " runs SQL on the real connection past nlsql's guard: refused under"
                    + " nlsql.passthrough=" + passthrough().name().toLowerCase(Locale.ROOT) + " (the java.sql methods run SQL"
                    + " text under the policy)");
        }
    }

    /**
     * Applies the passthrough policy to SQL text that is about to run: null under allow (the text
     * runs untouched), the guarded statement under readonly, NL003 naming the broken rule otherwise.
     */
    GuardedSql admitSqlText(String text) throws SQLException {
        if (passthrough() == Passthrough.ALLOW) {
            return null;
        }
        try {
            refuseInFailedTransaction();
            if (passthrough() == Passthrough.DENY) {
                throw NlSqlState.UNSAFE_SQL.exception("SQL text is refused on this connection (nlsql.passthrough=deny); "
                        + "ask a question instead");
            }
            return sqlTextGuard().check(text, SessionRules.of(delegate, dialect()));
        } catch (GuardRejection e) {
            throw failTransaction(NlSqlState.UNSAFE_SQL.exception("SQL refused by nlsql.passthrough=readonly: " + e.getMessage(), e));
        } catch (SQLException e) {
            throw failTransaction(e);
        }
    }

    /**
     * Runs guarded SQL text with the settings of the caller's statement (row cap, timeout) behind
     * every wall: a prepared statement of its own (one Parse on PostgreSQL), read-only, the role,
     * its relations resolved by the database and checked.
     */
    java.sql.ResultSet runGuardedText(Statement settings, GuardedSql guarded) throws SQLException {
        try {
            GuardedRun run = guardedRun(guarded, settings.getQueryTimeout());
            if (streams(settings)) {
                return QueryRunner.stream(delegate, run, settings.getMaxRows(), settings.getQueryTimeout(), settings.getFetchSize());
            }
            return QueryRunner.run(delegate, run, settings.getMaxRows(), settings.getQueryTimeout(), 0);
        } catch (SQLException e) {
            throw failTransaction(e); // its savepoint rolled back: the error fails the block as PostgreSQL's would
        }
    }

    /**
     * True when guarded SQL run with these statement settings streams its rows: a fetch size asks for it, as with
     * pgjdbc, on PostgreSQL. The read-only transaction then lasts until the rows are closed.
     */
    boolean streams(Statement settings) throws SQLException {
        return postgres && settings.getFetchSize() > 0;
    }

    /** Opens the read-only scope of guarded SQL whose rows are read after it returns ({@link #streams}). */
    ReadOnlyTransaction.Scope openReadOnly(GuardedSql guarded) throws SQLException {
        try {
            return readOnlyTransaction.open(guardedRun(guarded, 0));
        } catch (SQLException e) {
            throw failTransaction(e);
        }
    }

    /** Runs work on {@code statement} in a read-only transaction, with rows fetched before it ends. */
    <T> T runReadOnly(Statement statement, GuardedSql guarded, ReadOnlyTransaction.Work<T> work) throws SQLException {
        int fetchSize = statement.getFetchSize();
        if (fetchSize != 0) {
            statement.setFetchSize(0);
        }
        try {
            return readOnlyTransaction.run(guardedRun(guarded, 0), work);
        } catch (SQLException e) {
            throw failTransaction(e); // its savepoint rolled back: the error fails the block as PostgreSQL's would
        } finally {
            if (fetchSize != 0) {
                statement.setFetchSize(fetchSize);
            }
        }
    }

    private GuardedRun guardedRun(GuardedSql guarded, int timeoutSeconds) throws SQLException {
        SqlGuard guard = sqlTextGuard();
        return new GuardedRun(guarded, timeoutSeconds, config.readRole(), (schema, name, names) -> guard.policy().resolvedRefusal(schema, name, false, names));
    }

    /** The dialect SQL text is read with; refused (NL003) for a database without exact rules unless nlsql.dialect says otherwise. */
    SqlDialect dialect() throws SQLException {
        return NlEngine.dialect(config, delegate.getMetaData().getDatabaseProductName());
    }

    /**
     * Answers a question. {@code statementMaxRows} is the statement's own cap (0 for none); the
     * lower of it and nlsql.maxRows applies. EXPLAIN NL returns the trace as rows instead.
     */
    Answer answer(TextKind.Decision decision, int statementMaxRows) throws SQLException {
        return answer(decision, null, statementMaxRows);
    }

    Answer answer(TextKind.Decision decision, String instructions, int statementMaxRows) throws SQLException {
        if (decision.kind() == TextKind.RESET_CONVERSATION) {
            resetConversation();
            return new Answer(null, null);
        }
        try {
            refuseInFailedTransaction();
            return answerNow(decision, instructions, statementMaxRows);
        } catch (SQLException e) {
            throw failTransaction(e);
        }
    }

    /** {@link #answer}, with the question's failure left to it. */
    private Answer answerNow(TextKind.Decision decision, String instructions, int statementMaxRows) throws SQLException {
        Question question = Question.of(decision.text(), instructions);
        int maxRows = statementMaxRows > 0 ? Math.min(statementMaxRows, config.maxRows()) : config.maxRows();
        if (decision.kind() == TextKind.NARRATE_QUESTION) {
            Answer answer = engine().answer(question, conversation, delegate, databaseKey, maxRows, sources);
            Narration narration = narrate(answer.trace(), answer.rows(), maxRows);
            return new Answer(NarrationRows.of(narration), answer.trace());
        }
        if (decision.kind() != TextKind.EXPLAIN_QUESTION) {
            return engine().answer(question, conversation, delegate, databaseKey, maxRows, sources);
        }
        Trace trace;
        try {
            Answer answer = engine().answer(question, conversation, delegate, databaseKey, maxRows, sources);
            answer.rows().close();
            trace = answer.trace();
        } catch (TraceException e) {
            trace = e.trace();
        }
        return new Answer(TraceRows.of(trace), trace);
    }

    /**
     * Saves an answered question and the SQL that answered it to this connection's knowledge file ({@code nlsql.knowledge})
     * as a verified pair, by {@code by}, now ({@code nlsql verify}, the shell's {@code \verify}). A follow-up is saved as the
     * standalone question it was read as. Returns false when the answer already came from that verified question. Only SQL
     * on this connection's database is saved: an answer across sources, from a plan or from the fallback analysis is
     * refused (22023), as is a connection without a knowledge file.
     */
    public boolean saveVerified(Trace trace, String by) throws SQLException {
        Path file = config.knowledge();
        if (file == null) {
            throw new SQLException("This connection has no knowledge file: set nlsql.knowledge (the CLI's --knowledge FILE)",
                    NlConfig.INVALID_VALUE);
        }
        if (trace == null || !trace.success() || trace.finalSql() == null || trace.attempts().isEmpty()) {
            throw new SQLException("Only an answered question can be saved as verified", NlConfig.INVALID_VALUE);
        }
        Attempt last = trace.attempts().get(trace.attempts().size() - 1);
        if (!trace.sources().equals(List.of(NlConfig.MAIN)) || last.source() == Attempt.Source.PLAN
                || last.source() == Attempt.Source.FALLBACK) {
            throw new SQLException("This answer is not one statement on this connection's database (" + last.source().label()
                    + ", sources " + trace.sources() + "): a verified question holds SQL for it only", NlConfig.INVALID_VALUE);
        }
        String question = trace.resolvedQuestion() != null ? trace.resolvedQuestion() : trace.question();
        if (last.source() == Attempt.Source.VERIFIED && trace.notes().stream().noneMatch(n -> n.startsWith("adapted from"))) {
            return false;
        }
        VerifiedAppender.append(file, new VerifiedQuestion(question, trace.finalSql(), by == null || by.isBlank() ? null : by,
                java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString()));
        return true;
    }

    /** The previous question and SQL follow-ups on this connection refer to; {@code RESET NL} forgets them. */
    public Conversation conversation() {
        return conversation;
    }

    /** Forgets this connection's conversation, as {@code RESET NL} does: the next question stands alone. */
    public void resetConversation() {
        conversation.reset();
    }

    /**
     * The answer of a trace in words, with a confidence (as {@code NARRATE NL} gives it), for rows the caller has read:
     * {@code rows} may be the first ones only, {@code rowCount} says how many there were. Rows that reach nlsql.maxRows
     * count as truncated.
     */
    public Narration narrate(Trace trace, List<String> columns, List<List<Object>> rows, long rowCount) throws SQLException {
        return engine().narrate(trace, columns, rows, rowCount, rowCount >= config.maxRows());
    }

    /** How far an answered trace with {@code rowCount} rows can be trusted (NARRATE NL's confidence, no model call). */
    public Narration.Confidence confidence(Trace trace, long rowCount) {
        return engine().confidence(trace, rowCount, rowCount >= config.maxRows());
    }

    /** Reads an answer's rows (closing them) and narrates it; rows at {@code maxRows} count as truncated. */
    private Narration narrate(Trace trace, java.sql.ResultSet rs, int maxRows) throws SQLException {
        List<String> columns = new ArrayList<>();
        List<List<Object>> sample = new ArrayList<>();
        long count = 0;
        try (rs) {
            java.sql.ResultSetMetaData md = rs.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                columns.add(md.getColumnLabel(i));
            }
            while (rs.next()) {
                if (count < NARRATED_ROWS) {
                    List<Object> row = new ArrayList<>(columns.size());
                    for (int i = 1; i <= columns.size(); i++) {
                        row.add(rs.getObject(i));
                    }
                    sample.add(row);
                }
                count++;
            }
        }
        return engine().narrate(trace, columns, sample, count, count >= maxRows);
    }

    /** Rows of an answer kept for its narration; the rest are only counted. */
    private static final int NARRATED_ROWS = 20;

    /** Called after SQL that may have changed the schema ran through this connection. */
    void afterSql(TextKind.Decision decision) {
        if (decision.changesSchema()) {
            refreshSchema();
        }
    }

    private String admitCall(String text) throws SQLException {
        if (passthrough() != Passthrough.ALLOW) {
            throw failTransaction(NlSqlState.UNSAFE_SQL.exception("Procedure calls are refused under nlsql.passthrough="
                    + passthrough().name().toLowerCase(Locale.ROOT)));
        }
        return text;
    }

    /** The guard for SQL text typed by a person: the same rules, with the catalog reads database tools need. */
    private SqlGuard sqlTextGuard() throws SQLException {
        SqlGuard guard = sqlTextGuard;
        if (guard == null) {
            SqlDialect dialect = dialect();
            FunctionPolicy functions = new FunctionPolicy(FunctionPolicy.Purpose.SQL_TEXT, dialect,
                    dialect == SqlDialect.POSTGRESQL ? PgFunctions.read(delegate) : null, config.functions(), config.deniedFunctions());
            // MySQL and MariaDB have no schemas: unqualified names are the current database's
            String defaultSchema = dialect == SqlDialect.MYSQL ? delegate.getCatalog() : delegate.getSchema();
            guard = new SqlGuard(new GuardPolicy(config.tables(), functions, FunctionPolicy.Purpose.SQL_TEXT, defaultSchema));
            sqlTextGuard = guard;
        }
        return guard;
    }
}
