package dev.nlsql.internal.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.generate.Relevance.Kind;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The offline relevance gate (issue 24) on a paint shop's schema, which has a {@code paint} and a
 * {@code year} column but nothing about sales: a general-knowledge question is not about it (NL002)
 * though a word matches a column; a question worded about data whose words link nothing cannot be
 * built (NL005); what links stays the reader's own NL005. And the example a decline shows is built
 * from the schema.
 */
class RelevanceTest {

    private static ColumnInfo col(String name, String type) {
        return new ColumnInfo(name, type, false, null);
    }

    static final TableInfo CUSTOMERS = new TableInfo("public", "customers", null, List.of(col("id", "int4"), col("name", "text"),
            col("country", "text")), List.of("id"), List.of());
    static final TableInfo CARS = new TableInfo("public", "cars", null, List.of(col("id", "int4"), col("customer_id", "int4"),
            col("make", "text"), col("paint", "text"), col("year", "int4")), List.of("id"),
            List.of(new ForeignKey(List.of("customer_id"), "public", "customers", List.of("id"))));
    static final TableInfo REPAIRS = new TableInfo("public", "repairs", null, List.of(col("id", "int4"), col("car_id", "int4"),
            col("repaired_on", "date"), col("end_date", "date"), col("cost", "numeric")), List.of("id"),
            List.of(new ForeignKey(List.of("car_id"), "public", "cars", List.of("id"))));
    static final SchemaCatalog SHOP = new SchemaCatalog("PostgreSQL", "15", "public", List.of(CUSTOMERS, CARS, REPAIRS));
    /** France is a customer's country: a value the question names. */
    static final List<ValueLink> FRANCE = List.of(new ValueLink(CUSTOMERS, CUSTOMERS.column("country"), "France", "france"));

    private static Kind kind(String question) {
        return Relevance.judge(question, SHOP, FRANCE).kind();
    }

