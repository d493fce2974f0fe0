package dev.nlsql.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultInjectingLlmTest {

    private static final String GOLD = "SELECT c.customer_name, SUM(o.total_amount) AS revenue FROM customers c JOIN orders o "
            + "ON o.customer_id = c.id GROUP BY c.customer_name, c.country ORDER BY revenue DESC";

    private static FaultInjectingLlm llm(FaultInjectingLlm.Settings s) {
        Map<String, String> gold = new HashMap<>();
        for (int i = 0; i < 200; i++) {
            gold.put("question " + i, GOLD);
        }
        return new FaultInjectingLlm(gold, s);
    }

    private static String prompt(int i) {
        return "Question: question " + i;
    }

    private static FaultInjectingLlm.Settings with(double error, double http, double hang, double prose, double noSql, double unsafe) {
        return new FaultInjectingLlm.Settings(1, error, 0.7, 0.2, 0, false, http, hang, prose, noSql, unsafe);
    }

    @Test
    void theSameSettingsAndPromptGiveTheSameReply() {
        FaultInjectingLlm a = llm(FaultInjectingLlm.Settings.defaults());
        FaultInjectingLlm b = llm(FaultInjectingLlm.Settings.defaults());
        int differentFromGold = 0;
        for (int i = 0; i < 200; i++) {
            assertEquals(a.reply(prompt(i)), b.reply(prompt(i)));
            differentFromGold += a.reply(prompt(i)).content().equals(GOLD) ? 0 : 1;
        }
        assertTrue(differentFromGold > 50 && differentFromGold < 110, "about 40% corrupted: " + differentFromGold);
        FaultInjectingLlm otherSeed = llm(new FaultInjectingLlm.Settings(2, 0.4, 0.7, 0.2, 0, false, 0, 0, 0, 0, 0));
        int same = 0;
        for (int i = 0; i < 200; i++) {
            same += otherSeed.reply(prompt(i)).equals(a.reply(prompt(i))) ? 1 : 0;
        }
        assertTrue(same < 200, "another seed, other corruptions");
    }

    @Test
    void aFirstCallThatAsksForADecisionGetsOneWrongAtItsOwnRate() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        String ask = "\n\nReply with one JSON object: {\"answerable\": true, \"sql\": \"...\"}";
        FaultInjectingLlm exact = llm(FaultInjectingLlm.Settings.defaults().withErrorRate(0));
        com.fasterxml.jackson.databind.JsonNode yes = json.readTree(exact.reply(prompt(1) + ask).content());
        assertTrue(yes.get("answerable").asBoolean());
        assertEquals(GOLD, yes.get("sql").asText());
        com.fasterxml.jackson.databind.JsonNode no = json.readTree(exact.reply("Question: not in the file" + ask).content());
        assertFalse(no.get("answerable").asBoolean());
        assertTrue(no.has("reason"));
        assertEquals(GOLD, exact.reply(prompt(1)).content(), "a prompt that asks for SQL only gets SQL");
        FaultInjectingLlm.Settings tenth = FaultInjectingLlm.Settings.defaults().withErrorRate(0).withDecisionErrorRate(0.1);
        FaultInjectingLlm noisy = llm(tenth);
        int refused = 0;
        for (int i = 0; i < 200; i++) {
            refused += json.readTree(noisy.reply(prompt(i) + ask).content()).get("answerable").asBoolean() ? 0 : 1;
            assertEquals(exact.reply(prompt(i)), noisy.reply(prompt(i)), "other replies unchanged");
        }
        assertTrue(refused > 8 && refused < 36, "about 10% of 200 wrongly refused: " + refused);
    }

    /**
     * A question file with lines marked unanswerable ({@code "answerable": false}, CSV {@code answerable} no) is served,
     * not a NullPointerException: those questions get a decision that they are not answerable (SQL-only prompts:
     * NOT_ANSWERABLE), the others their gold with every column of a {a,b} choice; through the driver the refusal is NL002.
     */
    @Test
    void unanswerableLinesOfAQuestionFileAreRefusedAsAModelWould(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        java.nio.file.Path jsonl = dir.resolve("q.jsonl");
        java.nio.file.Files.writeString(jsonl, "{\"question\": \"How many orders are there?\", \"gold_sql\": \"SELECT count(*) FROM orders\"}\n"
                + "{\"question\": \"Write me a poem about the sea\", \"answerable\": false}\n"
                + "{\"question\": \"Names of the customers\", \"gold_sql\": \"SELECT {first_name, last_name} FROM customers\"}\n");
        java.nio.file.Path csv = dir.resolve("q.csv");
        java.nio.file.Files.writeString(csv, "db_name,query_category,question,query,answerable\n"
                + "x,c,Who painted the Night Watch?,,no\nx,c,How many orders are there?,SELECT count(*) FROM orders,yes\n");
        for (java.nio.file.Path file : java.util.List.of(jsonl, csv)) {
            java.util.List<Dataset.Question> questions = Dataset.read(file);
            FaultInjectingLlm llm = new FaultInjectingLlm(FaultInjectingLlm.goldOf(questions),
                    FaultInjectingLlm.Settings.defaults().withErrorRate(0));
            for (Dataset.Question q : questions) {
                com.fasterxml.jackson.databind.JsonNode decision = json.readTree(llm.reply("Question: " + q.text() + ASK).content());
                assertEquals(!q.unanswerable(), decision.get("answerable").asBoolean(), file + ": " + q.text());
                if (q.unanswerable()) {
                    assertTrue(decision.get("reason").asText().contains("no data"), decision.toString());
                    assertTrue(llm.reply("Question: " + q.text()).content().startsWith("NOT_ANSWERABLE"), "SQL only: refused too");
                }
            }
        }
        assertEquals("SELECT first_name, last_name FROM customers",
                FaultInjectingLlm.goldOf(Dataset.read(jsonl)).get("Names of the customers"), "every column of the choice");
        Map<String, String> withNull = new HashMap<>();
        withNull.put("Write me a poem about the sea", null); // as a map built from Question.goldSql() holds it
        assertTrue(new FaultInjectingLlm(withNull, FaultInjectingLlm.Settings.defaults()).reply("Question: Write me a poem about the sea"
                + ASK).content().contains("\"answerable\":false"));

        java.util.List<Dataset.Question> questions = Dataset.read(jsonl);
        try (FaultInjectingLlm server = new FaultInjectingLlm(FaultInjectingLlm.goldOf(questions),
                FaultInjectingLlm.Settings.defaults().withErrorRate(0)).start(0)) {
            java.util.Properties p = new java.util.Properties();
            p.setProperty("nlsql.llm.baseUrl", server.baseUrl());
            p.setProperty("nlsql.llm.apiKey", "k");
            p.setProperty("nlsql.cache", "false");
            String url = "jdbc:nlsql:" + dev.nlsql.demo.DemoDatabase.create().substring(5) + ";nlsql.dialect=unverified";
            java.util.List<QuestionResult> results = new Evaluator(url, p, 1).run(questions, r -> { });
            assertTrue(results.get(0).lenient(), results.get(0).toString());
            assertEquals("NL002", results.get(1).sqlState(), results.get(1).toString());
            assertTrue(results.get(1).refusedRightly());
            assertTrue(results.get(2).lenient(), results.get(2).toString());
        }
    }

    @Test
    void withoutErrorsItAnswersWithTheGold() {
        FaultInjectingLlm perfect = llm(FaultInjectingLlm.Settings.defaults().withErrorRate(0));
        for (int i = 0; i < 50; i++) {
            assertEquals(GOLD, perfect.reply(prompt(i)).content());
        }
        assertTrue(perfect.reply("Question: not in the file").content().startsWith("NOT_ANSWERABLE"));
    }

    @Test
    void theErrorMixFollowsTheSettings() {
        FaultInjectingLlm always = llm(FaultInjectingLlm.Settings.defaults().withErrorRate(1));
        int groupBy = 0;
        for (int i = 0; i < 200; i++) {
            String sql = always.reply(prompt(i)).content();
            assertNotEquals(GOLD, sql);
            groupBy += sql.contains("GROUP BY c.customer_name ORDER") ? 1 : 0;
        }
        assertTrue(groupBy > 20 && groupBy < 65, "about 20% GROUP BY errors: " + groupBy);
    }

    @Test
    void onARetryItFixesOnlyWhatTheFeedbackNames() {
        FaultInjectingLlm always = llm(FaultInjectingLlm.Settings.defaults().withErrorRate(1));
        String wrong = GOLD.replace("customer_name", "name");
        String named = prompt(7) + "\n\nEarlier attempts at this question failed.\nAttempt 1:\nSQL: " + wrong
                + "\nError: column_not_found: column c.name does not exist\nFix: Column \"c.name\" does not exist. "
                + "The closest real columns, most likely first: customers.customer_name.";
        assertEquals(GOLD, always.reply(named).content());
        String vague = named.replace("The closest real columns, most likely first: customers.customer_name.", "Try again.");
        assertNotEquals(GOLD, always.reply(vague).content());
        String grouping = prompt(8) + "\nAttempt 1:\nSQL: " + GOLD.replace(", c.country", "")
                + "\nError: grouping_error: x\nFix: Keep every aggregate as it is and add it to GROUP BY.";
        assertEquals(GOLD, always.reply(grouping).content());
    }

    @Test
    void failureModes() {
        FaultInjectingLlm.Reply http = llm(with(0, 1, 0, 0, 0, 0)).reply(prompt(1));
        assertTrue(http.status() == 429 || http.status() == 500);
        assertTrue(llm(with(0, 0, 1, 0, 0, 0)).reply(prompt(1)).hang());
        String prose = llm(with(0, 0, 0, 1, 0, 0)).reply(prompt(1)).content();
        assertTrue(prose.contains("```sql") && prose.contains(GOLD) && prose.startsWith("Here is"));
        assertFalse(llm(with(0, 0, 0, 0, 1, 0)).reply(prompt(1)).content().toUpperCase().contains("SELECT"));
        assertEquals("DELETE FROM customers", llm(with(0, 0, 0, 0, 0, 1)).reply(prompt(1)).content());
    }

    @Test
    void semanticSlipsUseASynonymOrAWordPartOfARealColumn() {
        FaultInjectingLlm.Settings s = new FaultInjectingLlm.Settings(1, 1, 1, 0, 0, false, 0, 0, 0, 0, 0).withSemanticShare(1);
        FaultInjectingLlm always = llm(s);
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < 50; i++) {
            String sql = always.reply(prompt(i)).content();
            seen.add(sql.equals(GOLD.replace("c.customer_name", "c.name")) ? "name"
                    : sql.equals(GOLD.replace("o.total_amount", "o.amount")) ? "amount" : sql);
        }
        assertEquals(java.util.Set.of("name", "amount"), seen, "never c.id for o.customer_id: id is a real column");
        assertEquals("SELECT AVG(r.score) FROM reviews r", FaultInjectingLlm.semanticName("SELECT AVG(r.rating) FROM reviews r",
                new java.util.Random(1)));
        assertEquals("SELECT p.id FROM paper p", FaultInjectingLlm.semanticName("SELECT p.paperid FROM paper p", new java.util.Random(1)));
        assertEquals(GOLD, llm(FaultInjectingLlm.Settings.defaults()).reply(prompt(3) + "\nAttempt 1:\nSQL: "
                + GOLD.replace("SELECT", "SELECT nonexistent_column,") + "\nFix: Column \"nonexistent_column\" does not exist.").content(),
                "an invented extra column, once named, is dropped");
    }

    private static final String PLAN = "{\"answerable\": true, \"steps\": ["
            + "{\"purpose\": \"customers\", \"source\": \"main\", \"sql\": \"SELECT c.id, c.customer_name FROM customers c\"},"
            + "{\"purpose\": \"orders\", \"source\": \"b\", \"sql\": \"SELECT o.customer_id, SUM(o.total_amount) AS revenue FROM orders o GROUP BY o.customer_id\"},"
            + "{\"purpose\": \"join\", \"source\": \"local\", \"sql\": \"SELECT s1.customer_name, s2.revenue FROM step1 s1 JOIN step2 s2 ON s2.customer_id = s1.id\"}]}";
    private static final String ONE_SOURCE = "{\"answerable\": true, \"source\": \"b\", \"sql\": \"SELECT count(*) FROM orders\"}";
    private static final String ASK = "\n\nReply with one JSON object: {\"answerable\": true, \"sql\": \"...\"}";

    private static FaultInjectingLlm withPlans(FaultInjectingLlm.Settings s) {
        Map<String, String> plans = new HashMap<>();
        for (int i = 0; i < 200; i++) {
            plans.put("plan question " + i, PLAN);
        }
        plans.put("orders on b", ONE_SOURCE);
        return llm(s).withGoldPlans(plans);
    }

    @Test
    void aQuestionWithAGoldPlanIsAnsweredWithThePlan() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        FaultInjectingLlm exact = withPlans(FaultInjectingLlm.Settings.defaults().withErrorRate(0));
        assertEquals(json.readTree(PLAN), json.readTree(exact.reply("Question: plan question 1" + ASK).content()));
        com.fasterxml.jackson.databind.JsonNode bare = json.readTree(exact.reply("Question: plan question 1").content());
        assertFalse(bare.has("answerable"), "a prompt that asks for no decision gets the plan alone");
        assertEquals(json.readTree(PLAN).get("steps"), bare.get("steps"));
        assertEquals(json.readTree(ONE_SOURCE), json.readTree(exact.reply("Question: orders on b" + ASK).content()), "SQL for one source");
        assertEquals(GOLD, exact.reply(prompt(1)).content(), "questions without a plan are answered as before");
        assertTrue(exact.reply("Question: not in the file" + ASK).content().contains("\"answerable\":false"));
    }

    @Test
    void theErrorMixHitsOneStepOfAPlanAtTheErrorRate() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode gold = json.readTree(PLAN).get("steps");
        FaultInjectingLlm mixed = withPlans(FaultInjectingLlm.Settings.defaults());
        int corrupted = 0;
        java.util.Set<Integer> stepsHit = new java.util.HashSet<>();
        for (int i = 0; i < 200; i++) {
            com.fasterxml.jackson.databind.JsonNode steps = json.readTree(mixed.reply("Question: plan question " + i + ASK).content()).get("steps");
            assertEquals(3, steps.size());
            int differing = 0;
            for (int k = 0; k < 3; k++) {
                assertEquals(gold.get(k).get("source"), steps.get(k).get("source"), "sources are never corrupted");
                if (!gold.get(k).get("sql").equals(steps.get(k).get("sql"))) {
                    differing++;
                    stepsHit.add(k);
                }
            }
            assertTrue(differing <= 1, "at most one step corrupted");
            corrupted += differing;
        }
        assertTrue(corrupted > 50 && corrupted < 110, "about 40% of plans corrupted: " + corrupted);
        assertEquals(java.util.Set.of(0, 1, 2), stepsHit, "any step may be the wrong one");
        String oneSource = withPlans(FaultInjectingLlm.Settings.defaults().withErrorRate(1)).reply("Question: orders on b").content();
        assertEquals("b", json.readTree(oneSource).get("source").asText());
        assertNotEquals("SELECT count(*) FROM orders", json.readTree(oneSource).get("sql").asText());
    }

    @Test
    void onARetryAPlanGetsItsStepFixedOnlyWhenTheFeedbackNamesTheFix() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        FaultInjectingLlm always = withPlans(FaultInjectingLlm.Settings.defaults().withErrorRate(1));
        String wrongStep = "SELECT o.customer_id, SUM(o.total_amnt) AS revenue FROM orders o GROUP BY o.customer_id";
        String named = "Question: plan question 3\nAttempt 1:\nSQL: " + wrongStep + "\nError: column_not_found: column o.total_amnt does not exist"
                + "\nFix: Column \"o.total_amnt\" does not exist. The closest real columns, most likely first: orders.total_amount.";
        assertEquals(json.readTree(PLAN).get("steps"), json.readTree(always.reply(named).content()).get("steps"));
        String vague = named.replace("The closest real columns, most likely first: orders.total_amount.", "Try again.");
        com.fasterxml.jackson.databind.JsonNode guessed = json.readTree(always.reply(vague).content()).get("steps");
        assertNotEquals(json.readTree(PLAN).get("steps").get(1), guessed.get(1), "the failed step guessed again");
        assertEquals(json.readTree(PLAN).get("steps").get(0), guessed.get(0), "the other steps as they were");
        assertEquals(json.readTree(PLAN).get("steps").get(2), guessed.get(2));
    }
}
