-- Held-out set 3: an amateur football league (teams, players, referees, matches, goals) over the 2023 and 2024 seasons.
-- Deterministic: every value comes from generate_series and fixed arithmetic. Each season is one calendar year.

CREATE TABLE teams (
    id            integer PRIMARY KEY,
    name          text NOT NULL UNIQUE,
    city          text NOT NULL,
    stadium       text NOT NULL,
    capacity      integer NOT NULL,
    founded_year  integer NOT NULL,
    coach         text,  -- NULL while the post is vacant
    strength      integer NOT NULL  -- used only to generate results
);

INSERT INTO teams VALUES
    ( 1, 'Northport Rovers',     'Northport',   'Harbour Road',     31000, 1887, 'Alan Whitfield',  3),
    ( 2, 'Riverton City',        'Riverton',    'Millbank Stadium', 42000, 1894, 'Marta Ruiz',      4),
    ( 3, 'Riverton Wanderers',   'Riverton',    'Ferry Lane',       18500, 1902, 'Colin Tate',      1),
    ( 4, 'Eastfield United',     'Eastfield',   'Eastfield Park',   27000, 1899, 'Derek Olsen',     2),
    ( 5, 'Kingsbridge Athletic', 'Kingsbridge', 'The Crescent',     22000, 1910, NULL,              2),
    ( 6, 'Ashford Town',         'Ashford',     'Station Meadow',   15000, 1921, 'Priya Nair',      0),
    ( 7, 'Westmoor Albion',      'Westmoor',    'Albion Ground',    35500, 1885, 'Gareth Bowen',    3),
    ( 8, 'Lakeside FC',          'Lakeside',    'Lakeside Arena',   24000, 1976, 'Tomas Lindqvist', 1),
    ( 9, 'Granton Harriers',     'Granton',     'Copse Hill',       19000, 1908, 'Hugh Mercer',     0),
    (10, 'Southgate Borough',    'Southgate',   'Borough Park',     16800, 1931, 'Ian Fairbairn',   1);

CREATE TABLE players (
    id           integer PRIMARY KEY,
    first_name   text NOT NULL,
    last_name    text NOT NULL,
    team_id      integer NOT NULL REFERENCES teams(id),
    position     text NOT NULL CHECK (position IN ('goalkeeper', 'defender', 'midfielder', 'forward')),
    shirt_number integer NOT NULL,
    birth_date   date NOT NULL,
    nationality  text NOT NULL,
    is_captain   boolean NOT NULL,
    weekly_wage  numeric(8,2),  -- NULL when undisclosed
    UNIQUE (team_id, shirt_number)
);

-- 22 players a team: slots 1-2 goalkeepers, 3-9 defenders, 10-16 midfielders, 17-22 forwards.
INSERT INTO players
SELECT s.id,
       (ARRAY['Adam','Ben','Callum','Daniel','Ethan','Femi','George','Harry','Isaac','Jack',
              'Kai','Liam','Mason','Noah','Oscar','Pedro','Quinn','Ryan','Sam','Tom',
              'Umar','Victor','Will','Yusuf','Zach'])[1 + s.id % 25],
       (ARRAY['Archer','Bell','Carter','Doyle','Evans','Foster','Grant','Hughes','Irwin','Jones',
              'Kerr','Lowe','Moss','Nolan','Owens','Price','Quigley','Reid','Shaw','Turner',
              'Usher','Vaughan','Walsh','Young','Adeyemi','Baptiste','Costa','Dumont','Silva'])[1 + s.id * 11 % 29],
       s.team_id,
       CASE WHEN slot <= 2 THEN 'goalkeeper' WHEN slot <= 9 THEN 'defender'
            WHEN slot <= 16 THEN 'midfielder' ELSE 'forward' END,
       CASE WHEN slot = 1 THEN 1 WHEN slot = 2 THEN 13 WHEN slot <= 12 THEN slot - 1 ELSE slot + 2 END,
       date '1988-01-01' + (s.id * 397 % 5400),
       (ARRAY['England','England','England','Scotland','Ireland','Wales','England','Brazil','France','Nigeria',
              'England','Scotland','Portugal','England','Ghana'])[1 + s.id * 7 % 15],
       slot = CASE WHEN s.team_id % 2 = 1 THEN 5 ELSE 12 END,
       CASE WHEN s.id % 13 = 7 THEN NULL
            ELSE 1500 + t.strength * 400 + (s.id * 53 % 20) * 50 + CASE WHEN slot >= 17 THEN 600 ELSE 0 END END
FROM (
    SELECT (team_id - 1) * 22 + slot AS id, team_id, slot
    FROM generate_series(1, 10) AS team_id, generate_series(1, 22) AS slot
) s
JOIN teams t ON t.id = s.team_id;

