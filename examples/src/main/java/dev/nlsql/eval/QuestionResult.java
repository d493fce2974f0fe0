package dev.nlsql.eval;

import dev.nlsql.engine.Attempt;
import dev.nlsql.engine.Narration;
import dev.nlsql.engine.Trace;
import java.util.List;

/**
 * What happened to one question of an evaluation. For a question without gold SQL
 * ({@link Dataset.Question#unanswerable()}), strict and lenient mean "refused, as it should be".
 */
public record QuestionResult(Dataset.Question question, boolean goldFailed, String goldError, boolean answered, boolean strict,
        boolean lenient, String sql, String sqlState, String error, List<Attempt> attempts, int llmCalls, int inputTokens,
        int outputTokens, long millis, Narration.Confidence confidence, String interpretation) {

    /** A result with no confidence or interpretation (a question not answered, or read back from a report). */
    public QuestionResult(Dataset.Question question, boolean goldFailed, String goldError, boolean answered, boolean strict,
            boolean lenient, String sql, String sqlState, String error, List<Attempt> attempts, int llmCalls, int inputTokens,
            int outputTokens, long millis) {
        this(question, goldFailed, goldError, answered, strict, lenient, sql, sqlState, error, attempts, llmCalls, inputTokens,
                outputTokens, millis, null, null);
    }

    /** The SQLSTATE of a refusal by the relevance gate: the question is not about this database. */
    public static final String REFUSED = "NL002";

    /** Refused by the relevance gate (NL002). */
    public boolean refused() {
        return REFUSED.equals(sqlState);
    }

    /** Refused, and rightly: the question has no gold SQL. */
    public boolean refusedRightly() {
        return refused() && question.unanswerable();
    }

    static QuestionResult goldFailed(Dataset.Question q, String error) {
        return new QuestionResult(q, true, error, false, false, false, null, null, null, List.of(), 0, 0, 0, 0, null, null);
    }

    static QuestionResult of(Dataset.Question q, Trace trace, boolean answered, boolean strict, boolean lenient, String sqlState,
            String error, long millis) {
        return of(q, trace, answered, strict, lenient, sqlState, error, millis, null);
    }

    /** @param confidence an answer's confidence (as NARRATE NL gives it), null for no answer */
    static QuestionResult of(Dataset.Question q, Trace trace, boolean answered, boolean strict, boolean lenient, String sqlState,
            String error, long millis, Narration.Confidence confidence) {
        return new QuestionResult(q, false, null, answered, strict, lenient, trace == null ? null : trace.finalSql(), sqlState, error,
                trace == null ? List.of() : List.copyOf(trace.attempts()), trace == null ? 0 : trace.llmCalls(),
                trace == null ? 0 : trace.inputTokens(), trace == null ? 0 : trace.outputTokens(), millis, confidence,
                trace == null ? null : trace.interpretation());
    }

    /** Answered wrongly at "high" confidence: what must never happen. */
    public boolean wrongAtHigh() {
        return answered && !lenient && !question.unanswerable() && confidence == Narration.Confidence.HIGH;
    }

    /**
     * Where the question was answered (main, attached sources, local for a join), in the order first used;
     * unanswered, every database its attempts tried.
     */
    public List<String> sources() {
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
        for (Attempt a : attempts) {
            boolean ran = a.outcome() == Attempt.Outcome.OK || a.outcome() == Attempt.Outcome.EMPTY;
            if (!answered || ran) {
                out.add(a.database());
            }
        }
        return List.copyOf(out);
    }

    /** The first attempt ran and returned rows (or none, which is an answer too). */
    public boolean firstAttemptWorked() {
        return !attempts.isEmpty() && (attempts.get(0).outcome() == Attempt.Outcome.OK || attempts.get(0).outcome() == Attempt.Outcome.EMPTY);
    }

    public int repairs() {
        return (int) attempts.stream().filter(a -> a.source() == Attempt.Source.REPAIR).count();
    }

    /** Answered correctly by the first attempt, with no correction. */
    public boolean rightFirstTime() {
        return lenient && attempts.size() == 1 && firstAttemptWorked();
    }

    /** The SQL that answered, else the last SQL tried (null when none was written). */
    public String lastSql() {
        if (sql != null) {
            return sql;
        }
        for (int i = attempts.size() - 1; i >= 0; i--) {
            if (attempts.get(i).sql() != null) {
                return attempts.get(i).sql();
            }
        }
        return null;
    }

    /** The call that wrote the first attempt (SQL or a plan): 1, or 0 when the first attempt needed no model. */
    public int firstAttemptCalls() {
        boolean fromLlm = !attempts.isEmpty()
                && (attempts.get(0).source() == Attempt.Source.LLM || attempts.get(0).source() == Attempt.Source.PLAN);
        return fromLlm ? Math.min(1, llmCalls) : 0;
    }

    /** The call whose reply refused the question as not about the database (NL002): a decision, not a correction. */
    public int refusalCalls() {
        return refused() && llmCalls > firstAttemptCalls() ? 1 : 0;
    }

    /** LLM calls beyond the first attempt's and the refusal's: what correcting this question cost. */
    public int correctionCalls() {
        return Math.max(0, llmCalls - firstAttemptCalls() - refusalCalls());
    }

    /** One word for what happened: right, right (lenient), wrong rows, no answer, or gold broken. */
    public String outcome() {
        if (goldFailed) {
            return "gold broken";
        }
        if (question.unanswerable()) {
            return refused() ? "refused (right)" : answered ? "answered (no gold)" : "no answer (not refused)";
        }
        if (refused()) {
            return "refused (wrong)";
        }
        if (strict) {
            return "right";
        }
        if (lenient) {
            return "right (lenient)";
        }
        return answered ? "wrong rows" : "no answer";
    }

    /**
     * Why this question was not answered right, in full: the last failed attempt's error (the
     * loop's own message only leads into the attempts), else the message, else the row mismatch;
     * null when it was answered right.
     */
    public String errorText() {
        if (goldFailed) {
            return "gold SQL failed: " + goldError;
        }
        if (lenient) {
            return null;
        }
        if (question.unanswerable() && answered) {
            return "answered a question marked unanswerable: it should have been refused (NL002)";
        }
        if (answered) {
            return "answered, but the rows differ from the gold's";
        }
        for (int i = attempts.size() - 1; i >= 0; i--) {
            Attempt a = attempts.get(i);
            if (a.outcome() != Attempt.Outcome.OK && a.error() != null && !a.error().isBlank()) {
                return "attempt " + a.number() + (a.category() == null ? "" : " (" + a.categoryLabel() + ")") + ": " + a.error().strip();
            }
        }
        return (sqlState == null ? "" : "[" + sqlState + "] ") + (error == null ? "(no error text)" : error.strip());
    }

    /** This result with {@code redact} applied to every text that came from outside: question, SQL, errors, feedback. */
    public QuestionResult redacted(java.util.function.UnaryOperator<String> redact) {
        Dataset.Question q = new Dataset.Question(question.index(), question.db(), redact.apply(question.category()),
                redact.apply(question.text()), redact.apply(question.goldSql()), redact.apply(question.instructions()));
        List<Attempt> as = attempts.stream().map(a -> new Attempt(a.number(), a.source(), redact.apply(a.sql()), a.outcome(),
                a.category(), redact.apply(a.error()), redact.apply(a.feedback()), a.millis(), a.inputTokens(), a.outputTokens()))
                .toList();
        return new QuestionResult(q, goldFailed, redact.apply(goldError), answered, strict, lenient, redact.apply(sql), sqlState,
                redact.apply(error), as, llmCalls, inputTokens, outputTokens, millis, confidence, redact.apply(interpretation));
    }
}
