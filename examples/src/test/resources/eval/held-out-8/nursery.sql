-- Plant nursery / garden centre. Deterministic data, orders over 2024-2025.

CREATE TABLE suppliers (
    supplier_id  integer PRIMARY KEY,
    name         text NOT NULL,
    city         text NOT NULL,
    country      text NOT NULL,
    phone        text,
    since_year   integer NOT NULL
);

INSERT INTO suppliers VALUES
 (1, 'Greenleaf Growers',    'Leeds',     'United Kingdom', '0113 496 0101',   2012),
 (2, 'Hollandia Bulbs',      'Lisse',     'Netherlands',    '+31 252 410 220', 2008),
 (3, 'Westcountry Trees',    'Bristol',   'United Kingdom', NULL,              2016),
 (4, 'Flandria Plants',      'Ghent',     'Belgium',        '+32 9 221 4410',  2019),
 (5, 'Sunny Slopes Nursery', 'Valencia',  'Spain',          NULL,              2021),
 (6, 'Highland Herbs',       'Inverness', 'United Kingdom', '01463 710 332',   2014),
 (7, 'Rhine Perennials',     'Cologne',   'Germany',        '+49 221 556 0180',2018),
 (8, 'Baltic Seed Company',  'Riga',      'Latvia',         NULL,              2025);

CREATE TABLE plants (
    plant_id        integer PRIMARY KEY,
    common_name     text NOT NULL,
    species         text NOT NULL,
    category        text NOT NULL,          -- Tree, Shrub, Perennial, Annual, Herb, Bulb, Succulent
    hardiness_zone  integer,                -- USDA zone; NULL for annuals
    unit_price      numeric(8,2) NOT NULL,
    supplier_id     integer REFERENCES suppliers(supplier_id),  -- NULL: propagated in-house
    is_native       boolean NOT NULL
);

INSERT INTO plants VALUES
 ( 1, 'English Oak',          'Quercus robur',             'Tree',      5, 45.00, 3, true),
 ( 2, 'Silver Birch',         'Betula pendula',            'Tree',      2, 32.50, 3, true),
 ( 3, 'Japanese Maple',       'Acer palmatum',             'Tree',      6, 79.00, 3, false),
 ( 4, 'Rowan',                'Sorbus aucuparia',          'Tree',      3, 29.00, 1, true),
 ( 5, 'Olive Tree',           'Olea europaea',             'Tree',      8, 95.00, 5, false),
 ( 6, 'Lavender',             'Lavandula angustifolia',    'Shrub',     5,  8.50, 5, false),
 ( 7, 'Rosemary',             'Salvia rosmarinus',         'Herb',      7,  6.00, 6, false),
 ( 8, 'Hydrangea',            'Hydrangea macrophylla',     'Shrub',     6, 18.00, 4, false),
 ( 9, 'Boxwood',              'Buxus sempervirens',        'Shrub',     5, 14.50, 4, true),
 (10, 'Rhododendron',         'Rhododendron ponticum',     'Shrub',     6, 22.00, 1, false),
 (11, 'Red Dogwood',          'Cornus alba',               'Shrub',     3, 12.00, 7, false),
 (12, 'Hawthorn',             'Crataegus monogyna',        'Shrub',     5,  9.50, 1, true),
 (13, 'Foxglove',             'Digitalis purpurea',        'Perennial', 4,  5.50, 7, true),
 (14, 'Hosta',                'Hosta sieboldiana',         'Perennial', 3,  7.00, 7, false),
 (15, 'Peony',                'Paeonia lactiflora',        'Perennial', 3, 16.00, 4, false),
 (16, 'Cranesbill Rozanne',   'Geranium ''Rozanne''',      'Perennial', 5,  9.00, 7, false),
 (17, 'Purple Coneflower',    'Echinacea purpurea',        'Perennial', 3,  8.00, 7, false),
 (18, 'Christmas Rose',       'Helleborus niger',          'Perennial', 4, 11.50, 4, false),
 (19, 'Primrose',             'Primula vulgaris',          'Perennial', 4,  3.50, NULL, true),
 (20, 'Sunflower',            'Helianthus annuus',         'Annual', NULL,  2.50, 5, false),
 (21, 'Sweet Pea',            'Lathyrus odoratus',         'Annual', NULL,  3.00, 2, false),
 (22, 'French Marigold',      'Tagetes patula',            'Annual', NULL,  2.00, 5, false),
 (23, 'Petunia',              'Petunia x hybrida',         'Annual', NULL,  2.20, 4, false),
 (24, 'Cosmos',               'Cosmos bipinnatus',         'Annual', NULL,  2.80, 2, false),
 (25, 'Sweet Basil',          'Ocimum basilicum',          'Herb',     10,  3.20, 6, false),
 (26, 'Thyme',                'Thymus vulgaris',           'Herb',      5,  3.80, 6, false),
 (27, 'Spearmint',            'Mentha spicata',            'Herb',      4,  3.00, 6, false),
 (28, 'Common Sage',          'Salvia officinalis',        'Herb',      5,  4.00, 6, false),
 (29, 'Chives',               'Allium schoenoprasum',      'Herb',      3,  2.90, 6, true),
 (30, 'Tulip Queen of Night', 'Tulipa ''Queen of Night''', 'Bulb',      3,  0.90, 2, false),
 (31, 'Wild Daffodil',        'Narcissus pseudonarcissus', 'Bulb',      3,  0.60, 2, true),
 (32, 'Dutch Crocus',         'Crocus vernus',             'Bulb',      3,  0.40, 2, false),
 (33, 'Allium Globemaster',   'Allium ''Globemaster''',    'Bulb',      4,  4.50, 2, false),
 (34, 'Snowdrop',             'Galanthus nivalis',         'Bulb',      3,  0.75, 2, true),
 (35, 'Aloe Vera',            'Aloe vera',                 'Succulent',10, 12.00, 5, false),
 (36, 'Mexican Snowball',     'Echeveria elegans',         'Succulent', 9,  5.50, 5, false),
 (37, 'Houseleek',            'Sempervivum tectorum',      'Succulent', 4,  4.00, 7, false),
 (38, 'Century Plant',        'Agave americana',           'Succulent', 8, 28.00, 5, false),
 (39, 'Jade Plant',           'Crassula ovata',            'Succulent',10,  9.00, NULL, false),
 (40, 'Holly',                'Ilex aquifolium',           'Tree',      6, 24.00, 3, true);

