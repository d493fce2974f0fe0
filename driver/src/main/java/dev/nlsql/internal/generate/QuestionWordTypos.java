package dev.nlsql.internal.generate;

import java.util.Locale;
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
            Map.entry("whos", "who's"), Map.entry("wheres", "where's"), Map.entry("teh", "the"));

    private static final Pattern WORD = Pattern.compile("\\b[A-Za-z]+\\b");

    private QuestionWordTypos() {
    }

    /** The question with its misspelled function words written as meant; the same string when there are none. */
    static String corrected(String question) {
        if (question == null) {
            return null;
        }
        Matcher m = WORD.matcher(question);
        StringBuilder out = new StringBuilder();
        boolean changed = false;
        while (m.find()) {
            String word = m.group();
            String meant = MEANT.get(word.toLowerCase(Locale.ROOT));
            if (meant != null && !isQuoted(question, m.start(), m.end())) {
                if (Character.isUpperCase(word.charAt(0))) {
                    meant = Character.toUpperCase(meant.charAt(0)) + meant.substring(1);
                }
                m.appendReplacement(out, Matcher.quoteReplacement(meant));
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
