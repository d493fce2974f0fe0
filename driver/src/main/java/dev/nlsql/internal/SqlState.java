package dev.nlsql.internal;

import java.sql.SQLException;

/**
 * The standard SQLSTATEs the driver raises or checks, each with PostgreSQL's own words beside it where the driver reuses
 * them. The question path's own states (class NL) are the public {@link dev.nlsql.NlSqlState}; the proxy has its own
 * enum. {@code ErrorClassifier}'s table, which also names other databases' codes, stays a table of its own.
 */
public enum SqlState {
    /** A warning with no more specific state (the question's trace summary). */
    WARNING("01000", null),
    /** A call the driver does not support (JDBC's SQLFeatureNotSupportedException, pgjdbc's keys by column index). */
    FEATURE_NOT_SUPPORTED("0A000", null),
    /** Class 08: the driver could not reach or keep the database. */
    UNABLE_TO_CONNECT("08001", null),
    CONNECTION_FAILURE("08006", null),
    /** A bad nlsql.* value or knowledge entry: the code is the configuration's public constant. */
    INVALID_PARAMETER_VALUE(dev.nlsql.config.NlConfig.INVALID_VALUE, null),
    /** A value read where a result has no current row. */
    INVALID_CURSOR_STATE("24000", null),
    /** A statement refused inside a transaction block that must run outside one (a read-only switch mid-transaction). */
    ACTIVE_SQL_TRANSACTION("25001", null),
    READ_ONLY_SQL_TRANSACTION("25006", null),
    /** A statement in a transaction block that an error failed (issue 38): PostgreSQL's words, until ROLLBACK. */
    IN_FAILED_SQL_TRANSACTION("25P02", "current transaction is aborted, commands ignored until end of transaction block"),
    SYNTAX_ERROR("42601", null),
    INSUFFICIENT_PRIVILEGE("42501", null),
    WRONG_OBJECT_TYPE("42809", null),
    UNDEFINED_TABLE("42P01", null),
    UNDEFINED_COLUMN("42703", null),
    /** SQL:2003's "column already exists" (42S21): the local analysis's duplicate output column. */
    DUPLICATE_COLUMN("42S21", null),
    /** Rows, memory or time above a configured limit. */
    PROGRAM_LIMIT_EXCEEDED("54000", null),
    STATEMENT_TOO_COMPLEX("54001", null),
    LOCK_NOT_AVAILABLE("55P03", null),
    /** A cancel, by the application or by the driver's own timeout: PostgreSQL's words, which tools match. */
    QUERY_CANCELED("57014", "canceling statement due to user request"),
    ADMIN_SHUTDOWN("57P01", null),
    /** PL/pgSQL's RAISE EXCEPTION without a state of its own: what fails a transaction block for an error with none. */
    RAISE_EXCEPTION("P0001", null),
    CRASH_SHUTDOWN("57P02", null),
    CANNOT_CONNECT_NOW("57P03", null),
    INTERNAL_ERROR("XX000", null);

    private final String code;
    private final String message;

    SqlState(String code, String message) {
        this.code = code;
        this.message = message;
    }

    public String code() {
        return code;
    }

    /** PostgreSQL's message for this state, when the driver reuses it; else null. */
    public String message() {
        return message;
    }

    /** True when the exception carries this state. */
    public boolean is(SQLException e) {
        return e != null && code.equals(e.getSQLState());
    }

    /** True when the state is this one. */
    public boolean is(String state) {
        return code.equals(state);
    }

    /** True when a driver refused the call itself (class 0A): it ran nothing. */
    public static boolean isFeatureNotSupported(SQLException e) {
        return e instanceof java.sql.SQLFeatureNotSupportedException || e.getSQLState() != null && e.getSQLState().startsWith("0A");
    }

    /** True for class 08 (connection exception), whatever the subclass. */
    public static boolean isConnectionException(String state) {
        return state != null && state.startsWith("08");
    }

    public SQLException exception(String message) {
        return new SQLException(message, code);
    }

    public SQLException exception(String message, Throwable cause) {
        return new SQLException(message, code, cause);
    }

    /** The exception with PostgreSQL's own message for this state (see {@link #message()}), no cause. */
    public SQLException exception() {
        return new SQLException(message, code);
    }

    /** The exception with PostgreSQL's own message for this state (see {@link #message()}). */
    public SQLException exception(Throwable cause) {
        return new SQLException(message, code, cause);
    }
}
