package dev.nlsql.internal.interpret;

import dev.nlsql.internal.knowledge.GlossaryTerm;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ColumnRole;
import dev.nlsql.internal.schema.NounForms;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.internal.schema.Words;
import dev.nlsql.internal.sql.SqlParsing;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * Writes how the SQL that answered reads in plain English, deterministically from the parsed statement and the catalog
 * ("Counted the albums (album) whose artist's name (artist.name) is 'AC/DC'."), and asks {@link Justification} what of
 * it the question does not account for. The same for a model's SQL as for the offline rules'.
 */
public final class Interpreter {

    /** Longest reading kept, in characters: a statement of hundreds of conditions is summarised, not recited. */
    static final int MAX_CHARS = 1_500;

    private Interpreter() {
    }

    /** The interpretation of {@code sql}; one that cannot be parsed is read as "ran a query" with a doubt. */
    public static Interpretation of(QuestionContext context, String sql) {
        Statement statement;
        try {
            Statements parsed = SqlParsing.parse(sql);
            statement = parsed == null || parsed.size() != 1 ? null : parsed.get(0);
        } catch (SqlParsing.Unparseable e) {
            statement = null;
        }
        return of(context, statement);
    }

    /** The interpretation of a statement already parsed (the guard's tree, read and never changed here). */
    public static Interpretation of(QuestionContext context, Statement statement) {
        if (!(statement instanceof Select select)) {
            return new Interpretation("Ran SQL that could not be read back into words.", List.of("the SQL could not be read"));
        }
        SqlParts parts = new SqlParts(select, context.catalog());
        StringBuilder b = new StringBuilder(reading(parts, select));
        for (String note : context.notes()) {
            b.append(' ').append(capital(note)).append('.');
        }
        String reading = b.length() <= MAX_CHARS ? b.toString() : b.substring(0, MAX_CHARS - 3) + "...";
        List<String> doubts = context.verified() ? List.of() : new Justification(context, parts).doubts();
        return new Interpretation(reading, doubts);
    }

