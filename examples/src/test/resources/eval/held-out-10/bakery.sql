-- Bakery chain: six shops, products, weekly sales records 2024-2025, staff and their 2025 H1 shifts,
-- suppliers and ingredients. Deterministic data.

CREATE TABLE shops (
  shop_id    integer PRIMARY KEY,
  shop_name  text NOT NULL,
  town       text NOT NULL,
  opened_on  date NOT NULL,
  seats      integer              -- NULL: takeaway only
);

INSERT INTO shops VALUES
 (1, 'Market Street', 'Ashby',     '2019-03-01', 24),
 (2, 'Riverside',     'Kingsford', '2020-06-15', 16),
 (3, 'Old Mill',      'Millbrook', '2021-09-01', 30),
 (4, 'Station Road',  'Ashby',     '2022-04-10', NULL),
 (5, 'Harbour Front', 'Porthaven', '2023-05-20', 12),
 (6, 'Castle Gate',   'Dunmore',   '2024-09-02', NULL);

CREATE TABLE products (
  product_id      integer PRIMARY KEY,
  product_name    text NOT NULL UNIQUE,
  category        text NOT NULL,      -- Bread, Pastry, Cake, Biscuit, Sandwich, Drink
  unit_price      numeric(6,2) NOT NULL,
  gluten_free     boolean NOT NULL,
  vegan           boolean NOT NULL,
  discontinued_on date
);

INSERT INTO products VALUES
 ( 1, 'Sourdough Loaf',           'Bread',     4.50, false, true,  NULL),
 ( 2, 'Rye Bread',                'Bread',     4.20, false, true,  NULL),
 ( 3, 'Baguette',                 'Bread',     2.30, false, true,  NULL),
 ( 4, 'Seeded Wholemeal',         'Bread',     3.80, false, true,  NULL),
 ( 5, 'Gluten-Free Loaf',         'Bread',     5.20, true,  false, NULL),
 ( 6, 'Croissant',                'Pastry',    1.90, false, false, NULL),
 ( 7, 'Pain au Chocolat',         'Pastry',    2.10, false, false, NULL),
 ( 8, 'Cinnamon Bun',             'Pastry',    2.60, false, false, NULL),
 ( 9, 'Almond Croissant',         'Pastry',    2.80, false, false, NULL),
 (10, 'Carrot Cake Slice',        'Cake',      3.40, false, false, NULL),
 (11, 'Lemon Drizzle Slice',      'Cake',      3.20, false, false, NULL),
 (12, 'Flourless Chocolate Cake', 'Cake',      3.90, true,  false, NULL),
 (13, 'Victoria Sponge',          'Cake',     18.00, false, false, NULL),
 (14, 'Oat Cookie',               'Biscuit',   1.50, false, true,  NULL),
 (15, 'Macaron',                  'Biscuit',   1.80, true,  false, NULL),
 (16, 'Shortbread',               'Biscuit',   1.60, false, false, NULL),
 (17, 'Ham and Cheese Sandwich',  'Sandwich',  4.90, false, false, NULL),
 (18, 'Cheese Savoury Sandwich',  'Sandwich',  4.50, false, false, NULL),
 (19, 'Falafel Wrap',             'Sandwich',  5.20, false, true,  NULL),
 (20, 'Coffee',                   'Drink',     2.80, true,  false, NULL),
 (21, 'Tea',                      'Drink',     2.00, true,  true,  NULL),
 (22, 'Fresh Orange Juice',       'Drink',     3.10, true,  true,  NULL),
 (23, 'Hot Cross Bun',            'Pastry',    1.70, false, false, '2024-04-30'),
 (24, 'Pumpkin Loaf',             'Bread',     4.80, false, true,  NULL);

-- One row per shop, product and trading Saturday (2024-01-06 .. 2025-12-27, every 7 days).
CREATE TABLE daily_sales (
  sale_id    serial PRIMARY KEY,
  shop_id    integer NOT NULL REFERENCES shops,
  product_id integer NOT NULL REFERENCES products,
  sale_date  date NOT NULL,
  quantity   integer NOT NULL,
  UNIQUE (shop_id, product_id, sale_date)
);

