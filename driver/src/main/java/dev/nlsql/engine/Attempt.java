package dev.nlsql.engine;

import dev.nlsql.ErrorCategory;
import java.util.Locale;

/**
 * One attempt at a question: where its SQL came from, what happened, and what the model was told.
 * {@code database} is where it ran: {@code main} (the connection's database), an attached source's
 * name, or {@code local} (the embedded engine that joins what sources returned).
 */
public record Attempt(int number, Source source, String sql, Outcome outcome, ErrorCategory category, String error,
        String feedback, long millis, int inputTokens, int outputTokens, String database) {

    /** An attempt on the connection's own database. */
    public Attempt(int number, Source source, String sql, Outcome outcome, ErrorCategory category, String error,
            String feedback, long millis, int inputTokens, int outputTokens) {
        this(number, source, sql, outcome, category, error, feedback, millis, inputTokens, outputTokens, "main");
    }

    /**
     * Where an attempt's SQL came from: the model, a repair, the answer cache, the offline generator,
     * a wider search (broadened text filters), a step of a multi-step plan, the fallback analysis, or a verified
     * question of the knowledge file (its SQL as verified, or adapted to the question's literals).
     */
    public enum Source {
        LLM, REPAIR, CACHE, OFFLINE, WIDER, PLAN, FALLBACK, VERIFIED;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What happened to an attempt's SQL. */
    public enum Outcome {
        /** ran and returned rows */
        OK,
        /** never ran: no SQL, unsafe, or a name the catalog does not have */
        REJECTED,
        /** ran and failed */
        ERROR,
        /** ran and returned no rows */
        EMPTY;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public String categoryLabel() {
        return category == null ? null : category.label();
    }
}
