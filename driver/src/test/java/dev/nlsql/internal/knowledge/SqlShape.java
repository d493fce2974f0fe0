package dev.nlsql.internal.knowledge;

import dev.nlsql.internal.sql.SqlParsing;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * The shape of a gold query, the label of the similarity evidence: the tables it reads (CTE names left out) and
 * its kind: {@code grouped} when any SELECT in it has a GROUP BY, else {@code aggregate} when it calls an aggregate
 * function, else {@code rows}. Two questions of one database are relevant to each other when their shapes are equal.
 */
record SqlShape(Set<String> tables, String kind) {

    private static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max", "stddev", "variance",
            "string_agg", "array_agg", "bool_and", "bool_or", "percentile_cont", "percentile_disc", "mode");

    /** The shape of a statement, or null when JSqlParser cannot read it. */
    static SqlShape of(String sql) {
        Statement statement;
        try {
            statement = SqlParsing.parse(sql).get(0);
        } catch (SqlParsing.Unparseable | IndexOutOfBoundsException e) {
            return null;
        }
        Finder finder = new Finder();
        Set<String> found = finder.getTables(statement);
        Set<String> tables = new TreeSet<>();
        for (String t : found) {
            String name = t.replace("\"", "").toLowerCase(Locale.ROOT);
            name = name.substring(name.lastIndexOf('.') + 1);
            if (!finder.cteNames.contains(name)) {
                tables.add(name);
            }
        }
        String kind = finder.grouped ? "grouped" : finder.aggregate ? "aggregate" : "rows";
        return new SqlShape(Set.copyOf(tables), kind);
    }

    /** TablesNamesFinder walks every SELECT, expression and CTE: it notes GROUP BY, aggregates and CTE names on the way. */
    private static final class Finder extends TablesNamesFinder<Void> {
        final Set<String> cteNames = new HashSet<>();
        boolean grouped;
        boolean aggregate;

        @Override
        public <S> Void visit(PlainSelect select, S context) {
            grouped |= select.getGroupBy() != null;
            return super.visit(select, context);
        }

        @Override
        public <S> Void visit(Function function, S context) {
            aggregate |= function.getName() != null && AGGREGATES.contains(function.getName().toLowerCase(Locale.ROOT));
            return super.visit(function, context);
        }

        @Override
        public <S> Void visit(WithItem<?> item, S context) {
            cteNames.add(item.getAliasName().replace("\"", "").toLowerCase(Locale.ROOT));
            return super.visit(item, context);
        }
    }
}
