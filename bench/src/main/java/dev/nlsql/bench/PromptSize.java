package dev.nlsql.bench;

import dev.langchain4j.model.openai.OpenAiTokenCountEstimator;
import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.generate.GenerationRequest;
import dev.nlsql.internal.generate.Prompts;
import dev.nlsql.internal.schema.SchemaRenderer;
import dev.nlsql.internal.schema.CatalogReader;
import dev.nlsql.internal.schema.SchemaCatalog;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;

/** How many tokens the first prompt for a question on a schema takes (OpenAI's tokenizer). */
record PromptSize(int tables, int tokens) {

    static PromptSize of(String schema) throws Exception {
        try (Connection c = DriverManager.getConnection(BenchSchemas.target(schema).url())) {
            SchemaCatalog catalog = new CatalogReader(table -> true).read(c);
            if (schema.equals("wide1000")) {
                catalog = new SchemaCatalog(catalog.productName(), catalog.productVersion(), catalog.defaultSchema(),
                        catalog.tables().stream().filter(t -> BenchSchemas.WIDE_SCHEMA.equals(t.schema())).toList());
            }
            GenerationRequest request = new GenerationRequest("show one row of the table", null, "PostgreSQL", catalog,
                    SchemaRenderer.render(catalog, catalog.tables()), List.of(), List.of());
            String prompt = Prompts.system(request) + "\n" + Prompts.user(request);
            return new PromptSize(catalog.tables().size(), new OpenAiTokenCountEstimator("gpt-4o-mini").estimateTokenCountInText(prompt));
        }
    }
}
