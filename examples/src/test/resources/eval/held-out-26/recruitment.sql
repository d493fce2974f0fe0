-- Recruitment: client companies, vacancies, candidates and their skills, applications, interviews and placements of Northgate Talent, a recruitment agency. Data as of 2025-09-30.

CREATE TABLE client_companies (
    company_id          integer PRIMARY KEY,
    company_name        text NOT NULL UNIQUE,
    industry            text NOT NULL CHECK (industry IN ('finance', 'healthcare', 'technology', 'retail', 'manufacturing', 'logistics')),
    city                text NOT NULL,
    account_manager     text NOT NULL,
    contract_signed_on  date NOT NULL,
    fee_percent         numeric(4,1) NOT NULL,   -- placement fee as % of first-year salary
    is_active           boolean NOT NULL
);

CREATE TABLE vacancies (
    vacancy_id      integer PRIMARY KEY,
    company_id      integer NOT NULL REFERENCES client_companies(company_id),
    job_title       text NOT NULL,
    department      text NOT NULL,
    employment_type text NOT NULL CHECK (employment_type IN ('permanent', 'fixed_term', 'contract')),
    salary_min      integer NOT NULL,
    salary_max      integer NOT NULL,
    is_remote       boolean NOT NULL,
    opened_on       date NOT NULL,
    status          text NOT NULL CHECK (status IN ('open', 'on_hold', 'filled', 'cancelled')),
    closed_on       date                      -- NULL = still open or on hold
);

CREATE TABLE candidates (
    candidate_id         integer PRIMARY KEY,
    first_name           text NOT NULL,
    last_name            text NOT NULL,
    email                text NOT NULL UNIQUE,
    city                 text NOT NULL,
    years_experience     integer NOT NULL,
    current_salary       integer,             -- NULL = not disclosed
    source               text NOT NULL CHECK (source IN ('job_board', 'linkedin', 'referral', 'website')),
    open_to_relocation   boolean NOT NULL,
    registered_on        date NOT NULL
);

CREATE TABLE skills (
    skill_id    integer PRIMARY KEY,
    skill_name  text NOT NULL UNIQUE,
    category    text NOT NULL CHECK (category IN ('technical', 'commercial', 'professional', 'language'))
);

CREATE TABLE candidate_skills (
    candidate_id  integer NOT NULL REFERENCES candidates(candidate_id),
    skill_id      integer NOT NULL REFERENCES skills(skill_id),
    proficiency   text NOT NULL CHECK (proficiency IN ('basic', 'intermediate', 'expert')),
    PRIMARY KEY (candidate_id, skill_id)
);

