-- Dental practice group (clinics, dentists and hygienists, patients, appointments, procedures, invoices, insurance claims). Data as of 2025-06-30.

CREATE TABLE clinics (
    clinic_id      integer PRIMARY KEY,
    clinic_name    text NOT NULL,
    city           text NOT NULL,
    state          text NOT NULL,
    opened_on      date NOT NULL,
    phone          text NOT NULL,
    chair_count    integer NOT NULL,
    has_parking    boolean NOT NULL
);

CREATE TABLE staff (
    staff_id        integer PRIMARY KEY,
    clinic_id       integer NOT NULL REFERENCES clinics(clinic_id),
    first_name      text NOT NULL,
    last_name       text NOT NULL,
    role            text NOT NULL CHECK (role IN ('dentist','hygienist','orthodontist')),
    license_number  text NOT NULL,
    hired_on        date NOT NULL,
    hourly_rate     numeric(8,2) NOT NULL,
    is_active       boolean NOT NULL,
    terminated_on   date            -- NULL = still employed
);

CREATE TABLE patients (
    patient_id          integer PRIMARY KEY,
    first_name          text NOT NULL,
    last_name           text NOT NULL,
    date_of_birth       date NOT NULL,
    city                text NOT NULL,
    home_clinic_id      integer NOT NULL REFERENCES clinics(clinic_id),
    insurance_provider  text,       -- NULL = uninsured (self-pay)
    email               text,       -- NULL = no email on file
    registered_at       timestamp NOT NULL
);

CREATE TABLE procedures (
    procedure_code    text PRIMARY KEY,
    procedure_name    text NOT NULL,
    category          text NOT NULL CHECK (category IN ('diagnostic','preventive','restorative','endodontic','surgical','cosmetic')),
    standard_fee      numeric(10,2) NOT NULL,
    duration_minutes  integer NOT NULL,
    is_tooth_specific boolean NOT NULL
);

CREATE TABLE appointments (
    appointment_id       integer PRIMARY KEY,
    patient_id           integer NOT NULL REFERENCES patients(patient_id),
    staff_id             integer NOT NULL REFERENCES staff(staff_id),
    clinic_id            integer NOT NULL REFERENCES clinics(clinic_id),
    scheduled_at         timestamp NOT NULL,
    appointment_type     text NOT NULL CHECK (appointment_type IN ('checkup','cleaning','treatment','emergency','consultation')),
    status               text NOT NULL CHECK (status IN ('scheduled','completed','cancelled','no_show')),
    checked_in_at        timestamp,  -- NULL = patient never checked in (cancelled, no-show or not yet happened)
    cancellation_reason  text        -- NULL unless cancelled
);

-- link table: procedures performed during an appointment
CREATE TABLE appointment_procedures (
    appointment_id  integer NOT NULL REFERENCES appointments(appointment_id),
    procedure_code  text NOT NULL REFERENCES procedures(procedure_code),
    tooth_number    integer,         -- NULL = not tooth-specific
    fee_charged     numeric(10,2) NOT NULL,
    PRIMARY KEY (appointment_id, procedure_code)
);

CREATE TABLE invoices (
    invoice_id      integer PRIMARY KEY,
    invoice_number  text NOT NULL UNIQUE,
    appointment_id  integer NOT NULL UNIQUE REFERENCES appointments(appointment_id),
    issued_on       date NOT NULL,
    due_on          date NOT NULL,
    total_amount    numeric(10,2) NOT NULL,
    paid_on         date,            -- NULL = not yet paid
    payment_method  text             -- NULL = not yet paid
);

CREATE TABLE insurance_claims (
    claim_id         integer PRIMARY KEY,
    invoice_id       integer NOT NULL REFERENCES invoices(invoice_id),
    insurer_name     text NOT NULL,
    submitted_on     date NOT NULL,
    claimed_amount   numeric(10,2) NOT NULL,
    status           text NOT NULL CHECK (status IN ('pending','approved','partially_approved','denied')),
    approved_amount  numeric(10,2),  -- NULL = still pending
    decided_on       date,           -- NULL = still pending
    denial_reason    text            -- NULL unless denied
);

INSERT INTO clinics VALUES
 (1, 'Riverside Dental',           'Austin',      'TX', '2019-03-01', '512-555-0141', 6, true),
 (2, 'Northgate Smiles',           'Dallas',      'TX', '2020-06-15', '214-555-0177', 5, false),
 (3, 'Lakeview Family Dentistry',  'Houston',     'TX', '2018-09-10', '713-555-0102', 8, true),
 (4, 'Hillcrest Dental Care',      'San Antonio', 'TX', '2021-01-20', '210-555-0133', 4, true),
 (5, 'Elm Street Dental',          'Plano',       'TX', '2022-05-02', '972-555-0190', 4, false),
 (6, 'Westlake Dental Studio',     'Austin',      'TX', '2025-04-01', '512-555-0168', 3, true);

