package dev.nlsql.generate;

import dev.langchain4j.model.input.PromptTemplate;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import dev.nlsql.schema.ValueIndex;

/** The prompt templates in {@code dev/nlsql/prompts/}, rendered for one request. */
public final class Prompts {

    private static final PromptTemplate SYSTEM = load("system.txt");
    private static final PromptTemplate QUESTION = load("question.txt");
    private static final PromptTemplate RETRY = load("retry.txt");

    private Prompts() {
    }

    public static String system(GenerationRequest r) {
        return SYSTEM.apply(Map.of("dialect", r.dialect(), "schema", r.schemaText())).text();
    }

    public static String user(GenerationRequest r) {
        String instructions = r.instructions() == null || r.instructions().isBlank() ? "" : "Instructions: " + r.instructions().strip() + "\n";
        String hints = r.values().isEmpty() ? "" : "Values named in the question: "
                + r.values().stream().map(ValueIndex.ValueLink::hint).distinct().collect(Collectors.joining(", ")) + "\n";
        String question = QUESTION.apply(Map.of("instructions", instructions, "hints", hints, "question", r.question())).text();
        if (r.previous().isEmpty()) {
            return question;
        }
        return question + "\n\n" + RETRY.apply(Map.of("attempts", attempts(r.previous()))).text();
    }

    static String attempts(List<GenerationRequest.PreviousAttempt> previous) {
        StringBuilder b = new StringBuilder();
        int n = 1;
        for (GenerationRequest.PreviousAttempt p : previous) {
            b.append("Attempt ").append(n++).append(":\n");
            b.append("SQL: ").append(p.sql() == null ? "(no SQL)" : p.sql().replaceAll("\\s+", " ")).append('\n');
            b.append("Error: ").append(p.error()).append('\n');
            b.append("Fix: ").append(p.feedback()).append('\n');
        }
        return b.toString().strip();
    }

    private static PromptTemplate load(String name) {
        try (InputStream in = Prompts.class.getResourceAsStream("/dev/nlsql/prompts/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing prompt template " + name);
            }
            return PromptTemplate.from(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
