package dev.nlsql.internal.generate;

import dev.nlsql.sql.SqlDialect;
import dev.nlsql.internal.generate.Intent.Column;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ColumnRole;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.SchemaRenderer;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex;
import dev.nlsql.internal.schema.Words;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Turns an {@link Intent} into SQL for the catalog's database (PostgreSQL; on MySQL and MariaDB
 * names quoted with backticks where needed and periods truncated without DATE_TRUNC; a year is
 * always its number): the FROM clause along foreign keys from the base
 * table, the date column a date phrase applies to, and SELECT / WHERE / GROUP BY / ORDER BY /
 * LIMIT. It makes no choice about meaning; it declines only when the SQL would be wrong in
 * itself (an aggregate over a join that repeats rows, a table no foreign key reaches).
 */
final class SqlWriter {

    private final SchemaCatalog catalog;
    private final boolean mysql;
    private final boolean postgres;

    SqlWriter(SchemaCatalog catalog) {
        this.catalog = catalog;
        SqlDialect dialect = SqlDialect.ofProduct(catalog.productName());
        this.mysql = dialect == SqlDialect.MYSQL;
        this.postgres = dialect == SqlDialect.POSTGRESQL;
    }

    /** A name as this database must write it (see {@link SchemaRenderer#identifier}). */
    private String id(String name) {
        return SchemaRenderer.identifier(catalog, name);
    }

    /** {@code table.column}, each part as the database must write it. */
    private String ref(TableInfo t, String column) {
        return id(t.name()) + "." + id(column);
    }

    private String ref(Column c) {
        return ref(c.table(), c.column().name());
    }

    /**
     * The start of the {@code grain} (day, week, month, quarter, year) a date falls in:
     * DATE_TRUNC, which MySQL and MariaDB lack; there a DATE built from the date's parts.
     */
    private String truncated(String grain, String date) {
        if (!mysql) {
            return "DATE_TRUNC('" + grain + "', " + date + ")";
        }
        return switch (grain) {
            case "day" -> "CAST(" + date + " AS DATE)";
            case "week" -> "DATE_SUB(CAST(" + date + " AS DATE), INTERVAL WEEKDAY(" + date + ") DAY)"; // Monday, as DATE_TRUNC
            case "month" -> "CAST(DATE_FORMAT(" + date + ", '%Y-%m-01') AS DATE)";
            case "quarter" -> "MAKEDATE(YEAR(" + date + "), 1) + INTERVAL (QUARTER(" + date + ") - 1) QUARTER";
            default -> "CAST(DATE_FORMAT(" + date + ", '%Y-01-01') AS DATE)";
        };
    }

    /**
     * What a row of "per {@code grain}" shows: the year as its number (2024), as people and gold
     * queries write it, not the date it starts on (2024-01-01); a shorter period as the date it
     * starts on, since a month or quarter number alone would merge the same month of different years.
     */
    private String period(String grain, String date) {
        if (!"year".equals(grain)) {
            return truncated(grain, date);
        }
        if (mysql) {
            return "YEAR(" + date + ")";
        }
        // PostgreSQL's EXTRACT gives numeric since 14; an integer year prints as 2024, not 2024.0
        return postgres ? "EXTRACT(YEAR FROM " + date + ")::int" : "CAST(EXTRACT(YEAR FROM " + date + ") AS INTEGER)";
    }

    /** The name of the period column: year for the year's number, else month_start and so on. */
    private static String periodName(String grain) {
        return "year".equals(grain) ? "year" : grain + "_start";
    }

