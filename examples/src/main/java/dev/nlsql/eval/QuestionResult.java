package dev.nlsql.eval;

import dev.nlsql.engine.Attempt;
import dev.nlsql.engine.Trace;
import java.util.List;

/** What happened to one question of an evaluation. */
public record QuestionResult(Dataset.Question question, boolean goldFailed, String goldError, boolean answered, boolean strict,
        boolean lenient, String sql, String sqlState, String error, List<Attempt> attempts, int llmCalls, int inputTokens,
        int outputTokens, long millis) {

    static QuestionResult goldFailed(Dataset.Question q, String error) {
        return new QuestionResult(q, true, error, false, false, false, null, null, null, List.of(), 0, 0, 0, 0);
    }

    static QuestionResult of(Dataset.Question q, Trace trace, boolean answered, boolean strict, boolean lenient, String sqlState,
            String error, long millis) {
        return new QuestionResult(q, false, null, answered, strict, lenient, trace == null ? null : trace.finalSql(), sqlState, error,
                trace == null ? List.of() : List.copyOf(trace.attempts()), trace == null ? 0 : trace.llmCalls(),
                trace == null ? 0 : trace.inputTokens(), trace == null ? 0 : trace.outputTokens(), millis);
    }

    /** The first attempt ran and returned rows (or none, which is an answer too). */
    public boolean firstAttemptWorked() {
        return !attempts.isEmpty() && (attempts.get(0).outcome() == Attempt.Outcome.OK || attempts.get(0).outcome() == Attempt.Outcome.EMPTY);
    }

    public int repairs() {
        return (int) attempts.stream().filter(a -> a.source() == Attempt.Source.REPAIR).count();
    }
}
