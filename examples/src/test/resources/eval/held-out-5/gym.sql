-- gym: a made-up chain of fitness clubs.
-- Data is as of 2025-06-30. All rows are deterministic (generate_series and fixed arithmetic, no random()).
-- A member has left when left_on is set. Members pay one row a month from joining until leaving (or 2025-06-30);
-- students pay 80% of the plan's monthly fee.

CREATE TABLE clubs (
  club_id     integer PRIMARY KEY,
  name        text NOT NULL,
  city        text NOT NULL,
  opened_year integer            -- NULL when unknown
);

CREATE TABLE plans (
  plan_id     integer PRIMARY KEY,
  name        text NOT NULL,
  monthly_fee numeric(8,2) NOT NULL
);

CREATE TABLE trainers (
  trainer_id  integer PRIMARY KEY,
  club_id     integer NOT NULL REFERENCES clubs(club_id),
  full_name   text NOT NULL,
  specialty   text NOT NULL,
  hired_on    date NOT NULL
);

CREATE TABLE members (
  member_id   integer PRIMARY KEY,
  club_id     integer NOT NULL REFERENCES clubs(club_id),
  plan_id     integer NOT NULL REFERENCES plans(plan_id),
  first_name  text NOT NULL,
  last_name   text NOT NULL,
  birth_year  integer NOT NULL,
  is_student  boolean NOT NULL,
  joined_on   date NOT NULL,
  left_on     date               -- NULL while still a member
);

CREATE TABLE classes (
  class_id    integer PRIMARY KEY,
  club_id     integer NOT NULL REFERENCES clubs(club_id),
  trainer_id  integer NOT NULL REFERENCES trainers(trainer_id),
  class_type  text NOT NULL,     -- Yoga, Spin, Pilates, HIIT, Boxing
  weekday     text NOT NULL,     -- Monday .. Sunday
  start_time  time NOT NULL,
  capacity    integer NOT NULL
);

CREATE TABLE attendance (
  attendance_id integer PRIMARY KEY,
  member_id     integer NOT NULL REFERENCES members(member_id),
  class_id      integer NOT NULL REFERENCES classes(class_id),
  attended_on   date NOT NULL
);

CREATE TABLE payments (
  payment_id  integer PRIMARY KEY,
  member_id   integer NOT NULL REFERENCES members(member_id),
  paid_on     date NOT NULL,
  amount      numeric(8,2) NOT NULL,
  method      text NOT NULL      -- card, cash, transfer
);

INSERT INTO clubs VALUES
  (1, 'PulseFit Downtown',  'Manchester', 2012),
  (2, 'PulseFit Riverside', 'Manchester', 2019),
  (3, 'PulseFit Old Town',  'Leeds',      2015),
  (4, 'PulseFit Harbour',   'Bristol',    NULL),
  (5, 'PulseFit Park',      'Leeds',      2022),
  (6, 'PulseFit Central',   'York',       NULL);

-- 'Yoga' is both a plan name and a class type on purpose
INSERT INTO plans VALUES
  (1, 'Basic',    24.99),
  (2, 'Standard', 34.99),
  (3, 'Premium',  54.99),
  (4, 'Yoga',     39.00),
  (5, 'Off-Peak', 19.50);

-- trainer k works at club ((k-1) % 6) + 1
INSERT INTO trainers VALUES
  ( 1, 1, 'Liam Walker',     'Yoga',     '2018-03-05'),
  ( 2, 2, 'Emma Hughes',     'Spin',     '2019-06-10'),
  ( 3, 3, 'Noah Turner',     'Pilates',  '2016-01-18'),
  ( 4, 4, 'Olivia Wright',   'HIIT',     '2020-09-01'),
  ( 5, 5, 'Jack Robinson',   'Boxing',   '2022-04-04'),
  ( 6, 6, 'Ava Thompson',    'Yoga',     '2021-11-15'),
  ( 7, 1, 'Harry Green',     'Spin',     '2019-02-11'),
  ( 8, 2, 'Mia Hall',        'Pilates',  '2020-05-25'),
  ( 9, 3, 'George Wood',     'HIIT',     '2017-08-14'),
  (10, 4, 'Isla Clarke',     'Yoga',     '2023-01-09'),
  (11, 5, 'Oscar Lewis',     'Spin',     '2023-03-20'),
  (12, 6, 'Grace Harris',    'Pilates',  '2022-07-18'),
  (13, 1, 'Charlie Young',   'Boxing',   '2024-02-05'),
  (14, 3, 'Freya King',      'Yoga',     '2024-05-13'),
  (15, 4, 'Leo Bennett',     'Pilates',  '2025-06-02');   -- new, teaches no class yet

