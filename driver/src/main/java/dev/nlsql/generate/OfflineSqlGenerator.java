package dev.nlsql.generate;

import dev.nlsql.schema.ColumnInfo;
import dev.nlsql.schema.SchemaCatalog;
import dev.nlsql.schema.TableInfo;
import dev.nlsql.schema.ValueIndex.ValueLink;
import dev.nlsql.schema.Words;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes SQL for common question shapes with rules over the schema and the values the question
 * names, with no network: counts, sum/avg/min/max, "by / per / for each" grouping, top/bottom N,
 * filters on named values, numeric comparisons, date phrases, joins along foreign keys, and
 * distinct lists. Precision comes first: every word of the question must be accounted for,
 * otherwise it declines ({@link NotUnderstoodException}, NL005) rather than guess.
 */
public final class OfflineSqlGenerator implements SqlGenerator {

    @Override
    public boolean usesLlm() {
        return false;
    }

    @Override
    public Generation generate(GenerationRequest request) throws NotUnderstoodException {
        long start = System.nanoTime();
        String sql = new Reading(request.question(), request.catalog(), request.values(), LocalDate.now()).sql();
        return new Generation(sql, 0, 0, (System.nanoTime() - start) / 1_000_000, 0);
    }

    /** Words that only carry the grammar of a question about data. */
    static final Set<String> FILLER = Set.of("placed", "made", "make", "bought", "buy", "sold", "sell", "joined", "join", "signed",
            "up", "registered", "live", "lives", "living", "come", "comes", "came", "exist", "exists", "spend", "spent", "paid",
            "pay", "ordered", "received", "written", "wrote", "left", "given", "got", "distinct", "different", "unique", "overall",
            "altogether", "currently", "far", "value", "values", "including", "do", "does", "done", "happened", "recorded",
            "created", "added", "listed", "ranked", "rank", "name", "names", "along", "together", "both", "show", "than", "them",
            "those", "rows", "records", "entries", "data", "status", "date", "dates", "were", "was", "is", "are", "biggest",
            "largest", "smallest", "highest", "lowest", "best", "worst", "most", "least", "fewest", "greatest");