    private static String reading(SqlParts parts, Select select) {
        if (select instanceof SetOperationList set) {
            return "Combined " + set.getSelects().size() + " queries (" + set.getOperations().stream().map(Object::toString)
                    .map(s -> s.toUpperCase(Locale.ROOT)).distinct().reduce((a, c) -> a + ", " + c).orElse("") + ") over "
                    + tableList(parts.tables.tables()) + ".";
        }
        PlainSelect top = select instanceof PlainSelect ps ? ps : null;
        if (top == null) {
            return "Ran a query over " + tableList(parts.tables.tables()) + ".";
        }
        StringBuilder b = new StringBuilder();
        List<String> grouping = top.getGroupBy() == null || top.getGroupBy().getGroupByExpressionList() == null ? List.of()
                : ((List<?>) top.getGroupBy().getGroupByExpressionList()).stream().map(e -> phrase(parts, (Expression) e)).toList();
        TableInfo subject = parts.tables.tables().isEmpty() ? null : subjectOf(parts, top);
        List<String> measured = new ArrayList<>();
        List<String> listed = new ArrayList<>();
        for (SelectItem<?> item : top.getSelectItems()) {
            Expression e = item.getExpression();
            if (e instanceof AllColumns) {
                listed.add("every column");
                continue;
            }
            List<Function> aggs = SqlParts.aggregates(e);
            if (aggs.isEmpty()) {
                String p = phrase(parts, e);
                if (!grouping.contains(p)) {
                    listed.add(p);
                }
            } else {
                measured.add(measure(parts, aggs.get(0), subject, e));
            }
        }
        if (!grouping.isEmpty()) {
            // "For each month of ...", not "For each the month of ..."
            b.append("For each ").append(join(grouping.stream().map(g -> g.startsWith("the ") ? g.substring(4) : g).toList())).append(", ");
        }
        if (!measured.isEmpty()) {
            b.append(join(measured));
            if (!listed.isEmpty()) {
                b.append(", with ").append(join(listed));
            }
        } else {
            b.append("listed ").append(listed.isEmpty() ? "the group" : join(listed));
            if (subject != null) {
                b.append(" of the ").append(NounForms.counted(subject.name())).append(" (").append(subject.name()).append(')');
            }
        }
        if (top.getDistinct() != null) {
            b.append(", each distinct row once");
        }
        List<String> filters = new ArrayList<>();
        List<SqlParts.JoinEdge> absent = new ArrayList<>();
        for (SqlParts.Condition c : parts.conditions) {
            if (!inSelect(top, c.sql())) {
                continue;
            }
            SqlParts.JoinEdge none = noMatch(parts, top, c);
            if (none != null) {
                // "customers LEFT JOIN orders ... WHERE orders.customer_id IS NULL": the customers with no order
                absent.add(none);
                filters.add("there is no " + singular(Words.split(c.column().table().name())) + " ("
                        + c.column().table().name() + ") with " + none.left().sql() + " = " + none.right().sql());
            } else {
                filters.add(condition(parts, c));
            }
        }
        for (Expression o : parts.opaque) {
            if (inSelect(top, o)) {
                filters.add("the condition " + o);
            }
        }
        if (!filters.isEmpty()) {
            b.append(", keeping rows where ").append(String.join(" and ", filters));
        }
        List<String> matched = new ArrayList<>();
        for (SqlParts.Condition c : parts.conditions) {
            if (inOuterJoin(top, c.sql())) {
                matched.add(condition(parts, c)); // "coaches LEFT JOIN lessons ON ... AND lessons.lesson_date >= ...": what is counted
            }
        }
        if (!matched.isEmpty()) {
            b.append(", matching only rows where ").append(String.join(" and ", matched));
        }
        String text = capital(b.toString()) + ".";
        StringBuilder rest = new StringBuilder(text);
        if (!parts.joins.isEmpty()) {
            rest.append(" Joined ").append(String.join(", ", parts.joins.stream().map(j -> j.left().sql() + " = " + j.right().sql())
                    .distinct().toList())).append('.');
        }
        if (subject != null && top.getJoins() != null && absent.isEmpty() && top.getJoins().stream().anyMatch(j -> j.isLeft() || j.isOuter())) {
            // "projects LEFT JOIN assignments": a project with none is a row too
            rest.append(" Kept all the ").append(NounForms.counted(subject.name())).append(" (").append(subject.name()).append(')')
                    .append(measured.isEmpty() ? ", those with no match too." : ", those with no match counted 0.");
        }
        if (top.getOrderByElements() != null && !top.getOrderByElements().isEmpty()) {
            rest.append(" Sorted by ").append(String.join(", ", top.getOrderByElements().stream().map(o -> sortKey(parts, top, o.getExpression())
                    + (o.isAsc() ? "" : " descending")).distinct().toList()));
            String n = top.getLimit() == null || top.getLimit().getRowCount() == null ? null : top.getLimit().getRowCount().toString();
            rest.append(n == null ? "" : n.equals("1") ? " and kept the first row" : " and kept the first " + n);
            rest.append('.');
        } else if (top.getLimit() != null && top.getLimit().getRowCount() != null) {
            rest.append(" Kept " + top.getLimit().getRowCount() + " rows, in no particular order.");
        }
        if (parts.nested) {
            rest.append(" It reads ").append(tableList(parts.tables.tables())).append(", some through a subquery.");
        }
        return rest.toString();
    }

    /**
     * The join a condition keeps no match of: {@code x IS NULL} (not negated) on a column of a LEFT JOINed table that its
     * join's ON compares; else null.
     */
    private static SqlParts.JoinEdge noMatch(SqlParts parts, PlainSelect top, SqlParts.Condition c) {
        if (!c.op().equalsIgnoreCase("IS NULL") || c.negated() || !c.column().known() || top.getJoins() == null) {
            return null;
        }
        for (net.sf.jsqlparser.statement.select.Join j : top.getJoins()) {
            if ((j.isLeft() || j.isOuter()) && !j.isRight() && j.getOnExpressions() != null
                    && j.getFromItem() instanceof net.sf.jsqlparser.schema.Table t && t.getName() != null
                    && parts.tables.byQualifier().get(dev.nlsql.internal.sql.TableRef.fold(t.getAlias() != null
                            && t.getAlias().getName() != null ? t.getAlias().getName() : t.getName()).toLowerCase(Locale.ROOT))
                            == c.column().table()) {
                for (SqlParts.JoinEdge e : parts.joins) {
                    if (e.left().sql().equals(c.column().sql()) || e.right().sql().equals(c.column().sql())) {
                        return e;
                    }
                }
            }
        }
        return null;
    }

