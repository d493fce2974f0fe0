package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.Words;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everyday misspellings of the question's function words ("wich", "whats", "didnt"), read as the word meant before the
 * rules read the question. Only words that are never a name or a value of a database are listed: a misspelled content
 * word is matched against the schema and the values by the linker, which says so in the answer.
 */
final class QuestionWordTypos {

    private static final Map<String, String> MEANT = Map.ofEntries(
            Map.entry("wich", "which"), Map.entry("whcih", "which"), Map.entry("whihc", "which"), Map.entry("whch", "which"),
            Map.entry("whats", "what's"), Map.entry("wats", "what's"), Map.entry("waht", "what"), Map.entry("wat", "what"),
            Map.entry("hw", "how"), Map.entry("hwo", "how"), Map.entry("howmany", "how many"),
            Map.entry("didnt", "didn't"), Map.entry("doesnt", "doesn't"), Map.entry("dont", "don't"),
            Map.entry("havent", "haven't"), Map.entry("hasnt", "hasn't"), Map.entry("isnt", "isn't"),
            Map.entry("arent", "aren't"), Map.entry("wasnt", "wasn't"), Map.entry("werent", "weren't"),
            Map.entry("whos", "who's"), Map.entry("wheres", "where's"), Map.entry("teh", "the"),
            Map.entry("weve", "we've"), Map.entry("theyve", "they've"), Map.entry("theyre", "they're"),
            Map.entry("recieve", "receive"), Map.entry("recieved", "received"), Map.entry("recieves", "receives"));

    private static final Pattern WORD = Pattern.compile("\\b[A-Za-z]+\\b");

    private QuestionWordTypos() {
    }

    /** The question with its misspelled function words written as meant; the same string when there are none. */
    static String corrected(String question) {
        return corrected(question, null);
    }

    /**
     * As {@link #corrected(String)}, and a word of seven letters or more that names nothing of the catalog read as the
     * table word it is with one letter left out or two swapped ("custmers", "subscibers"): the one such table word. A
     * letter added or changed is not read so: it makes other English words ("stories" for stores).
     */
    static String corrected(String question, SchemaCatalog catalog) {
        String read = correctedWords(question);
        return catalog == null || read == null ? read : tableWordsRead(read, catalog);
    }

    private static String tableWordsRead(String question, SchemaCatalog catalog) {
        Set<String> known = new HashSet<>();
        Set<String> tableWords = new HashSet<>();
        for (TableInfo t : catalog.tables()) {
            for (String w : Words.split(t.name())) {
                known.add(w);
                if (w.length() >= 6) {
                    tableWords.add(w);
                }
            }
            t.columns().forEach(c -> known.addAll(Words.split(c.name())));
        }
        return replaced(question, (word, at) -> {
            String lower = word.toLowerCase(Locale.ROOT);
            if (lower.length() < 7 || known.contains(lower) || known.contains(Words.stem(lower))
                    || at > 0 && Character.isUpperCase(word.charAt(0))) {
                return null;
            }
            Set<String> meant = new HashSet<>();
            for (String t : tableWords) {
                if (t.charAt(0) == lower.charAt(0) && (oneLeftOut(lower, t) || swapped(lower, t))) {
                    meant.add(t);
                }
            }
            return meant.size() == 1 ? meant.iterator().next() : null;
        });
    }

    /** {@code word} is {@code meant} with one letter left out. */
    private static boolean oneLeftOut(String word, String meant) {
        if (meant.length() != word.length() + 1) {
            return false;
        }
        for (int i = 0; i < meant.length(); i++) {
            if ((meant.substring(0, i) + meant.substring(i + 1)).equals(word)) {
                return true;
            }
        }
        return false;
    }

    /** {@code word} is {@code meant} with two letters next to each other swapped. */
    private static boolean swapped(String word, String meant) {
        if (meant.length() != word.length() || meant.equals(word)) {
            return false;
        }
        for (int i = 0; i + 1 < word.length(); i++) {
            if (word.charAt(i) != meant.charAt(i)) {
                return word.charAt(i) == meant.charAt(i + 1) && word.charAt(i + 1) == meant.charAt(i)
                        && word.substring(i + 2).equals(meant.substring(i + 2));
            }
        }
        return false;
    }

    private static String correctedWords(String question) {
        if (question == null) {
            return null;
        }
        return replaced(question, (word, at) -> {
            String meant = MEANT.get(word.toLowerCase(Locale.ROOT));
            return meant == null || !Character.isUpperCase(word.charAt(0)) ? meant
                    : Character.toUpperCase(meant.charAt(0)) + meant.substring(1);
        });
    }

    /** The question with each word outside quotes that {@code meant} reads as another (not null) so written. */
    private static String replaced(String question, BiFunction<String, Integer, String> meant) {
        Matcher m = WORD.matcher(question);
        StringBuilder out = new StringBuilder();
        boolean changed = false;
        while (m.find()) {
            String instead = isQuoted(question, m.start(), m.end()) ? null : meant.apply(m.group(), m.start());
            if (instead != null) {
                m.appendReplacement(out, Matcher.quoteReplacement(instead));
                changed = true;
            }
        }
        if (!changed) {
            return question;
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Inside quotes a word is a value as written ('Dont Stop'). */
    private static boolean isQuoted(String s, int start, int end) {
        int before = 0;
        for (int i = 0; i < start; i++) {
            char c = s.charAt(i);
            if (c == '\'' && (i == 0 || !Character.isLetter(s.charAt(i - 1))) || c == '"') {
                before++;
            }
        }
        return before % 2 == 1;
    }
}
