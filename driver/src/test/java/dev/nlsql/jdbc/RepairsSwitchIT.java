package dev.nlsql.jdbc;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * README: {@code nlsql.repairs} (default true) fixes "failures that have exactly one sensible fix without asking the
 * LLM"; {@code nlsql.repairs=false} turns that off. The same misspelt column is repaired with it on (a {@code repair}
 * attempt, one model call) and sent back to the model with it off (no {@code repair} attempt, two model calls).
 */
class RepairsSwitchIT {

    private static final String BAD = "SELECT make, modle FROM clm_rep_cars ORDER BY id";
    private static final String GOOD = "SELECT make, model FROM clm_rep_cars ORDER BY id";

    @BeforeAll
    static void schema() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS clm_rep_cars");
            s.execute("CREATE TABLE clm_rep_cars (id int PRIMARY KEY, make text, model text)");
            s.execute("INSERT INTO clm_rep_cars VALUES (1, 'Audi', 'A4'), (2, 'Fiat', 'Panda')");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        TestPostgres.dropTables("clm_rep_cars");
    }

    private static Connection connect(FakeOpenAi llm, String... extra) throws SQLException {
        List<String> params = new ArrayList<>(List.of("nlsql.tables=clm_rep_cars"));
        params.addAll(List.of(extra));
        return llm.connect(TestPostgres.url(), params.toArray(new String[0]));
    }

    /** The trace of the question as EXPLAIN NL rows: "source/outcome" per attempt. */
    private static List<String> explain(Statement s) throws SQLException {
        List<String> steps = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("EXPLAIN NL list the makes and models")) {
            while (rs.next()) {
                steps.add(rs.getInt("attempt") + ":" + rs.getString("source") + "/" + rs.getString("outcome"));
            }
        }
        return steps;
    }

    @Test
    void withRepairsOnTheMisspeltColumnIsRepairedWithoutTheModel() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(BAD)); Connection c = connect(llm); Statement s = c.createStatement()) {
            assertEquals(List.of("1:llm/rejected", "2:repair/ok"), explain(s));
            assertEquals(1, llm.requestCount());
        }
    }

    @Test
    void withRepairsOffNoRepairIsTriedAndTheModelIsAskedAgain() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(BAD), answer(GOOD)); Connection c = connect(llm, "nlsql.repairs=false");
                Statement s = c.createStatement()) {
            assertEquals(List.of("1:llm/rejected", "2:llm/ok"), explain(s));
            assertEquals(2, llm.requestCount());
        }
    }
}
