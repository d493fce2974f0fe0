package dev.nlsql.internal.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** English plurals of the names of tables: what a person counts ("how many invoice lines", "Counted the albums"). */
public final class NounForms {

    private static final Map<String, String> IRREGULAR_PLURALS = Map.of("person", "people", "child", "children", "man", "men",
            "woman", "women", "foot", "feet", "tooth", "teeth", "mouse", "mice", "leaf", "leaves", "life", "lives");
    /** Nouns counted without a plural: a table of them stays as named. */
    private static final Set<String> UNCOUNTED = Set.of("data", "staff", "information", "media", "equipment", "news", "series",
            "species", "info", "metadata", "feedback", "software", "music", "personnel");

    private NounForms() {
    }

    /**
     * A table's name as the words a person counts with: split at snake_case and camelCase, its last word plural
     * ({@code Album} -> "albums", {@code InvoiceLine} -> "invoice lines", {@code person} -> "people"); "how many album" would
     * teach the user a sentence nobody says.
     */
    public static String counted(String tableName) {
        List<String> words = new ArrayList<>(Words.split(tableName));
        if (words.isEmpty()) {
            return tableName;
        }
        words.set(words.size() - 1, plural(words.get(words.size() - 1)));
        return String.join(" ", words);
    }

    /** The plural of an English noun that may already be one: {@code orders} stays, {@code category} -> "categories". */
    public static String plural(String word) {
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
}
