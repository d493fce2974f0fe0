package dev.nlsql.proxy;

import dev.nlsql.jdbc.TextKind;
import dev.nlsql.sql.SqlLexer;
import dev.nlsql.sql.StatementKind;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Which SQL text a session relays to PostgreSQL as it is, on its thread or in the {@link RelayLoop}: the statement
 * kinds of each route ({@link StatementKind}) and the classifier's answers, remembered per statement shape (digits masked).
 */
final class RelayedSql implements RelayLoop.Session {

    /** The session relays at all: a PostgreSQL backend, SQL passed untouched. */
    private final boolean relays;
    /** pgjdbc's connection, for standard_conforming_strings; null where the backend is not PostgreSQL. */
    private final org.postgresql.core.BaseConnection pgBackend;

    RelayedSql(boolean relays, org.postgresql.core.BaseConnection pgBackend) {
        this.relays = relays;
        this.pgBackend = pgBackend;
    }

    /**
     * {@link RelayLoop.Session#relaysAlone}: the loop's question, asked of the query text's bytes. The last shape's
     * answer is kept (digits masked in the bytes: no UTF-8 sequence holds an ASCII digit), so an application repeating
     * a statement with other numbers costs a byte comparison per query.
     */
    @Override
    public boolean relaysAlone(byte[] text, int offset, int length) {
        if (length > lastShape.length) {
            return relaysAlone(new String(text, offset, length, StandardCharsets.UTF_8));
        }
        byte[] shape = shapeBytes;
        for (int i = 0; i < length; i++) {
            byte c = text[offset + i];
            shape[i] = c >= '1' && c <= '9' ? (byte) '0' : c;
        }
        if (length != lastShapeLength || !java.util.Arrays.equals(shape, 0, length, lastShape, 0, length)) {
            lastShapeAnswer = relaysAlone(new String(text, offset, length, StandardCharsets.UTF_8));
            System.arraycopy(shape, 0, lastShape, 0, length);
            lastShapeLength = length;
        }
        return lastShapeAnswer;
    }

    private final byte[] shapeBytes = new byte[1024];
    private final byte[] lastShape = new byte[1024];
    private int lastShapeLength = -1;
    private boolean lastShapeAnswer;

    /**
     * True when the session would relay the query text to PostgreSQL as it is, alone, with nothing to do after:
     * one statement that {@link StatementKind#relaysAlone() relays alone} and reads as SQL. Remembered per shape, digits masked.
     */
    boolean relaysAlone(String text) {
        if (!relays || text.length() > RelayLoop.CLIENT_BUFFER) {
            return false;
        }
        String shape = maskDigits(text);
        Boolean known = loopShapes.get(shape);
        if (known == null) {
            List<String> parts = SqlLexer.splitStatements(text);
            known = parts.size() == 1 && StatementKind.of(parts.get(0)).relaysAlone() && isSql(parts.get(0));
            loopShapes.put(shape, known);
        }
        return known;
    }

    /** True when every statement is SQL nlsql passes untouched, of a kind that needs no JDBC bookkeeping. */
    boolean relayable(List<String> statements) {
        for (String sql : statements) {
            if (!StatementKind.of(sql).isRelayed() || !isSql(sql)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the text is SQL, remembered by its shape (digits masked): an application repeats a statement with other
     * numbers (pgbench's {@code WHERE aid = 48213}), and the kind of a text does not depend on them, so the classifier
     * runs once per shape, not once per query.
     */
    boolean isSql(String sql) {
        boolean backslashEscapes = pgBackend != null && !pgBackend.getStandardConformingStrings();
        String shape = sql.length() > 500 ? null : backslashEscapes ? "\0" + maskDigits(sql) : maskDigits(sql);
        Boolean known = shape == null ? null : sqlShapes.get(shape);
        if (known == null) {
            known = TextKind.of(backslashEscapes ? asStandardStrings(sql) : sql).kind() == TextKind.SQL;
            if (shape != null) {
                sqlShapes.put(shape, known);
            }
        }
        return known;
    }

    /**
     * The text as the session reads it with standard_conforming_strings off ({@code 'it\'s'} is one string), in a
     * form the classifier reads alike (its lexer's canonical strings); the text itself goes to PostgreSQL unchanged.
     */
    private static String asStandardStrings(String sql) {
        SqlLexer.Result read = SqlLexer.tokenize(sql, dev.nlsql.sql.LexRules.postgres(false));
        return read.problem() == null ? read.canonical() : sql;
    }

    private final Map<String, Boolean> sqlShapes = shapeCache();
    private final Map<String, Boolean> loopShapes = shapeCache();

    /** The last 64 statement shapes' answers: an application repeats a few statements. */
    private static Map<String, Boolean> shapeCache() {
        return new java.util.LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > 64;
            }
        };
    }

    static String maskDigits(String s) {
        char[] c = null;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= '1' && s.charAt(i) <= '9') {
                if (c == null) {
                    c = s.toCharArray();
                }
                c[i] = '0';
            }
        }
        return c == null ? s : new String(c);
    }
}
