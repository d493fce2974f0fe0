package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 36: what a question links does not depend on the questions before it. On a schema of more than twelve tables a
 * question samples only the tables it is about; a name it gives is looked up in their neighbours' columns too. Another
 * question that sampled such a column (a category) must not take it out of this question's lookups.
 */
class LinksColdOrWarmIT {

    private static final String DATABASE = "nlsql_links_warm36";
    private static String url;

    @BeforeAll
    static void schema() throws SQLException {
        List<String> ddl = new ArrayList<>(List.of(
                "CREATE TABLE region (region_id int PRIMARY KEY, name text NOT NULL)",
                "CREATE TABLE harbour (harbour_id int PRIMARY KEY, title text NOT NULL, region_id int NOT NULL REFERENCES region)",
                "CREATE TABLE vessel (vessel_id int PRIMARY KEY, name text NOT NULL, harbour_id int NOT NULL REFERENCES harbour)",
                "INSERT INTO region VALUES (1, 'Zephyr'), (2, 'Boreas'), (3, 'Notus')",
                // harbours and vessels: too many names to sample
                "INSERT INTO harbour SELECT g, 'Harbour ' || g, 1 + g % 3 FROM generate_series(1, 200) g",
                "INSERT INTO vessel SELECT g, 'Vessel ' || g, 1 + g % 200 FROM generate_series(1, 600) g",
                "INSERT INTO vessel VALUES (601, 'Zephyr', 1)")); // a vessel named like the region
        for (int i = 1; i <= 11; i++) { // more than twelve tables: a question samples only those it is about
            ddl.add("CREATE TABLE ledger" + i + " (id int PRIMARY KEY, memo text)");
        }
        url = TestPostgres.database(DATABASE, ddl.toArray(new String[0]));
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }

    private static String outcome(Statement s, String question) throws SQLException {
        try {
            s.executeQuery(question).close();
            return s.unwrap(NlStatement.class).lastTrace().finalSql();
        } catch (SQLException e) {
            return e.getSQLState() + " " + e.getMessage();
        }
    }

    @Test
    void aNameIsLookedUpInTheSameColumnsWhateverWasAskedBefore() throws Exception {
        String u = TestPostgres.withParams("jdbc:nlsql:" + url.substring("jdbc:".length()), "nlsql.llm=offline", "nlsql.cache=false");
        try (Connection c = DriverManager.getConnection(u); Statement s = c.createStatement()) {
            String cold = outcome(s, "how many vessels are in Zephyr");
            assertTrue(cold.contains("region.name"), cold); // looked up in region, two tables away
            assertTrue(cold.contains("vessel.name"), cold);
            outcome(s, "list the regions"); // samples region.name, a category
            assertEquals(cold, outcome(s, "how many vessels are in Zephyr"));
        }
    }
}
