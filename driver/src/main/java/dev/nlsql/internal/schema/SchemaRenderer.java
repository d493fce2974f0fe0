package dev.nlsql.internal.schema;

import java.util.Collection;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The schema as the model reads it: one line per table, one per column with its type, key
 * and reference, and comments where the database has them. Names are written as a query must
 * write them (schema-qualified outside the default schema, quoted when not plain or a reserved word).
 *
 * <p>Everything here comes from whoever can create tables or comment on them, so none of it
 * may read as an instruction: comments are shown as one-line double-quoted strings with
 * escapes, capped at {@link #MAX_COMMENT} characters; a name that is not a plain identifier is
 * shown quoted, which is also how a query has to write it.
 */
public final class SchemaRenderer {

    /** Characters of a comment shown; the rest is cut (comments are hints, not documentation). */
    static final int MAX_COMMENT = 200;
    private static final Pattern PLAIN_LOWER = Pattern.compile("[a-z_][a-z0-9_$]*");
    private static final Pattern PLAIN_ANY_CASE = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");
    private static final Pattern PLAIN_UPPER = Pattern.compile("[A-Z_][A-Z0-9_$]*");
    /** Type names as drivers report them: int4, character varying, numeric(10,2), _text, timestamp with time zone. */
    private static final Pattern PLAIN_TYPE = Pattern.compile("[A-Za-z_][A-Za-z0-9_ ]{0,62}(\\([0-9, ]{1,12}\\))?(\\[\\])?");
    /** A type name the driver already quoted (pgjdbc does for user-defined types): {@code "Mood"}, {@code app."Mood"}. */
    private static final Pattern QUOTED_TYPE = Pattern.compile(
            "(?:[A-Za-z_][A-Za-z0-9_$]*\\.|\"(?:[^\"\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]|\"\")+\"\\.)?\"(?:[^\"\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]|\"\")+\"(?:\\[\\])?");

    private SchemaRenderer() {
    }

    public static String render(SchemaCatalog catalog, Collection<TableInfo> tables) {
        StringBuilder b = new StringBuilder();
        for (TableInfo t : tables) {
            b.append("TABLE ").append(nameOf(catalog, t));
            if (t.comment() != null && !t.comment().isBlank()) {
                b.append("  -- ").append(quotedText(t.comment(), MAX_COMMENT));
            }
            b.append('\n');
            for (ColumnInfo c : t.columns()) {
                b.append("  ").append(identifier(catalog, c.name())).append(' ').append(typeName(catalog, c.typeName()));
                if (t.primaryKey().contains(c.name())) {
                    b.append(" PRIMARY KEY");
                }
                for (ForeignKey fk : t.foreignKeys()) {
                    int i = fk.columns().indexOf(c.name());
                    if (i >= 0) {
                        String table = identifier(catalog, fk.refTable());
                        String ref = fk.refSchema() == null || fk.refSchema().equals(catalog.defaultSchema())
                                ? table : identifier(catalog, fk.refSchema()) + "." + table;
                        b.append(" REFERENCES ").append(ref).append('(').append(identifier(catalog, fk.refColumns().get(i))).append(')');
                    }
                }
                if (c.comment() != null && !c.comment().isBlank()) {
                    b.append("  -- ").append(quotedText(c.comment(), MAX_COMMENT));
                }
                b.append('\n');
            }
        }
        return b.toString().strip();
    }

    public static String nameOf(SchemaCatalog catalog, TableInfo t) {
        String name = identifier(catalog, t.name());
        return catalog.visibleUnqualified(t) ? name : identifier(catalog, t.schema()) + "." + name;
    }

    /** {@code table.column} as a query writes it, for hints. */
    public static String columnOf(SchemaCatalog catalog, TableInfo t, ColumnInfo c) {
        return nameOf(catalog, t) + "." + identifier(catalog, c.name());
    }

    /**
     * A name as a query must write it: bare when the database would fold the bare name to
     * exactly this one and does not reserve it as a keyword ({@link ReservedWords}: a table
     * named {@code user} is {@code "user"}, else PostgreSQL reads {@code current_user}), else
     * quoted (backticks on MySQL, where double quotes make a string).
     */
    public static String identifier(SchemaCatalog catalog, String name) {
        boolean reserved = ReservedWords.reserved(catalog, name);
        if (mysql(catalog)) {
            return PLAIN_ANY_CASE.matcher(name).matches() && !reserved ? name : quoted(name, '`');
        }
        boolean plain = PLAIN_LOWER.matcher(name).matches() || (!postgres(catalog) && PLAIN_UPPER.matcher(name).matches());
        return plain && !reserved ? name : quoted(name, '"');
    }

    /** The quote character doubled; a line break or other control character escaped, so a name stays on its line. */
    private static String quoted(String name, char quote) {
        StringBuilder b = new StringBuilder(name.length() + 2).append(quote);
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (ch == quote) {
                b.append(quote);
            }
            b.append(invisible(ch) ? String.format(Locale.ROOT, "\\u%04x", (int) ch) : String.valueOf(ch));
        }
        return b.append(quote).toString();
    }

    private static boolean invisible(char ch) {
        int type = Character.getType(ch);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR;
    }

    /** Built-in type names are shown as they are; a user-defined type's name can hold any text, so it is quoted. */
    private static String typeName(SchemaCatalog catalog, String type) {
        if (type == null) {
            return "unknown";
        }
        return PLAIN_TYPE.matcher(type).matches() || QUOTED_TYPE.matcher(type).matches() ? type : identifier(catalog, type);
    }

    /**
     * {@code text} as one JSON-style double-quoted string: whitespace runs made one space, quotes,
     * backslashes and control or format characters escaped, cut at {@code max} characters with an ellipsis.
     */
    public static String quotedText(String text, int max) {
        String one = text.strip().replaceAll("\\s+", " ");
        boolean cut = one.length() > max;
        if (cut) {
            int end = Character.isHighSurrogate(one.charAt(max - 1)) ? max - 1 : max;
            one = one.substring(0, end);
        }
        StringBuilder b = new StringBuilder(one.length() + 4).append('"');
        for (int i = 0; i < one.length(); i++) {
            char ch = one.charAt(i);
            switch (ch) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> b.append(invisible(ch) ? String.format(Locale.ROOT, "\\u%04x", (int) ch) : String.valueOf(ch));
            }
        }
        return b.append(cut ? "…\"" : "\"").toString();
    }

    private static boolean mysql(SchemaCatalog catalog) {
        String p = product(catalog);
        return p.contains("mysql") || p.contains("mariadb");
    }

    private static boolean postgres(SchemaCatalog catalog) {
        return product(catalog).contains("postgres");
    }

    private static String product(SchemaCatalog catalog) {
        return catalog.productName() == null ? "" : catalog.productName().toLowerCase(Locale.ROOT);
    }
}
