package dev.nlsql.internal.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class SimilarQuestionsTest {

    private static final SchemaCatalog CATALOG = new SchemaCatalog("PostgreSQL", "15", "public", List.of(
            table("customers", "customer_id", "name", "country"),
            table("orders", "order_id", "customer_id", "order_date", "freight")));

    private static final List<VerifiedQuestion> PAIRS = List.of(
            pair("How many customers are there in each country?", "SELECT country, count(*) FROM customers GROUP BY country"),
            pair("Which orders were shipped to France?", "SELECT order_id FROM orders WHERE ship_country = 'France'"),
            pair("What is the total freight of orders per customer?", "SELECT customer_id, sum(freight) FROM orders GROUP BY 1"),
            pair("List the customers from France", "SELECT name FROM customers WHERE country = 'France'"),
            pair("Average freight per order date", "SELECT order_date, avg(freight) FROM orders GROUP BY 1"));

    private static TableInfo table(String name, String... columns) {
        List<ColumnInfo> cols = new ArrayList<>();
        for (String c : columns) {
            cols.add(new ColumnInfo(c, "text", true, null));
        }
        return new TableInfo("public", name, null, cols, List.of(), List.of());
    }

    private static VerifiedQuestion pair(String question, String sql) {
        return new VerifiedQuestion(question, sql, "test", "2026-01-01");
    }

    private static List<String> questions(List<VerifiedQuestion> pairs) {
        return pairs.stream().map(VerifiedQuestion::question).toList();
    }

    @Test
    void theSameQuestionComesFirstAndAtMostKPairsComeBack() {
        SimilarQuestions similar = new SimilarQuestions(PAIRS, CATALOG);
        for (VerifiedQuestion p : PAIRS) {
            List<VerifiedQuestion> found = similar.mostSimilar(p.question(), 3);
            assertEquals(p, found.get(0), p.question());
            assertTrue(found.size() <= 3);
        }
        assertEquals(1, similar.mostSimilar("how many customers per country", 1).size());
    }

    @Test
    void resultsAreOrderedByScoreAndNoneIsBelowTheFloor() {
        SimilarQuestions similar = new SimilarQuestions(PAIRS, CATALOG);
        String question = "freight of orders shipped to France";
        double[] scores = similar.scores(question);
        List<VerifiedQuestion> found = similar.mostSimilar(question, PAIRS.size());
        double previous = Double.MAX_VALUE;
        for (VerifiedQuestion p : found) {
            double s = scores[PAIRS.indexOf(p)];
            assertTrue(s >= SimilarQuestions.FLOOR && s <= previous, p.question() + " scored " + s);
            previous = s;
        }
        int closeEnough = 0;
        boolean sharesButBelow = false;
        for (double s : scores) {
            closeEnough += s >= SimilarQuestions.FLOOR ? 1 : 0;
            sharesButBelow |= s > 0 && s < SimilarQuestions.FLOOR;
        }
        assertEquals(closeEnough, found.size(), "every pair at or above the floor comes back when k allows");
        assertTrue(sharesButBelow, "some pair shares a word yet falls below the floor: " + java.util.Arrays.toString(scores));
    }

    @Test
    void anUnrelatedQuestionGetsNoExamples() {
        SimilarQuestions similar = new SimilarQuestions(PAIRS, CATALOG);
        assertEquals(List.of(), similar.mostSimilar("Who painted the Night Watch?", 3));
        // one shared word ("France") among many is not enough
        String loose = "Which French painters lived in France during the golden age of Dutch painting?";
        assertTrue(similar.scores(loose)[1] > 0, "the question shares a word with a pair");
        assertEquals(List.of(), similar.mostSimilar(loose, 3));
    }

    @Test
    void wordsOfTheSchemasNamesWeighMore() {
        List<VerifiedQuestion> pairs = List.of(
                pair("parcels shipped to Germany", "SELECT 1"),
                pair("customers living in Spain", "SELECT 2"));
        String question = "customers from Germany";
        // without names both pairs share one word with the question: a tie, kept in file order
        assertEquals(questions(pairs), questions(new SimilarQuestions(pairs, null).mostSimilar(question, 2)));
        // "customers" names a table: the pair that shares it comes first
        assertEquals(List.of("customers living in Spain", "parcels shipped to Germany"),
                questions(new SimilarQuestions(pairs, CATALOG).mostSimilar(question, 2)));
    }

    @Test
    void equalScoresKeepFileOrder() {
        VerifiedQuestion a = pair("customers per country", "SELECT 'a'");
        VerifiedQuestion b = pair("Customers, per country!", "SELECT 'b'");
        VerifiedQuestion c = pair("customers by country", "SELECT 'c'");
        assertEquals(List.of(a, b, c), new SimilarQuestions(List.of(a, b, c), CATALOG).mostSimilar("customers per country", 3));
        assertEquals(List.of(c, b, a), new SimilarQuestions(List.of(c, b, a), CATALOG).mostSimilar("customers per country", 3));
        assertEquals(List.of(b, c), new SimilarQuestions(List.of(b, c, a), CATALOG).mostSimilar("customers per country", 2));
    }

    @Test
    void theSameAnswerEveryTimeFromEveryThread() throws Exception {
        SimilarQuestions similar = new SimilarQuestions(PAIRS, CATALOG);
        List<String> asked = List.of("customers in France", "freight per order", "how many orders", "average freight by date");
        List<List<VerifiedQuestion>> first = new ArrayList<>();
        for (String q : asked) {
            first.add(similar.mostSimilar(q, 3));
            assertEquals(first.get(first.size() - 1), new SimilarQuestions(PAIRS, CATALOG).mostSimilar(q, 3), "a new index, the same answer");
        }
        assertTrue(first.stream().allMatch(l -> !l.isEmpty()), "each question has examples: " + first);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<List<VerifiedQuestion>>>> runs = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                Callable<List<List<VerifiedQuestion>>> run = () -> {
                    List<List<VerifiedQuestion>> out = new ArrayList<>();
                    for (int round = 0; round < 200; round++) {
                        out.clear();
                        for (String q : asked) {
                            out.add(similar.mostSimilar(q, 3));
                        }
                    }
                    return out;
                };
                runs.add(pool.submit(run));
            }
            for (Future<List<List<VerifiedQuestion>>> r : runs) {
                assertEquals(first, r.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void emptyListsZeroKAndEmptyQuestionsGiveNothing() {
        assertEquals(List.of(), new SimilarQuestions(List.of(), CATALOG).mostSimilar("customers per country", 3));
        SimilarQuestions similar = new SimilarQuestions(PAIRS, CATALOG);
        assertEquals(List.of(), similar.mostSimilar("customers per country", 0));
        assertEquals(List.of(), similar.mostSimilar("customers per country", -1));
        assertEquals(List.of(), similar.mostSimilar(null, 3));
        assertEquals(List.of(), similar.mostSimilar("", 3));
        assertEquals(List.of(), similar.mostSimilar("how many of them are there?", 3), "stop words only");
        assertEquals(List.of(), similar.mostSimilar("2024 12 31", 3), "numbers only");
    }

    @Test
    void kLargerThanTheListReturnsEveryCloseEnoughPair() {
        SimilarQuestions similar = new SimilarQuestions(PAIRS, CATALOG);
        List<VerifiedQuestion> all = similar.mostSimilar("freight of orders", Integer.MAX_VALUE);
        assertTrue(all.size() >= 2 && all.size() < PAIRS.size(), "close pairs only: " + questions(all));
        assertEquals(all.subList(0, 2), similar.mostSimilar("freight of orders", 2));
    }

    @Test
    void hostileQuestionsAreReadWithinBoundedTime() {
        SimilarQuestions similar = new SimilarQuestions(PAIRS, CATALOG);
        String dirty = "\u0000customers\u0007 per\u001b[31m country\r\n\t\u202e";
        assertEquals(similar.mostSimilar("customers per country", 3), similar.mostSimilar(dirty, 3), "control characters separate words");
        String huge = "customers per country ".repeat(500_000) + "freight"; // 11 MB
        List<VerifiedQuestion> found = assertTimeoutPreemptively(Duration.ofSeconds(2), () -> similar.mostSimilar(huge, 3));
        assertEquals(similar.mostSimilar("customers per country", 3), found, "only the first " + SimilarQuestions.MAX_CHARS + " characters are read");
        String oneWord = "x".repeat(10_000_000);
        assertEquals(List.of(), assertTimeoutPreemptively(Duration.ofSeconds(2), () -> similar.mostSimilar(oneWord, 3)));
        List<VerifiedQuestion> hostilePairs = List.of(pair(huge, "SELECT 1"), pair("\u0000\u0000", "SELECT 2"), pair(null, "SELECT 3"));
        SimilarQuestions built = assertTimeoutPreemptively(Duration.ofSeconds(2), () -> new SimilarQuestions(hostilePairs, CATALOG));
        assertEquals(List.of(hostilePairs.get(0)), built.mostSimilar("customers per country", 3));
    }
}
