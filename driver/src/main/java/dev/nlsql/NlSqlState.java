package dev.nlsql;

import java.sql.SQLException;

/** The SQLSTATEs of the question path (class NL), as fixed in DESIGN.md. */
public enum NlSqlState {
    /** No attempt succeeded within nlsql.maxAttempts. */
    NO_ATTEMPT_SUCCEEDED("NL001"),
    /** The question is not about this database. */
    NOT_ABOUT_DATABASE("NL002"),
    /** SQL broke the safety policy and could not be corrected. */
    UNSAFE_SQL("NL003"),
    /** The LLM is unreachable, refused the key, or timed out. */
    LLM_UNAVAILABLE("NL004"),
    /** No generator could interpret the question. */
    NOT_UNDERSTOOD("NL005"),
    /** Bad input: empty, too long, or not text. */
    BAD_INPUT("NL006");

    private final String code;

    NlSqlState(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    public SQLException exception(String message) {
        return new SQLException(message, code);
    }

    public SQLException exception(String message, Throwable cause) {
        return new SQLException(message, code, cause);
    }
}
