package dev.nlsql.internal.execute;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import dev.nlsql.internal.SqlState;

/**
 * Whether PostgreSQL has a transaction block open on a connection, as pgjdbc tracks it from the
 * server's ReadyForQuery. A {@code BEGIN} sent as SQL opens one without changing JDBC's
 * auto-commit flag, so {@link Connection#getAutoCommit()} alone cannot tell. pgjdbc is optional
 * for nlsql, hence the reflective lookup.
 */
public final class ServerTransaction {

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
    public static boolean isOpen(Connection connection) throws SQLException {
        String state = state(connection);
        return state != null && !state.equals("IDLE");
    }

    /**
     * True when pgjdbc reports a failed transaction block (ReadyForQuery 'E'): PostgreSQL ignores every command but
     * ROLLBACK (or ROLLBACK TO a savepoint) with 25P02 until it ends; false when it cannot tell.
     */
    public static boolean isFailed(Connection connection) throws SQLException {
        return "FAILED".equals(state(connection));
    }

    /**
     * Fails the open transaction block on PostgreSQL as an error there fails it (issue 38): a statement that raises
     * {@code sqlState} (when it is a valid error state, else P0001) with a fixed message naming it, so that PostgreSQL
     * itself holds the failed state (ReadyForQuery 'E', 25P02 for every command until ROLLBACK or ROLLBACK TO a
     * savepoint made before it, COMMIT answered ROLLBACK) and every client path sees it. The statement runs as any
     * other through the driver, pgjdbc's {@code autosave} included: with autosave=always pgjdbc rolls it back to its
     * own savepoint, as it does after any failed statement. Its error is expected and not thrown; neither are the
     * question's words or message sent, only the state. Returns true when the statement ran and failed.
     */
    public static boolean fail(Connection connection, String sqlState) {
        String state = sqlState != null && sqlState.matches("[0-9A-Z]{5}") && !sqlState.matches("0[012].*")
                ? sqlState : SqlState.RAISE_EXCEPTION.code();
        try (Statement s = connection.createStatement()) {
            s.execute("DO $nlsql$BEGIN RAISE EXCEPTION USING ERRCODE = '" + state + "', MESSAGE = '" + FAILED_BY
                    + " (SQLSTATE " + state + ")'; END$nlsql$");
            return false;
        } catch (SQLException expected) {
            return true;
        }
    }

    /** The message of the error {@link #fail} raises (pgjdbc names it as the cause when COMMIT answers ROLLBACK). */
    public static final String FAILED_BY = "nlsql: a question or guarded statement failed in this transaction block";

    /** pgjdbc's TransactionState by name (IDLE, OPEN, FAILED); null when the connection is not pgjdbc's. */
    private static String state(Connection connection) throws SQLException {
        if (TRANSACTION_STATE == null || !connection.isWrapperFor(BASE_CONNECTION)) {
            return null;
        }
        try {
            Object state = TRANSACTION_STATE.invoke(connection.unwrap(BASE_CONNECTION));
            return state instanceof Enum<?> e ? e.name() : null;
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
