-- Tennis and racket club: members, courts, coaches, court bookings, coaching lessons, club tournaments.
-- Deterministic data over 2024-2025.

CREATE TABLE members (
    member_id   integer PRIMARY KEY,
    first_name  text NOT NULL,
    last_name   text NOT NULL,
    city        text NOT NULL,
    level       text NOT NULL CHECK (level IN ('beginner', 'intermediate', 'advanced')),
    joined_on   date NOT NULL,
    email       text
);

CREATE TABLE courts (
    court_id    integer PRIMARY KEY,
    name        text NOT NULL UNIQUE,
    surface     text NOT NULL CHECK (surface IN ('clay', 'hard', 'grass')),
    is_indoor   boolean NOT NULL,
    hourly_rate numeric(6,2) NOT NULL
);

CREATE TABLE coaches (
    coach_id    integer PRIMARY KEY,
    full_name   text NOT NULL,
    city        text NOT NULL,
    speciality  text,
    hired_on    date NOT NULL,
    lesson_rate numeric(6,2) NOT NULL
);

CREATE TABLE bookings (
    booking_id       integer PRIMARY KEY,
    court_id         integer NOT NULL REFERENCES courts(court_id),
    member_id        integer NOT NULL REFERENCES members(member_id),
    starts_at        timestamp NOT NULL,
    duration_minutes integer NOT NULL,
    price            numeric(7,2)
);

CREATE TABLE lessons (
    lesson_id        integer PRIMARY KEY,
    coach_id         integer NOT NULL REFERENCES coaches(coach_id),
    member_id        integer NOT NULL REFERENCES members(member_id),
    court_id         integer REFERENCES courts(court_id),
    lesson_date      date NOT NULL,
    duration_minutes integer NOT NULL,
    fee              numeric(7,2) NOT NULL
);

CREATE TABLE tournaments (
    tournament_id integer PRIMARY KEY,
    name          text NOT NULL,
    city          text NOT NULL,
    surface       text NOT NULL,
    start_date    date NOT NULL,
    entry_fee     numeric(6,2) NOT NULL
);

CREATE TABLE entries (
    tournament_id integer NOT NULL REFERENCES tournaments(tournament_id),
    member_id     integer NOT NULL REFERENCES members(member_id),
    seed          integer,
    result        text NOT NULL CHECK (result IN ('winner', 'runner-up', 'semifinal', 'early round')),
    PRIMARY KEY (tournament_id, member_id)
);

INSERT INTO members
SELECT i,
       (ARRAY['Anna','Ben','Clara','David','Emma','Felix','Grace','Henry','Isla','Jack','Kate','Liam','Mia','Noah','Olivia','Peter'])[((i - 1) % 16) + 1],
       (ARRAY['Walsh','Turner','Hughes','Patel','Moreno'])[((i - 1) / 16) + 1],
       (ARRAY['Ashford','Brookfield','Carlton','Dunmore','Elmswood','Ashford','Brookfield'])[(i % 7) + 1],
       CASE WHEN i % 5 IN (0, 1) THEN 'beginner' WHEN i % 5 IN (2, 3) THEN 'intermediate' ELSE 'advanced' END,
       DATE '2024-01-03' + ((i * 37) % 700),
       CASE WHEN i % 9 = 0 THEN NULL ELSE lower((ARRAY['Anna','Ben','Clara','David','Emma','Felix','Grace','Henry','Isla','Jack','Kate','Liam','Mia','Noah','Olivia','Peter'])[((i - 1) % 16) + 1]) || i || '@mail.test' END
FROM generate_series(1, 80) AS i;

INSERT INTO courts VALUES
 (1, 'Centre Court', 'grass', false, 30.00),
 (2, 'Court 2',      'grass', false, 26.00),
 (3, 'Court 3',      'clay',  false, 22.00),
 (4, 'Court 4',      'clay',  false, 22.00),
 (5, 'Court 5',      'hard',  false, 18.00),
 (6, 'Court 6',      'hard',  false, 18.00),
 (7, 'Dome A',       'hard',  true,  28.00),
 (8, 'Dome B',       'clay',  true,  32.00);

