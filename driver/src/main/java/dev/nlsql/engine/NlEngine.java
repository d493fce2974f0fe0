package dev.nlsql.engine;

import dev.nlsql.internal.SqlState;
import dev.nlsql.internal.sql.ValueFreeSql;

import dev.nlsql.NlSqlState;
import dev.nlsql.sql.SqlDialect;
import dev.nlsql.config.NlConfig;
import dev.nlsql.internal.generate.LlmSideCalls;
import dev.nlsql.internal.generate.LlmSqlGenerator;
import dev.nlsql.internal.generate.LlmUnavailableException;
import dev.nlsql.internal.generate.OfflineSqlGenerator;
import dev.nlsql.internal.generate.SqlGenerator;
import dev.nlsql.internal.schema.SchemaCatalog;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Answers questions for connections that share one configuration: it owns the generator, the
 * metrics, and the guards, and shares the catalog and answer caches of the whole process.
 * Obtained from {@link NlEngines#forConfig}; whether the database is PostgreSQL is read from its catalog.
 */
public final class NlEngine {

    private final NlConfig config;
    private final SqlGenerator generator;
    private final EngineServices services;

    /** @param generator writes the SQL; null when questions cannot be answered on this configuration */
    NlEngine(NlConfig config, SqlGenerator generator) {
        this.config = config;
        this.generator = generator;
        this.services = new EngineServices(config, generator);
    }

    /**
     * Reads what questions on a connection need before the first one is asked: the knowledge file ({@code nlsql.knowledge}),
     * every SQL in it checked against the database's catalog with the guard; a broken entry fails with 22023 naming it.
     */
    public void prepare(Connection connection, String databaseKey) throws SQLException {
        if (config.knowledge() != null) {
            SchemaCatalog catalog = services.catalog(databaseKey, connection);
            services.knowledge(databaseKey, catalog, services.guard(databaseKey, catalog, connection), connection);
        }
    }

    /** A new engine for a configuration, with the generator its properties name (shared through {@link NlEngines}). */
    static NlEngine forConfig(NlConfig config) {
        SqlGenerator generator = switch (config.llm()) {
            case OPENAI -> LlmSqlGenerator.openAi(config);
            case OFFLINE -> new OfflineSqlGenerator();
            case NONE -> null;
        };
        return new NlEngine(config, generator);
    }

    /**
     * Answers one question on {@code connection} (the real database's connection).
     * @param databaseKey names the database, so catalogs and answers are shared between connections to it
     * @param maxRows     the row cap for this answer
     */
    public Answer answer(Question question, Connection connection, String databaseKey, int maxRows)
            throws SQLException {
        return new CorrectionLoop(services, question, connection, databaseKey, maxRows).run();
    }

    /** Answers one question that may also read the attached sources ({@code nlsql.source.<name>}). */
    public Answer answer(Question question, Connection connection, String databaseKey, int maxRows,
            List<Database> attached) throws SQLException {
        return new CorrectionLoop(services, question, connection, databaseKey, maxRows, attached).run();
    }

    /**
     * Answers one question of a conversation: a follow-up ("and in 2023?") is first read as a standalone question
     * against the conversation's previous one (unless nlsql.followUps=false); the trace keeps both, and the
     * conversation remembers the answered question for the next follow-up.
     */
    public Answer answer(Question question, Conversation conversation, Connection connection, String databaseKey,
            int maxRows) throws SQLException {
        return answer(question, conversation, connection, databaseKey, maxRows, List.of());
    }

    /** A question of a conversation that may also read the attached sources. */
    public Answer answer(Question question, Conversation conversation, Connection connection, String databaseKey,
            int maxRows, List<Database> attached) throws SQLException {
        if (conversation == null || !config.followUps()) {
            return answer(question, connection, databaseKey, maxRows, attached);
        }
        Conversation.Turn previous = conversation.previous();
        FollowUps.Resolved resolved = null;
        LlmSideCalls.Reply rewrite = null;
        Question standalone = question;
        if (previous != null && FollowUps.isFollowUp(question.text(), catalog(databaseKey, connection))) {
            LlmSideCalls calls = sideCalls();
            if (calls != null) {
                try {
                    // the previous answer's SQL may hold real values (a wider search): not with sendValues=false
                    String previousSql = config.llmSendValues() ? previous.sql() : ValueFreeSql.of(previous.sql());
                    rewrite = calls.standalone(previous.question(), previousSql, question.text());
                } catch (LlmUnavailableException e) {
                    throw e.cancelled() ? SqlState.QUERY_CANCELED.exception(e)
                            : NlSqlState.LLM_UNAVAILABLE.exception(e.getMessage(), e);
                }
            }
            String text;
            if (rewrite != null && rewrite.text() != null && rewrite.text().length() <= Question.MAX_LENGTH) {
                text = firstLine(rewrite.text());
            } else {
                resolved = FollowUps.resolve(previous.question(), previous.addedFilter(), question.text(), catalog(databaseKey, connection));
                text = resolved.question();
            }
            standalone = Question.of(text, question.instructions());
        }
        try {
            Answer answer = answer(standalone, connection, databaseKey, maxRows, attached);
            noteFollowUp(answer.trace(), question, standalone, rewrite);
            conversation.remember(standalone.text(), answer.trace().finalSql(), resolved == null ? null : resolved.addedFilter());
            return answer;
        } catch (TraceException e) {
            noteFollowUp(e.trace(), question, standalone, rewrite);
            throw e;
        }
    }

    private static void noteFollowUp(Trace trace, Question asked, Question standalone, LlmSideCalls.Reply rewrite) {
        if (rewrite != null) {
            trace.sideCall(1, rewrite.inputTokens(), rewrite.outputTokens());
        }
        if (standalone != asked) {
            trace.followUp(asked.text(), standalone.text());
        }
    }

    private static String firstLine(String text) {
        String t = text.strip();
        int nl = t.indexOf('\n');
        t = nl < 0 ? t : t.substring(0, nl).strip();
        if (t.length() > 1 && (t.startsWith("\"") && t.endsWith("\"") || t.startsWith("'") && t.endsWith("'"))) {
            t = t.substring(1, t.length() - 1).strip();
        }
        return t;
    }

    /**
     * The answer in words, with a confidence and why: one model call given the question, the SQL and at most a bounded
     * sample of the rows ({@code rows}, of {@code rowCount} in all); offline, or when nlsql.llm.sendValues=false keeps
     * row values from the model, an English template. The model's call is counted in the trace.
     * @param truncated the rows hit the row cap
     */
    public Narration narrate(Trace trace, List<String> columns, List<List<Object>> rows, long rowCount, boolean truncated)
            throws SQLException {
        try {
            return Narrator.narrate(trace, columns, rows, rowCount, truncated, sideCalls(), config.llmSendValues());
        } catch (LlmUnavailableException e) {
            throw SqlState.QUERY_CANCELED.exception(e);
        }
    }

    /**
     * How far an answer can be trusted, as {@code NARRATE NL} says it, without its words (no model call): from the trace
     * (repairs, retries, widening, the interpretation's doubts) and its {@code rowCount} rows.
     */
    public Narration.Confidence confidence(Trace trace, long rowCount, boolean truncated) {
        return Narrator.assess(trace, rowCount, truncated, new StringBuilder()).confidence();
    }

    private volatile LlmSideCalls sideCalls;

    /** The model for calls outside the attempts, when questions are answered by one; else null (rules and templates). */
    private LlmSideCalls sideCalls() {
        if (config.llm() != NlConfig.LlmKind.OPENAI || generator == null || !generator.usesLlm()) {
            return null;
        }
        LlmSideCalls c = sideCalls;
        if (c == null) {
            c = LlmSideCalls.openAi(config);
            sideCalls = c;
        }
        return c;
    }

    /** Forgets the catalog (and so every cached answer) of a database whose schema changed. */
    public void schemaChanged(String databaseKey) {
        services.schemaChanged(databaseKey);
    }

    public CorrectionMetrics metrics() {
        return services.metrics();
    }

    public NlConfig config() {
        return config;
    }

    private SchemaCatalog catalog(String databaseKey, Connection connection) throws SQLException {
        return services.catalog(databaseKey, connection);
    }

    /**
     * The dialect the guard reads a database's SQL with: PostgreSQL and MySQL/MariaDB exactly; any
     * other database only when nlsql.dialect says the operator accepts reading it with standard rules.
     */
    public static SqlDialect dialect(NlConfig config, String productName) throws SQLException {
        return EngineServices.dialect(config, productName);
    }

    /**
     * The dialect an attached source's SQL is read with: its own when it is PostgreSQL or MySQL/MariaDB, whatever
     * nlsql.dialect says (that setting opts the connection's database in; read with another dialect's rules, a
     * source's comments and escapes hide SQL from the guard); {@link #dialect} for any other product.
     */
    public static SqlDialect sourceDialect(NlConfig config, String productName) throws SQLException {
        return EngineServices.sourceDialect(config, productName);
    }
}
