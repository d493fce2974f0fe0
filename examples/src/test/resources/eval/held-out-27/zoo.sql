-- Zoo operations database for a city zoo: species, animals, enclosures, keepers, feedings, vet checks and transfers. Data as of 2025-06-30.

CREATE TABLE species (
    species_id          integer PRIMARY KEY,
    common_name         text NOT NULL UNIQUE,
    scientific_name     text NOT NULL,
    taxon_class         text NOT NULL CHECK (taxon_class IN ('Mammal', 'Bird', 'Reptile', 'Amphibian')),
    conservation_status text NOT NULL CHECK (conservation_status IN ('LC', 'NT', 'VU', 'EN', 'CR')),
    diet_type           text NOT NULL CHECK (diet_type IN ('Carnivore', 'Herbivore', 'Omnivore')),
    avg_lifespan_years  integer NOT NULL,
    cites_appendix      text CHECK (cites_appendix IN ('I', 'II'))   -- NULL = not listed in CITES
);

CREATE TABLE enclosures (
    enclosure_id      integer PRIMARY KEY,
    enclosure_name    text NOT NULL UNIQUE,
    zone              text NOT NULL CHECK (zone IN ('Africa Savanna', 'Asia Trail', 'Polar Coast', 'Tropical House', 'Desert Edge')),
    area_sqm          numeric(8,1) NOT NULL,
    is_indoor         boolean NOT NULL,
    capacity          integer NOT NULL,
    opened_on         date NOT NULL,
    last_renovated_on date              -- NULL = never renovated since opening
);

CREATE TABLE keepers (
    keeper_id           integer PRIMARY KEY,
    first_name          text NOT NULL,
    last_name           text NOT NULL,
    email               text NOT NULL UNIQUE,
    hire_date           date NOT NULL,
    is_senior           boolean NOT NULL,
    certification_level text NOT NULL CHECK (certification_level IN ('Level 1', 'Level 2', 'Level 3')),
    left_on             date             -- NULL = still employed
);

CREATE TABLE keeper_assignments (
    assignment_id integer PRIMARY KEY,
    keeper_id     integer NOT NULL REFERENCES keepers(keeper_id),
    enclosure_id  integer NOT NULL REFERENCES enclosures(enclosure_id),
    role          text NOT NULL CHECK (role IN ('Primary', 'Backup')),
    start_date    date NOT NULL,
    end_date      date                   -- NULL = assignment still current
);

CREATE TABLE animals (
    animal_id    integer PRIMARY KEY,
    house_name   text NOT NULL,
    species_id   integer NOT NULL REFERENCES species(species_id),
    enclosure_id integer NOT NULL REFERENCES enclosures(enclosure_id),  -- current enclosure, or last one for animals that left
    sex          char(1) NOT NULL CHECK (sex IN ('M', 'F', 'U')),     -- U = undetermined
    birth_date   date,                                                -- NULL = unknown (wild-born)
    origin       text NOT NULL CHECK (origin IN ('Born here', 'Transferred in', 'Rescued')),
    arrived_on   date NOT NULL,
    status       text NOT NULL CHECK (status IN ('On site', 'Transferred out', 'Deceased')),
    on_exhibit   boolean NOT NULL,
    deceased_on  date                                                 -- NULL = alive
);

CREATE TABLE feedings (
    feeding_id  integer PRIMARY KEY,
    animal_id   integer NOT NULL REFERENCES animals(animal_id),
    keeper_id   integer NOT NULL REFERENCES keepers(keeper_id),
    fed_at      timestamp NOT NULL,
    food_item   text NOT NULL,
    quantity_kg numeric(7,3) NOT NULL,
    was_refused boolean NOT NULL
);

CREATE TABLE vet_checks (
    check_id       integer PRIMARY KEY,
    animal_id      integer NOT NULL REFERENCES animals(animal_id),
    check_date     date NOT NULL,
    vet_name       text NOT NULL,
    check_type     text NOT NULL CHECK (check_type IN ('Routine', 'Pre-transfer', 'Injury', 'Illness')),
    outcome        text NOT NULL CHECK (outcome IN ('Healthy', 'Minor issue', 'Treatment required', 'Critical')),
    weight_kg      numeric(8,2),          -- NULL = animal not weighed
    follow_up_date date                   -- NULL = no follow-up needed
);

CREATE TABLE transfers (
    transfer_id     integer PRIMARY KEY,
    animal_id       integer NOT NULL REFERENCES animals(animal_id),
    direction       text NOT NULL CHECK (direction IN ('Incoming', 'Outgoing')),
    partner_zoo     text NOT NULL,
    partner_city    text NOT NULL,
    partner_country text NOT NULL,
    transfer_date   date NOT NULL,
    reason          text NOT NULL CHECK (reason IN ('Breeding program', 'Space', 'Loan')),
    transport_cost  numeric(10,2)         -- NULL = paid by the partner zoo
);

