-- Construction firm: projects, contractors, contracts, site inspections, material purchases.
-- Data as of 2025-12-31. Deterministic (no random()).

CREATE TABLE projects (
    project_id       integer PRIMARY KEY,
    project_name     text NOT NULL,
    client_name      text NOT NULL,
    city             text NOT NULL,
    project_type     text NOT NULL,
    budget           numeric(14,2) NOT NULL,
    start_date       date NOT NULL,
    planned_end_date date NOT NULL,
    actual_end_date  date,
    status           text NOT NULL
);

CREATE TABLE contractors (
    contractor_id integer PRIMARY KEY,
    company_name  text NOT NULL,
    trade         text NOT NULL,
    city          text NOT NULL,
    phone         text
);

CREATE TABLE contracts (
    contract_id    integer PRIMARY KEY,
    project_id     integer NOT NULL REFERENCES projects(project_id),
    contractor_id  integer NOT NULL REFERENCES contractors(contractor_id),
    contract_value numeric(14,2) NOT NULL,
    signed_date    date NOT NULL,
    UNIQUE (project_id, contractor_id)
);

CREATE TABLE inspections (
    inspection_id   integer PRIMARY KEY,
    project_id      integer NOT NULL REFERENCES projects(project_id),
    inspection_date date NOT NULL,
    inspection_type text NOT NULL,
    inspector_name  text NOT NULL,
    result          text NOT NULL,
    notes           text
);

CREATE TABLE material_purchases (
    purchase_id   integer PRIMARY KEY,
    project_id    integer NOT NULL REFERENCES projects(project_id),
    supplier_name text NOT NULL,
    material      text NOT NULL,
    quantity      numeric(12,2) NOT NULL,
    unit          text NOT NULL,
    unit_cost     numeric(12,2) NOT NULL,
    total_cost    numeric(14,2) NOT NULL,
    purchase_date date NOT NULL
);

INSERT INTO projects
SELECT i,
       (ARRAY['Riverside','Oakmont','Harbor','Northgate','Sunset','Cedar','Elm Street','Highland','Lakeview','Westfield'])[(i-1)%10+1]
       || ' ' || (ARRAY['Tower','Plaza','School','Bridge'])[(i-1)/10+1],
       (ARRAY['Brookfield Council','Vantage Properties','Greenleaf Housing','Stonebridge Supply','Metro Transit Authority','Orion Retail Group','St. Mary Hospital Trust'])[(i*3) % 7 + 1],
       (ARRAY['Brookfield','Millbrook','Ashton','Riverside','Kingsport'])[(i*2 + i/5) % 5 + 1],
       (ARRAY['Residential','Commercial','Public','Infrastructure'])[(i-1)/10+1],
       (1500000 + (i*379) % 23 * 250000)::numeric,
       date '2022-03-01' + (i*41) % 1370,
       date '2022-03-01' + (i*41) % 1370 + 180 + (i*23) % 400,
       NULL,
       ''
FROM generate_series(1,40) i;

UPDATE projects SET status = CASE
    WHEN project_id IN (13, 26) THEN 'cancelled'
    WHEN start_date > date '2025-10-01' THEN 'planned'
    WHEN project_id % 7 = 0 THEN 'on_hold'
    WHEN planned_end_date < date '2025-09-30' THEN 'completed'
    ELSE 'in_progress' END;
UPDATE projects SET actual_end_date = planned_end_date + ((project_id*11) % 90 - 20)
WHERE status = 'completed';
UPDATE projects SET actual_end_date = NULL, status = 'in_progress'
WHERE status = 'completed' AND actual_end_date > date '2025-12-31';

INSERT INTO contractors VALUES
 (1,  'Brightline Electric',     'Electrical',  'Brookfield', '555-0101'),
 (2,  'Volt & Sons',             'Electrical',  'Millbrook',  '555-0102'),
 (3,  'Clearflow Plumbing',      'Plumbing',    'Ashton',     NULL),
 (4,  'Pipeworks Ltd',           'Plumbing',    'Kingsport',  '555-0104'),
 (5,  'Northline Concrete',      'Concrete',    'Brookfield', '555-0105'),
 (6,  'Solid Base Foundations',  'Concrete',    'Riverside',  '555-0106'),
 (7,  'Topside Roofing',         'Roofing',     'Millbrook',  NULL),
 (8,  'Summit Roof Co',          'Roofing',     'Ashton',     '555-0108'),
 (9,  'AirCare HVAC',            'HVAC',        'Kingsport',  '555-0109'),
 (10, 'Climate Masters',         'HVAC',        'Brookfield', '555-0110'),
 (11, 'Oak & Pine Carpentry',    'Carpentry',   'Riverside',  '555-0111'),
 (12, 'Framecraft',              'Carpentry',   'Millbrook',  '555-0112'),
 (13, 'Ironclad Steel',          'Steel',       'Ashton',     '555-0113'),
 (14, 'Beamline Structures',     'Steel',       'Kingsport',  NULL),
 (15, 'Greenscape Landscaping',  'Landscaping', 'Brookfield', '555-0115'),
 (16, 'Fresh Coat Painters',     'Painting',    'Riverside',  '555-0116'),
 (17, 'ColorWorks',              'Painting',    'Millbrook',  '555-0117'),
 (18, 'Glassview Glazing',       'Glazing',     'Ashton',     '555-0118'),
 (19, 'Sparks Electrical',       'Electrical',  'Riverside',  NULL),
 (20, 'Deepdig Excavation',      'Excavation',  'Kingsport',  '555-0120'),
 (21, 'Earthmovers Inc',         'Excavation',  'Brookfield', '555-0121'),
 (22, 'Drywall Pros',            'Drywall',     'Millbrook',  '555-0122'),
 (23, 'Stonebridge Supply',      'Masonry',     'Ashton',     '555-0123'),
 (24, 'Tilemark Flooring',       'Flooring',    'Kingsport',  '555-0124'),
 (25, 'Westwind Scaffolding',    'Scaffolding', 'Riverside',  '555-0125');

