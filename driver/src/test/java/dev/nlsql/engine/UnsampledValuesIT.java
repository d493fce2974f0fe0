package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names in a column too varied for the value index (hundreds of artists) are looked up when the
 * question quotes or capitalises them, and answered offline with the right filter and count.
 */
class UnsampledValuesIT {

    private static final String DATABASE = "h_values_music";
    private static String url;

    @BeforeAll
    static void schema() throws SQLException {
        url = TestPostgres.database(DATABASE,
                "DROP TABLE IF EXISTS album", "DROP TABLE IF EXISTS artist",
                "CREATE TABLE artist (artist_id int PRIMARY KEY, name text NOT NULL)",
                "CREATE TABLE album (album_id int PRIMARY KEY, title text NOT NULL, artist_id int NOT NULL REFERENCES artist)",
                // 400 performers: far more distinct names than the value index samples
                "INSERT INTO artist SELECT g, 'Performer ' || g FROM generate_series(1, 400) g",
                "INSERT INTO artist VALUES (401, 'AC/DC'), (402, 'Led Zeppelin'), (403, 'Metallica'), (404, 'Johnson'), (405, 'Jonsson')",
                "INSERT INTO album SELECT g, 'Album ' || g, g FROM generate_series(1, 400) g",
                "INSERT INTO album SELECT 1000 + g, 'Rock ' || g, 401 FROM generate_series(1, 3) g",
                "INSERT INTO album SELECT 2000 + g, 'Zep ' || g, 402 FROM generate_series(1, 4) g",
                "INSERT INTO album SELECT 3000 + g, 'Metal ' || g, 403 FROM generate_series(1, 5) g",
                "INSERT INTO album VALUES (4001, 'J1', 404), (4002, 'J2', 405)");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }

    private static Connection offline(String... extra) throws SQLException {
        String u = TestPostgres.withParams("jdbc:nlsql:" + url.substring("jdbc:".length()), "nlsql.llm=offline", "nlsql.cache=false");
        return DriverManager.getConnection(TestPostgres.withParams(u, extra));
    }