INSERT INTO species VALUES
 (1,  'African Lion',             'Panthera leo',                     'Mammal',    'VU', 'Carnivore', 15, 'II'),
 (2,  'Reticulated Giraffe',      'Giraffa camelopardalis reticulata','Mammal',    'EN', 'Herbivore', 25, 'II'),
 (3,  'Plains Zebra',             'Equus quagga',                     'Mammal',    'NT', 'Herbivore', 25, NULL),
 (4,  'African Elephant',         'Loxodonta africana',               'Mammal',    'EN', 'Herbivore', 60, 'I'),
 (5,  'Sumatran Tiger',           'Panthera tigris sumatrae',         'Mammal',    'CR', 'Carnivore', 18, 'I'),
 (6,  'Red Panda',                'Ailurus fulgens',                  'Mammal',    'EN', 'Herbivore', 14, 'I'),
 (7,  'Bornean Orangutan',        'Pongo pygmaeus',                   'Mammal',    'CR', 'Omnivore',  45, 'I'),
 (8,  'Polar Bear',               'Ursus maritimus',                  'Mammal',    'VU', 'Carnivore', 25, 'II'),
 (9,  'Humboldt Penguin',         'Spheniscus humboldti',             'Bird',      'VU', 'Carnivore', 20, 'I'),
 (10, 'Snowy Owl',                'Bubo scandiacus',                  'Bird',      'VU', 'Carnivore', 10, 'II'),
 (11, 'Greater Flamingo',         'Phoenicopterus roseus',            'Bird',      'LC', 'Omnivore',  40, 'II'),
 (12, 'Scarlet Macaw',            'Ara macao',                        'Bird',      'LC', 'Herbivore', 50, 'I'),
 (13, 'Komodo Dragon',            'Varanus komodoensis',              'Reptile',   'EN', 'Carnivore', 30, 'I'),
 (14, 'Green Anaconda',           'Eunectes murinus',                 'Reptile',   'LC', 'Carnivore', 20, 'II'),
 (15, 'Galapagos Giant Tortoise', 'Chelonoidis niger',                'Reptile',   'VU', 'Herbivore', 100,'I'),
 (16, 'Dyeing Poison Dart Frog',  'Dendrobates tinctorius',           'Amphibian', 'LC', 'Carnivore', 10, 'II'),
 (17, 'Axolotl',                  'Ambystoma mexicanum',              'Amphibian', 'CR', 'Carnivore', 12, 'II'),
 (18, 'Meerkat',                  'Suricata suricatta',               'Mammal',    'LC', 'Omnivore',  12, NULL),
 (19, 'Fennec Fox',               'Vulpes zerda',                     'Mammal',    'LC', 'Omnivore',  12, 'II'),
 (20, 'Okapi',                    'Okapia johnstoni',                 'Mammal',    'EN', 'Herbivore', 25, NULL),
 (21, 'Snow Leopard',             'Panthera uncia',                   'Mammal',    'VU', 'Carnivore', 18, 'I');

INSERT INTO enclosures VALUES
 (1,  'Lion Kopje',         'Africa Savanna', 4200.0,  false, 8,  '2009-05-01', '2021-03-15'),
 (2,  'Giraffe Plains',     'Africa Savanna', 9000.0,  false, 14, '2009-05-01', NULL),
 (3,  'Elephant Valley',    'Africa Savanna', 12500.0, false, 6,  '2004-06-12', '2019-09-01'),
 (4,  'Tiger Ridge',        'Asia Trail',     3600.0,  false, 4,  '2014-07-20', NULL),
 (5,  'Red Panda Canopy',   'Asia Trail',     850.0,   false, 4,  '2020-09-01', NULL),
 (6,  'Orangutan Forest',   'Tropical House', 2400.0,  true,  6,  '2002-04-10', '2023-11-20'),
 (7,  'Penguin Cove',       'Polar Coast',    1250.0,  false, 20, '2012-06-01', '2022-05-05'),
 (8,  'Polar Bear Point',   'Polar Coast',    5200.0,  false, 4,  '2011-08-15', NULL),
 (9,  'Reptile Hall',       'Tropical House', 950.0,   true,  12, '2006-03-03', '2024-02-10'),
 (10, 'Amphibian Lab',      'Tropical House', 140.0,   true,  40, '2018-10-10', NULL),
 (11, 'Desert Dunes',       'Desert Edge',    1150.0,  false, 16, '2017-04-01', NULL),
 (12, 'Free-flight Aviary', 'Tropical House', 1800.0,  true,  30, '2010-05-20', '2020-01-15'),
 (13, 'Owl Loft',           'Polar Coast',    320.0,   false, 4,  '2016-11-11', NULL),
 (14, 'Savanna Annex',      'Africa Savanna', 2100.0,  false, 6,  '2025-05-15', NULL);

