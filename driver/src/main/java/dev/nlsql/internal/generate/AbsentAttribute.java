package dev.nlsql.internal.generate;

import dev.nlsql.internal.generate.SchemaWords.Link;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.NameSynonyms;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.Words;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relevance gate's rule for an attribute the database lacks (issue 36): a question about rows the database holds (a
 * word names a table, or a value of one) that measures, filters or groups them on a phrase naming nothing at all, such as
 * "the highest average cabin crew count for its flights" where nothing is about cabin crews. Attribute phrases are read
 * at fixed places: after an aggregate or superlative ("average X", "highest X"), between "the" and "of" ("the X of"),
 * beside a comparison with a number ("X greater than 100", "more than 100 X"), after "have", "offer", "serve",
 * "provide", "require" or "with" ("have parking options", "with a high crime rate"), after "each" or "per", and a
 * {@code `name`} in backquotes that no column has. One is absent when its last word links to nothing, not even weakly
 * ("the average volume of lakes"), or, for what is averaged, ranked or compared with a number, when a word before the last
 * does ("the average baggage weight"). A capitalised word (a name), a quoted value, a number, a verb ("have placed",
 * "cited more than", "did each customer place") or a word a value may be derived from (age, value, time, id) never makes
 * one. Only offline: the gate runs in the offline generator, so a model configured judges for itself.
 */
final class AbsentAttribute {

    /** A word of the question: lower case, whether written with a capital where no sentence starts, whether a number or a sign. */
    private record Token(String word, boolean capital, boolean number, boolean sign) {
    }

