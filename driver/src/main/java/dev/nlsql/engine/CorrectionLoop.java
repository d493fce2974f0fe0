package dev.nlsql.engine;

import dev.nlsql.internal.SqlState;

import dev.nlsql.NlSqlState;
import dev.nlsql.internal.check.CatalogCheck;
import dev.nlsql.internal.check.GuardRejection;
import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.check.ReplyDecision;
import dev.nlsql.internal.check.SqlExtractor;
import dev.nlsql.sql.SqlDialect;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.internal.check.TextFilters;
import dev.nlsql.internal.check.WiderSearch;
import dev.nlsql.internal.execute.GuardedRun;
import dev.nlsql.internal.execute.SessionRules;
import dev.nlsql.internal.diagnose.Diagnosis;
import dev.nlsql.ErrorCategory;
import dev.nlsql.internal.diagnose.ErrorClassifier;
import dev.nlsql.internal.diagnose.Feedback;
import dev.nlsql.internal.diagnose.Repairs;
import dev.nlsql.engine.Attempt.Outcome;
import dev.nlsql.engine.Attempt.Source;
import dev.nlsql.internal.execute.QueryRunner;
import dev.nlsql.internal.execute.ReadOnlyTransaction;
import dev.nlsql.internal.generate.ExampleQuestion;
import dev.nlsql.internal.generate.Generation;
import dev.nlsql.internal.generate.GenerationRequest;
import dev.nlsql.internal.knowledge.Knowledge;
import dev.nlsql.internal.knowledge.KnowledgeSource;
import dev.nlsql.internal.knowledge.TouchedTerms;
import dev.nlsql.internal.knowledge.GlossaryTerm;
import dev.nlsql.internal.interpret.Interpretation;
import dev.nlsql.internal.interpret.Interpreter;
import dev.nlsql.internal.interpret.RepairMeaning;
import dev.nlsql.internal.interpret.QuestionContext;
import dev.nlsql.internal.knowledge.VerifiedMatch;
import dev.nlsql.internal.knowledge.VerifiedQuestion;
import dev.nlsql.internal.generate.GenerationRequest.PreviousAttempt;
import dev.nlsql.internal.generate.LlmUnavailableException;
import dev.nlsql.internal.generate.NotUnderstoodException;
import dev.nlsql.internal.generate.PlanReader;
import dev.nlsql.internal.generate.SqlGenerator;
import dev.nlsql.internal.schema.CatalogSummary;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.ValueIndex;
import dev.nlsql.internal.check.FunctionPolicy;
import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.execute.LocalCopy;
import dev.nlsql.internal.execute.ZeroRow;
import dev.nlsql.internal.schema.CatalogReader;
import dev.nlsql.internal.schema.SchemaRenderer;
import dev.nlsql.internal.log.Secrets;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.sql.TableRef;
import dev.nlsql.config.NlConfig;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One question, start to finish, as named steps: read the catalog, try the cache, link the
 * question, then generate, check, execute, diagnose, repair or feed back, and try again while the
 * {@link RetryPolicy} (which makes every go-on decision) says so. Every attempt is
 * recorded in the {@link Trace}.
 */
final class CorrectionLoop {

    /**
     * The result of trying one candidate SQL on {@code db} (null: the local engine); {@code databases}
     * are where the rows came from (the plan's sources for a local join).
     */
    private record Step(Outcome outcome, String sql, GuardedSql guarded, ResultSet rows, Diagnosis diagnosis, boolean zero, Db db,
            List<String> databases) {
        Step(Outcome outcome, String sql, GuardedSql guarded, ResultSet rows, Diagnosis diagnosis, Db db) {
            this(outcome, sql, guarded, rows, diagnosis, false, db, List.of(db == null ? NlConfig.LOCAL : db.name()));
        }

        boolean answered() {
            return outcome == Outcome.OK;
        }

        Step from(List<String> sources) {
            return new Step(outcome, sql, guarded, rows, diagnosis, zero, db, sources);
        }
    }

    /** A database this question may read, as the question sees it: its source, catalog, guard, dialect and linked values. */
    private static final class Db {
        final Database source;
        SchemaCatalog catalog;
        SqlGuard guard;
        SqlDialect dialect;
        List<ValueIndex.ValueLink> values = List.of();
        /** Why an attached source could not be read for this question (08001), or null. */
        SQLException down;

        Db(Database source) {
            this.source = source;
        }

        String name() {
            return source.name();
        }

        boolean isMain() {
            return source.isMain();
        }

        /** The catalog's key: the source's URL and user, as its database reports them. */
        String key() {
            return source.key();
        }
    }

    private static final org.slf4j.Logger LOG = dev.nlsql.internal.log.Logs.get(CorrectionLoop.class);
    private final EngineServices engine;
    private final Question question;
    private final Connection connection;
    private final String databaseKey;
    private final int maxRows;
    private final Trace trace;
    private final RetryPolicy policy;
    /** Every database the question may read: main first, then the attached sources by name. */
    private final Map<String, Db> dbs = new LinkedHashMap<>();
    private final Db main;
    /** Offline, with sources: the one the offline generator answered on (it writes SQL for one database). */
    private Db offlineOn;
    private final long start = System.nanoTime();
    private final List<PreviousAttempt> previous = new ArrayList<>();
    /** The model's replies for this question: a literal it wrote may be shown back to it under sendValues=false. */
    private final List<String> modelReplies = new ArrayList<>();
    private Step emptyAnswer;
    private List<ValueIndex.ValueLink> values;
    /** While a plan step runs: "step k of n: purpose", shown as the attempt's feedback in EXPLAIN NL. */
    private String planStep;
    /** The tables guarded attempts read: what the fallback analysis copies. */
    private final Set<TableRef> readTables = new LinkedHashSet<>();
    private String schemaText;
    /** The fallback analysis's SQL as the model wrote it, for the attempt an OutOfMemoryError or StackOverflowError ends. */
    private String lastLocalSql;
    /** The knowledge file's content for main ({@link Knowledge#NONE} without one). */
    private Knowledge knowledge = Knowledge.NONE;
    /** What identifies the knowledge file's content ("" without one): part of the answer cache's key. */
    private String knowledgeVersion = "";
    /** The main catalog was read from the database for this question, not taken from the cache. */
    private boolean catalogReadForThisQuestion;
    /** The in-process cache's entry this question's answer replays, or null. */
    private AnswerCache.Entry replayed;
    /** The answer is the cache's (either tier): not written back to the shared tier. */
    private boolean answeredFromCache;
    /** The shared cache's key, and the catalog fingerprint it was made with (a catalog read again may change it). */
    private String sharedKey;
    private long sharedKeyFingerprint;
    /** The shared cache's entry for this question as the guard accepted it, so that its attempt does not check it again. */
    private GuardedSql sharedGuarded;
    private String sharedGuardedText;

    CorrectionLoop(EngineServices engine, Question question, Connection connection, String databaseKey, int maxRows) {
        this(engine, question, connection, databaseKey, maxRows, List.of());
    }

    CorrectionLoop(EngineServices engine, Question question, Connection connection, String databaseKey, int maxRows,
            List<Database> attached) {
        this.main = new Db(Database.main(connection, databaseKey));
        dbs.put(NlConfig.MAIN, main);
        for (Database s : attached) {
            dbs.put(s.name(), new Db(s));
        }
        this.engine = engine;
        this.question = question;
        this.connection = connection;
        this.databaseKey = databaseKey;
        this.maxRows = maxRows;
        this.trace = new Trace(question.text());
        trace.database(TraceLog.databaseName(databaseKey == null ? null : databaseKey.split("\\|", 2)[0])); // the key is "URL|user"
        this.policy = new RetryPolicy(engine.config().maxAttempts(), engine.config().widerSearch());
    }

    Answer run() throws SQLException {
        SqlGenerator generator = engine.generator();
        if (generator == null && !engine.config().cache()) {
            throw failure(NlSqlState.NOT_UNDERSTOOD, engine.noGeneratorMessage(), null);
        }
        trace.enter("catalog");
        readCatalog();
        readSources();
        // MySQL runs questions only outside a transaction: say so before the model is asked or values sampled
        new ReadOnlyTransaction(connection, main.dialect).requireNoTransactionInProgress();
        trace.enter("knowledge");
        readKnowledge();
        trace.enter(null);
        Step verified = tryVerified();
        if (verified != null) {
            return answered(verified);
        }
        Step cached = tryCache();
        if (cached != null) {
            return answered(cached);
        }
        if (generator == null) {
            throw failure(NlSqlState.NOT_UNDERSTOOD, engine.noGeneratorMessage(), null);
        }
        linkQuestion();
        while (policy.attemptsLeft()) {
            Generation generation = inStage("generate", () -> generateOrReread(generator));
            if (generation == null) {
                continue; // the catalog was read again: ask again with it
            }
            List<PlanReader.Step> plan = inStage("gate", () -> {
                refuseIfNotAboutTheDatabase(generation);
                return generation.rejected() == null ? PlanReader.read(generation.text()) : null;
            });
            Step step = plan != null ? attemptPlan(plan, generation)
                    : attemptGenerated(generation, generator.usesLlm() ? Source.LLM : Source.OFFLINE);
            if (step == null) {
                break; // the generator repeated itself: another call would too
            }
            step = repairIfFailed(step);
            if (step.outcome() == Outcome.EMPTY) {
                emptyAnswer = step;
            }
            if (step.outcome() == Outcome.EMPTY || step.zero()) {
                Step first = step;
                step = inStage("wider", () -> widenIfEmpty(first));
            }
            RetryPolicy.Next next = policy.after(step.outcome(), step.diagnosis());
            if (next == RetryPolicy.Next.ANSWER) {
                return answered(step);
            }
            if (next == RetryPolicy.Next.GIVE_UP) {
                break;
            }
        }
        if (emptyAnswer != null) {
            return answered(emptyAnswer);
        }
        Answer fallback = policy.attemptsLeft() ? null : inStage("fallback", () -> fallbackAnalysis(generator));
        if (fallback != null) {
            return fallback;
        }
        SQLException down = sourceDown();
        if (down != null) { // the question may have needed the source that is down: say so, not "not understood"
            throw down;
        }
        throw givenUp();
    }

