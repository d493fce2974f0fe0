-- Online print shop (customers, products with paper options, orders and order lines, print jobs on machines, shipments). Data as of 2025-09-30.

CREATE TABLE customers (
    customer_id         integer PRIMARY KEY,
    company_name        text,            -- NULL = private individual
    contact_first_name  text NOT NULL,
    contact_last_name   text NOT NULL,
    email               text NOT NULL UNIQUE,
    city                text NOT NULL,
    state               text NOT NULL,
    customer_type       text NOT NULL CHECK (customer_type IN ('business','individual','nonprofit')),
    is_trade_account    boolean NOT NULL,
    signed_up_on        date NOT NULL
);

CREATE TABLE products (
    product_id       integer PRIMARY KEY,
    product_name     text NOT NULL,
    product_type     text NOT NULL CHECK (product_type IN ('flyer','brochure','poster','business_card','postcard','banner','sticker')),
    size_label       text NOT NULL,
    base_unit_price  numeric(10,4) NOT NULL,
    min_quantity     integer NOT NULL,
    is_active        boolean NOT NULL,
    launched_on      date NOT NULL
);

CREATE TABLE paper_options (
    paper_option_id     integer PRIMARY KEY,
    product_id          integer NOT NULL REFERENCES products(product_id),
    paper_name          text NOT NULL,
    weight_gsm          integer NOT NULL,
    finish              text NOT NULL CHECK (finish IN ('gloss','matte','silk','uncoated','vinyl')),
    is_recycled         boolean NOT NULL,
    surcharge_per_unit  numeric(10,4) NOT NULL
);

CREATE TABLE machines (
    machine_id      integer PRIMARY KEY,
    machine_name    text NOT NULL UNIQUE,
    manufacturer    text NOT NULL,
    model           text NOT NULL,
    machine_type    text NOT NULL CHECK (machine_type IN ('digital','offset','large_format')),
    installed_on    date NOT NULL,
    is_operational  boolean NOT NULL
);

CREATE TABLE orders (
    order_id         integer PRIMARY KEY,
    order_number     text NOT NULL UNIQUE,
    customer_id      integer NOT NULL REFERENCES customers(customer_id),
    ordered_at       timestamp NOT NULL,
    status           text NOT NULL CHECK (status IN ('pending','in_production','shipped','completed','cancelled')),
    delivery_method  text NOT NULL CHECK (delivery_method IN ('delivery','pickup')),
    is_rush          boolean NOT NULL,
    promo_code       text            -- NULL = no promo code used
);

-- link table between orders and products (with the chosen paper)
CREATE TABLE order_lines (
    order_line_id    integer PRIMARY KEY,
    order_id         integer NOT NULL REFERENCES orders(order_id),
    line_number      integer NOT NULL,
    product_id       integer NOT NULL REFERENCES products(product_id),
    paper_option_id  integer NOT NULL REFERENCES paper_options(paper_option_id),
    quantity         integer NOT NULL,
    unit_price       numeric(10,4) NOT NULL,
    UNIQUE (order_id, line_number)
);

CREATE TABLE print_jobs (
    job_id         integer PRIMARY KEY,
    order_line_id  integer NOT NULL REFERENCES order_lines(order_line_id),
    machine_id     integer NOT NULL REFERENCES machines(machine_id),
    operator_name  text NOT NULL,
    started_at     timestamp NOT NULL,
    finished_at    timestamp,        -- NULL = still printing
    sheets_used    integer NOT NULL,
    misprints      integer NOT NULL
);

CREATE TABLE shipments (
    shipment_id      integer PRIMARY KEY,
    order_id         integer NOT NULL UNIQUE REFERENCES orders(order_id),
    carrier          text NOT NULL CHECK (carrier IN ('UPS','FedEx','USPS','DHL')),
    tracking_number  text NOT NULL,
    shipped_on       date NOT NULL,
    delivered_on     date,           -- NULL = still in transit
    shipping_cost    numeric(8,2) NOT NULL,
    package_count    integer NOT NULL
);