    /** The table a query is about: the FROM clause's, when it is a catalog table. */
    static TableInfo subjectOf(SqlParts parts, PlainSelect ps) {
        if (ps.getFromItem() instanceof net.sf.jsqlparser.schema.Table t && t.getName() != null) {
            String q = t.getAlias() != null && t.getAlias().getName() != null ? t.getAlias().getName() : t.getName();
            return parts.tables.byQualifier().get(dev.nlsql.internal.sql.TableRef.fold(q).toLowerCase(Locale.ROOT));
        }
        return null;
    }

    private static String measure(SqlParts parts, Function f, TableInfo subject, Expression whole) {
        String name = f.getName().toLowerCase(Locale.ROOT);
        boolean distinct = f.isDistinct();
        Object params = f.getParameters();
        boolean star = f.isAllColumns() || params == null || params.toString().equals("*") || params.toString().equals("1");
        String what = star ? null : phrase(parts, (Expression) ((List<?>) params).get(0));
        TableInfo rowsOf = star ? subject : keyOf(parts, f);
        String s = switch (name) {
            case "count" -> star || rowsOf != null ? "counted the " + (rowsOf == null ? "rows" : NounForms.counted(rowsOf.name()) + " ("
                    + rowsOf.name() + ")") : "counted the " + (distinct ? "distinct " : "") + what;
            case "sum" -> "summed " + what;
            case "avg" -> "averaged " + what;
            case "max" -> "took the largest " + what;
            default -> "took the smallest " + what;
        };
        return whole instanceof Function ? s : s + " (as " + whole + ")";
    }

    /**
     * COUNT(t.id), or COUNT(t.fk) of a key t is joined by ("projects LEFT JOIN assignments ON assignments.project_id =
     * projects.id", COUNT(assignments.project_id)): the rows of t, said as such; else null.
     */
    private static TableInfo keyOf(SqlParts parts, Function f) {
        if (f.isDistinct() || f.getParameters() == null || ((List<?>) f.getParameters()).size() != 1) {
            return null;
        }
        List<SqlParts.Ref> cols = parts.columns(f.getParameters());
        if (cols.size() != 1 || !cols.get(0).known()) {
            return null;
        }
        SqlParts.Ref c = cols.get(0);
        boolean key = c.table().primaryKey().stream().anyMatch(k -> k.equalsIgnoreCase(c.column().name()));
        boolean joinedBy = parts.joins.stream().anyMatch(j -> j.left().sql().equals(c.sql()) || j.right().sql().equals(c.sql()));
        return key || joinedBy ? c.table() : null;
    }

    /**
     * A column as words with its SQL: "artist's name (artist.name)"; a date's part as "the month of ..."
     * ({@code DATE_TRUNC('month', x)}, {@code EXTRACT(YEAR FROM x)}); another expression as its SQL.
     */
    static String phrase(SqlParts parts, Expression e) {
        if (e instanceof net.sf.jsqlparser.schema.Column c) {
            SqlParts.Ref r = parts.ref(c);
            return r.known() ? columnWords(r.table(), r.column()) + " (" + r.table().name() + "." + r.column().name() + ")" : c.toString();
        }
        if (e instanceof CastExpression cast && (cast.getLeftExpression() instanceof ExtractExpression
                || cast.getLeftExpression() instanceof Function)) {
            String inner = phrase(parts, cast.getLeftExpression());
            return inner.startsWith("the ") ? inner : e.toString(); // "EXTRACT(YEAR FROM x)::int": the year of x, a whole number
        }
        if (e instanceof ExtractExpression x && x.getName() != null && x.getExpression() instanceof net.sf.jsqlparser.schema.Column) {
            return "the " + x.getName().toLowerCase(Locale.ROOT) + " of " + phrase(parts, x.getExpression());
        }
        if (e instanceof Function f && f.getName() != null && f.getName().equalsIgnoreCase("date_trunc") && f.getParameters() != null
                && f.getParameters().size() == 2 && f.getParameters().get(0) instanceof StringValue unit
                && f.getParameters().get(1) instanceof net.sf.jsqlparser.schema.Column) {
            return "the " + unit.getValue().toLowerCase(Locale.ROOT) + " of " + phrase(parts, (Expression) f.getParameters().get(1));
        }
        return e.toString();
    }

