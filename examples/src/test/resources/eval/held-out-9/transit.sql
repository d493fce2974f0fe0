-- City bus network: routes, stops, route_stops, vehicles, drivers, trips, incidents. Data for 2024-2025.

CREATE TABLE routes (
    route_id        integer PRIMARY KEY,
    route_number    text NOT NULL UNIQUE,
    name            text,
    route_type      text NOT NULL CHECK (route_type IN ('Day', 'Night', 'Express')),
    launched_on     date NOT NULL,
    discontinued_on date
);

CREATE TABLE stops (
    stop_id               integer PRIMARY KEY,
    name                  text NOT NULL,
    zone                  integer NOT NULL,
    has_shelter           boolean NOT NULL,
    wheelchair_accessible boolean
);

CREATE TABLE route_stops (
    route_id      integer NOT NULL REFERENCES routes(route_id),
    stop_id       integer NOT NULL REFERENCES stops(stop_id),
    stop_sequence integer NOT NULL,
    PRIMARY KEY (route_id, stop_sequence)
);

CREATE TABLE vehicles (
    vehicle_id       integer PRIMARY KEY,
    fleet_number     text NOT NULL UNIQUE,
    model            text NOT NULL,
    capacity         integer NOT NULL,
    fuel_type        text NOT NULL CHECK (fuel_type IN ('Diesel', 'Hybrid', 'Electric')),
    depot            text NOT NULL,
    in_service_since date NOT NULL,
    last_inspection  date
);

CREATE TABLE drivers (
    driver_id       integer PRIMARY KEY,
    first_name      text NOT NULL,
    last_name       text NOT NULL,
    hire_date       date NOT NULL,
    depot           text NOT NULL,
    employment_type text NOT NULL CHECK (employment_type IN ('Full-time', 'Part-time')),
    phone           text
);

CREATE TABLE trips (
    trip_id             integer PRIMARY KEY,
    route_id            integer NOT NULL REFERENCES routes(route_id),
    vehicle_id          integer NOT NULL REFERENCES vehicles(vehicle_id),
    driver_id           integer NOT NULL REFERENCES drivers(driver_id),
    service_date        date NOT NULL,
    scheduled_departure timestamp NOT NULL,
    actual_departure    timestamp,
    delay_minutes       integer,
    status              text NOT NULL CHECK (status IN ('Completed', 'Cancelled', 'Diverted')),
    passenger_count     integer
);

CREATE TABLE incidents (
    incident_id        integer PRIMARY KEY,
    trip_id            integer NOT NULL REFERENCES trips(trip_id),
    occurred_at        timestamp NOT NULL,
    category           text NOT NULL,
    severity           text NOT NULL CHECK (severity IN ('Low', 'Medium', 'High')),
    reported_by_driver boolean NOT NULL,
    description        text
);

INSERT INTO routes VALUES
 ( 1, '1',  NULL, 'Express', '2015-04-01', NULL),
 ( 2, '2',  NULL, 'Day',     '2010-01-10', NULL),
 ( 3, '5',  NULL, 'Day',     '2011-09-05', NULL),
 ( 4, '7',  NULL, 'Day',     '2012-03-12', NULL),
 ( 5, '7A', NULL, 'Day',     '2019-07-01', NULL),
 ( 6, '12', NULL, 'Day',     '2008-05-19', NULL),
 ( 7, '15', NULL, 'Day',     '2014-02-03', NULL),
 ( 8, '22', NULL, 'Day',     '2016-10-30', NULL),
 ( 9, '30', NULL, 'Day',     '2018-06-11', NULL),
 (10, 'N1', NULL, 'Night',   '2017-11-01', NULL),
 (11, 'N4', NULL, 'Night',   '2020-09-14', NULL),
 (12, 'X9', NULL, 'Express', '2025-03-01', NULL),
 (13, '41', NULL, 'Day',     '2013-04-08', '2023-12-31');

INSERT INTO stops
SELECT i,
       (ARRAY['Central Station','Market Square','Riverside','Northgate','Hillcrest','Old Town','University','Hospital',
              'Museum','Park Lane','Harbour','Castle Street','Library','Stadium','Airport','Westfield','Eastbrook',
              'Southgate','Mill Road','Canal Basin','Cathedral','Victoria Park','Bridge End','Kings Cross','Queens Road',
              'Greenway','Oakfield','Meadowbank','Fairview','Station Road','Chapel Hill','High Street','Rose Lane',
              'Lakeside','Foundry','Tannery Row','Orchard Way','Beacon Hill','Elm Grove','Sunnyside'])[i],
       CASE WHEN i <= 12 THEN 1 WHEN i <= 28 THEN 2 ELSE 3 END,
       i % 4 <> 0,
       CASE WHEN i % 11 = 0 THEN NULL ELSE i % 3 <> 0 END
FROM generate_series(1, 40) AS i;

INSERT INTO route_stops
SELECT r, (r * 7 + seq * 3) % 38 + 1, seq
FROM generate_series(1, 13) AS r
CROSS JOIN LATERAL generate_series(1, 6 + r % 5) AS seq;

