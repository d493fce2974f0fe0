package dev.nlsql.check;

import java.util.ArrayList;
import java.util.List;

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
        List<Token> tokens = new ArrayList<>();
        int n = text.length();
        int i = 0;
        boolean unterminated = false;
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                i = lineEnd(text, i);
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = blockCommentEnd(text, i);
                unterminated |= end < 0;
                i = end < 0 ? n : end;
            } else if (c == '\'') {
                int end = quotedEnd(text, i, '\'', false);
                unterminated |= end < 0;
                tokens.add(new Token(Type.STRING, text.substring(i, end < 0 ? n : end), i, end < 0 ? n : end));
                i = end < 0 ? n : end;
            } else if ((c == 'E' || c == 'e') && i + 1 < n && text.charAt(i + 1) == '\'') {
                int end = quotedEnd(text, i + 1, '\'', true);
                unterminated |= end < 0;
                tokens.add(new Token(Type.STRING, text.substring(i, end < 0 ? n : end), i, end < 0 ? n : end));
                i = end < 0 ? n : end;
            } else if ((c == 'U' || c == 'u') && i + 2 < n && text.charAt(i + 1) == '&'
                    && (text.charAt(i + 2) == '\'' || text.charAt(i + 2) == '"')) {
                char q = text.charAt(i + 2);
                int end = quotedEnd(text, i + 2, q, false);
                unterminated |= end < 0;
                Type type = q == '"' ? Type.QUOTED_IDENT : Type.STRING;
                tokens.add(new Token(type, text.substring(i, end < 0 ? n : end), i, end < 0 ? n : end));
                i = end < 0 ? n : end;
            } else if ((c == 'B' || c == 'b' || c == 'X' || c == 'x' || c == 'N' || c == 'n')
                    && i + 1 < n && text.charAt(i + 1) == '\'') {
                int end = quotedEnd(text, i + 1, '\'', false);
                unterminated |= end < 0;
                tokens.add(new Token(Type.STRING, text.substring(i, end < 0 ? n : end), i, end < 0 ? n : end));
                i = end < 0 ? n : end;
            } else if (c == '"') {
                int end = quotedEnd(text, i, '"', false);
                unterminated |= end < 0;
                tokens.add(new Token(Type.QUOTED_IDENT, text.substring(i, end < 0 ? n : end), i, end < 0 ? n : end));
                i = end < 0 ? n : end;
            } else if (c == '$') {
                int tagEnd = dollarTagEnd(text, i);
                if (tagEnd > 0) {
                    String tag = text.substring(i, tagEnd);
                    int close = text.indexOf(tag, tagEnd);
                    int end = close < 0 ? n : close + tag.length();
                    unterminated |= close < 0;
                    tokens.add(new Token(Type.STRING, text.substring(i, end), i, end));
                    i = end;
                } else {
                    int j = i + 1;
                    while (j < n && Character.isDigit(text.charAt(j))) {
                        j++;
                    }
                    tokens.add(new Token(j > i + 1 ? Type.PARAM : Type.OPERATOR, text.substring(i, j), i, j));
                    i = j;
                }
            } else if (isIdentStart(c)) {
                int j = i + 1;
                while (j < n && isIdentPart(text.charAt(j))) {
                    j++;
                }
                tokens.add(new Token(Type.WORD, text.substring(i, j), i, j));
                i = j;
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(text.charAt(i + 1)))) {
                int j = numberEnd(text, i);
                tokens.add(new Token(Type.NUMBER, text.substring(i, j), i, j));
                i = j;
            } else if (c == ':' && i + 1 < n && text.charAt(i + 1) == ':') {
                tokens.add(new Token(Type.PUNCT, "::", i, i + 2));
                i += 2;
            } else if (OPERATOR_CHARS.indexOf(c) >= 0) {
                int j = operatorEnd(text, i);
                String op = text.substring(i, j);
                tokens.add(new Token("?".equals(op) ? Type.PARAM : Type.OPERATOR, op, i, j));
                i = j;
            } else {
                tokens.add(new Token(Type.PUNCT, String.valueOf(c), i, i + 1));
                i++;
            }
        }
        return new Result(tokens, unterminated);
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
