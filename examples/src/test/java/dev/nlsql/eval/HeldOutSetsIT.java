package dev.nlsql.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.engine.Narration;
import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The forty-one held-out question sets (eval/held-out*, written before the rules ran on them) through {@code nlsql eval}'s
 * own {@link Evaluator}, offline: what they found wrong stays fixed. Every answer right, none wrong at high, no answerable
 * question refused (NL002), and at least the answers counted when their lessons were learnt. Their first runs, the figures
 * that count, are in bench/README.md ("Confidence against correctness"); these sets are tuned on now, so this guards
 * against regressions and proves nothing about unseen data.
 */
class HeldOutSetsIT {

    /** Each set's databases: the name its questions give, and where the schema comes from (a resource, or the samples). */
    private static final Map<String, List<String[]>> SETS = Map.ofEntries(
            set("held-out", "netflix", "samples:netflix.sql", "happiness", "samples:happiness_index.sql", "periodic",
                    "samples:periodic_table.sql", "bikeshare", "held-out/bikeshare.sql"),
            set("held-out-2", "library", "held-out-2/library.sql", "clinic", "held-out-2/clinic.sql"),
            set("held-out-3", "company", "held-out-3/company.sql", "league", "held-out-3/league.sql"),
            set("held-out-4", "hotel", "held-out-4/hotel.sql", "shipping", "held-out-4/shipping.sql"),
            set("held-out-5", "realty", "held-out-5/realty.sql", "gym", "held-out-5/gym.sql"),
            set("held-out-6", "school", "held-out-6/school.sql", "utility", "held-out-6/utility.sql"),
            set("held-out-7", "rental", "held-out-7/rental.sql", "events", "held-out-7/events.sql"),
            set("held-out-8", "nursery", "held-out-8/nursery.sql", "museum", "held-out-8/museum.sql"),
            set("held-out-9", "cinema", "held-out-9/cinema.sql", "transit", "held-out-9/transit.sql"),
            set("held-out-10", "bakery", "held-out-10/bakery.sql", "vet", "held-out-10/vet.sql"),
            set("held-out-11", "tracker", "held-out-11/tracker.sql", "farm", "held-out-11/farm.sql"),
            set("held-out-12", "airline", "held-out-12/airline.sql", "shop", "held-out-12/shop.sql"),
            set("held-out-13", "tennis", "held-out-13/tennis.sql", "news", "held-out-13/news.sql"),
            set("held-out-14", "hospital", "held-out-14/hospital.sql", "warehouse", "held-out-14/warehouse.sql"),
            set("held-out-15", "festival", "held-out-15/festival.sql", "bank", "held-out-15/bank.sql"),
            set("held-out-16", "hr", "held-out-16/hr.sql", "streaming", "held-out-16/streaming.sql"),
            set("held-out-17", "energy", "held-out-17/energy.sql", "school_trips", "held-out-17/school_trips.sql"),
            set("held-out-18", "library", "held-out-18/library.sql", "food_delivery", "held-out-18/food_delivery.sql"),
            set("held-out-19", "insurance", "held-out-19/insurance.sql", "coffee", "held-out-19/coffee.sql"),
            set("held-out-20", "saas", "held-out-20/saas.sql", "construction", "held-out-20/construction.sql"),
            set("held-out-21", "university", "held-out-21/university.sql", "fleet", "held-out-21/fleet.sql"),
            set("held-out-22", "brewery", "held-out-22/brewery.sql", "charity", "held-out-22/charity.sql"),
            set("held-out-23", "ski_resort", "held-out-23/ski_resort.sql", "recycling", "held-out-23/recycling.sql"),
            set("held-out-24", "dental", "held-out-24/dental.sql", "print_shop", "held-out-24/print_shop.sql"),
            set("held-out-25", "marina", "held-out-25/marina.sql", "language_school", "held-out-25/language_school.sql"),
            set("held-out-26", "theatre", "held-out-26/theatre.sql", "recruitment", "held-out-26/recruitment.sql"),
            set("held-out-27", "zoo", "held-out-27/zoo.sql", "law_firm", "held-out-27/law_firm.sql"),
            set("held-out-28", "parking", "held-out-28/parking.sql", "podcast", "held-out-28/podcast.sql"),
            set("held-out-29", "pet_grooming", "held-out-29/pet_grooming.sql", "solar_installer", "held-out-29/solar_installer.sql"),
            set("held-out-30", "car_wash", "held-out-30/car_wash.sql", "dance_studio", "held-out-30/dance_studio.sql"),
            set("held-out-31", "ferry", "held-out-31/ferry.sql", "it_helpdesk", "held-out-31/it_helpdesk.sql"),
            set("held-out-32", "bike_shop", "held-out-32/bike_shop.sql", "tutoring", "held-out-32/tutoring.sql"),
            set("held-out-33", "campground", "held-out-33/campground.sql", "water_lab", "held-out-33/water_lab.sql"),
            set("held-out-34", "kennel", "held-out-34/kennel.sql", "print_subscription", "held-out-34/print_subscription.sql"),
            set("held-out-35", "escape_room", "held-out-35/escape_room.sql", "laundromat", "held-out-35/laundromat.sql"),
            set("held-out-36", "bookshop", "held-out-36/bookshop.sql", "pottery_studio", "held-out-36/pottery_studio.sql"),
            set("held-out-37", "food_bank", "held-out-37/food_bank.sql", "car_rental", "held-out-37/car_rental.sql"),
            set("held-out-38", "climbing_gym", "held-out-38/climbing_gym.sql", "plant_nursery", "held-out-38/plant_nursery.sql"),
            set("held-out-39", "moving_company", "held-out-39/moving_company.sql", "orchestra", "held-out-39/orchestra.sql"),
            set("held-out-40", "coworking", "held-out-40/coworking.sql", "bicycle_courier", "held-out-40/bicycle_courier.sql"),
            set("held-out-41", "allotments", "held-out-41/allotments.sql", "home_care", "held-out-41/home_care.sql"),
            set("held-out-42", "beekeeping", "held-out-42/beekeeping.sql", "swimming_pool", "held-out-42/swimming_pool.sql"),
            set("held-out-43", "wedding_venue", "held-out-43/wedding_venue.sql", "radio_station", "held-out-43/radio_station.sql"),
            set("held-out-44", "scrap_yard", "held-out-44/scrap_yard.sql", "piano_service", "held-out-44/piano_service.sql"),
            set("held-out-45", "tattoo_studio", "held-out-45/tattoo_studio.sql", "winery", "held-out-45/winery.sql"),
            set("held-out-46", "driving_school", "held-out-46/driving_school.sql", "locksmith", "held-out-46/locksmith.sql"),
            set("held-out-47", "riding_stables", "held-out-47/riding_stables.sql", "blood_bank", "held-out-47/blood_bank.sql"),
            set("held-out-48", "dog_daycare", "held-out-48/dog_daycare.sql", "print_studio", "held-out-48/print_studio.sql"),
            set("held-out-49", "boat_hire", "held-out-49/boat_hire.sql", "community_theatre_box_office",
                    "held-out-49/community_theatre_box_office.sql"),
            set("held-out-50", "bouldering_league", "held-out-50/bouldering_league.sql", "window_cleaning",
                    "held-out-50/window_cleaning.sql"),
            set("held-out-51", "guitar_workshop", "held-out-51/guitar_workshop.sql", "allotment_seed_bank",
                    "held-out-51/allotment_seed_bank.sql"),
            set("held-out-52", "mobile_vet_clinic", "held-out-52/mobile_vet_clinic.sql", "food_truck_fleet",
                    "held-out-52/food_truck_fleet.sql"),
            set("held-out-53", "sailing_school", "held-out-53/sailing_school.sql", "costume_rental", "held-out-53/costume_rental.sql"));

