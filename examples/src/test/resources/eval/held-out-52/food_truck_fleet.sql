-- Street food truck fleet: trucks work shifts at permitted pitches around the city. Data as of 2025-06-30.
CREATE TABLE trucks (
  truck_id        integer PRIMARY KEY,
  truck_name      text NOT NULL UNIQUE,
  cuisine         text NOT NULL,      -- Tacos, BBQ, Vegan, Burgers, Coffee, Pizza
  license_plate   text NOT NULL UNIQUE,
  purchase_date   date NOT NULL,
  retired_date    date,               -- NULL = still in service
  monthly_insurance numeric(8,2) NOT NULL
);

CREATE TABLE locations (
  location_id      integer PRIMARY KEY,
  location_name    text NOT NULL,
  neighborhood     text NOT NULL,     -- Downtown, Jackson, Riverside, Eastgate
  daily_permit_fee numeric(8,2) NOT NULL,
  has_power_hookup boolean NOT NULL
);

CREATE TABLE staff (
  staff_id     integer PRIMARY KEY,
  first_name   text NOT NULL,
  last_name    text NOT NULL,
  role         text NOT NULL,         -- driver, cook, cashier, manager
  truck_id     integer REFERENCES trucks(truck_id),  -- NULL = not assigned to one truck (managers, floaters)
  hire_date    date NOT NULL,
  end_date     date,                  -- NULL = still employed
  hourly_wage  numeric(6,2) NOT NULL
);

CREATE TABLE menu_items (
  item_id       integer PRIMARY KEY,
  item_name     text NOT NULL,
  category      text NOT NULL,        -- Tacos, Burgers, Sides, Drinks, Desserts
  base_price    numeric(6,2) NOT NULL,
  is_vegetarian boolean NOT NULL
);

CREATE TABLE truck_menu (
  truck_id   integer NOT NULL REFERENCES trucks(truck_id),
  item_id    integer NOT NULL REFERENCES menu_items(item_id),
  menu_price numeric(6,2) NOT NULL,   -- price this truck charges
  added_on   date NOT NULL,
  PRIMARY KEY (truck_id, item_id)
);

CREATE TABLE shifts (
  shift_id         integer PRIMARY KEY,
  truck_id         integer NOT NULL REFERENCES trucks(truck_id),
  location_id      integer NOT NULL REFERENCES locations(location_id),
  shift_date       date NOT NULL,
  status           text NOT NULL,     -- completed, cancelled, planned
  weather          text,              -- sunny, cloudy, rainy; NULL = not recorded
  revenue          numeric(10,2),     -- takings; NULL unless completed
  customers_served integer            -- NULL unless completed, or when the counter failed
);

CREATE TABLE inspections (
  inspection_id   integer PRIMARY KEY,
  truck_id        integer NOT NULL REFERENCES trucks(truck_id),
  inspection_date date NOT NULL,
  result          text NOT NULL,      -- pass, conditional, fail
  score           integer NOT NULL,
  fine_amount     numeric(8,2),       -- NULL = no fine (only failures are fined)
  follow_up_date  date                -- NULL = no follow-up visit needed (passed)
);

INSERT INTO trucks VALUES
 (1, 'El Fuego',      'Tacos',   'FT-1021', '2019-04-10', NULL,         310.00),
 (2, 'Smokestack',    'BBQ',     'FT-1187', '2019-08-22', NULL,         355.00),
 (3, 'Green Machine', 'Vegan',   'FT-1240', '2020-03-05', NULL,         290.00),
 (4, 'Patty Wagon',   'Burgers', 'FT-1302', '2020-06-18', '2024-03-31', 325.00),
 (5, 'Bean There',    'Coffee',  'FT-1377', '2020-09-01', NULL,         240.00),
 (6, 'Taco Loco',     'Tacos',   'FT-1455', '2020-11-15', NULL,         305.00),
 (7, 'Big Bun',       'Burgers', 'FT-1519', '2021-01-20', NULL,         330.00),
 (8, 'Rolling Dough', 'Pizza',   'FT-1600', '2025-06-10', NULL,         345.00);

INSERT INTO locations VALUES
 ( 1, 'City Hall Plaza',      'Downtown',  45.00, true),
 ( 2, 'Union Station',        'Downtown',  55.00, true),
 ( 3, 'Market Street Corner', 'Downtown',  40.00, false),
 ( 4, 'Jackson Park',         'Jackson',   30.00, true),
 ( 5, 'Jackson Brewery Lot',  'Jackson',   25.00, false),
 ( 6, 'Riverside Pier',       'Riverside', 35.00, true),
 ( 7, 'Boathouse Green',      'Riverside', 30.00, false),
 ( 8, 'Tech Campus Gate',     'Eastgate',  50.00, true),
 ( 9, 'Eastgate Mall',        'Eastgate',  45.00, true),
 (10, 'University Quad',      'Eastgate',  20.00, false),
 (11, 'Stadium North Lot',    'Riverside', 60.00, true),
 (12, 'Airport Cell Lot',     'Eastgate',  35.00, false);

