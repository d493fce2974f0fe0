package dev.nlsql.internal.check;

import dev.nlsql.internal.sql.NamePattern;
import dev.nlsql.sql.SqlDialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which functions guarded SQL may call. An allow-list: on PostgreSQL the built-ins of
 * {@code pg_catalog} that are IMMUTABLE or STABLE (read from {@code pg_proc}, see
 * {@link PgFunctions}), plus a few harmless VOLATILE ones, minus those that run SQL given as text,
 * read files, server settings or other sessions, or take locks; on MySQL and MariaDB a fixed list
 * of built-ins. User-defined functions only when named in {@code nlsql.functions}. Generated SQL
 * gets a narrower list than SQL text a person typed (which keeps what psql and database tools use).
 */
public final class FunctionPolicy {

    /** Who wrote the SQL: the model (narrowest), or a person under {@code nlsql.passthrough=readonly}. */
    public enum Purpose { GENERATED, SQL_TEXT, LOCAL_ENGINE }

    /** Run SQL text, or read whole relations named by an argument: every table check would be bypassed. */
    static final List<String> RUN_SQL = List.of("ts_stat", "ts_rewrite", "query_to_xml*", "table_to_xml*", "cursor_to_xml*",
            "schema_to_xml*", "database_to_xml*", "dblink*", "xpath_table", "crosstab*", "connectby", "pg_catalog.ts_stat");
    /** Server files, settings, sessions, locks, transaction ids, large objects, backends, replication. */
    static final List<String> SERVER_STATE = List.of("pg_read_*", "pg_ls_*", "pg_stat_file", "pg_file_*", "lo_*", "loread",
            "lowrite", "pg_stat_*", "pg_show_all_*", "pg_hba_file_rules", "pg_ident_file_mappings", "current_setting", "set_config",
            "pg_settings_get_flags", "pg_get_backend_memory_contexts", "pg_get_shmem_allocations", "pg_lock_status",
            "pg_blocking_pids", "pg_safe_snapshot_blocking_pids", "pg_isolation_test_session_is_blocked", "pg_current_logfile",
            "pg_tablespace_location", "pg_control_*", "pg_get_replication_slots", "pg_config", "pg_*wal*", "pg_last_*",
            "pg_postmaster_start_time", "pg_conf_load_time", "inet_server_*", "pg_backend_pid", "txid_*", "pg_current_xact_id*",
            "pg_xact_*", "pg_snapshot_*", "pg_export_snapshot", "pg_replication_*", "pg_prepared_xact", "pg_relation_filepath",
            "pg_notification_queue_usage", "pg_sleep*", "pg_terminate_backend", "pg_cancel_backend", "pg_signal_backend",
            "pg_reload_conf", "pg_rotate_logfile*", "pg_logical_*", "pg_create_*", "pg_drop_replication_slot", "pg_copy_*",
            "pg_promote", "pg_backup_*", "pg_start_backup", "pg_stop_backup", "pg_advisory*", "pg_try_advisory*", "pg_notify",
            "pg_import_system_collations", "pg_log_backend_memory_contexts", "nextval", "setval", "currval", "lastval",
            "setseed", "binary_upgrade_*", "pg_get_multixact_members", "pg_visible_in_snapshot", "pg_walfile_name*",
            "pg_stat_statements*", "pg_get_wait_events", "pg_log_*", "pg_sequence_last_value",
            // MySQL and MariaDB
            "sleep", "benchmark", "load_file", "get_lock", "release_lock", "release_all_locks", "is_free_lock", "is_used_lock",
            "master_pos_wait", "source_pos_wait", "master_gtid_wait", "sys_exec", "sys_eval", "uuid_short", "connection_id",
            "last_insert_id", "found_rows", "row_count", "database", "schema", "user", "current_user", "session_user",
            "system_user", "version", "load_data", "name_const", "extractvalue", "updatexml", "des_decrypt", "des_encrypt",
            "encode", "decode", "aes_decrypt", "aes_encrypt", "password", "old_password", "column_get", "column_json",
            // H2, SQL Server and Oracle, for databases read without exact rules
            "file_read", "file_write", "csvread", "csvwrite", "link_schema", "openrowset", "opendatasource", "openquery",
            "xp_*", "dbms_*", "utl_*");
    /** VOLATILE built-ins that read nothing and change nothing. */
    static final Set<String> HARMLESS_VOLATILE = Set.of("random", "random_normal", "clock_timestamp", "timeofday",
            "gen_random_uuid", "uuid_generate_v4");
    /**
     * VOLATILE only because they read file sizes or the partition tree at call time: database tools
     * show them (psql's \\d and \\dt+); generated SQL does not need them.
     */
    static final Set<String> TOOL_VOLATILE = Set.of("pg_table_size", "pg_relation_size", "pg_total_relation_size",
            "pg_indexes_size", "pg_database_size", "pg_tablespace_size", "pg_partition_ancestors", "pg_partition_tree",
            "pg_partition_root");
    /** pg_* built-ins generated SQL may call; every other pg_* function is about the server, not the data. */
    static final Set<String> GENERATED_PG_FUNCTIONS = Set.of("pg_typeof", "pg_size_pretty", "pg_size_bytes", "pg_column_size");
    /** Not about the data: refused for generated SQL even where SQL text may use them. */
    static final List<String> GENERATED_EXTRA = List.of("version", "inet_*", "current_query", "has_*_privilege", "pg_has_role",
            "row_security_active", "obj_description", "col_description", "shobj_description", "to_reg*", "format_type",
            "current_database", "current_schemas", "acldefault", "aclexplode", "makeaclitem", "getdatabaseencoding",
            "pg_get_*", "pg_*_is_visible", "pg_options_to_table", "xmlexists");

