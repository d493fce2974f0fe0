-- An online shop's orders, returns and warehouses, 2024-01-01 to 2025-12-31. Deterministic data.
CREATE TABLE customers (
    customer_id  integer PRIMARY KEY,
    full_name    text NOT NULL,
    email        text NOT NULL UNIQUE,
    city         text,
    country      text NOT NULL,
    signup_date  date NOT NULL
);

CREATE TABLE products (
    product_id    integer PRIMARY KEY,
    product_name  text NOT NULL,
    category      text NOT NULL,
    brand         text NOT NULL,
    price         numeric(8,2) NOT NULL,
    discontinued  boolean NOT NULL DEFAULT false
);

CREATE TABLE warehouses (
    warehouse_id  integer PRIMARY KEY,
    name          text NOT NULL,
    city          text NOT NULL,
    country       text NOT NULL,
    opened_on     date NOT NULL
);

CREATE TABLE orders (
    order_id      integer PRIMARY KEY,
    customer_id   integer NOT NULL REFERENCES customers(customer_id),
    order_date    date NOT NULL,
    status        text NOT NULL CHECK (status IN ('delivered', 'shipped', 'cancelled')),
    warehouse_id  integer REFERENCES warehouses(warehouse_id)
);

CREATE TABLE order_items (
    order_item_id  integer PRIMARY KEY,
    order_id       integer NOT NULL REFERENCES orders(order_id),
    product_id     integer NOT NULL REFERENCES products(product_id),
    quantity       integer NOT NULL,
    unit_price     numeric(8,2) NOT NULL
);

CREATE TABLE returns (
    return_id        integer PRIMARY KEY,
    order_item_id    integer NOT NULL REFERENCES order_items(order_item_id),
    reason_category  text NOT NULL CHECK (reason_category IN ('damaged', 'wrong size', 'not as described', 'changed mind', 'late delivery')),
    refund_amount    numeric(8,2),
    returned_date    date NOT NULL
);

INSERT INTO warehouses VALUES
 (1, 'Central DC', 'Leipzig', 'Germany', '2019-04-01'),
 (2, 'West Hub', 'Rotterdam', 'Netherlands', '2020-09-15'),
 (3, 'South Hub', 'Lyon', 'France', '2023-02-01'),
 (4, 'Nordic Hub', 'Malmo', 'Sweden', '2025-11-01');

INSERT INTO products VALUES
 (1,  'Trail Runner 2', 'shoes', 'Stride', 89.90, false),
 (2,  'City Sneaker', 'shoes', 'Stride', 69.90, false),
 (3,  'Hudson', 'bags', 'Trailmark', 119.00, false),
 (4,  'Daypack 20', 'bags', 'Trailmark', 59.00, false),
 (5,  'Rain Shell', 'jackets', 'Hudson', 149.00, false),
 (6,  'Down Parka', 'jackets', 'Hudson', 249.00, false),
 (7,  'Fleece Zip', 'jackets', 'Hudson', 79.00, true),
 (8,  'Merino Tee', 'tops', 'Woolly', 39.90, false),
 (9,  'Linen Shirt', 'tops', 'Woolly', 49.90, false),
 (10, 'Cotton Hoodie', 'tops', 'Basics Co', 44.00, false),
 (11, 'Chino Pants', 'trousers', 'Basics Co', 54.00, false),
 (12, 'Cargo Shorts', 'trousers', 'Basics Co', 34.00, true),
 (13, 'Hiking Boot', 'shoes', 'Peakline', 159.00, false),
 (14, 'Sandal', 'shoes', 'Peakline', 29.90, false),
 (15, 'Wool Beanie', 'accessories', 'Woolly', 19.90, false),
 (16, 'Leather Belt', 'accessories', 'Basics Co', 24.90, false),
 (17, 'Sunglasses', 'accessories', 'Peakline', 64.00, false),
 (18, 'Travel Duffel', 'bags', 'Trailmark', 99.00, false),
 (19, 'Softshell Pants', 'trousers', 'Peakline', 89.00, false),
 (20, 'Leipzig Scarf', 'accessories', 'Woolly', 29.90, false),
 (21, 'Yoga Leggings', 'trousers', 'Stride', 49.00, false),
 (22, 'Gore Jacket', 'jackets', 'Peakline', 299.00, false);

