-- Held-out evaluation schema: a small city bike-sharing service.
-- Deterministic data (fixed arithmetic over generate_series, no random()).
-- Load into an empty database: psql -v ON_ERROR_STOP=1 -d ho_bikeshare -f bikeshare.sql

CREATE TABLE stations (
    station_id   integer PRIMARY KEY,
    name         text NOT NULL,
    district     text NOT NULL,
    capacity     integer NOT NULL,
    opened_on    date NOT NULL,
    is_active    boolean NOT NULL
);

CREATE TABLE bikes (
    bike_id             integer PRIMARY KEY,
    serial_code         text NOT NULL UNIQUE,
    model               text NOT NULL,
    is_electric         boolean NOT NULL,
    battery_capacity_wh integer,          -- NULL for bikes without a battery
    purchase_date       date NOT NULL,
    home_station_id     integer NOT NULL REFERENCES stations(station_id)
);

CREATE TABLE members (
    member_id   integer PRIMARY KEY,
    full_name   text NOT NULL,
    home_city   text NOT NULL,
    plan        text NOT NULL,            -- monthly | annual | student
    joined_on   date NOT NULL,
    birth_year  integer,
    email       text
);

CREATE TABLE trips (
    trip_id          integer PRIMARY KEY,
    bike_id          integer NOT NULL REFERENCES bikes(bike_id),
    member_id        integer REFERENCES members(member_id),  -- NULL for casual riders
    start_station_id integer NOT NULL REFERENCES stations(station_id),
    end_station_id   integer NOT NULL REFERENCES stations(station_id),
    started_at       timestamp NOT NULL,
    ended_at         timestamp NOT NULL,
    distance_km      numeric(6,2) NOT NULL,
    fare             numeric(6,2) NOT NULL
);

CREATE TABLE maintenance_records (
    record_id     integer PRIMARY KEY,
    bike_id       integer NOT NULL REFERENCES bikes(bike_id),
    performed_on  date NOT NULL,
    issue         text NOT NULL,
    cost          numeric(7,2) NOT NULL,
    mechanic      text                     -- NULL when done by an outside shop
);

INSERT INTO stations (station_id, name, district, capacity, opened_on, is_active) VALUES
    (1, 'Central Station', 'Center', 40, '2020-04-01', true),
    (2, 'Riverside',       'North',  24, '2020-04-01', true),
    (3, 'Harbor Point',    'South',  30, '2020-06-15', true),
    (4, 'Old Town Square', 'Center', 20, '2020-09-01', true),
    (5, 'University',      'East',   36, '2021-02-10', true),
    (6, 'Greenfield',      'West',   16, '2021-08-20', true),
    (7, 'Market Hall',     'Center', 28, '2022-03-05', true),
    (8, 'Lakeview Park',   'North',  12, '2022-11-30', false);

INSERT INTO bikes (bike_id, serial_code, model, is_electric, battery_capacity_wh, purchase_date, home_station_id)
SELECT i,
       'BK-' || lpad(i::text, 4, '0'),
       (ARRAY['City Classic', 'Trail 300', 'Volt E1', 'Volt E2'])[i % 4 + 1],
       i % 4 >= 2,
       CASE WHEN i % 4 = 2 THEN 400 WHEN i % 4 = 3 THEN 500 END,
       DATE '2021-03-01' + (i * 23) % 900,
       i % 8 + 1
FROM generate_series(1, 40) AS i;

INSERT INTO members (member_id, full_name, home_city, plan, joined_on, birth_year, email)
SELECT i,
       (ARRAY['Anna', 'Ben', 'Chloe', 'David', 'Elif', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas'])[i % 10 + 1]
         || ' ' ||
       (ARRAY['Meyer', 'Okafor', 'Santos', 'Novak', 'Larsen', 'Kim'])[(i / 10) % 6 + 1],
       (ARRAY['Riverside', 'Greenfield', 'Millbrook', 'Riverside', 'Lakeview'])[i % 5 + 1],
       (ARRAY['monthly', 'annual', 'student'])[i % 3 + 1],
       DATE '2022-01-10' + (i * 37) % 1000,
       CASE WHEN i % 7 = 0 THEN NULL ELSE 1960 + (i * 13) % 45 END,
       CASE WHEN i % 5 = 0 THEN NULL
            ELSE lower((ARRAY['anna', 'ben', 'chloe', 'david', 'elif', 'farid', 'grace', 'hugo', 'ines', 'jonas'])[i % 10 + 1])
                 || '.' || i || '@example.org' END
FROM generate_series(1, 60) AS i;

INSERT INTO trips (trip_id, bike_id, member_id, start_station_id, end_station_id, started_at, ended_at, distance_km, fare)
SELECT i,
       (i * 7) % 40 + 1,
       CASE WHEN i % 9 = 0 THEN NULL WHEN i % 4 = 0 THEN (i * 5) % 12 + 1 ELSE (i * 11) % 57 + 1 END,
       (ARRAY[1, 1, 1, 2, 3, 5, 5, 7, 4, 1, 6, 2, 8])[i % 13 + 1],
       (ARRAY[1, 2, 1, 5, 3, 7, 1, 4, 6, 2, 5])[(i * 3) % 11 + 1],
       TIMESTAMP '2023-01-01 06:00' + ((i * 347) % 730) * INTERVAL '1 day' + ((i * 53) % 900) * INTERVAL '1 minute',
       TIMESTAMP '2023-01-01 06:00' + ((i * 347) % 730) * INTERVAL '1 day' + ((i * 53) % 900) * INTERVAL '1 minute'
         + (5 + (i * 17) % 55) * INTERVAL '1 minute',
       round((5 + (i * 17) % 55) * 0.22 + (i % 5) * 0.1, 2),
       CASE WHEN i % 9 = 0 THEN round(1.50 + (5 + (i * 17) % 55) * 0.12, 2)
            ELSE round((5 + (i * 17) % 55) * 0.05, 2) END
FROM generate_series(1, 1500) AS i;

INSERT INTO maintenance_records (record_id, bike_id, performed_on, issue, cost, mechanic)
SELECT i,
       CASE WHEN i % 3 = 0 THEN ((i * 7) % 10) * 4 + 3 ELSE (i * 13) % 40 + 1 END,
       DATE '2023-01-05' + (i * 11) % 700,
       (ARRAY['flat tire', 'brake adjustment', 'chain replacement', 'light repair', 'gear tuning'])[i % 5 + 1],
       (ARRAY[12.50, 25.00, 40.00, 18.00, 30.00])[i % 5 + 1] + (i % 4) * 2.5,
       CASE WHEN i % 6 = 0 THEN NULL ELSE (ARRAY['Tomas', 'Lena', 'Marco'])[i % 3 + 1] END
FROM generate_series(1, 120) AS i;
