-- Municipal recycling service database (depots, trucks, collection routes, households, bins, pickups, contamination reports). Data as of 2025-06-30.

CREATE TABLE depots (
    depot_id          integer PRIMARY KEY,
    depot_name        text    NOT NULL UNIQUE,
    district          text    NOT NULL,
    street_address    text    NOT NULL,
    opened_on         date    NOT NULL,
    max_daily_tonnes  numeric(6,1) NOT NULL,
    has_weighbridge   boolean NOT NULL
);

INSERT INTO depots VALUES
 (1, 'North Yard',             'Northgate', '12 Quarry Lane', '2008-03-01', 120.0, true),
 (2, 'Greenfield',             'Riverside', '4 Canal Street', '2012-06-15',  90.0, true),
 (3, 'East Depot',             'Eastfield', '88 Mill Road',   '2016-09-01',  75.0, false),
 (4, 'South Transfer Station', 'Southbank', '1 Harbour Way',  '2019-04-01', 150.0, true),
 (5, 'Westmoor Depot',         'Westmoor',  '20 Heath Road',  '2025-05-01',  60.0, false);

CREATE TABLE trucks (
    truck_id            integer PRIMARY KEY,
    registration_plate  text    NOT NULL UNIQUE,
    depot_id            integer NOT NULL REFERENCES depots(depot_id),
    make_model          text    NOT NULL,
    fuel_type           text    NOT NULL CHECK (fuel_type IN ('diesel', 'electric', 'cng')),
    payload_kg          integer NOT NULL,
    commissioned_on     date    NOT NULL,
    retired_on          date              -- NULL = still in service
);

INSERT INTO trucks VALUES
 (1,  'RC17 ABX', 1, 'Dennis Eagle Elite 6', 'diesel',   11000, '2017-05-01', NULL),
 (2,  'RC19 KTL', 1, 'Mercedes Econic',      'diesel',   10500, '2019-03-01', NULL),
 (3,  'RC21 EVA', 1, 'Dennis eCollect',      'electric',  9000, '2021-09-01', NULL),
 (4,  'RC16 GHT', 2, 'Mercedes Econic',      'diesel',   10500, '2016-02-01', '2024-03-31'),
 (5,  'RC22 PLM', 2, 'Volvo FE Electric',    'electric',  9500, '2022-04-01', NULL),
 (6,  'RC18 NBW', 2, 'Scania P280 CNG',      'cng',      11500, '2018-06-01', NULL),
 (7,  'RC24 ZRF', 2, 'Dennis eCollect',      'electric',  9000, '2024-04-01', NULL),
 (8,  'RC20 QWE', 3, 'Scania P280 CNG',      'cng',      11500, '2020-01-15', NULL),
 (9,  'RC15 OLD', 3, 'Dennis Eagle Elite 6', 'diesel',   11000, '2015-07-01', '2023-06-30'),
 (10, 'RC21 MNB', 4, 'Volvo FE Electric',    'electric',  9500, '2021-05-01', NULL),
 (11, 'RC19 SDF', 4, 'Mercedes Econic',      'diesel',   10500, '2019-10-01', NULL),
 (12, 'RC23 HJK', 4, 'Scania P280 CNG',      'cng',      11500, '2023-02-01', NULL),
 (13, 'RC25 SPR', 1, 'Volvo FE Electric',    'electric',  9500, '2025-06-10', NULL);

CREATE TABLE routes (
    route_id            integer PRIMARY KEY,
    route_code          text    NOT NULL UNIQUE,
    route_name          text    NOT NULL,
    depot_id            integer NOT NULL REFERENCES depots(depot_id),
    collection_weekday  text    NOT NULL CHECK (collection_weekday IN ('Monday','Tuesday','Wednesday','Thursday','Friday')),
    frequency           text    NOT NULL CHECK (frequency IN ('weekly', 'fortnightly')),
    distance_km         numeric(5,1) NOT NULL,
    launched_on         date    NOT NULL
);

