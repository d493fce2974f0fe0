package dev.nlsql.internal.generate;

import dev.nlsql.internal.generate.SchemaWords.Link;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.NameSynonyms;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.internal.schema.Words;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline relevance gate, for a question the offline reader declined: how much of it links to
 * the database, with the offline generator's own understanding of words ({@link Words} stems and
 * synonyms, {@link NameSynonyms}, the {@link IntentReader}'s grammar words) and the sampled values
 * the question names, weighed with its {@link QuestionShape}. A content word links strongly when it
 * names a table or a column (a word part or synonym of one, or a word inside a name written without
 * separators, such as {@code customer} in {@code sbcustomer} or {@code transactions} in {@code sbtransaction}; two
 * name parts written as one, {@code payload} for {@code pay_load}), a word of a comment, or a sampled
 * value; weakly as an abbreviation ({@code cust} in {@code sbCustCity}) or a money word when the
 * database has numbers.
 * <ul>
 * <li>Worded as a question about the world (a request for a text, a how-to, a fact about a named
 * thing): not about this database (NL002) when what it asks for links to nothing strongly ("who
 * painted", though a {@code paint} column matches "painted" as an abbreviation; "what is the
 * capital of"), when it names a thing the database does not hold (a capitalised word that links to
 * nothing: "the Night Watch"), or when fewer of its words link strongly than do not.
 * <li>Otherwise, when no word links: about a thing in general ("calories in a banana") or a named
 * thing ("How many moons does Jupiter have?"), not about this database (NL002); worded as a question
 * about data (an aggregate, a grouping, a computation, a ranking, a date range, a list), it cannot be
 * built (NL005, "Total sales per year" where nothing is called sales); else not about this database (NL002).
 * <li>Otherwise, about rows the database holds (a word names a table, or a value of one) but measuring, filtering or
 * grouping them on an attribute phrase that names nothing in it ("the highest average cabin crew count for its flights",
 * "restaurants that have parking options", "with more than 100 employees"): not about this database (NL002), naming the
 * phrase and the table's columns ({@link AbsentAttribute}, which says where it reads a phrase and what never makes one).
 * <li>Otherwise the reader's own NL005 stands.
 * </ul>
 * Words that only say how to compute, rank or show a value (ratio, longest, in meters, as an integer)
 * are no content. A question of grammar words only, or with an acronym (a domain term the reader
 * cannot know; not one spelled out in brackets, "the National Science Foundation (NSF)") unless it asks for a text or a
 * how-to, is not judged: the gate refuses only when it is sure. The gate runs only in the offline generator: with a model
 * configured, the model alone judges relevance.
 */
final class Relevance {

    /** What the gate makes of a declined question. */
    enum Kind {
        /** The reader's own NL005 stands. */
        UNCLEAR,
        /** Worded as a question about data, but nothing in it links: NL005, naming what the database holds. */
        NOTHING_LINKED,
        /** Not about this database: NL002. */
        NOT_ABOUT_DATABASE
    }

    /** The gate's verdict and, unless {@link Kind#UNCLEAR}, why. */
    record Verdict(Kind kind, String reason) {
        static final Verdict UNCLEAR = new Verdict(Kind.UNCLEAR, null);
    }

