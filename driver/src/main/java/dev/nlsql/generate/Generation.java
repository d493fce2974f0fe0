package dev.nlsql.generate;

/** A generator's reply: the raw text, tokens used, time taken, and HTTP calls made (retries included). */
public record Generation(String text, int inputTokens, int outputTokens, long millis, int calls) {
}
