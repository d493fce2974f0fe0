package dev.nlsql.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.sql.SqlDialect;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The value lookup's phrases and statements, and its lookups on a real PostgreSQL: indexed, read-only, bounded, hostile-proof. */
class ValueLookupIT {

    private static final String DATABASE = "h_values_lookup";
    private static final String LONG_NAME = "L" + "o".repeat(98) + "ng"; // 101 characters
    private static String url;

    @BeforeAll
    static void schema() throws SQLException {
        url = TestPostgres.database(DATABASE,
                "DROP VIEW IF EXISTS probe", "DROP TABLE IF EXISTS band", "DROP TABLE IF EXISTS label",
                "CREATE TABLE label (label_id int PRIMARY KEY, title varchar(200) NOT NULL, city varchar(40))",
                "CREATE TABLE band (band_id int PRIMARY KEY, name text NOT NULL, label_id int REFERENCES label)",
                "CREATE INDEX band_lower_name ON band (lower(name))",
                "CREATE INDEX label_title ON label (title)",
                "INSERT INTO label SELECT g, 'Label ' || g, 'City ' || (g % 7) FROM generate_series(1, 300) g",
                "INSERT INTO label VALUES (301, 'Atlantic Records', 'New York'), (302, '" + LONG_NAME + "', 'Oslo'),"
                        + " (303, '" + LONG_NAME.substring(1) + "', 'Oslo')",
                "INSERT INTO band SELECT g, 'Band ' || g, 1 + g % 300 FROM generate_series(1, 300) g",
                "INSERT INTO band VALUES (301, 'AC/DC', 301), (302, 'Metallica', 301), (303, 'Johnson', 1), (304, 'Jonsson', 2),"
                        + " (305, 'Meta%ica', 3), (306, 'Priya Shah', 4)",
                "INSERT INTO label VALUES (304, 'Priya Shah', 'Leeds')",
                // a value the lookup can only find in a read-only transaction: the setting is part of it
                "CREATE VIEW probe AS SELECT band_id, name || ' ' || current_setting('transaction_read_only') AS name FROM band",
                "ANALYZE band", "ANALYZE label");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }

    private static List<String> texts(String question) {
        return NamePhrases.of(question).stream().map(NamePhrases.Phrase::text).toList();
    }

    @Test
    void phrasesAreQuotedOrCapitalisedNamesNotTheGrammarOfTheQuestion() {
        assertEquals(List.of("AC/DC"), texts("how many albums by AC/DC"));
        assertEquals(List.of("Led Zeppelin"), texts("How many albums by Led Zeppelin?"));
        assertEquals(List.of("Alfreds Futterkiste"), texts("orders of Alfreds Futterkiste"));
        assertEquals(List.of("Led Zeppelin"), texts("Led Zeppelin albums"), "a run of capitals opening the question");
        assertEquals(List.of("Metallica"), texts("Show Metallica's albums"), "the grammar word opening it is dropped");
        assertEquals(List.of(), texts("How many albums are there?"));
        assertEquals(List.of("ACDC"), texts("ACDC albums"), "all capitals count even opening the question");
        assertEquals(List.of("Bank of America", "Earth Wind & Fire"), texts("accounts at Bank of America or Earth Wind & Fire"));
        assertEquals(List.of("Led Zeppelin", "Queen"), texts("albums by 'Led Zeppelin' or Queen"), "quoted first");
        assertEquals(List.of("the customers"), texts("albums by \"the customers\""));
        assertEquals(List.of("Bob"), texts("the customers' orders and Bob's"), "apostrophes are no quotes");
        assertEquals(List.of(), texts("HOW MANY ALBUMS BY QUEEN"), "a question all in capitals says nothing by them");
    }