    /**
     * MySQL and MariaDB built-ins generated SQL and SQL text may call: aggregates, window functions,
     * strings, numbers, dates, JSON, control flow. Anything else needs {@code nlsql.functions}.
     */
    static final Set<String> MYSQL_BUILTINS = Set.of(
            "count", "sum", "avg", "min", "max", "group_concat", "std", "stddev", "stddev_pop", "stddev_samp", "variance",
            "var_pop", "var_samp", "bit_and", "bit_or", "bit_xor", "json_arrayagg", "json_objectagg",
            "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value",
            "nth_value", "median", "percentile_cont", "percentile_disc",
            "abs", "ceil", "ceiling", "floor", "round", "truncate", "mod", "power", "pow", "sqrt", "exp", "ln", "log", "log2",
            "log10", "sign", "pi", "degrees", "radians", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "cot", "rand",
            "greatest", "least", "conv", "crc32", "format", "hex", "unhex", "bin", "oct",
            "concat", "concat_ws", "length", "char_length", "character_length", "octet_length", "bit_length", "lower", "upper",
            "lcase", "ucase", "trim", "ltrim", "rtrim", "substring", "substr", "mid", "left", "right", "replace", "reverse",
            "repeat", "space", "lpad", "rpad", "locate", "position", "instr", "field", "find_in_set", "elt", "insert", "ascii",
            "ord", "char", "strcmp", "soundex", "substring_index", "regexp_like", "regexp_replace", "regexp_substr",
            "regexp_instr", "quote", "md5", "sha1", "sha2", "to_base64", "from_base64", "initcap",
            "now", "current_timestamp", "current_date", "current_time", "curdate", "curtime", "sysdate", "localtime",
            "localtimestamp", "utc_date", "utc_time", "utc_timestamp", "date", "time", "timestamp", "year", "month", "day",
            "dayofmonth", "dayofweek", "dayofyear", "weekday", "week", "weekofyear", "yearweek", "quarter", "hour", "minute",
            "second", "microsecond", "monthname", "dayname", "date_format", "time_format", "str_to_date", "date_add",
            "date_sub", "adddate", "subdate", "addtime", "subtime", "datediff", "timediff", "timestampdiff", "timestampadd",
            "extract", "last_day", "makedate", "maketime", "period_add", "period_diff", "from_days", "to_days", "to_seconds",
            "from_unixtime", "unix_timestamp", "sec_to_time", "time_to_sec", "convert_tz", "get_format",
            "if", "ifnull", "nullif", "coalesce", "isnull", "interval", "cast", "convert", "binary",
            "json_extract", "json_unquote", "json_value", "json_query", "json_object", "json_array", "json_contains",
            "json_contains_path", "json_keys", "json_length", "json_type", "json_valid", "json_search", "json_depth",
            "json_table", "inet_aton", "inet_ntoa", "uuid", "exists", "in", "any", "all", "some", "values", "not", "row",
            "collation", "charset", "coercibility", "weight_string");

    private final Purpose purpose;
    private final SqlDialect dialect;
    /** pg_proc by name; null when the database's functions could not be read (then only the deny rules apply). */
    private final Map<String, List<PgFunctions.Entry>> pgProc;
    private final List<NamePattern> userAllowed = new ArrayList<>();
    private final List<NamePattern> denied = new ArrayList<>();
    private final List<NamePattern> generatedDenied = new ArrayList<>();

