package dev.nlsql.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.TestMariaDb;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The value lookups on MariaDB: the same names found, the same misspellings, the same hostile phrases finding nothing. */
class ValueLookupMariaDbIT {

    private static final String DB = "mdb_h_values";

    @BeforeAll
    static void schema() throws SQLException {
        TestMariaDb.require();
        TestMariaDb.recreateDatabase(DB);
        try (Connection c = TestMariaDb.connect(DB); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE artist (artist_id int PRIMARY KEY, name varchar(120) NOT NULL, INDEX (name))");
            s.execute("CREATE TABLE album (album_id int PRIMARY KEY, title varchar(120) NOT NULL, artist_id int NOT NULL,"
                    + " FOREIGN KEY (artist_id) REFERENCES artist (artist_id))");
            s.execute("INSERT INTO artist SELECT seq, CONCAT('Performer ', seq) FROM seq_1_to_400");
            s.execute("INSERT INTO artist VALUES (401, 'AC/DC'), (402, 'Led Zeppelin'), (403, 'Metallica'), (404, 'Johnson'),"
                    + " (405, 'Jonsson'), (406, 'Meta%ica')");
            s.execute("INSERT INTO album SELECT seq, CONCAT('Album ', seq), seq FROM seq_1_to_400");
            s.execute("INSERT INTO album VALUES (1001, 'R1', 401), (1002, 'R2', 401), (1003, 'R3', 401), (2001, 'M1', 403),"
                    + " (2002, 'M2', 403)");
            // a table only a view that writes can read: a lookup in the view must fail in a read-only transaction
            s.execute("CREATE TABLE hidden (name varchar(40))");
            s.execute("INSERT INTO hidden VALUES ('Hidden Gem')");
            s.execute("CREATE TABLE audit (n int)");
            s.execute("CREATE FUNCTION audited() RETURNS int MODIFIES SQL DATA BEGIN INSERT INTO audit VALUES (1); RETURN 1; END");
            s.execute("CREATE VIEW probe AS SELECT name FROM hidden WHERE audited() = 1");
            s.execute("CREATE VIEW plain_probe AS SELECT name FROM hidden");
        }
    }

    @AfterAll
    static void drop() throws SQLException {
        TestMariaDb.dropDatabase(DB);
    }

    private static List<String> found(Connection c, String question, String... tables) throws SQLException {
        SchemaCatalog catalog = new CatalogReader(t -> true).read(c);
        Map<TableInfo, Double> scores = new IdentityHashMap<>();
        for (TableInfo t : catalog.tables()) {
            scores.put(t, List.of(tables).contains(t.name()) ? 1.0 : 0.0);
        }
        List<ValueLink> links = new ValueLookup().find(question, List.of(), catalog, scores, (t, col) -> false, c, null, 5);
        return links.stream().map(l -> l.table().name() + "." + l.column().name() + "=" + l.value() + (l.near() ? " (near)" : ""))
                .toList();
    }

    @Test
    void namesAreFoundMisspellingsReadOnlyWhenOneValueReadsSoAndHostilePhrasesFindNothing() throws SQLException {
        try (Connection c = TestMariaDb.connect(DB); Statement s = c.createStatement()) {
            assertEquals(List.of("artist.name=AC/DC"), found(c, "albums by \"ac/dc\"", "album"));
            assertEquals(List.of("artist.name=Led Zeppelin"), found(c, "albums by 'led zeppelin'", "album"));
            assertEquals(List.of("artist.name=Metallica (near)"), found(c, "albums by Metalica", "album"));
            assertEquals(List.of(), found(c, "albums by Jonson", "album"), "Johnson and Jonsson");
            long before = TestPostgres.single(s.executeQuery("SELECT count(*) FROM artist"));
            for (String phrase : List.of("x'; DROP TABLE artist; --", "Meta_lica", "_etalica", "Metal%", "AC/D_", "AC\\\\DC", "Meta!%ica")) {
                assertEquals(List.of(), found(c, "albums by \"" + phrase + "\"", "album"), phrase);
            }
            assertEquals(List.of("artist.name=Meta%ica"), found(c, "albums by \"Meta%ica\"", "album"));
            assertEquals(before, TestPostgres.single(s.executeQuery("SELECT count(*) FROM artist")));
            assertTrue(c.getAutoCommit());
        }
    }

    @Test
    void theLookupCannotWrite() throws SQLException {
        try (Connection c = TestMariaDb.connect(DB); Statement s = c.createStatement()) {
            assertEquals(1, TestPostgres.single(s.executeQuery("SELECT count(*) FROM probe")), "the view reads when it may write");
            s.execute("DELETE FROM audit");
            assertEquals(List.of("plain_probe.name=Hidden Gem"), found(c, "probes like 'Hidden Gem'", "plain_probe"));
            assertEquals(List.of(), found(c, "probes like 'Hidden Gem'", "probe"), "its write refused, the lookup found nothing");
            assertEquals(0, TestPostgres.single(s.executeQuery("SELECT count(*) FROM audit")));
            s.execute("INSERT INTO audit VALUES (2)"); // and the session writes again afterwards
            assertEquals(1, TestPostgres.single(s.executeQuery("SELECT count(*) FROM audit")));
        }
    }

    @Test
    void aNameAmongHundredsIsAnsweredOffline() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestMariaDb.nlUrl(DB, "nlsql.llm=offline", "nlsql.cache=false"));
                Statement s = c.createStatement()) {
            assertEquals(3, TestPostgres.single(s.executeQuery("how many albums by AC/DC")));
            assertEquals(2, TestPostgres.single(s.executeQuery("how many albums by Metalica")));
            NlStatement nl = s.unwrap(NlStatement.class);
            assertTrue(nl.lastTrace().finalSql().contains("'Metallica'"), nl.lastTrace().finalSql());
            assertTrue(nl.lastTrace().notes().contains("'Metalica' read as 'Metallica' (artist.name)"), nl.lastTrace().notes().toString());
        }
    }
}