INSERT INTO keepers VALUES
 (1,  'Amara',   'Okafor',   'amara.okafor@cityzoo.org',    '2012-03-05', true,  'Level 3', NULL),
 (2,  'Liam',    'Chester',  'liam.chester@cityzoo.org',    '2018-06-11', false, 'Level 2', NULL),
 (3,  'Sofia',   'Marquez',  'sofia.marquez@cityzoo.org',   '2014-09-01', true,  'Level 3', NULL),
 (4,  'Daniel',  'Kim',      'daniel.kim@cityzoo.org',      '2016-01-18', true,  'Level 3', NULL),
 (5,  'Hannah',  'Berg',     'hannah.berg@cityzoo.org',     '2020-08-24', false, 'Level 2', NULL),
 (6,  'Tomasz',  'Nowak',    'tomasz.nowak@cityzoo.org',    '2011-04-04', true,  'Level 3', NULL),
 (7,  'Grace',   'Mbeki',    'grace.mbeki@cityzoo.org',     '2019-02-11', false, 'Level 2', NULL),
 (8,  'Oliver',  'Grant',    'oliver.grant@cityzoo.org',    '2013-10-07', true,  'Level 3', NULL),
 (9,  'Priya',   'Raman',    'priya.raman@cityzoo.org',     '2021-05-17', false, 'Level 2', NULL),
 (10, 'Ethan',   'Brooks',   'ethan.brooks@cityzoo.org',    '2015-07-13', true,  'Level 3', '2024-09-30'),
 (11, 'Chloe',   'Dubois',   'chloe.dubois@cityzoo.org',    '2022-03-28', false, 'Level 1', NULL),
 (12, 'Marcus',  'Fielding', 'marcus.fielding@cityzoo.org', '2025-04-01', false, 'Level 1', NULL);

INSERT INTO keeper_assignments VALUES
 (1,  1,  1,  'Primary', '2020-01-01', NULL),
 (2,  7,  2,  'Primary', '2020-01-01', NULL),
 (3,  8,  3,  'Primary', '2020-01-01', NULL),
 (4,  4,  4,  'Primary', '2020-01-01', NULL),
 (5,  5,  5,  'Primary', '2020-09-01', NULL),
 (6,  3,  6,  'Primary', '2020-01-01', NULL),
 (7,  2,  7,  'Primary', '2020-01-01', NULL),
 (8,  6,  8,  'Primary', '2020-01-01', NULL),
 (9,  10, 9,  'Primary', '2020-01-01', '2024-09-30'),
 (10, 9,  9,  'Primary', '2024-10-01', NULL),
 (11, 9,  10, 'Primary', '2021-06-01', NULL),
 (12, 11, 11, 'Primary', '2022-04-01', NULL),
 (13, 3,  12, 'Primary', '2020-01-01', NULL),
 (14, 2,  13, 'Primary', '2020-01-01', NULL),
 (15, 12, 14, 'Primary', '2025-05-15', NULL),
 (16, 7,  1,  'Backup',  '2020-01-01', NULL),
 (17, 1,  2,  'Backup',  '2020-01-01', NULL),
 (18, 1,  3,  'Backup',  '2020-01-01', NULL),
 (19, 5,  4,  'Backup',  '2020-09-01', NULL),
 (20, 3,  5,  'Backup',  '2020-09-01', NULL),
 (21, 6,  7,  'Backup',  '2020-01-01', NULL),
 (22, 2,  8,  'Backup',  '2020-01-01', NULL),
 (23, 9,  9,  'Backup',  '2021-06-01', '2024-09-30'),
 (24, 11, 9,  'Backup',  '2024-10-01', NULL),
 (25, 10, 10, 'Backup',  '2021-06-01', '2024-09-30'),
 (26, 11, 10, 'Backup',  '2024-10-01', NULL),
 (27, 4,  11, 'Backup',  '2022-04-01', NULL),
 (28, 8,  14, 'Backup',  '2025-05-15', NULL);

