-- Cinema chain: cinemas, screens, films, members, screenings, tickets. Data as of 2025-12-31.

CREATE TABLE cinemas (
    cinema_id   integer PRIMARY KEY,
    name        text NOT NULL,
    city        text NOT NULL,
    opened_on   date NOT NULL
);

CREATE TABLE screens (
    screen_id     integer PRIMARY KEY,
    cinema_id     integer NOT NULL REFERENCES cinemas(cinema_id),
    screen_number integer NOT NULL,
    seats         integer NOT NULL,
    screen_type   text NOT NULL CHECK (screen_type IN ('Standard', '3D', 'IMAX')),
    UNIQUE (cinema_id, screen_number)
);

CREATE TABLE films (
    film_id         integer PRIMARY KEY,
    title           text NOT NULL,
    genre           text NOT NULL,
    runtime_minutes integer,
    release_date    date NOT NULL,
    rating          text CHECK (rating IN ('G', 'PG', 'PG-13', 'R')),
    language        text NOT NULL
);

CREATE TABLE members (
    member_id   integer PRIMARY KEY,
    first_name  text NOT NULL,
    last_name   text NOT NULL,
    email       text,
    city        text NOT NULL,
    tier        text NOT NULL CHECK (tier IN ('Bronze', 'Silver', 'Gold')),
    joined_on   date NOT NULL
);

CREATE TABLE screenings (
    screening_id integer PRIMARY KEY,
    screen_id    integer NOT NULL REFERENCES screens(screen_id),
    film_id      integer NOT NULL REFERENCES films(film_id),
    starts_at    timestamp NOT NULL
);

CREATE TABLE tickets (
    ticket_id    integer PRIMARY KEY,
    screening_id integer NOT NULL REFERENCES screenings(screening_id),
    member_id    integer REFERENCES members(member_id),
    seat_type    text NOT NULL CHECK (seat_type IN ('Standard', 'Premium', 'VIP')),
    price        numeric(6,2) NOT NULL,
    purchased_at timestamp NOT NULL
);

INSERT INTO cinemas VALUES
 (1, 'Aurora',    'Leeds',   '2009-04-01'),
 (2, 'Palace',    'Bristol', '1998-10-15'),
 (3, 'Regent',    'Cardiff', '2012-06-01'),
 (4, 'Starlight', 'Glasgow', '2016-03-18'),
 (5, 'Lumiere',   'York',    '2021-09-10'),
 (6, 'Majestic',  'Norwich', '2005-11-25');

INSERT INTO screens VALUES
 ( 1, 1, 1, 320, 'IMAX'),
 ( 2, 1, 2, 180, '3D'),
 ( 3, 1, 3, 120, 'Standard'),
 ( 4, 1, 4,  90, 'Standard'),
 ( 5, 2, 1, 250, '3D'),
 ( 6, 2, 2, 140, 'Standard'),
 ( 7, 2, 3,  80, 'Standard'),
 ( 8, 3, 1, 200, 'Standard'),
 ( 9, 3, 2, 150, '3D'),
 (10, 3, 3, 100, 'Standard'),
 (11, 4, 1, 350, 'IMAX'),
 (12, 4, 2, 210, 'Standard'),
 (13, 4, 3, 160, '3D'),
 (14, 4, 4, 110, 'Standard'),
 (15, 5, 1, 130, 'Standard'),
 (16, 5, 2,  70, 'Standard'),
 (17, 6, 1, 190, '3D'),
 (18, 6, 2, 120, 'Standard');

