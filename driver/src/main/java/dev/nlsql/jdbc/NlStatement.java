package dev.nlsql.jdbc;

import dev.nlsql.NlSqlState;
import dev.nlsql.config.NlConfig.Passthrough;
import dev.nlsql.internal.jdbc.DelegatingStatement;
import dev.nlsql.internal.jdbc.DriverInterfaces;
import java.sql.Connection;
import dev.nlsql.internal.SqlState;
import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import dev.nlsql.engine.Trace;

/**
 * A statement that passes SQL to the real driver and answers questions. Every method that
 * takes text first asks {@link TextKind} what the text is; SQL then goes to the delegate
 * under the connection's {@code nlsql.passthrough} policy.
 */
public class NlStatement extends DelegatingStatement<Statement> {

    /** What this statement needs of its connection (never the connection's class: see {@link StatementHost}). */
    protected final StatementHost host;
    /** The last question answered here, its trace and its warning. */
    protected final QuestionResults questions = new QuestionResults();
    /** What getResultSet, getUpdateCount and getMoreResults describe: the delegate's last run, or this statement's own. */
    private enum LastRun {
        /** SQL the delegate ran, or nothing yet: the delegate's state answers. */
        DELEGATE,
        /** Rows made here (a question's answer, guarded rows): {@link #ownResult}, update count -1. */
        OWN_ROWS,
        /** {@code RESET NL}: no rows, update count 0. */
        RESET,
        /** getMoreResults moved past an own run: no rows, update count -1, as pgjdbc after its last result. */
        NO_MORE
    }

    private LastRun lastRun = LastRun.DELEGATE;
    /** The rows of an {@link LastRun#OWN_ROWS} run (null when the answer has none). */
    private ResultSet ownResult;

    NlStatement(StatementHost host, Statement delegate) {
        super(delegate);
        this.host = host;
    }

    /** A statement as applications hold it: with the real driver's own interfaces (PGStatement) when it has any. */
    static Statement of(StatementHost host, Statement delegate) {
        return DriverInterfaces.expose(Statement.class, new NlStatement(host, delegate), host::admitDriverSql);
    }

    /** One execution of the statement, as an overload runs it. */
    @FunctionalInterface
    protected interface Execution<T> {
        T run() throws SQLException;
    }

    /** A delegate call on the admitted SQL text. */
    @FunctionalInterface
    private interface SqlCall<T> {
        T run(String sql) throws SQLException;
    }

    /**
     * Every execute overload runs through here (as OpenTelemetry's wrapCall): the last run is forgotten first, so
     * getResultSet, getUpdateCount, getGeneratedKeys and getMoreResults describe this execution only, whichever overload
     * ran it, also when it fails (as pgjdbc, which clears its results before it executes).
     */
    protected final <T> T execution(Execution<T> body) throws SQLException {
        LastRun before = lastRun;
        ResultSet rowsBefore = ownResult;
        ownResult = null;
        lastRun = LastRun.DELEGATE;
        try {
            return body.run();
        } catch (SQLException e) {
            if (SqlState.isFeatureNotSupported(e)) { // the driver refused the call, not the SQL: nothing ran, as pgjdbc keeps its last run
                lastRun = before;
                ownResult = rowsBefore;
            }
            throw e;
        }
    }

    /** Rows this statement made itself (an answer, guarded rows): what getResultSet returns, getUpdateCount then -1. */
    protected final ResultSet ownRows(ResultSet rows) {
        ownResult = rows;
        lastRun = LastRun.OWN_ROWS;
        return rows;
    }

    @Override
    public ResultSet executeQuery(String text) throws SQLException {
        return execution(() -> {
            TextKind.Decision decision = host.decide(text);
            if (decision.kind() == TextKind.RESET_CONVERSATION) {
                throw resetHasNoRows();
            }
            if (decision.kind() != TextKind.SQL) {
                return ownRows(answer(decision));
            }
            if (host.passthrough() == Passthrough.ALLOW) {
                ResultSet rs = delegate.executeQuery(text);
                host.afterSql(decision);
                return NlResultSet.wrap(host, this, rs);
            }
            return ownRows(NlResultSet.wrap(host, this, guardedText(text)));
        });
    }

