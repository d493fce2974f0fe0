package dev.nlsql.jdbc;

import dev.nlsql.NlSqlState;
import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.execute.ReadOnlyTransaction;
import dev.nlsql.internal.execute.ScopedRows;
import dev.nlsql.internal.jdbc.DelegatingPreparedStatement;
import dev.nlsql.internal.jdbc.DriverInterfaces;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A prepared SQL statement. Under {@code nlsql.passthrough=readonly} its text was guarded when
 * it was prepared and every execution runs read-only; updates are refused.
 */
class NlPreparedStatement extends DelegatingPreparedStatement<PreparedStatement> {

    protected final StatementHost host;
    /** The guarded text under nlsql.passthrough=readonly, else null. */
    private final GuardedSql guarded;
    private final boolean readOnly;

    NlPreparedStatement(StatementHost host, PreparedStatement delegate, GuardedSql guarded) {
        super(delegate);
        this.host = host;
        this.guarded = guarded;
        this.readOnly = guarded != null;
    }

    /** A prepared statement as applications hold it: with the real driver's own interfaces when it has any. */
    static PreparedStatement of(StatementHost host, PreparedStatement delegate, GuardedSql guarded) {
        return DriverInterfaces.expose(PreparedStatement.class, new NlPreparedStatement(host, delegate, guarded), host::admitDriverSql);
    }

    /** Guarded rows streamed through a cursor, whose read-only transaction ends when they close; null when none. */
    private ScopedRows streamed;

    /**
     * Every execute overload runs through here: rows still streaming from the last run are closed first (JDBC closes a
     * statement's current rows when it executes again), so their read-only transaction ends before the next one starts.
     */
    private <T> T execution(NlStatement.Execution<T> body) throws SQLException {
        endStreamed();
        return body.run();
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        return execution(() -> {
            if (readOnly && host.streams(delegate)) {
                streamedRun(true);
                return NlResultSet.wrap(host, this, streamed);
            }
            ResultSet rs = readOnly ? host.runReadOnly(delegate, guarded, delegate::executeQuery) : delegate.executeQuery();
            return NlResultSet.wrap(host, this, rs);
        });
    }

    @Override
    public boolean execute() throws SQLException {
        return execution(() -> {
            if (readOnly && host.streams(delegate)) {
                return streamedRun(false);
            }
            return readOnly ? host.runReadOnly(delegate, guarded, delegate::execute) : delegate.execute();
        });
    }

    /**
     * Runs the guarded statement with its rows left in a cursor ({@link StatementHost#streams}); true when it has rows.
     * As a {@code query}, no rows is the driver's own error.
     */
    private boolean streamedRun(boolean query) throws SQLException {
        ReadOnlyTransaction.Scope scope = host.openReadOnly(guarded);
        ResultSet rows;
        try {
            rows = query ? delegate.executeQuery() : delegate.execute() ? delegate.getResultSet() : null;
        } catch (SQLException | RuntimeException e) {
            try (scope) {
                throw e;
            } catch (SQLException failed) {
                throw host.failed(failed); // after its savepoint rolled back: the block fails as on PostgreSQL
            }
        }
        if (rows == null) {
            scope.close();
            return false;
        }
        streamed = new ScopedRows(rows, scope);
        return true;
    }

    private void endStreamed() throws SQLException {
        ScopedRows rows = streamed;
        streamed = null;
        if (rows != null) {
            rows.close();
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            endStreamed();
        } finally {
            delegate.close();
        }
    }

    @Override
    public int executeUpdate() throws SQLException {
        return execution(() -> {
            refuseUpdateWhenReadOnly();
            return delegate.executeUpdate();
        });
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        return execution(() -> {
            refuseUpdateWhenReadOnly();
            return delegate.executeLargeUpdate();
        });
    }

    /** Only updates are batched, and under readonly nothing reaches the batch ({@link #addBatch()}). */
    @Override
    public int[] executeBatch() throws SQLException {
        return execution(delegate::executeBatch);
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        return execution(delegate::executeLargeBatch);
    }

    @Override
    public void addBatch() throws SQLException {
        refuseUpdateWhenReadOnly();
        delegate.addBatch();
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        if (streamed != null && !streamed.isClosed()) {
            return NlResultSet.wrap(host, this, streamed);
        }
        return NlResultSet.wrap(host, this, delegate.getResultSet());
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        return NlResultSet.wrap(host, this, delegate.getGeneratedKeys());
    }

    @Override
    public Connection getConnection() {
        return host.connection();
    }

    private void refuseUpdateWhenReadOnly() throws SQLException {
        if (readOnly) {
            throw host.failed(NlSqlState.UNSAFE_SQL.exception("Statements that change data are refused under nlsql.passthrough=readonly"));
        }
    }
}
