-- Held-out set 14: a hospital's wards, doctors, patients, admissions and lab tests (2024-2025).
CREATE TABLE wards (
  ward_id     integer PRIMARY KEY,
  name        text NOT NULL,
  floor       integer NOT NULL,
  specialty   text NOT NULL,
  bed_count   integer NOT NULL
);
INSERT INTO wards VALUES
 (1,'Ash Ward',1,'Cardiology',24),
 (2,'Birch Ward',1,'Respiratory',20),
 (3,'Cedar Ward',2,'Orthopaedics',18),
 (4,'Elm Ward',2,'General Medicine',30),
 (5,'Hazel Ward',3,'Oncology',16),
 (6,'Maple Ward',3,'Paediatrics',22),
 (7,'Oak Ward',4,'Geriatrics',28),
 (8,'Willow Ward',4,'Cardiology',12),
 (9,'Rowan Ward',5,'Neurology',10);

CREATE TABLE doctors (
  doctor_id   integer PRIMARY KEY,
  full_name   text NOT NULL,
  specialty   text NOT NULL,
  ward_id     integer REFERENCES wards(ward_id),
  started_on  date NOT NULL
);
INSERT INTO doctors
SELECT d,
       (ARRAY['Amira','Ben','Chloe','Daniel','Elena','Farid','Grace','Hugo','Isla','Jonas'])[1 + (d*3) % 10] || ' ' ||
       (ARRAY['Okafor','Lindqvist','Moreau','Patel','Novak','Brennan','Kowalski','Haddad','Fischer','Tanaka','Osei'])[1 + (d*7) % 11],
       CASE WHEN d <= 27 THEN w.specialty WHEN d = 28 THEN 'Radiology' WHEN d = 29 THEN 'Anaesthetics' ELSE 'Radiology' END,
       CASE WHEN d <= 27 THEN w.ward_id END,
       date '2008-03-01' + ((d * 211) % 6200)
FROM generate_series(1,30) d
LEFT JOIN wards w ON w.ward_id = 1 + (d - 1) % 9;

CREATE TABLE patients (
  patient_id         integer PRIMARY KEY,
  birth_year         integer NOT NULL,
  sex                char(1),
  postcode_district  text
);
INSERT INTO patients
SELECT p,
       1934 + (p * 37) % 90,
       CASE WHEN p % 50 = 0 THEN NULL WHEN p % 2 = 0 THEN 'F' ELSE 'M' END,
       CASE WHEN p % 23 = 0 THEN NULL
            ELSE (ARRAY['LS1','LS2','LS6','LS7','LS8','LS11','LS12','LS17','BD3','WF1'])[1 + (p * 7 + p / 13) % 10] END
FROM generate_series(1,400) p;

CREATE TABLE admissions (
  admission_id         integer PRIMARY KEY,
  patient_id           integer NOT NULL REFERENCES patients(patient_id),
  ward_id              integer NOT NULL REFERENCES wards(ward_id),
  attending_doctor_id  integer REFERENCES doctors(doctor_id),
  admitted_at          timestamp NOT NULL,
  discharged_at        timestamp,
  diagnosis_category   text NOT NULL
);
WITH base AS (
  SELECT a,
         1 + ((a * 13) % 400 + (a * a) % 7 * 3) % 400 AS patient_id,
         1 + ((a * 5) % 17) % 8 AS ward_id,
         timestamp '2024-01-01 00:00' + ((a * 37) % 730) * interval '1 day' + ((a * 7) % 24) * interval '1 hour' AS admitted_at
  FROM generate_series(1,1200) a
), docs AS (
  SELECT doctor_id, ward_id, row_number() OVER (PARTITION BY ward_id ORDER BY doctor_id) - 1 AS k,
         count(*) OVER (PARTITION BY ward_id) AS n
  FROM doctors WHERE ward_id IS NOT NULL
)
INSERT INTO admissions
SELECT b.a, b.patient_id, b.ward_id,
       CASE WHEN b.a % 41 = 0 THEN NULL ELSE d.doctor_id END,
       b.admitted_at,
       CASE WHEN b.admitted_at > timestamp '2025-12-20' AND b.a % 3 <> 0 THEN NULL
            WHEN b.a % 97 = 0 THEN NULL
            ELSE b.admitted_at + ((1 + (b.a * 11) % 19) * interval '1 day') + ((b.a % 9) * interval '1 hour') END,
       (ARRAY['Cardiac','Respiratory','Injury','Infection','Cancer','Digestive','Neurological','Other'])[
          1 + ((b.a * 3) % 5 + CASE b.ward_id WHEN 1 THEN 0 WHEN 8 THEN 0 WHEN 2 THEN 1 WHEN 3 THEN 2 WHEN 5 THEN 4 ELSE 3 END) % 8]
FROM base b
JOIN docs d ON d.ward_id = b.ward_id AND d.k = b.a % d.n;

CREATE TABLE lab_tests (
  lab_test_id       integer PRIMARY KEY,
  admission_id      integer NOT NULL REFERENCES admissions(admission_id),
  test_name         text NOT NULL,
  taken_at          timestamp NOT NULL,
  result_value      numeric(8,2),
  flagged_abnormal  boolean NOT NULL
);
INSERT INTO lab_tests
SELECT row_number() OVER (ORDER BY a.admission_id, k),
       a.admission_id,
       t.name,
       a.admitted_at + (k * interval '5 hours'),
       CASE WHEN (a.admission_id + k) % 31 = 0 THEN NULL
            ELSE round((t.lo + ((a.admission_id * 17 + k * 29) % 100) / 100.0 * (t.hi - t.lo) * 1.4)::numeric, 2) END,
       (t.lo + ((a.admission_id * 17 + k * 29) % 100) / 100.0 * (t.hi - t.lo) * 1.4) > t.hi
FROM admissions a
CROSS JOIN generate_series(1, 3) k
JOIN (VALUES (0,'Haemoglobin',115.0,165.0),(1,'White cell count',4.0,11.0),(2,'CRP',0.0,10.0),
             (3,'Creatinine',60.0,110.0),(4,'Potassium',3.5,5.3),(5,'Troponin',0.0,14.0)) t(i,name,lo,hi)
  ON t.i = (a.admission_id * k + k) % 6
WHERE k <= a.admission_id % 4;
