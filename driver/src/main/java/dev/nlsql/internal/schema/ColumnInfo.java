package dev.nlsql.internal.schema;

/** One column as the database stores it (name in its stored case). */
public record ColumnInfo(String name, String typeName, boolean nullable, String comment) {
}
