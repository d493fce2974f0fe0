package dev.nlsql.internal.interpret;

import dev.nlsql.internal.diagnose.QueryTables;
import dev.nlsql.internal.knowledge.GlossaryTerm;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ColumnRole;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.internal.schema.ValueOwner;
import dev.nlsql.internal.schema.Words;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * What of a statement the question does not account for. Every table, filter, grouping, aggregate, order and limit must
 * be justified by a word of the question, a glossary term it uses, or a join path (a table used only through its keys
 * between two others); a value the question names must sit in one column, or the question must say which; and every
 * content word of the question must show in the SQL. Each miss is a doubt, said in words.
 */
final class Justification {

    static final Set<String> COUNT_WORDS = words("how", "many", "number", "count", "counts", "most", "least", "fewest", "more",
            "fewer", "less", "popular", "frequent", "often", "times", "amount", "quantity");
    static final Set<String> SUM_WORDS = words("total", "totals", "sum", "overall", "altogether", "revenue", "revenues", "sales",
            "spent", "spend", "spending", "earned", "earnings", "income", "turnover", "takings", "paid", "cumulative", "combined", "most",
            "least", "amount", "amounts", "value", "worth", "volume", "net", "gross");
    static final Set<String> AVG_WORDS = words("average", "avg", "mean", "typical", "typically", "averaged");
    static final Set<String> MAX_WORDS = words("max", "maximum", "highest", "largest", "biggest", "most", "latest", "last",
            "longest", "top", "newest", "recent", "greatest", "heaviest", "oldest", "maximal", "peak", "best", "expensive",
            "priciest", "tallest", "deepest");
    static final Set<String> MIN_WORDS = words("min", "minimum", "lowest", "smallest", "least", "earliest", "first", "shortest",
            "cheapest", "oldest", "youngest", "fewest", "minimal", "worst", "lightest", "newest", "recent", "latest");
    static final Set<String> ORDER_WORDS = words("top", "most", "least", "highest", "lowest", "largest", "smallest", "biggest",
            "best", "worst", "first", "last", "latest", "earliest", "newest", "oldest", "longest", "shortest", "cheapest",
            "expensive", "rank", "ranked", "ranking", "order", "ordered", "sort", "sorted", "fewest", "more", "max", "min",
            "maximum", "minimum", "greatest", "recent", "youngest", "priciest", "heaviest", "lightest", "tallest", "descending",
            "ascending", "alphabetical", "alphabetically", "popular", "frequent", "leading", "bottom");
    static final Set<String> DATE_WORDS = words("today", "yesterday", "last", "past", "this", "since", "ago", "recent", "recently",
            "previous", "current", "before", "after", "between", "during", "until", "ytd", "year", "years", "month", "months",
            "week", "weeks", "day", "days", "quarter", "quarters", "january", "february", "march", "april", "may", "june", "july",
            "august", "september", "october", "november", "december", "weekend", "weekday", "annual", "monthly", "daily",
            "weekly", "yearly", "quarterly", "hour", "hours");
    /** Words of question grammar that no SQL element needs to show. */
    static final Set<String> GRAMMAR = words("anything", "actually", "name", "names", "named", "called", "list", "show", "give", "tell", "find", "get",
            "display", "return", "rows", "records", "entries", "distinct", "different", "unique", "exist", "exists", "have",
            "has", "had", "having", "made", "make", "makes", "per", "each", "every", "among", "across", "within", "only", "just",
            "also", "still", "all", "any", "both", "either", "neither", "not", "no", "none", "without", "with", "than", "then",
            "ever", "up", "out", "over", "under", "above", "below", "more", "less", "greater", "smaller", "higher", "lower",
            "equal", "least", "at", "same", "other", "another", "such", "own", "well", "there", "here", "currently", "now",
            "including", "include", "includes", "excluding", "group", "grouped", "broken", "down", "breakdown", "split",
            "value", "values", "figure", "figures", "information", "info", "details", "detail", "data", "everything",
            "compared", "versus", "vs", "respectively", "along", "together", "based", "according", "belong", "belongs",
            "located", "live", "lives", "living", "come", "comes", "placed", "place", "sold", "sell", "sells", "bought", "buy",
            "ordered", "got", "gets", "take", "took", "taken", "use", "used", "uses", "contain", "contains", "containing",
            "registered", "listed", "recorded", "stored", "appear", "appears", "associated", "related", "linked", "like",
            "similar", "above", "do", "does", "did", "is", "are", "was", "were", "be", "been", "being", "will", "would",
            "of", "the", "a", "an", "long", "big", "large", "small", "high", "low", "many", "much", "first", "one", "two",
            "three", "four", "five", "ten", "average", "total", "number", "count", "sum", "mean", "max", "min", "maximum",
            "minimum", "top", "most", "best", "worst", "highest", "lowest", "largest", "smallest", "biggest", "fewest",
            "order", "sort", "sorted", "rank", "descending", "ascending", "alphabetical", "alphabetically", "percentage",
            "percent", "ratio", "share", "proportion", "rate");
    /** "each genre", "every genre": every one of them, as a breakdown "per genre" need not be. */
    private static final Pattern EVERY_ONE = Pattern.compile("\\b(?:each|every)\\s+[\\p{L}]");
    private static final Pattern EACH = Pattern.compile("\\b(?:each|per|every)\\s+([\\p{L}][\\p{L}\\p{N}_]*)");
    private static final Set<String> NULL_WORDS = words("without", "no", "missing", "never", "unknown", "null", "empty", "not",
            "none", "blank", "unassigned", "lacking", "any");
    private static final Set<String> ID_WORDS = words("id", "ids", "identifier", "identifiers", "key", "keys", "code", "codes",
            "number", "numbers", "pair", "pairs");
    /** Comparatives: "longer than 300000 milliseconds" is a comparison of the column it names. */
    private static final Set<String> COMPARATIVES = words("longer", "shorter", "older", "newer", "younger", "bigger", "smaller",
            "larger", "higher", "lower", "cheaper", "pricier", "heavier", "lighter", "faster", "slower", "earlier", "later",
            "exceeding", "exceeds", "exceed", "exceeded", "beyond", "greater", "fewer", "less", "more", "least", "atleast");
    /** Currencies: "over 500 euros" compares a money column. */
    private static final Set<String> CURRENCY = words("euros", "euro", "dollars", "dollar", "eur", "usd", "pounds", "gbp",
            "yen", "francs", "cents", "bucks");
    /** Words that ask about money without naming a column: "orders that cost more than 1000". */
    private static final Set<String> MONEY_WORDS = words("cost", "costs", "costing", "price", "priced", "paid", "pay", "spent",
            "worth", "expensive", "cheap", "cheaper", "cheapest", "pricier", "value", "valued", "revenue", "sales", "earned");
    /** Words of a column name that say it holds money. */
    private static final Set<String> MONEY_COLUMN = words("amount", "price", "total", "cost", "revenue", "value", "salary",
            "fee", "paid", "payment", "balance", "sales", "income", "spend", "budget", "charge", "freight", "subtotal");

