package dev.nlsql.engine;

/**
 * One connection's conversation: the last question it answered (as a standalone question) and the SQL that answered
 * it, which a follow-up ("and in 2023?", "only for Germany") is read against. {@code RESET NL} forgets it. A question
 * that fails leaves it as it was; one that is not a follow-up replaces it.
 */
public final class Conversation {

    /** The previous turn: the standalone question, its SQL, and the filter a follow-up rule appended to it (or null). */
    record Turn(String question, String sql, String addedFilter) {
    }

    private Turn previous;

    /** Forgets the previous question: the next question stands alone. */
    public synchronized void reset() {
        previous = null;
    }

    /** True when there is no previous question to refer to. */
    public synchronized boolean isEmpty() {
        return previous == null;
    }

    synchronized Turn previous() {
        return previous;
    }

    synchronized void remember(String question, String sql, String addedFilter) {
        previous = sql == null ? previous : new Turn(question, sql, addedFilter);
    }
}
