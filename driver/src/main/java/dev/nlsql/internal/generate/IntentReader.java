package dev.nlsql.internal.generate;

import dev.nlsql.internal.generate.Intent.Column;
import dev.nlsql.internal.generate.Intent.Comparison;
import dev.nlsql.internal.generate.Intent.Filter;
import dev.nlsql.internal.knowledge.GlossaryTerm;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.NameCandidates;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.SchemaRenderer;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.internal.schema.ValueOwner;
import dev.nlsql.internal.schema.Words;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one question into an {@link Intent}: what each word means (a value, a date phrase, a
 * limit, a comparison, an aggregate, a grouping, a table or a column), then which role each
 * named table and column plays. Precision comes first: every word must be accounted for, and
 * whatever could mean two things (a value found in columns of two tables, a column name that
 * several tables have, a superlative over a plural) is resolved by the table the question is
 * about or declined ({@link NotUnderstoodException}, NL005), never guessed.
 */
final class IntentReader {

    /**
     * Words that carry no meaning in a question about data: auxiliaries and words that say "rows". Verbs are not
     * here: "sold", "placed", "live" mean something, and the SQL must account for them ({@link Verbs},
     * {@link #unexplained}). "name" and "names" name no data by themselves (which is all
     * {@link Relevance} asks of this list); the reader takes them for a row's label columns and declines when it
     * finds none ({@link #labelMentions}).
     */
    static final Set<String> FILLER = Set.of("do", "does", "done", "doing", "be", "been", "being", "show", "than", "them",
            "rows", "records", "entries", "were", "was", "is", "are", "distinct", "different", "unique", "overall", "altogether",
            "far", "exist", "exists", "up", "name", "names");

