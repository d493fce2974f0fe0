-- utility: a small electricity supplier, made up for held-out set 6.
-- Data is as of 2025-07-15. readings.kwh is the consumption since the meter's previous reading (one reading a
-- quarter, on the quarter's last day); bills are monthly (period_month is the first day of the billed month).
-- standing_charge is per day, price_per_kwh is per kWh. Deterministic: generate_series and fixed arithmetic only.

CREATE TABLE regions (
  id   integer PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE tariffs (
  id              integer PRIMARY KEY,
  name            text NOT NULL,
  price_per_kwh   numeric(6,4) NOT NULL,
  standing_charge numeric(6,4) NOT NULL
);

CREATE TABLE customers (
  id                 integer PRIMARY KEY,
  name               text NOT NULL,
  region_id          integer NOT NULL REFERENCES regions(id),
  tariff_id          integer NOT NULL REFERENCES tariffs(id),
  previous_tariff_id integer REFERENCES tariffs(id),
  joined_on          date NOT NULL,
  left_on            date,
  is_business        boolean NOT NULL
);

CREATE TABLE meters (
  id           integer PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers(id),
  installed_on date NOT NULL,
  meter_type   text NOT NULL CHECK (meter_type IN ('smart', 'standard'))
);

CREATE TABLE readings (
  id       integer PRIMARY KEY,
  meter_id integer NOT NULL REFERENCES meters(id),
  read_on  date NOT NULL,
  kwh      numeric(8,1) NOT NULL
);

CREATE TABLE bills (
  id           integer PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers(id),
  period_month date NOT NULL,
  amount       numeric(8,2) NOT NULL,
  paid_on      date,
  UNIQUE (customer_id, period_month)
);

-- 'Far Isles' has no customer.
INSERT INTO regions VALUES
  (1, 'Northgate'), (2, 'Southbank'), (3, 'Eastholm'), (4, 'Westmoor'), (5, 'Central'), (6, 'Far Isles');

-- 'Economy 7' is a closed tariff: some customers were on it before, nobody is on it now.
INSERT INTO tariffs VALUES
  (1, 'Standard',      0.2850, 0.5300),
  (2, 'Fixed 2024',    0.2620, 0.4900),
  (3, 'Fixed 2025',    0.2710, 0.5100),
  (4, 'Green',         0.2990, 0.5000),
  (5, 'Business Flex', 0.2450, 0.8200),
  (6, 'Economy 7',     0.2300, 0.4500);

-- 240 customers; every 6th is a business. Business names reuse region names (e.g. 'Northgate Bakery').
INSERT INTO customers
SELECT c,
       CASE WHEN c % 6 = 0
            THEN (ARRAY['Northgate','Harbor','Summit','Oakwood','Westmoor','Riverside','Granite','Maple'])[1 + (c / 6) % 8]
                 || ' ' ||
                 (ARRAY['Bakery','Garage','Dental','Print Shop','Hotel'])[1 + (c / 6) % 5]
            ELSE (ARRAY['Alice','Bruno','Chloe','Derek','Esme','Farid','Gina','Harold','Ines','Jakob','Kofi','Lena'])[1 + c % 12]
                 || ' ' ||
                 (ARRAY['Archer','Bell','Carter','Dalton','Ellis','Foster','Grant','Hayes','Irwin','Joyce','Kemp',
                        'Lowe','Marsh','Nash','Owens','Price','Reed','Shaw','Tate','Ward'])[1 + (c / 12) % 20]
       END,
       CASE WHEN c % 13 = 0 THEN 2 ELSE 1 + (c * 7) % 5 END,
       tariff,
       CASE WHEN c % 4 = 0 THEN 6
            WHEN c % 7 = 0 AND tariff <> 2 THEN 2
            ELSE NULL END,
       joined,
       CASE WHEN c % 11 = 4 AND joined + 400 + c % 200 <= date '2025-07-15' THEN joined + 400 + c % 200 END,
       c % 6 = 0
FROM (SELECT c,
             CASE WHEN c % 6 = 0 THEN CASE WHEN c % 12 = 0 THEN 5 ELSE 1 END
                  WHEN c % 10 IN (1, 2, 5) THEN 2 WHEN c % 10 IN (3, 4) THEN 3 WHEN c % 10 = 7 THEN 4 ELSE 1 END AS tariff,
             date '2019-01-01' + (c * 53) % 2300 AS joined
      FROM generate_series(1, 240) AS c) x;

-- One meter per customer; customers with id divisible by 5 also got a second, smart meter in 2024.
INSERT INTO meters
SELECT c, c, joined_on + 7, CASE WHEN c % 3 <> 0 THEN 'smart' ELSE 'standard' END
FROM (SELECT id AS c, joined_on FROM customers) x
UNION ALL
SELECT 240 + c / 5, c, greatest(date '2024-03-01' + c, joined_on + 7), 'smart'
FROM (SELECT id AS c, joined_on FROM customers WHERE id % 5 = 0) x;

-- Quarterly readings 2023-Q1 .. 2025-Q2, only while the meter is installed and the customer has not left;
-- some reads were missed.
INSERT INTO readings
SELECT row_number() OVER (ORDER BY m.id, q.k),
       m.id,
       q.read_on,
       CASE WHEN c.is_business THEN 2500 ELSE 600 END
         + (m.id * 31 + q.k * 47) % 400
         + CASE WHEN extract(month FROM q.read_on) IN (3, 12) THEN 200 ELSE 0 END
         + (m.id % 10) / 10.0
FROM meters m
JOIN customers c ON c.id = m.customer_id
CROSS JOIN (SELECT k, (date '2023-04-01' + make_interval(months => 3 * k))::date - 1 AS read_on
            FROM generate_series(0, 9) AS k) q
WHERE q.read_on >= m.installed_on
  AND (c.left_on IS NULL OR q.read_on <= c.left_on)
  AND (m.id * (q.k + 1)) % 17 <> 0;

-- Monthly bills 2024-01 .. 2025-06 for every month the customer was with us. Unpaid: NULL paid_on.
INSERT INTO bills
SELECT row_number() OVER (ORDER BY c.id, mo.k),
       c.id,
       mo.period_month,
       round(t.standing_charge * 30
             + t.price_per_kwh * (CASE WHEN c.is_business THEN 900 ELSE 220 END + (c.id * 13 + mo.k * 29) % 150), 2),
       CASE WHEN (c.id * (mo.k + 3)) % 23 = 0 THEN NULL
            WHEN mo.period_month = date '2025-06-01' AND c.id % 3 = 0 THEN NULL
            ELSE (mo.period_month + interval '1 month')::date + c.id % 20 END
FROM customers c
JOIN tariffs t ON t.id = c.tariff_id
CROSS JOIN (SELECT k, (date '2024-01-01' + make_interval(months => k))::date AS period_month
            FROM generate_series(0, 17) AS k) mo
WHERE mo.period_month >= date_trunc('month', c.joined_on)
  AND (c.left_on IS NULL OR mo.period_month <= c.left_on);
