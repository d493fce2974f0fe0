-- Charity database of an international development charity (donors, donations, fundraising campaigns, funded projects, volunteers and their shifts). Data as of 2025-06-30.

CREATE TABLE donors (
    donor_id           integer PRIMARY KEY,
    donor_type         text NOT NULL CHECK (donor_type IN ('Individual', 'Corporate', 'Trust')),
    first_name         text NOT NULL,   -- for Corporate and Trust donors: the contact person
    last_name          text NOT NULL,
    organisation_name  text,            -- NULL = individual donor (not applicable)
    email              text NOT NULL UNIQUE,
    city               text NOT NULL,
    joined_on          date NOT NULL,
    gift_aid_eligible  boolean NOT NULL,
    marketing_opt_in   boolean NOT NULL
);

INSERT INTO donors
SELECT i,
       CASE WHEN i % 15 = 0 THEN 'Corporate' WHEN i % 15 = 7 THEN 'Trust' ELSE 'Individual' END,
       fn[1 + (i * 7) % 20],
       ln[1 + (i * 11) % 23],
       CASE WHEN i % 15 = 0 THEN corp[i / 15]
            WHEN i % 15 = 7 THEN trust[1 + i / 15] END,
       lower(fn[1 + (i * 7) % 20] || '.' || replace(ln[1 + (i * 11) % 23], '''', '') || i || '@example.org'),
       city[1 + (i * 3) % 8],
       date '2023-01-01' + (i - 1) * 6,
       i % 15 NOT IN (0, 7) AND i % 3 <> 0,
       i % 4 <> 1
FROM generate_series(1, 150) AS i,
     (SELECT ARRAY['Sarah','James','Chad','Emma','Oliver','Priya','George','Hannah','Mohammed','Lucy',
                   'Daniel','Chloe','Ryan','Zara','Peter','Megan','Samuel','Ruth','Adam','Fatima'] AS fn,
             ARRAY['Smith','Jones','Lincoln','Patel','Walker','Hughes','Clarke','Wood','Ahmed','Turner',
                   'Hill','Baker','Robinson','O''Neill','Wright','Green','Hall','Shaw','Begum','Mason',
                   'Fletcher','Reid','Cooper'] AS ln,
             ARRAY['Lincoln','Leeds','York','Sheffield','Nottingham','Hull','Derby','Manchester'] AS city,
             ARRAY['Northern Rail Freight Ltd','Castle Bakeries Ltd','Brightwell Solicitors','Pennine Software Ltd',
                   'Humber Logistics plc','Minster Insurance','Trentside Engineering','Peak Print Co',
                   'Riverside Dental Group','Dale & Sons Builders'] AS corp,
             ARRAY['Hartley Family Trust','Ashworth Charitable Trust','Millbrook Foundation','Greaves Trust',
                   'Elm Tree Trust','Kirkby Community Fund','Rowan Trust','Sutcliffe Foundation',
                   'Winfield Trust','Holme Valley Trust'] AS trust) AS arr;

CREATE TABLE campaigns (
    campaign_id    integer PRIMARY KEY,
    campaign_name  text NOT NULL UNIQUE,
    channel        text NOT NULL CHECK (channel IN ('Online', 'Event', 'Direct Mail', 'Street')),
    start_date     date NOT NULL,
    end_date       date,            -- NULL = ongoing, no end date
    target_amount  numeric(10,2) NOT NULL
);

INSERT INTO campaigns VALUES
 (1,  'Clean Water Now',               'Online',      '2023-02-01', '2023-12-31', 40000.00),
 (2,  'Spring Fun Run 2023',           'Event',       '2023-04-01', '2023-05-31', 6000.00),
 (3,  'Schools for Chad',              'Online',      '2023-09-01', '2024-06-30', 25000.00),
 (4,  'Winter Appeal 2023',            'Direct Mail', '2023-11-01', '2024-01-31', 15000.00),
 (5,  'Spring Fun Run 2024',           'Event',       '2024-04-01', '2024-05-31', 7000.00),
 (6,  'Summer Street Collection 2024', 'Street',      '2024-06-01', '2024-08-31', 5000.00),
 (7,  'Emergency Flood Relief',        'Online',      '2024-09-15', '2024-12-31', 30000.00),
 (8,  'Winter Appeal 2024',            'Direct Mail', '2024-11-01', '2025-01-31', 18000.00),
 (9,  'Regular Giving',                'Online',      '2023-01-01', NULL,         4000.00),
 (10, 'Spring Fun Run 2025',           'Event',       '2025-04-01', '2025-05-31', 8000.00),
 (11, 'Health Clinics Appeal',         'Online',      '2025-03-01', NULL,         20000.00),
 (12, 'Autumn Gala 2025',              'Event',       '2025-09-01', '2025-09-30', 12000.00);

CREATE TABLE projects (
    project_id    integer PRIMARY KEY,
    project_name  text NOT NULL UNIQUE,
    country       text NOT NULL,
    sector        text NOT NULL CHECK (sector IN ('Water', 'Education', 'Health', 'Food Security')),
    start_date    date NOT NULL,
    completed_on  date,             -- NULL = not yet completed
    budget        numeric(10,2) NOT NULL
);

INSERT INTO projects VALUES
 (1, 'Turkana Boreholes',           'Kenya',      'Water',         '2023-03-01', '2024-06-30', 80000.00),
 (2, 'Lake Chad Wells',             'Chad',       'Water',         '2023-06-01', NULL,         120000.00),
 (3, 'N''Djamena Primary Schools',  'Chad',       'Education',     '2023-10-01', NULL,         90000.00),
 (4, 'Sindh Mobile Clinics',        'Pakistan',   'Health',        '2024-01-15', NULL,         70000.00),
 (5, 'Malawi School Meals',         'Malawi',     'Food Security', '2023-01-15', '2024-12-31', 60000.00),
 (6, 'Sylhet Flood Recovery',       'Bangladesh', 'Food Security', '2024-10-01', '2025-05-31', 100000.00),
 (7, 'Gulu Maternal Health',        'Uganda',     'Health',        '2025-03-15', NULL,         55000.00),
 (8, 'Kisumu Girls'' Education',    'Kenya',      'Education',     '2024-02-01', NULL,         45000.00),
 (9, 'Tigray Solar Water Pumps',    'Ethiopia',   'Water',         '2025-08-01', NULL,         65000.00);

-- Which projects each campaign funds, and the share of the campaign's proceeds each project receives.
CREATE TABLE campaign_projects (
    campaign_id    integer NOT NULL REFERENCES campaigns(campaign_id),
    project_id     integer NOT NULL REFERENCES projects(project_id),
    share_percent  numeric(5,2) NOT NULL,
    PRIMARY KEY (campaign_id, project_id)
);

INSERT INTO campaign_projects VALUES
 (1, 1, 40), (1, 2, 60),
 (2, 5, 100),
 (3, 3, 100),
 (4, 1, 50), (4, 5, 50),
 (5, 8, 100),
 (6, 4, 50), (6, 8, 50),
 (7, 6, 100),
 (8, 4, 30), (8, 6, 70),
 (9, 2, 25), (9, 3, 25), (9, 4, 25), (9, 7, 25),
 (10, 7, 100),
 (11, 4, 50), (11, 7, 50),
 (12, 8, 100);

CREATE TABLE donations (
    donation_id       integer PRIMARY KEY,
    donor_id          integer NOT NULL REFERENCES donors(donor_id),
    campaign_id       integer REFERENCES campaigns(campaign_id),   -- NULL = general, unrestricted donation
    donated_at        timestamp NOT NULL,
    amount            numeric(10,2) NOT NULL,
    payment_method    text NOT NULL CHECK (payment_method IN ('Card', 'Direct Debit', 'Bank Transfer', 'Cash', 'Cheque', 'PayPal')),
    gift_aid_claimed  boolean NOT NULL,
    refunded_on       date            -- NULL = not refunded
);

-- One-off donations.
INSERT INTO donations
SELECT x.d,
       dn.donor_id,
       cp.campaign_id,
       x.dt + time '08:00' + ((x.d * 37) % 720) * interval '1 minute',
       CASE WHEN dn.donor_type = 'Individual'
            THEN (ARRAY[10, 25, 5, 50, 20, 15, 100, 30, 12.5, 40])[1 + (x.d * 7) % 10]
            ELSE (ARRAY[500, 1000, 250, 2500, 750, 1500])[1 + (x.d * 5) % 6] END,
       CASE WHEN cp.channel IS NULL THEN (ARRAY['Card', 'Bank Transfer', 'Cheque', 'PayPal'])[1 + x.d % 4]
            WHEN cp.channel = 'Online' THEN (ARRAY['Card', 'PayPal', 'Card'])[1 + x.d % 3]
            WHEN cp.channel = 'Event' THEN (ARRAY['Card', 'Cash'])[1 + x.d % 2]
            WHEN cp.channel = 'Street' THEN (ARRAY['Cash', 'Cash', 'Card'])[1 + x.d % 3]
            ELSE (ARRAY['Cheque', 'Bank Transfer', 'Card'])[1 + x.d % 3] END,
       dn.gift_aid_eligible AND x.d % 5 <> 0,
       CASE WHEN x.d % 89 = 0 THEN x.dt + 3 + x.d % 11 END
FROM (
    SELECT d, date '2023-01-02' + ((d * 331) % 910) AS dt
    FROM generate_series(1, 1800) AS d
) x
CROSS JOIN LATERAL (
    SELECT y.donor_id, y.donor_type, y.gift_aid_eligible FROM (
        SELECT o.donor_id, o.donor_type, o.gift_aid_eligible,
               row_number() OVER (ORDER BY o.donor_id) - 1 AS rn, count(*) OVER () AS cnt
        FROM donors o
        WHERE o.joined_on <= x.dt AND o.donor_id NOT IN (25, 75, 125) AND o.donor_id < 148
    ) y
    WHERE y.rn = (x.d * 13 + x.d / 17) % y.cnt
) dn
LEFT JOIN LATERAL (
    SELECT z.campaign_id, z.channel FROM (
        SELECT c.campaign_id, c.channel, row_number() OVER (ORDER BY c.campaign_id) - 1 AS rn, count(*) OVER () AS cnt
        FROM campaigns c
        WHERE c.campaign_id <> 9 AND c.start_date <= x.dt AND (c.end_date IS NULL OR c.end_date >= x.dt)
    ) z
    WHERE x.d % 6 <> 0 AND z.rn = x.d % z.cnt
) cp ON true;

-- Monthly direct debits to Regular Giving, from the month after joining.
INSERT INTO donations
SELECT 1800 + row_number() OVER (ORDER BY m, o.donor_id),
       o.donor_id,
       9,
       m + time '06:00',
       5 + (o.donor_id % 4) * 5,
       'Direct Debit',
       o.gift_aid_eligible,
       NULL
FROM donors o
CROSS JOIN LATERAL generate_series(date_trunc('month', o.joined_on) + interval '1 month',
                                   CASE WHEN o.donor_id % 18 = 13 THEN timestamp '2024-06-01' ELSE timestamp '2025-06-01' END,
                                   interval '1 month') AS m
WHERE o.donor_id % 6 = 4 AND o.donor_type = 'Individual';

CREATE TABLE volunteers (
    volunteer_id    integer PRIMARY KEY,
    first_name      text NOT NULL,
    last_name       text NOT NULL,
    email           text NOT NULL UNIQUE,
    phone           text NOT NULL,
    city            text NOT NULL,
    date_of_birth   date NOT NULL,
    registered_on   date NOT NULL,
    dbs_checked_on  date,            -- NULL = background (DBS) check not yet done
    is_driver       boolean NOT NULL
);

INSERT INTO volunteers
SELECT v,
       fn[1 + (v * 3) % 20],
       ln[1 + (v * 5 + 2) % 23],
       lower(fn[1 + (v * 3) % 20] || '.' || replace(ln[1 + (v * 5 + 2) % 23], '''', '') || '.vol' || v || '@example.org'),
       '07700 9' || lpad((v * 137 % 100000)::text, 5, '0'),
       city[1 + (v * 5) % 8],
       date '1950-03-01' + (v * 541) % 20000,
       date '2023-01-10' + (v - 1) * 20,
       CASE WHEN v % 7 = 3 THEN NULL
            WHEN date '2023-01-10' + (v - 1) * 20 + 10 + v % 15 > date '2025-06-30' THEN NULL
            ELSE date '2023-01-10' + (v - 1) * 20 + 10 + v % 15 END,
       v % 4 = 0
FROM generate_series(1, 45) AS v,
     (SELECT ARRAY['Alice','Ben','Chad','Diana','Ethan','Farah','Gavin','Helen','Imran','Jade',
                   'Kevin','Laura','Marcus','Nadia','Owen','Paula','Rhys','Sofia','Tariq','Vicky'] AS fn,
             ARRAY['Brown','Taylor','Lincoln','Evans','Khan','Thomas','Roberts','Lewis','Young','Scott',
                   'Morris','Price','Bell','Kaur','Ward','Cox','Bailey','Foster','Gray','Lloyd',
                   'Harper','Nash','Quinn'] AS ln,
             ARRAY['Lincoln','Leeds','York','Sheffield','Nottingham','Hull','Derby','Manchester'] AS city) AS arr;

CREATE TABLE volunteer_shifts (
    shift_id      integer PRIMARY KEY,
    volunteer_id  integer NOT NULL REFERENCES volunteers(volunteer_id),
    campaign_id   integer REFERENCES campaigns(campaign_id),   -- NULL = regular shop/warehouse/office shift, not for a campaign
    shift_role    text NOT NULL CHECK (shift_role IN ('Collector', 'Event Marshal', 'Shop Assistant', 'Warehouse', 'Office Admin')),
    shift_start   timestamp NOT NULL,
    shift_end     timestamp NOT NULL,
    shift_status  text NOT NULL CHECK (shift_status IN ('Completed', 'No-show', 'Scheduled'))
);

INSERT INTO volunteer_shifts
SELECT x.s,
       vo.volunteer_id,
       cp.campaign_id,
       CASE WHEN cp.channel = 'Event' THEN 'Event Marshal'
            WHEN cp.channel = 'Street' THEN 'Collector'
            ELSE (ARRAY['Shop Assistant', 'Warehouse', 'Shop Assistant', 'Office Admin'])[1 + x.s % 4] END,
       x.dt + time '09:00' + (x.s % 4) * interval '1 hour',
       x.dt + time '09:00' + (x.s % 4) * interval '1 hour' + (4 + (x.s * 3) % 7) * interval '30 minutes',
       CASE WHEN x.dt > date '2025-06-30' THEN 'Scheduled'
            WHEN x.s % 23 = 0 THEN 'No-show'
            ELSE 'Completed' END
FROM (
    SELECT s, date '2023-01-15' + ((s * 211) % 925) AS dt
    FROM generate_series(1, 700) AS s
) x
CROSS JOIN LATERAL (
    SELECT y.volunteer_id FROM (
        SELECT vv.volunteer_id, row_number() OVER (ORDER BY vv.volunteer_id) - 1 AS rn, count(*) OVER () AS cnt
        FROM volunteers vv
        WHERE vv.registered_on <= x.dt AND vv.volunteer_id NOT IN (17, 44, 45)
    ) y
    WHERE y.rn = (x.s * 7 + x.s / 13) % y.cnt
) vo
LEFT JOIN LATERAL (
    SELECT c.campaign_id, c.channel
    FROM campaigns c
    WHERE c.channel IN ('Event', 'Street') AND c.start_date <= x.dt AND c.end_date >= x.dt AND x.s % 3 <> 0
    ORDER BY c.campaign_id
    LIMIT 1
) cp ON true;
