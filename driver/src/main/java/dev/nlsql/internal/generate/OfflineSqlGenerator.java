package dev.nlsql.internal.generate;

import dev.nlsql.internal.knowledge.GlossaryTerm;
import java.time.LocalDate;
import java.util.List;

/**
 * Writes SQL for common question shapes with rules over the schema and the values the question
 * names, with no network, in two steps: {@link IntentReader} reads the question into an
 * {@link Intent} (aggregate, measure, grouping, filters, dates, order, limit), declining whatever
 * it cannot read with certainty; {@link SqlWriter} turns the intent into SQL. Declining is
 * {@link NotUnderstoodException} (NL005): "I don't know" rather than a guess. A declined question
 * goes through the relevance gate ({@link Relevance}): worded as a question about the world and
 * hardly linked, or linked not at all and not worded as a question about data, it is not about the
 * database (NL002); worded as a question about data with nothing linked, it cannot be built (NL005); about rows it
 * holds but asking for an attribute that names nothing in it ("the average cabin crew count of flights"), NL002.
 */
public final class OfflineSqlGenerator implements SqlGenerator {

    @Override
    public boolean usesLlm() {
        return false;
    }

    @Override
    public Generation generate(GenerationRequest asked) throws NotUnderstoodException {
        long start = System.nanoTime();
        GenerationRequest request = withTyposRead(asked);
        Intent intent;
        List<GlossaryTerm> glossary = request.knowledge() == null ? List.of() : request.knowledge().glossary();
        AbsenceReader.Absence absence = glossary.isEmpty() ? AbsenceReader.read(request.question(), request.catalog()) : null;
        if (absence != null) {
            AbsenceReader.Period p = absence.period();
            String sql = new SqlWriter(request.catalog()).withNone(absence.table(), absence.related(), absence.counted(),
                    p == null ? null : p.date(), p == null ? null : p.from(), p == null ? null : p.to(),
                    dev.nlsql.internal.schema.Words.split(request.question()));
            return new Generation(sql, 0, 0, (System.nanoTime() - start) / 1_000_000, 0);
        }
        IntentReader reader = new IntentReader(request.question(), request.catalog(), request.values(), LocalDate.now(), glossary);
        try {
            intent = reader.read();
        } catch (NotUnderstoodException e) {
            Relevance.Verdict v = Relevance.judge(request.question(), request.catalog(), request.values());
            if (v.kind() != Relevance.Kind.UNCLEAR && request.instructions() != null && !request.instructions().isBlank()
                    && Relevance.linksAnything(request.instructions(), request.catalog(), request.values())) {
                throw e; // the instructions tie the question's words to the data ("TSC means ...")
            }
            if (reader.touchedGlossary()) {
                throw e; // so does the glossary
            }
            throw switch (v.kind()) {
                case UNCLEAR -> e;
                case NOTHING_LINKED -> NotUnderstoodException.nothingLinked(v.reason());
                case NOT_ABOUT_DATABASE -> new NotUnderstoodException(v.reason(), true);
            };
        }
        String sql = new SqlWriter(request.catalog()).write(intent);
        return new Generation(sql, 0, 0, (System.nanoTime() - start) / 1_000_000, 0);
    }

    private static GenerationRequest withTyposRead(GenerationRequest r) {
        String question = QuestionWordTypos.corrected(r.question(), r.catalog());
        if (question == null || question.equals(r.question())) {
            return r;
        }
        return new GenerationRequest(question, r.instructions(), r.dialect(), r.catalog(), r.schemaText(), r.values(), r.previous(),
                r.sendValues(), r.sources(), r.knowledge(), r.modelReplies());
    }
}
