package dev.nlsql.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue #23's measurement: the cross-database set (two defog databases split in two, questions that
 * join across the split) asked through the nlsql driver on part a with part b attached as source b,
 * the fault-injecting model answering with the gold plans; graded against the gold SQL on the unsplit
 * database. With no injected errors at least 95% must be right.
 */
class CrossDatabaseAccuracyIT {

    @BeforeAll
    static void build() throws Exception {
        CrossDatabases.build();
    }

    @AfterAll
    static void drop() throws Exception {
        CrossDatabases.drop();
    }

    /** The set as eval questions: asked of part a, graded on the unsplit database ({db} replaced per question). */
    static List<Dataset.Question> questions() throws Exception {
        List<Dataset.Question> out = new ArrayList<>();
        for (CrossDatabaseQuestions.CrossQuestion q : CrossDatabaseQuestions.read()) {
            out.add(new Dataset.Question(out.size() + 1, q.db(), q.kind(), q.question(), q.goldSql(), q.instructions(),
                    CrossDatabases.url("{db}", "full")));
        }
        return out;
    }

    static EvalReport.Metrics measure(FaultInjectingLlm.Settings settings, String label) throws Exception {
        Map<String, String> plans = new HashMap<>();
        for (CrossDatabaseQuestions.CrossQuestion q : CrossDatabaseQuestions.read()) {
            plans.put(q.question().strip(), q.planReply());
        }
        try (FaultInjectingLlm llm = new FaultInjectingLlm(Map.of(), settings).withGoldPlans(plans).start(0)) {
            Properties p = new Properties();
            p.setProperty("nlsql.llm.baseUrl", llm.baseUrl());
            p.setProperty("nlsql.llm.apiKey", "k");
            p.setProperty("nlsql.cache", "false");
            p.setProperty("nlsql.source." + CrossDatabases.SOURCE_B, CrossDatabases.url("{db}", "b"));
            String url = "jdbc:nlsql:" + CrossDatabases.url("{db}", "a").substring("jdbc:".length());
            List<QuestionResult> results = new Evaluator(url, p, 1).run(questions(), r -> { });
            List<String> goldFailed = results.stream().filter(QuestionResult::goldFailed)
                    .map(r -> r.question().index() + ": " + r.goldError()).toList();
            assertEquals(List.of(), goldFailed, "every gold SQL runs on the unsplit database");
            EvalReport.Metrics m = new EvalReport(results, true, null, List.of()).overall();
            System.out.printf("cross-db, %s: %d questions, right %.1f%% (strict %.1f%%), precision %.1f%%, coverage %.1f%%, "
                    + "right first time %.1f%%, LLM calls %d%n", label, m.counted(), 100 * m.lenientAccuracy(), 100 * m.strictAccuracy(),
                    100 * m.precision(), 100 * m.coverage(), 100 * m.firstAttemptRate(), m.llmCalls());
            results.stream().filter(r -> !r.lenient()).forEach(r -> System.out.printf("  wrong %d (%s): %s %s%n", r.question().index(),
                    r.question().db(), r.sqlState(), r.error()));
            return m;
        }
    }

    @Test
    void theGoldPlansWithoutErrorsAreAtLeast95PercentRight() throws Exception {
        EvalReport.Metrics m = measure(FaultInjectingLlm.Settings.defaults().withErrorRate(0), "error rate 0");
        assertTrue(m.counted() >= 40, "questions: " + m.counted());
        assertTrue(m.lenientAccuracy() >= 0.95, String.format("right: %.1f%%", 100 * m.lenientAccuracy()));
    }

    @Test
    void theDefaultErrorMixIsMeasuredAndCorrected() throws Exception {
        EvalReport.Metrics m = measure(FaultInjectingLlm.Settings.defaults(), "default error mix (40%)");
        assertTrue(m.firstAttemptRate() < 1, "the mix spoils some first attempts");
        assertTrue(m.lenientAccuracy() > m.firstAttemptRate(), "corrections answer some of them right: " + m);
    }
}
