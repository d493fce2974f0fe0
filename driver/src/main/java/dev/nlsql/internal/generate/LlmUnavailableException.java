package dev.nlsql.internal.generate;

import dev.nlsql.internal.log.Secrets;
/** The LLM could not be asked: unreachable, refused the key, or timed out. Never retried by the loop. */
public final class LlmUnavailableException extends Exception {

    public LlmUnavailableException(String message, Throwable cause) {
        super(Secrets.maskUrlsIn(message), cause); // the LLM client's own messages may quote the URL
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
