-- Recruiting / HR system. Data as of 2025-12-31.
CREATE TABLE departments (
  department_id integer PRIMARY KEY,
  name text NOT NULL,
  location text NOT NULL
);
INSERT INTO departments VALUES
 (1,'Engineering','Germany'),
 (2,'Sales','Canada'),
 (3,'Marketing','Spain'),
 (4,'Finance','Germany'),
 (5,'Customer Support','India'),
 (6,'Legal','Ireland');

CREATE TABLE employees (
  employee_id integer PRIMARY KEY,
  full_name text NOT NULL,
  department_id integer NOT NULL REFERENCES departments(department_id),
  job_title text NOT NULL,
  hire_date date NOT NULL,
  manager_id integer REFERENCES employees(employee_id)
);
INSERT INTO employees
SELECT g,
       (ARRAY['Anna','Ben','Clara','David','Elif','Farid','Greta','Hugo','Ines','Jonas','Kira','Liam','Maya','Nils','Olga','Pedro'])[1 + (g*7) % 16]
       || ' ' ||
       (ARRAY['Becker','Novak','Silva','Kumar','Walsh','Moreau','Fischer','Okafor','Lindqvist','Rossi','Tanaka','Dubois'])[1 + (g*5) % 12],
       CASE WHEN g <= 6 THEN g ELSE 1 + (g*7 + g/5) % 6 END,
       CASE WHEN g <= 6 THEN 'Head of Department'
            ELSE (ARRAY['Data Engineer','Software Engineer','Account Executive','Recruiter','Analyst','Support Specialist','Software Engineer'])[1 + (g + g/4) % 7] END,
       DATE '2018-01-15' + (g * 53) % 2900,
       CASE WHEN g <= 6 THEN NULL ELSE 1 + (g*7 + g/5) % 6 END
FROM generate_series(1,48) g;

CREATE TABLE job_openings (
  opening_id integer PRIMARY KEY,
  department_id integer NOT NULL REFERENCES departments(department_id),
  title text NOT NULL,
  level text NOT NULL CHECK (level IN ('junior','mid','senior','lead')),
  opened_on date NOT NULL,
  closed_on date,
  salary_min integer NOT NULL,
  salary_max integer NOT NULL
);
INSERT INTO job_openings
SELECT g,
       1 + (g + g/6) % 6,
       (ARRAY['Data Engineer','Software Engineer','Account Executive','Marketing Manager','Financial Analyst','Support Specialist','Legal Counsel','Product Designer'])[1 + (g*3 + g/8) % 8],
       (ARRAY['junior','mid','senior','lead'])[l.lv],
       DATE '2024-01-08' + (g * 19) % 700,
       CASE WHEN g % 4 = 0 THEN NULL ELSE DATE '2024-01-08' + (g * 19) % 700 + 30 + (g*11) % 90 END,
       30000 + (l.lv - 1) * 15000 + (g % 5) * 1000,
       45000 + (l.lv - 1) * 20000 + (g % 5) * 1500
FROM generate_series(1,36) g
CROSS JOIN LATERAL (SELECT (ARRAY[1,2,3,4,2])[1 + (g + g/5) % 5] AS lv) l;

CREATE TABLE candidates (
  candidate_id integer PRIMARY KEY,
  full_name text NOT NULL,
  email text,
  country text NOT NULL,
  source_channel text NOT NULL,
  applied_date date NOT NULL
);
INSERT INTO candidates
SELECT g,
       (ARRAY['Alex','Bea','Carlos','Dana','Emil','Fatima','George','Hana','Ivan','Julia','Karim','Lena','Marco','Nora','Oscar','Priya','Quinn','Rosa','Sam','Tara'])[1 + (g*3) % 20]
       || ' ' ||
       (ARRAY['Meyer','Costa','Singh','Brown','Kowalski','Garcia','Nguyen','Schmidt','Oliveira','Murphy','Haas','Patel','Ortiz','Lee'])[1 + (g*11) % 14],
       CASE WHEN g % 9 = 0 THEN NULL ELSE 'cand' || g || '@mail.example' END,
       (ARRAY['Germany','Canada','Brazil','India','Poland','United States','Spain','Nigeria','India','Germany','Brazil'])[1 + (g*3 + g/10) % 11],
       (ARRAY['referral','linkedin','job board','agency','careers site','linkedin','job board','linkedin'])[1 + (g*3 + g/7) % 8],
       DATE '2024-01-10' + (g * 37) % 715
FROM generate_series(1,320) g;

CREATE TABLE applications (
  application_id integer PRIMARY KEY,
  candidate_id integer NOT NULL REFERENCES candidates(candidate_id),
  opening_id integer NOT NULL REFERENCES job_openings(opening_id),
  stage text NOT NULL CHECK (stage IN ('applied','screening','interview','offer','hired','rejected')),
  applied_at timestamp NOT NULL,
  rejected_reason text
);
INSERT INTO applications
SELECT g,
       x.cand,
       x.op,
       s.stage,
       (c.applied_date + time '09:00' + ((g*17) % 600) * interval '1 minute'),
       CASE WHEN s.stage = 'rejected' THEN
            CASE WHEN g % 11 = 0 THEN NULL
                 ELSE (ARRAY['not enough experience','salary expectations','failed technical test','position filled','withdrew'])[1 + (g*3) % 5] END
       END
FROM generate_series(1,460) g
CROSS JOIN LATERAL (SELECT 1 + floor(300 * power(((g*53) % 463) / 463.0, 1.3))::int AS cand,   -- candidates 301-320 never applied
                           1 + floor(35 * power(((g*37) % 461) / 461.0, 1.6))::int AS op      -- opening 36 has no applications
                   ) x
CROSS JOIN LATERAL (SELECT (ARRAY['applied','screening','interview','rejected','rejected','interview','offer','screening','rejected','hired','applied','rejected'])[1 + (g*5 + g/12) % 12] AS stage) s
JOIN candidates c ON c.candidate_id = x.cand;

CREATE TABLE interviews (
  interview_id integer PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(application_id),
  interviewer_id integer NOT NULL REFERENCES employees(employee_id),
  interview_date date NOT NULL,
  score integer CHECK (score BETWEEN 1 AND 5)
);
INSERT INTO interviews
SELECT row_number() OVER (ORDER BY a.application_id, k),
       a.application_id,
       7 + floor(40 * power(((a.application_id * 7 + k * 13) % 101) / 101.0, 1.5))::int,   -- employees 47 and 48 never interview
       a.applied_at::date + 7 + k * 6 + a.application_id % 5,
       CASE WHEN (a.application_id + k) % 13 = 0 THEN NULL ELSE 1 + (a.application_id * 7 + k * 3) % 5 END
FROM applications a
CROSS JOIN generate_series(1,3) k
WHERE a.stage IN ('interview','offer','hired','rejected')
  AND (k = 1 OR (k = 2 AND a.stage IN ('offer','hired','interview')) OR (k = 3 AND a.stage IN ('offer','hired')))
  AND NOT (a.stage = 'rejected' AND a.application_id % 2 = 0);
