-- Veterinary practice with three clinics: owners, pets, vets, appointments 2024-2025, medications and
-- prescriptions. Data is as of 2025-11-30; later appointments are still 'Scheduled'. Deterministic data.

CREATE TABLE clinics (
  clinic_id   integer PRIMARY KEY,
  clinic_name text NOT NULL,
  town        text NOT NULL,
  phone       text
);

INSERT INTO clinics VALUES
 (1, 'Ashby Veterinary Centre',  'Ashby',     '01530 410200'),
 (2, 'Millbrook Animal Clinic',  'Millbrook', '01632 550781'),
 (3, 'Porthaven Pet Hospital',   'Porthaven', NULL);

CREATE TABLE owners (
  owner_id      integer PRIMARY KEY,
  first_name    text NOT NULL,
  last_name     text NOT NULL,
  town          text NOT NULL,
  phone         text,
  email         text,
  registered_on date NOT NULL
);

INSERT INTO owners
SELECT i,
       (ARRAY['James','Sarah','Max','Emily','David','Laura','Charlie','Anna','Peter','Rachel',
              'Tom','Nina','Paul','Kate','Simon','Jess','Mark','Olga','Ravi','Fiona'])[i * 7 % 20 + 1],
       (ARRAY['Smith','Jones','Taylor','Brown','Wilson','Evans','Thomas','Roberts','Walker','Wright',
              'Green','Hall','Wood','Clarke','Patel','Hughes','Edwards'])[i * 11 % 17 + 1],
       (ARRAY['Ashby','Millbrook','Porthaven','Kingsford','Fenwick','Dunmore','Ashby','Millbrook'])[i * 3 % 8 + 1],
       CASE WHEN i % 9 = 0 THEN NULL ELSE '07700 9' || lpad((i * 137 % 100000)::text, 5, '0') END,
       CASE WHEN i % 4 = 0 THEN NULL ELSE 'owner' || i || '@mail.example' END,
       date '2019-01-01' + (i * 53 % 2400)
FROM generate_series(1, 60) AS i;

CREATE TABLE pets (
  pet_id     integer PRIMARY KEY,
  pet_name   text NOT NULL,
  species    text NOT NULL,           -- Dog, Cat, Rabbit, Bird, Guinea pig
  breed      text,                    -- NULL: mixed or unknown
  sex        char(1) NOT NULL,        -- M or F
  birth_date date NOT NULL,
  weight_kg  numeric(5,1),
  neutered   boolean NOT NULL,
  owner_id   integer NOT NULL REFERENCES owners
);

INSERT INTO pets
SELECT i,
       (ARRAY['Max','Bella','Charlie','Luna','Milo','Daisy','Oscar','Poppy','Teddy','Coco','Rocky','Nala','Simba',
              'Willow','Bailey','Ruby','Loki','Pepper','Biscuit','Mittens','Thumper','Kiwi','Peanut','Shadow','Ziggy'])[i * 7 % 25 + 1],
       sp,
       CASE sp
         WHEN 'Dog' THEN (ARRAY['Labrador','Border Collie','Cocker Spaniel','Dachshund',
                                'Staffordshire Bull Terrier','Golden Retriever',NULL])[i * 3 % 7 + 1]
         WHEN 'Cat' THEN (ARRAY['Domestic Shorthair','Siamese','Maine Coon','British Shorthair',NULL])[i % 5 + 1]
         WHEN 'Rabbit' THEN (ARRAY['Lop','Netherland Dwarf'])[i % 2 + 1]
         WHEN 'Bird' THEN (ARRAY['Budgerigar','Cockatiel'])[i / 10 % 2 + 1]
         ELSE NULL END,
       CASE WHEN i / 3 % 2 = 0 THEN 'F' ELSE 'M' END,
       date '2011-01-01' + (i * 97 % 5000),
       CASE sp
         WHEN 'Dog' THEN 5 + (i * 7 % 35) + (i % 3) * 0.4
         WHEN 'Cat' THEN 3 + (i % 5) * 0.8
         WHEN 'Rabbit' THEN 1.5 + (i % 4) * 0.3
         WHEN 'Guinea pig' THEN 0.9 + (i % 3) * 0.1
         ELSE NULL END,
       i % 3 <> 0,
       1 + (i * 23) % 55
