-- Held-out evaluation set 2: a city public library network.
-- Deterministic data (generate_series and fixed arithmetic, no random()).
CREATE TABLE branches (
    branch_id     integer PRIMARY KEY,
    name          text NOT NULL,
    city          text NOT NULL,
    opened_on     date NOT NULL,
    has_cafe      boolean NOT NULL,
    floor_area_m2 numeric(7,1)          -- unknown for some branches
);

CREATE TABLE books (
    book_id        integer PRIMARY KEY,
    title          text NOT NULL,
    author         text NOT NULL,
    genre          text NOT NULL,
    published_year integer NOT NULL,
    pages          integer              -- unknown for some books
);

CREATE TABLE copies (
    copy_id     integer PRIMARY KEY,
    book_id     integer NOT NULL REFERENCES books(book_id),
    branch_id   integer NOT NULL REFERENCES branches(branch_id),
    acquired_on date NOT NULL,
    price       numeric(6,2),           -- unknown for donated copies
    is_damaged  boolean NOT NULL
);

CREATE TABLE patrons (
    patron_id      integer PRIMARY KEY,
    full_name      text NOT NULL,
    city           text NOT NULL,
    joined_on      date NOT NULL,
    is_active      boolean NOT NULL,
    home_branch_id integer NOT NULL REFERENCES branches(branch_id)
);

CREATE TABLE loans (
    loan_id            integer PRIMARY KEY,
    copy_id            integer NOT NULL REFERENCES copies(copy_id),
    patron_id          integer NOT NULL REFERENCES patrons(patron_id),
    issued_branch_id   integer NOT NULL REFERENCES branches(branch_id),
    returned_branch_id integer REFERENCES branches(branch_id),   -- NULL while not returned
    loaned_at          timestamp NOT NULL,
    due_on             date NOT NULL,
    returned_at        timestamp,                                 -- NULL while not returned
    fine_amount        numeric(6,2)                               -- NULL when no fine was charged
);

INSERT INTO branches VALUES
    (1, 'Central',     'Springfield', '1968-05-01', true,  4200.0),
    (2, 'Riverside',   'Springfield', '1985-09-15', false, 950.5),
    (3, 'Oakwood',     'Shelbyville', '1992-03-20', true,  NULL),
    (4, 'Harbor',      'Shelbyville', '2001-11-03', false, 780.0),
    (5, 'Hillcrest',   'Springfield', '2010-06-12', true,  1320.0),
    (6, 'Maple Grove', 'Ogdenville',  '2019-02-28', false, NULL);

INSERT INTO books
SELECT i,
       (ARRAY['The Silent','A Distant','The Last','Broken','Hidden','The Golden','Winter','The Long','Forgotten','Northern'])[1 + i % 10]
         || ' ' ||
       (ARRAY['River','Kingdom','Garden','Voyage','Empire','Harvest','Letters','Tide','Machine','Orchard','Frontier','Lantern'])[1 + (i * 7) % 12]
         || CASE WHEN i > 60 THEN ' ' || (ARRAY['II','Revisited','Returns'])[1 + i % 3] ELSE '' END,
       (ARRAY['Ada Whitfield','Bruno Castell','Chloe Nakamura','Daniel Okafor','Elena Marsh','Farid Haddad','Grace Lindqvist',
              'Hugo Brennan','Ines Duarte','Jonah Pryce','Keiko Tanaka','Liam Riverside','Mara Olsen','Nils Berg','Olivia Grant'])[1 + (i * 4) % 15],
       (ARRAY['Fiction','History','Science','Children','Poetry','Biography','Mystery'])[1 + i % 7],
       1950 + (i * 37) % 75,
       CASE WHEN i % 11 = 0 THEN NULL ELSE 80 + (i * 53) % 600 END
FROM generate_series(1, 120) AS i;

INSERT INTO copies
SELECT i,
       1 + floor(120 * (((i * 37) % 400) / 400.0) ^ 2)::int,
       (ARRAY[1,1,1,1,1,1,2,2,2,2,2,3,3,3,3,4,4,4,5,5,6])[1 + (i * 5) % 21],
       date '2012-01-01' + (i * 13) % 4000,
       CASE WHEN i % 13 = 0 THEN NULL ELSE 8 + ((i * 29) % 300) / 10.0 END,
       i % 17 = 0
FROM generate_series(1, 400) AS i;

INSERT INTO patrons
SELECT i,
       (ARRAY['Alice','Ben','Carla','Dev','Emma','Felix','Gina','Hank','Iris','Jack','Kara','Leo','Mina','Noah','Omar','Pia','Quinn','Rosa'])[1 + i % 18]
         || ' ' ||
       (ARRAY['Adams','Brooks','Chen','Diaz','Evans','Foster','Garcia','Hughes','Ito','Jensen','Khan','Lopez','Moreau','Novak','Oakwood','Patel','Reyes'])[1 + (i * 5) % 17],
       (ARRAY['Springfield','Riverside','Shelbyville','Ogdenville','Lakeview'])[1 + (i * 3) % 5],
       date '2015-01-01' + (i * 31) % 3600,
       i % 7 <> 0,
       1 + (i * 11) % 6
FROM generate_series(1, 300) AS i;

-- Popular books, busy patrons and big branches get more rows (a power curve over a
-- fixed permutation). A loan is issued at the branch that owns the copy; most are returned there,
-- every fifth returned one goes back to another branch; every 23rd is still out.
INSERT INTO loans
SELECT l.i,
       c.copy_id,
       1 + floor(280 * (((l.i * 53) % 1500) / 1500.0) ^ 1.6)::int,
       c.branch_id,
       CASE WHEN l.i % 23 = 0 THEN NULL
            WHEN l.i % 5 = 0 THEN 1 + (c.branch_id + l.i % 4) % 6
            ELSE c.branch_id END,
       l.loaned_at,
       l.loaned_at::date + 21,
       CASE WHEN l.i % 23 = 0 THEN NULL
            ELSE l.loaned_at + ((l.i * 7) % 34) * interval '1 day' + ((l.i * 3) % 9) * interval '1 hour' END,
       CASE WHEN l.i % 23 <> 0 AND (l.i * 7) % 34 > 21 THEN ((l.i * 7) % 34 - 21) * 0.25 END
FROM (SELECT i,
             timestamp '2022-01-03 09:00' + ((i * 37) % 1090) * interval '1 day' + ((i * 5) % 10) * interval '1 hour' AS loaned_at
      FROM generate_series(1, 1500) AS i) AS l
JOIN copies c ON c.copy_id = 1 + floor(400 * (((l.i * 11) % 1500) / 1500.0) ^ 1.3)::int;
