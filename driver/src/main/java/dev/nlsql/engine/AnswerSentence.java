package dev.nlsql.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The template's English for one value: a count ("how many customers are from Brazil" -> "5 customers are from Brazil.")
 * or a total ("total amount of orders in 2024" -> "The total amount of orders in 2024 is 300."). The question's own words
 * are kept; only the frame around them changes with the question's shape (a verb or none) and the number (1 or more).
 */
final class AnswerSentence {

    private static final Pattern HOW_MANY = Pattern.compile("(?i)^\\s*(?:how many|number of|count(?: of| the)?)\\s+(.+?)\\s*[?.!]*\\s*$");
    private static final Pattern TOTAL = Pattern.compile("(?i)^\\s*(?:(?:what|how much)\\s+(is|was|are|were)\\s+|what's\\s+"
            + "|(?:show|give|tell|find|get|compute|calculate)(?:\\s+me)?\\s+)?(?:the\\s+)?((?:total|average|avg|mean|sum|maximum|minimum"
            + "|max|min|highest|lowest|largest|smallest|median|overall)\\b.*?)\\s*[?.!]*\\s*$");
    /** "are there", "do we have", "exist": words that only say the things exist; "were there" keeps the past. */
    private static final Pattern EXISTENCE = Pattern.compile(
            "(?i)\\s+(?:(are|is|were|was) there|(?:do|does|did) (?:we|you|they|i) have|exist(?:s|ed)?)\\b");
    private static final Set<String> PREPOSITIONS = Set.of("in", "on", "at", "from", "for", "of", "with", "without", "by", "per",
            "during", "since", "before", "after", "between", "over", "under", "above", "below", "to", "into", "within", "across",
            "through", "around", "near", "like", "than", "about", "as", "last", "this", "next", "each", "every", "today", "yesterday",
            "overall", "till", "until");
    private static final Set<String> RELATIVES = Set.of("that", "who", "which", "whose", "whom", "where", "whereby");
    private static final Set<String> AUXILIARIES = Set.of("are", "were", "is", "was", "have", "has", "had", "do", "does", "did",
            "will", "would", "can", "could", "should", "shall", "may", "might", "must");
    /** An auxiliary followed by one of these (or by a capitalised name) has its subject after it: "did Alice place". */
    private static final Set<String> SUBJECTS = Set.of("the", "a", "an", "each", "every", "this", "that", "these", "those", "my", "our",
            "your", "their", "his", "her", "its", "we", "you", "they", "i", "he", "she", "it", "someone", "anyone", "somebody");
    private static final Map<String, String> SINGULAR_VERBS = Map.of("are", "is", "were", "was", "have", "has", "do", "does");
    private static final Map<String, String> IRREGULAR_PLURALS = Map.of("people", "person", "children", "child", "men", "man",
            "women", "woman", "mice", "mouse", "feet", "foot", "teeth", "tooth", "geese", "goose");
    private static final Set<String> UNCOUNTED = Set.of("staff", "personnel", "data", "media", "criteria", "cattle", "police", "series",
            "species", "sheep", "fish", "deer");
    /** Words ending in s that are not plural nouns. */
    private static final Set<String> NOT_PLURAL = Set.of("is", "was", "has", "does", "this", "its", "his", "us", "as", "plus", "yes",
            "less", "unless", "thus", "status", "address", "business", "class", "bus", "gas", "news", "across", "always", "whereas");

    private AnswerSentence() {
    }

    /** The sentence for a question shaped "how many ..." answered by {@code n}, or null when the question has another shape. */
    static String count(String question, String n, boolean one) {
        Matcher m = HOW_MANY.matcher(question);
        if (!m.matches()) {
            return null;
        }
        String words = m.group(1);
        boolean past = false;
        Matcher e = EXISTENCE.matcher(words);
        if (e.find()) {
            past = e.group(1) != null && (e.group(1).equalsIgnoreCase("were") || e.group(1).equalsIgnoreCase("was"));
            words = (words.substring(0, e.start()) + words.substring(e.end())).strip();
        }
        List<String> tokens = new ArrayList<>(Arrays.asList(words.split("\\s+")));
        int head = nounPhraseEnd(tokens);
        if (head < 0) {
            return answerTo(question, n);
        }
        List<String> noun = tokens.subList(0, head + 1);
        List<String> rest = tokens.subList(head + 1, tokens.size());
        String np = String.join(" ", noun);
        String tail = rest.isEmpty() ? "" : " " + String.join(" ", rest);
        String first = rest.isEmpty() ? "" : rest.get(0).toLowerCase(Locale.ROOT);
        if (rest.isEmpty() || PREPOSITIONS.contains(first)) {
            // "There are 5 orders in 2024." / "There is 1 order in 2024."
            return one ? "There " + (past ? "was" : "is") + " 1 " + singular(noun) + tail + "."
                    : "There " + (past ? "were" : "are") + " " + n + " " + np + tail + ".";
        }
        if (RELATIVES.contains(first)) {
            // the clause's verb agrees with the plural noun: keep the noun plural in "the number of"
            return one ? "The number of " + np + tail + " is 1." : "There " + (past ? "were" : "are") + " " + n + " " + np + tail + ".";
        }
        if (AUXILIARIES.contains(first) && rest.size() > 1 && inverted(first, rest.get(1))) {
            return answerTo(question, n); // "how many orders did Alice place": the subject is after the verb
        }
        if (!one) {
            return n + " " + np + tail + "."; // "5 customers are from Brazil."
        }
        String singularVerb = SINGULAR_VERBS.get(first);
        if (singularVerb != null || AUXILIARIES.contains(first)) {
            String verb = singularVerb != null ? singularVerb : rest.get(0);
            List<String> after = rest.subList(1, rest.size());
            return "1 " + singular(noun) + " " + verb + (after.isEmpty() ? "" : " " + String.join(" ", after)) + ".";
        }
        // a main verb's singular form is not always its plural plus s ("sold", "bought"): keep it plural in a clause
        return "The number of " + np + " that" + tail + " is 1.";
    }

