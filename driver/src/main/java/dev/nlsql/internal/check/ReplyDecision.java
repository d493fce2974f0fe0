package dev.nlsql.internal.check;

import dev.nlsql.sql.StatementKind;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The structured decision a model is asked for on a question's first call (the relevance gate):
 * a JSON object {@code {"answerable": true|false, "reason": "...", "sql": "..."}}, alone or in a
 * code fence, possibly after a line of prose. Anything else is not a decision ({@link #read}
 * returns null) and the reply is read as plain SQL, as before, so a model that ignores the
 * format keeps working.
 *
 * <p>The reply is untrusted and at most {@code nlsql.llm.maxReplyChars} long: the JSON is read
 * with bounded nesting and string length, every failure is "not a decision", and the reason is
 * cut to {@link #MAX_REASON} characters.
 */
public record ReplyDecision(boolean answerable, String reason, String sql, String source) {

    /** A decision that names no source: the SQL is for the connection's own database. */
    public ReplyDecision(boolean answerable, String reason, String sql) {
        this(answerable, reason, sql, null);
    }

    /** Longest source name read from a reply (source names are at most 63 characters). */
    private static final int MAX_SOURCE = 64;

    /** Longest reason kept: it goes into an error message. */
    public static final int MAX_REASON = 300;
    /** How far into the reply (after white space) the object may start: a fence and a short lead-in line at most. */
    private static final int MAX_LEAD = 200;
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(16).maxStringLength(100_000).build())
            .build());

    /** The reason a refusal gives, never blank. */
    public String reasonOrDefault() {
        return reason == null || reason.isBlank() ? "the model found nothing in the schema for it" : reason;
    }

    /** The decision in a reply, else null (plain SQL, prose, garbage, or JSON that is not a decision). */
    public static ReplyDecision read(String reply) {
        if (reply == null) {
            return null;
        }
        String t = reply.strip();
        if (t.isEmpty()) {
            return null;
        }
        int open = t.indexOf('{');
        if (open < 0 || open > MAX_LEAD) {
            return null;
        }
        // the object starts the reply, or a fence (```json), or follows a short lead-in of prose; never inside SQL text
        String lead = t.substring(0, open).strip();
        String lower = lead.toLowerCase(java.util.Locale.ROOT);
        boolean fence = lower.endsWith("```") || lower.endsWith("```json");
        boolean prose = lead.indexOf('\'') < 0 && lead.indexOf('"') < 0 && !lower.contains("```") && !startsLikeSql(lower);
        return lead.isEmpty() || fence || prose ? parse(t.substring(open)) : null;
    }

    /** SQL with a brace outside a string ({fn now()}, an ODBC escape) starts with its statement's keyword. */
    private static boolean startsLikeSql(String lowerLead) {
        int end = 0;
        while (end < lowerLead.length() && Character.isLetter(lowerLead.charAt(end))) {
            end++;
        }
        return StatementKind.ofKeyword(lowerLead.substring(0, end)).startsSqlReply() || lowerLead.startsWith("(");
    }

    private static ReplyDecision parse(String text) {
        JsonNode n;
        try {
            n = JSON.readTree(text); // the first value; what follows it is ignored
        } catch (Exception e) { // malformed, too deep, too long: not a decision
            return null;
        }
        if (n == null || !n.isObject() || !(n.has("answerable") || n.has("sql"))) {
            return null;
        }
        JsonNode a = n.get("answerable");
        boolean answerable = a == null || a.isNull() || !(a.isBoolean() && !a.booleanValue()
                || a.isTextual() && (a.asText().strip().equalsIgnoreCase("false") || a.asText().strip().equalsIgnoreCase("no")));
        JsonNode s = n.get("sql");
        String sql = s != null && s.isTextual() && !s.asText().isBlank() ? s.asText() : null;
        JsonNode r = n.get("reason");
        String reason = r != null && r.isValueNode() && !r.isNull() ? oneLine(r.asText()) : null;
        JsonNode src = n.get("source");
        String source = src != null && src.isTextual() && !src.asText().isBlank() && src.asText().length() <= MAX_SOURCE
                ? src.asText().strip().toLowerCase(java.util.Locale.ROOT) : src == null || src.isNull() ? null : "?";
        return new ReplyDecision(answerable, reason, sql, source);
    }

    private static String oneLine(String s) {
        String one = s.strip().replaceAll("\\s+", " ");
        if (one.length() <= MAX_REASON) {
            return one;
        }
        int end = Character.isHighSurrogate(one.charAt(MAX_REASON - 1)) ? MAX_REASON - 1 : MAX_REASON;
        return one.substring(0, end) + "…";
    }
}
