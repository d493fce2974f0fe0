package dev.nlsql.proxy;

import java.sql.SQLException;

/**
 * The PostgreSQL SQLSTATEs the proxy itself sends (names as in PostgreSQL's errcodes.txt), each with the message the
 * proxy words for it where it always words it the same way ({@code %s} is the detail). States of the question path come
 * from {@link dev.nlsql.NlSqlState}; the server's own errors are forwarded with their codes.
 */
enum PgState {
    SUCCESSFUL_COMPLETION("00000"),
    CONNECTION_DOES_NOT_EXIST("08003"),
    CONNECTION_FAILURE("08006", "the backend connection was lost: %s"),
    PROTOCOL_VIOLATION("08P01", "protocol violation: %s"),
    FEATURE_NOT_SUPPORTED("0A000"),
    CHARACTER_NOT_IN_REPERTOIRE("22021"),
    INVALID_BINARY_REPRESENTATION("22P03"),
    UNTRANSLATABLE_CHARACTER("22P05"),
    NONSTANDARD_USE_OF_ESCAPE_CHARACTER("22P06"),
    INVALID_PARAMETER_VALUE("22023"),
    IN_FAILED_SQL_TRANSACTION("25P02"),
    INVALID_SQL_STATEMENT_NAME("26000"),
    INVALID_AUTHORIZATION_SPECIFICATION("28000"),
    INVALID_PASSWORD("28P01"),
    INVALID_CURSOR_NAME("34000"),
    SYNTAX_ERROR("42601"),
    INSUFFICIENT_PRIVILEGE("42501"),
    DUPLICATE_PREPARED_STATEMENT("42P05"),
    TOO_MANY_CONNECTIONS("53300", "sorry, too many clients already (%s)"),
    INTERNAL_ERROR("XX000", "internal error: %s");

    private final String code;
    /** The proxy's own wording, with {@code %s} for the detail; null where each use words its own. */
    private final String message;

    PgState(String code) {
        this(code, null);
    }

    PgState(String code, String message) {
        this.code = code;
        this.message = message;
    }

    /** The proxy's message for this state, the detail in its place. */
    String message(Object detail) {
        if (message == null) {
            throw new IllegalStateException(name() + " has no message of its own");
        }
        return String.format(java.util.Locale.ROOT, message, detail);
    }

    String code() {
        return code;
    }

    SQLException exception(String message) {
        return new SQLException(message, code);
    }

    boolean is(SQLException e) {
        return code.equals(e.getSQLState());
    }
}
