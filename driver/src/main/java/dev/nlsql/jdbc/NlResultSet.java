package dev.nlsql.jdbc;

import dev.nlsql.internal.jdbc.DelegatingResultSet;
import dev.nlsql.internal.jdbc.DelegatingWrapper;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A delegate result set whose {@link #getStatement()} is the nlsql statement that made it, and whose arrays (and
 * result-set values such as REF CURSORs) lead back to the nlsql connection.
 */
final class NlResultSet extends DelegatingResultSet<ResultSet> {

    private final ValueHost host;
    private final Statement statement;

    private NlResultSet(ValueHost host, Statement statement, ResultSet delegate) {
        super(delegate);
        this.host = host;
        this.statement = statement;
    }

    static ResultSet wrap(ValueHost host, Statement statement, ResultSet delegate) {
        if (delegate == null) {
            return null;
        }
        // the statement applications hold, not the wrapper inside its proxy
        Statement seen = statement instanceof DelegatingWrapper<?> w ? (Statement) w.facade() : statement;
        // No proxy here: rows are the hot path (a proxy doubled the time of reading 1M rows of 4 ints), and pgjdbc's
        // result set adds only the deprecated PGRefCursorResultSet; unwrap(PGRefCursorResultSet.class) still reaches it.
        return new NlResultSet(host, seen, delegate);
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    protected Object value(Object value) throws SQLException {
        return host.adopt(value);
    }
}
