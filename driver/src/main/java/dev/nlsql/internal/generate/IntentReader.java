package dev.nlsql.internal.generate;

import dev.nlsql.internal.generate.Intent.Column;
import dev.nlsql.internal.generate.Intent.Comparison;
import dev.nlsql.internal.generate.Intent.Filter;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.internal.schema.Words;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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

    /** Words that only carry the grammar of a question about data. */
    static final Set<String> FILLER = Set.of("place", "places", "placed", "made", "make", "bought", "buy", "sold", "sell", "joined", "join", "signed",
            "up", "registered", "live", "lives", "living", "come", "comes", "came", "exist", "exists", "spend", "spent", "paid",
            "pay", "ordered", "received", "written", "wrote", "given", "got", "distinct", "different", "unique", "overall",
            "altogether", "currently", "far", "do", "does", "done", "happened", "recorded",
            "created", "added", "listed", "name", "names", "show", "than", "them",
            "rows", "records", "entries", "were", "was", "is", "are");

    static final Map<String, String> AGGREGATES = Map.ofEntries(
            Map.entry("count", "COUNT"), Map.entry("many", "COUNT"), Map.entry("number", "COUNT"),
            Map.entry("total", "SUM"), Map.entry("sum", "SUM"), Map.entry("revenue", "SUM"),
            Map.entry("average", "AVG"), Map.entry("avg", "AVG"), Map.entry("mean", "AVG"),
            Map.entry("maximum", "MAX"), Map.entry("max", "MAX"), Map.entry("minimum", "MIN"), Map.entry("min", "MIN"));
    /** Words that ask for money: a money-typed total of the table the question is about, never a count of items. */
    static final Set<String> MONEY = Set.of("amount", "amounts", "revenue", "revenues", "value", "turnover", "income",
            "earnings");
    /** Words that ask for a price. */
    static final Set<String> PRICE = Set.of("expensive", "cheapest", "cheap", "pricey", "priciest", "cost", "costs");
    static final List<String> GRAINS = List.of("day", "week", "month", "quarter", "year");
    static final List<String> MONTHS = List.of("january", "february", "march", "april", "may", "june", "july", "august",
            "september", "october", "november", "december");
    static final Set<String> CURRENCY = Set.of("euros", "euro", "dollars", "eur", "usd");
    private static final Pattern TOKEN = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\d{4}-\\d{2}-\\d{2})|(\\d+(?:\\.\\d+)?)|([\\p{L}][\\p{L}\\p{N}_']*)");

    /** A word or a few of the question that name a table or a column (or ask for money or a price: kind). */
    record Mention(int at, int length, TableInfo table, ColumnInfo column, String kind) {
        Mention(int at, int length, TableInfo table, ColumnInfo column) {
            this(at, length, table, column, null);
        }
    }

    /** Words of the question that are a value of one or more columns. */
    private record ValueSpot(int at, int length, List<ValueLink> links) {
    }

    private record Compared(int at, String op, double value) {
    }

    private final SchemaCatalog catalog;
    private final List<ValueLink> values;
    private final LocalDate today;
    private final List<String> words = new ArrayList<>();
    private final boolean[] used;
    private final List<String> quoted = new ArrayList<>();
    private final List<ValueSpot> spots = new ArrayList<>();
    private final List<Filter> filters = new ArrayList<>();
    private String aggregate;
    private int aggregateAt = -1;
    private Integer limit;
    private boolean bareSuperlative;
    private boolean descending = true;
    private boolean distinct;
    private String dateFrom;
    private String dateTo;
    private String grain;
    private final List<Integer> groupWords = new ArrayList<>();
    private final List<Compared> comparisons = new ArrayList<>();

    IntentReader(String question, SchemaCatalog catalog, List<ValueLink> values, LocalDate today) {
        this.catalog = catalog;
        this.values = values;
        this.today = today;
        // typographic quotes read as the plain ones: what’s, the customers’ orders, ‘Berlin’ (tools that pair ' marks,
        // such as sqlline and psql, let a question through with ’ where a plain apostrophe would open a string)
        Matcher m = TOKEN.matcher(question.toLowerCase(Locale.ROOT).replace('\u2019', '\'').replace('\u2018', '\''));
        while (m.find()) {
            if (m.group(1) != null || m.group(2) != null) {
                quoted.add(m.group(1) != null ? m.group(1) : m.group(2));
                words.add("\u0000quoted");
            } else {
                words.add(m.group().replace("'s", ""));
            }
        }
        used = new boolean[words.size()];
    }

    Intent read() throws NotUnderstoodException {
        linkValues();
        readDates();
        readLimit();
        readComparisons();
        readAggregate();
        readGrouping();
        readDistinct();
        List<Mention> mentions = mentions();
        resolveValues(mentions);
        requireEverythingUnderstood();
        return roles(mentions);
    }

    // ---- values ----

    private void linkValues() throws NotUnderstoodException {
        for (ValueLink v : values) {
            List<String> phrase = Words.split(v.phrase().toLowerCase(Locale.ROOT)); // a looked-up phrase is as written: McCartney
            int at = indexOf(phrase);
            if (at < 0 || !v.lookedUp() && !literal(v)) { // a looked-up value is in the data as the question names it (or one letter off)
                continue;
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

    /** The value is what the question says, not a word that merely shares its stem ("product" is not "Produce"). */
    private boolean literal(ValueLink v) {
        List<String> value = Words.split(v.value());
        List<String> phrase = Words.split(v.phrase());
        if (value.equals(phrase)) {
            return true;
        }
        if (!Words.stems(v.value()).equals(Words.stems(v.phrase()))) {
            return false;
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
                List<Column> byColumn = candidates.stream()
                        .filter(c -> mentions.stream().anyMatch(m -> c.column().equals(m.column()) && c.table().equals(m.table()))).toList();
                candidates = byColumn.isEmpty() ? candidates : byColumn;
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
            String value = s.links().stream().filter(l -> l.table().equals(chosen.table()) && l.column().equals(chosen.column()))
                    .findFirst().orElseThrow().value();
            Filter f = new Filter(chosen, value);
            if (!filters.contains(f)) {
                filters.add(f);
            }
        }
        // "customers whose country is Germany": the column named is the filter's, not one to show
        mentions.removeIf(m -> m.column() != null && filters.stream().anyMatch(f -> f.column().column().equals(m.column())
                && f.column().table().equals(m.table())));
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

    private void readDates() {
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String next = i + 1 < words.size() ? words.get(i + 1) : "";
            String next2 = i + 2 < words.size() ? words.get(i + 2) : "";
            if ((w.equals("last") || w.equals("past")) && isNumber(next) && isGrain(next2)) {
                from("CURRENT_DATE - INTERVAL '" + Integer.parseInt(next) + "' " + grainName(next2).toUpperCase(Locale.ROOT), null);
                use(i, i + 3);
            } else if ((w.equals("last") || w.equals("past")) && isGrain(next)) {
                LocalDate start = calendarStart(grainName(next), -1);
                from(date(start), date(calendarStart(grainName(next), 0)));
                use(i, i + 2);
            } else if (w.equals("this") && isGrain(next)) {
                from(date(calendarStart(grainName(next), 0)), null);
                use(i, i + 2);
            } else if (w.equals("between") && isIsoDate(next) && next2.equals("and") && i + 3 < words.size() && isIsoDate(words.get(i + 3))) {
                from(date(LocalDate.parse(next)), date(LocalDate.parse(words.get(i + 3)).plusDays(1)));
                use(i, i + 4);
            } else if ((w.equals("since") || w.equals("after")) && (isYear(next) || isIsoDate(next) || MONTHS.contains(next))) {
                LocalDate d = isYear(next) ? LocalDate.of(Integer.parseInt(next), 1, 1).plusYears(w.equals("after") ? 1 : 0)
                        : isIsoDate(next) ? LocalDate.parse(next) : pastMonth(MONTHS.indexOf(next) + 1);
                from(date(d), null);
                use(i, i + 2);
            } else if (w.equals("before") && (isYear(next) || isIsoDate(next))) {
                from(null, date(isYear(next) ? LocalDate.of(Integer.parseInt(next), 1, 1) : LocalDate.parse(next)));
                use(i, i + 2);
            } else if (MONTHS.contains(w) && !used[i]) {
                int month = MONTHS.indexOf(w) + 1;
                LocalDate start = isYear(next) ? LocalDate.of(Integer.parseInt(next), month, 1) : pastMonth(month);
                from(date(start), date(start.plusMonths(1)));
                use(i, isYear(next) ? i + 2 : i + 1);
            } else if (isYear(w) && !used[i]) {
                int y = Integer.parseInt(w);
                from(date(LocalDate.of(y, 1, 1)), date(LocalDate.of(y + 1, 1, 1)));
                use(i, i + 1);
            } else if (w.equals("today")) {
                from("CURRENT_DATE", null);
                use(i, i + 1);
            }
        }
    }

    private void readLimit() {
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            boolean high = Set.of("most", "highest", "largest", "biggest", "best").contains(w);
            boolean low = Set.of("least", "lowest", "smallest", "fewest", "worst", "cheapest").contains(w);
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
                used[i] = !w.equals("revenue");
            }
        }
    }

    /** "by X", "per X", "each X", "every X" always group by X (a time grain, a table or a column). */
    private void readGrouping() {
        for (int i = 0; i + 1 < words.size(); i++) {
            String w = words.get(i);
            if (w.equals("by") || w.equals("per") || w.equals("each") || w.equals("every")) {
                int at = i + 1;
                if (words.get(at).equals("each") || words.get(at).equals("every")) {
                    used[i] = true;
                    continue;
                }
                if (used[at] && (w.equals("by") || w.equals("per")) && aggregateAt != at
                        && spots.stream().anyMatch(s -> s.at() == at)) {
                    used[i] = true; // "payments by paypal": a value, not a grouping
                    continue;
                }
                if (used[at]) {
                    continue; // "by number of orders": what a ranking is by
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
        Set<TableInfo> named = new LinkedHashSet<>();
        for (int i = 0; i < words.size(); i++) {
            if (!used[i]) {
                Mention t = tableMention(i);
                if (t != null) {
                    named.add(t.table());
                }
            }
        }
        List<Mention> out = new ArrayList<>();
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
            } else if (w.endsWith("ed") && (m = dateVerb(i, named)) != null) {
                // "hired after 1993": the date a date phrase applies to; without one, only grammar
            } else if (PRICE.contains(w)) {
                m = new Mention(i, 1, null, null, "price");
            }
            if (m == null) {
                m = twoWordTableMention(i);
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
        return out;
    }

    /** A numeric column whose own name or comment says this word ("revenue" in an order total's comment), not a synonym of it. */
    private Mention namedMeasure(int i, Set<TableInfo> named) throws NotUnderstoodException {
        String w = words.get(i);
        String singular = w.endsWith("s") ? w.substring(0, w.length() - 1) : w;
        List<Mention> found = new ArrayList<>();
        for (TableInfo t : catalog.tables()) {
            for (ColumnInfo c : t.columns()) {
                if (!SqlWriter.isNumeric(c) || t.primaryKey().contains(c.name())) {
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
            List<Mention> money = found.stream().filter(m -> SqlWriter.isMoneyTyped(m.column())).toList();
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
                if (!SqlWriter.isDate(c) || parts.size() != 2 || !Set.of("date", "on", "at", "time").contains(parts.get(1))) {
                    continue;
                }
                String x = parts.get(0);
                if (w.equals(x) || w.equals(x + "d") || w.equals(x + "ed") || w.equals(x + x.charAt(x.length() - 1) + "ed")) {
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
        return null;
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
                    length = Words.split(c.name()).stream().anyMatch(n -> sameWord(w, n)) && !Words.isStop(s) && !FILLER.contains(w) ? 1 : 0;
                } else {
                    String s = Words.stem(words.get(i));
                    length = c.comment() != null && Words.stems(c.comment()).contains(s) && SqlWriter.isNumeric(c) ? 1 : 0;
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

    private void requireEverythingUnderstood() throws NotUnderstoodException {
        List<String> unknown = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            boolean namesATable = catalog.tables().stream().anyMatch(t -> Words.split(t.name()).contains(w));
            if (!used[i] && !Words.isStop(w) && (!FILLER.contains(w) || namesATable) && aggregateAt != i) {
                unknown.add(w); // "received" is grammar, unless a table is named after it (payments_received)
            }
        }
        if (!unknown.isEmpty()) {
            throw new NotUnderstoodException("it does not know what " + String.join(", ", unknown) + " refer"
                    + (unknown.size() == 1 ? "s" : "") + " to");
        }
    }

    // ---- roles ----

    /** Which table the rows come from, what is measured, grouped, shown and compared. */
    private Intent roles(List<Mention> mentions) throws NotUnderstoodException {
        TableInfo entity = null;
        TableInfo counted = null;
        Column measure = null;
        String measureKind = null;
        TableInfo groupTable = null;
        ColumnInfo groupColumn = null;
        List<Column> shown = new ArrayList<>();
        boolean ranking = limit != null;
        if (bareSuperlative && !mentions.isEmpty() && mentions.get(0).table() != null) {
            String first = words.get(mentions.get(0).at() + mentions.get(0).length() - 1);
            if (!Words.stem(first).equals(first) && first.endsWith("s")) {
                throw new NotUnderstoodException("'" + first + "' with a superlative: the one at the top, or all of them ranked?");
            }
        }
        Column dateColumn = null;
        for (Mention m : mentions) {
            if ("date".equals(m.kind())) {
                if (m.column() != null && (dateFrom != null || dateTo != null || grain != null)) {
                    if (dateColumn != null && !dateColumn.column().equals(m.column())) {
                        throw new NotUnderstoodException("it does not know which of two dates the date phrase is about");
                    }
                    dateColumn = new Column(m.table(), m.column());
                }
                continue;
            }
            if (comparisonColumn(m)) {
                continue;
            }
            boolean afterBy = groupWords.contains(m.at());
            boolean numeric = m.column() != null && SqlWriter.isNumeric(m.column());
            if (afterBy && !ranking) {
                if (groupTable != null || m.kind() != null) {
                    throw new NotUnderstoodException("it groups by one thing only");
                }
                groupTable = m.table();
                groupColumn = m.column();
            } else if (m.kind() != null) {
                if (measureKind != null || measure != null) {
                    throw new NotUnderstoodException("it measures one thing only");
                }
                measureKind = m.kind();
            } else if (numeric && measure == null && measureKind == null) {
                measure = new Column(m.table(), m.column());
            } else if (m.column() != null) {
                Column c = new Column(m.table(), m.column());
                if (!shown.contains(c)) {
                    shown.add(c);
                }
            } else if (entity == null && !("COUNT".equals(aggregate) && !ranking && counted == null)) {
                entity = m.table();
            } else if (counted == null && m.table() != entity) {
                counted = m.table();
            } else if (entity == null) {
                entity = m.table();
            }
        }
        if (groupWords.size() > mentions.stream().filter(m -> groupWords.contains(m.at())).count()) {
            throw new NotUnderstoodException("it does not know what to group by");
        }
        TableInfo base;
        boolean rankByMeasure = false;
        TableInfo subject = entity != null ? entity : counted;
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
        if (ranking && entity == null && measure != null && shown.size() == 1 && SqlWriter.isDate(shown.get(0).column()) == false) {
            // "top 5 countries by total amount": the countries are grouped, the amount summed
            groupTable = shown.get(0).table();
            groupColumn = shown.remove(0).column();
            aggregate = aggregate != null ? aggregate : "SUM";
            base = measure.table();
        } else if (ranking && entity != null && measure == null && counted == null && shown.size() == 1
                && (aggregate == null || "COUNT".equals(aggregate)) && !SqlWriter.isDate(shown.get(0).column())) {
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
        } else {
            if (counted != null && entity == null) {
                entity = counted;
            }
            boolean counting = "COUNT".equals(aggregate);
            base = measure != null ? measure.table() : counting && counted != null ? counted : entity != null ? entity
                    : groupTable != null ? groupTable : shown.isEmpty() ? null : shown.get(0).table();
        }
        if (base == null) {
            throw new NotUnderstoodException("it found no table or column in the question");
        }
        if (ranking && aggregate != null && groupTable == null && grain == null) {
            throw new NotUnderstoodException("it does not know what to rank");
        }
        if (groupTable == base && groupColumn == null && !ranking) {
            groupTable = null; // "average quantity per order item": every row is one
        }
        if (aggregate != null && !"COUNT".equals(aggregate) && measure == null) {
            measure = measureOf(base, "money");
            if (measure == null) {
                throw new NotUnderstoodException("it does not know which amount to " + aggregate.toLowerCase(Locale.ROOT));
            }
        }
        if (aggregate != null && !shown.isEmpty()) {
            throw new NotUnderstoodException("it does not know what " + shown.get(0).column().name() + " has to do with the "
                    + aggregate.toLowerCase(Locale.ROOT));
        }
        if (aggregate != null && measure != null && "COUNT".equals(aggregate)) {
            throw new NotUnderstoodException("it does not know whether to count rows or add up " + measure.column().name());
        }
        if (aggregate == null && !rankByMeasure && groupTable != null) {
            throw new NotUnderstoodException("it does not know what to compute per " + groupTable.name());
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
            }
        }
        return new Intent(base, aggregate, measure, groupTable, groupColumn, grain, List.copyOf(filters), compared, dateFrom, dateTo,
                shown, rankByMeasure, limit, descending, distinct, joined, dateColumn);
    }

    /** A table of keys only (employee_territories): listing its rows answers nothing. */
    private static boolean onlyKeys(TableInfo t) {
        Set<String> keys = new LinkedHashSet<>(t.primaryKey());
        t.foreignKeys().forEach(fk -> keys.addAll(fk.columns()));
        return t.columns().stream().allMatch(c -> keys.contains(c.name()));
    }

    private boolean comparisonColumn(Mention m) {
        boolean priceOrMoney = "price".equals(m.kind()) || "money".equals(m.kind());
        if (!priceOrMoney && (m.column() == null || !SqlWriter.isNumeric(m.column()))) {
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
            if (m.column() != null && SqlWriter.isNumeric(m.column()) && (m.at() + m.length() == opAt || m.at() + m.length() == opAt - 1)) {
                return new Column(m.table(), m.column());
            }
            if (m.kind() != null && m.at() + m.length() >= opAt - 1 && m.at() < opAt) {
                Column c = measureOf(base, m.kind());
                if (c != null) {
                    return c;
                }
            }
        }
        Column c = measureOf(base, "money");
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
                if (!SqlWriter.isNumeric(c) || t.primaryKey().contains(c.name())) {
                    continue;
                }
                List<String> names = Words.split(c.name());
                boolean named = hints.stream().anyMatch(names::contains)
                        || c.comment() != null && hints.stream().anyMatch(Words.split(c.comment())::contains);
                if (named) {
                    found.add(c);
                }
            }
            List<ColumnInfo> money = found.stream().filter(SqlWriter::isMoneyTyped).toList();
            if (!money.isEmpty()) {
                found = money;
            }
            if (found.size() == 1) {
                return new Column(t, found.get(0));
            }
            if (found.size() > 1) {
                throw new NotUnderstoodException("it does not know which of " + found.stream().map(ColumnInfo::name).toList()
                        + " in " + t.name() + " is meant");
            }
        }
        return null;
    }

    // ---- small helpers ----

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
            case "yearly" -> "year";
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