INSERT INTO coaches VALUES
 (1, 'Marta Kowalski', 'Ashford',    'clay technique', DATE '2023-03-01', 45.00),
 (2, 'Tom Reynolds',   'Brookfield', 'juniors',        DATE '2023-09-15', 38.00),
 (3, 'Sofia Lindqvist','Carlton',    'serve and volley', DATE '2024-04-01', 50.00),
 (4, 'Ravi Nair',      'Ashford',    NULL,             DATE '2024-10-01', 40.00),
 (5, 'Lucas Ferreira', 'Dunmore',    'fitness',        DATE '2025-11-01', 42.00);

-- 1500 bookings; members 1 and 76-80 never book, higher member ids book more; 1 in 50 bookings is complimentary (price NULL)
INSERT INTO bookings
SELECT b.i,
       b.court_id,
       b.member_id,
       b.starts_at,
       b.duration_minutes,
       CASE WHEN b.i % 50 = 0 THEN NULL ELSE c.hourly_rate * b.duration_minutes / 60 END
FROM (
    SELECT i,
           ((i * 7) % 8) + 1 AS court_id,
           CASE WHEN i % 2 = 0 THEN ((i * 13) % 75) + 1 ELSE floor(sqrt(i * 3.7))::integer END AS member_id,
           TIMESTAMP '2024-01-02 07:00' + (((i * 37) % 728) * INTERVAL '1 day') + (((i * 5) % 14) * INTERVAL '1 hour') AS starts_at,
           (ARRAY[60, 90, 120, 60])[(i % 4) + 1] AS duration_minutes
    FROM generate_series(1, 1500) AS i
) b
JOIN courts c ON c.court_id = b.court_id;

-- 420 lessons by coaches 1-4 (coach 5 has none yet); court sometimes not recorded
INSERT INTO lessons
SELECT l.i,
       l.coach_id,
       l.member_id,
       CASE WHEN l.i % 6 = 0 THEN NULL ELSE ((l.i * 3) % 8) + 1 END,
       l.lesson_date,
       l.duration_minutes,
       co.lesson_rate * l.duration_minutes / 60
FROM (
    SELECT i,
           CASE WHEN i % 10 < 4 THEN 1 WHEN i % 10 < 7 THEN 2 WHEN i % 10 < 9 THEN 3 ELSE 4 END AS coach_id,
           ((i * 11) % 64) + 1 AS member_id,
           CASE WHEN i % 10 = 9 THEN DATE '2024-10-01' + ((i * 7) % 450)
                WHEN i % 10 IN (7, 8) THEN DATE '2024-04-01' + ((i * 7) % 630)
                ELSE DATE '2024-01-08' + ((i * 7) % 710) END AS lesson_date,
           CASE WHEN i % 3 = 0 THEN 45 ELSE 60 END AS duration_minutes
    FROM generate_series(1, 420) AS i
) l
JOIN coaches co ON co.coach_id = l.coach_id;

INSERT INTO tournaments VALUES
 (1, 'Spring Clay Open',     'Ashford',    'clay',  DATE '2024-04-20', 25.00),
 (2, 'Summer Grass Cup',     'Brookfield', 'grass', DATE '2024-07-06', 30.00),
 (3, 'Autumn Indoor Classic','Carlton',    'hard',  DATE '2024-10-12', 20.00),
 (4, 'Spring Clay Open',     'Ashford',    'clay',  DATE '2025-04-19', 25.00),
 (5, 'Summer Grass Cup',     'Brookfield', 'grass', DATE '2025-07-05', 35.00),
 (6, 'Harbour Masters',      'Kingsport',  'hard',  DATE '2025-09-13', 40.00);

-- entries: members whose (member_id + 3*tournament_id) % 4 = 0 and who had joined before the tournament
INSERT INTO entries
SELECT e.tournament_id, e.member_id,
       CASE WHEN e.rn <= 4 THEN e.rn ELSE NULL END,
       CASE WHEN e.rn = 1 THEN 'winner' WHEN e.rn = 2 THEN 'runner-up' WHEN e.rn <= 4 THEN 'semifinal' ELSE 'early round' END
FROM (
    SELECT t.tournament_id, m.member_id,
           row_number() OVER (PARTITION BY t.tournament_id ORDER BY (m.member_id * 7 + t.tournament_id * 5) % 83) AS rn
    FROM tournaments t
    JOIN members m ON m.joined_on < t.start_date AND (m.member_id + 3 * t.tournament_id) % 4 = 0
) e;
