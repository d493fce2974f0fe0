package dev.nlsql.internal.generate;

import static dev.nlsql.internal.generate.ShopCatalog.col;
import static dev.nlsql.internal.generate.ShopCatalog.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the first held-out set (examples/src/test/resources/eval/held-out, a bike-sharing schema and public samples) found
 * wrong in the offline generator: a yes/no column shown instead of filtered, a join through whichever of two keys came
 * first, a "highest" that was an empty value, a table named by the last word of its name.
 */
class OfflineHeldOutLessonsTest {

    private static final TableInfo STATIONS = new TableInfo("public", "stations", null, List.of(col("station_id", "int4"),
            col("name", "text"), col("capacity", "int4"), new ColumnInfo("is_active", "bool", false, null)), List.of("station_id"),
            List.of());
    private static final TableInfo BIKES = new TableInfo("public", "bikes", null, List.of(col("bike_id", "int4"),
            col("serial_code", "text"), new ColumnInfo("is_electric", "bool", false, null), col("home_station_id", "int4")),
            List.of("bike_id"), List.of(new ForeignKey(List.of("home_station_id"), "public", "stations", List.of("station_id"))));
    private static final TableInfo TRIPS = new TableInfo("public", "trips", null, List.of(col("trip_id", "int4"), col("bike_id", "int4"),
            col("start_station_id", "int4"), col("end_station_id", "int4"), new ColumnInfo("fare", "numeric", true, null)),
            List.of("trip_id"), List.of(new ForeignKey(List.of("bike_id"), "public", "bikes", List.of("bike_id")),
                    new ForeignKey(List.of("start_station_id"), "public", "stations", List.of("station_id")),
                    new ForeignKey(List.of("end_station_id"), "public", "stations", List.of("station_id"))));
    private static final SchemaCatalog BIKESHARE = new SchemaCatalog("PostgreSQL", "15", "public", List.of(STATIONS, BIKES, TRIPS));
    private static final List<ValueLink> RIVERSIDE = List.of(ShopCatalog.value(STATIONS, "name", "Riverside"));

    @Test
    void aYesNoColumnSaidOfTheRowsFiltersThem() throws Exception {
        assertEquals("SELECT DISTINCT bikes.serial_code FROM bikes WHERE bikes.is_electric = TRUE ORDER BY bikes.serial_code",
                sql(BIKESHARE, "List the serial codes of the electric bikes", List.of()));
        assertEquals("SELECT stations.* FROM stations WHERE stations.is_active = FALSE",
                sql(BIKESHARE, "Which stations are not active?", List.of()));
        assertEquals("SELECT COUNT(*) AS count FROM stations WHERE stations.is_active = TRUE",
                sql(BIKESHARE, "how many stations are active", List.of()));
        TableInfo branches = new TableInfo("public", "branches", null, List.of(col("branch_id", "int4"), col("name", "text"),
                new ColumnInfo("has_cafe", "bool", false, null)), List.of("branch_id"), List.of());
        SchemaCatalog library = new SchemaCatalog("PostgreSQL", "15", "public", List.of(branches));
        // was: SELECT DISTINCT branches.has_cafe (the second held-out set)
        assertEquals("SELECT branches.* FROM branches WHERE branches.has_cafe = TRUE", sql(library, "Which branches have a cafe?", List.of()));
        assertEquals("it does not know whether has_cafe is a condition on the rows or a column to show",
                assertThrows(NotUnderstoodException.class, () -> sql(library, "which branches and cafe", List.of())).getMessage());
    }

