package dev.nlsql.internal.schema;

import java.util.Locale;
import java.util.Set;

/** One column as the database stores it (name in its stored case). */
public record ColumnInfo(String name, String typeName, boolean nullable, String comment) {

    private static final Set<String> NUMBER_TYPES = Set.of("numeric", "decimal", "int", "int2", "int4", "int8", "integer", "bigint",
            "smallint", "real", "float", "float4", "float8", "double", "double precision", "money", "serial", "bigserial");

    private String type() {
        return typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
    }

    /** A number type. */
    public boolean isNumeric() {
        String t = type();
        return NUMBER_TYPES.contains(t) || t.startsWith("numeric") || t.startsWith("decimal");
    }

    /** A number that can hold money: not an integer count. */
    public boolean isMoneyTyped() {
        String t = type();
        return isNumeric() && !t.contains("int") && !t.contains("serial");
    }

    /** A yes/no column. */
    public boolean isBoolean() {
        String t = type();
        return t.equals("bool") || t.equals("boolean");
    }

    /** A date or a timestamp. */
    public boolean isDate() {
        String t = type();
        return t.equals("date") || t.startsWith("timestamp");
    }
}