INSERT INTO staff VALUES
 ( 1, 'Maria',   'Gonzalez', 'manager', NULL, '2019-03-01', NULL,         32.00),
 ( 2, 'Derek',   'Jackson',  'manager', NULL, '2020-01-13', NULL,         30.50),
 ( 3, 'Luis',    'Ramirez',  'cook',    1,    '2019-04-15', NULL,         21.00),
 ( 4, 'Tanya',   'Brooks',   'driver',  1,    '2019-04-15', NULL,         19.50),
 ( 5, 'Kevin',   'Park',     'cashier', 1,    '2021-06-01', '2023-08-31', 16.00),
 ( 6, 'Jamal',   'Carter',   'cook',    2,    '2019-08-26', NULL,         22.50),
 ( 7, 'Rosa',    'Jackson',  'driver',  2,    '2019-09-02', NULL,         19.00),
 ( 8, 'Hannah',  'Kim',      'cook',    3,    '2020-03-09', NULL,         21.50),
 ( 9, 'Owen',    'Fischer',  'cashier', 3,    '2022-04-18', NULL,         16.50),
 (10, 'Brandon', 'Lee',      'cook',    4,    '2020-06-22', '2024-03-31', 20.00),
 (11, 'Chloe',   'Martin',   'driver',  4,    '2020-06-22', '2024-04-15', 18.50),
 (12, 'Sam',     'Patel',    'cook',    5,    '2020-09-08', NULL,         18.00),
 (13, 'Nina',    'Rossi',    'cashier', 5,    '2020-09-08', NULL,         16.00),
 (14, 'Diego',   'Torres',   'cook',    6,    '2020-11-16', NULL,         21.00),
 (15, 'Aaliyah', 'Jackson',  'cashier', 6,    '2023-02-06', NULL,         16.75),
 (16, 'Marcus',  'Webb',     'driver',  6,    '2020-11-16', NULL,         19.25),
 (17, 'Grace',   'Okafor',   'cook',    7,    '2021-01-25', NULL,         21.75),
 (18, 'Tyler',   'Reed',     'driver',  7,    '2021-01-25', NULL,         18.75),
 (19, 'Ivy',     'Chen',     'cashier', 7,    '2024-05-13', NULL,         17.00),
 (20, 'Paolo',   'Bianchi',  'cook',    8,    '2025-06-09', NULL,         23.00),
 (21, 'Ella',    'Novak',    'driver',  NULL, '2022-07-11', NULL,         18.00),
 (22, 'Ben',     'Ortiz',    'cashier', NULL, '2023-09-18', '2024-12-20', 15.50),
 (23, 'Zoe',     'Hart',     'cook',    NULL, '2024-10-07', NULL,         20.50),
 (24, 'Victor',  'Mendes',   'driver',  8,    '2025-06-09', NULL,         19.00);

INSERT INTO menu_items VALUES
 ( 1, 'Carne Asada Taco',     'Tacos',     4.50, false),
 ( 2, 'Al Pastor Taco',       'Tacos',     4.50, false),
 ( 3, 'Baja Fish Taco',       'Tacos',     5.00, false),
 ( 4, 'Black Bean Taco',      'Tacos',     4.00, true),
 ( 5, 'Jackfruit Taco',       'Tacos',     4.75, true),
 ( 6, 'Classic Cheeseburger', 'Burgers',  11.00, false),
 ( 7, 'Double Smash Burger',  'Burgers',  14.00, false),
 ( 8, 'Bacon BBQ Burger',     'Burgers',  13.50, false),
 ( 9, 'Beyond Burger',        'Burgers',  13.00, true),
 (10, 'Pulled Pork Sandwich', 'Burgers',  12.00, false),
 (11, 'Brisket Plate',        'Sides',    17.50, false),
 (12, 'Elote',                'Sides',     5.50, true),
 (13, 'Loaded Fries',         'Sides',     7.00, false),
 (14, 'Sweet Potato Fries',   'Sides',     6.00, true),
 (15, 'Mac and Cheese',       'Sides',     6.50, true),
 (16, 'Coleslaw',             'Sides',     3.50, true),
 (17, 'Buddha Bowl',          'Sides',    12.50, true),
 (18, 'Horchata',             'Drinks',    4.00, true),
 (19, 'Lemonade',             'Drinks',    3.50, true),
 (20, 'Cold Brew',            'Drinks',    4.75, true),
 (21, 'Oat Latte',            'Drinks',    5.25, true),
 (22, 'Espresso',             'Drinks',    3.00, true),
 (23, 'Sweet Tea',            'Drinks',    3.00, true),
 (24, 'Churros',              'Desserts',  6.00, true),
 (25, 'Banana Pudding',       'Desserts',  5.50, true),
 (26, 'Vegan Brownie',        'Desserts',  4.50, true),
 (27, 'Blueberry Muffin',     'Desserts',  3.75, true),
 (28, 'Smoked Wings',         'Sides',    11.50, false),
 (29, 'Milkshake',            'Drinks',    6.50, true),
 (30, 'Lobster Roll',         'Burgers',  22.00, false);

