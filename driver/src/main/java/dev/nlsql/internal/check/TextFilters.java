package dev.nlsql.internal.check;

import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.sql.AstNodes;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;

/** Whether a query filters on text: an empty result may then be a filter that missed (case, spelling). */
public final class TextFilters {

    private TextFilters() {
    }

    /** True when the query compares something to a string literal (=, IN, LIKE). */
    public static boolean present(GuardedSql guarded) {
        boolean[] found = {false};
        AstNodes.forEach(guarded.ast(), node -> {
            if ((node instanceof EqualsTo eq && (eq.getRightExpression() instanceof StringValue || eq.getLeftExpression() instanceof StringValue))
                    || node instanceof LikeExpression || (node instanceof InExpression in && in.toString().contains("'"))) {
                found[0] = true;
            }
        });
        return found[0];
    }

    private static final java.util.Set<String> AGGREGATES = java.util.Set.of("count", "sum", "avg", "min", "max");

    /** True when the query returns exactly one row of aggregates: no GROUP BY, every column count, sum, avg, min or max. */
    public static boolean oneAggregateRow(GuardedSql guarded) {
        if (!(guarded.ast() instanceof net.sf.jsqlparser.statement.select.PlainSelect p) || p.getGroupBy() != null
                || p.getHaving() != null || p.getSelectItems() == null || p.getSelectItems().isEmpty()) {
            return false;
        }
        for (net.sf.jsqlparser.statement.select.SelectItem<?> item : p.getSelectItems()) {
            if (!(item.getExpression() instanceof net.sf.jsqlparser.expression.Function f) || f.getName() == null
                    || !AGGREGATES.contains(f.getName().toLowerCase(java.util.Locale.ROOT))) {
                return false;
            }
        }
        return true;
    }
}
