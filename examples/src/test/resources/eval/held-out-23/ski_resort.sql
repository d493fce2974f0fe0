-- Ski resort operations database (lifts, slopes, guests, tickets and passes, lift scans, ski school). Data as of 2025-04-30.

CREATE TABLE lifts (
    lift_id            integer PRIMARY KEY,
    lift_name          text    NOT NULL UNIQUE,
    lift_type          text    NOT NULL CHECK (lift_type IN ('gondola', 'chairlift', 't-bar', 'magic carpet')),
    seats_per_chair    integer,            -- NULL for surface lifts (t-bar, magic carpet)
    capacity_per_hour  integer NOT NULL,
    vertical_rise_m    integer NOT NULL,
    year_built         integer NOT NULL,
    is_operational     boolean NOT NULL
);

INSERT INTO lifts VALUES
 (1,  'Summit Gondola',      'gondola',      8,    2400, 820, 2015, true),
 (2,  'Aspen',               'chairlift',    6,    2800, 450, 2018, true),
 (3,  'Eagle Ridge Express', 'chairlift',    4,    2000, 510, 2009, true),
 (4,  'Pine Valley Chair',   'chairlift',    4,    1800, 380, 2004, true),
 (5,  'Glacier Six',         'chairlift',    6,    3000, 640, 2021, true),
 (6,  'Fox Run T-Bar',       't-bar',        NULL, 1200, 210, 1998, true),
 (7,  'Sunny Side T-Bar',    't-bar',        NULL, 1100, 180, 2001, true),
 (8,  'Bunny Carpet',        'magic carpet', NULL,  900,  15, 2016, true),
 (9,  'Timberline Quad',     'chairlift',    4,    2200, 470, 2012, true),
 (10, 'North Face Double',   'chairlift',    2,     900, 390, 1989, false);

CREATE TABLE slopes (
    slope_id          integer PRIMARY KEY,
    slope_name        text    NOT NULL UNIQUE,
    difficulty        text    NOT NULL CHECK (difficulty IN ('green', 'blue', 'red', 'black')),
    length_m          integer NOT NULL,
    max_gradient_pct  numeric(4,1) NOT NULL,
    lift_id           integer NOT NULL REFERENCES lifts(lift_id),   -- lift that serves the slope
    has_snowmaking    boolean NOT NULL,
    night_skiing      boolean NOT NULL
);

INSERT INTO slopes VALUES
 (1,  'Hunter',          'red',   1850, 38.0, 1,  true,  false),
 (2,  'Summit Run',      'black', 2600, 52.0, 1,  true,  false),
 (3,  'Cloud Nine',      'blue',  3100, 24.0, 1,  true,  false),
 (4,  'Birch Glade',     'blue',  1400, 22.0, 2,  true,  true),
 (5,  'Widowmaker',      'black', 1200, 61.0, 2,  false, false),
 (6,  'Lazy River',      'green', 1750, 12.0, 2,  true,  true),
 (7,  'Eagle Chute',     'black',  950, 58.0, 3,  false, false),
 (8,  'Ridgeline',       'red',   1650, 34.0, 3,  true,  false),
 (9,  'Panorama',        'blue',  2200, 20.0, 3,  true,  false),
 (10, 'Pine Trail',      'green', 1300, 10.0, 4,  true,  true),
 (11, 'Valley Cruise',   'blue',  1900, 18.0, 4,  true,  true),
 (12, 'Timber Drop',     'red',   1100, 36.0, 4,  false, false),
 (13, 'Glacier Bowl',    'red',   2050, 33.0, 5,  true,  false),
 (14, 'Crevasse',        'black', 1550, 55.0, 5,  false, false),
 (15, 'Ice Field',       'blue',  2450, 21.0, 5,  true,  false),
 (16, 'Fox Run',         'green',  800,  9.0, 6,  true,  false),
 (17, 'Sunny Side',      'green',  650,  8.0, 7,  true,  true),
 (18, 'Bunny Hill',      'green',  150,  5.0, 8,  true,  true),
 (19, 'Tamarack',        'red',   1450, 31.0, 9,  true,  false),
 (20, 'Big Horn',        'black', 1800, 49.0, 9,  false, false),
 (21, 'Timberline',      'blue',  1600, 23.0, 9,  true,  false),
 (22, 'North Face',      'black', 1350, 63.0, 10, false, false),
 (23, 'Old Mill',        'red',   1200, 35.0, 10, false, false),
 (24, 'Moose Meadow',    'green', 1100, 11.0, 9,  true,  false),
 (25, 'Avalanche Alley', 'black', 2100, 57.0, 1,  false, false);