    /** A set's entry: pairs of a database's name and where its schema comes from. */
    private static Map.Entry<String, List<String[]>> set(String name, String... databases) {
        List<String[]> out = new ArrayList<>();
        for (int i = 0; i < databases.length; i += 2) {
            out.add(new String[] {databases[i], databases[i + 1]});
        }
        return Map.entry(name, out);
    }
    /** Answers counted when the set's lessons were learnt: fewer is a loss of coverage. */
    private static final Map<String, Integer> ANSWERED = Map.ofEntries(Map.entry("held-out", 16),
            Map.entry("held-out-2", 17), Map.entry("held-out-3", 11), Map.entry("held-out-4", 10), Map.entry("held-out-5", 10),
            Map.entry("held-out-6", 7), Map.entry("held-out-7", 7), Map.entry("held-out-8", 7), Map.entry("held-out-9", 10),
            Map.entry("held-out-10", 17), Map.entry("held-out-11", 11), Map.entry("held-out-12", 8), Map.entry("held-out-13", 19),
            Map.entry("held-out-14", 7), Map.entry("held-out-15", 21), Map.entry("held-out-16", 11), Map.entry("held-out-17", 14),
            Map.entry("held-out-18", 8), Map.entry("held-out-19", 7), Map.entry("held-out-20", 16), Map.entry("held-out-21", 8),
            Map.entry("held-out-22", 4), Map.entry("held-out-23", 3), Map.entry("held-out-24", 4), Map.entry("held-out-25", 8),
            Map.entry("held-out-26", 5), Map.entry("held-out-27", 2), Map.entry("held-out-28", 6), Map.entry("held-out-29", 9),
            Map.entry("held-out-30", 11), Map.entry("held-out-31", 7), Map.entry("held-out-32", 4), Map.entry("held-out-33", 4),
            Map.entry("held-out-34", 4), Map.entry("held-out-35", 5), Map.entry("held-out-36", 13), Map.entry("held-out-37", 11),
            Map.entry("held-out-38", 12), Map.entry("held-out-39", 7), Map.entry("held-out-40", 12), Map.entry("held-out-41", 6),
            Map.entry("held-out-42", 10), Map.entry("held-out-43", 8), Map.entry("held-out-44", 6),
            Map.entry("held-out-45", 13), Map.entry("held-out-46", 8), Map.entry("held-out-47", 7), Map.entry("held-out-48", 6),
            Map.entry("held-out-49", 11), Map.entry("held-out-50", 5), Map.entry("held-out-51", 10), Map.entry("held-out-52", 9),
            Map.entry("held-out-53", 7));
    /**
     * Answers the grader counts wrong that are right, each with why: festivals repeat their names across years, and the
     * gold shows the year beside the festival's key and name; the answer shows the key and name, which say which festival.
     * "Which depots have no trucks assigned?": the gold adds each depot's city, which the question does not ask for; the
     * answer's key and name are the same depots (depot names are unique). "Which donors have never actually made a
     * donation?": the gold adds each donor's organisation (empty for most); the answer's key and names are the same donors.
     * "Which registered vehicles have never come in for a wash?": the gold adds make and model; the answer's key and licence
     * plate are the same vehicles. "How many orders did we get each month in 2025?": the answer gives each month by its
     * first day (2025-01-01), the gold by its number (1); the counts are the same. "How many upheld complaints does each
     * carer have?": the answer lists every carer, 0 for those with none; the gold only those with one. "Which wines have
     * never been sold?" (set 45): the gold shows each wine's name and vintage, the answer its key and name; the same wines.
     */
    private static final Map<String, List<String>> RIGHT_THOUGH_GRADED_WRONG = Map.of("held-out-15",
            List.of("how many volunteers does each festival have"), "held-out-21", List.of("Which depots have no trucks assigned?"),
            "held-out-22", List.of("Which donors have never actually made a donation?"),
            "held-out-30", List.of("Which registered vehicles have never come in for a wash?"),
            "held-out-38", List.of("How many orders did we get each month in 2025?"),
            "held-out-41", List.of("How many upheld complaints does each carer have?"),
            "held-out-45", List.of("Which wines have never been sold?"));
    /**
     * Answerable questions still refused as about no data (NL002), each for a word that is a synonym of a name no rule here
     * knows: "property" for the solar installer's sites, "bill" for an appointment's total_price, "manager" for a staff
     * member's job_role 'site manager', "nitrate" for the analyte 'Nitrate (as N)' (a word of a longer value), "classes"
     * for the swimming pool's lessons, "sugar level" for a harvest's brix (set 45). Issue 41's similarity matching is the
     * way to them; any other refusal fails.
     */
    private static final Map<String, List<String>> REFUSED_FOR_A_SYNONYM = Map.of("held-out-29", List.of(
            "Average bill for cats versus dogs versus rabbits in 2024, completed appointments only",
            "Which customers don't have any property on file?", "How many customers have a property in Mesa?"),
            "held-out-30", List.of("Who is the current manager of each site?"), "held-out-33", List.of(
            "What's the average nitrate reading at the Ridgeview Farm Well?"), "held-out-42", List.of(
            "Which instructor is teaching the most classes in the Summer 2025 term?",
            "Which instructor has had the most withdrawals from their classes?"), "held-out-45", List.of(
            "What was the average sugar level of the red grapes we picked in 2024?"));
    /**
     * A reading the set's writer did not mean, answered at medium, never at high: "Which 3 students had the most lessons in
     * 2024?" counts every lesson of 2024; the writer counts the completed ones, as the tutoring agency's other questions do.
     * The lessons table has a status column the SQL does not filter, which the answer names as its doubt. ("which conductor
     * has done the most concerts", set 39, was one too; "done" of rows with a status now declines.) "how
     * many no-shows did we get in June?" (set 42) counts the last June by today's date (2026); the writer, whose data ends
     * on 2025-06-30, means June 2025. The bookings' three dates leave it at medium.
     */
    private static final Map<String, List<String>> WRONG_AT_MEDIUM = Map.of("held-out-32",
            List.of("Which 3 students had the most lessons in 2024?"), "held-out-42", List.of("how many no-shows did we get in June?"));
    private static final String PREFIX = "nlsql_heldout_";

