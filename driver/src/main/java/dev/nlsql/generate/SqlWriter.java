package dev.nlsql.generate;

import dev.nlsql.generate.Intent.Column;
import dev.nlsql.schema.ColumnInfo;
import dev.nlsql.schema.SchemaCatalog;
import dev.nlsql.schema.TableInfo;
import dev.nlsql.schema.Words;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Turns an {@link Intent} into PostgreSQL: the FROM clause along foreign keys from the base
 * table, the date column a date phrase applies to, and SELECT / WHERE / GROUP BY / ORDER BY /
 * LIMIT. It makes no choice about meaning; it declines only when the SQL would be wrong in
 * itself (an aggregate over a join that repeats rows, a table no foreign key reaches).
 */
final class SqlWriter {

    private final SchemaCatalog catalog;

    SqlWriter(SchemaCatalog catalog) {
        this.catalog = catalog;
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
        in.filters().forEach(f -> needed.add(f.column().table()));
        in.comparisons().forEach(c -> needed.add(c.column().table()));
        boolean dated = in.dateFrom() != null || in.dateTo() != null || in.grain() != null;
        if (in.dateColumn() != null) {
            needed.add(in.dateColumn().table());
        }
        String dateColumn = !dated ? null : in.dateColumn() != null ? in.dateColumn().sql() : dateColumn(base, needed);
        List<String> where = new ArrayList<>();
        in.filters().forEach(f -> where.add(f.column().sql() + " = " + literal(f.value())));
        in.comparisons().forEach(c -> where.add(c.column().sql() + " " + c.op() + " " + number(c.value())));
        if (in.dateFrom() != null) {
            where.add(dateColumn + " >= " + in.dateFrom());
        }
        if (in.dateTo() != null) {
            where.add(dateColumn + " < " + in.dateTo());
        }
        Joins joins = Joins.between(catalog, base, needed);
        String aggregate = in.aggregate();
        if (joins.fansOut() && aggregate != null && !"COUNT".equals(aggregate)) {
            throw new NotUnderstoodException("its joins would count some " + base.name() + " rows more than once");
        }
        String agg = aggregateExpression(in, joins.fansOut());
        boolean ranking = in.limit() != null;
        List<String> select = new ArrayList<>();
        List<String> group = new ArrayList<>();
        if (in.grain() != null) {
            select.add("DATE_TRUNC('" + in.grain() + "', " + dateColumn + ") AS " + in.grain() + "_start");
            group.add("DATE_TRUNC('" + in.grain() + "', " + dateColumn + ")");
        }
        if (in.groupTable() != null && agg != null) {
            if (in.groupColumn() != null) {
                String c = in.groupTable().name() + "." + in.groupColumn().name();
                select.add(c);
                group.add(c);
            } else {
                select.addAll(labels(in.groupTable()));
                group.addAll(keyColumns(in.groupTable()));
                group.addAll(labels(in.groupTable()));
            }
        }
        String order = null;
        boolean distinctRows = false;
        if (agg != null) {
            select.add(agg + " AS " + alias(in));
            order = ranking ? agg + (in.descending() ? " DESC" : " ASC") : in.grain() != null ? "1" : null;
        } else if (in.rankByMeasure()) {
            select.addAll(labels(in.measure().table()));
            select.add(in.measure().sql());
            order = in.measure().sql() + (in.descending() ? " DESC" : " ASC");
        } else if (!in.shown().isEmpty() || in.measure() != null) {
            in.shown().forEach(c -> select.add(c.sql()));
            if (in.measure() != null) {
                select.add(in.measure().sql());
            }
            if (in.distinct() || select.size() == 1 && in.measure() == null) {
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
        if (in.limit() != null) {
            sql.append(" LIMIT ").append(in.limit());
        }
        return sql.toString();
    }

    private static String alias(Intent in) {
        return "COUNT".equals(in.aggregate()) || in.measure() == null ? "count"
                : in.aggregate().toLowerCase(Locale.ROOT) + "_" + in.measure().column().name();
    }

    private static String aggregateExpression(Intent in, boolean fansOut) {
        if (in.aggregate() == null) {
            return null;
        }
        if ("COUNT".equals(in.aggregate()) || in.measure() == null) {
            List<String> key = keyColumns(in.base());
            return fansOut && key.size() == 1 ? "COUNT(DISTINCT " + key.get(0) + ")" : "COUNT(*)";
        }
        return in.aggregate() + "(" + in.measure().sql() + ")";
    }

    /** The date a date phrase means: the first date column of a table the question uses, else of a table the base refers to. */
    private String dateColumn(TableInfo base, Set<TableInfo> needed) throws NotUnderstoodException {
        for (TableInfo t : needed) {
            for (ColumnInfo c : t.columns()) {
                if (isDate(c)) {
                    return t.name() + "." + c.name();
                }
            }
        }
        for (TableInfo parent : Joins.parents(catalog, base)) {
            for (ColumnInfo c : parent.columns()) {
                if (isDate(c)) {
                    needed.add(parent);
                    return parent.name() + "." + c.name();
                }
            }
        }
        throw new NotUnderstoodException("it found no date in " + base.name());
    }

    /** The columns that name a row of {@code t} to a person: its name, else first and last name, else a *_name column, else its key. */
    static List<String> labels(TableInfo t) {
        for (String name : List.of("name", "title", "label")) {
            if (t.columnIgnoreCase(name) != null && !t.columns().stream().anyMatch(c -> c.name().equalsIgnoreCase("last_name"))) {
                return List.of(t.name() + "." + t.columnIgnoreCase(name).name());
            }
        }
        if (t.columnIgnoreCase("first_name") != null && t.columnIgnoreCase("last_name") != null) {
            return List.of(t.name() + "." + t.columnIgnoreCase("first_name").name(), t.name() + "." + t.columnIgnoreCase("last_name").name());
        }
        List<String> tableStems = Words.stems(t.name());
        ColumnInfo anyName = null;
        for (ColumnInfo c : t.columns()) {
            List<String> stems = Words.stems(c.name());
            if (stems.size() == 2 && stems.get(1).equals("name") && !isNumeric(c)) {
                if (tableStems.contains(stems.get(0))) {
                    return List.of(t.name() + "." + c.name());
                }
                if (anyName == null && (stems.get(0).equals("company") || stems.get(0).equals("full"))) {
                    anyName = c;
                }
            }
        }
        if (anyName != null) {
            return List.of(t.name() + "." + anyName.name());
        }
        return keyColumns(t);
    }

    static List<String> keyColumns(TableInfo t) {
        if (t.primaryKey().isEmpty()) {
            return List.of(t.name() + "." + t.columns().get(0).name());
        }
        return t.primaryKey().stream().map(k -> t.name() + "." + k).toList();
    }

    static String literal(String v) {
        return "'" + v.replace("'", "''") + "'";
    }

    static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    static boolean isNumeric(ColumnInfo c) {
        String t = c.typeName() == null ? "" : c.typeName().toLowerCase(Locale.ROOT);
        return Arrays.asList("numeric", "decimal", "int", "int2", "int4", "int8", "integer", "bigint", "smallint", "real",
                "float", "float4", "float8", "double", "double precision", "money", "serial", "bigserial").contains(t)
                || t.startsWith("numeric") || t.startsWith("decimal");
    }

    /** A number that can hold money: not an integer count. */
    static boolean isMoneyTyped(ColumnInfo c) {
        String t = c.typeName() == null ? "" : c.typeName().toLowerCase(Locale.ROOT);
        return isNumeric(c) && !t.contains("int") && !t.contains("serial");
    }

    static boolean isDate(ColumnInfo c) {
        String t = c.typeName() == null ? "" : c.typeName().toLowerCase(Locale.ROOT);
        return t.equals("date") || t.startsWith("timestamp");
    }
}
