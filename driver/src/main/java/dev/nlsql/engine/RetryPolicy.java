package dev.nlsql.engine;

import dev.nlsql.diagnose.Diagnosis;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Decides whether a question gets another attempt: not after {@code maxAttempts}, not after a
 * non-retryable error (permissions, connection, resources), and not for SQL already tried.
 */
final class RetryPolicy {

    private final int maxAttempts;
    private final Set<String> tried = new HashSet<>();
    private int counted;

    RetryPolicy(int maxAttempts) {
        this.maxAttempts = maxAttempts;
    }

    boolean attemptsLeft() {
        return counted < maxAttempts;
    }

    void count() {
        counted++;
    }

    int counted() {
        return counted;
    }

    /** Remembers the SQL; false when the same SQL (normalised) was tried before. */
    boolean isNew(String sql) {
        return tried.add(normalise(sql));
    }

    boolean mayRetryAfter(Diagnosis d) {
        return d.category().retryable() && attemptsLeft();
    }

    static String normalise(String sql) {
        return sql.replaceAll("\\s+", " ").replaceAll("\\s*([(),;=<>])\\s*", "$1").strip().toLowerCase(Locale.ROOT);
    }
}
