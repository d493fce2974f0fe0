package dev.nlsql.schema;

import java.util.Collection;

/**
 * The schema as the model reads it: one line per table, one per column with its type, key
 * and reference, and comments where the database has them. Names are written as a query must
 * write them (schema-qualified outside the default schema).
 */
public final class SchemaRenderer {

    private SchemaRenderer() {
    }

    public static String render(SchemaCatalog catalog, Collection<TableInfo> tables) {
        StringBuilder b = new StringBuilder();
        for (TableInfo t : tables) {
            b.append("TABLE ").append(nameOf(catalog, t));
            if (t.comment() != null) {
                b.append("  -- ").append(oneLine(t.comment()));
            }
            b.append('\n');
            for (ColumnInfo c : t.columns()) {
                b.append("  ").append(c.name()).append(' ').append(c.typeName());
                if (t.primaryKey().contains(c.name())) {
                    b.append(" PRIMARY KEY");
                }
                for (ForeignKey fk : t.foreignKeys()) {
                    int i = fk.columns().indexOf(c.name());
                    if (i >= 0) {
                        String ref = fk.refSchema() == null || fk.refSchema().equals(catalog.defaultSchema())
                                ? fk.refTable() : fk.refSchema() + "." + fk.refTable();
                        b.append(" REFERENCES ").append(ref).append('(').append(fk.refColumns().get(i)).append(')');
                    }
                }
                if (c.comment() != null && !c.comment().isBlank()) {
                    b.append("  -- ").append(oneLine(c.comment()));
                }
                b.append('\n');
            }
        }
        return b.toString().strip();
    }

    public static String nameOf(SchemaCatalog catalog, TableInfo t) {
        return catalog.visibleUnqualified(t) ? t.name() : t.schema() + "." + t.name();
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").strip();
    }
}
