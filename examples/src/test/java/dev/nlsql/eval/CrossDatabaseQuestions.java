package dev.nlsql.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The cross-database question set (cross-db/questions.jsonl): defog questions with a gold plan over the split databases. */
public final class CrossDatabaseQuestions {

    /** One question: its defog gold SQL (for the unsplit database) and the plan a right model would send. */
    public record CrossQuestion(String question, String goldSql, JsonNode goldPlan, String db, String instructions, String kind,
            String defog) {

        /** The plan as the model's JSON reply. */
        public String planReply() {
            return goldPlan.toString();
        }
    }

    public static final String RESOURCE = "/cross-db/questions.jsonl";

    private CrossDatabaseQuestions() {
    }

    public static List<CrossQuestion> read() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<CrossQuestion> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                CrossDatabaseQuestions.class.getResourceAsStream(RESOURCE), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n = json.readTree(line);
                out.add(new CrossQuestion(n.get("question").asText(), n.get("gold_sql").asText(), n.get("gold_plan"), n.get("db").asText(),
                        n.path("instructions").asText(""), n.path("kind").asText(), n.path("defog").asText()));
            }
        }
        return out;
    }
}
