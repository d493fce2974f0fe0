-- Law firm practice-management database (Hale Salazar Austin LLP): clients, matters, lawyers, time entries, invoices and payments. Data as of 2025-06-30.

CREATE TABLE clients (
    client_id    integer PRIMARY KEY,
    client_name  text NOT NULL UNIQUE,
    client_type  text NOT NULL CHECK (client_type IN ('Corporate', 'Individual', 'Nonprofit', 'Government')),
    industry     text,                  -- NULL = not applicable (individual clients)
    city         text NOT NULL,
    state        char(2) NOT NULL,
    onboarded_on date NOT NULL,
    is_active    boolean NOT NULL
);

CREATE TABLE lawyers (
    lawyer_id          integer PRIMARY KEY,
    first_name         text NOT NULL,
    last_name          text NOT NULL,
    seniority          text NOT NULL CHECK (seniority IN ('Partner', 'Of Counsel', 'Senior Associate', 'Associate', 'Paralegal')),
    hourly_rate        numeric(7,2) NOT NULL,
    office_city        text NOT NULL CHECK (office_city IN ('Chicago', 'Denver')),
    bar_admission_year integer,         -- NULL = not admitted to the bar (paralegals)
    hired_on           date NOT NULL,
    email              text NOT NULL UNIQUE
);

CREATE TABLE matters (
    matter_id      integer PRIMARY KEY,
    matter_number  text NOT NULL UNIQUE,
    client_id      integer NOT NULL REFERENCES clients(client_id),
    matter_name    text NOT NULL,
    practice_area  text NOT NULL CHECK (practice_area IN ('Litigation', 'Corporate', 'Real Estate', 'Employment', 'Intellectual Property', 'Tax')),
    status         text NOT NULL CHECK (status IN ('Open', 'On Hold', 'Closed')),
    opened_on      date NOT NULL,
    closed_on      date,                -- NULL = not closed yet
    lead_lawyer_id integer NOT NULL REFERENCES lawyers(lawyer_id),
    is_pro_bono    boolean NOT NULL,
    budget_amount  numeric(12,2)        -- NULL = no budget agreed with the client
);

CREATE TABLE matter_staff (
    matter_id integer NOT NULL REFERENCES matters(matter_id),
    lawyer_id integer NOT NULL REFERENCES lawyers(lawyer_id),
    role      text NOT NULL CHECK (role IN ('Lead', 'Associate', 'Paralegal')),
    added_on  date NOT NULL,
    PRIMARY KEY (matter_id, lawyer_id)
);

CREATE TABLE time_entries (
    entry_id      integer PRIMARY KEY,
    matter_id     integer NOT NULL REFERENCES matters(matter_id),
    lawyer_id     integer NOT NULL REFERENCES lawyers(lawyer_id),
    work_date     date NOT NULL,
    hours         numeric(4,2) NOT NULL,
    activity_code text NOT NULL CHECK (activity_code IN ('Research', 'Drafting', 'Meeting', 'Review', 'Court Appearance', 'Correspondence')),
    is_billable   boolean NOT NULL
);

CREATE TABLE invoices (
    invoice_id     integer PRIMARY KEY,
    invoice_number text NOT NULL UNIQUE,
    matter_id      integer NOT NULL REFERENCES matters(matter_id),
    period_start   date NOT NULL,
    period_end     date NOT NULL,
    issued_on      date NOT NULL,
    due_on         date NOT NULL,
    amount         numeric(12,2) NOT NULL,
    status         text NOT NULL CHECK (status IN ('Paid', 'Partially Paid', 'Unpaid', 'Written Off'))
);

CREATE TABLE payments (
    payment_id integer PRIMARY KEY,
    invoice_id integer NOT NULL REFERENCES invoices(invoice_id),
    paid_on    date NOT NULL,
    amount     numeric(12,2) NOT NULL,
    method     text NOT NULL CHECK (method IN ('Wire', 'Check', 'ACH'))
);