    private static String unusedPrefix() {
        try {
            return TestPostgres.unusedPrefix(PREFIX);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    static void load() throws Exception {
        for (Map.Entry<String, List<String[]>> set : SETS.entrySet()) {
            for (String[] db : set.getValue()) {
                String name = prefix(set.getKey()) + db[0];
                TestPostgres.dropDatabase(name);
                TestPostgres.createDatabaseIfMissing(name);
                String script = db[1].startsWith("samples:")
                        ? Files.readString(Benchmarks.dir().resolve("samples").resolve(db[1].substring("samples:".length())), StandardCharsets.UTF_8)
                        : resource("/eval/" + db[1]);
                try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(name))) {
                    c.setAutoCommit(false);
                    loadDump(c, script);
                    c.commit();
                }
            }
        }
    }

    @AfterAll
    static void drop() throws Exception {
        for (Map.Entry<String, List<String[]>> set : SETS.entrySet()) {
            for (String[] db : set.getValue()) {
                TestPostgres.dropDatabase(prefix(set.getKey()) + db[0]);
            }
        }
    }

    /** Each set's databases apart: two sets may both have a "library". */
    private static String prefix(String set) {
        return unusedPrefix() + (set.equals("held-out") ? "1" : set.substring("held-out-".length())) + "_";
    }

