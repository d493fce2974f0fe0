package dev.nlsql.jdbc;

import dev.nlsql.internal.text.TextClassifier;
import dev.nlsql.sql.SqlLexer;
import java.util.Set;

/**
 * Whether a text sent to a statement is SQL (passed to the real driver untouched) or a question in plain language.
 * {@code NL:} forces a question; {@code EXPLAIN NL <question>} asks for the trace of a question instead of its answer,
 * {@code NARRATE NL <question>} for its meaning in words; {@code RESET NL} forgets the conversation.
 * SQL with a typo ({@code SELEC 1}) is SQL: the database answers it with its own syntax error.
 *
 * <p>The decision itself (word lists, shape checks, cache) is the internal {@code TextClassifier}'s.
 */
public enum TextKind {
    SQL, QUESTION, EXPLAIN_QUESTION,
    /** {@code NARRATE NL <question>}: one row telling what the answer means, with a confidence and the SQL. */
    NARRATE_QUESTION,
    /** {@code RESET NL}: forgets the connection's conversation (the previous question follow-ups refer to). */
    RESET_CONVERSATION;

    /** A decided text: its kind, for questions the question without its prefix, and whether SQL changes the schema. */
    public record Decision(TextKind kind, String text, boolean changesSchema) {
        Decision(TextKind kind, String text) {
            this(kind, text, kind == SQL && startsWithSchemaChange(text));
        }
    }

    /** Statements after which a cached catalog may be stale. */
    private static final Set<String> SCHEMA_CHANGES = Set.of("create", "alter", "drop", "comment", "rename", "grant", "revoke",
            "import", "security");

    private static boolean startsWithSchemaChange(String text) {
        int start = SqlLexer.skipSpaceAndComments(text, 0);
        int end = start;
        while (end < text.length() && Character.isLetter(text.charAt(end))) {
            end++;
        }
        for (String word : SCHEMA_CHANGES) { // no substring: this runs for every SQL text
            if (word.length() == end - start && text.regionMatches(true, start, word, 0, word.length())) {
                return true;
            }
        }
        return false;
    }

    private static final TextClassifier<Decision> CLASSIFIER = new TextClassifier<>((kind, text) -> new Decision(of(kind), text));

    private static TextKind of(TextClassifier.Kind kind) {
        return switch (kind) {
            case SQL -> SQL;
            case QUESTION -> QUESTION;
            case EXPLAIN_QUESTION -> EXPLAIN_QUESTION;
            case NARRATE_QUESTION -> NARRATE_QUESTION;
            case RESET_CONVERSATION -> RESET_CONVERSATION;
        };
    }

    /** The decision for a text, cached. */
    public static Decision of(String text) {
        return CLASSIFIER.of(text);
    }

    /** The decision, uncached. */
    static Decision decide(String text) {
        return CLASSIFIER.decide(text);
    }

    /**
     * True when the text is SQL with a typo ({@code SELEC 1}, {@code FROM t SELECT *}). Such text is decided
     * {@link #SQL}, so that the database answers it with its own syntax error; this tells it from correct SQL.
     */
    public static boolean mistypedSql(String text) {
        return TextClassifier.mistypedSql(text);
    }
}
