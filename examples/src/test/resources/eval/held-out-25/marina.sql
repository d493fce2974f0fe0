-- Harbour Point Marina: piers and berths, resident boats and owners, berth contracts, visiting boats, fuel dock sales and boatyard work orders. Data as of 2025-06-30.

CREATE TABLE piers (
    pier_id        integer PRIMARY KEY,
    pier_code      varchar(2) NOT NULL UNIQUE,
    pier_name      text NOT NULL,
    has_fuel_dock  boolean NOT NULL,
    max_draft_m    numeric(3,1) NOT NULL,
    opened_year    integer            -- NULL = not yet opened (under construction)
);

CREATE TABLE berths (
    berth_id            integer PRIMARY KEY,
    pier_id             integer NOT NULL REFERENCES piers(pier_id),
    berth_code          varchar(8) NOT NULL UNIQUE,
    length_m            numeric(4,1) NOT NULL,
    width_m             numeric(3,1) NOT NULL,
    berth_category      text NOT NULL CHECK (berth_category IN ('standard','premium','visitor')),
    has_shore_power     boolean NOT NULL,
    monthly_list_price  numeric(8,2),     -- NULL for visitor berths (charged per night)
    is_out_of_service   boolean NOT NULL DEFAULT false
);

CREATE TABLE owners (
    owner_id        integer PRIMARY KEY,
    first_name      text NOT NULL,
    last_name       text NOT NULL,
    email           text NOT NULL,
    phone           text,
    city            text NOT NULL,
    country         text NOT NULL,
    joined_on       date NOT NULL,
    is_club_member  boolean NOT NULL
);

CREATE TABLE boats (
    boat_id          integer PRIMARY KEY,
    owner_id         integer NOT NULL REFERENCES owners(owner_id),
    boat_name        text NOT NULL,
    registration_no  varchar(12) NOT NULL UNIQUE,
    boat_type        text NOT NULL CHECK (boat_type IN ('sailboat','motorboat','catamaran','rib')),
    hull_material    text NOT NULL,
    length_m         numeric(4,1) NOT NULL,
    beam_m           numeric(3,1) NOT NULL,
    build_year       integer NOT NULL,
    engine_hp        integer,            -- NULL = no engine
    fuel_type        text                -- NULL = no engine
);

CREATE TABLE berth_contracts (
    contract_id    integer PRIMARY KEY,
    berth_id       integer NOT NULL REFERENCES berths(berth_id),
    boat_id        integer NOT NULL REFERENCES boats(boat_id),
    contract_type  text NOT NULL CHECK (contract_type IN ('annual','seasonal','rolling')),
    start_date     date NOT NULL,
    end_date       date,                 -- NULL = open-ended rolling contract still running
    monthly_fee    numeric(8,2) NOT NULL,
    auto_renew     boolean NOT NULL,
    deposit_paid   boolean NOT NULL
);

CREATE TABLE visits (
    visit_id        integer PRIMARY KEY,
    berth_id        integer NOT NULL REFERENCES berths(berth_id),
    vessel_name     text NOT NULL,
    flag_country    text NOT NULL,
    home_port       text NOT NULL,
    vessel_length_m numeric(4,1) NOT NULL,
    skipper_name    text NOT NULL,
    party_size      integer NOT NULL,
    arrival_ts      timestamp NOT NULL,
    departure_ts    timestamp,           -- NULL = still in the marina
    nightly_rate    numeric(6,2) NOT NULL
);

CREATE TABLE fuel_sales (
    sale_id          integer PRIMARY KEY,
    sale_ts          timestamp NOT NULL,
    boat_id          integer REFERENCES boats(boat_id),   -- set for resident boats
    visit_id         integer REFERENCES visits(visit_id), -- set for visiting boats
    fuel_type        text NOT NULL CHECK (fuel_type IN ('diesel','petrol')),
    litres           numeric(7,1) NOT NULL,
    price_per_litre  numeric(5,3) NOT NULL,
    amount           numeric(9,2) NOT NULL,
    payment_method   text NOT NULL CHECK (payment_method IN ('card','cash','account')),
    CHECK ((boat_id IS NULL) <> (visit_id IS NULL))
);

CREATE TABLE work_orders (
    work_order_id  integer PRIMARY KEY,
    boat_id        integer NOT NULL REFERENCES boats(boat_id),
    opened_on      date NOT NULL,
    completed_on   date,                 -- NULL = not finished (open, in progress or cancelled)
    category       text NOT NULL,
    priority       text NOT NULL CHECK (priority IN ('low','normal','urgent')),
    status         text NOT NULL CHECK (status IN ('open','in progress','completed','cancelled')),
    technician     text NOT NULL,
    labour_hours   numeric(5,1) NOT NULL,
    hourly_rate    numeric(6,2) NOT NULL,
    parts_cost     numeric(8,2) NOT NULL
);

INSERT INTO piers VALUES
(1, 'A', 'Harbour Pier', true, 3.5, 1998),
(2, 'B', 'Lighthouse Pier', false, 4.5, 2006),
(3, 'C', 'Kingfisher Pier', false, 2.8, 2012),
(4, 'V', 'Visitors Pontoon', false, 4.0, 2015),
(5, 'D', 'East Pontoon', false, 3.0, NULL);

