package dev.nlsql.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.TestPostgres;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The relevance gate (issue #16) measured on relevance/questions.tsv: 70 unanswerable questions
 * (off-topic, and plausible questions about data the schema does not hold) and 76 answerable ones
 * from the gold files, over the defog databases and Northwind loaded in PostgreSQL, through the
 * eval command's own {@link Evaluator}. Targets: at least 90% of the unanswerable refused (NL002),
 * at most 2% of the answerable.
 *
 * <p>(a) The offline generator: its own reading of words. Measured (see docs/design-notes.md):
 * it cannot reach 90% honestly, since a plausible question about absent data names real tables
 * ("the average salary of employees" names employees); what it reaches is asserted as a floor.
 * (b) The LLM path through the real langchain4j client against the fault-injecting model, whose
 * first call returns the JSON decision: with no wrong decisions every decision must come through
 * exactly (100% and 0%); with 2% and 5% wrong decisions the figures are printed (the refused
 * answerable share then is the model's own error, which the gate cannot undo).
 */
class RelevanceGateMeasurementTest {

    /** Floors for the offline generator, measured when the gate was built (see the class comment). */
    private static final double OFFLINE_MIN_UNANSWERABLE_REFUSED = 0.80; // measured: 56 of 70 (80.0%), 0 of 76 answerable
    private static final double OFFLINE_MAX_ANSWERABLE_REFUSED = 0.02;

    record Row(String db, boolean answerable, String question) {
    }

    private static final List<Row> ROWS = new ArrayList<>();
    private static final Map<String, String> GOLD = new HashMap<>();

    @BeforeAll
    static void load() throws Exception {
        try (InputStream in = RelevanceGateMeasurementTest.class.getResourceAsStream("/relevance/questions.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", 3);
                ROWS.add(new Row(f[0], f[1].equals("yes"), f[2].strip()));
            }
        }
        for (DefogGold.GoldQuestion q : DefogGold.questions()) {
            GOLD.put(key(q.question()), q.query());
        }
        for (String[] q : Benchmarks.northwindGold()) {
            GOLD.put(key(q[0]), q[1]);
        }
        for (String db : Benchmarks.DEFOG_DATABASES) {
            Benchmarks.loadDefog(db);
        }
        Benchmarks.loadNorthwind();
    }

    private static String key(String question) {
        return question.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    /** The set as eval questions: answerable ones with their gold SQL, unanswerable ones with none. */
    static List<Dataset.Question> questions(boolean northwind) {
        List<Dataset.Question> out = new ArrayList<>();
        for (Row r : ROWS) {
            if (r.db().equals("northwind") != northwind) {
                continue;
            }
            String gold = r.answerable() ? GOLD.get(key(r.question())) : null;
            if (r.answerable() && gold == null) {
                throw new IllegalStateException("no gold for " + r.question());
            }
            out.add(new Dataset.Question(out.size() + 1, r.db(), r.answerable() ? "answerable" : "unanswerable", r.question(), gold, ""));
        }
        return out;
    }

    static EvalReport.Refusals measure(Properties p, String label) throws Exception {
        List<QuestionResult> all = new ArrayList<>();
        String defog = "jdbc:nlsql:" + TestPostgres.urlOf(Benchmarks.defogDatabaseName("{db}")).substring(5);
        String northwind = "jdbc:nlsql:" + TestPostgres.urlOf("nlsql_northwind").substring(5);
        all.addAll(new Evaluator(defog, p, 4).run(questions(false), r -> { }));
        all.addAll(new Evaluator(northwind, p, 4).run(questions(true), r -> { }));
        EvalReport report = new EvalReport(all, true);
        EvalReport.Refusals f = report.refusals();
        System.out.printf(Locale.ROOT, "[relevance gate] %s: unanswerable refused %d of %d (%.1f%%), answerable refused %d of %d (%.1f%%)%n",
                label, f.right(), f.unanswerable(), 100 * f.recall(), f.wrong(), f.answerable(), 100 * f.wrongRate());
        for (QuestionResult r : all) {
            boolean wrong = r.question().unanswerable() != r.refused();
            if (wrong && Boolean.getBoolean("nlsql.measure.verbose")) {
                System.out.println("[relevance gate]   " + label + " " + r.question().db() + " " + r.outcome() + ": " + r.question().text()
                        + " | " + r.sqlState() + " " + (r.error() == null ? "" : r.error().lines().findFirst().orElse("")));
            }
        }
        assertEquals(70, f.unanswerable());
        assertEquals(76, f.answerable());
        return f;
    }

    @Test
    void offlineGenerator() throws Exception {
        Properties p = new Properties();
        p.setProperty("nlsql.llm", "offline");
        p.setProperty("nlsql.cache", "false");
        EvalReport.Refusals f = measure(p, "offline");
        assertTrue(f.wrongRate() <= OFFLINE_MAX_ANSWERABLE_REFUSED, "answerable refused: " + f);
        assertTrue(f.recall() >= OFFLINE_MIN_UNANSWERABLE_REFUSED, "unanswerable refused: " + f);
    }

    @Test
    void llmPathThroughTheFaultInjectingModel() throws Exception {
        Map<String, String> gold = new HashMap<>();
        for (Dataset.Question q : questions(false)) {
            if (!q.unanswerable()) {
                gold.put(q.text(), GoldSql.expand(q.goldSql()).get(0));
            }
        }
        for (Dataset.Question q : questions(true)) {
            if (!q.unanswerable()) {
                gold.put(q.text(), GoldSql.expand(q.goldSql()).get(0));
            }
        }
        FaultInjectingLlm.Settings s = FaultInjectingLlm.Settings.defaults().withErrorRate(0.4);
        EvalReport.Refusals exact = llm(gold, s, "LLM path, fault-injecting model, 40% SQL errors, no wrong decisions");
        assertEquals(1.0, exact.recall(), "every refusal the model decides is NL002: " + exact);
        assertEquals(0, exact.wrong(), "no answerable question refused: " + exact);
        assertTrue(llmCalls > 0);
        // a model that decides wrongly 2% and 5% of the time: the gate passes on what it decides, no better
        EvalReport.Refusals two = llm(gold, s.withDecisionErrorRate(0.02), "LLM path, 40% SQL errors, 2% wrong decisions");
        assertTrue(two.recall() >= 0.90, "unanswerable refused: " + two);
        EvalReport.Refusals five = llm(gold, s.withDecisionErrorRate(0.05), "LLM path, 40% SQL errors, 5% wrong decisions");
        assertTrue(five.recall() >= 0.90, "unanswerable refused: " + five);
    }

    private static long llmCalls;

    private static EvalReport.Refusals llm(Map<String, String> gold, FaultInjectingLlm.Settings s, String label) throws Exception {
        try (FaultInjectingLlm llm = new FaultInjectingLlm(gold, s).start(0)) {
            Properties p = new Properties();
            p.setProperty("nlsql.llm.baseUrl", llm.baseUrl());
            p.setProperty("nlsql.llm.apiKey", "k");
            p.setProperty("nlsql.cache", "false");
            EvalReport.Refusals f = measure(p, label);
            llmCalls = llm.calls();
            return f;
        }
    }
}
