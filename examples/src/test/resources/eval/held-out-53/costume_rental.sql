-- Costume and prop rental house (North West England), data as of 2025-06-30.
CREATE TABLE staff (
  staff_id    integer PRIMARY KEY,
  first_name  text NOT NULL,
  last_name   text NOT NULL,
  role        text NOT NULL,      -- 'Manager', 'Wardrobe Assistant', 'Counter Assistant'
  hired_on    date NOT NULL
);

CREATE TABLE customers (
  customer_id       integer PRIMARY KEY,
  customer_name     text NOT NULL,
  customer_type     text NOT NULL,  -- 'Theatre', 'School', 'Film & TV', 'Events', 'Individual'
  city              text NOT NULL,
  email             text,           -- NULL: no email address given
  phone             text NOT NULL,
  is_trade_account  boolean NOT NULL, -- trade accounts get 15% off the daily rate
  created_on        date NOT NULL
);

CREATE TABLE categories (
  category_id    integer PRIMARY KEY,
  category_name  text NOT NULL UNIQUE
);

CREATE TABLE items (
  item_id            integer PRIMARY KEY,
  item_name          text NOT NULL,
  category_id        integer NOT NULL REFERENCES categories(category_id),
  item_type          text NOT NULL,   -- 'Costume', 'Wig', 'Headwear', 'Prop'
  era                text,            -- 'Victorian', 'Medieval', 'Georgian', 'WW2', '1920s'; NULL: no historical period (fantasy, animal, horror)
  size               text,            -- 'XS','S','M','L','XL'; NULL: one size / not applicable (props, wigs, headwear)
  condition          text NOT NULL,   -- 'Excellent', 'Good', 'Fair', 'Needs Repair'
  daily_rate         numeric(8,2) NOT NULL,
  replacement_value  numeric(8,2) NOT NULL,
  acquired_on        date NOT NULL,
  retired_on         date             -- NULL: still in stock
);

CREATE TABLE rentals (
  rental_id         integer PRIMARY KEY,
  customer_id       integer NOT NULL REFERENCES customers(customer_id),
  staff_id          integer NOT NULL REFERENCES staff(staff_id),
  rented_on         date NOT NULL,
  due_back_on       date NOT NULL,
  returned_on       date,             -- NULL: not returned yet (on hire, reserved or cancelled)
  status            text NOT NULL,    -- 'Reserved', 'On Hire', 'Returned', 'Cancelled'
  deposit_paid      numeric(8,2) NOT NULL,
  production_title  text              -- NULL: private hire, not for a production
);

CREATE TABLE rental_items (
  rental_id           integer NOT NULL REFERENCES rentals(rental_id),
  item_id             integer NOT NULL REFERENCES items(item_id),
  quantity            integer NOT NULL,
  daily_rate_charged  numeric(8,2) NOT NULL,
  PRIMARY KEY (rental_id, item_id)
);

INSERT INTO staff VALUES
 (1,'Margaret','Doyle','Manager','2012-02-01'),
 (2,'Kieran','Chester','Wardrobe Assistant','2015-06-15'),
 (3,'Aisha','Rahman','Counter Assistant','2017-09-04'),
 (4,'Ben','Whitworth','Wardrobe Assistant','2018-03-12'),
 (5,'Chloe','Nolan','Counter Assistant','2019-10-21'),
 (6,'Sam','Barker','Counter Assistant','2021-01-11'),
 (7,'Fiona','McLeod','Wardrobe Assistant','2022-05-03'),
 (8,'Jordan','Ellis','Counter Assistant','2025-06-02');

