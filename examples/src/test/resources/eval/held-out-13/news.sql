-- News publisher: authors, sections, articles, readers, article views, subscriptions.
-- Deterministic data over 2024-2025.

CREATE TABLE authors (
    author_id  integer PRIMARY KEY,
    full_name  text NOT NULL,
    desk       text NOT NULL,
    joined_on  date NOT NULL,
    email      text
);

CREATE TABLE sections (
    section_id  integer PRIMARY KEY,
    name        text NOT NULL UNIQUE,
    launched_on date NOT NULL
);

CREATE TABLE articles (
    article_id   integer PRIMARY KEY,
    author_id    integer NOT NULL REFERENCES authors(author_id),
    section_id   integer NOT NULL REFERENCES sections(section_id),
    title        text NOT NULL,
    published_at timestamp NOT NULL,
    word_count   integer NOT NULL,
    is_premium   boolean NOT NULL
);

CREATE TABLE readers (
    reader_id    integer PRIMARY KEY,
    email        text NOT NULL,
    country      text NOT NULL,
    signed_up_on date NOT NULL
);

CREATE TABLE article_views (
    view_id    integer PRIMARY KEY,
    article_id integer NOT NULL REFERENCES articles(article_id),
    reader_id  integer REFERENCES readers(reader_id),
    viewed_on  date NOT NULL,
    device     text NOT NULL CHECK (device IN ('mobile', 'desktop', 'tablet')),
    country    text NOT NULL
);

CREATE TABLE subscriptions (
    subscription_id integer PRIMARY KEY,
    reader_id       integer NOT NULL REFERENCES readers(reader_id),
    plan            text NOT NULL CHECK (plan IN ('basic', 'premium', 'student')),
    started_on      date NOT NULL,
    cancelled_on    date,
    monthly_price   numeric(6,2) NOT NULL
);

INSERT INTO authors VALUES
 ( 1, 'Helen Park',      'Politics', DATE '2019-05-01', 'h.park@paper.test'),
 ( 2, 'James Okafor',    'Politics', DATE '2021-02-15', 'j.okafor@paper.test'),
 ( 3, 'Lena Fischer',    'Politics', DATE '2024-03-01', NULL),
 ( 4, 'Omar Haddad',     'Business', DATE '2018-09-10', 'o.haddad@paper.test'),
 ( 5, 'Priya Desai',     'Business', DATE '2022-06-01', 'p.desai@paper.test'),
 ( 6, 'Mark Dubois',     'Business', DATE '2024-08-19', NULL),
 ( 7, 'Chloe Martin',    'Sport',    DATE '2020-01-06', 'c.martin@paper.test'),
 ( 8, 'Diego Alvarez',   'Sport',    DATE '2023-04-03', 'd.alvarez@paper.test'),
 ( 9, 'Sam Whitfield',   'Sport',    DATE '2025-01-13', 'sam.w@paper.test'),
 (10, 'Ingrid Olsen',    'Features', DATE '2017-11-20', 'i.olsen@paper.test'),
 (11, 'Tariq Mahmood',   'Features', DATE '2022-10-03', NULL),
 (12, 'Rosa Bianchi',    'Features', DATE '2024-05-06', 'r.bianchi@paper.test'),
 (13, 'Kenji Sato',      'Digital',  DATE '2021-07-12', 'k.sato@paper.test'),
 (14, 'Amelia Grant',    'Digital',  DATE '2023-11-01', 'a.grant@paper.test'),
 (15, 'Nora Quinn',      'Digital',  DATE '2025-06-02', NULL),
 (16, 'Victor Lang',     'Features', DATE '2025-09-01', 'v.lang@paper.test');

INSERT INTO sections VALUES
 (1, 'Politics',   DATE '2015-01-01'),
 (2, 'Business',   DATE '2015-01-01'),
 (3, 'Sport',      DATE '2015-01-01'),
 (4, 'Culture',    DATE '2016-03-01'),
 (5, 'Technology', DATE '2019-09-01'),
 (6, 'Opinion',    DATE '2015-01-01'),
 (7, 'Travel',     DATE '2025-11-15');

