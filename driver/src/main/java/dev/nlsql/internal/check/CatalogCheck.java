package dev.nlsql.internal.check;

import dev.nlsql.internal.SqlState;
import dev.nlsql.internal.sql.QueryNames;
import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.sql.TableRef;

import dev.nlsql.internal.diagnose.Diagnosis;
import dev.nlsql.ErrorCategory;
import dev.nlsql.internal.schema.NameCandidates;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks a guarded query's tables and columns against the catalog before it runs, so a wrong
 * name costs no round trip and comes with ranked did-you-mean candidates (and, for a column
 * none of them is sure of, the columns in scope). Conservative by
 * design: unquoted names match in any case, and names the query defines itself (aliases, CTE
 * and subquery columns) are never reported; what it cannot decide, the database will.
 */
public final class CatalogCheck {

    private static final List<String> SYSTEM_SCHEMAS = List.of("pg_catalog", "information_schema");

    private CatalogCheck() {
    }

    /** The first unknown name, or null when every name the check can decide is real. */
    public static Diagnosis check(GuardedSql sql, SchemaCatalog catalog) {
        List<TableInfo> inQuery = new ArrayList<>();
        Map<String, TableInfo> byQualifier = new HashMap<>();
        boolean systemTables = false;
        for (TableRef t : sql.tables()) {
            if (isSystem(t)) {
                systemTables = true;
                continue;
            }
            TableInfo info = resolve(catalog, t);
            if (info == null) {
                String message = "relation \"" + t + "\" does not exist";
                return new Diagnosis(ErrorCategory.TABLE_NOT_FOUND, message, SqlState.UNDEFINED_TABLE.code(), t.name(), t.schema(),
                        NameCandidates.tables(t.name(), catalog));
            }
            inQuery.add(info);
            byQualifier.put(t.name().toLowerCase(Locale.ROOT), info);
        }
        for (Map.Entry<String, TableRef> alias : sql.names().tableAliases().entrySet()) {
            TableInfo info = isSystem(alias.getValue()) ? null : resolve(catalog, alias.getValue());
            if (info != null) {
                byQualifier.put(alias.getKey().toLowerCase(Locale.ROOT), info);
            }
        }
        for (QueryNames.ColumnRef c : sql.names().columns()) {
            Diagnosis problem = checkColumn(c, byQualifier, inQuery, systemTables, sql.names(), catalog);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /**
     * Adds ranked candidates to a failure the database reported: the real tables or columns a
     * wrong name most likely meant, or for an ambiguous column the qualified names to choose from.
     */
    public static Diagnosis withCandidates(Diagnosis d, GuardedSql sql, SchemaCatalog catalog) {
        if (d.name() == null || sql == null) {
            return d;
        }
        Map<String, TableInfo> byQualifier = new HashMap<>();
        List<TableInfo> inQuery = new ArrayList<>();
        for (TableRef t : sql.tables()) {
            TableInfo info = isSystem(t) ? null : resolve(catalog, t);
            if (info != null) {
                inQuery.add(info);
                byQualifier.put(t.name().toLowerCase(Locale.ROOT), info);
            }
        }
        Map<TableInfo, String> aliasOf = new HashMap<>();
        for (Map.Entry<String, TableRef> alias : sql.names().tableAliases().entrySet()) {
            TableInfo info = isSystem(alias.getValue()) ? null : resolve(catalog, alias.getValue());
            if (info != null) {
                byQualifier.put(alias.getKey().toLowerCase(Locale.ROOT), info);
                aliasOf.put(info, alias.getKey());
            }
        }
        return switch (d.category()) {
            case TABLE_NOT_FOUND -> d.withCandidates(NameCandidates.tables(d.name(), catalog));
            case COLUMN_NOT_FOUND -> {
                TableInfo owner = d.qualifier() == null ? null : byQualifier.get(d.qualifier().toLowerCase(Locale.ROOT));
                List<NameCandidates.Candidate> ranked = NameCandidates.columns(d.name(), owner, inQuery, catalog);
                yield d.withCandidates(ranked).withScope(NameCandidates.scope(ranked, owner, inQuery));
            }
            case AMBIGUOUS_COLUMN -> {
                List<NameCandidates.Candidate> owners = new ArrayList<>();
                for (TableInfo t : inQuery) {
                    if (t.columnIgnoreCase(d.name()) != null) {
                        owners.add(new NameCandidates.Candidate(aliasOf.getOrDefault(t, t.name()), t.columnIgnoreCase(d.name()).name(), 1.0));
                    }
                }
                yield d.withCandidates(owners);
            }
            default -> d;
        };
    }

    private static final java.util.Set<String> SQL_VALUE_WORDS = java.util.Set.of("current_user", "session_user", "current_role",
            "current_catalog", "current_schema", "user");

    private static Diagnosis checkColumn(QueryNames.ColumnRef c, Map<String, TableInfo> byQualifier, List<TableInfo> inQuery,
            boolean systemTables, QueryNames names, SchemaCatalog catalog) {
        if (c.qualifier() != null) {
            String q = c.qualifier().toLowerCase(Locale.ROOT);
            // a qualifier the query also defines (a CTE or subquery alias) may mean either: leave it to the database
            TableInfo owner = names.definedNames().contains(c.qualifier()) ? null : byQualifier.get(q);
            if (owner == null || hasColumn(owner, c)) {
                return null;
            }
            return columnProblem(c, owner, inQuery, catalog);
        }
        if (systemTables || names.definedNames().contains(c.name())) {
            return null;
        }
        if (!c.quoted() && SQL_VALUE_WORDS.contains(c.name().toLowerCase(Locale.ROOT))) {
            return null; // current_user and kin are values without parentheses, which JSqlParser reads as a column
        }
        for (TableInfo t : inQuery) {
            if (hasColumn(t, c)) {
                return null;
            }
        }
        for (String defined : names.definedNames()) {
            if (!c.quoted() && defined.equalsIgnoreCase(c.name())) {
                return null;
            }
        }
        return inQuery.isEmpty() ? null : columnProblem(c, null, inQuery, catalog);
    }

    private static Diagnosis columnProblem(QueryNames.ColumnRef c, TableInfo owner, List<TableInfo> inQuery, SchemaCatalog catalog) {
        String shown = owner == null ? c.name() : c.qualifier() + "." + c.name();
        List<NameCandidates.Candidate> ranked = NameCandidates.columns(c.name(), owner, inQuery, catalog);
        return new Diagnosis(ErrorCategory.COLUMN_NOT_FOUND, "column \"" + shown + "\" does not exist", SqlState.UNDEFINED_COLUMN.code(), c.name(),
                c.qualifier(), ranked, NameCandidates.scope(ranked, owner, inQuery));
    }

    private static boolean hasColumn(TableInfo t, QueryNames.ColumnRef c) {
        return c.quoted() ? t.column(c.name()) != null : t.columnIgnoreCase(c.name()) != null;
    }

    private static boolean isSystem(TableRef t) {
        return (t.schema() != null && SYSTEM_SCHEMAS.contains(t.schema().toLowerCase(Locale.ROOT)))
                || t.name().toLowerCase(Locale.ROOT).startsWith("pg_");
    }

    /** Resolves a reference in any case (the database folds unquoted names its own way). */
    private static TableInfo resolve(SchemaCatalog catalog, TableRef t) {
        return catalog.resolveAnyCase(t.schema(), t.name());
    }
}
