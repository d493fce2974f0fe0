-- Small retail bank: branches, customers, accounts, transactions, loans.
CREATE TABLE branches (
  branch_id    integer PRIMARY KEY,
  name         text NOT NULL,
  city         text NOT NULL,
  region       text NOT NULL,
  opened_year  integer
);

CREATE TABLE customers (
  customer_id  integer PRIMARY KEY,
  full_name    text NOT NULL,
  branch_id    integer NOT NULL REFERENCES branches(branch_id),
  segment      text NOT NULL,          -- retail, premier, business, student
  city         text,
  birth_year   integer,
  opened_on    date NOT NULL
);

CREATE TABLE accounts (
  account_id   integer PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers(customer_id),
  account_type text NOT NULL,          -- checking, savings, credit card
  currency     char(3) NOT NULL,
  opened_on    date NOT NULL,
  closed_on    date
);

CREATE TABLE transactions (
  transaction_id integer PRIMARY KEY,
  account_id     integer NOT NULL REFERENCES accounts(account_id),
  posted_at      timestamp NOT NULL,
  amount         numeric(12,2) NOT NULL,  -- positive = money in, negative = money out
  category       text,                    -- salary, groceries, rent, utilities, travel, education, car, transfer
  channel        text NOT NULL            -- card, online, atm, branch
);

CREATE TABLE loans (
  loan_id       integer PRIMARY KEY,
  customer_id   integer NOT NULL REFERENCES customers(customer_id),
  purpose       text NOT NULL,            -- home, car, education, business
  principal     numeric(12,2) NOT NULL,
  interest_rate numeric(5,3) NOT NULL,    -- percent per year
  status        text NOT NULL,            -- active, paid off, defaulted, pending
  start_date    date
);

INSERT INTO branches VALUES
 (1, 'Leeds Central',     'Leeds',      'North',    1998),
 (2, 'York Minster',      'York',       'North',    2004),
 (3, 'Manchester Deansgate','Manchester','North West', 1995),
 (4, 'Chester Eastgate',  'Chester',    'North West', NULL),
 (5, 'Bristol Harbourside','Bristol',   'South West', 2010),
 (6, 'Exeter High Street','Exeter',     'South West', 2001),
 (7, 'Cambridge Market',  'Cambridge',  'East',     2015),
 (8, 'Norwich Castle',    'Norwich',    'East',     2019);

-- 240 customers; branch 8 only opened recently and has few customers
INSERT INTO customers
SELECT c,
       (ARRAY['Amelia','Oliver','Isla','George','Ava','Harry','Mia','Jack','Sophie','Noah','Grace','Leo','Ruby','Oscar'])[1 + c % 14]
         || ' ' ||
       (ARRAY['Smith','Jones','Patel','Brown','Khan','Wilson','Evans','Clarke','Hughes','Ahmed','Wright'])[1 + (c * 3) % 11],
       CASE WHEN c % 40 = 0 THEN 8 ELSE 1 + c % 7 END,
       (ARRAY['retail','retail','retail','premier','business','student'])[1 + (c * 5) % 6],
       CASE WHEN c % 13 = 0 THEN NULL
            ELSE (ARRAY['Leeds','York','Manchester','Chester','Bristol','Exeter','Cambridge','Bath','Harrogate'])[1 + (c * 7) % 9] END,
       CASE WHEN c % 19 = 0 THEN NULL ELSE 1950 + (c * 11) % 55 END,
       DATE '2019-01-01' + (c * 29) % 2300
FROM generate_series(1, 240) c;

-- accounts: every customer has a checking account; every second a savings account; every third a credit card
INSERT INTO accounts
SELECT row_number() OVER (ORDER BY c, k), c,
       (ARRAY['checking','savings','credit card'])[k],
       CASE WHEN k = 2 AND c % 10 = 4 THEN 'EUR' WHEN k = 2 AND c % 14 = 8 THEN 'USD' ELSE 'GBP' END,
       cu.opened_on + (k - 1) * 45,
       CASE WHEN (c + k) % 17 = 0 THEN DATE '2024-03-01' + (c * 13) % 600 END
FROM customers cu
CROSS JOIN generate_series(1, 3) k
CROSS JOIN LATERAL (SELECT cu.customer_id AS c) x
WHERE k = 1 OR (k = 2 AND c % 2 = 0) OR (k = 3 AND c % 3 = 0);

-- transactions over 2024-2025: 3,000
INSERT INTO transactions
SELECT t,
       a.account_id,
       TIMESTAMP '2024-01-01 00:00' + make_interval(days => (t * 7) % 731, hours => 7 + t % 15, mins => (t * 17) % 60),
       CASE cat.category
         WHEN 'salary' THEN 1800 + (t * 31) % 2400
         WHEN 'transfer' THEN CASE WHEN (t / 10) % 3 = 0 THEN 50 + (t * 7) % 900 ELSE -(50 + (t * 7) % 900) END
         WHEN 'rent' THEN -(650 + (t * 13) % 900)
         WHEN 'groceries' THEN -(12 + (t * 19) % 150 + (t % 100) / 100.0)
         WHEN 'utilities' THEN -(40 + (t * 3) % 160)
         WHEN 'travel' THEN -(25 + (t * 23) % 1200)
         WHEN 'education' THEN -(100 + (t * 11) % 2000)
         WHEN 'car' THEN -(30 + (t * 29) % 700)
         ELSE -(5 + (t * 3) % 80 + (t % 10) / 10.0) END,
       cat.category,
       CASE WHEN cat.category = 'salary' THEN 'online'
            ELSE (ARRAY['card','card','online','atm','card','online','branch'])[1 + (t * 3) % 7] END
FROM generate_series(1, 3000) t
JOIN accounts a ON a.account_id = 1 + (t * 37) % (SELECT count(*) FROM accounts)
CROSS JOIN LATERAL (SELECT CASE
         WHEN t % 25 = 0 THEN NULL
         WHEN t % 10 = 1 THEN 'salary'
         WHEN t % 10 IN (2, 5, 8) THEN 'groceries'
         WHEN t % 10 = 3 THEN 'rent'
         WHEN t % 10 = 4 THEN 'utilities'
         WHEN t % 10 = 6 THEN 'travel'
         WHEN t % 20 = 7 THEN 'education'
         WHEN t % 20 = 17 THEN 'car'
         WHEN t % 10 = 9 THEN 'transfer'
         ELSE 'groceries' END AS category) cat;

-- loans: 70
INSERT INTO loans
SELECT l,
       1 + (l * 43) % 240,
       (ARRAY['home','car','education','business','car'])[1 + l % 5],
       CASE (ARRAY['home','car','education','business','car'])[1 + l % 5]
         WHEN 'home' THEN 120000 + (l * 7919) % 200000
         WHEN 'car' THEN 8000 + (l * 613) % 22000
         WHEN 'education' THEN 5000 + (l * 997) % 25000
         ELSE 20000 + (l * 3571) % 80000 END,
       2.5 + ((l * 37) % 60) / 10.0,
       (ARRAY['active','active','paid off','active','defaulted','pending','paid off'])[1 + (l * 3 + l / 9) % 7],
       CASE WHEN (ARRAY['active','active','paid off','active','defaulted','pending','paid off'])[1 + (l * 3 + l / 9) % 7] = 'pending' THEN NULL
            ELSE DATE '2024-01-01' + (l * 97) % 700 END
FROM generate_series(1, 70) l;
