package dev.nlsql.internal.generate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a multi-step plan from a model reply: a JSON object {@code {"steps": [{"purpose": "...",
 * "sql": "..."}, ...]}}, bare or in a code fence. Step k may read the rows of earlier steps as
 * relations {@code step1} ... {@code step(k-1)}. Anything else is not a plan (null), so plain SQL
 * replies keep working; a malformed plan is not a plan either.
 */
public final class PlanReader {

    /** One step: what it is for, the source it runs on (null: main; {@code local}: the embedded engine), and its SQL. */
    public record Step(String purpose, String source, String sql) {

        public Step(String purpose, String sql) {
            this(purpose, null, sql);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A plan reply longer than this is not read (the reply itself is bounded by nlsql.llm.maxReplyChars). */
    private static final int MAX_CHARS = 50_000;

    private PlanReader() {
    }

    /** The plan's steps, or null when the reply is no plan. */
    public static List<Step> read(String reply) {
        if (reply == null || reply.length() > MAX_CHARS) {
            return null;
        }
        String text = reply.strip();
        int open = text.indexOf('{');
        int close = text.lastIndexOf('}');
        if (open < 0 || close < open || !text.substring(open, close + 1).contains("\"steps\"")) {
            return null;
        }
        JsonNode root;
        try {
            root = JSON.readTree(text.substring(open, close + 1));
        } catch (Exception e) {
            return null;
        }
        JsonNode steps = root == null ? null : root.get("steps");
        if (steps == null || !steps.isArray() || steps.isEmpty()) {
            return null;
        }
        List<Step> out = new ArrayList<>();
        for (JsonNode s : steps) {
            JsonNode sql = s.get("sql");
            if (sql == null || !sql.isTextual() || sql.asText().isBlank()) {
                return null;
            }
            JsonNode purpose = s.get("purpose");
            JsonNode source = s.get("source");
            String named = source == null || source.isNull() ? null
                    : source.isTextual() && source.asText().length() <= 64 ? source.asText().strip().toLowerCase(java.util.Locale.ROOT) : "?";
            out.add(new Step(purpose != null && purpose.isTextual() ? purpose.asText() : "", named, sql.asText()));
        }
        return out;
    }
}
