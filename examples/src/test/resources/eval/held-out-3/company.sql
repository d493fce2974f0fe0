-- Held-out set 3: a company's HR and payroll (departments, employees, salary history, projects, assignments).
-- Deterministic: every value comes from generate_series and fixed arithmetic. Data is as of 2025-06-30.

CREATE TABLE departments (
    id            integer PRIMARY KEY,
    name          text NOT NULL UNIQUE,
    city          text NOT NULL,
    annual_budget numeric(12,2) NOT NULL,
    founded_on    date NOT NULL
);

INSERT INTO departments VALUES
    (1, 'Engineering',      'Berlin', 4200000, '2011-04-01'),
    (2, 'Sales',            'Madrid', 2100000, '2011-04-01'),
    (3, 'Marketing',        'Lyon',   1350000, '2013-09-15'),
    (4, 'Finance',          'Berlin',  900000, '2011-04-01'),
    (5, 'Human Resources',  'Lyon',    650000, '2014-02-01'),
    (6, 'Customer Support', 'Lisbon', 1100000, '2015-06-01'),
    (7, 'Legal',            'Madrid',  700000, '2019-01-10');

CREATE TABLE employees (
    id            integer PRIMARY KEY,
    first_name    text NOT NULL,
    last_name     text NOT NULL,
    email         text NOT NULL UNIQUE,
    phone         text,
    birth_date    date NOT NULL,
    department_id integer NOT NULL REFERENCES departments(id),
    job_title     text NOT NULL,
    manager_id    integer REFERENCES employees(id),
    mentor_id     integer REFERENCES employees(id),
    hire_date     date NOT NULL,
    leave_date    date,
    home_city     text NOT NULL,
    is_remote     boolean NOT NULL
);

-- Employees 1-7 head departments 1-7; the others are spread over departments unevenly.
INSERT INTO employees (id, first_name, last_name, email, phone, birth_date, department_id, job_title,
                       hire_date, leave_date, home_city, is_remote)
SELECT id,
       fn,
       ln,
       lower(fn) || '.' || lower(ln) || '@example-corp.com',
       CASE WHEN id % 6 = 5 THEN NULL ELSE '+34 91 555 ' || lpad((id * 37 % 10000)::text, 4, '0') END,
       date '1965-01-01' + (id * 613 % 12000),
       dept,
       CASE
           WHEN id <= 7 THEN 'Head of Department'
           WHEN dept = 1 AND id IN (18, 20) THEN 'Team Lead'
           WHEN dept = 1 AND id % 5 = 0 THEN 'Senior Engineer'
           WHEN dept = 1 THEN 'Engineer'
           WHEN dept = 2 AND id % 4 = 0 THEN 'Account Manager'
           WHEN dept = 2 THEN 'Sales Representative'
           WHEN dept = 3 AND id % 3 = 0 THEN 'Analyst'
           WHEN dept = 3 THEN 'Marketing Specialist'
           WHEN dept = 4 AND id % 2 = 0 THEN 'Analyst'
           WHEN dept = 4 THEN 'Accountant'
           WHEN dept = 5 AND id % 3 = 0 THEN 'HR Partner'
           WHEN dept = 5 THEN 'Recruiter'
           WHEN dept = 6 THEN 'Support Agent'
           WHEN id % 2 = 0 THEN 'Lawyer'
           ELSE 'Paralegal'
       END,
       hired,
       CASE WHEN id > 7 AND id % 9 = 4 AND hired + 500 + (id * 37 % 400) <= date '2025-06-30'
            THEN hired + 500 + (id * 37 % 400) END,
       CASE WHEN remote THEN (ARRAY['Porto', 'Hamburg', 'Lyon', 'Valencia', 'Berlin'])[1 + id % 5]
            ELSE (SELECT city FROM departments d WHERE d.id = dept) END,
       remote
