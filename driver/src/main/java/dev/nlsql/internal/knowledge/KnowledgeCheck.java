package dev.nlsql.internal.knowledge;

import dev.nlsql.internal.check.CatalogCheck;
import dev.nlsql.internal.check.GuardRejection;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.internal.diagnose.Diagnosis;
import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.NameCandidates;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.sql.AstNodes;
import dev.nlsql.internal.sql.QueryNames;
import dev.nlsql.sql.LexRules;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsBooleanExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * Checks what a knowledge file's SQL means against the database it is for, with the same guard and catalog check
 * generated SQL meets: every verified question's SQL is one read-only statement of known tables and columns; every
 * glossary {@code sql} is a measure (an aggregate expression) or a filter (a condition) over qualified columns of known
 * tables; every {@code means} names a table or column. The first entry that fails fails the file with 22023, naming it.
 */
public final class KnowledgeCheck {

    /** Aggregate functions that make an expression a measure. */
    private static final Set<String> AGGREGATES = Set.of("sum", "count", "avg", "min", "max", "stddev", "stddev_pop", "stddev_samp",
            "variance", "var_pop", "var_samp", "bool_and", "bool_or", "every", "percentile_cont", "percentile_disc", "mode",
            "string_agg", "array_agg");

    private KnowledgeCheck() {
    }

    /** The file's knowledge, every SQL checked on {@code catalog} with {@code guard} (reading SQL with {@code rules}). */
    public static Knowledge check(Path path, SchemaCatalog catalog, SqlGuard guard, LexRules rules) throws SQLException {
        return check(path, KnowledgeFile.read(path), catalog, guard, rules);
    }

    /** The knowledge of {@code raw}, the file at {@code path} as read, checked as {@link #check(Path, SchemaCatalog, SqlGuard, LexRules)} does. */
    static Knowledge check(Path path, KnowledgeFile.Raw raw, SchemaCatalog catalog, SqlGuard guard, LexRules rules) throws SQLException {
        List<GlossaryTerm> glossary = new ArrayList<>();
        Map<String, String> definedBy = new HashMap<>();
        for (KnowledgeFile.RawTerm t : raw.glossary()) {
            String where = "glossary entry " + t.number() + " (\"" + t.term() + "\")";
            GlossaryTerm term = entry(path, where, () -> t.sql() != null ? expression(path, where, t, catalog, guard, rules)
                    : name(path, where, t, catalog));
            for (String word : term.names()) {
                String before = definedBy.putIfAbsent(word, where);
                if (before != null) {
                    throw KnowledgeFile.invalid(path, where + " and " + before + " both define '" + word + "'");
                }
            }
            glossary.add(term);
        }
        for (int i = 0; i < raw.verified().size(); i++) {
            VerifiedQuestion v = raw.verified().get(i);
            String where = "verified question " + (i + 1) + " (\"" + v.question() + "\")";
            entry(path, where, () -> {
                GuardedSql guarded = guarded(path, where, v.sql(), guard, rules);
                Diagnosis wrong = CatalogCheck.check(guarded, catalog);
                if (wrong != null) {
                    throw KnowledgeFile.invalid(path, where + ": " + wrong.message() + candidates(wrong));
                }
                return guarded;
            });
        }
        return new Knowledge(raw.instructions(), glossary, raw.verified());
    }

    /** The check of one entry. */
    private interface EntryCheck<T> {
        T run() throws SQLException;
    }

