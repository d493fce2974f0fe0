-- held-out-4: a made-up hotel chain (hotels, room types, rooms, travel agents, guests, bookings, payments).
-- Data is as of 2025-09-30: stays that end after that date are still 'confirmed'; earlier stays are 'completed'
-- unless they were 'cancelled' or a 'no_show'. Nothing was booked or paid after 2025-09-30.
-- Check-in dates run from 2023-01-01 to 2025-12-31.
-- All data is deterministic (generate_series and fixed arithmetic).

CREATE TABLE hotels (
    hotel_id    integer PRIMARY KEY,
    name        text    NOT NULL UNIQUE,
    city        text    NOT NULL,
    country     text    NOT NULL,
    stars       integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
    opened_year integer,             -- NULL when unknown
    has_spa     boolean NOT NULL
);

INSERT INTO hotels VALUES
    (1, 'Harbour View Lisbon', 'Lisbon', 'Portugal',       4, 2009, true),
    (2, 'Ribeira Grand',       'Porto',  'Portugal',       5, 2015, true),
    (3, 'Castellana Suites',   'Madrid', 'Spain',          4, 2012, false),
    (4, 'Gran Via Budget',     'Madrid', 'Spain',          2, 2018, false),
    (5, 'Ringstrasse Palace',  'Vienna', 'Austria',        5, 1998, true),
    (6, 'Vltava Inn',          'Prague', 'Czechia',        3, 2005, false),
    (7, 'Old Town Lodge',      'Prague', 'Czechia',        3, NULL, false),
    (8, 'Alfama Hostel',       'Lisbon', 'Portugal',       2, 2020, false);

CREATE TABLE room_types (
    room_type_id integer PRIMARY KEY,
    name         text          NOT NULL UNIQUE,
    capacity     integer       NOT NULL,   -- maximum number of guests
    base_rate    numeric(8,2)  NOT NULL    -- list price per night before the hotel's star factor
);

INSERT INTO room_types VALUES
    (1, 'Single', 1,  70.00),
    (2, 'Double', 2, 110.00),
    (3, 'Twin',   2, 105.00),
    (4, 'Family', 4, 160.00),
    (5, 'Suite',  3, 290.00);

CREATE TABLE rooms (
    room_id       integer PRIMARY KEY,
    hotel_id      integer NOT NULL REFERENCES hotels(hotel_id),
    room_type_id  integer NOT NULL REFERENCES room_types(room_type_id),
    room_number   text    NOT NULL,
    floor         integer NOT NULL,
    nightly_rate  numeric(8,2) NOT NULL,
    is_accessible boolean NOT NULL,        -- wheelchair accessible
    UNIQUE (hotel_id, room_number)
);

-- Each hotel has 6 + 2 * stars rooms; suites only in 4- and 5-star hotels.
INSERT INTO rooms
SELECT row_number() OVER (ORDER BY h.hotel_id, n)::integer,
       h.hotel_id,
       CASE WHEN n % 7 = 0 AND h.stars >= 4 THEN 5
            WHEN n % 5 = 0 THEN 4
            WHEN n % 3 = 0 THEN 3
            WHEN n % 2 = 0 THEN 2
            ELSE 1 END,
       ((1 + (n - 1) / 6) * 100 + (n - 1) % 6 + 1)::text,
       1 + (n - 1) / 6,
       0,
       n % 6 = 1
FROM hotels h CROSS JOIN LATERAL generate_series(1, 6 + 2 * h.stars) AS n;

UPDATE rooms r SET nightly_rate = t.base_rate * (0.6 + 0.2 * h.stars)
FROM room_types t, hotels h
WHERE t.room_type_id = r.room_type_id AND h.hotel_id = r.hotel_id;

CREATE TABLE agents (
    agent_id integer PRIMARY KEY,
    name     text NOT NULL,
    agency   text NOT NULL,
    city     text NOT NULL
);

INSERT INTO agents VALUES
    (1, 'Marta Silva',   'Sunway Travel', 'Lisbon'),
    (2, 'Jonas Weber',   'Alpen Reisen',  'Vienna'),
    (3, 'Claire Dubois', 'Voyages Azur',  'Paris'),
    (4, 'Pablo Ortega',  'Iberia Tours',  'Madrid'),
    (5, 'Eva Novak',     'Bohemia Trips', 'Prague'),
    (6, 'Tom Baker',     'Globe Desk',    'London');

CREATE TABLE guests (
    guest_id      integer PRIMARY KEY,
    first_name    text NOT NULL,
    last_name     text NOT NULL,
    email         text,                  -- NULL when not given
    country       text NOT NULL,
    city          text NOT NULL,
    loyalty_tier  text,                  -- Bronze, Silver, Gold, Platinum; NULL = not in the loyalty programme
    newsletter    boolean NOT NULL,      -- subscribed to the newsletter
    joined_on     date NOT NULL
);