INSERT INTO truck_menu VALUES
 (1, 1, 4.50, '2019-04-10'), (1, 2, 4.50, '2019-04-10'), (1, 3, 5.25, '2019-04-10'), (1, 4, 4.00, '2019-04-10'),
 (1, 12, 5.50, '2019-04-10'), (1, 18, 4.00, '2019-04-10'), (1, 24, 6.00, '2020-05-01'), (1, 19, 3.50, '2022-06-01'),
 (2, 10, 12.50, '2019-08-22'), (2, 11, 18.50, '2019-08-22'), (2, 13, 7.50, '2019-08-22'), (2, 15, 6.50, '2019-08-22'),
 (2, 16, 3.50, '2019-08-22'), (2, 23, 3.00, '2019-08-22'), (2, 25, 5.50, '2021-03-15'), (2, 28, 12.00, '2023-04-01'),
 (2, 8, 14.00, '2024-05-20'),
 (3, 5, 5.00, '2020-03-05'), (3, 9, 13.50, '2020-03-05'), (3, 14, 6.00, '2020-03-05'), (3, 17, 12.50, '2020-03-05'),
 (3, 19, 3.75, '2020-03-05'), (3, 26, 4.50, '2020-03-05'), (3, 4, 4.25, '2022-09-12'), (3, 21, 5.50, '2023-01-09'),
 (4, 6, 11.00, '2020-06-18'), (4, 7, 14.00, '2020-06-18'), (4, 8, 13.50, '2020-06-18'), (4, 13, 7.00, '2020-06-18'),
 (4, 29, 6.50, '2020-06-18'),
 (5, 20, 4.75, '2020-09-01'), (5, 21, 5.25, '2020-09-01'), (5, 22, 3.00, '2020-09-01'), (5, 27, 3.75, '2020-09-01'),
 (5, 26, 4.75, '2021-11-01'),
 (6, 1, 4.25, '2020-11-15'), (6, 2, 4.25, '2020-11-15'), (6, 3, 5.00, '2020-11-15'), (6, 5, 4.75, '2021-07-01'),
 (6, 12, 5.00, '2020-11-15'), (6, 18, 3.75, '2020-11-15'), (6, 24, 5.75, '2020-11-15'),
 (7, 6, 11.50, '2021-01-20'), (7, 7, 14.50, '2021-01-20'), (7, 9, 13.00, '2021-01-20'), (7, 13, 7.25, '2021-01-20'),
 (7, 14, 6.25, '2021-01-20'), (7, 29, 7.00, '2021-01-20'), (7, 19, 3.50, '2021-01-20'), (7, 8, 14.00, '2024-04-01'),
 (8, 15, 7.00, '2025-06-10'), (8, 19, 3.50, '2025-06-10'), (8, 24, 6.00, '2025-06-10');

-- shifts: trucks 1-7 from 2021-03-01; Patty Wagon (4) retired 2024-03-31, its later slots went to Big Bun (7).
INSERT INTO shifts (shift_id, truck_id, location_id, shift_date, status, weather, revenue, customers_served)
SELECT g, tr, loc, sd, st,
  CASE WHEN st = 'planned' OR g % 29 = 0 THEN NULL
       WHEN g % 5 IN (0, 3) THEN 'sunny' WHEN g % 5 = 1 THEN 'cloudy' WHEN g % 5 = 4 THEN 'sunny' ELSE 'rainy' END,
  CASE WHEN st = 'completed' THEN 350 + (g * 37) % 900 + tr * 25 + (g % 4) * 0.25 END,
  CASE WHEN st = 'completed' AND g % 31 <> 0 THEN 40 + (g * 37) % 900 / 8 END
FROM (
  SELECT g, sd,
    CASE WHEN t0 = 4 AND sd > date '2024-03-31' THEN 7 ELSE t0 END AS tr,
    1 + (g * 7) % 11 AS loc,
    CASE WHEN sd > date '2025-06-30' THEN 'planned'
         WHEN g % 19 = 0 THEN 'cancelled'
         ELSE 'completed' END AS st
  FROM (SELECT g, (g % 7) + 1 AS t0, date '2021-03-01' + (g * 1.7)::int AS sd
        FROM generate_series(1, 950) g) a
) b;

INSERT INTO inspections (inspection_id, truck_id, inspection_date, result, score, fine_amount, follow_up_date)
SELECT i, tr, idate, res,
  CASE res WHEN 'pass' THEN 85 + (i * 7) % 15 WHEN 'conditional' THEN 72 + i % 10 ELSE 55 + i % 12 END,
  CASE WHEN res = 'fail' THEN 250 + (i % 3) * 125 END,
  CASE WHEN res <> 'pass' THEN idate + 14 END
FROM (
  SELECT i,
    CASE WHEN t0 = 4 AND idate > date '2024-03-31' THEN 7 ELSE t0 END AS tr,
    idate,
    CASE WHEN i % 9 = 4 THEN 'fail' WHEN i % 5 = 2 THEN 'conditional' ELSE 'pass' END AS res
  FROM (SELECT i, (i % 7) + 1 AS t0, date '2021-04-12' + i * 35 AS idate FROM generate_series(1, 42) i) a
) b;