    @Test
    void generalKnowledgeIsNotAboutTheDatabaseThoughAWordMatchesAColumn() {
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("Who painted the Night Watch?")); // painted ~ paint
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("who painted the night watch")); // no capitals: what it asks for (painted) is not held
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("What year did World War II end?")); // year and end_date are columns
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("What is the capital of France?")); // France is a value, capital is nothing
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("How tall is Mount Everest?"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("Translate hello into Spanish"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("Write a poem about autumn"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("how many legs does a spider have?"));
        String why = Relevance.judge("Who painted the Night Watch?", SHOP, FRANCE).reason();
        assertTrue(why.contains("painted"), why);
    }

    @Test
    void aDataQuestionWhoseWordsLinkNothingCannotBeBuilt() {
        assertEquals(Kind.NOTHING_LINKED, kind("Total sales per year"));
        assertEquals(Kind.NOTHING_LINKED, kind("How many complaints were filed per month?"));
        assertEquals(Kind.NOTHING_LINKED, kind("Top 5 branches by headcount"));
        assertEquals(Kind.NOTHING_LINKED, kind("List all invoices issued since 2021"));
        assertEquals(Kind.NOTHING_LINKED, kind("What is the average salary per department?")); // the aggregate outweighs "what is"
        String why = Relevance.judge("Total sales per year", SHOP, List.of()).reason();
        assertTrue(why.contains("sales") && why.contains("a grouping"), why);
        // worded neither way, nothing linked: not about the database
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("tell me something nice"));
    }

    @Test
    void whatLinksIsLeftToTheReadersOwnDecline() {
        assertEquals(Kind.UNCLEAR, kind("Which cars had the most repairs by the same mechanic?"));
        assertEquals(Kind.UNCLEAR, kind("what is the airspeed of our cars?")); // "our": the user's own data
        assertEquals(Kind.UNCLEAR, kind("What is the TSC in the past 7 days?")); // an unknown acronym: a term of the domain
        assertEquals(Kind.UNCLEAR, kind("how many?"));
        assertEquals(Kind.UNCLEAR, kind("What is the highest repair cost?"));
    }

    /** Issue 36: arithmetic, units and spans of time are questions about data, whatever fact-like wording they have. */
    @Test
    void ratiosDifferencesUnitsAndSpansOfTimeAreNeverNotAboutTheDatabase() {
        for (String q : new String[] {"What is the ratio of repaired cars to all cars?",
            "What is the difference between the highest and lowest repair cost?", "What are the highest repair costs in dollars?",
            "How long has it been in days since the last repair? Give the answer as an integer.",
            "What is the longest time between a repair and the next one?", "What percentage of cars are red?",
            "What is the number of customers who live in a country ending with the letter 'a'?",
            "Return the car IDs with a paint of A or C.", "On which weekday are most cars repaired?",
            "What was the cost of the repair made exactly 2 months after March 2021?"}) {
            assertTrue(kind(q) != Kind.NOT_ABOUT_DATABASE, q);
        }
        assertEquals(Kind.UNCLEAR, kind("How many ATMs were added per year?")); // a plural acronym: a term of the domain
    }

    /** Issue 36: things in general and named things the database does not hold, worded as data or not. */
    @Test
    void thingsInGeneralAreNotAboutTheDatabase() {
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("How many calories are in a banana?"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("What is the average wing span of a bald eagle?"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("How many moons does Jupiter have?"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("How does the color of a paint affect the mood of a room?"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("In which country was the first modern subway system established?"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("How do you format a citation in APA style?")); // no term of data asks how-to
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("What is the capital city of France?")); // France is a value, what it asks for is not
        assertTrue(QuestionShape.read("What is the ratio of open to closed repairs?").data().contains("a computation"));
        assertNull(QuestionShape.read("What is the ratio of open to closed repairs?").world());
    }

    /**
     * Issue 36, absent attributes: about rows the shop holds (cars, customers, repairs), measuring, filtering or grouping
     * them on a phrase that names nothing in it. Without the rule these are the reader's own NL005 (UNCLEAR).
     */
    @Test
    void anAttributeTheDatabaseLacksIsNotAboutIt() {
        for (String q : new String[] {"How many cars have a mileage greater than 100000?", "What is the average engine displacement of cars?",
            "Which customers have a loyalty card?", "How many cars in each country offer roadside assistance?",
            "Which car has the highest fuel consumption?", "How many customers with more than 3 pets are there?",
            "What is the credit score of the customers in France?", "How many repairs per mechanic shift were made?",
            "Which repairs have the `labor_hours` above 3?"}) {
            assertEquals(Kind.NOT_ABOUT_DATABASE, kind(q), q);
        }
        String why = Relevance.judge("How many cars have a mileage greater than 100000?", SHOP, FRANCE).reason();
        assertTrue(why.contains("\"mileage\"") && why.contains("cars") && why.contains("its columns: id, customer_id, make"), why);
        why = Relevance.judge("How many cars in each country offer roadside assistance?", SHOP, FRANCE).reason();
        assertTrue(why.contains("\"roadside assistance\"") && why.contains("for cars"), why);
    }

    /** Issue 36: what could be a value, a name, a verb or a term of the domain never makes an attribute absent. */
    @Test
    void valuesNamesVerbsAndAcronymsNeverMakeAnAbsentAttribute() {
        for (String q : new String[] {"What is the average repair cost per car make?", "How many cars have a red paint?",
            "Which customers have a Gmail address?", "How many customers have placed more than 3 repairs?",
            "How many cars have a VIN?", "How many cars have the paint \"midnight blue\"?", "Which cars have 'turbo' in their make?",
            "How many repairs cost more than 500 dollars?", "What is the average age of the cars?", "Which customers have the most cars?",
            "How many cars were repaired more than 3 times?", "How many repairs for each car departing from France?",
            "Which repairs have the `cost` above 300?", "How many Tesla cars have a repair?"}) {
            assertTrue(kind(q) != Kind.NOT_ABOUT_DATABASE, q);
        }
        // about no rows the shop holds: data-shaped with nothing linked stays NL005
        assertEquals(Kind.NOTHING_LINKED, kind("How many invoices have a discount greater than 10?"));
    }

    /** Issue 36: name parts written as one word, and a plural inside a name written together, link: nothing absent. */
    @Test
    void namePartsWrittenTogetherLink() {
        TableInfo aircraft = new TableInfo("public", "aircraft", null, List.of(col("aircraft_code", "text"), col("pay_load", "int4"),
                col("wing_span", "int4")), List.of("aircraft_code"), List.of());
        TableInfo tx = new TableInfo("public", "sbtransaction", null, List.of(col("sbtxid", "int4"), col("sbtxamount", "numeric")),
                List.of("sbtxid"), List.of());
        SchemaCatalog catalog = new SchemaCatalog("PostgreSQL", "15", "public", List.of(aircraft, tx));
        assertEquals(Kind.UNCLEAR, Relevance.judge("Which aircraft has the highest payload?", catalog, List.of()).kind());
        assertEquals(Kind.UNCLEAR, Relevance.judge("What is the average wingspan of aircraft?", catalog, List.of()).kind());
        assertEquals(Kind.UNCLEAR, Relevance.judge("Which aircraft have more than 5 transactions?", catalog, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the average cabin crew count of aircraft?", catalog, List.of())
                .kind());
    }

    /** Issue 36: an acronym written in brackets after the words it stands for is no unknown term of the domain. */
    @Test
    void anAcronymSpelledOutIsNoTermOfTheDomain() {
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("How many cars have a Vehicle Identification Number (VIN) checksum above 5?"));
        assertEquals(Kind.UNCLEAR, kind("How many cars have a VIN checksum above 5?"));
    }

    @Test
    void theShapeIsReadWithoutTheSchema() {
        assertNotNull(QuestionShape.read("Total sales per year").data());
        assertNull(QuestionShape.read("Total sales per year").world());
        assertEquals(List.of("painted"), QuestionShape.read("Who painted the Night Watch?").asked());
        assertEquals(List.of("end"), QuestionShape.read("What year did World War II end?").asked());
        assertEquals(List.of("capital"), QuestionShape.read("what's the capital of France?").asked());
        assertNull(QuestionShape.read("Which offices had the most visitors last month?").world()); // a set of rows, not a fact
        assertNull(QuestionShape.read("what do we know about our best customers?").world());
    }

    @Test
    void theExampleIsBuiltFromTheSchemaAndBuilds() throws Exception {
        String example = ExampleQuestion.of(SHOP);
        assertNotNull(example);
        assertTrue(example.contains("cars") || example.contains("repairs") || example.contains("customers"), example);
        new SqlWriter(SHOP).write(new IntentReader(example, SHOP, List.of(), LocalDate.now()).read());
        assertNull(ExampleQuestion.of(new SchemaCatalog("PostgreSQL", "15", "public", List.of())), "no schema, no example");
    }

    /** Issue 36: the example is in the schema's own words and grammar: singular and camelCase table names counted as plurals. */
    @Test
    void theExampleCountsTheTablesWordsInThePlural() throws Exception {
        TableInfo artist = new TableInfo("public", "Artist", null, List.of(col("ArtistId", "int4"), col("Name", "text")),
                List.of("ArtistId"), List.of());
        TableInfo invoice = new TableInfo("public", "Invoice", null, List.of(col("InvoiceId", "int4"), col("BillingCountry", "text")),
                List.of("InvoiceId"), List.of());
        TableInfo line = new TableInfo("public", "InvoiceLine", null, List.of(col("InvoiceLineId", "int4"), col("InvoiceId", "int4"),
                col("ArtistId", "int4"), col("AddedAt", "timestamp")), List.of("InvoiceLineId"),
                List.of(new ForeignKey(List.of("InvoiceId"), "public", "Invoice", List.of("InvoiceId")),
                        new ForeignKey(List.of("ArtistId"), "public", "Artist", List.of("ArtistId"))));
        assertEquals("how many invoice lines per month", built(new SchemaCatalog("PostgreSQL", "15", "public", List.of(artist, invoice, line))));
        TableInfo category = new TableInfo("public", "category", null, List.of(col("id", "int4"), col("name", "text")), List.of("id"),
                List.of());
        TableInfo box = new TableInfo("public", "shipment_box", null, List.of(col("id", "int4"), col("category_id", "int4")),
                List.of("id"), List.of(new ForeignKey(List.of("category_id"), "public", "category", List.of("id"))));
        assertEquals("how many shipment boxes", built(new SchemaCatalog("PostgreSQL", "15", "public", List.of(box, category))));
        assertEquals("how many categories", built(new SchemaCatalog("PostgreSQL", "15", "public", List.of(category))));
        String[][] plurals = {{"category", "categories"}, {"box", "boxes"}, {"status", "statuses"}, {"address", "addresses"},
            {"orders", "orders"}, {"sales", "sales"}, {"person", "people"}, {"people", "people"}, {"analysis", "analyses"},
            {"day", "days"}, {"staff", "staff"}, {"branch", "branches"}, {"album", "albums"}};
        for (String[] p : plurals) {
            assertEquals(p[1], dev.nlsql.internal.schema.NounForms.plural(p[0]), p[0]);
        }
    }

    /** The example, checked to build on its catalog. */
    private static String built(SchemaCatalog catalog) throws Exception {
        String example = ExampleQuestion.of(catalog);
        assertNotNull(example);
        new SqlWriter(catalog).write(new IntentReader(example, catalog, List.of(), LocalDate.now()).read());
        return example;
    }

    /** What the held-out sets found refused though the database holds the answer (answerable refused must stay under 1%). */
    @Test
    void heldOutAnswerableQuestionsAreNotRefused() {
        TableInfo happiness = new TableInfo("public", "2019", null, List.of(col("overall_rank", "int4"), col("country_or_region", "text"),
                col("score", "numeric")), List.of("overall_rank"), List.of());
        SchemaCatalog ranking = new SchemaCatalog("PostgreSQL", "15", "public", List.of(happiness));
        List<ValueLink> finland = List.of(new ValueLink(happiness, happiness.column("country_or_region"), "Finland", "finland"));
        // was NL002: "what it asks for (happiness) names nothing", though score is a column and Finland a value
        assertEquals(Kind.UNCLEAR, Relevance.judge("What is the happiness score of Finland?", ranking, finland).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the boiling point of water?", ranking, finland).kind(),
                "nothing of it held besides");
        TableInfo prescriptions = new TableInfo("public", "prescriptions", null, List.of(col("prescription_id", "int4"),
                col("medication", "text")), List.of("prescription_id"), List.of());
        SchemaCatalog clinic = new SchemaCatalog("PostgreSQL", "15", "public", List.of(prescriptions));
        // was NL002: "often" is how to rank, not a thing
        assertEquals(Kind.UNCLEAR, Relevance.judge("Which medication is prescribed most often?", clinic, List.of()).kind());
        // was NL002 "it is about Beverages": what is counted is a kind of row, maybe a value no sampling reached
        assertEquals(Kind.NOTHING_LINKED, Relevance.judge("How many Beverages are there?", SHOP, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("How many moons does Jupiter have?", SHOP, List.of()).kind());
        // third held-out set: people ranked in the domain's words, and rows of a named table ranked or dated
        assertEquals(Kind.NOTHING_LINKED, Relevance.judge("Who has the most direct reports?", SHOP, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("Who has won the most Grammy awards?", SHOP, List.of()).kind());
        assertEquals(Kind.UNCLEAR, Relevance.judge("Who repaired the most cars in 2024?", SHOP, List.of()).kind());
        TableInfo appointments = new TableInfo("public", "appointments", null, List.of(col("appointment_id", "int4"),
                col("referring_doctor_id", "int4")), List.of("appointment_id"), List.of());
        // was NL002 "the database holds no referral": referral and referring are one word
        assertEquals(Kind.UNCLEAR, Relevance.judge("How many appointments came with a referral?",
                new SchemaCatalog("PostgreSQL", "15", "public", List.of(appointments)), List.of()).kind());
    }

    /**
     * Issue 36, relevance both ways on defog's idk.csv (session 17): what is possible ("can genetic engineering be used"), a
     * text asked for ("can you provide a review"), how things work, a ranking or measure on a word nothing holds ("the most
     * challenging mountains", "the average baggage weight"), and a table's attribute grouped by ("each author email") are
     * not about the database; rows counted after a verb ("delivered the most parcels": parcels may be shipments) and a
     * favour asked ("can you list") stay the reader's own decline.
     */
    @Test
    void possibilitiesTextsHowThingsWorkAndMissingModifiersAreNotAboutTheDatabase() {
        TableInfo mountain = new TableInfo("public", "mountain", null, List.of(col("mountain_name", "text"), col("mountain_altitude", "int4"),
                col("state_name", "text")), List.of("mountain_name"), List.of());
        SchemaCatalog geo = new SchemaCatalog("PostgreSQL", "15", "public", List.of(mountain));
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What are the most challenging mountains to climb in the Himalayas?", geo,
                List.of()).kind());
        String why = Relevance.judge("What are the most challenging mountains to climb?", geo, List.of()).reason();
        assertTrue(why != null && why.contains("\"challenging\"") && why.contains("for mountain"), why);
        TableInfo aircraft = new TableInfo("public", "aircraft", null, List.of(col("aircraft_code", "text"), col("weight", "int4")),
                List.of("aircraft_code"), List.of());
        TableInfo flight = new TableInfo("public", "flight", null, List.of(col("flight_id", "int4"), col("aircraft_code", "text"),
                col("from_airport", "text"), col("departure_time", "int4")), List.of("flight_id"),
                List.of(new ForeignKey(List.of("aircraft_code"), "public", "aircraft", List.of("aircraft_code"))));
        SchemaCatalog atis = new SchemaCatalog("PostgreSQL", "15", "public", List.of(aircraft, flight));
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the average baggage weight for flights from each airport?", atis,
                List.of()).kind());
        assertEquals(Kind.UNCLEAR, Relevance.judge("What is the average weight of aircraft for flights from each airport?", atis,
                List.of()).kind());
        TableInfo author = new TableInfo("public", "author", null, List.of(col("aid", "int4"), col("name", "text")), List.of("aid"), List.of());
        TableInfo publication = new TableInfo("public", "publication", null, List.of(col("pid", "int4"), col("aid", "int4"),
                col("title", "text")), List.of("pid"), List.of(new ForeignKey(List.of("aid"), "public", "author", List.of("aid"))));
        SchemaCatalog academic = new SchemaCatalog("PostgreSQL", "15", "public", List.of(author, publication));
        Relevance.Verdict email = Relevance.judge("How many publications are there for each unique author email?", academic, List.of());
        assertEquals(Kind.NOT_ABOUT_DATABASE, email.kind());
        assertTrue(email.reason().contains("\"author email\" for author"), email.reason());
        assertEquals(Kind.UNCLEAR, Relevance.judge("How many publications are there for each author name?", academic, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("Can genetic engineering be used to create crops that resist pests?"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("How does daylight saving time affect the time zone difference between two places?"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("Can you provide a detailed review of the latest smartphone model released by XYZ?"));
        assertTrue(kind("Can you list the cars of customers in France?") != Kind.NOT_ABOUT_DATABASE);
        assertTrue(kind("Could you provide the make of each car?") != Kind.NOT_ABOUT_DATABASE);
        TableInfo couriers = new TableInfo("public", "couriers", null, List.of(col("courier_id", "int4"), col("full_name", "text")),
                List.of("courier_id"), List.of());
        SchemaCatalog shipping = new SchemaCatalog("PostgreSQL", "15", "public", List.of(couriers));
        assertTrue(Relevance.judge("Which courier has delivered the most parcels?", shipping, List.of()).kind() != Kind.NOT_ABOUT_DATABASE);
    }

    /**
     * Held-out set 5 (first run refused 2 of 50 answerable): "the average floor area" of properties with an area_m2 column is
     * how the user calls the column, and "opening year" is opened_year; what is the listener's ("your university") is refused.
     */
    @Test
    void aColumnCalledOtherwiseIsNoAbsentAttributeAndYourWorldIsNotTheDatabase() {
        TableInfo properties = new TableInfo("public", "properties", null, List.of(col("property_id", "int4"), col("property_type", "text"),
                col("area_m2", "numeric")), List.of("property_id"), List.of());
        TableInfo clubs = new TableInfo("public", "clubs", null, List.of(col("club_id", "int4"), col("name", "text"),
                col("opened_year", "int4")), List.of("club_id"), List.of());
        SchemaCatalog realty = new SchemaCatalog("PostgreSQL", "15", "public", List.of(properties, clubs));
        assertEquals(Kind.UNCLEAR, Relevance.judge("For each property type, what's the average floor area?", realty, List.of()).kind());
        assertEquals(Kind.UNCLEAR, Relevance.judge("Which clubs have no opening year recorded?", realty, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the average heating cost of properties?", realty, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("How many credits are required to complete a full semester at your university?"));
        assertTrue(kind("How many cars per make? Give only the count in your final answer") != Kind.NOT_ABOUT_DATABASE);
    }

    /**
     * Held-out sets 6 and 7 (first runs refused 3 and 2 of 50 answerable): whether rows exist ("is there any teacher
     * who"), a hyphenated name part ("co-teacher": co_teacher_id), the start of a period, a count of people, and what a
     * person spent (a name the lookup did not find: misspelled) are about data.
     */
    @Test
    void existenceHyphensPeriodsPeopleAndSpendingAreAboutData() {
        TableInfo teachers = new TableInfo("public", "teachers", null, List.of(col("id", "int4"), col("last_name", "text")),
                List.of("id"), List.of());
        TableInfo courses = new TableInfo("public", "courses", null, List.of(col("id", "int4"), col("title", "text"),
                col("teacher_id", "int4"), col("co_teacher_id", "int4")), List.of("id"), List.of(
                new ForeignKey(List.of("teacher_id"), "public", "teachers", List.of("id")),
                new ForeignKey(List.of("co_teacher_id"), "public", "teachers", List.of("id"))));
        TableInfo bills = new TableInfo("public", "bills", null, List.of(col("id", "int4"), col("period_month", "date"),
                col("amount", "numeric"), col("paid_on", "date")), List.of("id"), List.of());
        TableInfo models = new TableInfo("public", "car_models", null, List.of(col("model_id", "int4"), col("make", "text"),
                col("seats", "int4")), List.of("model_id"), List.of());
        TableInfo tickets = new TableInfo("public", "ticket_types", null, List.of(col("id", "int4"), col("price", "numeric")),
                List.of("id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(teachers, courses, bills, models, tickets));
        for (String q : new String[] {"Is there any teacher who isn't teaching or co-teaching a course at all? Who?",
            "Which courses have a co-teacher? Please give the course title, the teacher and the co-teacher.",
            "On average, how many days after the start of the billing month do bills get paid?",
            "Which car models seat more than 7 people?", "how much has Liam Olimpia spent on tickets"}) {
            assertTrue(Relevance.judge(q, c, List.of()).kind() != Kind.NOT_ABOUT_DATABASE, q);
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("Is Mount Everest taller than K2?", c, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("How much did the first Ford Model T cost?", c, List.of()).kind());
    }

    /**
     * Held-out sets 8 and 9 (first runs refused 2 and 1 of 50 answerable): a "staff member" is a row of staff, who "manages"
     * someone is the manager column's, and "10 minutes late" of trips is the delay in minutes.
     */
    @Test
    void rowNounsAgentNounsAndUnitsAreAboutData() {
        TableInfo staff = new TableInfo("public", "staff", null, List.of(col("staff_id", "int4"), col("name", "text"),
                col("manager_id", "int4")), List.of("staff_id"),
                List.of(new ForeignKey(List.of("manager_id"), "public", "staff", List.of("staff_id"))));
        TableInfo trips = new TableInfo("public", "trips", null, List.of(col("trip_id", "int4"), col("route_type", "text"),
                col("delay_minutes", "int4")), List.of("trip_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(staff, trips));
        List<ValueLink> chiara = List.of(new ValueLink(staff, staff.column("name"), "Chiara Rossi", "chiara rosi"));
        for (String q : new String[] {"for every staff member, how many people report directly to them", "who manages Chiara Rosi?",
            "per route type, what % of the trips that actually ran were more than 10 minutes late?"}) {
            assertTrue(Relevance.judge(q, c, chiara).kind() != Kind.NOT_ABOUT_DATABASE, q);
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("who manages Chiara Rosi?", c, List.of()).kind(), "a name the data lacks");
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("who paints the Mona Lisa?", c, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the average fuel cost of trips?", c, List.of()).kind());
        assertTrue(SchemaWords.agentNouns("manages").contains("manager"));
        assertTrue(SchemaWords.agentNouns("supplies").contains("supplier"));
        assertTrue(SchemaWords.agentNouns("teaches").contains("teacher"));
        assertTrue(SchemaWords.agentNouns("manager").isEmpty());
    }

    /** Held-out sets 10 and 11 (one answerable refused each): a name after a title, and a span of time between two dates. */
    @Test
    void aNameAfterATitleAndASpanBetweenTwoDatesAreAboutData() {
        TableInfo pets = new TableInfo("public", "pets", null, List.of(col("pet_id", "int4"), col("pet_name", "text")), List.of("pet_id"),
                List.of());
        TableInfo issues = new TableInfo("public", "issues", null, List.of(col("id", "int4"), col("project_id", "int4"),
                col("created_at", "timestamptz"), col("closed_at", "timestamptz")), List.of("id"), List.of());
        TableInfo projects = new TableInfo("public", "projects", null, List.of(col("id", "int4"), col("name", "text")), List.of("id"),
                List.of());
        SchemaCatalog vet = new SchemaCatalog("PostgreSQL", "15", "public", List.of(pets));
        SchemaCatalog tracker = new SchemaCatalog("PostgreSQL", "15", "public", List.of(issues, projects));
        assertTrue(Relevance.judge("how many different pets has dr rosi seen", vet, List.of()).kind() != Kind.NOT_ABOUT_DATABASE);
        assertTrue(Relevance.judge("avg resolution time in days per project, closed issues only", tracker, List.of()).kind()
                != Kind.NOT_ABOUT_DATABASE);
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("how many different pets have a microchip number", vet, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("avg resolution time in days per pet", vet, List.of()).kind(),
                "no two dates: nothing a span could run between");
    }

    /**
     * Held-out sets 12 and 13 (first runs refused 4 and 2 answerable): planes are aircraft, a sampled name one letter off
     * ("Amsterdm") or in the plural ("Embraer E190s") is the value, a delay is a span between two times, "flown" is a verb,
     * an increase is derived, and a name of several words the data holds is what a question about a fact asks about.
     */
    @Test
    void synonymsTyposPluralsSpansParticiplesAndHeldNamesAreAboutData() {
        TableInfo airports = new TableInfo("public", "airports", null, List.of(col("airport_code", "text"), col("city", "text")),
                List.of("airport_code"), List.of());
        TableInfo aircraft = new TableInfo("public", "aircraft", null, List.of(col("aircraft_id", "int4"), col("registration", "text"),
                col("model", "text")), List.of("aircraft_id"), List.of());
        TableInfo flights = new TableInfo("public", "flights", null, List.of(col("flight_id", "int4"), col("destination_code", "text"),
                col("aircraft_id", "int4"), col("scheduled_departure", "timestamp"), col("actual_departure", "timestamp"),
                col("status", "text")), List.of("flight_id"), List.of(
                new ForeignKey(List.of("destination_code"), "public", "airports", List.of("airport_code")),
                new ForeignKey(List.of("aircraft_id"), "public", "aircraft", List.of("aircraft_id"))));
        SchemaCatalog airline = new SchemaCatalog("PostgreSQL", "15", "public", List.of(airports, aircraft, flights));
        assertTrue(Relevance.judge("Which planes are Embraer E190s?", airline, List.of(new ValueLink(aircraft, aircraft.column("model"),
                "Embraer E190", "embraer e190s"))).kind() != Kind.NOT_ABOUT_DATABASE);
        assertTrue(Relevance.judge("how many flihgts went to Amsterdm in 2024", airline, List.of(new ValueLink(airports,
                airports.column("city"), "Amsterdam", "amsterdm"))).kind() != Kind.NOT_ABOUT_DATABASE);
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the seating capacity of the main venue at Madison Square Garden?",
                airline, List.of(new ValueLink(airports, airports.column("city"), "Avenue", "venue"))).kind(),
                "a word of its own one letter from a value, not a misspelling of it");
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("write me a poem about the sea", airline, List.of(new ValueLink(aircraft,
                aircraft.column("model"), "White", "write"))).kind(), "a word not written as a name is no misspelt value");
        assertTrue(Relevance.judge("average delay in minutes of delayed flights per destination city", airline, List.of(new ValueLink(
                flights, flights.column("status"), "delayed", "delayed"))).kind() != Kind.NOT_ABOUT_DATABASE);
        assertTrue(Relevance.judge("Which planes have never flown?", airline, List.of()).kind() != Kind.NOT_ABOUT_DATABASE);
        TableInfo tournaments = new TableInfo("public", "tournaments", null, List.of(col("id", "int4"), col("name", "text"),
                col("winner_id", "int4")), List.of("id"), List.of());
        TableInfo views = new TableInfo("public", "article_views", null, List.of(col("view_id", "int4"), col("viewed_on", "date")),
                List.of("view_id"), List.of());
        TableInfo sections = new TableInfo("public", "sections", null, List.of(col("id", "int4"), col("name", "text")), List.of("id"),
                List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(tournaments, views, sections));
        assertTrue(Relevance.judge("who won the Spring Clay Open in 2025?", c, List.of(new ValueLink(tournaments,
                tournaments.column("name"), "Spring Clay Open", "spring clay open"))).kind() != Kind.NOT_ABOUT_DATABASE);
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("who won the Spring Clay Open in 2025?", c, List.of()).kind(),
                "a name the data lacks");
        TableInfo states = new TableInfo("public", "state", null, List.of(col("state_code", "text"), col("state_name", "text"),
                col("country_name", "text")), List.of("state_code"), List.of());
        SchemaCatalog geo = new SchemaCatalog("PostgreSQL", "15", "public", List.of(states));
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the process for a state to secede from the United States?", geo,
                List.of(new ValueLink(states, states.column("country_name"), "United States", "united states"))).kind(),
                "a category's value is no row the question asks about");
        assertTrue(Relevance.judge("which section had the biggest increase in views from 2024 to 2025", c, List.of()).kind()
                != Kind.NOT_ABOUT_DATABASE);
    }

    /**
     * Held-out set 21 (fleet; answerable refused): "List the trucks built before 2015 that can carry more than 20 tonnes"
     * was refused as about an absent "carry", then "tonnes", of trucks (capacity_kg). What the rows can do, and a unit after
     * a number, are a quantity of data, never an attribute the database lacks. Held-out set 19: "cafés" names cafes.
     */
    @Test
    void whatRowsCanDoAndUnitsAfterNumbersAndAccentsAreAboutData() {
        TableInfo trucks = new TableInfo("public", "trucks", null, List.of(col("truck_id", "int4"), col("model_year", "int4"),
                col("capacity_kg", "int4")), List.of("truck_id"), List.of());
        TableInfo cafes = new TableInfo("public", "cafes", null, List.of(col("cafe_id", "int4"), col("cafe_name", "text")),
                List.of("cafe_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(trucks, cafes));
        for (String q : new String[] {"List the trucks built before 2015 that can carry more than 20 tonnes.",
            "Which cafés have no sales at all?", "Number of receipts per café in 2025"}) {
            assertTrue(Relevance.judge(q, c, List.of()).kind() != Kind.NOT_ABOUT_DATABASE, q);
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the average fuel consumption of trucks?", c, List.of()).kind());
    }

    /**
     * Held-out sets 22 and 23 (answerable refused): "For each insurance company, how many prescriptions..." (prescriptions
     * have an insurer), "the average asking rent of units" (units have monthly_rent) and "how many orders has ana ruiz
     * placed" (a name in lower case, then what was done) were refused as about attributes the database lacks. A modifier
     * that links a column is how the user calls it; "asking", "net", "expected" qualify; after "has" a name that does
     * something is who did it.
     */
    @Test
    void howUsersCallAColumnAndWhoDidSomethingAreAboutData() {
        TableInfo prescriptions = new TableInfo("public", "prescriptions", null, List.of(col("prescription_id", "int4"),
                col("insurer", "text"), col("filled_date", "date")), List.of("prescription_id"), List.of());
        TableInfo units = new TableInfo("public", "units", null, List.of(col("unit_id", "int4"), col("monthly_rent", "numeric")),
                List.of("unit_id"), List.of());
        TableInfo orders = new TableInfo("public", "orders", null, List.of(col("order_id", "int4"), col("buyer_name", "text"),
                col("placed_at", "timestamp")), List.of("order_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(prescriptions, units, orders));
        for (String q : new String[] {"For each insurance company, how many prescriptions were there?",
            "What is the average asking rent of units?", "how many orders has ana ruiz placed"}) {
            assertTrue(Relevance.judge(q, c, List.of()).kind() != Kind.NOT_ABOUT_DATABASE, q);
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the average floor area of units?", c, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("How many orders has a gift wrapping option?", c, List.of()).kind());
    }

    /**
     * Held-out sets 22 and 23 (answerable refused): "the most money in donations", "the top 5 households by total kilos
     * collected" (weight_kg) and "Which current staff haven't worked on a single batch yet?" (a question about a fact, then
     * about things in general). Money and a unit are quantities of data; staff who have done something are rows; "a single"
     * is one of the rows.
     */
    @Test
    void moneyUnitsAndStaffWhoDidSomethingAreAboutData() {
        TableInfo donations = new TableInfo("public", "donations", null, List.of(col("donation_id", "int4"), col("amount", "numeric"),
                col("donated_at", "date")), List.of("donation_id"), List.of());
        TableInfo pickups = new TableInfo("public", "pickups", null, List.of(col("pickup_id", "int4"), col("household_id", "int4"),
                col("weight_kg", "numeric")), List.of("pickup_id"), List.of());
        TableInfo households = new TableInfo("public", "households", null, List.of(col("household_id", "int4"),
                col("street_address", "text")), List.of("household_id"), List.of());
        TableInfo batches = new TableInfo("public", "batches", null, List.of(col("batch_id", "int4"), col("brew_date", "date")),
                List.of("batch_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(donations, pickups, households, batches));
        for (String q : new String[] {"Which month of 2024 brought in the most money in donations?",
            "Give me the top 5 households by total kilos collected in 2024.", "Which current staff haven't worked on a single batch yet?"}) {
            assertTrue(Relevance.judge(q, c, List.of()).kind() != Kind.NOT_ABOUT_DATABASE, q);
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("Which country has the most people?", c, List.of()).kind());
    }

    /**
     * Held-out set 25 (language school; answerable refused): "Who withdrew from a course in 2025?" (withdrawn_on) and
     * "Which students still owe money on their enrolments" (fee_paid). An irregular past names the column of its
     * participle; owing is money.
     */
    @Test
    void anIrregularPastAndOwingAreAboutData() {
        TableInfo enrolments = new TableInfo("public", "enrolments", null, List.of(col("enrolment_id", "int4"), col("fee_paid", "numeric"),
                new ColumnInfo("withdrawn_on", "date", true, null)), List.of("enrolment_id"), List.of());
        TableInfo students = new TableInfo("public", "students", null, List.of(col("student_id", "int4"), col("full_name", "text")),
                List.of("student_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(enrolments, students));
        for (String q : new String[] {"Who withdrew from a course in 2025?", "Which students still owe money on their enrolments?"}) {
            assertTrue(Relevance.judge(q, c, List.of()).kind() != Kind.NOT_ABOUT_DATABASE, q);
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("Who won the 2018 World Cup?", c, List.of()).kind());
    }

    /**
     * Held-out sets 26 and 27 (answerable refused): "Which client companies have never given us a vacancy?" (an absent
     * "us") and "Name the animals that have died since the start of 2024" (deceased_on). A pronoun names nothing; "died"
     * is said of a death or deceased column.
     */
    @Test
    void pronounsAndDyingAreAboutData() {
        TableInfo companies = new TableInfo("public", "client_companies", null, List.of(col("company_id", "int4"),
                col("company_name", "text")), List.of("company_id"), List.of());
        TableInfo vacancies = new TableInfo("public", "vacancies", null, List.of(col("vacancy_id", "int4"), col("company_id", "int4"),
                col("job_title", "text")), List.of("vacancy_id"), List.of());
        TableInfo animals = new TableInfo("public", "animals", null, List.of(col("animal_id", "int4"), col("house_name", "text"),
                new ColumnInfo("deceased_on", "date", true, null)), List.of("animal_id"), List.of());
        SchemaCatalog c = new SchemaCatalog("PostgreSQL", "15", "public", List.of(companies, vacancies, animals));
        for (String q : new String[] {"Which client companies have never given us a vacancy?",
            "Name the animals that have died since the start of 2024, with their date of death."}) {
            assertTrue(Relevance.judge(q, c, List.of()).kind() != Kind.NOT_ABOUT_DATABASE, q);
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("When did Napoleon die?", c, List.of()).kind());
    }

    @Test
    void aLengthOfTimeOfRowsWithTwoDatesIsADataQuestion() {
        // held-out-17 "whats the longest trip length in days": a time between a trip's two dates, not a fact of the world
        assertEquals(Kind.UNCLEAR, kind("What's the longest repair length in days?"));
        assertEquals(Kind.UNCLEAR, kind("how long does a repair take on average"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("What's the longest car length in meters?"), "cars have no dates to take a time from");
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("How long is the Nile?"));
    }

    @Test
    void whoDidSomethingToRowsItHoldsIsADataQuestion() {
        // held-out-28 "Who holds an employee permit? I need the driver's name and the plate." had been NL002 ("holds")
        assertEquals(Kind.UNCLEAR, kind("Who owns a red car?"));
        assertEquals(Kind.UNCLEAR, kind("who paid for the repairs"), "after a preposition too");
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("Who painted the Night Watch?"));
        assertEquals(Kind.NOT_ABOUT_DATABASE, kind("Who wrote the dystopian novel 1984?"));
    }

    @Test
    void aNounOfTwoLettersInATableNameNamesIt() {
        // held-out-28 "Which show brought in the most ad money on episodes published in 2024?" had been NL002 (no "ad money")
        TableInfo episodes = new TableInfo("public", "episodes", null, List.of(col("episode_id", "int4"), col("title", "text"),
                col("published_at", "date")), List.of("episode_id"), List.of());
        TableInfo adSpots = new TableInfo("public", "ad_spots", null, List.of(col("ad_spot_id", "int4"), col("episode_id", "int4"),
                col("price", "numeric")), List.of("ad_spot_id"),
                List.of(new ForeignKey(List.of("episode_id"), "public", "episodes", List.of("episode_id"))));
        SchemaCatalog podcast = new SchemaCatalog("PostgreSQL", "15", "public", List.of(episodes, adSpots));
        assertEquals(Kind.UNCLEAR, Relevance.judge("Which episode brought in the most ad money in 2024?", podcast, List.of()).kind());
        TableInfo sbCustomer = new TableInfo("public", "sb_customer", null, List.of(col("id", "int4"), col("name", "text")),
                List.of("id"), List.of());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("what is the sb of jupiter", new SchemaCatalog("PostgreSQL", "15",
                "public", List.of(sbCustomer)), List.of()).kind(), "a prefix of two letters names nothing");
    }

    @Test
    void negationsSeasonsAndPlainSynonymsAreNoAbsentData() {
        // held-out sets 30 and 31: "Which registered vehicles have never come in for a wash?", "over the winter of 2024/25",
        // "the oldest ship" (vessels), "for each cause" (a reason column) had been NL002
        assertEquals(Kind.UNCLEAR, kind("Which registered cars have never come in for a repair?"));
        assertEquals(Kind.UNCLEAR, kind("How many repairs were there over the winter of 2024?"));
        TableInfo vessels = new TableInfo("public", "vessels", null, List.of(col("vessel_id", "int4"), col("vessel_name", "text"),
                col("built_year", "int4")), List.of("vessel_id"), List.of());
        TableInfo delays = new TableInfo("public", "delays", null, List.of(col("delay_id", "int4"), col("vessel_id", "int4"),
                col("reason", "text"), col("delay_minutes", "int4")), List.of("delay_id"),
                List.of(new ForeignKey(List.of("vessel_id"), "public", "vessels", List.of("vessel_id"))));
        SchemaCatalog ferry = new SchemaCatalog("PostgreSQL", "15", "public", List.of(vessels, delays));
        assertEquals(Kind.UNCLEAR, Relevance.judge("What is the oldest ship?", ferry, List.of()).kind());
        assertEquals(Kind.UNCLEAR, Relevance.judge("Average delay minutes for each cause", ferry, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the capital of Norway?", ferry, List.of()).kind());
    }

    @Test
    void aParticipleOfATablesNounNamesTheTable() {
        // held-out-33 "Which sampling points have never been sampled?" had been NL002: only "sampling" was read as linked
        TableInfo sites = new TableInfo("public", "sampling_sites", null, List.of(col("site_id", "int4"), col("site_name", "text")),
                List.of("site_id"), List.of());
        TableInfo samples = new TableInfo("public", "samples", null, List.of(col("sample_id", "int4"), col("site_id", "int4")),
                List.of("sample_id"), List.of(new ForeignKey(List.of("site_id"), "public", "sampling_sites", List.of("site_id"))));
        SchemaCatalog lab = new SchemaCatalog("PostgreSQL", "15", "public", List.of(sites, samples));
        assertEquals(Kind.UNCLEAR, Relevance.judge("Which sampling points have never been sampled?", lab, List.of()).kind(),
                Relevance.judge("Which sampling points have never been sampled?", lab, List.of()).reason());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("Who invented the sampling theorem?", lab, List.of()).kind());
    }

    @Test
    void takingsUsedBranchesRowsBeforeTheirVerbAndAColumnsOtherNameAreData() {
        // held-out sets 34 and 35: each of these answerable questions had been NL002
        TableInfo locations = new TableInfo("public", "locations", null, List.of(col("location_id", "int4"), col("name", "text"),
                col("closed_on", "date")), List.of("location_id"), List.of());
        TableInfo cycles = new TableInfo("public", "cycles", null, List.of(col("cycle_id", "int4"), col("location_id", "int4"),
                col("amount_paid", "numeric"), col("status", "text")), List.of("cycle_id"),
                List.of(new ForeignKey(List.of("location_id"), "public", "locations", List.of("location_id"))));
        TableInfo parts = new TableInfo("public", "parts", null, List.of(col("part_id", "int4"), col("part_name", "text"),
                col("unit_cost", "numeric")), List.of("part_id"), List.of());
        TableInfo masters = new TableInfo("public", "game_masters", null, List.of(col("gm_id", "int4"), col("first_name", "text"),
                col("hourly_rate", "numeric")), List.of("gm_id"), List.of());
        TableInfo games = new TableInfo("public", "games", null, List.of(col("game_id", "int4"), col("gm_id", "int4"),
                col("price", "numeric")), List.of("game_id"),
                List.of(new ForeignKey(List.of("gm_id"), "public", "game_masters", List.of("gm_id"))));
        TableInfo codes = new TableInfo("public", "promo_codes", null, List.of(col("promo_code_id", "int4"), col("code", "text"),
                col("discount_pct", "numeric")), List.of("promo_code_id"), List.of());
        TableInfo dogs = new TableInfo("public", "dogs", null, List.of(col("dog_id", "int4"), col("name", "text"),
                col("vaccinated_until", "date")), List.of("dog_id"), List.of());
        SchemaCatalog db = new SchemaCatalog("PostgreSQL", "15", "public", List.of(locations, cycles, parts, masters, games, codes, dogs));
        for (String q : List.of("refunded cycles per branch in Q4 2024", "most used spare part by quantity",
                "total takings from completed games in the last quarter of 2024", "Which game masters haven't run a game yet?",
                "which promo codes has nobody ever used?", "List the dogs whose vaccination certificate had expired by 30 June 2025"
                        + " or that we have no certificate for at all")) {
            assertEquals(Kind.UNCLEAR, Relevance.judge(q, db, List.of()).kind(), q + ": " + Relevance.judge(q, db, List.of()).reason());
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("Which country has the most lakes?", db, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the average weight of the dogs?", db, List.of()).kind());
    }

    @Test
    void aQuotedTitleHeldAndWordsAfterThePhraseThatNameAColumnAreData() {
        // held-out set 36: both answerable questions had been NL002
        TableInfo books = new TableInfo("public", "books", null, List.of(col("book_id", "int4"), col("title", "text"),
                col("stock_quantity", "int4"), col("status", "text")), List.of("book_id"), List.of());
        TableInfo customers = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"), col("city", "text")),
                List.of("customer_id"), List.of());
        SchemaCatalog shop = new SchemaCatalog("PostgreSQL", "15", "public", List.of(books, customers));
        List<ValueLink> lincoln = List.of(new ValueLink(books, books.column("title"), "Lincoln", "lincoln"),
                new ValueLink(customers, customers.column("city"), "Lincoln", "lincoln"));
        assertEquals(Kind.UNCLEAR, Relevance.judge("Who wrote 'Lincoln'?", shop, lincoln).kind(),
                Relevance.judge("Who wrote 'Lincoln'?", shop, lincoln).reason());
        String copies = "Which books are listed as available but have no copies in stock?";
        assertEquals(Kind.UNCLEAR, Relevance.judge(copies, shop, List.of()).kind(), Relevance.judge(copies, shop, List.of()).reason());
        // a quoted name the database does not hold as a row's name, and a phrase whose next words name a table, still are not
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("Who wrote 'Hamlet'?", shop, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the average weight of books?", shop, List.of()).kind());
    }

    @Test
    void negatedAuxiliariesBodiesOfPeopleAndAVerbBeforeAPronounAreData() {
        // held-out set 39: both answerable questions had been NL002
        TableInfo crews = new TableInfo("public", "crews", null, List.of(col("crew_id", "int4"), col("crew_name", "text")),
                List.of("crew_id"), List.of());
        TableInfo members = new TableInfo("public", "crew_members", null, List.of(col("member_id", "int4"), col("first_name", "text"),
                col("last_name", "text"), col("crew_id", "int4")), List.of("member_id"), List.of());
        TableInfo instruments = new TableInfo("public", "instruments", null, List.of(col("instrument_id", "int4"),
                col("instrument_name", "text")), List.of("instrument_id"), List.of());
        SchemaCatalog db = new SchemaCatalog("PostgreSQL", "15", "public", List.of(crews, members, instruments));
        for (String q : List.of("Which staff aren't in any crew?", "Which instruments have nobody playing them?")) {
            assertEquals(Kind.UNCLEAR, Relevance.judge(q, db, List.of()).kind(), q + ": " + Relevance.judge(q, db, List.of()).reason());
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the average weight of instruments?", db, List.of()).kind());
    }

    @Test
    void aPronounWithItsAuxiliaryIsGrammar() {
        // held-out sets 42 and 44: "we've" had been read as a word "weve" the database lacks (NL002)
        TableInfo sales = new TableInfo("public", "jar_sales", null, List.of(col("sale_id", "int4"), col("jar_size_g", "int4"),
                col("price_per_jar", "numeric")), List.of("sale_id"), List.of());
        SchemaCatalog db = new SchemaCatalog("PostgreSQL", "15", "public", List.of(sales));
        for (String q : List.of("What's the most we've ever charged per jar?", "What's the most we’ve ever charged per jar?")) {
            assertEquals(Kind.UNCLEAR, Relevance.judge(q, db, List.of()).kind(), q + ": " + Relevance.judge(q, db, List.of()).reason());
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What is the average weight of jar sales?", db, List.of()).kind());
    }

    @Test
    void aRateOfRowsArithmeticSpelledOutAndIrregularParticiplesAreData() {
        // held-out sets 46 and 47, first runs: "sat the theory test", "response rate", "margin (... minus ...)" had been NL002
        TableInfo tests = new TableInfo("public", "driving_tests", null, List.of(col("test_id", "int4"), col("student_id", "int4"),
                col("test_type", "text"), col("test_date", "date"), col("result", "text")), List.of("test_id"), List.of());
        TableInfo campaigns = new TableInfo("public", "campaigns", null, List.of(col("campaign_id", "int4"), col("name", "text"),
                col("budget", "numeric")), List.of("campaign_id"), List.of());
        TableInfo contacts = new TableInfo("public", "campaign_contacts", null, List.of(col("campaign_id", "int4"),
                col("donor_id", "int4"), col("responded", "bool")), List.of("campaign_id", "donor_id"), List.of(
                new ForeignKey(List.of("campaign_id"), "public", "campaigns", List.of("campaign_id"))));
        TableInfo parts = new TableInfo("public", "job_parts", null, List.of(col("job_id", "int4"), col("product_id", "int4"),
                col("quantity", "int4"), col("unit_price", "numeric")), List.of("job_id", "product_id"), List.of());
        SchemaCatalog db = new SchemaCatalog("PostgreSQL", "15", "public", List.of(tests, campaigns, contacts, parts));
        for (String q : List.of("How many students have sat the theory test at least once but never passed it?",
                "Which campaign had the highest response rate?", "What was our total margin on parts (what we charged minus "
                + "what they cost us) in 2024?")) {
            assertEquals(Kind.UNCLEAR, Relevance.judge(q, db, List.of()).kind(), q + ": " + Relevance.judge(q, db, List.of()).reason());
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("Which campaign had the highest crime rate?", db, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("What was our total margin on parts in 2024?", db, List.of()).kind());
    }

    @Test
    void whichRowOfATableAndAProductSpelledOutAreData() {
        // held-out sets 52 and 53, first runs: both had been NL002
        TableInfo vets = new TableInfo("public", "vets", null, List.of(col("vet_id", "int4"), col("full_name", "text")),
                List.of("vet_id"), List.of());
        TableInfo visits = new TableInfo("public", "visits", null, List.of(col("visit_id", "int4"), col("vet_id", "int4"),
                col("visit_date", "date")), List.of("visit_id"), List.of(new ForeignKey(List.of("vet_id"), "public", "vets",
                List.of("vet_id"))));
        TableInfo customers = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"),
                col("customer_name", "text")), List.of("customer_id"), List.of());
        TableInfo items = new TableInfo("public", "rental_items", null, List.of(col("rental_id", "int4"), col("quantity", "int4"),
                col("daily_rate_charged", "numeric")), List.of("rental_id"), List.of());
        SchemaCatalog db = new SchemaCatalog("PostgreSQL", "15", "public", List.of(vets, visits, customers, items));
        for (String q : List.of("Which vet has not been out on a single visit yet?", "Which 5 customers have the highest total hire "
                + "value (quantity times daily rate charged times the number of days)?")) {
            assertEquals(Kind.UNCLEAR, Relevance.judge(q, db, List.of()).kind(), q + ": " + Relevance.judge(q, db, List.of()).reason());
        }
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("How many times did Apollo astronauts land on the moon?", db, List.of()).kind());
        assertEquals(Kind.NOT_ABOUT_DATABASE, Relevance.judge("Which 5 customers have the highest total hire value?", db, List.of())
                .kind());
    }
}
