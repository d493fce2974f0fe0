package dev.nlsql.internal.diagnose;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.sql.AstNodes;
import dev.nlsql.internal.sql.TableRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;

/**
 * The catalog's tables a statement reads (in its FROM clauses and joins, at any depth), by the qualifiers that name
 * them (aliases and names, lower case). Common table expressions and subqueries are not in the catalog and not here.
 */
public record QueryTables(Map<String, TableInfo> byQualifier, List<TableInfo> tables) {

    public static QueryTables of(Object statement, SchemaCatalog catalog) {
        Map<String, TableInfo> byQualifier = new HashMap<>();
        List<TableInfo> tables = new ArrayList<>();
        fromItems(statement).forEach(item -> add(item, catalog, byQualifier, tables));
        return new QueryTables(byQualifier, List.copyOf(tables));
    }

    /** The catalog's tables one SELECT reads in its own FROM clause and joins, not in its subqueries. */
    public static List<TableInfo> ofSelect(PlainSelect ps, SchemaCatalog catalog) {
        Map<String, TableInfo> byQualifier = new HashMap<>();
        List<TableInfo> tables = new ArrayList<>();
        if (ps.getFromItem() != null) {
            add(ps.getFromItem(), catalog, byQualifier, tables);
        }
        if (ps.getJoins() != null) {
            ps.getJoins().forEach(j -> add(j.getFromItem(), catalog, byQualifier, tables));
        }
        return List.copyOf(tables);
    }

    /** What every FROM clause and join of the statement reads, at any depth: tables, CTE names, subqueries. */
    static List<FromItem> fromItems(Object statement) {
        List<FromItem> out = new ArrayList<>();
        AstNodes.forEach(statement, node -> {
            if (node instanceof PlainSelect ps && ps.getFromItem() != null) {
                out.add(ps.getFromItem());
                if (ps.getJoins() != null) {
                    for (Join j : ps.getJoins()) {
                        out.add(j.getFromItem());
                    }
                }
            }
        });
        return out;
    }

    private static void add(FromItem item, SchemaCatalog catalog, Map<String, TableInfo> byQualifier, List<TableInfo> tables) {
        if (!(item instanceof Table t) || t.getName() == null) {
            return;
        }
        TableInfo info = catalog.resolveAnyCase(TableRef.fold(t.getSchemaName()), TableRef.fold(t.getName()));
        if (info == null) {
            return;
        }
        if (!tables.contains(info)) {
            tables.add(info);
        }
        byQualifier.put(lower(TableRef.fold(t.getName())), info);
        if (t.getAlias() != null && t.getAlias().getName() != null) {
            byQualifier.put(lower(TableRef.fold(t.getAlias().getName())), info);
        }
    }

    /** The table a qualifier names, or null. */
    TableInfo qualified(String qualifier) {
        return qualifier == null ? null : byQualifier.get(lower(TableRef.fold(qualifier)));
    }

    /** The table a column of the statement comes from: its qualifier's, else the one table that has it; null when unknown. */
    public TableInfo tableOf(Column column) {
        String name = TableRef.fold(column.getColumnName());
        if (column.getTable() != null && column.getTable().getName() != null) {
            TableInfo t = qualified(column.getTable().getName());
            return t != null && t.columnIgnoreCase(name) != null ? t : null;
        }
        List<TableInfo> having = having(name);
        return having.size() == 1 ? having.get(0) : null;
    }

    /** The catalog column a column of the statement is, or null when unknown. */
    public ColumnInfo columnOf(Column column) {
        TableInfo t = tableOf(column);
        return t == null ? null : t.columnIgnoreCase(TableRef.fold(column.getColumnName()));
    }

    /** The tables of the statement that have a column of this name, in any case. */
    List<TableInfo> having(String column) {
        return tables.stream().filter(t -> t.columnIgnoreCase(column) != null).toList();
    }

    private static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }
}
