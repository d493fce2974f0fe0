package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.Words;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A question about the connected database that the offline generator can build, to show a user
 * who asked something it could not read ("Rephrase it, e.g. ..."): "how many <table> per month"
 * for a table with a date, else "how many <table>", for its most connected tables first (the most
 * foreign keys to and from it: orders rather than a lookup table). Each candidate is read and
 * written by the offline rules (no SQL runs) and the first that builds is the example, so it is
 * never one the rules would decline, and never a table of another database.
 */
public final class ExampleQuestion {

    /** Tables tried, most connected first: enough to find one, bounded for a catalog of thousands. */
    private static final int MAX_TABLES = 8;
    private static final Map<String, String> IRREGULAR_PLURALS = Map.of("person", "people", "child", "children", "man", "men",
            "woman", "women", "foot", "feet", "tooth", "teeth", "mouse", "mice", "leaf", "leaves", "life", "lives");
    /** Nouns counted without a plural: a table of them stays as named. */
    private static final Set<String> UNCOUNTED = Set.of("data", "staff", "information", "media", "equipment", "news", "series",
            "species", "info", "metadata", "feedback", "software", "music", "personnel");

    private ExampleQuestion() {
    }

    /** The example, or null when no candidate builds (or the catalog has no tables). */
    public static String of(SchemaCatalog catalog) {
        List<TableInfo> tables = new ArrayList<>(catalog.tables());
        tables.sort(Comparator.comparingInt((TableInfo t) -> -connections(catalog, t)).thenComparing(t -> !hasDate(t)));
        LocalDate today = LocalDate.now();
        for (TableInfo t : tables.subList(0, Math.min(MAX_TABLES, tables.size()))) {
            String named = counted(t.name());
            List<String> candidates = hasDate(t) ? List.of("how many " + named + " per month", "how many " + named)
                    : List.of("how many " + named);
            for (String q : candidates) {
                if (builds(q, catalog, today)) {
                    return q;
                }
            }
        }
        return null;
    }

    /**
     * A table's name as the words a person counts with: split at snake_case and camelCase, its last word plural
     * ({@code Album} -> "albums", {@code InvoiceLine} -> "invoice lines", {@code person} -> "people"); "how many album" would
     * teach the user a sentence nobody says.
     */
    static String counted(String tableName) {
        List<String> words = new ArrayList<>(Words.split(tableName));
        if (words.isEmpty()) {
            return tableName;
        }
        words.set(words.size() - 1, plural(words.get(words.size() - 1)));
        return String.join(" ", words);
    }

    /** The plural of an English noun that may already be one: {@code orders} stays, {@code category} -> "categories". */
    static String plural(String word) {
        String irregular = IRREGULAR_PLURALS.get(word);
        if (irregular != null) {
            return irregular;
        }
        if (UNCOUNTED.contains(word) || IRREGULAR_PLURALS.containsValue(word)) {
            return word;
        }
        if (word.endsWith("sis")) {
            return word.substring(0, word.length() - 2) + "es"; // analysis -> analyses
        }
        if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) {
            return word; // a plural already: orders, sales, categories
        }
        if (word.endsWith("y") && word.length() > 1 && "aeiou".indexOf(word.charAt(word.length() - 2)) < 0) {
            return word.substring(0, word.length() - 1) + "ies";
        }
        if (word.endsWith("s") || word.endsWith("x") || word.endsWith("z") || word.endsWith("ch") || word.endsWith("sh")) {
            return word + "es";
        }
        return word + "s";
    }

    private static boolean builds(String question, SchemaCatalog catalog, LocalDate today) {
        try {
            new SqlWriter(catalog).write(new IntentReader(question, catalog, List.of(), today).read());
            return true;
        } catch (NotUnderstoodException | RuntimeException e) {
            return false; // a table name the rules read otherwise ("payments received"): try the next one
        }
    }

    private static int connections(SchemaCatalog catalog, TableInfo table) {
        int n = table.foreignKeys().size();
        for (TableInfo t : catalog.tables()) {
            for (ForeignKey fk : t.foreignKeys()) {
                if (t != table && table.name().equals(fk.refTable())
                        && (fk.refSchema() == null || table.schema() == null || fk.refSchema().equals(table.schema()))) {
                    n++;
                }
            }
        }
        return n;
    }

    private static boolean hasDate(TableInfo t) {
        for (ColumnInfo c : t.columns()) {
            if (SqlWriter.isDate(c)) {
                return true;
            }
        }
        return false;
    }
}