INSERT INTO clients VALUES
 (1,  'Lakeshore Dental Group',       'Corporate',  'Healthcare',      'Chicago',   'IL', '2019-04-02', true),
 (2,  'Brightwater Capital LLC',      'Corporate',  'Finance',         'Chicago',   'IL', '2017-09-18', true),
 (3,  'Redfern Manufacturing Inc.',   'Corporate',  'Manufacturing',   'Milwaukee', 'WI', '2016-02-08', true),
 (4,  'Daniel Whitaker',              'Individual', NULL,              'Evanston',  'IL', '2022-11-14', true),
 (5,  'Cobalt Ridge Software',        'Corporate',  'Technology',      'Austin',    'TX', '2021-06-07', true),
 (6,  'Hope Harbor Shelter',          'Nonprofit',  'Social Services', 'Chicago',   'IL', '2020-01-13', true),
 (7,  'City of Boulder',              'Government', 'Public Sector',   'Boulder',   'CO', '2018-05-21', true),
 (8,  'Maria Delgado',                'Individual', NULL,              'Denver',    'CO', '2023-04-24', true),
 (9,  'Summit Peak Breweries',        'Corporate',  'Food & Beverage', 'Denver',    'CO', '2019-10-07', true),
 (10, 'Northgate Properties',         'Corporate',  'Real Estate',     'Madison',   'WI', '2015-03-30', true),
 (11, 'Orion BioLabs',                'Corporate',  'Biotechnology',   'Madison',   'WI', '2020-08-17', true),
 (12, 'Greenfield Farms Co-op',       'Nonprofit',  'Agriculture',     'Madison',   'WI', '2025-03-10', true),
 (13, 'Thomas Nguyen',                'Individual', NULL,              'Chicago',   'IL', '2023-10-16', false),
 (14, 'Prairie Wind Energy',          'Corporate',  'Energy',          'Austin',    'TX', '2022-03-01', true),
 (15, 'Silverline Retail Group',      'Corporate',  'Retail',          'Dallas',    'TX', '2021-01-25', true),
 (16, 'Angela Brooks',                'Individual', NULL,              'Austin',    'TX', '2024-06-17', false),
 (17, 'Meridian Health Partners',     'Corporate',  'Healthcare',      'Denver',    'CO', '2018-12-03', true),
 (18, 'Kestrel Aerospace',            'Corporate',  'Manufacturing',   'Denver',    'CO', '2023-12-11', true),
 (19, 'Rocky Mountain Arts Council',  'Nonprofit',  'Arts',            'Denver',    'CO', '2024-02-12', false),
 (20, 'Pinecrest Hotels',             'Corporate',  'Hospitality',     'Chicago',   'IL', '2017-06-26', true),
 (21, 'Lucas Fernandez',              'Individual', NULL,              'Milwaukee', 'WI', '2024-03-18', true),
 (22, 'Vantage Media Inc.',           'Corporate',  'Media',           'Chicago',   'IL', '2022-07-11', true),
 (23, 'Copperleaf Foods',             'Corporate',  'Food & Beverage', 'Austin',    'TX', '2024-04-29', true),
 (24, 'Lake County Water District',   'Government', 'Public Sector',   'Waukegan',  'IL', '2024-05-27', true),
 (25, 'Harriet Cole',                 'Individual', NULL,              'Chicago',   'IL', '2024-07-22', false),
 (26, 'Bluestem Ventures',            'Corporate',  'Finance',         'Madison',   'WI', '2025-05-20', true),
 (27, 'Oakmont Senior Living',        'Corporate',  'Healthcare',      'Evanston',  'IL', '2021-09-13', false),
 (28, 'Jasper Quinn',                 'Individual', NULL,              'Denver',    'CO', '2025-06-23', true);