-- Customers 1-40 are organisations, 41-240 individuals; 221-240 never rented anything.
INSERT INTO customers VALUES
 (1,'Chester Gateway Players','Theatre','Chester','bookings@gatewayplayers.org.uk','01244 310001',true,'2016-02-11'),
 (2,'Royal Exchange Youth Company','Theatre','Manchester','youth@rext.org.uk','0161 833 0002',true,'2016-05-19'),
 (3,'Liverpool Everyman Amateurs','Theatre','Liverpool','hello@everymanams.org.uk','0151 709 0003',true,'2016-09-02'),
 (4,'Stockport Garrick Society','Theatre','Stockport','info@stockportgarrick.org.uk','0161 480 0004',true,'2017-01-23'),
 (5,'Warrington Musical Society','Theatre','Warrington',NULL,'01925 630005',true,'2017-03-08'),
 (6,'Salford Playhouse Collective','Theatre','Salford','admin@salfordplayhouse.co.uk','0161 736 0006',true,'2017-07-14'),
 (7,'Leeds Grand Operatic','Theatre','Leeds','wardrobe@leedsgrandop.org.uk','0113 245 0007',true,'2018-02-27'),
 (8,'Little Theatre Chester','Theatre','Chester',NULL,'01244 320008',false,'2019-04-30'),
 (9,'St Anne''s Primary School','School','Manchester','office@stannesprimary.sch.uk','0161 445 0009',false,'2016-11-07'),
 (10,'Wirral Grammar School','School','Liverpool','drama@wirralgrammar.sch.uk','0151 644 0010',true,'2017-05-22'),
 (11,'Cheadle Hulme High','School','Stockport','office@chhigh.sch.uk','0161 485 0011',false,'2018-01-15'),
 (12,'Queen''s Park Academy','School','Chester','office@qpacademy.sch.uk','01244 330012',false,'2018-09-10'),
 (13,'Padgate Community School','School','Warrington',NULL,'01925 810013',false,'2019-02-18'),
 (14,'Leeds City College Drama','School','Leeds','drama@leedscitycollege.ac.uk','0113 386 0014',true,'2019-06-03'),
 (15,'Salford Sixth Form','School','Salford','arts@salfordsixth.ac.uk','0161 737 0015',false,'2020-09-14'),
 (16,'Mersey Studios','Film & TV','Liverpool','production@merseystudios.tv','0151 236 0016',true,'2016-04-04'),
 (17,'Northern Light Pictures','Film & TV','Manchester','props@northernlight.film','0161 228 0017',true,'2017-08-29'),
 (18,'Dockside Productions','Film & TV','Salford','wardrobe@docksideprod.tv','0161 876 0018',true,'2018-05-16'),
 (19,'Pennine Drama Ltd','Film & TV','Leeds','info@penninedrama.co.uk','0113 244 0019',true,'2019-11-25'),
 (20,'Red Brick Films','Film & TV','Manchester','office@redbrickfilms.co.uk','0161 834 0020',true,'2021-03-02'),
 (21,'Rows Heritage Tours','Events','Chester','events@rowsheritage.co.uk','01244 340021',true,'2017-10-09'),
 (22,'Murder Mystery Nights NW','Events','Manchester','bookings@mmnights.co.uk','0161 237 0022',true,'2018-03-20'),
 (23,'Albert Dock Events','Events','Liverpool','hello@albertdockevents.co.uk','0151 707 0023',true,'2018-08-13'),
 (24,'Grand Gatsby Parties','Events','Leeds',NULL,'0113 246 0024',false,'2019-05-27'),
 (25,'Warrington Walking Day Committee','Events','Warrington','committee@walkingday.org.uk','01925 440025',false,'2019-07-01'),
 (26,'Stockport Christmas Grotto','Events','Stockport','grotto@stockportxmas.co.uk','0161 477 0026',false,'2020-10-05'),
 (27,'Chester Zoo Education','Events','Chester','learning@chesterzoo.org','01244 350027',true,'2021-06-21'),
 (28,'Halloween Hauntings Ltd','Events','Manchester','boo@hauntings.co.uk','0161 238 0028',true,'2022-08-30'),
 (29,'Buxton Fringe Players','Theatre','Stockport','fringe@buxtonplayers.org.uk','0161 481 0029',false,'2022-03-14'),
 (30,'Northern Ballet Outreach','Theatre','Leeds','outreach@northernballet.com','0113 220 0030',true,'2023-01-09'),
 (31,'Runcorn Panto Group','Theatre','Warrington',NULL,'01925 570031',false,'2023-09-18'),
 (32,'Ellesmere Port Drama Club','Theatre','Chester','club@epdrama.org.uk','0151 355 0032',false,'2024-02-05'),
 (33,'Manchester Grammar Drama','School','Manchester','drama@mgs.org','0161 224 0033',true,'2020-01-20'),
 (34,'Liverpool Institute Performing Arts','School','Liverpool','costume@lipa.ac.uk','0151 330 0034',true,'2016-06-27'),
 (35,'Yorkshire Period Films','Film & TV','Leeds','wardrobe@ypfilms.co.uk','0113 247 0035',true,'2022-11-14'),
 (36,'Cheshire Weddings & Events','Events','Chester','info@cheshireweddings.co.uk','01244 360036',false,'2023-05-02'),
 (37,'Salford Lads Club Panto','Theatre','Salford','panto@saffordlads.org.uk','0161 792 0037',false,'2021-10-11'),
 (38,'Media City Shorts','Film & TV','Salford','shorts@mediacityshorts.tv','0161 877 0038',true,'2024-04-15'),
 (39,'Wigan Little Theatre','Theatre','Warrington','boxoffice@wiganlt.org.uk','01942 240039',false,'2016-08-08'),
 (40,'Knutsford Royal May Day','Events','Stockport',NULL,'01565 630040',false,'2018-04-23');

