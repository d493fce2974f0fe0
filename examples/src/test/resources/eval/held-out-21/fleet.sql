-- Trucking company: depots, trucks, drivers, trips, fuel purchases, maintenance events.
-- Data as of 2025-11-01; the last few trips are still on the road (arrival_at NULL).
CREATE TABLE depots (
  depot_id integer PRIMARY KEY,
  name text NOT NULL,
  city text NOT NULL,
  opened_date date NOT NULL
);
CREATE TABLE trucks (
  truck_id integer PRIMARY KEY,
  plate_number text NOT NULL UNIQUE,
  make text NOT NULL,
  model text NOT NULL,
  model_year integer NOT NULL,
  capacity_kg integer NOT NULL,
  depot_id integer NOT NULL REFERENCES depots(depot_id)
);
CREATE TABLE drivers (
  driver_id integer PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  licence_class text NOT NULL,
  depot_id integer NOT NULL REFERENCES depots(depot_id),
  hire_date date NOT NULL,
  leave_date date
);
CREATE TABLE trips (
  trip_id integer PRIMARY KEY,
  truck_id integer NOT NULL REFERENCES trucks(truck_id),
  driver_id integer NOT NULL REFERENCES drivers(driver_id),
  origin_city text NOT NULL,
  destination_city text NOT NULL,
  departure_at timestamp NOT NULL,
  arrival_at timestamp,
  distance_km numeric(7,1) NOT NULL,
  cargo_weight_kg integer
);
CREATE TABLE fuel_purchases (
  purchase_id integer PRIMARY KEY,
  truck_id integer NOT NULL REFERENCES trucks(truck_id),
  driver_id integer REFERENCES drivers(driver_id),
  purchased_at timestamp NOT NULL,
  city text NOT NULL,
  litres numeric(6,1) NOT NULL,
  cost numeric(8,2) NOT NULL,
  payment_method text NOT NULL
);
CREATE TABLE maintenance_events (
  event_id integer PRIMARY KEY,
  truck_id integer NOT NULL REFERENCES trucks(truck_id),
  event_date date NOT NULL,
  event_type text NOT NULL,
  cost numeric(9,2),
  odometer_km integer,
  notes text
);

-- The depot named 'Hannover' is located in Laatzen; Hannover is also a trip and fuel city.
-- Depot 6 (Dresden) has no trucks.
INSERT INTO depots VALUES
 (1, 'Hamburg Port', 'Hamburg', date '2008-04-01'),
 (2, 'Rhine', 'Cologne', date '2011-09-15'),
 (3, 'Hannover', 'Laatzen', date '2013-03-01'),
 (4, 'Bavaria', 'Munich', date '2015-06-01'),
 (5, 'Spree', 'Berlin', date '2018-01-10'),
 (6, 'Elbe South', 'Dresden', date '2025-07-01');

-- Truck 40 has no trips and no fuel purchases.
INSERT INTO trucks
SELECT t,
       (ARRAY['HH','K','H','M','B'])[1 + t % 5] || '-FL ' || (1000 + t * 37),
       (ARRAY['Volvo','Scania','MAN','Mercedes-Benz','DAF','Iveco','Ford'])[1 + (t * 3) % 7],
       CASE (t * 3) % 7 WHEN 0 THEN 'FH16' WHEN 1 THEN 'R 450' WHEN 2 THEN 'TGX' WHEN 3 THEN 'Actros'
                        WHEN 4 THEN 'XF' WHEN 5 THEN 'S-Way' ELSE 'F-Max' END,
       2012 + (t * 5) % 14,
       18000 + 2000 * (t % 5),
       1 + t % 5
FROM generate_series(1, 40) AS t;