    String write(Intent in) throws NotUnderstoodException {
        TableInfo base = in.base();
        Set<TableInfo> needed = new LinkedHashSet<>();
        needed.add(base);
        if (in.measure() != null) {
            needed.add(in.measure().table());
        }
        if (in.groupTable() != null) {
            needed.add(in.groupTable());
        }
        in.shown().forEach(c -> needed.add(c.table()));
        needed.addAll(in.joined());
        if (in.measureExpression() != null) {
            needed.addAll(in.measureExpression().tables());
        }
        in.conditions().forEach(c -> needed.addAll(c.tables()));
        in.filters().forEach(f -> needed.add(f.column().table()));
        in.comparisons().forEach(c -> needed.add(c.column().table()));
        boolean dated = in.dateFrom() != null || in.dateTo() != null || in.grain() != null;
        if (in.dateColumn() != null) {
            needed.add(in.dateColumn().table());
        }
        String dateColumn = !dated ? null : in.dateColumn() != null ? ref(in.dateColumn()) : dateColumn(base, needed);
        List<String> where = new ArrayList<>();
        in.filters().forEach(f -> where.add(ref(f.column()) + " = " + literal(f.value())));
        in.comparisons().forEach(c -> where.add(ref(c.column()) + " " + c.op() + " " + number(c.value())));
        in.conditions().forEach(c -> where.add(c.sql().toLowerCase(Locale.ROOT).matches("(?s).*\\bor\\b.*") ? "(" + c.sql() + ")" : c.sql()));
        if (in.dateFrom() != null) {
            where.add(dateColumn + " >= " + in.dateFrom());
        }
        if (in.dateTo() != null) {
            where.add(dateColumn + " < " + in.dateTo());
        }
        Joins joins = Joins.between(catalog, base, needed, in.questionWords());
        String aggregate = in.aggregate();
        if (joins.fansOut() && aggregate != null && (!"COUNT".equals(aggregate) || in.measureExpression() != null
                && !in.measureExpression().sql().replaceAll("\\s+", "").toUpperCase(Locale.ROOT).startsWith("COUNT(DISTINCT"))) {
            throw new NotUnderstoodException("its joins would count some " + base.name() + " rows more than once");
        }
        String agg = aggregateExpression(in, joins.fansOut());
        unitsOrKinds(in, base, joins, agg);
        for (Intent.Filter f : in.filters()) {
            if (joins.besides().contains(f.column().table()) && !f.column().table().equals(base)) {
                // "how many tool loans were paid in cash": rent_payments.method 'cash', rows that share a holder with the loans
                throw new NotUnderstoodException("'" + f.value() + "' is a value of " + f.column().sql() + ", rows related to the "
                        + base.name() + " only through a row both refer to; it does not know whether that is meant");
            }
        }
        String from = joins.from();
        // "how many assignments does each project have": a project with none is a group too, counted 0
        Joins.EveryParent every = everyGroup(in, base) ? Joins.everyParentThrough(catalog, in.groupTable(), base, in.questionWords()) : null;
        if (every != null) {
            from = every.from();
            agg = "COUNT(" + ref(base, every.counted()) + ")";
            // "how many lessons did each coach give in 2024": the lessons counted are those of 2024, and a coach with none is 0
            String counted = id(base.name()) + ".";
            List<String> narrowing = where.stream().filter(w -> w.startsWith(counted)).toList();
            if (!narrowing.isEmpty()) {
                from = from + " AND " + String.join(" AND ", narrowing);
                where.removeAll(narrowing);
            }
        }
        if (every == null && agg != null && in.groupTable() != null && joins.tables().size() > 1 && eachSaid(in.questionWords())
                && narrowsOtherThan(in, base, in.groupTable())) {
            // "for each genre, how many performances at Northwind Fest 2025": a genre with none there would not be listed,
            // and "each" may mean it too (counted 0)
            List<String> w = in.questionWords();
            int each = Math.max(w.indexOf("each"), w.indexOf("every"));
            StringBuilder said = new StringBuilder(each >= 0 ? w.get(each) : "each");
            for (int i = each + 1; each >= 0 && i < w.size() && i <= each + 2 && !Words.isStop(w.get(i)) && !w.get(i).equals("how"); i++) {
                said.append(' ').append(w.get(i)); // "each meter type"
            }
            throw new NotUnderstoodException("it does not know whether '" + said + "' includes those with nothing left by the"
                    + " filters (counted 0)");
        }
        boolean ranking = in.limit() != null;
        List<String> select = new ArrayList<>();
        List<String> group = new ArrayList<>();
        if (in.grain() != null) {
            select.add(period(in.grain(), dateColumn) + " AS " + id(periodName(in.grain())));
            group.add(period(in.grain(), dateColumn));
        }
        if (in.groupTable() != null && agg != null) {
            if (in.groupColumn() != null) {
                String c = ref(in.groupTable(), in.groupColumn().name());
                select.add(c);
                group.add(c);
                boolean filtered = in.filters().stream().anyMatch(f -> f.column().table().equals(in.groupTable())
                        && f.column().column().equals(in.groupColumn()));
                if (in.groupColumn().nullable() && in.grain() == null && !filtered && (membership(in.questionWords()) || ranking)) {
                    // "the most common rejection reason": an empty one is no reason, and would often come first
                    // "guests in each loyalty tier": a guest with no tier is in none of them; "titles per rating" is a breakdown,
                    // where rows with no rating are a group of their own, as SQL groups them
                    where.add(c + " IS NOT NULL");
                }
            } else {
                // the rows are grouped by the key: each says which one it is ("for each member": people share names)
                select.addAll(keyColumns(in.groupTable()));
                select.addAll(labels(in.groupTable()));
                group.addAll(keyColumns(in.groupTable()));
                group.addAll(labels(in.groupTable()));
            }
        }
        String order = null;
        boolean distinctRows = false;
        if (agg != null) {
            select.add(agg + " AS " + id(alias(in)));
            boolean mayBeNull = !"COUNT".equals(in.aggregate()) && (in.measureExpression() != null
                    || in.measure() != null && in.measure().column().nullable());
            order = ranking ? ranked(agg, in.descending(), mayBeNull) : in.grain() != null ? "1" : null;
        } else if (in.rankByMeasure()) {
            select.addAll(keyColumns(in.measure().table())); // names repeat: the row ranked first is told by its key too
            select.addAll(labels(in.measure().table()));
            in.shown().forEach(c -> select.add(ref(c)));
            select.add(ref(in.measure()));
            order = ranked(ref(in.measure()), in.descending(), in.measure().column().nullable());
        } else if (!in.shown().isEmpty() || in.measure() != null) {
            in.shown().forEach(c -> select.add(ref(c)));
            if (in.measure() != null) {
                select.add(ref(in.measure()));
            }
            if (asksHowMuch(in.questionWords()) && in.filters().stream().noneMatch(f -> labelColumns(f.column().table())
                    .contains(f.column().column()))) {
                // "how much rent was paid for 2024" asks for an amount; listing rows answers another question (not "how much is
                // the Deluxe plot", one row named)
                throw new NotUnderstoodException("it does not know which amount 'how much' asks for");
            }
            if (in.distinct() || select.size() == 1 && in.measure() == null) {
                distinctRows = true;
                order = String.join(", ", select);
                Column only = in.shown().size() == 1 && in.measure() == null ? in.shown().get(0) : null;
                if (only != null && only.column().nullable() && where.stream().noneMatch(w -> w.contains(ref(only)))) {
                    where.add(ref(only) + " IS NOT NULL"); // "who were the soloists": an empty one is no soloist
                }
            }
        } else {
            if (asksHowMuch(in.questionWords())) {
                // "how much stock is in the palm house" asks for an amount: listing the rows answers another question
                throw new NotUnderstoodException("it does not know which amount 'how much' asks for");
            }
            select.add(id(base.name()) + ".*");
        }
        if (agg == null && joins.fansOut()) {
            // "customers who placed an order": each customer once, however many orders match
            if (in.rankByMeasure() || !comparable(in, base)) {
                throw new NotUnderstoodException("its joins would list some " + base.name() + " rows more than once");
            }
            distinctRows = true;
        }
        StringBuilder sql = new StringBuilder(distinctRows ? "SELECT DISTINCT " : "SELECT ");
        sql.append(String.join(", ", new LinkedHashSet<>(select))).append(" FROM ").append(from);
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
        if (in.limit() != null) {
            if (order == null) {
                throw new NotUnderstoodException("it does not know which rows come first");
            }
            sql.append(" LIMIT ").append(in.limit());
        }
        return sql.toString();
    }

