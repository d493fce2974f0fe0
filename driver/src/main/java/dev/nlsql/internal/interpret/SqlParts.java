package dev.nlsql.internal.interpret;

import dev.nlsql.internal.diagnose.QueryTables;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.sql.AstNodes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;

/**
 * The parts of a statement that carry meaning, resolved against the catalog: the conditions of every query in it (a
 * column compared with values, or two columns joined), the columns it reads and the aggregates it computes.
 */
final class SqlParts {

    static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max");

    /** A column of the statement as the catalog knows it ({@code table} null when the statement's own, as a CTE's). */
    record Ref(TableInfo table, ColumnInfo column, String sql) {
        boolean known() {
            return table != null && column != null;
        }
    }

    /**
     * A condition: {@code column op values} ({@code values} the literals, empty for IS NULL or a subquery), with what
     * wraps the column ({@code wrap}: "year" for EXTRACT(YEAR FROM c), "lower" for LOWER(c), or null).
     */
    record Condition(Ref column, String op, List<Expression> values, String wrap, Expression sql, boolean negated, Expression other) {
        Condition(Ref column, String op, List<Expression> values, String wrap, Expression sql, boolean negated) {
            this(column, op, values, wrap, sql, negated, null);
        }
    }

    /** Two columns of different tables compared for equality: a join. */
    record JoinEdge(Ref left, Ref right) {
    }

    final QueryTables tables;
    final List<PlainSelect> selects = new ArrayList<>();
    final List<Condition> conditions = new ArrayList<>();
    final List<JoinEdge> joins = new ArrayList<>();
    /** Conditions too complex to read as a column and values: kept as SQL. */
    final List<Expression> opaque = new ArrayList<>();
    final boolean nested;
    final PlainSelect top;

    SqlParts(Select statement, SchemaCatalog catalog) {
        tables = QueryTables.of(statement, catalog);
        AstNodes.forEach(statement, n -> {
            if (n instanceof PlainSelect ps) {
                selects.add(ps);
            }
        });
        top = statement instanceof PlainSelect ps && ps.getWithItemsList() == null ? ps : null;
        nested = top == null || selects.size() > 1;
        for (PlainSelect ps : selects) {
            if (ps.getJoins() != null) {
                for (Join j : ps.getJoins()) {
                    if (j.getOnExpressions() != null) {
                        j.getOnExpressions().forEach(e -> split(e, false));
                    }
                }
            }
            split(ps.getWhere(), false);
            split(ps.getHaving(), false);
        }
    }

    Ref ref(Column c) {
        TableInfo t = tables.tableOf(c);
        ColumnInfo info = t == null ? null : tables.columnOf(c);
        return new Ref(t, info, c.toString());
    }

    /** The columns under an expression, in order. */
    List<Ref> columns(Object expression) {
        List<Ref> out = new ArrayList<>();
        AstNodes.forEach(expression, n -> {
            if (n instanceof Column c) {
                out.add(ref(c));
            }
        });
        return out;
    }

    /** The aggregate functions under an expression (COUNT, SUM, AVG, MIN, MAX), outermost first. */
    static List<Function> aggregates(Object expression) {
        List<Function> out = new ArrayList<>();
        AstNodes.forEach(expression, n -> {
            if (n instanceof Function f && f.getName() != null && AGGREGATES.contains(f.getName().toLowerCase(Locale.ROOT))) {
                out.add(f);
            }
        });
        return out;
    }

    private void split(Expression e, boolean negated) {
        if (e == null) {
            return;
        }
        if (e instanceof Parenthesis p) {
            split(p.getExpression(), negated);
        } else if (e instanceof AndExpression a) {
            split(a.getLeftExpression(), negated);
            split(a.getRightExpression(), negated);
        } else if (e instanceof OrExpression o) {
            split(o.getLeftExpression(), negated); // each side must be justified on its own
            split(o.getRightExpression(), negated);
        } else if (e instanceof NotExpression n) {
            split(n.getExpression(), !negated);
        } else if (!leaf(e, negated)) {
            opaque.add(e);
        }
    }