INSERT INTO guests
SELECT g,
       (ARRAY['Ana','Bruno','Carla','Diego','Elena','Felix','Greta','Hugo','Ines','Jan',
              'Katrin','Luis','Maria','Nico','Olga','Pedro','Rosa','Sven','Teresa','Victor'])[1 + (g - 1) % 20],
       (ARRAY['Costa','Schmidt','Garcia','Dvorak','Martin','Rossi','Huber','Smith',
              'Ferreira','Novak','Lopez','Bauer','Moreau','Brown','Santos'])[1 + ((g - 1) / 20) % 15],
       CASE WHEN g % 8 = 5 THEN NULL ELSE 'guest' || g || '@example.com' END,
       (ARRAY['Portugal','Portugal','Spain','Spain','Austria','Germany','Germany','France','France',
              'United Kingdom','United Kingdom','Czechia','USA','Italy'])[1 + (g * 5) % 14],
       (ARRAY['Lisbon','Porto','Madrid','Seville','Vienna','Berlin','Munich','Lyon','Paris',
              'London','Leeds','Prague','Boston','Milan'])[1 + (g * 5) % 14],
       CASE WHEN g % 9 = 0 THEN 'Platinum'
            WHEN g % 4 = 0 THEN 'Gold'
            WHEN g % 7 = 0 THEN NULL
            WHEN g % 3 = 0 THEN 'Silver'
            WHEN g % 10 = 1 THEN NULL
            ELSE 'Bronze' END,
       g % 3 <> 1,
       date '2016-01-01' + (g * 13) % 2400
FROM generate_series(1, 300) AS g;

CREATE TABLE bookings (
    booking_id         integer PRIMARY KEY,
    guest_id           integer NOT NULL REFERENCES guests(guest_id),
    room_id            integer NOT NULL REFERENCES rooms(room_id),
    booked_by_agent_id integer REFERENCES agents(agent_id),   -- NULL = booked directly
    booked_on          date    NOT NULL,
    check_in           date    NOT NULL,
    check_out          date    NOT NULL,
    num_guests         integer NOT NULL,
    breakfast_included boolean NOT NULL,
    status             text    NOT NULL CHECK (status IN ('confirmed','completed','cancelled','no_show')),
    special_request    text                                     -- NULL when none
);

-- Guests 281-300 never booked; agent 6 (Tom Baker) never booked anything.
INSERT INTO bookings
SELECT b,
       1 + (b * 37 + (b * b) % 113) % 280,
       r.room_id,
       CASE WHEN b % 3 = 0 THEN (ARRAY[1,1,1,2,2,3,4,4,4,4,5])[1 + (b / 3) % 11] END,
       least(ci - (b * 11) % 90, date '2025-09-30'),
       ci,
       ci + (1 + (b * 5) % 7),
       1 + b % t.capacity,
       b % 4 IN (0, 1),
       CASE WHEN b % 13 = 0 THEN 'cancelled'
            WHEN ci > date '2025-09-30' THEN 'confirmed'
            WHEN b % 29 = 0 THEN 'no_show'
            WHEN ci + (1 + (b * 5) % 7) > date '2025-09-30' THEN 'confirmed'   -- still in the house
            ELSE 'completed' END,
       CASE WHEN b % 17 = 0 THEN 'late check-in'
            WHEN b % 23 = 0 THEN 'high floor'
            WHEN b % 31 = 0 THEN 'baby cot' END
FROM generate_series(1, 2400) AS b
CROSS JOIN LATERAL (SELECT date '2023-01-01' + (b * 419) % 1096 AS ci) d
JOIN rooms r ON r.room_id = 1 + (b * 53) % 104
JOIN room_types t ON t.room_type_id = r.room_type_id;

CREATE TABLE payments (
    payment_id integer PRIMARY KEY,
    booking_id integer NOT NULL REFERENCES bookings(booking_id),
    amount     numeric(10,2) NOT NULL,
    method     text NOT NULL CHECK (method IN ('card','cash','bank_transfer','voucher')),
    paid_on    date NOT NULL
);

-- Completed and no-show stays are paid in full (every fourth one as a 30% deposit plus the rest at check-out, or on
-- the check-in day for a no-show);
-- future stays and cancellations with an even booking id have paid a 30% deposit only.
INSERT INTO payments
SELECT row_number() OVER (ORDER BY p.booking_id, p.part)::integer, p.booking_id, p.amount, p.method, p.paid_on
FROM (
    SELECT b.booking_id, 1 AS part,
           CASE WHEN b.status IN ('completed','no_show') AND b.booking_id % 4 <> 0 THEN tot.total
                ELSE round(tot.total * 0.3, 2) END AS amount,
           CASE WHEN b.booking_id % 11 = 3 THEN 'voucher'
                WHEN b.booking_id % 7 = 2 THEN 'bank_transfer'
                WHEN b.booking_id % 5 = 1 THEN 'cash'
                ELSE 'card' END AS method,
           CASE WHEN b.status = 'no_show' AND b.booking_id % 4 <> 0 THEN b.check_in
                WHEN b.status = 'completed' AND b.booking_id % 4 <> 0 THEN b.check_out
                ELSE b.booked_on END AS paid_on
    FROM bookings b
    JOIN rooms r ON r.room_id = b.room_id
    CROSS JOIN LATERAL (SELECT r.nightly_rate * (b.check_out - b.check_in) AS total) tot
    WHERE b.status IN ('completed','no_show') OR b.booking_id % 2 = 0
    UNION ALL
    SELECT b.booking_id, 2,
           tot.total - round(tot.total * 0.3, 2),
           CASE WHEN b.booking_id % 3 = 0 THEN 'cash' ELSE 'card' END,
           CASE WHEN b.status = 'no_show' THEN b.check_in ELSE b.check_out END
    FROM bookings b
    JOIN rooms r ON r.room_id = b.room_id
    CROSS JOIN LATERAL (SELECT r.nightly_rate * (b.check_out - b.check_in) AS total) tot
    WHERE b.status IN ('completed','no_show') AND b.booking_id % 4 = 0
) p;
