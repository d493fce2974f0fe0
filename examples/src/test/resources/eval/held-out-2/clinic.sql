-- Held-out evaluation set 2: a multi-department outpatient clinic.
-- Deterministic data (generate_series and fixed arithmetic, no random()).
CREATE TABLE departments (
    department_id integer PRIMARY KEY,
    name          text NOT NULL,
    floor         integer NOT NULL,
    phone_ext     text NOT NULL
);

CREATE TABLE doctors (
    doctor_id              integer PRIMARY KEY,
    full_name              text NOT NULL,
    department_id          integer NOT NULL REFERENCES departments(department_id),
    hired_on               date NOT NULL,
    is_accepting_patients  boolean NOT NULL,
    annual_salary          numeric(9,2)      -- not disclosed for some doctors
);

CREATE TABLE patients (
    patient_id         integer PRIMARY KEY,
    full_name          text NOT NULL,
    birth_date         date NOT NULL,
    sex                char(1) NOT NULL,
    city               text NOT NULL,
    insurance_provider text,                 -- NULL when self-paying
    is_smoker          boolean NOT NULL
);

CREATE TABLE appointments (
    appointment_id       integer PRIMARY KEY,
    patient_id           integer NOT NULL REFERENCES patients(patient_id),
    attending_doctor_id  integer NOT NULL REFERENCES doctors(doctor_id),
    referring_doctor_id  integer REFERENCES doctors(doctor_id),   -- NULL when the patient came without a referral
    scheduled_at         timestamp NOT NULL,
    status               text NOT NULL,      -- 'Completed', 'Cancelled', 'No-show'
    fee                  numeric(7,2),       -- NULL unless completed
    is_follow_up         boolean NOT NULL
);

CREATE TABLE prescriptions (
    prescription_id integer PRIMARY KEY,
    appointment_id  integer NOT NULL REFERENCES appointments(appointment_id),
    medication      text NOT NULL,
    dosage_mg       numeric(7,1) NOT NULL,
    duration_days   integer NOT NULL,
    refills         integer              -- NULL when the number of refills was not recorded
);

INSERT INTO departments VALUES
    (1, 'Cardiology',       3, '3100'),
    (2, 'Pediatrics',       1, '1200'),
    (3, 'Dermatology',      2, '2300'),
    (4, 'Orthopedics',      2, '2400'),
    (5, 'General Practice', 1, '1500'),
    (6, 'Neurology',        3, '3600');

INSERT INTO doctors
SELECT i,
       'Dr. ' ||
       (ARRAY['Amelia','Victor','Sofia','Raj','Helen','Marco','Yuki','Tomas','Nadia','Peter','Lucia','Kwame','Ingrid','Samuel','Beatriz'])[1 + i % 15]
         || ' ' ||
       (ARRAY['Hart','Lindgren','Osei','Kowalski','Preston','Ferreira','Brandt','Moreno','Whitaker','Sato','Quinlan','Abara','Dubois'])[1 + (i * 3) % 13],
       1 + i % 6,
       date '2005-03-01' + (i * 211) % 6500,
       i % 4 <> 0,
       CASE WHEN i % 9 = 0 THEN NULL ELSE 150000 + (i * 7919) % 120000 END
FROM generate_series(1, 30) AS i;

INSERT INTO patients
SELECT i,
       (ARRAY['Aaron','Bella','Caleb','Diana','Ethan','Fiona','George','Hannah','Isaac','Julia','Kevin','Laura','Mason','Nora','Owen','Paula','Ryan','Sara','Tyler'])[1 + i % 19]
         || ' ' ||
       (ARRAY['Walsh','Young','Baker','Carter','Preston','Murphy','Price','Ward','Bell','Hayes','Kim','Long','Ross','Shaw','Stone','Wells','Meridian'])[1 + (i * 7) % 17],
       date '1940-01-01' + (i * 977) % 29000,
       CASE WHEN i % 2 = 0 THEN 'F' ELSE 'M' END,
       (ARRAY['Preston','Meridian','Ashford','Brookfield','Dalton','Ashford'])[1 + (i * 5) % 6],
       CASE WHEN i % 8 = 0 THEN NULL
            ELSE (ARRAY['BlueShield','Meridian','CareFirst','Unity Health'])[1 + i % 4] END,
       i % 6 = 1
FROM generate_series(1, 400) AS i;

-- Appointments from 2023 to 2025; one in three comes with a referral from another doctor.
-- Some doctors and patients get more rows (a power curve over a fixed permutation).
INSERT INTO appointments
SELECT i,
       patient_id,
       attending_doctor_id,
       CASE WHEN i % 3 = 0 THEN
            CASE WHEN referrer = attending_doctor_id THEN 1 + referrer % 30 ELSE referrer END END,
       scheduled_at,
       status,
       CASE WHEN status = 'Completed' THEN 60 + ((i * 17) % 19) * 10 + (attending_doctor_id % 6) * 15 END,
       i % 4 = 0
FROM (SELECT i,
             1 + floor(380 * (((i * 13) % 2000) / 2000.0) ^ 1.2)::int AS patient_id,
             1 + floor(30 * (((i * 7) % 2000) / 2000.0) ^ 1.5)::int AS attending_doctor_id,
             1 + floor(30 * (((i * 11) % 2000) / 2000.0) ^ 2)::int AS referrer,
             timestamp '2023-01-02 08:00' + ((i * 41) % 1090) * interval '1 day' + ((i * 3) % 18) * interval '30 minutes' AS scheduled_at,
             CASE WHEN i % 10 = 0 THEN 'Cancelled' WHEN i % 14 = 0 THEN 'No-show' ELSE 'Completed' END AS status
      FROM generate_series(1, 2000) AS i) AS a;

-- Prescriptions only for completed appointments; some appointments get two.
INSERT INTO prescriptions
SELECT row_number() OVER (ORDER BY a.appointment_id, k),
       a.appointment_id,
       m.medication,
       m.base_mg * (1 + a.appointment_id % 2),
       (ARRAY[7, 10, 14, 30, 60, 90])[1 + (a.appointment_id + k) % 6],
       CASE WHEN a.appointment_id % 7 = 0 THEN NULL ELSE (a.appointment_id + k) % 4 END
FROM appointments a
CROSS JOIN generate_series(1, 2) AS k
JOIN (VALUES (1, 'Amoxicillin', 250), (2, 'Lisinopril', 10), (3, 'Metformin', 500), (4, 'Ibuprofen', 400),
             (5, 'Atorvastatin', 20), (6, 'Cetirizine', 10), (7, 'Omeprazole', 20), (8, 'Sertraline', 50))
     AS m(slot, medication, base_mg)
  ON m.slot = (ARRAY[1,1,1,1,1,1,1,1,2,2,2,2,2,2,2,3,3,3,3,3,3,4,4,4,4,4,5,5,5,5,6,6,6,7,7,8])[1 + (a.appointment_id * 7 + k) % 36]
WHERE a.status = 'Completed'
  AND a.appointment_id % 3 <> 1
  AND (k = 1 OR a.appointment_id % 5 = 0);
