-- Coffee roaster with its own cafés. Data as of 2025-12-31. Deterministic (no random()).
CREATE TABLE cafes (
  cafe_id     integer PRIMARY KEY,
  cafe_name   text NOT NULL,
  city        text NOT NULL,
  opened_date date,
  seats       integer
);
CREATE TABLE baristas (
  barista_id  integer PRIMARY KEY,
  cafe_id     integer NOT NULL REFERENCES cafes(cafe_id),
  full_name   text NOT NULL,
  hire_date   date NOT NULL,
  leave_date  date,
  hourly_wage numeric(6,2) NOT NULL
);
CREATE TABLE products (
  product_id   integer PRIMARY KEY,
  product_name text NOT NULL,
  category     text NOT NULL,
  list_price   numeric(6,2) NOT NULL
);
CREATE TABLE receipts (
  receipt_id     integer PRIMARY KEY,
  cafe_id        integer NOT NULL REFERENCES cafes(cafe_id),
  barista_id     integer REFERENCES baristas(barista_id),
  sold_at        timestamp NOT NULL,
  payment_method text NOT NULL
);
CREATE TABLE receipt_lines (
  receipt_id integer NOT NULL REFERENCES receipts(receipt_id),
  line_no    integer NOT NULL,
  product_id integer NOT NULL REFERENCES products(product_id),
  quantity   integer NOT NULL,
  unit_price numeric(6,2) NOT NULL,
  PRIMARY KEY (receipt_id, line_no)
);
CREATE TABLE suppliers (
  supplier_id   integer PRIMARY KEY,
  supplier_name text NOT NULL,
  country       text NOT NULL,
  contact_email text
);
CREATE TABLE deliveries (
  delivery_id  integer PRIMARY KEY,
  supplier_id  integer NOT NULL REFERENCES suppliers(supplier_id),
  delivered_on date NOT NULL,
  origin       text NOT NULL,
  kg           numeric(8,1) NOT NULL,
  cost_per_kg  numeric(6,2),
  cupping_score numeric(4,1)
);

INSERT INTO cafes VALUES
 (1,'Harbour Roast','Lisbon','2019-04-01',40),
 (2,'Lisbon','Porto','2020-06-15',28),
 (3,'Old Mill','Porto','2018-09-10',55),
 (4,'Bean Street','Madrid','2021-03-20',35),
 (5,'Alfama Corner','Lisbon','2022-11-05',18),
 (6,'Gracia','Barcelona','2023-02-01',32),
 (7,'Ribeira','Porto','2021-08-30',NULL),
 (8,'Sol','Madrid','2025-10-01',24),
 (9,'Nova','Braga',NULL,30);

INSERT INTO baristas
SELECT i, (i-1) % 8 + 1,
  (ARRAY['Ana','Bruno','Carla','Diego','Eva','Filipe','Ines','Joao','Lucia','Marta','Nuno','Pablo','Rita','Sergio','Tiago','Vera'])[1 + (i*5) % 16]
   || ' ' ||
  (ARRAY['Silva','Costa','Pereira','Santos','Ferreira','Garcia','Lopez','Martins','Sousa','Ruiz','Oliveira','Fernandez','Gomes'])[1 + (i*7) % 13],
  GREATEST(DATE '2019-01-01' + ((i*113) % 1800), (SELECT COALESCE(opened_date, DATE '2025-01-01') FROM cafes WHERE cafe_id = (i-1) % 8 + 1)),
  CASE WHEN i % 11 = 0 THEN DATE '2025-06-30' + i ELSE NULL END,
  11.50 + (i % 6) * 0.75
FROM generate_series(1,32) i;
INSERT INTO baristas VALUES
 (33,9,'Helena Duarte','2025-12-01',NULL,12.00),
 (34,9,'Miguel Lisboa','2025-12-01',NULL,11.50);
-- barista 8/16/24/32 work at Sol (opened 2025-10-01)
UPDATE baristas SET hire_date = DATE '2025-09-15' WHERE cafe_id = 8;

