-- Held-out set 7, database `events`: a concert and conference ticketing company.
-- Data is as of 2025-06-30: events after that date are upcoming and their sales are still open.
-- All data is deterministic: fixed rows, generate_series and fixed arithmetic, no random().

CREATE TABLE venues (
  venue_id  integer PRIMARY KEY,
  name      text NOT NULL,
  city      text NOT NULL,
  capacity  integer NOT NULL
);

CREATE TABLE organisers (
  organiser_id  integer PRIMARY KEY,
  name          text NOT NULL,
  country       text NOT NULL
);

CREATE TABLE events (
  event_id      integer PRIMARY KEY,
  venue_id      integer NOT NULL REFERENCES venues(venue_id),
  organiser_id  integer NOT NULL REFERENCES organisers(organiser_id),
  title         text NOT NULL,
  kind          text NOT NULL,            -- concert, conference, theatre, comedy
  starts_at     timestamp NOT NULL,
  cancelled     boolean NOT NULL DEFAULT false
);

CREATE TABLE ticket_types (
  ticket_type_id  integer PRIMARY KEY,
  event_id        integer NOT NULL REFERENCES events(event_id),
  name            text NOT NULL,          -- Standard, VIP, Early Bird, Student
  price           numeric(8,2) NOT NULL   -- price of one ticket
);

CREATE TABLE buyers (
  buyer_id  integer PRIMARY KEY,
  name      text NOT NULL,
  email     text,                         -- NULL when the buyer gave none
  city      text NOT NULL
);

CREATE TABLE orders (
  order_id        integer PRIMARY KEY,
  buyer_id        integer NOT NULL REFERENCES buyers(buyer_id),
  ticket_type_id  integer NOT NULL REFERENCES ticket_types(ticket_type_id),
  bought_at       timestamp NOT NULL,
  quantity        integer NOT NULL,       -- number of tickets in the order
  refunded        boolean NOT NULL DEFAULT false
);

INSERT INTO venues VALUES
 (1, 'The Roundhouse',        'London',    3300),
 (2, 'Paradiso',              'Amsterdam', 1500),
 (3, 'Olympia',               'Paris',     2000),
 (4, 'RAI Convention Centre', 'Amsterdam', 6000),
 (5, 'ExCeL London',          'London',    8000),
 (6, 'Teatro Real',           'Madrid',    1750),
 (7, 'Melkweg',               'Amsterdam', 1100),
 (8, 'Bozar',                 'Brussels',  2100);

INSERT INTO organisers VALUES
 (1, 'Sunrise Promotions',       'Netherlands'),
 (2, 'The Roundhouse',           'United Kingdom'),   -- same name as venue 1
 (3, 'TechTalks Europe',         'Belgium'),
 (4, 'Curtain Call Productions', 'Spain'),
 (5, 'Laugh Factory Ltd',        'United Kingdom'),
 (6, 'Harbour Sounds',           'Netherlands');      -- has organised no event

