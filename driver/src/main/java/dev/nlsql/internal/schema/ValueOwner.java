package dev.nlsql.internal.schema;

import java.util.Collection;
import java.util.List;

/**
 * Which column a value the question names means when several columns hold it: the label column of the entity a table
 * the question names belongs to ("albums by AC/DC": the artist's name, since album refers to artist), when exactly one
 * candidate is such a column and none is in a table the question names.
 */
public final class ValueOwner {

    private ValueOwner() {
    }

    /** A candidate column: a table and one of its columns. */
    public record Candidate(TableInfo table, ColumnInfo column) {
    }

    /**
     * The one candidate that labels a table that a named table refers to by a foreign key, or null when there is none,
     * more than one, or a candidate lies in a named table itself (the question's own table then competes).
     */
    public static Candidate of(List<Candidate> candidates, Collection<TableInfo> named) {
        if (candidates.stream().anyMatch(c -> named.contains(c.table()))) {
            return null;
        }
        List<Candidate> owners = candidates.stream().filter(c -> labels(c.column()) && referredBy(c.table(), named)).toList();
        return owners.size() == 1 ? owners.get(0) : null;
    }

    /** A column that names its table's rows: name, title, company_name (a value of it names one row). */
    public static boolean labels(ColumnInfo c) {
        List<String> words = Words.split(c.name());
        return words.contains("name") || words.contains("title") || words.contains("company");
    }

    private static boolean referredBy(TableInfo target, Collection<TableInfo> named) {
        return named.stream().anyMatch(t -> t.refersTo(target));
    }
}