    /** A word ("co-teacher" is one: co_teacher_id), a number, or a sign. */
    private static final Pattern TOKEN = Pattern.compile("[\\p{L}][\\p{L}\\p{N}_']*(?:-[\\p{L}][\\p{L}\\p{N}_']*)*|\\d+(?:[.,]\\d+)*|[^\\s\\p{L}\\p{N}]");
    /** A quoted value ("Machine Learning", 'doctor'): a value, never an attribute. */
    private static final Pattern QUOTED = Pattern.compile("\"[^\"]*\"|\u201c[^\u201d]*\u201d|(?<![\\p{L}\\p{N}])'[^']*'(?![\\p{L}\\p{N}])");
    private static final Pattern BACKQUOTED = Pattern.compile("`([^`]+)`");
    /** Words that open an aggregate's or a ranking's measure: "average X", "the highest X". */
    private static final Set<String> MEASURES = Set.of("average", "avg", "mean", "median", "total", "sum", "highest", "lowest",
            "maximum", "max", "minimum", "min", "largest", "smallest", "biggest", "greatest", "longest", "shortest", "earliest",
            "latest", "fastest", "slowest", "most", "least", "fewest");
    /** Comparisons with a number: "X greater than 100", "more than 100 X", "at least 5 X". */
    private static final Set<String> COMPARISONS = Set.of("greater", "more", "less", "fewer", "higher", "lower", "above", "below",
            "over", "under", "exceeding", "exceeds", "least", "most");
    /** Words between a comparison and its number: "greater than or equal to 5". */
    private static final Set<String> BEFORE_NUMBER = Set.of("than", "or", "equal", "to", "$");
    /** Verbs whose object is what a row has: "have parking options", "offer takeout services", "with a high crime rate". */
    private static final Set<String> HAVING = Set.of("have", "has", "had", "having", "offer", "offers", "offered", "offering",
            "serve", "serves", "served", "provide", "provides", "require", "requires", "with", "without");
    private static final Set<String> GROUPING = Set.of("each", "every", "per");
    private static final Set<String> DETERMINERS = Set.of("a", "an", "the", "any", "no", "some", "their", "its", "his", "her");
    /** Words that qualify a phrase but name nothing: "each unique author email", "a high crime rate". */
    private static final Set<String> QUALIFIERS = Set.of("asking", "remaining", "outstanding", "expected", "estimated", "actual",
            "planned", "target", "net", "gross", "unique", "distinct", "different", "particular", "specific", "certain",
            "given", "various", "overall", "high", "low", "common", "popular", "never", "ever", "not", "also", "only", "already",
            "same", "other", "new", "old", "recent", "frequent", "expensive", "valuable", "profitable", "active", "important",
            "successful", "significant", "famous", "loyal", "largest", "smallest", "nobody", "anybody", "anyone", "someone",
            "everyone", "nothing", "anything", "none", "something", "everything", "current", "currently", "today", "now", "right");
    /** Words a value is derived from columns as, or that name no attribute: never the missing part of a phrase. */
    private static final Set<String> DERIVED = Set.of("us", "we", "me", "you", "them", "money", "owe", "owes", "owed", "owing",
            "age", "ages", "value", "values", "amount", "amounts", "revenue", "revenues", "takings", "income", "earnings", "turnover",
            "proceeds",
            "sales", "spend", "spending", "duration", "durations", "time", "times", "size", "sizes", "information", "info",
            "details", "detail", "data", "result", "results", "growth", "change", "changes", "share", "rank", "ranking", "letter",
            "letters", "word", "words", "character", "characters", "string", "prefix", "suffix", "pattern", "length", "lengths",
            "id", "ids", "identifier", "identifiers", "key", "keys", "pair", "pairs", "combination", "combinations", "annual",
            "quarterly", "monthly", "weekly", "daily", "yearly", "signups", "signup", "registrations", "numbers", "counts",
            "totals", "square", "cubic", "mph", "kph", "usd", "percent", "relative", "corresponding", "respective", "start", "end",
            "beginning", "middle", "people", "persons", "person", "member", "members", "record", "records", "row", "rows", "increase", "increases", "decrease", "decreases", "rise", "drop",
            "difference", "differences", "rate", "rates");
    /** Verbs that end a phrase: "how does the average volume of lakes vary", "the grant amount differ". */
    private static final Set<String> VERBS = Set.of("vary", "varies", "differ", "differs", "compare", "compares", "affect",
            "affects", "correlate", "correlates", "relate", "relates", "mean", "means", "depend", "depends", "change", "tend",
            "make", "makes", "get", "gets", "come", "comes", "go", "goes", "take", "takes");
    /** Prepositions and pronouns after which an -ing word is a verb: "departing from", "arriving at", "nobody playing them". */
    private static final Set<String> AFTER_VERB = Set.of("from", "to", "in", "at", "on", "into", "by", "with", "for", "after",
            "before", "between", "through", "them", "it", "him", "her", "us", "me", "you");
    /** Prepositions that are no stop words: "flights with stops out of all flights". */
    private static final Set<String> PREPOSITIONS = Set.of("out", "off", "up", "down", "across", "within", "against", "along",
            "around", "near", "via", "versus", "vs", "through", "throughout", "toward", "towards", "upon", "onto", "among", "despite",
            "like", "unlike", "except", "including", "excluding", "whether", "while", "during", "since", "until", "till", "after",
            "before", "between", "above", "below", "under", "over", "then", "together", "both", "either", "neither", "why");
    private static final Set<String> NUMBER_WORDS = Set.of("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
            "nine", "ten", "twenty", "hundred", "thousand", "million", "billion", "first", "second", "third", "last", "once",
            "twice", "half", "double");
    private static final Set<String> COUNT_WORDS = Set.of("count", "number", "total", "sum", "amount");
    /** Titles of people: the word after one is a name ("dr rosi"), written in lower case or not. */
    private static final Set<String> TITLES = Set.of("dr", "doctor", "mr", "mrs", "ms", "miss", "prof", "professor", "sir");
    /** Spans of time: what one is ("resolution time", "stay duration") may be the difference of two dates of a row. */
    private static final Set<String> SPANS = Set.of("time", "times", "duration", "durations", "delay", "delays", "wait", "waits");
    private static final int SHOWN_COLUMNS = 8;

    private AbsentAttribute() {
    }

    /**
     * Why the question is not about the database when an attribute it asks about names nothing in it, else null.
     * @param content whether a word could name data (the gate's content words: no grammar, aggregate, unit or month)
     */
    /** Units of measure: after a number they say a quantity (capacity_kg holds "20 tonnes"), never an attribute. */
    private static final Set<String> UNITS = Set.of("kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "g", "grams", "tonne",
            "tonnes", "ton", "tons", "lb", "lbs", "pounds", "km", "kms", "kilometres", "kilometers", "miles", "mile", "m", "metres",
            "meters", "cm", "litres", "liters", "litre", "liter", "l", "gallons", "hours", "hour", "minutes", "minute", "seconds",
            "days", "day", "weeks", "months", "years", "percent", "kwh", "mwh", "kw", "mw", "seats", "people", "persons");