    @Test
    void twoKeysBetweenTheSameTablesAreChosenByTheQuestionOrDeclined() throws Exception {
        assertEquals("SELECT COUNT(*) AS count FROM trips JOIN stations ON trips.start_station_id = stations.station_id"
                + " WHERE stations.name = 'Riverside'", sql(BIKESHARE, "How many trips started at Riverside station?", RIVERSIDE));
        assertEquals("SELECT COUNT(*) AS count FROM trips JOIN stations ON trips.end_station_id = stations.station_id"
                + " WHERE stations.name = 'Riverside'", sql(BIKESHARE, "How many trips ended at Riverside station?", RIVERSIDE));
        // was: through bikes.home_station_id, or whichever key came first
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class,
                () -> sql(BIKESHARE, "How many trips per station?", List.of()));
        assertEquals("it does not know which key from trips to stations is meant (start_station_id, end_station_id)", e.getMessage());
    }

    @Test
    void aRankingOverAColumnThatMayBeEmptyPutsTheEmptyOnesLast() throws Exception {
        assertEquals("SELECT trips.trip_id, trips.fare FROM trips ORDER BY trips.fare DESC NULLS LAST LIMIT 1",
                sql(BIKESHARE, "which trip has the highest fare", List.of()));
        assertEquals("SELECT stations.station_id, stations.name, stations.capacity FROM stations ORDER BY stations.capacity DESC LIMIT 1",
                sql(BIKESHARE, "which station has the largest capacity", List.of()), "a column that is never empty needs nothing");
    }

    @Test
    void aValueSaidAsANounIsTheRowsOfThatKind() throws Exception {
        TableInfo shows = new TableInfo("public", "netflix_shows", null, List.of(col("show_id", "text"), col("type", "text"),
                col("title", "text"), col("director", "text")), List.of("show_id"), List.of());
        SchemaCatalog netflix = new SchemaCatalog("PostgreSQL", "15", "public", List.of(shows));
        ValueLink movie = new ValueLink(shows, shows.columnIgnoreCase("type"), "Movie", "movies");
        ValueLink scorsese = new ValueLink(shows, shows.columnIgnoreCase("director"), "Martin Scorsese", "Martin Scorsese", true);
        assertEquals("SELECT COUNT(*) AS count FROM netflix_shows WHERE netflix_shows.type = 'Movie'",
                sql(netflix, "How many movies are there?", List.of(movie)));
        assertEquals("SELECT netflix_shows.* FROM netflix_shows WHERE netflix_shows.type = 'Movie' AND netflix_shows.director = "
                + "'Martin Scorsese'", sql(netflix, "List the movies directed by Martin Scorsese", List.of(movie, scorsese)),
                "directed: the director's column");
        // the label of a table is that row, not its kind: "how many Beverages" is not the one category named so
        TableInfo categories = new TableInfo("public", "categories", null, List.of(col("category_id", "int4"),
                col("category_name", "text")), List.of("category_id"), List.of());
        SchemaCatalog shop = new SchemaCatalog("PostgreSQL", "15", "public", List.of(categories));
        assertThrows(NotUnderstoodException.class, () -> sql(shop, "How many Beverages are there?",
                List.of(ShopCatalog.value(categories, "category_name", "Beverages"))));
    }

    @Test
    void howManyOfAColumnCountsItsDistinctValuesAndANameSaidAsWrittenBeatsASynonym() throws Exception {
        TableInfo elements = new TableInfo("public", "periodic_table", null, List.of(col("AtomicNumber", "int4"), col("Element", "text"),
                col("Group", "int4"), col("Type", "text")), List.of("AtomicNumber"), List.of());
        SchemaCatalog periodic = new SchemaCatalog("PostgreSQL", "15", "public", List.of(elements));
        assertEquals("SELECT COUNT(DISTINCT periodic_table.\"Element\") AS count FROM periodic_table",
                sql(periodic, "How many elements are there?", List.of()));
        // was: grouped by Group, which "type" names only as a synonym (type, kind, group: category)
        assertEquals("SELECT periodic_table.\"Type\", COUNT(DISTINCT periodic_table.\"Element\") AS count FROM periodic_table"
                + " GROUP BY periodic_table.\"Type\"", sql(periodic, "Number of elements of each type", List.of()));
    }

    @Test
    void biggestIsNoCount() {
        TableInfo teams = new TableInfo("public", "teams", null, List.of(col("team_id", "int4"), col("name", "text"),
                col("stadium", "text"), col("capacity", "int4")), List.of("team_id"), List.of());
        SchemaCatalog league = new SchemaCatalog("PostgreSQL", "15", "public", List.of(teams));
        // was: the stadium with the most teams (third held-out set)
        assertThrows(NotUnderstoodException.class, () -> sql(league, "Which team has the biggest stadium?", List.of()));
    }

    @Test
    void aTableIsNamedByTheLastWordOfItsName() throws Exception {
        TableInfo shows = new TableInfo("public", "netflix_shows", null, List.of(col("show_id", "text"), col("title", "text")),
                List.of("show_id"), List.of());
        SchemaCatalog netflix = new SchemaCatalog("PostgreSQL", "15", "public", List.of(shows));
        assertEquals("SELECT COUNT(*) AS count FROM netflix_shows", sql(netflix, "How many shows are there?", List.of()));
    }

    /**
     * The fourth held-out set (eval/held-out-4, hotel and shipping): a group with no value listed as one of the groups ("each
     * loyalty tier" with guests outside the programme, at high), and two values of one column both required of a row ("for
     * standard and for express": no row, answered at low).
     */
    @Test
    void aGroupingLeavesOutRowsWithNoValueAndTwoValuesOfOneColumnAreDeclined() throws Exception {
        TableInfo guests = new TableInfo("public", "guests", null, List.of(col("guest_id", "int4"), col("full_name", "text"),
                new ColumnInfo("loyalty_tier", "text", true, null)), List.of("guest_id"), List.of());
        SchemaCatalog hotel = new SchemaCatalog("PostgreSQL", "15", "public", List.of(guests));
        assertEquals("SELECT guests.loyalty_tier, COUNT(*) AS count FROM guests WHERE guests.loyalty_tier IS NOT NULL"
                + " GROUP BY guests.loyalty_tier", sql(hotel, "How many guests are in each loyalty tier?", List.of()));
        // a breakdown ("per", "by"): rows with no value are a group of their own, as SQL groups them (the first set's golds)
        assertEquals("SELECT guests.loyalty_tier, COUNT(*) AS count FROM guests GROUP BY guests.loyalty_tier",
                sql(hotel, "Number of guests per loyalty tier", List.of()));
        TableInfo shipments = new TableInfo("public", "shipments", null, List.of(col("shipment_id", "int4"), col("priority", "text"),
                col("weight_kg", "numeric")), List.of("shipment_id"), List.of());
        SchemaCatalog shipping = new SchemaCatalog("PostgreSQL", "15", "public", List.of(shipments));
        List<ValueLink> both = List.of(ShopCatalog.value(shipments, "priority", "standard"), ShopCatalog.value(shipments, "priority", "express"));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class,
                () -> sql(shipping, "What is the average weight of shipments for standard and for express?", both));
        assertEquals("'standard' and 'express' are both values of shipments.priority, and a row holds only one; ask about each"
                + " separately, or for each priority", e.getMessage());
    }

    /**
     * Held-out set 5 (realty): "Which 3 agents have sold the most properties?" counted what each agent listed, through
     * properties.listing_agent_id, at high. A key that says a role ("listing") joins only when no verb of the question says
     * another one.
     */
    @Test
    void aKeyThatSaysARoleTheQuestionDoesNotSayIsDeclined() throws Exception {
        TableInfo agents = new TableInfo("public", "agents", null, List.of(col("agent_id", "int4"), col("full_name", "text")),
                List.of("agent_id"), List.of());
        TableInfo properties = new TableInfo("public", "properties", null, List.of(col("property_id", "int4"),
                col("listing_agent_id", "int4"), col("city", "text"), new ColumnInfo("sold_on", "date", true, null)), List.of("property_id"),
                List.of(new ForeignKey(List.of("listing_agent_id"), "public", "agents", List.of("agent_id"))));
        SchemaCatalog realty = new SchemaCatalog("PostgreSQL", "15", "public", List.of(agents, properties));
        assertEquals("it does not know whether 'sold' is what properties.listing_agent_id says",
                assertThrows(NotUnderstoodException.class, () -> sql(realty, "Which 3 agents have sold the most properties?", List.of()))
                        .getMessage());
        assertEquals("SELECT agents.agent_id, agents.full_name, COUNT(properties.listing_agent_id) AS count FROM agents LEFT JOIN properties"
                + " ON properties.listing_agent_id = agents.agent_id GROUP BY agents.agent_id, agents.full_name",
                sql(realty, "How many properties does each agent have?", List.of()), "no verb says another role: the one key");
    }

    /**
     * Held-out set 7 (rental): "How many Ford rentals were there in 2025?" filtered the car's purchase date, because a rental
     * has two dates (wrong, at medium); "the most expensive damage" was shown by its key alone (wrong at high: no description).
     */
    @Test
    void aDateIsNeverAnotherTablesWhenWhatIsCountedHasDatesAndARowWithNoNameShowsItsDescription() throws Exception {
        TableInfo models = new TableInfo("public", "car_models", null, List.of(col("model_id", "int4"), col("make", "text")),
                List.of("model_id"), List.of());
        TableInfo cars = new TableInfo("public", "cars", null, List.of(col("car_id", "int4"), col("model_id", "int4"), col("plate", "text"),
                new ColumnInfo("bought_on", "date", false, null)), List.of("car_id"),
                List.of(new ForeignKey(List.of("model_id"), "public", "car_models", List.of("model_id"))));
        TableInfo rentals = new TableInfo("public", "rentals", null, List.of(col("rental_id", "int4"), col("car_id", "int4"),
                new ColumnInfo("picked_up_at", "timestamp", false, null), new ColumnInfo("returned_at", "timestamp", true, null)),
                List.of("rental_id"), List.of(new ForeignKey(List.of("car_id"), "public", "cars", List.of("car_id"))));
        TableInfo damages = new TableInfo("public", "damages", null, List.of(col("damage_id", "int4"), col("rental_id", "int4"),
                col("description", "text"), col("cost", "numeric")), List.of("damage_id"),
                List.of(new ForeignKey(List.of("rental_id"), "public", "rentals", List.of("rental_id"))));
        SchemaCatalog rental = new SchemaCatalog("PostgreSQL", "15", "public", List.of(models, cars, rentals, damages));
        assertEquals("it does not know which date of rentals is meant: [picked_up_at, returned_at]",
                assertThrows(NotUnderstoodException.class, () -> sql(rental, "How many Ford rentals were there in 2025?",
                        List.of(ShopCatalog.value(models, "make", "Ford")))).getMessage());
        assertEquals("SELECT damages.damage_id, damages.description, damages.cost FROM damages ORDER BY damages.cost DESC LIMIT 1",
                sql(rental, "What was the most expensive damage?", List.of()));
    }

    /**
     * Held-out sets 8, 9 and 11 (wrong at high on first runs): "how much stock is there in the palm house" listed the stock rows;
     * "issues created per month" listed the rows with their month; "each Orion sprint" dropped "each" (and joined the
     * project through the issue, not the sprint). Each now declines. And "for each member" shows the member's key: people
     * share names (set 9's grader counted the answer without it wrong).
     */
    @Test
    void howMuchIsNeverAListPerMonthIsNeverAListEachIsNeverDroppedAndPeopleShowTheirKey() throws Exception {
        TableInfo stock = new TableInfo("public", "stock", null, List.of(col("stock_id", "int4"), col("greenhouse", "text"),
                col("quantity", "int4")), List.of("stock_id"), List.of());
        TableInfo projects = new TableInfo("public", "projects", null, List.of(col("id", "int4"), col("name", "text")), List.of("id"),
                List.of());
        TableInfo sprints = new TableInfo("public", "sprints", null, List.of(col("id", "int4"), col("project_id", "int4"),
                col("name", "text")), List.of("id"), List.of(new ForeignKey(List.of("project_id"), "public", "projects", List.of("id"))));
        TableInfo issues = new TableInfo("public", "issues", null, List.of(col("id", "int4"), col("project_id", "int4"),
                col("sprint_id", "int4"), new ColumnInfo("created_at", "timestamp", false, null)), List.of("id"),
                List.of(new ForeignKey(List.of("project_id"), "public", "projects", List.of("id")),
                        new ForeignKey(List.of("sprint_id"), "public", "sprints", List.of("id"))));
        TableInfo members = new TableInfo("public", "members", null, List.of(col("member_id", "int4"), col("first_name", "text"),
                col("last_name", "text")), List.of("member_id"), List.of());
        TableInfo tickets = new TableInfo("public", "tickets", null, List.of(col("ticket_id", "int4"), col("member_id", "int4")),
                List.of("ticket_id"), List.of(new ForeignKey(List.of("member_id"), "public", "members", List.of("member_id"))));
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(stock, projects, sprints, issues, members, tickets));
        assertEquals("it does not know which amount 'how much' asks for", assertThrows(NotUnderstoodException.class,
                () -> sql(c, "how much stock is there in the palm house", List.of(ShopCatalog.value(stock, "greenhouse", "Palm House"))))
                .getMessage());
        assertEquals("it does not know what to compute per month", assertThrows(NotUnderstoodException.class,
                () -> sql(c, "issues created per month in 2025", List.of())).getMessage());
        assertEquals("it does not know what 'each orion' groups by", assertThrows(NotUnderstoodException.class,
                () -> sql(c, "how many issues were in each Orion sprint?", List.of(ShopCatalog.value(projects, "name", "Orion"))))
                .getMessage());
        assertEquals("SELECT members.member_id, members.first_name, members.last_name, COUNT(tickets.member_id) AS count FROM members"
                + " LEFT JOIN tickets ON tickets.member_id = members.member_id GROUP BY members.member_id, members.first_name,"
                + " members.last_name", sql(c, "For each member, how many tickets do they have?", List.of()));
    }

    /**
     * Held-out set 12 (airline; first run four wrong at high): "based in Lisbon" filtered the home city though crew members
     * have a base airport; "how many passengers" counted distinct passenger names; "whose home city is the city of their
     * base airport" listed the columns and kept every row. Each declines.
     */
    @Test
    void aVerbNamingAnotherColumnNamesAreNoThingsAndWhoseNeedsAFilter() {
        TableInfo airports = new TableInfo("public", "airports", null, List.of(col("airport_code", "text"), col("city", "text")),
                List.of("airport_code"), List.of());
        TableInfo crew = new TableInfo("public", "crew_members", null, List.of(col("crew_id", "int4"), col("home_city", "text"),
                col("base_airport", "text")), List.of("crew_id"),
                List.of(new ForeignKey(List.of("base_airport"), "public", "airports", List.of("airport_code"))));
        TableInfo flights = new TableInfo("public", "flights", null, List.of(col("flight_id", "int4"), col("flight_number", "text")),
                List.of("flight_id"), List.of());
        TableInfo bookings = new TableInfo("public", "bookings", null, List.of(col("booking_id", "int4"), col("flight_id", "int4"),
                col("passenger_name", "text")), List.of("booking_id"),
                List.of(new ForeignKey(List.of("flight_id"), "public", "flights", List.of("flight_id"))));
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(airports, crew, flights, bookings));
        assertThrows(NotUnderstoodException.class, () -> sql(c, "how many crew members are based in Lisbon",
                List.of(ShopCatalog.value(crew, "home_city", "Lisbon"))));
        assertEquals("SELECT COUNT(*) AS count FROM crew_members WHERE crew_members.home_city = 'Lisbon'", assertDoesNotThrow(() -> sql(c,
                "how many crew members live in Lisbon", List.of(ShopCatalog.value(crew, "home_city", "Lisbon")))), "the verb says home");
        assertThrows(NotUnderstoodException.class, () -> sql(c, "How many passengers booked on TP300?",
                List.of(ShopCatalog.value(flights, "flight_number", "TP300"))));
        assertThrows(NotUnderstoodException.class, () -> sql(c, "crew members whose home city is the city of their base airport",
                List.of()));
    }

    private static String assertDoesNotThrow(org.junit.jupiter.api.function.ThrowingSupplier<String> s) {
        return org.junit.jupiter.api.Assertions.assertDoesNotThrow(s);
    }

    /**
     * Held-out set 13 (tennis; wrong at medium): "how many lessons did each coach give in 2024" left out the coach with no
     * lesson that year. Said of each group, a date or filter on what is counted moves into the join; "per" stays a breakdown.
     */
    @Test
    void eachGroupKeepsThoseWithNoneWhenWhatIsCountedIsNarrowed() throws Exception {
        assertEquals("SELECT customers.id, customers.first_name, customers.last_name, COUNT(orders.customer_id) AS count FROM customers"
                + " LEFT JOIN orders ON orders.customer_id = customers.id AND orders.order_date >= DATE '2025-01-01' AND"
                + " orders.order_date < DATE '2026-01-01' GROUP BY customers.id, customers.first_name, customers.last_name",
                sql("How many orders did each customer place in 2025?", List.of()));
        assertEquals("SELECT customers.id, customers.first_name, customers.last_name, COUNT(*) AS count FROM orders JOIN customers"
                + " ON orders.customer_id = customers.id WHERE orders.order_date >= DATE '2025-01-01' AND orders.order_date < DATE"
                + " '2026-01-01' GROUP BY customers.id, customers.first_name, customers.last_name",
                sql("How many orders per customer in 2025?", List.of()), "a breakdown of the rows kept");
    }

    /**
     * Held-out set 15 (bank; wrong at high): "how many customers does the Bristol branch have?" read "branch" as a
     * transaction channel's value, though it names the branches table. A word that names a table and is a value of another
     * table's column declines, naming both.
     */
    @Test
    void aWordNamingATableIsNoValueOfAnotherTable() {
        TableInfo branches = new TableInfo("public", "branches", null, List.of(col("branch_id", "int4"), col("city", "text")),
                List.of("branch_id"), List.of());
        TableInfo customers = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"), col("branch_id", "int4"),
                col("city", "text")), List.of("customer_id"),
                List.of(new ForeignKey(List.of("branch_id"), "public", "branches", List.of("branch_id"))));
        TableInfo transactions = new TableInfo("public", "transactions", null, List.of(col("id", "int4"), col("customer_id", "int4"),
                col("channel", "text")), List.of("id"),
                List.of(new ForeignKey(List.of("customer_id"), "public", "customers", List.of("customer_id"))));
        SchemaCatalog bank = new SchemaCatalog("PostgreSQL", "15", "public", List.of(branches, customers, transactions));
        assertEquals("it does not know whether 'branch' means the table branches or the value 'branch' of transactions.channel",
                assertThrows(NotUnderstoodException.class, () -> sql(bank, "how many customers does the Bristol branch have?",
                        List.of(ShopCatalog.value(customers, "city", "Bristol"), ShopCatalog.value(transactions, "channel", "branch"))))
                        .getMessage());
    }

    /**
     * Held-out set 15 (at medium, wrong): "how many accounts have been closed?" counted every account (the verb's date,
     * closed_on, was taken as accounted for); "for each genre, how many performances at Northwind Fest 2025" left out the
     * genre with none there. A verb whose date may be empty keeps the rows that have it; "each" with the rows narrowed by
     * another table declines.
     */
    @Test
    void aVerbsEmptyDateKeepsTheRowsWithItAndEachNarrowedElsewhereDeclines() throws Exception {
        TableInfo accounts = new TableInfo("public", "accounts", null, List.of(col("account_id", "int4"), col("kind", "text"),
                new ColumnInfo("opened_on", "date", false, null), new ColumnInfo("closed_on", "date", true, null)),
                List.of("account_id"), List.of());
        TableInfo artists = new TableInfo("public", "artists", null, List.of(col("artist_id", "int4"), col("name", "text"),
                col("genre", "text")), List.of("artist_id"), List.of());
        TableInfo festivals = new TableInfo("public", "festivals", null, List.of(col("festival_id", "int4"), col("name", "text")),
                List.of("festival_id"), List.of());
        TableInfo performances = new TableInfo("public", "performances", null, List.of(col("id", "int4"), col("artist_id", "int4"),
                col("festival_id", "int4")), List.of("id"), List.of(
                new ForeignKey(List.of("artist_id"), "public", "artists", List.of("artist_id")),
                new ForeignKey(List.of("festival_id"), "public", "festivals", List.of("festival_id"))));
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(accounts, artists, festivals, performances));
        assertEquals("SELECT COUNT(*) AS count FROM accounts WHERE accounts.closed_on IS NOT NULL",
                sql(c, "how many accounts have been closed?", List.of()));
        assertEquals("SELECT COUNT(*) AS count FROM accounts", sql(c, "how many accounts were opened?", List.of()), "never empty");
        assertEquals("it does not know whether 'each genre' includes those with nothing left by the filters (counted 0)",
                assertThrows(NotUnderstoodException.class, () -> sql(c, "for each genre, how many performances were there at Northwind Fest",
                        List.of(ShopCatalog.value(festivals, "name", "Northwind Fest")))).getMessage());
    }

    /**
     * Held-out set 16 (streaming; wrong at high): "what genre is Thriller?", where Thriller is a genre and a film's name,
     * listed the thrillers: the column a "what" asks for never settles which column holds the value.
     */
    @Test
    void theColumnAWhatAsksForNeverSettlesWhereTheValueIs() {
        TableInfo titles = new TableInfo("public", "titles", null, List.of(col("title_id", "int4"), col("name", "text"),
                col("genre", "text")), List.of("title_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(titles));
        assertThrows(NotUnderstoodException.class, () -> sql(c, "what genre is Thriller?", List.of(ShopCatalog.value(titles, "name",
                "Thriller"), ShopCatalog.value(titles, "genre", "Thriller"))));
    }

    private static final TableInfo CUSTOMERS = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"),
            col("first_name", "text"), col("last_name", "text"), new ColumnInfo("birth_date", "date", true, null)),
            List.of("customer_id"), List.of());
    private static final TableInfo POLICIES = new TableInfo("public", "policies", null, List.of(col("policy_id", "int4"),
            col("policy_number", "text"), col("customer_id", "int4"), col("status", "text"),
            new ColumnInfo("start_date", "date", false, null), new ColumnInfo("end_date", "date", true, null)),
            List.of("policy_id"), List.of(new ForeignKey(List.of("customer_id"), "public", "customers", List.of("customer_id"))));
    private static final TableInfo CLAIMS = new TableInfo("public", "claims", null, List.of(col("claim_id", "int4"),
            col("policy_id", "int4"), new ColumnInfo("filed_date", "date", false, null)), List.of("claim_id"),
            List.of(new ForeignKey(List.of("policy_id"), "public", "policies", List.of("policy_id"))));
    private static final SchemaCatalog INSURANCE = new SchemaCatalog("PostgreSQL", "15", "public", List.of(CUSTOMERS, POLICIES, CLAIMS));

    /**
     * Held-out set 19 (insurance; wrong at high): "how many claims were filed in the last quarter of 2024" counted all of
     * 2024 (the year read after "last quarter" took its place). A part of a named year is read as that part; a second period
     * declines rather than replace the first.
     */
    @Test
    void aPartOfANamedYearIsThatPartAndTwoPeriodsDecline() throws Exception {
        assertEquals("SELECT COUNT(*) AS count FROM claims WHERE claims.filed_date >= DATE '2024-10-01' AND claims.filed_date < DATE"
                + " '2025-01-01'", sql(INSURANCE, "how many claims were filed in the last quarter of 2024", List.of()));
        assertEquals("SELECT COUNT(*) AS count FROM claims WHERE claims.filed_date >= DATE '2025-01-01' AND claims.filed_date < DATE"
                + " '2025-04-01'", sql(INSURANCE, "how many claims were filed in Q1 2025", List.of()));
        assertEquals("SELECT COUNT(*) AS count FROM claims WHERE claims.filed_date >= DATE '2025-07-01' AND claims.filed_date < DATE"
                + " '2026-01-01'", sql(INSURANCE, "how many claims were filed in the second half of 2025", List.of()));
        assertEquals("SELECT COUNT(*) AS count FROM claims WHERE claims.filed_date >= DATE '2024-03-01'",
                sql(INSURANCE, "how many claims were filed since March 2024", List.of()), "was: all of 2024");
        assertEquals("it reads one period of time only, and the question says two", assertThrows(NotUnderstoodException.class,
                () -> sql(INSURANCE, "how many claims were filed in 2024 and 2025", List.of())).getMessage());
    }

    /**
     * Held-out set 19 (at low, wrong): "policies that were cancelled with an end date in 2023, with the customer's name"
     * filtered the customer's birth date, the one date of a joined table. The date named right before the phrase is the one
     * it is about; a table's own dates are never passed over for a joined table's.
     */
    @Test
    void theDateNamedBeforeThePhraseIsItsAndOwnDatesAreNotPassedOver() throws Exception {
        assertEquals("SELECT policies.policy_id, policies.policy_number, customers.customer_id, customers.first_name, customers.last_name"
                + " FROM policies JOIN customers ON policies.customer_id = customers.customer_id WHERE policies.status = 'Cancelled'"
                + " AND policies.end_date >= DATE '2023-01-01' AND policies.end_date < DATE '2024-01-01'",
                sql(INSURANCE, "List the policies that were cancelled with an end date in 2023, with the customer's name.",
                        List.of(ShopCatalog.value(POLICIES, "status", "Cancelled"))));
        assertEquals("it does not know which date of policies is meant: [start_date, end_date]",
                assertThrows(NotUnderstoodException.class, () -> sql(INSURANCE, "list the policies from 2023 with the customer's name",
                        List.of())).getMessage());
    }

    /**
     * Held-out set 18 (food delivery; wrong at high): "List the Italian restaurants with their city" listed the distinct
     * cities; "Which couriers have left, and when?" listed the distinct leaving dates. Rows listed with columns named after
     * them show each row (key and name); "left" is the verb of left_date, which keeps the couriers who have one.
     */
    @Test
    void rowsListedWithTheirColumnsShowEachRow() throws Exception {
        TableInfo restaurants = new TableInfo("public", "restaurants", null, List.of(col("restaurant_id", "int4"), col("name", "text"),
                col("cuisine", "text"), col("city", "text")), List.of("restaurant_id"), List.of());
        TableInfo couriers = new TableInfo("public", "couriers", null, List.of(col("courier_id", "int4"), col("full_name", "text"),
                new ColumnInfo("left_date", "date", true, null)), List.of("courier_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(restaurants, couriers));
        List<ValueLink> italian = List.of(ShopCatalog.value(restaurants, "cuisine", "Italian"));
        assertEquals("SELECT restaurants.restaurant_id, restaurants.name, restaurants.city FROM restaurants WHERE restaurants.cuisine ="
                + " 'Italian'", sql(c, "List the Italian restaurants with their city.", italian));
        assertEquals("SELECT DISTINCT restaurants.city FROM restaurants WHERE restaurants.cuisine = 'Italian' ORDER BY restaurants.city",
                sql(c, "What are the cities of the Italian restaurants?", italian), "the cities asked for first");
        assertEquals("SELECT couriers.* FROM couriers WHERE couriers.left_date IS NOT NULL",
                sql(c, "Which couriers have left, and when?", List.of()));
    }

    /**
     * Held-out set 18 (wrong at high): "Which menu item has been ordered in the largest total quantity, and at which
     * restaurant?" joined the restaurants and never showed one. A second question about a table is answered only when the
     * answer shows that table's columns ("and which car (plate) was it on" does).
     */
    @Test
    void aSecondQuestionWhoseAnswerIsNotShownDeclines() throws Exception {
        TableInfo restaurants = new TableInfo("public", "restaurants", null, List.of(col("restaurant_id", "int4"), col("name", "text")),
                List.of("restaurant_id"), List.of());
        TableInfo items = new TableInfo("public", "menu_items", null, List.of(col("item_id", "int4"), col("restaurant_id", "int4"),
                col("item_name", "text")), List.of("item_id"),
                List.of(new ForeignKey(List.of("restaurant_id"), "public", "restaurants", List.of("restaurant_id"))));
        TableInfo lines = new TableInfo("public", "order_items", null, List.of(col("id", "int4"), col("item_id", "int4"),
                col("quantity", "int4")), List.of("id"), List.of(new ForeignKey(List.of("item_id"), "public", "menu_items",
                List.of("item_id"))));
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(restaurants, items, lines));
        assertEquals("it asks a second question ('at which restaurant'), whose answer it would not show",
                assertThrows(NotUnderstoodException.class, () -> sql(c,
                        "Which menu item has been ordered in the largest total quantity, and at which restaurant?", List.of())).getMessage());
    }

    /**
     * Held-out set 19 (coffee; wrong at high): "Top 3 products by revenue" added up each product's own list price. A word
     * of money read as a column of the rows it ranks adds up one value per row: declined.
     */
    @Test
    void moneyAddedUpPerRowOfItsOwnTableDeclines() {
        TableInfo products = new TableInfo("public", "products", null, List.of(col("product_id", "int4"), col("product_name", "text"),
                new ColumnInfo("list_price", "numeric", false, null)), List.of("product_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(products));
        assertThrows(NotUnderstoodException.class, () -> sql(c, "Top 3 products by revenue", List.of()));
    }

    /** Held-out set 19: "How many cafés do we have?" named no table (cafes): a word's accents are not its meaning. */
    @Test
    void accentsDoNotHideATable() throws Exception {
        TableInfo cafes = new TableInfo("public", "cafes", null, List.of(col("cafe_id", "int4"), col("cafe_name", "text"),
                col("city", "text")), List.of("cafe_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(cafes));
        assertEquals("SELECT COUNT(*) AS count FROM cafes", sql(c, "How many cafés do we have?", List.of()));
        assertEquals(Relevance.Verdict.UNCLEAR.kind(), Relevance.judge("Which cafés have no sales at all?", c, List.of()).kind(),
                "not refused as about no data");
    }

    /**
     * Held-out sets 20 and 21 (wrong at high as graded): "List our plans with their monthly price" listed the prices alone; a
     * top row ("which department has the biggest budget") and rows listed with their columns showed no key, though names
     * repeat. A number column named after the rows listed is one of their columns; rows ranked or listed show their key.
     */
    @Test
    void rowsListedOrRankedShowTheirKey() throws Exception {
        TableInfo plans = new TableInfo("public", "plans", null, List.of(col("plan_id", "int4"), col("plan_name", "text"),
                new ColumnInfo("monthly_price", "numeric", false, null)), List.of("plan_id"), List.of());
        TableInfo departments = new TableInfo("public", "departments", null, List.of(col("department_id", "int4"), col("name", "text"),
                new ColumnInfo("annual_budget", "numeric", true, null)), List.of("department_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(plans, departments));
        assertEquals("SELECT plans.plan_id, plans.plan_name, plans.monthly_price FROM plans",
                sql(c, "List our plans with their monthly price.", List.of()));
        assertEquals("SELECT departments.department_id, departments.name, departments.annual_budget FROM departments"
                + " ORDER BY departments.annual_budget DESC NULLS LAST LIMIT 1", sql(c, "Which department has the biggest budget?", List.of()));
    }

    /**
     * Held-out set 22 (brewery; three wrong at high): "Total sales revenue by customer type in 2024" added up unit_price of
     * sales that carry a quantity; "Which batches were dumped? Show the batch code and the beer." joined the beers and never
     * showed one. Money added up from a price per unit in rows with a quantity declines; a table named after "show" is shown
     * by its name.
     */
    @Test
    void aPricePerUnitIsNotRevenueAndATableAskedToBeShownIsShown() throws Exception {
        TableInfo beers = new TableInfo("public", "beers", null, List.of(col("beer_id", "int4"), col("beer_name", "text")),
                List.of("beer_id"), List.of());
        TableInfo batches = new TableInfo("public", "batches", null, List.of(col("batch_id", "int4"), col("batch_code", "text"),
                col("beer_id", "int4"), col("status", "text")), List.of("batch_id"),
                List.of(new ForeignKey(List.of("beer_id"), "public", "beers", List.of("beer_id"))));
        TableInfo sales = new TableInfo("public", "sales", null, List.of(col("sale_id", "int4"), col("beer_id", "int4"),
                col("sale_date", "date"), col("quantity", "int4"), col("unit_price", "numeric")), List.of("sale_id"),
                List.of(new ForeignKey(List.of("beer_id"), "public", "beers", List.of("beer_id"))));
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(beers, batches, sales));
        assertEquals("SELECT batches.batch_id, batches.batch_code, beers.beer_name FROM batches JOIN beers ON batches.beer_id ="
                + " beers.beer_id WHERE batches.status = 'Dumped'", sql(c, "Which batches were dumped? Show the batch code and the beer.",
                        List.of(ShopCatalog.value(batches, "status", "Dumped"))));
        assertEquals("each row of sales has a quantity (quantity) and a price (unit_price), and it does not know whether the amount"
                + " asked for is their product", assertThrows(NotUnderstoodException.class,
                        () -> sql(c, "Show me sales revenue per month since March 2025.", List.of())).getMessage());
    }

    /**
     * Held-out set 23 (recycling; wrong at high): "Which trucks have been assigned to route R04, and from when to when?"
     * showed one of the two dates. A second question after "and" (when, where, who, how) is not answered; "and when" of
     * rows listed whole, or with a date shown, is.
     */
    @Test
    void aSecondQuestionAfterAndDeclines() throws Exception {
        TableInfo trucks = new TableInfo("public", "trucks", null, List.of(col("truck_id", "int4"), col("plate", "text")),
                List.of("truck_id"), List.of());
        TableInfo routes = new TableInfo("public", "routes", null, List.of(col("route_id", "int4"), col("route_code", "text")),
                List.of("route_id"), List.of());
        TableInfo routeTrucks = new TableInfo("public", "route_trucks", null, List.of(col("route_id", "int4"), col("truck_id", "int4"),
                col("assigned_from", "date"), new ColumnInfo("assigned_to", "date", true, null)), List.of("route_id", "truck_id"),
                List.of(new ForeignKey(List.of("route_id"), "public", "routes", List.of("route_id")),
                        new ForeignKey(List.of("truck_id"), "public", "trucks", List.of("truck_id"))));
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(trucks, routes, routeTrucks));
        String reason = assertThrows(NotUnderstoodException.class, () -> sql(c, "Which trucks have been assigned to route R04, and from"
                + " when to when?", List.of(ShopCatalog.value(routes, "route_code", "R04")))).getMessage();
        assertTrue(reason.startsWith("it asks a second question ('from when to when')"), reason);
    }

    /**
     * Held-out set 26 (theatre; wrong at high): "How many bookings have been made by customers whose first name is Juliet?"
     * counted per customer, "by customers" read as a grouping. "by" after a participle names who did it ("made by",
     * "written by"); "grouped by", "sorted by" still group or order.
     */
    @Test
    void byAfterAParticipleIsWhoDidIt() throws Exception {
        TableInfo customers = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"), col("first_name", "text"),
                col("last_name", "text")), List.of("customer_id"), List.of());
        TableInfo bookings = new TableInfo("public", "bookings", null, List.of(col("booking_id", "int4"), col("customer_id", "int4"),
                col("booked_at", "timestamp")), List.of("booking_id"),
                List.of(new ForeignKey(List.of("customer_id"), "public", "customers", List.of("customer_id"))));
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(customers, bookings));
        String sql = sql(c, "How many bookings have been made by customers whose first name is Juliet?",
                List.of(ShopCatalog.value(customers, "first_name", "Juliet")));
        assertTrue(sql.startsWith("SELECT COUNT(*) AS count FROM bookings JOIN customers") && !sql.contains("GROUP BY"), sql);
        assertTrue(sql(c, "How many bookings were made by each customer?", List.of()).contains("GROUP BY"), "each customer groups");
    }

    @Test
    void misspelledQuestionWordsAreReadAsTheWordsMeant() throws Exception {
        // held-out sets 13, 16, 22 and 25: "wich", "whats", "didnt" had declined the question
        assertEquals(sql(BIKESHARE, "which trip has the highest fare", List.of()), sql(BIKESHARE, "wich trip has the highest fare", List.of()));
        assertEquals(sql(BIKESHARE, "What's the highest fare?", List.of()), sql(BIKESHARE, "Whats the highest fare?", List.of()));
        assertEquals(sql(BIKESHARE, "how many stations are active", List.of()), sql(BIKESHARE, "hw many stations are active", List.of()));
        assertEquals("which 'Wich' station", QuestionWordTypos.corrected("wich 'Wich' station"), "a quoted value stays as written");
        assertEquals("Which stations don't have bikes", QuestionWordTypos.corrected("Wich stations dont have bikes"));
    }

    @Test
    void aVerbOfWhereOrTheWordSurnameSaysWhichColumnAValueIsIn() throws Exception {
        // held-out sets 28 and 29: Jackson is a driver's surname and a driver's home city; the question had been declined
        TableInfo drivers = new TableInfo("public", "drivers", null, List.of(col("driver_id", "int4"), col("first_name", "text"),
                col("last_name", "text"), col("home_city", "text")), List.of("driver_id"), List.of());
        SchemaCatalog parking = new SchemaCatalog("PostgreSQL", "15", "public", List.of(drivers));
        List<ValueLink> jackson = List.of(ShopCatalog.value(drivers, "last_name", "Jackson"), ShopCatalog.value(drivers, "home_city",
                "Jackson"));
        assertEquals("SELECT COUNT(*) AS count FROM drivers WHERE drivers.home_city = 'Jackson'",
                sql(parking, "How many drivers live in Jackson?", jackson));
        assertTrue(sql(parking, "Show me the drivers with the surname Jackson", jackson).endsWith("WHERE drivers.last_name = 'Jackson'"));
        assertThrows(NotUnderstoodException.class, () -> sql(parking, "Show me the drivers called Jackson", jackson),
                "nothing says which");
    }

    @Test
    void monthsFromOneToAnotherAreOnePeriod() throws Exception {
        // held-out-28 "Monthly downloads ... from January to June 2025" had been read as two periods and declined
        TableInfo rides = new TableInfo("public", "rides", null, List.of(col("ride_id", "int4"), new ColumnInfo("ridden_on", "date",
                false, null)), List.of("ride_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(rides));
        String firstHalf = "SELECT COUNT(*) AS count FROM rides WHERE rides.ridden_on >= DATE '2025-01-01' AND rides.ridden_on"
                + " < DATE '2025-07-01'";
        assertEquals(firstHalf, sql(c, "How many rides from January to June 2025?", List.of()));
        assertEquals(firstHalf, sql(c, "how many rides between January 2025 and June 2025", List.of()));
        assertEquals("SELECT COUNT(*) AS count FROM rides WHERE rides.ridden_on >= DATE '2024-11-01' AND rides.ridden_on"
                + " < DATE '2025-03-01'", sql(c, "How many rides from November 2024 through February 2025?", List.of()));
        assertThrows(NotUnderstoodException.class, () -> sql(c, "How many rides from June to January 2025?", List.of()),
                "backwards: two periods, not one");
    }

    @Test
    void aPeriodsAdjectiveBeforeAnotherTableIsNotTakenForAValue() {
        // held-out-28 "Monthly downloads for Cold Case Files ..." had filtered shows.frequency = 'monthly' (an empty answer)
        TableInfo shows = new TableInfo("public", "shows", null, List.of(col("show_id", "int4"), col("title", "text"),
                col("frequency", "text")), List.of("show_id"), List.of());
        TableInfo downloads = new TableInfo("public", "downloads", null, List.of(col("download_id", "int4"), col("show_id", "int4"),
                new ColumnInfo("month", "date", false, null), col("download_count", "int4")), List.of("download_id"),
                List.of(new ForeignKey(List.of("show_id"), "public", "shows", List.of("show_id"))));
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(shows, downloads));
        List<ValueLink> monthly = List.of(ShopCatalog.value(shows, "frequency", "monthly"));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class, () -> sql(c, "Monthly downloads in 2025", monthly));
        assertEquals("it does not know whether 'monthly downloads' means per month or the value 'monthly' of shows.frequency",
                e.getMessage());
    }

    @Test
    void usAfterWithOrFromIsTheBusinessAskingNotACountry() throws Exception {
        // held-out sets 28 to 31: "registered with us", "bought from us", "pay us" had declined on 'us'
        assertEquals(ShopCatalog.sql("How many orders were placed?", List.of()), ShopCatalog.sql("How many orders were placed with us?",
                List.of()));
        assertThrows(NotUnderstoodException.class, () -> ShopCatalog.sql("How many orders were placed from the US?", List.of()),
                "a country, in capitals, is no filler");
        assertThrows(NotUnderstoodException.class, () -> ShopCatalog.sql("How many orders were placed in us?", List.of()));
    }

    /** About one question in forty of the held-out sets leaves rows out ("not counting cancelled orders"); it had declined. */
    @Test
    void rowsLeftOutByAValueADateOrAYesNoColumnNamedAfterTheWord() throws Exception {
        TableInfo orders = new TableInfo("public", "orders", null, List.of(col("order_id", "int4"), col("status", "text"),
                col("amount", "numeric"), new ColumnInfo("ordered_at", "date", false, null), new ColumnInfo("refunded_on", "date", true,
                null), new ColumnInfo("is_waived", "bool", false, null)), List.of("order_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(orders));
        List<ValueLink> cancelled = List.of(ShopCatalog.value(orders, "status", "cancelled"));
        assertEquals("SELECT SUM(orders.amount) AS sum_amount FROM orders WHERE orders.status <> 'cancelled'",
                sql(c, "total amount of orders, not counting cancelled orders", cancelled));
        assertEquals("SELECT SUM(orders.amount) AS sum_amount FROM orders WHERE orders.refunded_on IS NULL"
                + " AND orders.ordered_at >= DATE '2024-01-01' AND orders.ordered_at < DATE '2025-01-01'",
                sql(c, "total amount of orders in 2024, excluding refunds", List.of()), "the date left is the orders' own");
        assertEquals("SELECT COUNT(*) AS count FROM orders WHERE orders.is_waived IS NOT TRUE AND orders.status <> 'cancelled'",
                sql(c, "How many orders, leaving out waived and cancelled ones?", cancelled));
        for (String q : new String[] {"total amount of orders excluding orders from 2024", "total amount of orders, not counting breaks",
            "total amount of orders, not counting the"}) {
            assertThrows(NotUnderstoodException.class, () -> sql(c, q, cancelled), q);
        }
        // held-out-24: the orders read only to leave the cancelled ones out had accounted for "sell", and the business cards
        // were counted as distinct products
        TableInfo products = new TableInfo("public", "products", null, List.of(col("product_id", "int4"), col("product_type", "text")),
                List.of("product_id"), List.of());
        TableInfo lines = new TableInfo("public", "order_lines", null, List.of(col("line_id", "int4"), col("order_id", "int4"),
                col("product_id", "int4"), col("quantity", "int4")), List.of("line_id"), List.of(
                new ForeignKey(List.of("order_id"), "public", "orders", List.of("order_id")),
                new ForeignKey(List.of("product_id"), "public", "products", List.of("product_id"))));
        SchemaCatalog shop = new SchemaCatalog("PostgreSQL", "15", "public", List.of(orders, products, lines));
        List<ValueLink> values = List.of(ShopCatalog.value(orders, "status", "cancelled"), new ValueLink(products,
                products.column("product_type"), "business_card", "business cards"));
        assertThrows(NotUnderstoodException.class, () -> sql(shop, "how many business cards did we sell? leave out cancelled orders",
                values));
    }

    /** Held-out sets 34 and 35: a table word misspelt, "takings", and a value in two tables settled by the table beside it. */
    @Test
    void aMisspeltTableWordTakingsAndTheTableBesideAValue() throws Exception {
        TableInfo customers = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"), col("full_name", "text"),
                col("city", "text")), List.of("customer_id"), List.of());
        TableInfo rooms = new TableInfo("public", "rooms", null, List.of(col("room_id", "int4"), col("name", "text")),
                List.of("room_id"), List.of());
        TableInfo teams = new TableInfo("public", "teams", null, List.of(col("team_id", "int4"), col("team_name", "text")),
                List.of("team_id"), List.of());
        TableInfo bookings = new TableInfo("public", "bookings", null, List.of(col("booking_id", "int4"), col("room_id", "int4"),
                col("team_id", "int4"), new ColumnInfo("price_paid", "numeric", false, null), new ColumnInfo("slot_start", "date",
                false, null)), List.of("booking_id"), List.of(new ForeignKey(List.of("room_id"), "public", "rooms", List.of("room_id")),
                new ForeignKey(List.of("team_id"), "public", "teams", List.of("team_id"))));
        SchemaCatalog venue = new SchemaCatalog("PostgreSQL", "15", "public", List.of(customers, rooms, teams, bookings));
        List<ValueLink> chester = List.of(ShopCatalog.value(customers, "city", "Chester"));
        assertEquals("SELECT COUNT(*) AS count FROM customers WHERE customers.city = 'Chester'",
                sql(venue, "how many custmers live in Chester?", chester));
        assertThrows(NotUnderstoodException.class, () -> sql(venue, "how many customs live in Chester?", chester),
                "a letter changed is another word, not read as a table's");
        assertEquals("SELECT SUM(bookings.price_paid) AS sum_price_paid FROM bookings WHERE bookings.slot_start >= DATE '2024-01-01'"
                + " AND bookings.slot_start < DATE '2025-01-01'", sql(venue, "total takings from bookings in 2024", List.of()));
        // 'Alcatraz' is a room and a team: the word right before it, or right after it, says which
        List<ValueLink> alcatraz = List.of(ShopCatalog.value(rooms, "name", "Alcatraz"), ShopCatalog.value(teams, "team_name", "Alcatraz"));
        assertTrue(sql(venue, "how many bookings did the team Alcatraz make", alcatraz).contains("teams.team_name = 'Alcatraz'"));
        assertTrue(sql(venue, "how many bookings were for the Alcatraz room", alcatraz).contains("rooms.name = 'Alcatraz'"));
        assertThrows(NotUnderstoodException.class, () -> sql(venue, "how many bookings for Alcatraz", alcatraz));
        // Northwind's "How many orders did Alfreds Futterkiste place?": a verb between, the orders are not what the name is
        TableInfo nwCustomers = new TableInfo("public", "customers", null, List.of(col("customer_id", "text"),
                col("company_name", "text")), List.of("customer_id"), List.of());
        TableInfo nwOrders = new TableInfo("public", "orders", null, List.of(col("order_id", "int4"), col("customer_id", "text"),
                col("ship_name", "text")), List.of("order_id"), List.of(new ForeignKey(List.of("customer_id"), "public", "customers",
                List.of("customer_id"))));
        SchemaCatalog northwind = new SchemaCatalog("PostgreSQL", "15", "public", List.of(nwCustomers, nwOrders));
        List<ValueLink> alfreds = List.of(ShopCatalog.value(nwCustomers, "company_name", "Alfreds Futterkiste"),
                ShopCatalog.value(nwOrders, "ship_name", "Alfreds Futterkiste"));
        assertThrows(NotUnderstoodException.class, () -> sql(northwind, "How many orders did Alfreds Futterkiste place?", alfreds));
        // was: customers with a booking... : "loyalty customers" are the chain's card holders, not those who once paid so
        TableInfo cycles = new TableInfo("public", "cycles", null, List.of(col("cycle_id", "int4"), col("customer_id", "int4"),
                col("payment_method", "text")), List.of("cycle_id"), List.of(new ForeignKey(List.of("customer_id"), "public",
                "customers", List.of("customer_id"))));
        SchemaCatalog laundromat = new SchemaCatalog("PostgreSQL", "15", "public", List.of(customers, cycles));
        List<ValueLink> loyalty = List.of(ShopCatalog.value(cycles, "payment_method", "loyalty"), ShopCatalog.value(customers, "city",
                "Chester"));
        assertThrows(NotUnderstoodException.class, () -> sql(laundromat, "how many of our loyalty customers live in Chester", loyalty));
        assertTrue(sql(laundromat, "how many loyalty cycles", loyalty).contains("cycles.payment_method = 'loyalty'"));
        // was: SELECT teams.* WHERE teams.team_name = 'Alcatraz', at high: the team itself, not who is on it
        assertEquals("'who' asks for people of the team 'Alcatraz', and it does not know which table holds them",
                assertThrows(NotUnderstoodException.class, () -> sql(venue, "who is on the team Alcatraz?", alcatraz)).getMessage());
    }

    /**
     * What the table beside a value opened to the reader (held-out sets 9 and 22, through the rule above): "the beers we brew"
     * had listed batches.brew_date for "brew", at high; "the Starlight cinema have in 2025" had taken the cinema's opening date.
     */
    @Test
    void aVerbAfterWeIsNoColumnAndANamedRowsDateIsNotTheRowsCounted() throws Exception {
        TableInfo beers = new TableInfo("public", "beers", null, List.of(col("beer_id", "int4"), col("beer_name", "text")),
                List.of("beer_id"), List.of());
        TableInfo batches = new TableInfo("public", "batches", null, List.of(col("batch_id", "int4"), col("beer_id", "int4"),
                new ColumnInfo("brew_date", "date", false, null)), List.of("batch_id"), List.of(new ForeignKey(List.of("beer_id"),
                "public", "beers", List.of("beer_id"))));
        SchemaCatalog brewery = new SchemaCatalog("PostgreSQL", "15", "public", List.of(beers, batches));
        assertThrows(NotUnderstoodException.class, () -> sql(brewery, "List the beers we brew", List.of()));
        TableInfo cinemas = new TableInfo("public", "cinemas", null, List.of(col("cinema_id", "int4"), col("name", "text"),
                new ColumnInfo("opened_on", "date", false, null)), List.of("cinema_id"), List.of());
        TableInfo films = new TableInfo("public", "films", null, List.of(col("film_id", "int4"), col("title", "text")),
                List.of("film_id"), List.of());
        TableInfo screenings = new TableInfo("public", "screenings", null, List.of(col("screening_id", "int4"), col("cinema_id", "int4"),
                col("film_id", "int4"), new ColumnInfo("starts_at", "timestamp", false, null)), List.of("screening_id"), List.of(
                new ForeignKey(List.of("cinema_id"), "public", "cinemas", List.of("cinema_id")),
                new ForeignKey(List.of("film_id"), "public", "films", List.of("film_id"))));
        SchemaCatalog cinema = new SchemaCatalog("PostgreSQL", "15", "public", List.of(cinemas, films, screenings));
        List<ValueLink> starlight = List.of(ShopCatalog.value(cinemas, "name", "Starlight"), ShopCatalog.value(films, "title", "Starlight"));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class,
                () -> sql(cinema, "how many screenings did the Starlight cinema have in 2025", starlight));
        assertTrue(e.getMessage().contains("whose date"), e.getMessage());
    }

    /**
     * Held-out set 37 (food bank), both wrong at high: "Which volunteers worked a shift at the Mobile Pantry?" listed
     * volunteer_shifts.hours_worked for "worked"; "How many no-shows did we have on shifts in 2025?" counted the shifts
     * with a no-show, not the no-shows. A past form after "which volunteers" is what they did; a value counted right after
     * "how many" may be its own rows or the rows of the table named, which is not settled.
     */
    @Test
    void aVerbAfterWhichRowsIsNoColumnAndACountedValueOfAnotherTableIsDeclined() throws Exception {
        TableInfo volunteers = new TableInfo("public", "volunteers", null, List.of(col("volunteer_id", "int4"),
                col("first_name", "text"), col("last_name", "text")), List.of("volunteer_id"), List.of());
        TableInfo shifts = new TableInfo("public", "shifts", null, List.of(col("shift_id", "int4"), col("location", "text"),
                new ColumnInfo("shift_date", "date", false, null)), List.of("shift_id"), List.of());
        TableInfo volunteerShifts = new TableInfo("public", "volunteer_shifts", null, List.of(col("volunteer_id", "int4"),
                col("shift_id", "int4"), col("attendance", "text"), col("hours_worked", "numeric")), List.of("volunteer_id", "shift_id"),
                List.of(new ForeignKey(List.of("volunteer_id"), "public", "volunteers", List.of("volunteer_id")),
                        new ForeignKey(List.of("shift_id"), "public", "shifts", List.of("shift_id"))));
        SchemaCatalog foodBank = new SchemaCatalog("PostgreSQL", "15", "public", List.of(volunteers, shifts, volunteerShifts));
        List<ValueLink> pantry = List.of(ShopCatalog.value(shifts, "location", "Mobile Pantry"));
        String worked = "Which volunteers worked a shift at the Mobile Pantry?";
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class, () -> sql(foodBank, worked, pantry));
        assertTrue(e.getMessage().contains("'worked'"), e.getMessage());
        List<ValueLink> noShows = List.of(new ValueLink(volunteerShifts, volunteerShifts.column("attendance"), "no-show", "no-shows"));
        e = assertThrows(NotUnderstoodException.class, () -> sql(foodBank, "How many no-shows did we have on shifts in 2025?", noShows));
        assertTrue(e.getMessage().contains("whether to count those volunteer_shifts or the shifts that have one"), e.getMessage());
        // the value's own rows named beside it settle it
        assertTrue(sql(foodBank, "How many no-shows volunteer shifts are there?", noShows).startsWith("SELECT COUNT(*)"));
    }

    /**
     * An attack on four earlier sets' schemas (134 new questions, 5 wrong at high) and held-out sets 38 and 39: a deed
     * read as a state rows pass through ("have booked" as ticket_status 'booked', "which agent resolved" as 'resolved',
     * which later become 'travelled', 'closed'); a town read as a surname through a verb's key ("collected in Millbrook");
     * an empty value ranked the most common; a row told by its key where a code tells it (site_code); an empty soloist
     * listed; a second thing left out that could not be read ("or delivery charges"); a business's name.
     */
    @Test
    void deedsPlacesEmptyValuesCodesAndWhatIsLeftOut() throws Exception {
        TableInfo customers = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"), col("business_name", "text"),
                col("contact_name", "text"), col("home_city", "text")), List.of("customer_id"), List.of());
        TableInfo tickets = new TableInfo("public", "tickets", null, List.of(col("ticket_id", "int4"), col("customer_id", "int4"),
                col("ticket_status", "text"), col("vehicle_type", "text")), List.of("ticket_id"),
                List.of(new ForeignKey(List.of("customer_id"), "public", "customers", List.of("customer_id"))));
        SchemaCatalog ferry = new SchemaCatalog("PostgreSQL", "15", "public", List.of(customers, tickets));
        List<ValueLink> booked = List.of(ShopCatalog.value(tickets, "ticket_status", "booked"));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class,
                () -> sql(ferry, "How many customers have booked a ticket?", booked));
        assertTrue(e.getMessage().contains("'have booked' says something was done"), e.getMessage());
        List<ValueLink> travelled = List.of(ShopCatalog.value(tickets, "ticket_status", "travelled"));
        assertTrue(sql(ferry, "How many customers have travelled?", travelled).contains("tickets.ticket_status = 'travelled'"),
                "a state rows end in stays the value");
        assertTrue(sql(ferry, "How many tickets are booked?", booked).contains("tickets.ticket_status = 'booked'"), "said of the rows");
        // a business's name tells the customer
        assertTrue(sql(ferry, "Who are our top 5 customers by number of tickets?", List.of()).contains("customers.business_name"),
                sql(ferry, "Who are our top 5 customers by number of tickets?", List.of()));

        TableInfo agents = new TableInfo("public", "support_agents", null, List.of(col("agent_id", "int4"), col("first_name", "text"),
                col("last_name", "text")), List.of("agent_id"), List.of());
        TableInfo helpdesk = new TableInfo("public", "tickets", null, List.of(col("ticket_id", "int4"), col("agent_id", "int4"),
                col("status", "text"), col("priority", "text")), List.of("ticket_id"),
                List.of(new ForeignKey(List.of("agent_id"), "public", "support_agents", List.of("agent_id"))));
        SchemaCatalog desk = new SchemaCatalog("PostgreSQL", "15", "public", List.of(agents, helpdesk));
        List<ValueLink> resolved = List.of(ShopCatalog.value(helpdesk, "status", "resolved"), ShopCatalog.value(helpdesk, "priority", "P1"));
        assertThrows(NotUnderstoodException.class, () -> sql(desk, "Which agent resolved the most P1 tickets?", resolved));

        TableInfo technicians = new TableInfo("public", "technicians", null, List.of(col("technician_id", "int4"),
                col("first_name", "text"), col("last_name", "text")), List.of("technician_id"), List.of());
        TableInfo sites = new TableInfo("public", "sampling_sites", null, List.of(col("site_id", "int4"), col("site_code", "text"),
                col("city", "text")), List.of("site_id"), List.of());
        TableInfo samples = new TableInfo("public", "samples", null, List.of(col("sample_id", "int4"), col("site_id", "int4"),
                new ColumnInfo("collected_at", "date", false, null), col("collected_by", "int4"), new ColumnInfo("rejection_reason", "text", true, null)),
                List.of("sample_id"), List.of(
                new ForeignKey(List.of("site_id"), "public", "sampling_sites", List.of("site_id")),
                new ForeignKey(List.of("collected_by"), "public", "technicians", List.of("technician_id"))));
        SchemaCatalog lab = new SchemaCatalog("PostgreSQL", "15", "public", List.of(technicians, sites, samples));
        List<ValueLink> millbrook = List.of(ShopCatalog.value(technicians, "last_name", "Millbrook"),
                ShopCatalog.value(sites, "city", "Millbrook"));
        String collected = sql(lab, "How many samples were collected in Millbrook?", millbrook);
        assertTrue(collected.contains("sampling_sites.city = 'Millbrook'"), collected);
        // "from": a place of the same rows as the surname is the place; of other rows, not settled
        TableInfo people = new TableInfo("public", "clients", null, List.of(col("client_id", "int4"), col("first_name", "text"),
                col("last_name", "text"), col("city", "text")), List.of("client_id"), List.of());
        SchemaCatalog town = new SchemaCatalog("PostgreSQL", "15", "public", List.of(people));
        List<ValueLink> preston = List.of(ShopCatalog.value(people, "last_name", "Preston"), ShopCatalog.value(people, "city", "Preston"));
        String from = sql(town, "How many clients are from Preston?", preston);
        assertTrue(from.contains("clients.city = 'Preston'"), from);
        assertTrue(assertThrows(NotUnderstoodException.class, () -> sql(lab, "How many samples were collected from Millbrook?",
                millbrook)).getMessage().contains("whether 'from' says a place or a person"));
        assertEquals("SELECT samples.rejection_reason, COUNT(*) AS count FROM samples WHERE samples.rejection_reason IS NOT NULL"
                + " GROUP BY samples.rejection_reason ORDER BY COUNT(*) DESC, samples.rejection_reason LIMIT 1",
                sql(lab, "What is the most common rejection reason of samples?", List.of()));
        String site = sql(lab, "Which sampling site has the most samples?", List.of());
        assertTrue(site.contains("sampling_sites.site_code"), site);

        TableInfo programme = new TableInfo("public", "concert_programme", null, List.of(col("concert_id", "int4"),
                col("piece_id", "int4"), new ColumnInfo("soloist", "text", true, null)), List.of("concert_id", "piece_id"), List.of());
        SchemaCatalog orchestra = new SchemaCatalog("PostgreSQL", "15", "public", List.of(programme));
        assertEquals("SELECT DISTINCT concert_programme.soloist FROM concert_programme WHERE concert_programme.soloist IS NOT NULL"
                + " ORDER BY concert_programme.soloist", sql(orchestra, "Who were the soloists?", List.of()));

        TableInfo orders = new TableInfo("public", "orders", null, List.of(col("order_id", "int4"), col("status", "text"),
                col("delivery_charge", "numeric")), List.of("order_id"), List.of());
        SchemaCatalog nursery = new SchemaCatalog("PostgreSQL", "15", "public", List.of(orders));
        List<ValueLink> cancelled = List.of(ShopCatalog.value(orders, "status", "cancelled"));
        e = assertThrows(NotUnderstoodException.class, () -> sql(nursery, "How many orders, not counting cancelled orders or delivery"
                + " charges?", cancelled));
        assertTrue(e.getMessage().contains("leaves out"), e.getMessage());
    }

    /**
     * A second attack (120 questions on six schemas of sets 27 to 29; 2 wrong at high): "Which episode has the most
     * downloads?" counted rows of downloads, each of which holds a download_count; "Which 3 salons made the most from
     * completed appointments?" counted appointments, not money. Both decline.
     */
    @Test
    void aTallyColumnAndMoneyMadeAreNotRowsCounted() throws Exception {
        TableInfo episodes = new TableInfo("public", "episodes", null, List.of(col("episode_id", "int4"), col("title", "text")),
                List.of("episode_id"), List.of());
        TableInfo downloads = new TableInfo("public", "downloads", null, List.of(col("download_id", "int4"), col("episode_id", "int4"),
                col("platform", "text"), col("download_count", "int4")), List.of("download_id"),
                List.of(new ForeignKey(List.of("episode_id"), "public", "episodes", List.of("episode_id"))));
        SchemaCatalog podcast = new SchemaCatalog("PostgreSQL", "15", "public", List.of(episodes, downloads));
        assertTrue(assertThrows(NotUnderstoodException.class, () -> sql(podcast, "Which episode has the most downloads?", List.of()))
                .getMessage().contains("add up downloads.download_count"));
        TableInfo salons = new TableInfo("public", "salons", null, List.of(col("salon_id", "int4"), col("salon_name", "text")),
                List.of("salon_id"), List.of());
        TableInfo appointments = new TableInfo("public", "appointments", null, List.of(col("appointment_id", "int4"),
                col("salon_id", "int4"), col("status", "text"), col("total_price", "numeric")), List.of("appointment_id"),
                List.of(new ForeignKey(List.of("salon_id"), "public", "salons", List.of("salon_id"))));
        SchemaCatalog grooming = new SchemaCatalog("PostgreSQL", "15", "public", List.of(salons, appointments));
        List<ValueLink> completed = List.of(ShopCatalog.value(appointments, "status", "completed"));
        assertTrue(assertThrows(NotUnderstoodException.class, () -> sql(grooming, "Which 3 salons made the most from completed"
                + " appointments?", completed)).getMessage().contains("'made the most' asks for money"));
        assertTrue(sql(grooming, "Which 3 salons had the most completed appointments?", completed).contains("COUNT(*)"));
    }

    /**
     * Held-out set 41 (allotments), both wrong at high: "How much rent was paid for the 2024 rent year?" listed rent years
     * and rents; "How many tools were borrowed in May 2025?" counted each tool once, where a tool borrowed twice is two
     * loans. "how much" never lists rows (unless one row is named), and a count of what a verb was done to, in the passive,
     * through another table's date, declines.
     */
    @Test
    void howMuchIsNoListAndThingsBorrowedAreNotCountedOnce() throws Exception {
        TableInfo tools = new TableInfo("public", "tools", null, List.of(col("tool_id", "int4"), col("name", "text")),
                List.of("tool_id"), List.of());
        TableInfo loans = new TableInfo("public", "tool_loans", null, List.of(col("loan_id", "int4"), col("tool_id", "int4"),
                new ColumnInfo("borrowed_on", "date", false, null)), List.of("loan_id"),
                List.of(new ForeignKey(List.of("tool_id"), "public", "tools", List.of("tool_id"))));
        TableInfo payments = new TableInfo("public", "rent_payments", null, List.of(col("payment_id", "int4"),
                col("rent_year", "int4"), col("amount", "numeric"), new ColumnInfo("paid_on", "date", false, null)),
                List.of("payment_id"), List.of());
        SchemaCatalog allotments = new SchemaCatalog("PostgreSQL", "15", "public", List.of(tools, loans, payments));
        assertTrue(assertThrows(NotUnderstoodException.class, () -> sql(allotments, "How many tools were borrowed in May 2025?",
                List.of())).getMessage().contains("whether to count each row of tools once or each row of tool_loans"));
        assertThrows(NotUnderstoodException.class, () -> sql(allotments, "How much rent year was paid in 2024?", List.of()));
    }

    /**
     * A review of the rules above found them reaching too far; each of these had been right, or declined, before them: a
     * currency code is no payment's name; "in" between a film's title and a birth city is not settled; "have confirmed
     * bookings" is the bookings' state; "made the most appointments" counts appointments.
     */
    @Test
    void theRulesAboveStayWithinTheirCases() throws Exception {
        TableInfo payments = new TableInfo("public", "payments", null, List.of(col("payment_id", "int4"), col("tenant_id", "int4"),
                col("amount", "numeric"), col("currency_code", "text"), new ColumnInfo("paid_on", "date", false, null)),
                List.of("payment_id"), List.of());
        SchemaCatalog rent = new SchemaCatalog("PostgreSQL", "15", "public", List.of(payments));
        assertThrows(NotUnderstoodException.class, () -> sql(rent, "What are the names of the payments?", List.of()));
        TableInfo films = new TableInfo("public", "films", null, List.of(col("film_id", "int4"), col("title", "text")),
                List.of("film_id"), List.of());
        TableInfo actors = new TableInfo("public", "actors", null, List.of(col("actor_id", "int4"), col("first_name", "text"),
                col("last_name", "text"), col("birth_city", "text")), List.of("actor_id"), List.of());
        SchemaCatalog cinema = new SchemaCatalog("PostgreSQL", "15", "public", List.of(films, actors));
        List<ValueLink> chicago = List.of(ShopCatalog.value(films, "title", "Chicago"), ShopCatalog.value(actors, "birth_city", "Chicago"));
        assertThrows(NotUnderstoodException.class, () -> sql(cinema, "Which actors are in Chicago?", chicago));
        TableInfo customers = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"), col("full_name", "text")),
                List.of("customer_id"), List.of());
        TableInfo bookings = new TableInfo("public", "bookings", null, List.of(col("booking_id", "int4"), col("customer_id", "int4"),
                col("status", "text")), List.of("booking_id"),
                List.of(new ForeignKey(List.of("customer_id"), "public", "customers", List.of("customer_id"))));
        SchemaCatalog hotel = new SchemaCatalog("PostgreSQL", "15", "public", List.of(customers, bookings));
        List<ValueLink> confirmed = List.of(ShopCatalog.value(bookings, "status", "confirmed"));
        assertTrue(sql(hotel, "How many customers have confirmed bookings?", confirmed).contains("bookings.status = 'confirmed'"));
        TableInfo salons = new TableInfo("public", "salons", null, List.of(col("salon_id", "int4"), col("salon_name", "text")),
                List.of("salon_id"), List.of());
        TableInfo appointments = new TableInfo("public", "appointments", null, List.of(col("appointment_id", "int4"),
                col("salon_id", "int4"), col("total_price", "numeric")), List.of("appointment_id"),
                List.of(new ForeignKey(List.of("salon_id"), "public", "salons", List.of("salon_id"))));
        SchemaCatalog grooming = new SchemaCatalog("PostgreSQL", "15", "public", List.of(salons, appointments));
        try {
            assertTrue(sql(grooming, "Which salon made the most appointments?", List.of()).contains("COUNT"));
        } catch (NotUnderstoodException e) {
            assertTrue(!e.getMessage().contains("asks for money"), e.getMessage());
        }
    }

    /**
     * Left over from the attacks' variants, both wrong at high: "How many new tickets were opened in June 2025?" kept the
     * status 'new' (every ticket opened in June was new then); "Which salon has sold the most products?" counted the
     * different products, not the units of product_sales.quantity. Both decline; the plain readings stay.
     */
    @Test
    void newRowsMadeThenAndUnitsSoldAreNotSettled() throws Exception {
        TableInfo tickets = new TableInfo("public", "tickets", null, List.of(col("ticket_id", "int4"), col("status", "text"),
                new ColumnInfo("opened_at", "date", false, null)), List.of("ticket_id"), List.of());
        SchemaCatalog desk = new SchemaCatalog("PostgreSQL", "15", "public", List.of(tickets));
        List<ValueLink> fresh = List.of(ShopCatalog.value(tickets, "status", "new"));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class,
                () -> sql(desk, "How many new tickets were opened in June 2025?", fresh));
        assertTrue(e.getMessage().contains("'new' may be tickets.status = 'new'"), e.getMessage());
        assertEquals("SELECT COUNT(*) AS count FROM tickets WHERE tickets.status = 'new'", sql(desk, "How many new tickets are there?", fresh));

        TableInfo salons = new TableInfo("public", "salons", null, List.of(col("salon_id", "int4"), col("salon_name", "text")),
                List.of("salon_id"), List.of());
        TableInfo products = new TableInfo("public", "products", null, List.of(col("product_id", "int4"), col("product_name", "text")),
                List.of("product_id"), List.of());
        TableInfo sales = new TableInfo("public", "product_sales", null, List.of(col("sale_id", "int4"), col("salon_id", "int4"),
                col("product_id", "int4"), col("quantity", "int4")), List.of("sale_id"), List.of(
                new ForeignKey(List.of("salon_id"), "public", "salons", List.of("salon_id")),
                new ForeignKey(List.of("product_id"), "public", "products", List.of("product_id"))));
        SchemaCatalog grooming = new SchemaCatalog("PostgreSQL", "15", "public", List.of(salons, products, sales));
        e = assertThrows(NotUnderstoodException.class, () -> sql(grooming, "Which salon has sold the most products?", List.of()));
        assertEquals("it does not know whether to count the different products or add up product_sales.quantity", e.getMessage());
        TableInfo customers = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"), col("full_name", "text")),
                List.of("customer_id"), List.of());
        TableInfo orders = new TableInfo("public", "orders", null, List.of(col("order_id", "int4"), col("customer_id", "int4")),
                List.of("order_id"), List.of(new ForeignKey(List.of("customer_id"), "public", "customers", List.of("customer_id"))));
        TableInfo lines = new TableInfo("public", "order_lines", null, List.of(col("line_id", "int4"), col("order_id", "int4"),
                col("product_id", "int4"), col("quantity", "int4")), List.of("line_id"), List.of(
                new ForeignKey(List.of("order_id"), "public", "orders", List.of("order_id")),
                new ForeignKey(List.of("product_id"), "public", "products", List.of("product_id"))));
        SchemaCatalog shop = new SchemaCatalog("PostgreSQL", "15", "public", List.of(customers, orders, lines, products));
        List<ValueLink> widget = List.of(ShopCatalog.value(products, "product_name", "Widget"));
        String bought = sql(shop, "How many customers bought Widget?", widget);
        assertTrue(bought.contains("COUNT(DISTINCT customers.customer_id)"), "a line's quantity is of the product: " + bought);
    }

    /**
     * A third attack (198 questions on six schemas of sets 36 to 38): "How many customers are gold tier or live in Bath?"
     * had read both conditions as met at once (AND), at high, and so had all six variants; "What is the most expensive
     * species?" showed only the key of a table whose name column is common_name.
     */
    @Test
    void orBetweenConditionsDeclinesAndACommonNameNamesTheRow() throws Exception {
        TableInfo customers = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"), col("first_name", "text"),
                col("last_name", "text"), col("city", "text"), col("loyalty_tier", "text")), List.of("customer_id"), List.of());
        SchemaCatalog shop = new SchemaCatalog("PostgreSQL", "15", "public", List.of(customers));
        List<ValueLink> goldBath = List.of(ShopCatalog.value(customers, "loyalty_tier", "gold"), ShopCatalog.value(customers, "city", "Bath"));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class,
                () -> sql(shop, "How many customers are gold tier or in Bath?", goldBath));
        assertTrue(e.getMessage().contains("either of two conditions"), e.getMessage());
        assertThrows(NotUnderstoodException.class, () -> sql(shop, "List the customers in Bath or gold tier", goldBath));
        assertEquals("SELECT COUNT(*) AS count FROM customers WHERE customers.loyalty_tier = 'gold' AND customers.city = 'Bath'",
                sql(shop, "How many gold tier customers live in Bath?", goldBath), "all met at once stays AND");

        TableInfo species = new TableInfo("public", "species", null, List.of(col("species_id", "int4"), col("common_name", "text"),
                col("latin_name", "text"), col("wholesale_price", "numeric")), List.of("species_id"), List.of());
        SchemaCatalog nursery = new SchemaCatalog("PostgreSQL", "15", "public", List.of(species));
        String expensive = sql(nursery, "What is the most expensive species?", List.of());
        assertTrue(expensive.contains("species.common_name"), expensive);
    }

    /**
     * A fourth attack (120 questions on six schemas of sets 39 to 41): "How many day passes were paid in cash in 2025?"
     * read 'paid' as invoices.status, joining day passes to their member's invoices (3 instead of 32, at high); six of its
     * variants were wrong at high too. A passive past form that is a value of rows the question does not name declines.
     */
    @Test
    void aPassiveVerbIsNoValueOfRowsNotNamed() throws Exception {
        TableInfo members = new TableInfo("public", "members", null, List.of(col("member_id", "int4"), col("full_name", "text")),
                List.of("member_id"), List.of());
        TableInfo passes = new TableInfo("public", "day_passes", null, List.of(col("pass_id", "int4"), col("member_id", "int4"),
                col("payment_method", "text")), List.of("pass_id"),
                List.of(new ForeignKey(List.of("member_id"), "public", "members", List.of("member_id"))));
        TableInfo invoices = new TableInfo("public", "invoices", null, List.of(col("invoice_id", "int4"), col("member_id", "int4"),
                col("status", "text")), List.of("invoice_id"),
                List.of(new ForeignKey(List.of("member_id"), "public", "members", List.of("member_id"))));
        SchemaCatalog cowork = new SchemaCatalog("PostgreSQL", "15", "public", List.of(members, passes, invoices));
        List<ValueLink> paidCash = List.of(ShopCatalog.value(invoices, "status", "paid"), ShopCatalog.value(passes, "payment_method", "cash"));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class,
                () -> sql(cowork, "How many day passes were paid in cash?", paidCash));
        assertTrue(e.getMessage().contains("'were paid' says what was done to the rows named"), e.getMessage());
        assertEquals("SELECT COUNT(*) AS count FROM invoices WHERE invoices.status = 'paid'",
                sql(cowork, "How many invoices were paid?", paidCash.subList(0, 1)), "a value of the rows named stays");
        // without "were", or a value of rows that share a parent with those counted: the same join, declined
        List<ValueLink> paidCard = List.of(ShopCatalog.value(invoices, "status", "paid"), ShopCatalog.value(passes, "payment_method", "card"));
        e = assertThrows(NotUnderstoodException.class, () -> sql(cowork, "Count the day passes paid by card", paidCard));
        assertTrue(e.getMessage().contains("only through a row both refer to"), e.getMessage());
    }

    /**
     * Held-out sets 45 to 47 and a fifth attack (on the schemas of sets 42 to 44), first runs: each of these was answered
     * wrongly, most at high. Each declines now, and the question without its trap is still answered.
     */
    @Test
    void secondMeasuresRestrictedGroupsDatesBookedForPricesPerUnitAverageTotalsAndWhoWithoutNames() throws Exception {
        TableInfo clients = new TableInfo("public", "clients", null, List.of(col("client_id", "int4"), col("first_name", "text"),
                col("last_name", "text")), List.of("client_id"), List.of());
        TableInfo lessons = new TableInfo("public", "lessons", null, List.of(col("lesson_id", "int4"), col("lesson_date", "date"),
                col("price_per_rider", "numeric")), List.of("lesson_id"), List.of());
        TableInfo bookings = new TableInfo("public", "lesson_bookings", null, List.of(col("lesson_id", "int4"), col("client_id", "int4"),
                col("booked_on", "date"), col("amount_paid", "numeric")), List.of("lesson_id", "client_id"), List.of(
                new ForeignKey(List.of("lesson_id"), "public", "lessons", List.of("lesson_id")),
                new ForeignKey(List.of("client_id"), "public", "clients", List.of("client_id"))));
        SchemaCatalog stables = new SchemaCatalog("PostgreSQL", "15", "public", List.of(clients, lessons, bookings));
        // set 47: SUM(lessons.price_per_rider) as the takings, at medium
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class,
                () -> sql(stables, "What were our total takings from lessons in 2024?", List.of()));
        assertTrue(e.getMessage().contains("price_per_rider in lessons is a price per unit"), e.getMessage());
        // sets 45 and 47: "booked in for July" read as the day of booking (booked_on)
        e = assertThrows(NotUnderstoodException.class, () -> sql(stables, "How many lesson bookings are booked in for July 2025?", List.of()));
        assertTrue(e.getMessage().contains("'booked ... for' a period may name the date the rows are for"), e.getMessage());
        assertTrue(sql(stables, "How many lesson bookings were booked in July 2025?", List.of()).contains("lesson_bookings.booked_on >="));

        TableInfo sites = new TableInfo("public", "sites", null, List.of(col("site_id", "int4"), col("name", "text")),
                List.of("site_id"), List.of());
        TableInfo donations = new TableInfo("public", "donations", null, List.of(col("donation_id", "int4"), col("site_id", "int4"),
                col("donation_date", "date"), col("outcome", "text")), List.of("donation_id"),
                List.of(new ForeignKey(List.of("site_id"), "public", "sites", List.of("site_id"))));
        SchemaCatalog blood = new SchemaCatalog("PostgreSQL", "15", "public", List.of(sites, donations));
        List<ValueLink> successful = List.of(ShopCatalog.value(donations, "outcome", "successful"));
        // set 47: every site listed (LEFT JOIN), those with no donation in 2024 too, at high
        e = assertThrows(NotUnderstoodException.class, () -> sql(blood,
                "For each site that had donations in 2024, how many successful donations were there?", successful));
        assertTrue(e.getMessage().contains("which 'each site' it keeps"), e.getMessage());
        assertDoesNotThrow(() -> sql(blood, "For each site, how many successful donations were there in 2024?", successful));

        TableInfo invoices = new TableInfo("public", "invoices", null, List.of(col("invoice_id", "int4"), col("paid_on", "date"),
                col("payment_method", "text"), col("total_amount", "numeric")), List.of("invoice_id"), List.of());
        SchemaCatalog locksmith = new SchemaCatalog("PostgreSQL", "15", "public", List.of(invoices));
        // set 46: the count per method answered, "and what was the total for each" dropped, at high
        e = assertThrows(NotUnderstoodException.class, () -> sql(locksmith, "For invoices paid in 2024, how many were paid by each "
                + "payment method and what was the total for each?", List.of()));
        assertTrue(e.getMessage().contains("it asks a second question ('and what was the total"), e.getMessage());
        assertDoesNotThrow(() -> sql(locksmith, "For invoices paid in 2024, how many were paid by each payment method?", List.of()));

        TableInfo suppliers = new TableInfo("public", "suppliers", null, List.of(col("supplier_id", "int4"), col("first_name", "text"),
                col("last_name", "text")), List.of("supplier_id"), List.of());
        TableInfo weighIns = new TableInfo("public", "weigh_ins", null, List.of(col("ticket_id", "int4"), col("supplier_id", "int4"),
                col("weighed_on", "date"), col("amount_paid", "numeric")), List.of("ticket_id"),
                List.of(new ForeignKey(List.of("supplier_id"), "public", "suppliers", List.of("supplier_id"))));
        SchemaCatalog scrap = new SchemaCatalog("PostgreSQL", "15", "public", List.of(suppliers, weighIns));
        // attack 5: AVG(amount_paid) per supplier for the average of each supplier's total, at high
        e = assertThrows(NotUnderstoodException.class, () -> sql(scrap, "What is the average total paid per supplier in 2024?", List.of()));
        assertTrue(e.getMessage().contains("'average total' is an average of totals"), e.getMessage());
        assertTrue(sql(locksmith, "What is the average total amount of the invoices?", List.of()).contains("AVG(invoices.total_amount)"),
                "the total is the column averaged");

        TableInfo members = new TableInfo("public", "members", null, List.of(col("member_id", "int4"), col("first_name", "text"),
                col("last_name", "text")), List.of("member_id"), List.of());
        TableInfo hives = new TableInfo("public", "hives", null, List.of(col("hive_id", "int4"), col("hive_code", "text")),
                List.of("hive_id"), List.of());
        TableInfo keepers = new TableInfo("public", "hive_keepers", null, List.of(col("hive_id", "int4"), col("member_id", "int4"),
                col("role", "text")), List.of("hive_id", "member_id"), List.of(
                new ForeignKey(List.of("hive_id"), "public", "hives", List.of("hive_id")),
                new ForeignKey(List.of("member_id"), "public", "members", List.of("member_id"))));
        SchemaCatalog bees = new SchemaCatalog("PostgreSQL", "15", "public", List.of(members, hives, keepers));
        // attack 5: hive_keepers.* (a member's key, no name), and the hive's own row for "who", at high
        List<ValueLink> lead = List.of(ShopCatalog.value(keepers, "role", "lead"), ShopCatalog.value(hives, "hive_code", "CH-07"));
        e = assertThrows(NotUnderstoodException.class, () -> sql(bees, "Who is the lead keeper of hive CH-07?", lead));
        assertTrue(e.getMessage().contains("carry no name") || e.getMessage().contains("pair keys of other tables"), e.getMessage());
        List<ValueLink> assistant = List.of(ShopCatalog.value(keepers, "role", "assistant"), ShopCatalog.value(hives, "hive_code", "CF-03"));
        e = assertThrows(NotUnderstoodException.class, () -> sql(bees, "Who is the assistant on hive CF-03?", assistant));
        assertTrue(e.getMessage().contains("'who' asks for people of the hive 'CF-03'"), e.getMessage());
        e = assertThrows(NotUnderstoodException.class, () -> sql(bees, "List the hive keepers of hive CH-07", lead.subList(1, 2)));
        assertTrue(e.getMessage().contains("pair keys of other tables"), e.getMessage());
    }

    /**
     * Held-out sets 48 to 50 and a sixth attack (on the schemas of sets 45 to 47), first runs: a word of a column read as a
     * surname too, groups lost through a table between, an average per line for one per unit, and jobs "done" of every
     * status. Each declines or is right now.
     */
    @Test
    void aColumnsWordIsNoSurnameEachGroupThroughATableBetweenAveragesOverQuantitiesAndDoneJobs() throws Exception {
        TableInfo studios = new TableInfo("public", "studios", null, List.of(col("studio_id", "int4"), col("studio_name", "text")),
                List.of("studio_id"), List.of());
        TableInfo artists = new TableInfo("public", "artists", null, List.of(col("artist_id", "int4"), col("studio_id", "int4"),
                col("first_name", "text"), col("last_name", "text")), List.of("artist_id"),
                List.of(new ForeignKey(List.of("studio_id"), "public", "studios", List.of("studio_id"))));
        TableInfo clients = new TableInfo("public", "clients", null, List.of(col("client_id", "int4"), col("first_name", "text"),
                col("last_name", "text")), List.of("client_id"), List.of());
        TableInfo appointments = new TableInfo("public", "appointments", null, List.of(col("appointment_id", "int4"),
                col("artist_id", "int4"), col("client_id", "int4"), col("appointment_date", "date"), col("price", "numeric")),
                List.of("appointment_id"), List.of(new ForeignKey(List.of("artist_id"), "public", "artists", List.of("artist_id")),
                new ForeignKey(List.of("client_id"), "public", "clients", List.of("client_id"))));
        SchemaCatalog tattoo = new SchemaCatalog("PostgreSQL", "15", "public", List.of(studios, artists, clients, appointments));
        // attack 6: 'price' was the column summed and clients.last_name = 'Price' too (NULL, at high)
        List<ValueLink> price = List.of(ShopCatalog.value(clients, "last_name", "Price"),
                ShopCatalog.value(studios, "studio_name", "Hove Seafront Studio"));
        String total = sql(tattoo, "What was the total price of appointments at Hove Seafront Studio in 2024?", price);
        assertTrue(total.contains("SUM(appointments.price)") && !total.contains("'Price'"), total);
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class,
                () -> sql(tattoo, "What was the average price of appointments in 2024?", price.subList(0, 1)));
        assertTrue(e.getMessage().contains("whether 'price' is a word of a column or the name 'Price'"), e.getMessage());
        assertTrue(sql(tattoo, "How many appointments did Price have in 2024?", price.subList(0, 1)).contains("'Price'"),
                "a surname written with its capital stays a name");
        // attack 6: "each studio" counted through artists with inner joins, dropping a studio with none (at high)
        String each = sql(tattoo, "How many appointments does each studio have?", List.of());
        assertTrue(each.contains("FROM studios LEFT JOIN artists ON") && each.contains("LEFT JOIN appointments ON")
                && each.contains("COUNT(appointments.artist_id)"), each);

        TableInfo types = new TableInfo("public", "ticket_types", null, List.of(col("ticket_type_id", "int4"), col("type_name", "text")),
                List.of("ticket_type_id"), List.of());
        TableInfo lines = new TableInfo("public", "booking_tickets", null, List.of(col("booking_id", "int4"),
                col("ticket_type_id", "int4"), col("quantity", "int4"), col("unit_price", "numeric")), List.of("booking_id",
                "ticket_type_id"), List.of(new ForeignKey(List.of("ticket_type_id"), "public", "ticket_types", List.of("ticket_type_id"))));
        SchemaCatalog theatre = new SchemaCatalog("PostgreSQL", "15", "public", List.of(types, lines));
        // set 49: AVG(unit_price) of the lines for the average per ticket (weighted by quantity), at high
        e = assertThrows(NotUnderstoodException.class, () -> sql(theatre, "What was the average price per adult ticket?",
                List.of(ShopCatalog.value(types, "type_name", "Adult"))));
        assertTrue(e.getMessage().contains("is per row or per unit"), e.getMessage());
        TableInfo gadgets = new TableInfo("public", "gadgets", null, List.of(col("id", "int4"), col("name", "text"), col("qty", "int4"),
                col("price", "numeric")), List.of("id"), List.of());
        assertTrue(sql(new SchemaCatalog("PostgreSQL", "15", "public", List.of(gadgets)), "average price of gadgets", List.of())
                .contains("AVG(gadgets.price)"), "each row is one gadget, its qty a stock: no lines of several");

        TableInfo customers = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"), col("name", "text"),
                col("town", "text")), List.of("customer_id"), List.of());
        TableInfo jobs = new TableInfo("public", "jobs", null, List.of(col("job_id", "int4"), col("customer_id", "int4"),
                col("status", "text")), List.of("job_id"),
                List.of(new ForeignKey(List.of("customer_id"), "public", "customers", List.of("customer_id"))));
        SchemaCatalog locksmith = new SchemaCatalog("PostgreSQL", "15", "public", List.of(customers, jobs));
        List<ValueLink> boston = List.of(ShopCatalog.value(customers, "town", "Boston"));
        // attack 6: every status counted for jobs "done" (at medium)
        e = assertThrows(NotUnderstoodException.class, () -> sql(locksmith, "How many jobs have we done for customers in Boston?", boston));
        assertTrue(e.getMessage().contains("whether 'done' means jobs of one status"), e.getMessage());
        assertDoesNotThrow(() -> sql(locksmith, "How many jobs do customers in Boston have?", boston));
        // within their cases: 'completed' that is a value says which; a size is no price of one of many
        assertTrue(sql(locksmith, "How many jobs were completed?", List.of(ShopCatalog.value(jobs, "status", "completed")))
                .contains("jobs.status = 'completed'"));
        TableInfo households = new TableInfo("public", "households", null, List.of(col("household_id", "int4"),
                col("household_size", "int4"), col("children_count", "int4")), List.of("household_id"), List.of());
        SchemaCatalog foodBank = new SchemaCatalog("PostgreSQL", "15", "public", List.of(households));
        assertTrue(sql(foodBank, "What is the average household size?", List.of()).contains("AVG(households.household_size)"));

        // attack 7: "booked" read as hires.status 'booked' with the period on hire_date (0, at high); "per checked-in entry"
        // read as a breakdown by checked_in (at high)
        TableInfo hires = new TableInfo("public", "hires", null, List.of(col("hire_id", "int4"), col("hire_date", "date"),
                col("booked_on", "date"), col("status", "text")), List.of("hire_id"), List.of());
        TableInfo entries = new TableInfo("public", "event_entries", null, List.of(col("entry_id", "int4"), col("tops", "int4"),
                col("checked_in", "bool")), List.of("entry_id"), List.of());
        SchemaCatalog boats = new SchemaCatalog("PostgreSQL", "15", "public", List.of(hires, entries));
        e = assertThrows(NotUnderstoodException.class, () -> sql(boats, "How many hires were booked in May 2025?",
                List.of(ShopCatalog.value(hires, "status", "booked"))));
        assertTrue(e.getMessage().contains("whether 'booked' is the value 'booked' of hires.status or the date hires.booked_on"),
                e.getMessage());
        e = assertThrows(NotUnderstoodException.class, () -> sql(boats, "What is the average number of tops per checked-in entry?",
                List.of()));
        assertTrue(e.getMessage().contains("keeps the rows that are checked in or groups by checked_in"), e.getMessage());

        // attack 7: "bookings for Rebecca" read as patrons.first_name, where Rebecca is also the production the bookings'
        // performances are of (medium)
        TableInfo patrons = new TableInfo("public", "patrons", null, List.of(col("patron_id", "int4"), col("first_name", "text"),
                col("last_name", "text")), List.of("patron_id"), List.of());
        TableInfo productions = new TableInfo("public", "productions", null, List.of(col("production_id", "int4"),
                col("title", "text")), List.of("production_id"), List.of());
        TableInfo performances = new TableInfo("public", "performances", null, List.of(col("performance_id", "int4"),
                col("production_id", "int4")), List.of("performance_id"), List.of(new ForeignKey(List.of("production_id"), "public",
                "productions", List.of("production_id"))));
        TableInfo theatreBookings = new TableInfo("public", "bookings", null, List.of(col("booking_id", "int4"), col("patron_id", "int4"),
                col("performance_id", "int4")), List.of("booking_id"), List.of(
                new ForeignKey(List.of("patron_id"), "public", "patrons", List.of("patron_id")),
                new ForeignKey(List.of("performance_id"), "public", "performances", List.of("performance_id"))));
        SchemaCatalog boxOffice = new SchemaCatalog("PostgreSQL", "15", "public", List.of(patrons, productions, performances,
                theatreBookings));
        List<ValueLink> rebecca = List.of(ShopCatalog.value(patrons, "first_name", "Rebecca"),
                ShopCatalog.value(productions, "title", "Rebecca"));
        e = assertThrows(NotUnderstoodException.class, () -> sql(boxOffice, "How many bookings were there for Rebecca?", rebecca));
        assertTrue(e.getMessage().contains("both above the rows asked about"), e.getMessage());
        // a row's own name is the owner over a surname further up: "bookings for Cooper" is the dog Cooper
        TableInfo owners = new TableInfo("public", "owners", null, List.of(col("owner_id", "int4"), col("first_name", "text"),
                col("last_name", "text")), List.of("owner_id"), List.of());
        TableInfo dogs = new TableInfo("public", "dogs", null, List.of(col("dog_id", "int4"), col("owner_id", "int4"), col("name", "text")),
                List.of("dog_id"), List.of(new ForeignKey(List.of("owner_id"), "public", "owners", List.of("owner_id"))));
        TableInfo dogBookings = new TableInfo("public", "bookings", null, List.of(col("booking_id", "int4"), col("dog_id", "int4")),
                List.of("booking_id"), List.of(new ForeignKey(List.of("dog_id"), "public", "dogs", List.of("dog_id"))));
        SchemaCatalog daycare = new SchemaCatalog("PostgreSQL", "15", "public", List.of(owners, dogs, dogBookings));
        assertTrue(sql(daycare, "How many bookings were there for Cooper?", List.of(ShopCatalog.value(dogs, "name", "Cooper"),
                ShopCatalog.value(owners, "last_name", "Cooper"))).contains("dogs.name = 'Cooper'"));
    }
}
