package dev.nlsql.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What the wrappers below a connection (result sets, arrays, metadata) need of it, so that what they hand out leads
 * back to the nlsql connection. The connection implements it; the wrappers never name the connection's class, so the
 * parent names its children and no child names its parent.
 */
interface ValueHost {

    /** The connection as applications hold it (its facade with the real driver's interfaces), for getConnection(). */
    Connection connection();

    /** A statement the real driver made itself (the one behind a metadata result set), as an nlsql statement here. */
    Statement statement(Statement delegate);

    /** A result set the real driver made without an nlsql statement (metadata, array elements, REF CURSORs), wrapped. */
    ResultSet resultSet(ResultSet rs) throws SQLException;

    /** The connection's nlsql.passthrough policy. */
    dev.nlsql.config.NlConfig.Passthrough passthrough();

    /** A value a getter returned: arrays and result sets wrapped, large objects read-only unless allow, anything else as it is. */
    Object adopt(Object value) throws SQLException;
}
