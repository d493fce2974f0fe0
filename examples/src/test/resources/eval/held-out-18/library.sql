-- Public library network. Data as of 2025-06-30. Deterministic (no random()).
CREATE TABLE branches (
    branch_id    integer PRIMARY KEY,
    name         text NOT NULL,
    city         text NOT NULL,
    opened_date  date NOT NULL,
    phone        text
);

CREATE TABLE members (
    member_id        integer PRIMARY KEY,
    first_name       text NOT NULL,
    last_name        text NOT NULL,
    city             text NOT NULL,
    home_branch_id   integer NOT NULL REFERENCES branches(branch_id),
    membership_type  text NOT NULL,
    birth_year       integer,
    email            text,
    join_date        date NOT NULL
);

CREATE TABLE titles (
    title_id          integer PRIMARY KEY,
    title             text NOT NULL,
    author            text NOT NULL,
    genre             text NOT NULL,
    publication_year  integer NOT NULL,
    pages             integer
);

CREATE TABLE copies (
    copy_id        integer PRIMARY KEY,
    title_id       integer NOT NULL REFERENCES titles(title_id),
    branch_id      integer NOT NULL REFERENCES branches(branch_id),
    acquired_date  date NOT NULL,
    condition      text NOT NULL,
    price          numeric(8,2)
);

CREATE TABLE loans (
    loan_id      integer PRIMARY KEY,
    copy_id      integer NOT NULL REFERENCES copies(copy_id),
    member_id    integer NOT NULL REFERENCES members(member_id),
    loan_date    date NOT NULL,
    due_date     date NOT NULL,
    return_date  date
);

CREATE TABLE holds (
    hold_id           integer PRIMARY KEY,
    title_id          integer NOT NULL REFERENCES titles(title_id),
    member_id         integer NOT NULL REFERENCES members(member_id),
    pickup_branch_id  integer NOT NULL REFERENCES branches(branch_id),
    placed_date       date NOT NULL,
    status            text NOT NULL,
    fulfilled_date    date
);

CREATE TABLE fines (
    fine_id      integer PRIMARY KEY,
    loan_id      integer NOT NULL REFERENCES loans(loan_id),
    member_id    integer NOT NULL REFERENCES members(member_id),
    reason       text NOT NULL,
    amount       numeric(8,2) NOT NULL,
    issued_date  date NOT NULL,
    paid_date    date
);

INSERT INTO branches VALUES
 (1, 'Central Library', 'Fairhaven', '1962-04-12', '555-0100'),
 (2, 'Riverside',       'Fairhaven', '1988-09-01', '555-0120'),
 (3, 'Millbrook',       'Ashby',     '1975-03-15', '555-0130'),
 (4, 'Oakwood',         'Ashby',     '2001-06-20', NULL),
 (5, 'Hillcrest',       'Dunmore',   '1994-11-05', '555-0150'),
 (6, 'Harbor View',     'Dunmore',   '2024-09-01', NULL);