INSERT INTO products VALUES
 (1,'Espresso','Espresso',1.20),
 (2,'Cortado','Espresso',1.60),
 (3,'Cappuccino','Espresso',2.40),
 (4,'Flat White','Espresso',2.80),
 (5,'Latte','Espresso',2.90),
 (6,'Filter Coffee','Filter',2.20),
 (7,'Cold Brew','Filter',3.20),
 (8,'Pour Over','Filter',3.80),
 (9,'Green Tea','Tea',2.00),
 (10,'Chai Latte','Tea',3.10),
 (11,'Pastel de Nata','Pastry',1.40),
 (12,'Croissant','Pastry',1.90),
 (13,'Banana Bread','Pastry',2.60),
 (14,'Ethiopia','Beans',12.50),
 (15,'Colombia','Beans',11.00),
 (16,'House Blend','Beans',9.50),
 (17,'Decaf Blend','Beans',10.50),
 (18,'Brazil','Beans',10.00),
 (19,'Almond Croissant','Pastry',2.40),
 (20,'Matcha Latte','Tea',3.60);

-- receipts at cafés 1-7 over 2024-2025
INSERT INTO receipts
SELECT r, c, c + 8 * ((r / 7) % 4),
  TIMESTAMP '2024-01-01 07:00' + ((r * 7919) % 731) * INTERVAL '1 day' + ((r * 37) % 660) * INTERVAL '1 minute',
  (ARRAY['Card','Card','Cash','Mobile','Card'])[1 + (r*3) % 5]
FROM generate_series(1,3000) r, LATERAL (SELECT 1 + r % 7 AS c) x;
-- receipts at Sol (café 8) since it opened
INSERT INTO receipts
SELECT 3000 + r, 8, 8 + 8 * (r % 4),
  TIMESTAMP '2025-10-01 07:30' + ((r * 13) % 92) * INTERVAL '1 day' + ((r * 41) % 600) * INTERVAL '1 minute',
  (ARRAY['Card','Mobile','Cash'])[1 + r % 3]
FROM generate_series(1,150) r;
-- a few receipts rung up at the till with no barista recorded
UPDATE receipts SET barista_id = NULL WHERE receipt_id % 97 = 0;
-- baristas who left: their later receipts are moved to a colleague at the same café
UPDATE receipts r SET barista_id = r.cafe_id
FROM baristas b WHERE b.barista_id = r.barista_id AND b.leave_date IS NOT NULL AND r.sold_at::date > b.leave_date;
-- nobody sells before being hired: give such receipts to no barista
UPDATE receipts r SET barista_id = NULL
FROM baristas b WHERE b.barista_id = r.barista_id AND r.sold_at::date < b.hire_date;

INSERT INTO receipt_lines
SELECT r.receipt_id, l,
  p.product_id,
  CASE WHEN p.category = 'Beans' THEN 1 ELSE 1 + (r.receipt_id + l) % 3 END,
  -- prices went up 10% on 2025-01-01
  CASE WHEN r.sold_at >= TIMESTAMP '2025-01-01' THEN round(p.list_price * 1.10, 2) ELSE p.list_price END
FROM receipts r
CROSS JOIN LATERAL generate_series(1, 1 + r.receipt_id % 3) l
JOIN products p ON p.product_id = 1 + (r.receipt_id * 3 + l * 5) % 19;

-- list prices are the 2025 prices
UPDATE products SET list_price = round(list_price * 1.10, 2) WHERE product_id <> 20;

INSERT INTO suppliers VALUES
 (1,'Sidamo Traders','Ethiopia','orders@sidamo.example'),
 (2,'Huila Growers','Colombia','sales@huila.example'),
 (3,'Cerrado Farms','Brazil',NULL),
 (4,'Antigua Beans','Guatemala','info@antigua.example'),
 (5,'Kivu Coffee','Rwanda','hello@kivu.example'),
 (6,'Porto Green Imports','Portugal','compras@pgi.example');

-- supplier 5 (Kivu Coffee) has never delivered
INSERT INTO deliveries
SELECT d, s,
  DATE '2024-01-03' + ((d * 29) % 728),
  CASE s WHEN 1 THEN 'Ethiopia' WHEN 2 THEN 'Colombia' WHEN 3 THEN 'Brazil' WHEN 4 THEN 'Guatemala'
         ELSE (ARRAY['Ethiopia','Brazil','Kenya','Colombia'])[1 + d % 4] END,
  60 + (d * 17) % 240 + (d % 2) * 0.5,
  CASE WHEN d % 15 = 0 THEN NULL ELSE 4.20 + ((d * 23) % 40) * 0.10 END,
  CASE WHEN d % 6 = 0 THEN NULL ELSE 80 + ((d * 7) % 90) / 10.0 END
FROM generate_series(1,180) d, LATERAL (SELECT (ARRAY[1,2,3,4,6,1,2,3,6])[1 + d % 9] AS s) x;
