package dev.nlsql.check;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@link SqlGuard} allows: which tables may be read and which functions may never be
 * called. The built-in denied functions sleep, read or write server files, signal backends,
 * change settings, take locks, advance sequences or run SQL hidden in a string.
 */
public final class GuardPolicy {

    /** Functions no guarded statement may call, whatever their schema qualifier. */
    public static final List<String> DENIED_FUNCTIONS = List.of(
            // PostgreSQL: time, files, large objects, remote SQL, settings, backends, locks
            "pg_sleep*", "pg_read_file", "pg_read_binary_file", "pg_read_*", "pg_ls_*", "pg_stat_file",
            "pg_file_*", "lo_*", "dblink*", "set_config", "pg_terminate_backend", "pg_cancel_backend",
            "pg_signal_backend", "pg_reload_conf", "pg_rotate_logfile*", "pg_logical_*", "pg_replication_*",
            "pg_create_*", "pg_drop_replication_slot", "pg_copy_*", "pg_switch_wal", "pg_promote", "pg_wal_replay_*",
            "pg_backup_*", "pg_start_backup", "pg_stop_backup", "pg_advisory*", "pg_try_advisory*", "pg_notify",
            "pg_stat_reset*", "pg_import_system_collations", "pg_log_backend_memory_contexts", "pg_export_snapshot",
            "query_to_xml*", "table_to_xml*", "cursor_to_xml*", "schema_to_xml*", "database_to_xml*",
            "nextval", "setval", "txid_current", "pg_current_xact_id",
            // MySQL / MariaDB
            "sleep", "benchmark", "load_file", "get_lock", "release_lock", "release_all_locks", "master_pos_wait",
            "source_pos_wait",
            // H2
            "file_read", "file_write", "csvread", "csvwrite", "link_schema",
            // SQL Server and Oracle
            "openrowset", "opendatasource", "openquery", "xp_*", "dbms_*", "utl_*");

    /** Catalog relations that hold secrets or server files; never readable by guarded SQL. */
    public static final List<String> DENIED_TABLES = List.of(
            "pg_authid", "pg_shadow", "pg_user_mapping", "pg_user_mappings", "pg_largeobject",
            "pg_largeobject_metadata", "pg_hba_file_rules", "pg_ident_file_mappings", "pg_file_settings",
            "mysql.user", "information_schema.users");

    private final List<NamePattern> deniedFunctions = new ArrayList<>();
    private final List<NamePattern> allowedTables = new ArrayList<>();
    private final List<NamePattern> deniedTables = new ArrayList<>();
    private final String defaultSchema;

    /**
     * @param allowedTables   patterns such as {@code public.*} or {@code orders}; empty or {@code *} allows all
     * @param extraDenied     function patterns denied on top of {@link #DENIED_FUNCTIONS}
     * @param defaultSchema   the schema unqualified names resolve to (may be null)
     */
    public GuardPolicy(List<String> allowedTables, List<String> extraDenied, String defaultSchema) {
        for (String f : DENIED_FUNCTIONS) {
            deniedFunctions.add(new NamePattern(f));
        }
        for (String f : extraDenied) {
            deniedFunctions.add(new NamePattern(f));
        }
        for (String t : allowedTables) {
            this.allowedTables.add(new NamePattern(t));
        }
        for (String t : DENIED_TABLES) {
            deniedTables.add(new NamePattern(t));
        }
        this.defaultSchema = defaultSchema;
    }

    public static GuardPolicy permissive() {
        return new GuardPolicy(List.of(), List.of(), null);
    }

    /** {@code name} is the bare function name, already unquoted. */
    public boolean isDeniedFunction(String name) {
        for (NamePattern p : deniedFunctions) {
            if (p.matches(name)) {
                return true;
            }
        }
        return false;
    }

    public boolean isTableAllowed(TableRef table) {
        for (NamePattern p : deniedTables) {
            if (matches(p, table)) {
                return false;
            }
        }
        if (allowedTables.isEmpty()) {
            return true;
        }
        for (NamePattern p : allowedTables) {
            if (matches(p, table)) {
                return true;
            }
        }
        return false;
    }

    /** A pattern without a dot names a table in any schema; with one, schema and table. */
    private boolean matches(NamePattern pattern, TableRef table) {
        String text = pattern.toString();
        if (text.equals("*")) {
            return true;
        }
        if (text.indexOf('.') < 0) {
            return pattern.matches(table.name());
        }
        String schema = table.schema() != null ? table.schema() : defaultSchema;
        return schema != null && pattern.matches(schema + "." + table.name());
    }
}
