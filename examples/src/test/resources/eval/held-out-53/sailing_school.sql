-- Sailing school (south coast of England), data as of 2025-06-30.
CREATE TABLE instructors (
  instructor_id       integer PRIMARY KEY,
  first_name          text NOT NULL,
  last_name           text NOT NULL,
  email               text,              -- NULL: no work email on file
  certification_level text NOT NULL,     -- 'Dinghy Instructor', 'Senior Instructor', 'Yachtmaster Instructor'
  hourly_rate         numeric(8,2) NOT NULL,
  hired_on            date NOT NULL,
  left_on             date,              -- NULL: still employed
  is_active           boolean NOT NULL
);

CREATE TABLE boats (
  boat_id           integer PRIMARY KEY,
  boat_name         text NOT NULL,
  boat_class        text NOT NULL,       -- 'Dinghy', 'Keelboat', 'Catamaran', 'Yacht'
  length_ft         numeric(5,1) NOT NULL,
  year_built        integer NOT NULL,
  home_marina       text NOT NULL,       -- 'Poole', 'Weymouth', 'Lymington'
  hourly_hire_rate  numeric(8,2) NOT NULL,
  last_serviced_on  date,                -- NULL: never serviced yet (new boat)
  in_service        boolean NOT NULL
);

CREATE TABLE members (
  member_id             integer PRIMARY KEY,
  first_name            text NOT NULL,
  last_name             text NOT NULL,
  email                 text NOT NULL,
  phone                 text,            -- NULL: no phone number given
  town                  text NOT NULL,
  date_of_birth         date,            -- NULL: not supplied
  membership_type       text NOT NULL,   -- 'Standard', 'Family', 'Junior', 'Life'
  joined_on             date NOT NULL,
  membership_expires_on date,            -- NULL: Life membership, never expires
  owns_boat             boolean NOT NULL
);

CREATE TABLE courses (
  course_id        integer PRIMARY KEY,
  course_name      text NOT NULL UNIQUE,
  course_level     text NOT NULL,        -- 'Beginner', 'Intermediate', 'Advanced'
  boat_class       text,                 -- NULL: shore-based (classroom) course
  duration_days    integer NOT NULL,
  price            numeric(8,2) NOT NULL,
  is_rya_certified boolean NOT NULL
);

CREATE TABLE sessions (
  session_id    integer PRIMARY KEY,
  course_id     integer NOT NULL REFERENCES courses(course_id),
  instructor_id integer NOT NULL REFERENCES instructors(instructor_id),
  boat_id       integer REFERENCES boats(boat_id),   -- NULL: shore-based course, no boat
  start_date    date NOT NULL,
  end_date      date NOT NULL,
  max_students  integer NOT NULL,
  status        text NOT NULL           -- 'Completed', 'Cancelled', 'Scheduled'
);

CREATE TABLE enrollments (
  session_id  integer NOT NULL REFERENCES sessions(session_id),
  member_id   integer NOT NULL REFERENCES members(member_id),
  enrolled_on date NOT NULL,
  amount_paid numeric(8,2) NOT NULL,
  outcome     text,                     -- 'Passed', 'Failed', 'Withdrew'; NULL: session not yet held
  PRIMARY KEY (session_id, member_id)
);

CREATE TABLE boat_hires (
  hire_id          integer PRIMARY KEY,
  member_id        integer NOT NULL REFERENCES members(member_id),
  boat_id          integer NOT NULL REFERENCES boats(boat_id),
  hire_date        date NOT NULL,
  hours            integer NOT NULL,
  hire_fee         numeric(8,2) NOT NULL,
  damage_reported  boolean NOT NULL
);

INSERT INTO instructors VALUES
 (1,'Tom','Hartley','tom.hartley@solentsail.co.uk','Senior Instructor',32.00,'2016-03-01',NULL,true),
 (2,'Sarah','Wareham','sarah.wareham@solentsail.co.uk','Yachtmaster Instructor',45.00,'2015-04-15',NULL,true),
 (3,'James','Okafor','james.okafor@solentsail.co.uk','Dinghy Instructor',24.50,'2018-05-01',NULL,true),
 (4,'Emma','Lowe',NULL,'Dinghy Instructor',23.00,'2019-03-20',NULL,true),
 (5,'Dan','Fletcher','dan.fletcher@solentsail.co.uk','Senior Instructor',31.00,'2017-02-10','2023-10-31',false),
 (6,'Priya','Shah','priya.shah@solentsail.co.uk','Yachtmaster Instructor',47.50,'2018-01-08',NULL,true),
 (7,'Callum','Reid','callum.reid@solentsail.co.uk','Dinghy Instructor',22.00,'2020-04-01',NULL,true),
 (8,'Lucy','Barnes',NULL,'Senior Instructor',30.00,'2019-06-12','2024-09-30',false),
 (9,'Owen','Price','owen.price@solentsail.co.uk','Dinghy Instructor',24.00,'2021-03-15',NULL,true),
 (10,'Hannah','Cole','hannah.cole@solentsail.co.uk','Senior Instructor',33.50,'2016-09-05',NULL,true),
 (11,'Mark','Jennings','mark.jennings@solentsail.co.uk','Yachtmaster Instructor',44.00,'2017-11-20',NULL,true),
 (12,'Ella','Morgan','ella.morgan@solentsail.co.uk','Dinghy Instructor',21.50,'2025-05-19',NULL,true);

