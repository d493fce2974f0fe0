package dev.nlsql.internal.generate;

/** The LLM could not be asked: unreachable, refused the key, or timed out. Never retried by the loop. */
public final class LlmUnavailableException extends Exception {

    public LlmUnavailableException(String message, Throwable cause) {
        super(message, cause);
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
            super("canceling statement due to user request");
        }
    }
}