INSERT INTO animals VALUES
 (1,  'Kito',      1,  1,  'M', '2014-04-12', 'Transferred in', '2016-03-01', 'On site',         true,  NULL),
 (2,  'Nala',      1,  1,  'F', '2015-07-03', 'Transferred in', '2016-03-01', 'On site',         true,  NULL),
 (3,  'Zuri',      1,  1,  'F', '2016-02-20', 'Transferred in', '2017-05-10', 'On site',         true,  NULL),
 (4,  'Jabari',    1,  1,  'M', '2023-05-18', 'Born here',      '2023-05-18', 'On site',         true,  NULL),
 (5,  'Amani',     1,  1,  'F', '2023-05-18', 'Born here',      '2023-05-18', 'On site',         true,  NULL),
 (6,  'Twiga',     2,  2,  'F', '2012-09-01', 'Transferred in', '2014-04-22', 'On site',         true,  NULL),
 (7,  'Kibo',      2,  2,  'M', '2017-03-14', 'Transferred in', '2019-08-30', 'On site',         true,  NULL),
 (8,  'Lulu',      2,  2,  'F', '2019-11-30', 'Born here',      '2019-11-30', 'On site',         true,  NULL),
 (9,  'Jomo',      2,  2,  'M', '2024-08-09', 'Born here',      '2024-08-09', 'On site',         true,  NULL),
 (10, 'Zola',      3,  2,  'F', '2016-06-06', 'Transferred in', '2018-02-14', 'On site',         true,  NULL),
 (11, 'Duma',      3,  2,  'M', '2018-01-22', 'Born here',      '2018-01-22', 'Transferred out', false, NULL),
 (12, 'Pili',      3,  2,  'F', '2020-04-15', 'Born here',      '2020-04-15', 'On site',         true,  NULL),
 (13, 'Tisa',      3,  2,  'F', '2024-03-03', 'Born here',      '2024-03-03', 'On site',         true,  NULL),
 (14, 'Tembo',     4,  3,  'M', '1998-05-10', 'Transferred in', '2005-06-01', 'Deceased',        false, '2024-11-03'),
 (15, 'Kamali',    4,  3,  'F', '2001-08-19', 'Transferred in', '2005-06-01', 'On site',         true,  NULL),
 (16, 'Nia',       4,  3,  'F', '2010-12-02', 'Born here',      '2010-12-02', 'On site',         true,  NULL),
 (17, 'Asha',      4,  3,  'F', '2021-06-25', 'Born here',      '2021-06-25', 'On site',         true,  NULL),
 (18, 'Raja',      5,  4,  'M', '2013-10-10', 'Transferred in', '2015-09-09', 'On site',         true,  NULL),
 (19, 'Sari',      5,  4,  'F', '2015-05-05', 'Transferred in', '2017-01-20', 'On site',         true,  NULL),
 (20, 'Bima',      5,  4,  'M', '2022-02-14', 'Transferred in', '2023-04-03', 'On site',         true,  NULL),
 (21, 'Momo',      6,  5,  'F', '2019-06-18', 'Transferred in', '2020-10-05', 'On site',         true,  NULL),
 (22, 'Tashi',     6,  5,  'M', '2020-06-21', 'Transferred in', '2021-03-15', 'On site',         true,  NULL),
 (23, 'Ember',     6,  5,  'F', '2024-06-30', 'Born here',      '2024-06-30', 'On site',         false, NULL),
 (24, 'Budi',      7,  6,  'M', '1995-03-01', 'Transferred in', '2003-07-07', 'On site',         true,  NULL),
 (25, 'Mawar',     7,  6,  'F', '2000-09-09', 'Transferred in', '2006-05-18', 'On site',         true,  NULL),
 (26, 'Intan',     7,  6,  'F', '2018-04-04', 'Born here',      '2018-04-04', 'On site',         true,  NULL),
 (27, 'Rimba',     7,  6,  'M', '2023-01-15', 'Born here',      '2023-01-15', 'On site',         true,  NULL),
 (28, 'Nanuq',     8,  8,  'M', '2008-12-08', 'Transferred in', '2012-10-01', 'On site',         true,  NULL),
 (29, 'Sila',      8,  8,  'F', '2011-11-25', 'Transferred in', '2014-03-12', 'On site',         true,  NULL),
 (30, 'Aput',      8,  8,  'M', '2019-12-01', 'Born here',      '2019-12-01', 'Transferred out', false, NULL),
 (31, 'Koda',      8,  8,  'M', '2020-01-30', 'Transferred in', '2025-05-20', 'On site',         false, NULL),
 (32, 'Pebbles',   9,  7,  'F', '2009-05-01', 'Born here',      '2009-05-01', 'Deceased',        false, '2023-08-19'),
 (33, 'Waddles',   9,  7,  'M', '2014-04-20', 'Transferred in', '2015-05-05', 'On site',         true,  NULL),
 (34, 'Chilly',    9,  7,  'M', '2019-03-11', 'Born here',      '2019-03-11', 'Transferred out', false, NULL),
 (35, 'Skipper',   9,  7,  'M', '2016-04-02', 'Born here',      '2016-04-02', 'On site',         true,  NULL),
 (36, 'Rocky',     9,  7,  'M', '2018-03-29', 'Born here',      '2018-03-29', 'Transferred out', false, NULL),
 (37, 'Pearl',     9,  7,  'F', '2015-04-17', 'Transferred in', '2015-11-11', 'On site',         true,  NULL),
 (38, 'Sardine',   9,  7,  'F', '2020-04-08', 'Born here',      '2020-04-08', 'On site',         true,  NULL),
 (39, 'Puddle',    9,  7,  'F', '2021-03-30', 'Born here',      '2021-03-30', 'On site',         true,  NULL),
 (40, 'Flipper',   9,  7,  'M', '2022-04-12', 'Born here',      '2022-04-12', 'On site',         true,  NULL),
 (41, 'Tux',       9,  7,  'M', '2021-05-06', 'Transferred in', '2024-10-08', 'On site',         true,  NULL),
 (42, 'Hedwig',    10, 13, 'F', '2017-06-01', 'Rescued',        '2017-09-15', 'On site',         true,  NULL),
 (43, 'Frost',     10, 13, 'M', '2018-05-20', 'Transferred in', '2020-02-02', 'On site',         true,  NULL),
 (44, 'Mango',     11, 12, 'F', '2010-06-15', 'Transferred in', '2012-04-04', 'On site',         true,  NULL),
 (45, 'Coral',     11, 12, 'F', '2011-07-01', 'Transferred in', '2012-04-04', 'On site',         true,  NULL),
 (46, 'Blush',     11, 12, 'M', '2013-06-22', 'Born here',      '2013-06-22', 'On site',         true,  NULL),
 (47, 'Rosa',      11, 12, 'F', '2016-07-09', 'Born here',      '2016-07-09', 'On site',         true,  NULL),
 (48, 'Peaches',   11, 12, 'F', '2019-06-30', 'Born here',      '2019-06-30', 'On site',         true,  NULL),
 (49, 'Flame',     11, 12, 'M', '2018-07-07', 'Transferred in', '2024-02-27', 'On site',         true,  NULL),
 (50, 'Rio',       12, 12, 'M', '2009-03-03', 'Rescued',        '2011-08-08', 'On site',         true,  NULL),
 (51, 'Paco',      12, 12, 'M', '2014-02-14', 'Transferred in', '2016-06-06', 'Transferred out', false, NULL),
 (52, 'Ruby',      12, 12, 'F', '2012-10-10', 'Transferred in', '2016-06-06', 'On site',         true,  NULL),
 (53, 'Draco',     13, 9,  'M', '2011-09-09', 'Transferred in', '2014-10-10', 'On site',         true,  NULL),
 (54, 'Ora',       13, 9,  'F', '2016-03-21', 'Transferred in', '2023-09-12', 'On site',         true,  NULL),
 (55, 'Sucuri',    14, 9,  'F', NULL,         'Rescued',        '2013-05-30', 'On site',         true,  NULL),
 (56, 'Kaa',       14, 9,  'M', '2015-02-02', 'Transferred in', '2017-07-07', 'Transferred out', false, NULL),
 (57, 'Diego',     15, 9,  'M', NULL,         'Rescued',        '2008-08-08', 'On site',         true,  NULL),
 (58, 'Esperanza', 15, 9,  'F', NULL,         'Rescued',        '2008-08-08', 'On site',         true,  NULL),
 (59, 'Azul',      16, 10, 'U', '2022-09-01', 'Born here',      '2022-09-01', 'On site',         true,  NULL),
 (60, 'Cobalt',    16, 10, 'U', '2022-09-01', 'Born here',      '2022-09-01', 'On site',         true,  NULL),
 (61, 'Indigo',    16, 10, 'U', '2022-09-01', 'Born here',      '2022-09-01', 'Deceased',        false, '2025-02-10'),
 (62, 'Pinky',     17, 10, 'U', '2021-11-11', 'Born here',      '2021-11-11', 'On site',         true,  NULL),
 (63, 'Gill',      17, 10, 'U', '2021-11-11', 'Born here',      '2021-11-11', 'On site',         true,  NULL),
 (64, 'Wasabi',    17, 10, 'U', '2023-12-05', 'Born here',      '2023-12-05', 'On site',         true,  NULL),
 (65, 'Sunny',     18, 11, 'F', '2017-10-01', 'Transferred in', '2018-03-03', 'On site',         true,  NULL),
 (66, 'Dusty',     18, 11, 'M', '2017-10-01', 'Transferred in', '2018-03-03', 'On site',         true,  NULL),
 (67, 'Sandy',     18, 11, 'F', '2019-11-11', 'Born here',      '2019-11-11', 'On site',         true,  NULL),
 (68, 'Scout',     18, 11, 'M', '2020-12-12', 'Born here',      '2020-12-12', 'On site',         true,  NULL),
 (69, 'Pip',       18, 11, 'M', '2022-10-20', 'Born here',      '2022-10-20', 'On site',         true,  NULL),
 (70, 'Zara',      18, 11, 'F', '2021-08-08', 'Transferred in', '2024-07-15', 'On site',         true,  NULL),
 (71, 'Sahara',    19, 11, 'F', '2018-04-04', 'Transferred in', '2019-01-09', 'On site',         true,  NULL),
 (72, 'Dune',      19, 11, 'M', '2017-12-12', 'Transferred in', '2019-01-09', 'On site',         true,  NULL),
 (73, 'Mirage',    19, 11, 'F', '2023-03-03', 'Transferred in', '2025-06-10', 'On site',         false, NULL);