    static String reason(String question, SchemaCatalog catalog, SchemaWords schema, Predicate<String> content) {
        List<String> unknownNames = new ArrayList<>();
        Matcher b = BACKQUOTED.matcher(question);
        while (b.find()) {
            unknownNames.add(b.group(1).strip());
        }
        List<Token> tokens = tokens(BACKQUOTED.matcher(QUOTED.matcher(question).replaceAll(" ; ")).replaceAll(" ; "));
        for (String name : unknownNames) {
            if (!named(name, catalog)) {
                List<String> words = Words.split(name);
                TableInfo entity = entity(tokens, schema, 0, 0);
                if (!words.isEmpty() && schema.link(words.get(words.size() - 1)) == Link.NONE && entity != null) {
                    return refusal("column \"" + name + "\"", entity);
                }
            }
        }
        for (int i = 0; i < tokens.size(); i++) {
            for (Phrase phrase : phrasesAt(tokens, i)) {
                String missing = missing(tokens, phrase, schema, content);
                if (missing == null) {
                    continue;
                }
                TableInfo entity = ownTable(tokens, schema, phrase);
                entity = entity != null ? entity : entity(tokens, schema, phrase.from(), phrase.to());
                String head = head(tokens, phrase, content);
                if (entity != null && head != null && !schema.namesTable(head) && columnWord(entity, head)) {
                    continue; // "the average floor area" of properties, which have area_m2: how the user calls the column
                }
                if (entity != null && head != null && calledAfterAColumn(tokens, entity, head)) {
                    continue; // "the vaccination certificate ... no certificate at all" of dogs, which have vaccinated_until
                }
                if (entity != null && inColumn(tokens, phrase.to(), entity, schema)) {
                    continue; // "no copies in stock" of books, which have stock_quantity: the words after it name the column
                }
                if (SPANS.contains(at(tokens, phrase.to() - 1)) && catalog.tables().stream().anyMatch(AbsentAttribute::twoDates)) {
                    continue; // "the average resolution time": what a span is called names no column, its dates may
                }
                if (entity != null && phrase.from() > 0 && tokens.get(phrase.from() - 1).number()
                        && columnWord(entity, tokens.get(phrase.from()).word())) {
                    continue; // "more than 10 minutes late" of trips, which have delay_minutes: the unit names the column
                }
                if (entity != null) {
                    return refusal("\"" + missing + "\"", entity);
                }
            }
        }
        return null;
    }

    private static String refusal(String what, TableInfo table) {
        List<String> columns = table.columns().stream().map(ColumnInfo::name).toList();
        String shown = String.join(", ", columns.size() > SHOWN_COLUMNS ? columns.subList(0, SHOWN_COLUMNS) : columns)
                + (columns.size() > SHOWN_COLUMNS ? ", ..." : "");
        return "the database holds no " + what + " for " + table.name() + " (its columns: " + shown + ")";
    }

    /** Whether a table or column is called {@code name} (case and underscores aside). */
    private static boolean named(String name, SchemaCatalog catalog) {
        String n = fold(name);
        for (TableInfo t : catalog.tables()) {
            if (fold(t.name()).equals(n) || t.columns().stream().anyMatch(c -> fold(c.name()).equals(n))) {
                return true;
            }
        }
        return false;
    }