    /**
     * Runs one entry's check; anything it throws other than its own 22023 (a parser's or checker's bug on a shape not
     * foreseen, a stack too deep) is that entry's 22023 too, so one entry never fails with a bare exception.
     */
    private static <T> T entry(Path path, String where, EntryCheck<T> check) throws SQLException {
        try {
            return check.run();
        } catch (RuntimeException | StackOverflowError e) {
            throw KnowledgeFile.invalid(path, where + ": its sql could not be checked (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** A measure or a filter: its columns qualified by tables of the catalog, its kind read from its form. */
    private static GlossaryTerm expression(Path path, String where, KnowledgeFile.RawTerm t, SchemaCatalog catalog, SqlGuard guard,
            LexRules rules) throws SQLException {
        // first alone, to read its columns; then over its tables, for the catalog check
        GuardedSql alone = guarded(path, where, "SELECT " + t.sql(), guard, rules);
        if (!(alone.ast() instanceof PlainSelect select) || !isOneExpression(select)) {
            throw KnowledgeFile.invalid(path, where + ": its sql must be one expression, a measure (such as SUM(orders.amount)) or a "
                    + "filter (such as customers.status = 'active'), not a query or a set operation");
        }
        Set<String> tables = new LinkedHashSet<>();
        for (QueryNames.ColumnRef c : alone.names().columns()) {
            if (c.qualifier() == null) {
                throw KnowledgeFile.invalid(path, where + ": qualify every column with its table (" + c.name() + " -> table." + c.name() + ")");
            }
            TableInfo table = table(catalog, c.qualifier());
            if (table == null) {
                throw KnowledgeFile.invalid(path, where + ": there is no table " + c.qualifier() + didYouMean(NameCandidates.tables(c.qualifier(),
                        catalog)));
            }
            tables.add(table.name().toLowerCase(Locale.ROOT));
        }
        if (tables.isEmpty()) {
            throw KnowledgeFile.invalid(path, where + ": its sql names no column of the schema");
        }
        String from = String.join(" CROSS JOIN ", tables);
        boolean measure = isMeasure(alone);
        GuardedSql over = guarded(path, where, measure ? "SELECT " + t.sql() + " FROM " + from : "SELECT 1 FROM " + from + " WHERE " + t.sql(),
                guard, rules);
        if (!(over.ast() instanceof PlainSelect overSelect)) {
            throw KnowledgeFile.invalid(path, where + ": its sql must be one expression, not part of a query");
        }
        Diagnosis wrong = CatalogCheck.check(over, catalog);
        if (wrong != null) {
            throw KnowledgeFile.invalid(path, where + ": " + wrong.message() + candidates(wrong));
        }
        if (!measure && !isCondition(overSelect.getWhere())) {
            throw KnowledgeFile.invalid(path, where + ": its sql must be a measure (an aggregate, such as SUM(orders.amount)) or a "
                    + "filter (a condition, such as customers.status = 'active')");
        }
        return new GlossaryTerm(t.term(), t.synonyms(), measure ? GlossaryTerm.Kind.MEASURE : GlossaryTerm.Kind.FILTER, t.sql(), null,
                List.copyOf(tables));
    }

    /** A name for a table ({@code customers}) or one of its columns ({@code customers.country}). */
    private static GlossaryTerm name(Path path, String where, KnowledgeFile.RawTerm t, SchemaCatalog catalog) throws SQLException {
        String[] parts = t.means().split("\\.", -1);
        if (parts.length > 2 || parts[0].isBlank() || parts.length == 2 && parts[1].isBlank()) {
            throw KnowledgeFile.invalid(path, where + ": means names a table (customers) or a column (customers.country), not '"
                    + t.means() + "'");
        }
        TableInfo table = table(catalog, parts[0]);
        if (table == null) {
            throw KnowledgeFile.invalid(path, where + ": means names no table of the schema: " + parts[0]
                    + didYouMean(NameCandidates.tables(parts[0], catalog)));
        }
        String means = table.name().toLowerCase(Locale.ROOT);
        if (parts.length == 2) {
            ColumnInfo column = table.columnIgnoreCase(parts[1]);
            if (column == null) {
                throw KnowledgeFile.invalid(path, where + ": " + table.name() + " has no column " + parts[1]);
            }
            means += "." + column.name().toLowerCase(Locale.ROOT);
        }
        return new GlossaryTerm(t.term(), t.synonyms(), GlossaryTerm.Kind.NAME, null, means, List.of(table.name().toLowerCase(Locale.ROOT)));
    }

    private static GuardedSql guarded(Path path, String where, String sql, SqlGuard guard, LexRules rules) throws SQLException {
        try {
            return guard.check(sql, rules);
        } catch (GuardRejection e) {
            throw KnowledgeFile.invalid(path, where + ": its sql cannot be used: " + e.getMessage());
        }
    }

    private static TableInfo table(SchemaCatalog catalog, String name) {
        List<TableInfo> named = catalog.named(name);
        if (named.isEmpty()) {
            named = catalog.tables().stream().filter(t -> t.name().equalsIgnoreCase(name)).toList();
        }
        return named.size() == 1 ? named.get(0) : null;
    }

    /** Whether {@code SELECT sql} is the one expression alone: no FROM, no other clause, one item. */
    private static boolean isOneExpression(PlainSelect s) {
        return s.getSelectItems() != null && s.getSelectItems().size() == 1 && s.getFromItem() == null && s.getJoins() == null
                && s.getWhere() == null && s.getGroupBy() == null && s.getHaving() == null && s.getOrderByElements() == null
                && s.getLimit() == null && s.getOffset() == null && s.getFetch() == null && s.getDistinct() == null && s.getTop() == null
                && s.getIntoTables() == null && s.getWithItemsList() == null && s.getForMode() == null && s.getWindowDefinitions() == null
                && s.getQualify() == null && s.getLateralViews() == null && s.getFirst() == null && s.getSkip() == null;
    }

    /** Whether the one select item holds an aggregate call. */
    private static boolean isMeasure(GuardedSql alone) {
        List<SelectItem<?>> items = ((PlainSelect) alone.ast()).getSelectItems();
        boolean[] found = {false};
        AstNodes.forEach(items, node -> {
            if (node instanceof Function f && f.getName() != null && AGGREGATES.contains(f.getName().toLowerCase(Locale.ROOT))) {
                found[0] = true;
            }
        });
        return found[0];
    }

    /** Whether an expression yields true or false by its form (a comparison, a test, or these combined). */
    private static boolean isCondition(Expression e) {
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) {
            return isCondition((Expression) p.get(0));
        }
        if (e instanceof AndExpression a) {
            return isCondition(a.getLeftExpression()) && isCondition(a.getRightExpression());
        }
        if (e instanceof OrExpression o) {
            return isCondition(o.getLeftExpression()) && isCondition(o.getRightExpression());
        }
        if (e instanceof NotExpression n) {
            return isCondition(n.getExpression());
        }
        return e instanceof ComparisonOperator || e instanceof InExpression || e instanceof LikeExpression || e instanceof IsNullExpression
                || e instanceof IsBooleanExpression || e instanceof Between || e instanceof ExistsExpression;
    }

    private static String candidates(Diagnosis d) {
        return d.candidates() == null || d.candidates().isEmpty() ? "" : didYouMean(d.candidates());
    }

    private static String didYouMean(List<NameCandidates.Candidate> candidates) {
        return candidates.isEmpty() ? "" : " (did you mean " + String.join(", ", candidates.stream().limit(3)
                .map(NameCandidates.Candidate::qualified).toList()) + "?)";
    }
}
