package dev.nlsql.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits text into tokens the way PostgreSQL's scanner does: nested block comments,
 * E'' strings with backslash escapes, dollar quoting, quoted identifiers. The guard uses it to
 * cross-check JSqlParser, whose lexer differs in exactly the places an attacker would probe.
 */
public final class SqlLexer {

    /** What a token is. */
    public enum Type { WORD, QUOTED_IDENT, STRING, NUMBER, PARAM, OPERATOR, PUNCT }

    /** One token with its place in the text. {@code text} of a WORD is as written. */
    public record Token(Type type, String text, int start, int end) {
        public boolean isWord(String lowerCaseWord) {
            return type == Type.WORD && text.equalsIgnoreCase(lowerCaseWord);
        }

        public boolean isPunct(char c) {
            return (type == Type.PUNCT || type == Type.OPERATOR) && text.length() == 1 && text.charAt(0) == c;
        }
    }

    /** The tokens of a text, and whether a string, identifier or comment was left open. */
    public record Result(List<Token> tokens, boolean unterminated) {
    }

    private static final String OPERATOR_CHARS = "+-*/<>=~!@#%^&|`?";

    private SqlLexer() {
    }

    public static Result tokenize(String text) {
        return tokenize(text, Integer.MAX_VALUE);
    }

    /** The first {@code maxTokens} tokens of a text: a bounded look at what a word is followed by. */
    public static Result tokenize(String text, int maxTokens) {
        Scan scan = new Scan(text);
        scan.run(maxTokens);
        return new Result(scan.tokens, scan.unterminated);
    }

    /** One pass over a text; holds the tokens found so far. */
    private static final class Scan {
        private final String text;
        private final int n;
        private final List<Token> tokens = new ArrayList<>();
        private boolean unterminated;

        Scan(String text) {
            this.text = text;
            this.n = text.length();
        }

        void run(int maxTokens) {
            int i = 0;
            while (i < n && tokens.size() < maxTokens) {
                i = next(i);
            }
        }

        /** Reads the token or gap at {@code i}; returns where the next one starts. */
        private int next(int i) {
            char c = text.charAt(i);
            char d = i + 1 < n ? text.charAt(i + 1) : 0;
            if (Character.isWhitespace(c)) {
                return i + 1;
            }
            if (c == '-' && d == '-') {
                return lineEnd(text, i);
            }
            if (c == '/' && d == '*') {
                int end = blockCommentEnd(text, i);
                unterminated |= end < 0;
                return end < 0 ? n : end;
            }
            if (c == '\'') {
                return quoted(i, i, '\'', false, Type.STRING);
            }
            if ((c == 'E' || c == 'e') && d == '\'') {
                return quoted(i, i + 1, '\'', true, Type.STRING);
            }
            if ((c == 'U' || c == 'u') && d == '&' && i + 2 < n && (text.charAt(i + 2) == '\'' || text.charAt(i + 2) == '"')) {
                char q = text.charAt(i + 2);
                return quoted(i, i + 2, q, false, q == '"' ? Type.QUOTED_IDENT : Type.STRING);
            }
            if ("BbXxNn".indexOf(c) >= 0 && d == '\'') {
                return quoted(i, i + 1, '\'', false, Type.STRING);
            }
            if (c == '"') {
                return quoted(i, i, '"', false, Type.QUOTED_IDENT);
            }
            if (c == '$') {
                return dollar(i);
            }
            if (isIdentStart(c)) {
                int j = i + 1;
                while (j < n && isIdentPart(text.charAt(j))) {
                    j++;
                }
                return add(Type.WORD, i, j);
            }
            if (Character.isDigit(c) || (c == '.' && Character.isDigit(d))) {
                return add(Type.NUMBER, i, numberEnd(text, i));
            }
            if (c == ':' && d == ':') {
                return add(Type.PUNCT, i, i + 2);
            }
            if (OPERATOR_CHARS.indexOf(c) >= 0) {
                int j = operatorEnd(text, i);
                return add(j == i + 1 && c == '?' ? Type.PARAM : Type.OPERATOR, i, j);
            }
            return add(Type.PUNCT, i, i + 1);
        }

        private int add(Type type, int start, int end) {
            tokens.add(new Token(type, text.substring(start, end), start, end));
            return end;
        }

        /** A quoted token whose prefix (E, U&, B, X, N) starts at {@code start} and quote at {@code quote}. */
        private int quoted(int start, int quote, char q, boolean backslashEscapes, Type type) {
            int end = quotedEnd(text, quote, q, backslashEscapes);
            unterminated |= end < 0;
            return add(type, start, end < 0 ? n : end);
        }

