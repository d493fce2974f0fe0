-- Held-out set 14: a warehouse/logistics business: suppliers, items, warehouses, inventory, purchase orders (2024-2025).
CREATE TABLE suppliers (
  supplier_id  integer PRIMARY KEY,
  name         text NOT NULL,
  country      text NOT NULL,
  city         text
);
INSERT INTO suppliers VALUES
 (1,'Nordpack AB','Sweden','Gothenburg'),
 (2,'Rhein Fasteners GmbH','Germany','Hamburg'),
 (3,'Delta Plastics BV','Netherlands','Rotterdam'),
 (4,'Atlas Tools Ltd','United Kingdom','Leeds'),
 (5,'Iberia Cartonaje SL','Spain','Valencia'),
 (6,'Polska Metal Sp. z o.o.','Poland','Poznan'),
 (7,'Lumen Electrical SpA','Italy','Milan'),
 (8,'Baltic Timber OU','Estonia',NULL),
 (9,'Maas Logistics Supplies BV','Netherlands','Rotterdam'),
 (10,'Vltava Textiles s.r.o.','Czechia','Prague');

CREATE TABLE items (
  item_id      integer PRIMARY KEY,
  sku          text NOT NULL UNIQUE,
  name         text NOT NULL,
  category     text NOT NULL,
  unit_cost    numeric(10,2) NOT NULL,
  weight_kg    numeric(8,3),
  supplier_id  integer REFERENCES suppliers(supplier_id)
);
INSERT INTO items
SELECT i,
       c.prefix || '-' || lpad(i::text, 4, '0'),
       c.adj[1 + (i * 3) % 5] || ' ' || c.noun,
       c.category,
       round((c.base_cost * (1 + ((i * 37) % 90) / 30.0))::numeric, 2),
       CASE WHEN i % 17 = 0 THEN NULL ELSE round((c.base_weight * (1 + ((i * 13) % 40) / 10.0))::numeric, 3) END,
       CASE WHEN i % 29 = 0 THEN NULL ELSE c.sup[1 + i % 2] END
FROM generate_series(1,120) i
JOIN (VALUES
  (0,'PKG','Packaging','Carton box',0.80,0.300,ARRAY[1,5],ARRAY['Small','Medium','Large','Double-wall','Mailer']),
  (1,'FST','Fasteners','Bolt pack',2.50,0.500,ARRAY[2,6],ARRAY['M6','M8','M10','Stainless','Zinc']),
  (2,'PLS','Plastics','Storage crate',6.00,1.200,ARRAY[3,9],ARRAY['Blue','Grey','Stackable','Folding','Heavy-duty']),
  (3,'TLS','Tools','Hand tool set',18.00,2.000,ARRAY[4,6],ARRAY['Basic','Pro','Compact','Electricians','Mechanics']),
  (4,'ELC','Electrical','Cable reel',12.00,3.000,ARRAY[7,7],ARRAY['10m','25m','50m','Outdoor','Indoor']),
  (5,'TMB','Timber','Pallet',9.00,15.000,ARRAY[8,8],ARRAY['Euro','Half','Heat-treated','Block','Light']),
  (6,'TXT','Textiles','Work gloves',3.00,0.150,ARRAY[10,5],ARRAY['Cotton','Nitrile','Leather','Cut-resistant','Thermal'])
) AS c(k, prefix, category, noun, base_cost, base_weight, sup, adj) ON c.k = i % 7;

CREATE TABLE warehouses (
  warehouse_id    integer PRIMARY KEY,
  name            text NOT NULL,
  city            text NOT NULL,
  capacity_units  integer NOT NULL,
  opened_on       date NOT NULL
);
INSERT INTO warehouses VALUES
 (1,'WH Rotterdam Port','Rotterdam',60000,'2012-05-01'),
 (2,'WH Hamburg Nord','Hamburg',45000,'2015-09-15'),
 (3,'WH Leeds Central','Leeds',30000,'2018-02-01'),
 (4,'WH Lyon Est','Lyon',35000,'2019-07-01'),
 (5,'WH Warsaw South','Warsaw',25000,'2021-03-10'),
 (6,'WH Madrid Norte','Madrid',20000,'2025-04-01');

