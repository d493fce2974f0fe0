package dev.nlsql.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.eval.Dataset;
import dev.nlsql.eval.DefogGold;
import dev.nlsql.eval.EvalReport;
import dev.nlsql.eval.Evaluator;
import dev.nlsql.eval.FaultInjectingLlm;
import dev.nlsql.eval.GoldSql;
import dev.nlsql.eval.QuestionResult;
import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.TestPostgres;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The defog questions (104, real PostgreSQL) through the fault-injecting model at a 40% first-attempt
 * error rate, where a third of the errors change the case of a compared value (the query then finds no
 * rows), before and after the agent stages of issue 16: before with the stages off (no wider search,
 * one-step answers, no fallback), after with the defaults and a fifth of first replies given as plans.
 */
class AgentStagesOnDefogIT {

    record Run(int questions, int right, long calls, List<EvalReport.StageUse> stages) {
        int used(String stage) {
            return stages.stream().filter(s -> s.stage().equals(stage)).findFirst().orElseThrow().used();
        }

        int rightWith(String stage) {
            return stages.stream().filter(s -> s.stage().equals(stage)).findFirst().orElseThrow().right();
        }

        @Override
        public String toString() {
            return String.format("%d questions, %d right (%.1f%%), %d LLM calls, stages %s", questions, right, 100.0 * right / questions,
                    calls, stages);
        }
    }

    static Run measure(List<Dataset.Question> questions, String url, FaultInjectingLlm llmSettings, Map<String, String> properties)
            throws Exception {
        try (FaultInjectingLlm llm = llmSettings.start(0)) {
            Properties p = new Properties();
            p.setProperty("nlsql.llm.baseUrl", llm.baseUrl());
            p.setProperty("nlsql.llm.apiKey", "k");
            p.setProperty("nlsql.cache", "false");
            properties.forEach(p::setProperty);
            List<QuestionResult> results = new Evaluator(url, p, 1).run(questions, r -> { });
            EvalReport report = new EvalReport(results, true, null, List.of());
            int right = (int) results.stream().filter(QuestionResult::lenient).count();
            long calls = results.stream().mapToLong(QuestionResult::llmCalls).sum();
            return new Run(results.size(), right, calls, report.stages());
        }
    }

    @Test
    void theStagesAnswerWhatTheLoopAloneMissed() throws Exception {
        List<Dataset.Question> questions = new ArrayList<>();
        Map<String, String> gold = new HashMap<>();
        int i = 0;
        for (DefogGold.GoldQuestion q : DefogGold.questions()) {
            Benchmarks.loadDefog(q.db());
            questions.add(new Dataset.Question(++i, q.db(), q.category(), q.question(), q.query(), q.instructions()));
            gold.put(q.question().strip(), GoldSql.expand(q.query()).get(0));
        }
        String url = "jdbc:nlsql:" + TestPostgres.urlOf(Benchmarks.defogDatabaseName("{db}")).substring(5);
        FaultInjectingLlm.Settings s = FaultInjectingLlm.Settings.defaults().withErrorRate(0.4);
        Run ceiling = measure(questions, url, new FaultInjectingLlm(gold, s.withErrorRate(0)), Map.of());
        Run before = measure(questions, url, new FaultInjectingLlm(gold, s).withValueErrors(0.33),
                Map.of("nlsql.widerSearch", "0", "nlsql.maxSteps", "1", "nlsql.fallbackRows", "0"));
        Run after = measure(questions, url, new FaultInjectingLlm(gold, s).withValueErrors(0.33).withPlans(0.2), Map.of());
        System.out.println("[agent stages] defog, ceiling (no errors): " + ceiling);
        System.out.println("[agent stages] defog, 40% errors (a third wrong-case values), stages off: " + before);
        System.out.println("[agent stages] defog, same errors, stages on, a fifth of first replies as plans: " + after);
        assertEquals(104, after.questions());
        assertTrue(after.right() >= before.right(), "the stages answer at least as many: " + after + " vs " + before);
        assertTrue(after.used("wider") > 0 && after.rightWith("wider") > 0, "the wider search acted and helped: " + after);
        assertTrue(after.used("plan") >= 10, "plans were run: " + after);
        assertEquals(after.used("plan"), after.rightWith("plan") + (after.used("plan") - after.rightWith("plan")));
        assertTrue(after.right() <= ceiling.right(), "never above the ceiling: " + after + " vs " + ceiling);
        assertEquals(0, before.used("wider") + before.used("plan") + before.used("fallback"), "stages off: " + before);
    }
}
