-- Music festival organiser: festivals, stages, artists, performances, ticket sales, volunteers.
CREATE TABLE festivals (
  festival_id  integer PRIMARY KEY,
  name         text NOT NULL,
  city         text NOT NULL,
  country      text NOT NULL,
  year         integer NOT NULL,
  start_date   date NOT NULL,
  end_date     date NOT NULL,
  capacity     integer NOT NULL
);

CREATE TABLE stages (
  stage_id     integer PRIMARY KEY,
  festival_id  integer NOT NULL REFERENCES festivals(festival_id),
  name         text NOT NULL,
  stage_type   text NOT NULL,          -- main, tent, club
  covered      boolean NOT NULL
);

CREATE TABLE artists (
  artist_id    integer PRIMARY KEY,
  name         text NOT NULL,
  genre        text NOT NULL,
  country      text NOT NULL,
  home_city    text,
  formed_year  integer
);

CREATE TABLE performances (
  performance_id integer PRIMARY KEY,
  festival_id    integer NOT NULL REFERENCES festivals(festival_id),
  stage_id       integer NOT NULL REFERENCES stages(stage_id),
  artist_id      integer NOT NULL REFERENCES artists(artist_id),
  starts_at      timestamp NOT NULL,
  set_minutes    integer NOT NULL,
  is_headliner   boolean NOT NULL DEFAULT false,
  fee_eur        numeric(10,2)
);

CREATE TABLE ticket_sales (
  sale_id      integer PRIMARY KEY,
  festival_id  integer NOT NULL REFERENCES festivals(festival_id),
  ticket_type  text NOT NULL,          -- day, weekend, vip, comp
  price        numeric(8,2) NOT NULL,
  quantity     integer NOT NULL,
  sold_at      timestamp NOT NULL,
  channel      text                    -- web, app, box office, reseller; NULL = unknown
);

CREATE TABLE volunteers (
  volunteer_id integer PRIMARY KEY,
  full_name    text NOT NULL,
  festival_id  integer NOT NULL REFERENCES festivals(festival_id),
  role         text NOT NULL,          -- steward, bar, first aid, info desk
  hours        integer,
  home_city    text
);

INSERT INTO festivals VALUES
 (1, 'Northwind Fest', 'Bergen',     'Norway',   2024, '2024-06-14', '2024-06-16', 12000),
 (2, 'Sunset Beats',   'Lisbon',     'Portugal', 2024, '2024-07-12', '2024-07-14', 25000),
 (3, 'Riverbank Rock', 'Manchester', 'UK',       2024, '2024-08-23', '2024-08-25', 18000),
 (4, 'Northwind Fest', 'Bergen',     'Norway',   2025, '2025-06-13', '2025-06-15', 14000),
 (5, 'Sunset Beats',   'Lisbon',     'Portugal', 2025, '2025-07-11', '2025-07-13', 27000),
 (6, 'Riverbank Rock', 'Manchester', 'UK',       2025, '2025-08-22', '2025-08-24', 18000),
 (7, 'Polder Jazz Days','Utrecht',   'Netherlands', 2025, '2025-09-19', '2025-09-20', 4000);

-- three stages per festival, the jazz festival has two
INSERT INTO stages
SELECT (f - 1) * 3 + s, f,
       (ARRAY['Main Stage','Big Tent','Club Room'])[s],
       (ARRAY['main','tent','club'])[s],
       s > 1
FROM generate_series(1, 6) f, generate_series(1, 3) s;
INSERT INTO stages VALUES (19, 7, 'Canal Stage', 'main', false), (20, 7, 'Cellar', 'club', true);

INSERT INTO artists VALUES
 ( 1, 'The Harbour Lights', 'rock',       'UK',          'Manchester', 2009),
 ( 2, 'Fjordlys',           'folk',       'Norway',      'Bergen',     2015),
 ( 3, 'Maré Alta',          'pop',        'Portugal',    'Lisbon',     2017),
 ( 4, 'Velvet Static',      'electronic', 'Germany',     'Berlin',     2012),
 ( 5, 'Nina Okafor',        'hip hop',    'UK',          'London',     NULL),
 ( 6, 'Blue Orchard',       'jazz',       'Netherlands', 'Utrecht',    2004),
 ( 7, 'Copper Wolves',      'rock',       'USA',         'Austin',     2011),
 ( 8, 'Lumen Drift',        'electronic', 'France',      'Lyon',       2018),
 ( 9, 'Saudade Club',       'jazz',       'Portugal',    'Porto',      2010),
 (10, 'Kite Season',        'pop',        'Ireland',     'Dublin',     2019),
 (11, 'Grey Parade',        'rock',       'UK',          'Leeds',      2006),
 (12, 'Solveig Berg',       'folk',       'Norway',      'Oslo',       NULL),
 (13, 'Neon Harbour',       'electronic', 'UK',          'Manchester', 2016),
 (14, 'The Tidewater Band', 'folk',       'Ireland',     'Galway',     2001),
 (15, 'Rosa Vento',         'pop',        'Portugal',    'Lisbon',     2020),
 (16, 'Mister Cassette',    'hip hop',    'France',      'Marseille',  2013),
 (17, 'Iron Meadow',        'rock',       'Germany',     'Hamburg',    2008),
 (18, 'Quiet Engines',      'electronic', 'Norway',      'Bergen',     2014),
 (19, 'Daan Visser Trio',   'jazz',       'Netherlands', 'Amsterdam',  1999),
 (20, 'Paper Satellites',   'pop',        'USA',         'Chicago',    2016),
 (21, 'Bruma',              'folk',       'Portugal',    NULL,         2021),
 (22, 'Lowland Kings',      'hip hop',    'Netherlands', 'Rotterdam',  2015),
 (23, 'Scarlet Avenue',     'rock',       'USA',         'Seattle',    2003),
 (24, 'Glasshouse',         'electronic', 'Germany',     'Berlin',     2019),
 (25, 'Ella Marsh',         'pop',        'UK',          'Bristol',    NULL),
 (26, 'Northern Static',    'rock',       'Norway',      'Tromsø',     2012),
 (27, 'Agua Doce',          'jazz',       'Portugal',    'Lisbon',     2007),
 (28, 'The Midnight Choir', 'folk',       'UK',          'Manchester', 2010),
 (29, 'Pulse Theory',       'electronic', 'Ireland',     'Cork',       2022),
 (30, 'Honey Static',       'pop',        'France',      'Paris',      2018);