    private final QuestionContext context;
    private final SqlParts parts;
    /** The question and its instructions: what justifies an element of the SQL. */
    private final QuestionTerms q;
    /** The question alone: each of its content words must show in the SQL. */
    private final QuestionTerms asked;
    private final Set<String> doubts = new LinkedHashSet<>();

    Justification(QuestionContext context, SqlParts parts) {
        this.context = context;
        this.parts = parts;
        this.q = new QuestionTerms(context.instructions() == null ? context.question()
                : context.question() + "\n" + context.instructions());
        this.asked = new QuestionTerms(context.question());
    }

    List<String> doubts() {
        conditions();
        tables();
        for (PlainSelect ps : parts.selects) {
            grouping(ps);
            orderAndLimit(ps);
            everyStatus(ps);
        }
        if (parts.top != null) {
            outputs(parts.top);
            eachDropped(parts.top);
            emptyGroupsLeftOut(parts.top);
        }
        unplacedWords();
        return List.copyOf(doubts);
    }

    // ---- filters ----

    private void conditions() {
        for (SqlParts.Condition c : parts.conditions) {
            if (glossaryCovers(c.sql().toString())) {
                continue;
            }
            String op = c.op().toUpperCase(Locale.ROOT);
            String column = c.column().sql();
            if (op.equals("IS NOT NULL") || op.equals("IS NULL")) {
                if (!named(c.column()) && !q.hasAny(NULL_WORDS) && !(op.equals("IS NOT NULL") && usedOutsideFilters(c.column()))) {
                    doubts.add("it keeps only rows where " + column + (op.equals("IS NULL") ? " is missing" : " is present")
                            + ", which the question does not ask");
                }
                continue;
            }
            boolean allValuesSaid = !c.values().isEmpty();
            boolean anyText = false;
            for (Expression v : c.values()) {
                if (v instanceof StringValue s && !looksLikeDate(s.getValue())) {
                    anyText = true;
                    if (!textSaid(s.getValue(), c)) {
                        allValuesSaid = false;
                        doubts.add("the value '" + s.getValue() + "' (" + column + ") is not in the question");
                    } else {
                        ambiguity(s.getValue(), c);
                        describesAnotherTablesRows(s.getValue(), c);
                    }
                } else if (!valueSaid(v, c)) {
                    allValuesSaid = false;
                    doubts.add("the filter " + c.sql() + " is not in the question");
                }
            }
            if (c.values().isEmpty() && !named(c.column())) {
                doubts.add("the filter " + c.sql() + " is on " + column + ", which the question does not name");
            } else if (!anyText && allValuesSaid && !named(c.column()) && !timeChosen(c) && !c.values().isEmpty()
                    && !((q.hasAny(CURRENCY) || q.hasAny(MONEY_WORDS)) && money(c.column()))) {
                doubts.add("the filter " + c.sql() + " is on " + column + ", which the question does not name");
            }
            if (timeChosen(c)) {
                otherDates(c.column());
            }
        }
    }

    /** A text value is the question's: it says it, or it was linked from the question's words (a spelling read as another). */
    private boolean textSaid(String value, SqlParts.Condition c) {
        String v = value.replace("''", "'");
        String core = v.replaceAll("^%+|%+$", "");
        if (q.says(core) || q.quoted.stream().anyMatch(x -> x.equalsIgnoreCase(core))) {
            return true;
        }
        for (ValueLink l : context.values()) {
            if (l.value().equalsIgnoreCase(core) && q.says(l.phrase())) {
                return true;
            }
        }
        // "delivered" for 'Delivered', "shipped" for 'shipped': the stems meet
        List<String> stems = Words.stems(core);
        return !stems.isEmpty() && stems.stream().allMatch(q.stems::contains);
    }

