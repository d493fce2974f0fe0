package dev.nlsql.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.eval.ResultMatch;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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
 * The offline generator on the demo shop's graded question set: precision (answers that match
 * the gold result) must be at least 95% of what it answers; coverage is reported.
 */
class OfflineGeneratorAccuracyTest {

    static List<String[]> questions() throws Exception {
        try (InputStream in = OfflineGeneratorAccuracyTest.class.getResourceAsStream("/demo-questions.tsv")) {
            List<String[]> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line.split("\t", 2));
                }
            }
            return out;
        }
    }

    static List<List<Object>> rows(ResultSet rs) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            List<Object> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
                row.add(rs.getObject(i));
            }
            out.add(row);
        }
        return out;
    }

    @Test
    void precisionOnWhatItAnswersIsAtLeast95Percent() throws Exception {
        String url = DemoDatabase.create();
        List<String[]> questions = questions();
        assertTrue(questions.size() >= 80, "question set size " + questions.size());
        int answered = 0;
        int strict = 0;
        int lenient = 0;
        List<String> wrong = new ArrayList<>();
        try (Connection plain = DriverManager.getConnection(url);
                Connection nl = DriverManager.getConnection("jdbc:nlsql:" + url.substring(5) + ";nlsql.llm=offline;nlsql.cache=false;nlsql.dialect=unverified");
                Statement gold = plain.createStatement(); Statement ask = nl.createStatement()) {
            for (String[] q : questions) {
                List<List<Object>> expected;
                try (ResultSet rs = gold.executeQuery(q[1])) {
                    expected = rows(rs);
                }
                List<List<Object>> actual;
                try (ResultSet rs = ask.executeQuery("NL: " + q[0])) {
                    actual = rows(rs);
                } catch (SQLException declined) {
                    continue;
                }
                answered++;
                boolean ordered = q[1].toUpperCase(Locale.ROOT).contains("ORDER BY");
                if (ResultMatch.strict(expected, actual, ordered)) {
                    strict++;
                    lenient++;
                } else if (ResultMatch.lenient(expected, actual, ordered)) {
                    lenient++;
                } else {
                    wrong.add(q[0] + " -> " + ask.unwrap(dev.nlsql.jdbc.NlStatement.class).lastTrace().finalSql());
                }
            }
        }
        double coverage = (double) answered / questions.size();
        double precision = answered == 0 ? 0 : (double) lenient / answered;
        System.out.printf("offline generator on %d demo questions: answered %d (coverage %.1f%%), correct %d strict / %d lenient "
                + "(precision %.1f%% lenient, %.1f%% strict)%n", questions.size(), answered, 100 * coverage, strict, lenient,
                100 * precision, answered == 0 ? 0 : 100.0 * strict / answered);
        wrong.forEach(w -> System.out.println("  wrong: " + w));
        assertTrue(precision >= 0.95, "precision " + precision + "; wrong answers: " + wrong);
        assertTrue(coverage >= 0.6, "coverage " + coverage);
    }
}