CREATE TABLE guests (
    guest_id          integer PRIMARY KEY,
    first_name        text    NOT NULL,
    last_name         text    NOT NULL,
    email             text    NOT NULL UNIQUE,
    home_city         text    NOT NULL,
    country_code      char(2) NOT NULL,
    birth_date        date    NOT NULL,
    registered_at     timestamp NOT NULL,
    marketing_opt_in  boolean NOT NULL
);

INSERT INTO guests
SELECT g, n.fname, n.lname,
       lower(n.fname) || '.' || lower(n.lname) || g || '@mail.example',
       c.city, c.cc,
       DATE '1960-01-01' + (g * 397) % 17900,
       CASE WHEN g <= 250 THEN TIMESTAMP '2023-09-01 09:00' + (g - 1) * INTERVAL '8 hours'
            ELSE TIMESTAMP '2024-09-01 09:00' + (g - 251) * INTERVAL '13 hours' END,
       g % 3 <> 0
FROM generate_series(1, 400) AS g
CROSS JOIN LATERAL (
    SELECT (ARRAY['Emma','Liam','Olivia','Noah','Sophie','Lucas','Mia','Elias','Hannah','Felix',
                  'Lea','Jonas','Anna','Max','Laura','Paul','Julia','Ben','Clara','David'])[(g - 1) % 20 + 1] AS fname,
           (ARRAY['Schmidt','Miller','Rossi','Dubois','Fischer','Weber','Brown','Martin','Keller','Huber',
                  'Meyer','Novak','Bernard','Wagner','Costa','Berg','Larsen','Moreau','Baker','Walsh',
                  'Lang','Frei','Ortiz'])[((g - 1) * 7) % 23 + 1] AS lname
) n
CROSS JOIN LATERAL (
    SELECT (ARRAY['Zurich','Munich','Aspen','Denver','Lyon','Milan','Vienna','London','Innsbruck','Geneva','Boston'])[((g - 1) * 3) % 11 + 1] AS city,
           (ARRAY['CH','DE','US','US','FR','IT','AT','GB','AT','CH','US'])[((g - 1) * 3) % 11 + 1] AS cc
) c;

CREATE TABLE tickets (
    ticket_id      integer PRIMARY KEY,
    guest_id       integer NOT NULL REFERENCES guests(guest_id),
    ticket_type    text    NOT NULL CHECK (ticket_type IN ('day', 'multi_day', 'season')),
    season         text    NOT NULL CHECK (season IN ('2023/24', '2024/25')),
    valid_from     date    NOT NULL,
    valid_to       date    NOT NULL,
    purchased_at   timestamp NOT NULL,
    sales_channel  text    NOT NULL CHECK (sales_channel IN ('online', 'ticket_office', 'partner_hotel')),
    price_paid     numeric(8,2) NOT NULL,
    discount_code  text,                -- NULL = no discount
    refunded_at    timestamp            -- NULL = not refunded
);

