package dev.nlsql.proxy;

import java.sql.SQLException;

/**
 * The PostgreSQL SQLSTATEs the proxy itself sends (names as in PostgreSQL's errcodes.txt). States of the question
 * path come from {@link dev.nlsql.NlSqlState}; the server's own errors are forwarded with their codes.
 */
enum PgState {
    SUCCESSFUL_COMPLETION("00000"),
    CONNECTION_DOES_NOT_EXIST("08003"),
    CONNECTION_FAILURE("08006"),
    PROTOCOL_VIOLATION("08P01"),
    FEATURE_NOT_SUPPORTED("0A000"),
    CHARACTER_NOT_IN_REPERTOIRE("22021"),
    INVALID_BINARY_REPRESENTATION("22P03"),
    UNTRANSLATABLE_CHARACTER("22P05"),
    INVALID_PARAMETER_VALUE("22023"),
    IN_FAILED_SQL_TRANSACTION("25P02"),
    INVALID_SQL_STATEMENT_NAME("26000"),
    INVALID_AUTHORIZATION_SPECIFICATION("28000"),
    INVALID_PASSWORD("28P01"),
    INVALID_CURSOR_NAME("34000"),
    SYNTAX_ERROR("42601"),
    INSUFFICIENT_PRIVILEGE("42501"),
    DUPLICATE_PREPARED_STATEMENT("42P05"),
    TOO_MANY_CONNECTIONS("53300"),
    INTERNAL_ERROR("XX000");

    private final String code;

    PgState(String code) {
        this.code = code;
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
