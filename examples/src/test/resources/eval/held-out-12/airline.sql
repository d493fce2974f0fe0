-- A small airline's operations, 2024-01-01 to 2025-12-31. Deterministic data.
CREATE TABLE airports (
    airport_code char(3) PRIMARY KEY,
    airport_name text NOT NULL,
    city         text NOT NULL,
    country      text NOT NULL
);

CREATE TABLE aircraft (
    aircraft_id   integer PRIMARY KEY,
    registration  text NOT NULL UNIQUE,
    model         text NOT NULL,
    seats         integer NOT NULL,
    delivered_on  date
);

CREATE TABLE flights (
    flight_id           integer PRIMARY KEY,
    flight_number       text NOT NULL,
    origin_code         char(3) NOT NULL REFERENCES airports(airport_code),
    destination_code    char(3) NOT NULL REFERENCES airports(airport_code),
    aircraft_id         integer REFERENCES aircraft(aircraft_id),
    scheduled_departure timestamp NOT NULL,
    actual_departure    timestamp,
    status              text NOT NULL CHECK (status IN ('on time', 'delayed', 'cancelled', 'diverted'))
);

CREATE TABLE crew_members (
    crew_id       integer PRIMARY KEY,
    first_name    text NOT NULL,
    last_name     text NOT NULL,
    rank          text NOT NULL CHECK (rank IN ('Captain', 'First Officer', 'Purser', 'Flight Attendant')),
    base_airport  char(3) NOT NULL REFERENCES airports(airport_code),
    home_city     text,
    hired_on      date NOT NULL
);

CREATE TABLE crew_assignments (
    flight_id  integer NOT NULL REFERENCES flights(flight_id),
    crew_id    integer NOT NULL REFERENCES crew_members(crew_id),
    role       text NOT NULL,
    PRIMARY KEY (flight_id, crew_id)
);

CREATE TABLE bookings (
    booking_id     integer PRIMARY KEY,
    flight_id      integer NOT NULL REFERENCES flights(flight_id),
    passenger_name text NOT NULL,
    fare_class     text NOT NULL CHECK (fare_class IN ('economy', 'premium', 'business')),
    price          numeric(8,2) NOT NULL,
    booked_on      date NOT NULL,
    checked_in     boolean NOT NULL DEFAULT false
);

INSERT INTO airports VALUES
 ('LIS', 'Humberto Delgado', 'Lisbon', 'Portugal'),
 ('OPO', 'Francisco Sa Carneiro', 'Porto', 'Portugal'),
 ('FNC', 'Cristiano Ronaldo Madeira', 'Funchal', 'Portugal'),
 ('MAD', 'Adolfo Suarez Barajas', 'Madrid', 'Spain'),
 ('BCN', 'El Prat', 'Barcelona', 'Spain'),
 ('CDG', 'Charles de Gaulle', 'Paris', 'France'),
 ('LYS', 'Saint-Exupery', 'Lyon', 'France'),
 ('FRA', 'Frankfurt am Main', 'Frankfurt', 'Germany'),
 ('AMS', 'Schiphol', 'Amsterdam', 'Netherlands');

INSERT INTO aircraft VALUES
 (1, 'CS-TKA', 'Airbus A320', 174, '2016-03-14'),
 (2, 'CS-TKB', 'Airbus A320', 174, '2017-05-02'),
 (3, 'CS-TKC', 'Airbus A321', 200, '2019-11-20'),
 (4, 'CS-TKD', 'Embraer E190', 106, '2014-06-30'),
 (5, 'CS-TKE', 'Embraer E190', 106, NULL),
 (6, 'CS-TKF', 'ATR 72', 70, '2025-10-01');

-- 600 flights over 730 days; 12 routes; aircraft 1..5 (the ATR 72 never flies)
INSERT INTO flights
SELECT g,
       (ARRAY['TP100','TP101','TP200','TP201','TP300','TP301','TP400','TP401','TP500','TP501','TP600','TP700'])[g % 12 + 1],
       (ARRAY['LIS','OPO','LIS','MAD','LIS','CDG','OPO','FRA','LIS','AMS','MAD','OPO'])[g % 12 + 1],
       (ARRAY['OPO','LIS','MAD','LIS','CDG','LIS','FRA','OPO','AMS','LIS','BCN','LYS'])[g % 12 + 1],
       1 + g % 5,
       sched,
       CASE WHEN g % 23 = 0 THEN NULL
            WHEN g % 61 = 0 OR g % 5 IN (1, 2) THEN sched + ((15 + (g * 37) % 90) * interval '1 minute')
            ELSE sched + ((g % 4) * 3 * interval '1 minute') END,
       CASE WHEN g % 23 = 0 THEN 'cancelled'
            WHEN g % 61 = 0 THEN 'diverted'
            WHEN g % 5 IN (1, 2) THEN 'delayed'
            ELSE 'on time' END