INSERT INTO events VALUES
 (1,  2, 1, 'Arctic Lights Live',         'concert',    '2023-02-11 20:00', false),
 (2,  4, 3, 'DataConf 2023',              'conference', '2023-03-15 09:00', false),
 (3,  6, 4, 'Hamlet',                     'theatre',    '2023-04-01 19:30', false),
 (4,  1, 2, 'Roundhouse Rising',          'concert',    '2023-04-22 20:00', false),
 (5,  7, 5, 'Stand-up Saturday',          'comedy',     '2023-05-13 21:00', false),
 (6,  3, 1, 'Paris Jazz Night',           'concert',    '2023-06-10 20:30', false),
 (7,  5, 3, 'Cloud Summit 2023',          'conference', '2023-06-20 09:00', false),
 (8,  8, 4, 'The Seagull',                'theatre',    '2023-09-16 19:30', false),
 (9,  2, 1, 'Indie Fest Amsterdam',       'concert',    '2023-10-07 19:00', true),
 (10, 1, 5, 'Laugh Out London',           'comedy',     '2023-11-04 20:00', false),
 (11, 4, 3, 'AI Forum 2023',              'conference', '2023-11-22 09:00', false),
 (12, 3, 2, 'Electro Paris',              'concert',    '2023-12-09 22:00', false),
 (13, 6, 4, 'Carmen',                     'theatre',    '2024-01-20 19:00', false),
 (14, 7, 1, 'Winter Beats',               'concert',    '2024-02-10 21:00', false),
 (15, 5, 3, 'DataConf 2024',              'conference', '2024-03-13 09:00', false),
 (16, 1, 2, 'Roundhouse Rising 2024',     'concert',    '2024-04-20 20:00', false),
 (17, 8, 5, 'Comedy Gala Brussels',       'comedy',     '2024-05-04 20:00', false),
 (18, 2, 1, 'Arctic Lights Reunion',      'concert',    '2024-06-08 20:00', false),
 (19, 6, 4, 'Hamlet',                     'theatre',    '2024-06-22 19:30', false),  -- same title as event 3
 (20, 3, 1, 'Summer Jazz Paris',          'concert',    '2024-07-06 20:30', false),
 (21, 4, 3, 'Cloud Summit 2024',          'conference', '2024-09-18 09:00', false),
 (22, 1, 2, 'Roundhouse Poetry Slam',     'theatre',    '2024-10-05 19:00', true),   -- cancelled before any sale
 (23, 7, 5, 'Stand-up Saturday Vol. 2',   'comedy',     '2024-10-26 21:00', false),
 (24, 5, 3, 'AI Forum 2024',              'conference', '2024-11-20 09:00', false),
 (25, 8, 1, 'Brussels Philharmonic Gala', 'concert',    '2024-12-14 20:00', false),
 (26, 2, 1, 'New Year Rave',              'concert',    '2025-01-11 22:00', false),
 (27, 6, 4, 'La Traviata',                'theatre',    '2025-01-25 19:00', false),
 (28, 3, 5, 'Paris Comedy Club',          'comedy',     '2025-02-22 20:00', false),
 (29, 4, 3, 'DataConf 2025',              'conference', '2025-03-12 09:00', false),
 (30, 1, 2, 'Roundhouse Rising 2025',     'concert',    '2025-04-19 20:00', false),
 (31, 8, 4, 'Waiting for Godot',          'theatre',    '2025-05-10 19:30', false),
 (32, 7, 1, 'Spring Sessions',            'concert',    '2025-05-24 20:00', true),   -- cancelled, all orders refunded
 (33, 5, 3, 'Cloud Summit 2025',          'conference', '2025-06-18 09:00', false),
 (34, 2, 1, 'Arctic Lights Farewell',     'concert',    '2025-07-12 20:00', false),
 (35, 6, 4, 'Don Giovanni',               'theatre',    '2025-09-20 19:00', false),
 (36, 1, 5, 'Laugh Out London 2025',      'comedy',     '2025-10-04 20:00', false),
 (37, 4, 3, 'AI Forum 2025',              'conference', '2025-11-19 09:00', false),  -- ticket types exist, none sold yet
 (38, 3, 2, 'Electro Paris 2025',         'concert',    '2025-12-06 22:00', false);