    /**
     * Whether every group of a table is to be listed, those with nothing counted as 0: rows of one table
     * counted per row of the table they reference ("rooms per hotel"), with nothing narrowing the counted rows, or with a
     * filter or date on them only when the question says "each" or "every" (it then moves into the join). Else groups
     * with nothing counted are not shown, as an inner join gives them.
     */
    private static boolean everyGroup(Intent in, TableInfo base) {
        TableInfo group = in.groupTable();
        if (!"COUNT".equals(in.aggregate()) || in.measure() != null || in.measureExpression() != null || group == null
                || in.groupColumn() != null || in.grain() != null || group.equals(base) || !in.conditions().isEmpty()
                || !in.joined().isEmpty()) {
            return false;
        }
        boolean narrowed = in.dateFrom() != null || in.dateTo() != null || in.filters().stream().anyMatch(f -> !f.column().table().equals(group))
                || in.comparisons().stream().anyMatch(c -> !c.column().table().equals(group));
        if (!narrowed) {
            return true;
        }
        // narrowed on the counted rows only, and said of each group ("each coach", not the breakdown "per coach"): the
        // narrowing moves into the join, so a group with none left is counted 0
        boolean ownDate = in.dateColumn() == null || in.dateColumn().table().equals(base);
        return eachSaid(in.questionWords()) && ownDate && in.filters().stream().allMatch(f -> f.column().table().equals(group) || f.column().table().equals(base))
                && in.comparisons().stream().allMatch(c -> c.column().table().equals(group) || c.column().table().equals(base));
    }

