package dev.nlsql;

import java.util.Locale;

/** What went wrong with one attempt, and whether another attempt can help. */
public enum ErrorCategory {
    TABLE_NOT_FOUND(true),
    COLUMN_NOT_FOUND(true),
    AMBIGUOUS_COLUMN(true),
    GROUPING_ERROR(true),
    SYNTAX_ERROR(true),
    TYPE_MISMATCH(true),
    DATETIME_FORMAT(true),
    DIVISION_BY_ZERO(true),
    UNDEFINED_FUNCTION(true),
    TIMEOUT(true),
    UNSAFE(true),
    NO_SQL(true),
    EMPTY_RESULT(true),
    /** A plan step returned more rows than nlsql.sourceRows lets move into the local engine. */
    TOO_MANY_ROWS(true),
    PERMISSION_DENIED(false),
    CONNECTION(false),
    RESOURCE(false),
    UNKNOWN(true);

    private final boolean retryable;

    ErrorCategory(boolean retryable) {
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }

    /** The name used in traces, logs and JSON: {@code column_not_found}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
