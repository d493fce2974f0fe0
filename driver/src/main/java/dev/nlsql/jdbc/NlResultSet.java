package dev.nlsql.jdbc;

import dev.nlsql.internal.jdbc.DelegatingResultSet;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A delegate result set whose {@link #getStatement()} is the nlsql statement that made it, and whose arrays (and
 * result-set values such as REF CURSORs) lead back to the nlsql connection.
 */
final class NlResultSet extends DelegatingResultSet<ResultSet> {

    private final NlConnection connection;
    private final Statement statement;

    private NlResultSet(NlConnection connection, Statement statement, ResultSet delegate) {
        super(delegate);
        this.connection = connection;
        this.statement = statement;
    }

    static ResultSet wrap(NlConnection connection, Statement statement, ResultSet delegate) {
        return delegate == null ? null : new NlResultSet(connection, statement, delegate);
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    protected Object value(Object value) throws SQLException {
        return NlValues.adopt(connection, value);
    }
}
