package dev.nlsql.jdbc;

import dev.nlsql.NlSqlState;
import dev.nlsql.config.NlConfig.Passthrough;
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

    /**
     * A value a getter returned: arrays and result sets wrapped; a large object (pgjdbc's Blob and Clob write through the
     * real connection, outside any read-only transaction) read-only unless nlsql.passthrough=allow; anything else as it is.
     */
    static Object adopt(ValueHost host, Object value) throws SQLException {
        if ((value instanceof java.sql.Blob || value instanceof java.sql.Clob) && host.passthrough() != Passthrough.ALLOW) {
            return readOnly(host, value);
        }
        if (value instanceof Array a) {
            return array(host, a);
        }
        if (value instanceof ResultSet rs) {
            return resultSet(host, rs);
        }
        return value;
    }

    /** Writes to a large object under readonly/deny: refused with NL003; reads go to the driver's object. */
    private static final java.util.Set<String> LOB_WRITES = java.util.Set.of("setBytes", "setBinaryStream", "setString",
            "setAsciiStream", "setCharacterStream", "truncate");

    private static Object readOnly(ValueHost host, Object lob) {
        java.util.List<Class<?>> types = new java.util.ArrayList<>();
        for (Class<?> t : new Class<?>[] {java.sql.NClob.class, java.sql.Clob.class, java.sql.Blob.class}) {
            if (t.isInstance(lob) && types.stream().noneMatch(t::isAssignableFrom)) {
                types.add(t);
            }
        }
        return java.lang.reflect.Proxy.newProxyInstance(NlValues.class.getClassLoader(), types.toArray(new Class<?>[0]),
                (proxy, m, args) -> {
                    if (LOB_WRITES.contains(m.getName())) {
                        throw NlSqlState.UNSAFE_SQL.exception("Large objects are read-only under nlsql.passthrough="
                                + host.passthrough().name().toLowerCase(java.util.Locale.ROOT));
                    }
                    switch (m.getName()) {
                        case "equals" -> {
                            return proxy == args[0];
                        }
                        case "hashCode" -> {
                            return System.identityHashCode(proxy);
                        }
                        case "toString" -> {
                            return lob.toString();
                        }
                        default -> {
                            try {
                                return m.invoke(lob, args);
                            } catch (java.lang.reflect.InvocationTargetException e) {
                                throw e.getCause();
                            }
                        }
                    }
                });
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