    /** The sentence for a question shaped "the total/average/... X" answered by {@code value}, or null for another shape. */
    static String total(String question, String value) {
        Matcher m = TOTAL.matcher(question);
        if (!m.matches()) {
            return null;
        }
        String subject = Character.toLowerCase(m.group(2).charAt(0)) + m.group(2).substring(1); // "Total revenue" -> "The total revenue"
        String verb = m.group(1) != null ? m.group(1).toLowerCase(Locale.ROOT) : plural(headOfTotal(subject)) ? "are" : "is";
        return "The " + subject + " " + verb + " " + value + ".";
    }

    /** "total sales in 2024": the noun the aggregate word governs ("sales"), or the aggregate word itself before "of". */
    private static String headOfTotal(String subject) {
        String[] words = subject.split("\\s+");
        String head = words[0];
        for (int i = 1; i < words.length; i++) {
            String w = words[i].toLowerCase(Locale.ROOT);
            if (PREPOSITIONS.contains(w) || RELATIVES.contains(w) || AUXILIARIES.contains(w)) {
                break;
            }
            head = words[i];
        }
        return head;
    }

    /**
     * The last word of the noun phrase that starts the words: the first run of plural nouns within the first four words
     * ("sales reps"), or all of two or three words that hold no verb-like word ("how many staff"); -1 when none is clear.
     */
    private static int nounPhraseEnd(List<String> tokens) {
        for (int i = 0; i < Math.min(4, tokens.size()); i++) {
            if (plural(tokens.get(i))) {
                int end = i;
                while (end + 1 < tokens.size() && plural(tokens.get(end + 1))) {
                    end++;
                }
                return end;
            }
        }
        if (tokens.size() <= 3 && tokens.stream().map(t -> t.toLowerCase(Locale.ROOT))
                .noneMatch(t -> PREPOSITIONS.contains(t) || RELATIVES.contains(t) || AUXILIARIES.contains(t))) {
            return tokens.size() - 1;
        }
        return -1;
    }

    private static boolean plural(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        if (IRREGULAR_PLURALS.containsKey(w) || UNCOUNTED.contains(w)) {
            return true;
        }
        return w.length() > 2 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !NOT_PLURAL.contains(w)
                && w.chars().allMatch(Character::isLetter);
    }

    private static boolean inverted(String auxiliary, String next) {
        String n = next.toLowerCase(Locale.ROOT);
        if (n.equals("not") || n.equals("n't")) {
            return false;
        }
        boolean doSupport = auxiliary.equals("do") || auxiliary.equals("does") || auxiliary.equals("did");
        return doSupport || SUBJECTS.contains(n) || Character.isUpperCase(next.charAt(0));
    }

    /** The noun phrase with its last word singular: "order lines" -> "order line"; "of the customers" stays. */
    private static String singular(List<String> noun) {
        if (noun.get(0).equalsIgnoreCase("of")) {
            return String.join(" ", noun);
        }
        List<String> out = new ArrayList<>(noun);
        out.set(out.size() - 1, singular(out.get(out.size() - 1)));
        return String.join(" ", out);
    }

    static String singular(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        String irregular = IRREGULAR_PLURALS.get(w);
        if (irregular != null) {
            return irregular;
        }
        if (UNCOUNTED.contains(w) || !plural(word)) {
            return word;
        }
        if (w.endsWith("ies") && w.length() > 4) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (w.endsWith("sses") || w.endsWith("xes") || w.endsWith("ches") || w.endsWith("shes") || w.endsWith("zzes")) {
            return word.substring(0, word.length() - 2);
        }
        return word.substring(0, word.length() - 1);
    }

    /** For a shape the frames do not fit: the question quoted, then the number. */
    private static String answerTo(String question, String n) {
        return "The answer to \"" + question.strip().replaceAll("[?.!\\s]+$", "") + "\" is " + n + ".";
    }
}