        /** A dollar-quoted string ($$...$$, $tag$...$tag$), a $1 parameter, or a lone $. */
        private int dollar(int i) {
            int tagEnd = dollarTagEnd(text, i);
            if (tagEnd > 0) {
                int close = text.indexOf(text.substring(i, tagEnd), tagEnd);
                unterminated |= close < 0;
                return add(Type.STRING, i, close < 0 ? n : close + (tagEnd - i));
            }
            int j = i + 1;
            while (j < n && Character.isDigit(text.charAt(j))) {
                j++;
            }
            return add(j > i + 1 ? Type.PARAM : Type.OPERATOR, i, j);
        }
    }

    /**
     * The statements of a text, split at the semicolons PostgreSQL splits at (not those in strings
     * or comments); blank and comment-only pieces are left out, the rest stripped.
     */
    public static List<String> splitStatements(String text) {
        List<String> out = new ArrayList<>();
        int from = 0;
        int semicolon = text.indexOf(';');
        if (semicolon >= 0 && semicolon == text.lastIndexOf(';') && text.substring(semicolon + 1).isBlank()) {
            // one statement ending in ';': no need to lex (a ';' inside an unterminated string fails either way)
            addStatement(out, text.substring(0, semicolon));
            return out;
        }
        if (semicolon >= 0) {
            for (Token t : tokenize(text).tokens()) {
                if (t.isPunct(';')) {
                    addStatement(out, text.substring(from, t.start()));
                    from = t.end();
                }
            }
        }
        addStatement(out, text.substring(from));
        return out;
    }

    private static void addStatement(List<String> out, String piece) {
        if (skipSpaceAndComments(piece, 0) < piece.length()) {
            out.add(piece.strip());
        }
    }

    /** The statement's first word in lower case, past comments and opening parentheses; empty when it has none. */
    public static String firstWord(String sql) {
        int start = skipSpaceAndComments(sql, 0);
        while (start < sql.length() && sql.charAt(start) == '(') {
            start = skipSpaceAndComments(sql, start + 1);
        }
        int end = start;
        while (end < sql.length() && Character.isLetter(sql.charAt(end))) {
            end++;
        }
        return sql.substring(start, end).toLowerCase(Locale.ROOT);
    }

    /** Index of the first character that is not white space or inside a comment. */
    public static int skipSpaceAndComments(String text, int from) {
        int i = from;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                i = lineEnd(text, i);
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = blockCommentEnd(text, i);
                i = end < 0 ? n : end;
            } else {
                break;
            }
        }
        return i;
    }

    static boolean isIdentStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    static boolean isIdentPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static int lineEnd(String text, int i) {
        int nl = text.indexOf('\n', i);
        return nl < 0 ? text.length() : nl + 1;
    }

    /** PostgreSQL block comments nest; returns -1 when the comment never closes. */
    private static int blockCommentEnd(String text, int start) {
        int depth = 0;
        int n = text.length();
        int i = start;
        while (i < n - 1) {
            char c = text.charAt(i);
            char d = text.charAt(i + 1);
            if (c == '/' && d == '*') {
                depth++;
                i += 2;
            } else if (c == '*' && d == '/') {
                depth--;
                i += 2;
                if (depth == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        return -1;
    }

    /** End (exclusive) of a quoted run starting at the quote; doubled quotes escape. */
    private static int quotedEnd(String text, int quote, char q, boolean backslashEscapes) {
        int n = text.length();
        int i = quote + 1;
        while (i < n) {
            char c = text.charAt(i);
            if (backslashEscapes && c == '\\') {
                i += 2;
            } else if (c == q) {
                if (i + 1 < n && text.charAt(i + 1) == q) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return -1;
    }

    /** End of a dollar-quote tag such as $$ or $body$, or -1 when this '$' starts none. */
    private static int dollarTagEnd(String text, int i) {
        int n = text.length();
        int j = i + 1;
        if (j < n && text.charAt(j) == '$') {
            return j + 1;
        }
        if (j >= n || !(Character.isLetter(text.charAt(j)) || text.charAt(j) == '_')) {
            return -1;
        }
        while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '_')) {
            j++;
        }
        return j < n && text.charAt(j) == '$' ? j + 1 : -1;
    }

    private static int numberEnd(String text, int i) {
        int n = text.length();
        int j = i;
        while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '.' || text.charAt(j) == '_')) {
            char c = text.charAt(j);
            if ((c == 'e' || c == 'E') && j + 1 < n && (text.charAt(j + 1) == '+' || text.charAt(j + 1) == '-')) {
                j++;
            }
            j++;
        }
        return j;
    }

    /** Operators are maximal runs of operator characters, cut before a comment start. */
    private static int operatorEnd(String text, int i) {
        int n = text.length();
        int j = i + 1;
        while (j < n && OPERATOR_CHARS.indexOf(text.charAt(j)) >= 0) {
            char c = text.charAt(j);
            char prev = text.charAt(j - 1);
            if ((prev == '-' && c == '-') || (prev == '/' && c == '*')) {
                return j - 1;
            }
            j++;
        }
        return j;
    }
}
