package dev.nlsql.internal.interpret;

import dev.nlsql.internal.knowledge.GlossaryTerm;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import java.util.List;

/**
 * What the answer was read from besides the SQL.
 *
 * @param question the question the SQL answers (the standalone reading of a follow-up)
 * @param instructions the question's own instructions, or null: they may define what the SQL computes or filters
 *                     ("PMCS is the number of customers who signed up per month"), so they justify it as the question
 *                     does; their words need not all show in the SQL
 * @param values   the values the question's words name, as linked (sampled or looked up)
 * @param terms    the glossary terms the question uses
 * @param notes    how the question was read, in the trace's words (a spelling read as another, a verified question)
 * @param verified the SQL is a verified question's: justified by it
 */
public record QuestionContext(String question, String instructions, SchemaCatalog catalog, List<ValueLink> values, List<GlossaryTerm> terms,
        List<String> notes, boolean verified) {
}