-- seasons: 2023/24 runs 2023-12-09 .. 2024-04-14, 2024/25 runs 2024-12-07 .. 2025-04-21
INSERT INTO tickets
SELECT i,
       CASE WHEN i % 10 = 0 THEN
                CASE WHEN i <= 560 THEN ((i / 10) * 7) % 60 + 1 ELSE 40 + (((i - 560) / 10) * 11) % 64 + 1 END
            WHEN i <= 560 THEN (i * 37) % 250 + 1
            ELSE (i * 53) % 390 + 1 END,
       t.ttype,
       t.season,
       t.vfrom,
       CASE WHEN t.ttype = 'season' THEN t.send ELSE t.vfrom + (t.days - 1) END,
       CASE WHEN t.ttype = 'season' THEN
                CASE WHEN i <= 560 THEN TIMESTAMP '2023-11-24 10:00' ELSE TIMESTAMP '2024-11-20 10:00' END
                + ((CASE WHEN i <= 560 THEN i / 10 ELSE (i - 560) / 10 END) * INTERVAL '5 hours')
            WHEN t.channel = 'ticket_office' THEN t.vfrom + TIME '07:30' + (i % 90) * INTERVAL '1 minute'
            WHEN t.channel = 'online' THEN t.vfrom - (1 + i % 6) + TIME '18:00' + (i % 300) * INTERVAL '1 minute'
            ELSE t.vfrom - 1 + TIME '17:00' + (i % 120) * INTERVAL '1 minute' END,
       t.channel,
       round(t.base * (1 - CASE t.dcode WHEN 'LOCAL10' THEN 0.10 WHEN 'EARLYBIRD' THEN 0.15 WHEN 'FAMILY20' THEN 0.20 ELSE 0 END), 2),
       t.dcode,
       NULL
FROM generate_series(1, 1200) AS i
CROSS JOIN LATERAL (
    SELECT x.*,
           CASE WHEN x.ttype = 'season' THEN x.sstart
                WHEN i <= 560 THEN DATE '2023-12-09' + (i * 13) % 121
                ELSE DATE '2024-12-07' + (i * 17) % 129 END AS vfrom,
           CASE x.ttype
                WHEN 'day'       THEN CASE WHEN i <= 560 THEN 79 ELSE 85 END
                WHEN 'multi_day' THEN CASE WHEN x.days = 3 THEN CASE WHEN i <= 560 THEN 219 ELSE 235 END
                                           ELSE CASE WHEN i <= 560 THEN 399 ELSE 429 END END
                ELSE CASE WHEN i <= 560 THEN 899 ELSE 949 END END AS base,
           CASE WHEN x.ttype = 'season' THEN CASE WHEN (i / 10) % 8 = 0 THEN 'FAMILY20' END
                WHEN i % 11 = 0 THEN 'LOCAL10'
                WHEN i % 13 = 0 THEN 'EARLYBIRD' END AS dcode,
           CASE WHEN x.ttype = 'season' THEN CASE WHEN (i / 10) % 3 = 0 THEN 'ticket_office' ELSE 'online' END
                ELSE (ARRAY['online','ticket_office','partner_hotel'])[i % 3 + 1] END AS channel
    FROM (
        SELECT CASE WHEN i % 10 = 0 THEN 'season' WHEN i % 10 IN (3, 7) THEN 'multi_day' ELSE 'day' END AS ttype,
               CASE WHEN i <= 560 THEN '2023/24' ELSE '2024/25' END AS season,
               CASE WHEN i % 10 = 0 THEN 0 WHEN i % 10 IN (3, 7) THEN CASE WHEN i % 4 = 3 THEN 3 ELSE 6 END ELSE 1 END AS days,
               CASE WHEN i <= 560 THEN DATE '2023-12-09' ELSE DATE '2024-12-07' END AS sstart,
               CASE WHEN i <= 560 THEN DATE '2024-04-14' ELSE DATE '2025-04-21' END AS send
    ) x
) t;

-- a few refunds (day and multi-day tickets refunded two hours after purchase, plus one season pass)
UPDATE tickets SET refunded_at = purchased_at + INTERVAL '2 hours'
 WHERE ticket_type <> 'season' AND ticket_id % 47 = 20;
UPDATE tickets SET refunded_at = TIMESTAMP '2024-12-02 11:15' WHERE ticket_id = 730;

CREATE TABLE lift_scans (
    scan_id      integer PRIMARY KEY,
    ticket_id    integer NOT NULL REFERENCES tickets(ticket_id),
    lift_id      integer NOT NULL REFERENCES lifts(lift_id),
    scanned_at   timestamp NOT NULL,
    gate_number  smallint NOT NULL
);