-- Stock by greenhouse (one row per plant per greenhouse that holds it; quantity 0 = sold out there).
CREATE TABLE stock (
    plant_id    integer NOT NULL REFERENCES plants(plant_id),
    greenhouse  text NOT NULL,              -- Lavender House, Palm House, North Tunnel, Propagation House
    quantity    integer NOT NULL,
    counted_on  date NOT NULL,
    PRIMARY KEY (plant_id, greenhouse)
);

INSERT INTO stock
SELECT p, (ARRAY['Lavender House','Palm House','North Tunnel','Propagation House'])[g],
       (p * 37 + g * 53) % 200,
       date '2025-06-01' + (p * g) % 20
FROM generate_series(1, 40) p, generate_series(1, 4) g
WHERE (p + g) % 3 <> 0;

CREATE TABLE staff (
    staff_id     integer PRIMARY KEY,
    first_name   text NOT NULL,
    last_name    text NOT NULL,
    role         text NOT NULL,
    manager_id   integer REFERENCES staff(staff_id),
    greenhouse   text,
    hired_on     date NOT NULL,
    hourly_rate  numeric(6,2) NOT NULL
);

INSERT INTO staff VALUES
 ( 1, 'Margaret', 'Ellis',     'General Manager', NULL, NULL,                '2015-03-01', 32.00),
 ( 2, 'Tom',      'Harper',    'Nursery Manager', 1,    NULL,                '2017-04-10', 24.50),
 ( 3, 'Priya',    'Shah',      'Sales Manager',   1,    NULL,                '2018-09-03', 23.00),
 ( 4, 'Owen',     'Price',     'Grower',          2,    'Lavender House',    '2019-02-18', 15.50),
 ( 5, 'Holly',    'Baker',     'Grower',          2,    'Palm House',        '2020-05-11', 15.00),
 ( 6, 'Dan',      'Okafor',    'Grower',          2,    'North Tunnel',      '2021-03-22', 14.75),
 ( 7, 'Sian',     'Morgan',    'Propagator',      2,    'Propagation House', '2022-01-10', 16.00),
 ( 8, 'Jack',     'Turner',    'Sales Assistant', 3,    NULL,                '2021-06-01', 12.50),
 ( 9, 'Amira',    'Haddad',    'Sales Assistant', 3,    NULL,                '2023-03-15', 12.50),
 (10, 'Ben',      'Cole',      'Sales Assistant', 3,    NULL,                '2024-04-02', 12.00),
 (11, 'Rosa',     'Lindqvist', 'Driver',          2,    NULL,                '2022-08-08', 13.00),
 (12, 'Ella',     'Ward',      'Sales Assistant', 3,    NULL,                '2025-02-03', 12.00);

