-- Brewery database of a craft brewery (beer styles, beers, fermentation tanks, brewing batches, brewing staff, trade customers and sales). Data as of 2025-06-30.

CREATE TABLE styles (
    style_id      integer PRIMARY KEY,
    style_name    text NOT NULL UNIQUE,
    style_family  text NOT NULL CHECK (style_family IN ('Ale', 'Lager', 'Dark', 'Sour', 'Wheat')),
    origin_country text NOT NULL,
    min_abv       numeric(3,1) NOT NULL,
    max_abv       numeric(3,1) NOT NULL
);

INSERT INTO styles VALUES
 (1,  'Pale Ale',        'Ale',   'England',        4.0, 5.5),
 (2,  'India Pale Ale',  'Ale',   'England',        5.5, 9.0),
 (3,  'Bitter',          'Ale',   'England',        3.2, 4.8),
 (4,  'Porter',          'Dark',  'England',        4.5, 6.5),
 (5,  'Stout',           'Dark',  'Ireland',        4.0, 8.0),
 (6,  'Pilsner',         'Lager', 'Czech Republic', 4.2, 5.4),
 (7,  'Helles',          'Lager', 'Germany',        4.5, 5.2),
 (8,  'Gose',            'Sour',  'Germany',        4.0, 5.0),
 (9,  'Berliner Weisse', 'Sour',  'Germany',        2.8, 3.8),
 (10, 'Hefeweizen',      'Wheat', 'Germany',        4.3, 5.6),
 (11, 'Barleywine',      'Ale',   'England',        8.0, 12.0);

CREATE TABLE beers (
    beer_id      integer PRIMARY KEY,
    beer_name    text NOT NULL UNIQUE,
    style_id     integer NOT NULL REFERENCES styles(style_id),
    abv          numeric(3,1) NOT NULL,
    ibu          integer NOT NULL,
    launched_on  date NOT NULL,
    is_seasonal  boolean NOT NULL,
    retired_on   date            -- NULL = still in production
);

INSERT INTO beers VALUES
 (1,  'Harbour Light',    1,  4.2, 30, '2023-01-10', false, NULL),
 (2,  'Chester',          3,  3.8, 35, '2023-01-10', false, NULL),
 (3,  'Tidewater IPA',    2,  6.5, 65, '2023-02-01', false, NULL),
 (4,  'Night Shift',      4,  5.0, 32, '2023-02-15', false, NULL),
 (5,  'Black Anchor',     5,  5.6, 40, '2023-03-01', false, NULL),
 (6,  'Saltmarsh Gose',   8,  4.5,  8, '2023-05-01', true,  NULL),
 (7,  'Old Quay Pils',    6,  4.8, 38, '2023-04-01', false, NULL),
 (8,  'Sunny Side',       7,  4.6, 20, '2023-06-01', true,  '2024-09-30'),
 (9,  'Cloud Nine',       10, 5.2, 12, '2023-07-01', false, NULL),
 (10, 'Double Jetty',     2,  8.2, 90, '2023-11-01', false, NULL),
 (11, 'Winter Warmer',    5,  7.5, 45, '2023-10-15', true,  NULL),
 (12, 'Raspberry Weisse', 9,  3.5,  6, '2024-04-01', true,  '2025-03-31'),
 (13, 'Lighthouse Lager', 6,  4.4, 25, '2024-03-01', false, NULL),
 (14, 'Copper Kettle',    3,  4.4, 38, '2024-06-01', false, NULL),
 (15, 'Session Pale',     1,  3.4, 28, '2024-09-01', false, NULL),
 (16, 'Smoked Porter',    4,  6.0, 35, '2025-06-20', true,  NULL);

CREATE TABLE tanks (
    tank_id          integer PRIMARY KEY,
    tank_code        text NOT NULL UNIQUE,
    capacity_liters  integer NOT NULL,
    is_jacketed      boolean NOT NULL,
    installed_on     date NOT NULL,
    last_cleaned_at  timestamp      -- NULL = never cleaned since installation
);

