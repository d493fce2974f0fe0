package dev.nlsql.jdbc;

import dev.nlsql.internal.jdbc.DelegatingCallableStatement;
import dev.nlsql.internal.jdbc.DriverInterfaces;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

/** A stored-procedure call, passed through; only allowed under {@code nlsql.passthrough=allow}. */
class NlCallableStatement extends DelegatingCallableStatement<CallableStatement> {

    private final ValueHost host;

    NlCallableStatement(ValueHost host, CallableStatement delegate) {
        super(delegate);
        this.host = host;
    }

    /** A call as applications hold it: with the real driver's own interfaces when it has any. */
    static CallableStatement of(StatementHost host, CallableStatement delegate) {
        return DriverInterfaces.expose(CallableStatement.class, new NlCallableStatement(host, delegate), host::admitDriverSql);
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        return NlResultSet.wrap(host, this, delegate.executeQuery());
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        return NlResultSet.wrap(host, this, delegate.getResultSet());
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        return NlResultSet.wrap(host, this, delegate.getGeneratedKeys());
    }

    /** OUT parameters that are arrays or result sets (REF CURSOR) lead back to the nlsql connection. */
    @Override
    protected Object value(Object value) throws SQLException {
        return host.adopt(value);
    }

    @Override
    public Connection getConnection() {
        return host.connection();
    }
}
