package dev.nlsql.internal.generate;

import dev.nlsql.internal.diagnose.Diagnosis;
import dev.nlsql.internal.diagnose.Feedback;
import dev.nlsql.internal.knowledge.Knowledge;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.ValueIndex;
import java.util.List;

/**
 * What a generator needs for one attempt: the question (with any domain instructions), the
 * database's dialect, the schema it may use (as catalog and as prompt text), the column values
 * the question names, every earlier failed attempt with its diagnosis, and what the data's owners
 * know ({@code nlsql.knowledge}).
 *
 * @param sendValues whether the prompt may show sampled values and the database's own error
 *                   text ({@code nlsql.llm.sendValues}); a local generator may use the values either way
 * @param knowledge  the knowledge file's instructions, glossary and verified pairs ({@link Knowledge#NONE} without one)
 * @param modelReplies the model's own replies so far for this question: with sendValues=false a literal of an earlier
 *                   attempt is shown back only when the model wrote it (or the question holds it)
 */
public record GenerationRequest(String question, String instructions, String dialect, SchemaCatalog catalog,
        String schemaText, List<ValueIndex.ValueLink> values, List<PreviousAttempt> previous, boolean sendValues, String sources,
        Knowledge knowledge, List<String> modelReplies) {

    public GenerationRequest {
        modelReplies = modelReplies == null ? List.of() : List.copyOf(modelReplies);
    }

    /** A request whose earlier attempts, if any, were written by no model call of this question. */
    public GenerationRequest(String question, String instructions, String dialect, SchemaCatalog catalog,
            String schemaText, List<ValueIndex.ValueLink> values, List<PreviousAttempt> previous, boolean sendValues, String sources,
            Knowledge knowledge) {
        this(question, instructions, dialect, catalog, schemaText, values, previous, sendValues, sources, knowledge, List.of());
    }

    /** A request with attached sources' rules ({@code sources}) and no knowledge file. */
    public GenerationRequest(String question, String instructions, String dialect, SchemaCatalog catalog,
            String schemaText, List<ValueIndex.ValueLink> values, List<PreviousAttempt> previous, boolean sendValues, String sources) {
        this(question, instructions, dialect, catalog, schemaText, values, previous, sendValues, sources, Knowledge.NONE);
    }

    /**
     * A request on one database. With attached sources, {@code sources} says how to answer across them (which
     * source a query runs on, plans with local joins) and {@code schemaText} labels every table by source.
     */
    public GenerationRequest(String question, String instructions, String dialect, SchemaCatalog catalog,
            String schemaText, List<ValueIndex.ValueLink> values, List<PreviousAttempt> previous, boolean sendValues) {
        this(question, instructions, dialect, catalog, schemaText, values, previous, sendValues, null);
    }

    /** A request whose prompt may show values and error text, as by default. */
    public GenerationRequest(String question, String instructions, String dialect, SchemaCatalog catalog,
            String schemaText, List<ValueIndex.ValueLink> values, List<PreviousAttempt> previous) {
        this(question, instructions, dialect, catalog, schemaText, values, previous, true);
    }

    /**
     * An earlier attempt: the SQL tried (null when the reply had none) and what went wrong. The
     * prompt shows it according to {@link GenerationRequest#sendValues()}.
     */
    public record PreviousAttempt(String sql, Diagnosis diagnosis, int timeoutSeconds) {

        /** The error as the trace shows it: category and message. */
        public String error() {
            return diagnosis.category().label() + ": " + diagnosis.message();
        }

        /** The targeted correction for this failure. */
        public String feedback() {
            return Feedback.forDiagnosis(diagnosis, timeoutSeconds);
        }
    }
}