INSERT INTO staff VALUES
 ( 1, 1, 'Maria',  'Gonzalez', 'dentist',      'TX-D-40112', '2019-03-01',  95.00, true,  NULL),
 ( 2, 1, 'James',  'Austin',   'dentist',      'TX-D-41876', '2020-02-10',  92.00, true,  NULL),
 ( 3, 1, 'Priya',  'Patel',    'hygienist',    'TX-H-22015', '2019-05-15',  48.00, true,  NULL),
 ( 4, 2, 'Robert', 'Chen',     'dentist',      'TX-D-43390', '2020-06-15',  98.00, true,  NULL),
 ( 5, 2, 'Emily',  'Walsh',    'hygienist',    'TX-H-23561', '2021-03-01',  45.00, true,  NULL),
 ( 6, 2, 'David',  'Kim',      'orthodontist', 'TX-D-45127', '2022-01-10', 120.00, true,  NULL),
 ( 7, 3, 'Sarah',  'Mitchell', 'dentist',      'TX-D-38804', '2018-09-10', 105.00, true,  NULL),
 ( 8, 3, 'Kevin',  'O''Brien', 'dentist',      'TX-D-40553', '2019-11-04',  90.00, false, '2024-08-31'),
 ( 9, 3, 'Laura',  'Nguyen',   'hygienist',    'TX-H-21908', '2018-10-01',  50.00, true,  NULL),
 (10, 3, 'Hannah', 'Brooks',   'hygienist',    'TX-H-26640', '2023-02-13',  44.00, true,  NULL),
 (11, 4, 'Ahmed',  'Hassan',   'dentist',      'TX-D-42211', '2021-01-20',  97.00, true,  NULL),
 (12, 4, 'Olivia', 'Reyes',    'hygienist',    'TX-H-24472', '2021-02-01',  46.00, true,  NULL),
 (13, 5, 'Thomas', 'Wright',   'dentist',      'TX-D-44908', '2022-05-02',  93.00, true,  NULL),
 (14, 5, 'Grace',  'Okafor',   'hygienist',    'TX-H-25333', '2022-05-02',  47.00, true,  NULL),
 (15, 6, 'Daniel', 'Foster',   'dentist',      'TX-D-47019', '2025-04-01',  96.00, true,  NULL),
 (16, 6, 'Chloe',  'Martin',   'hygienist',    'TX-H-28105', '2025-04-15',  44.00, true,  NULL);

INSERT INTO procedures VALUES
 ('D0120', 'Periodic oral evaluation',              'diagnostic',   65.00,  15, false),
 ('D0150', 'Comprehensive oral evaluation',         'diagnostic',  110.00,  30, false),
 ('D0210', 'Full mouth X-rays',                     'diagnostic',  150.00,  20, false),
 ('D0274', 'Bitewing X-rays (four films)',          'diagnostic',   85.00,  10, false),
 ('D1110', 'Adult cleaning (prophylaxis)',          'preventive',  120.00,  45, false),
 ('D1120', 'Child cleaning (prophylaxis)',          'preventive',   85.00,  30, false),
 ('D1208', 'Fluoride varnish',                      'preventive',   40.00,  10, false),
 ('D2140', 'Amalgam filling, one surface',          'restorative', 160.00,  30, true),
 ('D2330', 'Composite filling, one surface',        'restorative', 195.00,  40, true),
 ('D2740', 'Porcelain crown',                       'restorative',1250.00,  90, true),
 ('D3330', 'Root canal, molar',                     'endodontic', 1150.00, 120, true),
 ('D7140', 'Tooth extraction',                      'surgical',    210.00,  30, true),
 ('D7240', 'Wisdom tooth removal',                  'surgical',    520.00,  60, true),
 ('D9972', 'Teeth whitening',                       'cosmetic',    450.00,  60, false),
 ('D6010', 'Dental implant placement',              'surgical',   2100.00, 120, true);

