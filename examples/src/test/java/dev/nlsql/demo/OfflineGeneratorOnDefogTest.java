package dev.nlsql.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.eval.GoldSql;
import dev.nlsql.eval.ResultMatch;
import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The offline generator on the external defog questions (real PostgreSQL): far harder than the
 * demo's, so it declines most; what it does answer must be right.
 */
class OfflineGeneratorOnDefogTest {

    @Test
    void whatItAnswersOnDefogIsRight() throws Exception {
        int total = 0;
        int answered = 0;
        int correct = 0;
        List<String> wrong = new ArrayList<>();
        for (Benchmarks.GoldQuestion q : Benchmarks.defogQuestions()) {
            total++;
            String url = Benchmarks.loadDefog(q.db());
            String nlUrl = TestPostgres.withParams("jdbc:nlsql:" + url.substring(5), "nlsql.llm=offline", "nlsql.cache=false");
            try (Connection plain = DriverManager.getConnection(url); Connection nl = DriverManager.getConnection(nlUrl);
                    Statement gold = plain.createStatement(); Statement ask = nl.createStatement()) {
                List<List<Object>> actual;
                try (ResultSet rs = ask.executeQuery("NL: " + q.question())) {
                    actual = OfflineGeneratorAccuracyTest.rows(rs);
                } catch (SQLException declined) {
                    continue;
                }
                answered++;
                boolean match = false;
                for (String g : GoldSql.expand(q.query())) {
                    try (ResultSet rs = gold.executeQuery(g)) {
                        match |= ResultMatch.lenient(OfflineGeneratorAccuracyTest.rows(rs), actual,
                                g.toUpperCase(Locale.ROOT).contains("ORDER BY"));
                    }
                }
                if (match) {
                    correct++;
                } else {
                    wrong.add(q.question() + " -> " + ask.unwrap(dev.nlsql.jdbc.NlStatement.class).lastTrace().finalSql());
                }
            }
        }
        System.out.printf("offline generator on %d defog questions: answered %d (coverage %.1f%%), correct %d (precision %s)%n",
                total, answered, 100.0 * answered / total, correct, answered == 0 ? "n/a" : String.format("%.1f%%", 100.0 * correct / answered));
        wrong.forEach(w -> System.out.println("  wrong: " + w));
        assertTrue(total >= 100, "questions read: " + total);
        assertTrue(wrong.size() <= Math.max(1, answered / 10), "wrong answers: " + wrong);
    }
}
