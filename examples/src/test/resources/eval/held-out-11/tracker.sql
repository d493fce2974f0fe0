-- Software issue tracker. Data as of 2025-12-31.
CREATE TABLE users (
  id         integer PRIMARY KEY,
  full_name  text    NOT NULL,
  email      text    NOT NULL UNIQUE,
  team       text,                      -- NULL for contractors
  role       text    NOT NULL,          -- engineer, lead, qa, contractor, manager
  joined_on  date    NOT NULL,
  active     boolean NOT NULL
);

CREATE TABLE projects (
  id          integer PRIMARY KEY,
  name        text    NOT NULL UNIQUE,
  key         text    NOT NULL UNIQUE,
  lead_id     integer REFERENCES users(id),
  status      text    NOT NULL,         -- active, archived
  started_on  date    NOT NULL
);

CREATE TABLE sprints (
  id          integer PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id),
  name        text    NOT NULL,
  starts_on   date    NOT NULL,
  ends_on     date    NOT NULL
);

CREATE TABLE issues (
  id            integer PRIMARY KEY,
  project_id    integer NOT NULL REFERENCES projects(id),
  title         text    NOT NULL,
  issue_type    text    NOT NULL,       -- bug, feature, task
  priority      text    NOT NULL,       -- critical, high, medium, low
  status        text    NOT NULL,       -- open, in_progress, in_review, closed, wont_fix
  reporter_id   integer NOT NULL REFERENCES users(id),
  assignee_id   integer REFERENCES users(id),
  sprint_id     integer REFERENCES sprints(id),
  story_points  integer,
  created_at    timestamp NOT NULL,
  closed_at     timestamp
);

CREATE TABLE comments (
  id          integer PRIMARY KEY,
  issue_id    integer NOT NULL REFERENCES issues(id),
  author_id   integer NOT NULL REFERENCES users(id),
  body        text    NOT NULL,
  created_at  timestamp NOT NULL
);

CREATE TABLE labels (
  id     integer PRIMARY KEY,
  name   text NOT NULL UNIQUE,
  color  text NOT NULL
);

CREATE TABLE issue_labels (
  issue_id  integer NOT NULL REFERENCES issues(id),
  label_id  integer NOT NULL REFERENCES labels(id),
  PRIMARY KEY (issue_id, label_id)
);

INSERT INTO users
SELECT i,
       f.first || ' ' || l.last,
       lower(f.first) || '.' || lower(l.last) || '@example.com',
       CASE WHEN i % 6 = 0 THEN NULL
            ELSE (ARRAY['Atlas','Platform','Mobile','Data','QA'])[i % 6] END,
       CASE WHEN i % 6 = 0 THEN 'contractor'
            WHEN i IN (1, 2, 3, 4, 5) THEN 'lead'
            WHEN i % 6 = 5 THEN 'qa'
            WHEN i IN (14, 33) THEN 'manager'
            ELSE 'engineer' END,
       date '2019-03-01' + (i * 53 % 2400),
       i % 13 <> 0
FROM generate_series(1, 40) AS i
CROSS JOIN LATERAL (SELECT (ARRAY['Anna','Ben','Carla','David','Elena','Farid','Grace','Hugo','Ines','Jonas',
                                  'Kira','Liam','Maya','Noah','Olga','Pavel','Rosa','Sami','Tara','Umar'])[1 + (i - 1) % 20] AS first) f
CROSS JOIN LATERAL (SELECT (ARRAY['Novak','Schmidt','Rossi','Garcia','Kowalski','Dubois','Jensen','Silva','Moreau','Fischer',
                                  'Costa','Weber','Larsen','Horvat','Bauer','Nilsen','Ferrari','Lopez','Klein','Meyer'])[1 + ((i - 1) / 20 * 3 + i * 7) % 20] AS last) l;

INSERT INTO projects VALUES
  (1, 'Atlas',   'ATL', 1, 'active',   '2023-02-01'),
  (2, 'Billing', 'BIL', 2, 'active',   '2023-06-15'),
  (3, 'Nimbus',  'NIM', 3, 'active',   '2023-09-01'),
  (4, 'Harbor',  'HAR', 4, 'active',   '2024-01-02'),
  (5, 'Orion',   'ORI', 8, 'archived', '2022-11-01'),
  (6, 'Pulse',   'PUL', 9, 'active',   '2025-03-01');

INSERT INTO sprints
SELECT row_number() OVER (ORDER BY p.id, k),
       p.id, p.key || ' Sprint ' || k,
       date '2025-01-06' + (k - 1) * 28,
       date '2025-01-06' + (k - 1) * 28 + 27