INSERT INTO routes VALUES
 (1,  'R01', 'Northgate Central',  1, 'Monday',    'weekly',      18.4, '2010-01-04'),
 (2,  'R02', 'Northgate Hills',    1, 'Tuesday',   'fortnightly', 26.9, '2010-01-05'),
 (3,  'R03', 'Oakley',             1, 'Wednesday', 'weekly',      21.2, '2014-03-05'),
 (4,  'R04', 'Greenfield East',    2, 'Monday',    'weekly',      15.7, '2012-07-02'),
 (5,  'R05', 'Greenfield West',    2, 'Thursday',  'fortnightly', 19.3, '2012-07-05'),
 (6,  'R06', 'Riverside Loop',     2, 'Friday',    'weekly',      23.8, '2013-01-04'),
 (7,  'R07', 'Eastfield Circuit',  3, 'Tuesday',   'weekly',      31.5, '2016-09-06'),
 (8,  'R08', 'Southbank Docks',    4, 'Wednesday', 'fortnightly', 12.6, '2019-04-03'),
 (9,  'R09', 'Southbank Terraces', 4, 'Thursday',  'weekly',      14.1, '2019-04-04'),
 (10, 'R10', 'Hillcrest',          4, 'Friday',    'fortnightly', 28.7, '2019-04-05'),
 (11, 'R11', 'Westmoor Pilot',     5, 'Monday',    'weekly',       9.8, '2025-06-02');

-- which truck works which route, and when (link table)
CREATE TABLE route_trucks (
    route_id       integer NOT NULL REFERENCES routes(route_id),
    truck_id       integer NOT NULL REFERENCES trucks(truck_id),
    assigned_from  date    NOT NULL,
    assigned_to    date,                 -- NULL = current assignment
    PRIMARY KEY (route_id, truck_id, assigned_from)
);

INSERT INTO route_trucks VALUES
 (1,  1,  '2023-01-01', NULL),
 (2,  2,  '2023-01-01', NULL),
 (3,  3,  '2023-01-01', NULL),
 (4,  4,  '2023-01-01', '2024-03-31'),
 (4,  7,  '2024-04-01', NULL),
 (5,  5,  '2023-01-01', NULL),
 (6,  6,  '2023-01-01', NULL),
 (7,  9,  '2023-01-01', '2023-06-30'),
 (7,  8,  '2023-07-01', NULL),
 (8,  10, '2023-01-01', NULL),
 (9,  11, '2023-01-01', NULL),
 (10, 11, '2023-01-01', '2023-01-31'),
 (10, 12, '2023-02-01', NULL);

CREATE TABLE households (
    household_id     integer PRIMARY KEY,
    street_address   text    NOT NULL,
    postcode         text    NOT NULL,
    district         text    NOT NULL,
    route_id         integer NOT NULL REFERENCES routes(route_id),
    contact_surname  text    NOT NULL,
    residents        integer NOT NULL,
    property_type    text    NOT NULL CHECK (property_type IN ('detached_house', 'terraced_house', 'flat')),
    registered_on    date    NOT NULL,
    opted_out_on     date                -- NULL = still using the service
);

INSERT INTO households
SELECT h,
       (h * 7) % 90 + 1 || ' ' || (ARRAY['Elm Road','Station Road','Acorn Way','Hill Street','Oakley Lane','Chestnut Close',
                                           'Brook Street','Meadow Lane','Field Road','Orchard Way','River Walk','Mill Lane',
                                           'Kingfisher Drive','Poplar Avenue','Quay Street','Harbour Row','Terrace Road','Dock Lane',
                                           'Summit Road','Beacon Way'])[(r.route_id - 1) * 2 + h % 2 + 1],
       (ARRAY['NG1','NG2','NG3','GF1','GF2','RS1','EF1','SB1','SB2','HC1'])[r.route_id] || ' ' || (h % 9 + 1) || chr(65 + h % 5) || chr(70 + (h * 3) % 7),
       (ARRAY['Northgate','Northgate','Northgate','Greenfield','Greenfield','Riverside','Eastfield','Southbank','Southbank','Hillcrest'])[r.route_id],
       r.route_id,
       (ARRAY['Patel','Jones','Oakley','Nguyen','Murphy','Smith','Kowalski','Ahmed','Clarke','Evans',
              'Taylor','Wilson','Hughes','Singh','Reid','Lewis','Walker','Khan','Green','Hall',
              'Wood','Young','Price','Ward','Turner'])[(h * 11) % 25 + 1],
       1 + (h * 7) % 5,
       (ARRAY['flat','detached_house','terraced_house','detached_house'])[h % 4 + 1],
       CASE WHEN h <= 120 THEN DATE '2015-01-01' + h * 20 ELSE DATE '2023-03-01' + (h - 120) * 40 END,
       CASE WHEN h IN (61, 100, 118) THEN DATE '2022-11-15'
            WHEN h % 37 = 11 THEN DATE '2024-02-01' + h * 3 END