-- patients: 300; 291-300 have no appointments (296-300 registered at the new Westlake clinic)
INSERT INTO patients
SELECT i,
       (ARRAY['Olivia','Liam','Emma','Noah','Ava','Ethan','Sophia','Mason','Isabella','Lucas',
              'Mia','Logan','Amelia','Elijah','Harper','Aiden','Evelyn','Carlos','Abigail','Jacob',
              'Ella','Michael','Scarlett','Daniel','Grace','Henry','Chloe','Samuel','Zoe','Mateo'])[i % 30 + 1],
       (ARRAY['Smith','Johnson','Garcia','Brown','Davis','Martinez','Lopez','Wilson','Anderson','Thomas',
              'Taylor','Moore','Houston','Lee','Perez','Thompson','White','Harris','Sanchez','Clark',
              'Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Scott','Torres'])[(i * 7) % 29 + 1],
       date '1948-01-01' + ((i * 7919) % 25550),
       CASE WHEN i > 295 THEN 'Austin'
            WHEN i % 3 = 0 THEN (ARRAY['Round Rock','Irving','Sugar Land','New Braunfels','Frisco'])[i % 5 + 1]
            ELSE (ARRAY['Austin','Dallas','Houston','San Antonio','Plano'])[i % 5 + 1] END,
       CASE WHEN i > 295 THEN 6 ELSE i % 5 + 1 END,
       CASE WHEN i % 7 = 0 THEN NULL
            ELSE (ARRAY['Delta Dental','Cigna','MetLife','Aetna','Guardian'])[(i * 3) % 5 + 1] END,
       CASE WHEN i % 11 = 0 THEN NULL
            ELSE lower((ARRAY['Olivia','Liam','Emma','Noah','Ava','Ethan','Sophia','Mason','Isabella','Lucas',
              'Mia','Logan','Amelia','Elijah','Harper','Aiden','Evelyn','Carlos','Abigail','Jacob',
              'Ella','Michael','Scarlett','Daniel','Grace','Henry','Chloe','Samuel','Zoe','Mateo'])[i % 30 + 1])
                 || '.' || i || '@mailbox.example' END,
       CASE WHEN i <= 250 THEN timestamp '2018-09-12 09:00' + ((i - 1) * 6) * interval '1 day' + (i % 8) * interval '1 hour'
            WHEN i <= 295 THEN timestamp '2023-03-06 09:00' + ((i - 251) * 14) * interval '1 day' + (i % 8) * interval '1 hour'
            ELSE timestamp '2025-05-05 10:30' + (i - 296) * interval '9 days' END
FROM generate_series(1, 300) AS i;

-- appointments: 1500 between 2023-01 and 2025-07; the ones after 2025-06-30 are still 'scheduled'
INSERT INTO appointments
SELECT g, p, s, c, ts, atype,
       CASE WHEN ts > timestamp '2025-06-30 23:59' THEN 'scheduled'
            WHEN g % 17 IN (0, 8) THEN 'cancelled'
            WHEN g % 17 = 13 THEN 'no_show'
            ELSE 'completed' END,
       NULL, NULL
FROM (
  SELECT g, p, c, ts,
         CASE WHEN s0 = 8 AND ts::date > date '2024-08-31' THEN 7
              WHEN s0 = 10 AND ts::date < date '2023-02-13' THEN 9
              ELSE s0 END AS s,
         CASE WHEN s0 IN (3,5,9,10,12,14) THEN 'cleaning'
              WHEN s0 = 6 THEN 'consultation'
              ELSE (ARRAY['checkup','treatment','checkup','treatment','emergency','consultation','treatment'])[g % 7 + 1] END AS atype
  FROM (
    SELECT g, p, c,
           CASE c WHEN 1 THEN (ARRAY[1,2,3])[g % 3 + 1]
                  WHEN 2 THEN (ARRAY[4,5,6])[g % 3 + 1]
                  WHEN 3 THEN (ARRAY[7,8,9,10])[g % 4 + 1]
                  WHEN 4 THEN (ARRAY[11,12])[g % 2 + 1]
                  ELSE (ARRAY[13,14])[g % 2 + 1] END AS s0,
           d + CASE WHEN extract(dow FROM d) = 0 THEN interval '1 day' ELSE interval '0' END
             + (8 + g % 9) * interval '1 hour' + (g % 4) * interval '15 minutes' AS ts
    FROM (
      SELECT g, p, p % 5 + 1 AS c, d
      FROM (
        SELECT g, d,
               CASE WHEN p0 > 250 AND d < timestamp '2023-03-07' + ((p0 - 251) * 14) * interval '1 day'
                    THEN ((g * 37) % 250) + 1 ELSE p0 END AS p
        FROM (
          SELECT g, ((g * 37) % 290) + 1 AS p0,
                 timestamp '2023-01-02' + ((g - 1) * 940 / 1500) * interval '1 day' AS d
          FROM generate_series(1, 1500) AS g
        ) a0
      ) a1
    ) a
  ) b
) x;

UPDATE appointments a
SET checked_in_at = a.scheduled_at - ((a.appointment_id % 11) + 2) * interval '1 minute'
WHERE a.status = 'completed';

UPDATE appointments
SET cancellation_reason = (ARRAY['patient request','illness','rescheduled','clinic closure (weather)'])[appointment_id % 4 + 1]
WHERE status = 'cancelled';

