package dev.nlsql.internal.generate;

import dev.nlsql.internal.knowledge.GlossaryTerm;
import java.time.LocalDate;
import java.util.List;

/**
 * Writes SQL for common question shapes with rules over the schema and the values the question
 * names, with no network, in two steps: {@link IntentReader} reads the question into an
 * {@link Intent} (aggregate, measure, grouping, filters, dates, order, limit), declining whatever
 * it cannot read with certainty; {@link SqlWriter} turns the intent into SQL. Declining is
 * {@link NotUnderstoodException} (NL005): "I don't know" rather than a guess; a declined question
 * none of whose content words links to the database is not about it ({@link Relevance}, NL002).
 */
public final class OfflineSqlGenerator implements SqlGenerator {

    @Override
    public boolean usesLlm() {
        return false;
    }

    @Override
    public Generation generate(GenerationRequest request) throws NotUnderstoodException {
        long start = System.nanoTime();
        Intent intent;
        List<GlossaryTerm> glossary = request.knowledge() == null ? List.of() : request.knowledge().glossary();
        IntentReader reader = new IntentReader(request.question(), request.catalog(), request.values(), LocalDate.now(), glossary);
        try {
            intent = reader.read();
        } catch (NotUnderstoodException e) {
            // the relevance gate: a question with nothing that links to the database is not about it (NL002), else NL005
            String unrelated = Relevance.nothingLinked(request.question(), request.catalog(), request.values());
            if (unrelated != null && request.instructions() != null && !request.instructions().isBlank()
                    && Relevance.nothingLinked(request.instructions(), request.catalog(), request.values()) == null) {
                unrelated = null; // the instructions tie the question's words to the data ("TSC means ...")
            }
            if (reader.touchedGlossary()) {
                unrelated = null; // so does the glossary
            }
            throw unrelated == null ? e : new NotUnderstoodException(unrelated, true);
        }
        String sql = new SqlWriter(request.catalog()).write(intent);
        return new Generation(sql, 0, 0, (System.nanoTime() - start) / 1_000_000, 0);
    }
}
