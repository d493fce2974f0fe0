package dev.nlsql.internal.generate;

/** The offline generator could not interpret a question with certainty (NL005). */
public final class NotUnderstoodException extends Exception {

    public NotUnderstoodException(String message) {
        super(message, null, false, false);
    }
}