    /**
     * What an ORDER BY item sorts by: {@code ORDER BY 2} and {@code ORDER BY total} (an output name) are the select list's
     * item, said as it is; else the expression's phrase.
     */
    private static String sortKey(SqlParts parts, PlainSelect top, Expression e) {
        List<SelectItem<?>> items = top.getSelectItems();
        if (e instanceof LongValue n && n.getValue() >= 1 && n.getValue() <= items.size()) {
            return itemPhrase(parts, items.get((int) n.getValue() - 1));
        }
        if (e instanceof net.sf.jsqlparser.schema.Column c && c.getTable() == null && !parts.ref(c).known()) {
            for (SelectItem<?> item : items) {
                if (item.getAlias() != null && item.getAlias().getName().equalsIgnoreCase(c.getColumnName())) {
                    return itemPhrase(parts, item);
                }
            }
        }
        return phrase(parts, e);
    }

    private static String itemPhrase(SqlParts parts, SelectItem<?> item) {
        Expression e = item.getExpression();
        if (!SqlParts.aggregates(e).isEmpty() && item.getAlias() != null) {
            return "the " + String.join(" ", Words.split(item.getAlias().getName())) + " (" + e + ")";
        }
        return phrase(parts, e);
    }

    static String columnWords(TableInfo t, ColumnInfo c) {
        List<String> tw = Words.split(t.name());
        List<String> cw = Words.split(c.name());
        String col = String.join(" ", cw);
        if (cw.containsAll(tw) || tw.isEmpty()) {
            return col;
        }
        return singular(tw) + "'s " + col;
    }

    private static String condition(SqlParts parts, SqlParts.Condition c) {
        String col = c.column().known() ? columnWords(c.column().table(), c.column().column()) + " (" + c.column().table().name() + "."
                + c.column().column().name() + ")" : c.column().sql();
        if (c.wrap() != null) {
            col = switch (c.wrap()) {
                case "lower", "upper" -> col + ", in any case,";
                case "year", "month", "day", "quarter", "week", "dow", "hour" -> "the " + c.wrap() + " of " + col;
                default -> c.wrap() + " of " + col;
            };
        }
        boolean time = c.column().known() && ColumnRole.kind(c.column().column().typeName()) == ColumnRole.Kind.TIME && c.wrap() == null;
        List<String> vs = c.values().stream().map(Interpreter::literal).toList();
        String v = c.other() != null && !(c.values().size() == 1 && c.values().get(0) == c.other()) ? literal(c.other())
                : vs.isEmpty() ? "a subquery's result" : vs.get(0);
        String said = switch (c.op().toUpperCase(Locale.ROOT)) {
            case "=" -> col + " is " + v;
            case "<>", "!=" -> col + " is not " + v;
            case ">" -> col + (time ? " is after " : " is over ") + v;
            case ">=" -> col + (time ? " is on or after " : " is at least ") + v;
            case "<" -> col + (time ? " is before " : " is under ") + v;
            case "<=" -> col + (time ? " is on or before " : " is at most ") + v;
            case "IN" -> col + " is one of " + String.join(", ", vs);
            case "NOT IN" -> col + " is none of " + String.join(", ", vs);
            case "BETWEEN" -> col + " is between " + String.join(" and ", vs);
            case "NOT BETWEEN" -> col + " is not between " + String.join(" and ", vs);
            case "IS NULL" -> col + " is missing";
            case "IS NOT NULL" -> col + " is present";
            default -> like(col, c.op(), v);
        };
        return c.negated() ? "not (" + said + ")" : said;
    }