INSERT INTO transfers VALUES
 (1,  56, 'Outgoing', 'Zoo Leipzig',     'Leipzig',   'Germany',        '2023-06-20', 'Loan',             2100.00),
 (2,  20, 'Incoming', 'Zoo Leipzig',     'Leipzig',   'Germany',        '2023-04-03', 'Breeding program', 14300.00),
 (3,  54, 'Incoming', 'Chester Zoo',     'Chester',   'United Kingdom', '2023-09-12', 'Breeding program', NULL),
 (4,  49, 'Incoming', 'Artis Zoo',       'Amsterdam', 'Netherlands',    '2024-02-27', 'Space',            780.00),
 (5,  30, 'Outgoing', 'Aalborg Zoo',     'Aalborg',   'Denmark',        '2024-04-16', 'Breeding program', 18500.00),
 (6,  70, 'Incoming', 'Wroclaw Zoo',     'Wroclaw',   'Poland',         '2024-07-15', 'Space',            NULL),
 (7,  34, 'Outgoing', 'Chester Zoo',     'Chester',   'United Kingdom', '2024-09-03', 'Breeding program', NULL),
 (8,  41, 'Incoming', 'Chester Zoo',     'Chester',   'United Kingdom', '2024-10-08', 'Breeding program', 1240.00),
 (9,  36, 'Outgoing', 'Zoo Leipzig',     'Leipzig',   'Germany',        '2024-11-05', 'Breeding program', 1650.00),
 (10, 51, 'Outgoing', 'Chester Zoo',     'Chester',   'United Kingdom', '2025-01-22', 'Space',            640.00),
 (11, 11, 'Outgoing', 'Tierpark Berlin', 'Berlin',    'Germany',        '2025-03-11', 'Space',            9200.00),
 (12, 31, 'Incoming', 'Aalborg Zoo',     'Aalborg',   'Denmark',        '2025-05-20', 'Breeding program', 21000.00),
 (13, 73, 'Incoming', 'Tierpark Berlin', 'Berlin',    'Germany',        '2025-06-10', 'Breeding program', 950.00);