FROM (
    SELECT id,
           (ARRAY['Anna','Ben','Clara','David','Elena','Felix','Grace','Hugo','Ines','Jonas',
                  'Karin','Luis','Maria','Nico','Olivia','Pablo','Rosa','Samuel','Theo','Vera'])[1 + id % 20] AS fn,
           (ARRAY['Almeida','Bauer','Costa','Dubois','Engel','Fischer','Garcia','Hoffmann','Iglesias','Jansen',
                  'Keller','Lefevre','Martin','Novak','Ortega','Petit','Quintana','Richter','Santos','Torres',
                  'Urban','Vogel','Weber'])[1 + id * 7 % 23] AS ln,
           dept,
           CASE WHEN id <= 7 THEN (SELECT founded_on FROM departments d WHERE d.id = dept)
                ELSE date '2014-03-03' + ((id - 8) * 33 + id * 11 % 17) END AS hired,
           id % 4 = 1 AND dept <> 7 AND id > 7 AS remote
    FROM (
        SELECT id,
               CASE
                   WHEN id <= 7 THEN id
                   WHEN id IN (23, 57) THEN 6
                   WHEN id = 47 THEN 7
                   WHEN id % 17 <= 5 THEN 1
                   WHEN id % 17 <= 8 THEN 2
                   WHEN id % 17 <= 10 THEN 6
                   WHEN id % 17 <= 12 THEN 3
                   WHEN id % 17 <= 14 THEN 4
                   WHEN id % 17 = 15 THEN 5
                   ELSE 7
               END AS dept
        FROM generate_series(1, 120) AS id
    ) spread
) named;

-- Managers: heads have none; engineering staff report to one of the two team leads or the head; everyone else to their head.
UPDATE employees e SET manager_id = CASE
        WHEN e.id <= 7 THEN NULL
        WHEN e.job_title = 'Team Lead' THEN 1
        WHEN e.department_id = 1 AND e.id % 3 = 0 THEN 18
        WHEN e.department_id = 1 AND e.id % 3 = 1 THEN 20
        ELSE e.department_id
    END;

-- Mentors: about two in five employees have a mentor hired before them, from any department.
UPDATE employees e SET mentor_id = 8 + (e.id * 7 % 25)
WHERE e.id % 5 IN (1, 3) AND 8 + (e.id * 7 % 25) < e.id;
-- Nico Jansen (9) volunteers for three more.
UPDATE employees SET mentor_id = 9 WHERE id IN (52, 77, 110) AND mentor_id IS NULL;

CREATE TABLE salaries (
    id            serial PRIMARY KEY,
    employee_id   integer NOT NULL REFERENCES employees(id),
    annual_amount numeric(10,2) NOT NULL,
    valid_from    date NOT NULL,
    valid_to      date  -- NULL while the salary is the current one
);

-- A raise every two years after hiring; the last row of a leaver ends on the leave date.
INSERT INTO salaries (employee_id, annual_amount, valid_from, valid_to)
SELECT e.id,
       round((CASE e.job_title
                  WHEN 'Head of Department'   THEN 120000
                  WHEN 'Team Lead'            THEN 90000
                  WHEN 'Senior Engineer'      THEN 82000
                  WHEN 'Engineer'             THEN 64000
                  WHEN 'Analyst'              THEN 58000
                  WHEN 'Account Manager'      THEN 60000
                  WHEN 'Sales Representative' THEN 45000
                  WHEN 'Support Agent'        THEN 38000
                  WHEN 'Marketing Specialist' THEN 50000
                  WHEN 'Accountant'           THEN 52000
                  WHEN 'Recruiter'            THEN 47000
                  WHEN 'HR Partner'           THEN 55000
                  WHEN 'Lawyer'               THEN 78000
                  ELSE 42000
              END + (e.id * 137 % 40) * 250) * (1 + 0.05 * k)),
       e.hire_date + k * 730,
       CASE WHEN e.hire_date + (k + 1) * 730 <= coalesce(e.leave_date, date '2025-06-30')
                 AND k < 4
            THEN e.hire_date + (k + 1) * 730 - 1
            ELSE e.leave_date END
FROM employees e
CROSS JOIN generate_series(0, 4) AS k
WHERE e.hire_date + k * 730 <= coalesce(e.leave_date, date '2025-06-30')
ORDER BY e.id, k;