INSERT INTO boats VALUES
 (1,'Osprey','Dinghy',14.0,2015,'Poole',18.00,'2025-03-10',true),
 (2,'Kestrel','Dinghy',14.0,2016,'Poole',18.00,'2025-02-21',true),
 (3,'Curlew','Dinghy',12.5,2012,'Weymouth',15.00,'2024-11-05',true),
 (4,'Puffin','Dinghy',12.5,2014,'Lymington',15.00,'2025-01-14',true),
 (5,'Tern','Dinghy',15.5,2019,'Poole',20.00,'2025-04-02',true),
 (6,'Gannet','Keelboat',23.0,2010,'Weymouth',45.00,'2024-12-12',true),
 (7,'Cormorant','Keelboat',23.0,2011,'Poole',45.00,'2025-03-28',true),
 (8,'Shearwater','Keelboat',25.0,2017,'Lymington',52.00,'2025-02-03',true),
 (9,'Petrel','Catamaran',16.0,2018,'Poole',35.00,'2025-04-18',true),
 (10,'Skua','Catamaran',18.0,2020,'Weymouth',40.00,'2025-01-30',true),
 (11,'Albatross','Yacht',34.0,2008,'Lymington',95.00,'2025-03-01',true),
 (12,'Fulmar','Yacht',36.0,2013,'Poole',105.00,'2024-10-22',true),
 (13,'Merlin','Dinghy',14.0,2009,'Weymouth',16.00,'2023-06-30',false),
 (14,'Heron','Dinghy',12.5,2021,'Lymington',17.00,'2025-05-06',true),
 (15,'Swift','Keelboat',22.0,2006,'Weymouth',40.00,'2022-09-14',false),
 (16,'Plover','Dinghy',14.0,2022,'Poole',19.00,'2025-05-20',true),
 (17,'Guillemot','Catamaran',16.0,2022,'Lymington',36.00,'2025-04-25',true),
 (18,'Razorbill','Yacht',32.0,2016,'Weymouth',90.00,'2025-02-14',true),
 (19,'Avocet','Dinghy',14.0,2024,'Poole',20.00,NULL,true),
 (20,'Sanderling','Keelboat',24.0,2025,'Lymington',55.00,NULL,true);

INSERT INTO courses VALUES
 (1,'Start Sailing','Beginner','Dinghy',2,245.00,true),
 (2,'Basic Skills','Beginner','Dinghy',2,265.00,true),
 (3,'Better Sailing','Intermediate','Dinghy',2,285.00,true),
 (4,'Keelboat Taster','Beginner','Keelboat',1,120.00,false),
 (5,'Keelboat Crew','Intermediate','Keelboat',3,395.00,true),
 (6,'Catamaran Skills','Intermediate','Catamaran',2,320.00,true),
 (7,'Day Skipper Practical','Advanced','Yacht',5,745.00,true),
 (8,'Day Skipper Theory','Intermediate',NULL,4,425.00,true),
 (9,'Racing Tactics','Advanced','Dinghy',2,310.00,false),
 (10,'Spinnaker Masterclass','Advanced','Keelboat',1,180.00,false);