-- contracts for every project that has started (not 'planned'); contractor 25 never gets one
INSERT INTO contracts
SELECT row_number() OVER (ORDER BY p.project_id, k),
       p.project_id,
       ((p.project_id*7 + k*5) % 24) + 1,
       (p.budget * (0.04 + ((p.project_id + k) % 7) * 0.015) + p.project_id * 130 + k * 17)::numeric(14,2),
       p.start_date - k*3
FROM projects p CROSS JOIN generate_series(1,6) k
WHERE p.status <> 'planned' AND k <= 3 + p.project_id % 4;

-- inspections every 45 days from start, up to end of project (or 2025-12-31); project 9 has none
INSERT INTO inspections
SELECT row_number() OVER (ORDER BY p.project_id, k),
       p.project_id,
       p.start_date + k*45,
       (ARRAY['Foundation','Framing','Electrical','Plumbing','Fire Safety','Final'])[LEAST(k,6)],
       (ARRAY['Dana Reyes','Tom Becker','Priya Shah','Luis Ortega','Helen Park'])[(p.project_id + k) % 5 + 1],
       CASE WHEN (p.project_id * k) % 5 = 0 THEN 'fail' ELSE 'pass' END,
       NULL
FROM projects p CROSS JOIN generate_series(1,8) k
WHERE p.status <> 'planned' AND p.project_id <> 9
  AND k <= 2 + p.project_id % 5
  AND p.start_date + k*45 <= COALESCE(p.actual_end_date, date '2025-12-31');

UPDATE inspections SET notes = CASE inspection_type
    WHEN 'Foundation' THEN 'Rebar spacing out of tolerance'
    WHEN 'Framing' THEN 'Missing hurricane ties'
    WHEN 'Electrical' THEN 'Ungrounded outlets'
    WHEN 'Plumbing' THEN 'Leak at pressure test'
    WHEN 'Fire Safety' THEN 'Fire doors not self-closing'
    ELSE 'Punch list incomplete' END
WHERE result = 'fail';
UPDATE inspections SET notes = 'Minor remarks' WHERE result = 'pass' AND inspection_id % 6 = 0;

-- material purchases
INSERT INTO material_purchases
SELECT row_number() OVER (ORDER BY p.project_id, k),
       p.project_id,
       CASE m.material
         WHEN 'Concrete' THEN (ARRAY['Northline Concrete','Stonebridge Supply','Apex Building Supply'])[k % 3 + 1]
         WHEN 'Rebar' THEN (ARRAY['Ironclad Steel','Apex Building Supply'])[k % 2 + 1]
         WHEN 'Lumber' THEN (ARRAY['Timberland Yards','Apex Building Supply'])[k % 2 + 1]
         WHEN 'Copper Pipe' THEN 'Coastal Plumbing Wholesale'
         WHEN 'Wiring' THEN 'Delta Electrical Supply'
         ELSE (ARRAY['Apex Building Supply','Stonebridge Supply','Timberland Yards'])[k % 3 + 1] END,
       m.material,
       m.qty,
       m.unit,
       m.unit_cost,
       m.qty * m.unit_cost,
       p.start_date + (k*17 + p.project_id) % GREATEST(COALESCE(p.actual_end_date, date '2025-12-31') - p.start_date, 1)
FROM projects p
CROSS JOIN generate_series(1,22) k
CROSS JOIN LATERAL (
  SELECT (ARRAY['Concrete','Rebar','Lumber','Drywall','Copper Pipe','Wiring','Roofing Shingles','Glass'])[(k*3 + p.project_id) % 8 + 1] AS material,
         (10 + (k*p.project_id*7) % 90)::numeric AS qty,
         (ARRAY['m3','tonne','m3','sheet','m','m','bundle','m2'])[(k*3 + p.project_id) % 8 + 1] AS unit,
         (ARRAY[145.00, 820.00, 410.00, 12.50, 9.80, 2.40, 36.00, 95.00])[(k*3 + p.project_id) % 8 + 1]
           + ((k + p.project_id) % 5) AS unit_cost
) m
WHERE p.status <> 'planned' AND k <= 8 + p.project_id % 15;
