-- Held-out set 7, database `rental`: a car rental company.
-- Data is as of 2025-06-30 (rentals with returned_at NULL are still ongoing on that date).
-- All data is deterministic: fixed rows, generate_series and fixed arithmetic, no random().

CREATE TABLE branches (
  branch_id   integer PRIMARY KEY,
  name        text NOT NULL,
  city        text NOT NULL,
  airport     boolean NOT NULL,          -- true when the branch is at an airport
  opened_on   date NOT NULL
);

CREATE TABLE car_models (
  model_id    integer PRIMARY KEY,
  make        text NOT NULL,
  model       text NOT NULL,
  category    text NOT NULL,             -- economy, compact, suv, van, luxury
  seats       integer NOT NULL
);

CREATE TABLE cars (
  car_id          integer PRIMARY KEY,
  model_id        integer NOT NULL REFERENCES car_models(model_id),
  home_branch_id  integer NOT NULL REFERENCES branches(branch_id),
  plate           text NOT NULL UNIQUE,
  bought_on       date NOT NULL,
  mileage         integer NOT NULL       -- km on the odometer as of 2025-06-30
);

CREATE TABLE customers (
  customer_id     integer PRIMARY KEY,
  name            text NOT NULL,
  city            text NOT NULL,
  country         text NOT NULL,
  birth_year      integer NOT NULL,
  licence_expiry  date                   -- NULL when not recorded
);

CREATE TABLE rentals (
  rental_id         integer PRIMARY KEY,
  car_id            integer NOT NULL REFERENCES cars(car_id),
  customer_id       integer NOT NULL REFERENCES customers(customer_id),
  pickup_branch_id  integer NOT NULL REFERENCES branches(branch_id),
  return_branch_id  integer NOT NULL REFERENCES branches(branch_id),
  picked_up_at      timestamp NOT NULL,
  returned_at       timestamp,           -- NULL while the rental is ongoing
  price             numeric(8,2) NOT NULL
);

CREATE TABLE damages (
  damage_id    integer PRIMARY KEY,
  rental_id    integer NOT NULL REFERENCES rentals(rental_id),
  reported_on  date NOT NULL,
  cost         numeric(8,2) NOT NULL,
  description  text NOT NULL
);

INSERT INTO branches VALUES
 (1, 'Lisbon Airport',  'Lisbon', true,  '2015-03-01'),
 (2, 'Lisbon Baixa',    'Lisbon', false, '2016-05-10'),
 (3, 'Porto Airport',   'Porto',  true,  '2017-04-01'),
 (4, 'Madrid Atocha',   'Madrid', false, '2018-02-15'),
 (5, 'Madrid Barajas',  'Madrid', true,  '2018-09-01'),
 (6, 'Paris Orly',      'Paris',  true,  '2019-06-01'),
 (7, 'Lyon Part-Dieu',  'Lyon',   false, '2020-01-20'),
 (8, 'Geneva Airport',  'Geneva', true,  '2025-05-01');   -- no car is based here and no rental started here

INSERT INTO car_models VALUES
 (1,  'Fiat',          '500',      'economy', 4),
 (2,  'Renault',       'Clio',     'economy', 5),
 (3,  'Volkswagen',    'Golf',     'compact', 5),
 (4,  'Peugeot',       '308',      'compact', 5),
 (5,  'Toyota',        'RAV4',     'suv',     5),
 (6,  'Nissan',        'Qashqai',  'suv',     5),
 (7,  'Ford',          'Transit',  'van',     9),
 (8,  'Mercedes-Benz', 'Vito',     'van',     8),
 (9,  'BMW',           '5 Series', 'luxury',  5),
 (10, 'Tesla',         'Model 3',  'luxury',  5),
 (11, 'Citroen',       'Berlingo', 'van',     7);  -- no car of this model in the fleet

-- 40 cars spread over branches 1..7
INSERT INTO cars
SELECT c,
       ((c * 7) % 13) % 10 + 1,
       ((c - 1) % 7) + 1,
       'RC-' || lpad((1000 + c * 37)::text, 4, '0'),
       date '2021-01-04' + ((c * 37) % 1200),
       12000 + (c * 2719) % 95000
FROM generate_series(1, 40) AS c;

-- 150 customers; customers 141..150 never rented
INSERT INTO customers
SELECT i,
       (ARRAY['Ana','Bruno','Carla','David','Elena','Felix','Greta','Hugo','Ines','Jonas',
              'Karin','Luis','Marta','Nadia','Oscar'])[(i % 15) + 1]
       || ' ' ||
       (ARRAY['Silva','Garcia','Martin','Rossi','Muller','Ford','Dubois','Costa','Novak','Smith'])[((i - 1) / 15) + 1],
       (ARRAY['Lisbon','Porto','Madrid','Paris','Lyon','Geneva','London','Berlin','Rome','Lisbon','Madrid','New York'])[(i * 7 % 12) + 1],
       (ARRAY['Portugal','Portugal','Spain','France','France','Switzerland','United Kingdom','Germany','Italy','Portugal','Spain','United States'])[(i * 7 % 12) + 1],
       1950 + (i * 13) % 54,
       CASE WHEN i % 9 = 4 THEN NULL
            ELSE date '2023-03-01' + ((i * 53) % 2500) END
FROM generate_series(1, 150) AS i;

-- 1200 rentals between 2023-01 and 2025-06; pickup branch is the car's home branch,
-- every 9th rental is one-way to another branch, every 97th is returned at Geneva Airport.
INSERT INTO rentals
SELECT n,
       car_id,
       ((n * 17 + (n * n) % 11 * 13) % 140) + 1,
       home,
       CASE WHEN n % 97 = 0 THEN 8
            WHEN n % 9 = 0 THEN (home % 7) + 1
            ELSE home END,
       pick,
       CASE WHEN pick + make_interval(days => days, hours => 2 + n % 5) > timestamp '2025-06-30 12:00'
            THEN NULL
            ELSE pick + make_interval(days => days, hours => 2 + n % 5) END,
       days * (CASE cat WHEN 'economy' THEN 35 WHEN 'compact' THEN 45 WHEN 'suv' THEN 70
                        WHEN 'van' THEN 85 ELSE 120 END)
         + (n * n % 23) * 1.50
FROM (
  SELECT n,
         ((n * 7) % 40) + 1 AS car_id,
         1 + (n * 3) % 10 AS days,
         timestamp '2023-01-10 08:00' + make_interval(hours => n * 18 + (n * 5) % 10) AS pick
  FROM generate_series(1, 1200) AS n
) r
JOIN cars c USING (car_id)
JOIN car_models m ON m.model_id = c.model_id
CROSS JOIN LATERAL (SELECT c.home_branch_id AS home, m.category AS cat) x;

-- damages on some returned rentals (fixed arithmetic on rental_id)
INSERT INTO damages
SELECT row_number() OVER (ORDER BY rental_id),
       rental_id,
       returned_at::date,
       150 + (rental_id * 37) % 900,
       (ARRAY['scratch on rear bumper','dent in driver door','broken side mirror','windscreen chip',
              'interior stain','flat tyre'])[(rental_id / 7) % 6 + 1]
FROM rentals
WHERE (rental_id * 7 + rental_id / 50) % 15 = 0 AND returned_at IS NOT NULL;