-- performances: artist a plays festival f (1..6) when (a * 7 + f * 3) % 5 < 2,
-- artists 29 and 30 never play; the jazz festival (7) gets the jazz artists.
INSERT INTO performances (performance_id, festival_id, stage_id, artist_id, starts_at, set_minutes, is_headliner, fee_eur)
SELECT row_number() OVER (ORDER BY f, a), f,
       (f - 1) * 3 + 1 + (a + f) % 3,
       a,
       (fs.start_date + ((a + f) % 3)) + make_interval(hours => 14 + (a * 3 + f) % 9),
       45 + (a % 4) * 15,
       (a + f) % 3 = 0 AND a % 4 = 1,
       CASE WHEN (a + f) % 6 = 5 THEN NULL ELSE 2000 + (a * 137 + f * 53) % 9000 END
FROM generate_series(1, 6) f
JOIN festivals fs ON fs.festival_id = f
CROSS JOIN generate_series(1, 28) a
WHERE (a * 7 + f * 3) % 5 < 2;

INSERT INTO performances (performance_id, festival_id, stage_id, artist_id, starts_at, set_minutes, is_headliner, fee_eur)
SELECT 1000 + row_number() OVER (ORDER BY a), 7,
       CASE WHEN a IN (6, 19) THEN 19 ELSE 20 END,
       a,
       TIMESTAMP '2025-09-19 18:00' + make_interval(hours => (a % 5) * 2, days => a % 2),
       90,
       a = 19,
       1500 + a * 40
FROM unnest(ARRAY[6, 9, 19, 27]) a;

-- ticket sales: 1,800 sale lines
INSERT INTO ticket_sales
SELECT i,
       1 + i % 7,
       t.ticket_type,
       CASE t.ticket_type
         WHEN 'day' THEN 55 + (1 + i % 7) * 5
         WHEN 'weekend' THEN 140 + (1 + i % 7) * 10
         WHEN 'vip' THEN 320 + (1 + i % 7) * 15
         ELSE 0 END,
       1 + i % 4,
       (fs.start_date - (5 + (i * 37) % 170)) + make_interval(hours => 8 + i % 14, mins => (i * 13) % 60),
       CASE WHEN i % 23 = 0 THEN NULL
            ELSE (ARRAY['web','app','box office','reseller','web','app'])[1 + (i / 7) % 6] END
FROM generate_series(1, 1800) i
JOIN festivals fs ON fs.festival_id = 1 + i % 7
CROSS JOIN LATERAL (SELECT CASE WHEN i % 31 = 0 THEN 'comp'
                                WHEN i % 9 = 0 THEN 'vip'
                                WHEN i % 3 = 0 THEN 'weekend'
                                ELSE 'day' END AS ticket_type) t;

-- volunteers: 140
INSERT INTO volunteers
SELECT v,
       (ARRAY['Anna','Ben','Carla','David','Eva','Finn','Greta','Hugo','Ines','Jonas','Kari','Luis'])[1 + v % 12]
         || ' ' ||
       (ARRAY['Silva','Hansen','Walsh','Costa','Berg','Murphy','de Vries','Taylor','Nilsen'])[1 + (v * 5) % 9],
       1 + (v * 5) % 6,
       (ARRAY['steward','bar','first aid','info desk','steward'])[1 + v % 5],
       CASE WHEN v % 17 = 0 THEN NULL ELSE 8 + (v * 7) % 25 END,
       CASE WHEN v % 11 = 0 THEN NULL
            ELSE (ARRAY['Bergen','Lisbon','Manchester','Porto','Leeds','Oslo','Bristol'])[1 + (v * 2) % 7] END
FROM generate_series(1, 140) v;
