package dev.nlsql.internal.execute;

import dev.nlsql.internal.jdbc.DelegatingResultSet;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Rows read through a cursor inside a read-only scope ({@link ReadOnlyTransaction#open}): closing them ends the scope,
 * once, after the cursor, so the connection is left as the scope found it.
 */
public final class ScopedRows extends DelegatingResultSet<ResultSet> {

    private final ReadOnlyTransaction.Scope scope;
    private boolean ended;

    public ScopedRows(ResultSet rows, ReadOnlyTransaction.Scope scope) {
        super(rows);
        this.scope = scope;
    }

    @Override
    public void close() throws SQLException {
        if (ended) {
            return;
        }
        ended = true;
        try (scope) {
            delegate.close();
        }
    }

    @Override
    public boolean isClosed() throws SQLException {
        return ended || delegate.isClosed();
    }
}