    /** Words the offline reader reads as grammar of dates, limits and comparisons: never content. */
    private static final Set<String> GRAMMAR = Set.of("last", "past", "this", "next", "since", "after", "before", "between",
            "today", "yesterday", "tomorrow", "now", "over", "above", "under", "below", "more", "less", "greater", "fewer", "least",
            "most", "exactly", "equal", "first", "bottom", "best", "worst", "largest", "biggest", "smallest", "cheapest", "not",
            "no", "yes", "than", "if", "why", "again", "like", "just", "only", "also", "there", "here", "same", "other", "others", "often",
            "frequently", "commonly", "common", "never", "winter", "spring", "summer", "autumn",
            // negated auxiliaries written without the apostrophe's letter, as folding leaves them: "which staff aren't"
            "arent", "isnt", "wasnt", "werent", "dont", "doesnt", "didnt", "havent", "hasnt", "hadnt", "wont", "cant", "couldnt",
            "shouldnt", "wouldnt",
            // a pronoun with its auxiliary, as folding leaves them: "the most we've ever charged"
            "weve", "ive", "youve", "theyve", "youre", "theyre", "wed", "youd", "theyd", "itll", "wouldve", "couldve", "shouldve");
    /**
     * Words that say how to compute, rank, sort or show a value, never which one: superlatives ("the longest rivers"),
     * units ("in meters", "in days"), the answer's form ("as an integer", "match strings exactly"), "named" and "called",
     * parts of a date ("on which weekday").
     */
    private static final Set<String> VALUE_FORM = Set.of("absolute", "longest", "shortest", "highest", "lowest", "earliest", "latest",
            "oldest", "newest", "youngest", "tallest", "heaviest", "lightest", "fastest", "slowest", "greatest", "deepest", "widest",
            "busiest", "closest", "nearest", "farthest", "furthest", "longer", "shorter", "higher", "lower", "older", "newer",
            "meter", "meters", "metre", "metres", "kilometer", "kilometers", "kilometre", "kilometres", "km", "mile", "miles", "feet",
            "foot", "inches", "centimeters", "cm", "mm", "kilogram", "kilograms", "kg", "grams", "lbs", "liters", "litres", "cents",
            "hour", "hours", "minute", "minutes", "seconds", "integer", "integers", "decimal", "decimals", "rounded", "answer",
            "ordered", "sorted", "ascending", "descending", "match", "strings", "named", "called", "weekday", "weekdays", "weekend",
            "weekends");
    /** "your answer", "your query": instructions about the reply, not the listener's world. */
    private static final Set<String> YOUR_OUTPUT = Set.of("answer", "answers", "final", "query", "queries", "result", "results",
            "response", "output", "sql", "reply", "own");
    /** A word of capitals (and digits) that no reader here knows: a term of the domain, such as TSC, MRR, ATMs or D7D100PIR. */
    private static final Pattern ACRONYM = Pattern.compile(
            "(?<![\\p{L}\\p{N}])(?=[\\p{Lu}\\p{N}]*\\p{Lu}[\\p{Lu}\\p{N}]*\\p{Lu})([\\p{Lu}\\p{N}]{2,12})s?(?![\\p{L}\\p{N}])");
    /** Capitals that are no domain term: "ID", and Roman numerals ("World War II"). */
    private static final Pattern KNOWN_CAPITALS = Pattern.compile("ID|[IVX]+");
    private static final Pattern WORD = Pattern.compile("[\\p{L}][\\p{L}\\p{N}_']*");
    /** A length of time asked for: "in days", "how long", "how many days". */
    private static final Pattern DURATION = Pattern.compile(
            "(?i)\\b(?:in|how many)\\s+(?:days|hours|minutes|weeks|months|years)\\b|\\bhow\\s+long\\b");

    /** Arithmetic spelled out: "what we charged minus what they cost us", "revenue divided by visits". */
    private static final Pattern ARITHMETIC = Pattern.compile("(?i)\\b(?:minus|subtract|subtracting|deducting|less the|"
            + "divided by|multiplied by)\\b|(?<!many )(?<![\\d\\s]{2})\\btimes (?:the )?(?!a\\b|per\\b|as\\b|in\\b|more\\b|"
            + "less\\b|over\\b|did\\b|do\\b|does\\b|has\\b|have\\b|was\\b|were\\b|is\\b|are\\b)\\p{L}");

    private Relevance() {
    }

