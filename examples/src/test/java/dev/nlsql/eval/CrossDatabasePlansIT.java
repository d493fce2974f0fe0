package dev.nlsql.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every gold plan of the cross-database set, run by hand (pgjdbc on each part, H2 for the local
 * step), returns the rows of its defog gold SQL on the unsplit database: the set measures the
 * engine, not mistakes of its own.
 */
class CrossDatabasePlansIT {

    @BeforeAll
    static void build() throws Exception {
        CrossDatabases.build();
    }

    @AfterAll
    static void drop() throws Exception {
        CrossDatabases.drop();
    }

    /** The rows of each concrete gold statement, with whether it orders them. */
    record Gold(List<List<List<Object>>> rows, List<Boolean> ordered) {

        boolean matches(List<List<Object>> answer) {
            for (int i = 0; i < rows.size(); i++) {
                if (ResultMatch.strict(rows.get(i), answer, ordered.get(i))) {
                    return true;
                }
            }
            return false;
        }
    }

    static Gold gold(String db, String goldSql) throws SQLException {
        List<List<List<Object>>> rows = new ArrayList<>();
        List<Boolean> ordered = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(CrossDatabases.url(db, "full")); Statement s = c.createStatement()) {
            for (String g : GoldSql.expand(goldSql)) {
                try (ResultSet rs = s.executeQuery(g)) {
                    rows.add(Evaluator.rows(rs));
                    ordered.add(GoldSql.ordersRows(g));
                }
            }
        }
        return new Gold(rows, ordered);
    }

    @Test
    void everyGoldPlanReturnsTheGoldRows() throws Exception {
        List<CrossDatabaseQuestions.CrossQuestion> questions = CrossDatabaseQuestions.read();
        List<String> wrong = new ArrayList<>();
        int cross = 0;
        int nonEmpty = 0;
        Set<String> texts = new HashSet<>();
        for (CrossDatabaseQuestions.CrossQuestion q : questions) {
            assertTrue(texts.add(q.question().strip()), "questions are unique (the fake model finds plans by text): " + q.question());
            Map<String, String> sources = Map.of("main", CrossDatabases.url(q.db(), "a"), CrossDatabases.SOURCE_B,
                    CrossDatabases.url(q.db(), "b"));
            Gold gold = gold(q.db(), q.goldSql());
            try {
                List<List<Object>> rows = GoldPlanRunner.run(q.goldPlan(), sources);
                if (!gold.matches(rows)) {
                    wrong.add(q.defog() + " " + q.db() + ": rows differ: plan " + rows + " gold "
                            + gold.rows());
                }
                nonEmpty += rows.isEmpty() ? 0 : 1;
            } catch (SQLException e) {
                wrong.add(q.defog() + " " + q.db() + ": " + e.getMessage());
            }
            cross += isCross(q.goldPlan()) ? 1 : 0;
        }
        System.out.printf("cross-db plans: %d questions (%d across both parts, %d on b only), %d with rows, %d wrong%n", questions.size(),
                cross, questions.size() - cross, nonEmpty, wrong.size());
        wrong.forEach(w -> System.out.println("  " + w));
        assertEquals(List.of(), wrong, "plans that do not return the gold rows");
        assertTrue(questions.size() >= 40, "at least 40 questions: " + questions.size());
    }

    /** A plan with steps on both parts and a local step. */
    static boolean isCross(JsonNode plan) {
        Set<String> sources = new HashSet<>();
        plan.path("steps").forEach(s -> sources.add(s.path("source").asText("main")));
        return sources.containsAll(List.of("main", CrossDatabases.SOURCE_B, "local"));
    }
}
