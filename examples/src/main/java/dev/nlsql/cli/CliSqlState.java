package dev.nlsql.cli;

/**
 * The standard SQLSTATEs the shell reports for a question that ended without the driver's own error (the question
 * path's are the driver's public {@link dev.nlsql.NlSqlState}); the driver's internal enum is not the CLI's to use.
 */
enum CliSqlState {
    /** Ctrl-C: PostgreSQL's state for a cancelled statement, as psql would show it. */
    QUERY_CANCELED("57014"),
    /** The question's thread failed with something that is not an SQLException. */
    INTERNAL_ERROR("XX000");

    private final String code;

    CliSqlState(String code) {
        this.code = code;
    }

    String code() {
        return code;
    }
}
