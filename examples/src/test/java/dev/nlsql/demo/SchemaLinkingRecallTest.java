package dev.nlsql.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.model.openai.OpenAiTokenCountEstimator;
import dev.nlsql.internal.generate.GenerationRequest;
import dev.nlsql.internal.generate.Prompts;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.SchemaLinker;
import dev.nlsql.internal.schema.SchemaRenderer;
import dev.nlsql.internal.schema.TableInfo;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** On a 1,000-table schema the linker keeps the needed tables (recall) within a small prompt. */
class SchemaLinkingRecallTest {

    @Test
    void recallOfNeededTablesIsAtLeast95PercentWithPromptsUnder4000Tokens() {
        SchemaCatalog catalog = SyntheticSchema.catalog(1_000);
        assertEquals(1_000, catalog.tables().size());
        List<SyntheticSchema.LinkingQuestion> questions = SyntheticSchema.questions(catalog, 60);
        SchemaLinker linker = new SchemaLinker();
        OpenAiTokenCountEstimator tokenizer = new OpenAiTokenCountEstimator("gpt-4o-mini");
        double recallSum = 0;
        int fullHits = 0;
        int maxTokens = 0;
        long tokenSum = 0;
        long tablesSum = 0;
        for (SyntheticSchema.LinkingQuestion q : questions) {
            SchemaLinker.Linked linked = linker.linkForPrompt(q.text(), catalog, List.of());
            assertFalse(linked.whole(), "a 1,000-table schema is never sent whole");
            Set<String> chosen = new HashSet<>();
            for (TableInfo t : linked.tables()) {
                chosen.add(t.name());
            }
            long found = q.needed().stream().filter(chosen::contains).count();
            recallSum += (double) found / q.needed().size();
            fullHits += found == q.needed().size() ? 1 : 0;
            GenerationRequest request = new GenerationRequest(q.text(), null, "PostgreSQL 15", catalog,
                    SchemaRenderer.render(catalog, linked.tables()), List.of(), List.of());
            int tokens = tokenizer.estimateTokenCountInText(Prompts.system(request) + "\n" + Prompts.user(request));
            maxTokens = Math.max(maxTokens, tokens);
            tokenSum += tokens;
            tablesSum += linked.tables().size();
        }
        double recall = recallSum / questions.size();
        System.out.printf("schema linking on 1000 tables, %d questions: recall %.1f%% (all needed tables in %d), "
                + "mean k %.1f tables, prompt tokens mean %d max %d%n", questions.size(), 100 * recall, fullHits,
                (double) tablesSum / questions.size(), tokenSum / questions.size(), maxTokens);
        assertTrue(questions.size() >= 50);
        assertTrue(recall >= 0.95, "recall " + recall);
        assertTrue(maxTokens < 4_000, "largest prompt " + maxTokens + " tokens");
    }
}