INSERT INTO lawyers VALUES
 (1,  'Margaret', 'Hale',    'Partner',          725.00, 'Chicago', 1996, '2005-09-01', 'mhale@halesalazar.com'),
 (2,  'Victor',   'Salazar', 'Partner',          690.00, 'Chicago', 2001, '2008-01-14', 'vsalazar@halesalazar.com'),
 (3,  'Rachel',   'Austin',  'Partner',          650.00, 'Denver',  2004, '2011-03-07', 'raustin@halesalazar.com'),
 (4,  'Jonathan', 'Pike',    'Senior Associate', 485.00, 'Chicago', 2012, '2015-08-31', 'jpike@halesalazar.com'),
 (5,  'Trevor',   'Madison', 'Senior Associate', 470.00, 'Denver',  2013, '2016-09-12', 'tmadison@halesalazar.com'),
 (6,  'Leila',    'Haddad',  'Senior Associate', 495.00, 'Chicago', 2011, '2014-02-03', 'lhaddad@halesalazar.com'),
 (7,  'Kevin',    'Walsh',   'Associate',        340.00, 'Chicago', 2019, '2019-09-09', 'kwalsh@halesalazar.com'),
 (8,  'Priscilla','Tran',    'Associate',        325.00, 'Denver',  2020, '2020-10-05', 'ptran@halesalazar.com'),
 (9,  'Samuel',   'Okoro',   'Associate',        360.00, 'Chicago', 2018, '2018-09-17', 'sokoro@halesalazar.com'),
 (10, 'Nina',     'Petrov',  'Associate',        310.00, 'Chicago', 2022, '2022-09-12', 'npetrov@halesalazar.com'),
 (11, 'Derek',    'Lund',    'Paralegal',        165.00, 'Chicago', NULL, '2016-04-18', 'dlund@halesalazar.com'),
 (12, 'Ana',      'Ruiz',    'Paralegal',        150.00, 'Denver',  NULL, '2021-01-11', 'aruiz@halesalazar.com'),
 (13, 'Colin',    'Becker',  'Associate',        300.00, 'Denver',  2023, '2024-09-03', 'cbecker@halesalazar.com'),
 (14, 'Elise',    'Moreau',  'Of Counsel',       560.00, 'Chicago', 1992, '2025-06-16', 'emoreau@halesalazar.com');