INSERT INTO films VALUES
 ( 1, 'The Long Harbour',    'Drama',     128, '2024-01-12', 'PG-13', 'English'),
 ( 2, 'Starlight',           'Romance',   112, '2024-02-09', 'PG',    'English'),
 ( 3, 'Iron Meridian',       'Action',    141, '2024-03-22', 'PG-13', 'English'),
 ( 4, 'Paper Moons',         'Animation',  94, '2024-04-05', 'G',     'English'),
 ( 5, 'Cold Ledger',         'Thriller',  119, '2024-05-17', 'R',     'English'),
 ( 6, 'The Quiet Orchard',   'Drama',     103, '2024-06-21', 'PG',    'French'),
 ( 7, 'Laughing Gas',        'Comedy',     97, '2024-07-12', 'PG-13', 'English'),
 ( 8, 'Deep Signal',         'Sci-Fi',    134, '2024-08-30', 'PG-13', 'English'),
 ( 9, 'Night Ferry',         'Horror',     99, '2024-10-25', 'R',     'English'),
 (10, 'Winter Choir',        'Family',    101, '2024-11-29', 'G',     'English'),
 (11, 'Rust and Ruby',       'Action',    126, '2025-01-17', 'R',     'English'),
 (12, 'Borrowed Time',       'Comedy',    108, '2025-02-14', 'PG',    'English'),
 (13, 'The Glass Archive',   'Mystery',   122, '2025-03-28', 'PG-13', 'Korean'),
 (14, 'Tidewater',           'Drama',     137, '2025-05-09', 'PG-13', 'English'),
 (15, 'Orbit Nine',          'Sci-Fi',    149, '2025-06-20', 'PG-13', 'English'),
 (16, 'Little Lanterns',     'Animation',  88, '2025-07-25', 'G',     'Japanese'),
 (17, 'Hollow Pines',        'Horror',     95, '2025-09-05', 'R',     'English'),
 (18, 'Second Chances',      'Romance',   115, '2025-10-17', 'PG',    'English'),
 (19, 'The Last Lighthouse', 'Drama',     131, '2026-01-16', 'PG-13', 'English'),
 (20, 'Grand Heist',         'Action',   NULL, '2026-02-13', NULL,    'English');

INSERT INTO members
SELECT i,
       (ARRAY['Amelia','Oliver','Isla','Harry','Ava','Jack','Mia','Noah','Ella','Leo','Grace','Oscar'])[(i * 5) % 12 + 1],
       (ARRAY['Smith','Jones','Taylor','Brown','Wilson','Evans','Thomas','Roberts','Walker','Wright','Hughes','Green','Hall'])[(i * 7) % 13 + 1],
       CASE WHEN i % 7 = 0 THEN NULL ELSE 'member' || i || '@example.com' END,
       (ARRAY['Leeds','Bristol','Bath','Derby','Exeter','Leeds','Cardiff','Hull'])[i % 8 + 1],
       CASE WHEN i % 5 = 0 THEN 'Gold' WHEN i % 5 IN (1, 2) THEN 'Silver' ELSE 'Bronze' END,
       DATE '2023-01-05' + (i * 17) % 1000
FROM generate_series(1, 60) AS i;

INSERT INTO screenings
SELECT g,
       (g * 11 + g / 7) % 18 + 1,
       f.film_id,
       (f.release_date + (g * 11) % LEAST(100, DATE '2025-12-31' - f.release_date + 1))
         + TIME '13:00' + ((g % 4) * 150) * INTERVAL '1 minute'
FROM generate_series(1, 600) AS g
JOIN films f ON f.film_id = (g * 7) % 18 + 1;

INSERT INTO tickets
SELECT row_number() OVER (ORDER BY s.screening_id, k),
       s.screening_id,
       CASE WHEN (s.screening_id + k) % 3 = 0 THEN NULL ELSE (s.screening_id * 13 + k * 7) % 55 + 1 END,
       CASE WHEN (s.screening_id * 3 + k) % 10 <= 5 THEN 'Standard'
            WHEN (s.screening_id * 3 + k) % 10 <= 8 THEN 'Premium'
            ELSE 'VIP' END,
       CASE WHEN (s.screening_id * 3 + k) % 10 <= 5 THEN 9.50
            WHEN (s.screening_id * 3 + k) % 10 <= 8 THEN 12.00
            ELSE 16.50 END
       + CASE sc.screen_type WHEN 'IMAX' THEN 3.00 WHEN '3D' THEN 1.50 ELSE 0 END,
       s.starts_at - ((s.screening_id * k) % 72) * INTERVAL '1 hour'
FROM screenings s
JOIN screens sc ON sc.screen_id = s.screen_id
CROSS JOIN LATERAL generate_series(1, (s.screening_id * 7 + s.screening_id / 25) % 9) AS k;