INSERT INTO daily_sales (shop_id, product_id, sale_date, quantity)
SELECT s.shop_id, p.product_id, d.day,
       CASE WHEN p.product_id = 13 THEN 1 + (p.product_id * 13 + s.shop_id * 7 + d.n * 5) % 4
            WHEN p.category IN ('Drink', 'Bread') THEN 12 + (p.product_id * 13 + s.shop_id * 7 + d.n * 5) % 41
            ELSE 3 + (p.product_id * 13 + s.shop_id * 7 + d.n * 5) % 37 END
       + CASE WHEN d.day >= date '2025-01-01' THEN s.shop_id % 3 * 2 ELSE 0 END
FROM shops s
CROSS JOIN products p
CROSS JOIN (SELECT n, date '2024-01-06' + 7 * n AS day FROM generate_series(0, 103) AS n) d
WHERE (p.product_id * 3 + s.shop_id * 5 + d.n) % 7 < 2
  AND d.day >= s.opened_on
  AND (p.discontinued_on IS NULL OR d.day <= p.discontinued_on)
  AND p.product_id <> 24
ORDER BY d.day, s.shop_id, p.product_id;

CREATE TABLE employees (
  employee_id   integer PRIMARY KEY,
  first_name    text NOT NULL,
  last_name     text NOT NULL,
  shop_id       integer REFERENCES shops,      -- NULL: area staff
  role          text NOT NULL,                 -- Area Manager, Manager, Shift Lead, Baker, Cashier, Delivery Driver
  hourly_wage   numeric(5,2) NOT NULL,
  hired_on      date NOT NULL,
  left_on       date,
  supervisor_id integer REFERENCES employees
);

INSERT INTO employees VALUES
 ( 1, 'Helen',    'Ward',     NULL, 'Area Manager',    24.50, '2018-11-01', NULL, NULL),
 ( 2, 'Gareth',   'Price',    NULL, 'Delivery Driver', 12.80, '2021-02-15', NULL, 1),
 ( 3, 'Priya',    'Shah',     NULL, 'Delivery Driver', 12.60, '2023-08-01', NULL, 1),
 ( 4, 'Olivia',   'Bennett',  1,    'Manager',         17.50, '2019-02-01', NULL, 1),
 ( 5, 'Tom',      'Baker',    1,    'Cashier',         11.60, '2022-03-14', NULL, 4),
 ( 6, 'Sam',      'Fletcher', 1,    'Baker',           13.40, '2019-02-20', NULL, 4),
 ( 7, 'Aisha',    'Khan',     1,    'Baker',           13.10, '2020-10-05', NULL, 4),
 ( 8, 'Lucy',     'Hale',     1,    'Shift Lead',      14.20, '2021-01-11', NULL, 4),
 ( 9, 'Jack',     'Morris',   1,    'Cashier',         11.44, '2024-06-03', '2025-03-31', 8),
 (10, 'Daniel',   'Okafor',   2,    'Manager',         17.20, '2020-05-01', NULL, 1),
 (11, 'Emma',     'Clarke',   2,    'Baker',           13.60, '2020-05-20', NULL, 10),
 (12, 'Noah',     'Turner',   2,    'Cashier',         11.44, '2023-09-01', NULL, 10),
 (13, 'Grace',    'Baker',    2,    'Shift Lead',      14.00, '2021-07-19', NULL, 10),
 (14, 'Ryan',     'Walsh',    2,    'Cashier',         11.80, '2025-02-10', NULL, 13),
 (15, 'Sophie',   'Lambert',  3,    'Manager',         18.00, '2021-08-01', NULL, 1),
 (16, 'Marek',    'Nowak',    3,    'Baker',           14.10, '2021-08-15', NULL, 15),
 (17, 'Chloe',    'Evans',    3,    'Baker',           12.90, '2023-03-06', NULL, 15),
 (18, 'Ben',      'Harper',   3,    'Cashier',         11.60, '2022-11-21', NULL, 19),
 (19, 'Hannah',   'Reid',     3,    'Shift Lead',      14.40, '2021-09-01', NULL, 15),
 (20, 'Leo',      'Martin',   3,    'Cashier',         11.44, '2024-10-07', NULL, 19),
 (21, 'Isla',     'Grant',    3,    'Baker',           12.70, '2025-04-14', NULL, 15),
 (22, 'Mohammed', 'Ali',      4,    'Manager',         16.80, '2022-03-15', NULL, 1),
 (23, 'Ella',     'Robinson', 4,    'Cashier',         11.50, '2022-04-01', NULL, 22),
 (24, 'Oscar',    'Hughes',   4,    'Baker',           13.20, '2022-04-01', '2024-12-20', 22),
 (25, 'Freya',    'Collins',  4,    'Baker',           13.00, '2025-01-06', NULL, 22),
 (26, 'Megan',    'Lewis',    5,    'Manager',         17.00, '2023-04-17', NULL, 1),
 (27, 'Callum',   'Fraser',   5,    'Baker',           13.30, '2023-05-02', NULL, 26),
 (28, 'Zoe',      'Patel',    5,    'Cashier',         11.60, '2023-05-02', NULL, 26),
 (29, 'Harry',    'Wood',     5,    'Cashier',         11.44, '2024-07-01', NULL, 26),
 (30, 'Rosa',     'Silva',    6,    'Manager',         17.40, '2024-08-05', NULL, 1),
 (31, 'Ethan',    'Moore',    6,    'Baker',           13.00, '2024-08-12', NULL, 30),
 (32, 'Amelia',   'Scott',    6,    'Cashier',         11.44, '2024-08-12', NULL, 30),
 (33, 'Finn',     'Kelly',    6,    'Shift Lead',      13.90, '2025-05-05', NULL, 30),
 (34, 'Max',      'Jordan',   1,    'Cashier',         11.70, '2023-01-09', NULL, 8);

