package dev.nlsql.internal.generate;

/**
 * A generator's reply: the raw text, tokens used, time taken, and HTTP calls made (retries included).
 * {@code rejected} says why a reply was refused unread (too long); its text is then null, so it
 * never reaches a prompt.
 */
public record Generation(String text, int inputTokens, int outputTokens, long millis, int calls, String rejected) {

    public Generation(String text, int inputTokens, int outputTokens, long millis, int calls) {
        this(text, inputTokens, outputTokens, millis, calls, null);
    }

    static Generation refused(String why, int inputTokens, int outputTokens, long millis, int calls) {
        return new Generation(null, inputTokens, outputTokens, millis, calls, why);
    }
}