UPDATE routes r
SET name = (SELECT s.name FROM route_stops rs JOIN stops s ON s.stop_id = rs.stop_id
            WHERE rs.route_id = r.route_id AND rs.stop_sequence = 1)
        || ' - ' ||
           (SELECT s.name FROM route_stops rs JOIN stops s ON s.stop_id = rs.stop_id
            WHERE rs.route_id = r.route_id
              AND rs.stop_sequence = (SELECT max(stop_sequence) FROM route_stops x WHERE x.route_id = r.route_id));

INSERT INTO vehicles
SELECT i,
       'B' || (100 + i),
       (ARRAY['Volvo B8RLE','ADL Enviro200','Wright StreetDeck','BYD D9UR','Optare Solo'])[i % 5 + 1],
       (ARRAY[90, 76, 98, 82, 40])[i % 5 + 1],
       (ARRAY['Diesel','Diesel','Hybrid','Electric','Diesel'])[i % 5 + 1],
       (ARRAY['Northgate','Riverside','Kingsway','Northgate','Riverside'])[(i * 3 + i / 4) % 5 + 1],
       DATE '2014-01-01' + i * 97,
       CASE WHEN i % 6 = 0 THEN NULL ELSE DATE '2025-01-01' + (i * 29) % 330 END
FROM generate_series(1, 30) AS i;

INSERT INTO drivers
SELECT i,
       (ARRAY['Sam','Priya','Tom','Chloe','Marek','Aisha','Dan','Lucy','Kofi','Hannah','Raj','Beth','Owen','Zara'])[(i * 3) % 14 + 1],
       (ARRAY['Patel','Murphy','Kowalski','Reid','Okafor','Clarke','Shaw','Ahmed','Doyle','Barnes','Fisher'])[(i * 5) % 11 + 1],
       CASE WHEN i >= 38 THEN DATE '2025-09-01' + (i - 38) * 30 ELSE DATE '2010-01-01' + i * 100 END,
       (ARRAY['Kingsway','Northgate','Riverside','Northgate'])[i % 4 + 1],
       CASE WHEN i % 6 = 0 THEN 'Part-time' ELSE 'Full-time' END,
       CASE WHEN i % 9 = 0 THEN NULL ELSE '07700 9' || lpad((i * 137 % 100000)::text, 5, '0') END
FROM generate_series(1, 40) AS i;

INSERT INTO trips
SELECT t.i, t.route_id, t.vehicle_id, t.driver_id, t.service_date, t.sched,
       CASE WHEN t.status = 'Cancelled' THEN NULL ELSE t.sched + t.delay * INTERVAL '1 minute' END,
       CASE WHEN t.status = 'Cancelled' THEN NULL ELSE t.delay END,
       t.status,
       CASE WHEN t.status = 'Cancelled' THEN NULL ELSE v.capacity * (15 + (t.i * 31) % 80) / 100 END
FROM (
  SELECT i, route_id, vehicle_id, driver_id, service_date, status, delay,
         service_date + CASE WHEN route_type = 'Night' THEN TIME '23:00' + (i % 4) * INTERVAL '15 minutes'
                             ELSE TIME '05:30' + ((i * 13) % 34) * INTERVAL '30 minutes' END AS sched
  FROM (
    SELECT g AS i,
           r.route_id, r.route_type,
           (g * 7) % 30 + 1 AS vehicle_id,
           CASE WHEN g % 5 = 0 THEN 1 + floor(sqrt(((g / 5) * 7) % 81))::int ELSE (g * 11) % 37 + 1 END AS driver_id,
           CASE WHEN r.route_id = 12 THEN DATE '2025-03-01' + (g * 37) % 306
                ELSE DATE '2024-01-01' + (g * 37) % 731 END AS service_date,
           CASE WHEN g % 41 = 0 THEN 'Cancelled' WHEN g % 53 = 0 THEN 'Diverted' ELSE 'Completed' END AS status,
           GREATEST((g * 17) % 23 - 4, 0) + CASE WHEN g % 97 = 0 THEN 25 ELSE 0 END
             + CASE WHEN r.route_type = 'Night' THEN 0 ELSE (g % 3) + r.route_id % 4 END AS delay
    FROM generate_series(1, 2000) AS g
    JOIN routes r ON r.route_id = (g * 5) % 12 + 1
  ) x
) t
JOIN vehicles v ON v.vehicle_id = t.vehicle_id;

INSERT INTO incidents
SELECT j,
       t.trip_id,
       t.scheduled_departure + (j % 40) * INTERVAL '1 minute',
       (ARRAY['Breakdown','Passenger','Breakdown','Collision','Passenger','Fare dispute','Breakdown'])[j % 7 + 1],
       CASE WHEN j % 5 = 0 THEN 'High' WHEN j % 5 IN (1, 2) THEN 'Medium' ELSE 'Low' END,
       j % 3 <> 1,
       CASE WHEN j % 3 = 0 THEN NULL ELSE 'Logged by control room, ref ' || (1000 + j) END
FROM generate_series(1, 80) AS j
JOIN trips t ON t.trip_id = (j * 23) % 2000 + 1;
