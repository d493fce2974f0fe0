package dev.nlsql.testing;

import java.sql.SQLException;

/**
 * A small music store in its own database: 'AC/DC' is an artist's name and also one track's composer, so a question
 * naming the band is ambiguous unless the entity it asks about settles it.
 */
public final class MusicDb {

    public static final String NAME = "nlsql_music36";

    private MusicDb() {
    }

    /** The plain JDBC URL, the database built once. */
    public static String url() throws SQLException {
        return TestPostgres.databaseOnce(NAME,
                "CREATE TABLE artist (artist_id int PRIMARY KEY, name text NOT NULL)",
                "CREATE TABLE album (album_id int PRIMARY KEY, title text NOT NULL, artist_id int NOT NULL REFERENCES artist)",
                "CREATE TABLE genre (genre_id int PRIMARY KEY, name text NOT NULL)",
                "CREATE TABLE track (track_id int PRIMARY KEY, name text NOT NULL, album_id int REFERENCES album, "
                        + "genre_id int REFERENCES genre, composer text, milliseconds int NOT NULL, unit_price numeric(10,2) NOT NULL)",
                "INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Aerosmith'), (4, 'Metallica'), (5, 'Queen')",
                "INSERT INTO album VALUES (1, 'For Those About To Rock', 1), (2, 'Let There Be Rock', 1), (3, 'Balls to the Wall', 2), "
                        + "(4, 'Big Ones', 3), (5, 'Master of Puppets', 4), (6, 'Garage Inc.', 4), (7, 'Load', 4), (8, 'Greatest Hits', 5)",
                "INSERT INTO genre VALUES (1, 'Rock'), (2, 'Metal'), (3, 'Pop')",
                // track 3 (album 4, Aerosmith's) has the composer 'AC/DC': filtering the composer counts 1 album, not 2
                "INSERT INTO track SELECT g, 'Track ' || g, 1 + g % 8, 1 + g % 3, CASE WHEN g = 3 THEN 'AC/DC' "
                        + "WHEN g % 4 = 0 THEN 'Angus Young' END, 150000 + (g * 7919) % 300000, 0.99 FROM generate_series(1, 60) g");
    }
}
