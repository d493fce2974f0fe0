-- A group of farms, seasons 2024 and 2025. Data as of 2025-12-31.
CREATE TABLE farms (
  id              integer PRIMARY KEY,
  name            text    NOT NULL UNIQUE,
  region          text    NOT NULL,      -- Valley, Highlands, Riverside, Coastal
  hectares        numeric(7,2) NOT NULL,
  established     integer NOT NULL,
  organic         boolean NOT NULL
);

CREATE TABLE fields (
  id         integer PRIMARY KEY,
  farm_id    integer NOT NULL REFERENCES farms(id),
  name       text    NOT NULL,
  area_ha    numeric(6,2) NOT NULL,
  soil_type  text    NOT NULL,           -- clay, loam, sandy, silt, peat
  irrigated  boolean NOT NULL
);

CREATE TABLE crops (
  id                      integer PRIMARY KEY,
  name                    text NOT NULL UNIQUE,
  family                  text NOT NULL,
  category                text NOT NULL,  -- cereal, oilseed, legume, root, vegetable
  expected_yield_t_per_ha numeric(5,1) NOT NULL
);

CREATE TABLE plantings (
  id              integer PRIMARY KEY,
  field_id        integer NOT NULL REFERENCES fields(id),
  crop_id         integer NOT NULL REFERENCES crops(id),
  sown_on         date    NOT NULL,
  harvested_on    date,                   -- NULL: still in the ground or failed
  planted_area_ha numeric(6,2) NOT NULL
);

CREATE TABLE harvests (
  id              integer PRIMARY KEY,
  planting_id     integer NOT NULL REFERENCES plantings(id),
  harvest_date    date    NOT NULL,
  yield_tonnes    numeric(8,2) NOT NULL,
  price_per_tonne numeric(8,2),           -- NULL: not sold yet
  grade           text    NOT NULL        -- A, B, C
);

CREATE TABLE workers (
  id           integer PRIMARY KEY,
  farm_id      integer NOT NULL REFERENCES farms(id),
  full_name    text    NOT NULL,
  role         text    NOT NULL,          -- manager, tractor driver, picker, agronomist
  hourly_rate  numeric(6,2) NOT NULL,
  hired_on     date    NOT NULL,
  left_on      date
);

CREATE TABLE weather_readings (
  id            integer PRIMARY KEY,
  farm_id       integer NOT NULL REFERENCES farms(id),
  reading_date  date    NOT NULL,
  rainfall_mm   numeric(6,1),             -- NULL: gauge fault
  temp_min_c    numeric(4,1) NOT NULL,
  temp_max_c    numeric(4,1) NOT NULL
);

INSERT INTO farms VALUES
  (1, 'Riverside',    'Valley',    320.50, 1987, false),
  (2, 'Oakfield',     'Highlands', 210.00, 1995, false),
  (3, 'Greenacre',    'Riverside', 150.25, 2004, true),
  (4, 'Windmere',     'Coastal',    95.00, 2011, true),
  (5, 'Stonebrook',   'Highlands', 410.00, 1972, false),
  (6, 'Sunny Slopes', 'Valley',    180.00, 1999, false),
  (7, 'Marsh End',    'Coastal',   120.75, 2008, true),
  (8, 'Willow Bend',  'Riverside', 260.00, 1990, false);

INSERT INTO fields
SELECT id,
       1 + (id - 1) / 5,
       (ARRAY['North Field','South Field','East Paddock','West Paddock','Long Acre',
              'Mill Field','Top Meadow','Brook Field','Church Piece','Hill Close'])[1 + (id * 3) % 10],
       5 + (id * 37) % 60 + (id % 4) * 0.25,
       (ARRAY['clay','loam','sandy','silt','peat'])[1 + ((id * id + id / 3) % 7) % 5],
       id % 3 = 0
FROM generate_series(1, 40) AS id;

UPDATE fields SET name = 'Oakfield' WHERE id = 17;   -- a field on Windmere farm named like the Oakfield farm

INSERT INTO crops VALUES
  (1,  'Wheat',        'Poaceae',        'cereal',    8.0),
  (2,  'Barley',       'Poaceae',        'cereal',    6.5),
  (3,  'Oats',         'Poaceae',        'cereal',    5.5),
  (4,  'Maize',        'Poaceae',        'cereal',    9.0),
  (5,  'Oilseed Rape', 'Brassicaceae',   'oilseed',   3.5),
  (6,  'Cabbage',      'Brassicaceae',   'vegetable', 40.0),
  (7,  'Peas',         'Fabaceae',       'legume',    4.0),
  (8,  'Field Beans',  'Fabaceae',       'legume',    4.5),
  (9,  'Potatoes',     'Solanaceae',     'root',      42.0),
  (10, 'Sugar Beet',   'Amaranthaceae',  'root',      70.0),
  (11, 'Onions',       'Amaryllidaceae', 'vegetable', 45.0),
  (12, 'Carrots',      'Apiaceae',       'root',      55.0),
  (13, 'Lentils',      'Fabaceae',       'legume',    2.0);

