package dev.nlsql.internal.execute;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Whether PostgreSQL has a transaction block open on a connection, as pgjdbc tracks it from the
 * server's ReadyForQuery. A {@code BEGIN} sent as SQL opens one without changing JDBC's
 * auto-commit flag, so {@link Connection#getAutoCommit()} alone cannot tell. pgjdbc is optional
 * for nlsql, hence the reflective lookup.
 */
final class ServerTransaction {

    private static final Class<?> BASE_CONNECTION = pgjdbcClass();
    private static final Method TRANSACTION_STATE = transactionStateMethod();

    private ServerTransaction() {
    }

    private static Class<?> pgjdbcClass() {
        try {
            return Class.forName("org.postgresql.core.BaseConnection");
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    private static Method transactionStateMethod() {
        try {
            return BASE_CONNECTION == null ? null : BASE_CONNECTION.getMethod("getTransactionState");
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** True when pgjdbc reports a transaction block in progress or failed; false when it cannot tell. */
    static boolean isOpen(Connection connection) throws SQLException {
        if (TRANSACTION_STATE == null || !connection.isWrapperFor(BASE_CONNECTION)) {
            return false;
        }
        try {
            Object state = TRANSACTION_STATE.invoke(connection.unwrap(BASE_CONNECTION));
            return state instanceof Enum<?> e && !e.name().equals("IDLE");
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }
}