    @Test
    void phrasesNamingTheSchemaOrLinkedAlreadyOrTooLongAreNotLookedUpAndAtMostThreeAre() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            SchemaCatalog catalog = new CatalogReader(t -> true).read(c);
            assertEquals(List.of("Queen"), phrase("albums of Band Names by Queen in March", List.of(), catalog));
            TableInfo band = table(catalog, "band");
            ValueLink sampled = new ValueLink(band, band.column("name"), "Queen", "queen");
            assertEquals(List.of(), phrase("albums by Queen", List.of(sampled), catalog));
            assertEquals(List.of(), phrase("albums by '" + LONG_NAME + "'", List.of(), catalog));
            assertEquals(List.of("LONG_NAME"), phrase("albums by '" + LONG_NAME.substring(1) + "'", List.of(), catalog).stream()
                    .map(p -> p.length() == 100 ? "LONG_NAME" : p).toList());
            assertEquals(List.of("Alpha", "Bravo", "Charlie"), phrase("bands like Alpha, Bravo, Charlie, Delta and Echo", List.of(), catalog));
        }
    }

    private static List<String> phrase(String question, List<ValueLink> linked, SchemaCatalog catalog) {
        return ValueLookup.phrases(question, linked, catalog).stream().map(NamePhrases.Phrase::text).toList();
    }

    @Test
    void theMisspellingPatternsEscapeWildcardsAndThePhraseIsOnlyEverAParameter() {
        assertEquals(List.of("_ab", "a_b", "ab_"), ValueLookup.insertions("ab"));
        assertEquals(List.of("_!%!_\\!!", "!%_!_\\!!", "!%!__\\!!", "!%!_\\_!!", "!%!_\\!!_"), ValueLookup.insertions("%_\\!"));
        TableInfo t = new TableInfo("public", "band", null, List.of(new ColumnInfo("name", "text", false, null)), List.of(), List.of());
        String hostile = "x'; DROP TABLE band; --";
        for (SqlDialect d : List.of(SqlDialect.POSTGRESQL, SqlDialect.MYSQL)) {
            for (ColumnIndexes.Kind k : ColumnIndexes.Kind.values()) {
                ValueLookup.Statement s = ValueLookup.statement(d, new ValueLookup.Candidate(t, t.column("name"), k), hostile, true);
                assertFalse(s.sql().contains("DROP") || s.sql().contains("x'"), s.sql());
                assertTrue(s.parameters().contains(hostile), s.parameters().toString());
                assertEquals(s.sql().chars().filter(ch -> ch == '?').count(), s.parameters().size(), s.sql());
            }
        }
        assertEquals(List.of("_b!_", "a_!_"), ValueLookup.substitutions("ab_"), "only letters are wildcards");
        assertTrue(ValueLookup.oneLetterFrom("Olimpia", "Olympia"));
        assertTrue(ValueLookup.oneLetterFrom("Metalica", "Metallica"));
        assertTrue(ValueLookup.oneLetterFrom("OReilly", "O'Reilly"));
        assertFalse(ValueLookup.oneLetterFrom("Route 7", "Route 71"), "a digit more is another number");
        assertFalse(ValueLookup.oneLetterFrom("Meta_ica", "Meta%ica"), "a wildcard the question writes is no letter");
        assertFalse(ValueLookup.oneLetterFrom("Olympia", "Olympia"));
        assertFalse(ValueLookup.oneLetterFrom("Olimpya", "Olympia"));
        assertEquals("name", ColumnIndexes.lowered("lower(name)"));
        assertEquals("name", ColumnIndexes.lowered("lower((name)::text)"));
        assertEquals("Band \"x\"", ColumnIndexes.lowered("lower(\"Band \"\"x\"\"\")"));
        assertEquals(null, ColumnIndexes.lowered("upper(name)"));
        assertEquals(null, ColumnIndexes.lowered("lower(name || city)"));
    }

    /** Everything the lookup links for {@code question}, the tables band and label being what it is about. */
    private static List<ValueLink> find(Connection c, String question, int budgetSeconds) throws SQLException {
        return find(new ValueLookup(), new CatalogReader(t -> true).read(c), c, question, budgetSeconds);
    }

    private static List<ValueLink> find(ValueLookup lookup, SchemaCatalog catalog, Connection c, String question, int budgetSeconds) {
        Map<TableInfo, Double> scores = new IdentityHashMap<>();
        for (TableInfo t : catalog.tables()) {
            scores.put(t, t.name().equals("probe") ? 0.5 : 1.0);
        }
        return lookup.find(question, List.of(), catalog, scores, (t, col) -> false, c, null, budgetSeconds);
    }

    private static List<String> found(List<ValueLink> links) {
        return links.stream().map(l -> l.table().name() + "." + l.column().name() + "=" + l.value() + (l.near() ? " (near)" : ""))
                .toList();
    }

    @Test
    void namesAreFoundInAnyCaseAndAMisspellingOnlyWhenOneValueReadsSo() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            assertEquals(List.of("band.name=AC/DC"), found(find(c, "bands like AC/DC", 5)));
            assertEquals(List.of("label.title=Atlantic Records"), found(find(c, "bands of 'atlantic records'", 5)));
            assertEquals(List.of("band.name=Metallica (near)"), found(find(c, "bands like Metalica", 5)));
            assertEquals(List.of("label.title=Atlantic Records (near)"), found(find(c, "bands of Atlantic Recods", 5)));
            assertEquals(List.of("band.name=Metallica (near)"), found(find(c, "bands like Metallika", 5)), "one letter put for another");
            assertEquals(List.of("band.name=Metallica (near)"), found(find(c, "bands like METALLIKA", 5)));
            assertEquals(List.of(), found(find(c, "bands like Jonson", 5)), "Johnson and Jonsson are both one letter from it");
            assertEquals(List.of(), found(find(c, "bands like Johsnon", 5)), "two letters swapped are two changes");
            assertEquals(List.of("band.name=Johnson"), found(find(c, "bands like Johnson", 5)), "the equal value wins");
        }
    }

    /**
     * Issue 36, held-out set 4: "How many parcels did Nordic Trading send in 2024?" names no table, and the name alone says
     * which rows: with no table scored, every table's unsampled text columns are looked in (a refusal as "about Nordic
     * Trading, which nothing names" would otherwise be a guess).
     */
    @Test
    void withNoTableNamedANameIsLookedUpInEveryTable() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            SchemaCatalog catalog = new CatalogReader(t -> true).read(c);
            List<ValueLink> links = new ValueLookup().find("how many parcels did Atlantic Records send", List.of(), catalog,
                    new IdentityHashMap<>(), (t, col) -> false, c, null, 5);
            assertEquals(List.of("label.title=Atlantic Records"), found(links));
        }
    }

    /**
     * Held-out set 18: "How many orders has Priya Shah placed?" filtered the courier's name, which the sample held, though a
     * customer has the name too, in a column too large to sample. A name the sample linked to a column of names is looked
     * up, as written, in the other tables' unsampled name columns; both links, the question names two columns.
     */
    @Test
    void aNameTheSampleLinkedIsLookedUpInTheOtherNameColumns() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            SchemaCatalog catalog = new CatalogReader(t -> true).read(c);
            TableInfo band = table(catalog, "band");
            TableInfo label = table(catalog, "label");
            ValueLink sampledName = new ValueLink(band, band.column("name"), "Priya Shah", "priya shah");
            List<ValueLink> links = new ValueLookup().find("How many albums has Priya Shah made?", List.of(sampledName), catalog,
                    new IdentityHashMap<>(), (t, col) -> t == band && col.name().equals("name"), c, null, 5);
            assertEquals(List.of("label.title=Priya Shah"), found(links));
            ValueLink sampledCity = new ValueLink(label, label.column("city"), "Leeds", "leeds");
            assertEquals(List.of(), found(new ValueLookup().find("How many labels are in Leeds?", List.of(sampledCity), catalog,
                    new IdentityHashMap<>(), (t, col) -> t == label && col.name().equals("city"), c, null, 5)),
                    "a sampled category value is not a name: no lookup");
        }
    }

    @Test
    void hostilePhrasesFindNothingAndChangeNothing() throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            long before = TestPostgres.single(s.executeQuery("SELECT count(*) FROM band"));
            for (String phrase : List.of("x'; DROP TABLE band; --", "Meta_ica", "_etalica", "Metal%", "%", "_____", "Metalli\\ca",
                    "'); DELETE FROM band; --", "AC/D_")) {
                String question = "bands like \"" + phrase + "\"";
                assertEquals(List.of(), found(find(c, question, 5)), question);
            }
            // the stored value with a % in it is found as written: the % is a character, not a wildcard
            assertEquals(List.of("band.name=Meta%ica"), found(find(c, "bands like \"Meta%ica\"", 5)));
            assertEquals(before, TestPostgres.single(s.executeQuery("SELECT count(*) FROM band")));
            assertFalse(c.isReadOnly());
            assertTrue(c.getAutoCommit(), "the connection is left as it was");
        }
    }

    @Test
    void theLookupRunsInAReadOnlyTransaction() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            // probe.name is band.name followed by the transaction's read-only setting at the time it is read
            assertEquals(List.of("probe.name=AC/DC on"), found(find(c, "probes like \"AC/DC on\"", 5)));
            assertEquals(List.of(), found(find(c, "probes like \"AC/DC off\"", 5)));
        }
    }

    @Test
    void theLookupComparesWhatAnIndexHolds() throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            SchemaCatalog catalog = new CatalogReader(t -> true).read(c);
            ColumnIndexes.Known indexes = new ColumnIndexes().of(catalog, c, 5);
            TableInfo band = table(catalog, "band");
            TableInfo label = table(catalog, "label");
            assertEquals(ColumnIndexes.Kind.LOWER, indexes.of(band, band.column("name")));
            assertEquals(ColumnIndexes.Kind.PLAIN, indexes.of(label, label.column("title")));
            assertEquals(ColumnIndexes.Kind.NONE, indexes.of(label, label.column("city")));
            s.execute("SET enable_seqscan = off"); // a table this small would be scanned anyway: ask whether the index can serve
            assertTrue(plan(c, ValueLookup.statement(SqlDialect.POSTGRESQL,
                    new ValueLookup.Candidate(band, band.column("name"), ColumnIndexes.Kind.LOWER), "ac/dc", false)).contains("band_lower_name"));
            String titlePlan = plan(c, ValueLookup.statement(SqlDialect.POSTGRESQL,
                    new ValueLookup.Candidate(label, label.column("title"), ColumnIndexes.Kind.PLAIN), "atlantic records", false));
            assertTrue(titlePlan.contains("label_title"), titlePlan);
            s.execute("RESET enable_seqscan");
        }
    }

    private static String plan(Connection c, ValueLookup.Statement statement) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("EXPLAIN " + statement.sql())) {
            for (int i = 0; i < statement.parameters().size(); i++) {
                p.setObject(i + 1, statement.parameters().get(i));
            }
            List<String> lines = new ArrayList<>();
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    lines.add(rs.getString(1));
                }
            }
            return String.join("\n", lines);
        }
    }

    @Test
    void aLookupWaitingOnALockEndsAtTheStatementTimeout() throws Exception {
        try (Connection a = DriverManager.getConnection(url); Connection locker = DriverManager.getConnection(url);
                Statement l = locker.createStatement(); Connection watcher = DriverManager.getConnection(url);
                Statement w = watcher.createStatement()) {
            SchemaCatalog catalog = new CatalogReader(t -> true).read(a);
            ValueLookup lookups = new ValueLookup();
            assertEquals(List.of("band.name=AC/DC"), found(find(lookups, catalog, a, "bands like AC/DC", 5))); // indexes read
            locker.setAutoCommit(false);
            l.execute("LOCK TABLE band IN ACCESS EXCLUSIVE MODE");
            long start = System.nanoTime();
            CompletableFuture<List<ValueLink>> lookup = CompletableFuture.supplyAsync(() -> find(lookups, catalog, a, "bands like AC/DC", 1));
            boolean waiting = false;
            while (!waiting && !lookup.isDone()) { // evidence that the lookup really waits on the lock
                try (ResultSet rs = w.executeQuery("SELECT count(*) FROM pg_locks k JOIN pg_class r ON r.oid = k.relation"
                        + " WHERE r.relname = 'band' AND NOT k.granted")) {
                    rs.next();
                    waiting = rs.getInt(1) > 0;
                }
            }
            assertTrue(waiting, "the lookup never waited on the lock");
            List<ValueLink> links = lookup.get(30, TimeUnit.SECONDS);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(List.of(), links);
            assertTrue(ms >= 900 && ms < 2_900, "the lookup ended after " + ms + " ms on a budget of 1 s");
            try (ResultSet rs = w.executeQuery("SELECT count(*) FROM pg_locks k JOIN pg_class r ON r.oid = k.relation"
                    + " WHERE r.relname = 'band' AND NOT k.granted")) {
                rs.next();
                assertEquals(0, rs.getInt(1), "the cancelled lookup no longer waits");
            }
            locker.rollback();
            assertEquals(List.of("band.name=AC/DC"), found(find(lookups, catalog, a, "bands like AC/DC", 1)));
        }
    }

    @Test
    void aNameFoundInOneColumnIsNotLinkedWhenAnotherCouldNotBeLookedInInTime() throws Exception {
        try (Connection a = DriverManager.getConnection(url); Connection locker = DriverManager.getConnection(url);
                Statement l = locker.createStatement()) {
            SchemaCatalog catalog = new CatalogReader(t -> true).read(a);
            Map<TableInfo, Double> scores = new IdentityHashMap<>();
            for (TableInfo t : catalog.tables()) {
                scores.put(t, t.name().equals("label") ? 1.0 : 0.5); // label.title is looked in first
            }
            ValueLookup lookups = new ValueLookup();
            String question = "bands of \"Atlantic Records\"";
            assertEquals(List.of("label.title=Atlantic Records"), found(lookups.find(question, List.of(), catalog, scores, (t, col) -> false, a, null, 2)));
            locker.setAutoCommit(false);
            l.execute("LOCK TABLE band IN ACCESS EXCLUSIVE MODE");
            try {
                // band.name may hold it too, and which columns answered in time is no reason to pick label.title
                assertEquals(List.of(), found(lookups.find(question, List.of(), catalog, scores, (t, col) -> false, a, null, 2)));
            } finally {
                locker.rollback();
            }
        }
    }

    private static TableInfo table(SchemaCatalog catalog, String name) {
        return catalog.tables().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }
}
