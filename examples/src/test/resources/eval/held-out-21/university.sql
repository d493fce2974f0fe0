-- University: departments, instructors, courses, sections per term, students, enrolments.
-- Data as of 2025-11-15; the Fall 2025 term is ongoing (grades NULL).
CREATE TABLE departments (
  department_id integer PRIMARY KEY,
  name text NOT NULL,
  building text NOT NULL,
  annual_budget numeric(12,2)
);
CREATE TABLE instructors (
  instructor_id integer PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  department_id integer NOT NULL REFERENCES departments(department_id),
  academic_rank text NOT NULL,
  hire_date date NOT NULL,
  email text
);
CREATE TABLE courses (
  course_id integer PRIMARY KEY,
  course_code text NOT NULL UNIQUE,
  title text NOT NULL,
  department_id integer NOT NULL REFERENCES departments(department_id),
  credits integer NOT NULL,
  level text NOT NULL
);
CREATE TABLE sections (
  section_id integer PRIMARY KEY,
  course_id integer NOT NULL REFERENCES courses(course_id),
  term_season text NOT NULL,
  term_year integer NOT NULL,
  start_date date NOT NULL,
  instructor_id integer REFERENCES instructors(instructor_id),
  room text,
  capacity integer NOT NULL
);
CREATE TABLE students (
  student_id integer PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  program text NOT NULL,
  enrolment_year integer NOT NULL,
  email text
);
CREATE TABLE enrolments (
  student_id integer NOT NULL REFERENCES students(student_id),
  section_id integer NOT NULL REFERENCES sections(section_id),
  status text NOT NULL,
  grade numeric(4,1),
  PRIMARY KEY (student_id, section_id)
);

INSERT INTO departments VALUES
 (1, 'Computer Science', 'Turing Building', 2450000),
 (2, 'Mathematics', 'Noether Hall', 1380000),
 (3, 'Physics', 'Curie Hall', 1920000),
 (4, 'Biology', 'Darwin Hall', 1760000),
 (5, 'History', 'Gibbon House', 860000),
 (6, 'Economics', 'Keynes Building', 1210000),
 (7, 'English', 'Austen Hall', 790000),
 (8, 'Philosophy', 'Hume House', NULL);

-- 6 instructors per department 1-7 (ids d, d+7, ..., d+35), plus one Philosophy instructor who teaches nothing.
INSERT INTO instructors
SELECT i,
       (ARRAY['Anna','Ben','Clara','David','Elena','Felix','Grace','Henry','Irene','James','Karin','Leo','Maria','Nikolai'])[1 + (i*5) % 14],
       (ARRAY['Okafor','Lindqvist','Moreau','Tanaka','Schmidt','Rossi','Kowalski','Nguyen','Brennan','Haddad','Silva','Darwin',
              'Fischer','Patel','Novak','Olsen','Garcia','Becker','Ivanova','Murphy','Kaur','Dubois','Yilmaz','Austen',
              'Keller','Santos','Horvat','Lindgren','Costa','Weber','Nakamura','Quinn','Ferreira','Walsh','Meyer','Sato',
              'Hughes','Andersen','Romano','Petrov','Ward','Baker'])[i],
       (i - 1) % 7 + 1,
       CASE WHEN i % 5 = 0 THEN 'Professor' WHEN i % 5 IN (1, 3) THEN 'Associate Professor'
            WHEN i % 5 = 2 THEN 'Assistant Professor' ELSE 'Lecturer' END,
       date '1998-08-01' + (i * 317) % 9000,
       CASE WHEN i % 11 = 0 THEN NULL ELSE 'instructor' || i || '@uni.example.edu' END
FROM generate_series(1, 42) AS i;
INSERT INTO instructors VALUES (43, 'Sophie', 'Lambert', 8, 'Assistant Professor', date '2025-09-01', 'sophie.lambert@uni.example.edu');

