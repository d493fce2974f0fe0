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
