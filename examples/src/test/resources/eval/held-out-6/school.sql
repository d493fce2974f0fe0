-- school: a small school district, made up for held-out set 6.
-- Data is as of 2025-10-15 (the 2025-fall term is in progress, so its final scores are NULL).
-- Deterministic: generate_series and fixed arithmetic only.

CREATE TABLE schools (
  id           integer PRIMARY KEY,
  name         text NOT NULL,
  town         text NOT NULL,
  founded_year integer
);

CREATE TABLE teachers (
  id         integer PRIMARY KEY,
  school_id  integer NOT NULL REFERENCES schools(id),
  first_name text NOT NULL,
  last_name  text NOT NULL,
  subject    text NOT NULL,
  hired_on   date NOT NULL,
  full_time  boolean NOT NULL
);

CREATE TABLE students (
  id             integer PRIMARY KEY,
  school_id      integer NOT NULL REFERENCES schools(id),
  first_name     text NOT NULL,
  last_name      text NOT NULL,
  grade_level    integer NOT NULL CHECK (grade_level BETWEEN 1 AND 12),
  birth_date     date NOT NULL,
  home_town      text NOT NULL,
  guardian_email text
);

CREATE TABLE courses (
  id            integer PRIMARY KEY,
  school_id     integer NOT NULL REFERENCES schools(id),
  teacher_id    integer NOT NULL REFERENCES teachers(id),
  co_teacher_id integer REFERENCES teachers(id),
  title         text NOT NULL,
  subject       text NOT NULL
);

CREATE TABLE enrollments (
  student_id  integer NOT NULL REFERENCES students(id),
  course_id   integer NOT NULL REFERENCES courses(id),
  term        text NOT NULL,
  final_score integer,
  PRIMARY KEY (student_id, course_id, term)
);

CREATE TABLE absences (
  id         integer PRIMARY KEY,
  student_id integer NOT NULL REFERENCES students(id),
  absent_on  date NOT NULL,
  excused    boolean NOT NULL,
  UNIQUE (student_id, absent_on)
);

INSERT INTO schools VALUES
  (1, 'Oakridge High',         'Millbrook', 1962),
  (2, 'Cedar Valley Middle',   'Ashton',    1985),
  (3, 'Riverside Elementary',  'Millbrook', NULL),
  (4, 'Hillcrest High',        'Denfield',  1974),
  (5, 'Lakeside Academy',      'Portwell',  2003),
  (6, 'Pinecrest Elementary',  'Ashton',    1991);

-- 36 teachers; teacher 36 teaches no course (neither as teacher nor as co-teacher).
INSERT INTO teachers
SELECT i,
       (i - 1) % 6 + 1,
       (ARRAY['Anna','Ben','Clara','David','Elena','Frank','Grace','Hugo','Irene','James','Karin','Leo'])[1 + (i * 5) % 12],
       (ARRAY['Abbott','Brennan','Castillo','Dunn','Eriksen','Fischer','Garcia','Holm','Ito','Jensen','Kowalski','Lund',
              'Moreau','Novak','Olsen','Park','Quinn','Rossi'])[1 + (i * 7) % 18],
       (ARRAY['Mathematics','English','Science','History','Art','Music','Physical Education','Spanish'])[1 + (i - 1) % 8],
       date '2005-03-01' + ((i * 613) % 7300),
       i % 5 <> 0
FROM generate_series(1, 36) AS i;

