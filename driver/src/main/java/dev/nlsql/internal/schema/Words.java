package dev.nlsql.internal.schema;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Words of questions and names, made comparable: lower case, split at snake_case and
 * camelCase, reduced to a simple stem, with a small table of synonyms common in business data.
 */
public final class Words {

    /** Words that carry no meaning for matching a question to a schema. */
    public static final Set<String> STOP = Set.of("a", "an", "the", "of", "in", "on", "at", "to", "for", "by", "per", "with",
            "and", "or", "is", "are", "was", "were", "be", "been", "do", "does", "did", "have", "has", "had", "there", "what",
            "which", "who", "whom", "how", "many", "much", "me", "my", "our", "we", "i", "you", "your", "show", "list", "give",
            "get", "find", "tell", "all", "each", "every", "that", "this", "these", "those", "from", "as", "it", "its", "their",
            "they", "please", "any", "some", "than", "into", "about", "number", "count", "total", "sum", "average", "avg",
            "mean", "max", "maximum", "min", "minimum", "top", "most", "least", "highest", "lowest", "ever", "so", "far", "can",
            "could", "would", "should", "will", "want", "need", "see", "display", "return", "whose", "where", "when", "one");

    private static final Map<String, String> SYNONYMS = new HashMap<>();

    static {
        String[][] groups = {
            {"customer", "client", "buyer", "shopper", "purchaser", "user", "consumer"},
            {"product", "item", "article", "good", "merchandise"},
            {"order", "purchase", "sale"},
            {"revenue", "income", "turnover", "earning"},
            {"employee", "staff", "worker", "personnel"},
            {"review", "rating", "feedback"},
            {"payment", "transaction"},
            {"category", "type", "kind", "group"},
            {"price", "cost"},
            {"city", "town"},
            {"country", "nation", "nationality"},
            {"supplier", "vendor"},
            {"quantity", "qty", "amount"},
            {"shipment", "delivery"},
            {"invoice", "bill"},
            {"salesperson", "seller", "rep"},
            {"doctor", "physician"},
            {"patient"},
            {"drug", "medication", "medicine"}};
        for (String[] group : groups) {
            for (String w : group) {
                SYNONYMS.putIfAbsent(w, group[0]);
            }
        }
    }

    private Words() {
    }

    /** The stems of the words in a text or name, in order, stop words kept. */
    public static List<String> stems(String text) {
        List<String> out = new ArrayList<>();
        for (String part : split(text)) {
            out.add(stem(part));
        }
        return out;
    }

    /** Lower-case words of a text or name, split at non-letters, snake_case and camelCase. */
    public static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (String part : text.split("(?<=[a-z0-9])(?=[A-Z])|[^\\p{L}\\p{N}]+")) {
            if (!part.isEmpty()) {
                out.add(folded(part.toLowerCase(Locale.ROOT)));
            }
        }
        return out;
    }

    /** A light stem: plurals and common endings removed, then the synonym group's head word. */
    public static String stem(String word) {
        String w = folded(word.toLowerCase(Locale.ROOT));
        String head = SYNONYMS.get(w);
        if (head != null) {
            return head;
        }
        String s = w;
        if (s.length() > 4 && s.endsWith("ies")) {
            s = s.substring(0, s.length() - 3) + "y";
        } else if (s.length() > 4 && s.endsWith("ses") && !s.endsWith("sses") && !(s.endsWith("uses") && !s.endsWith("ouses")
                && !s.endsWith("auses"))) {
            s = s.substring(0, s.length() - 1); // courses: course, purchases: purchase (but classes, buses, statuses below)
        } else if (s.length() > 4 && (s.endsWith("ses") || s.endsWith("xes") || s.endsWith("ches") || s.endsWith("shes"))) {
            s = s.substring(0, s.length() - 2);
        } else if (s.length() > 3 && s.endsWith("s") && !s.endsWith("ss") && !s.endsWith("us")) {
            s = s.substring(0, s.length() - 1);
        }
        head = SYNONYMS.get(s);
        return head != null ? head : s;
    }

    /** The text without its accents ("cafés": cafes), as schemas name tables in plain letters. */
    public static String folded(String w) {
        for (int i = 0; i < w.length(); i++) {
            if (w.charAt(i) > 0x7f) {
                return ACCENTS.matcher(Normalizer.normalize(w, Normalizer.Form.NFD)).replaceAll("");
            }
        }
        return w;
    }

    private static final Pattern ACCENTS = Pattern.compile("\\p{M}+");

    public static boolean isStop(String word) {
        return STOP.contains(word.toLowerCase(Locale.ROOT));
    }

    /** The word and the regular forms it may come from: shipped (ship), placed (place), ended (end), categories (category). */
    public static List<String> roots(String word) {
        List<String> out = new ArrayList<>(List.of(word));
        for (String ending : List.of("ed", "ing", "es", "s", "d")) {
            if (word.length() > ending.length() + 2 && word.endsWith(ending)) {
                String base = word.substring(0, word.length() - ending.length());
                out.add(base);
                if (!ending.equals("d") && !ending.equals("s")) {
                    out.add(base + "e");
                }
                if (base.length() > 2 && base.charAt(base.length() - 1) == base.charAt(base.length() - 2)) {
                    out.add(base.substring(0, base.length() - 1)); // shipped: ship
                }
                if (ending.equals("ed") && base.endsWith("i")) {
                    out.add(base.substring(0, base.length() - 1) + "y"); // supplied: supply
                }
            }
        }
        return out;
    }
}