FROM projects p CROSS JOIN generate_series(1, 13) AS k
WHERE NOT (p.id = 5 AND date '2025-01-06' + (k - 1) * 28 > date '2025-06-30')
  AND NOT (p.id = 6 AND date '2025-01-06' + (k - 1) * 28 < date '2025-03-01');

INSERT INTO issues (id, project_id, title, issue_type, priority, status, reporter_id, assignee_id,
                    story_points, created_at, closed_at)
SELECT i, pid, title, itype, prio, st,
       1 + (i * 13) % 40,
       CASE WHEN i % 11 = 0 THEN NULL ELSE 1 + (i * 29 + 7) % 40 END,
       CASE WHEN itype = 'bug' AND i % 3 <> 0 THEN NULL ELSE (ARRAY[1,2,3,5,8,13])[1 + (i * 5) % 6] END,
       created,
       CASE WHEN st IN ('closed', 'wont_fix')
            THEN least(created + ((i * 17) % 40 + 1) * interval '1 day' + (i % 9) * interval '1 hour',
                       timestamp '2025-12-31 17:00')
       END
FROM (
  SELECT i, created, itype, prio,
         CASE WHEN base = 5 AND created > timestamp '2025-06-30' THEN 4
              WHEN base = 6 AND created < timestamp '2025-03-01' THEN 3
              ELSE base END AS pid,
         CASE itype WHEN 'bug' THEN 'Fix ' ELSE 'Add ' END
           || (ARRAY['login page','export job','search index','payment retry','push notifications','dashboard',
                     'audit log','rate limiter','invoice PDF','settings screen','API pagination'])[1 + (i * 3) % 11]
           || CASE itype WHEN 'bug' THEN ' error' WHEN 'feature' THEN ' support' ELSE ' cleanup' END AS title,
         CASE WHEN created < timestamp '2025-09-01' THEN
                CASE WHEN h < 15 THEN 'closed' WHEN h < 17 THEN 'wont_fix' WHEN h < 18 THEN 'in_review'
                     WHEN h < 19 THEN 'in_progress' ELSE 'open' END
              ELSE
                CASE WHEN h < 6 THEN 'closed' WHEN h < 7 THEN 'wont_fix' WHEN h < 10 THEN 'in_review'
                     WHEN h < 14 THEN 'in_progress' ELSE 'open' END
         END AS st
  FROM (
    SELECT i,
           timestamp '2024-01-02 08:00' + (i - 1) * interval '14 hours 20 minutes' + (i * 37 % 60) * interval '1 minute' AS created,
           1 + ((i * i * 31 + i * 17 + 5) % 101) % 6 AS base,
           CASE WHEN i % 5 IN (0, 3) THEN 'bug' WHEN i % 5 = 1 THEN 'feature' ELSE 'task' END AS itype,
           CASE WHEN (i * i * 3 + i * 59) % 107 % 20 < 2 THEN 'critical' WHEN (i * i * 3 + i * 59) % 107 % 20 < 7 THEN 'high'
                WHEN (i * i * 3 + i * 59) % 107 % 20 < 15 THEN 'medium' ELSE 'low' END AS prio,
           (i * i * 7 + i * 41) % 103 % 20 AS h
    FROM generate_series(1, 1200) AS i
  ) a
) b;

UPDATE issues SET sprint_id = s.id
FROM sprints s
WHERE s.project_id = issues.project_id
  AND issues.created_at::date BETWEEN s.starts_on AND s.ends_on
  AND issues.id % 4 <> 0;

INSERT INTO comments
SELECT row_number() OVER (ORDER BY i.id, k),
       i.id,
       1 + (i.id * 3 + k * 11) % 40,
       (ARRAY['Can reproduce on staging.','Looking into this.','PR is up for review.','Needs more info from the reporter.',
              'Blocked by an upstream change.','Deployed the fix.','Duplicate of an older ticket?'])[1 + (i.id + k) % 7],
       least(i.created_at + k * interval '7 hours' + ((i.id + k) % 5) * interval '1 day', timestamp '2025-12-31 18:00')
FROM issues i CROSS JOIN LATERAL generate_series(1, (i.id * 7) % 5) AS k;

INSERT INTO labels VALUES
  (1, 'Billing',     '#d93f0b'),
  (2, 'ui',          '#1d76db'),
  (3, 'backend',     '#5319e7'),
  (4, 'security',    '#b60205'),
  (5, 'performance', '#fbca04'),
  (6, 'docs',        '#0e8a16'),
  (7, 'regression',  '#e99695'),
  (8, 'customer-reported', '#c5def5');

INSERT INTO issue_labels
SELECT id, 1 + id % 8 FROM issues WHERE id % 3 <> 0
UNION
SELECT id, 1 + (id * 5 + 3) % 8 FROM issues WHERE id % 7 = 0;
