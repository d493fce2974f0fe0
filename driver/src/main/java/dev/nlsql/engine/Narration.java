package dev.nlsql.engine;

import java.util.Locale;

/**
 * What {@code NARRATE NL} returns: the answer in words (a short paragraph in the question's language with a model; an
 * English sentence from a template without one), how far to trust it, why, and the SQL that answered.
 *
 * @param why the reasons that lowered the confidence, comma-separated (repaired, retried, widened, fallback, empty,
 *            truncated, reading not unique), or what made it high (first attempt, cached)
 * @param interpretation how the question was read, in words, from the SQL that answered ({@link Trace#interpretation()})
 */
public record Narration(String answer, Confidence confidence, String why, String sql, String interpretation) {

    /** How far an answer can be trusted, from its trace and its rows. */
    public enum Confidence {
        HIGH, MEDIUM, LOW;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
