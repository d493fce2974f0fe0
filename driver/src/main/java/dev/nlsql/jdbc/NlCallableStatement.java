package dev.nlsql.jdbc;

import dev.nlsql.internal.jdbc.DelegatingCallableStatement;
import dev.nlsql.internal.jdbc.DriverInterfaces;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

/** A stored-procedure call, passed through; only allowed under {@code nlsql.passthrough=allow}. */
class NlCallableStatement extends DelegatingCallableStatement<CallableStatement> {

    private final NlConnection connection;

    NlCallableStatement(NlConnection connection, CallableStatement delegate) {
        super(delegate);
        this.connection = connection;
    }

    /** A call as applications hold it: with the real driver's own interfaces when it has any. */
    static CallableStatement of(NlConnection connection, CallableStatement delegate) {
        return DriverInterfaces.expose(CallableStatement.class, new NlCallableStatement(connection, delegate));
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        return NlResultSet.wrap(connection, this, delegate.executeQuery());
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        return NlResultSet.wrap(connection, this, delegate.getResultSet());
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        return NlResultSet.wrap(connection, this, delegate.getGeneratedKeys());
    }

    /** OUT parameters that are arrays or result sets (REF CURSOR) lead back to the nlsql connection. */
    @Override
    protected Object value(Object value) throws SQLException {
        return NlValues.adopt(connection, value);
    }

    @Override
    public Connection getConnection() {
        return connection.exposed();
    }
}