INSERT INTO berths VALUES
(1, 1, 'A-01', 11.0, 3.8, 'premium', true, 319.0, false),
(2, 1, 'A-02', 12.0, 4.0, 'premium', true, 348.0, false),
(3, 1, 'A-03', 13.0, 4.3, 'premium', true, 377.0, false),
(4, 1, 'A-04', 14.0, 4.6, 'premium', true, 406.0, false),
(5, 1, 'A-05', 10.0, 3.5, 'standard', true, 240.0, false),
(6, 1, 'A-06', 11.0, 3.8, 'standard', true, 264.0, false),
(7, 1, 'A-07', 12.0, 4.0, 'standard', true, 288.0, false),
(8, 1, 'A-08', 13.0, 4.3, 'standard', true, 312.0, false),
(9, 1, 'A-09', 14.0, 4.6, 'standard', true, 336.0, false),
(10, 1, 'A-10', 10.0, 3.5, 'standard', true, 240.0, false),
(11, 1, 'A-11', 11.0, 3.8, 'standard', true, 264.0, false),
(12, 1, 'A-12', 12.0, 4.0, 'standard', true, 288.0, false),
(13, 1, 'A-13', 13.0, 4.3, 'standard', true, 312.0, false),
(14, 1, 'A-14', 14.0, 4.6, 'standard', true, 336.0, false),
(15, 1, 'A-15', 10.0, 3.5, 'standard', true, 240.0, false),
(16, 1, 'A-16', 11.0, 3.8, 'standard', true, 264.0, false),
(17, 1, 'A-17', 12.0, 4.0, 'standard', true, 288.0, false),
(18, 1, 'A-18', 13.0, 4.3, 'standard', true, 312.0, false),
(19, 1, 'A-19', 14.0, 4.6, 'standard', true, 336.0, false),
(20, 1, 'A-20', 10.0, 3.5, 'standard', true, 240.0, false),
(21, 2, 'B-01', 14.0, 4.6, 'standard', true, 336.0, false),
(22, 2, 'B-02', 16.0, 5.2, 'standard', true, 384.0, false),
(23, 2, 'B-03', 18.0, 5.8, 'premium', true, 522.0, false),
(24, 2, 'B-04', 12.0, 4.0, 'standard', true, 288.0, false),
(25, 2, 'B-05', 14.0, 4.6, 'standard', true, 336.0, false),
(26, 2, 'B-06', 16.0, 5.2, 'standard', true, 384.0, false),
(27, 2, 'B-07', 18.0, 5.8, 'premium', true, 522.0, false),
(28, 2, 'B-08', 12.0, 4.0, 'standard', true, 288.0, false),
(29, 2, 'B-09', 14.0, 4.6, 'standard', true, 336.0, false),
(30, 2, 'B-10', 16.0, 5.2, 'standard', true, 384.0, false),
(31, 2, 'B-11', 18.0, 5.8, 'premium', true, 522.0, false),
(32, 2, 'B-12', 12.0, 4.0, 'standard', true, 288.0, false),
(33, 2, 'B-13', 14.0, 4.6, 'standard', true, 336.0, false),
(34, 2, 'B-14', 16.0, 5.2, 'standard', true, 384.0, false),
(35, 2, 'B-15', 18.0, 5.8, 'premium', true, 522.0, false),
(36, 2, 'B-16', 12.0, 4.0, 'standard', true, 288.0, false),
(37, 2, 'B-17', 14.0, 4.6, 'standard', true, 336.0, false),
(38, 2, 'B-18', 16.0, 5.2, 'standard', true, 384.0, false),
(39, 2, 'B-19', 18.0, 5.8, 'premium', true, 522.0, false),
(40, 2, 'B-20', 12.0, 4.0, 'standard', true, 288.0, true),
(41, 3, 'C-01', 9.0, 3.2, 'standard', true, 216.0, false),
(42, 3, 'C-02', 10.0, 3.5, 'standard', true, 240.0, false),
(43, 3, 'C-03', 11.0, 3.8, 'standard', true, 264.0, false),
(44, 3, 'C-04', 12.0, 4.0, 'standard', false, 288.0, false),
(45, 3, 'C-05', 8.0, 3.0, 'standard', true, 192.0, false),
(46, 3, 'C-06', 9.0, 3.2, 'standard', true, 216.0, false),
(47, 3, 'C-07', 10.0, 3.5, 'standard', true, 240.0, false),
(48, 3, 'C-08', 11.0, 3.8, 'standard', false, 264.0, false),
(49, 3, 'C-09', 12.0, 4.0, 'standard', true, 288.0, false),
(50, 3, 'C-10', 8.0, 3.0, 'standard', true, 192.0, false),
(51, 3, 'C-11', 9.0, 3.2, 'standard', true, 216.0, false),
(52, 3, 'C-12', 10.0, 3.5, 'standard', false, 240.0, false),
(53, 3, 'C-13', 11.0, 3.8, 'standard', true, 264.0, false),
(54, 3, 'C-14', 12.0, 4.0, 'standard', true, 288.0, false),
(55, 3, 'C-15', 8.0, 3.0, 'standard', true, 192.0, false),
(56, 3, 'C-16', 9.0, 3.2, 'standard', false, 216.0, true),
(57, 4, 'V-01', 16.0, 8.2, 'visitor', true, NULL, false),
(58, 4, 'V-02', 20.0, 9.5, 'visitor', true, NULL, false),
(59, 4, 'V-03', 12.0, 7.0, 'visitor', true, NULL, false),
(60, 4, 'V-04', 16.0, 8.2, 'visitor', true, NULL, false),
(61, 4, 'V-05', 20.0, 9.5, 'visitor', true, NULL, false),
(62, 4, 'V-06', 12.0, 7.0, 'visitor', true, NULL, false),
(63, 4, 'V-07', 16.0, 8.2, 'visitor', true, NULL, false),
(64, 4, 'V-08', 20.0, 9.5, 'visitor', true, NULL, false),
(65, 4, 'V-09', 12.0, 7.0, 'visitor', true, NULL, false),
(66, 4, 'V-10', 16.0, 8.2, 'visitor', true, NULL, false),
(67, 4, 'V-11', 20.0, 9.5, 'visitor', true, NULL, false),
(68, 4, 'V-12', 12.0, 7.0, 'visitor', true, NULL, false);

