-- Car and home insurance company. Data as of 2025-12-31. Deterministic (no random()).
CREATE TABLE agents (
  agent_id    integer PRIMARY KEY,
  full_name   text NOT NULL,
  office_city text NOT NULL,
  hire_date   date NOT NULL,
  commission_rate numeric(4,3)
);
CREATE TABLE adjusters (
  adjuster_id integer PRIMARY KEY,
  full_name   text NOT NULL,
  region_city text NOT NULL,
  specialty   text NOT NULL
);
CREATE TABLE products (
  product_id   integer PRIMARY KEY,
  product_name text NOT NULL,
  category     text NOT NULL,
  base_premium numeric(10,2) NOT NULL
);
CREATE TABLE customers (
  customer_id integer PRIMARY KEY,
  first_name  text NOT NULL,
  last_name   text NOT NULL,
  city        text NOT NULL,
  birth_date  date,
  email       text,
  agent_id    integer REFERENCES agents(agent_id)
);
CREATE TABLE policies (
  policy_id      integer PRIMARY KEY,
  policy_number  text NOT NULL UNIQUE,
  customer_id    integer NOT NULL REFERENCES customers(customer_id),
  product_id     integer NOT NULL REFERENCES products(product_id),
  agent_id       integer NOT NULL REFERENCES agents(agent_id),
  start_date     date NOT NULL,
  end_date       date,
  annual_premium numeric(10,2) NOT NULL,
  status         text NOT NULL
);
CREATE TABLE claims (
  claim_id     integer PRIMARY KEY,
  policy_id    integer NOT NULL REFERENCES policies(policy_id),
  adjuster_id  integer REFERENCES adjusters(adjuster_id),
  filed_date   date NOT NULL,
  settled_date date,
  cause        text NOT NULL,
  status       text NOT NULL,
  claimed_amount numeric(12,2) NOT NULL,
  paid_amount  numeric(12,2)
);

INSERT INTO agents VALUES
 (1,'Laura Bennett','Springfield','2015-03-02',0.100),
 (2,'Marcus Webb','Springfield','2018-07-16',0.090),
 (3,'Priya Nair','Riverside','2016-01-11',0.095),
 (4,'Tomás Ortega','Riverside','2020-09-01',0.085),
 (5,'Helen Park','Lakewood','2012-05-21',0.110),
 (6,'David Kim','Lakewood','2021-02-15',NULL),
 (7,'Sofia Rossi','Fairview','2017-10-09',0.100),
 (8,'James Carter','Fairview','2019-04-29',0.090),
 (9,'Nadia Hassan','Georgetown','2014-08-18',0.105),
 (10,'Owen Fletcher','Madison','2022-06-06',0.080),
 (11,'Grace Liu','Madison','2023-01-09',NULL),
 (12,'David Kim','Georgetown','2024-11-04',0.080);

INSERT INTO adjusters VALUES
 (1,'Rachel Stone','Springfield','Auto'),
 (2,'Victor Alvarez','Riverside','Auto'),
 (3,'Emma Walsh','Lakewood','Property'),
 (4,'Kofi Mensah','Fairview','Property'),
 (5,'Ingrid Larsen','Georgetown','Auto'),
 (6,'Paul Dubois','Madison','Property'),
 (7,'Laura Bennett','Oakdale','Property'),
 (8,'Samir Patel','Clinton','Auto');

INSERT INTO products VALUES
 (1,'Auto Basic','Car',520.00),
 (2,'Auto Plus','Car',780.00),
 (3,'Auto Premier','Car',1150.00),
 (4,'Home Essentials','Home',640.00),
 (5,'Home Plus','Home',910.00),
 (6,'Renters','Home',240.00),
 (7,'Landlord','Home',1320.00),
 (8,'Classic Car','Car',450.00);

INSERT INTO customers
SELECT i,
  (ARRAY['Anna','Ben','Chloe','Daniel','Ella','Frank','Grace','Henry','Isla','Jack','Kate','Liam','Mia','Noah','Olivia','Peter','Quinn','Ruth','Sam','Tara','Umar','Vera','Will','Yara'])[1 + (i*7) % 24],
  (ARRAY['Smith','Johnson','Brown','Garcia','Miller','Davis','Wilson','Moore','Taylor','Anderson','Thomas','Jackson','White','Harris','Martin','Thompson','Robinson','Clark','Lewis','Walker','Young','Allen','King','Wright','Scott','Green','Baker','Adams','Nelson','Hill','Campbell'])[1 + (i*11) % 31],
  (ARRAY['Springfield','Riverside','Lakewood','Fairview','Georgetown','Madison','Oakdale','Clinton','Springfield','Riverside'])[1 + (i*3) % 10],
  DATE '1950-01-01' + ((i*397) % 18000),
  CASE WHEN i % 13 = 0 THEN NULL ELSE 'customer' || i || '@mail.example' END,
  CASE WHEN i % 29 = 0 THEN NULL ELSE 1 + (i*5) % 11 END
