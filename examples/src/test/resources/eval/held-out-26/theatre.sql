-- Theatre: productions, performances, seating sections, customers, bookings, tickets and cast of the Riverside Playhouse. Data as of 2025-09-30.

CREATE TABLE productions (
    production_id        integer PRIMARY KEY,
    title                text NOT NULL,
    playwright           text NOT NULL,
    genre                text NOT NULL CHECK (genre IN ('drama', 'comedy', 'musical', 'tragedy', 'family')),
    director             text NOT NULL,
    opening_date         date NOT NULL,
    closing_date         date,            -- NULL = open-ended run, no closing date set yet
    running_time_minutes integer NOT NULL,
    has_interval         boolean NOT NULL,
    production_budget    numeric(12,2) NOT NULL
);

CREATE TABLE seating_sections (
    section_id    integer PRIMARY KEY,
    section_name  text NOT NULL UNIQUE,
    floor_level   integer NOT NULL,
    capacity      integer NOT NULL,
    base_price    numeric(8,2) NOT NULL,
    is_step_free  boolean NOT NULL
);

CREATE TABLE performances (
    performance_id      integer PRIMARY KEY,
    production_id       integer NOT NULL REFERENCES productions(production_id),
    starts_at           timestamp NOT NULL,
    is_matinee          boolean NOT NULL,
    status              text NOT NULL CHECK (status IN ('scheduled', 'performed', 'cancelled')),
    cancellation_reason text              -- NULL unless the performance was cancelled
);

CREATE TABLE customers (
    customer_id      integer PRIMARY KEY,
    first_name       text NOT NULL,
    last_name        text NOT NULL,
    email            text NOT NULL UNIQUE,
    city             text NOT NULL,
    created_on       date NOT NULL,
    is_member        boolean NOT NULL,
    marketing_opt_in boolean NOT NULL
);

CREATE TABLE bookings (
    booking_id        integer PRIMARY KEY,
    booking_reference text NOT NULL UNIQUE,
    customer_id       integer NOT NULL REFERENCES customers(customer_id),
    performance_id    integer NOT NULL REFERENCES performances(performance_id),
    booked_at         timestamp NOT NULL,
    sales_channel     text NOT NULL CHECK (sales_channel IN ('online', 'box_office', 'phone')),
    refunded_at       timestamp         -- NULL = not refunded
);

CREATE TABLE tickets (
    ticket_id       integer PRIMARY KEY,
    booking_id      integer NOT NULL REFERENCES bookings(booking_id),
    section_id      integer NOT NULL REFERENCES seating_sections(section_id),
    seat_label      text NOT NULL,
    concession_type text NOT NULL CHECK (concession_type IN ('full', 'senior', 'student', 'child')),
    price_paid      numeric(8,2) NOT NULL
);

CREATE TABLE cast_members (
    cast_member_id   integer PRIMARY KEY,
    first_name       text NOT NULL,
    last_name        text NOT NULL,
    stage_name       text,               -- NULL = performs under own name
    agent_name       text,               -- NULL = not represented by an agent
    equity_member    boolean NOT NULL,
    joined_company_on date NOT NULL
);

CREATE TABLE production_roles (
    production_id  integer NOT NULL REFERENCES productions(production_id),
    cast_member_id integer NOT NULL REFERENCES cast_members(cast_member_id),
    role_name      text NOT NULL,
    is_lead        boolean NOT NULL,
    weekly_fee     numeric(8,2) NOT NULL,
    PRIMARY KEY (production_id, cast_member_id, role_name)
);

