package dev.nlsql.internal.knowledge;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A business word of the knowledge file's glossary and what it means in this schema: a measure (an aggregate
 * expression, {@code SUM(order_items.unit_price * order_items.quantity)}), a filter (a boolean expression,
 * {@code customers.status = 'active'}), or a name for a table or column of the schema ({@code means: customers}).
 *
 * @param term     the word or words, as written in the file
 * @param synonyms other words for it
 * @param kind     what it stands for
 * @param sql      the expression of a measure or filter (every column qualified by its table), or null for a name
 * @param means    the table ({@code customers}) or column ({@code customers.country}) a name stands for, lower case as the
 *                 catalog names it; null for a measure or filter
 * @param tables   the tables the expression reads, in the order they first appear (for a name: its table)
 */
public record GlossaryTerm(String term, List<String> synonyms, Kind kind, String sql, String means, List<String> tables) {

    /** What a glossary term stands for. */
    public enum Kind {
        MEASURE, FILTER, NAME
    }

    public GlossaryTerm {
        synonyms = List.copyOf(synonyms);
        tables = List.copyOf(tables);
    }

    /** The term and its synonyms, lower case: the words a question may use for it. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        names.add(term.toLowerCase(Locale.ROOT));
        for (String s : synonyms) {
            names.add(s.toLowerCase(Locale.ROOT));
        }
        return names;
    }

    /** For a name of a column ({@code customers.country}): the column; else null. */
    public String meansColumn() {
        int dot = means == null ? -1 : means.indexOf('.');
        return dot < 0 ? null : means.substring(dot + 1);
    }
}