-- customers: 120; 116-120 signed up in September 2025 and have not ordered yet
INSERT INTO customers
SELECT i,
       CASE WHEN i % 4 = 3 THEN NULL
            WHEN i % 9 = 0 THEN (ARRAY['Hope Food Bank','Westside Animal Rescue','Lakeshore Arts Council','Youth Soccer League','Friends of the Library'])[i % 5 + 1] || ' #' || i
            ELSE (ARRAY['Bluebird','Summit','Copperline','Harbor','Redwood','Northstar','Maple','Granite','Silverleaf','Brightpath','Ironwood','Oakridge'])[i % 12 + 1]
                 || ' ' || (ARRAY['Realty','Coffee Co.','Dental Group','Events','Fitness','Consulting','Bakery','Law Office','Studio','Motors','Brewing'])[i % 11 + 1] END,
       (ARRAY['Alice','Ben','Carmen','Derek','Elena','Frank','Gina','Hector','Irene','Jamal','Karen','Luis','Megan','Nate','Paula','Quinn','Rosa','Steve','Tina','Victor','Wendy','Yusuf','Zara'])[i % 23 + 1],
       (ARRAY['Adams','Baker','Dallas','Ellis','Fischer','Grant','Hughes','Ingram','Jensen','Keller','Lowe','Morgan','Nolan','Owens','Pierce','Reed','Shaw','Tucker','Vance'])[(i * 5) % 19 + 1],
       'contact' || i || '@' || (ARRAY['gmail.example','outlook.example','biz.example','mail.example'])[i % 4 + 1],
       (ARRAY['Phoenix','Tucson','Dallas','Denver','Albuquerque','Las Vegas','Salt Lake City','Austin','Mesa','Boulder'])[(i * 3) % 10 + 1],
       (ARRAY['AZ','AZ','TX','CO','NM','NV','UT','TX','AZ','CO'])[(i * 3) % 10 + 1],
       CASE WHEN i % 4 = 3 THEN 'individual' WHEN i % 9 = 0 THEN 'nonprofit' ELSE 'business' END,
       (i % 4 <> 3 AND i % 9 <> 0 AND i % 5 IN (0, 2)),
       CASE WHEN i <= 115 THEN date '2022-06-01' + (i - 1) * 8
            ELSE date '2025-09-03' + (i - 116) * 5 END
FROM generate_series(1, 120) AS i;

INSERT INTO products VALUES
 ( 1, 'Standard Flyer A5',          'flyer',         'A5',           0.1200, 100, true,  '2020-01-01'),
 ( 2, 'Standard Flyer A4',          'flyer',         'A4',           0.1800, 100, true,  '2020-01-01'),
 ( 3, 'DL Folded Leaflet',          'brochure',      'DL',           0.2200, 250, true,  '2020-01-01'),
 ( 4, 'Tri-fold Brochure',          'brochure',      'A4',           0.4500, 100, true,  '2021-03-15'),
 ( 5, 'Poster A3',                  'poster',        'A3',           1.8000,  10, true,  '2020-01-01'),
 ( 6, 'Poster A2',                  'poster',        'A2',           3.5000,   5, true,  '2020-01-01'),
 ( 7, 'Poster A1',                  'poster',        'A1',           6.9000,   1, true,  '2022-02-01'),
 ( 8, 'Business Cards Standard',    'business_card', '85x55mm',      0.0500, 250, true,  '2020-01-01'),
 ( 9, 'Business Cards Premium',     'business_card', '85x55mm',      0.1100, 250, true,  '2021-09-01'),
 (10, 'Postcard A6',                'postcard',      'A6',           0.0900, 100, true,  '2020-06-01'),
 (11, 'Roller Banner',              'banner',        '850x2000mm',  59.0000,   1, true,  '2022-04-01'),
 (12, 'Vinyl Banner',               'banner',        '2000x1000mm', 45.0000,   1, false, '2021-05-01'),
 (13, 'Sticker Sheet A4',           'sticker',       'A4',           0.9500,  25, true,  '2025-08-18');

