package dev.nlsql.internal.check;

import dev.nlsql.internal.sql.NameCase;
import dev.nlsql.internal.sql.NamePattern;
import dev.nlsql.internal.sql.TablePattern;
import dev.nlsql.internal.sql.TableRef;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What {@link SqlGuard} allows: which relations may be read (the {@code nlsql.tables} patterns,
 * matched by the database's rule for case, {@link TablePattern}; never the relations that hold
 * secrets or server state, and for generated SQL never a system catalog) and which functions may
 * be called ({@link FunctionPolicy}).
 */
public final class GuardPolicy {

    /**
     * Relations that hold passwords, other sessions' activity, settings and their files,
     * authentication rules, sampled column values or large objects: refused whoever wrote the SQL.
     */
    public static final List<String> SENSITIVE_RELATIONS = List.of(
            "pg_authid", "pg_shadow", "pg_user_mapping", "pg_user_mappings", "user_mapping_options", "pg_subscription",
            "pg_stat_activity", "pg_stat_ssl", "pg_stat_gssapi", "pg_stat_replication*", "pg_stat_wal_receiver",
            "pg_stat_subscription*", "pg_stat_progress_*", "pg_stat_statements*", "pg_stat_archiver", "pg_stat_bgwriter",
            "pg_stat_wal", "pg_stat_slru", "pg_stat_recovery_prefetch", "pg_stat_io", "pg_stat_checkpointer",
            "pg_file_settings", "pg_hba_file_rules", "pg_ident_file_mappings", "pg_settings", "pg_config", "pg_db_role_setting",
            "pg_statistic", "pg_statistic_ext_data", "pg_stats", "pg_stats_ext", "pg_stats_ext_exprs", "pg_largeobject",
            "pg_replication_*", "pg_prepared_xacts", "pg_locks", "pg_shmem_allocations", "pg_backend_memory_contexts",
            "pg_wait_events", "pg_available_extension_versions",
            // MySQL and MariaDB: the system databases; in information_schema other sessions' queries (processlist,
            // innodb_trx), settings with their paths (*_variables, files), server state, privileges and roles, and
            // InnoDB's views of rows and words of any table (innodb_locks, innodb_ft_*)
            "mysql.*", "performance_schema.*", "sys.*", "information_schema.processlist", "information_schema.users",
            "information_schema.*_privileges", "information_schema.applicable_roles", "information_schema.enabled_roles",
            "information_schema.*_variables", "information_schema.*_status", "information_schema.innodb_*",
            "information_schema.*_statistics", "information_schema.thread_pool_*", "information_schema.optimizer_trace",
            "information_schema.profiling", "information_schema.files", "information_schema.tablespaces",
            "information_schema.metadata_lock_info", "information_schema.query_cache_info", "information_schema.query_response_time*",
            "information_schema.key_caches");
    /** Schemas of system catalogs: generated SQL reads only the tables the model was shown, never these. */
    public static final Set<String> SYSTEM_SCHEMAS = Set.of("pg_catalog", "information_schema", "pg_toast", "mysql",
            "performance_schema", "sys");

    private final List<TablePattern> allowedTables = new ArrayList<>();
    private final List<NamePattern> sensitive = new ArrayList<>();
    private final String defaultSchema;
    private final FunctionPolicy functions;
    private final FunctionPolicy.Purpose purpose;

    /**
     * @param allowedTables patterns such as {@code public.*} or {@code orders}; empty or {@code *} allows all
     * @param functions     which functions may be called
     * @param defaultSchema the schema unqualified names are taken to be in before the database resolves them (may be null)
     */
    public GuardPolicy(List<String> allowedTables, FunctionPolicy functions, FunctionPolicy.Purpose purpose, String defaultSchema) {
        for (String t : allowedTables) {
            this.allowedTables.add(new TablePattern(t));
        }
        for (String t : SENSITIVE_RELATIONS) {
            sensitive.add(new NamePattern(t));
        }
        this.defaultSchema = defaultSchema;
        this.functions = functions;
        this.purpose = purpose;
    }

    /** A policy for SQL text with the deny rules for functions alone (no database to read them from). */
    public GuardPolicy(List<String> allowedTables, List<String> extraDenied, String defaultSchema) {
        this(allowedTables, FunctionPolicy.denyRulesOnly(extraDenied), FunctionPolicy.Purpose.SQL_TEXT, defaultSchema);
    }