    /** The gate's verdict on a question the offline reader declined. */
    static Verdict judge(String asked, SchemaCatalog catalog, List<ValueLink> values) {
        String question = Words.folded(asked); // "cafés" names cafes
        QuestionShape shape = QuestionShape.read(question);
        boolean forAText = QuestionShape.HOW_TO.equals(shape.world()) || QuestionShape.TEXT.equals(shape.world());
        if (unknownAcronym(question) && !forAText) { // "how do I format a citation in APA style": no term of data asks for a text
            return Verdict.UNCLEAR; // "What is the TSC?": an unknown acronym is likely the domain's own term, so not sure enough to refuse
        }
        List<String> content = contentWords(question);
        if (content.isEmpty()) {
            return Verdict.UNCLEAR; // only grammar ("how many?"): nothing to judge by, so the reader's own answer (NL005) stands
        }
        SchemaWords schema = new SchemaWords(catalog, values, capitalised(question));
        if (durationOfHeldRows(question, schema)) {
            return Verdict.UNCLEAR; // "the longest trip length in days": a time between two of a trip's dates, a data question
        }
        if (ARITHMETIC.matcher(question).find()) {
            return Verdict.UNCLEAR; // "margin (what we charged minus what they cost us)": it says how to compute what it asks for
        }
        String yours = yours(question, schema);
        if (yours != null) { // "how many credits are required at your university": the one asked is the listener, not the data
            return new Verdict(Kind.NOT_ABOUT_DATABASE, "it asks about your " + yours + ", which nothing in it names");
        }
        Verdict byLinks = byLinks(question, catalog, shape, content, schema, values);
        // nothing sure by the question's links as a whole: an attribute it asks about may still name nothing held
        if (byLinks.kind() != Kind.UNCLEAR) {
            return byLinks;
        }
        String absent = AbsentAttribute.reason(question, catalog, schema, w -> !contentWords(w).isEmpty());
        return absent == null ? Verdict.UNCLEAR : new Verdict(Kind.NOT_ABOUT_DATABASE, absent);
    }

    /** Whether the question writes {@code phrase} in quotes. */
    private static boolean quoted(String question, String phrase) {
        String q = question.toLowerCase(Locale.ROOT);
        String p = phrase.toLowerCase(Locale.ROOT);
        return q.contains("'" + p + "'") || q.contains("\"" + p + "\"") || q.contains("\u201c" + p + "\u201d")
                || q.contains("\u2018" + p + "\u2019");
    }

    /**
     * Whether it asks for a length of time ("in days", "how long") of rows of a table that has two dates to take it from,
     * or a number of time units ("how long does a repair take": appointments.duration_minutes).
     */
    private static boolean durationOfHeldRows(String question, SchemaWords schema) {
        if (!DURATION.matcher(question).find()) {
            return false;
        }
        return Words.split(question).stream().map(schema::entity).filter(java.util.Objects::nonNull).anyMatch(
                t -> t.columns().stream().filter(ColumnInfo::isDate).count() >= 2 || t.columns().stream().anyMatch(Relevance::timeSpent));
    }

    private static final Set<String> TIME_UNITS = Set.of("duration", "seconds", "secs", "minutes", "mins", "hours", "hrs", "days");

    /** A number column that holds a length of time: duration_minutes, hours_worked, length_days. */
    private static boolean timeSpent(ColumnInfo c) {
        return c.isNumeric() && Words.split(c.name()).stream().anyMatch(TIME_UNITS::contains);
    }

    /**
     * Whether it asks who did something to a thing that names a table: "who holds an employee permit", "who booked a
     * court", "who paid for the repairs". The object is the verb's next noun, after a preposition, an article and at most
     * one modifier ("the dystopian novel" names no table, so "who wrote" it stays a fact of the world).
     */
    private static boolean whoDoesToRows(String question, SchemaWords schema) {
        List<String> w = Words.split(question);
        if (w.size() < 3 || !w.get(0).equals("who") || Set.of("is", "are", "was", "were", "s").contains(w.get(1))) {
            return false;
        }
        int i = 2;
        if (Set.of("for", "on", "at", "in", "to", "with", "from").contains(w.get(i)) && i + 1 < w.size()) {
            i++; // "who paid for the repairs"
        }
        if (Set.of("a", "an", "the", "any").contains(w.get(i))) {
            i++;
        }
        for (int end = Math.min(w.size(), i + 2); i < end; i++) {
            boolean head = i + 1 == w.size() || Words.isStop(w.get(i + 1)); // the phrase's last noun: not "the sampling theorem"
            if (head && schema.namesTable(w.get(i))) {
                return true;
            }
        }
        return false;
    }

