package dev.nlsql.internal.schema;

import dev.nlsql.internal.sql.TableRef;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.TreeMap;
import dev.nlsql.internal.log.Logs;
import org.slf4j.Logger;

/**
 * Reads a {@link SchemaCatalog} through {@link DatabaseMetaData}: tables, columns, types,
 * primary and foreign keys, comments. It asks for all tables' columns and keys at once where
 * the driver allows it, so a large schema costs a handful of round trips, not one per table.
 */
public final class CatalogReader {

    private static final Logger LOG = Logs.get(CatalogReader.class);
    private static final String[] TABLE_TYPES = {"TABLE", "VIEW", "MATERIALIZED VIEW", "FOREIGN TABLE", "PARTITIONED TABLE",
        "BASE TABLE"};
    private static final Set<String> SYSTEM_SCHEMAS = Set.of("pg_catalog", "information_schema", "pg_toast",
        "INFORMATION_SCHEMA", "sys", "mysql", "performance_schema");

    private final Predicate<TableRef> allowed;

    /** @param allowed decides which tables are shown (the guard's allow-list); tables it refuses are left out */
    public CatalogReader(Predicate<TableRef> allowed) {
        this.allowed = allowed;
    }

    public SchemaCatalog read(Connection connection) throws SQLException {
        long start = System.nanoTime();
        DatabaseMetaData md = connection.getMetaData();
        String defaultSchema = safeSchema(connection);
        Map<String, Builder> tables = new LinkedHashMap<>();
        boolean databasesAsCatalogs = false;
        try (ResultSet rs = md.getTables(connection.getCatalog(), null, "%", TABLE_TYPES)) {
            while (rs.next()) {
                String metaSchema = rs.getString("TABLE_SCHEM");
                String catalog = rs.getString("TABLE_CAT");
                String schema = schemaOf(metaSchema, catalog);
                databasesAsCatalogs |= metaSchema == null && catalog != null;
                String name = rs.getString("TABLE_NAME");
                if (schema != null && (SYSTEM_SCHEMAS.contains(schema) || schema.startsWith("pg_temp") || schema.startsWith("pg_toast"))) {
                    continue;
                }
                if (!allowed.test(new TableRef(schema, name))) {
                    continue;
                }
                tables.put(key(schema, name), new Builder(catalog, metaSchema, schema, name, rs.getString("REMARKS")));
            }
        }
        if (defaultSchema == null && databasesAsCatalogs) {
            defaultSchema = connection.getCatalog(); // MySQL: unqualified names are the current database's
        }
        readColumns(md, connection, tables);
        readKeys(md, connection, tables);
        List<TableInfo> out = new ArrayList<>(tables.size());
        for (Builder b : tables.values()) {
            out.add(b.build());
        }
        LOG.debug("read {} tables in {} ms", out.size(), (System.nanoTime() - start) / 1_000_000);
        return new SchemaCatalog(md.getDatabaseProductName(), md.getDatabaseProductVersion(), defaultSchema, List.copyOf(out));
    }

    /**
     * The schema a table is in as a query names it. MySQL and MariaDB drivers report the database as
     * the catalog and no schema, yet a query qualifies a table with its database as it would with a
     * schema elsewhere ({@code db.table}), and {@code nlsql.tables} patterns name it the same way.
     */
    private static String schemaOf(String metaSchema, String catalog) {
        return metaSchema != null ? metaSchema : catalog;
    }

    private static String safeSchema(Connection c) {
        try {
            return c.getSchema();
        } catch (SQLException | AbstractMethodError e) {
            return null;
        }
    }

    private static void readColumns(DatabaseMetaData md, Connection c, Map<String, Builder> tables) throws SQLException {
        try (ResultSet rs = md.getColumns(c.getCatalog(), null, "%", "%")) {
            while (rs.next()) {
                Builder b = tables.get(key(schemaOf(rs.getString("TABLE_SCHEM"), rs.getString("TABLE_CAT")), rs.getString("TABLE_NAME")));
                if (b != null) {
                    b.columns.put(rs.getInt("ORDINAL_POSITION"), new ColumnInfo(rs.getString("COLUMN_NAME"),
                            rs.getString("TYPE_NAME"), rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls,
                            rs.getString("REMARKS")));
                }
            }
        }
    }