INSERT INTO owners VALUES
(1, 'Helen', 'Carter', 'h.carter@outlook.com', '+44 7137 007919', 'Southampton', 'UK', '2019-04-12', true),
(2, 'James', 'Whitfield', 'j.whitfield@btinternet.com', '+44 7274 015838', 'Portsmouth', 'UK', '2020-06-03', true),
(3, 'Gwen', 'Morgan', 'g.morgan@yahoo.co.uk', '+44 7411 023757', 'Cardiff', 'UK', '2018-03-22', true),
(4, 'Peter', 'Lindqvist', 'p.lindqvist@gmail.com', '+44 7548 031676', 'Gothenburg', 'Sweden', '2021-05-17', false),
(5, 'Sarah', 'O''Neill', 's.oneill@outlook.com', '+44 7685 039595', 'Cork', 'Ireland', '2022-02-08', false),
(6, 'Daniel', 'Brooks', 'd.brooks@btinternet.com', '+44 7822 047514', 'Kingston', 'UK', '2017-09-30', true),
(7, 'Fiona', 'MacLeod', 'f.macleod@yahoo.co.uk', '+44 7959 055433', 'Oban', 'UK', '2019-07-14', false),
(8, 'Richard', 'Hayes', 'r.hayes@gmail.com', '+44 7096 063352', 'Southampton', 'UK', '2016-04-01', true),
(9, 'Anna', 'Kowalski', 'a.kowalski@outlook.com', NULL, 'Poole', 'UK', '2021-08-19', false),
(10, 'Marcus', 'Bell', 'm.bell@btinternet.com', '+44 7370 079190', 'Poole', 'UK', '2020-03-11', true),
(11, 'Claire', 'Dubois', 'c.dubois@yahoo.co.uk', '+44 7507 087109', 'Cherbourg', 'France', '2022-06-25', false),
(12, 'Tom', 'Ashworth', 't.ashworth@gmail.com', '+44 7644 095028', 'Lymington', 'UK', '2015-05-05', true),
(13, 'Priya', 'Shah', 'p.shah@outlook.com', '+44 7781 102947', 'London', 'UK', '2021-11-02', false),
(14, 'Oliver', 'Grant', 'o.grant@btinternet.com', '+44 7918 110866', 'Kingston', 'UK', '2018-10-20', true),
(15, 'Emma', 'Sutton', 'e.sutton@yahoo.co.uk', '+44 7055 118785', 'Bournemouth', 'UK', '2022-09-09', false),
(16, 'Hugo', 'Martens', 'h.martens@gmail.com', '+44 7192 126704', 'Ostend', 'Belgium', '2019-12-01', false),
(17, 'Lucy', 'Fairbairn', 'l.fairbairn@outlook.com', '+44 7329 134623', 'Winchester', 'UK', '2020-07-07', true),
(18, 'George', 'Pryce', 'g.pryce@btinternet.com', NULL, 'Cardiff', 'UK', '2016-08-15', true),
(19, 'Nina', 'Haugen', 'n.haugen@yahoo.co.uk', '+44 7603 150461', 'Bergen', 'Norway', '2022-04-28', false),
(20, 'Robert', 'Ellis', 'r.ellis@gmail.com', '+44 7740 158380', 'Salisbury', 'UK', '2018-06-18', false),
(21, 'Isabel', 'Moreno', 'i.moreno@outlook.com', '+44 7877 166299', 'Bilbao', 'Spain', '2021-03-30', false),
(22, 'Christopher', 'Dunn', 'c.dunn@btinternet.com', '+44 7014 174218', 'Southampton', 'UK', '2017-02-14', true),
(23, 'Megan', 'Pryce', 'm.pryce@yahoo.co.uk', '+44 7151 182137', 'Swansea', 'UK', '2022-11-21', false),
(24, 'Andrew', 'Wallace', 'a.wallace@gmail.com', '+44 7288 190056', 'Lymington', 'UK', '2019-01-26', true),
(25, 'Sophie', 'Laurent', 's.laurent@outlook.com', '+44 7425 197975', 'Cherbourg', 'France', '2021-07-04', false),
(26, 'Patrick', 'Nolan', 'p.nolan@btinternet.com', '+44 7562 205894', 'Dublin', 'Ireland', '2020-10-12', true),
(27, 'Rachel', 'Green', 'r.green@yahoo.co.uk', NULL, 'Portsmouth', 'UK', '2022-03-15', false),
(28, 'Simon', 'Archer', 's.archer@gmail.com', '+44 7836 221732', 'Chichester', 'UK', '2018-05-09', true),
(29, 'Karen', 'Holt', 'k.holt@outlook.com', '+44 7973 229651', 'Poole', 'UK', '2021-09-23', false),
(30, 'David', 'Chen', 'd.chen@btinternet.com', '+44 7110 237570', 'London', 'UK', '2023-01-16', false),
(31, 'Julia', 'Becker', 'j.becker@yahoo.co.uk', '+44 7247 245489', 'Hamburg', 'Germany', '2020-05-27', false),
(32, 'Mark', 'Ridley', 'm.ridley@gmail.com', '+44 7384 253408', 'Weymouth', 'UK', '2017-11-11', true),
(33, 'Laura', 'Finch', 'l.finch@outlook.com', '+44 7521 261327', 'Southampton', 'UK', '2019-10-03', true),
(34, 'Steven', 'Price', 's.price@btinternet.com', '+44 7658 269246', 'Bournemouth', 'UK', '2022-12-05', false),
(35, 'Alice', 'Morton', 'a.morton@yahoo.co.uk', '+44 7795 277165', 'Winchester', 'UK', '2020-01-20', false),
(36, 'Brian', 'Kerr', 'b.kerr@gmail.com', NULL, 'Belfast', 'UK', '2021-06-14', true),
(37, 'Victoria', 'Lane', 'v.lane@outlook.com', '+44 7069 293003', 'London', 'UK', '2024-02-19', false),
(38, 'Ian', 'Fletcher', 'i.fletcher@btinternet.com', '+44 7206 300922', 'Portsmouth', 'UK', '2023-08-08', true),
(39, 'Natalie', 'Ross', 'n.ross@yahoo.co.uk', '+44 7343 308841', 'Lymington', 'UK', '2024-11-30', false),
(40, 'William', 'Stone', 'w.stone@gmail.com', '+44 7480 316760', 'Kingston', 'UK', '2025-03-12', false);