    private boolean leaf(Expression e, boolean negated) {
        if (e instanceof ComparisonOperator c) {
            Wrapped left = wrapped(c.getLeftExpression());
            Wrapped right = wrapped(c.getRightExpression());
            if (left != null && right != null && c.getStringExpression().equals("=") && left.wrap == null && right.wrap == null) {
                joins.add(new JoinEdge(left.ref, right.ref));
                return true;
            }
            if (left != null && right == null) {
                conditions.add(new Condition(left.ref, c.getStringExpression(), values(c.getRightExpression()), left.wrap, e, negated,
                        c.getRightExpression()));
                return true;
            }
            if (right != null && left == null) {
                conditions.add(new Condition(right.ref, flip(c.getStringExpression()), values(c.getLeftExpression()), right.wrap, e, negated,
                        c.getLeftExpression()));
                return true;
            }
            return false;
        }
        if (e instanceof LikeExpression l) {
            Wrapped left = wrapped(l.getLeftExpression());
            if (left == null) {
                return false;
            }
            String op = (l.isNot() ? "NOT " : "") + l.getLikeKeyWord().toString();
            conditions.add(new Condition(left.ref, op, values(l.getRightExpression()), left.wrap, e, negated));
            return true;
        }
        if (e instanceof InExpression in) {
            Wrapped left = wrapped(in.getLeftExpression());
            if (left == null) {
                return false;
            }
            List<Expression> vs = new ArrayList<>();
            if (in.getRightExpression() instanceof ExpressionList<?> list) {
                for (Object o : list) {
                    vs.addAll(values((Expression) o));
                }
            }
            conditions.add(new Condition(left.ref, in.isNot() ? "NOT IN" : "IN", vs, left.wrap, e, negated));
            return true;
        }
        if (e instanceof Between b) {
            Wrapped left = wrapped(b.getLeftExpression());
            if (left == null) {
                return false;
            }
            List<Expression> vs = new ArrayList<>(values(b.getBetweenExpressionStart()));
            vs.addAll(values(b.getBetweenExpressionEnd()));
            conditions.add(new Condition(left.ref, b.isNot() ? "NOT BETWEEN" : "BETWEEN", vs, left.wrap, e, negated));
            return true;
        }
        if (e instanceof IsNullExpression n) {
            Wrapped left = wrapped(n.getLeftExpression());
            if (left == null) {
                return false;
            }
            conditions.add(new Condition(left.ref, n.isNot() ? "IS NOT NULL" : "IS NULL", List.of(), left.wrap, e, negated));
            return true;
        }
        return false;
    }

    private record Wrapped(Ref ref, String wrap) {
    }

    /** A column, or one function of a column ({@code EXTRACT(YEAR FROM c)}, {@code LOWER(c)}, {@code c::date}). */
    private Wrapped wrapped(Expression e) {
        if (e instanceof Column c) {
            return new Wrapped(ref(c), null);
        }
        if (e instanceof CastExpression cast && cast.getLeftExpression() instanceof Column c) {
            return new Wrapped(ref(c), null);
        }
        if (e instanceof ExtractExpression x && x.getExpression() instanceof Column c) {
            return new Wrapped(ref(c), x.getName().toLowerCase(Locale.ROOT));
        }
        if (e instanceof Function f && f.getParameters() != null && !AGGREGATES.contains(f.getName().toLowerCase(Locale.ROOT))) {
            List<Ref> cols = columns(f.getParameters());
            if (cols.size() == 1) {
                String name = f.getName().toLowerCase(Locale.ROOT);
                String part = null;
                for (Object p : f.getParameters()) {
                    if (p instanceof StringValue s) {
                        part = s.getValue().toLowerCase(Locale.ROOT); // date_part('year', c), date_trunc('month', c)
                    }
                }
                return new Wrapped(cols.get(0), part != null ? part : name);
            }
        }
        return null;
    }

    /** The literals of a value expression: strings, numbers, dates; an expression of CURRENT_DATE counts as one value. */
    private static List<Expression> values(Expression e) {
        List<Expression> out = new ArrayList<>();
        AstNodes.forEach(e, n -> {
            if (n instanceof StringValue || n instanceof LongValue || n instanceof DoubleValue || n instanceof DateValue
                    || n instanceof TimeKeyExpression) {
                out.add((Expression) n);
            } else if (n instanceof SignedExpression s && (s.getExpression() instanceof LongValue || s.getExpression() instanceof DoubleValue)) {
                out.add(s);
            }
        });
        out.removeIf(v -> v instanceof LongValue || v instanceof DoubleValue ? out.stream().anyMatch(o -> o instanceof SignedExpression s
                && s.getExpression() == v) : false);
        return out;
    }

    private static String flip(String op) {
        return switch (op) {
            case ">" -> "<";
            case "<" -> ">";
            case ">=" -> "<=";
            case "<=" -> ">=";
            default -> op;
        };
    }
}
