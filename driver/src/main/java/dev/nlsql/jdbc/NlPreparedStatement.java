package dev.nlsql.jdbc;

import dev.nlsql.NlSqlState;
import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.jdbc.DelegatingPreparedStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A prepared SQL statement. Under {@code nlsql.passthrough=readonly} its text was guarded when
 * it was prepared and every execution runs read-only; updates are refused.
 */
class NlPreparedStatement extends DelegatingPreparedStatement<PreparedStatement> {

    protected final NlConnection connection;
    /** The guarded text under nlsql.passthrough=readonly, else null. */
    private final GuardedSql guarded;
    private final boolean readOnly;

    NlPreparedStatement(NlConnection connection, PreparedStatement delegate, GuardedSql guarded) {
        super(delegate);
        this.connection = connection;
        this.guarded = guarded;
        this.readOnly = guarded != null;
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        ResultSet rs = readOnly ? connection.runReadOnly(delegate, guarded, delegate::executeQuery) : delegate.executeQuery();
        return NlResultSet.wrap(connection, this, rs);
    }

    @Override
    public boolean execute() throws SQLException {
        return readOnly ? connection.runReadOnly(delegate, guarded, delegate::execute) : delegate.execute();
    }

    @Override
    public int executeUpdate() throws SQLException {
        refuseUpdateWhenReadOnly();
        return delegate.executeUpdate();
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        refuseUpdateWhenReadOnly();
        return delegate.executeLargeUpdate();
    }

    @Override
    public void addBatch() throws SQLException {
        refuseUpdateWhenReadOnly();
        delegate.addBatch();
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        return NlResultSet.wrap(connection, this, delegate.getResultSet());
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        return NlResultSet.wrap(connection, this, delegate.getGeneratedKeys());
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    private void refuseUpdateWhenReadOnly() throws SQLException {
        if (readOnly) {
            throw NlSqlState.UNSAFE_SQL.exception("Statements that change data are refused under nlsql.passthrough=readonly");
        }
    }
}
