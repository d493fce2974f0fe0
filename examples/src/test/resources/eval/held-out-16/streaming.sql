-- Video streaming service. Data as of 2025-12-31.
CREATE TABLE subscribers (
  subscriber_id integer PRIMARY KEY,
  email text NOT NULL,
  country text NOT NULL,
  plan text NOT NULL CHECK (plan IN ('basic','standard','premium')),
  signup_date date NOT NULL,
  cancelled_date date
);
INSERT INTO subscribers
SELECT g,
       'user' || g || '@stream.example',
       (ARRAY['France','Mexico','Japan','Sweden','Australia','France','Mexico','Brazil','Canada','France'])[1 + (g*3 + g/10) % 10],
       (ARRAY['basic','standard','premium','standard','basic','standard'])[1 + (g*5 + g/6) % 6],
       DATE '2024-01-01' + (g * 29) % 600,
       CASE WHEN g % 7 = 0 AND DATE '2024-01-01' + (g * 29) % 600 + 40 + (g*13) % 200 <= DATE '2025-12-31'
            THEN DATE '2024-01-01' + (g * 29) % 600 + 40 + (g*13) % 200 END
FROM generate_series(1,400) g;

CREATE TABLE titles (
  title_id integer PRIMARY KEY,
  name text NOT NULL,
  title_type text NOT NULL CHECK (title_type IN ('film','series')),
  genre text NOT NULL,
  release_year integer NOT NULL,
  runtime_minutes integer   -- films only; NULL for series
);
INSERT INTO titles VALUES
 (1,'Northern Lights','film','Drama',2019,118),
 (2,'The Last Orchard','film','Drama',2023,104),
 (3,'Thriller','film','Documentary',2024,96),
 (4,'Midnight Courier','film','Thriller',2022,109),
 (5,'Glass Harbor','film','Thriller',2024,122),
 (6,'Laugh Track','film','Comedy',2021,91),
 (7,'Second Helpings','film','Comedy',2025,88),
 (8,'Deep Blue Atlas','film','Documentary',2020,84),
 (9,'Iron Frontier','film','Action',2023,131),
 (10,'Paper Kites','film','Animation',2024,79),
 (11,'Quiet Signals','film','Sci-Fi',2025,142),
 (12,'Comedy','film','Drama',2018,101),
 (13,'Harbor Lights','series','Drama',2022,NULL),
 (14,'The Cartographers','series','Sci-Fi',2024,NULL),
 (15,'Office Hours','series','Comedy',2023,NULL),
 (16,'Cold Case Unit','series','Thriller',2021,NULL),
 (17,'Wild Kitchens','series','Documentary',2025,NULL),
 (18,'Starfall Academy','series','Animation',2024,NULL),
 (19,'Border Town','series','Action',2025,NULL),
 (20,'The Unwatched','film','Horror',2025,97);

CREATE TABLE episodes (
  episode_id integer PRIMARY KEY,
  series_id integer NOT NULL REFERENCES titles(title_id),
  season_number integer NOT NULL,
  episode_number integer NOT NULL,
  episode_title text NOT NULL,
  runtime_minutes integer NOT NULL,
  UNIQUE (series_id, season_number, episode_number)
);
INSERT INTO episodes
SELECT row_number() OVER (ORDER BY s.series_id, se, ep),
       s.series_id, se, ep,
       'Episode ' || ep,
       s.base + (ep * 3) % 11
FROM (VALUES (13,3,8,52),(14,2,10,47),(15,4,6,24),(16,2,8,44),(17,1,6,38),(18,2,12,22),(19,1,8,55)) AS s(series_id, seasons, eps, base)
CROSS JOIN LATERAL generate_series(1, s.seasons) se
CROSS JOIN LATERAL generate_series(1, s.eps) ep;

CREATE TABLE views (
  view_id integer PRIMARY KEY,
  subscriber_id integer NOT NULL REFERENCES subscribers(subscriber_id),
  title_id integer NOT NULL REFERENCES titles(title_id),
  episode_id integer REFERENCES episodes(episode_id),  -- set for series views
  watched_at timestamp NOT NULL,
  minutes_watched integer NOT NULL,
  device text
);
INSERT INTO views
SELECT g,
       v.sub,
       v.tid,
       CASE WHEN t.title_type = 'series' THEN
            (SELECT e.episode_id FROM episodes e WHERE e.series_id = v.tid
             ORDER BY e.episode_id OFFSET (g*7) % (SELECT count(*) FROM episodes e2 WHERE e2.series_id = v.tid) LIMIT 1)
       END,
       w.watched_at,
       CASE WHEN t.title_type = 'film' THEN 10 + (g*17) % (t.runtime_minutes - 5)
            ELSE 5 + (g*13) % 50 END,
       CASE WHEN g % 17 = 0 THEN NULL
            ELSE (ARRAY['tv','mobile','tablet','web','tv','mobile','tv'])[1 + (g*3 + g/7) % 7] END
FROM generate_series(1,2400) g
CROSS JOIN LATERAL (SELECT 1 + (g*11 + g/40) % 390 AS sub,
                           (ARRAY[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,13,15,16,14,9,4,6,1])[1 + (g*5 + g/27) % 27] AS tid0) v0
JOIN subscribers s ON s.subscriber_id = v0.sub
CROSS JOIN LATERAL (SELECT (s.signup_date + time '17:00')
                           + ((g * 137) % (COALESCE(s.cancelled_date, DATE '2025-12-31') - s.signup_date + 1)) * interval '1 day'
                           + ((g*41) % 360) * interval '1 minute' AS watched_at) w
-- titles released in 2025 are not watched before 2025: such views go to an older title of the same genre
CROSS JOIN LATERAL (SELECT v0.sub,
                           CASE WHEN w.watched_at < TIMESTAMP '2025-01-01' AND v0.tid0 IN (7,11,17,19)
                                THEN CASE v0.tid0 WHEN 7 THEN 6 WHEN 11 THEN 14 WHEN 17 THEN 8 ELSE 9 END
                                ELSE v0.tid0 END AS tid) v
JOIN titles t ON t.title_id = v.tid;
-- title 20 (The Unwatched) and subscribers 391-400 have no views

CREATE TABLE ratings (
  rating_id integer PRIMARY KEY,
  subscriber_id integer NOT NULL REFERENCES subscribers(subscriber_id),
  title_id integer NOT NULL REFERENCES titles(title_id),
  stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
  rated_at timestamp NOT NULL,
  UNIQUE (subscriber_id, title_id)
);
INSERT INTO ratings
SELECT row_number() OVER (ORDER BY subscriber_id, title_id),
       subscriber_id, title_id,
       1 + (subscriber_id * 7 + title_id * 3 + title_id * title_id) % 5,
       last_watched + interval '1 hour'
FROM (SELECT subscriber_id, title_id, max(watched_at) AS last_watched
      FROM views GROUP BY subscriber_id, title_id) x
WHERE (subscriber_id + title_id) % 3 <> 0;
