package dev.nlsql.engine;


import dev.nlsql.NlSqlState;
import dev.nlsql.internal.check.FunctionPolicy;
import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.check.PgFunctions;
import dev.nlsql.sql.SqlDialect;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.config.NlConfig;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.nlsql.internal.schema.SchemaRenderer;
import dev.nlsql.internal.generate.SqlGenerator;
import dev.nlsql.internal.schema.CatalogCache;
import dev.nlsql.internal.schema.CatalogReader;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import dev.nlsql.internal.schema.SchemaLinker;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex;
import dev.nlsql.internal.execute.SessionRules;
import dev.nlsql.internal.knowledge.Knowledge;
import dev.nlsql.internal.knowledge.KnowledgeSource;
import dev.nlsql.internal.knowledge.SimilarQuestions;
import dev.nlsql.internal.knowledge.VerifiedQuestion;
import dev.nlsql.internal.schema.ValueLookup;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a question's {@link CorrectionLoop} asks of its engine: the configuration and generator, the catalogs, guards, value
 * links, prompt schema texts and knowledge of the databases, and the process-wide caches behind them. Package-private and
 * apart from {@link NlEngine}, the public face that starts loops, so that the loop does not depend on the class that makes it.
 */
final class EngineServices {

    private static final org.slf4j.Logger LOG = dev.nlsql.internal.log.Logs.get(EngineServices.class);
    private static final CatalogCache CATALOGS = new CatalogCache();
    private static final AnswerCache ANSWERS = new AnswerCache();
    private static final ValueIndex VALUES = new ValueIndex();
    private static final ValueLookup LOOKUPS = new ValueLookup();
    private static final SchemaLinker LINKER = new SchemaLinker();
    /** Tables whose text columns are sampled for values: all of a small schema, the best-scoring of a large one. */
    static final int VALUE_TABLES = 12;

    private final NlConfig config;
    /** The answer cache's shared tier, one per URL and timeout in the process (no connection until first used), or null. */
    private final SharedAnswers sharedAnswers;
    private final SqlGenerator generator;
    private final CorrectionMetrics metrics = new CorrectionMetrics();
    private final CatalogReader reader;
    /** Catalog readers of the attached sources, each with its own allow-list. */
    private final Map<String, CatalogReader> sourceReaders = new ConcurrentHashMap<>();
    private final Map<String, SqlGuard> guards = new ConcurrentHashMap<>();
    private final Cache<SchemaCatalog, String> schemaTexts = Caffeine.newBuilder().weakKeys().maximumSize(64).build();
    /** The knowledge file (nlsql.knowledge), or null. */
    private final KnowledgeSource knowledge;
    /** The verified pairs of each version of the knowledge file, indexed for "most similar" (keys compared by identity). */
    private final Cache<Knowledge, SimilarQuestions> similar = Caffeine.newBuilder().weakKeys().maximumSize(16).build();

    /** @param generator writes the SQL; null when questions cannot be answered on this configuration */
    EngineServices(NlConfig config, SqlGenerator generator) {
        this.config = config;
        this.generator = generator;
        this.reader = new CatalogReader(new GuardPolicy(config.tables(), config.deniedFunctions(), null)::isTableAllowed);
        this.knowledge = config.knowledge() == null ? null : new KnowledgeSource(config.knowledge());
        this.sharedAnswers = config.cache() && config.cacheShared() != null
                ? SharedAnswers.of(config.cacheShared(), config.cacheSharedTimeoutMillis()) : null;
    }

    /** The verified pairs of {@code knowledge} most like {@code question}, at most {@code k}, for the prompt's examples. */
    List<VerifiedQuestion> similarVerified(Knowledge knowledge, SchemaCatalog catalog, String question, int k) {
        if (knowledge.verified().isEmpty()) {
            return List.of();
        }
        return similar.get(knowledge, kn -> new SimilarQuestions(kn.verified(), catalog)).mostSimilar(question, k);
    }

    /** The knowledge file as checked on this database (read again when it changed), or none. */
    KnowledgeSource.Current knowledge(String databaseKey, SchemaCatalog catalog, SqlGuard guard, Connection connection)
            throws SQLException {
        if (knowledge == null) {
            return new KnowledgeSource.Current(Knowledge.NONE, "", null);
        }
        return knowledge.current(databaseKey, catalog, guard, SessionRules.of(connection, dialect(config, catalog.productName())));
    }

    /** Forgets the catalog (and so every cached answer) of a database whose schema changed. */
    void schemaChanged(String databaseKey) {
        CATALOGS.invalidate(catalogKey(databaseKey));
        for (String source : config.sources().keySet()) {
            CATALOGS.invalidate(catalogKey(databaseKey, source));
            guards.remove(catalogKey(databaseKey, source));
        }
        VALUES.forget(databaseKey);
        guards.remove(databaseKey);
    }

    CorrectionMetrics metrics() {
        return metrics;
    }

