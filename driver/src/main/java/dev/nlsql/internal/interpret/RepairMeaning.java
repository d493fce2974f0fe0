package dev.nlsql.internal.interpret;

import dev.nlsql.internal.schema.Words;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Whether a name repair keeps the question's meaning: a column put in place of a wrong name only when nothing else is meant. */
public final class RepairMeaning {

    private RepairMeaning() {
    }

    /** Words of a column name that say nothing of its meaning. */
    private static final Set<String> NAME_NOISE = Set.of("id", "key", "no", "num", "nr", "code", "fk", "pk");
    /** What "when" asks for in a column's name. */
    private static final Set<String> WHEN = Set.of("date", "time", "day", "timestamp", "datetime");

    /**
     * A repair may put {@code column} in place of {@code wrong} without changing what the question means: the two are
     * a spelling apart ({@code amont}, {@code amount}), the wrong name's words are all in the right one's ({@code amount},
     * {@code total_amount}), both are a row's label ({@code title}, {@code name}), or every meaningful word of
     * {@code column} is a word of the question ("shipped" for {@code ship_date}'s "ship" and "date"). Otherwise another column of another meaning
     * (a join date for a ship date) may be taken, and the model is better told.
     */
    public static boolean keepsMeaning(String question, String wrong, String column) {
        String a = wrong.toLowerCase(Locale.ROOT).replace("_", "");
        String b = column.toLowerCase(Locale.ROOT).replace("_", "");
        if (dev.nlsql.internal.sql.EditDistance.of(a, b) <= Math.max(1, b.length() / 5)) {
            return true;
        }
        List<String> words = Words.split(column).stream().filter(w -> w.length() > 2 && !NAME_NOISE.contains(w)).toList();
        List<String> wrongWords = Words.split(wrong).stream().filter(w -> w.length() > 2 && !NAME_NOISE.contains(w)).toList();
        if (words.isEmpty()) {
            return false;
        }
        if (!wrongWords.isEmpty() && words.stream().map(Words::stem).toList().containsAll(wrongWords.stream().map(Words::stem).toList())) {
            return true;
        }
        Set<String> labels = Set.of("name", "title");
        if (labels.containsAll(wrongWords) && labels.containsAll(words) && !wrongWords.isEmpty()) {
            return true;
        }
        QuestionTerms q = new QuestionTerms(question);
        for (String w : words) {
            boolean said = q.stems.contains(Words.stem(w)) || WHEN.contains(w) && q.words.contains("when")
                    || w.length() >= 4 && q.words.stream().anyMatch(x -> x.length() >= 4 && x.startsWith(w.substring(0, 4)));
            if (!said) {
                return false;
            }
        }
        return true;
    }
}