    /** The verdict by how many of the question's content words link, weighed with its shape. */
    private static Verdict byLinks(String question, SchemaCatalog catalog, QuestionShape shape, List<String> content, SchemaWords schema,
            List<ValueLink> values) {
        List<String> strong = new ArrayList<>();
        List<String> weak = new ArrayList<>();
        for (String w : content) {
            Link l = schema.link(w);
            if (l == Link.STRONG) {
                strong.add(w);
            } else if (l == Link.WEAK) {
                weak.add(w);
            }
        }
        List<String> unlinked = content.stream().filter(w -> !strong.contains(w) && !weak.contains(w)).toList();
        if (shape.world() != null && ofTable(question, catalog)) {
            return Verdict.UNCLEAR; // "what are the names and areas of the territories": what it asks is of a table's rows
        }
        if (shape.world() != null && shape.data() != null && content.stream().anyMatch(schema::namesTable)) {
            // "who scored the most goals in 2024", "who are the five best-paid employees": a ranking or a date of rows it holds
            return Verdict.UNCLEAR;
        }
        if (shape.world() != null && shape.data() != null && shape.data().contains("a ranking") && unlinkedNames(question, strong).isEmpty()
                && QuestionShape.whoRanks(question)) {
            // "who has the most direct reports", "who are the three top scorers": a ranking of people, maybe in the domain's
            // own words (a report is an employee, a scorer a player): not sure enough to say it is about no data
            return new Verdict(Kind.NOTHING_LINKED, "it reads as a question about data (" + shape.data() + "), but none of its words ("
                    + shown(unlinked.isEmpty() ? content : unlinked) + ") names a table, column or value of this database");
        }
        if (shape.world() != null && whoDoesToRows(question, schema)) {
            return Verdict.UNCLEAR; // "who holds an employee permit": the people of rows it holds, not a fact of the world
        }
        if (shape.world() != null) {
            List<String> asked = shape.asked().stream().filter(content::contains).toList();
            List<String> missing = asked.stream().filter(w -> !strong.contains(w)).toList();
            // worded as data too ("what are the highest freight charges"), one word of what it asks for that is held is enough
            // "the happiness score of Finland": part of what it asks for is held, and so is what it asks it of
            boolean heldBesides = missing.size() < asked.size() && strong.stream().anyMatch(w -> !asked.contains(w));
            // "who won the Spring Clay Open in 2025": a row's name of several words (tournaments.name) is what it asks about;
            // never a category one ("the United States" of country_name: "the process for a state to secede from" it)
            // "who wrote 'Lincoln'": a row's name quoted, a book's title, is what it asks about
            boolean namesHeldName = values.stream().anyMatch(v -> (Words.split(v.value()).size() > 1
                    && Words.split(v.phrase()).size() > 1 || quoted(question, v.phrase()))
                    && SqlWriter.labelColumns(v.table()).contains(v.column()));
            if (!missing.isEmpty() && !namesHeldName && (shape.data() == null && !heldBesides || missing.size() == asked.size())) {
                return new Verdict(Kind.NOT_ABOUT_DATABASE, "it reads as " + shape.world() + ", and what it asks for ("
                        + String.join(" ", missing) + ") names nothing in it");
            }
            List<String> names = unlinkedNames(question, strong);
            if (!names.isEmpty()) {
                return new Verdict(Kind.NOT_ABOUT_DATABASE, "it reads as " + shape.world() + " about " + String.join(" ", names)
                        + ", which nothing in it names");
            }
            List<String> all = Words.split(question);
            // "Which vet has not been out on a single visit yet?": rows of one table asked about by rows of another
            boolean whichRow = all.size() > 1 && Set.of("which", "what").contains(all.get(0)) && schema.namesTable(all.get(1))
                    && strong.stream().filter(schema::namesTable).map(schema::entity).distinct().count() >= 2;
            if (strong.size() < content.size() - strong.size() && !whichRow // "Which vet has not been out on a single visit yet?"
                    && !(shape.data() != null && shape.data().contains(QuestionShape.DATE_RANGE)
                    && !strong.isEmpty())) { // "the tip made exactly 2 months after March 2021": rows of a time
                return new Verdict(Kind.NOT_ABOUT_DATABASE, "it reads as " + shape.world() + ", and " + (strong.isEmpty()
                        ? "none of its words (" + shown(content) + ")" : "of its words only " + shown(strong))
                        + " names a table, column or value of it");
            }
            return Verdict.UNCLEAR;
        }
        if (!strong.isEmpty() || !weak.isEmpty()) {
            return Verdict.UNCLEAR;
        }
        List<String> names = unlinkedNames(question, strong);
        if (!names.isEmpty() && shape.data() != null && countedOrListed(question, names)) {
            // "How many Beverages are there?": a kind of row (a category the sampling may not have reached), not a thing of the world
            return new Verdict(Kind.NOTHING_LINKED, "it reads as a question about data (" + shape.data() + "), but none of its words ("
                    + shown(unlinked) + ") names a table, column or value of this database");
        }
        if (!names.isEmpty() || shape.general()) { // "How many moons does Jupiter have?", "How many calories are in a banana?"
            return new Verdict(Kind.NOT_ABOUT_DATABASE, "none of its words (" + shown(content) + ") names a table, column or value of it, "
                    + "and it is about " + (names.isEmpty() ? "things in general" : String.join(" ", names)));
        }
        if (QuestionShape.howThingsWork(question)) { // "how does daylight saving time affect the time zone difference"
            return new Verdict(Kind.NOT_ABOUT_DATABASE, "it asks how things work, and none of its words (" + shown(content)
                    + ") names a table, column or value of it");
        }
        if (shape.data() != null) {
            return new Verdict(Kind.NOTHING_LINKED, "it reads as a question about data (" + shape.data() + "), but none of its words ("
                    + shown(unlinked) + ") names a table, column or value of this database");
        }
        return new Verdict(Kind.NOT_ABOUT_DATABASE, "none of its words (" + shown(content) + ") names a table, column or value of it");
    }

