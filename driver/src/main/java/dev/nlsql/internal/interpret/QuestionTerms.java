package dev.nlsql.internal.interpret;

import dev.nlsql.internal.schema.Words;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The question as the justification check reads it: its words, their stems, its numbers and its quoted phrases. */
final class QuestionTerms {

    private static final Pattern TOKEN = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\d+(?:\\.\\d+)?)|([\\p{L}][\\p{L}\\p{N}_]*)");
    /** Affixes that carry no meaning in a table or column name: {@code tbl_customer}, {@code customer_dim}. */
    private static final Set<String> NAME_AFFIXES = Set.of("tbl", "dim", "fact", "id", "ids", "key", "fk", "pk", "code", "no", "num", "nr");

    final String text;
    final List<String> words = new ArrayList<>();
    final Set<String> stems = new LinkedHashSet<>();
    final List<String> numbers = new ArrayList<>();
    final List<String> quoted = new ArrayList<>();

    QuestionTerms(String question) {
        text = normal(question);
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            if (m.group(1) != null || m.group(2) != null) {
                String q = m.group(1) != null ? m.group(1) : m.group(2);
                quoted.add(q);
                for (String w : Words.split(q)) {
                    words.add(w);
                    stems.add(Words.stem(w));
                }
            } else if (m.group(3) != null) {
                numbers.add(m.group(3));
            } else {
                String w = m.group(4).replace("'s", "");
                words.add(w);
                stems.add(Words.stem(w));
            }
        }
    }

    /** Lower case, typographic quotes as plain ones. */
    static String normal(String s) {
        return s == null ? "" : s.toLowerCase(Locale.ROOT).replace('\u2019', '\'').replace('\u2018', '\'')
                .replace('\u201c', '"').replace('\u201d', '"');
    }

    /**
     * A word of the question has the stem of a meaningful word of this identifier ({@code billing_country}: country), or
     * ends or starts one that carries a prefix or suffix the database folded into it ({@code sbcustomer}: customer).
     */
    boolean names(String identifier) {
        for (String w : Words.split(identifier)) {
            if (NAME_AFFIXES.contains(w) || w.length() <= 1) {
                continue;
            }
            if (stems.contains(Words.stem(w)) || words.contains(w)) {
                return true;
            }
            for (String s : words) {
                if (s.length() >= 4 && w.length() > s.length() && (w.endsWith(s) || w.startsWith(s) || w.endsWith(singular(s)))) {
                    return true; // sbcustomer: customer
                }
                if (w.length() >= 3 && s.length() > w.length() && s.length() <= w.length() + 3 && s.startsWith(w)) {
                    return true; // end_dt: "ended", ship_date: "shipped"
                }
            }
        }
        return false;
    }

    /** A plural's singular by its ending alone (no synonyms): "transactions" is "transaction". */
    static String singular(String word) {
        if (word.length() > 4 && word.endsWith("ies")) {
            return word.substring(0, word.length() - 3) + "y";
        }
        return word.length() > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.substring(0, word.length() - 1) : word;
    }

    /** One of these words is in the question. */
    boolean hasAny(Set<String> vocabulary) {
        for (String w : words) {
            if (vocabulary.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /** The question holds this text, case aside, as a phrase. */
    boolean says(String value) {
        String v = normal(value).strip();
        if (v.isEmpty()) {
            return false;
        }
        int at = text.indexOf(v);
        while (at >= 0) {
            boolean startOk = at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1));
            int end = at + v.length();
            boolean endOk = end >= text.length() || !Character.isLetterOrDigit(text.charAt(end));
            if (startOk && endOk) {
                return true;
            }
            at = text.indexOf(v, at + 1);
        }
        return false;
    }

    boolean hasNumber(String n) {
        String plain = n.replaceAll("\\.0+$", "");
        return numbers.stream().anyMatch(q -> q.equals(n) || q.replaceAll("\\.0+$", "").equals(plain));
    }
}
