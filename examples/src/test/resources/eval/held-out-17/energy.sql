-- Renewable energy operator: sites, generating units, monthly generation readings,
-- technicians and maintenance jobs. Data is as of 2025-12-31. Deterministic.

CREATE TABLE sites (
    site_id          integer PRIMARY KEY,
    site_name        text NOT NULL UNIQUE,
    region           text NOT NULL,
    site_type        text NOT NULL CHECK (site_type IN ('wind', 'solar', 'hydro')),
    commissioned_on  date
);

CREATE TABLE units (
    unit_id       integer PRIMARY KEY,
    site_id       integer NOT NULL REFERENCES sites(site_id),
    unit_code     text NOT NULL UNIQUE,
    model         text NOT NULL,
    capacity_kw   integer NOT NULL,
    installed_on  date
);

CREATE TABLE generation_readings (
    reading_id    integer PRIMARY KEY,
    unit_id       integer NOT NULL REFERENCES units(unit_id),
    reading_date  date NOT NULL,
    kwh           numeric(12,1)
);

CREATE TABLE technicians (
    technician_id  integer PRIMARY KEY,
    full_name      text NOT NULL,
    team           text NOT NULL,
    hired_on       date NOT NULL
);

CREATE TABLE maintenance_jobs (
    job_id         integer PRIMARY KEY,
    unit_id        integer NOT NULL REFERENCES units(unit_id),
    technician_id  integer REFERENCES technicians(technician_id),
    job_kind       text NOT NULL,
    opened_on      date NOT NULL,
    closed_on      date,
    cost           numeric(10,2)
);

INSERT INTO sites VALUES
 (1,  'Northmoor',     'Northmoor',       'wind',  '2015-04-01'),
 (2,  'Gale Point',    'Coastal',         'wind',  '2017-06-15'),
 (3,  'Sunfield',      'Southern Plains', 'solar', '2019-03-10'),
 (4,  'Bright Acres',  'Southern Plains', 'solar', '2021-09-01'),
 (5,  'Riverbend',     'Valley',          'hydro', '2008-05-20'),
 (6,  'Falls Creek',   'Valley',          'hydro', '2012-11-11'),
 (7,  'Windy Hill',    'Northmoor',       'wind',  '2018-02-14'),
 (8,  'Saltmarsh',     'Coastal',         'solar', '2024-04-01'),
 (9,  'Cliffside',     'Coastal',         'wind',  '2025-03-01'),
 (10, 'Stonebrook',    'Valley',          'solar', NULL);

-- units: (site, count, model A, capacity A, model B, capacity B)
INSERT INTO units (unit_id, site_id, unit_code, model, capacity_kw, installed_on)
SELECT row_number() OVER (ORDER BY s.site_id, g),
       s.site_id,
       upper(left(replace(st.site_name, ' ', ''), 3)) || '-' || lpad(g::text, 2, '0'),
       CASE WHEN g % 3 = 0 THEN s.model_b ELSE s.model_a END,
       CASE WHEN g % 3 = 0 THEN s.cap_b ELSE s.cap_a END,
       CASE WHEN (s.site_id * 10 + g) IN (36, 74) THEN NULL
            ELSE st.commissioned_on + (g * 9) END
FROM (VALUES
  (1, 8,  'Vestas V112',    3000, 'Siemens SG 2.1', 2100),
  (2, 6,  'Siemens SG 2.1', 2100, 'Vestas V112',    3000),
  (3, 10, 'SunArray 500',    500, 'SunArray 750',    750),
  (4, 8,  'SunArray 750',    750, 'SunArray 500',    500),
  (5, 3,  'Kaplan K12',    12000, 'Francis F8',     8000),
  (6, 2,  'Francis F8',     8000, 'Kaplan K12',    12000),
  (7, 5,  'Siemens SG 2.1', 2100, 'Vestas V112',    3000),
  (8, 6,  'SunArray 500',    500, 'SunArray 750',    750),
  (9, 4,  'Vestas V150',    4200, 'Vestas V112',    3000)
) AS s(site_id, n, model_a, cap_a, model_b, cap_b)
JOIN sites st ON st.site_id = s.site_id
CROSS JOIN LATERAL generate_series(1, s.n) AS g;