INSERT INTO customers
SELECT i,
  (ARRAY['Emily','Jack','Sophie','Daniel','Hannah','Ryan','Laura','Liam','Megan','Adam','Rachel','Connor','Jade','Nathan','Amy','Jamie','Zoe','Luke','Katie','Callum'])[1 + (i*7) % 20]
  || ' ' ||
  (ARRAY['Hughes','Kelly','Murphy','Walsh','Chester','Lee','Brennan','Shaw','Duffy','Kaur','Leigh','Fox','Booth','Ashworth','Holt','Byrne','Quinn','Moss','Pickering','Sutton','Chadwick','Lowry'])[1 + (i*5) % 22],
  'Individual',
  (ARRAY['Manchester','Chester','Liverpool','Stockport','Warrington','Leeds','Salford','Manchester','Liverpool'])[1 + (i*4) % 9],
  CASE WHEN i % 7 = 0 THEN NULL ELSE 'customer' || i || '@mail.co.uk' END,
  '07800 ' || lpad(((i*7919) % 1000000)::text, 6, '0'),
  (i % 29 = 0),
  date '2016-01-04' + (i*41) % 3300
FROM generate_series(41,240) AS i;

INSERT INTO categories VALUES
 (1,'Victorian'),(2,'Medieval'),(3,'Fantasy'),(4,'Military'),(5,'Animals'),
 (6,'1920s'),(7,'Horror'),(8,'Props & Weapons'),(9,'Space & Sci-Fi');  -- category 9 has no items yet

-- 200 items, 25 per category 1-8; items 191-200 have never been rented.
INSERT INTO items
SELECT i,
  (ARRAY['Black','Red','Ivory','Green','Navy'])[1 + (((i-1)/8) / 5) % 5] || ' ' ||
  (ARRAY[
    ['Bustle Gown','Frock Coat','Waistcoat Set','Ringlet Wig','Top Hat'],
    ['Knight Tabard','Peasant Dress','Monk Robe','Pageboy Wig','Crown'],
    ['Fairy Dress','Wizard Robe','Elf Tunic','Long Elf Wig','Pointed Witch Hat'],
    ['Redcoat Uniform','RAF Jacket','Land Girl Dungarees','Short Back and Sides Wig','Peaked Cap'],
    ['Lion Suit','Penguin Suit','Bear Suit','Mane Wig','Rabbit Ears Headband'],
    ['Flapper Dress','Pinstripe Suit','Beaded Shawl Dress','Finger Wave Bob Wig','Cloche Hat'],
    ['Vampire Cape','Zombie Rags','Mummy Wrap','Bride of Frankenstein Wig','Skull Mask'],
    ['Foam Sword','Musket Replica','Oil Lantern','Throne Chair','Skull Goblet']
  ])[1 + (i-1) % 8][1 + ((i-1)/8) % 5],
  1 + (i-1) % 8,
  CASE WHEN 1 + (i-1) % 8 = 8 THEN 'Prop'
       WHEN ((i-1)/8) % 5 = 3 THEN 'Wig'
       WHEN ((i-1)/8) % 5 = 4 THEN 'Headwear'
       ELSE 'Costume' END,
  CASE 1 + (i-1) % 8
       WHEN 1 THEN 'Victorian' WHEN 2 THEN 'Medieval'
       WHEN 4 THEN CASE WHEN ((i-1)/8) % 5 = 0 THEN 'Georgian' ELSE 'WW2' END
       WHEN 6 THEN '1920s'
       WHEN 8 THEN (ARRAY['Medieval','Georgian','Victorian',NULL,NULL])[1 + ((i-1)/8) % 5]
       ELSE NULL END,
  CASE WHEN 1 + (i-1) % 8 = 8 OR ((i-1)/8) % 5 >= 3 THEN NULL
       ELSE (ARRAY['XS','S','M','L','XL'])[1 + (i*3) % 5] END,
  (ARRAY['Excellent','Good','Good','Fair','Good','Excellent','Needs Repair','Fair','Good','Excellent','Good'])[1 + i % 11],
  CASE WHEN 1 + (i-1) % 8 = 8 THEN 6.00 + (((i-1)/8) % 5) * 2.50
       WHEN ((i-1)/8) % 5 >= 3 THEN 5.00 + ((i-1) % 8) * 0.50
       ELSE 14.00 + ((i-1) % 8) * 1.75 + (i % 4) * 1.25 END,
  CASE WHEN 1 + (i-1) % 8 = 8 THEN 60.00 + (((i-1)/8) % 5) * 45
       WHEN ((i-1)/8) % 5 >= 3 THEN 35.00 + ((i-1) % 8) * 5
       ELSE 150.00 + ((i-1) % 8) * 20 + (i % 4) * 15 END,
  date '2012-03-05' + (i*29) % 2800,
  NULL   -- retirements are set below, after the rental history exists