-- Shifts worked from 2025-01-01 to 2025-06-30 (the area manager does not log shifts).
CREATE TABLE shifts (
  shift_id    serial PRIMARY KEY,
  employee_id integer NOT NULL REFERENCES employees,
  shift_date  date NOT NULL,
  hours       numeric(3,1) NOT NULL
);

INSERT INTO shifts (employee_id, shift_date, hours)
SELECT e.employee_id, date '2025-01-01' + d.n,
       4 + ((e.employee_id * 5 + d.n) % 9) * 0.5
FROM employees e
CROSS JOIN generate_series(0, 180) AS d(n)
WHERE e.employee_id <> 1
  AND (e.employee_id * 2 + d.n) % 4 = 0
  AND date '2025-01-01' + d.n >= e.hired_on
  AND (e.left_on IS NULL OR date '2025-01-01' + d.n <= e.left_on)
ORDER BY 2, 1;

CREATE TABLE suppliers (
  supplier_id   integer PRIMARY KEY,
  supplier_name text NOT NULL,
  town          text NOT NULL,
  contact_email text
);

INSERT INTO suppliers VALUES
 (1, 'Greenfield Mills',   'Millbrook', 'orders@greenfieldmills.example'),
 (2, 'Harbour Dairy',      'Porthaven', NULL),
 (3, 'Kingsford Eggs',     'Kingsford', 'farm@kingsfordeggs.example'),
 (4, 'Continental Foods',  'London',    'sales@continental.example'),
 (5, 'Roastworks Coffee',  'Ashby',     NULL);

CREATE TABLE ingredients (
  ingredient_id   integer PRIMARY KEY,
  ingredient_name text NOT NULL,
  supplier_id     integer REFERENCES suppliers,   -- NULL: bought at the market
  unit            text NOT NULL,
  unit_cost       numeric(6,2) NOT NULL,
  allergen        text
);

INSERT INTO ingredients VALUES
 ( 1, 'Strong White Flour',      1,    'kg',     0.95, 'Gluten'),
 ( 2, 'Rye Flour',               1,    'kg',     1.30, 'Gluten'),
 ( 3, 'Wholemeal Flour',         1,    'kg',     1.05, 'Gluten'),
 ( 4, 'Gluten-Free Flour Blend', 4,    'kg',     3.80, NULL),
 ( 5, 'Butter',                  2,    'kg',     7.20, 'Milk'),
 ( 6, 'Whole Milk',              2,    'l',      1.10, 'Milk'),
 ( 7, 'Double Cream',            2,    'l',      3.40, 'Milk'),
 ( 8, 'Free-Range Eggs',         3,    'dozen',  3.60, 'Egg'),
 ( 9, 'Ground Almonds',          4,    'kg',    11.50, 'Nuts'),
 (10, 'Dark Chocolate',          4,    'kg',     9.80, 'Milk'),
 (11, 'Caster Sugar',            4,    'kg',     1.20, NULL),
 (12, 'Coffee Beans',            5,    'kg',    18.00, NULL),
 (13, 'Sesame Seeds',            NULL, 'kg',     6.40, 'Sesame'),
 (14, 'Dried Yeast',             1,    'kg',     5.50, NULL),
 (15, 'Oranges',                 NULL, 'kg',     1.60, NULL);
