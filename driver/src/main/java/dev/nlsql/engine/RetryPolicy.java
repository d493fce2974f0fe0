package dev.nlsql.engine;

import dev.nlsql.engine.Attempt.Outcome;
import dev.nlsql.internal.diagnose.Diagnosis;
import dev.nlsql.sql.SqlLexer;
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
    private int widenings;
    private boolean fellBack;
    private final int maxWidenings;

    RetryPolicy(int maxAttempts) {
        this(maxAttempts, 0);
    }

    RetryPolicy(int maxAttempts, int maxWidenings) {
        this.maxAttempts = maxAttempts;
        this.maxWidenings = maxWidenings;
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
     * After an attempt: rows answer, and so do no rows (the wider search, its own stage, has had its
     * turn); an error retries while attempts are left and its category says another attempt can help.
     */
    Next after(Outcome outcome, Diagnosis diagnosis) {
        if (outcome == Outcome.OK || outcome == Outcome.EMPTY) {
            return Next.ANSWER;
        }
        if (diagnosis != null && !diagnosis.category().retryable()) {
            return Next.GIVE_UP;
        }
        return attemptsLeft() ? Next.RETRY : Next.GIVE_UP;
    }

    /**
     * Whether an empty result earns a wider search: only when the query filters on text (a filter may
     * have missed by case, accents or spelling), at most {@code nlsql.widerSearch} times per question.
     * These attempts do not count toward {@code nlsql.maxAttempts}.
     */
    boolean mayWiden(boolean filtersOnText) {
        if (!filtersOnText || widenings >= maxWidenings) {
            return false;
        }
        widenings++;
        return true;
    }

    /** True the first time only: one fallback analysis per question, never a loop. */
    boolean mayFallBack() {
        if (fellBack) {
            return false;
        }
        fellBack = true;
        return true;
    }

    /** True the first time only: names the model or the catalog check did not find may be newer than the cached catalog. */
    boolean mayRefreshCatalog() {
        if (catalogRefreshed) {
            return false;
        }
        catalogRefreshed = true;
        return true;
    }

    /** The statement's tokens, words in lower case; strings and quoted names as written (their case is data). */
    static String normalise(String sql) {
        SqlLexer.Result lexed = SqlLexer.tokenize(sql);
        if (lexed.problem() != null) {
            return sql.strip();
        }
        StringBuilder b = new StringBuilder(sql.length());
        for (SqlLexer.Token t : lexed.tokens()) {
            if (!t.isPunct(';')) {
                b.append(t.type() == SqlLexer.Type.WORD ? t.text().toLowerCase(Locale.ROOT) : t.text()).append(' ');
            }
        }
        return b.toString().strip();
    }
}
