package dev.nlsql.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.GlossaryFiles;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
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
                    out.add(inThisYear(line).split("\t", 2));
                }
            }
            return out;
        }
    }

    /**
     * The demo's data spans the three years before today, so its questions name years relative
     * to now: {Y} is this year, {Y-1} last year, {Y-2} the year before; questions and data agree
     * in every year.
     */
    static String inThisYear(String line) {
        int y = LocalDate.now().getYear();
        return line.replace("{Y}", Integer.toString(y)).replace("{Y-1}", Integer.toString(y - 1))
                .replace("{Y-2}", Integer.toString(y - 2));
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
        OfflineScore score = new OfflineScore("demo");
        try (Connection plain = DriverManager.getConnection(url);
                Connection nl = DriverManager.getConnection("jdbc:nlsql:" + url.substring(5) + ";nlsql.llm=offline;nlsql.cache=false;nlsql.dialect=unverified");
                Statement gold = plain.createStatement(); Statement ask = nl.createStatement()) {
            for (String[] q : questions) {
                score.ask(gold, ask, q[0], List.of(q[1]));
            }
        }
        score.print();
        assertTrue(score.failed.isEmpty(), "errors other than a decline: " + score.failed);
        assertTrue(score.precision() >= 0.95, "precision " + score.precision() + "; wrong answers: " + score.wrong);
        assertTrue(score.answered >= 84, "answered " + score.answered + " of " + score.asked); // 84 of 89 (94.4%), all right
    }

    @Test
    void withTheShopsGlossaryPrecisionStaysAtLeast95Percent() throws Exception {
        String url = DemoDatabase.create();
        List<String[]> questions = questions();
        OfflineScore score = new OfflineScore("demo, with its glossary,");
        try (Connection plain = DriverManager.getConnection(url); Statement gold = plain.createStatement()) {
            GlossaryAsker asker = new GlossaryAsker(plain, false, GlossaryFiles.read("/demo-knowledge.yaml"), "nlsql.dialect=unverified");
            for (String[] q : questions) {
                score.ask(gold, asker, q[0], List.of(q[1]));
            }
        }
        score.print();
        assertTrue(score.failed.isEmpty(), "errors other than a decline: " + score.failed);
        assertTrue(score.precision() >= 0.95, "precision " + score.precision() + "; wrong answers: " + score.wrong);
        assertTrue(score.answered >= 85, "answered " + score.answered + " of " + score.asked); // 85 of 89 (95.5%), all right
    }
}
