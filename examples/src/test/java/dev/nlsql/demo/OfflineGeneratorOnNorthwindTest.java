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
 * the way a user asks them (northwind-gold.tsv): it must say "I don't know" rather than guess.
 */
class OfflineGeneratorOnNorthwindTest {

    @Test
    void whatItAnswersOnNorthwindIsRight() throws Exception {
        List<String[]> questions = Benchmarks.northwindGold();
        assertTrue(questions.size() >= 60, "question set size " + questions.size());
        String url = Benchmarks.loadNorthwind();
        String nlUrl = TestPostgres.withParams("jdbc:nlsql:" + url.substring(5), "nlsql.llm=offline", "nlsql.cache=false");
        OfflineScore score = new OfflineScore("Northwind");
        try (Connection plain = DriverManager.getConnection(url); Connection nl = DriverManager.getConnection(nlUrl);
                Statement gold = plain.createStatement(); Statement ask = nl.createStatement()) {
            int heldOutFrom = questions.size() - Benchmarks.northwindHeldOut();
            int answeredBefore = 0;
            int correctBefore = 0;
            for (int i = 0; i < questions.size(); i++) {
                if (i == heldOutFrom) {
                    answeredBefore = score.answered;
                    correctBefore = score.correct;
                }
                score.ask(gold, ask, questions.get(i)[0], List.of(questions.get(i)[1]));
            }
            int held = questions.size() - heldOutFrom;
            int answered = score.answered - answeredBefore;
            int correct = score.correct - correctBefore;
            System.out.printf(java.util.Locale.ROOT, "  of which held out: %d questions, answered %d (coverage %.1f%%), correct %d "
                    + "(precision %.1f%%)%n", held, answered, held == 0 ? 0.0 : 100.0 * answered / held, correct,
                    answered == 0 ? 0.0 : 100.0 * correct / answered);
        }
        score.print();
        assertTrue(score.failed.isEmpty(), "errors other than a decline: " + score.failed);
        assertTrue(score.precision() >= 0.95, "precision " + score.precision() + "; wrong answers: " + score.wrong);
        assertTrue(score.coverage() >= 0.40, "coverage " + score.coverage()); // answered 39 of 88 when written (44.3%)
    }
}