-- Driver 50 was hired recently and has no trips.  Drivers with id divisible by 9 have left.
INSERT INTO drivers
SELECT d,
       (ARRAY['Jan','Peter','Aylin','Marco','Sven','Olga','Tomasz','Lena','Stefan','Dragan','Nina','Kemal','Ralf','Ute','Mehmet','Anke'])[1 + (d * 3) % 16],
       (ARRAY['Ford','Krüger','Wolf','Brandt','Yildiz','Nowak','Hahn','Lange','Jovanovic','Roth','Winter','Ford','Sommer',
              'Kaya','Vogt','Lorenz','Peters','Arslan','Busch','Frank','Kuhn','Graf','Ludwig','Simon','Haas'])[1 + (d * 7) % 25],
       CASE WHEN d % 6 = 0 THEN 'C1' WHEN d % 3 = 0 THEN 'C' ELSE 'CE' END,
       1 + d % 5,
       CASE WHEN d = 50 THEN date '2025-10-06' ELSE date '2010-01-01' + (d * 97) % 5000 END,
       CASE WHEN d % 9 = 0 THEN date '2024-03-31' + (d * 41) % 500 END
FROM generate_series(1, 50) AS d;

INSERT INTO trips
SELECT i,
       1 + (i * 7) % 39,
       1 + (i * 11) % 49,
       (ARRAY['Hamburg','Cologne','Hannover','Munich','Berlin','Frankfurt','Stuttgart','Leipzig','Bremen','Dortmund'])[1 + (i * 3) % 10],
       (ARRAY['Hamburg','Cologne','Hannover','Munich','Berlin','Frankfurt','Stuttgart','Leipzig','Bremen','Dortmund'])[1 + (i * 3 + 1 + i % 9) % 10],
       timestamp '2024-01-02 05:00' + (i * 8) * interval '1 hour' + (i % 5) * interval '37 minutes',
       CASE WHEN i > 1994 THEN NULL
            ELSE timestamp '2024-01-02 05:00' + (i * 8) * interval '1 hour' + (i % 5) * interval '37 minutes'
                 + ((80 + (i * 37) % 720) / 65.0 + 0.5) * interval '1 hour' END,
       80 + (i * 37) % 720 + (i % 10) / 10.0,
       CASE WHEN i % 13 = 0 THEN NULL ELSE 1500 + (i * 131) % 16000 END
FROM generate_series(1, 2000) AS i;

-- A driver who has left does not drive after the leave date: hand those trips to the next driver.
UPDATE trips t SET driver_id = t.driver_id + 1
FROM drivers d
WHERE d.driver_id = t.driver_id AND d.leave_date IS NOT NULL AND t.departure_at::date > d.leave_date;

INSERT INTO fuel_purchases
SELECT p,
       1 + (p * 11) % 39,
       CASE WHEN p % 15 = 0 THEN NULL ELSE 1 + (p * 13) % 49 END,
       timestamp '2024-01-03 07:00' + (p * 11) * interval '1 hour' + (p % 7) * interval '13 minutes',
       (ARRAY['Hamburg','Cologne','Hannover','Munich','Berlin','Frankfurt','Stuttgart','Leipzig','Bremen','Dortmund','Kassel','Würzburg'])[1 + (p * 5) % 12],
       150 + (p * 23) % 350 + (p % 10) / 10.0,
       round((150 + (p * 23) % 350 + (p % 10) / 10.0) * (1.55 + ((p * 7) % 40) / 100.0), 2),
       CASE WHEN p % 10 = 0 THEN 'Cash' WHEN p % 4 = 0 THEN 'Credit card' ELSE 'Fuel card' END
FROM generate_series(1, 1450) AS p;

INSERT INTO maintenance_events
SELECT e,
       1 + (e * 17) % 40,
       date '2024-01-05' + (e * 3) % 665,
       (ARRAY['Oil change','Tyre replacement','Brake service','Inspection','Engine repair','Oil change','Inspection'])[1 + (e * 5) % 7],
       CASE WHEN e % 23 = 0 THEN NULL
            ELSE CASE (e * 5) % 7 WHEN 0 THEN 320 WHEN 1 THEN 2400 WHEN 2 THEN 950 WHEN 3 THEN 180
                                   WHEN 4 THEN 4200 WHEN 5 THEN 340 ELSE 210 END + (e * 29) % 300 END,
       CASE WHEN e % 19 = 0 THEN NULL ELSE 40000 + (e * 4111) % 600000 END,
       CASE WHEN (e * 5) % 7 = 4 THEN 'Workshop visit, truck off the road' WHEN e % 11 = 0 THEN 'Done at roadside' END
FROM generate_series(1, 260) AS e;
