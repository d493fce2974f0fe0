package dev.nlsql.internal.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One {@code nlsql.tables} pattern: {@code table} (in any schema) or {@code schema.table}, each
 * part written like a SQL name. A part in double quotes (or MySQL's backquotes) keeps its case, an
 * unquoted part folds as the database folds unquoted names ({@link NameCase}), and {@code *}
 * stands for any run of characters, inside quotes too. Dots inside quotes belong to the name.
 * A pattern of more than two parts matches nothing.
 */
public final class TablePattern {

    private final String text;
    private final List<Part> parts;

    public TablePattern(String text) {
        this.text = text.trim();
        this.parts = parse(this.text);
    }

    /**
     * True when the pattern admits the table {@code name} in {@code schema} (null where the database
     * reported none), both as the database stores them, compared by the database's rule.
     */
    public boolean matches(String schema, String name, NameCase names) {
        if (name == null) {
            return false;
        }
        if (parts.size() == 1) {
            return parts.get(0).matches(name, names);
        }
        return parts.size() == 2 && schema != null && parts.get(0).matches(schema, names) && parts.get(1).matches(name, names);
    }

    @Override
    public String toString() {
        return text;
    }

    /** One part compiled for each rule: folded (PostgreSQL), as written, and lower-cased for any case. */
    private record Part(Pattern folded, Pattern asWritten, Pattern anyCase) {
        boolean matches(String value, NameCase names) {
            return switch (names) {
                case FOLDED -> folded.matcher(value).matches();
                case EXACT -> asWritten.matcher(value).matches();
                case ANY -> anyCase.matcher(value.toLowerCase(Locale.ROOT)).matches();
            };
        }
    }

    private static List<Part> parse(String text) {
        List<Part> parts = new ArrayList<>(2);
        PartBuilder part = new PartBuilder();
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote && i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    part.literal(c, c);
                    i++;
                } else if (c == quote) {
                    quote = 0;
                } else if (c == '*') {
                    part.wildcard();
                } else {
                    part.literal(c, c);
                }
            } else if (c == '"' || c == '`') {
                quote = c;
            } else if (c == '*') {
                part.wildcard();
            } else if (c == '.') {
                parts.add(part.build());
                part = new PartBuilder();
            } else if (!Character.isWhitespace(c)) {
                part.literal(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c, c); // PostgreSQL folds ASCII letters only
            }
        }
        parts.add(part.build());
        return List.copyOf(parts);
    }

    private static final class PartBuilder {
        private final StringBuilder folded = new StringBuilder();
        private final StringBuilder asWritten = new StringBuilder();
        private final StringBuilder anyCase = new StringBuilder();
        private final StringBuilder foldedRun = new StringBuilder();
        private final StringBuilder asWrittenRun = new StringBuilder();

        void literal(char folded, char asWritten) {
            foldedRun.append(folded);
            asWrittenRun.append(asWritten);
        }

        void wildcard() {
            flush();
            folded.append(".*");
            asWritten.append(".*");
            anyCase.append(".*");
        }

        private void flush() {
            folded.append(Pattern.quote(foldedRun.toString()));
            asWritten.append(Pattern.quote(asWrittenRun.toString()));
            anyCase.append(Pattern.quote(asWrittenRun.toString().toLowerCase(Locale.ROOT)));
            foldedRun.setLength(0);
            asWrittenRun.setLength(0);
        }

        Part build() {
            flush();
            return new Part(Pattern.compile(folded.toString(), Pattern.DOTALL), Pattern.compile(asWritten.toString(), Pattern.DOTALL),
                    Pattern.compile(anyCase.toString(), Pattern.DOTALL));
        }
    }
}
