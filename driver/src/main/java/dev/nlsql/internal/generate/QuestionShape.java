package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.Words;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a question is worded, read without the schema: as a question about data (an aggregate, a
 * grouping, a computation such as a ratio, a difference or a span of time, a ranking, a date range,
 * a list) or as one about the world (a request for a text, a
 * how-to, a fact about a named thing, things in general). The offline relevance gate weighs it
 * with how much of the question links to the database ({@link Relevance}): a data question whose
 * words link nothing cannot be built (NL005), a world question is not about the database (NL002)
 * unless most of it links.
 *
 * @param data  what makes it read as a question about data ("a count, a grouping"), or null
 * @param world what makes it read as a question about the world ("a request for a text"), or null;
 *              null too when an aggregate, a grouping, a top N or a list outweighs it
 * @param asked the words that say what a question about the world asks for: the verb of "who
 *              painted", the verb a "did" question ends with ("what year did the war end"), the
 *              thing of "what is the capital of"; the database answers only if it holds them
 * @param general whether it speaks of a thing in general ("a spider", "calories in a banana"), whatever outweighs it
 */
record QuestionShape(String data, String world, List<String> asked, boolean general) {

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+(?:'[\\p{L}]+)?");
    private static final Set<String> COUNTS = Set.of("count", "counts", "total", "totals", "sum", "average", "averages", "avg",
            "mean", "median", "maximum", "max", "minimum", "min");
    private static final Set<String> GROUPS = Set.of("per", "each", "every");
    /** Arithmetic on values: "the ratio of open to closed businesses", "the difference between the highest and lowest price". */
    static final Set<String> COMPUTATIONS = Set.of("ratio", "ratios", "difference", "differences", "percentage", "percentages",
            "percent", "proportion", "proportions", "fraction", "fractions");
    /** Units a duration is asked in: "days since the last order", "the time between ordering and shipping". */
    private static final Set<String> DURATIONS = Set.of("time", "days", "hours", "minutes", "seconds", "weeks", "months", "years");
    private static final Set<String> GRAINS = Set.of("day", "days", "week", "weeks", "month", "months", "quarter", "quarters",
            "year", "years", "daily", "weekly", "monthly", "quarterly", "yearly", "annually");
    private static final Set<String> RANKS = Set.of("top", "bottom");
    private static final Set<String> SUPERLATIVES = Set.of("most", "least", "highest", "lowest", "largest", "smallest", "fewest", "best", "worst", "top");
    private static final Set<String> DATE_WORDS = Set.of("in", "during", "since", "before", "after", "from", "until", "between");
    private static final Set<String> RELATIVE = Set.of("last", "past", "this", "next", "previous");
    /** Imperatives that open a list of rows: "list all", "show me the", "return the". */
    private static final Set<String> LISTS = Set.of("list", "show", "display", "enumerate", "find", "get", "fetch", "return", "give");
    /** Imperatives that ask for a text rather than data: a poem, a translation, advice. */
    private static final Set<String> TEXTS = Set.of("write", "compose", "translate", "tell", "sing", "recommend", "suggest",
            "summarize", "summarise", "explain", "plan", "convert", "draw", "define", "imagine", "provide", "describe");
    /** Who "can" asks a favour of, or a permission for: "can you list", "could I see"; any other subject asks what is possible. */
    private static final Set<String> ASKED = Set.of("you", "u", "i", "we", "me", "us");
    private static final Set<String> POLITE = Set.of("please", "can", "could", "would", "will", "you", "kindly");
    private static final Set<String> AUXILIARIES = Set.of("is", "are", "was", "were", "do", "does", "did", "has", "have", "had",
            "can", "could", "will", "would", "should");
    private static final Set<String> SUBJECTS = Set.of("i", "we", "you", "one");
    /** "how tall is", "how far is": a measure of a thing in the world, not of data. */
    private static final Set<String> DIMENSIONS = Set.of("tall", "far", "high", "deep", "long", "old", "big", "large", "heavy",
            "fast", "hot", "cold", "wide", "hard", "often", "early", "late", "loud", "bright", "small", "short", "much");
    /** "the capital of", "the symbol for": what comes before them is the thing a question about a fact asks for. */
    private static final Set<String> OF = Set.of("of", "for", "in", "on", "at");
    private static final String GENERIC = "a question about things in general";
    static final String TEXT = "a request for a text";
    static final String HOW_TO = "a how-to question";
    static final String DATE_RANGE = "a date range";
    /** Words a user writes about their own organisation's data: "our customers", "how many did we sell". */
    private static final Set<String> OURS = Set.of("our", "we", "us", "ours");

    static QuestionShape read(String question) {
        List<String> w = words(question);
        List<String> data = new ArrayList<>();
        boolean core = false;
        if (has(w, "how", "many") || has(w, "number", "of") || w.stream().anyMatch(COUNTS::contains) || howMuchOfRows(w)) {
            data.add("a count or an aggregate");
            core = true;
        }
        if (w.stream().anyMatch(GROUPS::contains) || byGrain(w)) {
            data.add("a grouping");
            core = true;
        }
        if (w.stream().anyMatch(COMPUTATIONS::contains) || has(w, "share", "of") || duration(w)) {
            data.add("a computation");
            core = true;
        }
        if (topN(w)) {
            data.add("a ranking");
            core = true;
        }
        int first = firstWord(w);
        if (first < w.size() && LISTS.contains(w.get(first)) && listFollows(w, first)) {
            data.add("a list");
            core = true;
        }
        if (!data.contains("a ranking") && w.stream().anyMatch(SUPERLATIVES::contains)) {
            data.add("a ranking"); // "the most visitors": a ranking, but one that alone does not outweigh a question about a fact
        }
        if (dateRange(w)) {
            data.add(DATE_RANGE);
        }
        boolean ours = w.stream().anyMatch(OURS::contains);
        String world = ours ? null : world(w, first);
        if (world != null && core && !world.equals(GENERIC)) {
            world = null; // "what is the average price per category": the aggregate says it is about data
        }
        boolean general = !ours && (generic(w) || genericObject(w));
        if (world == null && !ours && !core && genericObject(w)) {
            world = GENERIC; // "how does the elevation of a location affect its climate"
        }
        return new QuestionShape(data.isEmpty() ? null : String.join(", ", data), world, world == null ? List.of() : asked(w, first),
                general);
    }

    /**
     * "how long has it been since the last order", "days since", "the time between ordering and shipping": a span between
     * dates ("how long does it take to fly" is none).
     */
    private static boolean duration(List<String> w) {
        for (int i = 0; i + 1 < w.size(); i++) {
            if (w.get(i).equals("how") && w.get(i + 1).equals("long") && w.subList(i + 2, w.size()).contains("since")
                    || DURATIONS.contains(w.get(i)) && (w.get(i + 1).equals("since") || w.get(i + 1).equals("between"))) {
                return true;
            }
        }
        return false;
    }

    /** "how much did customers spend", "how much do we owe": an amount of rows (a plural or our own), not a price of a thing. */
    private static boolean howMuchOfRows(List<String> w) {
        for (int i = 0; i + 3 < w.size(); i++) {
            if (w.get(i).equals("how") && w.get(i + 1).equals("much") && AUXILIARIES.contains(w.get(i + 2))) {
                String subject = w.get(i + 3).equals("the") && i + 4 < w.size() ? w.get(i + 4) : w.get(i + 3);
                // "how much has Liam Olympia spent on tickets": what someone spent or paid is an amount of rows too
                return plural(subject) || OURS.contains(subject) || w.subList(i + 3, w.size()).stream().anyMatch(SPENDING::contains);
            }
        }
        return false;
    }

    /** Verbs of money changing hands: "how much did Ana spend", "how much has the customer paid". */
    private static final Set<String> SPENDING = Set.of("spend", "spent", "spends", "pay", "paid", "pays", "owe", "owes", "owed",
            "earn", "earned", "earns");

    /** Verbs of cause and working: "how does daylight saving time affect ...", "how does a vaccine work". */
    private static final Set<String> CAUSES = Set.of("affect", "affects", "influence", "influences", "impact", "impacts", "cause",
            "causes", "work", "works");

    /** "How does X affect Y?", "how do vaccines work?": asks how things work, which no table holds; only weighed when nothing links. */
    static boolean howThingsWork(String question) {
        List<String> w = Words.split(question);
        int how = w.indexOf("how");
        return how >= 0 && how + 2 < w.size() && Set.of("do", "does", "did").contains(w.get(how + 1))
                && w.subList(how + 2, w.size()).stream().anyMatch(CAUSES::contains);
    }

    /** "Who has the most ...", "who are the three top ...": a question that ranks people. */
    static boolean whoRanks(String question) {
        List<String> w = Words.split(question);
        return !w.isEmpty() && w.get(0).equals("who") && w.stream().anyMatch(x -> SUPERLATIVES.contains(x));
    }

    private static List<String> asked(List<String> w, int first) {
        String a = at(w, first);
        String b = at(w, first + 1);
        if (a.equals("who") && !b.isEmpty() && !AUXILIARIES.contains(b)) {
            return List.of(b); // "who painted", "who invented"
        }
        if (Set.of("what", "which", "when", "where", "who", "how").contains(a)) {
            for (int i = first + 1; i < Math.min(w.size(), first + 4); i++) {
                if (Set.of("do", "does", "did").contains(w.get(i))) {
                    int last = w.size() - 1;
                    while (last > i && (Words.isStop(w.get(last)) || w.get(last).equals("like"))) {
                        last--; // "look like", "come from"
                    }
                    return last > i + 1 ? List.of(w.get(last)) : List.of(); // "what year did the war end": end
                }
            }
        }
        if ((a.equals("what") || a.equals("which")) && Set.of("is", "are", "was", "were").contains(b)) {
            int from = at(w, first + 2).equals("the") ? first + 3 : first + 2;
            for (int i = from + 1; i < Math.min(w.size(), from + 4); i++) {
                if (OF.contains(w.get(i))) {
                    return List.copyOf(w.subList(from, i)); // "what is the capital of": capital
                }
            }
        }
        return List.of();
    }

    private static String world(List<String> w, int first) {
        if (generic(w)) {
            return GENERIC; // "how many legs does a spider have"
        }
        if (first >= w.size()) {
            return null;
        }
        String a = w.get(first);
        String b = at(w, first + 1);
        String c = at(w, first + 2);
        if (TEXTS.contains(a)) {
            return TEXT;
        }
        if (a.equals("how") && (b.equals("to") || AUXILIARIES.contains(b) && SUBJECTS.contains(c))) {
            return HOW_TO;
        }
        if (a.equals("how") && DIMENSIONS.contains(b) && AUXILIARIES.contains(c)) {
            return "a question about a fact";
        }
        if (Set.of("who", "whom", "whose", "when", "where").contains(a)) {
            return "a question about a fact";
        }
        if ((a.equals("what") || a.equals("which")) && !pluralBeforeAuxiliary(w, first + 1) && auxiliaryWithin(w, first + 1, 3)
                && !staffDid(w, first)) {
            return "a question about a fact"; // "what is the capital of", "what year did", "which country has"
        }
        if (Set.of("is", "are", "was", "were").contains(a) && b.equals("there")) {
            return null; // "is there any teacher who ...", "are there customers with no order": whether rows exist
        }
        if (AUXILIARIES.contains(a) && !a.equals("can") && !a.equals("could") && !a.equals("would") && !a.equals("will")) {
            return "a yes-or-no question about a fact";
        }
        if (first == 1 && Set.of("can", "could").contains(w.get(0)) && !ASKED.contains(a)) {
            return "a yes-or-no question about a fact"; // "can genetic engineering be used to": what is possible, no favour asked
        }
        return null;
    }

    /** "does a spider", "is an elephant": an indefinite subject, so a thing in general, not a row ("have a Gmail address" is not one). */
    private static boolean generic(List<String> w) {
        return indefiniteAfter(w, Set.of("do", "does", "did", "is", "are", "was", "were"));
    }

    /**
     * "calories in a banana", "the wing span of a bald eagle": a thing in general after a preposition. Weaker than
     * {@link #generic}: "customers who live in a state ending with 'a'" is a question about data, so an aggregate, a
     * grouping, a ranking or a list outweighs it.
     */
    private static boolean genericObject(List<String> w) {
        return indefiniteAfter(w, Set.of("of", "in", "on", "at", "for", "about", "between"));
    }

    /** "a"/"an" after one of {@code before}, followed by a word ("a grade of A or C" is a letter, not an article). */
    private static boolean indefiniteAfter(List<String> w, Set<String> before) {
        for (int i = 0; i + 2 < w.size(); i++) {
            if (before.contains(w.get(i)) && (w.get(i + 1).equals("a") || w.get(i + 1).equals("an"))
                    && !Set.of("or", "and", "to", "single", "given", "particular", "specific").contains(w.get(i + 2))) {
                // "not on a single batch", "in a given month": one of the rows, not a thing in general
                return true;
            }
        }
        return false;
    }

    /** "which current staff haven't worked on": people of an organisation who did (or did not do) something, not a fact. */
    private static boolean staffDid(List<String> w, int first) {
        for (int i = first + 2; i < Math.min(w.size() - 1, first + 4); i++) {
            if (Set.of("have", "had").contains(w.get(i)) && COLLECTIVES.contains(w.get(i - 1))) {
                return true;
            }
        }
        return false;
    }

    private static final Set<String> COLLECTIVES = Set.of("staff", "personnel", "crew", "people", "faculty", "workforce");

    /** "which customers have", "which game masters haven't": rows named before the verb, not "which country has". */
    private static boolean pluralBeforeAuxiliary(List<String> w, int from) {
        for (int i = from; i < Math.min(w.size(), from + 3) && !AUXILIARIES.contains(w.get(i)); i++) {
            if (plural(w.get(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean auxiliaryWithin(List<String> w, int from, int n) {
        for (int i = from; i < Math.min(w.size(), from + n); i++) {
            if (AUXILIARIES.contains(w.get(i))) {
                return true;
            }
        }
        return false;
    }

    /** "customers", "offices": a plural noun (a set of rows) after "which" or "what". */
    private static boolean plural(String w) {
        return w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is");
    }

    /** The first word after "please", "can you", "could you", or a preposition before "which" ("in which city"). */
    private static int firstWord(List<String> w) {
        int i = 0;
        while (i < w.size() && POLITE.contains(w.get(i))) {
            i++;
        }
        if (i + 1 < w.size() && OF.contains(w.get(i)) && Set.of("which", "what", "whom").contains(w.get(i + 1))) {
            i++;
        }
        return i < w.size() ? i : 0;
    }

    private static boolean listFollows(List<String> w, int first) {
        String next = at(w, first + 1);
        return w.get(first).equals("list") || next.equals("all") || next.equals("the") || next.equals("every")
                || next.equals("me") && Set.of("all", "the", "every").contains(at(w, first + 2));
    }

    private static boolean byGrain(List<String> w) {
        for (int i = 0; i + 1 < w.size(); i++) {
            if (w.get(i).equals("by") && GRAINS.contains(w.get(i + 1))) {
                return true;
            }
        }
        return false;
    }

    private static boolean topN(List<String> w) {
        for (int i = 0; i + 1 < w.size(); i++) {
            if (RANKS.contains(w.get(i)) && isNumber(w.get(i + 1)) || isNumber(w.get(i)) && SUPERLATIVES.contains(w.get(i + 1))) {
                return true;
            }
        }
        return false;
    }

    private static boolean dateRange(List<String> w) {
        for (int i = 0; i < w.size(); i++) {
            String x = w.get(i);
            String next = at(w, i + 1);
            if (DATE_WORDS.contains(x) && (isYear(next) || IntentReader.MONTHS.contains(next))) {
                return true;
            }
            if (RELATIVE.contains(x) && (GRAINS.contains(next) || isNumber(next) && GRAINS.contains(at(w, i + 2)))) {
                return true;
            }
            if (IntentReader.MONTHS.contains(x) && isYear(next) || x.equals("yesterday")) {
                return true;
            }
        }
        return false;
    }

    /** Lower-case words, "what's" read as "what is", "don't" as "do". */
    static List<String> words(String question) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(question.toLowerCase(Locale.ROOT).replace('\u2019', '\'').replace('\u2018', '\''));
        while (m.find()) {
            String t = m.group();
            int q = t.indexOf('\'');
            if (q < 0) {
                out.add(t);
                continue;
            }
            String head = t.substring(0, q);
            String tail = t.substring(q + 1);
            if (tail.equals("s") && Set.of("what", "who", "where", "when", "how", "it", "that", "there").contains(head)) {
                out.add(head);
                out.add("is");
            } else if (tail.equals("t") && head.endsWith("n")) {
                out.add(head.substring(0, head.length() - 1)); // don't, doesn't, isn't
            } else {
                out.add(head); // the customer's name: the customer
            }
        }
        return out;
    }

    private static boolean has(List<String> w, String a, String b) {
        for (int i = 0; i + 1 < w.size(); i++) {
            if (w.get(i).equals(a) && w.get(i + 1).equals(b)) {
                return true;
            }
        }
        return false;
    }

    private static String at(List<String> w, int i) {
        return i >= 0 && i < w.size() ? w.get(i) : "";
    }

    private static boolean isNumber(String s) {
        return !s.isEmpty() && s.chars().allMatch(Character::isDigit) && s.length() <= 6;
    }

    private static boolean isYear(String s) {
        return s.length() == 4 && isNumber(s) && (s.startsWith("19") || s.startsWith("20"));
    }

}
