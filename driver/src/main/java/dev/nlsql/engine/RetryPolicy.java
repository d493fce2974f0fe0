package dev.nlsql.engine;

import dev.nlsql.engine.Attempt.Outcome;
import dev.nlsql.internal.diagnose.Diagnosis;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Every decision about going on with a question: whether an attempt answers it, earns another one
 * or ends it (attempts spent, an error no attempt can fix), whether SQL was tried already, and
 * whether the catalog may be read again (once per question).
 */
final class RetryPolicy {

    /** What follows an attempt. */
    enum Next { ANSWER, RETRY, GIVE_UP }

    private final int maxAttempts;
    private final Set<String> tried = new HashSet<>();
    private int counted;
    private boolean catalogRefreshed;

    RetryPolicy(int maxAttempts) {
        this.maxAttempts = maxAttempts;
    }

    boolean attemptsLeft() {
        return counted < maxAttempts;
    }

    void count() {
        counted++;
    }

    /** Remembers the SQL; false when the same SQL (normalised) was tried before. */
    boolean isNew(String sql) {
        return tried.add(normalise(sql));
    }

    static boolean sameSql(String a, String b) {
        return a != null && b != null && normalise(a).equals(normalise(b));
    }

    /**
     * After an attempt: rows answer; no rows answer too, unless a text filter may have missed (wrong
     * case or spelling) and an attempt is left for a wider search; an error retries while attempts
     * are left and its category says another attempt can help.
     */
    Next after(Outcome outcome, Diagnosis diagnosis, boolean filtersOnText) {
        if (outcome == Outcome.OK) {
            return Next.ANSWER;
        }
        if (outcome == Outcome.EMPTY) {
            return filtersOnText && attemptsLeft() ? Next.RETRY : Next.ANSWER;
        }
        if (diagnosis != null && !diagnosis.category().retryable()) {
            return Next.GIVE_UP;
        }
        return attemptsLeft() ? Next.RETRY : Next.GIVE_UP;
    }

    /** True the first time only: names the model or the catalog check did not find may be newer than the cached catalog. */
    boolean mayRefreshCatalog() {
        if (catalogRefreshed) {
            return false;
        }
        catalogRefreshed = true;
        return true;
    }

    static String normalise(String sql) {
        return sql.replaceAll("\\s+", " ").replaceAll("\\s*([(),;=<>])\\s*", "$1").strip().toLowerCase(Locale.ROOT);
    }
}
