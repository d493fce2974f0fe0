package dev.nlsql.internal.schema;

import java.util.Locale;
import java.util.Set;

/**
 * What a real column holds, as far as a repair needs to know: the kind of its values (from its type name, in any
 * database's spelling) and whether it is a key (in its table's primary or a foreign key, or named like one).
 */
public final class ColumnRole {

    /** The kinds of value a statement can demand of a name. */
    public enum Kind {
        NUMBER("numbers"), TEXT("text"), TIME("dates or times"), BOOLEAN("true or false"), OTHER("values of another type");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        /** "numbers", "dates or times": what a column of this kind holds, for a message. */
        public String words() {
            return words;
        }
    }

    /** Words ending in "id" that name no key: a column {@code paid} or {@code is_valid} is a flag, not an identifier. */
    private static final Set<String> NOT_KEYS = Set.of("paid", "unpaid", "prepaid", "valid", "invalid", "void", "avoid", "liquid",
            "rapid", "solid", "hybrid", "fluid", "humid", "acid", "grid", "maid", "raid", "covid", "android", "pyramid", "squid",
            "vivid", "rigid", "candid", "splendid", "said", "bid", "kid", "lid", "aid", "amid");

    private ColumnRole() {
    }

    /** The kind of a column of this type ({@code int4}, {@code CHARACTER VARYING}, {@code timestamptz}, {@code DECIMAL(10,2)}). */
    public static Kind kind(String typeName) {
        String t = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
        if (t.contains("interval") || t.contains("point")) {
            return Kind.OTHER;
        }
        if (t.startsWith("bool") || t.equals("bit")) {
            return Kind.BOOLEAN;
        }
        if (t.contains("date") || t.contains("time") || t.equals("year")) {
            return Kind.TIME;
        }
        if (t.contains("int") || t.contains("serial") || t.contains("numeric") || t.contains("decimal") || t.contains("float")
                || t.contains("double") || t.contains("real") || t.contains("money") || t.startsWith("number") || t.equals("dec")) {
            return Kind.NUMBER;
        }
        if (t.contains("char") || t.contains("text") || t.contains("string") || t.contains("clob") || t.equals("name")
                || t.startsWith("enum")) {
            return Kind.TEXT;
        }
        return Kind.OTHER;
    }

    /** A key of its table: in the primary key or a foreign key, or named like a key ({@link #keyLikeName}). */
    public static boolean isKey(TableInfo table, ColumnInfo column) {
        String name = column.name();
        if (table.primaryKey().stream().anyMatch(name::equalsIgnoreCase)) {
            return true;
        }
        if (table.foreignKeys().stream().anyMatch(fk -> fk.columns().stream().anyMatch(name::equalsIgnoreCase))) {
            return true;
        }
        return keyLikeName(name);
    }

    /**
     * A name that reads as an identifier's: {@code id}, {@code customer_id}, {@code paperId}, {@code sbtickerid},
     * {@code txid}, {@code uuid}, {@code customer_key}, and their plurals; not {@code paid} or {@code is_valid}.
     */
    public static boolean keyLikeName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith("ids") || n.endsWith("keys")) {
            n = n.substring(0, n.length() - 1);
        }
        if (n.equals("key") || n.endsWith("_key")) {
            return true;
        }
        if (!n.endsWith("id")) {
            return false;
        }
        String last = n.substring(n.lastIndexOf('_') + 1);
        if (NOT_KEYS.contains(last)) {
            return false;
        }
        for (String word : NOT_KEYS) {
            if (word.length() >= 4 && last.endsWith(word)) {
                return false; // "ispaid", "isvalid"
            }
        }
        return true;
    }
}
