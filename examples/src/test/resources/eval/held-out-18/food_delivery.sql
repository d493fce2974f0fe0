-- Food delivery platform. Data as of 2025-06-30 (orders placed 2024-01-01 .. 2025-06-30). Deterministic (no random()).
CREATE TABLE restaurants (
    restaurant_id  integer PRIMARY KEY,
    name           text NOT NULL,
    cuisine        text NOT NULL,
    city           text NOT NULL,
    price_level    integer NOT NULL,
    opened_date    date NOT NULL,
    is_active      boolean NOT NULL
);

CREATE TABLE menu_items (
    item_id        integer PRIMARY KEY,
    restaurant_id  integer NOT NULL REFERENCES restaurants(restaurant_id),
    item_name      text NOT NULL,
    category       text NOT NULL,
    price          numeric(8,2) NOT NULL,
    is_vegetarian  boolean NOT NULL
);

CREATE TABLE customers (
    customer_id  integer PRIMARY KEY,
    full_name    text NOT NULL,
    email        text,
    city         text NOT NULL,
    signup_date  date NOT NULL
);

CREATE TABLE couriers (
    courier_id    integer PRIMARY KEY,
    full_name     text NOT NULL,
    city          text NOT NULL,
    vehicle_type  text NOT NULL,
    hired_date    date NOT NULL,
    left_date     date
);

CREATE TABLE orders (
    order_id       integer PRIMARY KEY,
    customer_id    integer NOT NULL REFERENCES customers(customer_id),
    restaurant_id  integer NOT NULL REFERENCES restaurants(restaurant_id),
    courier_id     integer REFERENCES couriers(courier_id),
    placed_at      timestamp NOT NULL,
    delivered_at   timestamp,
    status         text NOT NULL,
    delivery_fee   numeric(6,2) NOT NULL,
    tip            numeric(6,2)
);

CREATE TABLE order_items (
    order_id    integer NOT NULL REFERENCES orders(order_id),
    item_id     integer NOT NULL REFERENCES menu_items(item_id),
    quantity    integer NOT NULL,
    unit_price  numeric(8,2) NOT NULL,
    PRIMARY KEY (order_id, item_id)
);

CREATE TABLE ratings (
    rating_id      integer PRIMARY KEY,
    order_id       integer NOT NULL UNIQUE REFERENCES orders(order_id),
    food_score     integer NOT NULL,
    courier_score  integer,
    comment        text,
    rated_at       timestamp NOT NULL
);

-- 'Dessert' is both a restaurant cuisine and a menu item category.
INSERT INTO restaurants VALUES
 (1,  'Luigi''s Trattoria',  'Italian',  'Leeds',    2, '2019-03-01', true),
 (2,  'Spice Route',         'Indian',   'Leeds',    2, '2018-07-15', true),
 (3,  'Golden Dragon',       'Chinese',  'Leeds',    1, '2016-02-10', true),
 (4,  'Bangkok Street',      'Thai',     'Leeds',    2, '2020-05-20', true),
 (5,  'Sakura House',        'Japanese', 'Leeds',    3, '2021-09-01', true),
 (6,  'Burger Barn',         'Burgers',  'York',     1, '2017-11-11', true),
 (7,  'Casa Verde',          'Mexican',  'York',     2, '2019-06-30', true),
 (8,  'The Minster Curry',   'Indian',   'York',     2, '2015-04-04', true),
 (9,  'Sweet Tooth',         'Dessert',  'York',     1, '2022-02-14', true),
 (10, 'Pizza Piazza',        'Italian',  'Bristol',  1, '2018-01-20', true),
 (11, 'Harbour Noodle Bar',  'Chinese',  'Bristol',  1, '2020-10-10', true),
 (12, 'Green Leaf Kitchen',  'Vegan',    'Bristol',  2, '2021-03-03', true),
 (13, 'Istanbul Grill',      'Turkish',  'Bristol',  2, '2017-08-08', true),
 (14, 'Tokyo Bento',         'Japanese', 'Bristol',  3, '2019-12-01', false),
 (15, 'Roman Pizzeria',      'Italian',  'Bath',     2, '2016-05-05', true),
 (16, 'Bath Burger Co',      'Burgers',  'Bath',     2, '2020-08-15', true),
 (17, 'Royal Tandoor',       'Indian',   'Bath',     3, '2014-09-09', true),
 (18, 'Crescent Creamery',   'Dessert',  'Bath',     2, '2021-07-01', true),
 (19, 'Pier Fish & Grill',   'Turkish',  'Brighton', 2, '2018-04-18', true),
 (20, 'Lanes Taqueria',      'Mexican',  'Brighton', 1, '2022-06-06', true),
 (21, 'Seaside Thai',        'Thai',     'Brighton', 2, '2019-02-28', true),
 (22, 'Sprout & Bean',       'Vegan',    'Brighton', 1, '2023-01-15', true),
 (23, 'Pavilion Pasta',      'Italian',  'Brighton', 3, '2017-03-17', true),
 (24, 'Dumpling Den',        'Chinese',  'York',     1, '2025-06-20', true);