-- 8 classes per club: class (c-1)*8 + j
INSERT INTO classes
SELECT (c - 1) * 8 + j,
       c,
       -- a trainer of the club: trainers c, c+6, (c+12 for clubs 1..2 only)
       CASE WHEN c <= 2 AND j % 3 = 0 THEN c + 12
            WHEN j % 2 = 0 THEN c + 6
            ELSE c END,
       (ARRAY['Yoga','Spin','Pilates','HIIT','Yoga','Spin','Boxing','Pilates'])[j],
       (ARRAY['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday'])[((c + j) % 7) + 1],
       time '06:30' + ((c * 3 + j * 5) % 14) * interval '1 hour',
       (ARRAY[12, 20, 15, 18, 25, 30])[((c + j) % 6) + 1]
FROM generate_series(1, 6) AS c
CROSS JOIN generate_series(1, 8) AS j;
-- the club-3 trainer 14 (Freya King) takes two yoga classes
UPDATE classes SET trainer_id = 14 WHERE class_id IN (17, 21);

-- 360 members
INSERT INTO members
SELECT i,
       ((i * 7) % 6) + 1,
       (ARRAY[1, 2, 2, 3, 4, 1, 5, 2, 3, 1])[(i % 10) + 1],
       (ARRAY['James','Sophie','Daniel','Chloe','Thomas','Lucy','Samuel','Ella','Joseph','Ruby',
              'Ethan','Holly','Adam','Megan','Ryan','Zoe','Lewis','Amber'])[((i - 1) % 18) + 1],
       (ARRAY['Smith','Jones','Taylor','Brown','Davies','Evans','Wilson','Johnson','Roberts','Patel',
              'Walker','Wright','Hughes','Edwards','Khan','Morris','Ward','Price','Bell','Cox'])[((i - 1) / 18) + 1],
       1955 + (i * 13) % 50,
       (1955 + (i * 13) % 50) >= 1998 AND i % 3 <> 0,
       date '2023-01-02' + (i * 53) % 900,
       NULL
FROM generate_series(1, 360) AS i;

UPDATE members
SET left_on = joined_on + 90 + (member_id * 17) % 300
WHERE member_id % 5 = 0
  AND joined_on + 90 + (member_id * 17) % 300 <= date '2025-06-30';

-- attendance: up to 12 visits per member, each to one of the member's club classes, on that class's weekday,
-- within the membership
INSERT INTO attendance
SELECT row_number() OVER (ORDER BY m.member_id, k),
       m.member_id,
       cl.class_id,
       d.attended_on
FROM members m
CROSS JOIN generate_series(1, 12) AS k
JOIN classes cl ON cl.class_id = (m.club_id - 1) * 8 + ((m.member_id + k * 3) % 8) + 1
CROSS JOIN LATERAL (
  SELECT (m.joined_on + k * 9)
         + (array_position(ARRAY['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday'], cl.weekday)
            - extract(isodow FROM m.joined_on + k * 9)::int + 7) % 7 AS attended_on
) d
WHERE k <= 2 + m.member_id % 11
  AND d.attended_on <= COALESCE(m.left_on, date '2025-06-30')
  AND d.attended_on <= date '2025-06-30';

-- payments: one a month from the joining date while a member
INSERT INTO payments
SELECT row_number() OVER (ORDER BY m.member_id, n),
       m.member_id,
       (m.joined_on + n * interval '1 month')::date,
       CASE WHEN m.is_student THEN round(p.monthly_fee * 0.8, 2) ELSE p.monthly_fee END,
       (ARRAY['card','card','transfer','cash'])[((m.member_id + n) % 4) + 1]
FROM members m
JOIN plans p ON p.plan_id = m.plan_id
CROSS JOIN generate_series(0, 40) AS n
WHERE (m.joined_on + n * interval '1 month')::date <= COALESCE(m.left_on, date '2025-06-30');