    /** Guarded rows whose read-only transaction lasts until they close ({@link StatementHost#streams}); null when none. */
    private ResultSet streamed;

    /** Runs SQL text under a guarding passthrough; rows still streaming from the last run are closed first, as JDBC does. */
    private ResultSet guardedText(String text) throws SQLException {
        endStreamed();
        ResultSet rs = host.runGuardedText(delegate, host.admitSqlText(text));
        if (rs instanceof dev.nlsql.internal.execute.ScopedRows) {
            streamed = rs;
        }
        return rs;
    }

    private void endStreamed() throws SQLException {
        ResultSet rs = streamed;
        streamed = null;
        if (rs != null) {
            rs.close();
        }
    }

    @Override
    public boolean execute(String text) throws SQLException {
        return execution(() -> executeText(text));
    }

    /** execute(String) within its execution: a question, RESET NL, or SQL under the passthrough policy. */
    private boolean executeText(String text) throws SQLException {
        TextKind.Decision decision = host.decide(text);
        if (decision.kind() == TextKind.RESET_CONVERSATION) {
            resetConversation();
            return false;
        }
        if (decision.kind() != TextKind.SQL) {
            ownRows(answer(decision));
            return true;
        }
        if (host.passthrough() == Passthrough.ALLOW) {
            boolean result = delegate.execute(text);
            host.afterSql(decision);
            return result;
        }
        ownRows(NlResultSet.wrap(host, this, guardedText(text)));
        return true;
    }

    @Override
    public boolean execute(String text, int autoGeneratedKeys) throws SQLException {
        return execution(() -> isPlainPassthrough(text) ? delegate.execute(text, autoGeneratedKeys) : executeText(text));
    }

    @Override
    public boolean execute(String text, int[] columnIndexes) throws SQLException {
        return execution(() -> isPlainPassthrough(text) ? delegate.execute(text, columnIndexes) : executeText(text));
    }

    @Override
    public boolean execute(String text, String[] columnNames) throws SQLException {
        return execution(() -> isPlainPassthrough(text) ? delegate.execute(text, columnNames) : executeText(text));
    }

    @Override
    public int executeUpdate(String text) throws SQLException {
        return update(text, 0, delegate::executeUpdate);
    }

    @Override
    public int executeUpdate(String text, int autoGeneratedKeys) throws SQLException {
        return update(text, null, sql -> delegate.executeUpdate(sql, autoGeneratedKeys));
    }

    @Override
    public int executeUpdate(String text, int[] columnIndexes) throws SQLException {
        return update(text, null, sql -> delegate.executeUpdate(sql, columnIndexes));
    }

    @Override
    public int executeUpdate(String text, String[] columnNames) throws SQLException {
        return update(text, null, sql -> delegate.executeUpdate(sql, columnNames));
    }

    @Override
    public long executeLargeUpdate(String text) throws SQLException {
        return update(text, 0L, delegate::executeLargeUpdate);
    }

    @Override
    public long executeLargeUpdate(String text, int autoGeneratedKeys) throws SQLException {
        return update(text, null, sql -> delegate.executeLargeUpdate(sql, autoGeneratedKeys));
    }

    @Override
    public long executeLargeUpdate(String text, int[] columnIndexes) throws SQLException {
        return update(text, null, sql -> delegate.executeLargeUpdate(sql, columnIndexes));
    }

    @Override
    public long executeLargeUpdate(String text, String[] columnNames) throws SQLException {
        return update(text, null, sql -> delegate.executeLargeUpdate(sql, columnNames));
    }

