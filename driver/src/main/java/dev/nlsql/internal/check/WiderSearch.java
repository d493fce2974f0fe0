package dev.nlsql.internal.check;

import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex;
import dev.nlsql.internal.sql.AstNodes;
import dev.nlsql.internal.sql.SqlParsing;
import dev.nlsql.sql.SqlDialect;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;

/**
 * The wider search after an empty result: each text filter ({@code col = 'x'}, {@code col IN ('x', ...)},
 * {@code col LIKE 'p'}) becomes the column's real values closest to the literal (case, accents,
 * spacing, typos: "Machine learning" -> 'Machine Learning'), or, where the column has no such value
 * list, a case-insensitive pattern match ({@code ILIKE '%x%'}). The result is SQL text for the
 * guard to check again like any other attempt.
 */
public final class WiderSearch {

    /** The real values of a column closest to a literal. */
    @FunctionalInterface
    public interface Values {
        List<String> closest(TableInfo table, ColumnInfo column, String literal);
    }

    /** Broadened SQL and what changed, one entry per filter ("city = 'new york' -> city = 'New York'"). */
    public record Widened(String sql, List<String> changes) {
    }

    private WiderSearch() {
    }

    /** Null when the query has no text filter to broaden. */
    public static Widened widen(GuardedSql guarded, SchemaCatalog catalog, Values values) {
        return widen(guarded, catalog, values, false);
    }

    /**
     * With {@code sameValueOnly}, only literals that are a real value spelled differently (case,
     * accents, spacing) change: no patterns, no near values. For a count of 0, which is as often
     * right as not, only that much is safe; a pattern could count something else.
     */
    public static Widened widen(GuardedSql guarded, SchemaCatalog catalog, Values values, boolean sameValueOnly) {
        Statement statement;
        try {
            Statements parsed = SqlParsing.parse(guarded.sql()); // a copy: the guarded AST stays as it was checked
            if (parsed == null || parsed.size() != 1) {
                return null;
            }
            statement = parsed.get(0);
        } catch (SqlParsing.Unparseable e) {
            return null;
        }
        Map<String, TableInfo> tables = tablesOf(statement, catalog);
        boolean postgres = guarded.dialect() == SqlDialect.POSTGRESQL;
        List<Object> filters = new ArrayList<>();
        AstNodes.forEach(statement, node -> {
            if (node instanceof EqualsTo || node instanceof LikeExpression || node instanceof InExpression) {
                filters.add(node);
            }
        });
        List<String> changes = new ArrayList<>();
        for (Object filter : filters) {
            String before = filter.toString();
            Expression after = null;
            if (filter instanceof EqualsTo eq) {
                Column col = eq.getLeftExpression() instanceof Column c ? c : eq.getRightExpression() instanceof Column c2 ? c2 : null;
                StringValue lit = eq.getRightExpression() instanceof StringValue s ? s : eq.getLeftExpression() instanceof StringValue s2 ? s2 : null;
                if (col != null && lit != null) {
                    after = sameValueOnly ? sameValue(col, unescaped(lit), tables, values)
                            : closestOrPattern(col, unescaped(lit), tables, values, postgres);
                }
            } else if (!sameValueOnly && filter instanceof LikeExpression like && !like.isNot() && like.getLeftExpression() instanceof Column col
                    && like.getRightExpression() instanceof StringValue pattern
                    && like.getLikeKeyWord() == LikeExpression.KeyWord.LIKE) {
                after = pattern(col, unescaped(pattern), postgres);
            } else if (filter instanceof InExpression in && !in.isNot() && in.getLeftExpression() instanceof Column col
                    && in.getRightExpression() instanceof ExpressionList<?> list) {
                after = closestIn(col, list, tables, sameValueOnly ? sameOnly(values) : values);
            }
            if (after != null && !after.toString().equals(before) && AstNodes.replace(statement, filter, after)) {
                changes.add(before + " -> " + after);
            }
        }
        return changes.isEmpty() ? null : new Widened(statement.toString(), List.copyOf(changes));
    }

    private static Expression closestOrPattern(Column col, String literal, Map<String, TableInfo> tables, Values values, boolean postgres) {
        List<String> real = realValues(col, literal, tables, values);
        if (!real.isEmpty()) {
            return real.size() == 1 ? new EqualsTo(col, literal(real.get(0))) : in(col, real);
        }
        return pattern(col, "%" + escapeLike(literal.strip()) + "%", postgres);
    }