    @Test
    void aNameAmongHundredsIsAnsweredOfflineWithItsFilter() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            assertEquals(3, TestPostgres.single(s.executeQuery("how many albums by AC/DC")));
            assertTrue(trace(s).finalSql().contains("'AC/DC'"), trace(s).finalSql());
            assertEquals(4, TestPostgres.single(s.executeQuery("how many albums by Led Zeppelin?")));
            assertTrue(trace(s).finalSql().contains("'Led Zeppelin'"), trace(s).finalSql());
            assertEquals(5, TestPostgres.single(s.executeQuery("how many albums by 'metallica'")));
        }
    }

    @Test
    void aNameOneLetterShortIsReadAsTheOneValueItMissesALetterOf() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            assertEquals(5, TestPostgres.single(s.executeQuery("how many albums by Metalica")));
            assertTrue(trace(s).finalSql().contains("'Metallica'"), trace(s).finalSql());
            assertTrue(trace(s).notes().contains("'Metalica' read as 'Metallica' (artist.name)"), trace(s).notes().toString());
            assertTrue(s.getWarnings().getMessage().contains("'Metalica' read as 'Metallica'"), s.getWarnings().getMessage());
        }
    }

    @Test
    void aMisspellingTwoValuesReadAsIsNotLinked() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("how many albums by Jonson"));
            assertEquals("NL005", e.getSQLState(), e.getMessage()); // Johnson and Jonsson: neither is guessed
            assertEquals(List.of(), trace(s).notes());
            assertEquals(1, TestPostgres.single(s.executeQuery("how many albums by Johnson")), "the name as written links");
        }
    }

    @Test
    void hostilePhrasesFindNothingAndChangeNothing() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement();
                Connection plain = DriverManager.getConnection(url); Statement p = plain.createStatement()) {
            long artists = TestPostgres.single(p.executeQuery("SELECT count(*) FROM artist"));
            for (String phrase : List.of("'; DROP TABLE artist; --", "Metal%", "Meta_lica", "_etalica", "AC/D_", "AC\\DC", "O'Brien%")) {
                String question = "how many albums by \"" + phrase + "\"";
                SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(question), question);
                assertEquals("NL005", e.getSQLState(), question + ": " + e.getMessage());
            }
            assertEquals(artists, TestPostgres.single(p.executeQuery("SELECT count(*) FROM artist")));
            assertEquals(3, TestPostgres.single(s.executeQuery("how many albums by AC/DC")), "the tables are still there");
        }
    }

    @Test
    void aFoundValueIsAHintInThePromptUnlessSendValuesIsFalse() throws Exception {
        String sql = "SELECT count(*) FROM album JOIN artist USING (artist_id) WHERE artist.name = 'Metallica'";
        try (FakeOpenAi llm = new FakeOpenAi(answer(sql), answer(sql))) {
            try (Connection c = llm.connect(url, "nlsql.cache=false"); Statement s = c.createStatement()) {
                assertEquals(5, TestPostgres.single(s.executeQuery("how many albums did Metalica release?")));
                assertTrue(trace(s).notes().contains("'Metalica' read as 'Metallica' (artist.name)"), trace(s).notes().toString());
            }
            assertTrue(llm.userMessage(0).contains("Values named in the question: artist.name = 'Metallica'"), llm.userMessage(0));
            try (Connection c = llm.connect(url, "nlsql.cache=false", "nlsql.llm.sendValues=false"); Statement s = c.createStatement()) {
                assertEquals(5, TestPostgres.single(s.executeQuery("how many albums did Metalica release?")));
            }
            assertEquals(2, llm.requestCount());
            assertFalse(llm.request(1).toString().contains("Metallica"), "the stored spelling never reaches the model: " + llm.request(1));
        }
    }

    /**
     * Issue 36: a verified question about one artist adapts to another whose name only a lookup finds (the names are not
     * sampled), with no model call and offline alike; the adapted SQL filters the same column.
     */
    @Test
    void aVerifiedQuestionAdaptsToANameFoundByLookup(@TempDir Path dir) throws Exception {
        Path knowledge = dir.resolve("knowledge.yaml");
        Files.writeString(knowledge, """
                verified:
                  - question: how many albums does AC/DC have?
                    sql: SELECT count(*) AS albums FROM album JOIN artist ON artist.artist_id = album.artist_id WHERE artist.name = 'AC/DC'
                """, StandardCharsets.UTF_8);
        try (FakeOpenAi llm = new FakeOpenAi(); Connection c = llm.connect(url, "nlsql.cache=false", "nlsql.knowledge=" + knowledge);
                Statement s = c.createStatement()) {
            assertEquals(4, TestPostgres.single(s.executeQuery("how many albums does Led Zeppelin have?")));
            assertEquals(Attempt.Source.VERIFIED, trace(s).attempts().get(0).source(), trace(s).attempts().toString());
            assertTrue(trace(s).finalSql().endsWith("WHERE artist.name = 'Led Zeppelin'"), trace(s).finalSql());
            assertTrue(trace(s).notes().contains("adapted from the verified question \"how many albums does AC/DC have?\" (AC/DC -> Led Zeppelin)"),
                    trace(s).notes().toString());
            assertEquals(0, llm.requestCount(), "no model call for an adapted verified question");
        }
        try (Connection c = offline("nlsql.knowledge=" + knowledge); Statement s = c.createStatement()) {
            assertEquals(5, TestPostgres.single(s.executeQuery("how many albums does Metallica have")));
            assertEquals(Attempt.Source.VERIFIED, trace(s).attempts().get(0).source(), trace(s).attempts().toString());
        }
    }

    @Test
    void aCachedAnswerKeepsTheNoteOfTheNameItReadDespiteATypo() throws Exception {
        String u = TestPostgres.withParams("jdbc:nlsql:" + url.substring("jdbc:".length()), "nlsql.llm=offline");
        try (Connection c = DriverManager.getConnection(u); Statement s = c.createStatement()) {
            for (String round : List.of("cold", "warm")) {
                assertEquals(5, TestPostgres.single(s.executeQuery("How many albums by Metalica?")), round);
                assertTrue(trace(s).notes().contains("'Metalica' read as 'Metallica' (artist.name)"), round + ": " + trace(s).notes());
                assertTrue(s.getWarnings().getMessage().contains("'Metalica' read as 'Metallica'"), round + ": " + s.getWarnings().getMessage());
            }
            assertEquals(Attempt.Source.CACHE, trace(s).attempts().get(0).source(), "the second answer is the cache's");
        }
    }

    @Test
    void aCachedAnswerIsAsSureAsTheAnswerItReplays() throws Exception {
        String good = "SELECT count(*) FROM album JOIN artist USING (artist_id) WHERE artist.name = 'Led Zeppelin'";
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM album WHERE artist_name = 'Led Zeppelin'"), answer(good))) {
            try (Connection c = llm.connect(url, "nlsql.cache=true", "nlsql.repairs=false"); Statement s = c.createStatement()) {
                for (String round : List.of("cold", "warm")) {
                    java.sql.ResultSet rs = s.executeQuery("NARRATE NL how many albums did the band Led Zeppelin make");
                    assertTrue(rs.next(), round);
                    assertEquals("medium", rs.getString("confidence"), round + ": " + rs.getString("why"));
                    // "band" shows nowhere in the SQL: the reading is not unique either, the same cold and warm
                    assertEquals("retried, reading not unique", rs.getString("why"), round + ": " + rs.getString("interpretation"));
                    assertEquals(good, rs.getString("sql"), round);
                }
                assertEquals(Attempt.Source.CACHE, trace(s).attempts().get(0).source(), "the second answer is the cache's");
            }
        }
    }

    private static Trace trace(Statement s) throws SQLException {
        return s.unwrap(NlStatement.class).lastTrace();
    }
}