    /**
     * An update overload's execution: RESET NL where {@code resetCount} is given (the overloads without key options run
     * it), else the text as SQL under the passthrough policy.
     */
    private <T> T update(String text, T resetCount, SqlCall<T> call) throws SQLException {
        return execution(() -> {
            if (resetCount != null && TextKind.of(text).kind() == TextKind.RESET_CONVERSATION) {
                resetConversation();
                return resetCount;
            }
            T count = call.run(admitUpdate(text));
            host.afterSql(TextKind.of(text));
            return count;
        });
    }

    @Override
    public int[] executeBatch() throws SQLException {
        return execution(delegate::executeBatch);
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        return execution(delegate::executeLargeBatch);
    }

    @Override
    public void addBatch(String text) throws SQLException {
        delegate.addBatch(admitUpdate(text));
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        return switch (lastRun) {
            case DELEGATE -> NlResultSet.wrap(host, this, delegate.getResultSet());
            case OWN_ROWS -> ownResult;
            case RESET, NO_MORE -> null;
        };
    }

    /**
     * Answers a question whose answer must follow domain instructions ("revenue counts only
     * delivered orders"); the instructions go to the model with the question.
     */
    public ResultSet executeQuestion(String question, String instructions) throws SQLException {
        return execution(() -> ownRows(questions.answer(host, this, new TextKind.Decision(TextKind.QUESTION, question, false),
                instructions, delegate.getMaxRows())));
    }

    /**
     * The columns of this prepared question's answer, answering it now as a PostgreSQL Describe does (the answer then
     * serves the next execution); null for anything else. {@code getMetaData()} never answers: tools call it freely.
     */
    public java.sql.ResultSetMetaData describeAnswer() throws SQLException {
        return null;
    }

    /** Cancels the SQL running on the real driver and, while a question is answered, its model call. */
    @Override
    public void cancel() throws SQLException {
        questions.cancel();
        host.cancelSources();
        super.cancel();
    }

    /** The trace of the last question this statement answered (or failed to), or null. */
    public Trace lastTrace() {
        return questions.lastTrace();
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        SQLWarning own = questions.warning();
        SQLWarning theirs = delegate.getWarnings();
        if (own == null) {
            return theirs;
        }
        if (theirs != null && own.getNextWarning() == null) {
            own.setNextWarning(theirs);
        }
        return own;
    }

    @Override
    public void clearWarnings() throws SQLException {
        questions.clearWarning();
        delegate.clearWarnings();
    }

    @Override
    public void close() throws SQLException {
        try {
            endStreamed();
            questions.close();
        } finally {
            delegate.close();
        }
    }

    @Override
    public int getUpdateCount() throws SQLException {
        return lastRun == LastRun.DELEGATE ? delegate.getUpdateCount() : ownUpdateCount();
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        return lastRun == LastRun.DELEGATE ? delegate.getLargeUpdateCount() : ownUpdateCount();
    }

    private int ownUpdateCount() {
        return lastRun == LastRun.RESET ? 0 : -1;
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        return lastRun == LastRun.DELEGATE ? delegate.getMoreResults() : pastOwnRun(true);
    }

    @Override
    public boolean getMoreResults(int current) throws SQLException {
        return lastRun == LastRun.DELEGATE ? delegate.getMoreResults(current) : pastOwnRun(current != KEEP_CURRENT_RESULT);
    }

    /** An own run has one result: after it, none, and its rows close unless the caller keeps them. */
    private boolean pastOwnRun(boolean close) throws SQLException {
        if (lastRun == LastRun.OWN_ROWS && close) {
            ResultSet rows = ownResult;
            endStreamed();
            questions.close();
            if (rows != null) {
                rows.close(); // guarded rows that did not stream
            }
        }
        ownResult = null;
        lastRun = LastRun.NO_MORE;
        return false;
    }