-- monthly readings on the last day of each month, for units installed by then (NULL installed = old unit)
INSERT INTO generation_readings (reading_id, unit_id, reading_date, kwh)
SELECT row_number() OVER (ORDER BY u.unit_id, m),
       u.unit_id,
       (date '2024-01-01' + (m || ' months')::interval + interval '1 month' - interval '1 day')::date,
       CASE WHEN (u.unit_id * 5 + m) % 41 = 0 THEN NULL
            ELSE round(u.capacity_kw * 24 * 30 *
                 CASE st.site_type
                   WHEN 'wind'  THEN 0.25 + ((u.unit_id * 7 + m) % 10) / 100.0 + CASE WHEN m % 12 IN (0,1,10,11) THEN 0.08 ELSE 0 END
                   WHEN 'solar' THEN 0.10 + ((u.unit_id * 3 + m) % 5) / 100.0 + CASE WHEN m % 12 BETWEEN 4 AND 7 THEN 0.09 ELSE 0 END
                   ELSE 0.45 + ((u.unit_id + m) % 7) / 100.0 + CASE WHEN m % 12 IN (2,3,4) THEN 0.12 ELSE 0 END
                 END, 1)
       END
FROM units u
JOIN sites st ON st.site_id = u.site_id
CROSS JOIN generate_series(0, 23) AS m
WHERE u.installed_on IS NULL
   OR u.installed_on <= (date '2024-01-01' + (m || ' months')::interval + interval '1 month' - interval '1 day')::date;

INSERT INTO technicians VALUES
 (1,  'Aisha Khan',       'North',  '2016-03-01'),
 (2,  'Tomas Berg',       'North',  '2019-07-15'),
 (3,  'Priya Nair',       'Coast',  '2018-01-08'),
 (4,  'Liam O''Connor',   'Coast',  '2021-05-03'),
 (5,  'Mei Lin',          'Solar',  '2020-09-21'),
 (6,  'Jonas Weber',      'Solar',  '2023-02-13'),
 (7,  'Carmen Diaz',      'Valley', '2011-10-10'),
 (8,  'Oskar Nilsson',    'Valley', '2024-06-03'),
 (9,  'Fatima Haddad',    'North',  '2024-11-18'),
 (10, 'Daniel Okafor',    'Coast',  '2017-04-24'),
 (11, 'Sofia Rossi',      'Solar',  '2025-01-06'),
 (12, 'Ben Carter',       'Valley', '2025-09-01');

INSERT INTO maintenance_jobs (job_id, unit_id, technician_id, job_kind, opened_on, closed_on, cost)
SELECT j.g,
       j.unit_id,
       CASE WHEN j.g % 23 = 0 THEN NULL
            WHEN (SELECT hired_on FROM technicians WHERE technician_id = 1 + (j.g * 5) % 11) > j.opened
            THEN 1 + (j.g * 5) % 7
            ELSE 1 + (j.g * 5) % 11 END,
       j.kind,
       j.opened,
       CASE WHEN j.g % 19 = 0 OR j.opened > date '2025-12-20' THEN NULL
            ELSE j.opened + (j.g % 9 + 1) END,
       CASE WHEN j.g % 29 = 0 THEN NULL
            ELSE CASE j.kind
                   WHEN 'inspection'        THEN 250 + (j.g % 7) * 15
                   WHEN 'cleaning'          THEN 400 + (j.g % 5) * 20
                   WHEN 'repair'            THEN 1200 + (j.g * 37) % 2500
                   WHEN 'blade replacement' THEN 18000 + (j.g * 113) % 9000
                   WHEN 'inverter swap'     THEN 6500 + (j.g * 53) % 3000
                   ELSE 3000 + (j.g * 41) % 4000
                 END END
FROM (
  SELECT g, u.unit_id, date '2024-01-03' + g * 3 AS opened,
         CASE
           WHEN g % 4 = 0 THEN 'inspection'
           WHEN g % 4 = 1 THEN 'repair'
           WHEN st.site_type = 'wind'  AND g % 4 = 2 AND g % 3 = 0 THEN 'blade replacement'
           WHEN st.site_type = 'wind'  THEN 'gearbox service'
           WHEN st.site_type = 'solar' AND g % 4 = 2 THEN 'cleaning'
           WHEN st.site_type = 'solar' THEN 'inverter swap'
           ELSE 'turbine overhaul'
         END AS kind
  FROM generate_series(1, 240) AS g
  JOIN units u ON u.unit_id = 1 + (g * 17) % 52
  JOIN sites st ON st.site_id = u.site_id
) j
WHERE j.opened >= coalesce((SELECT installed_on FROM units WHERE unit_id = j.unit_id), date '2000-01-01');
