-- held-out-4: a made-up parcel logistics company (warehouses, couriers, customers, shipments, charges, claims).
-- Data is as of 2025-11-15: shipments sent on or after 2025-11-08 that are not lost or returned are still
-- 'in_transit' and have no delivered_at. Shipments were sent between 2023-01-01 and 2025-11-14.
-- All data is deterministic (generate_series and fixed arithmetic).

CREATE TABLE warehouses (
    warehouse_id integer PRIMARY KEY,
    name         text    NOT NULL UNIQUE,
    city         text    NOT NULL,
    country      text    NOT NULL,
    opened_on    date    NOT NULL,
    capacity_m3  integer NOT NULL,
    is_automated boolean NOT NULL        -- has an automated sorting line
);

INSERT INTO warehouses VALUES
    (1, 'Rotterdam Hub',   'Rotterdam', 'Netherlands', '2012-03-01', 42000, true),
    (2, 'Hamburg Port',    'Hamburg',   'Germany',     '2014-06-15', 35000, true),
    (3, 'Hamburg North',   'Hamburg',   'Germany',     '2021-09-01', 12000, false),
    (4, 'Antwerp Docks',   'Antwerp',   'Belgium',     '2016-01-10', 28000, false),
    (5, 'Leipzig Cross',   'Leipzig',   'Germany',     '2018-04-20', 30000, true),
    (6, 'Milan South',     'Milan',     'Italy',       '2019-11-05', 18000, false),
    (7, 'Gdansk Terminal', 'Gdansk',    'Poland',      '2022-02-14', 15000, false);

CREATE TABLE couriers (
    courier_id        integer PRIMARY KEY,
    full_name         text    NOT NULL,
    vehicle_type      text    NOT NULL CHECK (vehicle_type IN ('van','truck','cargo bike','motorbike')),
    home_warehouse_id integer NOT NULL REFERENCES warehouses(warehouse_id),
    hired_on          date    NOT NULL,
    is_active         boolean NOT NULL     -- false = has left the company
);

-- Courier 25 was hired recently and has not carried any shipment yet.
INSERT INTO couriers
SELECT c,
       (ARRAY['Lars','Mila','Piotr','Sanne','Tobias','Giulia','Kasia','Ruben','Anke','Marco',
              'Ewa','Dirk','Noor'])[1 + (c - 1) % 13] || ' ' ||
       (ARRAY['de Vries','Kowalski','Janssen','Fischer','Bianchi','Peeters'])[1 + ((c - 1) / 13 + c) % 6],
       CASE WHEN c % 7 = 0 THEN 'truck' WHEN c % 5 = 0 THEN 'cargo bike' WHEN c % 9 = 4 THEN 'motorbike' ELSE 'van' END,
       1 + (c * 3) % 7,
       CASE WHEN c = 25 THEN date '2025-10-01' ELSE date '2016-01-15' + (c * 71) % 2500 END,
       c NOT IN (6, 17, 22)
FROM generate_series(1, 25) AS c;

CREATE TABLE customers (
    customer_id integer PRIMARY KEY,
    name        text    NOT NULL,
    city        text    NOT NULL,
    is_business boolean NOT NULL,
    email       text,                 -- NULL when not given
    signed_up   date    NOT NULL
);

-- Customers 1-50 are businesses, 51-200 private persons. Customers 191-200 never sent a shipment.
INSERT INTO customers
SELECT c,
       CASE WHEN c <= 50 THEN
            (ARRAY['Nordic','Blue','Alpine','Delta','Rhine','Baltic','Green','Urban','Prime','Swift'])[1 + (c - 1) % 10]
            || ' ' || (ARRAY['Trading','Goods','Foods','Tools','Textiles'])[1 + (c - 1) / 10]
       ELSE
            (ARRAY['Anna','Bram','Chiara','Daan','Emil','Fenna','Hanna','Igor','Jana','Kees',
                   'Lena','Matteo','Nina','Oskar','Paula'])[1 + (c - 51) % 15]
            || ' ' ||
            (ARRAY['Bakker','Meyer','Romano','Nowak','Visser','Wouters','Schulz','Conti','Lewandowski','Maes'])
                [1 + (c - 51) / 15]
       END,
       (ARRAY['Rotterdam','Hamburg','Utrecht','Cologne','Brussels','Milan','Turin','Warsaw','Gdansk','Leipzig'])
           [1 + (c * 7) % 10],
       c <= 50,
       CASE WHEN c % 6 = 2 THEN NULL ELSE 'customer' || c || '@example.org' END,
       date '2018-01-01' + (c * 17) % 1800
FROM generate_series(1, 200) AS c;