FROM generate_series(1, 140) AS h
CROSS JOIN LATERAL (
    SELECT (ARRAY[1,1,2,3,3,4,4,5,6,6,7,7,8,9,9,10])[(h * 5) % 16 + 1] AS route_id
) r;

CREATE TABLE bins (
    bin_id         integer PRIMARY KEY,
    household_id   integer NOT NULL REFERENCES households(household_id),
    material       text    NOT NULL CHECK (material IN ('paper', 'plastic', 'glass', 'organic', 'metal')),
    volume_litres  integer NOT NULL,
    rfid_tag       text    NOT NULL UNIQUE,
    delivered_on   date    NOT NULL,
    removed_on     date                  -- NULL = bin still at the address
);

INSERT INTO bins
SELECT row_number() OVER (ORDER BY h.household_id, m.ord)::integer,
       h.household_id,
       m.material,
       CASE m.material WHEN 'paper' THEN CASE WHEN h.property_type = 'flat' THEN 140 ELSE 240 END
                       WHEN 'plastic' THEN 240 WHEN 'organic' THEN 140 ELSE 55 END,
       'RF-' || lpad((h.household_id * 10 + m.ord)::text, 6, '0'),
       CASE WHEN m.material = 'metal' THEN greatest(DATE '2024-03-01', h.registered_on + 7)
            ELSE greatest(DATE '2022-12-01', h.registered_on + 7) END,
       h.opted_out_on
FROM households h
CROSS JOIN (VALUES (1, 'paper'), (2, 'plastic'), (3, 'glass'), (4, 'organic'), (5, 'metal')) AS m(ord, material)
WHERE h.household_id NOT IN (61, 100, 118)
  AND (m.material IN ('paper', 'plastic')
       OR (m.material = 'glass' AND h.household_id % 2 = 0)
       OR (m.material = 'organic' AND h.household_id % 3 <> 0)
       OR (m.material = 'metal' AND h.household_id % 5 = 0));

CREATE TABLE pickups (
    pickup_id     integer PRIMARY KEY,
    bin_id        integer NOT NULL REFERENCES bins(bin_id),
    truck_id      integer NOT NULL REFERENCES trucks(truck_id),
    collected_at  timestamp NOT NULL,
    status        text    NOT NULL CHECK (status IN ('collected', 'not_presented', 'blocked_access')),
    weight_kg     numeric(6,2)          -- NULL when the bin was not emptied
);

INSERT INTO pickups
SELECT row_number() OVER (ORDER BY p.cdate, p.bin_id)::integer,
       p.bin_id, rt.truck_id,
       p.cdate + TIME '06:30' + ((p.bin_id * 7 + p.w * 13) % 420) * INTERVAL '1 minute',
       p.status,
       CASE WHEN p.status = 'collected' THEN
            round((CASE p.material WHEN 'paper' THEN 14 WHEN 'plastic' THEN 6 WHEN 'glass' THEN 11
                                   WHEN 'organic' THEN 18 ELSE 3 END) * (0.6 + p.residents * 0.15)
                  + ((p.bin_id * 13 + p.w * 7) % 50) / 10.0
                  + CASE WHEN p.material = 'organic' AND extract(month FROM p.cdate) BETWEEN 5 AND 9 THEN 5 ELSE 0 END, 2)
       END