INSERT INTO titles VALUES
 (1,  'Pride and Prejudice', 'Jane Austen', 'Fiction', 1813, 432),
 (2,  'Emma', 'Jane Austen', 'Fiction', 1815, 474),
 (3,  'Persuasion', 'Jane Austen', 'Fiction', 1817, 249),
 (4,  'The Hound of the Baskervilles', 'Arthur Conan Doyle', 'Mystery', 1902, 256),
 (5,  'A Study in Scarlet', 'Arthur Conan Doyle', 'Mystery', 1887, 188),
 (6,  'Murder on the Orient Express', 'Agatha Christie', 'Mystery', 1934, 256),
 (7,  'And Then There Were None', 'Agatha Christie', 'Mystery', 1939, 272),
 (8,  'The Murder of Roger Ackroyd', 'Agatha Christie', 'Mystery', 1926, 312),
 (9,  'Dune', 'Frank Herbert', 'Science Fiction', 1965, 617),
 (10, 'Foundation', 'Isaac Asimov', 'Science Fiction', 1951, 255),
 (11, 'I, Robot', 'Isaac Asimov', 'Science Fiction', 1950, 253),
 (12, 'The Left Hand of Darkness', 'Ursula K. Le Guin', 'Science Fiction', 1969, 304),
 (13, 'A Wizard of Earthsea', 'Ursula K. Le Guin', 'Fantasy', 1968, 183),
 (14, 'The Hobbit', 'J. R. R. Tolkien', 'Fantasy', 1937, 310),
 (15, 'The Fellowship of the Ring', 'J. R. R. Tolkien', 'Fantasy', 1954, 423),
 (16, 'Jonathan Strange & Mr Norrell', 'Susanna Clarke', 'Fantasy', 2004, 782),
 (17, 'Piranesi', 'Susanna Clarke', 'Fantasy', 2020, 272),
 (18, 'Steve Jobs', 'Walter Isaacson', 'Biography', 2011, 656),
 (19, 'Einstein: His Life and Universe', 'Walter Isaacson', 'Biography', 2007, 704),
 (20, 'Becoming', 'Michelle Obama', 'Biography', 2018, 448),
 (21, 'The Diary of a Young Girl', 'Anne Frank', 'Biography', 1947, 283),
 (22, 'Sapiens', 'Yuval Noah Harari', 'History', 2011, 443),
 (23, 'The Guns of August', 'Barbara Tuchman', 'History', 1962, 511),
 (24, 'SPQR', 'Mary Beard', 'History', 2015, 608),
 (25, 'The Silk Roads', 'Peter Frankopan', 'History', 2015, 645),
 (26, 'Charlotte''s Web', 'E. B. White', 'Children', 1952, 184),
 (27, 'Matilda', 'Roald Dahl', 'Children', 1988, 240),
 (28, 'The BFG', 'Roald Dahl', 'Children', 1982, 208),
 (29, 'The Gruffalo', 'Julia Donaldson', 'Children', 1999, 32),
 (30, 'A Brief History of Time', 'Stephen Hawking', 'Science', 1988, 212),
 (31, 'The Selfish Gene', 'Richard Dawkins', 'Science', 1976, 360),
 (32, 'Cosmos', 'Carl Sagan', 'Science', 1980, 365),
 (33, 'The Gene: An Intimate History', 'Siddhartha Mukherjee', 'Science', 2016, 592),
 (34, 'Salt Fat Acid Heat', 'Samin Nosrat', 'Cookbook', 2017, 480),
 (35, 'Jerusalem', 'Yotam Ottolenghi', 'Cookbook', 2012, 320),
 (36, 'The Joy of Cooking', 'Irma S. Rombauer', 'Cookbook', 1931, NULL),
 (37, 'Leaves of Grass', 'Walt Whitman', 'Poetry', 1855, NULL),
 (38, 'The Waste Land', 'T. S. Eliot', 'Poetry', 1922, 64),
 (39, 'Milk and Honey', 'Rupi Kaur', 'Poetry', 2014, 208),
 (40, 'Klara and the Sun', 'Kazuo Ishiguro', 'Fiction', 2021, 303),
 (41, 'Never Let Me Go', 'Kazuo Ishiguro', 'Fiction', 2005, 288),
 (42, 'The Remains of the Day', 'Kazuo Ishiguro', 'Fiction', 1989, 245),
 (43, 'Lessons in Chemistry', 'Bonnie Garmus', 'Fiction', 2022, 390),
 (44, 'Tomorrow, and Tomorrow, and Tomorrow', 'Gabrielle Zevin', 'Fiction', 2022, 416),
 (45, 'The Thursday Murder Club', 'Richard Osman', 'Mystery', 2020, 382),
 (46, 'Project Hail Mary', 'Andy Weir', 'Science Fiction', 2021, 496),
 (47, 'The Martian', 'Andy Weir', 'Science Fiction', 2011, 369),
 (48, 'Middlemarch', 'George Eliot', 'Fiction', 1871, 880),
 (49, 'The Old Man and the Sea', 'Ernest Hemingway', 'Fiction', 1952, 127);
-- titles 48 and 49 have no copies

-- Members 1..190 joined 2018-2022; members 191..200 joined in June 2025 and have no loans, holds or fines.
-- 'Millbrook' is both a member home town and a branch name (the Millbrook branch is in Ashby).
-- 'Austen' is both a member last name and part of an author name.
INSERT INTO members
SELECT g,
       (ARRAY['Emma','Oliver','Ava','Noah','Mia','Liam','Grace','Ethan','Chloe','Lucas','Ruby','Henry','Isla','Jack','Zoe','Leo','Hannah','Owen','Lily','Adam','Nora','Samuel','Ella'])[1 + (g * 7) % 23],
       (ARRAY['Smith','Patel','Jones','Nguyen','Brown','Garcia','Wilson','Kowalski','Austen','Murphy','Okafor','Taylor','Clarke','Rossi','Evans','Khan','Walsh'])[1 + (g * 5) % 17],
       CASE WHEN g % 9 = 0 THEN 'Millbrook'
            WHEN g % 6 IN (0, 1) THEN 'Fairhaven'
            WHEN g % 6 IN (2, 3) THEN 'Ashby'
            ELSE 'Dunmore' END,
       CASE WHEN g % 9 = 0 THEN 3
            WHEN g % 6 = 0 THEN 1 WHEN g % 6 = 1 THEN 2
            WHEN g % 6 = 2 THEN 3 WHEN g % 6 = 3 THEN 4
            WHEN g % 6 = 4 THEN 5
            ELSE (CASE WHEN g > 150 THEN 6 ELSE 5 END) END,
       CASE WHEN g % 10 IN (0, 1) THEN 'Child'
            WHEN g % 10 = 2 THEN 'Student'
            WHEN g % 10 IN (3, 4) THEN 'Senior'
            ELSE 'Adult' END,
       CASE WHEN g % 13 = 0 THEN NULL
            WHEN g % 10 IN (0, 1) THEN 2012 + g % 7
            WHEN g % 10 = 2 THEN 2000 + g % 6
            WHEN g % 10 IN (3, 4) THEN 1940 + g % 20
            ELSE 1962 + (g * 3) % 36 END,
       CASE WHEN g % 8 = 3 THEN NULL ELSE 'member' || g || '@example.org' END,
       CASE WHEN g <= 190 THEN date '2018-01-10' + (g * 9)
            ELSE date '2025-06-01' + (g - 190) END
