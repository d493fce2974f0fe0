-- Mobile veterinary service: vets drive vans to clients' homes and farms. Data as of 2025-06-30.
CREATE TABLE vets (
  vet_id      integer PRIMARY KEY,
  full_name   text NOT NULL,
  specialty   text NOT NULL,          -- general, surgery, dentistry, equine
  hire_date   date NOT NULL,
  leave_date  date,                   -- NULL = still employed
  hourly_rate numeric(8,2) NOT NULL
);

CREATE TABLE vans (
  van_id        integer PRIMARY KEY,
  plate_number  text NOT NULL UNIQUE,
  model         text NOT NULL,
  purchase_date date NOT NULL,
  has_xray      boolean NOT NULL
);

CREATE TABLE clients (
  client_id   integer PRIMARY KEY,
  first_name  text NOT NULL,
  last_name   text NOT NULL,
  town        text NOT NULL,
  phone       text NOT NULL,
  email       text,                   -- NULL = client gave no email address
  signup_date date NOT NULL
);

CREATE TABLE pets (
  pet_id      integer PRIMARY KEY,
  client_id   integer NOT NULL REFERENCES clients(client_id),
  pet_name    text NOT NULL,
  species     text NOT NULL,          -- dog, cat, rabbit, horse, bird
  breed       text,                   -- NULL = mixed or unknown breed
  birth_date  date,                   -- NULL = birth date unknown (rescues)
  weight_kg   numeric(6,1) NOT NULL,
  is_neutered boolean NOT NULL
);

CREATE TABLE treatments (
  treatment_id   integer PRIMARY KEY,
  treatment_name text NOT NULL,
  category       text NOT NULL,       -- vaccination, medication, diagnostic, procedure
  unit_price     numeric(8,2) NOT NULL
);

CREATE TABLE visits (
  visit_id    integer PRIMARY KEY,
  pet_id      integer NOT NULL REFERENCES pets(pet_id),
  vet_id      integer NOT NULL REFERENCES vets(vet_id),
  van_id      integer NOT NULL REFERENCES vans(van_id),
  booked_on   date NOT NULL,
  visit_date  date NOT NULL,
  visit_type  text NOT NULL,          -- checkup, vaccination, dental, emergency, surgery
  status      text NOT NULL,          -- completed, cancelled, no_show, scheduled
  fee         numeric(8,2),           -- call-out fee charged; NULL unless completed
  paid        boolean NOT NULL        -- true once the invoice was paid
);

CREATE TABLE visit_treatments (
  visit_id     integer NOT NULL REFERENCES visits(visit_id),
  treatment_id integer NOT NULL REFERENCES treatments(treatment_id),
  quantity     integer NOT NULL,
  PRIMARY KEY (visit_id, treatment_id)
);

INSERT INTO vets VALUES
 (1, 'Dr. Hannah Whitfield', 'general',   '2019-03-01', NULL,         62.00),
 (2, 'Dr. Omar Castillo',    'surgery',   '2019-09-16', NULL,         85.00),
 (3, 'Dr. Priya Nair',       'dentistry', '2020-05-04', NULL,         74.50),
 (4, 'Dr. Gareth Lloyd',     'equine',    '2020-11-02', '2025-05-31', 78.00),
 (5, 'Dr. Sophie Brennan',   'general',   '2021-01-04', NULL,         60.00),
 (6, 'Dr. Felix Moreau',     'general',   '2025-06-02', NULL,         58.00);

INSERT INTO vans VALUES
 (1, 'PN19 VET', 'Ford Transit',     '2019-02-20', true),
 (2, 'PN20 KLM', 'Mercedes Sprinter','2020-10-12', true),
 (3, 'PN21 RSX', 'Ford Transit',     '2020-12-15', false),
 (4, 'PN25 NEW', 'Renault Master',   '2025-06-20', false);

