package dev.nlsql.testing;

import java.sql.SQLException;

/**
 * A small music store in its own database, shaped like the public Chinook sample: artists, their albums, tracks with a
 * composer, genres, customers and invoices, employees, playlists, concerts and reviews (thirteen tables). 'Pop' is a genre
 * and an album's title. Band names are also composer values ('AC/DC' composed one track of AC/DC's
 * two albums; 'Metallica' one of Metallica's ten), and both name columns hold too many values to be sampled as
 * categories (150 artists, about 190 composers), so they are found by lookup, as on the real sample.
 */
public final class MusicStoreDb {

    private MusicStoreDb() {
    }

    /** The plain JDBC URL of the store in database {@code name}, built once (dropped when the JVM ends). */
    public static String url(String name) throws SQLException {
        return TestPostgres.databaseOnce(name,
                "CREATE TABLE artist (artist_id int PRIMARY KEY, name varchar(120) NOT NULL)",
                "CREATE TABLE album (album_id int PRIMARY KEY, title varchar(160) NOT NULL, artist_id int NOT NULL REFERENCES artist)",
                "CREATE TABLE genre (genre_id int PRIMARY KEY, name varchar(120) NOT NULL)",
                "CREATE TABLE media_type (media_type_id int PRIMARY KEY, name varchar(120) NOT NULL)",
                "CREATE TABLE track (track_id int PRIMARY KEY, name varchar(200) NOT NULL, album_id int NOT NULL REFERENCES album, "
                        + "media_type_id int NOT NULL REFERENCES media_type, genre_id int NOT NULL REFERENCES genre, composer varchar(220), "
                        + "milliseconds int NOT NULL, bytes int, unit_price numeric(10,2) NOT NULL)",
                "CREATE TABLE customer (customer_id int PRIMARY KEY, first_name varchar(40) NOT NULL, last_name varchar(40) NOT NULL, "
                        + "city varchar(40), country varchar(40), email varchar(60) NOT NULL)",
                "CREATE TABLE invoice (invoice_id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customer, "
                        + "invoice_date date NOT NULL, billing_country varchar(40), total numeric(10,2) NOT NULL)",
                "CREATE TABLE invoice_line (invoice_line_id int PRIMARY KEY, invoice_id int NOT NULL REFERENCES invoice, "
                        + "track_id int NOT NULL REFERENCES track, unit_price numeric(10,2) NOT NULL, quantity int NOT NULL)",
                "INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Aerosmith'), (4, 'Metallica'), (5, 'U2'), "
                        + "(6, 'Iron Maiden'), (7, 'Queen'), (8, 'Led Zeppelin'), (9, 'Apocalyptica'), (10, 'Audioslave')",
                // 140 more artists with made-up names of letters only, so that artist.name is too varied to sample
                "INSERT INTO artist SELECT n, initcap(translate(substr(md5(n::text), 1, 9), '0123456789', 'ghijklmnop')) "
                        + "FROM generate_series(11, 150) n",
                "INSERT INTO genre VALUES (1, 'Rock'), (2, 'Metal'), (3, 'Jazz'), (4, 'Pop'), (5, 'Blues'), (6, 'Alternative')",
                "INSERT INTO media_type VALUES (1, 'MPEG audio file'), (2, 'AAC audio file')",
                // albums: AC/DC 2, Accept 2, Aerosmith 1, Metallica 10, U2 3, Iron Maiden 4, Queen 2, Led Zeppelin 2,
                // Apocalyptica 1, Audioslave 3 (30), then one album for each made-up artist
                "INSERT INTO album VALUES (1, 'For Those About To Rock We Salute You', 1), (2, 'Let There Be Rock', 1), "
                        + "(3, 'Balls to the Wall', 2), (4, 'Restless and Wild', 2), (5, 'Big Ones', 3), "
                        + "(6, 'Garage Inc.', 4), (7, 'Black Album', 4), (8, 'Kill Em All', 4), (9, 'Load', 4), (10, 'Master Of Puppets', 4), "
                        + "(11, 'ReLoad', 4), (12, 'Ride The Lightning', 4), (13, 'St. Anger', 4), (14, 'And Justice For All', 4), "
                        + "(15, 'S&M', 4), (16, 'Achtung Baby', 5), (17, 'War', 5), (18, 'Pop', 5), (19, 'Powerslave', 6), "
                        + "(20, 'Fear Of The Dark', 6), (21, 'Piece Of Mind', 6), (22, 'Killers', 6), (23, 'Greatest Hits', 7), "
                        + "(24, 'News Of The World', 7), (25, 'Physical Graffiti', 8), (26, 'Houses Of The Holy', 8), "
                        + "(27, 'Plays Metallica By Four Cellos', 9), (28, 'Audioslave', 10), (29, 'Out Of Exile', 10), (30, 'Revelations', 10)",
                "INSERT INTO album SELECT n + 20, 'Record ' || initcap(translate(substr(md5('album' || n), 1, 8), '0123456789', 'ghijklmnop')), n "
                        + "FROM generate_series(11, 150) n",
                // four tracks an album; composers: the band's members, one track of AC/DC's and one of Metallica's
                // credited to the band, and a made-up composer per made-up album
                "INSERT INTO track SELECT a.album_id * 10 + k, 'Song ' || a.album_id || '-' || k, a.album_id, 1 + (a.album_id + k) % 2, "
                        + "CASE WHEN a.artist_id IN (4, 6, 9) THEN 2 WHEN a.artist_id IN (5, 7) THEN 4 WHEN a.artist_id > 10 "
                        + "THEN 1 + (a.album_id % 6) ELSE 1 END, "
                        + "CASE WHEN a.album_id = 1 AND k = 1 THEN 'AC/DC' WHEN a.album_id = 9 AND k = 2 THEN 'Metallica' "
                        + "WHEN a.artist_id = 1 THEN 'Angus Young, Malcolm Young, Brian Johnson' "
                        + "WHEN a.artist_id = 4 THEN 'James Hetfield, Lars Ulrich' WHEN a.artist_id = 5 THEN 'Bono, The Edge' "
                        + "WHEN a.artist_id = 6 THEN 'Steve Harris' WHEN a.artist_id = 7 THEN 'Freddie Mercury' "
                        + "WHEN a.artist_id <= 10 THEN NULL "
                        + "ELSE initcap(translate(substr(md5('composer' || a.album_id), 1, 7), '0123456789', 'ghijklmnop')) "
                        + "|| ' ' || initcap(translate(substr(md5('c' || a.album_id || k), 1, 6), '0123456789', 'ghijklmnop')) END, "
                        + "150000 + ((a.album_id * 7919 + k * 104729) % 300000), 3000000 + a.album_id * 1000 + k, "
                        + "CASE WHEN a.album_id % 5 = 0 THEN 1.99 ELSE 0.99 END "
                        + "FROM album a CROSS JOIN generate_series(1, 4) k",
                "INSERT INTO customer VALUES (1, 'Luis', 'Goncalves', 'Sao Jose dos Campos', 'Brazil', 'luisg@example.com'), "
                        + "(2, 'Leonie', 'Kohler', 'Stuttgart', 'Germany', 'leonekohler@example.com'), "
                        + "(3, 'Francois', 'Tremblay', 'Montreal', 'Canada', 'ftremblay@example.com'), "
                        + "(4, 'Bjorn', 'Hansen', 'Oslo', 'Norway', 'bjorn.hansen@example.com'), "
                        + "(5, 'Frantisek', 'Wichterlova', 'Prague', 'Czech Republic', 'frantisekw@example.com'), "
                        + "(6, 'Helena', 'Holy', 'Prague', 'Czech Republic', 'hholy@example.com'), "
                        + "(7, 'Astrid', 'Gruber', 'Vienne', 'Austria', 'astrid.gruber@example.com'), "
                        + "(8, 'Daan', 'Peeters', 'Brussels', 'Belgium', 'daan_peeters@example.com'), "
                        + "(9, 'Niklas', 'Schroder', 'Berlin', 'Germany', 'nschroder@example.com'), "
                        + "(10, 'Eduardo', 'Martins', 'Sao Paulo', 'Brazil', 'eduardo@example.com'), "
                        + "(11, 'Frank', 'Harris', 'Mountain View', 'USA', 'fharris@example.com'), "
                        + "(12, 'Jack', 'Smith', 'Redmond', 'USA', 'jacksmith@example.com')",
                // invoices over 2023 and 2024, two lines each
                "INSERT INTO invoice SELECT n, 1 + n % 12, DATE '2023-01-03' + n * 9, c.country, 0 "
                        + "FROM generate_series(1, 80) n JOIN customer c ON c.customer_id = 1 + n % 12",
                "INSERT INTO invoice_line SELECT i.invoice_id * 2 + k, i.invoice_id, 10 + ((i.invoice_id * 37 + k * 101) % 170) * 10 + 1 + k, "
                        + "0.99, 1 FROM invoice i CROSS JOIN generate_series(0, 1) k",
                "UPDATE invoice i SET total = (SELECT sum(unit_price * quantity) FROM invoice_line l WHERE l.invoice_id = i.invoice_id)",
                // more than twelve tables, as a question samples only the tables it is about on such a schema
                "CREATE TABLE employee (employee_id int PRIMARY KEY, first_name varchar(20) NOT NULL, last_name varchar(20) NOT NULL, "
                        + "title varchar(30))",
                "INSERT INTO employee VALUES (1, 'Andrew', 'Adams', 'General Manager'), (2, 'Nancy', 'Edwards', 'Sales Manager'), "
                        + "(3, 'Jane', 'Peacock', 'Sales Support Agent')",
                "CREATE TABLE playlist (playlist_id int PRIMARY KEY, name varchar(120) NOT NULL)",
                "INSERT INTO playlist VALUES (1, 'Music'), (2, 'Movies'), (3, 'Heavy Metal Classic')",
                "CREATE TABLE playlist_track (playlist_id int NOT NULL REFERENCES playlist, track_id int NOT NULL REFERENCES track, "
                        + "PRIMARY KEY (playlist_id, track_id))",
                "INSERT INTO playlist_track SELECT 1, track_id FROM track WHERE track_id % 3 = 0",
                "CREATE TABLE concert (concert_id int PRIMARY KEY, artist_id int NOT NULL REFERENCES artist, city varchar(40), held_on date)",
                "INSERT INTO concert VALUES (1, 7, 'London', '2023-06-01'), (2, 1, 'Sydney', '2024-02-10')",
                "CREATE TABLE review (review_id int PRIMARY KEY, album_id int NOT NULL REFERENCES album, stars int NOT NULL)",
                "INSERT INTO review VALUES (1, 7, 5), (2, 18, 3)");
    }
}
