package dev.nlsql.internal.diagnose;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ColumnRole;
import dev.nlsql.internal.schema.ColumnRole.Kind;
import dev.nlsql.internal.schema.NameCandidates;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.sql.AstNodes;
import dev.nlsql.internal.sql.EditDistance;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateTimeLiteralExpression;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.IntervalExpression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.TimeValue;
import net.sf.jsqlparser.expression.TimestampValue;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.IntegerDivision;
import net.sf.jsqlparser.expression.operators.arithmetic.Modulo;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.Join;

/**
 * How a statement uses a name that does not exist, read from the parse tree around each place the name stands: the
 * kinds of value it must hold (compared with a number, summed, averaged or multiplied: numbers; compared with a string
 * or matched with LIKE: text; compared with a date, or a date function's argument: dates; compared with a column: that
 * column's kind) and its role (joined on: a key; summed, averaged or multiplied: a measure, never a key). A repair may
 * put a real column in its place only when the column fits every use ({@link #misfit}).
 */
final class NameUse {

    private static final Set<String> MEASURES = Set.of("sum", "avg", "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop",
            "var_samp", "median", "percentile_cont");
    private static final Set<String> TEXT_FUNCTIONS = Set.of("lower", "upper", "trim", "ltrim", "rtrim", "btrim", "initcap",
            "length", "char_length", "character_length", "substr", "substring", "left", "right", "replace", "split_part", "starts_with",
            "position", "strpos", "concat", "reverse", "lpad", "rpad", "ucase", "lcase");
    private static final Set<String> TIME_FUNCTIONS = Set.of("date_trunc", "date_part", "age", "year", "month", "day", "dayofweek",
            "dayofmonth", "dayofyear", "week", "weekday", "quarter", "hour", "minute", "strftime", "julianday", "date_format",
            "datediff", "timestampdiff", "last_day", "isodow");
    private static final Set<String> TIME_VALUES = Set.of("now", "current_date", "current_timestamp", "localtimestamp", "localtime",
            "date_trunc", "to_date", "to_timestamp", "make_date", "make_timestamp", "date", "datetime", "date_add", "date_sub", "dateadd",
            "curdate", "sysdate", "getdate");
    private static final Set<String> NUMBER_FUNCTIONS = Set.of("abs", "round", "ceil", "ceiling", "floor", "sqrt", "power", "exp",
            "ln", "log", "sign", "trunc", "mod");
    /** Functions whose value has the type of their arguments: the use of the call is the use of the name. */
    private static final Set<String> SAME_TYPE = Set.of("coalesce", "nullif", "greatest", "least", "ifnull", "nvl");

    /** A use that demands some kinds: "sums it" demands numbers. */
    private record Demand(Set<Kind> kinds, String use) {
    }

    private final List<Demand> demands = new ArrayList<>();
    private final Map<Object, Object> parents;
    private final QueryTables tables;
    private String joinedWith;
    private String measuredBy;

    private NameUse(Map<Object, Object> parents, QueryTables tables) {
        this.parents = parents;
        this.tables = tables;
    }

    /** The uses of {@code places} (the nodes where the name stands) in {@code statement}. */
    static NameUse of(Object statement, List<?> places, QueryTables tables) {
        NameUse use = new NameUse(AstNodes.parents(statement), tables);
        for (Object place : places) {
            use.read(place);
        }
        return use;
    }