INSERT INTO tanks VALUES
 (1, 'FV01', 1000, false, '2022-11-01', '2025-06-12 07:30'),
 (2, 'FV02', 1000, false, '2022-11-01', '2025-06-18 08:00'),
 (3, 'FV03', 2000, true,  '2023-01-05', '2025-06-24 07:45'),
 (4, 'FV04', 2000, true,  '2023-06-01', '2025-06-06 09:15'),
 (5, 'FV05', 3000, true,  '2024-02-01', '2025-06-23 10:00'),
 (6, 'FV06', 3000, true,  '2025-06-16', NULL);

CREATE TABLE brewers (
    brewer_id    integer PRIMARY KEY,
    first_name   text NOT NULL,
    last_name    text NOT NULL,
    job_title    text NOT NULL CHECK (job_title IN ('Head Brewer', 'Brewer', 'Assistant Brewer', 'Cellar Technician')),
    hired_on     date NOT NULL,
    hourly_rate  numeric(5,2) NOT NULL,
    left_on      date            -- NULL = still employed
);

INSERT INTO brewers VALUES
 (1, 'Fiona', 'Marsh',   'Head Brewer',       '2022-09-01', 28.50, NULL),
 (2, 'Tom',   'Porter',  'Brewer',            '2022-10-15', 21.00, NULL),
 (3, 'Aisha', 'Khan',    'Brewer',            '2023-03-01', 21.50, NULL),
 (4, 'Liam',  'O''Brien','Assistant Brewer',  '2023-05-01', 16.00, '2024-08-31'),
 (5, 'Grace', 'Okafor',  'Assistant Brewer',  '2024-09-01', 16.50, NULL),
 (6, 'Dan',   'Whitley', 'Cellar Technician', '2023-01-09', 17.00, NULL),
 (7, 'Megan', 'Rhys',    'Assistant Brewer',  '2025-06-02', 16.00, NULL);

CREATE TABLE batches (
    batch_id          integer PRIMARY KEY,
    batch_code        text NOT NULL UNIQUE,
    beer_id           integer NOT NULL REFERENCES beers(beer_id),
    tank_id           integer NOT NULL REFERENCES tanks(tank_id),
    brew_date         date NOT NULL,
    volume_liters     numeric(7,1) NOT NULL,
    original_gravity  numeric(4,3) NOT NULL,
    final_gravity     numeric(4,3),   -- NULL = fermentation not finished, not yet measured
    status            text NOT NULL CHECK (status IN ('Fermenting', 'Conditioning', 'Packaged', 'Dumped')),
    packaged_on       date            -- NULL = not packaged (still in tank, or dumped)
);

INSERT INTO batches (batch_id, batch_code, beer_id, tank_id, brew_date, volume_liters, original_gravity, final_gravity, status, packaged_on)
SELECT g.n,
       'B' || to_char(g.d, 'YYMM') || '-' || lpad(g.n::text, 3, '0'),
       b.beer_id,
       g.tank_id,
       g.d,
       t.capacity_liters * (0.85 + (g.n % 4) * 0.04),
       round(1.008 + b.abv / 131.25 + (g.n % 3) * 0.001, 3),
       CASE WHEN g.d > date '2025-06-23' THEN NULL
            ELSE round(1.008 + (g.n % 3) * 0.001, 3) END,
       CASE WHEN g.n % 37 = 0 AND g.n < 140 THEN 'Dumped'
            WHEN g.d > date '2025-06-23' THEN 'Fermenting'
            WHEN g.d + 14 + (g.n % 5) > date '2025-06-30' THEN 'Conditioning'
            ELSE 'Packaged' END,
       CASE WHEN g.n % 37 = 0 AND g.n < 140 THEN NULL
            WHEN g.d + 14 + (g.n % 5) > date '2025-06-30' THEN NULL
            ELSE g.d + 14 + (g.n % 5) END
FROM (
    SELECT n, date '2023-01-16' + (n - 1) * 6 AS d,
           CASE WHEN date '2023-01-16' + (n - 1) * 6 < date '2023-01-05' THEN 1 + n % 2
                WHEN date '2023-01-16' + (n - 1) * 6 < date '2023-06-01' THEN 1 + n % 3
                WHEN date '2023-01-16' + (n - 1) * 6 < date '2024-02-01' THEN 1 + n % 4
                ELSE 1 + n % 5 END AS tank_id
    FROM generate_series(1, 150) AS n
) g
JOIN tanks t ON t.tank_id = g.tank_id
CROSS JOIN LATERAL (
    SELECT x.beer_id, x.abv FROM (
        SELECT be.beer_id, be.abv, row_number() OVER (ORDER BY be.beer_id) - 1 AS rn, count(*) OVER () AS cnt
        FROM beers be
        WHERE be.beer_id <> 16 AND be.launched_on <= g.d AND (be.retired_on IS NULL OR be.retired_on >= g.d + 30)
    ) x
    WHERE x.rn = (g.n * 7 + g.n / 10) % x.cnt
) b;