INSERT INTO productions VALUES
 (1,  'Hamlet',                          'William Shakespeare', 'tragedy', 'Harriet Lowe',   '2023-02-10', '2023-04-15', 210, true,  420000.00),
 (2,  'The Importance of Being Earnest', 'Oscar Wilde',         'comedy',  'Declan Byrne',   '2023-05-05', '2023-06-24', 150, true,  265000.00),
 (3,  'Guys and Dolls',                  'Frank Loesser',       'musical', 'Simone Achebe',  '2023-09-01', '2023-11-25', 165, true,  780000.00),
 (4,  'A Christmas Carol',               'Charles Dickens',     'family',  'Declan Byrne',   '2023-11-30', '2024-01-06', 120, true,  310000.00),
 (5,  'Romeo and Juliet',                'William Shakespeare', 'tragedy', 'Harriet Lowe',   '2024-02-09', '2024-04-06', 180, true,  395000.00),
 (6,  'Noises Off',                      'Michael Frayn',       'comedy',  'Marcus Ivory',   '2024-04-26', '2024-06-15', 155, true,  240000.00),
 (7,  'Cabaret',                         'John Kander',         'musical', 'Simone Achebe',  '2024-07-05', '2024-09-28', 160, true,  815000.00),
 (8,  'The Crucible',                    'Arthur Miller',       'drama',   'Harriet Lowe',   '2024-10-11', '2024-11-23', 175, true,  330000.00),
 (9,  'Peter Pan',                       'J. M. Barrie',        'family',  'Declan Byrne',   '2024-12-06', '2025-01-11', 125, true,  455000.00),
 (10, 'Blithe Spirit',                   'Noel Coward',         'comedy',  'Marcus Ivory',   '2025-02-07', '2025-04-05', 140, true,  225000.00),
 (11, 'Sweeney Todd',                    'Stephen Sondheim',    'musical', 'Simone Achebe',  '2025-05-02', '2025-08-30', 170, true,  890000.00),
 (12, 'The Seagull',                     'Anton Chekhov',       'drama',   'Nadia Petrova',  '2025-09-12', NULL,         135, false, 285000.00),
 (13, 'Macbeth',                         'William Shakespeare', 'tragedy', 'Harriet Lowe',   '2026-02-06', '2026-03-28', 130, false, 410000.00);

INSERT INTO seating_sections VALUES
 (1, 'Stalls',        0, 320, 55.00, true),
 (2, 'Dress Circle',  1, 180, 48.00, true),
 (3, 'Upper Circle',  2, 150, 32.00, false),
 (4, 'Balcony',       3, 120, 22.00, false),
 (5, 'Boxes',         1,  16, 85.00, false),
 (6, 'Standing Rail', 3,  40, 12.00, false);

-- Performances: Tuesday to Saturday evenings at 19:30, Saturday matinees at 14:30,
-- from opening to closing (open-ended run scheduled to 2025-10-31). Nothing on 25 December.
INSERT INTO performances (performance_id, production_id, starts_at, is_matinee, status, cancellation_reason)
SELECT row_number() OVER (ORDER BY d + t), p.production_id, d + t, t = time '14:30', 'performed', NULL
FROM productions p
CROSS JOIN LATERAL generate_series(p.opening_date::timestamp, coalesce(p.closing_date, date '2025-10-31')::timestamp, interval '1 day') AS g(d)
CROSS JOIN (VALUES (time '14:30'), (time '19:30')) AS tt(t)
WHERE p.opening_date < date '2026-01-01'
  AND extract(isodow FROM d) BETWEEN 2 AND 6
  AND (t = time '19:30' OR extract(isodow FROM d) = 6)
  AND NOT (extract(month FROM d) = 12 AND extract(day FROM d) = 25);

UPDATE performances SET status = 'scheduled' WHERE starts_at > timestamp '2025-09-30 23:59';
UPDATE performances
   SET status = 'cancelled',
       cancellation_reason = CASE performance_id % 3 WHEN 0 THEN 'Cast illness' WHEN 1 THEN 'Technical fault' ELSE 'Power outage' END
 WHERE performance_id % 53 = 0 AND starts_at <= timestamp '2025-09-30 23:59';