FROM generate_series(1,400) i;

-- a few named customers
INSERT INTO customers VALUES
 (401,'Margaret','Schumacher','Springfield','1962-04-12','m.schumacher@mail.example',1),
 (402,'Declan','O''Brien','Riverside','1988-11-30','declan.obrien@mail.example',3),
 (403,'Beatriz','Fonseca','Madison','1979-02-07',NULL,10),
 (404,'Henrik','Johansson','Oakdale','1995-06-23','henrik.j@mail.example',NULL);

-- policies: customers with i % 17 = 0 and customer 404 have none
INSERT INTO policies (policy_id, policy_number, customer_id, product_id, agent_id, start_date, end_date, annual_premium, status)
SELECT row_number() OVER (ORDER BY c, k),
  'POL-' || lpad((c*10 + k)::text, 6, '0'),
  c,
  1 + (c*3 + k*5) % 8,
  COALESCE((SELECT agent_id FROM customers WHERE customer_id = c), 1 + (c*7) % 12),
  DATE '2022-01-01' + ((c*37 + k*211) % 1300),
  NULL, 0, 'Active'
FROM generate_series(1,403) c
CROSS JOIN generate_series(1,2) k
WHERE c % 17 <> 0 AND (k = 1 OR c % 3 = 0);

UPDATE policies p SET annual_premium = pr.base_premium * (80 + (p.policy_id * 13) % 50) / 100.0
FROM products pr WHERE pr.product_id = p.product_id;

UPDATE policies SET
  end_date = CASE WHEN policy_id % 9 = 0 THEN start_date + ((policy_id*17) % 300 + 30)
                  ELSE start_date + 365 END;
UPDATE policies SET status = CASE
   WHEN policy_id % 9 = 0 THEN 'Cancelled'
   WHEN end_date <= DATE '2025-12-31' AND policy_id % 4 = 0 THEN 'Lapsed'
   WHEN end_date <= DATE '2025-12-31' THEN 'Renewed'
   ELSE 'Active' END;
-- open-ended (auto-renewing) policies
UPDATE policies SET end_date = NULL WHERE status = 'Active' AND policy_id % 5 = 0;

-- claims
INSERT INTO claims (claim_id, policy_id, adjuster_id, filed_date, settled_date, cause, status, claimed_amount, paid_amount)
SELECT n, p.policy_id,
  CASE WHEN n % 10 = 0 THEN NULL
       WHEN pr.category = 'Car' THEN (ARRAY[1,2,5,8])[1 + (n*3) % 4]
       ELSE (ARRAY[3,4,6,7])[1 + (n*3) % 4] END,
  p.start_date + ((n*11) % 150),
  NULL,
  CASE WHEN pr.category = 'Car' THEN (ARRAY['Collision','Theft','Glass','Vandalism','Collision'])[1 + (n*7) % 5]
       ELSE (ARRAY['Water Damage','Fire','Storm','Theft','Water Damage'])[1 + (n*7) % 5] END,
  CASE WHEN n % 10 IN (0,1) THEN 'Open'
       WHEN n % 10 = 2 THEN 'Denied'
       WHEN n % 20 = 3 THEN 'Cancelled'
       ELSE 'Paid' END,
  (200 + (n*977) % 14800)::numeric + (n % 4) * 0.25,
  NULL
FROM generate_series(1,700) n
JOIN policies p ON p.policy_id = 1 + (n*7) % 450
JOIN products pr ON pr.product_id = p.product_id;

UPDATE claims SET settled_date = filed_date + (5 + (claim_id*13) % 90) WHERE status IN ('Paid','Denied','Cancelled');
UPDATE claims SET paid_amount = round(claimed_amount * (60 + (claim_id*7) % 41) / 100.0, 2) WHERE status = 'Paid';
UPDATE claims SET paid_amount = 0 WHERE status = 'Denied';
-- anything not settled by the as-of date is still open
UPDATE claims SET status = 'Open', settled_date = NULL, paid_amount = NULL WHERE settled_date > DATE '2025-12-31';