INSERT INTO lift_scans
SELECT row_number() OVER (ORDER BY s.scanned_at, s.ticket_id, s.k)::integer, s.ticket_id, s.lift_id, s.scanned_at, s.gate
FROM (
    SELECT t.ticket_id, k,
           (ARRAY[1,1,1,2,2,2,2,3,4,5,5,5,6,7,8,9,9,3])[(t.ticket_id * 7 + k * 5) % 18 + 1] AS lift_id,
           CASE WHEN t.ticket_type = 'season'
                THEN t.valid_from + (k * 23 + t.ticket_id) % (t.valid_to - t.valid_from + 1)
                ELSE t.valid_from + (k - 1) % (t.valid_to - t.valid_from + 1) END
           + TIME '08:30' + ((t.ticket_id * 11 + k * 47) % 450) * INTERVAL '1 minute' AS scanned_at,
           (1 + (t.ticket_id + k) % 3)::smallint AS gate
    FROM tickets t
    CROSS JOIN LATERAL generate_series(1,
        CASE WHEN t.ticket_type = 'season' THEN 12 + t.ticket_id % 9
             ELSE (t.valid_to - t.valid_from + 1) * (2 + t.ticket_id % 4) END) AS k
    WHERE t.refunded_at IS NULL
) s;

CREATE TABLE instructors (
    instructor_id        integer PRIMARY KEY,
    first_name           text    NOT NULL,
    last_name            text    NOT NULL,
    certification_level  text    NOT NULL CHECK (certification_level IN ('level_1', 'level_2', 'level_3')),
    discipline           text    NOT NULL CHECK (discipline IN ('ski', 'snowboard', 'both')),
    hire_date            date    NOT NULL,
    hourly_rate          numeric(6,2) NOT NULL,
    left_on              date                 -- NULL = still employed
);

INSERT INTO instructors VALUES
 (1,  'Anna',   'Hunter',  'level_3', 'ski',       '2012-12-01', 68.00, NULL),
 (2,  'Marco',  'Bianchi', 'level_2', 'ski',       '2016-11-15', 52.00, NULL),
 (3,  'Sarah',  'Kofler',  'level_3', 'snowboard', '2014-12-01', 66.00, NULL),
 (4,  'Tom',    'Reiter',  'level_1', 'ski',       '2022-12-01', 38.00, NULL),
 (5,  'Julie',  'Favre',   'level_2', 'both',      '2018-12-10', 55.00, NULL),
 (6,  'Lukas',  'Gruber',  'level_3', 'ski',       '2009-12-01', 72.00, NULL),
 (7,  'Emily',  'Carter',  'level_1', 'snowboard', '2023-12-01', 36.00, NULL),
 (8,  'Pierre', 'Lambert', 'level_2', 'ski',       '2019-12-01', 50.00, '2024-04-30'),
 (9,  'Nina',   'Steiner', 'level_2', 'snowboard', '2020-12-01', 51.00, NULL),
 (10, 'Jakob',  'Moser',   'level_1', 'ski',       '2024-12-01', 37.00, NULL),
 (11, 'Chloe',  'Dufour',  'level_3', 'both',      '2011-12-01', 70.00, NULL),
 (12, 'Noah',   'Becker',  'level_1', 'ski',       '2025-04-10', 36.00, NULL),
 (13, 'Sofia',  'Russo',   'level_2', 'ski',       '2021-12-01', 49.00, NULL),
 (14, 'Ethan',  'Price',   'level_1', 'snowboard', '2024-12-01', 35.00, NULL);

