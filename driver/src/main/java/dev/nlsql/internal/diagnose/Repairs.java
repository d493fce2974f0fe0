package dev.nlsql.internal.diagnose;

import dev.nlsql.ErrorCategory;

import dev.nlsql.internal.log.Logs;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.sql.AstNodes;
import dev.nlsql.internal.sql.SqlParsing;
import dev.nlsql.internal.sql.TableRef;
import dev.nlsql.internal.schema.NameCandidates;
import dev.nlsql.internal.schema.NameCandidates.Candidate;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.SchemaRenderer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;
import org.slf4j.Logger;

/**
 * Fixes, on the parse tree and without asking the LLM, the failures that have exactly one
 * sensible fix: a wrong name whose one candidate by name (including case and quoting) also fits
 * by type and role where the statement uses it (a repair never guesses meaning: otherwise the
 * model gets the diagnosis with the candidates), selected columns missing from GROUP BY, and
 * division by zero. Returns null otherwise.
 */
public final class Repairs {

    private static final Logger LOG = Logs.get(Repairs.class);

    private static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max", "array_agg", "string_agg",
            "bool_and", "bool_or", "every", "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop", "var_samp",
            "json_agg", "jsonb_agg", "json_object_agg", "jsonb_object_agg", "percentile_cont", "percentile_disc", "mode",
            "corr", "covar_pop", "covar_samp", "group_concat", "listagg", "median", "bit_and", "bit_or", "xmlagg");

    /** A repaired statement and what was done to it, for the trace. */
    /**
     * A repaired statement and what changed; for a column put in place of another, {@code wrongColumn} and
     * {@code column} name the two (null for other repairs), so the caller can ask whether the question names it.
     */
    public record Repair(String sql, String description, String wrongColumn, String column) {
        public Repair(String sql, String description) {
            this(sql, description, null, null);
        }
    }

    private Repairs() {
    }

    /** PostgreSQL's rules for names, when no catalog says which database the SQL is for. */
    private static final SchemaCatalog POSTGRES = new SchemaCatalog("PostgreSQL", "", "public", List.of());

    public static Repair repair(String sql, Diagnosis d) {
        return repair(sql, d, null);
    }

    /** As {@link #repair(String, Diagnosis)}, a name put in written as {@code catalog}'s database must write it. */
    public static Repair repair(String sql, Diagnosis d, SchemaCatalog catalog) {
        SchemaCatalog names = catalog == null ? POSTGRES : catalog;
        if (sql == null || sql.indexOf('\\') >= 0) {
            return null; // the tree of text with backslashes in strings does not print back faithfully
        }
        Statement statement;
        try {
            Statements parsed = SqlParsing.parse(sql);
            if (parsed == null || parsed.size() != 1) {
                return null;
            }
            statement = parsed.get(0);
        } catch (SqlParsing.Unparseable e) {
            return null;
        }
        String description = switch (d.category()) {
            case COLUMN_NOT_FOUND -> renameColumn(statement, d, names);
            case TABLE_NOT_FOUND -> renameTable(statement, d, names);
            case GROUPING_ERROR -> completeGroupBy(statement, d);
            case DIVISION_BY_ZERO -> guardDivisions(statement);
            default -> null;
        };
        if (description == null) {
            return null;
        }
        return d.category() == ErrorCategory.COLUMN_NOT_FOUND ? new Repair(statement.toString(), description, d.name(),
                NameCandidates.confident(d.candidates()).name()) : new Repair(statement.toString(), description);
    }

    private static String renameColumn(Statement statement, Diagnosis d, SchemaCatalog names) {
        Candidate c = NameCandidates.confident(d.candidates());
        if (c == null || d.name() == null) {
            return null;
        }
        List<Column> hits = new ArrayList<>();
        AstNodes.forEach(statement, node -> {
            if (node instanceof Column col && matches(col.getColumnName(), d.name()) && qualifierMatches(col, d.qualifier())) {
                hits.add(col);
            }
        });
        if (hits.isEmpty()) {
            return null;
        }
        String misfit = columnMisfit(statement, hits, d, c, names);
        if (misfit != null) {
            LOG.debug("column {} is not repaired to {}: {}", d.name(), c.qualified(), misfit);
            return null;
        }
        hits.forEach(col -> col.setColumnName(SchemaRenderer.identifier(names, c.name())));
        return "column " + d.name() + " -> " + c.name();
    }

    private static String renameTable(Statement statement, Diagnosis d, SchemaCatalog names) {
        Candidate c = NameCandidates.confident(d.candidates());
        if (c == null || d.name() == null) {
            return null;
        }
        List<Table> hits = new ArrayList<>();
        AstNodes.forEach(statement, node -> {
            if (node instanceof Table t && matches(t.getName(), d.name())
                    && (d.qualifier() == null || matches(t.getSchemaName(), d.qualifier()))) {
                hits.add(t);
            }
        });
        if (hits.isEmpty()) {
            return null;
        }
        String misfit = tableMisfit(statement, hits, c, names);
        if (misfit != null) {
            LOG.debug("table {} is not repaired to {}: {}", d.name(), c.qualified(), misfit);
            return null;
        }
        for (Table t : hits) {
            t.setName(SchemaRenderer.identifier(names, c.name()));
            t.setSchemaName(c.table() == null ? t.getSchemaName() : SchemaRenderer.identifier(names, c.table()));
        }
        return "table " + d.name() + " -> " + c.qualified();
    }

    /**
     * Why the one candidate by name cannot stand for the wrong column, or null when it can: it must be a column of the
     * table the name resolves to (the qualifier's, else the one table of the query that has it), of a kind every use of
     * the name accepts, in the same role ({@link NameUse#misfit}).
     */
    private static String columnMisfit(Statement statement, List<Column> hits, Diagnosis d, Candidate c, SchemaCatalog catalog) {
        QueryTables tables = QueryTables.of(statement, catalog);
        TableInfo table;
        if (d.qualifier() != null) {
            table = tables.qualified(d.qualifier());
            if (table == null || !table.name().equals(c.table())) {
                return "it is not a column of " + d.qualifier();
            }
        } else {
            List<TableInfo> having = tables.having(c.name());
            if (having.size() != 1 || !having.get(0).name().equals(c.table())) {
                return having.isEmpty() ? "no table of the query has it" : "it is not the only table of the query with " + c.name();
            }
            table = having.get(0);
        }
        ColumnInfo column = table.columnIgnoreCase(c.name());
        return column == null ? "no such column" : NameUse.of(statement, hits, tables).misfit(d.name(), table, column);
    }

    /**
     * Why the one candidate by name cannot stand for the wrong table, or null when it can: every column the statement reads
     * through the wrong table (by its alias or name, or unqualified where no other table of the query has it) must be a
     * column of the candidate, fit for its uses.
     */
    private static String tableMisfit(Statement statement, List<Table> hits, Candidate c, SchemaCatalog catalog) {
        TableInfo target = catalog.resolveAnyCase(c.table(), c.name());
        if (target == null) {
            return "no such table";
        }
        QueryTables others = QueryTables.of(statement, catalog);
        Set<String> qualifiers = new HashSet<>();
        for (Table t : hits) {
            qualifiers.add(lower(t.getAlias() != null ? t.getAlias().getName() : t.getName()));
        }
        boolean onlyUnknown = readsOnlyCatalogTablesBut(statement, catalog, hits); // no CTE or subquery to read columns from
        Set<String> aliases = selectAliases(statement);
        java.util.Map<String, List<Column>> read = new java.util.LinkedHashMap<>();
        AstNodes.forEach(statement, node -> {
            if (!(node instanceof Column col)) {
                return;
            }
            String name = TableRef.fold(col.getColumnName());
            boolean qualified = col.getTable() != null && col.getTable().getName() != null;
            boolean ours = qualified ? qualifiers.contains(lower(col.getTable().getName()))
                    : onlyUnknown && others.having(name).isEmpty() && !aliases.contains(lower(name));
            if (ours) {
                read.computeIfAbsent(lower(name), k -> new ArrayList<>()).add(col);
            }
        });
        for (var e : read.entrySet()) {
            ColumnInfo column = target.columnIgnoreCase(e.getKey());
            if (column == null) {
                return target.name() + " has no column " + e.getKey();
            }
            String misfit = NameUse.of(statement, e.getValue(), others).misfit(column.name(), target, column);
            if (misfit != null) {
                return misfit;
            }
        }
        return null;
    }

    /** Whether every FROM item of the statement, at any depth, is a table of the catalog or one of {@code wrong}. */
    private static boolean readsOnlyCatalogTablesBut(Statement statement, SchemaCatalog catalog, List<Table> wrong) {
        for (FromItem item : QueryTables.fromItems(statement)) {
            boolean known = item == null || wrong.contains(item) || item instanceof Table t
                    && catalog.resolveAnyCase(TableRef.fold(t.getSchemaName()), TableRef.fold(t.getName())) != null;
            if (!known) {
                return false;
            }
        }
        return true;
    }

    /** The names the statement gives its select items ({@code AS total}), lower case. */
    private static Set<String> selectAliases(Statement statement) {
        Set<String> out = new HashSet<>();
        AstNodes.forEach(statement, node -> {
            if (node instanceof SelectItem<?> item && item.getAlias() != null && item.getAlias().getName() != null) {
                out.add(lower(TableRef.fold(item.getAlias().getName())));
            }
        });
        return out;
    }

    private static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }

    /** Adds every selected expression that is not an aggregate to GROUP BY, creating it when missing. */
    private static String completeGroupBy(Statement statement, Diagnosis d) {
        List<String> added = new ArrayList<>();
        AstNodes.forEach(statement, node -> {
            if (!(node instanceof PlainSelect ps) || ps.getSelectItems() == null) {
                return;
            }
            boolean aggregates = ps.getSelectItems().stream().anyMatch(i -> containsAggregate(i.getExpression()));
            if (ps.getGroupBy() == null && !aggregates) {
                return;
            }
            Set<String> grouped = new HashSet<>();
            if (ps.getGroupBy() != null && ps.getGroupBy().getGroupByExpressionList() != null) {
                for (Object e : ps.getGroupBy().getGroupByExpressionList()) {
                    grouped.add(e.toString().toLowerCase(Locale.ROOT));
                }
            }
            for (SelectItem<?> item : ps.getSelectItems()) {
                Expression e = item.getExpression();
                String text = e.toString().toLowerCase(Locale.ROOT);
                String alias = item.getAlias() == null ? null : item.getAlias().getName().toLowerCase(Locale.ROOT);
                if (containsAggregate(e) || !containsColumn(e) || grouped.contains(text) || (alias != null && grouped.contains(alias))) {
                    continue;
                }
                if (ps.getGroupBy() == null) {
                    GroupByElement groupBy = new GroupByElement();
                    groupBy.setGroupByExpressions(new ExpressionList<>());
                    ps.setGroupByElement(groupBy);
                }
                addTo(ps.getGroupBy().getGroupByExpressionList(), e);
                grouped.add(text);
                added.add(e.toString());
            }
        });
        return added.isEmpty() ? null : "GROUP BY += " + String.join(", ", added);
    }

    @SuppressWarnings("unchecked")
    private static void addTo(ExpressionList<?> list, Expression e) {
        ((ExpressionList<Expression>) list).add(e);
    }

    private static String guardDivisions(Statement statement) {
        List<Division> divisions = new ArrayList<>();
        AstNodes.forEach(statement, node -> {
            if (node instanceof Division div && !(div.getRightExpression() instanceof Function f && "nullif".equalsIgnoreCase(f.getName()))) {
                divisions.add(div);
            }
        });
        for (Division div : divisions) {
            div.setRightExpression(new Function("NULLIF", div.getRightExpression(), new LongValue(0)));
        }
        return divisions.isEmpty() ? null : "NULLIF around " + divisions.size() + " divisor(s)";
    }

    private static boolean containsAggregate(Object expression) {
        boolean[] found = {false};
        AstNodes.forEach(expression, node -> {
            if (node instanceof AnalyticExpression
                    || node instanceof Function f && f.getName() != null && AGGREGATES.contains(f.getName().toLowerCase(Locale.ROOT))) {
                found[0] = true;
            }
        });
        return found[0];
    }

    private static boolean containsColumn(Object expression) {
        boolean[] found = {false};
        AstNodes.forEach(expression, node -> found[0] |= node instanceof Column);
        return found[0];
    }

    private static boolean matches(String written, String name) {
        return written != null && TableRef.fold(written).equalsIgnoreCase(name);
    }

    private static boolean qualifierMatches(Column col, String qualifier) {
        if (qualifier == null) {
            return true;
        }
        Table t = col.getTable();
        return t != null && t.getName() != null && matches(t.getName(), qualifier);
    }
}