FROM generate_series(1, 200) AS g;

-- Copies: branches 1..5 first (copy_id 1..), then Harbor View (branch 6) copies acquired on opening.
INSERT INTO copies
SELECT row_number() OVER (ORDER BY b, t, k),
       t, b,
       CASE WHEN b = 6 THEN date '2024-09-01'
            ELSE GREATEST(make_date(LEAST(GREATEST((SELECT publication_year FROM titles x WHERE x.title_id = t), 1995), 2022), 3, 1),
                          date '2010-01-15' + ((t * 131 + b * 17 + k * 7) % 4000)) END,
       CASE WHEN (t + b + k) % 11 = 0 THEN 'Damaged'
            WHEN (t + b + k) % 5 = 0 THEN 'Worn'
            WHEN (t + b) % 3 = 0 THEN 'Fair'
            ELSE 'Good' END,
       CASE WHEN (t * 3 + b + k) % 9 = 0 THEN NULL
            ELSE 9.99 + ((t * 7) % 15) + CASE WHEN b = 6 THEN 2 ELSE 0 END END
FROM generate_series(1, 47) AS t
CROSS JOIN generate_series(1, 6) AS b
CROSS JOIN generate_series(1, 2) AS k
WHERE (b < 6 AND (t + b) % 3 <> 0 AND (k = 1 OR (t + b) % 4 = 1))
   OR (b = 6 AND t % 3 = 0 AND k = 1);

-- Loans 2023-01-01 .. 2025-06-29. Loans before Harbor View opened only use copies of branches 1..5.
INSERT INTO loans
SELECT g,
       CASE WHEN ld < date '2024-09-01'
            THEN 1 + (g * 53) % (SELECT count(*) FROM copies WHERE branch_id < 6)
            ELSE 1 + (g * 53) % (SELECT count(*) FROM copies) END,
       1 + (g * 37) % 190,
       ld,
       ld + 21,
       CASE WHEN g % 97 = 0 THEN NULL
            WHEN ld > date '2025-06-08' AND g % 3 <> 0 THEN NULL
            WHEN ld + 1 + (g * 7) % 30 > date '2025-06-30' THEN NULL
            ELSE ld + 1 + (g * 7) % 30 END
FROM (SELECT g, date '2023-01-01' + (g * 910 / 1500) AS ld FROM generate_series(1, 1500) AS g) s;

-- Fines: late returns (0.25 a day late), lost items (not returned, due before June 2025), a few damaged items.
INSERT INTO fines
SELECT row_number() OVER (ORDER BY loan_id, reason), loan_id, member_id, reason, amount, issued_date, paid_date
FROM (
  SELECT l.loan_id, l.member_id, 'Late return' AS reason,
         (l.return_date - l.due_date) * 0.25 AS amount,
         l.return_date AS issued_date,
         CASE WHEN l.loan_id % 4 = 0 THEN NULL ELSE l.return_date + (l.loan_id % 10) END AS paid_date
  FROM loans l WHERE l.return_date > l.due_date
  UNION ALL
  SELECT l.loan_id, l.member_id, 'Lost item',
         COALESCE(c.price, 20.00),
         l.due_date + 30,
         CASE WHEN l.loan_id % 2 = 0 AND l.due_date + 45 <= date '2025-06-30' THEN l.due_date + 45 END
  FROM loans l JOIN copies c ON c.copy_id = l.copy_id
  WHERE l.return_date IS NULL AND l.due_date < date '2025-06-01'
  UNION ALL
  SELECT l.loan_id, l.member_id, 'Damaged item', 5.00 + (l.loan_id % 4) * 2.5,
         l.return_date, CASE WHEN l.loan_id % 3 = 0 THEN NULL ELSE l.return_date + 3 END
  FROM loans l WHERE l.return_date IS NOT NULL AND l.loan_id % 71 = 0
) f;

-- Holds 2024-01-01 .. 2025-06-29.
INSERT INTO holds
SELECT g,
       1 + (g * 11) % 47,
       1 + (g * 29) % 190,
       CASE WHEN 1 + (g * 5) % 6 = 6 AND pd < date '2024-09-01' THEN 1 ELSE 1 + (g * 5) % 6 END,
       pd,
       CASE WHEN pd > date '2025-06-15' THEN (CASE WHEN g % 2 = 0 THEN 'Ready' ELSE 'Waiting' END)
            WHEN g % 7 = 0 THEN 'Cancelled'
            ELSE 'Fulfilled' END,
       CASE WHEN pd > date '2025-06-15' OR g % 7 = 0 THEN NULL
            ELSE pd + 1 + (g % 14) END
FROM (SELECT g, date '2024-01-01' + (g * 545 / 320) AS pd FROM generate_series(1, 320) AS g) s;