    private static final Map<String, String> AGGREGATES = Map.ofEntries(
            Map.entry("count", "COUNT"), Map.entry("many", "COUNT"), Map.entry("number", "COUNT"),
            Map.entry("total", "SUM"), Map.entry("sum", "SUM"), Map.entry("revenue", "SUM"),
            Map.entry("average", "AVG"), Map.entry("avg", "AVG"), Map.entry("mean", "AVG"),
            Map.entry("maximum", "MAX"), Map.entry("max", "MAX"), Map.entry("minimum", "MIN"), Map.entry("min", "MIN"));
    private static final List<String> GRAINS = List.of("day", "week", "month", "quarter", "year");
    private static final List<String> MONTHS = List.of("january", "february", "march", "april", "may", "june", "july", "august",
            "september", "october", "november", "december");
    private static final Pattern TOKEN = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\d{4}-\\d{2}-\\d{2})|(\\d+(?:\\.\\d+)?)|([\\p{L}][\\p{L}\\p{N}_']*)");

    /** One question's reading: what each word means, then the SQL. */
    static final class Reading {
        private final SchemaCatalog catalog;
        private final List<ValueLink> values;
        private final LocalDate today;
        private final List<String> words = new ArrayList<>();
        private final boolean[] used;
        private final List<String> quoted = new ArrayList<>();
        private final List<String> filters = new ArrayList<>();
        private final Set<TableInfo> filterTables = new LinkedHashSet<>();
        private String aggregate;
        private int aggregateAt = -1;
        private Integer limit;
        private boolean descending = true;
        private boolean distinct;
        private String dateFrom;
        private String dateTo;
        private String grain;
        private final List<Integer> groupWords = new ArrayList<>();
        private final List<double[]> comparisons = new ArrayList<>();
        private final List<String> comparisonOps = new ArrayList<>();

        Reading(String question, SchemaCatalog catalog, List<ValueLink> values, LocalDate today) {
            this.catalog = catalog;
            this.values = values;
            this.today = today;
            Matcher m = TOKEN.matcher(question.toLowerCase(Locale.ROOT));
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

        String sql() throws NotUnderstoodException {
            linkValues();
            readDates();
            readLimit();
            readComparisons();
            readAggregate();
            readGrouping();
            readDistinct();
            List<Mention> mentions = mentions();
            requireEverythingUnderstood();
            return write(mentions);
        }

        // ---- reading the words ----

        private void linkValues() throws NotUnderstoodException {
            for (ValueLink v : values) {
                List<String> phrase = Words.split(v.phrase());
                int at = indexOf(phrase);
                if (at < 0) {
                    continue;
                }
                for (int i = at; i < at + phrase.size(); i++) {
                    used[i] = true;
                }
                String condition = col(v.table(), v.column()) + " = " + literal(v.value());
                if (!filters.contains(condition)) {
                    filters.add(condition);
                    filterTables.add(v.table());
                }
            }
            for (int i = 0; i < words.size(); i++) {
                if (words.get(i).equals("\u0000quoted")) {
                    String q = quoted.remove(0);
                    ValueLink link = values.stream().filter(v -> v.value().equalsIgnoreCase(q)).findFirst().orElse(null);
                    if (link == null) {
                        throw new NotUnderstoodException("no column has the value '" + q + "'");
                    }
                    used[i] = true;
                }
            }
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
                if ((w.equals("top") || w.equals("first") || w.equals("bottom")) && i + 1 < words.size() && isNumber(words.get(i + 1))) {
                    limit = Integer.parseInt(words.get(i + 1));
                    descending = !w.equals("bottom");
                    use(i, i + 2);
                } else if (w.equals("most") || w.equals("highest") || w.equals("largest") || w.equals("biggest")
                        || w.equals("best")) {
                    limit = limit == null ? 1 : limit;
                    used[i] = true;
                } else if (w.equals("least") || w.equals("lowest") || w.equals("smallest") || w.equals("fewest")
                        || w.equals("worst") || w.equals("cheapest")) {
                    limit = limit == null ? 1 : limit;
                    descending = false;
                    used[i] = true;
                }
            }
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
                }
                if (op != null && next.equals("than") || op != null && w.equals("at")) {
                    numberAt = i + 2;
                }
                boolean nounFollows = numberAt + 1 < words.size() && !used[numberAt + 1] && !Words.isStop(words.get(numberAt + 1))
                        && !Set.of("euros", "euro", "dollars", "eur", "usd").contains(words.get(numberAt + 1));
                if (op != null && nounFollows) {
                    continue; // "more than 3 items" compares a count, which these rules do not write
                }
                if (op != null && numberAt < words.size() && isNumber(words.get(numberAt)) && !used[numberAt]) {
                    comparisons.add(new double[] {Double.parseDouble(words.get(numberAt)), i});
                    comparisonOps.add(op);
                    use(i, numberAt + 1);
                    if (numberAt + 1 < words.size() && Set.of("euros", "euro", "dollars", "eur", "usd").contains(words.get(numberAt + 1))) {
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

        private void readGrouping() {
            for (int i = 0; i + 1 < words.size(); i++) {
                String w = words.get(i);
                boolean each = (w.equals("each") || w.equals("every")) && i > 0 && Set.of("for", "in", "per").contains(words.get(i - 1));
                if (w.equals("by") || w.equals("per") || each) {
                    int at = i + 1;
                    if (at < words.size() && (words.get(at).equals("each") || words.get(at).equals("every"))) {
                        continue;
                    }
                    if (used[at]) {
                        used[i] = true; // "payments by paypal": a value, not a grouping
                        continue;
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

        /** A word or two of the question that name a table or a column. */
        record Mention(int at, int length, TableInfo table, ColumnInfo column) {
        }

        private List<Mention> mentions() {
            List<Mention> out = new ArrayList<>();
            for (int i = 0; i < words.size(); i++) {
                if (used[i] || Words.isStop(words.get(i)) && !AGGREGATES.containsKey(words.get(i)) || isNumber(words.get(i))) {
                    continue;
                }
                Mention m = exactColumnMention(i);
                if (m == null) {
                    m = tableMention(i);
                }
                if (m == null) {
                    m = columnMention(i);
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

        /** A word that is exactly a column's name ("rating", "price"), unless it is also a table's name. */
        private Mention exactColumnMention(int i) {
            String w = words.get(i);
            String singular = w.endsWith("s") && w.length() > 3 ? w.substring(0, w.length() - 1) : w;
            Mention found = null;
            for (TableInfo t : catalog.tables()) {
                if (t.name().equalsIgnoreCase(w) || Words.stems(t.name()).equals(List.of(Words.stem(w)))
                        && t.name().toLowerCase(Locale.ROOT).startsWith(singular)) {
                    return null;
                }
                for (ColumnInfo c : t.columns()) {
                    if ((c.name().equalsIgnoreCase(w) || c.name().equalsIgnoreCase(singular)) && !t.primaryKey().contains(c.name())) {
                        if (found != null && found.table() != t) {
                            return null; // the same name in several tables: let context decide
                        }
                        found = new Mention(i, 1, t, c);
                    }
                }
            }
            return found;
        }

        private Mention tableMention(int i) {
            for (TableInfo t : catalog.tables()) {
                List<String> stems = Words.stems(t.name());
                if (stems.size() == 2 && i + 1 < words.size() && Words.stem(words.get(i)).equals(stems.get(0))
                        && Words.stem(words.get(i + 1)).equals(stems.get(1))) {
                    return new Mention(i, 2, t, null);
                }
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

        private Mention columnMention(int i) {
            if (FILLER.contains(words.get(i))) {
                return null;
            }
            String s = Words.stem(words.get(i));
            Mention best = null;
            for (TableInfo t : catalog.tables()) {
                for (ColumnInfo c : t.columns()) {
                    List<String> stems = Words.stems(c.name());
                    if (stems.contains("id") || t.primaryKey().contains(c.name())) {
                        continue;
                    }
                    boolean exact = stems.size() == 1 && stems.get(0).equals(s);
                    boolean inComment = c.comment() != null && Words.stems(c.comment()).contains(s) && isNumeric(c);
                    boolean part = stems.contains(s) && !Words.isStop(s);
                    if (exact && (best == null || best.column() == null || Words.stems(best.column().name()).size() > 1)) {
                        best = new Mention(i, 1, t, c);
                    } else if ((part || inComment) && best == null) {
                        best = new Mention(i, 1, t, c);
                    }
                }
            }
            return best;
        }

        private void requireEverythingUnderstood() throws NotUnderstoodException {
            List<String> unknown = new ArrayList<>();
            for (int i = 0; i < words.size(); i++) {
                String w = words.get(i);
                boolean namesATable = catalog.tables().stream().anyMatch(t -> Words.split(t.name()).contains(w));
                if (!used[i] && !Words.isStop(w) && (!FILLER.contains(w) || namesATable) && !(aggregateAt == i)) {
                    unknown.add(w); // "received" is grammar, unless a table is named after it (payments_received)
                }
            }
            if (!unknown.isEmpty()) {
                throw new NotUnderstoodException("it does not know what " + String.join(", ", unknown) + " refer"
                        + (unknown.size() == 1 ? "s" : "") + " to");
            }
        }

        // ---- writing the SQL ----

        private String write(List<Mention> mentions) throws NotUnderstoodException {
            TableInfo entity = null;
            TableInfo counted = null;
            ColumnInfo measure = null;
            TableInfo measureTable = null;
            TableInfo groupTable = null;
            ColumnInfo groupColumn = null;
            List<Mention> shown = new ArrayList<>();
            boolean ranking = limit != null;
            for (Mention m : mentions) {
                if (comparisonColumn(m)) {
                    continue;
                }
                boolean afterBy = groupWords.contains(m.at());
                boolean numeric = m.column() != null && isNumeric(m.column());
                if (afterBy && !ranking) {
                    groupTable = m.table();
                    groupColumn = m.column();
                } else if (numeric && measure == null) {
                    measure = m.column();
                    measureTable = m.table();
                } else if (m.column() != null) {
                    shown.add(m);
                } else if (entity == null && !(aggregate != null && "COUNT".equals(aggregate) && !ranking && counted == null)) {
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
            boolean orderByMeasure = false;
            if (ranking && entity != null) {
                if (measure != null && measureTable == entity && aggregate == null) {
                    orderByMeasure = true;
                    base = entity;
                } else if (measure != null || counted != null) {
                    aggregate = aggregate != null ? aggregate : measure != null ? "SUM" : "COUNT";
                    base = measure != null ? measureTable : counted;
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
                base = measureTable != null ? measureTable : counting && counted != null ? counted : entity != null ? entity
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
                measure = defaultMeasure(base);
                measureTable = base;
                if (measure == null) {
                    throw new NotUnderstoodException("it does not know which amount to " + aggregate.toLowerCase(Locale.ROOT));
                }
            }
            Set<TableInfo> needed = new LinkedHashSet<>();
            needed.add(base);
            for (TableInfo t : new TableInfo[] {entity, counted, measureTable, groupTable}) {
                if (t != null) {
                    needed.add(t);
                }
            }
            shown.forEach(m -> needed.add(m.table()));
            needed.addAll(filterTables);
            String dateColumn = dateFrom != null || dateTo != null || grain != null ? dateColumn(base, needed) : null;
            List<String> where = new ArrayList<>(filters);
            for (int k = 0; k < comparisons.size(); k++) {
                where.add(comparisonTarget((int) comparisons.get(k)[1], base, mentions) + " " + comparisonOps.get(k) + " "
                        + number(comparisons.get(k)[0]));
            }
            if (dateFrom != null) {
                where.add(dateColumn + " >= " + dateFrom);
            }
            if (dateTo != null) {
                where.add(dateColumn + " < " + dateTo);
            }
            Joins joins = Joins.between(catalog, base, needed);
            if (joins.fansOut() && aggregate != null && !"COUNT".equals(aggregate)) {
                throw new NotUnderstoodException("its joins would count some " + base.name() + " rows more than once");
            }
            String agg = aggregateExpression(base, measureTable, measure, joins.fansOut());
            List<String> select = new ArrayList<>();
            List<String> group = new ArrayList<>();
            if (grain != null) {
                select.add("DATE_TRUNC('" + grain + "', " + dateColumn + ") AS " + grain + "_start");
                group.add("DATE_TRUNC('" + grain + "', " + dateColumn + ")");
            }
            if (groupTable != null && agg != null) {
                if (groupColumn != null) {
                    select.add(col(groupTable, groupColumn));
                    group.add(col(groupTable, groupColumn));
                } else {
                    select.addAll(labels(groupTable));
                    group.addAll(keyColumns(groupTable));
                    group.addAll(labels(groupTable));
                }
            }
            String order = null;
            boolean distinctRows = false;
            if (agg != null) {
                select.add(agg + " AS " + aggregateAlias(measure));
                order = ranking ? agg + (descending ? " DESC" : " ASC") : grain != null ? "1" : null;
            } else if (orderByMeasure) {
                select.addAll(labels(measureTable));
                select.add(col(measureTable, measure));
                order = col(measureTable, measure) + (descending ? " DESC" : " ASC");
            } else if (!shown.isEmpty() || measure != null) {
                shown.forEach(m -> select.add(col(m.table(), m.column())));
                if (measure != null) {
                    select.add(col(measureTable, measure));
                }
                if (distinct || select.size() == 1 && measure == null) {
                    distinctRows = true;
                    order = String.join(", ", select);
                }
            } else {
                select.add(base.name() + ".*");
            }
            StringBuilder sql = new StringBuilder(distinctRows ? "SELECT DISTINCT " : "SELECT ");
            sql.append(String.join(", ", new LinkedHashSet<>(select))).append(" FROM ").append(joins.from());
            if (!where.isEmpty()) {
                sql.append(" WHERE ").append(String.join(" AND ", where));
            }
            if (!group.isEmpty() && agg != null) {
                sql.append(" GROUP BY ").append(String.join(", ", new LinkedHashSet<>(group)));
            }
            if (order != null) {
                boolean tieBreak = ranking && !group.isEmpty();
                sql.append(" ORDER BY ").append(order).append(tieBreak ? ", " + String.join(", ", new LinkedHashSet<>(group)) : "");
            }
            if (limit != null) {
                sql.append(" LIMIT ").append(limit);
            }
            return sql.toString();
        }

        private String aggregateAlias(ColumnInfo measure) {
            return "COUNT".equals(aggregate) || measure == null ? "count" : aggregate.toLowerCase(Locale.ROOT) + "_" + measure.name();
        }

        private boolean comparisonColumn(Mention m) {
            if (m.column() == null || !isNumeric(m.column())) {
                return false;
            }
            for (double[] c : comparisons) {
                int op = (int) c[1];
                if (m.at() == op - 1 || m.at() == op - 2 && op >= 2 && Words.isStop(words.get(op - 1))) {
                    return true;
                }
            }
            return false;
        }

        private String comparisonTarget(int opAt, TableInfo base, List<Mention> mentions) throws NotUnderstoodException {
            for (Mention m : mentions) {
                if (m.column() != null && isNumeric(m.column()) && (m.at() == opAt - 1 || m.at() == opAt - 2)) {
                    return col(m.table(), m.column());
                }
            }
            ColumnInfo c = defaultMeasure(base);
            if (c == null) {
                throw new NotUnderstoodException("it does not know which number to compare");
            }
            return col(base, c);
        }

        private String aggregateExpression(TableInfo base, TableInfo measureTable, ColumnInfo measure, boolean distinctRows) {
            if (aggregate == null) {
                return null;
            }
            if ("COUNT".equals(aggregate) || measure == null) {
                List<String> key = keyColumns(base);
                return distinctRows && key.size() == 1 ? "COUNT(DISTINCT " + key.get(0) + ")" : "COUNT(*)";
            }
            return aggregate + "(" + col(measureTable, measure) + ")";
        }

        private ColumnInfo defaultMeasure(TableInfo t) {
            if (t == null) {
                return null;
            }
            for (String hint : List.of("amount", "total", "price", "revenue", "value", "cost")) {
                for (ColumnInfo c : t.columns()) {
                    if (isNumeric(c) && (Words.split(c.name()).contains(hint)
                            || c.comment() != null && Words.split(c.comment()).contains(hint))) {
                        return c;
                    }
                }
            }
            return null;
        }

        private String dateColumn(TableInfo base, Set<TableInfo> needed) throws NotUnderstoodException {
            for (TableInfo t : needed) {
                for (ColumnInfo c : t.columns()) {
                    if (isDate(c)) {
                        return col(t, c);
                    }
                }
            }
            for (TableInfo parent : Joins.parents(catalog, base)) {
                for (ColumnInfo c : parent.columns()) {
                    if (isDate(c)) {
                        needed.add(parent);
                        return col(parent, c);
                    }
                }
            }
            throw new NotUnderstoodException("it found no date in " + base.name());
        }

        private List<String> labels(TableInfo t) {
            for (String name : List.of("name", "title", "label")) {
                if (t.columnIgnoreCase(name) != null) {
                    return List.of(col(t, t.columnIgnoreCase(name)));
                }
            }
            if (t.columnIgnoreCase("first_name") != null && t.columnIgnoreCase("last_name") != null) {
                return List.of(col(t, t.columnIgnoreCase("first_name")), col(t, t.columnIgnoreCase("last_name")));
            }
            return keyColumns(t);
        }

        private List<String> keyColumns(TableInfo t) {
            if (t.primaryKey().isEmpty()) {
                return List.of(col(t, t.columns().get(0)));
            }
            return t.primaryKey().stream().map(k -> t.name() + "." + k).toList();
        }

        // ---- small helpers ----

        private void from(String start, String end) {
            dateFrom = start;
            dateTo = end;
        }

        private void use(int from, int to) {
            for (int i = from; i < Math.min(to, used.length); i++) {
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

        private static String literal(String v) {
            return "'" + v.replace("'", "''") + "'";
        }

        private static String number(double d) {
            return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
        }

        private static String col(TableInfo t, ColumnInfo c) {
            return t.name() + "." + c.name();
        }

        static boolean isNumeric(ColumnInfo c) {
            String t = c.typeName() == null ? "" : c.typeName().toLowerCase(Locale.ROOT);
            return Arrays.asList("numeric", "decimal", "int", "int2", "int4", "int8", "integer", "bigint", "smallint", "real",
                    "float", "float4", "float8", "double", "double precision", "money", "serial", "bigserial").contains(t)
                    || t.startsWith("numeric") || t.startsWith("decimal");
        }

        static boolean isDate(ColumnInfo c) {
            String t = c.typeName() == null ? "" : c.typeName().toLowerCase(Locale.ROOT);
            return t.equals("date") || t.startsWith("timestamp");
        }

        private static boolean isCategory(ColumnInfo c) {
            return !isNumeric(c) && !isDate(c);
        }
    }
}