INSERT INTO matters VALUES
 (1,  'M-2023-001', 1,  'Lakeshore Dental Lease Renewal',              'Real Estate',           'Closed',  '2023-01-09', '2023-05-26', 4, false, 45000),
 (2,  'M-2023-002', 2,  'Brightwater Fund III Formation',              'Corporate',             'Closed',  '2023-01-23', '2023-09-29', 1, false, 95000),
 (3,  'M-2023-003', 3,  'Redfern v. Allied Steel',                     'Litigation',            'Closed',  '2023-02-06', '2024-08-16', 2, false, 320000),
 (4,  'M-2023-004', 4,  'Whitaker Estate Plan',                        'Tax',                   'Closed',  '2023-02-20', '2023-04-14', 6, false, NULL),
 (5,  'M-2023-005', 5,  'Cobalt Ridge Patent Portfolio',               'Intellectual Property', 'Closed',  '2023-03-06', '2024-02-09', 3, false, 120000),
 (6,  'M-2023-006', 6,  'Hope Harbor Tenant Advocacy',                 'Real Estate',           'Closed',  '2023-03-20', '2023-11-17', 4, true,  NULL),
 (7,  'M-2023-007', 7,  'Boulder Zoning Appeal',                       'Litigation',            'Closed',  '2023-04-10', '2024-03-22', 3, false, 90000),
 (8,  'M-2023-008', 8,  'Delgado Wrongful Termination',                'Employment',            'Closed',  '2023-05-01', '2024-01-19', 5, false, 80000),
 (9,  'M-2023-009', 9,  'Summit Peak Distribution Agreements',         'Corporate',             'Closed',  '2023-05-22', '2023-10-06', 5, false, 50000),
 (10, 'M-2023-010', 10, 'Northgate Tower Acquisition',                 'Real Estate',           'Closed',  '2023-06-12', '2024-04-26', 1, false, 150000),
 (11, 'M-2023-011', 11, 'Orion BioLabs Trademark Dispute',             'Intellectual Property', 'Closed',  '2023-07-03', '2024-06-28', 3, false, 110000),
 (12, 'M-2023-012', 3,  'Redfern Union Contract Negotiation',          'Employment',            'Closed',  '2023-08-14', '2024-02-23', 6, false, 75000),
 (13, 'M-2023-013', 14, 'Prairie Wind Tax Credit Review',              'Tax',                   'Closed',  '2023-09-05', '2024-01-12', 6, false, 35000),
 (14, 'M-2023-014', 15, 'Silverline Vendor Litigation',                'Litigation',            'Open',    '2023-10-02', NULL,         2, false, 300000),
 (15, 'M-2023-015', 13, 'Nguyen Non-Compete Review',                   'Employment',            'Closed',  '2023-10-23', '2024-05-10', 5, false, 65000),
 (16, 'M-2023-016', 17, 'Meridian Clinic Merger',                      'Corporate',             'Closed',  '2023-11-13', '2024-09-27', 1, false, 200000),
 (17, 'M-2023-017', 9,  'Summit Peak Label Design Dispute',            'Intellectual Property', 'On Hold', '2023-12-04', NULL,         3, false, 20000),
 (18, 'M-2024-001', 18, 'Kestrel Export Controls Review',              'Corporate',             'Closed',  '2024-01-08', '2024-07-19', 2, false, 75000),
 (19, 'M-2024-002', 1,  'Lakeshore Dental Employee Handbook',          'Employment',            'Closed',  '2024-01-22', '2024-04-05', 5, false, 20000),
 (20, 'M-2024-003', 5,  'Cobalt Ridge v. Quantix Patent Infringement', 'Intellectual Property', 'Open',    '2024-02-05', NULL,         3, false, 400000),
 (21, 'M-2024-004', 19, 'Arts Council Grant Compliance',               'Corporate',             'Closed',  '2024-02-26', '2024-06-14', 6, true,  NULL),
 (22, 'M-2024-005', 20, 'Pinecrest Hotel Refinancing',                 'Real Estate',           'Closed',  '2024-03-11', '2024-11-22', 1, false, 110000),
 (23, 'M-2024-006', 21, 'Fernandez Personal Injury Claim',             'Litigation',            'On Hold', '2024-03-25', NULL,         4, false, 50000),
 (24, 'M-2024-007', 22, 'Vantage Media Copyright Licensing',           'Intellectual Property', 'Closed',  '2024-04-15', '2024-10-11', 6, false, 60000),
 (25, 'M-2024-008', 23, 'Copperleaf Acquisition of Sunnyvale Bakery',  'Corporate',             'Open',    '2024-05-06', NULL,         1, false, 200000),
 (26, 'M-2024-009', 9,  'Summit Peak Trademark Registration',          'Intellectual Property', 'Closed',  '2024-05-20', '2024-09-13', 5, false, 8000),
 (27, 'M-2024-010', 24, 'Lake County Water Rights',                    'Litigation',            'Open',    '2024-06-10', NULL,         2, false, NULL),
 (28, 'M-2024-011', 16, 'Brooks Home Purchase Dispute',                'Litigation',            'Closed',  '2024-06-24', '2025-01-31', 3, false, 85000),
 (29, 'M-2024-012', 2,  'Brightwater Fund IV Formation',               'Corporate',             'Open',    '2024-07-15', NULL,         1, false, 110000),
 (30, 'M-2024-013', 25, 'Cole Estate Tax Planning',                    'Tax',                   'Closed',  '2024-07-29', '2024-12-13', 6, false, 45000),
 (31, 'M-2024-014', 11, 'Orion BioLabs Licensing Deal',                'Intellectual Property', 'Open',    '2024-08-19', NULL,         3, false, 75000),
 (32, 'M-2024-015', 6,  'Hope Harbor Employment Policies',             'Employment',            'Closed',  '2024-09-09', '2024-12-20', 5, true,  NULL),
 (33, 'M-2024-016', 10, 'Northgate Lakeside Development',              'Real Estate',           'Open',    '2024-09-23', NULL,         4, false, 220000),
 (34, 'M-2024-017', 14, 'Prairie Wind IRS Audit',                      'Tax',                   'Open',    '2024-10-14', NULL,         6, false, 60000),
 (35, 'M-2024-018', 17, 'Meridian Nurse Overtime Class Action',        'Employment',            'Open',    '2024-11-04', NULL,         2, false, 350000),
 (36, 'M-2024-019', 3,  'Redfern Plant Expansion Permits',             'Real Estate',           'On Hold', '2024-11-18', NULL,         4, false, 50000),
 (37, 'M-2024-020', 7,  'Boulder Open Records Dispute',                'Litigation',            'Closed',  '2024-12-02', '2025-04-18', 3, false, 25000),
 (38, 'M-2025-001', 15, 'Silverline Store Lease Portfolio',            'Real Estate',           'Open',    '2025-01-13', NULL,         1, false, 70000),
 (39, 'M-2025-002', 18, 'Kestrel Supplier Contract Dispute',           'Litigation',            'Open',    '2025-01-27', NULL,         2, false, 160000),
 (40, 'M-2025-003', 8,  'Delgado Severance Review',                    'Employment',            'Closed',  '2025-02-10', '2025-03-28', 5, false, 5000),
 (41, 'M-2025-004', 5,  'Cobalt Ridge Series B Financing',             'Corporate',             'Open',    '2025-03-03', NULL,         1, false, 120000),
 (42, 'M-2025-005', 12, 'Greenfield Co-op Bylaws Revision',            'Corporate',             'Open',    '2025-03-17', NULL,         6, true,  NULL),
 (43, 'M-2025-006', 22, 'Vantage Media Defamation Defense',            'Litigation',            'Open',    '2025-04-07', NULL,         3, false, 140000),
 (44, 'M-2025-007', 20, 'Pinecrest Franchise Agreements',              'Corporate',             'Open',    '2025-04-21', NULL,         4, false, 55000),
 (45, 'M-2025-008', 11, 'Orion BioLabs Tax Structuring',               'Tax',                   'Open',    '2025-05-05', NULL,         6, false, 45000),
 (46, 'M-2025-009', 23, 'Copperleaf Wage and Hour Audit',              'Employment',            'Open',    '2025-05-19', NULL,         5, false, 30000),
 (47, 'M-2025-010', 4,  'Whitaker Trust Amendment',                    'Tax',                   'Open',    '2025-06-09', NULL,         6, false, NULL);