CREATE TABLE lessons (
    lesson_id               integer PRIMARY KEY,
    instructor_id           integer NOT NULL REFERENCES instructors(instructor_id),
    lesson_date             date    NOT NULL,
    start_time              time    NOT NULL,
    duration_minutes        integer NOT NULL,
    lesson_type             text    NOT NULL CHECK (lesson_type IN ('private', 'group')),
    discipline              text    NOT NULL CHECK (discipline IN ('ski', 'snowboard')),
    skill_level             text    NOT NULL CHECK (skill_level IN ('beginner', 'intermediate', 'advanced')),
    meeting_point_slope_id  integer NOT NULL REFERENCES slopes(slope_id),
    max_participants        integer NOT NULL,
    price_per_person        numeric(7,2) NOT NULL,
    cancelled_at            timestamp            -- NULL = lesson took place
);

INSERT INTO lessons
SELECT l, x.instr, x.ldate,
       CASE WHEN l % 3 = 0 THEN TIME '09:00' + ((l / 3) % 4) * INTERVAL '2 hours'
            WHEN l % 2 = 0 THEN TIME '09:30' ELSE TIME '13:30' END,
       x.mins,
       CASE WHEN l % 3 = 0 THEN 'private' ELSE 'group' END,
       CASE i.discipline WHEN 'both' THEN CASE WHEN l % 2 = 1 THEN 'snowboard' ELSE 'ski' END ELSE i.discipline END,
       x.lvl,
       CASE x.lvl WHEN 'beginner' THEN (ARRAY[18,17,16,10])[l % 4 + 1]
                  WHEN 'intermediate' THEN (ARRAY[4,9,11,15,21])[l % 5 + 1]
                  ELSE (ARRAY[1,8,13,19])[(l / 5) % 4 + 1] END,
       CASE WHEN l % 3 = 0 THEN 2 ELSE 8 END,
       (x.mins / 60.0) * CASE WHEN l % 3 = 0 THEN CASE WHEN l <= 240 THEN 95 ELSE 99 END
                              ELSE CASE WHEN l <= 240 THEN 32 ELSE 35 END END,
       CASE WHEN l % 19 = 7 THEN x.ldate - 1 + TIME '18:00' END
FROM generate_series(1, 520) AS l
CROSS JOIN LATERAL (
    SELECT CASE WHEN l <= 240 THEN (ARRAY[1,1,2,3,3,4,5,6,6,7,8,9,11,11,13,2,5,6])[(l * 7) % 18 + 1]
                ELSE (ARRAY[1,1,1,2,3,4,5,6,7,9,10,11,13,14,3,5,6,9,1,2])[(l * 7) % 20 + 1] END AS instr,
           CASE WHEN l <= 240 THEN DATE '2023-12-09' + (l * 7) % 127 ELSE DATE '2024-12-07' + (l * 11) % 135 END AS ldate,
           CASE WHEN l % 3 = 0 THEN 60 * (1 + (l / 3) % 3)
                WHEN l % 2 = 0 THEN 180 ELSE 120 END AS mins,
           CASE WHEN l % 5 IN (0, 1) THEN 'beginner' WHEN l % 5 IN (2, 3) THEN 'intermediate' ELSE 'advanced' END AS lvl
) x
JOIN instructors i ON i.instructor_id = x.instr;

CREATE TABLE lesson_bookings (
    lesson_id  integer NOT NULL REFERENCES lessons(lesson_id),
    guest_id   integer NOT NULL REFERENCES guests(guest_id),
    booked_at  timestamp NOT NULL,
    attended   boolean,                    -- NULL = lesson was cancelled
    PRIMARY KEY (lesson_id, guest_id)
);

INSERT INTO lesson_bookings
SELECT l.lesson_id,
       (l.lesson_id * 31 + j * 17) % (CASE WHEN l.lesson_id <= 240 THEN 250 ELSE 400 END) + 1,
       l.lesson_date - (1 + (l.lesson_id + j) % 10) + TIME '19:00',
       CASE WHEN l.cancelled_at IS NOT NULL THEN NULL
            WHEN (l.lesson_id + j) % 9 = 0 THEN false ELSE true END
FROM lessons l
CROSS JOIN LATERAL generate_series(1,
    CASE WHEN l.lesson_type = 'private' THEN 1 + l.lesson_id % 2 ELSE 3 + (l.lesson_id * 5) % 6 END) AS j;