    public static GuardPolicy permissive() {
        return new GuardPolicy(List.of(), List.of(), null);
    }

    public FunctionPolicy functions() {
        return functions;
    }

    public FunctionPolicy.Purpose purpose() {
        return purpose;
    }

    /**
     * True when the {@code nlsql.tables} patterns admit the table (the catalog reader's question),
     * its names as the database stores them, compared by the database's rule.
     */
    public boolean isTableAllowed(TableRef table, NameCase names) {
        return tableRefusal(table, names) == null;
    }

    /**
     * Why a relation as written (its names folded as the dialect folds them) may not be read, or
     * null. This is the check before the database resolves the name; {@link #resolvedRefusal} is
     * the exact one after.
     */
    public String tableRefusal(TableRef table, NameCase names) {
        if (isSensitive(table.schema(), table.name())) {
            return "holds secrets or server state";
        }
        if (purpose != FunctionPolicy.Purpose.SQL_TEXT && (isSystemSchema(table.schema(), NameCase.ANY)
                || (table.schema() == null && table.name().toLowerCase(Locale.ROOT).startsWith("pg_")))) {
            return "a system catalog, not one of the tables questions may read";
        }
        if (allowedTables.isEmpty()) {
            return null;
        }
        boolean systemText = purpose == FunctionPolicy.Purpose.SQL_TEXT
                && (isSystemSchema(table.schema(), names) || (table.schema() == null && table.name().startsWith("pg_")));
        return systemText || matchesAllowed(table.schema() != null ? table.schema() : defaultSchema, table.name(), names)
                ? null : "not in nlsql.tables";
    }

    /**
     * Why a relation the database resolved to {@code schema.name} may not be read, or null.
     * @param shown true when the relation is one of the tables the model was shown (the catalog)
     * @param names how the database compares these names: exactly on PostgreSQL ({@code "CUSTOMERS"} is
     *              not {@code customers}) and on MySQL with {@code lower_case_table_names=0} (where
     *              {@code MDB_APP} is not {@code mdb_app}); the allow-list and the system schemas match them so
     */
    public String resolvedRefusal(String schema, String name, boolean shown, NameCase names) {
        if (isSensitive(schema, name)) {
            return "holds secrets or server state";
        }
        if (purpose == FunctionPolicy.Purpose.GENERATED) {
            if (!shown) {
                return isSystemSchema(schema, NameCase.ANY) ? "a system catalog, not one of the tables questions may read"
                        : "not one of the tables questions may read (nlsql.tables)";
            }
            // the catalog was read under the same patterns; checked again so that no catalog can widen them
            // (MySQL's catalog is matched in any case, which its exact rule would narrow)
            return allowedTables.isEmpty() || matchesAllowed(schema, name, names == NameCase.EXACT ? NameCase.ANY : names)
                    ? null : "not in nlsql.tables";
        }
        if (isSystemSchema(schema, names) || allowedTables.isEmpty() || matchesAllowed(schema, name, names)) {
            return null;
        }
        return "not in nlsql.tables";
    }

    private boolean isSensitive(String schema, String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (NamePattern p : sensitive) {
            boolean qualified = p.toString().indexOf('.') >= 0;
            if (qualified ? schema != null && p.matches(schema + "." + lower) : p.matches(lower)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The system schemas by the database's rule: on PostgreSQL exactly ({@code "PG_CATALOG"} is a
     * schema of its own), on MySQL its system databases exactly where names are case-sensitive, and
     * information_schema in any case as the server matches it.
     */
    private static boolean isSystemSchema(String schema, NameCase names) {
        if (schema == null) {
            return false;
        }
        return switch (names) {
            case FOLDED -> SYSTEM_SCHEMAS.contains(schema) || schema.startsWith("pg_toast");
            case EXACT -> SYSTEM_SCHEMAS.contains(schema) || schema.equalsIgnoreCase("information_schema");
            case ANY -> SYSTEM_SCHEMAS.contains(schema.toLowerCase(Locale.ROOT)) || schema.startsWith("pg_toast");
        };
    }

    /** A pattern of one part names a table in any schema; of two, schema and table. */
    private boolean matchesAllowed(String schema, String name, NameCase names) {
        for (TablePattern pattern : allowedTables) {
            if (pattern.matches(schema, name, names)) {
                return true;
            }
        }
        return false;
    }
}