-- Staff: the lead, one associate chosen by matter number pattern, and a paralegal on every third matter.
INSERT INTO matter_staff
SELECT m.matter_id, m.lead_lawyer_id, 'Lead', m.opened_on FROM matters m;

INSERT INTO matter_staff
SELECT m.matter_id,
       CASE m.matter_id % 4
            WHEN 0 THEN 7
            WHEN 1 THEN CASE WHEN m.opened_on >= date '2024-09-03' THEN 13 ELSE 8 END
            WHEN 2 THEN 9
            ELSE 10 END,
       'Associate', m.opened_on
FROM matters m;

INSERT INTO matter_staff
SELECT m.matter_id, CASE WHEN m.matter_id % 2 = 1 THEN 11 ELSE 12 END, 'Paralegal', m.opened_on + 14
FROM matters m
WHERE m.matter_id % 3 = 0;

-- Extra associates on the large matters.
INSERT INTO matter_staff VALUES
 (3,  4, 'Associate', '2023-06-05'),
 (14, 6, 'Associate', '2024-01-08'),
 (20, 5, 'Associate', '2024-03-04'),
 (35, 5, 'Associate', '2024-11-04'),
 (25, 6, 'Associate', '2024-06-03');

-- Time entries: associates weekly, leads and paralegals every second week, from the day they were added until the
-- matter closed (or, for matters on hold, 150 days after opening), up to 2025-06-30.
INSERT INTO time_entries (entry_id, matter_id, lawyer_id, work_date, hours, activity_code, is_billable)
SELECT row_number() OVER (ORDER BY x.work_date, x.matter_id, x.lawyer_id),
       x.matter_id, x.lawyer_id, x.work_date,
       ((x.matter_id * 7 + x.k * 5 + x.lawyer_id * 3) % 14 + 1) * 0.5,
       CASE (x.k + x.lawyer_id) % 6
            WHEN 0 THEN 'Research'
            WHEN 1 THEN 'Drafting'
            WHEN 2 THEN 'Meeting'
            WHEN 3 THEN 'Review'
            WHEN 4 THEN CASE WHEN x.practice_area IN ('Litigation', 'Employment') AND x.role <> 'Paralegal' THEN 'Court Appearance' ELSE 'Drafting' END
            ELSE 'Correspondence' END,
       NOT x.is_pro_bono AND (x.matter_id + x.k * 2 + x.lawyer_id) % 11 <> 0