    /** Keys for every table in one call where the driver takes a null table name, else table by table. */
    private static void readKeys(DatabaseMetaData md, Connection c, Map<String, Builder> tables) throws SQLException {
        if (tables.isEmpty()) {
            return;
        }
        try {
            readPrimaryKeys(md.getPrimaryKeys(c.getCatalog(), null, null), tables);
            readForeignKeys(md.getImportedKeys(c.getCatalog(), null, null), tables);
        } catch (SQLException | RuntimeException allAtOnceRefused) {
            LOG.debug("driver wants keys table by table: {}", allAtOnceRefused.getMessage());
            for (Builder b : tables.values()) {
                b.primaryKey.clear();
                b.foreignKeys.clear();
                readPrimaryKeys(md.getPrimaryKeys(b.catalog, b.metaSchema, b.name), tables);
                readForeignKeys(md.getImportedKeys(b.catalog, b.metaSchema, b.name), tables);
            }
        }
    }

    private static void readPrimaryKeys(ResultSet rs, Map<String, Builder> tables) throws SQLException {
        try (rs) {
            while (rs.next()) {
                Builder b = tables.get(key(schemaOf(rs.getString("TABLE_SCHEM"), rs.getString("TABLE_CAT")), rs.getString("TABLE_NAME")));
                if (b != null) {
                    b.primaryKey.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
                }
            }
        }
    }

    private static void readForeignKeys(ResultSet rs, Map<String, Builder> tables) throws SQLException {
        Map<String, List<String[]>> byName = new LinkedHashMap<>();
        try (rs) {
            while (rs.next()) {
                String owner = key(schemaOf(rs.getString("FKTABLE_SCHEM"), rs.getString("FKTABLE_CAT")), rs.getString("FKTABLE_NAME"));
                if (!tables.containsKey(owner)) {
                    continue;
                }
                String refSchema = schemaOf(rs.getString("PKTABLE_SCHEM"), rs.getString("PKTABLE_CAT"));
                String fk = owner + "/" + rs.getString("FK_NAME") + "/" + refSchema + "." + rs.getString("PKTABLE_NAME");
                byName.computeIfAbsent(fk, k -> new ArrayList<>()).add(new String[] {owner, rs.getString("FKCOLUMN_NAME"),
                    refSchema, rs.getString("PKTABLE_NAME"), rs.getString("PKCOLUMN_NAME")});
            }
        }
        for (List<String[]> parts : byName.values()) {
            List<String> columns = new ArrayList<>();
            List<String> refColumns = new ArrayList<>();
            for (String[] p : parts) {
                columns.add(p[1]);
                refColumns.add(p[4]);
            }
            String[] first = parts.get(0);
            tables.get(first[0]).foreignKeys.add(new ForeignKey(List.copyOf(columns), first[2], first[3], List.copyOf(refColumns)));
        }
    }

    private static String key(String schema, String name) {
        return schema + "\u0000" + name;
    }

    private static final class Builder {
        /** Catalog and schema as the driver reported them, for its per-table metadata calls. */
        final String catalog;
        final String metaSchema;
        final String schema;
        final String name;
        final String comment;
        final Map<Integer, ColumnInfo> columns = new TreeMap<>();
        final Map<Integer, String> primaryKey = new TreeMap<>();
        final List<ForeignKey> foreignKeys = new ArrayList<>();

        Builder(String catalog, String metaSchema, String schema, String name, String comment) {
            this.catalog = catalog;
            this.metaSchema = metaSchema;
            this.schema = schema;
            this.name = name;
            this.comment = comment == null || comment.isBlank() ? null : comment;
        }

        TableInfo build() {
            return new TableInfo(schema, name, comment, List.copyOf(columns.values()), List.copyOf(primaryKey.values()),
                    List.copyOf(foreignKeys));
        }
    }
}