-- procedures performed (completed appointments only)
CREATE TEMP TABLE ap_base AS
SELECT a.appointment_id AS g, a.appointment_type, a.staff_id, s.role, a.clinic_id,
       date_part('year', age(a.scheduled_at::date, p.date_of_birth)) AS patient_age,
       (1 + 0.04 * (a.clinic_id - 1)) * CASE WHEN a.scheduled_at >= timestamp '2025-01-01' THEN 1.05 ELSE 1 END AS fee_factor
FROM appointments a
JOIN staff s ON s.staff_id = a.staff_id
JOIN patients p ON p.patient_id = a.patient_id
WHERE a.status = 'completed';

INSERT INTO appointment_procedures
SELECT b.g, v.code,
       CASE WHEN pr.is_tooth_specific THEN (b.g * 13) % 32 + 1 END,
       round(pr.standard_fee * b.fee_factor, 2)
FROM ap_base b
CROSS JOIN LATERAL (
    -- cleaning visits
    SELECT CASE WHEN b.patient_age < 14 THEN 'D1120' ELSE 'D1110' END AS code WHERE b.appointment_type = 'cleaning'
    UNION ALL SELECT 'D0274' WHERE b.appointment_type = 'cleaning' AND b.g % 3 = 0
    UNION ALL SELECT 'D1208' WHERE b.appointment_type = 'cleaning' AND (b.g % 4 = 0 OR b.patient_age < 14)
    -- checkups
    UNION ALL SELECT 'D0120' WHERE b.appointment_type = 'checkup'
    UNION ALL SELECT 'D0210' WHERE b.appointment_type = 'checkup' AND b.g % 6 = 0
    -- treatment
    UNION ALL SELECT (ARRAY['D2140','D2330','D2740','D3330','D7140','D2330','D2140','D7240','D9972','D2330','D2140'])[b.g % 11 + 1]
              WHERE b.appointment_type = 'treatment'
    -- emergency
    UNION ALL SELECT 'D0150' WHERE b.appointment_type = 'emergency'
    UNION ALL SELECT CASE WHEN b.g % 2 = 0 THEN 'D7140' ELSE 'D3330' END WHERE b.appointment_type = 'emergency'
    -- consultation
    UNION ALL SELECT 'D0150' WHERE b.appointment_type = 'consultation'
    UNION ALL SELECT 'D0210' WHERE b.appointment_type = 'consultation' AND (b.role = 'orthodontist' OR b.g % 5 = 0)
) v
JOIN procedures pr ON pr.procedure_code = v.code;

-- one invoice per completed appointment
INSERT INTO invoices
SELECT row_number() OVER (ORDER BY a.appointment_id),
       'INV-' || to_char(a.scheduled_at, 'YYYY') || '-' || lpad(a.appointment_id::text, 5, '0'),
       a.appointment_id,
       a.scheduled_at::date,
       a.scheduled_at::date + 30,
       t.total,
       NULL, NULL
FROM appointments a
JOIN (SELECT appointment_id, sum(fee_charged) AS total FROM appointment_procedures GROUP BY appointment_id) t
  ON t.appointment_id = a.appointment_id
WHERE a.status = 'completed';

UPDATE invoices
SET paid_on = issued_on + (invoice_id % 27),
    payment_method = (ARRAY['card','card','cash','bank_transfer','card','check'])[invoice_id % 6 + 1]
WHERE invoice_id % 19 <> 0
  AND issued_on + (invoice_id % 27) <= date '2025-06-30';

-- insurance claims for insured patients
INSERT INTO insurance_claims (claim_id, invoice_id, insurer_name, submitted_on, claimed_amount, status)
SELECT row_number() OVER (ORDER BY i.invoice_id),
       i.invoice_id,
       p.insurance_provider,
       i.issued_on + 2,
       round(i.total_amount * 0.80, 2),
       'pending'
FROM invoices i
JOIN appointments a ON a.appointment_id = i.appointment_id
JOIN patients p ON p.patient_id = a.patient_id
WHERE p.insurance_provider IS NOT NULL;

UPDATE insurance_claims
SET status = CASE WHEN claim_id % 10 = 0 THEN 'denied'
                  WHEN claim_id % 10 = 3 THEN 'partially_approved'
                  ELSE 'approved' END,
    decided_on = submitted_on + 10 + claim_id % 20
WHERE submitted_on + 10 + claim_id % 20 <= date '2025-06-30';

UPDATE insurance_claims
SET approved_amount = CASE status WHEN 'denied' THEN 0
                                  WHEN 'partially_approved' THEN round(claimed_amount * 0.5, 2)
                                  ELSE claimed_amount END,
    denial_reason = CASE WHEN status = 'denied'
                         THEN (ARRAY['frequency limit exceeded','not a covered service','missing documentation'])[claim_id % 3 + 1] END
WHERE status <> 'pending';