-- restaurant 24 opened in late June 2025 and has no orders

-- Five menu items per restaurant: two mains, a side, a drink, a dessert.
INSERT INTO menu_items
SELECT (r.restaurant_id - 1) * 5 + k,
       r.restaurant_id,
       n.item_name,
       (ARRAY['Main','Main','Side','Drink','Dessert'])[k],
       (ARRAY[9.50, 11.00, 3.50, 2.50, 4.50])[k] + (r.price_level - 1) * (ARRAY[3.00, 3.50, 1.00, 0.50, 1.50])[k],
       n.veg
FROM restaurants r
CROSS JOIN generate_series(1, 5) AS kk(k)
JOIN (VALUES
  ('Italian',1,'Margherita Pizza',true),('Italian',2,'Lasagne',false),('Italian',3,'Garlic Bread',true),('Italian',4,'San Pellegrino',true),('Italian',5,'Tiramisu',true),
  ('Indian',1,'Chicken Tikka Masala',false),('Indian',2,'Lamb Rogan Josh',false),('Indian',3,'Onion Bhaji',true),('Indian',4,'Mango Lassi',true),('Indian',5,'Gulab Jamun',true),
  ('Chinese',1,'Kung Pao Chicken',false),('Chinese',2,'Sweet and Sour Pork',false),('Chinese',3,'Spring Rolls',true),('Chinese',4,'Jasmine Tea',true),('Chinese',5,'Sesame Balls',true),
  ('Thai',1,'Pad Thai',false),('Thai',2,'Green Curry',false),('Thai',3,'Prawn Crackers',false),('Thai',4,'Thai Iced Tea',true),('Thai',5,'Mango Sticky Rice',true),
  ('Japanese',1,'Salmon Sushi Set',false),('Japanese',2,'Chicken Katsu Curry',false),('Japanese',3,'Edamame',true),('Japanese',4,'Green Tea',true),('Japanese',5,'Mochi',true),
  ('Burgers',1,'Classic Cheeseburger',false),('Burgers',2,'Bacon Double Burger',false),('Burgers',3,'Fries',true),('Burgers',4,'Cola',true),('Burgers',5,'Chocolate Milkshake',true),
  ('Mexican',1,'Beef Burrito',false),('Mexican',2,'Chicken Quesadilla',false),('Mexican',3,'Nachos',true),('Mexican',4,'Horchata',true),('Mexican',5,'Churros',true),
  ('Dessert',1,'Waffle Stack',true),('Dessert',2,'Brownie Sundae',true),('Dessert',3,'Fruit Cup',true),('Dessert',4,'Hot Chocolate',true),('Dessert',5,'Cheesecake Slice',true),
  ('Vegan',1,'Buddha Bowl',true),('Vegan',2,'Falafel Wrap',true),('Vegan',3,'Sweet Potato Fries',true),('Vegan',4,'Kombucha',true),('Vegan',5,'Vegan Brownie',true),
  ('Turkish',1,'Chicken Shish',false),('Turkish',2,'Lamb Doner',false),('Turkish',3,'Hummus',true),('Turkish',4,'Ayran',true),('Turkish',5,'Baklava',true)
) AS n(cuisine, pos, item_name, veg) ON n.cuisine = r.cuisine AND n.pos = kk.k;

-- 300 customers. 'Harrogate' customers have no restaurant in their city. Customers 291..300 signed up in
-- June 2025 and have no orders. 'Sam Taylor' and 'Priya Shah' are also courier names (different people).
INSERT INTO customers
SELECT g,
       CASE WHEN g = 17 THEN 'Sam Taylor' WHEN g = 140 THEN 'Priya Shah'
            ELSE (ARRAY['Olivia','Jack','Amelia','Harry','Isla','George','Sophie','Charlie','Freya','Oscar','Poppy','Alfie','Evie','Arthur','Maya','Theo','Rosie','Finn','Aisha','Max'])[1 + (g * 3) % 20]
                 || ' ' ||
                 (ARRAY['Hughes','Ahmed','Walker','Wright','Edwards','Green','Hall','Wood','Hussain','Roberts','Lewis','Jackson','Clarke','Turner','Hill','Moore','Cooper','Ward','Bailey','Kaur','Shaw','Bell','Price'])[1 + (g * 7) % 23] END,
       CASE WHEN g % 11 = 0 THEN NULL ELSE 'customer' || g || '@mail.example' END,
       CASE WHEN g % 23 = 0 THEN 'Harrogate'
            ELSE (ARRAY['Leeds','York','Bristol','Bath','Brighton'])[1 + g % 5] END,
       CASE WHEN g <= 290 THEN date '2023-01-03' + (g * 340 / 290)
            ELSE date '2025-06-01' + (g - 290) END
FROM generate_series(1, 300) AS g;

