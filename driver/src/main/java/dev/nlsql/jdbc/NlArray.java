package dev.nlsql.jdbc;

import dev.nlsql.internal.jdbc.DelegatingArray;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The real driver's array, whose result sets lead back to the nlsql connection. */
final class NlArray extends DelegatingArray {

    private final ValueHost host;

    NlArray(ValueHost host, Array delegate) {
        super(delegate);
        this.host = host;
    }

    @Override
    protected ResultSet resultSet(ResultSet rs) throws SQLException {
        return host.resultSet(rs);
    }
}