    /**
     * Why the column {@code table.column} cannot stand for the wrong name {@code wrong} in this statement, or null when it
     * fits every use: its kind, its role (a key for a key, a measure for a measure), and, unless the two names are the
     * same word slipped ({@code custmer_id}), the role the wrong name itself reads as ({@code rating} is not
     * {@code rating_id}).
     */
    String misfit(String wrong, TableInfo table, ColumnInfo column) {
        String shown = table.name() + "." + column.name();
        Kind kind = ColumnRole.kind(column.typeName());
        for (Demand d : demands) {
            if (!d.kinds().contains(kind)) {
                return shown + " holds " + kind.words() + ", but the query " + d.use();
            }
        }
        boolean key = ColumnRole.isKey(table, column);
        if (joinedWith != null && !key) {
            return shown + " is not a key, but the query joins on it (with " + joinedWith + ")";
        }
        if (measuredBy != null && key) {
            return shown + " is a key, but the query " + measuredBy;
        }
        if (!sameWord(wrong, column.name())) {
            boolean wrongKey = ColumnRole.keyLikeName(wrong);
            if (wrongKey && !key) {
                return shown + " is not a key, but \"" + wrong + "\" names one";
            }
            if (!wrongKey && joinedWith == null && ColumnRole.keyLikeName(column.name())) {
                return shown + " is a key, but \"" + wrong + "\" names no key";
            }
        }
        return null;
    }

    /** One slip apart once case, underscores and a plural s are set aside: {@code csutomer_id} and {@code customerid}. */
    static boolean sameWord(String a, String b) {
        String x = normal(a);
        String y = normal(b);
        return x.equals(y) || EditDistance.of(x, y) <= 1;
    }

    private static String normal(String name) {
        return NameCandidates.singular(name.toLowerCase(Locale.ROOT).replace("_", ""));
    }

    /** Reads what the statement does with the value at {@code place}, climbing through calls that keep its type. */
    private void read(Object place) {
        Object expr = place;
        for (int depth = 0; depth < 16; depth++) {
            Object p = parents.get(expr);
            if (p instanceof Function f) {
                String name = f.getName() == null ? "" : f.getName().toLowerCase(Locale.ROOT);
                if (MEASURES.contains(name)) {
                    String verb = name.equals("avg") ? "averages it" : name.equals("sum") ? "sums it" : "takes its " + name;
                    demand(EnumSet.of(Kind.NUMBER), verb);
                    measuredBy = measuredBy == null ? verb : measuredBy;
                    return;
                }
                if (TEXT_FUNCTIONS.contains(name)) {
                    demand(EnumSet.of(Kind.TEXT), "uses it as text (" + name + ")");
                } else if (TIME_FUNCTIONS.contains(name)) {
                    demand(EnumSet.of(Kind.TIME), "uses it as a date (" + name + ")");
                    return;
                } else if (NUMBER_FUNCTIONS.contains(name)) {
                    demand(EnumSet.of(Kind.NUMBER), "uses it as a number (" + name + ")");
                    return;
                } else if (!SAME_TYPE.contains(name)) {
                    return; // count, min, max and the rest take any kind
                }
                expr = f;
            } else if (p instanceof Parenthesis) {
                expr = p;
            } else if (p instanceof SignedExpression) {
                demand(EnumSet.of(Kind.NUMBER), "negates it");
                expr = p;
            } else if (p instanceof ExtractExpression) {
                demand(EnumSet.of(Kind.TIME), "extracts a date part from it");
                return;
            } else if (p instanceof Multiplication || p instanceof Division || p instanceof IntegerDivision || p instanceof Modulo) {
                demand(EnumSet.of(Kind.NUMBER), "multiplies or divides it");
                measuredBy = measuredBy == null ? "multiplies or divides it" : measuredBy;
                return;
            } else if (p instanceof Addition || p instanceof Subtraction) {
                Object other = otherSide((BinaryExpression) p, expr);
                if (containsTime(other)) {
                    demand(EnumSet.of(Kind.TIME), "adds a date interval to it");
                } else if (isNumber(other)) {
                    demand(EnumSet.of(Kind.NUMBER, Kind.TIME), "adds a number to it"); // date + 1 is a date in PostgreSQL
                }
                return;
            } else if (p instanceof LikeExpression like) {
                if (like.getLeftExpression() == expr) {
                    demand(EnumSet.of(Kind.TEXT), "matches it with LIKE");
                }
                return;
            } else if (p instanceof ComparisonOperator c) {
                compare(otherSide(c, expr), c instanceof EqualsTo && inJoinCondition(c));
                return;
            } else if (p instanceof Between b) {
                if (b.getLeftExpression() == expr) {
                    compare(b.getBetweenExpressionStart(), false);
                }
                return;
            } else if (p instanceof InExpression in) {
                if (in.getLeftExpression() == expr && in.getRightExpression() instanceof ExpressionList<?> list && !list.isEmpty()) {
                    compare(list.get(0), false);
                }
                return;
            } else {
                return; // CAST says what it wants; a select item, GROUP BY or ORDER BY takes any kind
            }
        }
    }