    /** After an own run the delegate's keys are an earlier run's: none, as pgjdbc after a SELECT (JDBC: an empty result). */
    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        if (lastRun != LastRun.DELEGATE) {
            return noRows((Statement) facade());
        }
        return NlResultSet.wrap(host, this, delegate.getGeneratedKeys());
    }

    /** A result with no columns and no rows, as pgjdbc's generated keys when a run made none. */
    private static ResultSet noRows(Statement owner) {
        boolean[] closed = {false};
        ResultSetMetaData columns = byName(ResultSetMetaData.class, "no columns", method -> switch (method) {
            case "getColumnCount" -> 0;
            default -> throw SqlState.INVALID_PARAMETER_VALUE.exception("The result has no columns");
        });
        return byName(ResultSet.class, "no rows", method -> switch (method) {
            case "next", "isBeforeFirst", "isAfterLast", "isFirst", "isLast", "wasNull" -> false;
            case "close" -> closed[0] = true;
            case "isClosed" -> closed[0];
            case "getMetaData" -> columns;
            case "getStatement" -> owner;
            case "getRow", "getFetchSize" -> 0;
            case "getType" -> ResultSet.TYPE_FORWARD_ONLY;
            case "getConcurrency" -> ResultSet.CONCUR_READ_ONLY;
            case "getHoldability" -> ResultSet.HOLD_CURSORS_OVER_COMMIT;
            case "getFetchDirection" -> ResultSet.FETCH_FORWARD;
            case "getWarnings", "clearWarnings", "setFetchSize", "setFetchDirection" -> null;
            default -> throw SqlState.INVALID_CURSOR_STATE.exception("The result has no rows");
        });
    }

    /** What a {@link #byName} object answers to a method, by the method's name. */
    @FunctionalInterface
    private interface ByName {
        Object answer(String method) throws SQLException;
    }

    /** A small JDBC object that answers by method name; Object's and Wrapper's methods as every JDBC object does. */
    private static <T> T byName(Class<T> type, String shown, ByName answers) {
        return type.cast(Proxy.newProxyInstance(NlStatement.class.getClassLoader(), new Class<?>[] {type},
                (proxy, m, args) -> switch (m.getName()) {
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    case "toString" -> shown;
                    case "isWrapperFor" -> ((Class<?>) args[0]).isInstance(proxy);
                    case "unwrap" -> {
                        if (((Class<?>) args[0]).isInstance(proxy)) {
                            yield proxy;
                        }
                        throw new SQLException("Not a wrapper for " + ((Class<?>) args[0]).getName());
                    }
                    default -> answers.answer(m.getName());
                }));
    }

    @Override
    public Connection getConnection() {
        return host.connection();
    }

    /** True when the text is SQL and runs untouched, so a delegate overload can take it as is. */
    private boolean isPlainPassthrough(String text) throws SQLException {
        return host.passthrough() == Passthrough.ALLOW && host.decide(text).kind() == TextKind.SQL;
    }

    /**
     * Statements that change data, never under the readonly or deny policies. Nothing sent to update or to batch is a
     * question: the text goes to the database as written, whose error answers a misspelled statement.
     */
    private String admitUpdate(String text) throws SQLException {
        if (TextKind.of(text).kind() == TextKind.RESET_CONVERSATION) {
            throw host.failed(NlSqlState.BAD_INPUT.exception("Run RESET NL with execute(String) or executeUpdate(String)"));
        }
        if (host.passthrough() != Passthrough.ALLOW) {
            host.admitSqlText(text); // says why the text is refused when the guard refuses it (failing the block then)
            throw host.failed(NlSqlState.UNSAFE_SQL.exception("Statements that change data are refused under nlsql.passthrough="
                    + host.passthrough().name().toLowerCase(java.util.Locale.ROOT)));
        }
        return text;
    }

    /** {@code RESET NL}: the connection forgets its conversation; this statement its last question. */
    void resetConversation() throws SQLException {
        questions.forget();
        host.resetConversation();
        lastRun = LastRun.RESET;
    }

    static SQLException resetHasNoRows() {
        return NlSqlState.BAD_INPUT.exception("RESET NL returns no rows: run it with execute or executeUpdate");
    }

    private ResultSet answer(TextKind.Decision decision) throws SQLException {
        return questions.answer(host, this, decision, delegate.getMaxRows());
    }
}