-- Customers: 380 regular bookers created during 2022, 20 accounts created in September 2025 with no bookings yet.
INSERT INTO customers (customer_id, first_name, last_name, email, city, created_on, is_member, marketing_opt_in)
SELECT i,
       fn[(i * 7) % 20 + 1],
       ln[(i * 11) % 25 + 1],
       lower(fn[(i * 7) % 20 + 1]) || '.' || lower(ln[(i * 11) % 25 + 1]) || i || '@example.com',
       CASE WHEN (i * 37) % 100 < 27 THEN 'Bristol' WHEN (i * 37) % 100 < 43 THEN 'Bath'
            WHEN (i * 37) % 100 < 54 THEN 'Chester' WHEN (i * 37) % 100 < 62 THEN 'Oxford'
            WHEN (i * 37) % 100 < 72 THEN 'Cardiff' WHEN (i * 37) % 100 < 78 THEN 'Gloucester'
            WHEN (i * 37) % 100 < 85 THEN 'Swindon' WHEN (i * 37) % 100 < 89 THEN 'Reading'
            WHEN (i * 37) % 100 < 98 THEN 'Exeter' ELSE 'Cheltenham' END,
       CASE WHEN i <= 380 THEN date '2022-01-01' + (i * 364 / 380) ELSE date '2025-09-01' + (i - 381) END,
       i % 4 = 0,
       i % 3 <> 0
FROM generate_series(1, 400) AS i,
     (SELECT ARRAY['Emma','Liam','Juliet','Noah','Ava','Ethan','Mia','Lucas','Isla','Arthur',
                   'Freya','Leo','Poppy','Oscar','Daisy','Harry','Ivy','Jack','Zara','Theo'] AS fn,
             ARRAY['Smith','Jones','Taylor','Brown','Wilson','Evans','Thomas','Roberts','Walker','Wright',
                   'Robinson','Thompson','White','Hughes','Edwards','Green','Hall','Wood','Harris','Clarke',
                   'Jackson','Turner','Hill','Cooper','Ward'] AS ln) AS lists;

UPDATE customers SET first_name = 'Rosalind', last_name = 'Ashcroft', email = 'rosalind.ashcroft@example.com' WHERE customer_id = 5;
UPDATE customers SET first_name = 'Bartholomew', last_name = 'Quayle', email = 'b.quayle@example.com' WHERE customer_id = 142;

-- Bookings: 3 to 7 per performance, none made after 2025-09-30 18:00.
INSERT INTO bookings (booking_id, booking_reference, customer_id, performance_id, booked_at, sales_channel, refunded_at)
SELECT row_number() OVER (ORDER BY booked_at, performance_id, k),
       'BK' || lpad((row_number() OVER (ORDER BY booked_at, performance_id, k))::text, 6, '0'),
       customer_id, performance_id, booked_at, sales_channel, refunded_at
FROM (
    SELECT p.performance_id, k,
           ((p.performance_id * 37 + k * 53) % 380) + 1 AS customer_id,
           p.starts_at - ((p.performance_id * 7 + k * 11) % 45 + 1) * interval '1 day' - ((k * 5) % 9) * interval '1 hour' AS booked_at,
           CASE (p.performance_id + k) % 5 WHEN 3 THEN 'box_office' WHEN 4 THEN 'phone' ELSE 'online' END AS sales_channel,
           CASE WHEN p.status = 'cancelled' THEN p.starts_at + interval '1 day' + k * interval '10 minutes'
                WHEN (p.performance_id * k) % 97 = 0 THEN p.starts_at - ((p.performance_id * 7 + k * 11) % 45 + 1) * interval '1 day' - ((k * 5) % 9) * interval '1 hour' + interval '6 hours'
                ELSE NULL END AS refunded_at
    FROM performances p
    CROSS JOIN LATERAL generate_series(1, 3 + p.performance_id % 5) AS k
) b
WHERE booked_at <= timestamp '2025-09-30 18:00';

-- Tickets: 1 to 4 per booking, all in one section. The Standing Rail has never been sold.
INSERT INTO tickets (ticket_id, booking_id, section_id, seat_label, concession_type, price_paid)
SELECT row_number() OVER (ORDER BY b.booking_id, n),
       b.booking_id,
       s.section_id,
       chr(65 + (b.booking_id % 15)) || (n + (b.booking_id * 3) % 20),
       c.concession_type,
       s.base_price * c.factor + CASE WHEN pr.genre = 'musical' THEN 10 ELSE 0 END