    /** The name compared with {@code other}: a value's kind, or a column's (joined on: a key as well). */
    private void compare(Object other, boolean join) {
        if (other instanceof Column c) {
            ColumnInfo info = tables.columnOf(c);
            if (info != null) {
                demand(EnumSet.of(ColumnRole.kind(info.typeName())), "compares it with " + c + " (" + ColumnRole.kind(info.typeName()).words() + ")");
            }
            if (join) {
                joinedWith = joinedWith == null ? c.toString() : joinedWith;
            }
            return;
        }
        if (isNumber(other)) {
            demand(EnumSet.of(Kind.NUMBER), "compares it with a number");
        } else if (other instanceof StringValue s) {
            String v = s.getValue();
            if (v.matches("\\d{4}-\\d{2}-\\d{2}.*")) {
                demand(EnumSet.of(Kind.TEXT, Kind.TIME), "compares it with a date");
            } else if (v.matches("-?\\d+(\\.\\d+)?")) {
                demand(EnumSet.of(Kind.TEXT, Kind.NUMBER), "compares it with '" + v + "'");
            } else {
                demand(EnumSet.of(Kind.TEXT), "compares it with a string");
            }
        } else if (other instanceof ExtractExpression) {
            demand(EnumSet.of(Kind.NUMBER), "compares it with a date part");
        } else if (containsTime(other)) {
            demand(EnumSet.of(Kind.TIME), "compares it with a date");
        }
    }

    private void demand(Set<Kind> kinds, String use) {
        demands.add(new Demand(kinds, use));
    }

    private static Object otherSide(BinaryExpression b, Object expr) {
        return b.getLeftExpression() == expr ? b.getRightExpression() : b.getLeftExpression();
    }

    private static boolean isNumber(Object e) {
        return e instanceof LongValue || e instanceof DoubleValue || e instanceof SignedExpression s && isNumber(s.getExpression());
    }

    /**
     * A date or time value: a literal, CURRENT_DATE, now(), a cast to a date, an interval, or a sum or difference with
     * one. Not EXTRACT(YEAR FROM ...) and kin, whose value is a number.
     */
    private static boolean containsTime(Object e) {
        if (e instanceof DateValue || e instanceof TimestampValue || e instanceof TimeValue || e instanceof DateTimeLiteralExpression
                || e instanceof TimeKeyExpression || e instanceof IntervalExpression) {
            return true;
        }
        if (e instanceof CastExpression cast) {
            return cast.getColDataType() != null && ColumnRole.kind(cast.getColDataType().getDataType()) == Kind.TIME;
        }
        if (e instanceof Function f) {
            return f.getName() != null && TIME_VALUES.contains(f.getName().toLowerCase(Locale.ROOT));
        }
        if (e instanceof Addition || e instanceof Subtraction) {
            return containsTime(((BinaryExpression) e).getLeftExpression()) || containsTime(((BinaryExpression) e).getRightExpression());
        }
        return e instanceof Parenthesis paren && containsTime(paren.getExpression());
    }

    /** An equality in a JOIN's ON condition (possibly among others joined with AND or OR). */
    private boolean inJoinCondition(Object comparison) {
        Object node = parents.get(comparison);
        while (node instanceof AndExpression || node instanceof OrExpression || node instanceof Parenthesis) {
            node = parents.get(node);
        }
        return node instanceof Join;
    }
}
