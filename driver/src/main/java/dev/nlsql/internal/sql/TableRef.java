package dev.nlsql.internal.sql;

import java.util.Locale;

/**
 * A table a statement reads, named as PostgreSQL resolves it: unquoted names fold to lower
 * case, quoted names keep their case. {@code schema} is null when the statement left it out.
 */
public record TableRef(String schema, String name) {

    /** Folds an identifier as written (possibly "quoted") to the name the database stores. */
    public static String fold(String identifier) {
        if (identifier == null) {
            return null;
        }
        if (identifier.length() >= 2 && identifier.startsWith("\"") && identifier.endsWith("\"")) {
            return identifier.substring(1, identifier.length() - 1).replace("\"\"", "\"");
        }
        if (identifier.length() >= 2 && identifier.startsWith("`") && identifier.endsWith("`")) {
            return identifier.substring(1, identifier.length() - 1);
        }
        return identifier.toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return schema == null ? name : schema + "." + name;
    }
}
