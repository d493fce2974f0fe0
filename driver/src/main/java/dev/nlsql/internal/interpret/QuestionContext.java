package dev.nlsql.internal.interpret;

import dev.nlsql.internal.knowledge.GlossaryTerm;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import java.util.List;

/**
 * What the answer was read from besides the SQL.
 *
 * @param question the question the SQL answers (the standalone reading of a follow-up)
 * @param values   the values the question's words name, as linked (sampled or looked up)
 * @param terms    the glossary terms the question uses
 * @param notes    how the question was read, in the trace's words (a spelling read as another, a verified question)
 * @param verified the SQL is a verified question's: justified by it
 */
public record QuestionContext(String question, SchemaCatalog catalog, List<ValueLink> values, List<GlossaryTerm> terms,
        List<String> notes, boolean verified) {
}