    /**
     * @param pgProc      PostgreSQL's functions by name, or null
     * @param userAllowed {@code nlsql.functions}: user-defined functions that may be called
     * @param extraDenied {@code nlsql.deniedFunctions}: refused on top of the built-in rules
     */
    public FunctionPolicy(Purpose purpose, SqlDialect dialect, Map<String, List<PgFunctions.Entry>> pgProc, List<String> userAllowed,
            List<String> extraDenied) {
        this.purpose = purpose;
        this.dialect = dialect;
        this.pgProc = pgProc;
        userAllowed.forEach(p -> this.userAllowed.add(new NamePattern(p)));
        RUN_SQL.forEach(p -> denied.add(new NamePattern(p)));
        SERVER_STATE.forEach(p -> denied.add(new NamePattern(p)));
        extraDenied.forEach(p -> denied.add(new NamePattern(p)));
        GENERATED_EXTRA.forEach(p -> generatedDenied.add(new NamePattern(p)));
    }

    /** The local engine's (H2, the fallback analysis) allow-list: {@link LocalEngineRules#FUNCTIONS} and nothing else. */
    public static FunctionPolicy localEngine() {
        return new FunctionPolicy(Purpose.LOCAL_ENGINE, SqlDialect.UNVERIFIED, null, List.of(), List.of());
    }

    /** The deny rules alone, for a guard that has no database to read functions from. */
    public static FunctionPolicy denyRulesOnly(List<String> extraDenied) {
        return new FunctionPolicy(Purpose.SQL_TEXT, SqlDialect.UNVERIFIED, null, List.of(), extraDenied);
    }

    /**
     * Why a call may not be made, or null when it may.
     * @param schema the qualifier as the database folds it, or null
     * @param name   the function name as the database folds it
     * @param call   true for {@code name(...)}; false for what only may be a call (a grammar word)
     */
    public String refusal(String schema, String name, boolean call) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (purpose == Purpose.LOCAL_ENGINE) {
            return LocalEngineRules.functionRefusal(schema, name, call);
        }
        if (isUserAllowed(schema, name)) {
            return null;
        }
        if (matchesAny(denied, lower) || (schema != null && matchesAny(denied, schema.toLowerCase(java.util.Locale.ROOT) + "." + lower))) {
            return "denied function";
        }
        if (purpose == Purpose.GENERATED && (matchesAny(generatedDenied, lower)
                || (lower.startsWith("pg_") && !GENERATED_PG_FUNCTIONS.contains(lower)))) {
            return "function about the server, not the data";
        }
        return switch (dialect) {
            case POSTGRESQL -> pgRefusal(schema, name);
            case MYSQL -> !call || (schema == null && MYSQL_BUILTINS.contains(lower)) ? null : "not an allowed built-in function";
            case UNVERIFIED -> null;
        };
    }

    /** True when some function of this name exists in the database (so {@code name(} is a call). */
    public boolean isFunctionName(String name) {
        return pgProc != null && pgProc.containsKey(name);
    }

    private String pgRefusal(String schema, String name) {
        if (pgProc == null) {
            return null; // no catalog: the deny rules above are all there is
        }
        List<PgFunctions.Entry> entries = pgProc.get(name);
        if (entries == null) {
            return null; // no such function: a grammar construct (coalesce, greatest, ...) or an error the server reports
        }
        boolean builtinOnly = true;
        boolean safe = true;
        boolean inCatalog = false;
        for (PgFunctions.Entry e : entries) {
            if (!e.schema().equals("pg_catalog")) {
                builtinOnly = false;
                continue;
            }
            inCatalog = true;
            safe &= e.volatility() != 'v' || HARMLESS_VOLATILE.contains(name)
                    || (purpose == Purpose.SQL_TEXT && TOOL_VOLATILE.contains(name));
        }
        if (schema != null && !schema.equals("pg_catalog")) {
            return "user-defined function not named in nlsql.functions";
        }
        if (!inCatalog) {
            return schema == null ? "user-defined function not named in nlsql.functions" : null;
        }
        if (!safe) {
            return "function that may change or lock something (VOLATILE)";
        }
        if (schema == null && !builtinOnly) {
            return "a user-defined function has the same name as the built-in: name it in nlsql.functions";
        }
        return null;
    }

    private boolean isUserAllowed(String schema, String name) {
        for (NamePattern p : userAllowed) {
            boolean qualifiedPattern = p.toString().indexOf('.') >= 0;
            if (qualifiedPattern ? schema != null && p.matches(schema + "." + name) : p.matches(name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesAny(List<NamePattern> patterns, String name) {
        for (NamePattern p : patterns) {
            if (p.matches(name)) {
                return true;
            }
        }
        return false;
    }
}