-- The first batch of the new Smoked Porter, brewed in the big fermenter.
INSERT INTO batches VALUES
 (151, 'B2506-151', 16, 5, '2025-06-25', 2700.0, 1.054, NULL, 'Fermenting', NULL);

CREATE TABLE batch_brewers (
    batch_id   integer NOT NULL REFERENCES batches(batch_id),
    brewer_id  integer NOT NULL REFERENCES brewers(brewer_id),
    role       text NOT NULL CHECK (role IN ('Lead', 'Assist')),
    PRIMARY KEY (batch_id, brewer_id)
);

-- Lead brewer: rotation of Fiona, Tom and (from March 2023) Aisha.
INSERT INTO batch_brewers
SELECT b.batch_id,
       CASE WHEN b.brew_date < date '2023-03-01' THEN 1 + b.batch_id % 2
            WHEN b.batch_id % 7 IN (0, 3) THEN 1
            WHEN b.batch_id % 7 IN (1, 4, 6) THEN 2
            ELSE 3 END,
       'Lead'
FROM batches b;

-- Assistant on each batch: Liam while employed, Grace after him, Dan before Liam joined.
INSERT INTO batch_brewers
SELECT b.batch_id,
       CASE WHEN b.brew_date < date '2023-05-01' THEN 6
            WHEN b.brew_date <= date '2024-08-31' THEN 4
            ELSE 5 END,
       'Assist'
FROM batches b;

-- Dan (cellar) also helps on every fourth batch from May 2023.
INSERT INTO batch_brewers
SELECT b.batch_id, 6, 'Assist'
FROM batches b
WHERE b.brew_date >= date '2023-05-01' AND b.batch_id % 4 = 0;

CREATE TABLE customers (
    customer_id        integer PRIMARY KEY,
    customer_name      text NOT NULL,
    customer_type      text NOT NULL CHECK (customer_type IN ('Bar', 'Restaurant', 'Bottle Shop', 'Supermarket')),
    city               text NOT NULL,
    account_opened_on  date NOT NULL,
    on_credit_terms    boolean NOT NULL,
    credit_limit       numeric(8,2),   -- NULL = not on credit terms (pays on delivery)
    closed_on          date            -- NULL = account still open
);

INSERT INTO customers VALUES
 (1,  'The Anchor Inn',     'Bar',         'Bristol',    '2023-01-05', true,  3000.00, NULL),
 (2,  'Crown & Barrel',     'Bar',         'Bath',       '2023-01-20', true,  2500.00, NULL),
 (3,  'Hops & Crates',      'Bottle Shop', 'Bristol',    '2023-02-10', false, NULL,    NULL),
 (4,  'The Rover''s Rest',  'Bar',         'Chester',    '2023-03-01', true,  1800.00, NULL),
 (5,  'Greenfield Market',  'Supermarket', 'Cardiff',    '2023-04-15', true,  8000.00, NULL),
 (6,  'Quayside Kitchen',   'Restaurant',  'Bristol',    '2023-05-02', true,  1500.00, NULL),
 (7,  'The Malt Cellar',    'Bottle Shop', 'Chester',    '2023-06-12', false, NULL,    NULL),
 (8,  'Fox & Feather',      'Bar',         'Gloucester', '2023-07-01', true,  2000.00, NULL),
 (9,  'Riverside Bistro',   'Restaurant',  'Bath',       '2023-09-18', false, NULL,    NULL),
 (10, 'Bottle Bazaar',      'Bottle Shop', 'Cardiff',    '2023-11-07', true,  1200.00, NULL),
 (11, 'The Red Lion',       'Bar',         'Chester',    '2024-01-08', true,  2500.00, NULL),
 (12, 'Harvest Foods',      'Supermarket', 'Bristol',    '2024-03-04', true,  10000.00, NULL),
 (13, 'The Tap Room',       'Bar',         'Cardiff',    '2024-05-20', true,  3000.00, NULL),
 (14, 'Olive & Oak',        'Restaurant',  'Gloucester', '2024-08-12', false, NULL,    NULL),
 (15, 'Cask & Kettle',      'Bar',         'Bath',       '2024-10-01', true,  2000.00, NULL),
 (16, 'Northgate Deli',     'Bottle Shop', 'Chester',    '2025-05-20', false, NULL,    NULL),
 (17, 'The Ship Tavern',    'Bar',         'Bristol',    '2023-02-01', true,  1500.00, '2024-06-30');