CREATE TABLE applications (
    application_id   integer PRIMARY KEY,
    vacancy_id       integer NOT NULL REFERENCES vacancies(vacancy_id),
    candidate_id     integer NOT NULL REFERENCES candidates(candidate_id),
    applied_on       date NOT NULL,
    stage            text NOT NULL CHECK (stage IN ('applied', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn')),
    stage_updated_on date NOT NULL,
    rejection_reason text,                    -- NULL unless stage = 'rejected'
    UNIQUE (vacancy_id, candidate_id)
);

CREATE TABLE interviews (
    interview_id     integer PRIMARY KEY,
    application_id   integer NOT NULL REFERENCES applications(application_id),
    round_number     integer NOT NULL,
    interview_type   text NOT NULL CHECK (interview_type IN ('phone', 'video', 'onsite', 'technical')),
    scheduled_at     timestamp NOT NULL,
    interviewer_name text NOT NULL,
    score            integer CHECK (score BETWEEN 1 AND 10)   -- NULL = not held yet
);

CREATE TABLE placements (
    placement_id       integer PRIMARY KEY,
    application_id     integer NOT NULL UNIQUE REFERENCES applications(application_id),
    start_date         date NOT NULL,
    agreed_salary      integer NOT NULL,
    fee_amount         numeric(10,2) NOT NULL,
    invoiced_on        date,                  -- NULL = not invoiced yet (invoice goes out on start date)
    paid_on            date,                  -- NULL = fee not paid yet
    guarantee_days     integer NOT NULL
);

INSERT INTO client_companies VALUES
 (1,  'Albion Capital Partners',   'finance',       'London',     'Priya Shah',    '2022-03-14', 20.0, true),
 (2,  'Brightwell Health',         'healthcare',    'Manchester', 'Tom Fletcher',  '2022-05-02', 18.0, true),
 (3,  'Cobalt Systems',            'technology',    'Leeds',      'Aisha Bello',   '2022-06-20', 22.0, true),
 (4,  'Dunmore Retail Group',      'retail',        'Birmingham', 'Gareth Lewis',  '2022-07-11', 15.0, true),
 (5,  'Ember Foods',               'manufacturing', 'Preston',    'Tom Fletcher',  '2022-09-05', 16.5, true),
 (6,  'Fernhill Insurance',        'finance',       'Bristol',    'Priya Shah',    '2022-10-17', 20.0, true),
 (7,  'Granite Data',              'technology',    'London',     'Aisha Bello',   '2022-11-28', 25.0, true),
 (8,  'Holloway Medical',          'healthcare',    'Leeds',      'Tom Fletcher',  '2023-01-09', 18.0, true),
 (9,  'Ironbridge Engineering',    'manufacturing', 'Birmingham', 'Gareth Lewis',  '2023-02-06', 17.5, true),
 (10, 'Juniper Logistics',         'logistics',     'Preston',    'Gareth Lewis',  '2023-03-20', 15.0, true),
 (11, 'Kingsway Bank',             'finance',       'London',     'Priya Shah',    '2023-04-03', 21.0, true),
 (12, 'Lumen Software',            'technology',    'Manchester', 'Aisha Bello',   '2023-05-15', 23.0, true),
 (13, 'Marlow & Finch',            'retail',        'London',     'Gareth Lewis',  '2023-06-26', 15.5, false),
 (14, 'Northstar Freight',         'logistics',     'Glasgow',    'Tom Fletcher',  '2023-08-07', 16.0, true),
 (15, 'Oakridge Pharmacy',         'healthcare',    'Bristol',    'Priya Shah',    '2023-09-18', 18.5, true),
 (16, 'Pennine Components',        'manufacturing', 'Leeds',      'Gareth Lewis',  '2023-10-30', 17.0, true),
 (17, 'Quarry Lane Studios',       'technology',    'Bristol',    'Aisha Bello',   '2024-01-08', 24.0, true),
 (18, 'Redgate Wealth',           'finance',       'Manchester', 'Priya Shah',    '2024-02-19', 20.5, true),
 (19, 'Saltmarsh Stores',          'retail',        'Glasgow',    'Tom Fletcher',  '2024-04-01', 14.0, false),
 (20, 'Thornbury Care Homes',      'healthcare',    'Preston',    'Tom Fletcher',  '2024-05-13', 17.0, true),
 (21, 'Umber Analytics',           'technology',    'Reading',    'Aisha Bello',   '2024-07-22', 25.0, true),
 (22, 'Vale Haulage',              'logistics',     'Birmingham', 'Gareth Lewis',  '2024-09-09', 15.0, true),
 (23, 'Westfield Clinics',         'healthcare',    'Reading',    'Priya Shah',    '2024-11-04', 19.0, true),
 (24, 'Harbourside Dental Group',  'healthcare',    'Glasgow',    'Tom Fletcher',  '2025-08-18', 18.0, true),
 (25, 'Kestrel Aerospace',         'manufacturing', 'Bristol',    'Gareth Lewis',  '2025-09-08', 20.0, true);

-- Vacancies: 120, opened every 8 days from January 2023; companies 24 and 25 have none yet.
INSERT INTO vacancies (vacancy_id, company_id, job_title, department, employment_type, salary_min, salary_max, is_remote, opened_on, status, closed_on)
SELECT v,
       ((v * 7) % 23) + 1,
       t.job_title,
       t.department,
       CASE WHEN v % 6 = 0 THEN 'contract' WHEN v % 9 = 4 THEN 'fixed_term' ELSE 'permanent' END,
       t.base + (v % 5) * 1000,
       t.base + (v % 5) * 1000 + 8000 + (v % 3) * 2000,
       t.department IN ('Engineering', 'Data') AND v % 2 = 0,
       date '2023-01-09' + v * 8,
       'open',
       NULL
FROM generate_series(1, 120) AS v
JOIN (VALUES
  (0,  'Software Engineer',        'Engineering', 52000),
  (1,  'Accountant',               'Finance',     41000),
  (2,  'Registered Nurse',         'Clinical',    33000),
  (3,  'Sales Executive',          'Sales',       28000),
  (4,  'Data Analyst',             'Data',        38000),
  (5,  'Warehouse Supervisor',     'Operations',  29000),
  (6,  'HR Advisor',               'People',      34000),
  (7,  'Marketing Manager',        'Marketing',   47000),
  (8,  'Senior Software Engineer', 'Engineering', 68000),
  (9,  'Payroll Officer',          'Finance',     30000),
  (10, 'Store Manager',            'Operations',  36000),
  (11, 'Account Manager',          'Sales',       35000),
  (12, 'Data Engineer',            'Data',        58000)
) AS t(k, job_title, department, base) ON t.k = v % 13;

-- Candidates: 480 who have applied at least once, 20 registered in September 2025 with no applications.
INSERT INTO candidates (candidate_id, first_name, last_name, email, city, years_experience, current_salary, source, open_to_relocation, registered_on)
SELECT c,
       fn[(c * 7) % 23 + 1],
       ln[(c * 11) % 29 + 1],
       lower(fn[(c * 7) % 23 + 1]) || '.' || lower(ln[(c * 11) % 29 + 1]) || c || '@mail.example',
       CASE WHEN (c * 53) % 100 < 22 THEN 'Manchester' WHEN (c * 53) % 100 < 40 THEN 'London'
            WHEN (c * 53) % 100 < 53 THEN 'Leeds' WHEN (c * 53) % 100 < 63 THEN 'Birmingham'
            WHEN (c * 53) % 100 < 70 THEN 'Preston' WHEN (c * 53) % 100 < 79 THEN 'Bristol'
            WHEN (c * 53) % 100 < 85 THEN 'Liverpool' WHEN (c * 53) % 100 < 89 THEN 'Glasgow'
            ELSE 'Sheffield' END,
       (c * 13) % 22 + 1,
       CASE WHEN c % 7 = 3 THEN NULL ELSE 24000 + ((c * 13) % 22) * 1900 + (c % 10) * 250 END,
       CASE WHEN c % 10 < 4 THEN 'job_board' WHEN c % 10 < 7 THEN 'linkedin' WHEN c % 10 < 9 THEN 'referral' ELSE 'website' END,
       c % 3 = 0,
       CASE WHEN c <= 480 THEN date '2022-10-03' + (c * 2) ELSE date '2025-09-01' + (c - 481) END
FROM generate_series(1, 500) AS c,
     (SELECT ARRAY['Amara','Ben','Chloe','Dev','Ellie','Finn','Gemma','Harvey','Imran','Jade','Kieran','Laura',
                   'Mohammed','Nina','Owen','Phoebe','Rory','Sana','Tariq','Una','Vikram','Wendy','Yusuf'] AS fn,
             ARRAY['Patel','Murphy','Khan','Lewis','Preston','Bennett','Ali','Campbell','Stewart','Price',
                   'Hussain','Kelly','Gray','Chapman','Reid','Fox','Moss','Barker','Dixon','Holt',
                   'Nash','Burke','Sutton','Pearce','Lowe','Rahman','Doyle','Fisher','Quinn'] AS ln) AS lists;

UPDATE candidates SET first_name = 'Marguerite', last_name = 'Okonjo', email = 'm.okonjo@mail.example' WHERE candidate_id = 77;
UPDATE candidates SET first_name = 'Lachlan', last_name = 'Drummond', email = 'lachlan.drummond@mail.example' WHERE candidate_id = 203;

INSERT INTO skills VALUES
 (1, 'Python', 'technical'), (2, 'SQL', 'technical'), (3, 'Java', 'technical'), (4, 'Excel', 'technical'),
 (5, 'Sales', 'commercial'), (6, 'Negotiation', 'commercial'), (7, 'Account Management', 'commercial'),
 (8, 'Project Management', 'professional'), (9, 'Bookkeeping', 'professional'), (10, 'Patient Care', 'professional'),
 (11, 'Forklift Licence', 'professional'), (12, 'Recruitment', 'professional'), (13, 'French', 'language'),
 (14, 'German', 'language'), (15, 'Power BI', 'technical'), (16, 'Mandarin', 'language');

-- 1 to 4 skills per candidate; nobody has listed Mandarin.
INSERT INTO candidate_skills (candidate_id, skill_id, proficiency)
SELECT c, ((c * 4 + j * 7) % 15) + 1,
       CASE WHEN (c * c + j * j * 3 + c / 3) % 7 < 3 THEN 'intermediate' WHEN (c * c + j * j * 3 + c / 3) % 7 < 5 THEN 'basic' ELSE 'expert' END
FROM generate_series(1, 500) AS c
CROSS JOIN LATERAL generate_series(1, 1 + c % 4) AS j;

-- Applications: 6 to 14 per vacancy, except the three newest vacancies, which have none yet.
-- A vacancy is cancelled when vacancy_id % 11 = 0, on hold when vacancy_id % 17 = 0,
-- open when opened after 2025-06-30, and filled otherwise (applicant number 1 + vacancy_id % 4 is hired).
CREATE TEMP TABLE app_gen AS
SELECT v.vacancy_id, k,
       ((v.vacancy_id * 41 + k * 67) % 480) + 1 AS candidate_id,
       v.opened_on + k * 3 + v.vacancy_id % 5 AS applied_on,
       CASE WHEN v.vacancy_id % 11 = 0 THEN 'cancelled'
            WHEN v.vacancy_id % 17 = 0 THEN 'on_hold'
            WHEN v.opened_on > date '2025-06-30' THEN 'open'
            ELSE 'filled' END AS vac_status
FROM vacancies v
CROSS JOIN LATERAL generate_series(1, 6 + v.vacancy_id % 9) AS k
WHERE v.vacancy_id <= 117;

DELETE FROM app_gen WHERE applied_on > date '2025-09-30';

INSERT INTO applications (application_id, vacancy_id, candidate_id, applied_on, stage, stage_updated_on, rejection_reason)
SELECT row_number() OVER (ORDER BY applied_on, vacancy_id, k),
       vacancy_id, candidate_id, applied_on, stage,
       least(date '2025-09-30', applied_on + CASE stage WHEN 'applied' THEN 0 WHEN 'screening' THEN 4 WHEN 'interview' THEN 10
                                                    WHEN 'offer' THEN 24 WHEN 'hired' THEN 35 + (vacancy_id % 10) * 3
                                                    WHEN 'withdrawn' THEN 8 ELSE 6 + k % 15 END),
       CASE WHEN stage = 'rejected' THEN
            CASE WHEN vac_status = 'cancelled' THEN 'Vacancy cancelled'
                 WHEN (vacancy_id + k) % 4 = 0 THEN 'Failed interview'
                 WHEN (vacancy_id + k) % 4 = 1 THEN 'Insufficient experience'
                 WHEN (vacancy_id + k) % 4 = 2 THEN 'Salary expectations'
                 ELSE 'Position filled' END
       END
FROM (
    SELECT a.*,
           CASE WHEN vac_status = 'filled' AND k = 1 + vacancy_id % 4 THEN 'hired'
                WHEN vac_status IN ('filled', 'cancelled') THEN CASE WHEN k % 5 = 0 THEN 'withdrawn' ELSE 'rejected' END
                WHEN vac_status = 'on_hold' THEN CASE WHEN k % 3 = 0 THEN 'withdrawn' WHEN k % 3 = 1 THEN 'screening' ELSE 'rejected' END
                ELSE CASE (vacancy_id * 3 + k) % 8 WHEN 0 THEN 'applied' WHEN 1 THEN 'applied' WHEN 2 THEN 'screening'
                          WHEN 3 THEN 'interview' WHEN 4 THEN 'interview' WHEN 5 THEN 'offer'
                          WHEN 6 THEN 'rejected' ELSE 'withdrawn' END
           END AS stage
    FROM app_gen a
) s;

-- A candidate registers with the agency before their first application.
UPDATE candidates c SET registered_on = f.first_applied - (3 + c.candidate_id % 20)
  FROM (SELECT candidate_id, min(applied_on) AS first_applied FROM applications GROUP BY candidate_id) f
 WHERE f.candidate_id = c.candidate_id AND f.first_applied - (3 + c.candidate_id % 20) < c.registered_on;

-- Vacancy status and closing dates follow from the applications.
UPDATE vacancies v SET status = 'filled', closed_on = a.stage_updated_on
  FROM applications a WHERE a.vacancy_id = v.vacancy_id AND a.stage = 'hired';
UPDATE vacancies SET status = 'cancelled', closed_on = opened_on + 45 WHERE vacancy_id % 11 = 0 AND opened_on + 45 <= date '2025-09-30';
UPDATE vacancies SET status = 'on_hold' WHERE vacancy_id % 17 = 0 AND vacancy_id % 11 <> 0;

-- Interviews: hired and offer get two rounds, interview stage one round (not scored if in the future),
-- rejected 'Failed interview' one round, withdrawn candidates on filled vacancies one round if k is even.
INSERT INTO interviews (interview_id, application_id, round_number, interview_type, scheduled_at, interviewer_name, score)
SELECT row_number() OVER (ORDER BY scheduled_at, application_id, round_number),
       application_id, round_number, interview_type, scheduled_at, interviewer_name,
       CASE WHEN scheduled_at > timestamp '2025-09-30 18:00' THEN NULL ELSE score END
FROM (
    SELECT a.application_id, r AS round_number,
           CASE WHEN r = 1 THEN CASE WHEN a.application_id % 2 = 0 THEN 'phone' ELSE 'video' END
                WHEN v.department IN ('Engineering', 'Data') THEN 'technical' ELSE 'onsite' END AS interview_type,
           (CASE WHEN a.stage = 'interview' THEN a.applied_on + 40 + a.application_id % 10 ELSE a.applied_on + 6 + r * 9 END)::timestamp + ((9 + a.application_id % 8) * interval '1 hour') AS scheduled_at,
           (ARRAY['Priya Shah', 'Tom Fletcher', 'Aisha Bello', 'Gareth Lewis', 'Megan Doyle', 'Sam Okoro'])[(a.application_id + r) % 6 + 1] AS interviewer_name,
           CASE WHEN a.stage IN ('hired', 'offer') THEN 6 + (a.application_id + r) % 5
                WHEN a.stage = 'rejected' THEN 1 + a.application_id % 4
                ELSE 3 + a.application_id % 6 END AS score
    FROM applications a
    JOIN vacancies v ON v.vacancy_id = a.vacancy_id
    CROSS JOIN LATERAL generate_series(1, CASE WHEN a.stage IN ('hired', 'offer') THEN 2 ELSE 1 END) AS r
    WHERE a.stage IN ('hired', 'offer', 'interview')
       OR (a.stage = 'rejected' AND a.rejection_reason = 'Failed interview')
       OR (a.stage = 'withdrawn' AND v.status = 'filled' AND a.application_id % 2 = 0)
) i;

-- Placements: one per hired application. Start four, seven or ten weeks after the hire; invoice on the start date;
-- paid 21-50 days after the invoice, except every seventh placement, which is still unpaid.
INSERT INTO placements (placement_id, application_id, start_date, agreed_salary, fee_amount, invoiced_on, paid_on, guarantee_days)
SELECT row_number() OVER (ORDER BY a.stage_updated_on, a.application_id),
       a.application_id,
       a.stage_updated_on + 28 + (a.application_id % 3) * 21,
       v.salary_min + ((v.salary_max - v.salary_min) * (a.application_id % 5)) / 4,
       (v.salary_min + ((v.salary_max - v.salary_min) * (a.application_id % 5)) / 4) * c.fee_percent / 100,
       NULL, NULL,
       CASE WHEN v.employment_type = 'permanent' THEN 90 ELSE 30 END
FROM applications a
JOIN vacancies v ON v.vacancy_id = a.vacancy_id
JOIN client_companies c ON c.company_id = v.company_id
WHERE a.stage = 'hired';

UPDATE placements SET invoiced_on = start_date WHERE start_date <= date '2025-09-30';
UPDATE placements SET paid_on = invoiced_on + 21 + (placement_id * 3) % 30
 WHERE invoiced_on IS NOT NULL AND placement_id % 7 <> 0 AND invoiced_on + 21 + (placement_id * 3) % 30 <= date '2025-09-30';

DROP TABLE app_gen;
