package dev.nlsql.generate;

/** The LLM could not be asked: unreachable, refused the key, or timed out. Never retried by the loop. */
public final class LlmUnavailableException extends Exception {

    public LlmUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