FROM (SELECT i,
             CASE WHEN i % 10 < 5 THEN 'Dog'
                  WHEN i % 10 < 8 THEN 'Cat'
                  WHEN i % 10 = 8 THEN 'Rabbit'
                  WHEN i % 20 = 9 THEN 'Bird'
                  ELSE 'Guinea pig' END AS sp
      FROM generate_series(1, 100) AS i) g;

CREATE TABLE vets (
  vet_id     integer PRIMARY KEY,
  first_name text NOT NULL,
  last_name  text NOT NULL,
  clinic_id  integer NOT NULL REFERENCES clinics,
  specialty  text NOT NULL,           -- General, Surgery, Dermatology, Dentistry, Exotics
  hired_on   date NOT NULL
);

INSERT INTO vets VALUES
 (1, 'Alice',  'Morgan',    1, 'General',     '2015-04-01'),
 (2, 'Ben',    'Carter',    1, 'Surgery',     '2017-09-01'),
 (3, 'Chiara', 'Rossi',     2, 'Dermatology', '2019-01-14'),
 (4, 'David',  'Osei',      2, 'General',     '2020-06-01'),
 (5, 'Eva',    'Lindqvist', 3, 'Exotics',     '2018-03-05'),
 (6, 'Farid',  'Haddad',    3, 'General',     '2021-11-15'),
 (7, 'Grace',  'Kim',       1, 'Dentistry',   '2022-02-01'),
 (8, 'Hugo',   'Brennan',   2, 'Surgery',     '2025-03-03');

CREATE TABLE appointments (
  appointment_id   integer PRIMARY KEY,
  pet_id           integer NOT NULL REFERENCES pets,
  vet_id           integer NOT NULL REFERENCES vets,
  appointment_date date NOT NULL,
  reason           text NOT NULL,     -- Vaccination, Check-up, Injury, Dental, Skin problem, Digestive, Surgery
  status           text NOT NULL,     -- Completed, Cancelled, No-show, Scheduled
  fee              numeric(7,2)       -- NULL when nothing was charged (yet)
);

INSERT INTO appointments
SELECT i, pet_id,
       CASE WHEN reason = 'Surgery' THEN CASE WHEN day >= date '2025-03-03' AND i / 12 % 2 = 0 THEN 8 ELSE 2 END
            WHEN reason = 'Dental' THEN 7
            WHEN species IN ('Rabbit', 'Bird', 'Guinea pig') THEN 5
            WHEN reason = 'Skin problem' THEN 3
            ELSE (ARRAY[1, 4, 6])[i % 3 + 1] END,
       day, reason, status,
       CASE WHEN status = 'Completed' THEN
              CASE reason WHEN 'Vaccination' THEN 45 WHEN 'Check-up' THEN 38 WHEN 'Injury' THEN 85
                          WHEN 'Dental' THEN 120 WHEN 'Skin problem' THEN 60 WHEN 'Digestive' THEN 55
                          ELSE 350 END + (i % 5) * 2.5
            WHEN status = 'No-show' THEN 20
            ELSE NULL END
FROM (SELECT a.*, p.species,
             CASE WHEN a.day > date '2025-11-30' THEN 'Scheduled'
                  WHEN a.i % 17 = 0 THEN 'Cancelled'
                  WHEN a.i % 23 = 0 THEN 'No-show'
                  ELSE 'Completed' END AS status
      FROM (SELECT i,
                   1 + (i * 37 + (i / 7) * (i % 5)) % 97 AS pet_id,
                   date '2024-01-01' + (i * 317) % 731 AS day,
                   CASE WHEN i % 12 < 3 THEN 'Vaccination'
                        WHEN i % 12 < 6 THEN 'Check-up'
                        WHEN i % 12 = 6 THEN 'Injury'
                        WHEN i % 12 = 7 THEN 'Dental'
                        WHEN i % 12 < 10 THEN 'Skin problem'
                        WHEN i % 12 = 10 THEN 'Digestive'
                        ELSE 'Surgery' END AS reason
            FROM generate_series(1, 900) AS i) a
      JOIN pets p ON p.pet_id = a.pet_id) x
ORDER BY i;

CREATE TABLE medications (
  medication_id integer PRIMARY KEY,
  med_name      text NOT NULL UNIQUE,
  med_type      text NOT NULL,       -- Antibiotic, Anti-inflammatory, Painkiller, Antiparasitic, Topical, Anti-nausea
  unit_price    numeric(6,2) NOT NULL
);

