package dev.nlsql.internal.execute;

import dev.nlsql.internal.sql.AstNodes;
import dev.nlsql.sql.SqlLexer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;

/**
 * The columns of loaded tables that a statement compares with '=' in a JOIN's ON or USING or in a
 * WHERE (of any query block): the ones an index turns from H2's nested-loop scan into a lookup. A
 * column qualified by a table name or alias resolves through every FROM item so named (an alias
 * used in two scopes indexes both tables: an extra index costs only its build); an unqualified one
 * resolves when exactly one loaded table the statement reads has it.
 */
final class JoinColumns {

    /** A loaded table and one of its columns, both lower case as the copy names them. */
    record TableColumn(String table, String column) {
    }

    private JoinColumns() {
    }

    static List<TableColumn> of(Object statement, Map<String, List<String>> columnsByTable) {
        return of(statement, columnsByTable, Map.of());
    }

    /**
     * As above; a column compared with a column of another table is indexed on one side only, the table
     * with more rows ({@code rowsByTable}): H2 scans the other and looks each row up, so one index serves.
     */
    static List<TableColumn> of(Object statement, Map<String, List<String>> columnsByTable, Map<String, Integer> rowsByTable) {
        Map<String, Set<String>> tablesByQualifier = new HashMap<>();
        Set<String> read = new LinkedHashSet<>();
        List<Column[]> compared = new ArrayList<>();
        List<Column> using = new ArrayList<>();
        AstNodes.forEach(statement, node -> {
            if (node instanceof PlainSelect select) {
                from(select.getFromItem(), columnsByTable, tablesByQualifier, read);
                if (select.getJoins() != null) {
                    for (Join join : select.getJoins()) {
                        from(join.getFromItem(), columnsByTable, tablesByQualifier, read);
                        if (join.getOnExpressions() != null) {
                            join.getOnExpressions().forEach(on -> equalities(on, compared));
                        }
                        if (join.getUsingColumns() != null) {
                            using.addAll(join.getUsingColumns());
                        }
                    }
                }
                equalities(select.getWhere(), compared);
            }
        });
        Set<TableColumn> found = new LinkedHashSet<>();
        for (Column[] group : compared) {
            List<TableColumn> left = resolve(group[0], columnsByTable, tablesByQualifier, read);
            List<TableColumn> right = group.length > 1 ? resolve(group[1], columnsByTable, tablesByQualifier, read) : List.of();
            if (left.size() == 1 && right.size() == 1 && !left.get(0).table().equals(right.get(0).table())) {
                int l = rowsByTable.getOrDefault(left.get(0).table(), 0);
                int r = rowsByTable.getOrDefault(right.get(0).table(), 0);
                found.add(l > r ? left.get(0) : right.get(0));
            } else {
                found.addAll(left);
                found.addAll(right);
            }
        }
        for (Column c : using) { // USING (id): every table read that has the column takes part
            String column = fold(c.getColumnName());
            read.stream().filter(t -> columnsByTable.get(t).contains(column)).forEach(t -> found.add(new TableColumn(t, column)));
        }
        return List.copyOf(found);
    }

    private static List<TableColumn> resolve(Column c, Map<String, List<String>> columnsByTable, Map<String, Set<String>> tablesByQualifier,
            Set<String> read) {
        String column = fold(c.getColumnName());
        String qualifier = c.getTable() == null || c.getTable().getName() == null ? null : fold(c.getTable().getName());
        List<TableColumn> out = new ArrayList<>();
        if (qualifier != null) {
            for (String table : tablesByQualifier.getOrDefault(qualifier, Set.of())) {
                if (columnsByTable.get(table).contains(column)) {
                    out.add(new TableColumn(table, column));
                }
            }
        } else {
            List<String> having = read.stream().filter(t -> columnsByTable.get(t).contains(column)).toList();
            if (having.size() == 1) {
                out.add(new TableColumn(having.get(0), column));
            }
        }
        return out;
    }

    private static void from(FromItem item, Map<String, List<String>> columnsByTable, Map<String, Set<String>> tablesByQualifier,
            Set<String> read) {
        if (item instanceof Table table && table.getName() != null) {
            String name = fold(table.getName());
            if (!columnsByTable.containsKey(name)) {
                return; // a CTE or a name the copy does not hold
            }
            read.add(name);
            tablesByQualifier.computeIfAbsent(name, k -> new LinkedHashSet<>()).add(name);
            if (table.getAlias() != null && table.getAlias().getName() != null) {
                tablesByQualifier.computeIfAbsent(fold(table.getAlias().getName()), k -> new LinkedHashSet<>()).add(name);
            }
        }
    }

    /** The columns on either side of each '=' in a condition (subqueries inside it are their own query blocks). */
    private static void equalities(Object condition, List<Column[]> compared) {
        if (condition == null) {
            return;
        }
        AstNodes.forEach(condition, node -> {
            if (node instanceof EqualsTo eq) {
                boolean l = eq.getLeftExpression() instanceof Column;
                boolean r = eq.getRightExpression() instanceof Column;
                if (l && r) {
                    compared.add(new Column[] {(Column) eq.getLeftExpression(), (Column) eq.getRightExpression()});
                } else if (l || r) {
                    compared.add(new Column[] {(Column) (l ? eq.getLeftExpression() : eq.getRightExpression())});
                }
            }
        });
    }

    private static String fold(String written) {
        return SqlLexer.foldIdentifier(written).toLowerCase(Locale.ROOT);
    }
}