INSERT INTO courses VALUES
 (1,'CS101','Introduction to Programming',1,6,'Undergraduate'),
 (2,'CS201','Data Structures',1,6,'Undergraduate'),
 (3,'CS220','Databases',1,5,'Undergraduate'),
 (4,'CS310','Operating Systems',1,5,'Undergraduate'),
 (5,'CS520','Machine Learning',1,6,'Graduate'),
 (6,'CS540','Distributed Systems',1,5,'Graduate'),
 (7,'MA101','Calculus I',2,6,'Undergraduate'),
 (8,'MA102','Linear Algebra',2,6,'Undergraduate'),
 (9,'MA210','Probability',2,5,'Undergraduate'),
 (10,'MA305','Real Analysis',2,5,'Undergraduate'),
 (11,'MA510','Functional Analysis',2,5,'Graduate'),
 (12,'MA530','Numerical Methods',2,4,'Graduate'),
 (13,'PH101','Mechanics',3,6,'Undergraduate'),
 (14,'PH102','Electromagnetism',3,6,'Undergraduate'),
 (15,'PH210','Thermodynamics',3,5,'Undergraduate'),
 (16,'PH320','Quantum Mechanics',3,5,'Undergraduate'),
 (17,'PH510','Statistical Physics',3,5,'Graduate'),
 (18,'PH550','Astrophysics',3,4,'Graduate'),
 (19,'BI101','Cell Biology',4,5,'Undergraduate'),
 (20,'BI120','Genetics',4,5,'Undergraduate'),
 (21,'BI230','Ecology',4,4,'Undergraduate'),
 (22,'BI310','Evolution',4,4,'Undergraduate'),
 (23,'BI520','Molecular Biology',4,5,'Graduate'),
 (24,'BI560','Bioinformatics',4,5,'Graduate'),
 (25,'HI101','Ancient History',5,4,'Undergraduate'),
 (26,'HI110','Medieval Europe',5,4,'Undergraduate'),
 (27,'HI220','Modern History',5,4,'Undergraduate'),
 (28,'HI330','History of Science',5,3,'Undergraduate'),
 (29,'HI510','Historiography',5,3,'Graduate'),
 (30,'HI540','Economic History',5,4,'Graduate'),
 (31,'EC101','Microeconomics',6,5,'Undergraduate'),
 (32,'EC102','Macroeconomics',6,5,'Undergraduate'),
 (33,'EC210','Econometrics',6,6,'Undergraduate'),
 (34,'EC320','Public Finance',6,4,'Undergraduate'),
 (35,'EC510','Game Theory',6,5,'Graduate'),
 (36,'EC530','Development Economics',6,4,'Graduate'),
 (37,'EN101','Academic Writing',7,3,'Undergraduate'),
 (38,'EN150','Shakespeare',7,4,'Undergraduate'),
 (39,'EN220','The Victorian Novel',7,4,'Undergraduate'),
 (40,'EN310','Modernist Poetry',7,4,'Undergraduate'),
 (41,'EN510','Literary Theory',7,4,'Graduate'),
 (42,'EN540','Creative Writing Workshop',7,3,'Graduate'),
 (43,'PL101','Introduction to Logic',8,4,'Undergraduate');

-- Terms: t=1 Spring 2023, 2 Fall 2023, 3 Spring 2024, 4 Fall 2024, 5 Spring 2025, 6 Fall 2025.
-- Courses 42 and 43 are never offered.
INSERT INTO sections (section_id, course_id, term_season, term_year, start_date, instructor_id, room, capacity)
SELECT row_number() OVER (ORDER BY t, c),
       c,
       CASE WHEN t % 2 = 1 THEN 'Spring' ELSE 'Fall' END,
       2022 + (t + 1) / 2,
       CASE WHEN t % 2 = 1 THEN make_date(2022 + (t + 1) / 2, 1, 15) ELSE make_date(2022 + (t + 1) / 2, 9, 2) END,
       CASE WHEN (c * 3 + t) % 19 = 0 THEN NULL
            ELSE ((c - 1) / 6 + 1) + 7 * ((c * 2 + t) % 6) END,
       CASE WHEN (c + t) % 7 = 0 THEN NULL ELSE 'R' || (100 + (c * 13 + t * 7) % 300) END,
       CASE WHEN c % 6 IN (5, 0) THEN 25 ELSE 40 + 10 * (c % 4) END
FROM generate_series(1, 6) AS t, generate_series(1, 41) AS c
WHERE (c + t) % 3 <> 0;

INSERT INTO students
SELECT s,
       (ARRAY['Aisha','Bruno','Chloe','Daniel','Emily','Farid','Greta','Hugo','Ines','Jonas','Kira','Lukas','Mia','Noah',
              'Olivia','Pavel','Rosa','Samir','Tessa','Victor','Wen','Yara','Zoe'])[1 + (s * 7) % 23],
       (ARRAY['Abbott','Berg','Carter','Dahl','Evans','Frost','Gupta','Holm','Ito','Jensen','Klein','Lopez','Mills',
              'Nash','Ortiz','Park','Reyes','Stone','Torres','Vogel','Wong','Young','Zimmer','Lund','Hart','Price',
              'Rivera','Shaw','Moss'])[1 + (s * 11) % 29],
       (ARRAY['Computer Science','Mathematics','Physics','Biology','History','Economics','English Literature','Data Science'])[1 + s % 8],
       2020 + (s * 5) % 6,
       CASE WHEN s % 17 = 0 THEN NULL ELSE 'student' || s || '@students.uni.example.edu' END
FROM generate_series(1, 300) AS s;

-- Student 300 has no enrolments.
INSERT INTO enrolments (student_id, section_id, status, grade)
SELECT st.student_id, se.section_id,
       CASE WHEN se.term_year = 2025 AND se.term_season = 'Fall' THEN 'Enrolled'
            WHEN (st.student_id + se.section_id) % 29 = 0 THEN 'Withdrawn'
            ELSE 'Completed' END,
       CASE WHEN se.term_year = 2025 AND se.term_season = 'Fall' THEN NULL
            WHEN (st.student_id + se.section_id) % 29 = 0 THEN NULL
            ELSE 40 + ((st.student_id * 13 + se.section_id * 7) % 121) / 2.0 END
FROM students st
JOIN sections se ON se.term_year >= st.enrolment_year AND se.term_year <= st.enrolment_year + 4
WHERE st.student_id < 300
  AND (st.student_id * 7 + se.section_id * 3) % 11 = 0;