INSERT INTO clients (client_id, first_name, last_name, town, phone, email, signup_date)
SELECT c,
  (ARRAY['Emma','Jack','Olivia','Harry','Amelia','George','Isla','Noah','Ava','Leo','Mia','Oscar','Grace','Arthur','Lily','Henry','Freya'])[1 + (c*5) % 17],
  (ARRAY['Smith','Jones','Taylor','Preston','Walker','Wright','Hughes','Clarke','Hall','Ward','Morris','Lee','Bennett'])[1 + (c*3) % 13],
  (ARRAY['Preston','Chorley','Leyland','Garstang','Longridge','Kirkham'])[1 + (c*7) % 6],
  '01772 ' || lpad(((c*7919) % 900000 + 100000)::text, 6, '0'),
  CASE WHEN c % 9 = 0 THEN NULL ELSE 'client' || c || '@example.com' END,
  date '2020-06-01' + c*13
FROM generate_series(1,120) c;

INSERT INTO pets (pet_id, client_id, pet_name, species, breed, birth_date, weight_kg, is_neutered)
SELECT p,
  ((p*7) % 110) + 1,
  (ARRAY['Bella','Max','Luna','Charlie','Daisy','Milo','Poppy','Teddy','Rosie','Bailey','Coco','Alfie','Willow','Ruby','Buster','Pepper','Jasper','Honey','Maple'])[1 + (p*11) % 19],
  sp,
  CASE
    WHEN sp IN ('dog','cat') AND p % 6 = 0 THEN NULL
    WHEN sp = 'dog'    THEN (ARRAY['Labrador','Border Collie','Cocker Spaniel','Beagle','Dachshund'])[1 + p % 5]
    WHEN sp = 'cat'    THEN (ARRAY['British Shorthair','Siamese','Maine Coon'])[1 + p % 3]
    WHEN sp = 'rabbit' THEN (ARRAY['Lop','Rex'])[1 + p % 2]
    WHEN sp = 'horse'  THEN (ARRAY['Cob','Thoroughbred','Shetland'])[1 + p % 3]
    ELSE 'Budgerigar'
  END,
  CASE WHEN p % 13 = 0 THEN NULL ELSE date '2010-01-15' + (p*47) % 5000 END,
  CASE sp WHEN 'dog' THEN 6 + (p*3) % 30
          WHEN 'cat' THEN 3 + (p % 5) * 0.7
          WHEN 'rabbit' THEN 1.5 + (p % 3) * 0.4
          WHEN 'horse' THEN 350 + (p*13) % 200
          ELSE 0.1 END,
  (p % 4 <> 0)
FROM (SELECT p, CASE WHEN p % 10 < 5 THEN 'dog'
                     WHEN p % 10 < 8 THEN 'cat'
                     WHEN p % 10 = 8 THEN 'rabbit'
                     WHEN p % 20 = 9 THEN 'horse'
                     ELSE 'bird' END AS sp
      FROM generate_series(1,200) p) s;

INSERT INTO treatments VALUES
 ( 1, 'Canine distemper combo vaccine', 'vaccination', 38.00),
 ( 2, 'Feline flu vaccine',             'vaccination', 34.00),
 ( 3, 'Rabbit RHD2 vaccine',            'vaccination', 29.50),
 ( 4, 'Equine tetanus vaccine',         'vaccination', 45.00),
 ( 5, 'Rabies vaccine (3-year)',        'vaccination', 52.00),
 ( 6, 'Flea and tick treatment',        'medication',  18.75),
 ( 7, 'Worming tablet',                 'medication',   9.50),
 ( 8, 'Antibiotic course',              'medication',  24.00),
 ( 9, 'Pain relief injection',          'medication',  21.00),
 (10, 'Anti-inflammatory tablets',      'medication',  16.40),
 (11, 'Ear drops',                      'medication',  12.25),
 (12, 'Blood panel',                    'diagnostic',  95.00),
 (13, 'Urine test',                     'diagnostic',  32.00),
 (14, 'Portable x-ray',                 'diagnostic', 120.00),
 (15, 'Skin scraping',                  'diagnostic',  40.00),
 (16, 'Dental scale and polish',        'procedure',  180.00),
 (17, 'Tooth extraction',               'procedure',  140.00),
 (18, 'Wound stitching',                'procedure',  110.00),
 (19, 'Lump removal',                   'procedure',  260.00),
 (20, 'Acupuncture session',            'procedure',   75.00);

