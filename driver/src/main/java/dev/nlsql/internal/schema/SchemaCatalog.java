package dev.nlsql.internal.schema;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a database holds that questions may use: its tables (only those the allow-list admits),
 * their columns, keys and comments, and the database's name and version for the prompt.
 */
public record SchemaCatalog(String productName, String productVersion, String defaultSchema, List<TableInfo> tables) {

    /** A table as an unqualified or qualified reference resolves: default schema first. */
    public TableInfo resolve(String schema, String name) {
        if (schema != null) {
            for (TableInfo t : tables) {
                if (t.named(schema, name)) {
                    return t;
                }
            }
            return null;
        }
        TableInfo elsewhere = null;
        for (TableInfo t : tables) {
            if (t.name().equals(name)) {
                if (Objects.equals(t.schema(), defaultSchema) || t.schema() == null) {
                    return t;
                }
                elsewhere = elsewhere == null ? t : elsewhere;
            }
        }
        return defaultSchema == null ? elsewhere : null;
    }

    /** As {@link #resolve}, else a table whose name (and schema) differ only in case: the database folds unquoted names its own way. */
    public TableInfo resolveAnyCase(String schema, String name) {
        TableInfo exact = resolve(schema, name);
        if (exact != null) {
            return exact;
        }
        TableInfo other = null;
        for (TableInfo info : tables) {
            boolean schemaMatches = schema == null ? visibleUnqualified(info) : schema.equalsIgnoreCase(info.schema());
            if (schemaMatches && info.name().equalsIgnoreCase(name)) {
                other = info;
            }
        }
        return other;
    }

    /**
     * True when the catalog holds exactly this relation (as the database resolved it: PostgreSQL's
     * schema, MySQL's database). Names match exactly: on MySQL with {@code lower_case_table_names=0}
     * (Linux) {@code Items} and {@code items} are two tables, and the resolver lower-cases names only
     * where the server does.
     */
    public boolean contains(String schema, String name) {
        for (TableInfo t : tables) {
            if (t.name().equals(name) && Objects.equals(t.schema(), schema)) {
                return true;
            }
        }
        return false;
    }

    /** Tables with this name in any schema, for did-you-mean when a schema was left out. */
    public List<TableInfo> named(String name) {
        List<TableInfo> out = new ArrayList<>();
        for (TableInfo t : tables) {
            if (t.name().equals(name)) {
                out.add(t);
            }
        }
        return out;
    }

    /** True when an unqualified reference to this table works (it is in the default schema). */
    public boolean visibleUnqualified(TableInfo t) {
        return defaultSchema == null || t.schema() == null || t.schema().equals(defaultSchema);
    }

    private static final Cache<SchemaCatalog, Long> FINGERPRINTS = Caffeine.newBuilder().weakKeys().build();

    /** Changes whenever a table, column, type or key changes; keys the answer cache. Computed once per catalog. */
    public long fingerprint() {
        return FINGERPRINTS.get(this, c -> (long) Objects.hash(c.productName, c.defaultSchema, c.tables));
    }
}
