package dev.nlsql.sql;

import dev.nlsql.sql.SqlDialect;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits text into tokens the way the database's own scanner does (PostgreSQL's {@code scan.l}
 * by default; MySQL's rules with {@link LexRules#MYSQL}): which characters are white space,
 * where comments end ({@code --} at a line feed <em>or</em> a carriage return; nested block
 * comments), strings of every kind with the session's escape rules, dollar quotes, quoted names.
 *
 * <p>Where the reading could depend on something the lexer cannot see (server version, session
 * settings, string continuation, executable comments, characters the server has no token for),
 * the result carries a {@link Result#problem()} instead of a guess. {@link Result#canonical()}
 * renders the statement in a form whose reading depends on nothing: comments removed, strings
 * written so that backslashes mean the same under every setting.
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

    /**
     * The tokens of a text.
     * @param problem  null when the text reads one way only, else why it does not
     * @param comments spans {start, end, 1 for a block comment, 0 for a line comment}
     */
    public record Result(String text, List<Token> tokens, String problem, List<int[]> comments, LexRules rules) {
        /** True when a string, quoted name or comment never closes. */
        public boolean unterminated() {
            return problem != null && problem.startsWith(UNTERMINATED);
        }

        /** The text without comments, with strings in a form every setting of the session reads alike. */
        public String canonical() {
            List<int[]> strings = tokens.stream().filter(t -> t.type() == Type.STRING).map(t -> new int[] {t.start(), t.end()}).toList();
            return Canonical.render(text, strings, comments, rules);
        }
    }

    public static final String UNTERMINATED = "unterminated";
    /** PostgreSQL's NAMEDATALEN - 1: longer identifiers are truncated by the server. */
    static final int MAX_IDENTIFIER_BYTES = 63;
    private static final String PG_OPERATOR_CHARS = "~!@#^&|`?+-*/%<>=";
    private static final String MYSQL_OPERATOR_CHARS = "~!^&|?+-*/%<>=";

    private SqlLexer() {
    }

    /** Tokens under PostgreSQL's default rules. */
    public static Result tokenize(String text) {
        return tokenize(text, LexRules.POSTGRESQL);
    }

    public static Result tokenize(String text, LexRules rules) {
        return tokenize(text, rules, Integer.MAX_VALUE);
    }

    /** The first {@code maxTokens} tokens of a text: a bounded look at what a word is followed by. */
    public static Result tokenize(String text, int maxTokens) {
        return tokenize(text, LexRules.POSTGRESQL, maxTokens);
    }

    public static Result tokenize(String text, LexRules rules, int maxTokens) {
        Scan scan = new Scan(text, rules);
        scan.run(maxTokens);
        return new Result(text, scan.tokens, scan.problem, scan.comments, rules);
    }

    /** One pass over a text; holds the tokens found so far. */
    private static final class Scan {
        private final String text;
        private final int n;
        private final LexRules rules;
        private final boolean mysql;
        private final List<Token> tokens = new ArrayList<>();
        private final List<int[]> comments = new ArrayList<>();
        private String problem;

        Scan(String text, LexRules rules) {
            this.text = text;
            this.n = text.length();
            this.rules = rules;
            this.mysql = rules.dialect() == SqlDialect.MYSQL;
        }

        void run(int maxTokens) {
            if (text.indexOf('\0') >= 0) {
                problem("NUL character");
            }
            if (rules.asciiOnly() && !text.chars().allMatch(c -> c < 0x80)) {
                problem("non-ASCII text on a session whose character set (big5, cp932, gbk, sjis, gb18030) can read a backslash "
                        + "or quote as part of a character");
            }
            int i = 0;
            while (i < n && tokens.size() < maxTokens) {
                i = next(i);
            }
        }

        private void problem(String what) {
            if (problem == null) {
                problem = what;
            }
        }

        /** Reads the token or gap at {@code i}; returns where the next one starts. */
        private int next(int i) {
            char c = text.charAt(i);
            char d = i + 1 < n ? text.charAt(i + 1) : 0;
            if (isSpace(c)) {
                return i + 1;
            }
            if (c < 0x20 || c == 0x7f) {
                problem(String.format("control character U+%04X outside a string", (int) c));
                return add(Type.PUNCT, i, i + 1);
            }
            if (c == '-' && d == '-' && (!mysql || i + 2 >= n || text.charAt(i + 2) <= ' ')) {
                return lineComment(i);
            }
            if (c == '#' && mysql) {
                return lineComment(i);
            }
            if (c == '/' && d == '*') {
                return blockComment(i);
            }
            if (c == '\'') {
                return quoted(i, i, '\'', rules.plainEscapes(), Type.STRING);
            }
            if (c == '"') {
                return rules.doubleQuoteNames() ? quoted(i, i, '"', false, Type.QUOTED_IDENT) : quoted(i, i, '"', rules.plainEscapes(), Type.STRING);
            }
            if (c == '`' && mysql) {
                return quoted(i, i, '`', false, Type.QUOTED_IDENT);
            }
            if (!mysql && (c == 'E' || c == 'e') && d == '\'') {
                return quoted(i, i + 1, '\'', true, Type.STRING);
            }
            if ((c == 'U' || c == 'u') && d == '&' && i + 2 < n && (text.charAt(i + 2) == '\'' || text.charAt(i + 2) == '"')) {
                problem("Unicode-escaped names and strings (U&) are not allowed");
                char q = text.charAt(i + 2);
                return quoted(i, i + 2, q, false, q == '"' ? Type.QUOTED_IDENT : Type.STRING);
            }
            if ((c == 'B' || c == 'b' || c == 'X' || c == 'x') && d == '\'') {
                return quoted(i, i + 1, '\'', false, Type.STRING);
            }
            if ((c == 'N' || c == 'n') && d == '\'') {
                return quoted(i, i + 1, '\'', rules.plainEscapes(), Type.STRING);
            }
            if (c == '$' && !mysql) {
                return dollar(i);
            }
            if (isDigit(c) || (c == '.' && isDigit(d))) {
                return number(i);
            }
            if (isIdentStart(c) || (mysql && c == '$')) {
                int j = i + 1;
                while (j < n && isIdentCont(text.charAt(j))) {
                    j++;
                }
                return add(Type.WORD, i, j);
            }
            if (c == ':' && d == ':') {
                return add(Type.PUNCT, i, i + 2);
            }
            if (mysql && (c == '@' || (c == ':' && d == '='))) {
                problem("variables and assignments (@, :=) are not allowed");
                return add(Type.OPERATOR, i, i + 1);
            }
            String operatorChars = mysql ? MYSQL_OPERATOR_CHARS : PG_OPERATOR_CHARS;
            if (operatorChars.indexOf(c) >= 0) {
                int j = operatorEnd(i, operatorChars);
                return add(j == i + 1 && c == '?' ? Type.PARAM : Type.OPERATOR, i, j);
            }
            if (mysql && (c == '[' || c == ']')) {
                // MySQL's grammar has no brackets, but MariaDB reads [...] as a quoted name under sql_mode MSSQL,
                // where [' , SLEEP(1) , '] is a name and not a string between brackets
                problem("square brackets (MariaDB reads [...] as a quoted name under sql_mode MSSQL)");
                return add(Type.PUNCT, i, i + 1);
            }
            if (",()[].;:".indexOf(c) >= 0) {
                return add(Type.PUNCT, i, i + 1);
            }
            problem("character '" + c + "' has no meaning in SQL outside a string");
            return add(Type.PUNCT, i, i + 1);
        }

        private int add(Type type, int start, int end) {
            if (type == Type.STRING && !tokens.isEmpty() && tokens.get(tokens.size() - 1).type() == Type.STRING) {
                // 'a' 'b' continue one literal, in PostgreSQL with the first part's escape rules: refuse instead of following
                problem("adjacent string literals (a string continued on another line) are not allowed");
            }
            tokens.add(new Token(type, text.substring(start, end), start, end));
            return end;
        }

        private int lineComment(int i) {
            int end = i;
            while (end < n && text.charAt(end) != '\n' && (mysql || text.charAt(end) != '\r')) {
                end++;
            }
            comments.add(new int[] {i, end, 0});
            return end;
        }

        /** PostgreSQL block comments nest, MySQL's do not; MySQL runs the text of {@code /*!} comments. */
        private int blockComment(int start) {
            if (mysql && start + 2 < n && (text.charAt(start + 2) == '!'
                    || (text.startsWith("M!", start + 2)))) {
                problem("executable comments (/*! ... */) are not allowed");
            }
            int depth = 0;
            int i = start;
            while (i < n - 1) {
                char c = text.charAt(i);
                char d = text.charAt(i + 1);
                if (c == '/' && d == '*' && (depth == 0 || !mysql)) {
                    depth++;
                    i += 2;
                } else if (c == '*' && d == '/') {
                    depth--;
                    i += 2;
                    if (depth == 0) {
                        comments.add(new int[] {start, i, 1});
                        return i;
                    }
                } else {
                    i++;
                }
            }
            problem(UNTERMINATED + " comment");
            comments.add(new int[] {start, n, 1});
            return n;
        }

        /** A quoted token whose prefix (E, U&, B, X, N) starts at {@code start} and quote at {@code quote}. */
        private int quoted(int start, int quote, char q, boolean backslashEscapes, Type type) {
            int i = quote + 1;
            while (i < n) {
                char c = text.charAt(i);
                if (backslashEscapes && c == '\\') {
                    i += 2;
                } else if (c == q) {
                    if (i + 1 < n && text.charAt(i + 1) == q) {
                        i += 2;
                    } else {
                        if (type == Type.QUOTED_IDENT && i == quote + 1) {
                            problem("zero-length quoted name");
                        }
                        return add(type, start, i + 1);
                    }
                } else {
                    i++;
                }
            }
            problem(UNTERMINATED + (type == Type.STRING ? " string" : " quoted name"));
            return add(type, start, n);
        }

        /** A dollar-quoted string ($$...$$, $tag$...$tag$) or a $1 parameter. */
        private int dollar(int i) {
            int j = i + 1;
            if (j < n && isDigit(text.charAt(j))) {
                while (j < n && isDigit(text.charAt(j))) {
                    j++;
                }
                if (j < n && isIdentCont(text.charAt(j))) {
                    problem("trailing junk after parameter " + text.substring(i, j));
                }
                return add(Type.PARAM, i, j);
            }
            if (j < n && isIdentStart(text.charAt(j))) {
                while (j < n && isIdentStart(text.charAt(j)) || j < n && isDigit(text.charAt(j))) {
                    j++;
                }
            }
            if (j < n && text.charAt(j) == '$') {
                String tag = text.substring(i, j + 1);
                int close = text.indexOf(tag, j + 1);
                if (close < 0) {
                    problem(UNTERMINATED + " dollar-quoted string");
                    return add(Type.STRING, i, n);
                }
                return add(Type.STRING, i, close + tag.length());
            }
            problem("'$' that starts neither a parameter nor a dollar quote");
            return add(Type.OPERATOR, i, i + 1);
        }

        /**
         * A number as PostgreSQL 15 reads it: digits, a fraction, an exponent. Anything that a
         * later or earlier server reads otherwise (1_000, 0x1F, 123abc, 1e) is a problem, not a guess.
         */
        private int number(int i) {
            int j = i;
            while (j < n && isDigit(text.charAt(j))) {
                j++;
            }
            if (j < n && text.charAt(j) == '.' && !(j + 1 < n && text.charAt(j + 1) == '.')) {
                j++;
                while (j < n && isDigit(text.charAt(j))) {
                    j++;
                }
            }
            if (j < n && (text.charAt(j) == 'e' || text.charAt(j) == 'E')) {
                int k = j + 1;
                if (k < n && (text.charAt(k) == '+' || text.charAt(k) == '-')) {
                    k++;
                }
                if (k < n && isDigit(text.charAt(k))) {
                    j = k;
                    while (j < n && isDigit(text.charAt(j))) {
                        j++;
                    }
                }
            }
            if (j < n && (isIdentCont(text.charAt(j)) || text.charAt(j) == '.' && !(j + 1 < n && text.charAt(j + 1) == '.'))) {
                problem("trailing junk after numeric literal " + text.substring(i, j));
            }
            return add(Type.NUMBER, i, j);
        }

        /** Operators are maximal runs of operator characters, cut before a comment start. */
        private int operatorEnd(int i, String operatorChars) {
            int j = i + 1;
            while (j < n && operatorChars.indexOf(text.charAt(j)) >= 0) {
                char c = text.charAt(j);
                char prev = text.charAt(j - 1);
                if ((prev == '-' && c == '-') || (prev == '/' && c == '*')) {
                    return Math.max(j - 1, i + 1); // MySQL's "--" without a space is two minus signs
                }
                j++;
            }
            return j;
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

    /** Index of the first character that is not white space or inside a comment (PostgreSQL's rules). */
    public static int skipSpaceAndComments(String text, int from) {
        int i = from;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (isSpace(c) || Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                while (i < n && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                i = blockEnd(text, i);
            } else {
                break;
            }
        }
        return i;
    }

    /** End of the block comment starting at {@code start} (nesting), or the text's end. */
    private static int blockEnd(String text, int start) {
        int depth = 0;
        int i = start;
        int n = text.length();
        while (i < n - 1) {
            if (text.charAt(i) == '/' && text.charAt(i + 1) == '*') {
                depth++;
                i += 2;
            } else if (text.charAt(i) == '*' && text.charAt(i + 1) == '/') {
                depth--;
                i += 2;
                if (depth == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        return n;
    }

    /** PostgreSQL's {@code space}: no other character separates tokens (not \v, not Unicode spaces). */
    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** PostgreSQL's {@code ident_start}: ASCII letters, underscore, and every non-ASCII character. */
    static boolean isIdentStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    }

    static boolean isIdentCont(char c) {
        return isIdentStart(c) || isDigit(c) || c == '$';
    }

    /**
     * An identifier as PostgreSQL stores it: a quoted one without its quotes, an unquoted one with
     * ASCII letters folded to lower case (and nothing else), both cut to 63 bytes.
     */
    public static String foldIdentifier(String written) {
        if (written == null) {
            return null;
        }
        String name;
        if (written.length() >= 2 && written.startsWith("\"") && written.endsWith("\"")) {
            name = written.substring(1, written.length() - 1).replace("\"\"", "\"");
        } else if (written.length() >= 2 && written.startsWith("`") && written.endsWith("`")) {
            name = written.substring(1, written.length() - 1).replace("``", "`");
        } else {
            StringBuilder b = new StringBuilder(written.length());
            for (int i = 0; i < written.length(); i++) {
                char c = written.charAt(i);
                b.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
            }
            name = b.toString();
        }
        return truncate(name);
    }

    private static String truncate(String name) {
        if (name.length() * 3 <= MAX_IDENTIFIER_BYTES || name.getBytes(StandardCharsets.UTF_8).length <= MAX_IDENTIFIER_BYTES) {
            return name;
        }
        int bytes = 0;
        int i = 0;
        while (i < name.length()) {
            int cp = name.codePointAt(i);
            int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + size > MAX_IDENTIFIER_BYTES) {
                break;
            }
            bytes += size;
            i += Character.charCount(cp);
        }
        return name.substring(0, i);
    }
}