-- spring plantings 2024 and 2025 (some fields fallow), plus autumn 2025 sowings still in the ground
INSERT INTO plantings
SELECT row_number() OVER (ORDER BY y, f.id, season), f.id, crop, sown, harvested, area
FROM (
  SELECT f.id, y, 1 AS season,
         1 + (f.id * 5 + y * 3 + f.id / 4) % 12 AS crop,
         make_date(y, 3, 1) + (f.id * 11 + y) % 75 AS sown,
         CASE WHEN y = 2025 AND f.id % 9 = 0 THEN NULL
              ELSE make_date(y, 3, 1) + (f.id * 11 + y) % 75 + 100 + (f.id * 7) % 60 END AS harvested,
         CASE WHEN f.id % 5 = 0 THEN round(f.area_ha * 0.8, 2) ELSE f.area_ha END AS area
  FROM fields f CROSS JOIN generate_series(2024, 2025) AS y
  WHERE (f.id + y) % 7 <> 0
  UNION ALL
  SELECT f.id, 2025, 2, CASE WHEN f.id % 8 = 0 THEN 1 ELSE 2 END,
         date '2025-09-20' + f.id % 25, NULL, f.area_ha
  FROM fields f WHERE f.id % 4 = 0
) f (id, y, season, crop, sown, harvested, area);

INSERT INTO harvests
SELECT row_number() OVER (ORDER BY p.id, k),
       p.id,
       p.harvested_on - (k - 1) * 4,
       round(p.planted_area_ha * c.expected_yield_t_per_ha * (0.8 + ((p.id * 7 + k * 3) % 9) * 0.05)
             / (1 + p.id % 3), 2),
       CASE WHEN (p.id + k) % 10 = 0 THEN NULL
            ELSE round(pr.price * CASE WHEN extract(year FROM p.harvested_on) = 2025 THEN 1.06 ELSE 1 END
                       * (0.95 + ((p.id + k) % 5) * 0.025), 2) END,
       (ARRAY['A','A','B','A','B','C'])[1 + (p.id * 5 + k) % 6]
FROM plantings p
JOIN crops c ON c.id = p.crop_id
JOIN (VALUES (1,190),(2,170),(3,160),(4,180),(5,420),(6,150),(7,260),(8,230),(9,160),(10,35),(11,200),(12,180),(13,600))
     AS pr (crop_id, price) ON pr.crop_id = p.crop_id
CROSS JOIN LATERAL generate_series(1, 1 + p.id % 3) AS k
WHERE p.harvested_on IS NOT NULL;

INSERT INTO workers
SELECT i,
       1 + (i * 5 + i / 8) % 8,
       (ARRAY['Tom','Mia','Jakub','Lena','Oscar','Priya','Ewan','Sofia','Marek','Nora'])[1 + (i - 1) % 10] || ' ' ||
       (ARRAY['Hughes','Baker','Walsh','Novak','Reid','Patel','Moss'])[1 + ((i - 1) / 10 + (i * 3) % 7) % 7],
       CASE WHEN i <= 8 THEN 'manager' WHEN i % 5 = 0 THEN 'agronomist' WHEN i % 2 = 0 THEN 'tractor driver' ELSE 'picker' END,
       CASE WHEN i <= 8 THEN 28 + i % 4 WHEN i % 5 = 0 THEN 24.5 WHEN i % 2 = 0 THEN 18.75 ELSE 14.5 + (i % 3) * 0.5 END,
       date '2015-04-01' + (i * 137) % 3600,
       CASE WHEN i IN (11, 19, 26) THEN date '2024-06-30' + i * 10 END
FROM generate_series(1, 30) AS i;

INSERT INTO weather_readings
SELECT row_number() OVER (ORDER BY f, w), f,
       date '2024-01-01' + 7 * w,
       CASE WHEN (f * 7 + w) % 29 = 0 THEN NULL
            ELSE greatest(0, round((12 + 10 * cos(2 * pi() * w / 52.0) + ((f * 13 + w * 7) % 17) - (CASE WHEN f IN (4, 7) THEN 0 ELSE 3 END))::numeric, 1)) END,
       round((4 - 7 * cos(2 * pi() * w / 52.0) + ((f * 5 + w * 3) % 7) * 0.5 - CASE WHEN f IN (2, 5) THEN 2.5 ELSE 0 END)::numeric, 1),
       round((13 - 9 * cos(2 * pi() * w / 52.0) + ((f * 3 + w * 11) % 9) * 0.5 - CASE WHEN f IN (2, 5) THEN 2.5 ELSE 0 END)::numeric, 1)
FROM generate_series(1, 8) AS f CROSS JOIN generate_series(0, 103) AS w;
