package dev.nlsql.internal.check;

import dev.nlsql.sql.SqlLexer;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Takes the SQL out of what a model wrote: code fences, {@code <sql>} tags, an "SQL:" label,
 * prose before and after, and a final semicolon. Returns null when there is no SQL in it.
 * A second statement is kept (the guard then refuses it with feedback) rather than guessed away.
 *
 * <p>The reply comes from a model an attacker may talk to, so every step is a linear scan:
 * no regular expression that can backtrack, no parse per candidate. Which query keyword in
 * prose starts the SQL is decided from the few tokens after it (see {@link #queryInProse}).
 */
public final class SqlExtractor {

    /** What a model writes when the question cannot be answered from the schema. */
    public static final String NOT_ANSWERABLE = "NOT_ANSWERABLE";
    /** How far into the reply the NOT_ANSWERABLE marker may stand. */
    private static final int NOT_ANSWERABLE_WITHIN = 20;

    private static final String FENCE = "```";
    private static final String TAG_OPEN = "<sql>";
    private static final String TAG_CLOSE = "</sql>";
    private static final List<String> QUERY_WORDS = List.of("select", "with", "values", "table", "(");
    /** The keywords looked for inside prose ("table" and "(" are too common in English there). */
    private static final List<String> PROSE_QUERY_WORDS = List.of("select", "with", "values");
    /** Statements a model may write that are not queries: kept, so the guard can say why they are refused. */
    private static final List<String> OTHER_STATEMENTS = List.of("insert", "update", "delete", "merge", "drop", "create", "alter",
            "truncate", "grant", "revoke", "copy", "call", "do", "set", "reset", "begin", "commit", "rollback", "lock", "vacuum",
            "explain", "show", "execute", "prepare", "refresh", "comment");
    /** Words that start a paragraph of explanation after the SQL. */
    private static final Set<String> PROSE_STARTS = Set.of("this", "the", "it", "here", "note", "explanation", "i", "these", "we", "that");
    private static final int LONGEST_PROSE_START = "explanation".length() + 1;
    /** What is looked at after a keyword in prose to decide whether SQL follows: constants, so the scan stays linear. */
    private static final int LOOK_AHEAD_CHARS = 160;
    private static final int LOOK_AHEAD_TOKENS = 24;

    private SqlExtractor() {
    }

    /** The reason given by a model that said the question is not about this database, else null. */
    public static String notAnswerable(String reply) {
        if (reply == null) {
            return null;
        }
        ReplyDecision decision = ReplyDecision.read(reply);
        if (decision != null) {
            return decision.answerable() ? null : decision.reasonOrDefault();
        }
        String t = reply.strip();
        int last = Math.min(NOT_ANSWERABLE_WITHIN, t.length() - NOT_ANSWERABLE.length());
        for (int at = 0; at <= last; at++) {
            if (t.regionMatches(true, at, NOT_ANSWERABLE, 0, NOT_ANSWERABLE.length())) {
                int i = at + NOT_ANSWERABLE.length();
                while (i < t.length() && (t.charAt(i) == ':' || t.charAt(i) == '-' || Character.isWhitespace(t.charAt(i)))) {
                    i++;
                }
                String reason = t.substring(i).strip();
                return reason.isEmpty() ? "the model found nothing in the schema for it" : reason;
            }
        }
        return null;
    }

    /**
     * The SQL of a reply; a structured decision ({@link ReplyDecision}) gives the SQL of its
     * {@code sql} field, read the same way (fences, prose), and none when it has none.
     */
    public static String extract(String reply) {
        ReplyDecision decision = ReplyDecision.read(reply);
        if (decision != null) {
            return decision.answerable() && decision.sql() != null ? extractPlain(decision.sql()) : null;
        }
        return extractPlain(reply);
    }

    private static String extractPlain(String reply) {
        if (reply == null || reply.isBlank()) {
            return null;
        }
        String body = fenced(reply);
        if (body == null) {
            body = tagged(reply);
        }
        body = withoutLabel((body == null ? reply : body).strip());
        if (startsLikeQuery(body, 0) || startsWithWord(body, OTHER_STATEMENTS)) {
            return cutTrailingProse(body);
        }
        return queryInProse(body);
    }

    /**
     * The content of the first code fence that starts like a query, else of the first fence,
     * else null. A fence is three backticks, an optional language word ending its line, and
     * everything up to the next three backticks.
     */
    private static String fenced(String reply) {
        String first = null;
        int from = 0;
        while (true) {
            int open = reply.indexOf(FENCE, from);
            if (open < 0) {
                return first;
            }
            int start = contentStart(reply, open + FENCE.length());
            int close = reply.indexOf(FENCE, start);
            if (close < 0) {
                return first; // no later fence can close either
            }
            String content = reply.substring(start, close).strip();
            if (first == null) {
                first = content;
            }
            if (startsLikeQuery(content, 0)) {
                return content;
            }
            from = close + FENCE.length();
        }
    }

    /** Past a fence's language word ("sql") when a line break follows it; else the content starts at once. */
    private static int contentStart(String text, int afterTicks) {
        int n = text.length();
        int i = afterTicks;
        while (i < n && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        while (i < n && (isAsciiWordChar(text.charAt(i)) || text.charAt(i) == '-')) {
            i++;
        }
        while (i < n && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        if (i < n && text.charAt(i) == '\r') {
            i++;
        }
        if (i < n && text.charAt(i) == '\n') {
            return i + 1;
        }
        return i >= n ? i : afterTicks; // ```SELECT 1``` on one line: no language word
    }

    /** The text between the first {@code <sql>} and the {@code </sql>} after it, else null. */
    private static String tagged(String reply) {
        int open = indexOfIgnoreCase(reply, TAG_OPEN, 0);
        if (open < 0) {
            return null;
        }
        int start = open + TAG_OPEN.length();
        int close = indexOfIgnoreCase(reply, TAG_CLOSE, start);
        return close < 0 ? null : reply.substring(start, close);
    }

    private static int indexOfIgnoreCase(String text, String part, int from) {
        char first = part.charAt(0); // '<': no case
        for (int i = text.indexOf(first, from); i >= 0; i = text.indexOf(first, i + 1)) {
            if (text.regionMatches(true, i, part, 0, part.length())) {
                return i;
            }
        }
        return -1;
    }

    /** Drops a leading "SQL:" label. */
    private static String withoutLabel(String body) {
        if (!body.regionMatches(true, 0, "sql", 0, 3)) {
            return body;
        }
        int i = skipWhitespace(body, 3);
        if (i >= body.length() || body.charAt(i) != ':') {
            return body;
        }
        return body.substring(skipWhitespace(body, i + 1));
    }

    /**
     * A query inside prose, found in one pass: the first SELECT, WITH or VALUES that is written
     * in upper case and followed by SQL structure; else the first that is followed by SQL
     * structure; else the first written in upper case (the guard then says what is wrong with
     * it); else null. "help with that" is not a WITH query, "select the cars" not a SELECT.
     */
    private static String queryInProse(String body) {
        int n = body.length();
        int best = -1;
        int bestScore = 0;
        for (int i = 0; i < n; i++) {
            String word = proseQueryWordAt(body, i);
            if (word == null) {
                continue;
            }
            int end = i + word.length();
            boolean upper = isUpperCase(body, i, end);
            boolean structured = followedBySql(word, body, end);
            int score = (structured ? 2 : 0) + (upper ? 1 : 0);
            if (score == 3) {
                return cutTrailingProse(body.substring(i));
            }
            if (score > bestScore) {
                best = i;
                bestScore = score;
            }
            i = end - 1;
        }
        return best < 0 ? null : cutTrailingProse(body.substring(best));
    }

    /** The query keyword that starts a word at {@code i} (not after a letter, digit, _ or .), else null. */
    private static String proseQueryWordAt(String text, int i) {
        char c = Character.toLowerCase(text.charAt(i));
        if ((c != 's' && c != 'w' && c != 'v') || (i > 0 && (isAsciiWordChar(text.charAt(i - 1)) || text.charAt(i - 1) == '.'))) {
            return null;
        }
        for (String w : PROSE_QUERY_WORDS) {
            int end = i + w.length();
            if (text.regionMatches(true, i, w, 0, w.length()) && (end == text.length() || !isAsciiWordChar(text.charAt(end)))) {
                return w;
            }
        }
        return null;
    }

    private static boolean isUpperCase(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Character.isUpperCase(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the tokens right after a keyword are SQL: WITH [RECURSIVE] name [(columns)] AS (;
     * VALUES (; SELECT [DISTINCT [ON]|ALL] followed by *, a literal, a parenthesis, or a name that is
     * followed by a comma, dot, call, cast, operator, FROM or AS. Looks at a bounded window only.
     */
    private static boolean followedBySql(String keyword, String text, int from) {
        String window = text.substring(from, Math.min(text.length(), from + LOOK_AHEAD_CHARS));
        return switch (keyword) {
            case "with" -> withStructure(SqlLexer.tokenize(window, LOOK_AHEAD_TOKENS).tokens());
            case "values" -> SqlLexer.tokenize(window, 1).tokens().stream().anyMatch(t -> t.isPunct('('));
            default -> selectStructure(SqlLexer.tokenize(window, 4).tokens()); // [DISTINCT] item follower, or DISTINCT ON
        };
    }

    private static boolean withStructure(List<SqlLexer.Token> t) {
        int i = 0;
        if (i < t.size() && t.get(i).isWord("recursive")) {
            i++;
        }
        if (i >= t.size() || !isName(t.get(i))) {
            return false;
        }
        i++;
        if (i < t.size() && t.get(i).isPunct('(')) { // a column list
            while (i < t.size() && !t.get(i).isPunct(')')) {
                i++;
            }
            i++;
        }
        if (i >= t.size() || !t.get(i).isWord("as")) {
            return false;
        }
        i++;
        if (i < t.size() && t.get(i).isWord("not")) {
            i++;
        }
        if (i < t.size() && t.get(i).isWord("materialized")) {
            i++;
        }
        return i < t.size() && t.get(i).isPunct('(');
    }

    private static boolean selectStructure(List<SqlLexer.Token> t) {
        int i = 0;
        if (i < t.size() && (t.get(i).isWord("distinct") || t.get(i).isWord("all"))) {
            if (i + 1 < t.size() && t.get(i).isWord("distinct") && t.get(i + 1).isWord("on")) {
                return true;
            }
            i++;
        }
        if (i >= t.size()) {
            return false;
        }
        SqlLexer.Token first = t.get(i);
        switch (first.type()) {
            case NUMBER, STRING, PARAM:
                return true;
            case OPERATOR:
                return first.text().equals("*");
            case PUNCT:
                return first.isPunct('(');
            default:
                break;
        }
        if (!isName(first) || i + 1 >= t.size()) {
            return false;
        }
        SqlLexer.Token next = t.get(i + 1);
        return switch (next.type()) {
            case PUNCT -> next.isPunct(',') || next.isPunct('.') || next.isPunct('(') || next.isPunct(';') || next.text().equals("::");
            case OPERATOR -> !next.text().equals("?");
            case WORD -> next.isWord("from") || next.isWord("as");
            default -> false;
        };
    }

    private static boolean isName(SqlLexer.Token t) {
        return t.type() == SqlLexer.Type.WORD || t.type() == SqlLexer.Type.QUOTED_IDENT;
    }

    private static boolean startsWithWord(String text, List<String> words) {
        int i = SqlLexer.skipSpaceAndComments(text, 0);
        for (String w : words) {
            int end = i + w.length();
            if (end < text.length() && text.regionMatches(true, i, w, 0, w.length()) && Character.isWhitespace(text.charAt(end))) {
                return true;
            }
        }
        return false;
    }

    private static boolean startsLikeQuery(String text, int from) {
        int i = SqlLexer.skipSpaceAndComments(text, from);
        for (String w : QUERY_WORDS) {
            int end = i + w.length();
            if (text.regionMatches(true, i, w, 0, w.length())
                    && (w.equals("(") || end == text.length() || !Character.isLetterOrDigit(text.charAt(end)))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Ends the SQL at the earliest of: a semicolon followed by anything but another query (which
     * is kept, so the guard refuses two statements), a period that ends a sentence, and a blank
     * line followed by prose.
     */
    private static String cutTrailingProse(String body) {
        int blankCut = blankLineBeforeProse(body);
        for (SqlLexer.Token t : SqlLexer.tokenize(body).tokens()) {
            if (blankCut >= 0 && t.start() >= blankCut) {
                break;
            }
            if (t.isPunct(';')) {
                int rest = t.end();
                if (skipWhitespace(body, rest) == body.length() || !startsLikeQuery(body, rest)) {
                    return body.substring(0, t.start()).strip();
                }
                return body.strip();
            }
            if ((t.isPunct('.') || t.type() == SqlLexer.Type.NUMBER && t.text().endsWith(".")) && endsSentence(body, t.end())) {
                return body.substring(0, t.end() - 1).strip();
            }
        }
        return blankCut >= 0 ? body.substring(0, blankCut).strip() : body.strip();
    }

    /**
     * Whether a period just before {@code i} ends a sentence: it ends the text, or white space
     * follows, then the end or a capitalised word ("This", "It"). SQL never has a period before white space but in a
     * number ("1. AND"), and its keywords are not capitalised that way.
     */
    private static boolean endsSentence(String text, int i) {
        if (i >= text.length()) {
            return true;
        }
        if (!Character.isWhitespace(text.charAt(i))) {
            return false;
        }
        int next = skipWhitespace(text, i);
        return next == text.length()
                || next + 1 < text.length() && Character.isUpperCase(text.charAt(next)) && Character.isLowerCase(text.charAt(next + 1));
    }

    /**
     * The first blank line after which comes prose: a paragraph starting with a prose word, or a
     * rest that ends with a period and has no parenthesis; -1 when there is none. One pass: the
     * rest is never copied.
     */
    private static int blankLineBeforeProse(String body) {
        int lastParen = body.lastIndexOf('(');
        int lastChar = lastNonWhitespace(body);
        boolean endsWithPeriod = lastChar >= 0 && body.charAt(lastChar) == '.';
        int from = 0;
        while (true) {
            int blank = body.indexOf("\n\n", from);
            if (blank < 0) {
                return -1;
            }
            int next = skipWhitespace(body, blank);
            if (next >= body.length()) {
                return -1;
            }
            if (startsWithProseWord(body, next) || endsWithPeriod && lastParen < next) {
                return blank;
            }
            from = next; // blank lines in the same run of white space have the same rest
        }
    }

    /** Whether the word at {@code i} (up to white space) is one of {@link #PROSE_STARTS}, with an optional : , or . */
    private static boolean startsWithProseWord(String text, int i) {
        int end = i;
        while (end < text.length() && end - i <= LONGEST_PROSE_START && !Character.isWhitespace(text.charAt(end))) {
            end++;
        }
        if (end - i > LONGEST_PROSE_START) {
            return false;
        }
        String word = text.substring(i, end).toLowerCase(Locale.ROOT);
        if (!word.isEmpty() && ":,.".indexOf(word.charAt(word.length() - 1)) >= 0) {
            word = word.substring(0, word.length() - 1);
        }
        return PROSE_STARTS.contains(word);
    }

    private static int skipWhitespace(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int lastNonWhitespace(String text) {
        int i = text.length() - 1;
        while (i >= 0 && Character.isWhitespace(text.charAt(i))) {
            i--;
        }
        return i;
    }

    private static boolean isAsciiWordChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_');
    }
}
