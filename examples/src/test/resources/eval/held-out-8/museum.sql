-- A museum of art: artists, galleries, staff, artworks, tickets 2024-2025, loans to other museums.

CREATE TABLE artists (
    artist_id    integer PRIMARY KEY,
    name         text NOT NULL,
    nationality  text NOT NULL,
    birth_city   text,
    birth_year   integer NOT NULL,
    death_year   integer                  -- NULL if living
);

INSERT INTO artists VALUES
 ( 1, 'Clara Hoffmann',      'German',    'Munich',     1881, 1952),
 ( 2, 'Émile Laurent',       'French',    'Lyon',       1842, 1911),
 ( 3, 'Pieter de Vries',     'Dutch',     'Utrecht',    1630, 1689),
 ( 4, 'Giulia Marchetti',    'Italian',   'Florence',   1598, 1660),
 ( 5, 'Henry Ashcombe',      'British',   'Norwich',    1775, 1840),
 ( 6, 'Margit Sándor',       'Hungarian', 'Budapest',   1905, 1987),
 ( 7, 'Tomás Ibarra',        'Spanish',   'Seville',    1860, 1925),
 ( 8, 'Ingrid Solberg',      'Norwegian', 'Bergen',     1948, NULL),
 ( 9, 'Kenji Morita',        'Japanese',  'Osaka',      1955, NULL),
 (10, 'Amara Okonkwo',       'Nigerian',  'Lagos',      1972, NULL),
 (11, 'Louis Bertrand',      'French',    'Paris',      1890, 1964),
 (12, 'Sofia Kowalczyk',     'Polish',    'Kraków',     1921, 2003),
 (13, 'Jan Vermeulen',       'Dutch',     'Amsterdam',  1612, 1671),
 (14, 'Edith Crane',         'British',   'London',     1866, 1940),
 (15, 'Rafael Domínguez',    'Mexican',   'Oaxaca',     1931, 2010),
 (16, 'Anna Lindgren',       'Swedish',   'Uppsala',    1980, NULL),
 (17, 'Marcel Dupont',       'French',    'Lyon',       1925, 1999),
 (18, 'Otto Brenner',        'German',    'Hamburg',    1870, 1938),
 (19, 'Lucia Ferraro',       'Italian',   'Turin',      1960, NULL),
 (20, 'William Hale',        'American',  'Boston',     1852, 1920),
 (21, 'Nadia Rahman',        'British',   'Leicester',  1985, NULL),
 (22, 'Yusuf Demir',         'Turkish',   'Izmir',      1944, 2016),
 (23, 'Greta Vogel',         'German',    'Dresden',    1901, 1975),
 (24, 'Charles Whitmore',    'British',   'Bath',       1728, 1792),
 (25, 'Hana Novak',          'Czech',     'Prague',     1990, NULL);

CREATE TABLE galleries (
    gallery_id          integer PRIMARY KEY,
    name                text NOT NULL,
    wing                text NOT NULL,          -- East, West, North
    floor               integer NOT NULL,
    climate_controlled  boolean NOT NULL
);

INSERT INTO galleries VALUES
 (1, 'Old Masters Hall',            'West',  1, true),
 (2, 'Impressionist Gallery',       'West',  2, true),
 (3, 'Modern Gallery',              'East',  1, false),
 (4, 'Sculpture Court',             'North', 0, false),
 (5, 'Works on Paper Room',         'East',  2, true),
 (6, 'Photography Gallery',         'East',  3, true),
 (7, 'Hoffmann Gallery',            'North', 1, true),
 (8, 'Temporary Exhibitions Hall',  'North', 2, true);

CREATE TABLE staff (
    staff_id    integer PRIMARY KEY,
    name        text NOT NULL,
    role        text NOT NULL,          -- Director, Curator, Conservator, Registrar, Guide
    manager_id  integer REFERENCES staff(staff_id),
    gallery_id  integer REFERENCES galleries(gallery_id),
    hired_on    date NOT NULL,
    salary      numeric(10,2) NOT NULL
);

INSERT INTO staff VALUES
 ( 1, 'Helena Park',      'Director',    NULL, NULL, '2011-09-01', 118000),
 ( 2, 'Samuel Okoro',     'Curator',     1,    1,    '2014-02-17',  72000),
 ( 3, 'Marie Lefèvre',    'Curator',     1,    2,    '2016-06-01',  69000),
 ( 4, 'Daniel Greene',    'Curator',     1,    3,    '2019-01-07',  64000),
 ( 5, 'Aiko Tanaka',      'Curator',     1,    6,    '2020-10-12',  61000),
 ( 6, 'Robert Finch',     'Conservator', 2,    NULL, '2013-03-04',  58000),
 ( 7, 'Leila Haddad',     'Conservator', 3,    NULL, '2022-05-16',  52000),
 ( 8, 'Peter Walsh',      'Registrar',   1,    NULL, '2018-11-19',  47000),
 ( 9, 'Grace Mensah',     'Guide',       4,    4,    '2021-04-01',  31000),
 (10, 'Oliver Brandt',    'Guide',       4,    3,    '2023-07-03',  29500),
 (11, 'Chiara Rossi',     'Guide',       3,    2,    '2024-03-11',  29500),
 (12, 'Tomasz Nowak',     'Guide',       2,    1,    '2025-01-20',  28000);