    /**
     * Whether what the question asks for is "of" a table of the database, named whole right after the "of" ("the names and
     * areas of the territories", "the price of all products"): a question about that table's rows, not a fact about the
     * world, which is "of" something else ("the capital of France", a value at most). A table word elsewhere ("who invented
     * the first car") says nothing.
     */
    private static boolean ofTable(String question, SchemaCatalog catalog) {
        List<String> words = Words.split(question);
        for (int i = 0; i < words.size(); i++) {
            if (!words.get(i).equals("of")) {
                continue;
            }
            int at = i + 1;
            while (at < words.size() && Set.of("the", "all", "each", "every", "our", "these", "those").contains(words.get(at))) {
                at++;
            }
            List<String> rest = Words.stems(String.join(" ", words.subList(at, words.size())));
            for (TableInfo t : catalog.tables()) {
                List<String> name = Words.stems(t.name()).stream().filter(p -> p.length() >= 3 && !p.equals("id")).toList();
                if (!name.isEmpty() && rest.size() >= name.size() && rest.subList(0, name.size()).equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** What a question says is the listener's ("your university", "your city") when nothing in the database names it, else null. */
    private static String yours(String question, SchemaWords schema) {
        List<String> words = Words.split(question);
        for (int i = 0; i + 1 < words.size(); i++) {
            String next = words.get(i + 1);
            if (words.get(i).equals("your") && !YOUR_OUTPUT.contains(next) && !Words.isStop(next) && schema.link(next) == Link.NONE) {
                return next;
            }
        }
        return null;
    }

    /** Whether any content word of a text (the instructions sent with a question) links to the database, strongly or weakly. */
    static boolean linksAnything(String text, SchemaCatalog catalog, List<ValueLink> values) {
        SchemaWords schema = new SchemaWords(catalog, values);
        return contentWords(Words.folded(text)).stream().anyMatch(w -> schema.link(w) != Link.NONE);
    }

    private static boolean unknownAcronym(String question) {
        Matcher m = ACRONYM.matcher(question);
        while (m.find()) {
            if (!KNOWN_CAPITALS.matcher(m.group(1)).matches() && !spelledOut(question, m.start(), m.group(1))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether an acronym is written in brackets after the words it stands for ("the National Science Foundation (NSF)"): the
     * question says what it is, so it is no term of the domain the reader cannot know.
     */
    private static boolean spelledOut(String question, int at, String acronym) {
        String before = question.substring(0, at).stripTrailing();
        if (!before.endsWith("(") || acronym.length() < 2) {
            return false;
        }
        List<String> words = new ArrayList<>();
        Matcher w = WORD.matcher(before);
        while (w.find()) {
            words.add(w.group());
        }
        StringBuilder initials = new StringBuilder();
        for (int i = words.size() - 1; i >= 0 && initials.length() < acronym.length(); i--) {
            String word = words.get(i);
            if (Set.of("of", "for", "and", "the", "on", "in").contains(word)) {
                continue;
            }
            if (!Character.isUpperCase(word.charAt(0))) {
                return false;
            }
            initials.insert(0, word.charAt(0));
        }
        return initials.toString().equals(acronym);
    }

    /**
     * Capitalised content words (not at the start of a sentence, or with a capital inside: iPhone) that
     * link to nothing strongly: the names of things ("Night Watch", "Mount Everest") a question about
     * the world asks about.
     */
    /** The words written with a capital (lower case), the first of the question aside. */
    private static Set<String> capitalised(String question) {
        Set<String> out = new java.util.HashSet<>();
        Matcher m = WORD.matcher(question);
        boolean first = true;
        while (m.find()) {
            String w = m.group();
            if (!first && Character.isUpperCase(w.charAt(0))) {
                out.add(w.toLowerCase(Locale.ROOT));
            }
            first = false;
        }
        return out;
    }

    private static List<String> unlinkedNames(String question, List<String> strong) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(question.replace('\u2019', '\''));
        while (m.find()) {
            String w = m.group();
            String before = question.substring(0, m.start()).stripTrailing();
            boolean sentenceStart = before.isEmpty() || ".?!:;\"'(".indexOf(before.charAt(before.length() - 1)) >= 0;
            String lower = w.toLowerCase(Locale.ROOT).replace("'s", "").replace("'", "");
            boolean capital = !sentenceStart && Character.isUpperCase(w.charAt(0)) || w.substring(1).chars().anyMatch(Character::isUpperCase);
            if (capital && !w.equals(w.toUpperCase(Locale.ROOT)) && !ACRONYM.matcher(w).matches()
                    && contentWords(lower).contains(lower) && !strong.contains(lower)) {
                out.add(w.replace("'s", ""));
            }
        }
        return out;
    }

    /** Whether a name is what is counted or listed: right after "how many", "all", "list" or "show" ("how many Beverages"). */
    private static boolean countedOrListed(String question, List<String> names) {
        List<String> words = Words.split(question);
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            if (names.stream().anyMatch(n -> Words.split(n).get(0).equals(w)) && Set.of("many", "all", "list", "show").contains(words.get(i - 1))) {
                return true;
            }
        }
        return false;
    }

    private static String shown(List<String> words) {
        return String.join(", ", words.size() > 4 ? words.subList(0, 4) : words) + (words.size() > 4 ? ", ..." : "");
    }

    /** The words that could name data: not stop words, not the offline reader's grammar, aggregates, dates or numbers. */
    static List<String> contentWords(String question) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(question.toLowerCase(Locale.ROOT).replace('\u2019', '\''));
        while (m.find()) {
            String w = m.group().replace("'s", "").replace("'", "");
            if (w.length() < 2 || Words.isStop(w) || IntentReader.FILLER.contains(w)
                    || IntentReader.AGGREGATES.containsKey(w) && !IntentReader.MONEY.contains(w)
                    || IntentReader.GRAINS.contains(Words.stem(w)) || IntentReader.MONTHS.contains(w)
                    || IntentReader.CURRENCY.contains(w) || GRAMMAR.contains(w) || VALUE_FORM.contains(w)
                    || QuestionShape.COMPUTATIONS.contains(w) || out.contains(w)) {
                continue;
            }
            out.add(w);
        }
        return out;
    }
}
