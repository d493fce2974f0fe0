package dev.nlsql.jdbc;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * README: the schema is "read once per database and cached"; "DDL sent through nlsql refreshes the cached schema;
 * {@code NlConnection.refreshSchema()} does it on demand". A column added elsewhere after the first question is neither
 * shown to the model nor accepted from it until the refresh; one added through nlsql is at once.
 */
class RefreshSchemaIT {

    private static final String DATABASE = "nlsql_claims_refresh";
    private static String url;

    @BeforeAll
    static void schema() throws SQLException {
        url = TestPostgres.database(DATABASE,
                "DROP TABLE IF EXISTS clm_first, clm_later, clm_through_nlsql, clm_newer",
                "CREATE TABLE clm_first (id int PRIMARY KEY)",
                "INSERT INTO clm_first VALUES (1)");
    }


    @Test
    void aColumnAddedElsewhereIsSeenOnlyAfterRefreshSchema() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM clm_first"), answer("SELECT count(note) FROM clm_first"),
                answer("SELECT count(note) FROM clm_first"), answer("SELECT count(*) FROM clm_later"),
                answer("SELECT count(*) FROM clm_later"), answer("SELECT count(*) FROM clm_through_nlsql"))) {
            List<String> params = new ArrayList<>(List.of(llm.params()));
            params.addAll(List.of("nlsql.cache=false", "nlsql.maxAttempts=1", "nlsql.repairs=false",
                    "ApplicationName=clm_refresh_" + System.nanoTime())); // a catalog cache of its own
            try (Connection c = DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + url.substring(5), params.toArray(new String[0])));
                    Statement s = c.createStatement()) {
                assertEquals(1, TestPostgres.single(s.executeQuery("how many firsts?")));
                assertTrue(llm.systemMessage(0).contains("TABLE clm_first"), llm.systemMessage(0));

                try (Connection plain = DriverManager.getConnection(url); Statement p = plain.createStatement()) {
                    p.execute("ALTER TABLE clm_first ADD COLUMN note text DEFAULT 'n'");
                    p.execute("CREATE TABLE clm_later (id int PRIMARY KEY)");
                    p.execute("INSERT INTO clm_later VALUES (1), (2)");
                }
                // cached: the model is not shown the new column, and SQL that reads it is refused by the catalog check
                SQLException stale = assertThrows(SQLException.class, () -> s.executeQuery("how many notes?"));
                assertEquals("NL001", stale.getSQLState(), stale.getMessage());
                assertFalse(llm.systemMessage(1).contains("note"), llm.systemMessage(1));

                c.unwrap(NlConnection.class).refreshSchema();
                assertEquals(1, TestPostgres.single(s.executeQuery("how many notes?")));
                assertTrue(llm.systemMessage(2).contains("note text"), llm.systemMessage(2));

                // the refresh read the new table too
                assertEquals(2, TestPostgres.single(s.executeQuery("how many laters?")));
                assertTrue(llm.systemMessage(3).contains("TABLE clm_later"), llm.systemMessage(3));

                // DDL sent through nlsql refreshes the cache itself
                s.execute("ALTER TABLE clm_later ADD COLUMN label text");
                assertEquals(2, TestPostgres.single(s.executeQuery("how many laters again?")));
                assertTrue(llm.systemMessage(4).contains("label text"), llm.systemMessage(4));
                s.execute("CREATE TABLE clm_through_nlsql (id int PRIMARY KEY)");
                assertEquals(0, TestPostgres.single(s.executeQuery("how many through nlsql?")));
                assertTrue(llm.systemMessage(5).contains("TABLE clm_through_nlsql"), llm.systemMessage(5));
                assertEquals(6, llm.requestCount());
            }
        }
    }

    /**
     * A table the cached catalog lacks is not shown to the model, but generated SQL that names it makes nlsql read the
     * schema again (once per question) before refusing it: a new table needs no refreshSchema().
     */
    @Test
    void aNewTableNamedByTheModelIsReadAgainOnce() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM clm_first"), answer("SELECT count(*) FROM clm_newer"),
                answer("SELECT count(*) FROM clm_newer"))) {
            List<String> params = new ArrayList<>(List.of(llm.params()));
            params.addAll(List.of("nlsql.cache=false", "nlsql.maxAttempts=1", "nlsql.repairs=false",
                    "ApplicationName=clm_reread_" + System.nanoTime()));
            try (Connection c = DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + url.substring(5), params.toArray(new String[0])));
                    Statement s = c.createStatement()) {
                assertEquals(1, TestPostgres.single(s.executeQuery("how many firsts?")));
                try (Connection plain = DriverManager.getConnection(url); Statement p = plain.createStatement()) {
                    p.execute("DROP TABLE IF EXISTS clm_newer");
                    p.execute("CREATE TABLE clm_newer (id int PRIMARY KEY)");
                    p.execute("INSERT INTO clm_newer VALUES (1), (2), (3)");
                }
                assertEquals(3, TestPostgres.single(s.executeQuery("how many newers?")));
                assertFalse(llm.systemMessage(1).contains("clm_newer"), "the prompt came from the cached catalog");
                assertEquals(3, TestPostgres.single(s.executeQuery("how many newers now?")));
                assertTrue(llm.systemMessage(2).contains("TABLE clm_newer"), "the catalog was read again: " + llm.systemMessage(2));
            }
        }
    }
}
