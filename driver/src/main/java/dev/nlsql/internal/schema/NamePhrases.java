package dev.nlsql.internal.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The phrases of a question that look like a name the data may hold: quoted ('AC/DC', "Led
 * Zeppelin") or capitalised ("albums by Led Zeppelin", "orders of Alfreds Futterkiste", AC/DC).
 * Quoted phrases come first, then capitalised ones in the order they appear.
 *
 * <p>A capitalised word that starts a sentence is capitalised by grammar, not because it is a name:
 * it counts only in all capitals (ACDC) or when a run of capitalised words follows it ("Led
 * Zeppelin albums"), and leading grammar words of such a run are dropped ("Show Metallica albums").
 * A question with no lower-case letter at all says nothing by its capitals.
 */
public final class NamePhrases {

    /** One phrase, as the question writes it; {@code quoted} when the question put it in quotes. */
    public record Phrase(String text, boolean quoted) {
    }

    private static final Pattern QUOTED = Pattern.compile(
            "(?<![\\p{L}\\p{N}])'([^'\\n]+)'(?![\\p{L}\\p{N}])|\"([^\"\\n]+)\"|\u2018([^\u2019\\n]+)\u2019|\u201C([^\u201D\\n]+)\u201D");
    /** A word with the punctuation names keep inside (AC/DC, Coca-Cola, St.Pauli, O'Brien), or an ampersand. */
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}](?:[\\p{L}\\p{N}'\u2019/.&-]*[\\p{L}\\p{N}])?|&");
    /** Small words names keep between capitalised words: Bank of America, Earth Wind & Fire, Ludwig van Beethoven. */
    private static final Set<String> CONNECTORS = Set.of("of", "the", "de", "del", "der", "den", "la", "le", "du", "des", "da",
            "van", "von", "y", "&");

    private NamePhrases() {
    }

    public static List<Phrase> of(String question) {
        Map<String, Phrase> out = new LinkedHashMap<>(); // by lower case: the same name twice is looked up once
        StringBuilder rest = new StringBuilder(question);
        Matcher q = QUOTED.matcher(question);
        while (q.find()) {
            for (int g = 1; g <= 4; g++) {
                if (q.group(g) != null && !q.group(g).isBlank()) {
                    String text = q.group(g).strip();
                    out.putIfAbsent(text.toLowerCase(Locale.ROOT), new Phrase(text, true));
                }
            }
            for (int i = q.start(); i < q.end(); i++) {
                rest.setCharAt(i, ','); // a quoted phrase ends a capitalised run and is not read twice
            }
        }
        if (!question.chars().anyMatch(Character::isLowerCase)) {
            return List.copyOf(out.values());
        }
        for (String text : capitalised(rest.toString())) {
            out.putIfAbsent(text.toLowerCase(Locale.ROOT), new Phrase(text, false));
        }
        return List.copyOf(out.values());
    }

    private record Word(String text, int start, int end, boolean sentenceStart) {
        boolean capitalised() {
            return Character.isUpperCase(text.codePointAt(0));
        }

        boolean allCaps() {
            return text.codePoints().filter(Character::isLetter).count() >= 2
                    && text.codePoints().filter(Character::isLetter).allMatch(Character::isUpperCase);
        }

        boolean connector() {
            return CONNECTORS.contains(text.toLowerCase(Locale.ROOT));
        }
    }

    private static List<String> capitalised(String text) {
        List<Word> words = new ArrayList<>();
        Matcher m = WORD.matcher(text);
        int previousEnd = 0;
        while (m.find()) {
            String between = text.substring(previousEnd, m.start());
            boolean start = words.isEmpty() || between.matches(".*[?!:;]\\s*")
                    || between.matches("\\.\\s+") && words.get(words.size() - 1).text().length() > 3; // not after Mr. or St.
            words.add(new Word(possessiveless(m.group()), m.start(), m.end(), start));
            previousEnd = m.end();
        }
        List<String> phrases = new ArrayList<>();
        int i = 0;
        while (i < words.size()) {
            if (!words.get(i).capitalised()) {
                i++;
                continue;
            }
            int end = i + 1; // the run: capitalised words, and connectors between two of them, nothing but spaces between
            while (end < words.size() && spaced(text, words.get(end - 1), words.get(end))) {
                Word w = words.get(end);
                if (w.capitalised() && !w.sentenceStart()) {
                    end++;
                } else if (w.connector() && end + 1 < words.size() && words.get(end + 1).capitalised()
                        && spaced(text, w, words.get(end + 1))) {
                    end += 2;
                } else {
                    break;
                }
            }
            int from = i;
            if (words.get(i).sentenceStart()) {
                while (from < end && Words.isStop(words.get(from).text()) && !words.get(from).allCaps()) {
                    from++; // "Show Metallica albums", "How many ..."
                }
                if (from == i && end - i == 1 && !words.get(i).allCaps()) {
                    from = end; // one capitalised word opening a sentence: grammar
                }
            }
            if (from < end) {
                phrases.add(text.substring(words.get(from).start(), words.get(end - 1).start()) + words.get(end - 1).text());
            }
            i = end;
        }
        return phrases;
    }

    private static boolean spaced(String text, Word a, Word b) {
        return text.substring(a.end(), b.start()).matches("[ \\t]+");
    }

    /** Metallica's albums: the name is Metallica. */
    private static String possessiveless(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        return lower.endsWith("'s") || lower.endsWith("\u2019s") ? word.substring(0, word.length() - 2) : word;
    }
}
