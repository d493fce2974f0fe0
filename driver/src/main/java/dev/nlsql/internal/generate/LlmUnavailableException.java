package dev.nlsql.internal.generate;

import dev.nlsql.internal.SqlState;
import dev.nlsql.internal.log.Secrets;
/** The LLM could not be asked: unreachable, refused the key, or timed out. Never retried by the loop. */
public final class LlmUnavailableException extends Exception {

    public LlmUnavailableException(String message, Throwable cause) {
        // the LLM client's messages may quote the URL, and an error body may echo the key: both masked, causes too
        super(Secrets.maskUrlsIn(message), masked(cause));
    }

    /** The cause chain with every message masked (each cause a copy with its class name, message and stack). */
    private static Throwable masked(Throwable cause) {
        if (cause == null || cause instanceof Cancelled) {
            return cause;
        }
        String text = cause.getMessage() == null ? cause.getClass().getName() : cause.getClass().getName() + ": " + cause.getMessage();
        Throwable copy = new MaskedCause(Secrets.maskUrlsIn(text), masked(cause.getCause()));
        copy.setStackTrace(cause.getStackTrace());
        return copy;
    }

    /** A cause of the LLM client, as it was but for its secrets. */
    static final class MaskedCause extends Exception {
        MaskedCause(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** True when the call was stopped by a cancel of the question (Statement.cancel()), not by the model. */
    public boolean cancelled() {
        for (Throwable t = getCause(); t != null; t = t.getCause()) {
            if (t instanceof Cancelled) {
                return true;
            }
        }
        return false;
    }

    /** The question was cancelled while its model call was in progress. */
    static final class Cancelled extends RuntimeException {
        Cancelled() {
            super(SqlState.QUERY_CANCELED.message());
        }
    }
}