INSERT INTO boats (boat_id, owner_id, boat_name, boat_type, hull_material, length_m, beam_m, build_year, engine_hp, fuel_type, registration_no) VALUES
(1, 1, 'Sea Breeze', 'sailboat', 'GRP', 10.4, 3.4, 2008, 29, 'diesel', 'SB-10412'),
(2, 2, 'Blue Heron', 'motorboat', 'GRP', 11.8, 3.9, 2015, 370, 'diesel', 'BH-22871'),
(3, 3, 'Windrush', 'sailboat', 'GRP', 9.6, 3.2, 1999, 20, 'diesel', 'WR-09315'),
(4, 4, 'Nordstjarna', 'sailboat', 'wood', 12.2, 3.6, 1987, 40, 'diesel', 'SE-44120'),
(5, 5, 'Celtic Dawn', 'motorboat', 'GRP', 8.9, 3.0, 2019, 200, 'petrol', 'IE-55031'),
(6, 6, 'Second Wind', 'sailboat', 'GRP', 11.3, 3.7, 2011, 30, 'diesel', 'SW-61177'),
(7, 7, 'Selkie', 'sailboat', 'wood', 7.9, 2.6, 1972, NULL, NULL, 'SK-07209'),
(8, 8, 'Osprey', 'motorboat', 'GRP', 13.5, 4.2, 2017, 600, 'diesel', 'OS-81345'),
(9, 9, 'Wanda', 'rib', 'hypalon', 6.8, 2.5, 2021, 150, 'petrol', 'WD-90412'),
(10, 10, 'Kestrel', 'sailboat', 'GRP', 10.9, 3.5, 2005, 29, 'diesel', 'KS-10588'),
(11, 11, 'Belle Ile', 'catamaran', 'GRP', 12.8, 6.9, 2018, 80, 'diesel', 'FR-11730'),
(12, 12, 'Spindrift', 'sailboat', 'GRP', 11.6, 3.8, 2013, 40, 'diesel', 'SP-12066'),
(13, 13, 'Moonshadow', 'motorboat', 'GRP', 15.2, 4.6, 2020, 870, 'diesel', 'MS-13904'),
(14, 14, 'Halcyon', 'sailboat', 'aluminium', 13.1, 4.1, 2009, 55, 'diesel', 'HC-14257'),
(15, 15, 'Tern', 'rib', 'hypalon', 5.9, 2.3, 2022, 90, 'petrol', 'TN-15620'),
(16, 16, 'Zeebries', 'motorboat', 'steel', 14.6, 4.4, 1995, 240, 'diesel', 'BE-16083'),
(17, 17, 'Avocet', 'sailboat', 'GRP', 8.4, 2.9, 1994, NULL, NULL, 'AV-17441'),
(18, 18, 'Morgan', 'motorboat', 'GRP', 10.2, 3.5, 2016, 300, 'petrol', 'MG-18812'),
(19, 19, 'Fjordlys', 'sailboat', 'GRP', 11.9, 3.9, 2012, 40, 'diesel', 'NO-19375'),
(20, 20, 'Saltire', 'sailboat', 'GRP', 9.9, 3.3, 2003, 21, 'diesel', 'ST-20194'),
(21, 21, 'Alba', 'motorboat', 'GRP', 12.4, 4.0, 2018, 450, 'diesel', 'ES-21508'),
(22, 22, 'Merlin', 'sailboat', 'GRP', 10.6, 3.5, 2010, 29, 'diesel', 'MR-22637'),
(23, 23, 'Dragonfly', 'rib', 'hypalon', 7.4, 2.7, 2023, 200, 'petrol', 'DF-23019'),
(24, 24, 'Curlew', 'sailboat', 'wood', 9.2, 3.0, 1968, NULL, NULL, 'CL-24782'),
(25, 25, 'La Mouette', 'catamaran', 'GRP', 11.9, 6.4, 2021, 60, 'diesel', 'FR-25146'),
(26, 26, 'Guinness Girl', 'motorboat', 'GRP', 9.8, 3.4, 2014, 260, 'petrol', 'IE-26453'),
(27, 27, 'Puffin', 'sailboat', 'GRP', 8.1, 2.8, 2001, 15, 'diesel', 'PF-27390'),
(28, 28, 'Arrow', 'motorboat', 'GRP', 11.0, 3.6, 2022, 400, 'petrol', 'AR-28861'),
(29, 29, 'Jubilee', 'sailboat', 'GRP', 10.1, 3.4, 2012, 29, 'diesel', 'JB-29004'),
(30, 30, 'Jade Lotus', 'motorboat', 'GRP', 16.8, 4.8, 2023, 1100, 'diesel', 'JL-30577'),
(31, 31, 'Elbe Star', 'sailboat', 'steel', 12.6, 3.9, 2002, 50, 'diesel', 'DE-31218'),
(32, 32, 'Chesil', 'motorboat', 'GRP', 8.6, 3.0, 2010, 150, 'petrol', 'CH-32695'),
(33, 33, 'Firecrest', 'sailboat', 'GRP', 10.8, 3.6, 2019, 30, 'diesel', 'FC-33340'),
(34, 34, 'Wavedancer', 'motorboat', 'GRP', 12.9, 4.1, 2020, 500, 'diesel', 'WV-34129'),
(35, 35, 'Bramble', 'sailboat', 'GRP', 9.4, 3.1, 1998, 20, 'diesel', 'BR-35866'),
(36, 36, 'Lough Swilly', 'motorboat', 'GRP', 10.7, 3.6, 2009, 220, 'diesel', 'NI-36402'),
(37, 3, 'Cariad', 'motorboat', 'GRP', 7.2, 2.6, 2020, 115, 'petrol', 'CR-37751'),
(38, 8, 'Mistral', 'sailboat', 'GRP', 11.2, 3.7, 2016, 40, 'diesel', 'MI-38093'),
(39, 12, 'Solent Spirit', 'motorboat', 'GRP', 13.8, 4.3, 2021, 700, 'diesel', 'SS-39538'),
(40, 12, 'Ashworth Lady', 'sailboat', 'GRP', 8.8, 3.0, 1990, 15, 'diesel', 'AL-40217'),
(41, 22, 'Gull', 'rib', 'hypalon', 5.6, 2.2, 2024, 60, 'petrol', 'GL-41664'),
(42, 26, 'Shamrock', 'sailboat', 'GRP', 9.1, 3.1, 2006, 20, 'diesel', 'IE-42380'),
(43, 30, 'Panda', 'catamaran', 'GRP', 13.3, 7.1, 2024, 80, 'diesel', 'PD-43905'),
(44, 33, 'Lark', 'sailboat', 'GRP', 7.6, 2.6, 1985, NULL, NULL, 'LK-44126'),
(45, 14, 'Tideway', 'motorboat', 'GRP', 9.5, 3.3, 2018, 250, 'petrol', 'TW-45579');

