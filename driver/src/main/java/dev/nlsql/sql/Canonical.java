package dev.nlsql.sql;

import java.util.List;

/**
 * Renders a lexed statement so that its reading depends on nothing the guard cannot see.
 * Comments are removed (a block comment becomes a space, so no new token can form; a line
 * comment's line end stays), so no comment-end rule of any server or driver matters any more.
 * Strings are rewritten so that a backslash means the same whatever the session's settings:
 * in PostgreSQL every string holding a backslash becomes an E'' string with the backslash
 * escaped; in MySQL every string becomes a single-quoted one with the session's escapes.
 */
final class Canonical {

    private Canonical() {
    }

    /**
     * Takes spans, not the lexer's tokens, so that it does not depend on the lexer that calls it.
     * @param strings  {start, end} of each string token, in order
     * @param comments {start, end, 1 for a block comment, 0 for a line comment}, in order
     */
    static String render(String text, List<int[]> strings, List<int[]> comments, LexRules rules) {
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        int s = 0;
        int c = 0;
        while (at < text.length()) {
            if (c < comments.size() && comments.get(c)[0] == at) {
                int[] comment = comments.get(c++);
                if (comment[2] == 1) {
                    out.append(' ');
                }
                at = comment[1];
            } else if (s < strings.size() && strings.get(s)[0] == at) {
                int[] string = strings.get(s++);
                out.append(string(text.substring(string[0], string[1]), rules));
                at = string[1];
            } else {
                out.append(text.charAt(at++));
            }
        }
        return out.toString();
    }

    private static String string(String s, LexRules rules) {
        return rules.dialect() == SqlDialect.MYSQL ? mysqlString(s, rules) : postgresString(s, rules);
    }

    /** PostgreSQL: a string with a backslash becomes E'...', which every standard_conforming_strings reads alike. */
    private static String postgresString(String s, LexRules rules) {
        char first = Character.toUpperCase(s.charAt(0));
        if (s.indexOf('\\') < 0 || first == '$' || first == 'B' || first == 'X') {
            return s; // no backslash, or a kind of string that never has escapes
        }
        if (first == 'E') {
            return "E'" + escapedBody(s.substring(2, s.length() - 1)) + "'";
        }
        int quote = s.indexOf('\'');
        String prefix = s.substring(0, quote);
        String body = s.substring(quote + 1, s.length() - 1);
        if (!prefix.isEmpty()) {
            return s; // N'..' with a backslash: left as written, the guard refuses it (no E form exists)
        }
        return "E'" + (rules.plainEscapes() ? escapedBody(body) : body.replace("\\", "\\\\")) + "'";
    }

    /** The body of an escape string with \' written as '' (so backslash_quote does not matter). */
    private static String escapedBody(String body) {
        StringBuilder b = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\' && i + 1 < body.length()) {
                char next = body.charAt(++i);
                b.append(next == '\'' ? "''" : "\\" + next);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** MySQL: every string single-quoted, its value decoded with the session's rules and encoded again. */
    private static String mysqlString(String s, LexRules rules) {
        char first = Character.toUpperCase(s.charAt(0));
        if (first == 'B' || first == 'X') {
            return s;
        }
        int quoteAt = s.indexOf(s.charAt(s.length() - 1));
        String prefix = s.substring(0, quoteAt);
        char q = s.charAt(quoteAt);
        String body = s.substring(quoteAt + 1, s.length() - 1);
        StringBuilder value = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (rules.plainEscapes() && c == '\\' && i + 1 < body.length()) {
                char next = body.charAt(++i);
                switch (next) {
                    case '0' -> value.append('\0');
                    case 'b' -> value.append('\b');
                    case 'n' -> value.append('\n');
                    case 'r' -> value.append('\r');
                    case 't' -> value.append('\t');
                    case 'Z' -> value.append((char) 26);
                    case '%', '_' -> value.append('\\').append(next); // kept for LIKE, as MySQL does
                    default -> value.append(next);
                }
            } else if (c == q && i + 1 < body.length() && body.charAt(i + 1) == q) {
                value.append(q);
                i++;
            } else {
                value.append(c);
            }
        }
        StringBuilder out = new StringBuilder(prefix).append('\'');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\'') {
                out.append("''");
            } else if (c == '\\' && rules.plainEscapes()) {
                boolean likeEscape = i + 1 < value.length() && (value.charAt(i + 1) == '%' || value.charAt(i + 1) == '_');
                out.append(likeEscape ? "\\" : "\\\\");
            } else if (c == '\0' && rules.plainEscapes()) {
                out.append("\\0");
            } else {
                out.append(c);
            }
        }
        return out.append('\'').toString();
    }
}