FROM (
    SELECT s.matter_id, s.lawyer_id, s.role, m.practice_area, m.is_pro_bono, g.k,
           CASE extract(isodow FROM s.added_on + s.lawyer_id % 5 + 7 * g.k)
                WHEN 6 THEN s.added_on + s.lawyer_id % 5 + 7 * g.k + 2
                WHEN 7 THEN s.added_on + s.lawyer_id % 5 + 7 * g.k + 1
                ELSE s.added_on + s.lawyer_id % 5 + 7 * g.k END AS work_date,
           coalesce(m.closed_on, CASE WHEN m.status = 'On Hold' THEN m.opened_on + 150 END, date '2025-06-30') AS last_day
    FROM matter_staff s
    JOIN matters m ON m.matter_id = s.matter_id
    CROSS JOIN generate_series(0, 130) AS g(k)
    WHERE s.role = 'Associate' OR g.k % 2 = 0
) x
WHERE x.work_date <= x.last_day
  AND x.work_date <= date '2025-06-30';

-- Invoices: one per non-pro-bono matter per calendar quarter with billable time, at the lawyers' hourly rates,
-- issued 10 days after quarter end (quarters up to Q1 2025 are invoiced).
INSERT INTO invoices (invoice_id, invoice_number, matter_id, period_start, period_end, issued_on, due_on, amount, status)
SELECT row_number() OVER (ORDER BY q.qstart, q.matter_id),
       'INV-' || to_char(q.qstart, 'YYYY') || 'Q' || extract(quarter FROM q.qstart) || '-' || lpad(q.matter_id::text, 3, '0'),
       q.matter_id, q.qstart, (q.qstart + interval '3 months')::date - 1,
       (q.qstart + interval '3 months')::date + 9,
       (q.qstart + interval '3 months')::date + 39,
       q.amount, 'Unpaid'
FROM (
    SELECT t.matter_id, date_trunc('quarter', t.work_date)::date AS qstart, sum(t.hours * l.hourly_rate) AS amount
    FROM time_entries t
    JOIN lawyers l ON l.lawyer_id = t.lawyer_id
    JOIN matters m ON m.matter_id = t.matter_id
    WHERE t.is_billable AND NOT m.is_pro_bono AND t.work_date < date '2025-04-01'
    GROUP BY t.matter_id, date_trunc('quarter', t.work_date)
) q;

-- Payments: most invoices paid in full; every 12th unpaid, some partly paid, some paid in two instalments.
INSERT INTO payments (payment_id, invoice_id, paid_on, amount, method)
SELECT row_number() OVER (ORDER BY p.paid_on, p.invoice_id, p.amount), p.invoice_id, p.paid_on, p.amount,
       CASE p.invoice_id % 3 WHEN 0 THEN 'Wire' WHEN 1 THEN 'ACH' ELSE 'Check' END
FROM (
    SELECT i.invoice_id, i.issued_on + 14 + (i.invoice_id * 7) % 40 AS paid_on, i.amount
    FROM invoices i WHERE i.invoice_id % 12 NOT IN (0, 5, 9)
    UNION ALL
    SELECT i.invoice_id, i.issued_on + 25, round(i.amount * 0.6, 2)
    FROM invoices i WHERE i.invoice_id % 12 = 5
    UNION ALL
    SELECT i.invoice_id, i.issued_on + 20, round(i.amount / 2, 2)
    FROM invoices i WHERE i.invoice_id % 12 = 9
    UNION ALL
    SELECT i.invoice_id, i.issued_on + 55, i.amount - round(i.amount / 2, 2)
    FROM invoices i WHERE i.invoice_id % 12 = 9
) p
WHERE p.paid_on <= date '2025-06-30';

UPDATE invoices i
SET status = CASE
        WHEN coalesce(p.paid, 0) >= i.amount THEN 'Paid'
        WHEN coalesce(p.paid, 0) > 0 THEN 'Partially Paid'
        WHEN i.issued_on < date '2024-07-01' THEN 'Written Off'
        ELSE 'Unpaid' END
FROM (SELECT i2.invoice_id, (SELECT sum(amount) FROM payments pp WHERE pp.invoice_id = i2.invoice_id) AS paid
      FROM invoices i2) p
WHERE p.invoice_id = i.invoice_id;