-- 360 students, 60 a school.
INSERT INTO students
SELECT s,
       sc,
       (ARRAY['Maya','Liam','Noah','Emma','Olivia','Lucas','Sofia','Ethan','Mia','Oscar','Ava','Finn','Zoe','Jonas',
              'Lily','Aaron','Nora','Felix','Ella','Hannah'])[1 + s % 20],
       (ARRAY['Anders','Baker','Chen','Diaz','Evans','Flores','Gray','Hughes','Ivanova','Jones','Khan','Lopez','Meyer',
              'Nguyen','Ortiz','Patel','Reyes','Silva','Turner','Usman','Vance','Walsh','Xu','Young','Zimmer','Adler',
              'Bishop','Crane','Doyle','Engel'])[1 + (s / 20) % 30],
       g,
       make_date(2019 - g, 1 + s % 12, 1 + s % 28),
       CASE WHEN s % 7 = 0 THEN 'Greenvale'
            WHEN s % 11 = 0 THEN 'Millbrook'
            ELSE (SELECT town FROM schools WHERE id = sc) END,
       CASE WHEN s % 9 = 0 THEN NULL
            ELSE 'guardian' || s || '@mail.example' END
FROM (SELECT s, (s - 1) % 6 + 1 AS sc,
             CASE (s - 1) % 6 + 1
               WHEN 1 THEN 9 + (s / 6) % 4
               WHEN 4 THEN 9 + (s / 6) % 4
               WHEN 2 THEN 6 + (s / 6) % 3
               WHEN 5 THEN 1 + (s / 6) % 12
               ELSE 1 + (s / 6) % 5 END AS g
      FROM generate_series(1, 360) AS s) x;

-- 48 courses taught by teachers 1..35; every 4th course has a co-teacher from the same school.
INSERT INTO courses
SELECT c,
       t.school_id,
       t.id,
       CASE WHEN c % 4 = 0 THEN CASE WHEN t.id + 6 <= 35 THEN t.id + 6 ELSE t.id - 6 END END,
       (CASE t.subject
          WHEN 'Mathematics' THEN ARRAY['Algebra','Geometry','Statistics']
          WHEN 'English' THEN ARRAY['Literature','Creative Writing','Grammar']
          WHEN 'Science' THEN ARRAY['Biology','Chemistry','Physics']
          WHEN 'History' THEN ARRAY['World History','Local History','Civics']
          WHEN 'Art' THEN ARRAY['Drawing','Painting','Art']
          WHEN 'Music' THEN ARRAY['Music','Choir','Band']
          WHEN 'Physical Education' THEN ARRAY['Fitness','Team Sports','Swimming']
          ELSE ARRAY['Spanish','Spanish Conversation','Spanish Literature'] END)[1 + (c * 7) % 3],
       t.subject
FROM generate_series(1, 48) AS c
JOIN teachers t ON t.id = (c - 1) % 35 + 1;

-- Each student takes (usually) two courses of their own school in most terms.
INSERT INTO enrollments
SELECT st.id, sc.course_id, tm.term,
       CASE WHEN tm.term = '2025-fall' THEN NULL
            WHEN (st.id * sc.course_id) % 97 = 0 THEN NULL
            ELSE 50 + (st.id * 13 + sc.course_id * 7 + tm.k * 5) % 51 END
FROM students st
CROSS JOIN (VALUES (1, '2023-fall'), (2, '2024-spring'), (3, '2024-fall'), (4, '2025-spring'), (5, '2025-fall'))
           AS tm(k, term)
JOIN (SELECT id AS course_id, school_id,
             row_number() OVER (PARTITION BY school_id ORDER BY id) - 1 AS rn,
             count(*) OVER (PARTITION BY school_id) AS n
      FROM courses) sc
  ON sc.school_id = st.school_id
 AND (sc.rn = (st.id + tm.k) % sc.n OR sc.rn = (st.id + tm.k + 3) % sc.n)
WHERE (st.id + tm.k) % 6 <> 0
  AND (st.id * 3 + sc.course_id * 5 + tm.k) % 11 <> 0;

-- Absences: 1 to 5 per student, except every 8th student, who has none.
INSERT INTO absences
SELECT row_number() OVER (ORDER BY s, n),
       s,
       date '2023-09-04' + ((s * 37 + n * 131) % 780),
       (s + n) % 3 <> 0
FROM generate_series(1, 360) AS s
CROSS JOIN generate_series(0, 4) AS n
WHERE n <= (s * 7 + s / 11) % 5 AND s % 8 <> 0;
