package dev.nlsql.engine;

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
import dev.nlsql.internal.generate.Generation;
import dev.nlsql.internal.generate.GenerationRequest;
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
import java.util.LinkedHashSet;
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

    /** The result of trying one candidate SQL. */
    private record Step(Outcome outcome, String sql, GuardedSql guarded, ResultSet rows, Diagnosis diagnosis, boolean zero) {
        Step(Outcome outcome, String sql, GuardedSql guarded, ResultSet rows, Diagnosis diagnosis) {
            this(outcome, sql, guarded, rows, diagnosis, false);
        }

        boolean answered() {
            return outcome == Outcome.OK;
        }
    }

    private final NlEngine engine;
    private final Question question;
    private final Connection connection;
    private final boolean postgres;
    private final String databaseKey;
    private final int maxRows;
    private final Trace trace;
    private final RetryPolicy policy;
    private SqlGuard guard;
    private SqlDialect dialect;
    private final long start = System.nanoTime();
    private final List<PreviousAttempt> previous = new ArrayList<>();
    private SchemaCatalog catalog;
    private Step emptyAnswer;
    private List<ValueIndex.ValueLink> values;
    /** While a plan step runs: "step k of n: purpose", shown as the attempt's feedback in EXPLAIN NL. */
    private String planStep;
    /** The tables guarded attempts read: what the fallback analysis copies. */
    private final Set<TableRef> readTables = new LinkedHashSet<>();
    private String schemaText;
    /** The fallback analysis's SQL as the model wrote it, for the attempt an OutOfMemoryError or StackOverflowError ends. */
    private String lastLocalSql;

    CorrectionLoop(NlEngine engine, Question question, Connection connection, boolean postgres, String databaseKey, int maxRows) {
        this.engine = engine;
        this.question = question;
        this.connection = connection;
        this.postgres = postgres;
        this.databaseKey = databaseKey;
        this.maxRows = maxRows;
        this.trace = new Trace(question.text());
        this.policy = new RetryPolicy(engine.config().maxAttempts(), engine.config().widerSearch());
    }

    Answer run() throws SQLException {
        SqlGenerator generator = engine.generator();
        if (generator == null && !engine.config().cache()) {
            throw failure(NlSqlState.NOT_UNDERSTOOD, engine.noGeneratorMessage(), null);
        }
        readCatalog();
        // MySQL runs questions only outside a transaction: say so before the model is asked or values sampled
        new ReadOnlyTransaction(connection, dialect).requireNoTransactionInProgress();
        Step cached = tryCache();
        if (cached != null) {
            return answered(cached);
        }
        if (generator == null) {
            throw failure(NlSqlState.NOT_UNDERSTOOD, engine.noGeneratorMessage(), null);
        }
        linkQuestion();
        while (policy.attemptsLeft()) {
            Generation generation = generateOrReread(generator);
            if (generation == null) {
                continue; // the catalog was read again: ask again with it
            }
            refuseIfNotAboutTheDatabase(generation);
            List<PlanReader.Step> plan = generation.rejected() == null ? PlanReader.read(generation.text()) : null;
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
                step = widenIfEmpty(step);
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
        Answer fallback = policy.attemptsLeft() ? null : fallbackAnalysis(generator);
        if (fallback != null) {
            return fallback;
        }
        throw givenUp();
    }

    /** The catalog (cached per database), the guard built on it, and the dialect it names. */
    private void readCatalog() throws SQLException {
        catalog = engine.catalog(databaseKey, connection);
        guard = engine.guard(databaseKey, catalog, connection);
        dialect = NlEngine.dialect(engine.config(), catalog.productName());
    }

    /** The values the question's words name, and the part of the schema the prompt shows. */
    private void linkQuestion() throws SQLException {
        values = engine.valueLinks(question.text(), catalog, connection, postgres, databaseKey);
        schemaText = engine.promptSchema(question.text(), catalog, values);
    }

    /** Forgets the cached catalog and reads it again (the policy allows it once per question). */
    private boolean rereadCatalog() throws SQLException {
        if (!policy.mayRefreshCatalog()) {
            return false;
        }
        engine.schemaChanged(databaseKey);
        readCatalog();
        return true;
    }

    /** The generator's reply; null when it did not understand and the catalog was read again for another try. */
    private Generation generateOrReread(SqlGenerator generator) throws SQLException {
        String product = catalog.productName() + " " + catalog.productVersion();
        try {
            return generate(generator, new GenerationRequest(question.text(), question.instructions(), product,
                    catalog, schemaText, values, List.copyOf(previous), engine.config().llmSendValues()));
        } catch (NotUnderstoodException e) {
            if (!rereadCatalog()) { // the words may name tables newer than the cached catalog
                throw e.notAboutDatabase() ? notAboutTheDatabase(e.getMessage()) : notUnderstood(e);
            }
            linkQuestion();
            return null;
        }
    }

    /** The relevance gate: a generator that judged the question not answerable from this database ends it, before any SQL runs. */
    private void refuseIfNotAboutTheDatabase(Generation generation) throws SQLException {
        String reason = SqlExtractor.notAnswerable(generation.text());
        if (reason != null) {
            throw notAboutTheDatabase(reason);
        }
    }

    private SQLException notAboutTheDatabase(String reason) {
        String why = reason.replaceAll("[\\p{Cntrl}\\s]+", " ").strip(); // the model's words, on one line, no terminal escapes
        why = why.length() <= ReplyDecision.MAX_REASON ? why : why.substring(0, ReplyDecision.MAX_REASON) + "…";
        return failure(NlSqlState.NOT_ABOUT_DATABASE, "The question is not about this database: " + why
                + (why.endsWith(".") ? " " : ". ") + CatalogSummary.holds(catalog), null);
    }

    /** The cached SQL for this question, if it still works; a cached SQL that fails is dropped. */
    private Step tryCache() throws SQLException {
        if (!engine.config().cache()) {
            return null;
        }
        String sql = engine.answers().get(databaseKey, catalog.fingerprint(), question.text(), question.instructions());
        if (sql == null) {
            return null;
        }
        Step step = attempt(sql, Source.CACHE, 0, 0, 0);
        if (step.answered() || step.outcome() == Outcome.EMPTY) {
            return step;
        }
        engine.answers().drop(databaseKey, catalog.fingerprint(), question.text(), question.instructions());
        return null;
    }

    private Generation generate(SqlGenerator generator, GenerationRequest request) throws SQLException, NotUnderstoodException {
        try {
            Generation g = generator.generate(request);
            trace.llmCalls(generator.usesLlm() ? g.calls() : 0);
            return g;
        } catch (LlmUnavailableException e) {
            if (e.cancelled()) {
                throw failure(QUERY_CANCELED, "canceling statement due to user request", e); // PostgreSQL's own words
            }
            throw failure(NlSqlState.LLM_UNAVAILABLE, e.getMessage(), e);
        }
    }

    private SQLException notUnderstood(NotUnderstoodException e) {
        return failure(NlSqlState.NOT_UNDERSTOOD, "The offline generator cannot answer this with certainty: " + e.getMessage()
                + ". Rephrase it (e.g. \"how many orders per month in 2024\"), or configure an LLM: set nlsql.llm.baseUrl "
                + "to any OpenAI-compatible server (Ollama: http://localhost:11434/v1) or OPENAI_API_KEY", e);
    }

    /** Checks and runs a generated reply; null when the generator repeated SQL it already tried. */
    private Step attemptGenerated(Generation generation, Source source) throws SQLException {
        String sql = generation.rejected() == null ? SqlExtractor.extract(generation.text()) : null;
        policy.count();
        if (sql == null) {
            // a rejected (too long) reply has no text: only the reason reaches the trace and the next prompt
            String why = generation.rejected() != null ? generation.rejected() : "no SQL in the reply: " + shorten(generation.text());
            Diagnosis d = Diagnosis.of(ErrorCategory.NO_SQL, why);
            record(source, null, Outcome.REJECTED, d, generation.millis(), generation.inputTokens(), generation.outputTokens());
            return new Step(Outcome.REJECTED, null, null, null, d);
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
            record(source, sql, Outcome.REJECTED, d, generation.millis(), generation.inputTokens(), generation.outputTokens());
            return null;
        }
        return attempt(sql, source, generation.millis(), generation.inputTokens(), generation.outputTokens());
    }

    /**
     * The wider search: an empty result whose filters compare text gets the filters broadened (real
     * values closest to the literals, else case-insensitive patterns), as attempts of their own.
     */
    private Step widenIfEmpty(Step first) throws SQLException {
        Step last = first;
        while ((last.outcome() == Outcome.EMPTY || last.zero()) && last.guarded() != null
                && policy.mayWiden(TextFilters.present(last.guarded()))) {
            WiderSearch.Widened widened = WiderSearch.widen(last.guarded(), catalog,
                    (table, column, literal) -> engine.closestValues(databaseKey, connection, postgres, table, column, literal),
                    first.zero()); // a count of 0 is widened only to the same value spelled otherwise
            if (widened == null || !policy.isNew(widened.sql())) {
                break;
            }
            Step wider = attempt(widened.sql(), Source.WIDER, 0, 0, 0);
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
        // only after SQL that ran and failed: a model that wrote unsafe SQL gets no copy of the data to work on
        if (rows == 0 || !ran || unsafe || !LocalCopy.available() || !policy.mayFallBack()) {
            return null;
        }
        List<TableInfo> tables = new ArrayList<>();
        for (TableRef ref : readTables) {
            TableInfo t = catalog.resolve(ref.schema(), ref.name());
            if (t != null && !tables.contains(t)) {
                tables.add(t);
            }
        }
        if (tables.isEmpty()) {
            tables.addAll(engine.likelyTables(question.text(), catalog, FALLBACK_TABLES));
        }
        if (tables.isEmpty()) {
            return null;
        }
        LocalCopy copy = null;
        try {
            copy = LocalCopy.create(rows * FALLBACK_TABLES);
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
            String state = memory ? PROGRAM_LIMIT_EXCEEDED : STATEMENT_TOO_COMPLEX;
            record(Source.FALLBACK, lastLocalSql, Outcome.ERROR, Diagnosis.of(ErrorCategory.RESOURCE, state + ": " + why), 0, 0, 0);
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
                    SchemaRenderer.render(local, local.tables()), List.of(), List.copyOf(previous), engine.config().llmSendValues()));
            trace.llmCalls(generator.usesLlm() ? g.calls() : 0);
        } catch (LlmUnavailableException e) {
            if (e.cancelled()) {
                throw failure(QUERY_CANCELED, "canceling statement due to user request", e);
            }
            return null; // the model is gone: the attempts' own failure is the answer
        } catch (NotUnderstoodException e) {
            return null;
        }
        String sql = g.rejected() == null ? SqlExtractor.extract(g.text()) : null;
        long t0 = System.nanoTime();
        if (sql == null) {
            record(Source.FALLBACK, null, Outcome.REJECTED, Diagnosis.of(ErrorCategory.NO_SQL, "no SQL in the reply"), g.millis(),
                    g.inputTokens(), g.outputTokens());
            return null;
        }
        lastLocalSql = sql;
        GuardedSql guarded;
        try {
            guarded = localGuard(copy).check(sql);
        } catch (GuardRejection e) {
            record(Source.FALLBACK, sql, Outcome.REJECTED, Diagnosis.of(ErrorCategory.UNSAFE, e.getMessage()),
                    g.millis() + millisSince(t0), g.inputTokens(), g.outputTokens());
            return null;
        }
        ResultSet answer;
        try {
            answer = copy.query(guarded.sql(), maxRows, engine.config().queryTimeoutSeconds(), localWorkBytes,
                    engine.config().maxResultBytes());
        } catch (SQLException e) {
            boolean notPlain = NlSqlState.UNSAFE_SQL.code().equals(e.getSQLState());
            record(Source.FALLBACK, guarded.sql(), notPlain ? Outcome.REJECTED : Outcome.ERROR,
                    notPlain ? Diagnosis.of(ErrorCategory.UNSAFE, e.getMessage()) : ErrorClassifier.classify(e),
                    g.millis() + millisSince(t0), g.inputTokens(), g.outputTokens());
            if (PROGRAM_LIMIT_EXCEEDED.equals(e.getSQLState()) || STATEMENT_TOO_COMPLEX.equals(e.getSQLState())) {
                throw failure(e.getSQLState(), e.getMessage() + "; it was stopped and its copy dropped", e); // out of bounds: no other try
            }
            return null;
        }
        record(Source.FALLBACK, guarded.sql(), Outcome.OK, null, g.millis() + millisSince(t0), g.inputTokens(), g.outputTokens());
        trace.note("answered by the fallback analysis on a local copy of " + copy.tables()
                + (truncated.isEmpty() ? "" : "; only the first " + rows + " rows of " + truncated + " were copied (nlsql.fallbackRows)"));
        trace.succeed(guarded.sql(), millisSince(start));
        engine.metrics().record(trace);
        TraceLog.answered(trace);
        return new Answer(answer, trace); // read into memory: the copy closes now
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
        String sql = "SELECT * FROM " + SchemaRenderer.nameOf(catalog, t);
        long t0 = System.nanoTime();
        GuardedSql guarded;
        try {
            guarded = guard.check(sql, SessionRules.of(connection, dialect));
        } catch (GuardRejection e) {
            record(Source.FALLBACK, sql, Outcome.REJECTED, Diagnosis.of(ErrorCategory.UNSAFE, e.getMessage()), millisSince(t0), 0, 0);
            return null;
        }
        GuardedRun run = new GuardedRun(guarded, engine.config().queryTimeoutSeconds(), engine.config().readRole(),
                (schema, name, exactCase) -> guard.policy().resolvedRefusal(schema, name, catalog.contains(schema, name), exactCase));
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
        return new Step(Outcome.OK, guarded.sql(), guarded, null, null);
    }

    /**
     * A multi-step plan: step k runs as one guarded statement that reads the earlier steps as CTEs
     * {@code step1} ... {@code step(k-1)}; each step is an attempt of its own (source plan) and the
     * last step's rows are the answer. At most nlsql.maxSteps steps, within the attempt budget; a
     * failed step ends the plan, and its diagnosis goes back to the model like any failure.
     */
    private Step attemptPlan(List<PlanReader.Step> plan, Generation generation) throws SQLException {
        int maxSteps = engine.config().maxSteps();
        if (plan.size() > maxSteps) {
            policy.count();
            Diagnosis d = Diagnosis.of(ErrorCategory.NO_SQL, "a plan of " + plan.size() + " steps: at most " + maxSteps
                    + " (nlsql.maxSteps); answer with fewer steps or one query");
            record(Source.PLAN, null, Outcome.REJECTED, d, generation.millis(), generation.inputTokens(), generation.outputTokens());
            return new Step(Outcome.REJECTED, null, null, null, d);
        }
        List<String> done = new ArrayList<>();
        Step step = null;
        for (int k = 0; k < plan.size(); k++) {
            if (!policy.attemptsLeft()) {
                break;
            }
            String sql = PlanSteps.compose(done, SqlExtractor.extract(plan.get(k).sql()), SessionRules.of(connection, dialect));
            if (sql == null || !policy.isNew(sql)) {
                Diagnosis d = Diagnosis.of(ErrorCategory.NO_SQL, "step " + (k + 1) + " of the plan has no new SQL");
                policy.count();
                record(Source.PLAN, sql, Outcome.REJECTED, d, 0, 0, 0);
                return new Step(Outcome.REJECTED, sql, null, null, d);
            }
            policy.count();
            boolean first = k == 0;
            planStep = "step " + (k + 1) + " of " + plan.size() + ": " + plan.get(k).purpose();
            step = attempt(sql, Source.PLAN, first ? generation.millis() : 0, first ? generation.inputTokens() : 0,
                    first ? generation.outputTokens() : 0);
            planStep = null;
            if (!step.answered() && step.outcome() != Outcome.EMPTY) {
                return step;
            }
            if (k < plan.size() - 1 && step.rows() != null) {
                step.rows().close(); // an earlier step's rows live on as a CTE of the next
            }
            done.add(SqlExtractor.extract(plan.get(k).sql()));
        }
        return step;
    }

    /** Applies repairs that need no LLM to a failed attempt, one attempt each, while they keep finding a fix. */
    private Step repairIfFailed(Step failed) throws SQLException {
        Step step = failed;
        if (step.answered() || step.outcome() == Outcome.EMPTY || !engine.config().repairs()) {
            return step;
        }
        while (step.diagnosis() != null && policy.attemptsLeft()) {
            Repairs.Repair repair = Repairs.repair(step.guarded() == null ? step.sql() : step.guarded().sql(), step.diagnosis(), catalog);
            if (repair == null || !policy.isNew(repair.sql())) {
                return step;
            }
            policy.count();
            step = attempt(repair.sql(), Source.REPAIR, 0, 0, 0);
            if (step.answered() || step.outcome() == Outcome.EMPTY) {
                return step;
            }
        }
        return step;
    }

    /** Guard, catalog check, read-only execution, diagnosis: one attempt, recorded. */
    private Step attempt(String sql, Source source, long generationMillis, int inTokens, int outTokens) throws SQLException {
        long t0 = System.nanoTime();
        GuardedSql guarded;
        try {
            guarded = guard.check(sql, SessionRules.of(connection, dialect));
        } catch (GuardRejection e) {
            boolean malformed = e.rule() == GuardRejection.Rule.NOT_PARSEABLE || e.rule() == GuardRejection.Rule.EMPTY;
            Diagnosis d = Diagnosis.of(malformed ? ErrorCategory.SYNTAX_ERROR : ErrorCategory.UNSAFE, e.getMessage());
            record(source, sql, Outcome.REJECTED, d, generationMillis + millisSince(t0), inTokens, outTokens);
            return new Step(Outcome.REJECTED, sql, null, null, d);
        }
        readTables.addAll(guarded.tables());
        Diagnosis unknownName = CatalogCheck.check(guarded, catalog);
        if (unknownName != null && unknownName.category() == ErrorCategory.TABLE_NOT_FOUND && rereadCatalog()) {
            unknownName = CatalogCheck.check(guarded, catalog); // the table may be newer than the cached catalog
        }
        if (unknownName != null) {
            record(source, guarded.sql(), Outcome.REJECTED, unknownName, generationMillis + millisSince(t0), inTokens, outTokens);
            return new Step(Outcome.REJECTED, guarded.sql(), guarded, null, unknownName);
        }
        try {
            GuardedRun run = new GuardedRun(guarded, engine.config().queryTimeoutSeconds(), engine.config().readRole(),
                    (schema, name, names) -> guard.policy().resolvedRefusal(schema, name, catalog.contains(schema, name), names));
            ResultSet rows = QueryRunner.run(connection, run, maxRows, engine.config().queryTimeoutSeconds(),
                    engine.config().maxResultBytes());
            boolean empty = isEmpty(rows);
            Outcome outcome = empty ? Outcome.EMPTY : Outcome.OK;
            Diagnosis d = empty ? Diagnosis.of(ErrorCategory.EMPTY_RESULT, "no rows") : null;
            boolean zero = false;
            if (!empty && TextFilters.present(guarded) && TextFilters.oneAggregateRow(guarded)) {
                ZeroRow peeked = ZeroRow.peek(rows); // "how many ... = 'x'" that found 0: as telling as no rows
                rows = peeked.rows();
                zero = peeked.zero();
            }
            record(source, guarded.sql(), outcome, d, generationMillis + millisSince(t0), inTokens, outTokens);
            return new Step(outcome, guarded.sql(), guarded, rows, d, zero);
        } catch (GuardedRun.RelationRefusedException e) {
            Diagnosis d = Diagnosis.of(ErrorCategory.UNSAFE, e.getMessage());
            record(source, guarded.sql(), Outcome.REJECTED, d, generationMillis + millisSince(t0), inTokens, outTokens);
            return new Step(Outcome.REJECTED, guarded.sql(), guarded, null, d);
        } catch (SQLException e) {
            Diagnosis d = CatalogCheck.withCandidates(ErrorClassifier.classify(e), guarded, catalog);
            record(source, guarded.sql(), Outcome.ERROR, d, generationMillis + millisSince(t0), inTokens, outTokens);
            if (d.category() == ErrorCategory.CONNECTION) {
                trace.fail(e.getSQLState(), e.getMessage(), millisSince(start));
                engine.metrics().record(trace);
                throw e; // the database went away: its own SQLSTATE tells pools to drop the connection
            }
            return new Step(Outcome.ERROR, guarded.sql(), guarded, null, d);
        }
    }

    private void record(Source source, String sql, Outcome outcome, Diagnosis d, long millis, int inTokens, int outTokens) {
        String feedback = d == null ? planStep : Feedback.forDiagnosis(d, engine.config().queryTimeoutSeconds());
        Attempt a = new Attempt(trace.attempts().size() + 1, source, sql, outcome, d == null ? null : d.category(),
                d == null ? null : d.message(), feedback, millis, inTokens, outTokens);
        TraceLog.attempt(a, trace.attempts().isEmpty() ? null : trace.attempts().get(trace.attempts().size() - 1).sql(),
                engine.config().maxAttempts());
        trace.add(a);
        if (d != null && outcome != Outcome.OK) {
            // SQL the driver wrote or kept (wider search, the cache) may hold real values: the model sees it without them
            boolean driversValues = source == Source.WIDER || source == Source.CACHE;
            String shown = driversValues && !engine.config().llmSendValues() ? ValueFreeSql.of(sql) : sql;
            previous.add(new PreviousAttempt(shown, d, engine.config().queryTimeoutSeconds()));
        }
    }

    private Answer answered(Step step) {
        trace.succeed(step.sql(), millisSince(start));
        engine.metrics().record(trace);
        TraceLog.answered(trace);
        if (engine.config().cache()) {
            engine.answers().put(databaseKey, catalog.fingerprint(), question.text(), question.instructions(), step.sql());
        }
        return new Answer(step.rows(), trace);
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
    /** PostgreSQL's SQLSTATEs for a statement that ran out of memory (program_limit_exceeded) or stack (statement_too_complex). */
    private static final String PROGRAM_LIMIT_EXCEEDED = "54000";
    private static final String STATEMENT_TOO_COMPLEX = "54001";

    /** PostgreSQL's SQLSTATE for a cancelled statement, which a cancelled question gets too. */
    private static final String QUERY_CANCELED = "57014";

    private SQLException failure(NlSqlState state, String message, Throwable cause) {
        return failure(state.code(), message, cause);
    }

    private SQLException failure(String state, String given, Throwable cause) {
        String message = Secrets.maskUrlsIn(given);
        trace.fail(state, message, millisSince(start));
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