-- 30 couriers, six a city. Courier 30 was hired 2025-06-28 and has made no deliveries yet.
INSERT INTO couriers
SELECT g,
       CASE WHEN g = 4 THEN 'Sam Taylor' WHEN g = 21 THEN 'Priya Shah'
            ELSE (ARRAY['Tom','Lena','Marek','Aaliyah','Josh','Nadia','Kwame','Ben','Sara','Luis','Ewa','Dan','Fatima','Ryan'])[1 + (g * 5) % 14]
                 || ' ' ||
                 (ARRAY['Novak','Baker','Mensah','Silva','Fraser','Doyle','Ali','Petrov','Reid','Campbell','Osei'])[1 + (g * 3) % 11] END,
       (ARRAY['Leeds','York','Bristol','Bath','Brighton'])[1 + (g - 1) % 5],
       CASE WHEN g % 3 = 0 THEN 'Car' WHEN g % 3 = 1 THEN 'Bike' ELSE 'Scooter' END,
       CASE WHEN g <= 10 THEN date '2023-06-01' + g * 10
            WHEN g <= 25 THEN date '2024-01-01' + (g - 10) * 30
            WHEN g <= 29 THEN date '2024-09-01' + (g - 25) * 20
            ELSE date '2025-06-28' END,
       CASE WHEN g IN (2, 7) THEN date '2024-10-31'
            WHEN g = 13 THEN date '2025-03-15' END
FROM generate_series(1, 30) AS g;

-- 4000 orders. Every 25th is cancelled (no courier, no delivery); orders after 2025-06-29 19:00 are in transit.
-- Restaurants 1..23 get a fixed, distinct share of orders through weighted slots.
INSERT INTO orders
WITH slots AS (
  SELECT restaurant_id, row_number() OVER (ORDER BY restaurant_id, k) - 1 AS idx
  FROM restaurants CROSS JOIN generate_series(1, 5 + (restaurant_id * 7) % 23) AS k
  WHERE restaurant_id <= 23
)
SELECT s.g,
       1 + (s.g * 61) % 290,
       s.rid,
       CASE WHEN s.g % 25 = 0 THEN NULL ELSE
            (SELECT (array_agg(c.courier_id ORDER BY c.courier_id))[1 + s.g % count(*)]
             FROM couriers c JOIN restaurants r ON r.city = c.city
             WHERE r.restaurant_id = s.rid AND c.hired_date <= s.placed_at::date
               AND (c.left_date IS NULL OR c.left_date > s.placed_at::date)
               AND c.hired_date < date '2025-06-28') END,
       s.placed_at,
       CASE WHEN s.g % 25 = 0 OR s.placed_at >= timestamp '2025-06-29 19:00' THEN NULL
            ELSE s.placed_at + make_interval(mins => 18 + (s.g * 7) % 37 + (s.rid % 4) * 3) END,
       CASE WHEN s.g % 25 = 0 THEN 'Cancelled'
            WHEN s.placed_at >= timestamp '2025-06-29 19:00' THEN 'In transit'
            ELSE 'Delivered' END,
       1.99 + (s.g % 4),
       CASE WHEN s.g % 25 = 0 OR s.g % 3 = 0 THEN NULL ELSE (s.g % 5) * 0.50 END
FROM (
  SELECT g,
         (SELECT sl.restaurant_id FROM slots sl WHERE sl.idx = (g * 101) % (SELECT count(*) FROM slots)) AS rid,
         timestamp '2024-01-01 11:00' + make_interval(days => (g * 546) / 4000, hours => (g * 5) % 11, mins => (g * 13) % 60) AS placed_at
  FROM generate_series(1, 4000) AS g
) s;

-- 1 to 3 distinct items an order.
INSERT INTO order_items
SELECT o.order_id, m.item_id, 1 + (o.order_id * j) % 3, m.price
FROM orders o
CROSS JOIN generate_series(1, 3) AS j
JOIN menu_items m ON m.restaurant_id = o.restaurant_id AND m.item_id = (o.restaurant_id - 1) * 5 + 1 + (o.order_id + j * 2) % 5
WHERE j <= 1 + o.order_id % 3;

-- Ratings for two thirds of delivered orders; courier_score sometimes left empty.
INSERT INTO ratings
SELECT row_number() OVER (ORDER BY o.order_id),
       o.order_id,
       LEAST(5, GREATEST(1, 3 + (o.restaurant_id % 3) - CASE WHEN o.order_id % 4 = 0 THEN 1 ELSE 0 END
                                + CASE WHEN o.order_id % 7 = 0 THEN 1 ELSE 0 END - CASE WHEN o.restaurant_id = 11 AND o.order_id % 2 = 0 THEN 2 ELSE 0 END)),
       CASE WHEN o.order_id % 5 = 0 THEN NULL
            ELSE LEAST(5, 2 + (o.courier_id % 4) + CASE WHEN o.order_id % 6 = 0 THEN -1 ELSE 0 END) END,
       CASE WHEN o.order_id % 50 = 1 THEN 'Food arrived cold'
            WHEN o.order_id % 50 = 11 THEN 'Great service'
            WHEN o.order_id % 50 = 31 THEN 'Missing item' END,
       o.delivered_at + make_interval(hours => 1 + o.order_id % 20)
FROM orders o
WHERE o.status = 'Delivered' AND o.order_id % 3 <> 0;
