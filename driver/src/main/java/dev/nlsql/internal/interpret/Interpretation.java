package dev.nlsql.internal.interpret;

import java.util.List;

/**
 * How the SQL that answered reads in plain English, and what of it the question does not account for.
 *
 * @param reading what the SQL does: what is counted, summed or listed, from which table, with which filters, grouping,
 *                order, limit and joins, and how the question was read (spelling, glossary, verified question, follow-up)
 * @param doubts  each element of the SQL that no word of the question, glossary entry, verified question or forced join
 *                justifies, and each value the question names that sits in more than one column; empty when the reading
 *                is unique
 */
public record Interpretation(String reading, List<String> doubts) {

    public Interpretation {
        doubts = List.copyOf(doubts);
    }

    /** Every element of the SQL is justified by the question: the answer may be "high". */
    public boolean unique() {
        return doubts.isEmpty();
    }

    /** The reading, then the doubts: what a person is shown. */
    public String text() {
        return doubts.isEmpty() ? reading : reading + " Not sure: " + String.join("; ", doubts) + ".";
    }
}
