package dev.nlsql.jdbc;

import dev.nlsql.internal.jdbc.DelegatingArray;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The real driver's array, whose result sets lead back to the nlsql connection. */
final class NlArray extends DelegatingArray {

    private final NlConnection connection;

    NlArray(NlConnection connection, Array delegate) {
        super(delegate);
        this.connection = connection;
    }

    @Override
    protected ResultSet resultSet(ResultSet rs) throws SQLException {
        return NlValues.resultSet(connection, rs);
    }
}