CREATE TABLE inventory (
  warehouse_id   integer NOT NULL REFERENCES warehouses(warehouse_id),
  item_id        integer NOT NULL REFERENCES items(item_id),
  on_hand        integer NOT NULL,
  reorder_level  integer,
  last_counted_on date,
  PRIMARY KEY (warehouse_id, item_id)
);
INSERT INTO inventory
SELECT w, i,
       (i * 53 + w * 97) % 700,
       CASE WHEN (i + w) % 19 = 0 THEN NULL ELSE 50 + ((i * 11 + w * 7) % 8) * 25 END,
       CASE WHEN (i * w) % 13 = 0 THEN NULL ELSE date '2025-01-01' + ((i * 31 + w * 17) % 360) END
FROM generate_series(1,6) w
CROSS JOIN generate_series(1,120) i
WHERE (i + w * 3) % (CASE WHEN w = 6 THEN 4 ELSE 3 END) <> 0 OR w = 1;

CREATE TABLE purchase_orders (
  po_id         integer PRIMARY KEY,
  po_number     text NOT NULL UNIQUE,
  supplier_id   integer NOT NULL REFERENCES suppliers(supplier_id),
  warehouse_id  integer NOT NULL REFERENCES warehouses(warehouse_id),
  ordered_on    date NOT NULL,
  expected_on   date NOT NULL,
  received_on   date,
  status        text NOT NULL
);
INSERT INTO purchase_orders
SELECT p,
       'PO-' || (CASE WHEN p <= 160 THEN 2024 ELSE 2025 END) || '-' || lpad(p::text, 4, '0'),
       s,
       wh,
       od,
       od + 10 + (p % 4) * 3,
       CASE WHEN p % 23 = 0 THEN NULL
            WHEN od > date '2025-12-01' THEN NULL
            ELSE od + 7 + (p * 7) % 15 END,
       CASE WHEN p % 23 = 0 THEN 'cancelled'
            WHEN od > date '2025-12-01' THEN 'open'
            ELSE 'received' END
FROM (
  SELECT p,
         CASE WHEN p % 10 = 0 THEN 8 - (p / 10) % 2 ELSE 1 + (p * 7) % 10 END AS s,
         CASE WHEN p <= 160 THEN 1 + (p * 3) % 5 ELSE 1 + (p * 3) % 6 END AS wh,
         CASE WHEN p <= 160 THEN date '2024-01-03' + (p - 1) * 2 + (p % 2)
              ELSE date '2025-01-02' + ((p - 161) * 2.4)::int END AS od
  FROM generate_series(1,300) p
) x;
-- Supplier 10 (Vltava Textiles) is never ordered from in 2024: move its 2024 orders to supplier 5.
UPDATE purchase_orders SET supplier_id = 5 WHERE supplier_id = 10 AND ordered_on < date '2025-01-01';

CREATE TABLE po_lines (
  po_line_id          integer PRIMARY KEY,
  po_id               integer NOT NULL REFERENCES purchase_orders(po_id),
  line_no             integer NOT NULL,
  item_id             integer NOT NULL REFERENCES items(item_id),
  quantity_ordered    integer NOT NULL,
  quantity_received   integer,
  unit_price          numeric(10,2) NOT NULL
);
WITH sup_items AS (
  SELECT item_id, supplier_id, row_number() OVER (PARTITION BY supplier_id ORDER BY item_id) - 1 AS k,
         count(*) OVER (PARTITION BY supplier_id) AS n, unit_cost
  FROM items WHERE supplier_id IS NOT NULL
)
INSERT INTO po_lines
SELECT row_number() OVER (ORDER BY po.po_id, l),
       po.po_id, l, si.item_id,
       (10 + ((po.po_id * 13 + l * 7) % 20) * 10),
       CASE WHEN po.status = 'received' THEN
              (10 + ((po.po_id * 13 + l * 7) % 20) * 10) - CASE WHEN (po.po_id + l) % 11 = 0 THEN 10 ELSE 0 END
            WHEN po.status = 'cancelled' THEN 0
            ELSE NULL END,
       round(si.unit_cost * (0.9 + ((po.po_id + l * 3) % 5) * 0.05) * CASE WHEN po.ordered_on >= date '2025-01-01' THEN 1.04 ELSE 1 END, 2)
FROM purchase_orders po
CROSS JOIN generate_series(1, 4) l
JOIN sup_items si ON si.supplier_id = po.supplier_id AND si.k = (po.po_id * 3 + l * 5) % si.n
WHERE l <= 1 + po.po_id % 4;