    /** A value the question names that sits in several columns: the question must say which, or one column must own it. */
    private void ambiguity(String value, SqlParts.Condition c) {
        if (!c.column().known()) {
            return;
        }
        List<ValueOwner.Candidate> in = new ArrayList<>();
        for (ValueLink l : context.values()) {
            if (l.value().equalsIgnoreCase(value.replaceAll("^%+|%+$", ""))) {
                ValueOwner.Candidate cand = new ValueOwner.Candidate(l.table(), l.column());
                if (!in.contains(cand)) {
                    in.add(cand);
                }
            }
        }
        if (in.size() < 2) {
            return;
        }
        SqlParts.Ref r = c.column();
        if (q.names(r.column().name()) && !Words.split(r.column().name()).stream().allMatch(w -> w.equals("name"))
                || q.names(r.table().name())) {
            return; // "the composer 'AC/DC'", "artist 'AC/DC'": the question says which
        }
        List<TableInfo> named = namedTables();
        ValueOwner.Candidate owner = ValueOwner.of(in, named);
        if (owner != null && owner.table().equals(r.table()) && owner.column().equals(r.column())) {
            return; // "albums by AC/DC": the artist album refers to
        }
        List<String> others = in.stream().filter(x -> !(x.table().equals(r.table()) && x.column().equals(r.column())))
                .map(x -> x.table().name() + "." + x.column().name()).toList();
        doubts.add("'" + value + "' is also a value of " + String.join(", ", others) + ", and the question does not say which is meant");
    }

    /**
     * "loyalty customers" read as customers with a cycle paid by 'loyalty' (cycles.payment_method): a value written before
     * the noun of the rows it would describe, but held by rows that refer to them. What the words mean of the customers
     * themselves is not settled by a value of their cycles.
     */
    private void describesAnotherTablesRows(String value, SqlParts.Condition c) {
        if (!c.column().known()) {
            return;
        }
        String core = value.replace("''", "'").replaceAll("^%+|%+$", "");
        List<String> phrase = Words.split(core);
        for (ValueLink l : context.values()) {
            if (l.value().equalsIgnoreCase(core)) {
                phrase = Words.split(l.phrase());
                break;
            }
        }
        List<String> words = asked.words;
        for (int i = 0; !phrase.isEmpty() && i + phrase.size() < words.size(); i++) {
            if (!words.subList(i, i + phrase.size()).equals(phrase)) {
                continue;
            }
            String noun = Words.stem(words.get(i + phrase.size()));
            TableInfo held = c.column().table();
            for (TableInfo t : parts.tables.tables()) {
                List<String> name = Words.stems(t.name());
                boolean namesRows = !name.isEmpty() && name.get(name.size() - 1).equals(noun);
                boolean refersTo = held.refersTo(t);
                if (namesRows && !t.equals(held) && refersTo) {
                    doubts.add("'" + core + "' is a value of " + held.name() + "." + c.column().column().name() + ", read as "
                            + t.name() + " with such " + held.name() + "; '" + String.join(" ", words.subList(i, i + phrase.size() + 1))
                            + "' may mean something else of the " + t.name() + " themselves");
                    return;
                }
            }
        }
    }

    private boolean valueSaid(Expression v, SqlParts.Condition c) {
        String wrap = c.wrap();
        if (v instanceof TimeKeyExpression || v.toString().toLowerCase(Locale.ROOT).contains("current_")
                || v.toString().toLowerCase(Locale.ROOT).contains("now()")) {
            return q.hasAny(DATE_WORDS);
        }
        if (v instanceof StringValue s && looksLikeDate(s.getValue()) || v instanceof DateValue) {
            String text = v instanceof StringValue s ? s.getValue() : ((DateValue) v).getValue().toString();
            return dateSaid(text);
        }
        String n = v instanceof SignedExpression s ? (s.getSign() == '-' ? "-" : "") + s.getExpression() : v.toString();
        if (v instanceof LongValue || v instanceof DoubleValue || v instanceof SignedExpression) {
            if (q.hasNumber(n.replace("-", "")) || number(n) != null && spelled(number(n))) {
                return true;
            }
            if (wrap != null && (wrap.equals("month") || wrap.equals("dow") || wrap.equals("quarter") || wrap.equals("day"))) {
                return q.hasAny(DATE_WORDS);
            }
            // a year's neighbour: "in 2023" read as >= 2023 AND < 2024
            Long year = number(n);
            if (year != null && year > 1800 && year < 2200 && (q.hasNumber(String.valueOf(year - 1)) || q.hasNumber(String.valueOf(year + 1)))) {
                return true;
            }
            // 0 in "more than none", 1 in "more than once": common bounds of counts and flags
            return (n.equals("0") || n.equals("1")) && (c.column().known()
                    && ColumnRole.kind(c.column().column().typeName()) == ColumnRole.Kind.BOOLEAN || named(c.column()));
        }
        return false;
    }

    private boolean dateSaid(String iso) {
        if (iso.length() < 4) {
            return false;
        }
        String year = iso.substring(0, 4);
        if (q.says(iso.substring(0, Math.min(10, iso.length()))) || q.hasNumber(year)) {
            return true;
        }
        try {
            int y = Integer.parseInt(year);
            if (q.hasNumber(String.valueOf(y - 1))) {
                return true; // the end of "in 2023": before 2024-01-01
            }
        } catch (NumberFormatException e) {
            return false;
        }
        return q.hasAny(DATE_WORDS); // "last quarter", "in March": dates the reader computed
    }

