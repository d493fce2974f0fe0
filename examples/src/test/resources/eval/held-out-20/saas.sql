-- B2B SaaS company: accounts, users, plans, subscriptions, invoices, support tickets.
-- Data as of 2025-12-31. Deterministic (no random()).

CREATE TABLE plans (
    plan_id       integer PRIMARY KEY,
    plan_name     text NOT NULL UNIQUE,
    tier          text NOT NULL,
    monthly_price numeric(10,2) NOT NULL
);

CREATE TABLE accounts (
    account_id   integer PRIMARY KEY,
    company_name text NOT NULL,
    industry     text NOT NULL,
    country      text NOT NULL,
    signup_date  date NOT NULL
);

CREATE TABLE users (
    user_id       integer PRIMARY KEY,
    account_id    integer NOT NULL REFERENCES accounts(account_id),
    full_name     text NOT NULL,
    email         text NOT NULL,
    role          text NOT NULL,
    created_date  date NOT NULL,
    last_login_at timestamp
);

CREATE TABLE subscriptions (
    subscription_id integer PRIMARY KEY,
    account_id      integer NOT NULL REFERENCES accounts(account_id),
    plan_id         integer NOT NULL REFERENCES plans(plan_id),
    seats           integer NOT NULL,
    start_date      date NOT NULL,
    cancel_date     date,
    status          text NOT NULL
);

CREATE TABLE invoices (
    invoice_id      integer PRIMARY KEY,
    subscription_id integer NOT NULL REFERENCES subscriptions(subscription_id),
    issued_date     date NOT NULL,
    due_date        date NOT NULL,
    paid_date       date,
    amount          numeric(10,2) NOT NULL
);

CREATE TABLE support_tickets (
    ticket_id     integer PRIMARY KEY,
    account_id    integer NOT NULL REFERENCES accounts(account_id),
    user_id       integer REFERENCES users(user_id),
    category      text NOT NULL,
    priority      text NOT NULL,
    opened_date   date NOT NULL,
    resolved_date date,
    subject       text NOT NULL
);

INSERT INTO plans VALUES
 (1, 'Starter',      'Self-serve', 29.00),
 (2, 'Growth',       'Self-serve', 99.00),
 (3, 'Business',     'Sales-led',  299.00),
 (4, 'Enterprise',   'Sales-led',  899.00),
 (5, 'Summit',       'Sales-led', 1499.00),
 (6, 'Legacy Basic', 'Self-serve', 19.00);

INSERT INTO accounts
SELECT i,
       (ARRAY['Acme','Bluefin','Cobalt','Driftwood','Evergreen','Foxglove','Granite','Harbor','Ironwood','Juniper',
              'Keystone','Lumen','Maple','Nimbus','Orchid','Pinnacle','Quarry','Redwood','Sable','Tidewater'])[(i-1)%20+1]
       || ' ' || (ARRAY['Labs','Systems','Partners'])[(i-1)/20+1],
       (ARRAY['Retail','Healthcare','Finance','Manufacturing','Education','Logistics','Media'])[i%7+1],
       (ARRAY['United States','Germany','United Kingdom','France','Canada','Netherlands','Australia'])[(i*3 + i/7)%7+1],
       date '2023-01-01' + (i*17)%1000
FROM generate_series(1,60) i;

INSERT INTO accounts VALUES
 (61, 'Summit',          'Finance',       'United States', '2023-02-10'),
 (62, 'Nordlicht GmbH',  'Manufacturing', 'Germany',       '2025-11-20');

-- users: 2..10 per account, none for account 62
INSERT INTO users
SELECT row_number() OVER (ORDER BY a.account_id, k),
       a.account_id,
       (ARRAY['Anna','Ben','Carla','David','Elena','Farid','Grace','Hugo','Ines','Jonas','Kira','Liam','Maya'])[((a.account_id*3 + k*5) % 13)+1]
       || ' ' ||
       (ARRAY['Schmidt','Lopez','Nguyen','Brown','Rossi','Dubois','Khan','Meyer','Walsh','Tanaka','Olsen'])[((a.account_id + k*7) % 11)+1],
       '',
       CASE WHEN k = 1 THEN 'Admin' ELSE (ARRAY['Member','Member','Billing','Viewer'])[(a.account_id + k) % 4 + 1] END,
       a.signup_date + (k-1)*9,
       NULL
FROM accounts a CROSS JOIN generate_series(1,10) k
WHERE a.account_id <= 61 AND k <= 2 + (a.account_id*7) % 9;