FROM generate_series(1,200) AS i;

-- 500 rentals every ~4 days from January 2020, plus 5 reservations for July-August 2025.
-- Customers 221-240 and staff member 8 have no rentals.
INSERT INTO rentals
SELECT r,
  1 + (r*13) % 220,
  1 + r % 7,
  date '2020-01-06' + (r-1)*4 + r % 3,
  date '2020-01-06' + (r-1)*4 + r % 3 + 2 + r % 6,
  CASE WHEN r % 17 = 0 OR r IN (457,481,489)
            OR date '2020-01-06' + (r-1)*4 + r % 3 + 2 + r % 6 >= date '2025-06-30' THEN NULL
       WHEN r % 9 = 0 THEN date '2020-01-06' + (r-1)*4 + r % 3 + 2 + r % 6 + 1 + r % 4
       WHEN r % 4 = 0 THEN date '2020-01-06' + (r-1)*4 + r % 3 + 2 + r % 6 - 1
       ELSE date '2020-01-06' + (r-1)*4 + r % 3 + 2 + r % 6 END,
  CASE WHEN r % 17 = 0 THEN 'Cancelled'
       WHEN r IN (457,481,489)
            OR date '2020-01-06' + (r-1)*4 + r % 3 + 2 + r % 6 >= date '2025-06-30' THEN 'On Hire'
       ELSE 'Returned' END,
  50.00 + (r % 5) * 25,
  CASE WHEN 1 + (r*13) % 220 <= 40
       THEN (ARRAY['A Christmas Carol','Macbeth','Pride and Prejudice','The Wizard of Oz','Dracula','Oliver!','Robin Hood','Cinderella','The Great Gatsby','Peaky Streets'])[1 + r % 10]
       ELSE NULL END
FROM generate_series(1,500) AS r;

INSERT INTO rentals VALUES
 (501,16,3,'2025-07-03','2025-07-10',NULL,'Reserved',150.00,'Peaky Streets'),
 (502,77,5,'2025-07-05','2025-07-07',NULL,'Reserved',50.00,NULL),
 (503,2,1,'2025-07-14','2025-07-21',NULL,'Reserved',125.00,'Oliver!'),
 (504,130,6,'2025-07-26','2025-07-28',NULL,'Reserved',75.00,NULL),
 (505,28,4,'2025-08-11','2025-08-14',NULL,'Reserved',100.00,'Dracula');

-- 1 to 3 lines per rental; a few favourites (items 2, 41, 18, 57) are hired far more often than the rest.
INSERT INTO rental_items
SELECT x.rental_id, x.item_id,
  CASE WHEN x.customer_id <= 40 THEN 1 + (x.rental_id + x.k) % 3 ELSE 1 END,
  CASE WHEN c.is_trade_account THEN round(it.daily_rate * 0.85, 2) ELSE it.daily_rate END
FROM (
  SELECT r.rental_id, r.customer_id, k,
    CASE WHEN k = 0 AND r.rental_id % 6 = 0
         THEN (ARRAY[2,41,18,2,41,2,57,2,41,18])[1 + (r.rental_id/6) % 10]
         ELSE 1 + (r.rental_id*31 + k*47) % 190 END AS item_id
  FROM rentals r
  CROSS JOIN generate_series(0,2) AS k
  WHERE k <= r.rental_id % 3
) x
JOIN customers c ON c.customer_id = x.customer_id
JOIN items it ON it.item_id = x.item_id
ON CONFLICT (rental_id, item_id) DO NOTHING;

-- Retire every 15th item ten days after its last return, unless it is still on hire or reserved.
UPDATE items i SET retired_on = x.last_back + 10
FROM (SELECT ri.item_id, max(r.returned_on) AS last_back
      FROM rental_items ri JOIN rentals r ON r.rental_id = ri.rental_id
      GROUP BY ri.item_id
      HAVING bool_and(r.status IN ('Returned', 'Cancelled'))) x
WHERE x.item_id = i.item_id AND i.item_id % 15 = 0 AND x.last_back + 10 <= date '2025-06-30';
