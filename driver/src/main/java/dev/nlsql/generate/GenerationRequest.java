package dev.nlsql.generate;

import dev.nlsql.schema.SchemaCatalog;
import dev.nlsql.schema.ValueIndex;
import java.util.List;

/**
 * What a generator needs for one attempt: the question (with any domain instructions), the
 * database's dialect, the schema it may use (as catalog and as prompt text), the column values
 * the question names, and every earlier
 * failed attempt with its error and the targeted feedback.
 */
public record GenerationRequest(String question, String instructions, String dialect, SchemaCatalog catalog,
        String schemaText, List<ValueIndex.ValueLink> values, List<PreviousAttempt> previous) {

    /** An earlier attempt as the model is told about it. */
    public record PreviousAttempt(String sql, String error, String feedback) {
    }
}