INSERT INTO berth_contracts (contract_id, berth_id, boat_id, contract_type, start_date, end_date, monthly_fee, auto_renew, deposit_paid) VALUES
(1, 2, 12, 'annual', '2023-01-01', '2023-12-31', 352.8, true, true),
(2, 42, 24, 'annual', '2023-01-01', '2023-12-31', 245.0, true, true),
(3, 16, 36, 'annual', '2023-01-01', '2023-12-31', 269.5, true, false),
(4, 41, 5, 'annual', '2023-02-01', '2024-01-31', 220.5, false, true),
(5, 47, 17, 'annual', '2023-02-01', '2024-01-31', 245.0, false, true),
(6, 32, 29, 'annual', '2023-02-01', '2024-01-31', 294.0, false, true),
(7, 6, 10, 'annual', '2023-03-01', '2024-02-29', 269.5, false, true),
(8, 43, 22, 'annual', '2023-03-01', '2024-02-29', 269.5, false, true),
(9, 8, 34, 'annual', '2023-03-01', '2024-02-29', 318.5, false, true),
(10, 15, 3, 'annual', '2023-04-01', '2024-03-31', 245.0, true, true),
(11, 36, 9, 'seasonal', '2023-04-01', '2023-10-31', 338.1, false, false),
(12, 44, 15, 'seasonal', '2023-04-01', '2023-10-31', 338.1, false, true),
(13, 50, 23, 'seasonal', '2023-04-01', '2023-10-31', 225.4, false, true),
(14, 52, 27, 'annual', '2023-04-01', '2024-03-31', 245.0, true, false),
(15, 4, 8, 'annual', '2023-05-01', '2024-04-30', 411.6, false, true),
(16, 5, 20, 'annual', '2023-05-01', '2024-04-30', 245.0, false, true),
(17, 51, 32, 'annual', '2023-05-01', '2024-04-30', 220.5, false, true),
(18, 48, 1, 'annual', '2023-06-01', '2024-05-31', 269.5, false, true),
(19, 22, 13, 'annual', '2023-06-01', '2024-05-31', 392.0, false, true),
(20, 12, 25, 'annual', '2023-06-01', '2024-05-31', 294.0, false, true),
(21, 24, 6, 'annual', '2023-07-01', '2024-06-30', 294.0, true, true),
(22, 53, 18, 'annual', '2023-07-01', '2024-06-30', 269.5, true, false),
(23, 23, 30, 'annual', '2023-07-01', '2024-06-30', 529.2, true, true),
(24, 13, 11, 'annual', '2023-08-01', '2024-07-31', 318.5, false, true),
(25, 20, 35, 'rolling', '2023-08-01', '2024-09-30', 269.5, false, true),
(26, 19, 4, 'annual', '2023-09-01', '2024-08-31', 343.0, false, true),
(27, 26, 16, 'annual', '2023-09-01', '2024-08-31', 392.0, false, true),
(28, 1, 28, 'rolling', '2023-09-01', NULL, 355.74, false, true),
(29, 3, 21, 'rolling', '2023-10-01', NULL, 420.42, false, true),
(30, 11, 33, 'annual', '2023-10-01', '2024-09-30', 269.5, true, true),
(31, 17, 2, 'annual', '2023-11-01', '2024-10-31', 294.0, false, true),
(32, 14, 14, 'rolling', '2023-11-01', NULL, 377.3, false, true),
(33, 10, 26, 'annual', '2023-11-01', '2024-10-31', 245.0, false, true),
(34, 45, 7, 'rolling', '2023-12-01', NULL, 215.6, false, true),
(35, 7, 19, 'annual', '2023-12-01', '2024-11-30', 294.0, false, true),
(36, 18, 31, 'annual', '2023-12-01', '2024-11-30', 318.5, false, true),
(37, 2, 12, 'annual', '2024-01-01', '2024-12-31', 374.4, true, true),
(38, 42, 24, 'annual', '2024-01-01', '2024-12-31', 260.0, true, true),
(39, 16, 36, 'annual', '2024-01-01', '2024-12-31', 286.0, true, false),
(40, 41, 5, 'annual', '2024-02-01', '2025-01-31', 234.0, false, true),
(41, 47, 17, 'annual', '2024-02-01', '2025-01-31', 260.0, false, true),
(42, 32, 29, 'annual', '2024-02-01', '2025-01-31', 312.0, false, true),
(43, 6, 10, 'annual', '2024-03-01', '2025-02-28', 286.0, false, true),
(44, 43, 22, 'annual', '2024-03-01', '2025-02-28', 286.0, false, true),
(45, 8, 34, 'annual', '2024-03-01', '2025-02-28', 338.0, false, true),
(46, 15, 3, 'annual', '2024-04-01', '2025-03-31', 260.0, true, true),
(47, 36, 9, 'seasonal', '2024-04-01', '2024-10-31', 358.8, false, false),
(48, 44, 15, 'seasonal', '2024-04-01', '2024-10-31', 358.8, false, true),
(49, 50, 23, 'seasonal', '2024-04-01', '2024-10-31', 239.2, false, true),
(50, 52, 27, 'annual', '2024-04-01', '2025-03-31', 260.0, true, false),
(51, 4, 8, 'annual', '2024-05-01', '2025-04-30', 436.8, false, true),
(52, 5, 20, 'annual', '2024-05-01', '2025-04-30', 260.0, false, true),
(53, 51, 32, 'annual', '2024-05-01', '2025-04-30', 234.0, false, true),
(54, 55, 37, 'annual', '2024-05-01', '2025-04-30', 208.0, false, true),
(55, 28, 38, 'annual', '2024-05-01', '2025-04-30', 312.0, false, true),
(56, 48, 1, 'annual', '2024-06-01', '2025-05-31', 286.0, false, true),
(57, 22, 13, 'annual', '2024-06-01', '2025-05-31', 416.0, false, true),
(58, 12, 25, 'annual', '2024-06-01', '2025-05-31', 312.0, false, true),
(59, 24, 6, 'annual', '2024-07-01', '2025-06-30', 312.0, true, true),
(60, 53, 18, 'annual', '2024-07-01', '2025-06-30', 286.0, true, false),
(61, 23, 30, 'annual', '2024-07-01', '2025-06-30', 561.6, true, true),
(62, 13, 11, 'annual', '2024-08-01', '2025-07-31', 338.0, false, true),
(63, 19, 4, 'annual', '2024-09-01', '2025-08-31', 364.0, false, true),
(64, 26, 16, 'annual', '2024-09-01', '2025-08-31', 416.0, false, true),
(65, 11, 33, 'annual', '2024-10-01', '2025-09-30', 286.0, true, true),
(66, 17, 2, 'annual', '2024-11-01', '2025-10-31', 312.0, false, true),
(67, 10, 26, 'annual', '2024-11-01', '2025-10-31', 260.0, false, true),
(68, 7, 19, 'annual', '2024-12-01', '2025-11-30', 312.0, false, true),
(69, 18, 31, 'annual', '2024-12-01', '2025-11-30', 338.0, false, true),
(70, 2, 12, 'annual', '2025-01-01', '2025-12-31', 399.6, true, true),
(71, 42, 24, 'annual', '2025-01-01', '2025-12-31', 277.5, true, true),
(72, 16, 36, 'annual', '2025-01-01', '2025-12-31', 305.25, true, false),
(73, 41, 5, 'annual', '2025-02-01', '2026-01-31', 249.75, false, true),
(74, 47, 17, 'annual', '2025-02-01', '2026-01-31', 277.5, false, true),
(75, 32, 29, 'annual', '2025-02-01', '2026-01-31', 333.0, false, true),
(76, 6, 10, 'annual', '2025-03-01', '2026-02-28', 305.25, false, true),
(77, 43, 22, 'annual', '2025-03-01', '2026-02-28', 305.25, false, true),
(78, 8, 34, 'annual', '2025-03-01', '2026-02-28', 360.75, false, true),
(79, 9, 39, 'annual', '2025-03-01', '2026-02-28', 388.5, true, true),
(80, 15, 3, 'annual', '2025-04-01', '2026-03-31', 277.5, true, true),
(81, 36, 9, 'seasonal', '2025-04-01', '2025-10-31', 382.95, false, false),
(82, 44, 15, 'seasonal', '2025-04-01', '2025-10-31', 382.95, false, true),
(83, 50, 23, 'seasonal', '2025-04-01', '2025-10-31', 255.3, false, true),
(84, 52, 27, 'annual', '2025-04-01', '2026-03-31', 277.5, true, false),
(85, 4, 8, 'annual', '2025-05-01', '2026-04-30', 466.2, false, true),
(86, 51, 32, 'annual', '2025-05-01', '2026-04-30', 249.75, false, true),
(87, 55, 37, 'annual', '2025-05-01', '2026-04-30', 222.0, false, true),
(88, 28, 38, 'annual', '2025-05-01', '2026-04-30', 333.0, false, true),
(89, 48, 1, 'annual', '2025-06-01', '2026-05-31', 305.25, false, true),
(90, 22, 13, 'annual', '2025-06-01', '2026-05-31', 444.0, false, true),
(91, 12, 25, 'annual', '2025-06-01', '2026-05-31', 333.0, false, true),
(92, 46, 40, 'rolling', '2025-06-01', NULL, 274.73, false, true);
-- Visiting boats: arrivals April-October on the Visitors Pontoon (berths V-01..V-12)
CREATE TEMP TABLE visitor_vessels (k integer, vessel_name text, flag_country text, home_port text, length_m numeric(4,1), skipper_name text, fuel_type text);
INSERT INTO visitor_vessels VALUES
(1,'Zephyr','France','Cherbourg',11.2,'Luc Barbier','diesel'),
(2,'Marie-Claire','France','Le Havre',12.4,'Anne Roussel','diesel'),
(3,'Seaspray','UK','Brighton',9.8,'Colin Hart','petrol'),
(4,'Kittiwake','UK','Kingston',10.5,'Mary Dobson','diesel'),
(5,'Vrijheid','Netherlands','Amsterdam',13.6,'Joost de Vries','diesel'),
(6,'Osprey','UK','Plymouth',11.9,'Ewan Tregear','diesel'),
(7,'Sarnia Belle','Guernsey','St Peter Port',12.1,'Paul Le Page','diesel'),
(8,'Golden Hind','UK','Dartmouth',14.8,'Graham Pascoe','diesel'),
(9,'Lady Jane','UK','Falmouth',10.2,'Jane Polglase','diesel'),
(10,'Nordlys','Norway','Stavanger',15.4,'Erik Solberg','diesel'),
(11,'Boreas','Germany','Kiel',12.9,'Klaus Brandt','diesel'),
(12,'Aurora','Denmark','Aarhus',11.6,'Mette Lund','diesel'),
(13,'Pelican','UK','Kingston',9.3,'Roy Atkinson','petrol'),
(14,'Sirocco','Spain','A Coruna',13.2,'Xabier Lopez','diesel'),
(15,'Skylark','UK','Poole',8.7,'Kate Burden','petrol'),
(16,'Lutine','UK','Gosport',16.5,'Hugh Cavendish','diesel'),
(17,'Morwenna','UK','Falmouth',10.9,'Jory Penrose','diesel'),
(18,'Hirondelle','France','Saint-Malo',9.9,'Yann Le Goff','diesel'),
(19,'Stella Maris','Ireland','Kinsale',12.7,'Siobhan Walsh','diesel'),
(20,'Odyssey','USA','Newport',17.8,'Brad Keller','diesel'),
(21,'Tamarisk','UK','Dartmouth',10.4,'Alan Brewer','diesel'),
(22,'Waterlily','Belgium','Ostend',11.1,'Wim Peeters','diesel'),
(23,'Blue Moon','UK','Brighton',8.9,'Tina Marsh','petrol'),
(24,'Fram','Norway','Bergen',14.2,'Ola Nilsen','diesel'),
(25,'Kingfisher','UK','Kingston',12.0,'Derek Shaw','diesel'),
(26,'Lutra','Netherlands','Den Helder',10.8,'Pieter Bakker','diesel'),
(27,'Calypso','France','Cherbourg',15.9,'Julien Marchand','diesel'),
(28,'Whimbrel','UK','Plymouth',9.5,'Sue Pengelly','diesel'),
(29,'Astrid','Sweden','Gothenburg',13.4,'Lars Eklund','diesel'),
(30,'Sea Otter','UK','Weymouth',8.2,'Nick Hardy','petrol'),
(31,'Cormorant','Ireland','Cork',11.8,'Liam Doyle','diesel'),
(32,'Tintagel','UK','Falmouth',12.3,'Morwen Trelawny','diesel'),
(33,'Freya','Germany','Hamburg',10.6,'Anke Vogel','diesel'),
(34,'Mirabelle','France','Granville',9.1,'Odile Lemoine','diesel'),
(35,'Harmony','UK','Lymington',11.4,'Gareth Lloyd','diesel'),
(36,'Wild Goose','UK','Kingston',13.0,'Frank Oldham','diesel'),
(37,'Meltemi','Greece','Piraeus',18.5,'Nikos Papadakis','diesel'),
(38,'Blackbird','UK','Gosport',9.7,'Rosie Fenwick','petrol'),
(39,'Santa Maria','Portugal','Porto',14.0,'Rui Almeida','diesel'),
(40,'Clementine','France','Saint-Malo',10.0,'Claire Morvan','diesel');