UPDATE users SET email = lower(replace(full_name, ' ', '.')) || user_id || '@example.com',
                 last_login_at = CASE WHEN user_id % 11 = 0 THEN NULL
                                      ELSE timestamp '2025-12-31 18:00' - (user_id*37 % 400) * interval '1 day' - (user_id % 9) * interval '1 hour' END;
UPDATE users SET last_login_at = NULL WHERE last_login_at < created_date;

-- subscriptions: one per account except accounts 15, 30, 45, 60 (never subscribed) and 62
INSERT INTO subscriptions
SELECT a.account_id,
       a.account_id,
       CASE WHEN a.account_id = 61 THEN 5 ELSE 1 + (a.account_id*3) % 4 END,
       3 + a.account_id % 20,
       a.signup_date + 14,
       CASE WHEN a.account_id % 6 = 1 AND a.account_id <> 61 THEN a.signup_date + 14 + 200 + a.account_id END,
       CASE WHEN a.account_id % 6 = 1 AND a.account_id <> 61 THEN 'cancelled'
            WHEN a.account_id % 6 = 2 THEN 'past_due'
            ELSE 'active' END
FROM accounts a
WHERE a.account_id <= 61 AND a.account_id % 15 <> 0;

UPDATE subscriptions SET cancel_date = NULL, status = 'active' WHERE cancel_date > date '2025-12-15';

-- accounts whose first subscription was cancelled and id % 12 = 1 re-subscribed on a bigger plan
INSERT INTO subscriptions
SELECT 100 + s.account_id, s.account_id, LEAST(s.plan_id + 1, 4), s.seats + 5, s.cancel_date + 1, NULL, 'active'
FROM subscriptions s
WHERE s.status = 'cancelled' AND s.account_id % 12 = 1;

-- monthly invoices
INSERT INTO invoices
SELECT row_number() OVER (ORDER BY s.subscription_id, d),
       s.subscription_id,
       d::date,
       d::date + 30,
       NULL,
       p.monthly_price
FROM subscriptions s
JOIN plans p ON p.plan_id = s.plan_id
CROSS JOIN LATERAL generate_series(s.start_date, COALESCE(s.cancel_date - 1, date '2025-12-31'), interval '1 month') d;

UPDATE invoices SET amount = amount * 0.9 WHERE invoice_id % 10 = 0;
UPDATE invoices SET paid_date = issued_date + (invoice_id * 7) % 45;
UPDATE invoices SET paid_date = NULL WHERE paid_date > date '2025-12-31';
-- past_due subscriptions: the last two invoices are unpaid
UPDATE invoices i SET paid_date = NULL
FROM (SELECT invoice_id, row_number() OVER (PARTITION BY subscription_id ORDER BY issued_date DESC) rn
      FROM invoices WHERE subscription_id IN (SELECT subscription_id FROM subscriptions WHERE status = 'past_due')) x
WHERE x.invoice_id = i.invoice_id AND x.rn <= 2;

-- support tickets
INSERT INTO support_tickets
SELECT t,
       acc,
       CASE WHEN t % 17 = 0 THEN NULL
            ELSE (SELECT u.user_id FROM users u WHERE u.account_id = acc ORDER BY u.user_id
                  OFFSET (t % (SELECT count(*) FROM users u2 WHERE u2.account_id = acc)) LIMIT 1) END,
       (ARRAY['Billing','Bug','How-to','Integration','Account'])[(t*3 + t/10) % 5 + 1],
       (ARRAY['Low','Low','Low','Low','Medium','Medium','Medium','High','High','Urgent'])[(t*7) % 10 + 1],
       date '2024-01-01' + (t*7) % 731,
       NULL,
       ''
FROM generate_series(1,420) t
CROSS JOIN LATERAL (SELECT ((t*13) % 61) + 1 AS acc) a;

UPDATE support_tickets SET
  resolved_date = CASE WHEN ticket_id % 9 = 0 THEN NULL
                       ELSE opened_date + CASE priority WHEN 'Urgent' THEN ticket_id % 3 WHEN 'High' THEN ticket_id % 6
                                                        WHEN 'Medium' THEN ticket_id % 11 ELSE ticket_id % 19 END END,
  subject = CASE category WHEN 'Billing' THEN 'Question about invoice'
                          WHEN 'Bug' THEN 'Error on dashboard'
                          WHEN 'How-to' THEN 'How do I export reports'
                          WHEN 'Integration' THEN 'Slack integration not syncing'
                          ELSE 'Change account owner' END;
UPDATE support_tickets SET resolved_date = NULL WHERE resolved_date > date '2025-12-31';
