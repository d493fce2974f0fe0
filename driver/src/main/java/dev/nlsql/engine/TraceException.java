package dev.nlsql.engine;

import java.sql.SQLException;

/** A question that failed, with its {@link Trace} for callers that want every detail. */
public final class TraceException extends SQLException {

    private final transient Trace trace;

    TraceException(String message, String sqlState, Throwable cause, Trace trace) {
        super(message, sqlState, cause);
        this.trace = trace;
    }

    public Trace trace() {
        return trace;
    }
}