INSERT INTO paper_options VALUES
 ( 1,  1, 'Gloss 130',               130, 'gloss',    false, 0.0000),
 ( 2,  1, 'Silk 170',                170, 'silk',     false, 0.0200),
 ( 3,  1, 'Recycled Uncoated 120',   120, 'uncoated', true,  0.0100),
 ( 4,  2, 'Gloss 130',               130, 'gloss',    false, 0.0000),
 ( 5,  2, 'Silk 170',                170, 'silk',     false, 0.0300),
 ( 6,  2, 'Recycled Uncoated 120',   120, 'uncoated', true,  0.0150),
 ( 7,  3, 'Silk 150',                150, 'silk',     false, 0.0000),
 ( 8,  3, 'Matte 170',               170, 'matte',    false, 0.0250),
 ( 9,  4, 'Silk 170',                170, 'silk',     false, 0.0000),
 (10,  4, 'Gloss 250',               250, 'gloss',    false, 0.0800),
 (11,  4, 'Recycled Matte 170',      170, 'matte',    true,  0.0400),
 (12,  5, 'Satin Poster 200',        200, 'silk',     false, 0.0000),
 (13,  5, 'Gloss 250',               250, 'gloss',    false, 0.3000),
 (14,  6, 'Satin Poster 200',        200, 'silk',     false, 0.0000),
 (15,  6, 'Gloss 250',               250, 'gloss',    false, 0.5000),
 (16,  7, 'Satin Poster 200',        200, 'silk',     false, 0.0000),
 (17,  7, 'Photo Lustre 260',        260, 'matte',    false, 1.2000),
 (18,  8, 'Matte 350',               350, 'matte',    false, 0.0000),
 (19,  8, 'Gloss 350',               350, 'gloss',    false, 0.0000),
 (20,  8, 'Recycled Kraft 350',      350, 'uncoated', true,  0.0100),
 (21,  9, 'Soft-touch 400',          400, 'matte',    false, 0.0000),
 (22,  9, 'Cotton 600',              600, 'uncoated', false, 0.0600),
 (23, 10, 'Gloss 300',               300, 'gloss',    false, 0.0000),
 (24, 10, 'Recycled Matte 300',      300, 'matte',    true,  0.0150),
 (25, 11, 'Blockout Film 510',       510, 'vinyl',    false, 0.0000),
 (26, 12, 'PVC Vinyl 440',           440, 'vinyl',    false, 0.0000),
 (27, 12, 'Mesh Vinyl 270',          270, 'vinyl',    false, 8.0000),
 (28, 13, 'Gloss Sticker 80',         80, 'gloss',    false, 0.0000),
 (29, 13, 'Matte Sticker 80',         80, 'matte',    false, 0.0500);

INSERT INTO machines VALUES
 (1, 'Phoenix', 'HP',              'Indigo 12000',          'digital',      '2021-04-01', true),
 (2, 'Titan',   'Heidelberg',      'Speedmaster XL 106',    'offset',       '2019-09-15', true),
 (3, 'Orion',   'Konica Minolta',  'AccurioPress C14000',   'digital',      '2022-11-01', true),
 (4, 'Atlas',   'Canon',           'Colorado 1650',         'large_format', '2020-06-01', true),
 (5, 'Vega',    'Heidelberg',      'Speedmaster SX 52',     'offset',       '2023-05-10', true),
 (6, 'Nova',    'Epson',           'SureColor S80600',      'large_format', '2025-07-15', false);

-- orders: 1200 between 2023-01-03 and 2025-09-29; customers ordering before their sign-up are reassigned
INSERT INTO orders
SELECT o,
       'PS-' || to_char(ts, 'YYYY') || '-' || lpad(o::text, 5, '0'),
       c,
       ts,
       CASE WHEN o % 25 = 0 THEN 'cancelled'
            WHEN ts >= timestamp '2025-09-25' THEN 'pending'
            WHEN ts >= timestamp '2025-09-22' THEN 'in_production'
            WHEN ts >= timestamp '2025-09-16' AND o % 3 <> 0 THEN 'shipped'
            ELSE 'completed' END,
       CASE WHEN o % 3 = 0 THEN 'pickup' ELSE 'delivery' END,
       (o % 8 = 0),
       CASE WHEN o % 13 = 0 THEN 'SPRING10'
            WHEN o % 17 = 0 THEN 'WELCOME15'
            WHEN o % 29 = 0 THEN 'TRADE5' END
FROM (
  SELECT o, ts,
         CASE WHEN ts::date < (CASE WHEN c0 <= 115 THEN date '2022-06-01' + (c0 - 1) * 8 END)
              THEN ((o * 31) % 20) + 1 ELSE c0 END AS c
  FROM (
    SELECT o, ((o * 47) % 115) + 1 AS c0,
           timestamp '2023-01-03' + ((o - 1) * 1000 / 1200) * interval '1 day'
             + (8 + o % 11) * interval '1 hour' + ((o * 7) % 60) * interval '1 minute' AS ts
    FROM generate_series(1, 1200) AS o
  ) a
) b;

-- order lines: 1 to 3 per order
CREATE TEMP TABLE po_ranked AS
SELECT paper_option_id, product_id,
       row_number() OVER (PARTITION BY product_id ORDER BY paper_option_id) AS rn,
       count(*) OVER (PARTITION BY product_id) AS cnt,
       surcharge_per_unit
FROM paper_options;

INSERT INTO order_lines
SELECT row_number() OVER (ORDER BY l.o, l.k),
       l.o, l.k, l.product_id, po.paper_option_id, l.qty,
       round((p.base_unit_price + po.surcharge_per_unit)
             * CASE WHEN l.qty >= 1000 THEN 0.85 ELSE 1 END
             * CASE WHEN l.ts >= timestamp '2025-01-01' THEN 1.05 ELSE 1 END, 4)
