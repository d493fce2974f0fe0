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

/** A question file: the defog CSV format, or JSONL lines {question, gold_sql[, db][, category][, instructions]}. */
public final class Dataset {

    /** One question with its gold SQL (possibly several ';'-separated alternatives). */
    public record Question(int index, String db, String category, String text, String goldSql, String instructions) {
    }

    private Dataset() {
    }

    public static List<Question> read(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        List<Question> out = new ArrayList<>();
        if (name.endsWith(".jsonl") || name.endsWith(".json")) {
            ObjectMapper json = new ObjectMapper();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n = json.readTree(line);
                out.add(new Question(out.size() + 1, text(n, "db"), text(n, "category"), text(n, "question"), text(n, "gold_sql"),
                        text(n, "instructions")));
            }
        } else {
            for (Map<String, String> r : Csv.read(file)) {
                out.add(new Question(out.size() + 1, r.get("db_name"), r.get("query_category"), r.get("question"), r.get("query"),
                        r.getOrDefault("instructions", "")));
            }
        }
        for (Question q : out) {
            if (q.text() == null || q.text().isBlank() || q.goldSql() == null || q.goldSql().isBlank()) {
                throw new IOException(file + ": question " + q.index() + " needs both a question and gold SQL");
            }
        }
        return out;
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