FROM bookings b
JOIN performances pf ON pf.performance_id = b.performance_id
JOIN productions pr ON pr.production_id = pf.production_id
CROSS JOIN LATERAL generate_series(1, 1 + (b.booking_id * 3) % 4) AS n
JOIN seating_sections s ON s.section_id = CASE WHEN (b.booking_id * 7) % 20 < 8 THEN 1
                                               WHEN (b.booking_id * 7) % 20 < 13 THEN 2
                                               WHEN (b.booking_id * 7) % 20 < 17 THEN 3
                                               WHEN (b.booking_id * 7) % 20 < 19 THEN 4
                                               ELSE 5 END
CROSS JOIN LATERAL (SELECT CASE WHEN (b.booking_id + n) % 10 < 6 THEN 'full'
                                WHEN (b.booking_id + n) % 10 < 8 THEN 'senior'
                                WHEN (b.booking_id + n) % 10 = 8 THEN 'student'
                                ELSE 'child' END AS concession_type) c0
CROSS JOIN LATERAL (SELECT c0.concession_type,
                           CASE c0.concession_type WHEN 'full' THEN 1.00 WHEN 'senior' THEN 0.85
                                                   WHEN 'student' THEN 0.75 ELSE 0.50 END AS factor) c;

INSERT INTO cast_members VALUES
 (1,  'Eleanor',  'Chester',    NULL,          'Hartley Associates', true,  '2021-03-01'),
 (2,  'Marcus',   'Webb',       NULL,          'Curtis Brown',       true,  '2019-09-15'),
 (3,  'Priya',    'Raman',      NULL,          'Hartley Associates', true,  '2022-01-10'),
 (4,  'Thomas',   'Hale',       NULL,          NULL,                 true,  '2018-05-20'),
 (5,  'Olivia',   'Brandt',     'Liv Brandt',  'Independent Talent', true,  '2022-06-01'),
 (6,  'Daniel',   'Okafor',     NULL,          'Curtis Brown',       true,  '2021-11-08'),
 (7,  'Sophie',   'Lindqvist',  NULL,          NULL,                 false, '2023-10-02'),
 (8,  'James',    'Carrow',     NULL,          'United Agents',      true,  '2020-02-17'),
 (9,  'Hannah',   'Mercer',     NULL,          'United Agents',      true,  '2020-07-01'),
 (10, 'Samuel',   'Adeyemi',    NULL,          'Independent Talent', true,  '2022-08-22'),
 (11, 'Isabel',   'Frost',      NULL,          'Curtis Brown',       true,  '2021-01-11'),
 (12, 'Oliver',   'Tate',       NULL,          NULL,                 false, '2022-10-03'),
 (13, 'Grace',    'Holloway',   NULL,          'Hartley Associates', true,  '2017-04-04'),
 (14, 'Nathan',   'Pryce',      NULL,          'United Agents',      true,  '2021-05-30'),
 (15, 'Chloe',    'Barnard',    NULL,          NULL,                 false, '2023-02-13'),
 (16, 'Rhys',     'Morgan',     NULL,          'Curtis Brown',       true,  '2023-12-01'),
 (17, 'Amelia',   'Stone',      NULL,          'Independent Talent', true,  '2023-09-18'),
 (18, 'Kwame',    'Mensah',     NULL,          'United Agents',      true,  '2023-06-05'),
 (19, 'Lucy',     'Fairbairn',  NULL,          'Hartley Associates', true,  '2022-04-25'),
 (20, 'Benedict', 'Shaw',       'Ben Shaw',    'Curtis Brown',       true,  '2020-11-16'),
 (21, 'Martha',   'Quinn',      NULL,          'Independent Talent', true,  '2016-08-29'),
 (22, 'George',   'Ellery',     NULL,          NULL,                 true,  '2015-03-09'),
 (23, 'Fiona',    'MacLeod',    NULL,          'United Agents',      true,  '2024-03-04'),
 (24, 'Adrian',   'Kell',       NULL,          NULL,                 false, '2023-11-20'),
 (25, 'Ruth',     'Ashdown',    NULL,          'Hartley Associates', true,  '2019-01-21'),
 (26, 'Tobias',   'Vance',      NULL,          'Curtis Brown',       true,  '2020-09-07'),
 (27, 'Niamh',    'Doherty',    NULL,          'Independent Talent', true,  '2024-06-10'),
 (28, 'Victor',   'Lamb',       NULL,          NULL,                 true,  '2018-12-03'),
 (29, 'Yasmin',   'Khalil',     'Yaz Khalil',  'United Agents',      false, '2024-09-16'),
 (30, 'Patrick',  'Dunne',      NULL,          NULL,                 false, '2024-10-28'),
 (31, 'Helena',   'Voss',       NULL,          'Curtis Brown',       true,  '2025-07-14'),
 (32, 'Jonah',    'Reed',       NULL,          NULL,                 false, '2025-08-11');