FROM (
    SELECT b.bin_id, b.material, h.residents, h.route_id, w,
           DATE '2023-01-02' + w * 7 + CASE r.collection_weekday WHEN 'Monday' THEN 0 WHEN 'Tuesday' THEN 1
                                  WHEN 'Wednesday' THEN 2 WHEN 'Thursday' THEN 3 ELSE 4 END AS cdate,
           CASE WHEN (b.bin_id * 3 + w) % 41 = 0 THEN 'not_presented'
                WHEN (b.bin_id + w * 7) % 67 = 0 THEN 'blocked_access'
                ELSE 'collected' END AS status,
           b.delivered_on, b.removed_on
    FROM bins b
    JOIN households h ON h.household_id = b.household_id
    JOIN routes r ON r.route_id = h.route_id
    CROSS JOIN generate_series(0, 129) AS w
    WHERE (r.frequency = 'weekly' AND (w + b.bin_id) % 8 = 0)
       OR (r.frequency = 'fortnightly' AND w % 2 = 0 AND (w / 2 + b.bin_id) % 4 = 0)
) p
JOIN route_trucks rt ON rt.route_id = p.route_id
                    AND p.cdate >= rt.assigned_from
                    AND (rt.assigned_to IS NULL OR p.cdate <= rt.assigned_to)
WHERE p.cdate >= p.delivered_on
  AND (p.removed_on IS NULL OR p.cdate < p.removed_on)
  AND p.cdate <= DATE '2025-06-27';

CREATE TABLE contamination_reports (
    report_id    integer PRIMARY KEY,
    pickup_id    integer NOT NULL UNIQUE REFERENCES pickups(pickup_id),
    reported_on  date    NOT NULL,
    contaminant  text    NOT NULL CHECK (contaminant IN ('plastic_bags', 'food_residue', 'textiles', 'electronics', 'nappies', 'ceramics')),
    severity     text    NOT NULL CHECK (severity IN ('low', 'medium', 'high')),
    action_taken text    NOT NULL CHECK (action_taken IN ('advice_sticker', 'warning_letter', 'fine')),
    fine_amount  numeric(7,2),           -- NULL = no fine issued
    resolved_on  date                    -- NULL = not yet resolved
);

INSERT INTO contamination_reports
SELECT row_number() OVER (ORDER BY p.pickup_id)::integer,
       p.pickup_id,
       p.collected_at::date,
       x.contaminant,
       x.severity,
       CASE x.severity WHEN 'high' THEN 'fine' WHEN 'medium' THEN 'warning_letter' ELSE 'advice_sticker' END,
       CASE WHEN x.severity = 'high' THEN CASE WHEN p.pickup_id % 2 = 0 THEN 100 ELSE 60 END END,
       CASE WHEN p.pickup_id % 5 = 0 OR p.collected_at >= TIMESTAMP '2025-06-20' THEN NULL
            ELSE p.collected_at::date + 5 + (p.pickup_id * 3) % 26 END
FROM pickups p
JOIN bins b ON b.bin_id = p.bin_id
CROSS JOIN LATERAL (
    SELECT CASE b.material
             WHEN 'paper'   THEN (ARRAY['food_residue','plastic_bags','textiles'])[p.pickup_id % 3 + 1]
             WHEN 'plastic' THEN (ARRAY['food_residue','nappies','electronics','textiles'])[p.pickup_id % 4 + 1]
             WHEN 'glass'   THEN (ARRAY['ceramics','plastic_bags'])[p.pickup_id % 2 + 1]
             WHEN 'organic' THEN (ARRAY['plastic_bags','plastic_bags','nappies'])[p.pickup_id % 3 + 1]
             ELSE (ARRAY['electronics','plastic_bags'])[p.pickup_id % 2 + 1] END AS contaminant,
           (ARRAY['low','low','medium','high','medium','low'])[(p.pickup_id / 7) % 6 + 1] AS severity
) x
WHERE p.status = 'collected'
  AND ((p.pickup_id * 7) % 53 = 0 OR (b.material = 'plastic' AND p.pickup_id % 61 = 3));