CREATE TABLE sales (
    sale_id          integer PRIMARY KEY,
    customer_id      integer NOT NULL REFERENCES customers(customer_id),
    beer_id          integer NOT NULL REFERENCES beers(beer_id),
    sale_date        date NOT NULL,
    package_format   text NOT NULL CHECK (package_format IN ('Keg 50L', 'Keg 30L', 'Case 24x330ml')),
    quantity         integer NOT NULL,
    unit_price       numeric(7,2) NOT NULL,
    delivered_at     timestamp,   -- NULL = not yet delivered
    invoice_paid_on  date         -- NULL = invoice not yet paid
);

INSERT INTO sales
SELECT s.n,
       c.customer_id,
       b.beer_id,
       s.d,
       f.fmt,
       1 + (s.n * 3) % (CASE WHEN c.customer_type = 'Supermarket' THEN 12 WHEN f.fmt = 'Case 24x330ml' THEN 6 ELSE 4 END),
       CASE f.fmt WHEN 'Keg 50L' THEN 110 + b.abv * 10
                  WHEN 'Keg 30L' THEN 72 + b.abv * 6
                  ELSE 30 + b.abv * 3 END
         + CASE WHEN s.d >= date '2025-01-01' THEN 4 WHEN s.d >= date '2024-01-01' THEN 2 ELSE 0 END,
       CASE WHEN s.d + 1 + s.n % 3 > date '2025-06-30' THEN NULL
            ELSE (s.d + 1 + s.n % 3) + time '08:00' + (s.n % 19) * interval '25 minutes' END,
       CASE WHEN s.n % 97 = 0 THEN NULL
            WHEN s.d + 10 + s.n % 25 > date '2025-06-30' THEN NULL
            ELSE s.d + 10 + s.n % 25 END
FROM (
    SELECT n, date '2023-02-01' + ((n * 389) % 880) AS d
    FROM generate_series(1, 1400) AS n
) s
CROSS JOIN LATERAL (
    SELECT x.customer_id, x.customer_type FROM (
        SELECT cu.customer_id, cu.customer_type, row_number() OVER (ORDER BY cu.customer_id) - 1 AS rn, count(*) OVER () AS cnt
        FROM customers cu
        WHERE cu.customer_id <> 16 AND cu.account_opened_on <= s.d AND (cu.closed_on IS NULL OR cu.closed_on >= s.d)
    ) x
    WHERE x.rn = (s.n * 5 + s.n / 7) % x.cnt
) c
CROSS JOIN LATERAL (
    SELECT x.beer_id, x.abv FROM (
        SELECT be.beer_id, be.abv, row_number() OVER (ORDER BY be.beer_id) - 1 AS rn, count(*) OVER () AS cnt
        FROM beers be
        WHERE be.beer_id <> 16 AND be.launched_on + 20 <= s.d AND (be.retired_on IS NULL OR be.retired_on + 20 >= s.d)
    ) x
    WHERE x.rn = (s.n * 3 + s.n / 11) % x.cnt
) b
CROSS JOIN LATERAL (
    SELECT CASE WHEN c.customer_type IN ('Bottle Shop', 'Supermarket') THEN 'Case 24x330ml'
                WHEN c.customer_type = 'Restaurant' THEN (ARRAY['Keg 30L', 'Case 24x330ml'])[1 + s.n % 2]
                ELSE (ARRAY['Keg 50L', 'Keg 30L', 'Keg 50L'])[1 + s.n % 3] END AS fmt
) f;