    NlConfig config() {
        return config;
    }

    SqlGenerator generator() {
        return generator;
    }

    AnswerCache answers() {
        return ANSWERS;
    }

    /** The shared second tier of the answer cache (nlsql.cache.shared), or null. */
    SharedAnswers sharedAnswers() {
        return sharedAnswers;
    }

    /**
     * Whether any of these tables may show another session of the same user and role other rows (row security, a view): an
     * answer reading one is not cached, since its SQL may carry a value only this session sees.
     */
    boolean sessionScoped(String databaseKey, Connection connection, java.util.Collection<TableInfo> tables) {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(config.queryTimeoutSeconds());
        return tables.stream().anyMatch(t -> VALUES.sessionScoped(databaseKey, connection, t, deadline));
    }

    /** Whether the catalog of {@code databaseKey} is cached, so that reading it costs nothing. */
    boolean catalogCached(String databaseKey) {
        return CATALOGS.contains(catalogKey(databaseKey));
    }

    SchemaCatalog catalog(String databaseKey, Connection connection) throws SQLException {
        return CATALOGS.get(catalogKey(databaseKey), connection, reader);
    }

    /** An attached source's catalog, read with its own allow-list. */
    SchemaCatalog catalog(String databaseKey, Connection connection, String source) throws SQLException {
        CatalogReader r = sourceReaders.computeIfAbsent(source,
                s -> new CatalogReader(new GuardPolicy(config.tables(s), config.deniedFunctions(), null)::isTableAllowed));
        return CATALOGS.get(catalogKey(databaseKey, source), connection, r);
    }