INSERT INTO visits (visit_id, berth_id, vessel_name, flag_country, home_port, vessel_length_m, skipper_name, party_size, arrival_ts, departure_ts, nightly_rate)
WITH days AS (
    SELECT d::date AS d FROM generate_series(date '2023-04-01', date '2025-06-29', interval '1 day') d
    WHERE extract(month FROM d) BETWEEN 4 AND 10
), arr AS (
    SELECT d, k FROM days CROSS JOIN generate_series(1,2) k
    WHERE (k = 1 AND (d - date '2023-04-01') % 2 = 0)
       OR (k = 2 AND extract(isodow FROM d) IN (5,6) AND extract(month FROM d) IN (6,7,8))
), num AS (
    SELECT row_number() OVER (ORDER BY d, k)::int AS i, d FROM arr
), v AS (
    SELECT n.i, n.d,
           CASE WHEN n.i % 17 = 0 THEN 9 ELSE 1 + (n.i * 7) % 5 END AS nights,
           1 + ((2 * n.i * n.i + 5 * n.i) % 101) % 40 AS k
    FROM num n
)
SELECT v.i,
       57 + (v.i - 1) % 12,
       vv.vessel_name, vv.flag_country, vv.home_port, vv.length_m, vv.skipper_name,
       1 + (v.i * 5) % 6,
       v.d + time '12:00' + ((v.i * 47) % 360) * interval '1 minute',
       CASE WHEN v.d + v.nights + time '08:00' + ((v.i * 29) % 240) * interval '1 minute' <= timestamp '2025-06-30 18:00'
            THEN v.d + v.nights + time '08:00' + ((v.i * 29) % 240) * interval '1 minute' END,
       round(CASE WHEN vv.length_m < 10 THEN 30 WHEN vv.length_m < 13 THEN 38 WHEN vv.length_m < 16 THEN 48 ELSE 62 END
             * CASE extract(year FROM v.d) WHEN 2023 THEN 1.00 WHEN 2024 THEN 1.05 ELSE 1.10 END, 2)