-- Feedings: every 14 days from 2023-01-03, for every animal present at the zoo (born-here animals from 90 days of age),
-- recorded by the primary keeper of the animal's enclosure on that date.
INSERT INTO feedings (feeding_id, animal_id, keeper_id, fed_at, food_item, quantity_kg, was_refused)
SELECT row_number() OVER (ORDER BY s.d, a.animal_id),
       a.animal_id,
       ka.keeper_id,
       s.d + time '07:30' + (a.enclosure_id * 15) * interval '1 minute' + (a.animal_id % 4) * interval '1 minute',
       CASE a.species_id
            WHEN 1  THEN CASE WHEN s.k % 3 = 2 THEN 'Chicken' ELSE 'Beef' END
            WHEN 2  THEN CASE WHEN s.k % 2 = 0 THEN 'Alfalfa hay' ELSE 'Acacia browse' END
            WHEN 3  THEN 'Timothy hay'
            WHEN 4  THEN CASE WHEN s.k % 2 = 0 THEN 'Timothy hay' ELSE 'Produce mix' END
            WHEN 5  THEN CASE WHEN s.k % 3 = 2 THEN 'Rabbit' ELSE 'Beef' END
            WHEN 6  THEN CASE WHEN s.k % 4 = 3 THEN 'Apple' ELSE 'Bamboo' END
            WHEN 7  THEN CASE WHEN s.k % 3 = 1 THEN 'Mango' ELSE 'Produce mix' END
            WHEN 8  THEN CASE WHEN s.k % 2 = 0 THEN 'Herring' ELSE 'Beef' END
            WHEN 9  THEN CASE WHEN s.k % 3 = 2 THEN 'Capelin' ELSE 'Herring' END
            WHEN 10 THEN CASE WHEN s.k % 2 = 0 THEN 'Mice' ELSE 'Quail' END
            WHEN 11 THEN CASE WHEN s.k % 4 = 3 THEN 'Krill' ELSE 'Flamingo pellets' END
            WHEN 12 THEN CASE WHEN s.k % 2 = 0 THEN 'Parrot pellets' ELSE 'Mango' END
            WHEN 13 THEN CASE WHEN s.k % 2 = 0 THEN 'Rabbit' ELSE 'Chicken' END
            WHEN 14 THEN 'Rabbit'
            WHEN 15 THEN CASE WHEN s.k % 2 = 0 THEN 'Leafy greens' ELSE 'Squash' END
            WHEN 16 THEN 'Crickets'
            WHEN 17 THEN 'Bloodworms'
            WHEN 18 THEN CASE WHEN s.k % 2 = 0 THEN 'Crickets' ELSE 'Mealworms' END
            ELSE          CASE WHEN s.k % 2 = 0 THEN 'Mice' ELSE 'Crickets' END
       END,
       (CASE a.species_id
            WHEN 1 THEN 8.5 WHEN 2 THEN 12 WHEN 3 THEN 9 WHEN 4 THEN 60 WHEN 5 THEN 7
            WHEN 6 THEN 1.5 WHEN 7 THEN 3 WHEN 8 THEN 12 WHEN 9 THEN 0.5 WHEN 10 THEN 0.25
            WHEN 11 THEN 0.3 WHEN 12 THEN 0.1 WHEN 13 THEN 4 WHEN 14 THEN 2.5 WHEN 15 THEN 5
            WHEN 16 THEN 0.008 WHEN 17 THEN 0.012 WHEN 18 THEN 0.1 ELSE 0.15 END)
         * (1 + ((a.animal_id + s.k) % 5 - 2) * 0.05),
       (a.animal_id * 3 + s.k) % 23 = 0