    /** The catalog (cached per database), the guard built on it, and the dialect it names. */
    private void readCatalog() throws SQLException {
        catalogReadForThisQuestion = !engine.catalogCached(databaseKey);
        main.catalog = engine.catalog(databaseKey, connection);
        main.source.product(main.catalog.productName()); // from the cached catalog: a warm question asks the database nothing
        main.guard = engine.guard(databaseKey, main.catalog, connection);
        main.dialect = EngineServices.dialect(engine.config(), main.catalog.productName());
    }

    /**
     * The attached sources' catalogs and guards, each read as its own database (its dialect, its
     * allow-list). A source that cannot be reached is left out of the prompt and remembered: a
     * question that turns to it fails with 08001 naming it; the others go on without it.
     */
    private void readSources() throws SQLException {
        for (Db db : dbs.values()) {
            if (db.isMain()) {
                continue;
            }
            try {
                Connection c = db.source.connection();
                db.catalog = engine.catalog(db.key(), c, db.name());
                db.dialect = EngineServices.sourceDialect(engine.config(), db.catalog.productName());
                if (engine.config().readRole(db.name()) != null && db.dialect != SqlDialect.POSTGRESQL) {
                    throw new SQLException("nlsql.readRole works on PostgreSQL only; source " + db.name() + " is "
                            + db.catalog.productName() + ": attach it as a user that can only read what questions may read", SqlState.INVALID_PARAMETER_VALUE.code());
                }
                db.guard = engine.guard(db.key(), db.catalog, c, db.name());
            } catch (SQLException e) {
                if (!SqlState.isConnectionException(e.getSQLState())) {
                    throw e; // a source that is there but misconfigured fails every question, as main would
                }
                db.down = SqlState.UNABLE_TO_CONNECT.is(e) && e.getMessage().startsWith("Source ") ? e : db.source.unreachable(e);
                db.catalog = null;
            }
        }
    }

    /** The attached sources whose catalogs were read for this question. */
    private List<Db> reachable() {
        return dbs.values().stream().filter(d -> d.catalog != null).toList();
    }

    private boolean hasSources() {
        return dbs.size() > 1;
    }

    /** The values the question's words name, and the part of the schema the prompt shows. */
    /** The values the question names (sampled, and looked up in unsampled columns), linked once a question. */
    private List<ValueIndex.ValueLink> questionValues() {
        if (values == null) {
            values = engine.valueLinks(question.text(), main.catalog, connection, main.source.postgres(), databaseKey, main.name());
        }
        return values;
    }

    private void linkQuestion() throws SQLException {
        inStage("linking", () -> {
            linkQuestionTimed();
            return null;
        });
    }

    /** Work that throws what a question's stages throw. */
    @FunctionalInterface
    private interface StageWork<T> {
        T run() throws SQLException;
    }

    /** Runs {@code work} with its time going to {@code stage} (its inner stages' time to them), then back to the outer stage. */
    private <T> T inStage(String stage, StageWork<T> work) throws SQLException {
        String outer = trace.enter(stage);
        try {
            return work.run();
        } finally {
            trace.enter(outer);
        }
    }

    private void linkQuestionTimed() throws SQLException {
        questionValues();
        main.values = values;
        noteMisspellings(main);
        if (!hasSources()) {
            schemaText = engine.promptSchema(TouchedTerms.linkingText(question.text(), knowledge.glossary()), main.catalog, values);
            return;
        }
        List<Db> readable = reachable();
        for (Db db : readable) {
            if (!db.isMain()) {
                db.values = engine.valueLinks(question.text(), db.catalog, db.source.connection(), db.source.postgres(), db.key(),
                        db.name());
                noteMisspellings(db);
            }
        }
        schemaText = SourcesPrompt.schema(engine, question.text(), readable.stream()
                .map(d -> new SourcesPrompt.Part(d.name(), d.catalog, d.values)).toList(), engine.config().llmSendValues());
    }

    /** A name of the question read as a value it misses a letter of is said in the trace: 'Metalica' read as 'Metallica' (artists.name). */
    private void noteMisspellings(Db db) {
        for (ValueIndex.ValueLink v : db.values) {
            String note = "'" + v.phrase() + "' read as '" + v.value() + "' (" + SchemaRenderer.columnOf(db.catalog, v.table(), v.column())
                    + (db.isMain() ? "" : " on " + db.name()) + ")";
            if (v.near() && !trace.notes().contains(note)) {
                trace.note(note);
            }
        }
    }

