package dev.nlsql.internal.generate;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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

/** nlsql.llm.seed reaches the model: the local scripted server sees it in every request, and no seed when none is set. */
class LlmSeedIT {

    private static final String TABLE = "llmseed_items";
    private static final String SQL = "SELECT count(*) FROM " + TABLE;

    @BeforeAll
    static void table() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (id int PRIMARY KEY, name text NOT NULL)");
            s.execute("INSERT INTO " + TABLE + " VALUES (1, 'bolt'), (2, 'nut') ON CONFLICT DO NOTHING");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        TestPostgres.dropTables(TABLE);
    }

    private static Connection connect(FakeOpenAi llm, String... extra) throws SQLException {
        List<String> params = new ArrayList<>(List.of("nlsql.tables=" + TABLE));
        params.addAll(List.of(extra));
        return llm.connect(TestPostgres.url(), params.toArray(new String[0]));
    }

    private static void ask(Connection c, String question) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(question)) {
            assertTrue(rs.next());
            assertEquals(2, rs.getLong(1));
        }
    }

    @Test
    void theSeedIsSentWithEveryRequest() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM no_such_table"), answer(SQL), answer(SQL));
                Connection c = connect(llm, "nlsql.llm.seed=4242", "nlsql.repairs=false")) {
            ask(c, "how many items are there?"); // a failed first attempt, then a corrected one: two requests
            ask(c, "how many items are there, again?");
            assertEquals(3, llm.requestCount());
            for (int i = 0; i < 3; i++) {
                JsonNode seed = llm.request(i).get("seed");
                assertTrue(seed != null && seed.isInt(), "request " + i + " carries a seed: " + llm.request(i));
                assertEquals(4242, seed.asInt());
            }
        }
    }

    @Test
    void noSeedIsSentUnlessOneIsSet() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(SQL)); Connection c = connect(llm)) {
            ask(c, "how many items are there?");
            assertEquals(1, llm.requestCount());
            assertFalse(llm.request(0).has("seed"), "no seed field: " + llm.request(0));
        }
    }
}