-- 600 articles by authors 1-15 (author 16 has not published yet); section Travel has no articles
INSERT INTO articles
SELECT a.i,
       a.author_id,
       CASE WHEN a.i % 7 = 0 THEN 6             -- opinion pieces from any desk
            WHEN a.author_id <= 3 THEN 1
            WHEN a.author_id <= 6 THEN 2
            WHEN a.author_id <= 9 THEN 3
            WHEN a.author_id <= 12 THEN 4
            ELSE 5 END,
       'Story ' || a.i,
       a.published_at,
       400 + ((a.i * 137) % 1800),
       (a.i % 4 = 0 OR a.i % 11 = 0)
FROM (
    SELECT i,
           CASE WHEN ((i * 7) % 15) + 1 = 3 AND i < 150 THEN 1
                WHEN ((i * 7) % 15) + 1 = 9 AND i < 220 THEN 7
                WHEN ((i * 7) % 15) + 1 = 15 AND i < 310 THEN 13
                ELSE ((i * 7) % 15) + 1 END AS author_id,
           TIMESTAMP '2024-01-01 06:00' + (((i - 1) * 730 / 600) * INTERVAL '1 day') + (((i * 5) % 16) * INTERVAL '1 hour') AS published_at
    FROM generate_series(1, 600) AS i
) a;

INSERT INTO readers
SELECT i,
       'reader' || i || '@inbox.test',
       (ARRAY['UK','Ireland','Germany','France','USA','UK','Canada','UK','Australia'])[(i % 9) + 1],
       DATE '2024-01-01' + ((i * 29) % 700)
FROM generate_series(1, 300) AS i;

-- 4000 views; 1 in 5 is anonymous (reader_id NULL); viewed on or after publication
INSERT INTO article_views
SELECT v.i,
       v.article_id,
       CASE WHEN v.i % 5 = 0 THEN NULL ELSE ((v.i * 31) % 300) + 1 END,
       LEAST(a.published_at::date + (v.i % 9) * (v.i % 4), DATE '2025-12-31'),
       CASE WHEN v.i % 10 < 6 THEN 'mobile' WHEN v.i % 10 < 9 THEN 'desktop' ELSE 'tablet' END,
       CASE WHEN v.i % 5 = 0 THEN (ARRAY['UK','USA','India','Germany','Spain'])[(v.i / 5) % 5 + 1]
            ELSE (ARRAY['UK','Ireland','Germany','France','USA','UK','Canada','UK','Australia'])[((((v.i * 31) % 300) + 1) % 9) + 1] END
FROM (
    SELECT i,
           CASE WHEN i % 3 = 0 THEN ((i * 17) % 60) + 541   -- recent articles get more views
                ELSE ((i * 17) % 600) + 1 END AS article_id
    FROM generate_series(1, 4000) AS i
) v
JOIN articles a ON a.article_id = v.article_id;

-- 220 subscriptions for readers 1-200 (readers 8, 16, ..., 160 subscribed twice); readers 201-300 never subscribed.
-- Data as of 2025-12-31: cancellations after that date are not recorded yet.
INSERT INTO subscriptions
SELECT s.i,
       s.reader_id,
       s.plan,
       s.started_on,
       CASE WHEN (s.i % 4 = 0 OR s.i % 10 = 5) AND s.started_on + 30 + ((s.i * 13) % 200) <= DATE '2025-12-31'
            THEN s.started_on + 30 + ((s.i * 13) % 200) ELSE NULL END,
       CASE s.plan WHEN 'basic' THEN 6.99 WHEN 'premium' THEN 14.99 ELSE 3.99 END
FROM (
    SELECT x.i, x.reader_id,
           CASE WHEN x.i % 6 IN (0, 1, 2) THEN 'basic' WHEN x.i % 6 IN (3, 4) THEN 'premium' ELSE 'student' END AS plan,
           LEAST(r.signed_up_on + CASE WHEN x.i <= 200 THEN (x.i * 23) % 90 ELSE 240 + (x.i * 7) % 60 END, DATE '2025-12-20') AS started_on
    FROM (SELECT i, CASE WHEN i <= 200 THEN i ELSE (i - 200) * 8 END AS reader_id FROM generate_series(1, 220) AS i) x
    JOIN readers r ON r.reader_id = x.reader_id
) s;