FROM (SELECT k, date '2023-01-03' + 14 * k AS d FROM generate_series(0, 77) AS k) s
JOIN animals a
  ON s.d >= a.arrived_on
 AND s.d >= coalesce(a.birth_date, a.arrived_on) + 90
 AND s.d <= date '2025-06-30'
 AND (a.deceased_on IS NULL OR s.d < a.deceased_on)
 AND NOT EXISTS (SELECT 1 FROM transfers t
                 WHERE t.animal_id = a.animal_id AND t.direction = 'Outgoing' AND t.transfer_date <= s.d)
JOIN keeper_assignments ka
  ON ka.enclosure_id = a.enclosure_id AND ka.role = 'Primary'
 AND s.d >= ka.start_date AND (ka.end_date IS NULL OR s.d <= ka.end_date);

-- Routine vet checks: every 120 days per animal (offset by animal), while the animal is at the zoo.
INSERT INTO vet_checks (check_id, animal_id, check_date, vet_name, check_type, outcome, weight_kg, follow_up_date)
SELECT row_number() OVER (ORDER BY x.d, x.animal_id),
       x.animal_id, x.d,
       CASE (x.animal_id + x.k) % 3 WHEN 0 THEN 'Dr. Helen Ward' WHEN 1 THEN 'Dr. Samuel Osei' ELSE 'Dr. Mei Tanaka' END,
       'Routine',
       x.outcome,
       CASE WHEN x.species_id IN (16, 17) THEN NULL
            ELSE round(x.base_kg
                       * least(1.0, greatest(0.05, (x.d - coalesce(x.birth_date, date '1990-01-01')) / (365.0 * x.adult_years)))
                       * (1 + ((x.animal_id * 5 + x.k * 3) % 9 - 4) * 0.01), 2)
       END,
       CASE x.outcome WHEN 'Critical' THEN x.d + 7 WHEN 'Treatment required' THEN x.d + 21 ELSE NULL END