FROM v JOIN visitor_vessels vv ON vv.k = v.k;

-- Fuel dock sales: resident boats (on an active berth contract) and departing visitors
INSERT INTO fuel_sales (sale_id, sale_ts, boat_id, visit_id, fuel_type, litres, price_per_litre, amount, payment_method)
WITH res AS (
    SELECT i, timestamp '2023-01-03 08:30' + (i - 1) * interval '49 hours 30 minutes' + ((i * 53) % 480) * interval '1 minute' AS ts
    FROM generate_series(1, 440) i
), res_boat AS (
    SELECT r.i, r.ts, pick.boat_id, pick.fuel_type, pick.boat_type
    FROM res r
    CROSS JOIN LATERAL (
        SELECT x.* FROM (
            SELECT b.boat_id, b.fuel_type, b.boat_type,
                   row_number() OVER (ORDER BY b.boat_id) AS rn, count(*) OVER () AS cnt
            FROM boats b JOIN berth_contracts c ON c.boat_id = b.boat_id
             AND r.ts::date >= c.start_date AND (c.end_date IS NULL OR r.ts::date <= c.end_date)
            WHERE b.fuel_type IS NOT NULL
        ) x
        WHERE x.rn = 1 + (r.i * 13 + CASE WHEN r.i % 4 = 0 THEN 0 ELSE r.i / 9 END) % x.cnt
    ) pick
), all_sales AS (
    SELECT ts, boat_id, NULL::int AS visit_id, fuel_type,
           CASE boat_type WHEN 'motorboat' THEN 150 + (i * 37) % 400
                          WHEN 'rib' THEN 30 + (i * 11) % 60
                          WHEN 'catamaran' THEN 40 + (i * 17) % 120
                          ELSE 15 + (i * 7) % 50 END + (i % 10) * 0.1 AS litres,
           CASE WHEN i % 5 IN (0, 1) THEN 'account' WHEN i % 5 = 4 THEN 'cash' ELSE 'card' END AS payment_method
    FROM res_boat
    UNION ALL
    SELECT v.departure_ts - interval '45 minutes', NULL, v.visit_id, vv.fuel_type,
           40 + (v.visit_id * 13) % 160 + (v.visit_id % 10) * 0.1,
           CASE WHEN v.visit_id % 4 = 0 THEN 'cash' ELSE 'card' END
    FROM visits v JOIN visitor_vessels vv ON vv.vessel_name = v.vessel_name AND vv.home_port = v.home_port
    WHERE v.visit_id % 3 = 0 AND v.departure_ts IS NOT NULL
), priced AS (
    SELECT s.*,
           CASE WHEN fuel_type = 'diesel' THEN CASE extract(year FROM ts) WHEN 2023 THEN 1.529 WHEN 2024 THEN 1.489 ELSE 1.459 END
                ELSE CASE extract(year FROM ts) WHEN 2023 THEN 1.689 WHEN 2024 THEN 1.639 ELSE 1.619 END END AS ppl
    FROM all_sales s
)
SELECT row_number() OVER (ORDER BY ts), ts, boat_id, visit_id, fuel_type, litres, ppl, round(litres * ppl, 2), payment_method
FROM priced;

