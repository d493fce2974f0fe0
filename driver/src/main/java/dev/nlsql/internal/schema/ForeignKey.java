package dev.nlsql.internal.schema;

import java.util.List;

/** {@code columns} of the owning table reference {@code refColumns} of {@code refSchema.refTable}. */
public record ForeignKey(List<String> columns, String refSchema, String refTable, List<String> refColumns) {
}
