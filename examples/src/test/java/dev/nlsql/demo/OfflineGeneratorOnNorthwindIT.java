package dev.nlsql.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The offline generator on Northwind, a schema it was not written for, with questions written
 * the way a user asks them (northwind-gold.tsv): it must say "I don't know" rather than guess;
 * with and without the glossary of northwind-knowledge.yaml.
 */
class OfflineGeneratorOnNorthwindIT {

    @Test
    void whatItAnswersOnNorthwindIsRight() throws Exception {
        String url = Benchmarks.loadNorthwind();
        String nlUrl = TestPostgres.withParams("jdbc:nlsql:" + url.substring(5), "nlsql.llm=offline", "nlsql.cache=false");
        OfflineScore score = new OfflineScore("Northwind");
        OfflineScore held;
        try (Connection plain = DriverManager.getConnection(url); Connection nl = DriverManager.getConnection(nlUrl);
                Statement gold = plain.createStatement(); Statement ask = nl.createStatement()) {
            held = askAll(score, gold, q -> score.ask(gold, ask, q[0], List.of(q[1])));
        }
        score.assertRightAndAnswering(40); // measured: 40 of 88 answered (45.5%), all right
        assertHeldOut(held, 10); // measured 2026-11-27: 10 of 14 answered, all 10 right (precision 100%)
    }

    @Test
    void withItsGlossaryItAnswersMoreAndStaysRight() throws Exception {
        String url = Benchmarks.loadNorthwind();
        OfflineScore score = new OfflineScore("Northwind, with its glossary,");
        OfflineScore held;
        String nlUrl = TestPostgres.withParams("jdbc:nlsql:" + url.substring(5), "nlsql.llm=offline", "nlsql.cache=false",
                "nlsql.knowledge=" + Benchmarks.resourceFile("/northwind-knowledge.yaml"));
        try (Connection plain = DriverManager.getConnection(url); Connection nl = DriverManager.getConnection(nlUrl);
                Statement gold = plain.createStatement(); Statement ask = nl.createStatement()) {
            held = askAll(score, gold, q -> score.ask(gold, ask, q[0], List.of(q[1])));
        }
        // measured: 50 of 88 answered (56.8%), 49 right (98.0%; the other is right but labels quarters by their first
        // day, where the gold writes Q1..Q4)
        score.assertRightAndAnswering(50);
        assertHeldOut(held, 11); // measured 2026-11-27: 11 of 14 answered, all 11 right (precision 100%)
    }

    /**
     * "Alfreds Futterkiste" is a customer's company name, and also the ship name of one of its orders: the question names
     * orders, but it asks about the customer, so filtering orders.ship_name would answer 1 with confidence (right: 6).
     */
    @Test
    void aNameOfAnotherTablesRowsIsNotTakenAsAColumnOfTheNamedTable() throws Exception {
        String url = Benchmarks.loadNorthwind();
        String nlUrl = TestPostgres.withParams("jdbc:nlsql:" + url.substring(5), "nlsql.llm=offline", "nlsql.cache=false");
        try (Connection nl = DriverManager.getConnection(nlUrl); Statement ask = nl.createStatement()) {
            java.sql.SQLException e = org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class,
                    () -> ask.executeQuery("How many orders did Alfreds Futterkiste place?"));
            assertTrue("NL005".equals(e.getSQLState()) && e.getMessage().contains("customers.company_name")
                    && e.getMessage().contains("orders.ship_name"), e.getMessage());
        }
    }

    /**
     * The held-out questions (never used to tune the generator) are asserted, not only printed: at least
     * {@code minAnswered} answered (as measured) and a precision floor of 95%, with the 100% measured: on 10 or 11
     * answered questions one wrong answer fails it, so the margin is in coverage only.
     */
    private static void assertHeldOut(OfflineScore held, int minAnswered) {
        assertTrue(held.asked > 0, "no held-out questions: the '# Held out' line of northwind-gold.tsv is missing");
        assertTrue(held.answered >= minAnswered, "held out answered " + held.answered + " of " + held.asked);
        assertTrue(held.precision() >= 0.95, "held-out precision " + held.precision() + " (" + held.correct + " of " + held.answered + ")");
    }

    private interface Ask {
        void ask(String[] question) throws Exception;
    }

    /** Asks every question; returns the held-out questions' share of the score, printed. */
    private static OfflineScore askAll(OfflineScore score, Statement gold, Ask ask) throws Exception {
        List<String[]> questions = Benchmarks.northwindGold();
        assertTrue(questions.size() >= 60, "question set size " + questions.size());
        int heldOutFrom = questions.size() - Benchmarks.northwindHeldOut();
        OfflineScore held = new OfflineScore("held-out");
        for (int i = 0; i < questions.size(); i++) {
            if (i == heldOutFrom) {
                held.asked = -score.asked;
                held.answered = -score.answered;
                held.correct = -score.correct;
            }
            ask.ask(questions.get(i));
        }
        held.asked += score.asked;
        held.answered += score.answered;
        held.correct += score.correct;
        System.out.printf(java.util.Locale.ROOT, "  of which held out: %d questions, answered %d (coverage %.1f%%), correct %d "
                + "(precision %.1f%%)%n", held.asked, held.answered, 100 * held.coverage(), held.correct, 100 * held.precision());
        return held;
    }
}