-- Boatyard work orders
INSERT INTO work_orders (work_order_id, boat_id, opened_on, completed_on, category, priority, status, technician, labour_hours, hourly_rate, parts_cost)
WITH base AS (
    SELECT i,
           date '2023-01-16' + (i - 1) * 6 + (i % 3) AS opened_on,
           CASE WHEN i % 10 = 0 THEN 16 ELSE 1 + (i * 17) % 38 END AS boat_id
    FROM generate_series(1, 150) i
), cat AS (
    SELECT b.*, bt.boat_type, bt.engine_hp,
           CASE WHEN extract(month FROM b.opened_on) IN (10, 11) THEN 'winterisation'
                WHEN extract(month FROM b.opened_on) IN (3, 4) AND i % 2 = 0 THEN 'antifouling'
                ELSE (ARRAY['engine service','hull repair','rigging','electrical','engine service','antifouling'])[1 + (i * 7) % 6] END AS raw_cat
    FROM base b JOIN boats bt ON bt.boat_id = b.boat_id
), cat2 AS (
    SELECT c.*,
           CASE WHEN raw_cat = 'rigging' AND boat_type <> 'sailboat' THEN 'electrical'
                WHEN raw_cat = 'engine service' AND engine_hp IS NULL THEN 'hull repair'
                ELSE raw_cat END AS category,
           i % 19 = 0 AS cancelled
    FROM cat c
), fin AS (
    SELECT c.*,
           c.opened_on + 1 + (i * 5) % 14 + CASE WHEN category = 'hull repair' THEN 20 ELSE 0 END + CASE WHEN i >= 144 THEN 30 ELSE 0 END AS done_on
    FROM cat2 c
)
SELECT i, boat_id, opened_on,
       CASE WHEN NOT cancelled AND done_on <= date '2025-06-30' THEN done_on END,
       category,
       CASE WHEN i % 11 = 0 THEN 'urgent' WHEN i % 4 = 0 THEN 'low' ELSE 'normal' END,
       CASE WHEN cancelled THEN 'cancelled'
            WHEN done_on <= date '2025-06-30' THEN 'completed'
            WHEN i % 2 = 0 THEN 'in progress' ELSE 'open' END,
       (ARRAY['Dave Mercer','Lena Novak','Sam Okafor','Joe Trent'])[1 + (i * 3) % 4],
       CASE WHEN cancelled OR (done_on > date '2025-06-30' AND i % 2 = 1) THEN 0
            ELSE 1.0 + ((i * 7) % 16) * 0.5 END,
       CASE extract(year FROM opened_on) WHEN 2023 THEN 62.00 WHEN 2024 THEN 65.00 ELSE 68.50 END,
       CASE WHEN cancelled THEN 0 ELSE ((i * 137) % 650) + 0.99 * (i % 2) END
FROM fin;

DROP TABLE visitor_vessels;
