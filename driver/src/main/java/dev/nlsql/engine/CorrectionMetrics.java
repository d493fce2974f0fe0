package dev.nlsql.engine;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts per engine that keep first-attempt success apart from corrected success, so a weak
 * generator is never hidden behind a good loop.
 */
public final class CorrectionMetrics {

    private final LongAdder questions = new LongAdder();
    private final LongAdder firstAttemptSuccesses = new LongAdder();
    private final LongAdder correctedSuccesses = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder attempts = new LongAdder();
    private final LongAdder llmCalls = new LongAdder();
    private final LongAdder repairs = new LongAdder();
    private final LongAdder cacheHits = new LongAdder();
    private final LongAdder inputTokens = new LongAdder();
    private final LongAdder outputTokens = new LongAdder();

    void record(Trace trace) {
        questions.increment();
        attempts.add(trace.attempts().size());
        llmCalls.add(trace.llmCalls());
        repairs.add(trace.repairs());
        inputTokens.add(trace.inputTokens());
        outputTokens.add(trace.outputTokens());
        if (!trace.success()) {
            failures.increment();
            return;
        }
        Attempt last = trace.attempts().get(trace.attempts().size() - 1);
        if (last.source() == Attempt.Source.CACHE) {
            cacheHits.increment();
        }
        if (trace.attempts().size() == 1) {
            firstAttemptSuccesses.increment();
        } else {
            correctedSuccesses.increment();
        }
    }

    /** An immutable copy of the counts. */
    public Snapshot snapshot() {
        return new Snapshot(questions.sum(), firstAttemptSuccesses.sum(), correctedSuccesses.sum(), failures.sum(),
                attempts.sum(), llmCalls.sum(), repairs.sum(), cacheHits.sum(), inputTokens.sum(), outputTokens.sum());
    }

    /** The counts at one moment. */
    public record Snapshot(long questions, long firstAttemptSuccesses, long correctedSuccesses, long failures, long attempts,
            long llmCalls, long repairs, long cacheHits, long inputTokens, long outputTokens) {

        /** Corrected successes over the questions whose first attempt failed. */
        public double correctionEffectiveness() {
            long failedFirst = questions - firstAttemptSuccesses;
            return failedFirst == 0 ? 0 : (double) correctedSuccesses / failedFirst;
        }
    }
}