INSERT INTO production_roles (production_id, cast_member_id, role_name, is_lead, weekly_fee)
SELECT production_id, cast_member_id, role_name, is_lead,
       CASE WHEN is_lead THEN 1400 ELSE 900 END + production_id * 25 + (cast_member_id % 4) * 10
FROM (VALUES
 (1, 2, 'Hamlet', true), (1, 11, 'Ophelia', true), (1, 4, 'Claudius', false), (1, 13, 'Gertrude', false),
 (1, 22, 'Polonius', false), (1, 12, 'Horatio', false),
 (2, 8, 'John Worthing', true), (2, 14, 'Algernon Moncrieff', true), (2, 21, 'Lady Bracknell', true),
 (2, 15, 'Gwendolen Fairfax', false), (2, 19, 'Cecily Cardew', false),
 (3, 20, 'Sky Masterson', true), (3, 5, 'Sarah Brown', true), (3, 2, 'Nathan Detroit', true),
 (3, 9, 'Miss Adelaide', true), (3, 10, 'Nicely-Nicely Johnson', false),
 (4, 22, 'Ebenezer Scrooge', true), (4, 6, 'Bob Cratchit', false), (4, 7, 'Ghost of Christmas Past', false),
 (4, 17, 'Mrs Cratchit', false), (4, 12, 'Fred', false),
 (5, 16, 'Romeo', true), (5, 1, 'Juliet', true), (5, 2, 'Mercutio', false), (5, 21, 'Nurse', false),
 (5, 4, 'Friar Laurence', false), (5, 24, 'Tybalt', false),
 (6, 25, 'Dotty Otley', true), (6, 26, 'Lloyd Dallas', true), (6, 8, 'Garry Lejeune', false),
 (6, 15, 'Brooke Ashton', false), (6, 22, 'Selsdon Mowbray', false),
 (7, 18, 'Emcee', true), (7, 9, 'Sally Bowles', true), (7, 20, 'Clifford Bradshaw', false),
 (7, 23, 'Fraulein Schneider', false), (7, 28, 'Herr Schultz', false),
 (8, 2, 'John Proctor', true), (8, 27, 'Abigail Williams', true), (8, 3, 'Elizabeth Proctor', true),
 (8, 10, 'Reverend Hale', false), (8, 4, 'Judge Danforth', false),
 (9, 19, 'Peter Pan', true), (9, 26, 'Captain Hook', true), (9, 7, 'Wendy Darling', false),
 (9, 29, 'Tinker Bell', false), (9, 30, 'Smee', false),
 (10, 14, 'Charles Condomine', true), (10, 21, 'Madame Arcati', true), (10, 1, 'Elvira', false),
 (10, 5, 'Ruth Condomine', false),
 (11, 18, 'Sweeney Todd', true), (11, 9, 'Mrs Lovett', true), (11, 28, 'Judge Turpin', false),
 (11, 27, 'Johanna', false), (11, 16, 'Anthony Hope', false), (11, 12, 'Tobias Ragg', false),
 (12, 13, 'Irina Arkadina', true), (12, 6, 'Konstantin Treplev', true), (12, 3, 'Nina Zarechnaya', true),
 (12, 2, 'Boris Trigorin', false), (12, 11, 'Masha', false),
 (13, 16, 'Macbeth', true), (13, 1, 'Lady Macbeth', true)
) AS r(production_id, cast_member_id, role_name, is_lead);