    private static boolean eachSaid(List<String> words) {
        return words.contains("each") || words.contains("every");
    }

    /** Whether a filter, comparison or date narrows the rows by a table other than the group's. */
    private static boolean narrowsOtherThan(Intent in, TableInfo base, TableInfo group) {
        boolean dated = in.dateFrom() != null || in.dateTo() != null;
        TableInfo dateTable = in.dateColumn() != null ? in.dateColumn().table() : base;
        return in.filters().stream().anyMatch(f -> !f.column().table().equals(group))
                || in.comparisons().stream().anyMatch(c -> !c.column().table().equals(group))
                || dated && !dateTable.equals(group) || !in.conditions().isEmpty();
    }

    /** "in each" or "in every": the groups are containers, so a row with no value is in none of them. */
    private static boolean membership(List<String> words) {
        for (int i = 0; i + 1 < words.size(); i++) {
            if (words.get(i).equals("in") && (words.get(i + 1).equals("each") || words.get(i + 1).equals("every"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A ranking's ORDER BY item with empty values last: the "highest" or "lowest" is never an unknown one. PostgreSQL
     * puts NULL above every value (first when descending), MySQL and MariaDB below (first when ascending).
     */
    private String ranked(String expression, boolean descending, boolean mayBeNull) {
        if (mayBeNull && postgres && descending) {
            return expression + " DESC NULLS LAST";
        }
        if (mayBeNull && mysql && !descending) {
            return expression + " IS NULL, " + expression + " ASC";
        }
        return expression + (descending ? " DESC" : " ASC");
    }

    /** Whether the rows listed can be made distinct: no json or xml column, which have no equality. */
    private static boolean comparable(Intent in, TableInfo base) {
        List<ColumnInfo> columns = new ArrayList<>();
        in.shown().forEach(c -> columns.add(c.column()));
        if (in.measure() != null) {
            columns.add(in.measure().column());
        }
        if (columns.isEmpty()) {
            columns.addAll(base.columns());
        }
        return columns.stream().map(c -> c.typeName() == null ? "" : c.typeName().toLowerCase(Locale.ROOT))
                .noneMatch(t -> t.startsWith("json") || t.equals("xml") || t.equals("point") || t.startsWith("geo"));
    }

    private static String alias(Intent in) {
        if (in.measureExpression() != null) {
            return String.join("_", Words.split(in.measureExpression().name()));
        }
        return "COUNT".equals(in.aggregate()) || in.measure() == null ? "count"
                : in.aggregate().toLowerCase(Locale.ROOT) + "_" + in.measure().column().name();
    }

    private String aggregateExpression(Intent in, boolean fansOut) throws NotUnderstoodException {
        if (in.aggregate() == null) {
            return null;
        }
        if (in.measureExpression() != null) {
            return in.measureExpression().sql();
        }
        if ("COUNT".equals(in.aggregate()) && in.measure() != null) {
            return "COUNT(DISTINCT " + ref(in.measure()) + ")"; // "how many elements": the distinct values of Element
        }
        if ("COUNT".equals(in.aggregate()) || in.measure() == null) {
            List<String> key = keyColumns(in.base());
            if (fansOut && in.dateColumn() != null && !in.dateColumn().table().equals(in.base()) && passive(in.questionWords())) {
                // "how many tools were borrowed in May": each tool once, or each loan (a tool borrowed twice is two)?
                throw new NotUnderstoodException("it does not know whether to count each row of " + in.base().name()
                        + " once or each row of " + in.dateColumn().table().name());
            }
            return fansOut && key.size() == 1 ? "COUNT(DISTINCT " + key.get(0) + ")" : "COUNT(*)";
        }
        return in.aggregate() + "(" + ref(in.measure()) + ")";
    }

    /** Columns that say how many units a row is. */
    private static final Set<String> UNIT_COLUMNS = Set.of("quantity", "qty", "units", "quantity_sold", "units_sold");

    /**
     * "Which salon has sold the most products?": the different products counted once each, or the units sold, which a
     * quantity column of the rows joined through adds up. When the rows counted are reached through rows that refer to
     * them and carry a quantity, which is meant is not settled.
     */
    private static void unitsOrKinds(Intent in, TableInfo base, Joins joins, String agg) throws NotUnderstoodException {
        if (!joins.fansOut() || agg == null || !agg.startsWith("COUNT(DISTINCT") || in.measure() != null) {
            return;
        }
        for (TableInfo t : joins.tables()) {
            if (t.equals(base) || !t.refersTo(base)) {
                continue; // "customers who bought a widget": an order line's quantity is of the product, not the customer
            }
            for (ColumnInfo c : t.columns()) {
                if (UNIT_COLUMNS.contains(c.name().toLowerCase(Locale.ROOT)) && c.isNumeric()) {
                    throw new NotUnderstoodException("it does not know whether to count the different " + base.name() + " or add up "
                            + t.name() + "." + c.name());
                }
            }
        }
    }

    /** The date a date phrase means: the first date column of a table the question uses, else of a table the base refers to. */
    private String dateColumn(TableInfo base, Set<TableInfo> needed) throws NotUnderstoodException {
        for (TableInfo t : needed) {
            for (ColumnInfo c : t.columns()) {
                if (c.isDate()) {
                    return ref(t, c.name());
                }
            }
        }
        for (TableInfo parent : Joins.parents(catalog, base)) {
            for (ColumnInfo c : parent.columns()) {
                if (c.isDate()) {
                    needed.add(parent);
                    return ref(parent, c.name());
                }
            }
        }
        throw new NotUnderstoodException("it found no date in " + base.name());
    }

    /**
     * The rows of {@code table} with no row of {@code related} referencing them ({@code table LEFT JOIN related ...
     * WHERE related.key IS NULL}), counted or listed by key and name; the key chosen as {@link Joins#everyParent} does.
     */
    /**
     * The rows of {@code table} with no row of {@code related}; with {@code date}, none from {@code from} (inclusive) to
     * {@code to} (exclusive, null for no end).
     */
    String withNone(TableInfo table, TableInfo related, boolean counted, ColumnInfo date, java.time.LocalDate from,
            java.time.LocalDate to, List<String> questionWords) throws NotUnderstoodException {
        Joins.EveryParent every = Joins.everyParent(catalog, table, related, questionWords);
        if (every == null) {
            throw new NotUnderstoodException("it does not know how " + related.name() + " refer to " + table.name());
        }
        String select;
        if (counted) {
            select = "COUNT(*) AS " + id("count");
        } else if (labelColumns(table).isEmpty()) {
            select = id(table.name()) + ".*"; // "trucks that have never been on a trip": a key alone tells a person nothing
        } else {
            java.util.LinkedHashSet<String> shown = new java.util.LinkedHashSet<>(keyColumns(table));
            shown.addAll(labels(table));
            select = String.join(", ", shown);
        }
        String joined = every.from();
        if (date != null) {
            // none in the period: the related rows of other times are no match ("no fine in 2025")
            joined += " AND " + ref(related, date.name()) + " >= DATE '" + from + "'"
                    + (to == null ? "" : " AND " + ref(related, date.name()) + " < DATE '" + to + "'");
        }
        return "SELECT " + select + " FROM " + joined + " WHERE " + ref(related, every.counted()) + " IS NULL";
    }

    /** "how many tools were borrowed": the rows counted are what a verb was done to, in the passive. */
    private static boolean passive(List<String> words) {
        for (int i = 0; i + 1 < words.size(); i++) {
            String next = words.get(i + 1);
            if (Set.of("were", "was", "been", "being").contains(words.get(i)) && next.length() > 2
                    && (next.endsWith("ed") || Verbs.irregularPast(next))) {
                return true;
            }
        }
        return false;
    }

    private static boolean asksHowMuch(List<String> words) {
        for (int i = 0; i + 1 < words.size(); i++) {
            if (words.get(i).equals("how") && words.get(i + 1).equals("much")) {
                return true;
            }
        }
        return false;
    }

    /** The columns that name a row of {@code t} to a person (see {@link #labelColumns}), else its key. */
    List<String> labels(TableInfo t) {
        List<ColumnInfo> labels = labelColumns(t);
        if (labels.isEmpty() && t.columnIgnoreCase("description") != null && !t.columnIgnoreCase("description").isNumeric()) {
            // "the most expensive damage": its key alone says nothing to a person; its description does
            return List.of(keyColumns(t).get(0), ref(t, t.columnIgnoreCase("description").name()));
        }
        return labels.isEmpty() ? keyColumns(t) : labels.stream().map(c -> ref(t, c.name())).toList();
    }

    /** The columns that name a row of {@code t} to a person: its name, else first and last name, else a *_name column; else none. */
    static List<ColumnInfo> labelColumns(TableInfo t) {
        for (String name : List.of("name", "title", "label")) {
            if (t.columnIgnoreCase(name) != null && !t.columns().stream().anyMatch(c -> c.name().equalsIgnoreCase("last_name"))) {
                return List.of(t.columnIgnoreCase(name));
            }
        }
        if (t.columnIgnoreCase("first_name") != null && t.columnIgnoreCase("last_name") != null) {
            return List.of(t.columnIgnoreCase("first_name"), t.columnIgnoreCase("last_name"));
        }
        List<String> tableStems = Words.stems(t.name());
        ColumnInfo anyName = null;
        for (ColumnInfo c : t.columns()) {
            List<String> stems = Words.stems(c.name());
            if (stems.size() == 2 && stems.get(1).equals("name") && !c.isNumeric()) {
                if (tableStems.contains(stems.get(0))) {
                    return List.of(c);
                }
                if (anyName == null && Set.of("company", "full", "business", "trading", "organisation", "organization", "common", "display")
                        .contains(stems.get(0))) {
                    anyName = c;
                }
            }
        }
        List<ColumnInfo> person = prefixedPersonName(t);
        if (anyName == null) {
            return person.isEmpty() ? codeLabel(t) : person;
        }
        // a company's name, empty for a private customer, and the contact's name: both, so that every row is named
        List<ColumnInfo> out = new ArrayList<>(List.of(anyName));
        out.addAll(person);
        return out;
    }

    /** Last words of a text column that tells a row by a code people use: site_code 'L07', licence_plate, asset_tag. */
    private static final Set<String> CODE_WORDS = Set.of("code", "plate", "tag", "reference", "registration", "sku", "isbn");

    /**
     * A table with no name column: the one text column that tells its rows by a code ("which site": site_code, "which
     * vehicle": licence_plate), else none (the key alone, as before).
     */
    private static List<ColumnInfo> codeLabel(TableInfo t) {
        List<ColumnInfo> codes = t.columns().stream().filter(c -> !c.isNumeric() && ValueIndex.isText(c) && !ColumnRole.isKey(t, c))
                .filter(c -> {
                    List<String> w = Words.split(c.name());
                    // the table's own code (site_code of sites, asset_tag of assets) or a plate; never a promo, currency or
                    // postal code, which many rows share
                    return w.size() >= 2 && CODE_WORDS.contains(w.get(w.size() - 1)) && (Words.stems(t.name()).contains(Words.stem(w.get(0)))
                            || w.contains("plate") || w.contains("isbn"));
                }).toList();
        return codes.size() == 1 ? codes : List.of();
    }

    /** A first and a last name under one prefix ("contact_first_name", "contact_last_name"), else none. */
    private static List<ColumnInfo> prefixedPersonName(TableInfo t) {
        for (ColumnInfo first : t.columns()) {
            String n = first.name().toLowerCase(Locale.ROOT);
            if (n.endsWith("_first_name") && !first.isNumeric()) {
                ColumnInfo last = t.columnIgnoreCase(n.substring(0, n.length() - "first_name".length()) + "last_name");
                if (last != null) {
                    return List.of(first, last);
                }
            }
        }
        return List.of();
    }

    List<String> keyColumns(TableInfo t) {
        if (t.primaryKey().isEmpty()) {
            return List.of(ref(t, t.columns().get(0).name()));
        }
        return t.primaryKey().stream().map(k -> ref(t, k)).toList();
    }

    static String literal(String v) {
        return "'" + v.replace("'", "''") + "'";
    }

    static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }}