-- 300 members; members 281-300 never enrolled on a course nor hired a boat.
INSERT INTO members
SELECT i,
  (ARRAY['Oliver','Amelia','George','Isla','Harry','Ava','Jack','Mia','Charlie','Grace','Thomas','Sophie','William','Lily','Alfie','Freya','Henry','Ruby','Leo','Chloe','Oscar','Evie','Archie','Poppy'])[1 + (i*7) % 24],
  (ARRAY['Smith','Jones','Taylor','Brown','Wilson','Evans','Thomas','Johnson','Roberts','Walker','Wright','Robinson','Thompson','White','Hughes','Edwards','Green','Hall','Wood','Harris','Clarke','Patel','Turner','Wareham','Hill','Moore'])[1 + (i*11) % 26],
  'member' || i || '@example.co.uk',
  CASE WHEN i % 6 = 0 THEN NULL ELSE '07700 9' || lpad(((i*37) % 100000)::text, 5, '0') END,
  (ARRAY['Poole','Bournemouth','Wareham','Swanage','Christchurch','Weymouth','Lymington','Dorchester','Poole','Bournemouth'])[1 + (i*3) % 10],
  CASE WHEN i % 9 = 4 THEN NULL
       WHEN (i*13) % 20 = 0 THEN date '2008-01-01' + (i*37) % 3000
       ELSE date '1950-01-01' + (i*131) % 18000 END,
  CASE WHEN i % 25 = 0 THEN 'Life'
       WHEN (i*13) % 20 = 0 THEN 'Junior'
       WHEN i % 4 = 1 THEN 'Family'
       ELSE 'Standard' END,
  date '2018-01-15' + (i*23) % 2700,
  CASE WHEN i % 25 = 0 THEN NULL
       WHEN i % 7 = 3 THEN date '2018-01-15' + (i*23) % 2700 + 365
       ELSE date '2018-01-15' + (i*23) % 2700 + 365 * (1 + ((2700 - (i*23) % 2700) / 365)) END,
  ((i*3) % 7 = 1)
FROM generate_series(1,300) AS i;

-- 186 sessions, roughly every 13 days from January 2019; those after 2025-06-30 are still scheduled.
-- Course 10 was never run, instructor 12 never taught, boat 20 never used for a course.
INSERT INTO sessions
SELECT i, c.course_id,
  CASE WHEN date '2019-01-07' + (i-1)*13 BETWEEN t.hired_on AND coalesce(t.left_on, date '2099-12-31')
       THEN t.instructor_id ELSE 10 END,   -- cover by Hannah Cole when the usual instructor was not employed
  CASE WHEN c.boat_class IS NULL THEN NULL
       WHEN c.boat_class = 'Dinghy' THEN (ARRAY[1,2,3,4,5,14,16,19])[1 + i % 8]
       WHEN c.boat_class = 'Keelboat' THEN (ARRAY[6,7,8])[1 + i % 3]
       WHEN c.boat_class = 'Catamaran' THEN (ARRAY[9,10,17])[1 + i % 3]
       ELSE (ARRAY[11,12,18])[1 + i % 3] END,
  date '2019-01-07' + (i-1)*13,
  date '2019-01-07' + (i-1)*13 + c.duration_days - 1,
  CASE WHEN c.boat_class = 'Yacht' THEN 5 WHEN c.boat_class IS NULL THEN 12 ELSE 8 END,
  CASE WHEN date '2019-01-07' + (i-1)*13 > date '2025-06-30' THEN 'Scheduled'
       WHEN i % 11 = 0 THEN 'Cancelled'
       ELSE 'Completed' END
FROM generate_series(1,186) AS i
JOIN courses c ON c.course_id = 1 + (i*7) % 9
JOIN instructors t ON t.instructor_id = 1 + (i*5) % 11;

-- Enrollments: 3 to 6 students per session (cancelled sessions have none kept); nobody booked after 2025-06-30.
INSERT INTO enrollments
SELECT s.session_id, 1 + ((s.session_id*37 + k*53) % 280),
  LEAST(s.start_date - (7 + ((s.session_id*37 + k*53) % 280) % 30), date '2025-06-30' - ((s.session_id*37 + k*53) % 280) % 20),
  CASE WHEN (1 + ((s.session_id*37 + k*53) % 280)) % 10 = 0 THEN round(c.price * 0.9, 2) ELSE c.price END,
  CASE WHEN s.status = 'Scheduled' THEN NULL
       WHEN (s.session_id + k) % 13 = 0 THEN 'Withdrew'
       WHEN (s.session_id + k) % 9 = 0 THEN 'Failed'
       ELSE 'Passed' END
FROM sessions s
JOIN courses c ON c.course_id = s.course_id
CROSS JOIN generate_series(0,5) AS k
WHERE s.status <> 'Cancelled' AND k < 3 + s.session_id % 4;

-- 470 boat hires by members 1-250, March 2020 to April 2025; boats 19 and 20 never hired.
INSERT INTO boat_hires
SELECT i, 1 + (i*17) % 250, b.boat_id,
  date '2020-03-01' + (i-1)*4 + i % 3,
  2 + i % 5,
  (2 + i % 5) * b.hourly_hire_rate,
  (i % 23 = 0)
FROM generate_series(1,470) AS i
JOIN boats b ON b.boat_id = 1 + (i*7) % 18;