CREATE TABLE projects (
    id            integer PRIMARY KEY,
    name          text NOT NULL UNIQUE,
    department_id integer NOT NULL REFERENCES departments(id),
    lead_id       integer NOT NULL REFERENCES employees(id),
    status        text NOT NULL CHECK (status IN ('planned', 'active', 'on hold', 'completed', 'cancelled')),
    start_date    date NOT NULL,
    end_date      date,  -- NULL while not finished
    budget        numeric(12,2)  -- NULL when not approved yet
);

INSERT INTO projects VALUES
    ( 1, 'Atlas',      1, 18, 'completed', '2019-02-11', '2020-06-30',  480000),
    ( 2, 'Beacon',     1, 20, 'active',    '2023-03-01', NULL,          750000),
    ( 3, 'Cobalt',     1,  1, 'completed', '2021-05-17', '2022-11-30',  320000),
    ( 4, 'Delta',      2,  2, 'active',    '2024-01-08', NULL,          210000),
    ( 5, 'Ember',      3,  3, 'completed', '2020-09-01', '2021-03-31',   95000),
    ( 6, 'Falcon',     3,  3, 'on hold',   '2023-10-02', NULL,          140000),
    ( 7, 'Glacier',    4,  4, 'completed', '2018-04-03', '2019-01-31',   60000),
    ( 8, 'Harbor',     6,  6, 'active',    '2024-06-03', NULL,          180000),
    ( 9, 'Ion',        1, 18, 'cancelled', '2022-02-14', '2022-08-31',  260000),
    (10, 'Juniper',    5,  5, 'completed', '2022-01-10', '2022-12-16',   45000),
    (11, 'Keystone',   2,  2, 'on hold',   '2023-05-22', NULL,          120000),
    (12, 'Lumen',      1, 20, 'active',    '2024-09-16', NULL,          560000),
    (13, 'Meridian',   4,  4, 'active',    '2025-01-13', NULL,           85000),
    (14, 'Nimbus',     6,  6, 'completed', '2021-11-01', '2023-02-28',  150000),
    (15, 'Orion',      3,  3, 'planned',   '2025-09-01', NULL,            NULL);

CREATE TABLE assignments (
    employee_id    integer NOT NULL REFERENCES employees(id),
    project_id     integer NOT NULL REFERENCES projects(id),
    role           text NOT NULL,
    hours_per_week integer NOT NULL,
    assigned_on    date NOT NULL,
    PRIMARY KEY (employee_id, project_id)
);

-- Staff (not heads) work on one or two of projects 1-14 that ran while they were employed.
INSERT INTO assignments (employee_id, project_id, role, hours_per_week, assigned_on)
SELECT employee_id, project_id, role, hours_per_week, assigned_on
FROM (
    SELECT e.id AS employee_id,
           p.id AS project_id,
           CASE
               WHEN e.job_title IN ('Engineer', 'Senior Engineer') AND e.id % 7 = 3 THEN 'Analyst'
               WHEN e.job_title IN ('Engineer', 'Senior Engineer') AND e.id % 5 = 2 THEN 'Tester'
               WHEN e.job_title IN ('Engineer', 'Senior Engineer', 'Team Lead') THEN 'Developer'
               WHEN e.job_title = 'Analyst' THEN 'Analyst'
               ELSE 'Coordinator'
           END AS role,
           8 + (e.id * 3 + p.id) % 5 * 4 AS hours_per_week,
           greatest(p.start_date, e.hire_date) + e.id % 20 AS assigned_on,
           e.id % 4 = 0 AS takes_two,
           row_number() OVER (PARTITION BY e.id ORDER BY (p.id * 7 + e.id * 4) % 15, p.id) AS pick
    FROM employees e
    JOIN projects p
      ON p.id <= 14
     AND e.hire_date + 30 < coalesce(p.end_date, date '2025-06-30')
     AND coalesce(e.leave_date, date '2025-06-30') > p.start_date + 30
    WHERE e.id > 7 AND e.id % 3 <> 0
) eligible
WHERE pick = 1 OR (pick = 2 AND takes_two);
