package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.MusicStoreDb;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Every answer says in words how the question was read, and "high" confidence needs a unique reading: offline and with
 * a model (the real langchain4j client against the scripted server), on a music store where a band's name is also a
 * track's composer.
 */
class InterpretationIT {

    private static final String DB = "nlsql_interpretation36";
    private static final String ALBUMS_BY_ACDC = "How many albums does 'AC/DC' have?";

    private static Connection offline() throws Exception {
        return DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + MusicStoreDb.url(DB).substring("jdbc:".length())));
    }

    private static Trace trace(Statement s) throws Exception {
        return s.unwrap(NlStatement.class).lastTrace();
    }

    @Test
    void offlineTheBandIsTheArtistsNameAndTheAnswerSaysSoWithHighConfidence() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("NARRATE NL " + ALBUMS_BY_ACDC);
            assertTrue(rs.next());
            assertTrue(rs.getString("sql").contains("artist.name = 'AC/DC'"), rs.getString("sql"));
            assertEquals("The answer to \"How many albums does 'AC/DC' have\" is 2.", rs.getString("answer"));
            assertEquals("high", rs.getString("confidence"), rs.getString("interpretation"));
            assertEquals("Counted the albums (album), keeping rows where artist's name (artist.name) is 'AC/DC'. "
                    + "Joined album.artist_id = artist.artist_id.", rs.getString("interpretation"));
            assertTrue(s.getWarnings().getMessage().contains("interpretation: Counted the albums (album)"), s.getWarnings().getMessage());
        }
    }

    @Test
    void aModelFilteringTheComposerIsAnsweredAtMediumWithTheOtherColumnNamed() throws Exception {
        String composer = "SELECT COUNT(DISTINCT album.album_id) FROM album JOIN track ON track.album_id = album.album_id "
                + "WHERE track.composer = 'AC/DC'";
        try (FakeOpenAi llm = new FakeOpenAi(answer(composer), answer("One album."));
                Connection c = llm.connect(MusicStoreDb.url(DB)); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("NARRATE NL " + ALBUMS_BY_ACDC);
            assertTrue(rs.next());
            assertEquals(composer, rs.getString("sql"));
            assertEquals("medium", rs.getString("confidence"), "the model's SQL is answered, but not at high");
            assertEquals("reading not unique", rs.getString("why"));
            String interpretation = rs.getString("interpretation");
            assertTrue(interpretation.contains("track's composer (track.composer) is 'AC/DC'"), interpretation);
            assertTrue(interpretation.contains("Not sure: 'AC/DC' is also a value of artist.name"), interpretation);
            assertEquals(interpretation, trace(s).interpretation());
        }
    }

    @Test
    void aModelDroppingEachIsMediumAndAGroupedAnswerHigh() throws Exception {
        String oneNumber = "SELECT COUNT(*) FROM track WHERE track.milliseconds > 300000";
        String grouped = "SELECT genre.name, COUNT(*) FROM track JOIN genre ON genre.genre_id = track.genre_id "
                + "WHERE track.milliseconds > 300000 GROUP BY genre.genre_id, genre.name ORDER BY genre.name";
        try (FakeOpenAi llm = new FakeOpenAi(answer(oneNumber), answer("n"), answer(grouped), answer("n"));
                Connection c = llm.connect(MusicStoreDb.url(DB)); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("NARRATE NL how many tracks over 300000 milliseconds does each genre have");
            assertTrue(rs.next());
            assertEquals("medium", rs.getString("confidence"));
            assertTrue(rs.getString("interpretation").contains("the question asks for each genre"), rs.getString("interpretation"));
            rs = s.executeQuery("NARRATE NL how many tracks longer than 300000 milliseconds per genre");
            assertTrue(rs.next());
            assertEquals("high", rs.getString("confidence"), rs.getString("interpretation"));
            assertTrue(rs.getString("interpretation").startsWith("For each genre id (genre.genre_id) and genre's name (genre.name), "
                    + "counted the tracks (track), keeping rows where track's milliseconds (track.milliseconds) is over 300000."),
                    rs.getString("interpretation"));
        }
    }

    @Test
    void aCachedAnswerReplaysItsReadingWithoutReadingItAgain() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            s.executeQuery("how many albums does 'Accept' have").close();
            Trace cold = trace(s);
            s.executeQuery("how many albums does 'Accept' have").close();
            Trace warm = trace(s);
            assertEquals(Attempt.Source.CACHE, warm.attempts().get(0).source());
            assertEquals(cold.interpretation(), warm.interpretation());
            assertEquals(cold.doubts(), warm.doubts());
            assertTrue(cold.stageMillis().containsKey("interpret"), cold.stagesLine());
            assertFalse(warm.stageMillis().containsKey("interpret"), "the cached reading is replayed: " + warm.stagesLine());
        }
    }

    @Test
    void explainNlShowsTheInterpretationOnTheAnsweringAttempt() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("EXPLAIN NL " + ALBUMS_BY_ACDC);
            assertTrue(rs.next());
            assertEquals("ok", rs.getString("outcome"));
            assertTrue(rs.getString("interpretation").startsWith("Counted the albums (album)"), rs.getString("interpretation"));
            assertFalse(rs.next());
        }
    }

    @Test
    void aFailedQuestionHasNoInterpretation() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class, () -> s.executeQuery("how many dragons breathe fire"));
            assertNull(trace(s).interpretation());
            assertFalse(trace(s).success());
        }
    }
}
