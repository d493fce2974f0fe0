package dev.nlsql.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A question's gold SQL can run on another database than the one it is asked of (gold_url), and {db} reaches the properties. */
class EvaluatorGoldUrlIT {

    private static final String ASKED = "nlsql_xdb_goldurl_asked";
    private static final String GOLD = "nlsql_xdb_goldurl_gold";

    @AfterAll
    static void drop() throws Exception {
        TestPostgres.dropDatabase(ASKED);
        TestPostgres.dropDatabase(GOLD);
    }

    @Test
    void goldSqlRunsOnTheGoldUrl(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        TestPostgres.database(ASKED, "DROP TABLE IF EXISTS t", "CREATE TABLE t (x int)", "INSERT INTO t VALUES (1), (2)");
        TestPostgres.database(GOLD, "DROP TABLE IF EXISTS only_in_gold", "CREATE TABLE only_in_gold (x int)",
                "INSERT INTO only_in_gold VALUES (1), (2)");
        String goldUrl = TestPostgres.urlOf("nlsql_xdb_goldurl_{db}");
        Path file = dir.resolve("q.jsonl");
        Files.writeString(file, "{\"question\": \"how many rows?\", \"gold_sql\": \"SELECT count(*) FROM only_in_gold\", \"db\": \"gold\", "
                + "\"gold_url\": \"" + goldUrl + "\"}\n{\"question\": \"how many rows?\", \"gold_sql\": \"SELECT count(*) FROM only_in_gold\"}\n");
        List<Dataset.Question> questions = Dataset.read(file);
        assertEquals(goldUrl, questions.get(0).goldUrl());
        assertEquals(null, questions.get(1).goldUrl());
        // the model answers on the asked database, where only t exists
        try (FaultInjectingLlm llm = new FaultInjectingLlm(Map.of("how many rows?", "SELECT count(*) FROM t"),
                FaultInjectingLlm.Settings.defaults().withErrorRate(0)).start(0)) {
            Properties p = new Properties();
            p.setProperty("nlsql.llm.baseUrl", llm.baseUrl());
            p.setProperty("nlsql.llm.apiKey", "test");
            String asked = "jdbc:nlsql:" + TestPostgres.urlOf(ASKED).substring("jdbc:".length());
            List<QuestionResult> results = new Evaluator(asked, p, 1).run(questions, r -> { });
            assertTrue(results.get(0).strict(), "gold on the gold URL (its {db} replaced): 2 rows there, 2 rows answered");
            assertFalse(results.get(1).strict(), "without a gold URL the gold SQL runs on the asked database, which has no only_in_gold");
        }
    }

    @Test
    void dbInAPropertyValueTakesTheQuestionsDatabase() {
        Properties p = new Properties();
        p.setProperty("nlsql.source.b", "jdbc:postgresql://127.0.0.1:5432/{db}_b?user=postgres");
        p.setProperty("nlsql.maxAttempts", "2");
        Properties q = Evaluator.forDatabase(p, "broker");
        assertEquals("jdbc:postgresql://127.0.0.1:5432/broker_b?user=postgres", q.getProperty("nlsql.source.b"));
        assertEquals("2", q.getProperty("nlsql.maxAttempts"));
    }
}