-- ticket types: Standard for every event, VIP for non-conferences, Early Bird for conferences
-- and every third event, Student for conferences.
INSERT INTO ticket_types
SELECT row_number() OVER (ORDER BY event_id, ord), event_id, tname, price
FROM (
  SELECT e.event_id, t.ord, t.tname,
         CASE t.tname WHEN 'Standard' THEN b.base
                      WHEN 'VIP' THEN b.base * 2.5
                      WHEN 'Early Bird' THEN b.base * 0.8
                      ELSE b.base * 0.4 END AS price
  FROM events e
  CROSS JOIN LATERAL (SELECT CASE e.kind WHEN 'concert' THEN 45 + (e.event_id % 5) * 5
                                         WHEN 'conference' THEN 250 + (e.event_id % 4) * 50
                                         WHEN 'theatre' THEN 60 + (e.event_id % 3) * 15
                                         ELSE 30 + (e.event_id % 4) * 5 END::numeric AS base) b
  CROSS JOIN (VALUES (1, 'Standard'), (2, 'VIP'), (3, 'Early Bird'), (4, 'Student')) AS t(ord, tname)
  WHERE t.tname = 'Standard'
     OR (t.tname = 'VIP' AND e.kind <> 'conference')
     OR (t.tname = 'Early Bird' AND (e.kind = 'conference' OR e.event_id % 3 = 0))
     OR (t.tname = 'Student' AND e.kind = 'conference')
) x;

-- 300 buyers; buyers 291..300 never ordered
INSERT INTO buyers
SELECT b,
       f || ' ' || l,
       CASE WHEN b % 7 = 3 THEN NULL
            ELSE lower(f) || '.' || replace(lower(l), ' ', '') || '@' ||
                 (ARRAY['mail.com','inbox.eu','post.nl','web.de'])[(b % 4) + 1] END,
       (ARRAY['London','Amsterdam','Paris','Madrid','Brussels','Rotterdam','Berlin','Utrecht',
              'Manchester','Amsterdam','London'])[(b * 5 % 11) + 1]
FROM generate_series(1, 300) AS b
CROSS JOIN LATERAL (SELECT
       (ARRAY['Emma','Liam','Sophie','Noah','Julia','Lucas','Mila','Daan','Sara','Finn',
              'Lotte','Sem','Eva','Tom','Anna','Max','Nina','Jan','Iris','Paul'])[(b % 20) + 1] AS f,
       (ARRAY['de Vries','Jansen','Bakker','Visser','Smit','Brown','Taylor','Wilson','Moreau','Laurent',
              'Lopez','Perez','Peeters','Janssens','Olympia'])[((b - 1) / 20) + 1] AS l) n;

-- orders: generated per ticket type, bought before the event starts and not after 2025-06-30.
-- No orders for event 22 (cancelled before sales), event 37 (sales not yet open) and event 38
-- (its sale window has not started by 2025-06-30). Early Bird sales of the first events began in 2022.
INSERT INTO orders
SELECT row_number() OVER (ORDER BY ticket_type_id, j),
       ((ticket_type_id * 31 + j * 17) % 290) + 1,
       ticket_type_id,
       bought_at,
       CASE WHEN tname = 'VIP' THEN 1 + (j + ticket_type_id) % 2
            WHEN (j + ticket_type_id) % 10 < 6 THEN 1
            WHEN (j + ticket_type_id) % 10 < 9 THEN 2
            ELSE 4 END,
       cancelled OR (j * ticket_type_id) % 29 = 0
FROM (
  SELECT tt.ticket_type_id, tt.name AS tname, e.cancelled, j,
         e.starts_at - make_interval(days => 1 + (j * 7 + tt.ticket_type_id * 3) % 120
                                             + CASE WHEN tt.name = 'Early Bird' THEN 90 ELSE 0 END,
                                     hours => 3 + (j * 5) % 12) AS bought_at
  FROM ticket_types tt
  JOIN events e ON e.event_id = tt.event_id
  CROSS JOIN LATERAL generate_series(1, CASE tt.name WHEN 'Standard' THEN 40 + (tt.ticket_type_id * 7) % 30
                                                     WHEN 'VIP' THEN 8 + tt.ticket_type_id % 10
                                                     WHEN 'Early Bird' THEN 15 + tt.ticket_type_id % 12
                                                     ELSE 10 END) AS j
  WHERE e.event_id NOT IN (22, 37)
) o
WHERE bought_at <= timestamp '2025-06-30 23:59';
