package dev.nlsql.check;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Takes the SQL out of what a model wrote: code fences, {@code <sql>} tags, an "SQL:" label,
 * prose before and after, and a final semicolon. Returns null when there is no SQL in it.
 * A second statement is kept (the guard then refuses it with feedback) rather than guessed away.
 */
public final class SqlExtractor {

    /** What a model writes when the question cannot be answered from the schema. */
    public static final String NOT_ANSWERABLE = "NOT_ANSWERABLE";

    private static final Pattern FENCE = Pattern.compile("```[ \\t]*([A-Za-z0-9_-]*)[ \\t]*\\r?\\n?(.*?)```", Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("<sql>(.*?)</sql>", Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
    private static final Pattern QUERY_START = Pattern.compile("(?i)(?<![\\w.])(with|select|values)\\b");
    private static final List<String> QUERY_WORDS = List.of("select", "with", "values", "table", "(");
    /** Statements a model may write that are not queries: kept, so the guard can say why they are refused. */
    private static final List<String> OTHER_STATEMENTS = List.of("insert", "update", "delete", "merge", "drop", "create", "alter",
            "truncate", "grant", "revoke", "copy", "call", "do", "set", "reset", "begin", "commit", "rollback", "lock", "vacuum",
            "explain", "show", "execute", "prepare", "refresh", "comment");

    private SqlExtractor() {
    }

    /** The reason given by a model that said the question is not about this database, else null. */
    public static String notAnswerable(String reply) {
        if (reply == null) {
            return null;
        }
        String t = reply.strip();
        int at = t.toUpperCase(Locale.ROOT).indexOf(NOT_ANSWERABLE);
        if (at < 0 || at > 20) {
            return null;
        }
        String reason = t.substring(at + NOT_ANSWERABLE.length()).replaceFirst("^[:\\s-]+", "").strip();
        return reason.isEmpty() ? "the model found nothing in the schema for it" : reason;
    }

    public static String extract(String reply) {
        if (reply == null || reply.isBlank()) {
            return null;
        }
        String body = fenced(reply);
        if (body == null) {
            Matcher tag = TAG.matcher(reply);
            body = tag.find() ? tag.group(1) : reply;
        }
        body = body.strip().replaceFirst("(?i)^sql\\s*:\\s*", "");
        if (startsLikeQuery(body) || startsWithWord(body, OTHER_STATEMENTS)) {
            return cutTrailingProse(body);
        }
        return queryInProse(body);
    }

    /**
     * A query inside prose: the first candidate that parses, else the first one whose keyword
     * is written as SQL usually is (upper case); "help with that" is not a WITH query.
     */
    private static String queryInProse(String body) {
        Matcher m = QUERY_START.matcher(body);
        String shouted = null;
        while (m.find()) {
            String candidate = cutTrailingProse(body.substring(m.start()));
            if (SqlParsing.parsesAsKnownStatement(candidate)) {
                return candidate;
            }
            if (shouted == null && m.group(1).equals(m.group(1).toUpperCase(Locale.ROOT))) {
                shouted = candidate;
            }
        }
        return shouted;
    }

    private static boolean startsWithWord(String text, List<String> words) {
        String lower = text.substring(SqlLexer.skipSpaceAndComments(text, 0)).toLowerCase(Locale.ROOT);
        for (String w : words) {
            if (lower.startsWith(w) && lower.length() > w.length() && Character.isWhitespace(lower.charAt(w.length()))) {
                return true;
            }
        }
        return false;
    }

    private static String fenced(String reply) {
        Matcher m = FENCE.matcher(reply);
        String first = null;
        while (m.find()) {
            String content = m.group(2).strip();
            if (first == null) {
                first = content;
            }
            if (startsLikeQuery(content)) {
                return content;
            }
        }
        return first;
    }

    private static boolean startsLikeQuery(String text) {
        int i = SqlLexer.skipSpaceAndComments(text, 0);
        String lower = text.substring(i).toLowerCase(Locale.ROOT);
        for (String w : QUERY_WORDS) {
            if (lower.startsWith(w) && (w.equals("(") || lower.length() == w.length()
                    || !Character.isLetterOrDigit(lower.charAt(w.length())))) {
                return true;
            }
        }
        return false;
    }

    /** Ends the SQL at a semicolon followed by prose, or at a blank line followed by prose. */
    private static String cutTrailingProse(String body) {
        List<SqlLexer.Token> tokens = SqlLexer.tokenize(body).tokens();
        for (SqlLexer.Token t : tokens) {
            if (t.isPunct(';')) {
                String rest = body.substring(t.end()).strip();
                if (rest.isEmpty() || !startsLikeQuery(rest)) {
                    return body.substring(0, t.start()).strip();
                }
                return body.strip();
            }
        }
        int blank = body.indexOf("\n\n");
        while (blank >= 0) {
            String rest = body.substring(blank).strip();
            if (looksLikeProse(rest)) {
                return body.substring(0, blank).strip();
            }
            blank = body.indexOf("\n\n", blank + 2);
        }
        return body.strip();
    }

    private static boolean looksLikeProse(String text) {
        String first = text.split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
        return first.matches("(this|the|it|here|note|explanation|i|these|we|that)[:,.]?") || text.endsWith(".") && !text.contains("(");
    }
}
