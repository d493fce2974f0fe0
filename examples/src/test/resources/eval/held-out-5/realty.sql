-- realty: a made-up real-estate agency with five offices in Portugal.
-- Data is as of 2025-06-30. All rows are deterministic (generate_series and fixed arithmetic, no random()).
-- A property is sold when sold_on is set; each sold property has exactly one row in sales (sale_date = sold_on).

CREATE TABLE offices (
  office_id  integer PRIMARY KEY,
  name       text NOT NULL,
  city       text NOT NULL,
  opened_on  date NOT NULL
);

CREATE TABLE agents (
  agent_id   integer PRIMARY KEY,
  office_id  integer NOT NULL REFERENCES offices(office_id),
  first_name text NOT NULL,
  last_name  text NOT NULL,
  hire_date  date NOT NULL,
  is_senior  boolean NOT NULL
);

CREATE TABLE clients (
  client_id  integer PRIMARY KEY,
  full_name  text NOT NULL,
  city       text NOT NULL,
  budget     numeric(12,2)          -- NULL when the client gave no budget
);

CREATE TABLE properties (
  property_id      integer PRIMARY KEY,
  listing_agent_id integer NOT NULL REFERENCES agents(agent_id),
  city             text NOT NULL,
  district         text NOT NULL,
  property_type    text NOT NULL,   -- apartment, house, studio, townhouse
  bedrooms         integer NOT NULL,
  area_m2          integer NOT NULL,
  asking_price     numeric(12,2) NOT NULL,
  listed_on        date NOT NULL,
  sold_on          date             -- NULL while unsold
);

CREATE TABLE viewings (
  viewing_id  integer PRIMARY KEY,
  property_id integer NOT NULL REFERENCES properties(property_id),
  agent_id    integer NOT NULL REFERENCES agents(agent_id),
  client_id   integer NOT NULL REFERENCES clients(client_id),
  viewed_on   date NOT NULL
);

CREATE TABLE sales (
  sale_id          integer PRIMARY KEY,
  property_id      integer NOT NULL UNIQUE REFERENCES properties(property_id),
  buyer_id         integer NOT NULL REFERENCES clients(client_id),
  selling_agent_id integer NOT NULL REFERENCES agents(agent_id),
  price            numeric(12,2) NOT NULL,
  sale_date        date NOT NULL
);

INSERT INTO offices VALUES
  (1, 'Lisbon Central', 'Lisbon',  '2015-03-01'),
  (2, 'Porto Ribeira',  'Porto',   '2016-09-15'),
  (3, 'Faro Marina',    'Faro',    '2018-05-02'),
  (4, 'Braga Norte',    'Braga',   '2019-01-10'),
  (5, 'Coimbra Alta',   'Coimbra', '2021-06-01');

-- agent k works at office ((k-1) % 5) + 1
INSERT INTO agents VALUES
  ( 1, 1, 'Ana',      'Silva',     '2016-02-01', true),
  ( 2, 2, 'Bruno',    'Costa',     '2017-04-10', true),
  ( 3, 3, 'Carla',    'Mendes',    '2018-06-01', true),
  ( 4, 4, 'Diogo',    'Ferreira',  '2019-03-18', true),
  ( 5, 5, 'Elena',    'Rocha',     '2021-07-01', true),
  ( 6, 1, 'Filipe',   'Santos',    '2019-09-02', false),
  ( 7, 2, 'Gabriela', 'Pereira',   '2020-01-13', true),
  ( 8, 3, 'Hugo',     'Almeida',   '2021-02-22', false),
  ( 9, 4, 'Ines',     'Carvalho',  '2021-10-04', false),
  (10, 5, 'Joao',     'Ribeiro',   '2022-03-07', false),
  (11, 1, 'Lucia',    'Martins',   '2022-05-16', true),
  (12, 2, 'Miguel',   'Sousa',     '2022-08-29', false),
  (13, 3, 'Nuno',     'Gomes',     '2023-01-09', false),
  (14, 4, 'Olivia',   'Lopes',     '2023-04-03', false),
  (15, 5, 'Pedro',    'Marques',   '2023-06-19', false),
  (16, 1, 'Rita',     'Alves',     '2023-09-11', false),
  (17, 2, 'Sofia',    'Teixeira',  '2024-01-08', false),
  (18, 3, 'Tiago',    'Moreira',   '2024-03-04', false),
  (19, 4, 'Vera',     'Pinto',     '2024-06-17', false),
  (20, 5, 'Rui',      'Cardoso',   '2024-09-02', false);