    private static String fold(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]", "");
    }

    /** The attribute phrases (from, to) an anchor at {@code i} opens or closes. */
    private static List<Phrase> phrasesAt(List<Token> t, int i) {
        List<Phrase> out = new ArrayList<>();
        String w = t.get(i).word();
        String verb = at(t, i - 1).equals("the") ? at(t, i - 2) : at(t, i - 1);
        boolean counted = Set.of("most", "fewest", "least").contains(w) && participle(verb); // "delivered the most parcels": rows
        if (MEASURES.contains(w) && !counted && !Set.of("to", "from").contains(at(t, i - 1))) { // "from lowest to highest participants": an order
            int from = i + 1;
            while (from < t.size() && (MEASURES.contains(t.get(from).word()) || QUALIFIERS.contains(t.get(from).word()))) {
                from++;
            }
            add(out, from, runFrom(t, from), true, true);
        }
        if (Set.of("the", "a", "an").contains(w)) { // "the tourism rating of cities", "a performance rating of 5"
            int end = runFrom(t, i + 1);
            if (end > i + 1 && at(t, end).equals("of") && (w.equals("the") || end + 1 < t.size() && t.get(end + 1).number())) {
                add(out, i + 1, end, true, false);
            }
        }
        if (COMPARISONS.contains(w) && (!Set.of("least", "most").contains(w) || at(t, i - 1).equals("at"))) {
            int n = i + 1;
            while (n < t.size() && BEFORE_NUMBER.contains(t.get(n).word())) {
                n++;
            }
            if (n < t.size() && t.get(n).number()) {
                int end = i; // "a passenger count greater than 100": the count word closes the phrase
                while (end > 0 && COUNT_WORDS.contains(t.get(end - 1).word())) {
                    end--;
                }
                int start = runBack(t, end);
                if (!Set.of("can", "could", "will", "would", "may", "might", "must").contains(at(t, start - 1))) {
                    add(out, start, end, false, true); // not "can carry more than 20 tonnes": a verb of what the rows can do
                }
                if (!UNITS.contains(at(t, n + 1))) { // "more than 20 tonnes": a quantity's unit, whatever the column's unit is
                    add(out, n + 1, runFrom(t, n + 1), false, false);
                }
            }
        }
        String before = at(t, i - 1);
        // "with a high crime rate", but not "with their managers", "with private insurance" (a value), "ending with"
        boolean with = w.equals("with") || w.equals("without");
        if (HAVING.contains(w) && !(with && (!Set.of("a", "an", "the", "no", "any").contains(at(t, i + 1)) || before.endsWith("ing")
                || participle(before)))) {
            int from = i + 1;
            while (from < t.size() && (DETERMINERS.contains(t.get(from).word()) || QUALIFIERS.contains(t.get(from).word()))) {
                from++;
            }
            int subjectEnd = runFrom(t, from);
            boolean subjectOfVerb = Set.of("has", "have", "had").contains(w) && subjectEnd > from && subjectEnd < t.size()
                    && (participle(at(t, subjectEnd)) || Verbs.isVerb(at(t, subjectEnd)));
            // "how many orders has ana ruiz placed": who did it (a name written in lower case), not what the rows have
            if (from < t.size() && !participle(t.get(from).word()) && !subjectOfVerb) { // "have placed": a verb, not what they have
                int end = runFrom(t, from);
                add(out, from, end, false, false);
                while (end > from && (at(t, end).equals("and") || at(t, end).equals(","))) { // "the title and funding agency website"
                    int next = end + 1;
                    while (next < t.size() && DETERMINERS.contains(t.get(next).word())) {
                        next++;
                    }
                    int nextEnd = runFrom(t, next);
                    add(out, next, nextEnd, false, false);
                    end = nextEnd > next ? nextEnd : from;
                }
            }
        }
        if (GROUPING.contains(w)) {
            int from = i + 1;
            while (from < t.size() && QUALIFIERS.contains(t.get(from).word())) {
                from++;
            }
            // "for each author email", but "how many orders did each customer place": after "did", a verb follows its subject
            boolean doSupport = t.subList(0, i).stream().anyMatch(k -> Set.of("do", "does", "did").contains(k.word()));
            add(out, from, runFrom(t, from), !doSupport, false);
        }
        return out;
    }

    /**
     * Words (from, to) of the question read as an attribute. {@code compound}: a table's word may lead it ("the average journal
     * impact factor"); else a table's word before its last word is a subject with its verb ("each customer place", "suppliers
     * supply more than"). {@code measured}: what is averaged, ranked or compared with a number, where a word before the last
     * that names nothing is enough ("the average baggage weight"): no value stands there.
     */
    private record Phrase(int from, int to, boolean compound, boolean measured) {
    }

    private static void add(List<Phrase> out, int from, int to, boolean compound, boolean measured) {
        if (to > from) {
            out.add(new Phrase(from, to, compound, measured));
        }
    }

    /** The end of the run of phrase words from {@code from}. */
    private static int runFrom(List<Token> t, int from) {
        int i = from;
        while (i < t.size() && phraseWord(t, i)) {
            i++;
        }
        return i;
    }

    /** The start of the run of phrase words that ends before {@code end}. */
    private static int runBack(List<Token> t, int end) {
        int i = end;
        while (i > 0 && phraseWord(t, i - 1)) {
            i--;
        }
        return i;
    }

    /**
     * A word an attribute phrase may hold: none of grammar, a number, a comparison, a verb; an -ing word only when no
     * preposition follows it ("parking options", "seating area", but "flights departing from").
     */
    private static boolean phraseWord(List<Token> t, int i) {
        Token k = t.get(i);
        String w = k.word();
        return !k.sign() && !k.number() && !Words.isStop(w) && !IntentReader.FILLER.contains(w) && !COMPARISONS.contains(w)
                && !VERBS.contains(w) && !HAVING.contains(w) && !PREPOSITIONS.contains(w) && !NUMBER_WORDS.contains(w)
                && !participle(w) && !(w.length() > 6 && w.endsWith("ly")) // "most recently", "frequently bought"
                && !(w.endsWith("ing") && AFTER_VERB.contains(at(t, i + 1)));
    }

    /** "placed", "written", "made": a verb's participle. */
    private static boolean participle(String w) {
        return w.length() > 4 && (w.endsWith("ed") || w.endsWith("en") && !w.endsWith("men")) || Verbs.PARTICIPLES.contains(w);
    }

    /**
     * The phrase as the question writes it when it is an absent attribute: its last counted word links to nothing strongly,
     * one of them to nothing at all, none is written with a capital; else null.
     */
    private static String missing(List<Token> t, Phrase phrase, SchemaWords schema, Predicate<String> content) {
        List<String> counted = new ArrayList<>();
        int first = -1;
        boolean subject = false;
        for (int i = phrase.from(); i < phrase.to(); i++) {
            Token k = t.get(i);
            subject |= !phrase.compound() && i < phrase.to() - 1 && schema.namesTable(k.word());
            if (k.word().contains("-")) {
                // "co-teacher" is co_teacher_id; a compound that links to nothing ("one-way") is never evidence of absence
                if (schema.link(k.word().replace("-", "")) == Link.NONE) {
                    continue;
                }
                first = first < 0 ? i : first;
                counted.add(k.word().replace("-", ""));
                continue;
            }
            if (TITLES.contains(at(t, i - 1))) {
                return null; // "dr rosi": a person's name, which the sample may lack or the question misspell
            }
            if (QUALIFIERS.contains(k.word()) || DERIVED.contains(k.word()) || UNITS.contains(k.word()) || TITLES.contains(k.word())
                    || !content.test(k.word())) {
                continue;
            }
            if (k.capital()) {
                return null; // a name: "the Hilton hotels", a value the sample may lack
            }
            first = first < 0 ? i : first;
            counted.add(k.word());
        }
        long held = counted.stream().filter(w -> schema.link(w) == Link.STRONG).count();
        long unheld = counted.stream().filter(w -> schema.link(w) == Link.NONE).count();
        if (counted.isEmpty()) {
            return null;
        }
        Link head = schema.link(counted.get(counted.size() - 1));
        List<String> modifiers = counted.subList(0, counted.size() - 1);
        // what is averaged, ranked or compared names nothing before a held word: "the average baggage weight", "a review
        // helpfulness score above 0.5", "the most challenging mountains"
        boolean modifierMissing = phrase.measured() && modifiers.stream().anyMatch(w -> schema.link(w) == Link.NONE);
        // a table's attribute that it lacks, grouped by: "each author email" (authors have no email)
        boolean tableAttribute = phrase.compound() && !phrase.measured() && head == Link.NONE && !modifiers.isEmpty()
                && modifiers.stream().allMatch(schema::namesTable);
        if (!phrase.measured() && modifiers.stream().anyMatch(w -> schema.link(w) != Link.NONE && !schema.namesTable(w))) {
            return null; // "for each insurance company" of patients with an insurer: how the user calls the column
        }
        if (held > 0 && !(phrase.measured() && (unheld >= 2 && unheld > held || modifierMissing)) && !tableAttribute) {
            // "the total salary bill": salary is held, and one word more may be how the user calls it; "the average seat
            // upgrade cost" measures two things nothing holds
            return null;
        }
        if ((head != Link.NONE || subject) && !modifierMissing) { // "suppliers supply more than": the table's rows and a verb
            return null;
        }
        if (head != Link.NONE && schema.namesTable(counted.get(counted.size() - 1))) {
            // "the most challenging mountains": the rows are held, what ranks them is not
            return String.join(" ", modifiers.stream().filter(w -> schema.link(w) == Link.NONE).toList());
        }
        int to = phrase.to();
        int end = to < t.size() && COUNT_WORDS.contains(t.get(to).word()) ? to + 1 : to; // "cabin crew count"
        List<String> shown = new ArrayList<>();
        for (int i = first; i < end; i++) {
            shown.add(t.get(i).word());
        }
        return String.join(" ", shown);
    }

    /**
     * The table the question names rows of outside the phrase (from, to): by a word of its name nearest the phrase ("the
     * highest average cabin crew count for its flights": flight, not airline), else by a value; null when it names none.
     */
    private static TableInfo entity(List<Token> t, SchemaWords schema, int from, int to) {
        TableInfo byValue = null;
        for (int d = 1; d <= t.size(); d++) {
            for (int i : new int[] {to - 1 + d, from - d}) {
                if (i < 0 || i >= t.size() || t.get(i).sign() || t.get(i).number() || Words.isStop(t.get(i).word())) {
                    continue;
                }
                if (schema.namesTable(t.get(i).word())) {
                    return schema.entity(t.get(i).word());
                }
                byValue = byValue != null ? byValue : schema.entity(t.get(i).word());
            }
        }
        return byValue;
    }

    /** The phrase's last word that counts (no qualifier, no derived word, content), or null. */
    private static String head(List<Token> t, Phrase phrase, Predicate<String> content) {
        for (int i = phrase.to() - 1; i >= phrase.from(); i--) {
            String w = t.get(i).word();
            if (!QUALIFIERS.contains(w) && !DERIVED.contains(w) && !UNITS.contains(w) && content.test(w)) {
                return w;
            }
        }
        return null;
    }

    /** Whether a word names a column of the table (a word of its name, or a synonym of one): "area" for area_m2. */
    private static boolean columnWord(TableInfo table, String word) {
        String stem = Words.stem(word);
        for (ColumnInfo c : table.columns()) {
            for (String p : Words.split(c.name())) {
                if (Words.stem(p).equals(stem) || NameSynonyms.of(p).stream().anyMatch(s -> Words.stem(s).equals(stem))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether "in", "on" or "of" at {@code at} is followed by a word of the table's columns, not a table's: "copies in stock". */
    private static boolean inColumn(List<Token> tokens, int at, TableInfo entity, SchemaWords schema) {
        if (!Set.of("in", "on", "of").contains(at(tokens, at))) {
            return false;
        }
        int next = at + 1;
        while (next < tokens.size() && DETERMINERS.contains(tokens.get(next).word())) {
            next++;
        }
        String word = at(tokens, next);
        return !word.isEmpty() && !schema.namesTable(word) && columnWord(entity, word);
    }

    /** Whether the question writes {@code head} after a word of one of the table's columns elsewhere: the column's other name. */
    private static boolean calledAfterAColumn(List<Token> t, TableInfo table, String head) {
        for (int j = 1; j < t.size(); j++) {
            String before = t.get(j - 1).word();
            if (t.get(j).word().equals(head) && !before.equals(head) && !Words.stems(table.name()).contains(Words.stem(before)) && (columnWord(table, before) || table.columns().stream()
                    .anyMatch(c -> Words.split(c.name()).stream().anyMatch(p -> Verbs.sameRootOrNoun(Verbs.roots(p), before))))) {
                return true;
            }
        }
        return false;
    }

    /** Whether a table has two dates or times a span could run between. */
    private static boolean twoDates(TableInfo t) {
        return t.columns().stream().filter(ColumnInfo::isDate).count() >= 2;
    }

    /** The table a phrase names itself ("each author email": author; "the most challenging mountains": mountain), or null. */
    private static TableInfo ownTable(List<Token> t, SchemaWords schema, Phrase phrase) {
        if (!phrase.compound()) {
            return null;
        }
        for (int i = phrase.to() - 1; i >= phrase.from(); i--) {
            if (schema.namesTable(t.get(i).word())) {
                return schema.entity(t.get(i).word());
            }
        }
        return null;
    }

    private static String at(List<Token> t, int i) {
        return i >= 0 && i < t.size() ? t.get(i).word() : "";
    }

    private static List<Token> tokens(String question) {
        List<Token> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(question.replace('\u2019', '\''));
        boolean sentenceStart = true;
        while (m.find()) {
            String g = m.group();
            boolean letter = Character.isLetter(g.charAt(0));
            boolean number = Character.isDigit(g.charAt(0));
            String word = g.toLowerCase(Locale.ROOT).replace("'s", "").replace("'", "");
            boolean capital = letter && (!sentenceStart && Character.isUpperCase(g.charAt(0))
                    || g.substring(1).chars().anyMatch(Character::isUpperCase));
            out.add(new Token(word, capital, number, !letter && !number));
            sentenceStart = !letter && !number && ".?!:;\"(".contains(g) || sentenceStart && !letter && !number;
        }
        return out;
    }
}
