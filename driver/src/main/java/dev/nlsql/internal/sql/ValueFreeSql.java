package dev.nlsql.internal.sql;

import dev.nlsql.sql.LexRules;
import dev.nlsql.sql.SqlLexer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * SQL as the model may see it under {@code nlsql.llm.sendValues=false} when the driver, not the model,
 * may have put database values into it (the wider search's closest real values, a cached answer's SQL,
 * the previous answer of a follow-up, the knowledge file's SQL): every string literal becomes {@code '…'}, and
 * every comment goes.
 *
 * <p>{@link #masked} is stricter, for SQL shown back to the model as an earlier attempt: whoever wrote it
 * (the model, the knowledge file, the cache, a repair, the rules), every literal it did not already know
 * is hidden.
 */
public final class ValueFreeSql {

    public static final String HIDDEN = "'…'";
    /** A hidden number. */
    public static final String HIDDEN_NUMBER = "…";
    /** A hidden double-quoted word (a name to PostgreSQL, a string to MySQL). */
    public static final String HIDDEN_QUOTED = "\"…\"";
    public static final String NOT_SHOWN = "(SQL not shown)";

    /** What a literal is: a string, a number or a double-quoted word, with its text as written. */
    public enum Kind { STRING, NUMBER, QUOTED }

    /** One literal of the SQL as written, and its kind. */
    public record Literal(Kind kind, String text) {
        /** A string's or quoted word's content, quotes and doubled quotes undone as far as plain quoting goes. */
        public String content() {
            if (kind == Kind.NUMBER || text.length() < 2) {
                return text;
            }
            int open = text.indexOf(text.charAt(text.length() - 1));
            String inner = text.substring(open + 1, text.length() - 1);
            char q = text.charAt(text.length() - 1);
            return inner.replace(String.valueOf(q) + q, String.valueOf(q));
        }
    }

    /** The readings every attempt is masked under: where strings end differs with backslash escapes and double quotes. */
    private static final List<LexRules> READINGS = List.of(LexRules.POSTGRESQL, LexRules.MYSQL);

    private ValueFreeSql() {
    }

    public static String of(String sql) {
        if (sql == null) {
            return null;
        }
        SqlLexer.Result lexed = SqlLexer.tokenize(sql);
        if (lexed.problem() != null) {
            return NOT_SHOWN; // unreadable: its strings cannot be told apart
        }
        List<int[]> hidden = new ArrayList<>(); // {start, end, 1 for a string, 0 for a comment}
        for (SqlLexer.Token t : lexed.tokens()) {
            if (t.type() == SqlLexer.Type.STRING) {
                hidden.add(new int[] {t.start(), t.end(), 1});
            }
        }
        for (int[] c : lexed.comments()) { // the file's words, not its SQL
            hidden.add(new int[] {c[0], c[1], 0});
        }
        hidden.sort(Comparator.comparingInt(h -> h[0]));
        StringBuilder out = new StringBuilder(sql.length());
        int at = 0;
        for (int[] h : hidden) {
            out.append(sql, at, h[0]).append(h[2] == 1 ? HIDDEN : " ");
            at = h[1];
        }
        return out.append(sql, at, sql.length()).toString();
    }

    /**
     * The SQL with every string, number and double-quoted word replaced by a placeholder unless {@code known} says the
     * model already has it, and every comment dropped. The text is read both as PostgreSQL and as MySQL read it (a
     * backslash may or may not end a string; {@code "…"} is a name or a string), and whatever either reading calls a
     * literal or a comment is hidden; text either reading cannot read is not shown at all.
     */
    public static String masked(String sql, Predicate<Literal> known) {
        if (sql == null) {
            return null;
        }
        List<int[]> spans = new ArrayList<>(); // {start, end, kind: 0 string, 1 number, 2 quoted, 3 comment}
        for (LexRules rules : READINGS) {
            SqlLexer.Result lexed = SqlLexer.tokenize(sql, rules);
            if (lexed.problem() != null) {
                return NOT_SHOWN;
            }
            for (SqlLexer.Token t : lexed.tokens()) {
                int kind = switch (t.type()) {
                    case STRING -> t.text().startsWith("\"") ? 2 : 0; // MySQL's "…" string: PostgreSQL's quoted name
                    case NUMBER -> 1;
                    case QUOTED_IDENT -> t.text().startsWith("\"") ? 2 : -1; // a backquoted name is a name in every reading
                    default -> -1;
                };
                if (kind >= 0) {
                    spans.add(new int[] {t.start(), t.end(), kind});
                }
            }
            for (int[] c : lexed.comments()) {
                spans.add(new int[] {c[0], c[1], 3});
            }
        }
        spans.sort(Comparator.<int[]>comparingInt(s -> s[0]).thenComparingInt(s -> -s[1]));
        StringBuilder out = new StringBuilder(sql.length());
        int at = 0;
        int i = 0;
        while (i < spans.size()) {
            int start = spans.get(i)[0];
            int end = spans.get(i)[1];
            int kind = spans.get(i)[2];
            boolean sameEverywhere = true; // both readings see one literal here, of one kind
            int j = i + 1;
            while (j < spans.size() && spans.get(j)[0] < end) {
                int[] s = spans.get(j);
                sameEverywhere &= s[0] == start && s[1] == end && s[2] == kind;
                end = Math.max(end, s[1]);
                j++;
            }
            out.append(sql, Math.max(at, 0), Math.max(start, at));
            String text = sql.substring(start, end);
            if (kind == 3) {
                out.append(' ');
            } else if (sameEverywhere && known.test(new Literal(Kind.values()[kind], text))) {
                out.append(text);
            } else {
                out.append(kind == 1 && sameEverywhere ? HIDDEN_NUMBER : kind == 2 && sameEverywhere ? HIDDEN_QUOTED : HIDDEN);
            }
            at = Math.max(at, end);
            i = j;
        }
        return out.append(sql, at, sql.length()).toString();
    }
}
