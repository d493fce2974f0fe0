package dev.nlsql.engine;

import dev.nlsql.check.GuardPolicy;
import dev.nlsql.check.SqlGuard;
import dev.nlsql.config.NlConfig;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.nlsql.generate.LlmSqlGenerator;
import dev.nlsql.generate.SchemaRenderer;
import dev.nlsql.generate.SqlGenerator;
import dev.nlsql.schema.CatalogCache;
import dev.nlsql.schema.CatalogReader;
import dev.nlsql.schema.SchemaCatalog;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Answers questions for connections that share one configuration: it owns the generator, the
 * metrics, and the guards, and shares the catalog and answer caches of the whole process.
 */
public final class NlEngine {

    private static final CatalogCache CATALOGS = new CatalogCache();
    private static final AnswerCache ANSWERS = new AnswerCache();

    private final NlConfig config;
    private final SqlGenerator generator;
    private final CorrectionMetrics metrics = new CorrectionMetrics();
    private final CatalogReader reader;
    private final Map<String, SqlGuard> guards = new ConcurrentHashMap<>();
    private final Cache<SchemaCatalog, String> schemaTexts = Caffeine.newBuilder().weakKeys().maximumSize(64).build();

    /** @param generator writes the SQL; null when questions cannot be answered on this configuration */
    public NlEngine(NlConfig config, SqlGenerator generator) {
        this.config = config;
        this.generator = generator;
        this.reader = new CatalogReader(new GuardPolicy(config.tables(), config.deniedFunctions(), null));
    }

    /** The engine for a configuration, with the generator its properties name. */
    public static NlEngine forConfig(NlConfig config) {
        SqlGenerator generator = switch (config.llm()) {
            case OPENAI -> LlmSqlGenerator.openAi(config);
            case OFFLINE, NONE -> null;
        };
        return new NlEngine(config, generator);
    }

    /**
     * Answers one question on {@code connection} (the real database's connection).
     * @param databaseKey names the database, so catalogs and answers are shared between connections to it
     * @param maxRows     the row cap for this answer
     */
    public Answer answer(Question question, Connection connection, boolean postgres, String databaseKey, int maxRows)
            throws SQLException {
        return new CorrectionLoop(this, question, connection, postgres, databaseKey, maxRows).run();
    }

    /** Forgets the catalog (and so every cached answer) of a database whose schema changed. */
    public void schemaChanged(String databaseKey) {
        CATALOGS.invalidate(catalogKey(databaseKey));
        guards.remove(databaseKey);
    }

    public CorrectionMetrics metrics() {
        return metrics;
    }

    public NlConfig config() {
        return config;
    }

    SqlGenerator generator() {
        return generator;
    }

    AnswerCache answers() {
        return ANSWERS;
    }

    SchemaCatalog catalog(String databaseKey, Connection connection) throws SQLException {
        return CATALOGS.get(catalogKey(databaseKey), connection, reader);
    }

    /** The schema as the prompt shows it, rendered once per catalog. */
    String schemaText(SchemaCatalog catalog) {
        return schemaTexts.get(catalog, c -> SchemaRenderer.render(c, c.tables()));
    }

    SqlGuard guard(String databaseKey, SchemaCatalog catalog) {
        return guards.computeIfAbsent(databaseKey,
                k -> new SqlGuard(new GuardPolicy(config.tables(), config.deniedFunctions(), catalog.defaultSchema())));
    }

    String noGeneratorMessage() {
        return switch (config.llm()) {
            case NONE -> "Questions are turned off on this connection (nlsql.llm=none); send SQL, or set nlsql.llm=openai";
            default -> "No generator is configured to answer questions: set nlsql.llm.baseUrl to any OpenAI-compatible "
                    + "server (Ollama: http://localhost:11434/v1) or OPENAI_API_KEY for OpenAI";
        };
    }

    /** Catalogs differ by allow-list, so the allow-list is part of their key. */
    private String catalogKey(String databaseKey) {
        return databaseKey + "|" + String.join(",", config.tables());
    }
}
