package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.ErrorCategory;
import dev.nlsql.engine.Attempt.Outcome;
import dev.nlsql.engine.RetryPolicy.Next;
import dev.nlsql.internal.diagnose.Diagnosis;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    @Test
    void rowsAnswerAndAnErrorRetriesWhileAttemptsAreLeft() {
        RetryPolicy p = new RetryPolicy(2);
        p.count();
        assertEquals(Next.ANSWER, p.after(Outcome.OK, null));
        assertEquals(Next.RETRY, p.after(Outcome.ERROR, Diagnosis.of(ErrorCategory.COLUMN_NOT_FOUND, "x")));
        p.count();
        assertEquals(Next.GIVE_UP, p.after(Outcome.ERROR, Diagnosis.of(ErrorCategory.COLUMN_NOT_FOUND, "x")));
    }

    @Test
    void anErrorNoAttemptCanFixEndsTheQuestion() {
        RetryPolicy p = new RetryPolicy(5);
        p.count();
        assertEquals(Next.GIVE_UP, p.after(Outcome.ERROR, Diagnosis.of(ErrorCategory.PERMISSION_DENIED, "denied")));
        assertEquals(Next.GIVE_UP, p.after(Outcome.ERROR, Diagnosis.of(ErrorCategory.RESOURCE, "out of memory")));
    }

    @Test
    void noRowsAnswerAndEarnAtMostTheConfiguredWiderSearchesForTextFilters() {
        RetryPolicy p = new RetryPolicy(1, 2);
        p.count();
        assertEquals(Next.ANSWER, p.after(Outcome.EMPTY, Diagnosis.of(ErrorCategory.EMPTY_RESULT, "no rows")));
        assertFalse(p.mayWiden(false), "no text filter: nothing to widen");
        assertTrue(p.mayWiden(true));
        assertTrue(p.mayWiden(true), "beyond maxAttempts: wider searches have their own budget");
        assertFalse(p.mayWiden(true));
        assertFalse(new RetryPolicy(3, 0).mayWiden(true), "nlsql.widerSearch=0");
    }

    @Test
    void theSameSqlIsNotTriedTwiceWhateverItsSpacingOrCase() {
        RetryPolicy p = new RetryPolicy(3);
        assertTrue(p.isNew("SELECT a, b FROM t WHERE x = 1"));
        assertFalse(p.isNew("select a,b\n  from t where x=1"));
        assertTrue(p.isNew("SELECT a FROM t"));
        assertTrue(p.isNew("SELECT a FROM t WHERE x = 'Machine Learning'"));
        assertTrue(p.isNew("SELECT a FROM t WHERE x = 'machine learning'"), "a string's case is data");
    }

    @Test
    void theCatalogIsReadAgainOncePerQuestion() {
        RetryPolicy p = new RetryPolicy(3);
        assertTrue(p.mayRefreshCatalog());
        assertFalse(p.mayRefreshCatalog());
    }
}