INSERT INTO visits (visit_id, pet_id, vet_id, van_id, booked_on, visit_date, visit_type, status, fee, paid)
SELECT g, pet_id,
  CASE WHEN vt = 'surgery' THEN 2
       WHEN vt = 'dental' THEN 3
       WHEN v0 = 4 AND vd > date '2025-05-31' THEN 1
       ELSE v0 END,
  1 + g % 3,
  CASE WHEN vt = 'emergency' THEN vd ELSE vd - (1 + g % 20) END,
  vd, vt, st,
  CASE WHEN st = 'completed' THEN
       (CASE vt WHEN 'checkup' THEN 45 WHEN 'vaccination' THEN 35 WHEN 'dental' THEN 60
                WHEN 'emergency' THEN 120 ELSE 150 END) + (g % 7) * 5
  END,
  (st = 'completed' AND g % 11 <> 0)
FROM (
  SELECT g,
    ((g*37 + g/10) % 190) + 1 AS pet_id,
    (ARRAY[1, 1, 5, 5, 4, 2, 3])[1 + g % 7] AS v0,
    vd,
    CASE g % 10 WHEN 0 THEN 'checkup' WHEN 1 THEN 'checkup' WHEN 2 THEN 'checkup' WHEN 9 THEN 'checkup'
                WHEN 4 THEN 'vaccination' WHEN 5 THEN 'vaccination' WHEN 3 THEN 'vaccination'
                WHEN 6 THEN 'dental' WHEN 7 THEN 'emergency' ELSE 'surgery' END AS vt,
    CASE WHEN vd > date '2025-06-30' THEN 'scheduled'
         WHEN g % 17 = 0 THEN 'cancelled'
         WHEN g % 23 = 0 THEN 'no_show'
         ELSE 'completed' END AS st
  FROM (SELECT g, date '2021-01-04' + (g * 1.88)::int AS vd FROM generate_series(1,890) g) d
) x;

-- treatments given during completed visits
INSERT INTO visit_treatments (visit_id, treatment_id, quantity)
SELECT v.visit_id,
  CASE v.visit_type
    WHEN 'vaccination' THEN CASE p.species WHEN 'dog' THEN 1 WHEN 'cat' THEN 2 WHEN 'rabbit' THEN 3 WHEN 'horse' THEN 4 ELSE 7 END
    WHEN 'checkup'     THEN CASE WHEN v.visit_id % 4 = 0 THEN 12 WHEN v.visit_id % 4 = 1 THEN 6 WHEN v.visit_id % 4 = 2 THEN 13 ELSE 15 END
    WHEN 'dental'      THEN CASE WHEN v.visit_id % 3 = 0 THEN 17 ELSE 16 END
    WHEN 'emergency'   THEN CASE WHEN v.visit_id % 20 = 7 THEN 18 ELSE 14 END
    ELSE 19 END,
  1
FROM visits v JOIN pets p ON p.pet_id = v.pet_id
WHERE v.status = 'completed';

INSERT INTO visit_treatments (visit_id, treatment_id, quantity)
SELECT v.visit_id,
  CASE v.visit_id % 5 WHEN 0 THEN 8 WHEN 1 THEN 9 WHEN 2 THEN 10 WHEN 3 THEN 11 ELSE 7 END,
  1 + v.visit_id % 2
FROM visits v
WHERE v.status = 'completed' AND v.visit_type IN ('emergency','surgery','dental','checkup') AND v.visit_id % 3 = 0;