    /** A plain SQL script or pg_dump's plain format: statements, and COPY ... FROM stdin blocks up to their "\\." line. */
    private static void loadDump(Connection c, String script) throws Exception {
        StringBuilder sql = new StringBuilder();
        String[] lines = script.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("COPY ") && line.endsWith("FROM stdin;")) {
                try (Statement s = c.createStatement()) {
                    s.execute(sql.toString());
                }
                sql.setLength(0);
                StringBuilder data = new StringBuilder();
                while (!lines[++i].equals("\\.")) {
                    data.append(lines[i]).append('\n');
                }
                c.unwrap(org.postgresql.PGConnection.class).getCopyAPI().copyIn(line, new java.io.StringReader(data.toString()));
            } else {
                sql.append(line).append('\n');
            }
        }
        try (Statement s = c.createStatement()) {
            s.execute(sql.toString());
        }
    }

    private static String resource(String path) throws Exception {
        try (var in = HeldOutSetsIT.class.getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Every set, in its number's order. */
    static Stream<String> sets() {
        return SETS.keySet().stream().sorted(java.util.Comparator.comparingInt(
                (String s) -> s.equals("held-out") ? 1 : Integer.parseInt(s.substring("held-out-".length()))));
    }

    @ParameterizedTest
    @MethodSource("sets")
    void everyAnswerRightNoneWrongAtHighNoneRefused(String set) throws Exception {
        Path questions = Files.createTempFile("nlsql-" + set, ".jsonl");
        try {
            Files.writeString(questions, resource("/eval/" + set + "/questions.jsonl"));
            List<Dataset.Question> asked = Dataset.read(questions);
            String url = "jdbc:nlsql:" + TestPostgres.urlOf(prefix(set) + "{db}").substring("jdbc:".length());
            Properties offline = new Properties();
            offline.setProperty("nlsql.llm", "offline");
            List<QuestionResult> results = new Evaluator(url, offline, 2).run(asked, r -> { });
            List<String> wrong = new ArrayList<>();
            int answered = 0;
            int wrongAtHigh = 0;
            for (QuestionResult r : results) {
                assertTrue(!r.goldFailed(), set + ": the gold of '" + r.question().text() + "' fails: " + r.goldError());
                assertTrue(!r.refused() || REFUSED_FOR_A_SYNONYM.getOrDefault(set, List.of()).contains(r.question().text()),
                        set + ": answerable, refused: " + r.question().text() + ": " + r.error());
                if (r.answered()) {
                    answered++;
                    boolean atMediumKnown = WRONG_AT_MEDIUM.getOrDefault(set, List.of()).contains(r.question().text());
                    if (atMediumKnown) {
                        assertEquals(Narration.Confidence.MEDIUM, r.confidence(), set + ": " + r.question().text());
                    }
                    if (!r.lenient() && !RIGHT_THOUGH_GRADED_WRONG.getOrDefault(set, List.of()).contains(r.question().text())
                            && !atMediumKnown) {
                        wrong.add(r.question().text() + " -> " + r.sql());
                        wrongAtHigh += r.confidence() == Narration.Confidence.HIGH ? 1 : 0;
                    }
                }
            }
            assertEquals(List.of(), wrong, set + ": answered wrongly");
            assertEquals(0, wrongAtHigh);
            assertTrue(answered >= ANSWERED.get(set), set + ": answered " + answered + ", fewer than " + ANSWERED.get(set));
        } finally {
            Files.deleteIfExists(questions);
        }
    }
}