CREATE TABLE shipments (
    shipment_id         integer PRIMARY KEY,
    customer_id         integer NOT NULL REFERENCES customers(customer_id),      -- the sender
    origin_warehouse_id integer NOT NULL REFERENCES warehouses(warehouse_id),
    return_warehouse_id integer NOT NULL REFERENCES warehouses(warehouse_id),    -- where it goes if undeliverable
    courier_id          integer NOT NULL REFERENCES couriers(courier_id),
    destination_city    text    NOT NULL,
    weight_kg           numeric(6,1) NOT NULL,
    priority            text    NOT NULL CHECK (priority IN ('standard','express')),
    is_fragile          boolean NOT NULL,
    declared_value      numeric(10,2),      -- NULL when the sender declared none
    sent_at             timestamp NOT NULL,
    delivered_at        timestamp,          -- NULL unless status = 'delivered'
    status              text NOT NULL CHECK (status IN ('delivered','in_transit','returned','lost'))
);

INSERT INTO shipments
SELECT s,
       1 + (s * 31 + (s * s) % 131) % 190,
       1 + (s * 3) % 7,
       CASE WHEN s % 4 = 0 THEN 1 + ((s * 3) % 7 + 2) % 7 ELSE 1 + (s * 3) % 7 END,
       1 + ((s * 7) % 24 + (s * s) % 13) % 24,
       (ARRAY['Rotterdam','Amsterdam','Hamburg','Berlin','Utrecht','Brussels','Antwerp','Milan',
              'Turin','Warsaw','Krakow','Leipzig'])[1 + ((s * 5) % 12 + (s * s / 5) % 7) % 12],
       round(0.5 + ((s * 37) % 300) / 10.0, 1),
       CASE WHEN s % 5 = 0 THEN 'express' ELSE 'standard' END,
       s % 6 = 0,
       CASE WHEN s % 3 = 0 THEN NULL ELSE 20 + (s * 17) % 480 END,
       sent,
       CASE WHEN st = 'delivered'
            THEN sent + make_interval(days => CASE WHEN s % 5 = 0 THEN 1 ELSE 1 + s % 4 + s % 3 END,
                                      hours => s % 9) END,
       st
FROM generate_series(1, 3000) AS s
CROSS JOIN LATERAL (SELECT timestamp '2023-01-01 07:00' + make_interval(days => (s * 977) % 1049,
                                                                        mins => (s * 53) % 600) AS sent) t
CROSS JOIN LATERAL (SELECT CASE WHEN s % 37 = 0 THEN 'lost'
                                WHEN s % 19 = 0 THEN 'returned'
                                WHEN sent >= timestamp '2025-11-08' THEN 'in_transit'
                                ELSE 'delivered' END AS st) u;

CREATE TABLE charges (
    charge_id   integer PRIMARY KEY,
    shipment_id integer NOT NULL REFERENCES shipments(shipment_id),
    charge_type text    NOT NULL CHECK (charge_type IN ('postage','insurance','fragile surcharge')),
    amount      numeric(10,2) NOT NULL
);

-- Every shipment pays postage; declared values of 300 or more are insured at 2%; fragile parcels pay 3.00 extra.
INSERT INTO charges
SELECT row_number() OVER (ORDER BY c.shipment_id, c.k)::integer, c.shipment_id, c.charge_type, c.amount
FROM (
    SELECT shipment_id, 1 AS k, 'postage' AS charge_type,
           round(4.50 + weight_kg * 0.80 + CASE WHEN priority = 'express' THEN 6 ELSE 0 END, 2) AS amount
    FROM shipments
    UNION ALL
    SELECT shipment_id, 2, 'insurance', round(declared_value * 0.02, 2)
    FROM shipments WHERE declared_value >= 300
    UNION ALL
    SELECT shipment_id, 3, 'fragile surcharge', 3.00
    FROM shipments WHERE is_fragile
) c;

CREATE TABLE claims (
    claim_id    integer PRIMARY KEY,
    shipment_id integer NOT NULL REFERENCES shipments(shipment_id),
    filed_on    date    NOT NULL,
    reason      text    NOT NULL CHECK (reason IN ('lost','damaged','late')),
    amount      numeric(10,2) NOT NULL,
    approved    boolean                 -- NULL = still under review
);

-- Every lost shipment has a claim; some delivered ones were claimed as damaged or late.
INSERT INTO claims
SELECT row_number() OVER (ORDER BY s.shipment_id)::integer,
       s.shipment_id,
       least((s.sent_at + interval '10 days')::date, date '2025-11-15'),
       CASE WHEN s.status = 'lost' THEN 'lost' WHEN s.shipment_id % 2 = 0 THEN 'damaged' ELSE 'late' END,
       CASE WHEN s.status = 'lost' THEN coalesce(s.declared_value, 50.00)
            ELSE round(coalesce(s.declared_value, 40.00) * 0.5, 2) END,
       CASE WHEN s.sent_at >= timestamp '2025-10-20' THEN NULL
            WHEN s.shipment_id % 3 = 1 THEN false
            ELSE true END
FROM shipments s
WHERE s.status = 'lost' OR (s.status = 'delivered' AND s.shipment_id % 43 = 0);