    private static String like(String col, String op, String pattern) {
        boolean not = op.toUpperCase(Locale.ROOT).startsWith("NOT");
        String p = pattern.length() >= 2 && pattern.startsWith("'") ? pattern.substring(1, pattern.length() - 1) : pattern;
        String inner = p.replaceAll("^%|%$", "");
        String how;
        if (inner.contains("%") || inner.contains("_")) {
            how = (not ? "does not match '" : "matches '") + p + "'";
        } else if (p.startsWith("%") && p.endsWith("%")) {
            how = (not ? "does not contain '" : "contains '") + inner + "'";
        } else if (p.endsWith("%")) {
            how = (not ? "does not start with '" : "starts with '") + inner + "'";
        } else if (p.startsWith("%")) {
            how = (not ? "does not end with '" : "ends with '") + inner + "'";
        } else {
            how = (not ? "is not '" : "is '") + inner + "'";
        }
        boolean anyCase = op.toUpperCase(Locale.ROOT).contains("ILIKE");
        return col + " " + how + (anyCase ? " (any case)" : "");
    }

    static String literal(Expression e) {
        if (e instanceof StringValue s) {
            return "'" + s.getValue().replace("''", "'") + "'";
        }
        if (e instanceof DateValue d) {
            return d.getValue().toString();
        }
        if (e instanceof CastExpression cast && cast.getLeftExpression() instanceof StringValue s && cast.getColDataType() != null
                && cast.getColDataType().getDataType().toLowerCase(Locale.ROOT).matches("date|timestamp|timestamptz")) {
            return s.getValue(); // DATE '2024-01-01' as 2024-01-01
        }
        return e.toString();
    }

    /** Whether a condition is part of the ON of one of the query's outer joins. */
    private static boolean inOuterJoin(PlainSelect top, Expression e) {
        if (top.getJoins() == null) {
            return false;
        }
        boolean[] found = {false};
        for (net.sf.jsqlparser.statement.select.Join j : top.getJoins()) {
            if ((j.isLeft() || j.isOuter() || j.isRight() || j.isFull()) && j.getOnExpressions() != null) {
                dev.nlsql.internal.sql.AstNodes.forEach(List.copyOf(j.getOnExpressions()), n -> found[0] |= n == e);
            }
        }
        return found[0];
    }

    private static boolean inSelect(PlainSelect top, Expression e) {
        boolean[] found = {false};
        dev.nlsql.internal.sql.AstNodes.forEach(List.of(top.getWhere() == null ? List.of() : top.getWhere(),
                top.getHaving() == null ? List.of() : top.getHaving()), n -> found[0] |= n == e);
        if (found[0] && top.getWhere() != null) {
            // a condition inside a subquery of the WHERE clause is that subquery's
            boolean[] nestedHit = {false};
            dev.nlsql.internal.sql.AstNodes.forEach(top.getWhere(), n -> {
                if (n instanceof net.sf.jsqlparser.statement.select.Select s && n != top) {
                    dev.nlsql.internal.sql.AstNodes.forEach(s, m -> nestedHit[0] |= m == e);
                }
            });
            return !nestedHit[0];
        }
        return found[0];
    }

    private static String tableList(List<TableInfo> tables) {
        Set<String> names = new LinkedHashSet<>();
        tables.forEach(t -> names.add(t.name()));
        return names.isEmpty() ? "no table of the catalog" : String.join(", ", names);
    }

    /** A name's words with the last one singular, for the reader: "outgoing load", "wash" (not "washe"). */
    private static String singular(List<String> words) {
        List<String> out = new ArrayList<>(words);
        String last = out.get(out.size() - 1);
        boolean es = last.endsWith("sses") || last.endsWith("xes") || last.endsWith("ches") || last.endsWith("shes");
        out.set(out.size() - 1, es ? last.substring(0, last.length() - 2) : QuestionTerms.singular(last));
        return String.join(" ", out);
    }

    private static String join(List<String> items) {
        if (items.size() <= 1) {
            return items.isEmpty() ? "" : items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