    /** The first attached source that could not be reached for this question, or null. */
    private SQLException firstDown() {
        return dbs.values().stream().map(d -> d.down).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /**
     * The failure of a question not answered while a source is down (08001 naming it), or null when every source was read:
     * words that link to no reachable table may name the down source's, so neither NL005 nor NL002 would be honest.
     */
    private SQLException sourceDown() {
        SQLException down = firstDown();
        return down == null ? null : failure(down.getSQLState(), down.getMessage() + "; the question was not answered from the other sources", down);
    }

    /**
     * Forgets the cached catalog and reads it again (the policy allows it once per question), unless this question
     * read it: then it is as new as a second read would be, and reading it twice would only double the cost.
     */
    private boolean rereadCatalog() throws SQLException {
        if (catalogReadForThisQuestion || !policy.mayRefreshCatalog()) { // a catalog read for this question is current
            return false;
        }
        engine.schemaChanged(databaseKey);
        inStage("catalog", () -> {
            readCatalog();
            return null;
        });
        return true;
    }

    /** The generator's reply; null when it did not understand and the catalog was read again for another try. */
    private Generation generateOrReread(SqlGenerator generator) throws SQLException {
        String product = main.catalog.productName() + " " + main.catalog.productVersion();
        try {
            if (hasSources() && !generator.usesLlm()) {
                return generateOffline(generator);
            }
            if (hasSources()) {
                List<Db> readable = reachable();
                String dialects = readable.stream().map(d -> d.name() + " is " + d.catalog.productName() + " "
                        + d.catalog.productVersion()).collect(java.util.stream.Collectors.joining(", "));
                return generate(generator, new GenerationRequest(question.text(), question.instructions(),
                        "the source it runs on (" + dialects + ")", main.catalog, schemaText, List.of(), List.copyOf(previous),
                        engine.config().llmSendValues(), SourcesPrompt.rules(readable.stream().map(Db::name).toList(),
                                engine.config().sourceRows()), knowledgeForQuestion(), modelReplies));
            }
            return generate(generator, new GenerationRequest(question.text(), question.instructions(), product,
                    main.catalog, schemaText, values, List.copyOf(previous), engine.config().llmSendValues(), null, knowledgeForQuestion(),
                    modelReplies));
        } catch (NotUnderstoodException e) {
            if (!rereadCatalog()) { // the words may name tables newer than the cached catalog
                SQLException down = sourceDown();
                if (down != null) {
                    throw down;
                }
                throw e.notAboutDatabase() ? notAboutTheDatabase(e.getMessage()) : notUnderstood(e);
            }
            values = null; // linked again on the catalog just read
            linkQuestion();
            return null;
        }
    }

    /**
     * Offline, with sources: the rules write SQL for one database, so the question goes to the source its
     * words link to best, as it would on that source alone. When its words link to tables of two sources
     * about as well, it needs both, which only a model's plan (or the knowledge file) can join: NL005.
     */
    private Generation generateOffline(SqlGenerator generator) throws SQLException, NotUnderstoodException {
        List<Db> readable = reachable();
        Map<Db, Double> scores = new LinkedHashMap<>();
        for (Db db : readable) {
            scores.put(db, engine.linkScore(question.text(), db.catalog, db.values));
        }
        List<Db> ranked = readable.stream().sorted(Comparator.comparingDouble((Db d) -> scores.get(d)).reversed()).toList();
        Db best = ranked.get(0);
        offlineOn = best;
        String product = best.catalog.productName() + " " + best.catalog.productVersion();
        String text = engine.promptSchema(question.text(), best.catalog, best.values);
        NotUnderstoodException onBest = null;
        Generation g = null;
        try {
            g = generate(generator, new GenerationRequest(question.text(), question.instructions(), product, best.catalog, text,
                    best.values, List.copyOf(previous), engine.config().llmSendValues(), null,
                    best.isMain() ? knowledgeForQuestion() : Knowledge.NONE, modelReplies)); // the file describes main
        } catch (NotUnderstoodException e) {
            onBest = e;
        }
        Db second = ranked.size() > 1 ? ranked.get(1) : null;
        if (second != null && scores.get(second) > 0 && SourcesPrompt.needsBoth(question.text(), best.catalog, second.catalog)) {
            throw new NotUnderstoodException("it needs tables of two sources (" + best.name() + " and " + second.name()
                    + "), and the offline generator answers from one database at a time; configure an LLM, which can join "
                    + "sources in a plan, or ask about one source", false);
        }
        if (onBest != null) {
            throw onBest;
        }
        return g;
    }

    /** The relevance gate: a generator that judged the question not answerable from this database ends it, before any SQL runs. */
    private void refuseIfNotAboutTheDatabase(Generation generation) throws SQLException {
        String reason = SqlExtractor.notAnswerable(generation.text());
        if (reason != null) {
            SQLException down = sourceDown(); // the model never saw the down source's tables
            throw down != null ? down : notAboutTheDatabase(reason);
        }
    }

    private SQLException notAboutTheDatabase(String reason) {
        String why = reason.replaceAll("[\\p{Cntrl}\\s]+", " ").strip(); // the model's words, on one line, no terminal escapes
        why = why.length() <= ReplyDecision.MAX_REASON ? why : why.substring(0, ReplyDecision.MAX_REASON) + "…";
        return failure(NlSqlState.NOT_ABOUT_DATABASE, "The question is not about " + (hasSources() ? "these databases: " : "this database: ")
                + why + (why.endsWith(".") ? " " : ". ") + holds(), null);
    }

    /** The cached SQL for this question, if it still works; a cached SQL that fails is dropped. */
    /** The knowledge file as checked on main; a newer version that does not check is noted and the last good one used. */
    private void readKnowledge() throws SQLException {
        KnowledgeSource.Current current = engine.knowledge(databaseKey, main.catalog, main.guard, connection);
        knowledge = current.knowledge();
        knowledgeVersion = current.version();
        if (current.problem() != null) {
            trace.note(current.problem());
        }
    }

    /**
     * A question that is a verified one of the knowledge file (equal, or the same but for its literals) runs the
     * verified SQL, guarded like any other, with no model call. Rows, or none, are its answer; an error (the schema
     * changed under it) is one attempt like any other, and the question goes on to the model or the rules.
     */
    private Step tryVerified() throws SQLException {
        if (knowledge.verified().isEmpty() || engine.generator() == null) {
            return null;
        }
        // the question's values as the rest of the loop links them; a verified question's the same way when the question
        // names a value (else samples only): a name among hundreds is in no sample, and a verified "AC/DC" left as two words
        // never lines up with a looked-up "Led Zeppelin", so the adaptation failed and the model was asked
        VerifiedMatch.Match match = inStage("verified", () -> VerifiedMatch.find(question.text(), knowledge.verified(),
                text -> text.equals(question.text()) ? questionValues()
                        : engine.valueLinks(text, main.catalog, connection, main.source.postgres(), databaseKey, main.name(),
                                !questionValues().isEmpty()),
                SessionRules.of(connection, main.dialect)));
        if (match == null || !policy.isNew(match.sql())) {
            return null;
        }
        Step step = attempt(match.sql(), Source.VERIFIED, 0, 0, 0, main, maxRows);
        if (step.answered() || step.outcome() == Outcome.EMPTY) {
            trace.note(match.adapted() ? "adapted from the verified question \"" + match.verified().question() + "\" ("
                    + String.join(", ", match.changes()) + ")" : "verified question" + verifiedBy(match.verified()));
            return step;
        }
        return null;
    }

    private static String verifiedBy(VerifiedQuestion v) {
        return (v.by() == null ? "" : " (by " + v.by() + (v.at() == null ? "" : ", " + v.at()) + ")");
    }

    /**
     * What the generator is told of the knowledge file for this question: every instruction, the glossary terms it uses,
     * and the verified pairs most like it as examples.
     */
    private Knowledge knowledgeForQuestion() {
        return new Knowledge(knowledge.instructions(), TouchedTerms.of(question.text(), knowledge.glossary()),
                engine.similarVerified(knowledge, main.catalog, question.text(), VERIFIED_EXAMPLES));
    }

    /** Verified pairs shown to the model as examples. */
    static final int VERIFIED_EXAMPLES = 3;

    /**
     * What besides the question an answer depends on, for the answer cache's key: the question's instructions and the
     * knowledge file's version (an answer found with a glossary is no answer without it, nor with another version).
     */
    private String cacheInstructions() {
        String instructions = question.instructions() == null ? "" : question.instructions();
        return knowledgeVersion.isEmpty() ? question.instructions() : instructions + "\u0000knowledge " + knowledgeVersion;
    }

    /**
     * The database as the in-process answer cache keys it: the login user's database and every source's read role. The cache
     * is shared by all connections in the process, and SQL written under one role (or none) may name rows another role
     * cannot see (a name found by lookup), so it is replayed only to connections reading as the same roles.
     */
    private String answerDatabase() {
        return databaseKey + "\u0000roles " + engine.config().readRolesKey();
    }

    /** Notes of this run's shared cache, not of how its answer was found: not kept with the answer in the cache. */
    private static final String SHARED_CACHE_NOTE = "answer from the shared cache ";
    private static final String SHARED_FAILED_NOTE = "the shared cache's SQL failed here and was deleted from ";

    private Step tryCache() throws SQLException {
        if (!engine.config().cache()) {
            return null;
        }
        AnswerCache.Entry entry = inStage("cache", () -> engine.answers().get(answerDatabase(), main.catalog.fingerprint(), question.text(),
                cacheInstructions()));
        String sql = entry == null ? null : entry.sql();
        SharedAnswers shared = engine.sharedAnswers();
        boolean fromShared = false;
        if (sql == null && shared != null) {
            sql = inStage("cache", () -> sharedEntry(shared)); // the shared tier's round trip counts as the cache's time
            fromShared = sql != null;
        }
        if (sql == null) {
            return null;
        }
        Step step = attempt(sql, Source.CACHE, 0, 0, 0, main, maxRows);
        if (step.answered() || step.outcome() == Outcome.EMPTY) {
            if (fromShared) {
                trace.note(SHARED_CACHE_NOTE + shared.shown());
            }
            if (entry != null) {
                trace.replays(entry); // as sure as the answer it replays, with its notes (a name read despite a typo)
                replayed = entry;
            }
            answeredFromCache = true;
            return step;
        }
        engine.answers().drop(answerDatabase(), main.catalog.fingerprint(), question.text(), cacheInstructions());
        if (fromShared) {
            trace.note(SHARED_FAILED_NOTE + shared.shown());
            shared.delete(sharedKey());
        }
        return null;
    }

    /**
     * The shared cache's SQL for this question, if the guard accepts it: the store is another input, so what it holds is
     * checked before it is run or counted as an attempt. A refused entry is deleted (every instance would refuse it again)
     * and the question goes on as a miss.
     */
    private String sharedEntry(SharedAnswers shared) throws SQLException {
        String key = sharedKey();
        String sql = shared.get(key);
        if (sql == null) {
            return null;
        }
        try {
            sharedGuarded = main.guard.check(sql, SessionRules.of(connection, main.dialect));
            sharedGuardedText = sql;
            return sql;
        } catch (GuardRejection e) {
            shared.refused(key, e.getMessage());
            return null;
        }
    }

    /** The shared cache's key: the in-process key's parts, with the database named without credentials, and the settings. */
    private String sharedKey() {
        long fingerprint = main.catalog.fingerprint();
        if (sharedKey != null && sharedKeyFingerprint == fingerprint) {
            return sharedKey;
        }
        String[] urlAndUser = databaseKey == null ? new String[] {"-", "-"} : databaseKey.split("\\|", 2);
        NlConfig c = engine.config();
        sharedKey = SharedAnswers.key(TraceLog.databaseName(urlAndUser[0]), urlAndUser.length > 1 ? urlAndUser[1] : "",
                Long.toString(fingerprint), AnswerCache.normalised(question.text()),
                String.valueOf(cacheInstructions()), String.join(",", c.tables()), c.readRolesKey(), c.llm().name(),
                String.valueOf(c.llmModel()), main.dialect.name(), String.join(",", c.functions()), String.join(",", c.deniedFunctions()),
                String.join(",", c.sources().keySet()));
        sharedKeyFingerprint = fingerprint;
        return sharedKey;
    }

    /** Keeps a model's reply (never the offline rules', which may use sampled values) as text it may be shown again. */
    private void modelWrote(SqlGenerator generator, Generation g) {
        if (generator.usesLlm() && g != null && g.text() != null) {
            modelReplies.add(g.text());
        }
    }

    private Generation generate(SqlGenerator generator, GenerationRequest request) throws SQLException, NotUnderstoodException {
        try {
            Generation g = generator.generate(request);
            trace.llmCalls(generator.usesLlm() ? g.calls() : 0);
            modelWrote(generator, g);
            return g;
        } catch (LlmUnavailableException e) {
            if (e.cancelled()) {
                throw failure(SqlState.QUERY_CANCELED, e); // PostgreSQL's own words
            }
            throw failure(NlSqlState.LLM_UNAVAILABLE, e.getMessage(), e);
        }
    }

    /**
     * NL005: what the offline generator could not read, and an example built from the connected schema
     * (never another database's tables; none without tables). A question worded as one about data that
     * names nothing the database holds also learns what it holds.
     */
    private SQLException notUnderstood(NotUnderstoodException e) {
        SchemaCatalog on = offlineOn != null ? offlineOn.catalog : main.catalog;
        String example = ExampleQuestion.of(on);
        return failure(NlSqlState.NOT_UNDERSTOOD, (e.nothingLinked() ? "The offline generator cannot build this: " + e.getMessage()
                + ". " + holds() + " Rephrase it with their names" : "The offline generator cannot answer this with certainty: "
                + e.getMessage() + ". Rephrase it") + (example == null ? "" : " (e.g. \"" + example + "\")")
                + ", or configure an LLM: set nlsql.llm.baseUrl to any OpenAI-compatible server (Ollama: http://localhost:11434/v1) "
                + "or OPENAI_API_KEY", e);
    }

    /** "This database holds: a, b, ... (N tables)." for the main database and each reachable source. */
    private String holds() {
        return !hasSources() ? CatalogSummary.holds(main.catalog) : reachable().stream()
                .map(d -> CatalogSummary.holds((d.isMain() ? "The main database" : "Source " + d.name()), d.catalog))
                .collect(java.util.stream.Collectors.joining(" "));
    }

    /** Checks and runs a generated reply; null when the generator repeated SQL it already tried. */
    private Step attemptGenerated(Generation generation, Attempt.Source source) throws SQLException {
        String sql = generation.rejected() == null ? SqlExtractor.extract(generation.text()) : null;
        policy.count();
        if (sql == null) {
            // a rejected (too long) reply has no text: only the reason reaches the trace and the next prompt
            String why = generation.rejected() != null ? generation.rejected() : "no SQL in the reply: " + shorten(generation.text());
            Diagnosis d = Diagnosis.of(ErrorCategory.NO_SQL, why);
            record(source, null, Outcome.REJECTED, d, generation.millis(), generation.inputTokens(), generation.outputTokens());
            return new Step(Outcome.REJECTED, null, null, null, d, main);
        }
        Db on = offlineOn != null ? offlineOn : main;
        if (generation.rejected() == null && offlineOn == null) {
            ReplyDecision decision = ReplyDecision.read(generation.text());
            String named = decision == null ? null : decision.source();
            if (named != null) {
                on = dbs.get(named);
                if (on == null) { // local needs steps to join; anything else is a name the model made up
                    Diagnosis d = Diagnosis.of(ErrorCategory.NO_SQL, unknownSource(named, false));
                    record(source, sql, Outcome.REJECTED, d, generation.millis(), generation.inputTokens(), generation.outputTokens(),
                            named);
                    return new Step(Outcome.REJECTED, sql, null, null, d, main);
                }
            }
        }
        if (on.down != null) {
            throw failure(on.down.getSQLState(), on.down.getMessage(), on.down);
        }
        if (!policy.isNew(sql)) {
            if (emptyAnswer != null && RetryPolicy.sameSql(sql, emptyAnswer.sql())) {
                return emptyAnswer; // the model confirms that no rows is the answer
            }
            // the repeat keeps the earlier attempt's category, so a model that insists on unsafe SQL ends with NL003
            ErrorCategory earlier = ErrorCategory.UNKNOWN;
            for (Attempt a : trace.attempts()) {
                if (a.category() != null && RetryPolicy.sameSql(a.sql(), sql)) {
                    earlier = a.category();
                }
            }
            Diagnosis d = Diagnosis.of(earlier, "the generator repeated SQL it already tried");
            record(source, sql, Outcome.REJECTED, d, generation.millis(), generation.inputTokens(), generation.outputTokens(), on.name());
            return null;
        }
        return attempt(sql, source, generation.millis(), generation.inputTokens(), generation.outputTokens(), on, maxRows);
    }

    /** The feedback for a source name that is not attached. */
    private String unknownSource(String named, boolean inPlan) {
        String known = String.join(", ", dbs.keySet());
        if (NlConfig.LOCAL.equals(named)) {
            return "source local joins the rows of earlier plan steps; a single query must run on one of: " + known;
        }
        return "no source is named \"" + shorten(named) + "\"; the sources are " + known + (inPlan ? " and local (a plan's joins)" : "");
    }

    /**
     * The wider search: an empty result whose filters compare text gets the filters broadened (real
     * values closest to the literals, else case-insensitive patterns), as attempts of their own.
     */
    private Step widenIfEmpty(Step first) throws SQLException {
        Step last = first;
        Db on = first.db();
        while (on != null && (last.outcome() == Outcome.EMPTY || last.zero()) && last.guarded() != null
                && policy.mayWiden(TextFilters.present(last.guarded()))) {
            Connection c = on.source.connection();
            WiderSearch.Widened widened = WiderSearch.widen(last.guarded(), on.catalog,
                    (table, column, literal) -> engine.closestValues(on.key(), on.name(), c, on.source.postgres(), table, column, literal),
                    first.zero()); // a count of 0 is widened only to the same value spelled otherwise
            if (widened == null || !policy.isNew(widened.sql())) {
                break;
            }
            Step wider = attempt(widened.sql(), Source.WIDER, 0, 0, 0, on, maxRows);
            if (wider.answered() && !wider.zero()) {
                closeQuietly(first.rows());
                closeIfNot(last, first);
                trace.note("the filter was widened: " + String.join(", ", widened.changes()));
                return wider;
            }
            closeIfNot(last, first);
            last = wider;
            if (wider.outcome() != Outcome.EMPTY && !wider.zero()) {
                break; // the broadened SQL failed
            }
        }
        closeIfNot(last, first);
        return first; // nothing better found: the first answer (no rows, or a count of 0) stands
    }

    private static void closeIfNot(Step step, Step kept) {
        if (step != kept) {
            closeQuietly(step.rows());
        }
    }

    /**
     * The fallback analysis, once, when the attempts are spent: simple guarded SQL fetches the tables
     * the attempts read (at most nlsql.fallbackRows rows each, at most three tables) into an embedded
     * H2, and the generator answers there, in H2's SQL, guarded again, as a user that may only read
     * the copies. Null when it is off, H2 is missing, or it fails too: the question then fails as it
     * would have.
     */
    private Answer fallbackAnalysis(SqlGenerator generator) throws SQLException {
        int rows = engine.config().fallbackRows();
        boolean ran = trace.attempts().stream().anyMatch(a -> a.outcome() == Outcome.ERROR);
        boolean unsafe = trace.attempts().stream().anyMatch(a -> a.category() == ErrorCategory.UNSAFE);
        // the fallback copies main's tables: a question the model took to other sources is not answered from main alone
        boolean elsewhere = trace.attempts().stream().anyMatch(a -> !NlConfig.MAIN.equals(a.database()));
        // only after SQL that ran and failed: a model that wrote unsafe SQL gets no copy of the data to work on
        if (rows == 0 || !ran || unsafe || elsewhere || !LocalCopy.available() || !policy.mayFallBack()) {
            return null;
        }
        List<TableInfo> tables = new ArrayList<>();
        for (TableRef ref : readTables) {
            TableInfo t = main.catalog.resolve(ref.schema(), ref.name());
            if (t != null && !tables.contains(t)) {
                tables.add(t);
            }
        }
        if (tables.isEmpty()) {
            tables.addAll(engine.likelyTables(question.text(), main.catalog, FALLBACK_TABLES));
        }
        if (tables.isEmpty()) {
            return null;
        }
        LocalCopy copy = null;
        try {
            copy = LocalCopy.create(rows * FALLBACK_TABLES, engine.config().maxResultBytes());
            return analyseLocally(generator, copy, tables, rows);
        } catch (TraceException e) {
            throw e; // cancelled, or the local engine ran out of memory or stack
        } catch (SQLException | RuntimeException e) {
            return null;
        } catch (OutOfMemoryError | StackOverflowError e) {
            // the last wall: whatever got past the guard and the watchdog fails this question, never the host
            boolean memory = e instanceof OutOfMemoryError;
            String why = memory ? "The local analysis ran out of memory (" + e.getMessage() + ")"
                    : "The local analysis nested deeper than the thread's stack";
            String state = (memory ? SqlState.PROGRAM_LIMIT_EXCEEDED : SqlState.STATEMENT_TOO_COMPLEX).code();
            record(Source.FALLBACK, lastLocalSql, Outcome.ERROR, Diagnosis.of(ErrorCategory.RESOURCE, state + ": " + why), 0, 0, 0,
                    NlConfig.LOCAL);
            throw failure(state, why + "; it was stopped and its copy dropped. Ask for less, or set nlsql.fallbackRows=0", null);
        } finally {
            if (copy != null) { // the answer was read into memory: the copy is never needed after this
                copy.close();
            }
        }
    }

    /** The fallback analysis once the copy exists: fetch, ask, guard, run bounded; null when any of it fails. */
    private Answer analyseLocally(SqlGenerator generator, LocalCopy copy, List<TableInfo> tables, int rows) throws SQLException {
        List<String> truncated = new ArrayList<>();
        for (TableInfo t : tables.subList(0, Math.min(FALLBACK_TABLES, tables.size()))) {
            if (fetchInto(copy, t, rows, truncated) == null) {
                return null;
            }
        }
        SchemaCatalog local = new CatalogReader(ref -> true).read(copy.reader());
        Generation g;
        try {
            g = generator.generate(new GenerationRequest(question.text(), question.instructions(),
                    "H2 2 (a local copy of the tables, at most " + rows + " rows each; PostgreSQL-compatible mode)", local,
                    SchemaRenderer.render(local, local.tables()), List.of(), List.copyOf(previous), engine.config().llmSendValues(),
                    null, Knowledge.NONE, modelReplies));
            trace.llmCalls(generator.usesLlm() ? g.calls() : 0);
            modelWrote(generator, g);
        } catch (LlmUnavailableException e) {
            if (e.cancelled()) {
                throw failure(SqlState.QUERY_CANCELED, e);
            }
            return null; // the model is gone: the attempts' own failure is the answer
        } catch (NotUnderstoodException e) {
            return null;
        }
        String sql = g.rejected() == null ? SqlExtractor.extract(g.text()) : null;
        long t0 = System.nanoTime();
        if (sql == null) {
            record(Source.FALLBACK, null, Outcome.REJECTED, Diagnosis.of(ErrorCategory.NO_SQL, "no SQL in the reply"), g.millis(),
                    g.inputTokens(), g.outputTokens(), NlConfig.LOCAL);
            return null;
        }
        lastLocalSql = sql;
        GuardedSql guarded;
        try {
            guarded = localGuard(copy).check(sql);
        } catch (GuardRejection e) {
            record(Source.FALLBACK, sql, Outcome.REJECTED, Diagnosis.of(ErrorCategory.UNSAFE, e.getMessage()),
                    g.millis() + millisSince(t0), g.inputTokens(), g.outputTokens(), NlConfig.LOCAL);
            return null;
        }
        LocalRun run = runLocally(copy, guarded, Source.FALLBACK, g.millis(), t0, g.inputTokens(), g.outputTokens(), "copy");
        if (run.rows() == null) {
            return null;
        }
        ResultSet answer = run.rows();
        record(Source.FALLBACK, guarded.sql(), Outcome.OK, null, g.millis() + millisSince(t0), g.inputTokens(), g.outputTokens(), NlConfig.LOCAL);
        trace.note("answered by the fallback analysis on a local copy of " + copy.tables()
                + (truncated.isEmpty() ? "" : "; only the first " + rows + " rows of " + truncated + " were copied (nlsql.fallbackRows)"));
        interpret(guarded.sql(), guarded.ast(), List.of(NlConfig.LOCAL));
        trace.succeed(guarded.sql(), start);
        engine.metrics().record(trace);
        TraceLog.answered(trace);
        return new Answer(answer, trace); // read into memory: the copy closes now
    }

    /** A statement's run on the local engine: its rows, or how it failed. */
    private record LocalRun(ResultSet rows, Outcome failed, Diagnosis diagnosis) {
    }

    /**
     * Runs guarded SQL on the local engine, bounded (time, work, rows, bytes); a failure is recorded, and one
     * out of bounds (54000, 54001) ends the question: no other try.
     */
    private LocalRun runLocally(LocalCopy copy, GuardedSql guarded, Source source, long generationMillis, long t0, int in, int out,
            String dropped) throws SQLException {
        try {
            return new LocalRun(copy.query(guarded, maxRows, engine.config().queryTimeoutSeconds(), localWorkBytes,
                    engine.config().maxResultBytes()), null, null);
        } catch (SQLException e) {
            boolean notPlain = NlSqlState.UNSAFE_SQL.code().equals(e.getSQLState());
            Outcome failed = notPlain ? Outcome.REJECTED : Outcome.ERROR;
            Diagnosis d = notPlain ? Diagnosis.of(ErrorCategory.UNSAFE, e.getMessage()) : ErrorClassifier.classify(e);
            record(source, guarded.sql(), failed, d, generationMillis + millisSince(t0), in, out, NlConfig.LOCAL);
            if (SqlState.PROGRAM_LIMIT_EXCEEDED.is(e) || SqlState.STATEMENT_TOO_COMPLEX.is(e)) {
                throw failure(e.getSQLState(), e.getMessage() + "; it was stopped and its " + dropped + " dropped", e);
            }
            return new LocalRun(null, failed, d);
        }
    }

    /** The local engine's guard: the copied tables only, functions by allow-list, plain casts (see LocalEngineRules). */
    private static SqlGuard localGuard(LocalCopy copy) {
        FunctionPolicy.Purpose purpose = localAllowListOff ? FunctionPolicy.Purpose.GENERATED : FunctionPolicy.Purpose.LOCAL_ENGINE;
        FunctionPolicy functions = localAllowListOff
                ? new FunctionPolicy(purpose, SqlDialect.UNVERIFIED, null, List.of(), List.of()) : FunctionPolicy.localEngine();
        return new SqlGuard(new GuardPolicy(copy.tables(), functions, purpose, "public"));
    }

    /** Copies one table's first {@code rows} rows with guarded SQL, recorded as a fallback attempt; null if refused or failed. */
    private Step fetchInto(LocalCopy copy, TableInfo t, int rows, List<String> truncated) throws SQLException {
        String sql = "SELECT * FROM " + SchemaRenderer.nameOf(main.catalog, t);
        long t0 = System.nanoTime();
        GuardedSql guarded;
        try {
            guarded = main.guard.check(sql, SessionRules.of(connection, main.dialect));
        } catch (GuardRejection e) {
            record(Source.FALLBACK, sql, Outcome.REJECTED, Diagnosis.of(ErrorCategory.UNSAFE, e.getMessage()), millisSince(t0), 0, 0);
            return null;
        }
        GuardedRun run = new GuardedRun(guarded, engine.config().queryTimeoutSeconds(), engine.config().readRole(),
                (schema, name, exactCase) -> main.guard.policy().resolvedRefusal(schema, name, main.catalog.contains(schema, name), exactCase));
        try (ResultSet rs = QueryRunner.run(connection, run, rows, engine.config().queryTimeoutSeconds(), engine.config().maxResultBytes())) {
            if (copy.load(t.name(), rs) >= rows) {
                truncated.add(t.name());
            }
        } catch (GuardedRun.RelationRefusedException e) {
            record(Source.FALLBACK, guarded.sql(), Outcome.REJECTED, Diagnosis.of(ErrorCategory.UNSAFE, e.getMessage()), millisSince(t0), 0, 0);
            return null;
        } catch (SQLException e) {
            record(Source.FALLBACK, guarded.sql(), Outcome.ERROR, ErrorClassifier.classify(e), millisSince(t0), 0, 0);
            return null;
        }
        record(Source.FALLBACK, guarded.sql(), Outcome.OK, null, millisSince(t0), 0, 0);
        return new Step(Outcome.OK, guarded.sql(), guarded, null, null, main);
    }

    /**
     * A multi-step plan: step k runs on its source as one guarded statement that reads the earlier
     * steps of the same source as CTEs {@code stepK}; a step on {@code local} runs in the embedded
     * engine, where every earlier step's rows are tables {@code step1} ... (moved there, at most
     * nlsql.sourceRows rows each). Each step is an attempt of its own (source plan) and the last
     * step's rows are the answer. At most nlsql.maxSteps steps, within the attempt budget; a failed
     * step ends the plan, and its diagnosis goes back to the model like any failure.
     */
    private Step attemptPlan(List<PlanReader.Step> plan, Generation generation) throws SQLException {
        int maxSteps = engine.config().maxSteps();
        if (plan.size() > maxSteps) {
            policy.count();
            Diagnosis d = Diagnosis.of(ErrorCategory.NO_SQL, "a plan of " + plan.size() + " steps: at most " + maxSteps
                    + " (nlsql.maxSteps); answer with fewer steps or one query");
            record(Source.PLAN, null, Outcome.REJECTED, d, generation.millis(), generation.inputTokens(), generation.outputTokens());
            return new Step(Outcome.REJECTED, null, null, null, d, main);
        }
        for (int k = 0; k < plan.size(); k++) {
            String named = plan.get(k).source() == null ? NlConfig.MAIN : plan.get(k).source();
            if (!dbs.containsKey(named) && !(NlConfig.LOCAL.equals(named) && k > 0)) {
                policy.count();
                String why = NlConfig.LOCAL.equals(named) ? "step 1 runs on source local, but local only joins the rows of earlier steps"
                        : unknownSource(named, true);
                Diagnosis d = Diagnosis.of(ErrorCategory.NO_SQL, "step " + (k + 1) + " of the plan: " + why);
                record(Source.PLAN, plan.get(k).sql(), Outcome.REJECTED, d, generation.millis(), generation.inputTokens(),
                        generation.outputTokens(), named);
                return new Step(Outcome.REJECTED, plan.get(k).sql(), null, null, d, main);
            }
            Db on = dbs.get(named);
            if (on != null && on.down != null) {
                throw failure(on.down.getSQLState(), on.down.getMessage(), on.down);
            }
        }
        // a retried plan may repeat the steps that worked; the plan as a whole must be new
        String whole = plan.stream().map(s -> (s.source() == null ? NlConfig.MAIN : s.source()) + ": " + s.sql())
                .collect(java.util.stream.Collectors.joining("\n"));
        if (!policy.isNew("plan\n" + whole)) {
            policy.count();
            Diagnosis d = Diagnosis.of(ErrorCategory.NO_SQL, "the plan repeats one already tried");
            record(Source.PLAN, null, Outcome.REJECTED, d, generation.millis(), generation.inputTokens(), generation.outputTokens());
            return null; // like a repeated query: another call would repeat it too
        }
        policy.count(); // a plan is one attempt, however many steps it has (nlsql.maxSteps bounds those)
        boolean joinsLocally = plan.stream().anyMatch(s -> NlConfig.LOCAL.equals(s.source()));
        LocalCopy copy = null;
        try {
            if (joinsLocally) {
                if (!LocalCopy.available()) {
                    Diagnosis d = Diagnosis.of(ErrorCategory.NO_SQL, "the plan joins sources locally, but the local engine (H2) is "
                            + "not on the class path; answer from one source");
                    record(Source.PLAN, null, Outcome.REJECTED, d, generation.millis(), generation.inputTokens(), generation.outputTokens());
                    return new Step(Outcome.REJECTED, null, null, null, d, main);
                }
                copy = LocalCopy.create(Math.max(maxRows, engine.config().sourceRows()) + 1, engine.config().maxResultBytes());
            }
            return runPlan(plan, generation, copy);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // the last wall: whatever got past the guard and the watchdog fails this question, never the host
            boolean memory = e instanceof OutOfMemoryError;
            String why = memory ? "The local join ran out of memory (" + e.getMessage() + ")" : "The local join nested deeper than the thread's stack";
            String state = (memory ? SqlState.PROGRAM_LIMIT_EXCEEDED : SqlState.STATEMENT_TOO_COMPLEX).code();
            record(Source.PLAN, lastLocalSql, Outcome.ERROR, Diagnosis.of(ErrorCategory.RESOURCE, state + ": " + why), 0, 0, 0, NlConfig.LOCAL);
            throw failure(state, why + "; it was stopped and its rows dropped. Ask for less, or lower nlsql.sourceRows", null);
        } finally {
            if (copy != null) {
                copy.close(); // a local answer was read into memory
            }
        }
    }

    private Step runPlan(List<PlanReader.Step> plan, Generation generation, LocalCopy copy) throws SQLException {
        List<String> done = new ArrayList<>();
        List<String> doneOn = new ArrayList<>();
        List<String> used = new ArrayList<>();
        Step step = null;
        for (int k = 0; k < plan.size(); k++) {
            String named = plan.get(k).source() == null ? NlConfig.MAIN : plan.get(k).source();
            boolean first = k == 0;
            long ms = first ? generation.millis() : 0;
            int in = first ? generation.inputTokens() : 0;
            int out = first ? generation.outputTokens() : 0;
            planStep = "step " + (k + 1) + " of " + plan.size() + (hasSources() ? " on " + named : "") + ": " + plan.get(k).purpose();
            String own = SqlExtractor.extract(plan.get(k).sql());
            if (NlConfig.LOCAL.equals(named)) {
                step = attemptLocalStep(own, k, copy, ms, in, out);
            } else {
                Db on = dbs.get(named);
                // earlier steps of the same source are its CTEs; the others' rows are only in the local engine
                List<String> sameSource = new ArrayList<>();
                for (int j = 0; j < k; j++) {
                    sameSource.add(named.equals(doneOn.get(j)) ? done.get(j) : null);
                }
                String sql = PlanSteps.compose(sameSource, own, SessionRules.of(on.source.connection(), on.dialect));
                if (sql == null) {
                    Diagnosis d = Diagnosis.of(ErrorCategory.NO_SQL, "step " + (k + 1) + " of the plan has no SQL");
                    record(Source.PLAN, sql, Outcome.REJECTED, d, ms, in, out, named);
                    planStep = null;
                    return new Step(Outcome.REJECTED, sql, null, null, d, on);
                }
                boolean feedsLocal = copy != null && k < plan.size() - 1;
                step = attempt(sql, Source.PLAN, ms, in, out, on, feedsLocal ? engine.config().sourceRows() + 1 : maxRows);
                if (feedsLocal && (step.answered() || step.outcome() == Outcome.EMPTY)) {
                    step = moveToLocal(step, k, named, copy);
                } else if (feedsLocal && step.diagnosis() != null && SqlState.PROGRAM_LIMIT_EXCEEDED.is(step.diagnosis().sqlState())) {
                    step = tooMuchToMove(step, k, named, "more bytes than nlsql.maxResultBytes (" + engine.config().maxResultBytes() + ")");
                }
            }
            planStep = null;
            if (!step.answered() && step.outcome() != Outcome.EMPTY) {
                // an earlier step's rows are never the answer: a repair would run that step alone as one, so it gets none
                return k < plan.size() - 1 ? new Step(step.outcome(), step.sql(), step.guarded(), null, step.diagnosis(), null) : step;
            }
            if (!used.contains(named)) {
                used.add(named);
            }
            if (k < plan.size() - 1 && step.rows() != null) {
                step.rows().close(); // an earlier step's rows live on as a CTE of the next, or in the local engine
            }
            done.add(own);
            doneOn.add(named);
        }
        return step == null ? null : step.from(used.contains(NlConfig.LOCAL) ? used : List.of(step.db() == null ? NlConfig.LOCAL : step.db().name()));
    }

    /**
     * Moves a step's rows into the local engine as table {@code step<k+1>}: at most nlsql.sourceRows rows
     * (and nlsql.maxResultBytes, already bounded by the fetch); more fails the attempt with feedback to
     * aggregate or filter at the source, never a silent cut.
     */
    private Step moveToLocal(Step step, int k, String named, LocalCopy copy) throws SQLException {
        int bound = engine.config().sourceRows();
        int moved;
        try (ResultSet rows = step.rows()) {
            moved = copy.load("step" + (k + 1), rows);
        } catch (LocalCopy.OverBudget e) {
            return tooMuchToMove(step, k, named, "rows that would take the local engine's copies past "
                    + engine.config().maxResultBytes() + " bytes (nlsql.maxResultBytes, counted as they occupy memory)");
        } catch (SQLException e) {
            if (SqlState.QUERY_CANCELED.is(e) || SqlState.isConnectionException(e.getSQLState())) {
                throw e;
            }
            // the rows are in memory: what fails is the local engine taking them (two columns of one name, a value past its bounds);
            // H2's own words may quote a value, so only ours (54000) and its duplicate-name message reach the model
            String why = SqlState.PROGRAM_LIMIT_EXCEEDED.is(e) ? e.getMessage().replace("the fallback analysis", "it")
                    : SqlState.DUPLICATE_COLUMN.is(e) ? e.getMessage().split(";", 2)[0] : "SQLSTATE " + e.getSQLState();
            Diagnosis d = Diagnosis.of(ErrorCategory.TOO_MANY_ROWS, "the rows of step " + (k + 1) + " on source " + named
                    + " cannot move into the local engine (" + Secrets.escapeControls(shorten(why)) + "): give every column a name of "
                    + "its own (names compare in lower case), select only the columns the join and the answer need, and leave out "
                    + "or filter very long values at the source");
            return rejectLast(step, named, d);
        }
        if (moved > bound) {
            return tooMuchToMove(step, k, named, "more than " + bound + " rows (nlsql.sourceRows)");
        }
        return new Step(step.outcome(), step.sql(), step.guarded(), null, step.diagnosis(), step.db());
    }

    /** A step whose rows may not move into the local engine: the attempt fails with feedback to aggregate or filter at the source. */
    private Step tooMuchToMove(Step step, int k, String named, String what) {
        Diagnosis d = Diagnosis.of(ErrorCategory.TOO_MANY_ROWS, "step " + (k + 1) + " on source " + named + " returned " + what
                + ", the most one step may move into the local engine: aggregate or filter "
                + "at the source (GROUP BY, WHERE, only the columns the join needs) so fewer rows move");
        return rejectLast(step, named, d);
    }

    /** Turns the attempt just recorded for a plan step into a rejection with {@code d}, which the model is told. */
    private Step rejectLast(Step step, String named, Diagnosis d) {
        Attempt last = trace.attempts().get(trace.attempts().size() - 1);
        trace.replaceLast(new Attempt(last.number(), last.source(), last.sql(), Outcome.REJECTED, d.category(), d.message(),
                Feedback.forDiagnosis(d, engine.config().queryTimeoutSeconds()), last.millis(), last.inputTokens(),
                last.outputTokens(), last.database()));
        if (!previous.isEmpty() && step.outcome() == Outcome.ERROR) {
            previous.remove(previous.size() - 1); // the error's own entry: this one replaces it
        }
        previous.add(new PreviousAttempt("(on source " + named + ") " + step.sql(), d, engine.config().queryTimeoutSeconds()));
        return new Step(Outcome.REJECTED, step.sql(), step.guarded(), null, d, step.db());
    }

    /**
     * A plan step on the local engine: guarded by the local rules over the moved tables only (step1 ...),
     * run bounded in time, work and bytes; its rows are read into memory, so the copy may close after.
     */
    private Step attemptLocalStep(String sql, int k, LocalCopy copy, long ms, int in, int out) throws SQLException {
        long t0 = System.nanoTime();
        if (sql == null) {
            Diagnosis d = Diagnosis.of(ErrorCategory.NO_SQL, "step " + (k + 1) + " of the plan has no SQL");
            record(Source.PLAN, sql, Outcome.REJECTED, d, ms, in, out, NlConfig.LOCAL);
            return new Step(Outcome.REJECTED, sql, null, null, d, null);
        }
        GuardedSql guarded;
        try {
            guarded = localGuard(copy).check(sql);
        } catch (GuardRejection e) {
            boolean malformed = e.rule() == GuardRejection.Rule.NOT_PARSEABLE || e.rule() == GuardRejection.Rule.EMPTY;
            Diagnosis d = Diagnosis.of(malformed ? ErrorCategory.SYNTAX_ERROR : ErrorCategory.UNSAFE, e.getMessage());
            record(Source.PLAN, sql, Outcome.REJECTED, d, ms + millisSince(t0), in, out, NlConfig.LOCAL);
            return new Step(Outcome.REJECTED, sql, null, null, d, null);
        }
        lastLocalSql = guarded.sql();
        LocalRun run = runLocally(copy, guarded, Source.PLAN, ms, t0, in, out, "rows");
        if (run.rows() == null) {
            return new Step(run.failed(), guarded.sql(), guarded, null, run.diagnosis(), null);
        }
        ResultSet rows = run.rows();
        boolean empty = isEmpty(rows);
        Diagnosis d = empty ? Diagnosis.of(ErrorCategory.EMPTY_RESULT, "no rows") : null;
        record(Source.PLAN, guarded.sql(), empty ? Outcome.EMPTY : Outcome.OK, d, ms + millisSince(t0), in, out, NlConfig.LOCAL);
        return new Step(empty ? Outcome.EMPTY : Outcome.OK, guarded.sql(), guarded, rows, d, null);
    }

    /** Applies repairs that need no LLM to a failed attempt, one attempt each, while they keep finding a fix. */
    private Step repairIfFailed(Step failed) throws SQLException {
        Step step = failed;
        if (step.answered() || step.outcome() == Outcome.EMPTY || !engine.config().repairs()) {
            return step;
        }
        while (step.diagnosis() != null && step.db() != null && step.db().catalog != null && policy.attemptsLeft()) {
            Step failedStep = step;
            Repairs.Repair repair = inStage("diagnose", () -> Repairs.repair(failedStep.guarded() == null ? failedStep.sql()
                    : failedStep.guarded().sql(), failedStep.diagnosis(), failedStep.db().catalog));
            if (repair != null && repair.column() != null
                    && !RepairMeaning.keepsMeaning(question.text(), repair.wrongColumn(), repair.column())) {
                // the one column that fits by name, type and role is not one this question names: the model is told instead
                LOG.debug("not repaired: {} (the question does not name {})", repair.description(), repair.column());
                return step;
            }
            if (repair == null || !policy.isNew(repair.sql())) {
                return step;
            }
            policy.count();
            step = attempt(repair.sql(), Source.REPAIR, 0, 0, 0, step.db(), maxRows);
            if (step.answered() || step.outcome() == Outcome.EMPTY) {
                return step;
            }
        }
        return step;
    }

    /**
     * Guard, catalog check, read-only execution, diagnosis: one attempt on {@code on} (its guard, its
     * catalog, its read-only transaction, role and timeout), at most {@code cap} rows, recorded.
     */
    private Step attempt(String sql, Source source, long generationMillis, int inTokens, int outTokens, Db on, int cap)
            throws SQLException {
        return inStage("guard", () -> attemptTimed(sql, source, generationMillis, inTokens, outTokens, on, cap));
    }

    /** The shared cache's entry as the guard accepted it just before, if this attempt runs that SQL on main; once. */
    private GuardedSql takeSharedGuarded(String sql, Db on) {
        GuardedSql g = sharedGuarded;
        sharedGuarded = null;
        return g != null && on == main && sql.equals(sharedGuardedText) ? g : null;
    }

    private Step attemptTimed(String sql, Source source, long generationMillis, int inTokens, int outTokens, Db on, int cap)
            throws SQLException {
        long t0 = System.nanoTime();
        Connection c = on.source.connection();
        GuardedSql guarded = takeSharedGuarded(sql, on);
        try {
            if (guarded == null) {
                guarded = on.guard.check(sql, SessionRules.of(c, on.dialect));
            }
        } catch (GuardRejection e) {
            boolean malformed = e.rule() == GuardRejection.Rule.NOT_PARSEABLE || e.rule() == GuardRejection.Rule.EMPTY;
            Diagnosis d = Diagnosis.of(malformed ? ErrorCategory.SYNTAX_ERROR : ErrorCategory.UNSAFE, e.getMessage());
            record(source, sql, Outcome.REJECTED, d, generationMillis + millisSince(t0), inTokens, outTokens, on.name());
            return new Step(Outcome.REJECTED, sql, null, null, d, on);
        }
        if (on.isMain()) {
            readTables.addAll(guarded.tables()); // the fallback analysis copies main's tables only
        }
        Diagnosis unknownName = CatalogCheck.check(guarded, on.catalog);
        if (unknownName != null && unknownName.category() == ErrorCategory.TABLE_NOT_FOUND && on.isMain() && rereadCatalog()) {
            unknownName = CatalogCheck.check(guarded, on.catalog); // the table may be newer than the cached catalog
        }
        if (unknownName != null) {
            record(source, guarded.sql(), Outcome.REJECTED, unknownName, generationMillis + millisSince(t0), inTokens, outTokens, on.name());
            return new Step(Outcome.REJECTED, guarded.sql(), guarded, null, unknownName, on);
        }
        trace.enter("execute");
        try {
            SqlGuard g = on.guard;
            SchemaCatalog cat = on.catalog;
            GuardedRun run = new GuardedRun(guarded, engine.config().queryTimeoutSeconds(), engine.config().readRole(on.name()),
                    (schema, name, names) -> g.policy().resolvedRefusal(schema, name, cat.contains(schema, name), names));
            ResultSet rows;
            on.source.running(true);
            try {
                rows = QueryRunner.run(c, run, cap, engine.config().queryTimeoutSeconds(), engine.config().maxResultBytes());
            } finally {
                on.source.running(false);
            }
            boolean empty = isEmpty(rows);
            Outcome outcome = empty ? Outcome.EMPTY : Outcome.OK;
            Diagnosis d = empty ? Diagnosis.of(ErrorCategory.EMPTY_RESULT, "no rows") : null;
            boolean zero = false;
            if (!empty && TextFilters.oneAggregateRow(guarded)) {
                // "how many ... = 'x'" that found 0: as telling as no rows (widened only when it filters text); a 0 over a
                // period is checked against the newest date when answered
                ZeroRow peeked = ZeroRow.peek(rows);
                rows = peeked.rows();
                zero = peeked.zero();
            }
            record(source, guarded.sql(), outcome, d, generationMillis + millisSince(t0), inTokens, outTokens, on.name());
            return new Step(outcome, guarded.sql(), guarded, rows, d, zero, on, List.of(on.name()));
        } catch (GuardedRun.RelationRefusedException e) {
            Diagnosis d = Diagnosis.of(ErrorCategory.UNSAFE, e.getMessage());
            record(source, guarded.sql(), Outcome.REJECTED, d, generationMillis + millisSince(t0), inTokens, outTokens, on.name());
            return new Step(Outcome.REJECTED, guarded.sql(), guarded, null, d, on);
        } catch (SQLException e) {
            trace.enter("diagnose");
            Diagnosis d = CatalogCheck.withCandidates(ErrorClassifier.classify(e), guarded, on.catalog);
            record(source, guarded.sql(), Outcome.ERROR, d, generationMillis + millisSince(t0), inTokens, outTokens, on.name());
            if (d.category() == ErrorCategory.CONNECTION) {
                if (!on.isMain()) { // an attached source went away: this question fails naming it; the next one reconnects
                    SQLException gone = on.source.unreachable(e);
                    throw failure(gone.getSQLState(), gone.getMessage(), gone);
                }
                trace.fail(e.getSQLState(), e.getMessage(), start);
                engine.metrics().record(trace);
                throw e; // the database went away: its own SQLSTATE tells pools to drop the connection
            }
            return new Step(Outcome.ERROR, guarded.sql(), guarded, null, d, on);
        }
    }

    private void record(Source source, String sql, Outcome outcome, Diagnosis d, long millis, int inTokens, int outTokens) {
        record(source, sql, outcome, d, millis, inTokens, outTokens, NlConfig.MAIN);
    }

    private void record(Source source, String sql, Outcome outcome, Diagnosis d, long millis, int inTokens, int outTokens,
            String database) {
        String feedback = d == null ? planStep : Feedback.forDiagnosis(d, engine.config().queryTimeoutSeconds());
        Attempt a = new Attempt(trace.attempts().size() + 1, source, sql, outcome, d == null ? null : d.category(),
                d == null ? null : d.message(), feedback, millis, inTokens, outTokens, database);
        TraceLog.attempt(a, trace.attempts().isEmpty() ? null : trace.attempts().get(trace.attempts().size() - 1).sql(),
                engine.config().maxAttempts());
        trace.add(a);
        if (d != null && outcome != Outcome.OK) {
            // with sendValues=false the prompt hides every literal the model did not write itself, whatever made the attempt
            // across sources the model must know where it ran
            String shown = hasSources() && sql != null ? "(on source " + database + ") " + sql : sql;
            previous.add(new PreviousAttempt(shown, d, engine.config().queryTimeoutSeconds()));
        }
    }

    private Answer answered(Step step) {
        trace.answeredFrom(step.databases());
        interpret(step.sql(), step.guarded() == null ? null : step.guarded().ast(), step.databases());
        String periodDoubt = periodPastData(step);
        trace.succeed(step.sql(), start);
        engine.metrics().record(trace);
        TraceLog.answered(trace);
        // the cache replays SQL on main: an answer from another source or a local join is not replayable there
        if (engine.config().cache() && step.databases().equals(List.of(NlConfig.MAIN)) && !readsSessionScoped(step)) {
            List<String> notes = trace.notes().stream().filter(n -> !n.startsWith(SHARED_CACHE_NOTE) && !n.startsWith(SHARED_FAILED_NOTE))
                    .toList();
            engine.answers().put(answerDatabase(), main.catalog.fingerprint(), question.text(), cacheInstructions(),
                    new AnswerCache.Entry(step.sql(), notes, Narrator.howFound(trace), trace.reading(),
                    // whether the data has reached the period yet is no part of the reading: a replay checks again
                    trace.doubts().stream().filter(d -> !d.equals(periodDoubt)).toList()));
            SharedAnswers shared = engine.sharedAnswers();
            if (shared != null && !answeredFromCache) { // a cached answer is in the store already, or was when read
                shared.put(sharedKey(), step.sql(), engine.config().cacheSharedTtlSeconds());
            }
        }
        return new Answer(step.rows(), trace);
    }

    /**
     * A count of 0 over a period that starts after the newest value of its date column: a doubt, so never "high". Returns
     * the doubt added, or null.
     */
    private String periodPastData(Step step) {
        if (!step.zero() || !step.databases().equals(List.of(NlConfig.MAIN)) || !main.source.postgres() || step.guarded() == null
                || step.guarded().ast() == null) {
            return null;
        }
        try {
            String doubt = PeriodPastData.doubt(step.guarded().ast(), main.catalog, main.source.connection(),
                    engine.config().readRole(NlConfig.MAIN), engine.config().queryTimeoutSeconds());
            if (doubt != null) {
                trace.doubt(doubt);
            }
            return doubt;
        } catch (SQLException e) {
            LOG.debug("the period was not checked against the data: {}", e.getSQLState());
            return null;
        }
    }

    /** Whether the answer reads a table whose rows depend on the session (row security, a view); unknown SQL counts as one. */
    private boolean readsSessionScoped(Step step) {
        if (!main.source.postgres()) {
            return false;
        }
        if (step.guarded() == null || step.guarded().ast() == null) {
            return true;
        }
        // the tables the guard read the statement as reading, folded as the database folds them
        java.util.Set<TableInfo> read = new java.util.LinkedHashSet<>();
        step.guarded().tables().stream().map(t -> main.catalog.resolveAnyCase(t.schema(), t.name())).filter(java.util.Objects::nonNull)
                .forEach(read::add);
        return engine.sessionScoped(databaseKey, connection, read);
    }

    /**
     * The answering SQL read in words, with what of it the question does not account for: on the catalog of the one
     * database it ran on; a local join of several sources is read for its shape only and is never a unique reading.
     */
    private void interpret(String sql, net.sf.jsqlparser.statement.select.Select parsed, List<String> databases) {
        if (replayed != null && replayed.reading() != null && sql.equals(replayed.sql())) {
            trace.interpretation(replayed.reading(), replayed.doubts()); // read when it was answered: the same words, no new links
            return;
        }
        String before = trace.enter("interpret");
        try {
            Db on = databases.size() == 1 ? dbs.get(databases.get(0)) : null;
            boolean verified = !trace.attempts().isEmpty()
                    && trace.attempts().get(trace.attempts().size() - 1).source() == Source.VERIFIED;
            List<ValueIndex.ValueLink> links = on == null ? List.of() : on.isMain() ? questionValues()
                    : on.values != null ? on.values : List.of();
            List<String> notes = new ArrayList<>(trace.notes());
            List<GlossaryTerm> terms = on != null && on.isMain() ? TouchedTerms.of(question.text(), knowledge.glossary()) : List.of();
            for (GlossaryTerm t : terms) {
                notes.add("used the glossary's '" + t.term() + "'" + (t.sql() != null ? " (" + t.sql() + ")" : t.means() != null
                        ? " (" + t.means() + ")" : ""));
            }
            SchemaCatalog catalog = on == null ? null : on.catalog;
            if (catalog == null) {
                trace.interpretation("Combined the rows of " + String.join(", ", databases) + " in a local join: " + sql + ".",
                        List.of("an answer joined across databases is not read word by word"));
                return;
            }
            Interpretation i;
            try {
                QuestionContext context = new QuestionContext(question.text(), question.instructions(), catalog, links, terms, notes,
                        verified);
                // the guard's tree when it checked this SQL: parsing it again would cost as much as the reading
                i = parsed != null ? Interpreter.of(context, parsed) : Interpreter.of(context, sql);
            } catch (RuntimeException e) { // a reader's bug must not lose the answer, nor let it pass as unique
                LOG.warn("the answer's SQL could not be read into words: {}", e.toString());
                i = new Interpretation("Ran " + sql + ".", List.of("the SQL could not be read into words"));
            }
            trace.interpretation(i.reading(), i.doubts());
        } finally {
            trace.enter(before);
        }
    }

    private SQLException givenUp() {
        boolean allUnsafe = !trace.attempts().isEmpty()
                && trace.attempts().stream().allMatch(a -> a.category() == ErrorCategory.UNSAFE);
        NlSqlState state = allUnsafe ? NlSqlState.UNSAFE_SQL : NlSqlState.NO_ATTEMPT_SUCCEEDED;
        String lead = allUnsafe
                ? "Every SQL written for \"" + question.text() + "\" broke the safety policy, so none was run"
                : "Could not answer \"" + question.text() + "\" in " + trace.attempts().size() + " attempt(s) (nlsql.maxAttempts="
                        + engine.config().maxAttempts() + ")";
        return failure(state, lead + ":\n" + TraceLog.attemptLines(trace)
                + "\nTry naming the tables or columns you mean, raise nlsql.maxAttempts, or check nlsql.tables.", null);
    }

    /** Tables the fallback analysis copies at most. */
    private static final int FALLBACK_TABLES = 3;
    /** Bytes the local analysis's statement may allocate (its work, not what it keeps) before the watchdog cancels it. */
    static final long LOCAL_WORK_BYTES = 512L << 20;
    /** Tests only: the walls behind the local guard are proved by turning the allow-list off (and the work budget to 0). */
    static volatile boolean localAllowListOff;
    static volatile long localWorkBytes = LOCAL_WORK_BYTES;
    private SQLException failure(NlSqlState state, String message, Throwable cause) {
        return failure(state.code(), message, cause);
    }

    /** A failure in PostgreSQL's own words for the state (a cancel), which a question gets too. */
    private SQLException failure(SqlState state, Throwable cause) {
        return failure(state.code(), state.message(), cause);
    }

    private SQLException failure(String state, String given, Throwable cause) {
        String message = Secrets.maskUrlsIn(given);
        trace.fail(state, message, start);
        engine.metrics().record(trace);
        TraceLog.failed(trace);
        SQLException e = new TraceException(message, state, cause, trace);
        for (Attempt a : trace.attempts()) {
            if (a.outcome() != Outcome.OK && a.error() != null) {
                e.setNextException(new SQLException("attempt " + a.number() + " [" + a.source().label() + "] " + a.sql() + ": " + a.error(),
                        state));
            }
        }
        return e;
    }

    private static void closeQuietly(ResultSet rows) {
        if (rows != null) {
            try {
                rows.close();
            } catch (SQLException ignored) {
                // closing anyway
            }
        }
    }

    private static boolean isEmpty(ResultSet rows) {
        try {
            return !rows.isBeforeFirst();
        } catch (SQLException | UnsupportedOperationException e) {
            return false; // the driver cannot tell without reading: treat as an answer
        }
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private static String shorten(String s) {
        if (s == null) {
            return "(empty reply)";
        }
        String one = s.strip().replaceAll("\\s+", " ");
        return one.length() <= 100 ? one : one.substring(0, 97) + "...";
    }
}