    private static boolean looksLikeDate(String s) {
        return s.matches("\\d{4}-\\d{2}-\\d{2}.*");
    }

    private static Long number(String n) {
        try {
            return Long.parseLong(n);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private boolean spelled(long n) {
        List<String> small = List.of("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten");
        return n >= 0 && n < small.size() && q.words.contains(small.get((int) n));
    }

    /** The statement compares a column with a bound (>, <, BETWEEN): what a comparative word asks. */
    private boolean compares() {
        return parts.conditions.stream().anyMatch(c -> Set.of(">", "<", ">=", "<=", "BETWEEN").contains(c.op().toUpperCase(Locale.ROOT)));
    }

    /** The statement reads a money column: "cost", "paid" are shown by it. */
    private boolean moneyShown() {
        return parts.conditions.stream().anyMatch(c -> money(c.column())) || parts.selects.stream().anyMatch(ps ->
                outputsAndGroups(ps).stream().anyMatch(e -> parts.columns(e).stream().anyMatch(Justification::money)));
    }

    /** A number column whose name says money: what "over 500 euros" compares. */
    private static boolean money(SqlParts.Ref r) {
        return r.known() && ColumnRole.kind(r.column().typeName()) == ColumnRole.Kind.NUMBER
                && Words.split(r.column().name()).stream().anyMatch(MONEY_COLUMN::contains);
    }

    /** The filtered column is a date and the question names a time: "in 2023" on some date of the table. */
    private boolean timeChosen(SqlParts.Condition c) {
        return c.column().known() && ColumnRole.kind(c.column().column().typeName()) == ColumnRole.Kind.TIME
                && (q.hasAny(DATE_WORDS) || !q.numbers.isEmpty());
    }

    /** A date chosen among several of its table that the question does not name: another date may be meant. */
    private void otherDates(SqlParts.Ref r) {
        if (named(r)) {
            return;
        }
        List<String> others = r.table().columns().stream().filter(col -> col != r.column()
                && ColumnRole.kind(col.typeName()) == ColumnRole.Kind.TIME).map(ColumnInfo::name).toList();
        if (!others.isEmpty()) {
            doubts.add("the date filtered is " + r.table().name() + "." + r.column().name() + "; the question does not say which of "
                    + r.table().name() + "'s dates (" + r.column().name() + ", " + String.join(", ", others) + ") it means");
        }
    }

    // ---- tables ----

    private List<TableInfo> namedTables() {
        List<TableInfo> out = new ArrayList<>();
        for (TableInfo t : parts.tables.tables()) {
            if (q.names(t.name()) || glossaryTable(t)) {
                out.add(t);
            }
        }
        return out;
    }

    private void tables() {
        List<TableInfo> all = parts.tables.tables();
        for (TableInfo t : all) {
            if (q.names(t.name()) || glossaryTable(t) || meaningfulUse(t)) {
                continue;
            }
            if (bridge(t)) {
                continue; // a join path between tables the question is about
            }
            doubts.add("it reads " + t.name() + ", which the question does not name");
        }
    }

    /** A table whose columns the question names or whose values it gives, in a filter, an output, a grouping or an order. */
    private boolean meaningfulUse(TableInfo t) {
        for (SqlParts.Condition c : parts.conditions) {
            if (t.equals(c.column().table()) && (named(c.column()) || c.values().stream().anyMatch(v -> v instanceof StringValue s
                    && textSaid(s.getValue(), c)))) {
                return true;
            }
        }
        for (PlainSelect ps : parts.selects) {
            for (Object e : outputsAndGroups(ps)) {
                for (SqlParts.Ref r : parts.columns(e)) {
                    if (t.equals(r.table()) && named(r)) {
                        return true;
                    }
                }
                // "revenue": the money a SUM the question asks for adds up lives in this table
                for (Function f : SqlParts.aggregates(e)) {
                    if (asked(f) && parts.columns(f).stream().anyMatch(r -> t.equals(r.table()) && (named(r) || money(r)))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Joined to two other tables of the statement, and used for nothing but the joins. */
    private boolean bridge(TableInfo t) {
        Set<TableInfo> neighbours = new LinkedHashSet<>();
        for (SqlParts.JoinEdge j : parts.joins) {
            if (t.equals(j.left().table()) && j.right().table() != null && !t.equals(j.right().table())) {
                neighbours.add(j.right().table());
            }
            if (t.equals(j.right().table()) && j.left().table() != null && !t.equals(j.left().table())) {
                neighbours.add(j.left().table());
            }
        }
        if (neighbours.size() < 2) {
            return false;
        }
        for (PlainSelect ps : parts.selects) {
            for (Object e : outputsAndGroups(ps)) {
                if (parts.columns(e).stream().anyMatch(r -> t.equals(r.table()))) {
                    return false;
                }
            }
        }
        return parts.conditions.stream().noneMatch(c -> t.equals(c.column().table()));
    }

    private static List<Object> outputsAndGroups(PlainSelect ps) {
        List<Object> out = new ArrayList<>();
        if (ps.getSelectItems() != null) {
            for (SelectItem<?> i : ps.getSelectItems()) {
                out.add(i.getExpression());
            }
        }
        if (ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null) {
            out.add(ps.getGroupBy().getGroupByExpressionList());
        }
        if (ps.getOrderByElements() != null) {
            ps.getOrderByElements().forEach(o -> out.add(o.getExpression()));
        }
        return out;
    }

    // ---- rows of every status ----

    /** Statuses that say what a person is, not how far a row got: counting people of every marital status is no doubt. */
    private static final Set<String> PERSONAL_STATUS = words("marital", "civil", "relationship", "family", "tax", "residency",
            "citizenship", "immigration", "veteran", "smoking", "vaccination");
    private static final Set<String> MEASURES = words("count", "sum", "avg");

    /**
     * Rows counted, summed or averaged whatever their status: "the most lessons" counted cancelled and scheduled lessons
     * too, where the business may count only completed ones. The question must say which statuses (a value, the word
     * "status", or a breakdown by it), else it is a doubt: the reading is not the only one.
     */
    private void everyStatus(PlainSelect ps) {
        if (q.names("status") || q.names("statuses")) {
            return;
        }
        List<TableInfo> own = QueryTables.ofSelect(ps, context.catalog());
        Set<TableInfo> measured = new LinkedHashSet<>();
        Set<TableInfo> grouped = new LinkedHashSet<>();
        if (ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null) {
            parts.columns(ps.getGroupBy().getGroupByExpressionList()).stream().filter(SqlParts.Ref::known).forEach(r -> grouped.add(r.table()));
        }
        for (SelectItem<?> item : ps.getSelectItems()) {
            for (Function f : SqlParts.aggregates(item.getExpression())) {
                if (!MEASURES.contains(f.getName().toLowerCase(Locale.ROOT))) {
                    continue;
                }
                List<SqlParts.Ref> args = parts.columns(f).stream().filter(SqlParts.Ref::known).toList();
                if (!args.isEmpty()) {
                    args.forEach(r -> measured.add(r.table()));
                } else { // COUNT(*): the rows of the tables neither grouped by nor referred to by another (a parent joined
                    // to filter: "issues of the Atlas project" counts issues whatever the project's status), or of the one table
                    List<TableInfo> counted = own.stream().filter(t -> !grouped.contains(t) && own.stream().noneMatch(o -> o != t
                            && o.refersTo(t))).toList();
                    measured.addAll(counted.isEmpty() ? own : counted);
                }
            }
        }
        for (TableInfo t : measured) {
            for (ColumnInfo c : t.columns()) {
                if (!progressStatus(c) || filteredOrShown(ps, t, c)) {
                    continue;
                }
                doubts.add("it takes " + t.name() + " rows of every " + c.name() + " (" + t.name() + "." + c.name()
                        + " is not filtered), and the question does not say which");
            }
        }
    }

    /** A text column named status that says how far a row got ("completed", "cancelled"), not what a person is. */
    private static boolean progressStatus(ColumnInfo c) {
        List<String> name = Words.split(c.name());
        return !name.isEmpty() && name.get(name.size() - 1).equals("status") && name.stream().noneMatch(PERSONAL_STATUS::contains)
                && ColumnRole.kind(c.typeName()) != ColumnRole.Kind.NUMBER && ColumnRole.kind(c.typeName()) != ColumnRole.Kind.BOOLEAN;
    }

    private boolean filteredOrShown(PlainSelect ps, TableInfo t, ColumnInfo c) {
        if (parts.conditions.stream().anyMatch(k -> k.column().known() && t.equals(k.column().table()) && c.equals(k.column().column()))
                || parts.opaque.stream().anyMatch(e -> parts.columns(e).stream().anyMatch(r -> r.known() && t.equals(r.table())
                && c.equals(r.column())))) {
            return true;
        }
        return outputsAndGroups(ps).stream().anyMatch(e -> parts.columns(e).stream().anyMatch(r -> r.known() && t.equals(r.table())
                && c.equals(r.column())));
    }

    // ---- grouping, order, limit ----

    private void grouping(PlainSelect ps) {
        if (ps.getGroupBy() == null || ps.getGroupBy().getGroupByExpressionList() == null) {
            return;
        }
        List<SqlParts.Ref> grouped = parts.columns(ps.getGroupBy().getGroupByExpressionList());
        for (Object e : (List<?>) ps.getGroupBy().getGroupByExpressionList()) {
            List<SqlParts.Ref> cols = parts.columns(e);
            String text = e.toString().toLowerCase(Locale.ROOT);
            boolean grain = text.contains("date_trunc") || text.contains("extract") || text.contains("date_part")
                    || text.contains("year(") || text.contains("month(") || text.contains("strftime") || text.contains("to_char");
            if (grain && q.hasAny(DATE_WORDS) || glossaryCovers(e.toString())) {
                continue;
            }
            for (SqlParts.Ref r : cols) {
                if (named(r) || !r.known()) {
                    continue;
                }
                boolean keyBesideLabel = ColumnRole.isKey(r.table(), r.column()) && (q.names(r.table().name())
                        || grouped.stream().anyMatch(o -> o != r && r.table().equals(o.table()) && named(o)));
                boolean labelOfNamed = ValueOwner.labels(r.column()) && q.names(r.table().name());
                if (!keyBesideLabel && !labelOfNamed) {
                    doubts.add("it groups by " + r.table().name() + "." + r.column().name() + ", which the question does not name");
                }
            }
        }
    }

    private void orderAndLimit(PlainSelect ps) {
        boolean limited = ps.getLimit() != null && ps.getLimit().getRowCount() != null;
        boolean ordered = ps.getOrderByElements() != null && !ps.getOrderByElements().isEmpty();
        boolean superlative = q.hasAny(ORDER_WORDS) || q.words.stream().anyMatch(w -> w.length() > 5 && w.endsWith("est"));
        if (limited) {
            String n = ps.getLimit().getRowCount().toString();
            boolean sized = q.hasNumber(n) || number(n) != null && spelled(number(n)) || n.equals("1") && (superlative
                    || q.words.stream().anyMatch(w -> w.equals("which") || w.equals("who") || w.equals("what")));
            if (!sized && !superlative) {
                doubts.add("it keeps only " + n + " rows, which the question does not ask");
            } else if (!ordered) {
                doubts.add("it keeps " + n + " rows in no particular order");
            }
        }
        if (ordered && limited && context.catalog().productName() != null
                && context.catalog().productName().toLowerCase(Locale.ROOT).contains("postgres")) {
            for (OrderByElement o : ps.getOrderByElements()) {
                boolean counted = o.getExpression() instanceof Function f && f.getName().equalsIgnoreCase("count"); // never NULL
                boolean nullable = !counted && parts.columns(o.getExpression()).stream().anyMatch(r -> r.known() && r.column().nullable());
                if (!o.isAsc() && o.getNullOrdering() == null && nullable) {
                    // PostgreSQL sorts NULL above every value when descending: the "highest" kept may be an unknown one
                    doubts.add("it ranks by " + o.getExpression() + " descending, where PostgreSQL puts empty values first");
                    break;
                }
            }
        }
        if (ordered && limited && !superlative && !(parts.top == ps && q.hasNumber(ps.getLimit().getRowCount().toString()))) {
            doubts.add("it ranks by " + ps.getOrderByElements().stream().map(OrderByElement::toString).reduce((a, b) -> a + ", " + b)
                    .orElse("") + ", which the question does not ask");
        }
    }

    // ---- outputs ----

    private void outputs(PlainSelect top) {
        boolean aggregated = false;
        List<SqlParts.Ref> listed = new ArrayList<>();
        boolean star = false;
        for (SelectItem<?> item : top.getSelectItems()) {
            Expression e = item.getExpression();
            if (e instanceof AllColumns) {
                star = true;
                continue;
            }
            List<Function> aggs = SqlParts.aggregates(e);
            aggregated |= !aggs.isEmpty();
            for (Function f : aggs) {
                aggregateAsked(f);
            }
            if (aggs.isEmpty()) {
                listed.addAll(parts.columns(e));
            }
        }
        if (aggregated) {
            countedValueRows(top);
        }
        if (aggregated || q.hasAny(ID_WORDS)) {
            return;
        }
        whoAsksForTheRowNamed();
        whichRowsListed(listed, star);
        List<TableInfo> from = parts.tables.tables();
        // keys listed where the table has a label to show, or a link table's keys: rows of numbers, not what was asked
        boolean keysOnly = !listed.isEmpty() && listed.stream().allMatch(r -> r.known() && ColumnRole.isKey(r.table(), r.column())
                && (linkTable(r.table()) || r.table().columns().stream().anyMatch(ValueOwner::labels)));
        boolean linkStar = star && from.size() == 1 && linkTable(from.get(0));
        if (keysOnly || linkStar) {
            doubts.add("it lists only key columns (" + (linkStar ? from.get(0).name() + ".*" : String.join(", ", listed.stream()
                    .map(SqlParts.Ref::sql).toList())) + "), not what the question names");
        }
        // yes/no values listed: two rows of true and false, never the rows a "which ..." question asks for
        boolean flagsOnly = !star && !listed.isEmpty() && listed.stream().allMatch(r -> r.known() && r.column() != null
                && r.column().typeName() != null && r.column().typeName().toLowerCase(java.util.Locale.ROOT).startsWith("bool"));
        if (flagsOnly) {
            doubts.add("it lists only yes/no values (" + String.join(", ", listed.stream().map(SqlParts.Ref::sql).toList())
                    + "), not the rows the question asks for");
        }
    }

    /**
     * "Which volunteers worked a shift at the Mobile Pantry?" answered with volunteer_shifts.hours_worked: "which volunteers"
     * asks for volunteers, and nothing of them is listed.
     */
    private void whichRowsListed(List<SqlParts.Ref> listed, boolean star) {
        List<String> w = asked.words;
        if (star || listed.isEmpty() || w.size() < 2 || !Set.of("which", "what").contains(w.get(0))) {
            return;
        }
        List<String> noun = List.of(Words.stem(w.get(1)));
        for (TableInfo t : parts.tables.tables()) {
            if (Words.stems(t.name()).equals(noun) && listed.stream().noneMatch(r -> r.known() && r.table().equals(t))) {
                doubts.add("the question asks which " + w.get(1) + ", and the SQL lists " + String.join(", ", listed.stream()
                        .map(SqlParts.Ref::sql).toList()) + ", nothing of the " + t.name() + " themselves");
                return;
            }
        }
    }

    /**
     * "How many no-shows did we have on shifts?" answered with COUNT(DISTINCT shifts.shift_id) where an attendance is
     * 'no-show': what is counted is the value's own rows (volunteer_shifts), not the shifts that have one.
     */
    private void countedValueRows(PlainSelect top) {
        List<String> w = asked.words;
        if (w.size() < 3 || !w.get(0).equals("how") || !w.get(1).equals("many")) {
            return;
        }
        for (SelectItem<?> item : top.getSelectItems()) {
            for (Function f : SqlParts.aggregates(item.getExpression())) {
                if (!f.getName().equalsIgnoreCase("count") || f.getParameters() == null) {
                    continue;
                }
                List<SqlParts.Ref> counted = parts.columns(f.getParameters());
                if (counted.size() != 1 || !counted.get(0).known()) {
                    continue;
                }
                TableInfo countedTable = counted.get(0).table();
                for (SqlParts.Condition c : parts.conditions) {
                    if (!c.column().known() || c.column().table().equals(countedTable)) {
                        continue;
                    }
                    for (Expression v : c.values()) {
                        if (v instanceof StringValue s) {
                            List<String> value = Words.stems(s.getValue());
                            List<String> after = Words.stems(String.join(" ", w.subList(2, Math.min(w.size(), 2 + value.size()))));
                            String next = 2 + value.size() < w.size() ? Words.stem(w.get(2 + value.size())) : "";
                            boolean rowsNamed = parts.tables.tables().stream().anyMatch(t -> Words.stems(t.name()).contains(next));
                            if (!value.isEmpty() && value.equals(after) && !rowsNamed) { // not "how many Seafood products"
                                doubts.add("the question counts '" + s.getValue() + "', a value of " + c.column().sql()
                                        + ", and the SQL counts the " + countedTable.name() + " that have one");
                                return;
                            }
                        }
                    }
                }
            }
        }
    }

    /** "who is on the team Alcatraz" answered with the team named 'Alcatraz': "who" asks for its people, not for it. */
    private void whoAsksForTheRowNamed() {
        List<TableInfo> from = parts.tables.tables();
        if (from.size() != 1 || asked.words.isEmpty() || !Set.of("who", "whom").contains(asked.words.get(0))) {
            return;
        }
        for (SqlParts.Condition c : parts.conditions) {
            if (c.column().known() && c.column().table().equals(from.get(0)) && ValueOwner.labels(c.column().column())
                    && c.op().equals("=")) {
                doubts.add("'who' asks for people, and the rows listed are the " + from.get(0).name() + " the question names itself");
                return;
            }
        }
    }

    private void aggregateAsked(Function f) {
        if (!asked(f)) {
            doubts.add("it computes " + f.getName().toUpperCase(Locale.ROOT) + ", which the question does not ask for");
        }
    }

    private boolean asked(Function f) {
        if (glossaryCovers(f.toString())) {
            return true;
        }
        String name = f.getName().toLowerCase(Locale.ROOT);
        Set<String> words = switch (name) {
            case "count" -> COUNT_WORDS;
            case "sum" -> SUM_WORDS;
            case "avg" -> AVG_WORDS;
            case "max" -> MAX_WORDS;
            default -> MIN_WORDS;
        };
        // a superlative ("densest") asks for the largest or smallest, not for a sum of anything
        boolean superlative = (name.equals("max") || name.equals("min")) && q.words.stream().anyMatch(w -> w.length() > 5 && w.endsWith("est"));
        return q.hasAny(words) || superlative || name.equals("count") && q.text.contains("how many");
    }

    private static boolean linkTable(TableInfo t) {
        return t.columns().stream().allMatch(c -> ColumnRole.isKey(t, c));
    }

    /** "how many long songs does each genre have" answered with one number: "each genre" was dropped. */
    private void eachDropped(PlainSelect top) {
        boolean grouped = parts.selects.stream().anyMatch(ps -> ps.getGroupBy() != null);
        if (grouped) {
            return;
        }
        boolean oneNumber = top.getSelectItems().stream().allMatch(i -> !SqlParts.aggregates(i.getExpression()).isEmpty());
        if (!oneNumber) {
            return;
        }
        Matcher m = EACH.matcher(q.text);
        while (m.find()) {
            String word = m.group(1);
            boolean namesData = parts.tables.tables().stream().anyMatch(t -> q.names(word) && (Words.stems(t.name()).contains(Words.stem(word))
                    || t.columns().stream().anyMatch(c -> Words.stems(c.name()).contains(Words.stem(word)))));
            if (namesData) {
                doubts.add("the question asks for each " + word + ", but the SQL computes one number over all of them");
            }
        }
    }

    /**
     * "How many employees in Lyon does each department have?" with an inner join and a filter on the employees: the
     * departments with none in Lyon are not listed. Whether "each department" means them too (counted 0) is not settled;
     * "per department" is a breakdown of the rows kept.
     */
    private void emptyGroupsLeftOut(PlainSelect top) {
        if (top.getGroupBy() == null || top.getGroupBy().getGroupByExpressionList() == null || top.getJoins() == null
                || top.getJoins().stream().anyMatch(j -> j.isLeft() || j.isOuter() || j.isRight() || j.isFull())
                || !EVERY_ONE.matcher(q.text).find()) {
            return; // "per genre" is a breakdown of what is kept; "each genre" may mean every genre
        }
        Set<TableInfo> groups = new LinkedHashSet<>();
        parts.columns(top.getGroupBy().getGroupByExpressionList()).stream().filter(SqlParts.Ref::known).forEach(r -> groups.add(r.table()));
        if (groups.size() != 1) {
            return;
        }
        TableInfo group = groups.iterator().next();
        for (SqlParts.Condition c : parts.conditions) {
            if (c.column().known() && !c.column().table().equals(group)) {
                doubts.add(group.name() + " rows with no " + c.column().table().name() + " row kept by the filter on "
                        + c.column().table().name() + "." + c.column().column().name() + " are not listed (not counted 0)");
                return;
            }
        }
    }

    // ---- the question's words ----

    private void unplacedWords() {
        Set<String> shown = new LinkedHashSet<>();
        for (TableInfo t : parts.tables.tables()) {
            shown.addAll(Words.stems(t.name()));
            if (t.comment() != null) {
                shown.addAll(Words.stems(t.comment()));
            }
        }
        for (PlainSelect ps : parts.selects) {
            for (Object e : outputsAndGroups(ps)) {
                for (SqlParts.Ref r : parts.columns(e)) {
                    shown.addAll(Words.stems(r.column() != null ? r.column().name() : r.sql()));
                }
            }
        }
        for (SqlParts.Condition c : parts.conditions) {
            shown.addAll(Words.stems(c.column().column() != null ? c.column().column().name() : c.column().sql()));
            for (Expression v : c.values()) {
                if (v instanceof StringValue s) {
                    shown.addAll(Words.stems(s.getValue()));
                    for (ValueLink l : context.values()) {
                        if (l.value().equalsIgnoreCase(s.getValue().replaceAll("^%+|%+$", ""))) {
                            shown.addAll(Words.stems(l.phrase()));
                        }
                    }
                }
            }
        }
        for (SqlParts.JoinEdge j : parts.joins) {
            shown.addAll(Words.stems(j.left().sql()));
            shown.addAll(Words.stems(j.right().sql()));
        }
        for (GlossaryTerm t : context.terms()) {
            t.names().forEach(n -> shown.addAll(Words.stems(n)));
        }
        Set<String> quotedWords = new LinkedHashSet<>();
        asked.quoted.forEach(x -> quotedWords.addAll(Words.split(x)));
        List<String> unplaced = new ArrayList<>();
        for (String w : asked.words) {
            if (w.length() < 3 || Words.isStop(w) || GRAMMAR.contains(w) || DATE_WORDS.contains(w) || quotedWords.contains(w)
                    || COUNT_WORDS.contains(w) || SUM_WORDS.contains(w) || AVG_WORDS.contains(w) || MAX_WORDS.contains(w)
                    || MIN_WORDS.contains(w) || ORDER_WORDS.contains(w) || NULL_WORDS.contains(w) || ID_WORDS.contains(w)
                    || CURRENCY.contains(w) || MONEY_WORDS.contains(w) && moneyShown() || COMPARATIVES.contains(w) && compares()
                    || w.length() > 5 && w.endsWith("est")) {
                continue;
            }
            String s = Words.stem(w);
            if (shown.contains(s) || Words.roots(w).stream().anyMatch(shown::contains) // "ended": end_station_id
                    || shown.stream().anyMatch(x -> x.length() >= 4 && (x.startsWith(s) || s.startsWith(x))
                    || s.length() >= 4 && x.endsWith(s) || w.length() >= 4 && x.endsWith(QuestionTerms.singular(w)))) {
                continue;
            }
            if (!unplaced.contains(w)) {
                unplaced.add(w);
            }
        }
        if (!unplaced.isEmpty()) {
            doubts.add("the question's word" + (unplaced.size() == 1 ? " '" : "s '") + String.join("', '", unplaced)
                    + (unplaced.size() == 1 ? "' is" : "' are") + " not reflected in the SQL");
        }
    }

    // ---- shared ----

    /** The question names this column (a word of its name, not just its table's), or a glossary name means it. */
    private boolean named(SqlParts.Ref r) {
        if (!r.known()) {
            return q.names(r.sql().replaceAll(".*\\.", ""));
        }
        String table = r.table().name().toLowerCase(Locale.ROOT);
        List<String> own = Words.split(r.column().name()).stream().filter(w -> !Words.split(table).contains(w) && !w.equals("name")).toList();
        boolean byWords = own.isEmpty() ? q.names(r.table().name()) && ValueOwner.labels(r.column()) : q.names(String.join("_", own));
        if (byWords) {
            return true;
        }
        for (GlossaryTerm t : context.terms()) {
            if (t.means() != null && t.means().equalsIgnoreCase(table + "." + r.column().name().toLowerCase(Locale.ROOT))) {
                return true;
            }
            if (t.sql() != null && t.sql().toLowerCase(Locale.ROOT).contains(table + "." + r.column().name().toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** A column used beyond a filter (an output, grouping or order): "IS NOT NULL" beside it only drops empty rows. */
    private boolean usedOutsideFilters(SqlParts.Ref r) {
        for (PlainSelect ps : parts.selects) {
            for (Object e : outputsAndGroups(ps)) {
                if (parts.columns(e).stream().anyMatch(o -> o.sql().equalsIgnoreCase(r.sql()) || o.known() && o.column() == r.column())) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean glossaryTable(TableInfo t) {
        return context.terms().stream().anyMatch(g -> g.tables().stream().anyMatch(x -> x.equalsIgnoreCase(t.name())
                || x.equalsIgnoreCase(t.qualifiedName())));
    }

    /** A glossary term the question uses writes this SQL (its filter or measure). */
    private boolean glossaryCovers(String sql) {
        String s = compact(sql);
        for (GlossaryTerm t : context.terms()) {
            if (t.sql() != null && (compact(t.sql()).contains(s) || s.contains(compact(t.sql())))) {
                return true;
            }
        }
        return false;
    }

    private static String compact(String sql) {
        return sql.toLowerCase(Locale.ROOT).replaceAll("[\\s\"`()]+", "");
    }

    /** A vocabulary: the lists above overlap on purpose (a word may ask for an order and an aggregate). */
    private static Set<String> words(String... words) {
        return Set.copyOf(java.util.Arrays.asList(words));
    }
}