CREATE TABLE customers (
    customer_id    integer PRIMARY KEY,
    first_name     text NOT NULL,
    last_name      text NOT NULL,
    company_name   text,                    -- NULL for retail customers
    customer_type  text NOT NULL,           -- Retail, Trade, Landscaper
    city           text NOT NULL,
    email          text,
    joined_on      date NOT NULL
);

INSERT INTO customers
SELECT i, f, l,
       CASE t WHEN 'Retail' THEN NULL
              WHEN 'Landscaper' THEN l || ' Landscapes'
              ELSE l || ' Garden Supplies' END,
       t,
       (ARRAY['Leeds','York','Harrogate','Bristol','Bath','Sheffield','Ghent','Manchester'])[(i * 7) % 8 + 1],
       CASE WHEN i % 6 = 0 THEN NULL ELSE lower(f) || '.' || lower(l) || i || '@example.com' END,
       date '2023-01-01' + (i * 9) % 900
FROM (
  SELECT i,
         (ARRAY['Alice','Brian','Chloe','David','Emma','Fiona','George','Hannah','Isaac','Julia','Kevin','Laura'])[i % 12 + 1] AS f,
         (ARRAY['Adams','Brooks','Carter','Dawson','Evans','Fletcher','Grant','Hughes','Irwin','Jenkins','Kerr','Lloyd','Mason'])[i % 13 + 1] AS l,
         CASE WHEN i % 5 = 0 THEN 'Landscaper' WHEN i % 7 = 0 THEN 'Trade' ELSE 'Retail' END AS t
  FROM generate_series(1, 150) i
) s;

CREATE TABLE orders (
    order_id     integer PRIMARY KEY,
    customer_id  integer NOT NULL REFERENCES customers(customer_id),
    staff_id     integer REFERENCES staff(staff_id),   -- NULL for web orders
    order_date   date NOT NULL,
    status       text NOT NULL,                        -- Delivered, Pending, Cancelled
    for_delivery boolean NOT NULL
);

INSERT INTO orders
SELECT o,
       (o * 37) % 140 + 1,
       CASE WHEN o % 4 = 0 THEN NULL ELSE (ARRAY[3,8,9,10,12])[o % 5 + 1] END,
       date '2024-01-01' + (o * 7) % 731,
       CASE WHEN o % 23 = 0 THEN 'Cancelled'
            WHEN date '2024-01-01' + (o * 7) % 731 > date '2025-12-15' THEN 'Pending'
            ELSE 'Delivered' END,
       o % 3 = 0
FROM generate_series(1, 900) o;

-- nobody takes orders before being hired
UPDATE orders o SET staff_id = 8
FROM staff s WHERE s.staff_id = o.staff_id AND o.order_date < s.hired_on;

-- customers join on or before their first order
UPDATE customers c SET joined_on = f.first_order - c.customer_id % 30
FROM (SELECT customer_id, min(order_date) AS first_order FROM orders GROUP BY customer_id) f
WHERE f.customer_id = c.customer_id AND c.joined_on > f.first_order;

-- customers who joined in 2025 and have not ordered yet
UPDATE customers c SET joined_on = date '2025-01-01' + (c.customer_id * 23) % 330
WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.customer_id);

CREATE TABLE order_lines (
    order_id    integer NOT NULL REFERENCES orders(order_id),
    plant_id    integer NOT NULL REFERENCES plants(plant_id),
    quantity    integer NOT NULL,
    unit_price  numeric(8,2) NOT NULL,      -- price charged; trade and landscaper customers get 10% off
    PRIMARY KEY (order_id, plant_id)
);

INSERT INTO order_lines
SELECT o.order_id, p.plant_id,
       CASE WHEN c.customer_type = 'Retail' THEN 1 + (o.order_id + k * 3) % 6
            ELSE 10 + (o.order_id * k) % 41 END,
       CASE WHEN c.customer_type = 'Retail' THEN p.unit_price ELSE round(p.unit_price * 0.9, 2) END
FROM orders o
JOIN customers c ON c.customer_id = o.customer_id
CROSS JOIN generate_series(1, 3) k
JOIN plants p ON p.plant_id = (o.order_id * 13 + k * 17) % 38 + 1
WHERE k <= 1 + o.order_id % 3;