FROM (SELECT g, timestamp '2024-01-01 00:00' + ((g - 1) * 730 / 600) * interval '1 day'
                + (6 + (g * 7) % 14) * interval '1 hour' + ((g % 4) * 15) * interval '1 minute' AS sched
      FROM generate_series(1, 600) g) s;

-- 44 crew members: 8 captains, 8 first officers, 8 pursers, 20 flight attendants
INSERT INTO crew_members
SELECT i,
       (ARRAY['Ana','Joao','Maria','Pedro','Ines','Rui','Sofia','Tiago','Carla','Miguel','Beatriz','Nuno','Lucia','Diego','Elena','Hugo'])[i % 16 + 1],
       (ARRAY['Silva','Costa','Pereira','Santos','Ferreira','Garcia','Martins','Lopez','Rocha','Almeida','Moreno','Sousa','Ribeiro'])[i % 13 + 1],
       CASE WHEN i <= 8 THEN 'Captain' WHEN i <= 16 THEN 'First Officer'
            WHEN i <= 24 THEN 'Purser' ELSE 'Flight Attendant' END,
       (ARRAY['LIS','LIS','OPO','MAD','LIS','OPO','FNC'])[i % 7 + 1],
       CASE WHEN i % 11 = 0 THEN NULL
            ELSE (ARRAY['Lisbon','Porto','Sintra','Madrid','Braga','Coimbra','Lisbon','Funchal','Setubal','Toledo'])[i % 10 + 1] END,
       CASE WHEN i > 42 THEN date '2025-11-03' + (i - 43) * 14
            ELSE date '2008-02-01' + (i * 131) % 6200 END
FROM generate_series(1, 44) i;

-- crew on every flight that was not cancelled; crew 43 and 44 (hired late 2025) never fly
INSERT INTO crew_assignments
SELECT f.flight_id, c.crew_id, c.role
FROM flights f
CROSS JOIN LATERAL (VALUES
    (1 + f.flight_id % 8, 'Captain'),
    (9 + (f.flight_id * 3) % 8, 'First Officer'),
    (17 + (f.flight_id * 5) % 8, 'Purser'),
    (25 + f.flight_id % 18, 'Cabin Crew'),
    (25 + (f.flight_id + 9) % 18, 'Cabin Crew')) AS c(crew_id, role)
WHERE f.status <> 'cancelled';

-- 2 to 5 bookings per flight
INSERT INTO bookings
SELECT row_number() OVER (ORDER BY f.flight_id, k),
       f.flight_id,
       (ARRAY['Alice','Bruno','Chloe','David','Eva','Filipe','Greta','Henrik','Isabel','Jonas','Klara','Luis'])[(f.flight_id + k * 5) % 12 + 1]
         || ' ' ||
       (ARRAY['Dupont','Schmidt','Oliveira','Jansen','Fernandez','Moreau','Weber','Castro','de Vries'])[(f.flight_id * 2 + k) % 9 + 1],
       CASE WHEN (f.flight_id + k) % 9 = 0 THEN 'business'
            WHEN (f.flight_id + k) % 4 = 0 THEN 'premium' ELSE 'economy' END,
       CASE WHEN (f.flight_id + k) % 9 = 0 THEN 420 + (f.flight_id * 13) % 200
            WHEN (f.flight_id + k) % 4 = 0 THEN 190 + (f.flight_id * 7) % 80
            ELSE 49 + (f.flight_id * 11 + k * 17) % 120 END + 0.99,
       f.scheduled_departure::date - (3 + (f.flight_id * k) % 60),
       f.status <> 'cancelled' AND (f.flight_id + k) % 7 <> 0
FROM flights f
CROSS JOIN generate_series(1, 2 + f.flight_id % 4) k;
