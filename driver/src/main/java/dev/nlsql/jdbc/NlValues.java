package dev.nlsql.jdbc;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Wraps what the real driver hands out besides statements and result sets of nlsql statements, so that it leads back
 * to the nlsql connection (the connection calls these through {@link ValueHost}, so the wrappers never name it): result sets the real driver made itself (metadata, array elements, REF CURSORs) and arrays.
 */
final class NlValues {

    private NlValues() {
    }

    /** A value a getter returned: arrays and result sets wrapped, anything else as it is. */
    static Object adopt(ValueHost host, Object value) throws SQLException {
        if (value instanceof Array a) {
            return array(host, a);
        }
        if (value instanceof ResultSet rs) {
            return resultSet(host, rs);
        }
        return value;
    }

    static Array array(ValueHost host, Array array) {
        return array == null || array instanceof NlArray ? array : new NlArray(host, array);
    }

    /**
     * A result set the real driver made without an nlsql statement. It keeps a statement rather than reporting null
     * (which JDBC allows): pgjdbc and most drivers return one, and tools call {@code rs.getStatement()} and then
     * {@code getConnection()} or {@code close()} on it without a null check (Spring's DatabaseMetaData helpers, DBeaver).
     * The delegate's statement is wrapped in an nlsql statement ({@link ValueHost#statement}) so that its {@code getConnection()} is the nlsql
     * connection, and anything run on it goes through nlsql's passthrough policy like any other nlsql statement;
     * closing it closes the delegate's statement. If the delegate reports no statement, neither do we.
     */
    static ResultSet resultSet(ValueHost host, ResultSet rs) throws SQLException {
        if (rs == null || rs instanceof NlResultSet) {
            return rs;
        }
        Statement statement = rs.getStatement();
        return NlResultSet.wrap(host, statement == null ? null : host.statement(statement), rs);
    }
}