CREATE TABLE referees (
    id          integer PRIMARY KEY,
    name        text NOT NULL,
    nationality text NOT NULL,
    city        text NOT NULL,
    first_season integer NOT NULL
);

INSERT INTO referees VALUES
    (1, 'Martin Hale',     'England',  'Riverton',   2012),
    (2, 'Fiona Grant',     'Scotland', 'Glasgow',    2016),
    (3, 'Owen Pritchard',  'Wales',    'Cardiff',    2010),
    (4, 'Sarah Lloyd',     'England',  'Ashford',    2019),
    (5, 'Declan Burke',    'Ireland',  'Dublin',     2014),
    (6, 'Paul Henshaw',    'England',  'Northport',  2008),
    (7, 'Ana Ferreira',    'Portugal', 'Eastfield',  2021),
    (8, 'Robert Kimble',   'England',  'York',       2023);

CREATE TABLE matches (
    id           integer PRIMARY KEY,
    season       integer NOT NULL,
    round        integer NOT NULL,
    kickoff      timestamp NOT NULL,
    home_team_id integer NOT NULL REFERENCES teams(id),
    away_team_id integer NOT NULL REFERENCES teams(id),
    referee_id   integer NOT NULL REFERENCES referees(id),
    home_goals   integer NOT NULL,
    away_goals   integer NOT NULL,
    attendance   integer,  -- NULL when not recorded
    CHECK (home_team_id <> away_team_id)
);

-- Double round robin by the circle method: 18 rounds of 5 matches; the second half swaps home and away.
-- Referee 8 joined for the 2024 season; referee 6 also takes every tenth match.
INSERT INTO matches
SELECT f.id, f.season, f.round, f.kickoff, f.home, f.away,
       CASE WHEN f.id % 10 = 0 THEN 6 ELSE 1 + (f.id * 3 + f.season) % CASE WHEN f.season = 2023 THEN 7 ELSE 8 END END,
       (hs.strength + (f.id * 7 + f.round * 3) % 4 + 1) / 2,
       (aw.strength + (f.id * 5 + f.round) % 4) / 2,
       CASE WHEN f.id % 29 = 11 THEN NULL ELSE hs.capacity * (55 + f.id * 13 % 45) / 100 END
FROM (
    SELECT (season - 2023) * 90 + round * 5 + k + 1 AS id,
           season,
           round + 1 AS round,
           make_timestamp(season, 2, CASE WHEN season = 2023 THEN 4 ELSE 3 END, 15, 0, 0)
               + round * interval '7 days'
               + CASE WHEN k = 4 THEN interval '1 day 1 hour 30 minutes' ELSE interval '0' END AS kickoff,
           CASE WHEN (round < 9) = ((k + round % 9) % 2 = 0) THEN a ELSE b END AS home,
           CASE WHEN (round < 9) = ((k + round % 9) % 2 = 0) THEN b ELSE a END AS away
    FROM (
        SELECT season, round, k,
               CASE WHEN k = 0 THEN round % 9 + 1 ELSE (round % 9 + k) % 9 + 1 END AS a,
               CASE WHEN k = 0 THEN 10 ELSE (round % 9 - k + 9) % 9 + 1 END AS b
        FROM generate_series(2023, 2024) AS season,
             generate_series(0, 17) AS round,
             generate_series(0, 4) AS k
    ) pairs
) f
JOIN teams hs ON hs.id = f.home
JOIN teams aw ON aw.id = f.away;

CREATE TABLE goals (
    id         serial PRIMARY KEY,
    match_id   integer NOT NULL REFERENCES matches(id),
    player_id  integer NOT NULL REFERENCES players(id),
    minute     integer NOT NULL CHECK (minute BETWEEN 1 AND 90),
    is_penalty boolean NOT NULL
);

-- One row per goal; scorers are mostly forwards, sometimes midfielders, of the scoring team.
INSERT INTO goals (match_id, player_id, minute, is_penalty)
SELECT match_id,
       (team_id - 1) * 22 + CASE WHEN (match_id + g) % 4 = 0 THEN 10 + (match_id + g * 3) % 7
                                 ELSE 17 + (match_id * 3 + g * 5 + team_id) % 6 END,
       1 + (match_id * 17 + g * 31 + team_id) % 90,
       (match_id * g + 3) % 9 = 0
FROM (
    SELECT m.id AS match_id, m.home_team_id AS team_id, g
    FROM matches m, generate_series(1, m.home_goals) AS g
    UNION ALL
    SELECT m.id, m.away_team_id, m.home_goals + g
    FROM matches m, generate_series(1, m.away_goals) AS g
) scored
ORDER BY match_id, g;
