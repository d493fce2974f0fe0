package dev.nlsql.jdbc;

import dev.nlsql.internal.jdbc.DelegatingResultSet;
import java.sql.ResultSet;
import java.sql.Statement;

/** A delegate result set whose {@link #getStatement()} is the nlsql statement that made it. */
final class NlResultSet extends DelegatingResultSet<ResultSet> {

    private final Statement statement;

    private NlResultSet(Statement statement, ResultSet delegate) {
        super(delegate);
        this.statement = statement;
    }

    static ResultSet wrap(Statement statement, ResultSet delegate) {
        return delegate == null ? null : new NlResultSet(statement, delegate);
    }

    @Override
    public Statement getStatement() {
        return statement;
    }
}
