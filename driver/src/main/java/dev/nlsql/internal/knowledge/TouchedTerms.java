package dev.nlsql.internal.knowledge;

import dev.nlsql.internal.schema.Words;
import java.util.ArrayList;
import java.util.List;

/** The glossary terms a question uses: the term or a synonym as a phrase of its words (stems compared, "clients" for "client"). */
public final class TouchedTerms {

    private TouchedTerms() {
    }

    public static List<GlossaryTerm> of(String question, List<GlossaryTerm> glossary) {
        List<String> words = Words.stems(question);
        List<GlossaryTerm> out = new ArrayList<>();
        for (GlossaryTerm t : glossary) {
            for (String name : t.names()) {
                if (contains(words, Words.stems(name))) {
                    out.add(t);
                    break;
                }
            }
        }
        return out;
    }

    /**
     * The question as schema linking reads it: followed by the names of the tables and columns its glossary terms mean
     * or read ("clients in Berlin" links customers), so a business word brings its tables into the prompt.
     */
    public static String linkingText(String question, List<GlossaryTerm> glossary) {
        StringBuilder b = new StringBuilder(question);
        for (GlossaryTerm t : of(question, glossary)) {
            b.append(' ').append(t.means() != null ? t.means().replace('.', ' ') : String.join(" ", t.tables()));
            if (t.sql() != null) {
                b.append(' ').append(t.sql().replaceAll("[^\\p{L}\\p{N}_]+", " "));
            }
        }
        return b.toString();
    }

    /** Whether {@code phrase} occurs in {@code words}, word by word. */
    static boolean contains(List<String> words, List<String> phrase) {
        if (phrase.isEmpty()) {
            return false;
        }
        for (int i = 0; i + phrase.size() <= words.size(); i++) {
            if (words.subList(i, i + phrase.size()).equals(phrase)) {
                return true;
            }
        }
        return false;
    }
}