FROM (
    SELECT a.animal_id, a.species_id, a.birth_date, g.k,
           date '2023-01-10' + (a.animal_id * 11) % 120 + 120 * g.k AS d,
           CASE WHEN (a.animal_id * 7 + g.k * 13) % 31 = 0 THEN 'Critical'
                WHEN (a.animal_id * 7 + g.k * 13) % 31 BETWEEN 1 AND 3 THEN 'Treatment required'
                WHEN (a.animal_id * 7 + g.k * 13) % 31 BETWEEN 4 AND 9 THEN 'Minor issue'
                ELSE 'Healthy' END AS outcome,
           CASE a.species_id
                WHEN 1 THEN (CASE a.sex WHEN 'M' THEN 190 ELSE 130 END) WHEN 2 THEN (CASE a.sex WHEN 'M' THEN 1150 ELSE 820 END)
                WHEN 3 THEN 320 WHEN 4 THEN (CASE a.sex WHEN 'M' THEN 5600 ELSE 3200 END) WHEN 5 THEN (CASE a.sex WHEN 'M' THEN 125 ELSE 88 END)
                WHEN 6 THEN 5.4 WHEN 7 THEN (CASE a.sex WHEN 'M' THEN 82 ELSE 42 END) WHEN 8 THEN (CASE a.sex WHEN 'M' THEN 480 ELSE 260 END)
                WHEN 9 THEN 4.3 WHEN 10 THEN (CASE a.sex WHEN 'M' THEN 1.8 ELSE 2.3 END) WHEN 11 THEN 3.3 WHEN 12 THEN 1.05
                WHEN 13 THEN (CASE a.sex WHEN 'M' THEN 78 ELSE 62 END) WHEN 14 THEN (CASE a.sex WHEN 'M' THEN 35 ELSE 70 END)
                WHEN 15 THEN (CASE a.sex WHEN 'M' THEN 240 ELSE 160 END) WHEN 18 THEN 0.75 WHEN 19 THEN 1.3 ELSE 0.01 END AS base_kg,
           CASE WHEN a.species_id IN (4, 7, 15) THEN 12 WHEN a.species_id IN (2, 8, 13, 14) THEN 5 ELSE 2 END AS adult_years
    FROM animals a
    CROSS JOIN generate_series(0, 8) AS g(k)
) x
JOIN animals a2 ON a2.animal_id = x.animal_id
WHERE x.d <= date '2025-06-30'
  AND x.d >= a2.arrived_on
  AND x.d >= coalesce(a2.birth_date, a2.arrived_on) + 30
  AND (a2.deceased_on IS NULL OR x.d < a2.deceased_on)
  AND NOT EXISTS (SELECT 1 FROM transfers t
                  WHERE t.animal_id = x.animal_id AND t.direction = 'Outgoing' AND t.transfer_date <= x.d);

-- Non-routine checks (pre-transfer, injuries, illnesses).
INSERT INTO vet_checks (check_id, animal_id, check_date, vet_name, check_type, outcome, weight_kg, follow_up_date)
SELECT (SELECT max(check_id) FROM vet_checks) + v.n, v.animal_id, v.check_date, v.vet_name, v.check_type, v.outcome, v.weight_kg, v.follow_up_date
FROM (VALUES
 (1,  56, date '2023-06-12', 'Dr. Mei Tanaka',  'Pre-transfer', 'Healthy',            34.60,  NULL::date),
 (2,  32, date '2023-08-02', 'Dr. Helen Ward',  'Illness',      'Critical',           3.40,   date '2023-08-09'),
 (3,  7,  date '2023-10-17', 'Dr. Samuel Osei', 'Injury',       'Treatment required', 1138.00, date '2023-11-07'),
 (4,  30, date '2024-04-05', 'Dr. Samuel Osei', 'Pre-transfer', 'Healthy',            455.00, NULL),
 (5,  18, date '2024-05-28', 'Dr. Helen Ward',  'Injury',       'Minor issue',        127.30, NULL),
 (6,  34, date '2024-08-26', 'Dr. Mei Tanaka',  'Pre-transfer', 'Healthy',            4.40,   NULL),
 (7,  14, date '2024-10-21', 'Dr. Helen Ward',  'Illness',      'Critical',           5310.00, date '2024-10-28'),
 (8,  36, date '2024-10-29', 'Dr. Mei Tanaka',  'Pre-transfer', 'Minor issue',        4.20,   NULL),
 (9,  14, date '2024-10-28', 'Dr. Helen Ward',  'Illness',      'Critical',           5240.00, date '2024-11-04'),
 (10, 62, date '2024-12-09', 'Dr. Samuel Osei', 'Illness',      'Treatment required', NULL,   date '2024-12-30'),
 (11, 51, date '2025-01-14', 'Dr. Samuel Osei', 'Pre-transfer', 'Healthy',            1.02,   NULL),
 (12, 61, date '2025-02-03', 'Dr. Mei Tanaka',  'Illness',      'Critical',           NULL,   date '2025-02-10'),
 (13, 11, date '2025-03-04', 'Dr. Helen Ward',  'Pre-transfer', 'Healthy',            318.50, NULL),
 (14, 66, date '2025-04-22', 'Dr. Mei Tanaka',  'Injury',       'Treatment required', 0.71,   date '2025-05-13'),
 (15, 26, date '2025-06-02', 'Dr. Samuel Osei', 'Illness',      'Minor issue',        41.80,  NULL)
) AS v(n, animal_id, check_date, vet_name, check_type, outcome, weight_kg, follow_up_date);
