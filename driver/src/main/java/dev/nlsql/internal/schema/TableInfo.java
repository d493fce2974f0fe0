package dev.nlsql.internal.schema;

import java.util.List;
import java.util.Locale;

/** One table or view with its columns, keys and comment. */
public record TableInfo(String schema, String name, String comment, List<ColumnInfo> columns, List<String> primaryKey,
        List<ForeignKey> foreignKeys) {

    public String qualifiedName() {
        return schema == null ? name : schema + "." + name;
    }

    public ColumnInfo column(String columnName) {
        for (ColumnInfo c : columns) {
            if (c.name().equals(columnName)) {
                return c;
            }
        }
        return null;
    }

    public ColumnInfo columnIgnoreCase(String columnName) {
        for (ColumnInfo c : columns) {
            if (c.name().equalsIgnoreCase(columnName)) {
                return c;
            }
        }
        return null;
    }

    /** Whether one of this table's foreign keys references {@code other} (a schema left out matches any). */
    public boolean refersTo(TableInfo other) {
        for (ForeignKey fk : foreignKeys) {
            if (fk.refTable().equalsIgnoreCase(other.name())
                    && (fk.refSchema() == null || other.schema() == null || fk.refSchema().equalsIgnoreCase(other.schema()))) {
                return true;
            }
        }
        return false;
    }

    boolean named(String schemaName, String tableName) {
        return name.equals(tableName) && (schemaName == null || schemaName.equals(schema));
    }

    String lowerName() {
        return name.toLowerCase(Locale.ROOT);
    }
}
