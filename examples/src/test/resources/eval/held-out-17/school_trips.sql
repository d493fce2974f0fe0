-- School travel agency: schools, destinations, trips, class bookings, guides and the guides on each trip.
-- Data is as of 2025-10-01: trips departing later are planned or confirmed. Deterministic.

CREATE TABLE schools (
    school_id    integer PRIMARY KEY,
    school_name  text NOT NULL,
    city         text NOT NULL,
    school_type  text NOT NULL CHECK (school_type IN ('primary', 'secondary', 'sixth form'))
);

CREATE TABLE destinations (
    destination_id    integer PRIMARY KEY,
    destination_name  text NOT NULL,
    country           text NOT NULL,
    kind              text NOT NULL CHECK (kind IN ('city', 'nature', 'seaside', 'heritage'))
);

CREATE TABLE trips (
    trip_id            integer PRIMARY KEY,
    school_id          integer NOT NULL REFERENCES schools(school_id),
    destination_id     integer NOT NULL REFERENCES destinations(destination_id),
    depart_date        date NOT NULL,
    return_date        date,
    price_per_student  numeric(8,2),
    status             text NOT NULL CHECK (status IN ('planned', 'confirmed', 'completed', 'cancelled'))
);

CREATE TABLE bookings (
    booking_id     integer PRIMARY KEY,
    trip_id        integer NOT NULL REFERENCES trips(trip_id),
    student_count  integer NOT NULL,
    booked_at      timestamp NOT NULL,
    paid           boolean NOT NULL
);

CREATE TABLE guides (
    guide_id   integer PRIMARY KEY,
    full_name  text NOT NULL,
    languages  text NOT NULL,
    home_city  text
);

CREATE TABLE trip_guides (
    trip_id   integer NOT NULL REFERENCES trips(trip_id),
    guide_id  integer NOT NULL REFERENCES guides(guide_id),
    role      text NOT NULL CHECK (role IN ('lead', 'assistant')),
    PRIMARY KEY (trip_id, guide_id)
);

INSERT INTO schools VALUES
 (1,  'St Mary''s Primary',        'York',       'primary'),
 (2,  'Kingsway Academy',          'Leeds',      'secondary'),
 (3,  'Oakfield School',           'Manchester', 'secondary'),
 (4,  'Lycée International',       'Lyon',       'secondary'),
 (5,  'Harbour View Primary',      'Bristol',    'primary'),
 (6,  'Castle Hill College',       'Edinburgh',  'sixth form'),
 (7,  'Riverside Primary',         'Leeds',      'primary'),
 (8,  'Greenwood High',            'Manchester', 'secondary'),
 (9,  'Minster Sixth Form',        'York',       'sixth form'),
 (10, 'École des Pins',            'Lyon',       'primary'),
 (11, 'Clifton Grammar',           'Bristol',    'secondary'),
 (12, 'Meadowbank Primary',        'Edinburgh',  'primary'),
 (13, 'Northgate Academy',         'Leeds',      'secondary'),
 (14, 'Ashdown Primary',           'Manchester', 'primary'),
 (15, 'Queen''s Park College',     'Bristol',    'sixth form'),
 (16, 'Holy Trinity School',       'York',       'secondary'),
 (17, 'Brookside Primary',         'Edinburgh',  'primary'),
 (18, 'Westfield Academy',         'Manchester', 'secondary'),
 (19, 'Canal Street Primary',      'Leeds',      'primary'),
 (20, 'Hillcrest School',          'Bristol',    'secondary');

INSERT INTO destinations VALUES
 (1,  'Paris',             'France',      'city'),
 (2,  'Lyon',              'France',      'city'),
 (3,  'Lake District',     'UK',          'nature'),
 (4,  'York',              'UK',          'heritage'),
 (5,  'Barcelona',         'Spain',       'city'),
 (6,  'Costa Brava',       'Spain',       'seaside'),
 (7,  'Rome',              'Italy',       'heritage'),
 (8,  'Amalfi Coast',      'Italy',       'seaside'),
 (9,  'Berlin',            'Germany',     'city'),
 (10, 'Black Forest',      'Germany',     'nature'),
 (11, 'Amsterdam',         'Netherlands', 'city'),
 (12, 'Cornwall',          'UK',          'seaside'),
 (13, 'Pompeii',           'Italy',       'heritage'),
 (14, 'Snowdonia',         'UK',          'nature'),
 (15, 'Normandy Beaches',  'France',      'heritage');

INSERT INTO trips (trip_id, school_id, destination_id, depart_date, return_date, price_per_student, status)
SELECT g,
       1 + (g * 7) % 19,
       1 + (g * 3) % 14,
       d,
       CASE WHEN d > date '2025-10-01' AND g % 4 = 0 THEN NULL ELSE d + (g % 5 + 1) END,
       CASE WHEN d > date '2025-10-01' AND g % 5 = 0 THEN NULL ELSE 150 + (g * 37) % 400 END,
       CASE WHEN g % 13 = 0 THEN 'cancelled'
            WHEN d <= date '2025-10-01' THEN 'completed'
            WHEN g % 2 = 0 THEN 'confirmed'
            ELSE 'planned' END
FROM generate_series(1, 120) AS g
CROSS JOIN LATERAL (SELECT date '2024-01-15' + g * 6 AS d) x;

INSERT INTO bookings (booking_id, trip_id, student_count, booked_at, paid)
SELECT row_number() OVER (ORDER BY t.trip_id, k),
       t.trip_id,
       10 + (t.trip_id * 3 + k * 7) % 21,
       t.depart_date - (30 + ((t.trip_id + k) * 5) % 90) + make_interval(hours => 8 + (t.trip_id + k) % 9, mins => (k * 13) % 60),
       CASE WHEN t.status = 'planned' THEN (t.trip_id + k) % 3 = 0
            ELSE (t.trip_id + k) % 6 <> 0 END
FROM trips t
CROSS JOIN LATERAL generate_series(1, 1 + t.trip_id % 4) AS k
WHERE NOT (t.status = 'cancelled' AND k > 1);

INSERT INTO guides VALUES
 (1,  'Claire Dubois',     'French, English',            'Lyon'),
 (2,  'Marco Bianchi',     'Italian, English',           'Rome'),
 (3,  'Hannah Schulz',     'German, English',            'Berlin'),
 (4,  'James Porter',      'English',                    'York'),
 (5,  'Lucia Fernández',   'Spanish, English, Catalan',  'Barcelona'),
 (6,  'Pieter de Vries',   'Dutch, English, German',     'Amsterdam'),
 (7,  'Emma Walsh',        'English, French',            'Leeds'),
 (8,  'Giulia Romano',     'Italian, English, French',   'Naples'),
 (9,  'Rhys Evans',        'English, Welsh',             NULL),
 (10, 'Sophie Martin',     'French, English, Spanish',   'Paris'),
 (11, 'Oliver Grant',      'English, German',            'Edinburgh'),
 (12, 'Nadia Petrova',     'English, Russian',           'Manchester');

INSERT INTO trip_guides (trip_id, guide_id, role)
SELECT g, 1 + (g * 5) % 11, 'lead' FROM generate_series(1, 120) AS g;

INSERT INTO trip_guides (trip_id, guide_id, role)
SELECT g, 1 + (g * 3 + 4) % 11, 'assistant' FROM generate_series(1, 120) AS g
WHERE g % 3 = 0
ON CONFLICT DO NOTHING;