CREATE TABLE artworks (
    artwork_id          integer PRIMARY KEY,
    title               text NOT NULL,
    artist_id           integer REFERENCES artists(artist_id),     -- NULL: unknown artist
    year_created        integer,                                   -- NULL: undated
    medium              text NOT NULL,
    gallery_id          integer REFERENCES galleries(gallery_id),  -- NULL: in storage
    curator_id          integer NOT NULL REFERENCES staff(staff_id),
    acquired_on         date NOT NULL,
    acquisition_method  text NOT NULL,                             -- Purchase, Gift, Bequest
    donor_name          text,                                      -- for gifts and bequests
    purchase_price      numeric(12,2),                             -- for purchases
    insurance_value     numeric(12,2) NOT NULL
);

INSERT INTO artworks
SELECT i,
       (ARRAY['Quiet','Red','Evening','Winter','Golden','Distant','Broken','Silver','Blue','Northern','Small','Last','Green','Hidden'])[i % 14 + 1]
         || ' ' ||
       (ARRAY['Harbour','Garden','Portrait','Orchard','River','Window','Study','Field','Figure','Bridge','Still Life','Dancer','Mountain','Interior','Market'])[i % 15 + 1],
       a.artist_id,
       CASE WHEN i % 17 = 0 OR a.artist_id IS NULL THEN NULL
            ELSE least(a.birth_year + 22 + (i * 11) % 40, coalesce(a.death_year, 2024)) END,
       (ARRAY['Oil on canvas','Watercolour','Bronze','Marble','Photograph','Print','Textile'])[(i * 3) % 7 + 1],
       CASE WHEN i % 9 = 0 THEN NULL ELSE i % 7 + 1 END,
       (ARRAY[2,3,4,5])[i % 4 + 1],
       date '1950-01-01' + (i * 263) % 27700,
       CASE WHEN i % 5 IN (0, 1) THEN 'Gift' WHEN i % 5 = 2 THEN 'Bequest' ELSE 'Purchase' END,
       CASE WHEN i % 5 IN (0, 1, 2)
            THEN (ARRAY['Clara Hoffmann','Arthur Pemberton','The Lindqvist Foundation','Rosalind Key','Hugo Marsh','Evelyn Stroud'])[i % 6 + 1] END,
       CASE WHEN i % 5 IN (3, 4) THEN 5000 + (i * 7919) % 245000 END,
       10000 + (i * 4391) % 990000
FROM generate_series(1, 200) i
LEFT JOIN artists a ON a.artist_id = CASE WHEN i % 25 = 0 THEN NULL
                                          WHEN (i * 7) % 31 < 24 THEN (i * 7) % 31 + 1
                                          ELSE (i * 3) % 7 + 1 END;

-- nothing is acquired before it was made
UPDATE artworks
SET acquired_on = make_date(least(year_created + 1 + artwork_id % 3, 2025), 1 + artwork_id % 12, 1 + artwork_id % 28)
WHERE extract(year FROM acquired_on) < year_created;

CREATE TABLE tickets (
    ticket_id    integer PRIMARY KEY,
    visit_date   date NOT NULL,          -- closed on Mondays
    ticket_type  text NOT NULL,          -- Adult, Child, Senior, Student, Member
    price        numeric(6,2) NOT NULL,  -- members visit free; adult and senior prices rose in 2025
    channel      text NOT NULL           -- Online, Desk
);

INSERT INTO tickets
SELECT row_number() OVER (ORDER BY d, j), d, t,
       CASE t WHEN 'Adult'   THEN CASE WHEN d < date '2025-01-01' THEN 18 ELSE 20 END
              WHEN 'Senior'  THEN CASE WHEN d < date '2025-01-01' THEN 12 ELSE 13 END
              WHEN 'Student' THEN 10
              WHEN 'Child'   THEN 8
              ELSE 0 END,
       CASE WHEN (n + j) % 3 = 0 THEN 'Desk' ELSE 'Online' END
FROM (
  SELECT d::date AS d, n, j,
         (ARRAY['Adult','Child','Senior','Student','Member','Adult','Adult'])[(n * 3 + j) % 7 + 1] AS t
  FROM generate_series(date '2024-01-01', date '2025-12-31', interval '1 day') WITH ORDINALITY AS g(d, n)
  CROSS JOIN generate_series(1, 7) j
  WHERE extract(isodow FROM d) <> 1
    AND j <= 2 + (n * 5) % 6 + CASE WHEN extract(isodow FROM d) IN (6, 7) THEN 1 ELSE 0 END
) s;

CREATE TABLE loans (
    loan_id          integer PRIMARY KEY,
    artwork_id       integer NOT NULL REFERENCES artworks(artwork_id),
    borrower_museum  text NOT NULL,
    borrower_city    text NOT NULL,
    start_date       date NOT NULL,
    end_date         date,               -- NULL: still on loan
    loan_fee         numeric(10,2)       -- NULL: no fee charged
);

INSERT INTO loans
SELECT i,
       (i * 13) % 29 + 1,
       (ARRAY['Musée des Beaux-Arts','Rijksmuseum Twenthe','Kunsthalle Nord','National Gallery of Victoria','Museo del Sur','Musée Marcel Dupont'])[i % 6 + 1],
       (ARRAY['Lyon','Enschede','Hamburg','Melbourne','Seville','Lyon'])[i % 6 + 1],
       date '2023-02-01' + i * 30,
       CASE WHEN i >= 30 THEN NULL ELSE date '2023-02-01' + i * 30 + 90 + (i % 4) * 30 END,
       CASE WHEN i % 4 = 0 THEN NULL ELSE 1500 + (i * 250) % 4000 END
FROM generate_series(1, 34) i;
