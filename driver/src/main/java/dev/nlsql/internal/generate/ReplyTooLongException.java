package dev.nlsql.internal.generate;

/**
 * The model sent more than {@code nlsql.llm.maxReplyChars} allows. The model misbehaved (it is
 * not down), so the question's loop records a rejected attempt and asks again; the text itself
 * is dropped and never reaches a prompt.
 */
final class ReplyTooLongException extends RuntimeException {

    ReplyTooLongException(int maxReplyChars) {
        super(message(maxReplyChars));
    }

    /** The message the question's trace shows. */
    static String message(int maxReplyChars) {
        return "the model's reply is longer than nlsql.llm.maxReplyChars (" + maxReplyChars + ")";
    }
}
