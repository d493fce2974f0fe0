package dev.nlsql.diagnose;

import dev.nlsql.schema.NameCandidates.Candidate;
import java.util.List;

/**
 * A failed attempt understood: its category, the database's (or the guard's) message, the
 * name at fault when there is one (with its qualifier), and the real names it most likely meant.
 */
public record Diagnosis(ErrorCategory category, String message, String sqlState, String name, String qualifier,
        List<Candidate> candidates) {

    public static Diagnosis of(ErrorCategory category, String message) {
        return new Diagnosis(category, message, null, null, null, List.of());
    }

    public Diagnosis withCandidates(List<Candidate> ranked) {
        return new Diagnosis(category, message, sqlState, name, qualifier, List.copyOf(ranked));
    }
}