    /** How well a question's words link to a catalog: its best table's score (0 when nothing links). */
    double linkScore(String question, SchemaCatalog catalog, List<ValueIndex.ValueLink> links) {
        Map<TableInfo, Double> scores = LINKER.score(question, catalog, links);
        return scores.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /** The prompt's schema text of one source within a share of the token budget. */
    String promptSchema(String question, SchemaCatalog catalog, List<ValueIndex.ValueLink> links, int budget) {
        if (LINKER.wholeTokens(catalog) <= budget) {
            return schemaText(catalog);
        }
        SchemaLinker.Linked linked = LINKER.linkForPrompt(question, catalog, links, budget);
        return linked.whole() ? schemaText(catalog) : SchemaRenderer.render(catalog, linked.tables());
    }

    static int wholeTokens(SchemaCatalog catalog) {
        return LINKER.wholeTokens(catalog);
    }

    /** The schema as the prompt shows it, rendered once per catalog. */
    String schemaText(SchemaCatalog catalog) {
        return schemaTexts.get(catalog, c -> SchemaRenderer.render(c, c.tables()));
    }

    /**
     * The values the question names: among the sampled values of the text columns of the tables most likely involved,
     * then its quoted or capitalised phrases looked up in the columns too varied to sample. Every read runs as the read
     * role of {@code source} ({@code nlsql.readRole}), so it sees only the rows the answer's own SQL may see.
     */
    List<ValueIndex.ValueLink> valueLinks(String question, SchemaCatalog catalog, Connection connection, boolean postgres,
            String databaseKey, String source) {
        return valueLinks(question, catalog, connection, postgres, databaseKey, source, true);
    }

    /** As above; {@code lookUp} false links sampled values only (no lookups in unsampled columns: no statement beyond sampling). */
    List<ValueIndex.ValueLink> valueLinks(String question, SchemaCatalog catalog, Connection connection, boolean postgres,
            String databaseKey, String source, boolean lookUp) {
        String readRole = config.readRole(source);
        Map<TableInfo, Double> scores = LINKER.score(question, catalog, List.of()); // identity-keyed
        List<TableInfo> candidates = catalog.tables();
        if (candidates.size() > VALUE_TABLES) {
            candidates = catalog.tables().stream().filter(t -> scores.get(t) > 0)
                    .sorted(Comparator.comparingDouble((TableInfo t) -> scores.get(t)).reversed()).limit(VALUE_TABLES).toList();
        }
        // sampling and lookups each share the statement timeout's budget: neither waits longer than the question's own query
        ValueIndex.Sampled sampling = VALUES.sample(question, connection, postgres, readRole, databaseKey, candidates,
                config.queryTimeoutSeconds());
        if (!sampling.complete()) {
            // what a sampling cut short links depends on how fast the database was: the answer must not
            LOG.debug("value sampling did not finish within {} s: no value is linked for this question", config.queryTimeoutSeconds());
            return List.of();
        }
        List<ValueIndex.ValueLink> sampled = sampling.links();
        if (!lookUp) {
            return sampled;
        }
        // the columns this question sampled, not those earlier questions did: a lookup looks in the same columns warm or cold
        List<ValueIndex.ValueLink> found = LOOKUPS.find(question, sampled, catalog, scores, sampling::holds, connection, readRole,
                config.queryTimeoutSeconds());
        if (found.isEmpty()) {
            return sampled;
        }
        List<ValueIndex.ValueLink> all = new java.util.ArrayList<>(sampled);
        all.addAll(found);
        return List.copyOf(all);
    }

    /** The tables most likely involved in a question, best first (for the fallback analysis). */
    List<TableInfo> likelyTables(String question, SchemaCatalog catalog, int limit) {
        Map<TableInfo, Double> scores = LINKER.score(question, catalog, List.of()); // identity-keyed
        return catalog.tables().stream().filter(t -> scores.get(t) != null && scores.get(t) > 0)
                .sorted(Comparator.comparingDouble((TableInfo t) -> scores.get(t)).reversed()).limit(limit).toList();
    }

    /**
     * The real values of a text column closest to a literal, for the wider search (sampling within the statement timeout, as
     * the read role of {@code source}).
     */
    List<String> closestValues(String databaseKey, String source, Connection connection, boolean postgres, TableInfo table,
            ColumnInfo column, String literal) {
        return VALUES.closest(databaseKey, connection, postgres, config.readRole(source), table, column, literal,
                config.queryTimeoutSeconds());
    }

    /** The schema text for this question: whole when it fits the budget, else the linked tables. */
    String promptSchema(String question, SchemaCatalog catalog, List<ValueIndex.ValueLink> links) {
        SchemaLinker.Linked linked = LINKER.linkForPrompt(question, catalog, links);
        return linked.whole() ? schemaText(catalog) : SchemaRenderer.render(catalog, linked.tables());
    }

    /**
     * The guard for generated SQL on this database: its functions read from the database once
     * (PostgreSQL's pg_proc), its relations those of the catalog the model is shown.
     */
    SqlGuard guard(String databaseKey, SchemaCatalog catalog, Connection connection) throws SQLException {
        return guard(databaseKey, catalog, connection, NlConfig.MAIN);
    }

    /** The guard of one source: its dialect, its functions, its allow-list ({@code nlsql.tables} entries for it). */
    SqlGuard guard(String databaseKey, SchemaCatalog catalog, Connection connection, String source) throws SQLException {
        String key = NlConfig.MAIN.equals(source) ? databaseKey : catalogKey(databaseKey, source);
        SqlGuard guard = guards.get(key);
        if (guard == null) {
            SqlDialect dialect = NlConfig.MAIN.equals(source) ? dialect(config, catalog.productName())
                    : sourceDialect(config, catalog.productName());
            Map<String, List<PgFunctions.Entry>> functions = dialect == SqlDialect.POSTGRESQL ? PgFunctions.read(connection) : null;
            FunctionPolicy policy = new FunctionPolicy(FunctionPolicy.Purpose.GENERATED, dialect, functions, config.functions(),
                    config.deniedFunctions());
            guard = new SqlGuard(new GuardPolicy(config.tables(source), policy, FunctionPolicy.Purpose.GENERATED, catalog.defaultSchema()));
            guards.put(key, guard);
        }
        return guard;
    }

    /**
     * The dialect the guard reads a database's SQL with: PostgreSQL and MySQL/MariaDB exactly; any
     * other database only when nlsql.dialect says the operator accepts reading it with standard rules.
     */
    static SqlDialect dialect(NlConfig config, String productName) throws SQLException {
        return switch (config.dialect()) {
            case POSTGRESQL -> SqlDialect.POSTGRESQL;
            case MYSQL -> SqlDialect.MYSQL;
            case UNVERIFIED -> SqlDialect.UNVERIFIED;
            case AUTO -> {
                SqlDialect d = SqlDialect.ofProduct(productName);
                if (d == SqlDialect.UNVERIFIED) {
                    throw NlSqlState.UNSAFE_SQL.exception("nlsql reads SQL exactly as PostgreSQL and MySQL/MariaDB do, but this "
                            + "database is " + productName + ": its lexical rules may differ from the guard's, which is how unsafe "
                            + "SQL gets past a check. Set nlsql.dialect=unverified to accept that risk (read with standard SQL "
                            + "rules), or nlsql.dialect=postgresql or mysql if it speaks one of them exactly");
                }
                yield d;
            }
        };
    }

    /**
     * The dialect an attached source's SQL is read with: its own when it is PostgreSQL or MySQL/MariaDB, whatever
     * nlsql.dialect says (that setting opts the connection's database in; read with another dialect's rules, a
     * source's comments and escapes hide SQL from the guard); {@link #dialect} for any other product.
     */
    static SqlDialect sourceDialect(NlConfig config, String productName) throws SQLException {
        SqlDialect own = SqlDialect.ofProduct(productName);
        return own != SqlDialect.UNVERIFIED ? own : dialect(config, productName);
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

    private String catalogKey(String databaseKey, String source) {
        return databaseKey + "|" + String.join(",", config.tables(source));
    }
}
