package dev.nlsql.internal.knowledge;

import java.util.List;

/**
 * What the people who own the data know ({@code nlsql.knowledge}): instructions every prompt carries, the glossary of
 * business words, and verified question and SQL pairs. Every SQL in it was checked against the catalog when it was read.
 */
public record Knowledge(List<String> instructions, List<GlossaryTerm> glossary, List<VerifiedQuestion> verified) {

    /** No knowledge file. */
    public static final Knowledge NONE = new Knowledge(List.of(), List.of(), List.of());

    public Knowledge {
        instructions = List.copyOf(instructions);
        glossary = List.copyOf(glossary);
        verified = List.copyOf(verified);
    }

    public boolean isEmpty() {
        return instructions.isEmpty() && glossary.isEmpty() && verified.isEmpty();
    }
}