FROM (
  SELECT o.order_id AS o, k, o.ordered_at AS ts,
         CASE WHEN pp = 12 AND o.ordered_at >= timestamp '2024-07-01' THEN 11 ELSE pp END AS product_id,
         (o.order_id + k) AS pick,
         NULL::integer AS qty
  FROM orders o
  CROSS JOIN LATERAL generate_series(1, o.order_id % 3 + 1) AS k
  CROSS JOIN LATERAL (SELECT (ARRAY[1,2,3,1,4,5,8,6,9,1,7,8,10,2,11,3,12,8,5,1,9,10,6])
                             [((o.order_id * o.order_id * 7 + o.order_id * 3 + k * 11) % 23) + 1] AS pp) q
) l0
CROSS JOIN LATERAL (SELECT l0.o, l0.k, l0.ts, l0.product_id, l0.pick,
                           (SELECT min_quantity FROM products WHERE product_id = l0.product_id)
                             * (ARRAY[1,2,5,10,4,20,2,1,8,3])[(l0.o * 3 + l0.k) % 10 + 1] AS qty) l
JOIN products p ON p.product_id = l.product_id
JOIN po_ranked po ON po.product_id = l.product_id AND po.rn = (l.pick % po.cnt) + 1;

-- print jobs: one per line of orders that reached production, plus a reprint for some lines
INSERT INTO print_jobs
SELECT row_number() OVER (ORDER BY x.order_line_id, x.attempt),
       x.order_line_id,
       x.machine_id,
       (ARRAY['Marco Diaz','Jenny Phoenix','Sam Whitaker','Priya Raman','Tom Becker'])[(x.order_line_id + x.attempt) % 5 + 1],
       x.start_ts,
       CASE WHEN x.status = 'in_production' AND x.order_line_id % 2 = 0 THEN NULL
            ELSE x.start_ts + (15 + (x.order_line_id * 7) % 90 + x.quantity / 50) * interval '1 minute' END,
       x.sheets,
       CASE WHEN x.attempt = 1 THEN (x.order_line_id * 11) % 7 ELSE 0 END
FROM (
  SELECT ol.order_line_id, ol.quantity, o.status, a.attempt,
         CASE WHEN p.product_type = 'banner' OR p.product_id = 7 THEN 4
              WHEN ol.quantity >= 1000 THEN CASE WHEN o.ordered_at < timestamp '2023-05-10' OR ol.order_line_id % 2 = 0 THEN 2 ELSE 5 END
              ELSE CASE WHEN ol.order_line_id % 3 = 0 THEN 3 ELSE 1 END END AS machine_id,
         o.ordered_at + (4 + a.attempt * 20 + ol.line_number) * interval '1 hour' AS start_ts,
         CASE WHEN a.attempt = 1 THEN ceil(ol.quantity / CASE p.product_type WHEN 'business_card' THEN 21.0 WHEN 'flyer' THEN 4.0 WHEN 'postcard' THEN 8.0 ELSE 1.0 END)::int + 5
              ELSE ceil(ol.quantity / 10.0)::int END AS sheets
  FROM order_lines ol
  JOIN orders o ON o.order_id = ol.order_id
  JOIN products p ON p.product_id = ol.product_id
  CROSS JOIN LATERAL generate_series(1, CASE WHEN ol.order_line_id % 23 = 0 AND o.status NOT IN ('in_production') THEN 2 ELSE 1 END) AS a(attempt)
  WHERE o.status IN ('in_production','shipped','completed')
) x;

-- shipments for delivered/shipped orders with delivery
INSERT INTO shipments
SELECT row_number() OVER (ORDER BY o.order_id),
       o.order_id,
       (ARRAY['UPS','FedEx','USPS','DHL','UPS','FedEx','USPS'])[o.order_id % 7 + 1],
       (ARRAY['1Z','FX','94','JD','1Z','FX','94'])[o.order_id % 7 + 1] || lpad(((o.order_id * 7919) % 1000000)::text, 6, '0') || lpad(o.order_id::text, 5, '0'),
       o.ordered_at::date + CASE WHEN o.is_rush THEN 1 ELSE 3 END,
       CASE WHEN o.status = 'shipped' THEN NULL
            ELSE o.ordered_at::date + CASE WHEN o.is_rush THEN 2 ELSE 3 + (o.order_id % 5) END + (ARRAY[1,2,3,4,2,1,3])[o.order_id % 7 + 1] END,
       (ARRAY[12.50, 14.90, 8.75, 18.20, 12.50, 14.90, 8.75])[o.order_id % 7 + 1] + CASE WHEN o.is_rush THEN 15 ELSE 0 END,
       1 + o.order_id % 3
FROM orders o
WHERE o.delivery_method = 'delivery' AND o.status IN ('shipped','completed');
