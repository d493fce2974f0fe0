package dev.nlsql.internal.diagnose;

import dev.nlsql.ErrorCategory;

import dev.nlsql.internal.schema.NameCandidates.Candidate;
import dev.nlsql.internal.schema.NameCandidates.Scope;
import java.util.List;

/**
 * A failed attempt understood: its category, the database's (or the guard's) message, the
 * name at fault when there is one (with its qualifier), the real names it most likely meant, and
 * for a wrong column none of them is sure of, the columns in scope to choose from.
 * A message with a SQLSTATE may quote row text and is withheld from the model when
 * {@code nlsql.llm.sendValues=false}; one without (see {@link #of}) is shown.
 */
public record Diagnosis(ErrorCategory category, String message, String sqlState, String name, String qualifier,
        List<Candidate> candidates, Scope scope) {

    public Diagnosis(ErrorCategory category, String message, String sqlState, String name, String qualifier,
            List<Candidate> candidates) {
        this(category, message, sqlState, name, qualifier, candidates, Scope.NONE);
    }

    /**
     * A failure nlsql found itself, without the database. The message must hold only nlsql's own
     * words and text from the model's reply or the catalog, never a database message: it reaches
     * the model even when values may not.
     */
    public static Diagnosis of(ErrorCategory category, String message) {
        return new Diagnosis(category, message, null, null, null, List.of());
    }

    public Diagnosis withCandidates(List<Candidate> ranked) {
        return new Diagnosis(category, message, sqlState, name, qualifier, List.copyOf(ranked), scope);
    }

    public Diagnosis withScope(Scope columns) {
        return new Diagnosis(category, message, sqlState, name, qualifier, candidates, columns);
    }
}
