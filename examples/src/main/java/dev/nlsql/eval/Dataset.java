package dev.nlsql.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A question file: the defog CSV format, or JSONL lines {question, gold_sql[, db][, category][, instructions][, gold_url]}.
 * {@code gold_url} (JSONL, or a CSV column of that name) is a plain JDBC URL on which the gold SQL runs instead of the
 * connection's database ({@code {db}} in it takes the question's database): the same data laid out differently, such
 * as the unsplit database of a question asked across several sources.
 * A question marked {@code "answerable": false} (JSONL) or with {@code answerable} {@code no} (CSV column)
 * has no gold SQL: the right outcome is a refusal (NL002, the relevance gate).
 */
public final class Dataset {

    /** One question with its gold SQL (possibly several ';'-separated alternatives). */
    public record Question(int index, String db, String category, String text, String goldSql, String instructions, String goldUrl) {

        /** A question whose gold SQL runs on the database it is asked of. */
        public Question(int index, String db, String category, String text, String goldSql, String instructions) {
            this(index, db, category, text, goldSql, instructions, null);
        }

        /** A question the database cannot answer: no gold SQL, to be refused. */
        public boolean unanswerable() {
            return goldSql == null || goldSql.isBlank();
        }
    }

    private Dataset() {
    }

    public static List<Question> read(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        List<Question> out = new ArrayList<>();
        List<Boolean> marked = new ArrayList<>();
        if (name.endsWith(".jsonl") || name.endsWith(".json")) {
            ObjectMapper json = new ObjectMapper();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n = json.readTree(line);
                boolean unanswerable = n.has("answerable") && !n.get("answerable").asBoolean(true);
                out.add(new Question(out.size() + 1, text(n, "db"), text(n, "category"), text(n, "question"),
                        unanswerable ? null : text(n, "gold_sql"), text(n, "instructions"), text(n, "gold_url")));
                marked.add(unanswerable);
            }
        } else {
            for (Map<String, String> r : Csv.read(file)) {
                String answerable = r.getOrDefault("answerable", "").strip().toLowerCase(java.util.Locale.ROOT);
                boolean unanswerable = answerable.equals("no") || answerable.equals("false");
                out.add(new Question(out.size() + 1, r.get("db_name"), r.get("query_category"), r.get("question"),
                        unanswerable ? null : r.get("query"), r.getOrDefault("instructions", ""), blankToNull(r.get("gold_url"))));
                marked.add(unanswerable);
            }
        }
        for (Question q : out) {
            if (q.text() == null || q.text().isBlank()) {
                throw new IOException(file + ": question " + q.index() + " has no text");
            }
            if (!marked.get(q.index() - 1) && (q.goldSql() == null || q.goldSql().isBlank())) {
                throw new IOException(file + ": question " + q.index() + " needs gold SQL (or \"answerable\": false)");
            }
        }
        return out;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