-- 150 customers
INSERT INTO customers
SELECT i,
       fn || ' ' || ln,
       lower(fn) || '.' || lower(replace(ln, ' ', '')) || i || '@example.com',
       CASE WHEN i % 17 = 0 THEN NULL ELSE
         (ARRAY['Berlin','Leipzig','Hamburg','Amsterdam','Rotterdam','Utrecht','Paris','Lyon','Lille','Stockholm','Malmo','Vienna'])[i % 12 + 1] END,
       (ARRAY['Germany','Germany','Germany','Netherlands','Netherlands','Netherlands','France','France','France','Sweden','Sweden','Austria'])[i % 12 + 1],
       date '2024-01-01' + (i * 97) % 700
FROM (SELECT i,
             (ARRAY['Lena','Max','Sophie','Jan','Emma','Lucas','Chloe','Noah','Mia','Elias','Julie','Oskar','Anna','Finn'])[i % 14 + 1] AS fn,
             (ARRAY['Muller','de Jong','Bernard','Andersson','Schneider','Bakker','Dubois','Nilsson','Huber','Visser','Laurent'])[i % 11 + 1] AS ln
      FROM generate_series(1, 150) i) s;

-- 900 orders over 2024-2025, never before the customer's signup; warehouses 1..3 only (Malmo opened too late)
INSERT INTO orders
SELECT o,
       c.customer_id,
       d,
       CASE WHEN o % 19 = 0 THEN 'cancelled'
            WHEN d > date '2025-12-20' OR o % 29 = 0 THEN 'shipped' ELSE 'delivered' END,
       CASE WHEN o % 19 = 0 THEN NULL
            WHEN c.country IN ('Germany', 'Austria', 'Sweden') THEN 1
            WHEN c.country = 'Netherlands' THEN 2
            ELSE CASE WHEN d >= date '2024-06-01' THEN 3 ELSE 2 END END
FROM (SELECT o, 1 + (o * 37) % 140 AS cid FROM generate_series(1, 900) o) s
JOIN customers c ON c.customer_id = s.cid
CROSS JOIN LATERAL (SELECT greatest(c.signup_date, date '2024-01-01' + (o * 730 / 900)) AS d) dd
WHERE dd.d <= date '2025-12-31';

-- 1 to 3 items per order
INSERT INTO order_items
SELECT row_number() OVER (ORDER BY o.order_id, k),
       o.order_id,
       p.product_id,
       1 + (o.order_id + k) % 3 * ((o.order_id + k) % 2),
       CASE WHEN o.order_date >= date '2025-01-01' AND p.category = 'jackets' THEN p.price * 1.10 ELSE p.price END
FROM orders o
CROSS JOIN generate_series(1, 1 + o.order_id % 3) k
JOIN products p ON p.product_id = 1 + (o.order_id * 7 + k * 5) % 22;

-- returns on some delivered items
INSERT INTO returns
SELECT row_number() OVER (ORDER BY oi.order_item_id),
       oi.order_item_id,
       CASE WHEN p.category = 'shoes' AND oi.order_item_id % 2 = 0 THEN 'wrong size'
            ELSE (ARRAY['damaged','not as described','changed mind','changed mind','late delivery','wrong size'])[oi.order_item_id % 6 + 1] END,
       CASE WHEN oi.order_item_id % 13 = 0 THEN NULL
            WHEN oi.order_item_id % 6 = 2 THEN oi.unit_price * oi.quantity - 4.95
            ELSE oi.unit_price * oi.quantity END,
       o.order_date + 5 + oi.order_item_id % 20
FROM order_items oi
JOIN orders o ON o.order_id = oi.order_id
JOIN products p ON p.product_id = oi.product_id
WHERE o.status = 'delivered'
  AND (oi.order_item_id % 11 = 0 OR (p.category IN ('shoes', 'jackets') AND oi.order_item_id % 5 = 0))
  AND o.order_date + 5 + oi.order_item_id % 20 <= date '2025-12-31';