    private static Expression sameValue(Column col, String literal, Map<String, TableInfo> tables, Values values) {
        List<String> same = realValues(col, literal, tables, sameOnly(values));
        return same.isEmpty() ? null : same.size() == 1 ? new EqualsTo(col, literal(same.get(0))) : in(col, same);
    }

    /** The real values equal to the literal but for case, accents and spacing. */
    private static Values sameOnly(Values values) {
        return (table, column, literal) -> values.closest(table, column, literal).stream()
                .filter(v -> ValueIndex.folded(v).equals(ValueIndex.folded(literal))).toList();
    }

    private static Expression closestIn(Column col, ExpressionList<?> items, Map<String, TableInfo> tables, Values values) {
        List<String> out = new ArrayList<>();
        boolean changed = false;
        for (Object item : items) {
            if (!(item instanceof StringValue s)) {
                return null;
            }
            List<String> real = realValues(col, unescaped(s), tables, values);
            changed |= !real.isEmpty() && !(real.size() == 1 && real.get(0).equals(unescaped(s)));
            out.addAll(real.isEmpty() ? List.of(unescaped(s)) : real);
        }
        return changed ? in(col, out.stream().distinct().toList()) : null;
    }

    private static InExpression in(Column col, List<String> real) {
        return new InExpression(col, new ParenthesedExpressionList<>(real.stream().map(WiderSearch::literal).toList()));
    }

    /** PostgreSQL: ILIKE; elsewhere LOWER(col) LIKE a lower-case pattern. */
    private static Expression pattern(Column col, String pattern, boolean postgres) {
        LikeExpression like = new LikeExpression();
        if (postgres) {
            like.setLikeKeyWord(LikeExpression.KeyWord.ILIKE);
            like.setLeftExpression(col);
            like.setRightExpression(literal(pattern));
        } else {
            Function lower = new Function();
            lower.setName("LOWER");
            lower.setParameters(new ExpressionList<>(col));
            like.setLeftExpression(lower);
            like.setRightExpression(literal(pattern.toLowerCase(Locale.ROOT)));
        }
        return like;
    }

    private static List<String> realValues(Column col, String literal, Map<String, TableInfo> tables, Values values) {
        TableInfo table = tableOf(col, tables);
        if (table == null) {
            return List.of();
        }
        ColumnInfo column = table.columnIgnoreCase(col.getColumnName().replace("\"", "").replace("`", ""));
        return column == null ? List.of() : values.closest(table, column, literal);
    }

    private static TableInfo tableOf(Column col, Map<String, TableInfo> tables) {
        Table t = col.getTable();
        if (t != null && t.getName() != null) {
            return tables.get(unquoted(t.getName()));
        }
        TableInfo found = null;
        for (TableInfo candidate : new java.util.LinkedHashSet<>(tables.values())) {
            if (candidate.columnIgnoreCase(unquoted(col.getColumnName())) != null) {
                if (found != null) {
                    return null; // ambiguous: leave it
                }
                found = candidate;
            }
        }
        return found;
    }

    /** The query's tables by lower-case name and alias. */
    private static Map<String, TableInfo> tablesOf(Statement statement, SchemaCatalog catalog) {
        Map<String, TableInfo> out = new HashMap<>();
        AstNodes.forEach(statement, node -> {
            if (node instanceof Table t && t.getName() != null) {
                String schema = t.getSchemaName() == null ? null : unquoted(t.getSchemaName());
                TableInfo info = catalog.resolve(schema, unquoted(t.getName()));
                if (info == null) {
                    info = catalog.resolve(schema, t.getName().replace("\"", "").replace("`", "")); // a quoted mixed-case name
                }
                if (info != null) {
                    out.put(unquoted(t.getName()), info);
                    if (t.getAlias() != null) {
                        out.put(unquoted(t.getAlias().getName()), info);
                    }
                }
            }
        });
        return out;
    }

    private static String unquoted(String name) {
        String n = name.strip();
        if (n.length() > 1 && (n.startsWith("\"") && n.endsWith("\"") || n.startsWith("`") && n.endsWith("`"))) {
            return n.substring(1, n.length() - 1).toLowerCase(Locale.ROOT);
        }
        return n.toLowerCase(Locale.ROOT);
    }

    /** A string literal of {@code value}, its quotes doubled. */
    private static StringValue literal(String value) {
        return new StringValue(value.replace("'", "''"));
    }

    /** The text a literal stands for (JSqlParser keeps the doubled quotes). */
    private static String unescaped(StringValue s) {
        return s.getValue().replace("''", "'");
    }

    private static String escapeLike(String s) {
        return s.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