-- 160 clients; clients 151-160 never view a property. Cities overlap office cities on purpose.
INSERT INTO clients
SELECT i,
       (ARRAY['Andre','Beatriz','Carlos','Daniela','Eduardo','Fatima','Goncalo','Helena','Ivo','Joana',
              'Leonor','Marco','Noemia','Paulo','Raquel','Sara'])[((i - 1) % 16) + 1]
       || ' ' ||
       (ARRAY['Azevedo','Barros','Cunha','Dias','Esteves','Fonseca','Garcia','Henriques','Lima','Nunes'])[((i - 1) / 16) + 1],
       (ARRAY['Lisbon','Porto','Faro','Braga','Coimbra','Setubal','Aveiro','Madrid'])[(i % 8) + 1],
       CASE WHEN i % 9 = 0 THEN NULL ELSE 150000 + ((i * 37) % 40) * 10000 END
FROM generate_series(1, 160) AS i;
-- one client shares a full name with an agent
UPDATE clients SET full_name = 'Rita Alves' WHERE client_id = 77;

-- 240 properties; property i is in the city of office ((i % 5) + 1), listed by an agent of that office.
INSERT INTO properties
SELECT i,
       ((i % 5) + 1) + 5 * ((i / 5) % 4),
       (ARRAY['Lisbon','Porto','Faro','Braga','Coimbra'])[(i % 5) + 1],
       CASE (i % 5) + 1
         WHEN 1 THEN (ARRAY['Alfama','Belem','Chiado','Parque das Nacoes'])[((i / 5) % 4) + 1]
         WHEN 2 THEN (ARRAY['Ribeira','Boavista','Foz','Bonfim'])[((i / 5) % 4) + 1]
         WHEN 3 THEN (ARRAY['Se','Montenegro','Gambelas','Marina'])[((i / 5) % 4) + 1]
         WHEN 4 THEN (ARRAY['Se','Maximinos','Gualtar','Lamacaes'])[((i / 5) % 4) + 1]
         ELSE        (ARRAY['Baixa','Alta','Solum','Celas'])[((i / 5) % 4) + 1]
       END,
       t.ptype,
       t.beds,
       t.area,
       t.area * (ARRAY[5200, 3900, 3600, 2300, 2500])[(i % 5) + 1] + (i % 7) * 1500,
       date '2023-01-02' + (i * 37) % 880,
       NULL
FROM generate_series(1, 240) AS i
CROSS JOIN LATERAL (
  SELECT p.ptype,
         CASE p.ptype WHEN 'studio' THEN 0
                      WHEN 'apartment' THEN 1 + (i % 3)
                      WHEN 'townhouse' THEN 2 + (i % 2)
                      ELSE 3 + (i % 3) END AS beds,
         CASE p.ptype WHEN 'studio' THEN 28 + (i % 12)
                      WHEN 'apartment' THEN 55 + (i % 3) * 25 + (i % 10)
                      WHEN 'townhouse' THEN 110 + (i % 30)
                      ELSE 150 + (i % 5) * 30 + (i % 11) END AS area
  FROM (SELECT (ARRAY['apartment','apartment','house','studio','apartment','townhouse','house'])[(i % 7) + 1] AS ptype) p
) t;

-- two of every three properties sell if the sale date falls before 2025-06-30
UPDATE properties
SET sold_on = listed_on + 20 + (property_id * 7) % 90
WHERE property_id % 3 <> 0
  AND listed_on + 20 + (property_id * 7) % 90 <= date '2025-06-30';

-- sales: selling agent is the listing agent, except every fourth sale goes to the office's senior agent (agent = office id)
INSERT INTO sales
SELECT row_number() OVER (ORDER BY p.property_id),
       p.property_id,
       ((p.property_id * 13) % 150) + 1,
       CASE WHEN p.property_id % 4 = 0 THEN (p.property_id % 5) + 1 ELSE p.listing_agent_id END,
       p.asking_price * (92 + p.property_id % 9) / 100,
       p.sold_on
FROM properties p
WHERE p.sold_on IS NOT NULL;

-- viewings: 1 to 5 per property, every six days after listing, never after the sale or 2025-06-30.
-- the first viewing of each property is by the client who later buys it (if sold).
INSERT INTO viewings
SELECT row_number() OVER (ORDER BY p.property_id, g),
       p.property_id,
       CASE WHEN g % 2 = 0 THEN (p.property_id % 5) + 1 + 5 * ((p.property_id / 5 + g) % 4) ELSE p.listing_agent_id END,
       CASE WHEN g = 1 THEN ((p.property_id * 13) % 150) + 1
            ELSE ((p.property_id * 7 + g * 11) % 150) + 1 END,
       p.listed_on + g * 6
FROM properties p
CROSS JOIN generate_series(1, 5) AS g
WHERE g <= 1 + (p.property_id + p.property_id / 7) % 5
  AND p.listed_on + g * 6 <= LEAST(COALESCE(p.sold_on, date '2025-06-30'), date '2025-06-30');