    static final Map<String, String> AGGREGATES = Map.ofEntries(
            Map.entry("count", "COUNT"), Map.entry("many", "COUNT"), Map.entry("number", "COUNT"),
            Map.entry("total", "SUM"), Map.entry("sum", "SUM"), Map.entry("revenue", "SUM"), Map.entry("takings", "SUM"),
            Map.entry("average", "AVG"), Map.entry("avg", "AVG"), Map.entry("mean", "AVG"),
            Map.entry("maximum", "MAX"), Map.entry("max", "MAX"), Map.entry("minimum", "MIN"), Map.entry("min", "MIN"));
    /** Words that ask for money: a money-typed total of the table the question is about, never a count of items. */
    static final Set<String> MONEY = Set.of("money", "amount", "amounts", "revenue", "revenues", "value", "turnover", "income",
            "earnings", "takings");
    /** Words that ask for a price. */
    static final Set<String> PRICE = Set.of("expensive", "cheapest", "cheap", "pricey", "priciest", "cost", "costs");
    static final List<String> GRAINS = List.of("day", "week", "month", "quarter", "year");
    static final List<String> MONTHS = List.of("january", "february", "march", "april", "may", "june", "july", "august",
            "september", "october", "november", "december");
    static final Set<String> CURRENCY = Set.of("euros", "euro", "dollars", "eur", "usd");
    private static final Pattern TOKEN = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\d{4}-\\d{2}-\\d{2})|(\\d+(?:\\.\\d+)?)|([\\p{L}][\\p{L}\\p{N}_']*)");

    /**
     * A word or a few of the question that name a table or a column (or ask for money or a price, or name a row
     * with its label columns: kind), or a glossary measure (term).
     */
    record Mention(int at, int length, TableInfo table, ColumnInfo column, String kind, GlossaryTerm term) {
        Mention(int at, int length, TableInfo table, ColumnInfo column, String kind) {
            this(at, length, table, column, kind, null);
        }

        Mention(int at, int length, TableInfo table, ColumnInfo column) {
            this(at, length, table, column, null, null);
        }
    }

    /** Words of the question that are a value of one or more columns. */
    private record ValueSpot(int at, int length, List<ValueLink> links) {
    }

    private record Compared(int at, String op, double value) {
    }

    private final SchemaCatalog catalog;
    /** The question as typed: its capitals tell a surname ("Price") from a word ("the total price"). */
    private final String asWritten;
    private final List<ValueLink> values;
    private final List<GlossaryTerm> glossary;
    private final LocalDate today;
    private final List<GlossarySpots.Spot> terms = new ArrayList<>();
    private final List<Intent.Expression> conditions = new ArrayList<>();
    /** The conditions that leave rows out ("not counting cancelled orders"), among {@link #conditions}. */
    private final List<Intent.Expression> exclusions = new ArrayList<>();
    /** Dates read as leaving rows out ("excluding refunds": refunded_on), which a date phrase is not about. */
    private final Set<ColumnInfo> leftOutDates = new java.util.HashSet<>();
    /** Where "name" or "names" asks for the label columns of a row (customers' first and last name). */
    private final List<Integer> nameWords = new ArrayList<>();
    /** Where a date phrase starts, for the table just before it ("customers with orders in 2025"). */
    private int dateAt = -1;
    private final List<String> words = new ArrayList<>();
    private final boolean[] used;
    private final List<String> quoted = new ArrayList<>();
    private final List<ValueSpot> spots = new ArrayList<>();
    private final List<Filter> filters = new ArrayList<>();
    private String aggregate;
    private int aggregateAt = -1;
    private Integer limit;
    private boolean bareSuperlative;
    /** The superlative the ranking says ("most", "biggest"), or null. */
    private String superlative;
    private boolean descending = true;
    private boolean distinct;
    private String dateFrom;
    private String dateTo;
    private String grain;
    private final List<Integer> groupWords = new ArrayList<>();
    private final List<Compared> comparisons = new ArrayList<>();
    /** Whether the question writes "us" in small letters: the business asking, where "US" may be a country. */
    private final boolean usWrittenSmall;
    private static final Pattern SMALL_US = Pattern.compile("(?<![\\p{L}])us(?![\\p{L}])");
    /** Words before "us" that make it the business asking: "with us", "from us", "paid us". */
    private static final Set<String> BEFORE_US = Set.of("with", "from", "to", "for", "pay", "paid", "pays", "owe", "owes", "owed",
            "give", "gave", "given", "gives", "sent", "send", "bought", "ordered", "joined", "booked", "visited", "told");

    IntentReader(String question, SchemaCatalog catalog, List<ValueLink> values, LocalDate today) {
        this(question, catalog, values, today, List.of());
    }

    /** @param glossary the knowledge file's terms (those the question touches, or all): measures, filters and names */
    IntentReader(String question, SchemaCatalog catalog, List<ValueLink> values, LocalDate today, List<GlossaryTerm> glossary) {
        this.catalog = catalog;
        this.asWritten = question;
        this.values = values;
        this.glossary = glossary;
        this.today = today;
        // typographic quotes read as the plain ones: what’s, the customers’ orders, ‘Berlin’ (tools that pair ' marks,
        // such as sqlline and psql, let a question through with ’ where a plain apostrophe would open a string)
        Matcher m = TOKEN.matcher(question.toLowerCase(Locale.ROOT).replace('\u2019', '\'').replace('\u2018', '\''));
        while (m.find()) {
            if (m.group(1) != null || m.group(2) != null) {
                quoted.add(m.group(1) != null ? m.group(1) : m.group(2));
                words.add("\u0000quoted");
            } else {
                words.add(Words.folded(m.group().replace("'s", ""))); // "cafés" names cafes
            }
        }
        used = new boolean[words.size()];
        usWrittenSmall = SMALL_US.matcher(question).find();
    }

    Intent read() throws NotUnderstoodException {
        linkGlossary();
        linkValues();
        readExclusions();
        readDates();
        readLimit();
        readComparisons();
        readAggregate();
        readGrouping();
        readDistinct();
        List<Mention> mentions = mentions();
        resolveValues(mentions);
        List<Integer> verbs = requireEverythingUnderstood();
        try {
            return whoIsNotTheRowNamed(roles(mentions, verbs));
        } catch (NotUnderstoodException e) {
            // a verb nothing in the question accounts for is the better reason to give ("it does not know what 'sold' means")
            Set<TableInfo> named = new LinkedHashSet<>();
            mentions.forEach(m -> named.add(m.table()));
            filters.forEach(f -> named.add(f.column().table()));
            named.remove(null);
            List<String> unexplained = unexplained(verbs, named, mentions, null, null);
            if (!unexplained.isEmpty()) {
                throw notKnown(unexplained);
            }
            throw e;
        }
    }

    /**
     * "who is on the team Alcatraz": "who" asks for the people of the row the question names, never for that row itself.
     * Listing the rows whose own label is the value given answers nothing asked.
     */
    private Intent whoIsNotTheRowNamed(Intent intent) throws NotUnderstoodException {
        boolean who = !words.isEmpty() && Set.of("who", "whom").contains(words.get(0));
        if (!who || intent.aggregate() != null || intent.groupTable() != null) {
            return intent;
        }
        for (Filter f : intent.filters()) {
            if (f.column().table().equals(intent.base()) && (ValueOwner.labels(f.column().column())
                    || SqlWriter.labelColumns(intent.base()).contains(f.column().column()))) { // "who ... on hive CF-03": hive_code
                throw new NotUnderstoodException("'who' asks for people of the " + NameCandidates.singular(intent.base().name()) + " '"
                        + f.value() + "', and it does not know which table holds them");
            }
        }
        return intent;
    }

    // ---- glossary ----

    /** The glossary's terms in the question: their words are understood, as what the term says they mean. */
    private void linkGlossary() throws NotUnderstoodException {
        for (GlossarySpots.Spot s : GlossarySpots.find(words, glossary)) {
            if (words.subList(s.at(), s.at() + s.length()).contains("\u0000quoted")) {
                continue;
            }
            terms.add(s);
            use(s.at(), s.at() + s.length());
        }
    }

    /** Whether a glossary term was found in the question (after {@link #read}, also when it declined). */
    boolean touchedGlossary() {
        return !terms.isEmpty();
    }

    private boolean inTerm(int at, int length) {
        return terms.stream().anyMatch(s -> at < s.at() + s.length() && s.at() < at + length);
    }

    /** The term's tables as the catalog has them; a term none of whose tables is here is declined. */
    private List<TableInfo> termTables(GlossaryTerm term) throws NotUnderstoodException {
        List<TableInfo> out = new ArrayList<>();
        List<String> names = term.tables().isEmpty() && term.means() != null ? List.of(term.means().contains(".")
                ? term.means().substring(0, term.means().lastIndexOf('.')) : term.means()) : term.tables();
        for (String name : names) {
            TableInfo t = GlossarySpots.table(catalog, name);
            if (t == null) {
                throw new NotUnderstoodException("the glossary's '" + term.term() + "' names " + name + ", which is not a table here");
            }
            if (!out.contains(t)) {
                out.add(t);
            }
        }
        if (out.isEmpty()) {
            throw new NotUnderstoodException("the glossary's '" + term.term() + "' names no table");
        }
        return out;
    }

    /**
     * What the glossary's terms in the question mean: a name is a mention of its table or column, a measure a
     * mention of what is measured, a filter a condition (and a mention of its table when its words name it:
     * "active customers").
     */
    private List<Mention> termMentions() throws NotUnderstoodException {
        List<Mention> out = new ArrayList<>();
        for (GlossarySpots.Spot s : terms) {
            GlossaryTerm term = s.term();
            List<TableInfo> tables = termTables(term);
            switch (term.kind()) {
                case NAME -> {
                    ColumnInfo c = term.meansColumn() == null ? null : tables.get(0).columnIgnoreCase(term.meansColumn());
                    if (term.meansColumn() != null && c == null) {
                        throw new NotUnderstoodException("the glossary's '" + term.term() + "' names " + term.means()
                                + ", which is not a column here");
                    }
                    out.add(new Mention(s.at(), s.length(), tables.get(0), c, c != null && c.isDate() ? "date" : null));
                }
                case MEASURE -> out.add(new Mention(s.at(), s.length(), null, null, "term", term));
                case FILTER -> {
                    conditions.add(new Intent.Expression(term.sql(), term.term(), tables));
                    List<String> said = words.subList(s.at(), s.at() + s.length()).stream().map(Words::stem).toList();
                    if (tables.size() == 1 && Words.stems(tables.get(0).name()).stream().allMatch(said::contains)) {
                        out.add(new Mention(s.at(), s.length(), tables.get(0), null));
                    }
                }
                default -> throw new NotUnderstoodException("the glossary's '" + term.term() + "' is of no kind these rules know");
            }
        }
        return out;
    }

    // ---- values ----

    private void linkValues() throws NotUnderstoodException {
        for (ValueLink v : values) {
            List<String> phrase = Words.split(v.phrase().toLowerCase(Locale.ROOT)); // a looked-up phrase is as written: McCartney
            int at = indexOf(phrase);
            // a looked-up value is in the data as the question names it (or one letter off); a glossary term's words mean what it says
            if (at < 0 || !v.lookedUp() && !literal(v) || inTerm(at, phrase.size())) {
                continue;
            }
            if (phrase.size() == 1) {
                String stem = Words.stem(phrase.get(0));
                TableInfo named = catalog.tables().stream().filter(t -> t != v.table() && Words.stems(t.name()).contains(stem)).findFirst()
                        .orElse(null);
                if (named != null) {
                    // "how many customers does the Bristol branch have": the branch is a row of branches, not the channel 'branch'
                    throw new NotUnderstoodException("it does not know whether '" + phrase.get(0) + "' means the table " + named.name()
                            + " or the value '" + v.value() + "' of " + v.table().name() + "." + v.column().name());
                }
            }
            if (phrase.size() == 1 && personName(v.column()) && namesAColumn(phrase.get(0)) && !capitalised(phrase.get(0))) {
                if (capitalsElsewhere()) {
                    continue; // "the total price of ... at Hove Seafront Studio": capitals for names, so 'price' is the column's word
                }
                // "what was the average price of completed appointments": the column, or clients surnamed Price?
                throw new NotUnderstoodException("it does not know whether '" + phrase.get(0) + "' is a word of a column or the "
                        + "name '" + v.value() + "' (" + v.table().name() + "." + v.column().name() + ")");
            }
            if (phrase.size() == 1 && GRAIN_ADJECTIVES.contains(phrase.get(0))) {
                String next = at + 1 < words.size() ? Words.stem(words.get(at + 1)) : "";
                if (!next.isEmpty() && catalog.tables().stream().anyMatch(t -> t != v.table() && Words.stems(t.name()).contains(next))) {
                    // "monthly downloads": downloads per month, or of shows whose frequency is 'monthly'
                    throw new NotUnderstoodException("it does not know whether '" + phrase.get(0) + " " + words.get(at + 1)
                            + "' means per " + grainName(phrase.get(0)) + " or the value '" + v.value() + "' of " + v.table().name() + "."
                            + v.column().name());
                }
            }
            ValueSpot same = null;
            for (ValueSpot s : List.copyOf(spots)) {
                boolean overlaps = at < s.at() + s.length() && s.at() < at + phrase.size();
                if (s.at() == at && s.length() == phrase.size()) {
                    same = s;
                } else if (overlaps && phrase.size() > s.length()) {
                    spots.remove(s); // the longer value wins: "new york city" over "york"
                } else if (overlaps) {
                    same = s;
                    phrase = null;
                    break;
                }
            }
            if (phrase == null) {
                continue;
            }
            if (same == null) {
                same = new ValueSpot(at, phrase.size(), new ArrayList<>());
                spots.add(same);
            }
            same.links().add(v);
            for (int i = at; i < at + phrase.size(); i++) {
                used[i] = true;
            }
        }
        for (int i = 0; i < words.size(); i++) {
            if (words.get(i).equals("\u0000quoted")) {
                String q = quoted.remove(0);
                List<ValueLink> links = values.stream().filter(v -> v.value().equalsIgnoreCase(q) || v.lookedUp() && v.phrase().equalsIgnoreCase(q))
                        .toList();
                if (links.isEmpty()) {
                    throw new NotUnderstoodException("no column has the value '" + q + "'");
                }
                spots.removeIf(s -> s.links().stream().anyMatch(l -> l.value().equalsIgnoreCase(q)));
                spots.add(new ValueSpot(i, 1, new ArrayList<>(links)));
                used[i] = true;
            }
        }
    }

    /** Whether a word is a word of some column's name: "price" of appointments.price. */
    private boolean namesAColumn(String word) {
        String stem = Words.stem(word);
        return catalog.tables().stream().flatMap(t -> t.columns().stream()).anyMatch(c -> Words.stems(c.name()).contains(stem));
    }

    /** Whether the question writes the word with a capital somewhere other than its first letter. */
    private boolean capitalised(String word) {
        Matcher m = Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(word) + "(?![\\p{L}\\p{N}])", Pattern.CASE_INSENSITIVE
                | Pattern.UNICODE_CASE).matcher(asWritten);
        while (m.find()) {
            if (m.start() > 0 && Character.isUpperCase(asWritten.charAt(m.start()))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the question writes any word after its first with a capital: its writer capitalises names. */
    private boolean capitalsElsewhere() {
        Matcher m = Pattern.compile("(?<![\\p{L}\\p{N}'])\\p{Lu}").matcher(asWritten);
        int first = asWritten.length() - asWritten.stripLeading().length();
        while (m.find()) {
            if (m.start() > first) {
                return true;
            }
        }
        return false;
    }

    /**
     * What the words just before a value say of its column: a verb of where ("live in", "based in") a place, and "surname"
     * or "last name" a family name; else null.
     */
    private Predicate<ColumnInfo> cueBefore(int at) {
        String one = at >= 1 ? words.get(at - 1) : "";
        String two = at >= 2 ? words.get(at - 2) : "";
        if (Set.of("in", "at", "from").contains(one) && Verbs.LOCATION.contains(two)) {
            return Verbs::isLocation;
        }
        if (one.equals("surname") || one.equals("name") && Set.of("last", "family").contains(two)) {
            return c -> {
                List<String> n = Words.split(c.name());
                return n.contains("surname") || n.contains("name") && (n.contains("last") || n.contains("family"));
            };
        }
        return null;
    }

    /**
     * Whether the word at {@code i} is the verb of the rows a question asks for: a past form right after "which" or "what"
     * and a table's word ("which volunteers worked", "what customers ordered"), not a column ("hours_worked") to show.
     */
    private boolean verbOfAskedRows(int i) {
        String w = words.get(i);
        boolean pastForm = pastForm(w, 4);
        return pastForm && i >= 2 && Set.of("which", "what").contains(words.get(i - 2)) && namesTable(words.get(i - 1))
                && !namesTable(w);
    }

    /** A verb's past form: an -ed word of at least {@code minLength} letters, or an irregular one ("sold"). */
    private static boolean pastForm(String w, int minLength) {
        return w.length() >= minLength && w.endsWith("ed") || Verbs.IRREGULAR.containsKey(w);
    }

    /** Subjects of a verb: the word after one is what they do ("we brew"), not a column. */
    private static final Set<String> SUBJECTS = Set.of("we", "you", "they", "i");

    /** Adjectives of a period, which name a value ('monthly') or a grouping ("monthly downloads"). */
    private static final Set<String> GRAIN_ADJECTIVES = Set.of("daily", "weekly", "monthly", "quarterly", "yearly", "annual");

    /** Whether the word at {@code at} is what a "what" or "which" asks for ("what genre is ..."). */
    private boolean asked(int at) {
        return at > 0 && (words.get(at - 1).equals("what") || words.get(at - 1).equals("which"));
    }

    /** The value is what the question says, not a word that merely shares its stem ("product" is not "Produce"). */
    private boolean literal(ValueLink v) {
        List<String> value = Words.split(v.value());
        List<String> phrase = Words.split(v.phrase());
        if (value.equals(phrase)) {
            return true;
        }
        if (!Words.stems(v.value()).equals(Words.stems(v.phrase())) && !(String.join(" ", value) + "s").equals(String.join(" ", phrase))) {
            return false; // "movies" is Movie's plural, though the stem reads it as "movy"
        }
        for (String w : phrase) {
            String s = Words.stem(w);
            for (TableInfo t : catalog.tables()) {
                if (Words.stems(t.name()).contains(s) || t.columns().stream().anyMatch(c -> Words.stems(c.name()).contains(s))) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * One column per value: the only column that has it, else the one of the table the question
     * is about (named in it, or named just before the value: "customers from Mexico"), else decline.
     */
    private void resolveValues(List<Mention> mentions) throws NotUnderstoodException {
        Set<TableInfo> named = new LinkedHashSet<>();
        mentions.forEach(m -> {
            if (m.table() != null) {
                named.add(m.table());
            }
        });
        for (ValueSpot s : spots) {
            List<Column> columns = new ArrayList<>();
            for (ValueLink l : s.links()) {
                Column c = new Column(l.table(), l.column());
                if (!columns.contains(c)) {
                    columns.add(c);
                }
            }
            List<Column> candidates = columns;
            if (candidates.size() > 1) {
                // "customers in the city of Berlin" says which column; "what genre is Thriller" asks for the genre, and says
                // nothing of where Thriller is (a title)
                List<Column> byColumn = candidates.stream()
                        .filter(c -> mentions.stream().anyMatch(m -> c.column().equals(m.column()) && c.table().equals(m.table())
                                && !asked(m.at()))).toList();
                candidates = byColumn.isEmpty() ? candidates : byColumn;
            }
            // "drivers who live in Jackson": a place, not a surname; "the surname Jackson": not a city
            Predicate<ColumnInfo> cue = cueBefore(s.at());
            List<Column> cued = cue == null ? List.of() : candidates.stream().filter(c -> cue.test(c.column())).toList();
            if (!cued.isEmpty()) {
                candidates = cued;
                if (words.get(s.at() - 1).equals("surname")) {
                    used[s.at() - 1] = true; // the column it names
                }
            }
            if (cued.isEmpty() && s.at() > 0 && words.get(s.at() - 1).equals("in") && candidates.size() > 1) {
                List<Column> places = candidates.stream().filter(c -> Verbs.isLocation(c.column())).toList();
                if (!places.isEmpty() && candidates.stream().allMatch(c -> Verbs.isLocation(c.column()) || personName(c.column()))) {
                    candidates = places; // "samples collected in Millbrook": a town, not the technician of that surname
                }
            }
            if (cued.isEmpty() && s.at() > 0 && words.get(s.at() - 1).equals("from")) {
                List<Column> places = candidates.stream().filter(c -> Verbs.isLocation(c.column())).toList();
                List<Column> people = candidates.stream().filter(c -> personName(c.column())).toList();
                if (!places.isEmpty() && !people.isEmpty()) {
                    if (people.stream().anyMatch(p -> places.stream().noneMatch(c -> c.table().equals(p.table())))) {
                        // "stays checked in from Austin": a guest's city, or the staff member of that surname who checked them in
                        throw new NotUnderstoodException("'" + s.links().get(0).value() + "' is a value of " + candidates.stream()
                                .map(Column::sql).toList() + " and it does not know whether 'from' says a place or a person");
                    }
                    candidates = places; // "customers from Preston": their city, not their surname
                }
            }
            if (candidates.size() > 1) {
                // "the team Alcatraz", "Speed Queen machines": a table named right before or right after the value says whose;
                // not "orders did Alfreds Futterkiste place" (a word between: the orders are not what the name is)
                List<Column> adjacent = candidates.stream().filter(c -> tablesBeside(s, mentions).contains(c.table())).toList();
                if (!adjacent.isEmpty() && adjacent.stream().map(Column::table).distinct().count() == 1) {
                    candidates = adjacent;
                }
            }
            if (candidates.size() > 1) {
                // "albums by AC/DC": the label of the entity a named table refers to (the artist), not a column elsewhere
                // that holds the same text (a track's composer)
                ValueOwner.Candidate owner = ValueOwner.of(candidates.stream().map(c -> new ValueOwner.Candidate(c.table(), c.column()))
                        .toList(), named);
                if (owner != null && personName(owner.column())) { // a dog's own name says more than a surname: "bookings for Cooper"
                    Set<TableInfo> above = ancestors(named);
                    List<Column> others = candidates.stream().filter(c -> !c.table().equals(owner.table()) && namesRows(c)
                            && above.contains(c.table())).toList();
                    if (!others.isEmpty()) {
                        // "bookings for Rebecca": the patron Rebecca, or the production Rebecca the bookings' performances are of
                        throw new NotUnderstoodException("'" + s.links().get(0).value() + "' is a value of " + owner.table().name() + "."
                                + owner.column().name() + " and " + others.get(0).sql() + ", both above the rows asked about, and it"
                                + " does not know which one is meant");
                    }
                }
                candidates = owner == null ? candidates : List.of(new Column(owner.table(), owner.column()));
            }
            if (candidates.size() > 1 && candidates.stream().map(Column::table).distinct().count() > 1
                    && candidates.stream().anyMatch(c -> !named.contains(c.table()) && namesRows(c))) {
                // the value is the name of rows of a table the question does not name ("Alfreds Futterkiste": a customer's
                // company name, and also one order's ship name): "how many orders did ... place" means the customer, which
                // the table it names does not settle
                throw new NotUnderstoodException("'" + s.links().get(0).value() + "' is a value of " + candidates.stream()
                        .map(Column::sql).toList() + " and it does not know which one is meant");
            }
            if (candidates.size() > 1) {
                List<Column> inNamed = candidates.stream().filter(c -> named.contains(c.table())).toList();
                candidates = inNamed.isEmpty() ? candidates : inNamed;
            }
            if (candidates.size() > 1) {
                Mention before = null;
                for (Mention m : mentions) {
                    if (m.table() != null && m.at() + m.length() <= s.at() && s.at() - (m.at() + m.length()) <= 2) {
                        before = m;
                    }
                }
                if (before != null) {
                    TableInfo t = before.table();
                    List<Column> near = candidates.stream().filter(c -> c.table().equals(t)).toList();
                    candidates = near.isEmpty() ? candidates : near;
                }
            }
            if (candidates.size() > 1) {
                throw new NotUnderstoodException("'" + s.links().get(0).value() + "' is a value of " + candidates.stream()
                        .map(Column::sql).toList() + " and it does not know which one is meant");
            }
            Column chosen = candidates.get(0);
            for (Mention m : mentions) {
                if (tableRightAfter(m, s) && !m.table().equals(chosen.table()) && chosen.table().refersTo(m.table())) {
                    // "loyalty customers": a word of the customers themselves, not customers with a cycle paid by 'loyalty'
                    throw new NotUnderstoodException("'" + String.join(" ", words.subList(s.at(), m.at() + m.length())) + "' reads '"
                            + s.links().get(0).value() + "' of " + chosen.sql() + ", a value of rows that refer to the "
                            + m.table().name() + ", and it does not know whether that is meant");
                }
            }
            String value = s.links().stream().filter(l -> l.table().equals(chosen.table()) && l.column().equals(chosen.column()))
                    .findFirst().orElseThrow().value();
            countedValue(s, chosen, value, mentions);
            stateOfADeed(s, chosen, value, mentions);
            newlyMade(s, chosen, value);
            passiveOfOtherRows(s, chosen, value, named);
            Filter f = new Filter(chosen, value);
            if (!filters.contains(f)) {
                filters.add(f);
            }
        }
        for (int i = 0; i < filters.size(); i++) {
            for (int k = i + 1; k < filters.size(); k++) {
                if (filters.get(i).column().equals(filters.get(k).column())) {
                    // "for standard and for express": both, each, or either; a row holds one value, so both at once is no row
                    throw new NotUnderstoodException("'" + filters.get(i).value() + "' and '" + filters.get(k).value()
                            + "' are both values of " + filters.get(i).column().sql() + ", and a row holds only one; ask about each"
                            + " separately, or for each " + Words.split(filters.get(i).column().column().name()).stream()
                                    .filter(p -> !p.equals("id")).reduce((a, b) -> a + " " + b).orElse("value"));
                }
            }
        }
        // "customers whose country is Germany": the column named is the filter's, not one to show; one named after "per"
        // stays the grouping ("invoices per billing country for Germany": Germany's row of the grouping)
        mentions.removeIf(m -> m.column() != null && !groupWords.contains(m.at()) && filters.stream().anyMatch(f -> f.column().column().equals(m.column())
                && f.column().table().equals(m.table())));
    }

    /**
     * "How many no-shows did we have on shifts?": the value right after "how many" is what is counted, its own rows
     * (volunteer_shifts with attendance 'no-show'), or the shifts that have one. When another table is named and no table
     * word follows the value ("no-show volunteers"), which is meant is not settled.
     */
    private void countedValue(ValueSpot s, Column chosen, String value, List<Mention> mentions) throws NotUnderstoodException {
        if (s.at() != 2 || !words.get(0).equals("how") || !words.get(1).equals("many")
                || mentions.stream().anyMatch(m -> tableRightAfter(m, s))) {
            return;
        }
        for (Mention m : mentions) {
            if (m.column() == null && m.table() != null && !m.table().equals(chosen.table())) {
                throw new NotUnderstoodException("'" + String.join(" ", words.subList(s.at(), s.at() + s.length())) + "' is a value of "
                        + chosen.sql() + ", and it does not know whether to count those " + chosen.table().name() + " or the "
                        + m.table().name() + " that have one");
            }
        }
    }

    /** States a row passes through on its way to another ('booked' then 'travelled', 'resolved' then 'closed'). */
    private static final Set<String> PASSING_STATES = Set.of("booked", "reserved", "scheduled", "planned", "pending", "opened",
            "placed", "ordered", "requested", "submitted", "registered", "confirmed", "assigned", "accepted", "approved",
            "resolved", "shipped", "dispatched", "checked", "started", "enrolled", "invoiced", "issued", "quoted");

    /**
     * "How many customers have booked a ticket?", "Which agent resolved the most tickets?": a past form used as a verb,
     * something done ("have booked", an agent who resolved), read as a state that rows pass through ('booked', 'resolved')
     * keeps only the rows still in it, not those that moved on ('travelled', 'closed'). A state rows end in ("have
     * attended", "have travelled"), or one said of the rows ("tickets that were resolved", "resolved tickets", "members who
     * completed the course"), stays the value.
     */
    private void stateOfADeed(ValueSpot s, Column chosen, String value, List<Mention> mentions) throws NotUnderstoodException {
        String w = words.get(s.at());
        boolean pastForm = pastForm(w, 5);
        List<String> valueWords = Words.split(value);
        if (!pastForm || s.at() == 0 || !ValueIndex.isText(chosen.column()) || valueWords.isEmpty()
                || !PASSING_STATES.contains(valueWords.get(0))) {
            return; // "have attended", "have travelled", "have cancelled": a state rows end in, which says it was done
        }
        if (mentions.stream().anyMatch(m -> tableRightAfter(m, s))) {
            return; // "customers who have confirmed bookings": the bookings' state
        }
        String before = words.get(s.at() - 1);
        boolean done = Set.of("have", "has", "had", "ve", "having").contains(before)
                || mentions.stream().anyMatch(m -> m.column() == null && m.table() != null && m.at() + m.length() == s.at()
                        && !m.table().equals(chosen.table())); // "which agent resolved": the agent did it
        if (done) {
            throw new NotUnderstoodException("'" + before + " " + w + "' says something was done, and " + chosen.sql() + " = '" + value
                    + "' keeps only the rows still in that state; it does not know which is meant");
        }
    }

    /**
     * "How many day passes were paid in cash?": a past form after "were" says what was done to the rows named. A value of
     * rows of a table the question does not name (invoices.status 'paid') says nothing of them, and joining to it would
     * keep only the day passes of members with a paid invoice.
     */
    private void passiveOfOtherRows(ValueSpot s, Column chosen, String value, Set<TableInfo> named) throws NotUnderstoodException {
        if (s.at() == 0 || named.contains(chosen.table()) || !pastForm(words.get(s.at()), 4)
                || !Set.of("were", "was", "been", "being", "are", "is", "be").contains(words.get(s.at() - 1))) {
            return;
        }
        throw new NotUnderstoodException("'" + words.get(s.at() - 1) + " " + words.get(s.at()) + "' says what was done to the rows named, and '"
                + value + "' is a value of " + chosen.sql() + ", rows the question does not name; it does not know whether that is meant");
    }

    /** Verbs of rows coming into being, in which "new" may mean made then rather than a state. */
    private static final Set<String> COMING_IN = Set.of("came", "come", "comes", "arrived", "arrive", "arrives", "got", "get", "received");

    /**
     * "How many new tickets were opened in June?": 'new' may be the state 'new' or the rows made then (every ticket opened
     * in June was new once). When the question also says the rows were made (an -ed verb after it, "came in"), which is
     * meant is not settled; "how many new tickets are there" stays the state.
     */
    private void newlyMade(ValueSpot s, Column chosen, String value) throws NotUnderstoodException {
        if (!value.equalsIgnoreCase("new") || !words.get(s.at()).equals("new")) {
            return;
        }
        for (int i = s.at() + 1; i < words.size(); i++) {
            String w = words.get(i);
            if (COMING_IN.contains(w) || pastForm(w, 5) && !namesTable(w)) {
                throw new NotUnderstoodException("'new' may be " + chosen.sql() + " = '" + value + "' or the rows that '" + w
                        + "' says were made then; it does not know which is meant");
            }
        }
    }

    /** The tables named right before or right after a value, with no word between ("the team Alcatraz", "Queen machines"). */
    private static Set<TableInfo> tablesBeside(ValueSpot s, List<Mention> mentions) {
        Set<TableInfo> out = new LinkedHashSet<>();
        for (Mention m : mentions) {
            if (m.column() == null && m.table() != null && (m.at() + m.length() == s.at() || tableRightAfter(m, s))) {
                out.add(m.table());
            }
        }
        return out;
    }

    /** The mention is a table's word right after the value ("loyalty customers"). */
    private static boolean tableRightAfter(Mention m, ValueSpot s) {
        return m.column() == null && m.table() != null && m.at() == s.at() + s.length();
    }

    /** A number column that tallies what the table's rows are ("download_count" of downloads): what "most downloads" may add up. */
    private static ColumnInfo tallyColumn(TableInfo t) {
        List<String> tableStems = Words.stems(t.name());
        for (ColumnInfo c : t.columns()) {
            List<String> n = Words.split(c.name());
            if (c.isNumeric() && !t.primaryKey().contains(c.name()) && n.size() > 1 && n.contains("count")
                    && n.stream().filter(w -> !w.equals("count")).map(Words::stem).anyMatch(tableStems::contains)) {
                return c;
            }
        }
        return null;
    }

    /** Verbs of earning money before a ranking word: "made the most", "earned the least", "brought in the most". */
    private static final Set<String> EARNING = Set.of("made", "make", "makes", "earned", "earn", "earns", "brought", "generated",
            "generate", "generates", "grossed", "took");

    private String moneyVerbBeforeRanking() {
        for (int i = 0; i < words.size(); i++) {
            if (!EARNING.contains(words.get(i))) {
                continue;
            }
            int j = i + 1;
            while (j < words.size() && Set.of("in", "the", "us").contains(words.get(j))) {
                j++;
            }
            if (j < words.size() && Set.of("most", "least", "more", "less").contains(words.get(j))
                    && !(j + 1 < words.size() && namesTable(words.get(j + 1)))) { // not "made the most appointments"
                return String.join(" ", words.subList(i, j + 1));
            }
        }
        return null;
    }

    /** A person's first, last or full name. */
    private static boolean personName(ColumnInfo c) {
        List<String> n = Words.split(c.name());
        return n.contains("surname") || n.contains("name") && (n.contains("first") || n.contains("last") || n.contains("family")
                || n.contains("full"));
    }

    /** The tables the named ones refer to, and those they refer to, three steps up at most. */
    private Set<TableInfo> ancestors(Set<TableInfo> named) {
        Set<TableInfo> out = new LinkedHashSet<>();
        List<TableInfo> level = new ArrayList<>(named);
        for (int depth = 0; depth < 3 && !level.isEmpty(); depth++) {
            List<TableInfo> next = new ArrayList<>();
            for (TableInfo t : level) {
                for (TableInfo p : Joins.parents(catalog, t)) {
                    if (out.add(p)) {
                        next.add(p);
                    }
                }
            }
            level = next;
        }
        return out;
    }

    /** A column that names its table's rows: name, title, company_name, product_name (a value of it names one row). */
    private static boolean namesRows(Column c) {
        return ValueOwner.labels(c.column());
    }

    private int indexOf(List<String> phrase) {
        outer:
        for (int i = 0; i + phrase.size() <= words.size(); i++) {
            for (int k = 0; k < phrase.size(); k++) {
                if (!words.get(i + k).equals(phrase.get(k))) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    // ---- dates, limits, comparisons, aggregates, grouping ----

    private void readDates() throws NotUnderstoodException {
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String next = i + 1 < words.size() ? words.get(i + 1) : "";
            String next2 = i + 2 < words.size() ? words.get(i + 2) : "";
            int[] part = partOfYear(i);
            if (part != null) {
                // "the last quarter of 2024", "Q1 2025", "the first half of 2025": a part of a named year, never the year
                LocalDate start = LocalDate.of(part[0], part[1], 1);
                dated(i, date(start), date(start.plusMonths(part[2])));
                use(i, part[3]);
                continue;
            }
            int[] months = monthsFromTo(i);
            if (months != null) {
                // "from January to June 2025", "between March 2024 and February 2025": one period, through the last month
                LocalDate start = LocalDate.of(months[0], months[1], 1);
                dated(i, date(start), date(LocalDate.of(months[2], months[3], 1).plusMonths(1)));
                use(i, months[4]);
                continue;
            }
            if ((w.equals("since") || w.equals("after") || w.equals("before")) && MONTHS.contains(next) && isYear(next2)) {
                LocalDate month = LocalDate.of(Integer.parseInt(next2), MONTHS.indexOf(next) + 1, 1);
                LocalDate d = w.equals("after") ? month.plusMonths(1) : month; // "since March 2024" takes March in
                if (w.equals("before")) {
                    dated(i, null, date(d));
                } else {
                    dated(i, date(d), null);
                }
                use(i, i + 3);
                continue;
            }
            if ((w.equals("last") || w.equals("past")) && isNumber(next) && isGrain(next2)) {
                dated(i, "CURRENT_DATE - INTERVAL '" + Integer.parseInt(next) + "' " + grainName(next2).toUpperCase(Locale.ROOT), null);
                use(i, i + 3);
            } else if ((w.equals("last") || w.equals("past")) && isGrain(next)) {
                LocalDate start = calendarStart(grainName(next), -1);
                dated(i, date(start), date(calendarStart(grainName(next), 0)));
                use(i, i + 2);
            } else if (w.equals("this") && isGrain(next)) {
                dated(i, date(calendarStart(grainName(next), 0)), null);
                use(i, i + 2);
            } else if (w.equals("between") && isIsoDate(next) && next2.equals("and") && i + 3 < words.size() && isIsoDate(words.get(i + 3))) {
                dated(i, date(LocalDate.parse(next)), date(LocalDate.parse(words.get(i + 3)).plusDays(1)));
                use(i, i + 4);
            } else if ((w.equals("since") || w.equals("after")) && (isYear(next) || isIsoDate(next) || MONTHS.contains(next))) {
                LocalDate d = isYear(next) ? LocalDate.of(Integer.parseInt(next), 1, 1).plusYears(w.equals("after") ? 1 : 0)
                        : isIsoDate(next) ? LocalDate.parse(next) : pastMonth(MONTHS.indexOf(next) + 1);
                dated(i, date(d), null);
                use(i, i + 2);
            } else if (w.equals("before") && (isYear(next) || isIsoDate(next))) {
                dated(i, null, date(isYear(next) ? LocalDate.of(Integer.parseInt(next), 1, 1) : LocalDate.parse(next)));
                use(i, i + 2);
            } else if (MONTHS.contains(w) && !used[i]) {
                int month = MONTHS.indexOf(w) + 1;
                LocalDate start = isYear(next) ? LocalDate.of(Integer.parseInt(next), month, 1) : pastMonth(month);
                dated(i, date(start), date(start.plusMonths(1)));
                use(i, isYear(next) ? i + 2 : i + 1);
            } else if (isYear(w) && !used[i]) {
                int y = Integer.parseInt(w);
                dated(i, date(LocalDate.of(y, 1, 1)), date(LocalDate.of(y + 1, 1, 1)));
                use(i, i + 1);
            } else if (w.equals("today")) {
                dated(i, "CURRENT_DATE", null);
                use(i, i + 1);
            }
        }
    }

    private void readLimit() {
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            boolean high = Set.of("most", "highest", "largest", "biggest", "best").contains(w);
            boolean low = Set.of("least", "lowest", "smallest", "fewest", "worst", "cheapest").contains(w);
            if ((high || low) && superlative == null) {
                superlative = w;
            }
            if ((w.equals("top") || w.equals("first") || w.equals("bottom")) && i + 1 < words.size() && isNumber(words.get(i + 1))) {
                limit = Integer.parseInt(words.get(i + 1));
                descending = !w.equals("bottom");
                use(i, i + 2);
            } else if ((high || low) && i > 0 && isNumber(words.get(i - 1)) && !used[i - 1]) {
                limit = Integer.parseInt(words.get(i - 1)); // "the 3 most expensive products"
                descending = high;
                use(i - 1, i + 1);
            } else if ((high || low) && !(i > 0 && words.get(i - 1).equals("at")) && whichNumber() >= 0 && limit == null) {
                int at = whichNumber(); // "which 5 products are the most expensive"
                limit = Integer.parseInt(words.get(at));
                descending = high;
                used[at] = true;
                used[i] = !w.equals("cheapest");
            } else if ((high || low) && !(i > 0 && words.get(i - 1).equals("at"))) {
                if (limit == null) {
                    limit = 1;
                    bareSuperlative = true;
                }
                descending = high;
                used[i] = !w.equals("cheapest");
            }
        }
    }

    /** The position of N in a question that starts "which N" or "what N", or -1. */
    private int whichNumber() {
        return words.size() > 2 && (words.get(0).equals("which") || words.get(0).equals("what")) && isNumber(words.get(1))
                && !used[1] ? 1 : -1;
    }

    private void readComparisons() {
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String next = i + 1 < words.size() ? words.get(i + 1) : "";
            String op = null;
            int numberAt = i + 1;
            if (w.equals("over") || w.equals("above") || (w.equals("more") || w.equals("greater")) && next.equals("than")) {
                op = ">";
            } else if (w.equals("under") || w.equals("below") || (w.equals("less") || w.equals("fewer")) && next.equals("than")) {
                op = "<";
            } else if (w.equals("at") && (next.equals("least") || next.equals("most"))) {
                op = next.equals("least") ? ">=" : "<=";
            } else if ((w.equals("of") || w.equals("equal") || w.equals("exactly")) && i > 0 && !used[i - 1] && isNumber(next)) {
                op = "="; // "a rating of 5": only after a numeric column, checked when the column is known
            }
            if (op != null && next.equals("than") || op != null && w.equals("at")) {
                numberAt = i + 2;
            }
            boolean nounFollows = numberAt + 1 < words.size() && !used[numberAt + 1] && !Words.isStop(words.get(numberAt + 1))
                    && !CURRENCY.contains(words.get(numberAt + 1));
            if (op != null && nounFollows) {
                continue; // "more than 3 items" compares a count, which these rules do not write
            }
            if (op != null && numberAt < words.size() && isNumber(words.get(numberAt)) && !used[numberAt]) {
                comparisons.add(new Compared(i, op, Double.parseDouble(words.get(numberAt))));
                use(i, numberAt + 1);
                if (numberAt + 1 < words.size() && CURRENCY.contains(words.get(numberAt + 1))) {
                    used[numberAt + 1] = true;
                }
            }
        }
    }

    private void readAggregate() {
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String fn = AGGREGATES.get(w);
            if (fn == null || used[i]) {
                continue;
            }
            if (w.equals("many") && (i == 0 || !words.get(i - 1).equals("how"))) {
                continue;
            }
            if (w.equals("number") && (i + 1 >= words.size() || !words.get(i + 1).equals("of"))) {
                continue;
            }
            if (aggregate == null) {
                aggregate = fn;
                aggregateAt = i;
                used[i] = !w.equals("revenue") && !w.equals("takings"); // the money word is read again, as the measure
            }
        }
        for (int i = 1; i < words.size(); i++) {
            boolean often = words.get(i).equals("common") || words.get(i).equals("frequent");
            if (often && limit != null && Set.of("most", "least").contains(words.get(i - 1)) && aggregate == null) {
                aggregate = "COUNT"; // "the most common ship country": the one with the most rows
                used[i] = true;
            }
        }
    }

    /** Participles that say how rows are arranged: "grouped by", "sorted by" still group or order. */
    private static final Set<String> ARRANGED = Set.of("grouped", "sorted", "ordered", "ranked", "split", "arranged", "organized",
            "organised", "categorized", "categorised", "segmented", "listed", "broken", "aggregated", "summarized", "summarised",
            "totalled", "totaled", "counted", "averaged", "measured", "filtered", "down");

    /** A verb's past participle before "by" ("made by", "written by"): the doer follows, not a grouping. */
    private static boolean agentive(String before) {
        if (ARRANGED.contains(before)) {
            return false;
        }
        return before.length() > 4 && before.endsWith("ed") || Verbs.PARTICIPLES.contains(before)
                || Set.of("written", "given", "taken", "driven").contains(before); // not every -en word: "top seven by revenue"
    }

    /** "by X", "per X", "each X", "every X" always group by X (a time grain, a table or a column). */
    private void readGrouping() throws NotUnderstoodException {
        for (int i = 0; i + 1 < words.size(); i++) {
            String w = words.get(i);
            if (w.equals("by") || w.equals("per") || w.equals("each") || w.equals("every")) {
                int at = i + 1;
                if (words.get(at).equals("each") || words.get(at).equals("every")) {
                    used[i] = true;
                    continue;
                }
                if (w.equals("by") && i > 0 && agentive(words.get(i - 1))) {
                    used[i] = true; // "bookings made by customers whose first name is Juliet": who made them, not a grouping
                    continue;
                }
                if (terms.stream().anyMatch(s -> s.at() == at && s.term().kind() == GlossaryTerm.Kind.NAME)) {
                    used[i] = true; // "per salesperson": a glossary name of a table or column
                    groupWords.add(at);
                    continue;
                }
                if (used[at] && (w.equals("by") || w.equals("per")) && aggregateAt != at
                        && spots.stream().anyMatch(s -> s.at() == at)) {
                    used[i] = true; // "payments by paypal": a value, not a grouping
                    continue;
                }
                if (used[at]) {
                    if (w.equals("each") || w.equals("every")) {
                        // "each Orion sprint": the groups are the sprints of a value, which these rules do not read
                        throw new NotUnderstoodException("it does not know what '" + w + " " + words.get(at) + "' groups by");
                    }
                    continue; // "by number of orders": what a ranking is by
                }
                if ((w.equals("each") || w.equals("every")) && words.subList(at + 1, Math.min(words.size(), at + 3)).stream()
                        .anyMatch(RELATIVES::contains)) {
                    // "for each site that had donations in 2024, how many successful donations": which groups it keeps is
                    // a condition on the groups, not on what is counted (a LEFT JOIN would list every site)
                    throw new NotUnderstoodException("it does not know which '" + w + " " + words.get(at) + "' it keeps ('"
                            + String.join(" ", words.subList(i, Math.min(words.size(), at + 4))) + "')");
                }
                used[i] = true;
                if (isGrain(words.get(at))) {
                    grain = grainName(words.get(at));
                    used[at] = true;
                } else {
                    groupWords.add(at);
                }
            }
        }
    }

    private void readDistinct() {
        for (int i = 0; i < words.size(); i++) {
            if (Set.of("distinct", "different", "unique").contains(words.get(i))) {
                distinct = true;
                used[i] = true;
            }
        }
    }

    // ---- tables and columns ----

    private List<Mention> mentions() throws NotUnderstoodException {
        List<Mention> fromTerms = termMentions();
        Set<TableInfo> named = new LinkedHashSet<>();
        for (int i = 0; i < words.size(); i++) {
            if (!used[i]) {
                Mention t = tableMention(i);
                if (t != null) {
                    named.add(t.table());
                }
            }
        }
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            Mention d = !used[i] && pastForm(w, 0) ? dateVerb(i, Set.of()) : null;
            if (d != null && d.table() != null) {
                named.add(d.table()); // "amount paid": payments, whose paid_on the verb names
            }
        }
        fromTerms.forEach(m -> named.add(m.table()));
        named.remove(null);
        List<Mention> out = new ArrayList<>(fromTerms);
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (used[i] || Words.isStop(w) && !AGGREGATES.containsKey(w) || isNumber(w)) {
                continue;
            }
            Mention m = null;
            if (MONEY.contains(w)) {
                m = namedMeasure(i, named);
                if (m == null) {
                    m = new Mention(i, 1, null, null, "money");
                }
            } else if (pastForm(w, 0) && (m = dateVerb(i, named)) != null) {
                // "hired after 1993", "paid" (paid_on): the date a date phrase applies to; without one, only grammar
            } else if (PRICE.contains(w)) {
                m = new Mention(i, 1, null, null, "price");
            }
            if (m == null) {
                m = twoWordTableMention(i);
            }
            if (m == null && (w.equals("name") || w.equals("names"))) {
                nameWords.add(i); // the label columns of a table named next to it: settled below
                continue;
            }
            if (m == null && i > 0 && SUBJECTS.contains(words.get(i - 1)) && !namesTable(w)) {
                continue; // "the beers we brew": a verb of the business, not batches.brew_date to show
            }
            if (m == null && verbOfAskedRows(i)) {
                continue; // "which volunteers worked a shift": what they did, not volunteer_shifts.hours_worked to show
            }
            if (m == null) {
                m = columnMention(i, named, true);
            }
            if (m == null && !namesTable(w)) {
                m = columnMention(i, named, false);
            }
            if (m == null) {
                m = tableMention(i);
            }
            if (m == null && !FILLER.contains(w)) {
                m = columnMention(i, named, null);
            }
            if (m != null) {
                out.add(m);
                for (int k = i; k < i + m.length(); k++) {
                    used[k] = true;
                }
                i += m.length() - 1;
            }
        }
        out.sort(java.util.Comparator.comparingInt(Mention::at));
        out.addAll(labelMentions(out));
        out.sort(java.util.Comparator.comparingInt(Mention::at));
        out.removeIf(this::flagCondition);
        return out;
    }

    /** Words that leave rows out: "not counting cancelled orders", "excluding refunds", "leave out refunded payments". */
    private static final List<List<String>> LEAVING_OUT = List.of(List.of("not", "counting"), List.of("without", "counting"),
            List.of("excluding"), List.of("exclude"), List.of("leaving", "out"), List.of("leave", "out"), List.of("ignoring"),
            List.of("ignore"));

    /**
     * Rows left out by what they are: "not counting cancelled orders" ({@code orders.status <> 'cancelled'}, rows with no
     * status kept), "excluding refunds" (a date named after it: {@code refunded_on IS NULL}), "leaving out refunded
     * payments" (a yes/no column: {@code is_refunded IS NOT TRUE}); two at once with "or"/"and". The rows' noun after
     * them ("orders", "ones") is read too. Anything else after the words declines: a leaving out never goes unread.
     */
    private void readExclusions() throws NotUnderstoodException {
        for (int i = 0; i < words.size(); i++) {
            List<String> cue = null;
            for (List<String> c : LEAVING_OUT) {
                if (i + c.size() <= words.size() && words.subList(i, i + c.size()).equals(c)) {
                    cue = c;
                    break;
                }
            }
            if (cue == null) {
                continue;
            }
            int j = i + cue.size();
            while (Set.of("the", "any", "all").contains(at(j))) {
                j++;
            }
            List<Intent.Expression> found = new ArrayList<>();
            List<TableInfo> tables = new ArrayList<>();
            int end = j;
            while (end < words.size()) {
                Intent.Expression e = leftOut(end, tables);
                if (e == null) {
                    break;
                }
                found.add(e);
                end++;
                if (!Set.of("or", "and").contains(at(end)) || end + 1 >= words.size()) {
                    break;
                }
                end++;
            }
            if (found.isEmpty() || Set.of("or", "and").contains(at(end - 1))) {
                throw new NotUnderstoodException("it does not know what '" + String.join(" ", words.subList(i, Math.min(words.size(),
                        j + 1))) + "' leaves out");
            }
            String noun = at(end);
            if (noun.equals("ones") || noun.equals("one") || tables.stream().anyMatch(t -> Words.stems(t.name()).contains(Words.stem(noun)))) {
                end++; // "cancelled orders", "waived ones"
            }
            if (Set.of("or", "and", "nor").contains(at(end)) && end + 1 < words.size()) {
                // "not counting cancelled orders or delivery charges": what follows is left out too, and it cannot say how
                throw new NotUnderstoodException("it does not know what '" + String.join(" ", words.subList(i, Math.min(words.size(),
                        end + 2))) + "' leaves out");
            }
            conditions.addAll(found);
            exclusions.addAll(found);
            use(i, end);
        }
    }

    /**
     * The condition that leaves out what the word at {@code at} says, adding its table to {@code tables}: a value of one
     * column, else the one yes/no or date column named after the word; null when it names none.
     */
    private Intent.Expression leftOut(int at, List<TableInfo> tables) throws NotUnderstoodException {
        for (ValueSpot s : List.copyOf(spots)) {
            if (s.at() == at && s.length() == 1) {
                List<ValueLink> links = s.links();
                if (links.stream().map(l -> l.table().name() + "." + l.column().name()).distinct().count() > 1) {
                    throw new NotUnderstoodException("'" + links.get(0).value() + "' is a value of " + links.stream()
                            .map(l -> l.table().name() + "." + l.column().name()).distinct().toList()
                            + " and it does not know which one is meant");
                }
                ValueLink v = links.get(0);
                spots.remove(s);
                tables.add(v.table());
                String column = ref(v.table(), v.column());
                String sql = v.column().nullable() ? "(" + column + " <> " + SqlWriter.literal(v.value()) + " OR " + column + " IS NULL)"
                        : column + " <> " + SqlWriter.literal(v.value());
                return new Intent.Expression(sql, v.column().name(), List.of(v.table()));
            }
        }
        String w = at(at);
        if (w.isEmpty() || Words.isStop(w) || catalog.tables().stream().anyMatch(t -> Words.stems(t.name()).contains(Words.stem(w)))) {
            return null; // "excluding orders from Germany": rows named, not what leaves them out
        }
        List<String> roots = new ArrayList<>(Verbs.roots(w));
        roots.add(Words.stem(w));
        List<Column> named = new ArrayList<>();
        for (TableInfo t : catalog.tables()) {
            for (ColumnInfo c : t.columns()) {
                List<String> parts = new ArrayList<>(Words.split(c.name()));
                parts.removeIf(p -> Set.of("is", "was", "has", "on", "at", "date", "time", "ts").contains(p));
                boolean flagOrDate = c.isBoolean() || c.isDate();
                if (flagOrDate && parts.size() == 1 && Verbs.sameRoot(roots, parts.get(0))) {
                    named.add(new Column(t, c));
                }
            }
        }
        if (named.size() != 1) {
            if (named.size() > 1) {
                throw new NotUnderstoodException("'" + w + "' could be " + named.stream().map(Column::sql).toList());
            }
            return null;
        }
        Column c = named.get(0);
        tables.add(c.table());
        String ref = ref(c.table(), c.column());
        if (c.column().isDate()) {
            leftOutDates.add(c.column());
        }
        String sql = c.column().isBoolean() ? ref + " IS NOT TRUE" : ref + " IS NULL";
        return new Intent.Expression(sql, c.column().name(), List.of(c.table()));
    }

    /** Words that say a yes/no column named has_... of the rows: "branches that have a cafe". */
    private static final Set<String> HAVING = Set.of("have", "has", "had", "having", "with");

    /** Words that say "is" of a yes/no column: "stations that are active". */
    private static final Set<String> COPULAS = Set.of("is", "are", "was", "were", "be", "being");

    /**
     * A yes/no column said of the rows is a condition, not a column to show: "the electric bikes" (before the
     * table's noun), "stations that are active", "stations are not active" (after is/are, "not" negating it).
     * Anywhere else the column is shown, as before.
     */
    private boolean flagCondition(Mention m) {
        if (m.column() == null || m.kind() != null || m.length() != 1 || !m.column().isBoolean()) {
            return false;
        }
        int before = m.at() - 1;
        boolean negated = before >= 0 && (words.get(before).equals("not") || words.get(before).equals("non"));
        int copula = negated ? before - 1 : before;
        boolean predicate = copula >= 0 && COPULAS.contains(words.get(copula));
        // "branches that have a cafe", "copies with damage": has_cafe, said as something the rows have
        int article = copula >= 0 && Set.of("a", "an").contains(words.get(copula)) ? copula - 1 : copula;
        predicate |= article >= 0 && HAVING.contains(words.get(article)) && Words.split(m.column().name()).get(0).matches("has|have|with");
        int next = m.at() + m.length();
        boolean adjective = next < words.size() && m.table() != null && (Words.stem(words.get(next)).equals(Words.stem(m.table().name()))
                || Words.stems(m.table().name()).size() > 1 && Words.stems(m.table().name()).get(Words.stems(m.table().name()).size() - 1)
                        .equals(Words.stem(words.get(next))));
        if (!predicate && !adjective) {
            return false;
        }
        if (negated) {
            used[before] = true;
        }
        String sql = ref(m.table(), m.column()) + (negated ? " = FALSE" : " = TRUE");
        conditions.add(new Intent.Expression(sql, m.column().name(), List.of(m.table())));
        return true;
    }

    /**
     * "name" or "names" asks for the columns that name a row (a name column, first and last name): of the table
     * named just before ("customer names") or just after ("the names of the products", "name and price of
     * products"), else of the one table the question names. A table with no such column is declined.
     */
    private List<Mention> labelMentions(List<Mention> mentions) throws NotUnderstoodException {
        List<Mention> out = new ArrayList<>();
        for (int i : nameWords) {
            TableInfo table = null;
            for (Mention m : mentions) {
                if (m.table() != null && m.column() == null && m.at() + m.length() == i) {
                    table = m.table();
                }
            }
            int of = -1; // "the names and prices of the products": the table after "of", past the other things named
            for (int k = i + 1; of < 0 && k < words.size(); k++) {
                int at = k;
                boolean named = mentions.stream().anyMatch(m -> m.at() <= at && at < m.at() + m.length()) || nameWords.contains(k);
                if (words.get(k).equals("of")) {
                    of = k;
                } else if (!named && !Words.isStop(words.get(k))) {
                    break;
                }
            }
            for (int k = of + 1; table == null && of >= 0 && k < words.size(); k++) {
                int at = k;
                Mention here = mentions.stream().filter(m -> m.at() == at).findFirst().orElse(null);
                if (here != null && here.column() == null && here.table() != null) {
                    table = here.table();
                } else if (here != null && here.table() != null || here == null && !used[k] && !Words.isStop(words.get(k))) {
                    break; // "of the most expensive product": past what the other readers understood, to the table
                }
            }
            Set<TableInfo> tables = new LinkedHashSet<>();
            mentions.forEach(m -> tables.add(m.table()));
            tables.remove(null);
            if (table == null && tables.size() == 1) {
                table = tables.iterator().next();
            }
            List<ColumnInfo> labels = table == null ? List.of() : SqlWriter.labelColumns(table);
            if (labels.isEmpty()) {
                continue; // not understood: named as such with the question's other unknown words
            }
            for (ColumnInfo c : labels) {
                out.add(new Mention(i, 1, table, c, "label"));
            }
            used[i] = true;
        }
        return out;
    }

    /** A numeric column whose own name or comment says this word ("revenue" in an order total's comment), not a synonym of it. */
    private Mention namedMeasure(int i, Set<TableInfo> named) throws NotUnderstoodException {
        String w = words.get(i);
        String singular = w.endsWith("s") ? w.substring(0, w.length() - 1) : w;
        List<Mention> found = new ArrayList<>();
        for (TableInfo t : catalog.tables()) {
            for (ColumnInfo c : t.columns()) {
                if (!c.isNumeric() || t.primaryKey().contains(c.name())) {
                    continue;
                }
                List<String> own = new ArrayList<>(Words.split(c.name()));
                if (c.comment() != null) {
                    own.addAll(Words.split(c.comment()));
                }
                if (own.contains(w) || own.contains(singular)) {
                    found.add(new Mention(i, 1, t, c));
                }
            }
        }
        if (found.size() > 1) {
            List<Mention> inNamed = found.stream().filter(m -> named.contains(m.table())).toList();
            found = inNamed.isEmpty() ? found : inNamed;
        }
        if (found.size() > 1) {
            List<Mention> money = found.stream().filter(m -> m.column().isMoneyTyped()).toList();
            found = money.isEmpty() ? found : money;
        }
        if (found.size() > 1) {
            throw new NotUnderstoodException("'" + w + "' could be " + found.stream()
                    .map(m -> m.table().name() + "." + m.column().name()).toList());
        }
        return found.isEmpty() ? null : found.get(0);
    }

    /** "hired", "shipped": a verb that names a date column (hire_date, shipped_date). */
    private Mention dateVerb(int i, Set<TableInfo> named) throws NotUnderstoodException {
        String w = words.get(i);
        List<Mention> found = new ArrayList<>();
        for (TableInfo t : catalog.tables()) {
            for (ColumnInfo c : t.columns()) {
                List<String> parts = Words.split(c.name());
                if (!c.isDate()) {
                    continue;
                }
                String x = parts.size() == 2 && Set.of("date", "on", "at", "time").contains(parts.get(1)) ? parts.get(0) : null;
                boolean byName = x != null && (w.equals(x) || w.equals(x + "d") || w.equals(x + "ed")
                        || w.equals(x + x.charAt(x.length() - 1) + "ed"));
                if (byName || Words.split(c.comment()).contains(w)) { // "signed": joined_on, "date the customer signed up"
                    found.add(new Mention(i, 1, t, c, "date"));
                }
            }
        }
        if (found.size() > 1) {
            List<Mention> inNamed = found.stream().filter(m -> named.contains(m.table())).toList();
            found = inNamed.isEmpty() ? found : inNamed;
        }
        if (found.size() > 1) {
            return new Mention(i, 1, null, null, "date"); // grammar, and no one date a date phrase could use
        }
        return found.isEmpty() ? null : found.get(0);
    }

    /**
     * The words of a column name one word of a question may stand for: its last (price of unit_price, country of
     * ship_country), or its first when the last only says what kind of value it is (hire of hire_date, company of
     * company_name). "units" is not unit_price.
     */
    private static List<String> headWord(String columnName) {
        List<String> parts = Words.split(columnName);
        if (parts.size() < 2) {
            return parts;
        }
        String last = parts.get(parts.size() - 1);
        return Set.of("date", "time", "at", "on", "name", "code", "number", "no", "id", "flag").contains(last)
                ? List.of(parts.get(0), last) : List.of(last);
    }

    /** Two words are the same word of a name: equal stems, but never "amount" (money) for "quantity" (a count). */
    private static boolean sameWord(String word, String nameWord) {
        if (word.equals(nameWord)) {
            return true;
        }
        if (word.startsWith("amount") != nameWord.startsWith("amount")) {
            return false;
        }
        return Words.stem(word).equals(Words.stem(nameWord));
    }

    private boolean namesTable(String w) {
        String singular = w.endsWith("s") && w.length() > 3 ? w.substring(0, w.length() - 1) : w;
        for (TableInfo t : catalog.tables()) {
            if (t.name().equalsIgnoreCase(w) || Words.stems(t.name()).equals(List.of(Words.stem(w)))
                    && t.name().toLowerCase(Locale.ROOT).startsWith(singular)) {
                return true;
            }
        }
        return false;
    }

    private Mention twoWordTableMention(int i) {
        for (TableInfo t : catalog.tables()) {
            List<String> stems = Words.stems(t.name());
            if (stems.size() == 2 && i + 1 < words.size() && !used[i + 1] && Words.stem(words.get(i)).equals(stems.get(0))
                    && Words.stem(words.get(i + 1)).equals(stems.get(1))) {
                return new Mention(i, 2, t, null);
            }
        }
        return null;
    }

    private Mention tableMention(int i) {
        Mention two = twoWordTableMention(i);
        if (two != null) {
            return two;
        }
        for (TableInfo t : catalog.tables()) {
            List<String> stems = Words.stems(t.name());
            if (stems.size() == 1 && Words.stem(words.get(i)).equals(stems.get(0))) {
                ColumnInfo next = i + 1 < words.size() && !used[i + 1] ? t.columnIgnoreCase(words.get(i + 1)) : null;
                return next != null ? new Mention(i, 2, t, next) : new Mention(i, 1, t, null); // "customer country"
            }
        }
        return lastWordTableMention(i);
    }

    /**
     * "shows" for netflix_shows: a word that is the last word of exactly one table's two-word name, when no
     * table is named by the word alone (then "categories" is categories, not product_categories).
     */
    private Mention lastWordTableMention(int i) {
        TableInfo only = tableByLastWord(catalog, words.get(i));
        return only == null ? null : new Mention(i, 1, only, null);
    }

    /** The one table of a two-word name whose last word is {@code word} ("shows": netflix_shows), else null. */
    static TableInfo tableByLastWord(SchemaCatalog catalog, String word) {
        String stem = Words.stem(word);
        TableInfo only = null;
        for (TableInfo t : catalog.tables()) {
            List<String> stems = Words.stems(t.name());
            if (stems.size() == 2 && stems.get(1).equals(stem)) {
                if (only != null) {
                    return null;
                }
                only = t;
            }
        }
        return only;
    }

    /**
     * A column named by the words at {@code i}: {@code exact} = true for the whole name in one or
     * more words ("ship country", "unit price", "rating"), false for a single word that is one word
     * of the name, null for a word found in a numeric column's comment. A name several tables have
     * is the column of the table the question names; if that does not settle it, the question is declined.
     */
    private Mention columnMention(int i, Set<TableInfo> named, Boolean exact) throws NotUnderstoodException {
        List<Mention> found = new ArrayList<>();
        int best = 0;
        for (TableInfo t : catalog.tables()) {
            for (ColumnInfo c : t.columns()) {
                List<String> stems = Words.stems(c.name());
                if (stems.contains("id") || t.primaryKey().contains(c.name())) {
                    continue;
                }
                int length = 0;
                if (Boolean.TRUE.equals(exact)) {
                    boolean all = i + stems.size() <= words.size();
                    for (int k = 0; all && k < stems.size(); k++) {
                        all = !used[i + k] && sameWord(words.get(i + k), Words.split(c.name()).get(k));
                    }
                    length = all ? stems.size() : 0;
                    if (length == 1 && namesTable(words.get(i))) {
                        length = 0;
                    }
                } else if (Boolean.FALSE.equals(exact)) {
                    String s = Words.stem(words.get(i));
                    String w = words.get(i);
                    length = headWord(c.name()).stream().anyMatch(n -> sameWord(w, n)) && !Words.isStop(s) && !FILLER.contains(w) ? 1 : 0;
                } else {
                    String s = Words.stem(words.get(i));
                    length = c.comment() != null && Words.stems(c.comment()).contains(s) && c.isNumeric() ? 1 : 0;
                }
                if (length > best) {
                    found.clear();
                    best = length;
                }
                if (length > 0 && length == best) {
                    found.add(new Mention(i, length, t, c));
                }
            }
        }
        if (found.size() > 1) {
            List<Mention> inNamed = found.stream().filter(m -> named.contains(m.table())).toList();
            found = inNamed.isEmpty() ? found : inNamed;
        }
        if (found.size() > 1 && exact != null) {
            // "type" names Type, and Group only through a synonym: the name said as it is wins
            List<Mention> literal = found.stream().filter(m -> saidAsWritten(m)).toList();
            found = literal.isEmpty() ? found : literal;
            if (found.size() > 1 && exact == Boolean.TRUE && found.stream().map(Mention::table).distinct().count() == 1) {
                throw new NotUnderstoodException("'" + words.get(i) + "' could be " + found.stream()
                        .map(m -> m.table().name() + "." + m.column().name()).toList());
            }
        }
        if (found.size() > 1 && exact == Boolean.FALSE) {
            // one word of several names ("price" of unit_price and list_price): only a whole name would settle it
            if (found.stream().map(Mention::table).distinct().count() == 1 && found.size() > 1) {
                throw new NotUnderstoodException("'" + words.get(i) + "' could be " + found.stream()
                        .map(m -> m.table().name() + "." + m.column().name()).toList());
            }
        }
        if (found.stream().map(Mention::table).distinct().count() > 1) {
            throw new NotUnderstoodException("'" + words.get(i) + "' is a column of " + found.stream()
                    .map(m -> m.table().name()).distinct().toList() + " and it does not know which table is meant");
        }
        return found.isEmpty() ? null : found.get(0);
    }

    /** Whether the mention's words are its column's name words as written, or their plurals, not synonyms of them. */
    private boolean saidAsWritten(Mention m) {
        List<String> name = Words.split(m.column().name());
        for (int k = 0; k < m.length(); k++) {
            String w = words.get(m.at() + k);
            boolean any = false;
            for (String n : name) {
                any |= w.equals(n) || w.equals(n + "s") || w.equals(n + "es") || n.endsWith("y") && w.equals(n.substring(0, n.length() - 1) + "ies");
            }
            if (!any) {
                return false;
            }
        }
        return true;
    }

    /**
     * Every word not yet understood is declined, naming it, except verbs ("sold", "placed", "live"): those the SQL
     * may still account for once it is known which tables it reads ({@link #unexplained}); their positions are returned.
     */
    private List<Integer> requireEverythingUnderstood() throws NotUnderstoodException {
        List<String> unknown = new ArrayList<>();
        List<Integer> verbs = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            boolean namesATable = catalog.tables().stream().anyMatch(t -> Words.split(t.name()).contains(w));
            boolean meaningless = FILLER.contains(w) && !namesATable && !nameWords.contains(i)
                    || w.equals("us") && usWrittenSmall && i > 0 && BEFORE_US.contains(words.get(i - 1)); // "registered with us"
            if (!used[i] && !Words.isStop(w) && !meaningless && aggregateAt != i) {
                unknown.add(w); // "exists" is grammar, unless a table is named after it
                if (Verbs.isVerb(w)) {
                    verbs.add(i);
                }
            }
        }
        if (unknown.size() > verbs.size()) {
            // the verbs may yet be accounted for: name the words that cannot be
            List<String> notVerbs = new ArrayList<>(unknown);
            verbs.forEach(i -> notVerbs.remove(words.get(i)));
            throw notKnown(notVerbs);
        }
        return verbs;
    }

    /** NL005 naming the words: "it does not know what 'sold' means here". */
    private static NotUnderstoodException notKnown(List<String> unknown) {
        List<String> distinct = unknown.stream().distinct().map(w -> "'" + w + "'").toList();
        return new NotUnderstoodException("it does not know what " + String.join(", ", distinct)
                + (distinct.size() == 1 ? " means" : " mean") + " here");
    }

    /**
     * The verbs among {@code verbs} that nothing in the SQL accounts for ({@link Verbs#tablesFor}), or, for a verb of
     * place ("live", "come from"), a city, country or address column of the table it is said of.
     *
     * @param tables  the tables the SQL reads
     * @param subject the table the verbs are said of (the base table), or null when not known
     * @param event   receives the tables that account for the verbs: the verb's event is recorded in their rows (the order placed)
     */
    private List<String> unexplained(List<Integer> verbs, Set<TableInfo> tables, List<Mention> mentions, TableInfo subject,
            List<TableInfo> event) {
        List<String> out = new ArrayList<>();
        for (int i : verbs) {
            String w = words.get(i);
            List<TableInfo> found = Verbs.tablesFor(w, tables);
            if (found.isEmpty() && Verbs.LOCATION.contains(w) && subject != null) {
                // "customers live in Paris": a place column of the table the verb is said of
                boolean located = mentions.stream().anyMatch(m -> m.column() != null && m.table() == subject && Verbs.isLocation(m.column()))
                        || filters.stream().anyMatch(f -> f.column().table() == subject && Verbs.isLocation(f.column().column()));
                List<String> roots = Words.roots(w);
                // "crew members based in Lisbon", with base_airport and home_city: the verb names a column of its own
                boolean namesAnother = subject.columns().stream().anyMatch(c -> Words.split(c.name()).stream().anyMatch(roots::contains)
                        && filters.stream().noneMatch(f -> f.column().table() == subject && f.column().column().equals(c)));
                if (located && !namesAnother) {
                    continue;
                }
            }
            if (found.isEmpty() && Joins.picksKey(catalog, tables, w)) {
                continue; // "trips started at": the start station's key
            }
            if (found.isEmpty() && doerFiltered(w, mentions)) {
                continue; // "directed by Martin Scorsese": director = 'Martin Scorsese'
            }
            if (found.isEmpty()) {
                out.add(w);
            } else if (event != null) {
                found.stream().filter(t -> !event.contains(t)).forEach(event::add);
            }
        }
        return out;
    }

    /** Whether only grammar stands between the aggregate word and {@code at}: "number of the titles", "how many distinct". */
    private boolean rightAfterAggregate(int at) {
        if (aggregateAt < 0 || at <= aggregateAt) {
            return false;
        }
        for (int i = aggregateAt + 1; i < at; i++) {
            String w = words.get(i);
            if (!Set.of("of", "the", "distinct", "different", "unique").contains(w)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the question filters or names the column of the verb's doer: directed (director), written (writer). */
    private boolean doerFiltered(String verb, List<Mention> mentions) {
        Set<String> doers = new LinkedHashSet<>();
        for (String root : Verbs.roots(verb)) {
            doers.add(root + "or");
            doers.add(root + "er");
            doers.add(root + "r");
        }
        List<ColumnInfo> columns = new ArrayList<>();
        filters.forEach(f -> columns.add(f.column().column()));
        mentions.stream().filter(m -> m.column() != null).forEach(m -> columns.add(m.column()));
        return columns.stream().anyMatch(c -> Words.split(c.name()).stream().anyMatch(doers::contains));
    }

    // ---- roles ----

    /**
     * Which table the rows come from, what is measured, grouped, shown and compared, and which date a date phrase
     * is about; then whether the tables the SQL reads account for the question's verbs.
     */
    private Intent roles(List<Mention> mentions, List<Integer> verbs) throws NotUnderstoodException {
        TableInfo entity = null;
        int entityAt = -1;
        int measureAt = -1;
        TableInfo counted = null;
        Column measure = null;
        String measureKind = null;
        GlossaryTerm measureTerm = null;
        TableInfo groupTable = null;
        ColumnInfo groupColumn = null;
        List<Column> shown = new ArrayList<>();
        List<Column> labels = new ArrayList<>();
        java.util.Map<Column, Integer> shownAt = new java.util.HashMap<>();
        boolean ranking = limit != null;
        boolean dated = dateFrom != null || dateTo != null || grain != null;
        if (bareSuperlative && !mentions.isEmpty() && mentions.get(0).table() != null) {
            String first = words.get(mentions.get(0).at() + mentions.get(0).length() - 1);
            if (!Words.stem(first).equals(first) && first.endsWith("s")) {
                throw new NotUnderstoodException("'" + first + "' with a superlative: the one at the top, or all of them ranked?");
            }
        }
        Column dateColumn = null;
        List<Mention> dateWords = new ArrayList<>();
        for (Mention m : mentions) {
            if (dated && m.kind() == null && m.column() != null && m.column().isDate() && dateAt >= m.at() + m.length()
                    && words.subList(m.at() + m.length(), dateAt).stream().allMatch(Words::isStop)) {
                // "with an end date in 2023": the date named right before the phrase is the one it is about
                if (dateColumn != null && !dateColumn.column().equals(m.column())) {
                    throw new NotUnderstoodException("it does not know which of two dates the date phrase is about");
                }
                dateColumn = new Column(m.table(), m.column());
                continue;
            }
            if ("date".equals(m.kind())) {
                dateWords.add(m);
                if (dated && m.column() == null) {
                    throw new NotUnderstoodException("'" + words.get(m.at()) + "' is a date of several tables and it does not know which");
                }
                if (m.column() != null && dated) {
                    if (dateColumn != null && !dateColumn.column().equals(m.column())) {
                        throw new NotUnderstoodException("it does not know which of two dates the date phrase is about");
                    }
                    if (dateAt > m.at() + m.length() && words.subList(m.at() + m.length(), dateAt).contains("for")) {
                        // "appointments booked in for July": the date they are for, not when they were booked (booked_on)
                        throw new NotUnderstoodException("'" + words.get(m.at()) + " ... for' a period may name the date the rows are for, not "
                                + m.table().name() + "." + m.column().name());
                    }
                    dateColumn = new Column(m.table(), m.column());
                }
                continue;
            }
            if ("label".equals(m.kind())) {
                Column c = new Column(m.table(), m.column());
                if (!labels.contains(c)) {
                    labels.add(c);
                    shownAt.put(c, m.at());
                }
                continue;
            }
            if (m.term() != null) {
                if (measureTerm != null || measureKind != null || measure != null) {
                    throw new NotUnderstoodException("it measures one thing only");
                }
                measureTerm = m.term();
                continue;
            }
            if (comparisonColumn(m)) {
                continue;
            }
            boolean afterBy = groupWords.contains(m.at());
            boolean numeric = m.column() != null && m.column().isNumeric();
            if (afterBy && !ranking) {
                if (groupTable != null || m.kind() != null) {
                    throw new NotUnderstoodException("it groups by one thing only");
                }
                groupTable = m.table();
                groupColumn = m.column();
                int after = m.at() + m.length();
                while (after < words.size() && after < m.at() + m.length() + 2 && Words.isStop(words.get(after))) {
                    after++; // "checked-in" is read as "checked in"
                }
                String noun = after < words.size() ? Words.stem(words.get(after)) : "";
                if (groupColumn != null && groupColumn.isBoolean() && catalog.tables().stream().anyMatch(t -> Words.stems(t.name())
                        .contains(noun))) {
                    // "the average tops per checked-in entry": each entry that checked in, not a breakdown by checked_in
                    throw new NotUnderstoodException("it does not know whether '" + words.get(m.at() - 1) + " "
                            + String.join(" ", words.subList(m.at(), after + 1)) + "' keeps the rows that are "
                            + String.join(" ", words.subList(m.at(), after)) + " or groups by " + groupColumn.name());
                }
            } else if (m.kind() != null) {
                if (measureKind != null || measure != null || measureTerm != null) {
                    throw new NotUnderstoodException("it measures one thing only");
                }
                measureKind = m.kind();
            } else if (numeric && measure == null && measureKind == null && measureTerm == null) {
                measure = new Column(m.table(), m.column());
                measureAt = m.at();
            } else if (m.column() != null) {
                Column c = new Column(m.table(), m.column());
                if (!shown.contains(c)) {
                    shown.add(c);
                    shownAt.put(c, m.at());
                }
            } else if (entity == null && !("COUNT".equals(aggregate) && !ranking && counted == null)) {
                entity = m.table();
                entityAt = m.at();
            } else if (counted == null && m.table() != entity) {
                counted = m.table();
            } else if (entity == null) {
                entity = m.table();
                entityAt = m.at();
            }
        }
        if (measureTerm != null && measure != null) {
            throw new NotUnderstoodException("it measures one thing only");
        }
        if (groupWords.size() > mentions.stream().filter(m -> groupWords.contains(m.at())).count()) {
            throw new NotUnderstoodException("it does not know what to group by");
        }
        TableInfo base;
        boolean rankByMeasure = false;
        Intent.Expression measureExpression = null;
        TableInfo subject = entity != null ? entity : counted;
        if (measureTerm != null) {
            measureExpression = new Intent.Expression(measureTerm.sql(), measureTerm.term(), termTables(measureTerm));
            aggregate = termAggregate(measureTerm);
            base = measureExpression.tables().get(0);
            if (ranking) {
                if (groupTable != null) {
                    throw new NotUnderstoodException("a top " + groupTable.name() + " per group is beyond these rules");
                }
                if (entity != null && shown.isEmpty()) {
                    groupTable = entity; // "top 5 customers by revenue"
                } else if (entity == null && shown.size() == 1 && !shown.get(0).column().isDate()) {
                    groupTable = shown.get(0).table(); // "top 5 countries by revenue"
                    groupColumn = shown.remove(0).column();
                } else if (grain == null) {
                    throw new NotUnderstoodException("it does not know what to rank by " + measureTerm.term());
                }
            }
        } else {
            if (measureKind != null) {
                TableInfo about = subject != null ? subject : groupTable;
                measure = measureOf(about, measureKind);
                if (measure == null) {
                    throw new NotUnderstoodException("it does not know which " + measureKind + " of " + (about == null ? "what" : about.name())
                            + " is meant");
                }
                if ("price".equals(measureKind) && aggregate == null && !ranking) {
                    throw new NotUnderstoodException("it does not know what to do with the price");
                }
            }
            if (ranking && entity == null && measure != null && shown.size() == 1 && shown.get(0).column().isDate() == false) {
                // "top 5 countries by total amount": the countries are grouped, the amount summed
                groupTable = shown.get(0).table();
                groupColumn = shown.remove(0).column();
                aggregate = aggregate != null ? aggregate : "SUM";
                base = measure.table();
            } else if (ranking && entity != null && measure == null && counted == null && shown.size() == 1
                    && (aggregate == null || "COUNT".equals(aggregate)) && !shown.get(0).column().isDate()
                    && (superlative == null || Set.of("most", "least", "fewest").contains(superlative))) {
                // never "which team has the biggest stadium" as the stadium with the most teams: biggest is no count
                // "which country has the most customers": rows of customers counted per country
                groupTable = shown.get(0).table();
                groupColumn = shown.remove(0).column();
                aggregate = "COUNT";
                base = entity;
                if (groupTable != entity) {
                    throw new NotUnderstoodException("it would count " + entity.name() + " by a column of " + groupTable.name());
                }
            } else if (ranking && entity != null) {
                if (measure != null && measure.table() == entity && aggregate == null) {
                    if (counted != null || !groupWords.isEmpty()) {
                        throw new NotUnderstoodException("a top " + entity.name() + " per " + (counted != null ? counted.name() : "group")
                                + " is beyond these rules");
                    }
                    rankByMeasure = true;
                    base = entity;
                } else if (measure != null || counted != null) {
                    aggregate = aggregate != null ? aggregate : measure != null ? "SUM" : "COUNT";
                    base = measure != null ? measure.table() : counted;
                    groupTable = entity;
                    groupColumn = null;
                } else {
                    throw new NotUnderstoodException("it does not know what to rank " + entity.name() + " by");
                }
            } else if (ranking && entity == null && measure == null && counted == null && "COUNT".equals(aggregate) && shown.size() == 1
                    && !shown.get(0).column().isDate()) {
                groupTable = shown.get(0).table(); // "the most common ship country": its rows counted per country
                groupColumn = shown.remove(0).column();
                base = groupTable;
            } else if (ranking && measure != null && aggregate == null && counted == null && groupTable == null && shown.isEmpty()) {
                rankByMeasure = true; // "the highest freight": the rows with the most of it
                base = measure.table();
            } else {
                if (counted != null && entity == null) {
                    entity = counted;
                }
                boolean counting = "COUNT".equals(aggregate);
                base = measure != null ? measure.table() : counting && counted != null ? counted : entity != null ? entity
                        : groupTable != null ? groupTable : shown.isEmpty() ? labels.isEmpty() ? null : labels.get(0).table()
                        : shown.get(0).table();
            }
        }
        if (base == null && measureTerm == null && !filters.isEmpty() && filters.stream().allMatch(f -> f.column().table()
                == filters.get(0).column().table() && !SqlWriter.labelColumns(f.column().table()).contains(f.column().column()))) {
            // "how many movies": the rows whose type is Movie; never "how many Beverages" as the one category row so named
            base = filters.get(0).column().table();
        }
        if (base == null) {
            throw new NotUnderstoodException("it found no table or column in the question");
        }
        if ("COUNT".equals(aggregate) && measure == null && measureExpression == null) {
            ColumnInfo tally = tallyColumn(base);
            if (tally != null) {
                // "which episode has the most downloads": rows of downloads, or their download_count added up
                throw new NotUnderstoodException("it does not know whether to count the " + base.name() + " rows or add up "
                        + base.name() + "." + tally.name());
            }
            String earned = moneyVerbBeforeRanking();
            if (earned != null) {
                // "which salons made the most": money, not how many rows
                throw new NotUnderstoodException("'" + earned + "' asks for money, and it does not know which amount to add up");
            }
        }
        if (ranking && aggregate != null && groupTable == null && grain == null) {
            throw new NotUnderstoodException("it does not know what to rank");
        }
        if (groupTable == base && groupColumn == null && !ranking) {
            groupTable = null; // "average quantity per order item": every row is one
        }
        if (aggregate != null && !"COUNT".equals(aggregate) && measure == null && measureExpression == null) {
            measure = measureOf(base, "money");
            if (measure == null) {
                throw new NotUnderstoodException("it does not know which amount to " + aggregate.toLowerCase(Locale.ROOT));
            }
        }
        boolean countsValues = false;
        if ("COUNT".equals(aggregate) && !ranking && measure == null && measureTerm == null && entity == null && counted == null
                && shown.size() == 1 && ValueIndex.isText(shown.get(0).column()) && shown.get(0).table() == base
                && rightAfterAggregate(shownAt.get(shown.get(0))) && !Words.split(shown.get(0).column().name()).contains("name")) {
            // never "how many passengers" as the distinct passenger_name values: people share names
            measure = shown.remove(0); // "how many elements", "number of titles per rating": the distinct values of the column named
            countsValues = true;
        }
        if (shown.size() == 1 && shown.get(0).column().isBoolean() && measure == null && aggregate == null) {
            // "which branches have a cafe" is not the list of has_cafe's two values
            throw new NotUnderstoodException("it does not know whether " + shown.get(0).column().name()
                    + " is a condition on the rows or a column to show");
        }
        if (aggregate != null && !shown.isEmpty()) {
            throw new NotUnderstoodException("it does not know what " + shown.get(0).column().name() + " has to do with the "
                    + (measureTerm != null ? measureTerm.term() : aggregate.toLowerCase(Locale.ROOT)));
        }
        if (aggregate != null && measure != null && "COUNT".equals(aggregate) && !countsValues) {
            throw new NotUnderstoodException("it does not know whether to count rows or add up " + measure.column().name());
        }
        if (aggregate == null && !rankByMeasure && groupTable != null) {
            throw new NotUnderstoodException("it does not know what to compute per " + groupTable.name());
        }
        if (words.contains("whose") && filters.isEmpty() && comparisons.isEmpty() && conditions.isEmpty() && dateFrom == null
                && dateTo == null) {
            // "crew members whose home city is the city of their base airport": a condition these rules did not read
            throw new NotUnderstoodException("it does not know what 'whose' keeps");
        }
        if (aggregate == null && !rankByMeasure && grain != null) {
            // "issues created per month": a count, most likely, but the rows listed with their month would answer another question
            throw new NotUnderstoodException("it does not know what to compute per " + grain);
        }
        if (!labels.isEmpty()) {
            // the names asked for: those of the rows listed, ranked or grouped, which the SQL shows anyway
            TableInfo named = aggregate == null && !rankByMeasure ? base : rankByMeasure ? base : groupColumn == null ? groupTable : null;
            for (Column c : labels) {
                if (c.table() != named && !(aggregate == null && !rankByMeasure)) {
                    throw new NotUnderstoodException("it does not know what the names of " + c.table().name() + " have to do with the "
                            + (measureTerm != null ? measureTerm.term() : aggregate != null ? aggregate.toLowerCase(Locale.ROOT) : "ranking"));
                }
            }
            if (aggregate == null && !rankByMeasure) {
                shown.addAll(labels);
                shown.sort(java.util.Comparator.comparingInt(shownAt::get));
            } else if (rankByMeasure) {
                labels.forEach(shown::remove);
            }
        }
        if (aggregate == null && !rankByMeasure && entity == base && entityAt >= 0 && measure != null && measureAt > entityAt
                && measure.table() == base && measureExpression == null) {
            shown.add(measure); // "list our plans with their monthly price": a column of the rows listed, not a measure
            shownAt.put(measure, measureAt);
            measure = null;
        }
        if (aggregate == null && !rankByMeasure && entity == base && entityAt >= 0 && !shown.isEmpty() && measure == null) {
            listRowsWithColumns(base, entityAt, shown, shownAt);
        }
        if (aggregate == null && shown.isEmpty() && measure == null && onlyKeys(base)) {
            throw new NotUnderstoodException(base.name() + " only links other tables; it does not know what to show of them");
        }
        List<Comparison> compared = new ArrayList<>();
        for (Compared c : comparisons) {
            Column target = comparisonTarget(c.at(), base, mentions);
            if (c.op().equals("=") && mentions.stream().noneMatch(m -> target.column().equals(m.column()) && m.at() + m.length() == c.at())) {
                throw new NotUnderstoodException("it does not know what " + SqlWriter.number(c.value()) + " is");
            }
            compared.add(new Comparison(target, c.op(), c.value()));
        }
        List<TableInfo> joined = new ArrayList<>();
        for (TableInfo t : new TableInfo[] {entity, counted}) {
            if (t != null && t != base && t != groupTable && !joined.contains(t)) {
                joined.add(t);
                if (aggregate == null && measure == null && filters.stream().noneMatch(f -> f.column().table() == t)
                        && compared.stream().noneMatch(c -> c.column().table() == t) && (dateColumn == null || dateColumn.table() != t)
                        && conditions.stream().noneMatch(c -> c.tables().contains(t))) {
                    shownTable(t, mentions, shown, labels);
                }
            }
        }
        Set<TableInfo> reads = new LinkedHashSet<>();
        reads.add(base);
        if (measure != null) {
            reads.add(measure.table());
        }
        if (measureExpression != null) {
            reads.addAll(measureExpression.tables());
        }
        reads.add(groupTable);
        shown.forEach(c -> reads.add(c.table()));
        labels.forEach(c -> reads.add(c.table()));
        reads.addAll(joined);
        filters.forEach(f -> reads.add(f.column().table()));
        compared.forEach(c -> reads.add(c.column().table()));
        conditions.stream().filter(c -> !exclusions.contains(c)).forEach(c -> reads.addAll(c.tables()));
        if (dateColumn != null) {
            reads.add(dateColumn.table());
        }
        reads.remove(null);
        // a table read only to leave rows out accounts for no verb: "how many business cards did we sell? leave out
        // cancelled orders" says nothing of what selling them counts
        Set<TableInfo> verbReads = new LinkedHashSet<>(reads);
        verbReads.addAll(Joins.between(catalog, base, verbReads, words).tables());
        exclusions.forEach(c -> reads.addAll(c.tables()));
        // the tables on the join paths too: "customers who ordered each product" reads orders on the way
        Set<TableInfo> named = Set.copyOf(reads);
        Joins joins = Joins.between(catalog, base, reads, words);
        reads.addAll(joins.tables());
        List<Integer> toExplain = new ArrayList<>(verbs);
        List<Integer> dateVerbsRead = new ArrayList<>();
        for (Mention m : dateWords) {
            if (m.table() == null || !reads.contains(m.table())) {
                toExplain.add(m.at()); // "how many customers paid": paid_on is a date of payments, which it does not read
            } else {
                dateVerbsRead.add(m.at()); // accounted for by its date; the tables it names still say what a join means
                List<String> roots = Words.roots(words.get(m.at()));
                boolean said = m.at() + 1 < words.size() && Set.of("to", "from", "in", "at", "on", "by", "via", "with", "for")
                        .contains(words.get(m.at() + 1)) || filters.stream().anyMatch(f -> Words.split(f.column().column().name())
                        .stream().anyMatch(roots::contains));
                if (!dated && !said && m.column() != null && m.column().nullable() && m.table() == base) {
                    // "how many accounts have been closed": those with a closing date; one with none is open. Not "orders
                    // shipped to Germany": the verb says where (ship_country), and whether they left yet is not asked
                    String column = ref(m.table(), m.column());
                    conditions.add(new Intent.Expression(column + " IS NOT NULL", words.get(m.at()), List.of(m.table())));
                }
            }
        }
        List<String> verbWords = new ArrayList<>();
        toExplain.forEach(i -> verbWords.add(words.get(i)));
        dateVerbsRead.stream().map(words::get).filter(Verbs::isVerb).forEach(verbWords::add);
        List<String> roles = joins.rolesNotSaid(verbWords);
        if (!roles.isEmpty()) {
            // "which agents have sold the most properties" through properties.listing_agent_id: what they listed
            throw new NotUnderstoodException("it does not know whether '" + String.join("', '", verbWords) + "' is what "
                    + roles.get(0) + " says");
        }
        List<TableInfo> events = new ArrayList<>();
        unexplained(dateVerbsRead, verbReads, mentions, base, events);
        List<String> unexplained = unexplained(toExplain, verbReads, mentions, base, events);
        if (!unexplained.isEmpty()) {
            throw notKnown(unexplained);
        }
        for (TableInfo bridge : joins.bridges()) {
            if (!named.contains(bridge) && !events.contains(bridge)) {
                // "products from Paris": through reviews, or orders? Nothing in the question says
                throw new NotUnderstoodException("it does not know how the tables it joins through " + bridge.name()
                        + " are related here");
            }
        }
        if (dated && dateColumn == null) {
            dateColumn = dateOf(base, events, joined, reads, mentions);
        }
        if (dated && dateColumn != null) {
            valueThatIsADatesVerb(dateColumn);
        }
        secondQuestionShown(mentions, shown, groupTable, aggregate == null && measure == null && measureExpression == null);
        if (measureKind != null && measure != null && aggregate != null && !"COUNT".equals(aggregate) && groupTable != null
                && groupColumn == null && measure.table() == groupTable) {
            // "top 3 products by revenue" as each product's own list price: a word of money read as the one value a row has
            throw new NotUnderstoodException("each row of " + groupTable.name() + " has one " + measure.column().name()
                    + ", so it does not know what the " + measureKind + " adds up per " + groupTable.name());
        }
        averageOfTotals(measure);
        averageOverQuantities(aggregate, measure);
        doneOfEveryStatus(base);
        listedRowsSayWho(base, aggregate == null && measure == null && measureExpression == null, shown);
        eitherCondition(filters.size() + compared.size() + conditions.size() + (dateFrom != null || dateTo != null ? 1 : 0));
        return new Intent(base, aggregate, measure, groupTable, groupColumn, grain, List.copyOf(filters), compared, dateFrom, dateTo,
                shown, rankByMeasure, limit, descending, distinct, joined, dateColumn, measureExpression, List.copyOf(conditions),
                List.copyOf(words));
    }

    /**
     * "What is the average total paid per supplier?": the average of each supplier's total, a sum inside an average, which
     * these rules do not write (AVG per supplier is each one's average ticket). Not when the total is the column averaged
     * ("the average total amount" of invoices.total_amount).
     */
    private void averageOfTotals(Column measure) throws NotUnderstoodException {
        for (int i = 0; i + 1 < words.size(); i++) {
            if (Set.of("average", "mean", "avg").contains(words.get(i)) && Set.of("total", "totals", "sum").contains(words.get(i + 1))
                    && (measure == null || !Words.split(measure.column().name()).contains("total"))) {
                throw new NotUnderstoodException("'" + words.get(i) + " " + words.get(i + 1) + "' is an average of totals, which it "
                        + "does not compute");
            }
        }
    }

    /**
     * "How many hires were booked in May 2025?" with hires.status 'booked' and hires.booked_on: the verb is a value and the
     * verb of a date, and the period may bound either date. It had read the status and bounded hire_date (0, at high).
     */
    private void valueThatIsADatesVerb(Column dateColumn) throws NotUnderstoodException {
        for (ValueSpot s : spots) {
            if (s.length() != 1) {
                continue;
            }
            String stem = Words.stem(words.get(s.at()));
            for (ValueLink v : s.links()) {
                for (ColumnInfo c : v.table().columns()) {
                    if (c.isDate() && !c.equals(dateColumn.column()) && Words.stems(c.name()).contains(stem)) {
                        throw new NotUnderstoodException("it does not know whether '" + words.get(s.at()) + "' is the value '" + v.value()
                                + "' of " + v.table().name() + "." + v.column().name() + " or the date " + v.table().name() + "."
                                + c.name() + " the period bounds");
                    }
                }
            }
        }
    }

    /** Verbs that say the rows were carried through: "jobs we have done", "concerts performed", "work carried out". */
    private static final Set<String> DONE = Set.of("done", "performed", "carried", "completed", "finished", "delivered", "fulfilled");

    /**
     * "How many jobs have we done for customers in Boston?": jobs done are likely the completed ones, and jobs has a status
     * (booked, cancelled, no access) the question does not settle. Counted whatever their status, the answer had been wrong
     * at medium; it declines, naming the column.
     */
    private void doneOfEveryStatus(TableInfo base) throws NotUnderstoodException {
        int at = -1;
        for (int i = 0; i < words.size() && at < 0; i++) {
            int w = i;
            if (DONE.contains(words.get(i)) && spots.stream().noneMatch(s -> s.at() <= w && w < s.at() + s.length())) {
                at = i; // not a value: "completed" of course_attendance.status says which
            }
        }
        if (base == null || !conditions.isEmpty() || at < 0) { // a glossary filter says which
            return;
        }
        for (ColumnInfo c : base.columns()) {
            List<String> w = Words.split(c.name());
            if (w.get(w.size() - 1).equals("status") && ValueIndex.isText(c)
                    && filters.stream().noneMatch(f -> f.column().table().equals(base) && f.column().column().equals(c))) {
                String verb = words.get(at);
                throw new NotUnderstoodException("it does not know whether '" + verb + "' means " + base.name() + " of one "
                        + c.name() + " or of every one");
            }
        }
    }

    /**
     * "the average price paid per adult ticket" over booking_tickets (quantity, unit_price): AVG of the rows is the average
     * line, and a ticket is one of a line's quantity; the average per unit weighs each line by it. Which one is meant is
     * not said, so it declines.
     */
    private static void averageOverQuantities(String aggregate, Column measure) throws NotUnderstoodException {
        if (!"AVG".equals(aggregate) || measure == null) {
            return;
        }
        TableInfo t = measure.table();
        List<String> measured = Words.split(measure.column().name());
        if (measured.stream().noneMatch(w -> PER_UNIT.contains(w) || w.equals("unit"))) {
            return; // "the average household size": no price of one of many
        }
        boolean lines = t.foreignKeys().stream().anyMatch(fk -> t.primaryKey().containsAll(fk.columns()))
                || Words.split(t.name()).stream().anyMatch(w -> Set.of("line", "lines", "item", "items").contains(w));
        if (!lines) {
            return; // "the average price of gadgets" with a stock qty: each row is one gadget, not a line of several
        }
        for (ColumnInfo c : t.columns()) {
            if (!c.equals(measure.column()) && c.isNumeric() && !t.primaryKey().contains(c.name())
                    && Words.split(c.name()).stream().anyMatch(QUANTITIES::contains)
                    && measured.stream().noneMatch(QUANTITIES::contains)) {
                throw new NotUnderstoodException("each row of " + t.name() + " has a quantity (" + c.name() + "), and it does not "
                        + "know whether the average of " + measure.column().name() + " is per row or per unit");
            }
        }
    }

    /**
     * Rows listed must say whose they are: "Who is the lead keeper of hive CH-07?" had listed hive_keepers.* (a member's key,
     * no name), and "who are the assistants on hive CF-03" the hive itself. A "who" question lists rows with a name; rows of
     * a link table (its key is keys of other tables) are pairs of keys, and which side's names to show is not said.
     */
    private void listedRowsSayWho(TableInfo base, boolean listsRows, List<Column> shown) throws NotUnderstoodException {
        if (!listsRows || base == null) {
            return;
        }
        boolean who = !words.isEmpty() && (words.get(0).equals("who") || words.get(0).equals("whom"));
        boolean named = shown.isEmpty() ? !SqlWriter.labelColumns(base).isEmpty()
                : shown.stream().anyMatch(c -> ValueIndex.isText(c.column()) && !c.table().primaryKey().contains(c.column().name()));
        if (who && !named) {
            throw new NotUnderstoodException("'who' asks for people, and the rows it would list (" + base.name() + ") carry no name");
        }
        if (shown.isEmpty() && linkTable(base)) {
            throw new NotUnderstoodException("the rows of " + base.name() + " pair keys of other tables, and it does not know whose "
                    + "names to show");
        }
    }

    /** A table whose key is two or more columns that all refer to other tables: hive_keepers (hive_id, member_id). */
    private static boolean linkTable(TableInfo t) {
        Set<String> referring = new LinkedHashSet<>();
        t.foreignKeys().forEach(fk -> referring.addAll(fk.columns()));
        return t.primaryKey().size() >= 2 && referring.containsAll(t.primaryKey());
    }

    /** Words after "or" that make it part of a bound, not a choice between conditions: "2 or more", "2020 or later". */
    private static final Set<String> OR_BOUNDS = Set.of("more", "less", "fewer", "over", "above", "under", "below", "later", "earlier",
            "after", "before", "so", "equal", "greater", "higher", "lower", "longer", "shorter", "older", "younger");

    /**
     * "How many customers are gold tier or live in Bath?": rows that meet either condition. The conditions read are all
     * met at once (AND), so an "or" not read into one of them (a yes/no column's "refunded or cancelled" is) declines.
     */
    private void eitherCondition(int conditionCount) throws NotUnderstoodException {
        if (conditionCount == 0) {
            return;
        }
        long orsRead = conditions.stream().filter(c -> c.sql().toLowerCase(Locale.ROOT).matches("(?s).*\\bor\\b.*")).count();
        int ors = 0;
        for (int i = 0; i < words.size(); i++) {
            int at = i;
            if (words.get(i).equals("or") && spots.stream().noneMatch(s -> s.at() < at && at < s.at() + s.length())
                    && !(i + 1 < words.size() && OR_BOUNDS.contains(words.get(i + 1)))) {
                ors++;
            }
        }
        if (ors > orsRead) {
            throw new NotUnderstoodException("'or' asks for rows that meet either of two conditions, and it reads conditions only as all"
                    + " met at once");
        }
    }

    /**
     * The aggregate a glossary measure computes (its SQL's outer function), checked against the question's own
     * aggregate word: "total revenue" and "how many units sold" say what the measure does; "average revenue"
     * would be an average of sums, which these rules do not write.
     */
    private String termAggregate(GlossaryTerm term) throws NotUnderstoodException {
        Matcher m = Pattern.compile("^\\s*([A-Za-z_]+)\\s*\\(").matcher(term.sql());
        String fn = m.find() ? m.group(1).toUpperCase(Locale.ROOT) : null;
        boolean whole = fn != null && closes(term.sql(), m.end() - 1);
        if (!whole || !Set.of("SUM", "COUNT", "AVG", "MIN", "MAX").contains(fn)) {
            fn = "SUM".equals(aggregate) || aggregate == null ? null : aggregate;
            if (fn != null) {
                throw new NotUnderstoodException("it does not know how to take the " + aggregateWord(aggregate) + " of " + term.term());
            }
            return "EXPRESSION"; // a ratio of aggregates and such: computed as the owners wrote it
        }
        if (aggregate != null && !aggregate.equals(fn) && !("COUNT".equals(aggregate) && "SUM".equals(fn) && sumsACount(term))) {
            throw new NotUnderstoodException("it does not know how to take the " + aggregateWord(aggregate) + " of " + term.term());
        }
        return fn;
    }

    /** "how many" of a measure that adds up a whole number of things (SUM(order_items.quantity)): the measure is the count. */
    private boolean sumsACount(GlossaryTerm term) throws NotUnderstoodException {
        Matcher m = Pattern.compile("(?i)^\\s*SUM\\s*\\(\\s*([A-Za-z_][\\w$]*)\\.([A-Za-z_][\\w$]*)\\s*\\)\\s*$").matcher(term.sql());
        if (!m.find()) {
            return false;
        }
        TableInfo t = GlossarySpots.table(catalog, m.group(1));
        ColumnInfo c = t == null ? null : t.columnIgnoreCase(m.group(2));
        return c != null && c.isNumeric() && !c.isMoneyTyped();
    }

    private static String aggregateWord(String aggregate) {
        return switch (aggregate) {
            case "AVG" -> "average";
            case "MAX" -> "maximum";
            case "MIN" -> "minimum";
            case "COUNT" -> "count";
            default -> "total";
        };
    }

    /** Whether the parenthesis at {@code open} closes at the end of {@code sql}: {@code SUM(a * b)}, not {@code SUM(a) / SUM(b)}. */
    private static boolean closes(String sql, int open) {
        int depth = 0;
        String s = sql.strip();
        for (int i = open; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\'') {
                int end = s.indexOf('\'', i + 1);
                i = end < 0 ? s.length() : end;
            } else if (ch == '(') {
                depth++;
            } else if (ch == ')' && --depth == 0) {
                return i == s.length() - 1;
            }
        }
        return false;
    }

    /**
     * The date a date phrase is about, when no word names one ("hired"): that of the table the question's verb
     * is about ("customers who placed an order in 2025": the order's), else of the table just before the phrase
     * when the rows must have a match in another dated table ("customers with orders in 2025"), else of the base
     * table; a table without a date of its own has its header's (order_items: the order's date). When that does
     * not settle it, the question is declined.
     */
    private Column dateOf(TableInfo base, List<TableInfo> events, List<TableInfo> joined, Set<TableInfo> reads, List<Mention> mentions)
            throws NotUnderstoodException {
        List<TableInfo> about = events.isEmpty() ? new ArrayList<>(List.of(base)) : events;
        if (events.isEmpty()) {
            about.addAll(joined);
        }
        List<Column> dates = about.stream().map(this::dateOrHeaderDate).filter(java.util.Objects::nonNull).distinct().toList();
        if (events.isEmpty()) {
            TableInfo before = null;
            for (Mention m : mentions) {
                int end = m.at() + m.length();
                boolean namedRow = spots.stream().anyMatch(s -> s.at() + s.length() == m.at() || end == s.at());
                // "the Starlight cinema have in 2025": one row named by its label, whose own date the phrase is not about
                if (m.table() != null && m.column() == null && end <= dateAt && !namedRow
                        && words.subList(end, dateAt).stream().allMatch(Words::isStop)) {
                    before = m.table();
                }
            }
            Column near = before == null || !about.contains(before) ? null : dateOrHeaderDate(before);
            if (near != null) {
                dates = List.of(near);
            } else if (dateOrHeaderDate(base) == null && base.columns().stream().anyMatch(ColumnInfo::isDate)) {
                // policies with a start and an end date: a joined table's one date (the customer's birth date) is not theirs
                dates = List.of();
            }
        }
        if (dates.size() > 1) {
            throw new NotUnderstoodException("it does not know whose date the date phrase is about: "
                    + dates.stream().map(Column::sql).toList());
        }
        boolean ownDates = about.stream().anyMatch(t -> t.columns().stream().anyMatch(ColumnInfo::isDate));
        if (dates.isEmpty() && events.isEmpty() && !ownDates) {
            // only when what is counted has no date at all: "Ford rentals in 2025" is about a rental's dates, never the car's
            dates = reads.stream().filter(t -> !about.contains(t)).map(this::dateOrHeaderDate).filter(java.util.Objects::nonNull)
                    .distinct().toList();
        }
        if (dates.size() != 1) {
            TableInfo t = about.get(0);
            List<String> own = t.columns().stream().filter(ColumnInfo::isDate).map(ColumnInfo::name).toList();
            throw new NotUnderstoodException(own.isEmpty() ? "it found no date in " + t.name()
                    : "it does not know which date of " + t.name() + " is meant: " + own);
        }
        return dates.get(0);
    }

    /** A table's own date (see {@link #ownDate}), else its header's: order_items belongs to orders and has its date. */
    private Column dateOrHeaderDate(TableInfo t) {
        ColumnInfo own = ownDate(t);
        if (own != null) {
            return new Column(t, own);
        }
        if (t.columns().stream().anyMatch(c -> c.isDate() && !leftOutDates.contains(c))) {
            return null; // dates of its own, none of them the obvious one
        }
        List<String> stems = Words.stems(t.name());
        for (TableInfo parent : Joins.parents(catalog, t)) {
            List<String> parentStems = Words.stems(parent.name());
            ColumnInfo date = ownDate(parent);
            if (date != null && stems.size() > parentStems.size() && stems.subList(0, parentStems.size()).equals(parentStems)) {
                return new Column(parent, date);
            }
        }
        return null;
    }

    /**
     * The table's only date, or the one named after it (orders.order_date, reviews.review_date), or null; a date that
     * leaves rows out ("not counting refunds": refunded_on) is no date of the rows.
     */
    private ColumnInfo ownDate(TableInfo t) {
        return ownDate(t, leftOutDates);
    }

    /** {@link #ownDate(TableInfo)} with the dates that leave rows out given. */
    static ColumnInfo ownDate(TableInfo t, Set<ColumnInfo> leftOut) {
        List<ColumnInfo> dates = t.columns().stream().filter(ColumnInfo::isDate).filter(c -> !leftOut.contains(c)).toList();
        if (dates.size() == 1) {
            return dates.get(0);
        }
        List<String> tableStems = Words.stems(t.name());
        List<ColumnInfo> named = dates.stream().filter(c -> tableStems.contains(Words.stem(Words.split(c.name()).get(0)))).toList();
        return named.size() == 1 ? named.get(0) : null;
    }

    /**
     * "List the Italian restaurants with their city": the rows listed, each with the columns named after them; never the
     * distinct cities ("the policies ... with the customer's name": each policy, with its customer's). Columns named before
     * the table ("the cities of Italian restaurants") stay what is listed.
     */
    private static void listRowsWithColumns(TableInfo base, int entityAt, List<Column> shown, Map<Column, Integer> shownAt) {
        List<ColumnInfo> names = SqlWriter.labelColumns(base);
        if (!shown.stream().allMatch(c -> shownAt.getOrDefault(c, -1) > entityAt) || shownAt.containsValue(entityAt + 1)) {
            return; // not "customer names and cities": the table word names whose names they are
        }
        // each row by its key (names repeat), its name, else the number people know it by (policy_number)
        List<Column> rows = new ArrayList<>(keyColumns(base));
        List<ColumnInfo> said = names.isEmpty() ? base.columns().stream().filter(c -> ownNumber(base, c)).toList() : names;
        said.forEach(c -> rows.add(new Column(base, c)));
        rows.removeIf(shown::contains);
        // a person of another table shown by name is told apart by its key too (customer_id before first and last name)
        for (int i = 0; i < shown.size(); i++) {
            TableInfo t = shown.get(i).table();
            if (t != base && SqlWriter.labelColumns(t).size() > 1 && shown.get(i).column().equals(SqlWriter.labelColumns(t).get(0))) {
                List<Column> key = keyColumns(t).stream().filter(k -> !shown.contains(k)).toList();
                shown.addAll(i, key);
                key.forEach(k -> shownAt.putIfAbsent(k, entityAt));
                i += key.size();
            }
        }
        shown.addAll(0, rows);
        rows.forEach(c -> shownAt.putIfAbsent(c, entityAt));
    }

    private static List<Column> keyColumns(TableInfo t) {
        return t.primaryKey().stream().map(t::columnIgnoreCase).filter(java.util.Objects::nonNull).map(c -> new Column(t, c)).toList();
    }

    /** policies.policy_number, orders.order_code: the number the table's rows are known by. */
    private static boolean ownNumber(TableInfo t, ColumnInfo c) {
        List<String> parts = Words.stems(c.name());
        return parts.size() == 2 && Set.of("number", "no", "code", "ref", "reference").contains(parts.get(1))
                && Words.stems(t.name()).contains(parts.get(0)) && !t.primaryKey().contains(c.name());
    }

    /**
     * "Which menu item sold most, and at which restaurant?": a second question about a table, answered only when the answer
     * shows that table's columns ("and which car (plate)"); else the restaurant would be joined and never shown.
     */
    private void secondQuestionShown(List<Mention> mentions, List<Column> shown, TableInfo groupTable, boolean listsRows)
            throws NotUnderstoodException {
        boolean datesShown = listsRows && shown.isEmpty() || shown.stream().anyMatch(c -> c.column().isDate());
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            boolean andBefore = words.get(i - 1).equals("and") || i > 1 && words.get(i - 2).equals("and") && Words.isStop(words.get(i - 1));
            if (andBefore && SECOND_QUESTIONS.contains(w) && !(w.equals("when") && datesShown && words.get(i - 1).equals("and"))) {
                // "Which trucks were assigned to route R04, and from when to when?": dates it would not show ("and when" is
                // answered by the rows' every column or a date shown)
                throw new NotUnderstoodException("it asks a second question ('" + String.join(" ", words.subList(i - 1,
                        Math.min(words.size(), i + 3))) + "'), which it does not answer");
            }
            if (!(w.equals("which") || w.equals("what")) || !andBefore) {
                continue;
            }
            List<String> after = words.subList(i + 1, Math.min(words.size(), i + 5));
            if (after.stream().anyMatch(SECOND_MEASURES::contains)) {
                // "how many were paid by each method and what was the total for each?": a second measure, never dropped
                throw new NotUnderstoodException("it asks a second question ('" + String.join(" ", words.subList(i - 1,
                        Math.min(words.size(), i + 5))) + "'), which it does not answer");
            }
            int at = i;
            Mention next = mentions.stream().filter(m -> m.at() > at).min(java.util.Comparator.comparingInt(Mention::at)).orElse(null);
            TableInfo asked = next == null ? null : next.table();
            if (asked != null && asked != groupTable && shown.stream().noneMatch(c -> c.table() == asked)) {
                throw new NotUnderstoodException("it asks a second question ('" + words.get(i - 1) + " " + w + " " + words.get(next.at())
                        + "'), whose answer it would not show");
            }
        }
    }

    /** A table of keys only (employee_territories): listing its rows answers nothing. */
    private static boolean onlyKeys(TableInfo t) {
        Set<String> keys = new LinkedHashSet<>(t.primaryKey());
        t.foreignKeys().forEach(fk -> keys.addAll(fk.columns()));
        return t.columns().stream().allMatch(c -> keys.contains(c.name()));
    }

    private boolean comparisonColumn(Mention m) {
        boolean priceOrMoney = "price".equals(m.kind()) || "money".equals(m.kind());
        if (!priceOrMoney && (m.column() == null || !m.column().isNumeric())) {
            return false;
        }
        for (Compared c : comparisons) {
            int op = c.at();
            if (m.at() + m.length() == op || m.at() + m.length() == op - 1 && Words.isStop(words.get(op - 1))) {
                return true;
            }
        }
        return false;
    }

    private Column comparisonTarget(int opAt, TableInfo base, List<Mention> mentions) throws NotUnderstoodException {
        for (Mention m : mentions) {
            if (m.column() != null && m.column().isNumeric() && (m.at() + m.length() == opAt || m.at() + m.length() == opAt - 1)) {
                return new Column(m.table(), m.column());
            }
            if (m.term() != null && m.at() + m.length() >= opAt - 1 && m.at() < opAt) {
                // "customers with revenue over 1000" compares a total per customer, which these rules do not write
                throw new NotUnderstoodException("it does not compare " + m.term().term() + " with a number");
            }
            if (("money".equals(m.kind()) || "price".equals(m.kind())) && m.at() + m.length() >= opAt - 1 && m.at() < opAt) {
                Column c = measureOf(base, m.kind());
                if (c != null) {
                    return c;
                }
            }
        }
        Column c = mentions.stream().anyMatch(m -> m.term() != null) ? null : measureOf(base, "money");
        if (c == null) {
            throw new NotUnderstoodException("it does not know which number to compare");
        }
        return c;
    }

    /**
     * The measure a word means on the table the question is about: for money, a money-typed column
     * named total or amount, else revenue, value, price or cost; for a price, a price column.
     * Several equally good candidates, or none, decline.
     */
    private Column measureOf(TableInfo t, String kind) throws NotUnderstoodException {
        if (t == null) {
            return null;
        }
        List<List<String>> tiers = "price".equals(kind) ? List.of(List.of("price"), List.of("cost"))
                : List.of(List.of("total", "amount"), List.of("revenue", "value", "price", "cost"));
        for (List<String> hints : tiers) {
            List<ColumnInfo> found = new ArrayList<>();
            for (ColumnInfo c : t.columns()) {
                if (!c.isNumeric() || t.primaryKey().contains(c.name())) {
                    continue;
                }
                List<String> names = Words.split(c.name());
                boolean named = hints.stream().anyMatch(names::contains)
                        || c.comment() != null && hints.stream().anyMatch(Words.split(c.comment())::contains);
                if (named) {
                    found.add(c);
                }
            }
            List<ColumnInfo> money = found.stream().filter(ColumnInfo::isMoneyTyped).toList();
            if (!money.isEmpty()) {
                found = money;
            }
            if (found.size() == 1) {
                perUnit(t, kind, found.get(0));
                return new Column(t, found.get(0));
            }
            if (found.size() > 1) {
                throw new NotUnderstoodException("it does not know which of " + found.stream().map(ColumnInfo::name).toList()
                        + " in " + t.name() + " is meant");
            }
        }
        return null;
    }

    /** Words that open a clause restricting what they follow: "each site that had donations". */
    private static final Set<String> RELATIVES = Set.of("that", "which", "who", "whose", "where");

    /** What a second question after "and what" measures: "and what was the total for each". */
    private static final Set<String> SECOND_MEASURES = Set.of("total", "totals", "sum", "average", "mean", "median", "count",
            "number", "amount", "value", "revenue", "percentage", "share");

    /** Question words that start a second question after "and": "and from when", "and where", "and how long". */
    private static final Set<String> SECOND_QUESTIONS = Set.of("when", "where", "who", "whom", "whose", "why", "how");

    /** Words after which a table named is to be shown: "show the batch code and the beer", "with their customer". */
    private static final Set<String> SHOW_WORDS = Set.of("show", "showing", "give", "include", "including", "with", "plus", "along",
            "display", "return");

    /**
     * A table named after a word that asks to show things, in rows listed from another table ("Which batches were dumped? Show
     * the batch code and the beer."): its label is shown; a table with no label declines (held-out set 22 listed the batches
     * and joined the beers for nothing).
     */
    private void shownTable(TableInfo t, List<Mention> mentions, List<Column> shown, List<Column> labels) throws NotUnderstoodException {
        if (shown.stream().anyMatch(c -> c.table() == t) || labels.stream().anyMatch(c -> c.table() == t)) {
            return;
        }
        for (Mention m : mentions) {
            if (m.table() != t || m.column() != null) {
                continue;
            }
            boolean asked = false;
            for (int i = 0; i < m.at(); i++) {
                asked |= SHOW_WORDS.contains(words.get(i));
            }
            if (!asked) {
                return;
            }
            List<ColumnInfo> label = SqlWriter.labelColumns(t);
            if (label.isEmpty()) {
                throw new NotUnderstoodException("it does not know what to show of " + t.name());
            }
            for (ColumnInfo c : label) {
                shown.add(new Column(t, c));
            }
            return;
        }
    }

    /** Words of a price per unit's column, and of a quantity's. */
    private static final Set<String> PER_UNIT = Set.of("price", "cost", "fee", "rate");
    private static final Set<String> QUANTITIES = Set.of("quantity", "qty", "units", "count");

    /**
     * Money that adds up a price per unit in rows that carry a quantity: "revenue" is likely quantity times price, which the
     * question does not say (held-out set 22: sales with quantity and unit_price). Declines rather than add up prices.
     */
    private static void perUnit(TableInfo t, String kind, ColumnInfo money) throws NotUnderstoodException {
        if (!"money".equals(kind)) {
            return;
        }
        List<String> named = Words.split(money.name());
        boolean perSomething = named.contains("per") || named.contains("unit") || named.contains("hourly");
        if (!perSomething && named.stream().noneMatch(PER_UNIT::contains)) {
            return;
        }
        for (ColumnInfo c : t.columns()) {
            if (c != money && c.isNumeric() && !t.primaryKey().contains(c.name())
                    && Words.split(c.name()).stream().anyMatch(QUANTITIES::contains)) {
                throw new NotUnderstoodException("each row of " + t.name() + " has a quantity (" + c.name() + ") and a price ("
                        + money.name() + "), and it does not know whether the amount asked for is their product");
            }
        }
        if (perSomething) {
            // "total takings from lessons" as SUM(lessons.price_per_rider): a price per rider added up is no money taken
            throw new NotUnderstoodException(money.name() + " in " + t.name() + " is a price per unit, and adding it up is not the "
                    + "amount asked for");
        }
    }

    // ---- small helpers ----

    private void dated(int at, String start, String end) throws NotUnderstoodException {
        if (dateAt >= 0) {
            // "in 2024 and 2025", "last quarter ... 2024" read apart: one period, or the question is not read
            throw new NotUnderstoodException("it reads one period of time only, and the question says two");
        }
        dateAt = at;
        from(start, end);
    }

    /**
     * Months from one to another at {@code i}: "from (between) January [2024] to (and, through, until) June 2025", the
     * first year the last one's when not said: {first year, first month, last year, last month, end index}, or null.
     */
    private int[] monthsFromTo(int i) {
        if (!Set.of("from", "between").contains(words.get(i)) || !MONTHS.contains(at(i + 1))) {
            return null;
        }
        int j = i + 2;
        Integer firstYear = null;
        if (isYear(at(j))) {
            firstYear = Integer.parseInt(at(j));
            j++;
        }
        if (!Set.of("to", "and", "through", "until", "till").contains(at(j)) || !MONTHS.contains(at(j + 1)) || !isYear(at(j + 2))) {
            return null;
        }
        int lastYear = Integer.parseInt(at(j + 2));
        int[] out = {firstYear == null ? lastYear : firstYear, MONTHS.indexOf(at(i + 1)) + 1, lastYear, MONTHS.indexOf(at(j + 1)) + 1, j + 3};
        return LocalDate.of(out[0], out[1], 1).isAfter(LocalDate.of(out[2], out[3], 1)) ? null : out;
    }

    /** {@code table.column} as the database's SQL writes it. */
    private String ref(TableInfo t, ColumnInfo c) {
        return SchemaRenderer.identifier(catalog, t.name()) + "." + SchemaRenderer.identifier(catalog, c.name());
    }

    private String at(int i) {
        return i >= 0 && i < words.size() ? words.get(i) : "";
    }

    private static final List<String> ORDINALS = List.of("first", "second", "third", "fourth");

    /**
     * A part of a named year at {@code i}: {year, first month, months, end index}, or null. Reads "the first (second,
     * third, fourth, last, final) quarter of|in 2024", "Q3 2024", "Q3 of 2024", "the first (second) half of 2025".
     */
    private int[] partOfYear(int i) {
        String w = words.get(i);
        int q = w.matches("q[1-4]") ? w.charAt(1) - '0' : -1;
        int at = i + 1;
        int months = 3;
        if (q < 0) {
            int ordinal = w.equals("last") || w.equals("final") ? 4 : ORDINALS.indexOf(w) + 1;
            String unit = i + 1 < words.size() ? words.get(i + 1) : "";
            if (ordinal <= 0 || !(unit.equals("quarter") || unit.equals("half"))) {
                return null;
            }
            months = unit.equals("half") ? 6 : 3;
            if (months == 6 && ordinal > 2) {
                ordinal = w.equals("last") || w.equals("final") ? 2 : -1;
            }
            if (ordinal <= 0) {
                return null;
            }
            q = ordinal;
            at = i + 2;
            if (at < words.size() && !(words.get(at).equals("of") || words.get(at).equals("in"))) {
                return null;
            }
        }
        if (at < words.size() && (words.get(at).equals("of") || words.get(at).equals("in"))) {
            at++;
        }
        if (at >= words.size() || !isYear(words.get(at)) || used[at]) {
            return null;
        }
        return new int[] {Integer.parseInt(words.get(at)), (q - 1) * months + 1, months, at + 1};
    }

    private void from(String start, String end) {
        dateFrom = start;
        dateTo = end;
    }

    private void use(int from, int to) {
        for (int i = Math.max(0, from); i < Math.min(to, used.length); i++) {
            used[i] = true;
        }
    }

    private LocalDate calendarStart(String grainName, int offset) {
        return switch (grainName) {
            case "year" -> LocalDate.of(today.getYear() + offset, 1, 1);
            case "month" -> today.withDayOfMonth(1).plusMonths(offset);
            case "week" -> today.minusDays(today.getDayOfWeek().getValue() - 1L).plusWeeks(offset);
            case "quarter" -> LocalDate.of(today.getYear(), (today.getMonthValue() - 1) / 3 * 3 + 1, 1).plusMonths(3L * offset);
            default -> today.plusDays(offset);
        };
    }

    /** The latest start of that month that is not in the future. */
    private LocalDate pastMonth(int month) {
        LocalDate d = LocalDate.of(today.getYear(), month, 1);
        return d.isAfter(today) ? d.minusYears(1) : d;
    }

    private static boolean isGrain(String w) {
        return GRAINS.contains(w) || GRAINS.contains(Words.stem(w)) || w.equals("daily") || w.equals("monthly")
                || w.equals("yearly") || w.equals("weekly");
    }

    private static String grainName(String w) {
        return switch (w) {
            case "daily" -> "day";
            case "weekly" -> "week";
            case "monthly" -> "month";
            case "quarterly" -> "quarter";
            case "yearly", "annual" -> "year";
            default -> GRAINS.contains(w) ? w : Words.stem(w);
        };
    }

    private static boolean isNumber(String w) {
        return !w.isEmpty() && w.chars().allMatch(ch -> Character.isDigit(ch) || ch == '.') && Character.isDigit(w.charAt(0));
    }

    private static boolean isYear(String w) {
        return w.matches("(19|20)\\d\\d");
    }

    private static boolean isIsoDate(String w) {
        return w.matches("\\d{4}-\\d{2}-\\d{2}");
    }

    private static String date(LocalDate d) {
        return d == null ? null : "DATE '" + d + "'";
    }
}