INSERT INTO medications VALUES
 ( 1, 'Amoxicillin',             'Antibiotic',         8.50),
 ( 2, 'Amoxicillin-Clavulanate', 'Antibiotic',        12.40),
 ( 3, 'Meloxicam',               'Anti-inflammatory',  9.90),
 ( 4, 'Carprofen',               'Anti-inflammatory', 11.20),
 ( 5, 'Gabapentin',              'Painkiller',         7.30),
 ( 6, 'Buprenorphine',           'Painkiller',        15.60),
 ( 7, 'Fipronil Spot-on',        'Antiparasitic',     13.00),
 ( 8, 'Milbemycin',              'Antiparasitic',     10.70),
 ( 9, 'Chlorhexidine Shampoo',   'Topical',           14.25),
 (10, 'Hydrocortisone Cream',    'Topical',            6.80),
 (11, 'Metronidazole',           'Antibiotic',         9.10),
 (12, 'Maropitant',              'Anti-nausea',       18.90),
 (13, 'Ivermectin',              'Antiparasitic',      5.40);

CREATE TABLE prescriptions (
  prescription_id serial PRIMARY KEY,
  appointment_id  integer NOT NULL REFERENCES appointments,
  medication_id   integer NOT NULL REFERENCES medications,
  dose            text NOT NULL,
  quantity        integer NOT NULL,
  days            integer,           -- NULL: single use
  cost            numeric(7,2) NOT NULL
);

INSERT INTO prescriptions (appointment_id, medication_id, dose, quantity, days, cost)
SELECT r.appointment_id, r.medication_id,
       CASE m.med_type WHEN 'Antibiotic' THEN '12.5 mg/kg twice daily'
                       WHEN 'Anti-inflammatory' THEN '0.1 mg/kg once daily'
                       WHEN 'Painkiller' THEN '0.02 mg/kg every 8 hours'
                       WHEN 'Antiparasitic' THEN 'one dose'
                       WHEN 'Topical' THEN 'apply twice daily'
                       ELSE '1 mg/kg once daily' END,
       1 + r.appointment_id % 3,
       CASE WHEN m.med_type = 'Antiparasitic' THEN NULL ELSE 5 + (r.appointment_id % 4) * 2 END,
       m.unit_price * (1 + r.appointment_id % 3)
FROM (
  SELECT appointment_id, CASE WHEN appointment_id / 12 % 2 = 0 THEN 3 ELSE 4 END AS medication_id
    FROM appointments WHERE status = 'Completed' AND reason = 'Injury'
  UNION ALL
  SELECT appointment_id, 1 FROM appointments
    WHERE status = 'Completed' AND reason = 'Injury' AND appointment_id % 3 = 0
  UNION ALL
  SELECT appointment_id, 2 FROM appointments WHERE status = 'Completed' AND reason = 'Dental'
  UNION ALL
  SELECT appointment_id, 6 FROM appointments
    WHERE status = 'Completed' AND reason = 'Dental' AND appointment_id / 12 % 2 = 0
  UNION ALL
  SELECT appointment_id, CASE WHEN appointment_id % 2 = 0 THEN 9 ELSE 10 END
    FROM appointments WHERE status = 'Completed' AND reason = 'Skin problem'
  UNION ALL
  SELECT appointment_id, 7 FROM appointments
    WHERE status = 'Completed' AND reason = 'Skin problem' AND appointment_id % 4 = 1
  UNION ALL
  SELECT appointment_id, 11 FROM appointments WHERE status = 'Completed' AND reason = 'Digestive'
  UNION ALL
  SELECT appointment_id, 12 FROM appointments
    WHERE status = 'Completed' AND reason = 'Digestive' AND appointment_id / 12 % 3 = 1
  UNION ALL
  SELECT appointment_id, 6 FROM appointments WHERE status = 'Completed' AND reason = 'Surgery'
  UNION ALL
  SELECT appointment_id, CASE WHEN appointment_id / 12 % 2 = 0 THEN 3 ELSE 5 END
    FROM appointments WHERE status = 'Completed' AND reason = 'Surgery'
  UNION ALL
  SELECT appointment_id, 1 FROM appointments
    WHERE status = 'Completed' AND reason = 'Surgery' AND appointment_id % 5 < 3
  UNION ALL
  SELECT appointment_id, 8 FROM appointments
    WHERE status = 'Completed' AND reason = 'Check-up' AND appointment_id % 4 = 0
) r
JOIN medications m ON m.medication_id = r.medication_id
ORDER BY r.appointment_id, r.medication_id;
