package dev.nlsql.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ValueIndexIT {

    @Test
    void linksWordsToValuesInAnyCaseWithASmallTypo() {
        List<String> words = Words.split("orders from new york shipped to germny");
        String q = " " + String.join(" ", words) + " ";
        assertEquals("new york", ValueIndex.match(q, words, "New York"));
        assertEquals("germny", ValueIndex.match(q, words, "Germany"));
        assertEquals("shipped", ValueIndex.match(q, words, "SHIPPED"));
        assertNull(ValueIndex.match(q, words, "York Street"));
        assertNull(ValueIndex.match(q, words, "to"), "stop words are never values");
        assertNull(ValueIndex.match(q, words, "2024"), "numbers are matched as numbers");
        List<String> named = Words.split("who manages Chiara Rosi at the Route 12 depot");
        String n = " " + String.join(" ", named) + " ";
        assertEquals("chiara rosi", ValueIndex.match(n, named, "Chiara Rossi"), "one typo in one long word of a name");
        assertNull(ValueIndex.match(n, named, "Chiara Ross"), "the misspelt word must be five letters or more");
        assertNull(ValueIndex.match(n, named, "Chiera Rossi"), "two words with a typo are another name");
        assertNull(ValueIndex.match(n, named, "Route 13"), "a number is never a typo");
        List<String> planes = Words.split("Which planes are Embraer E190s?");
        assertEquals("embraer e190s", ValueIndex.match(" " + String.join(" ", planes) + " ", planes, "Embraer E190"), "the plural");
        // held-out set 24: "Which patients had a molar root canal in 2024?" of procedure "Root canal, molar"
        List<String> dental = Words.split("Which patients had a molar root canal in 2024?");
        String d = " " + String.join(" ", dental) + " ";
        assertEquals("molar root canal", ValueIndex.match(d, dental, "Root canal, molar"), "the value's words in another order");
        assertNull(ValueIndex.match(d, dental, "Root canal, premolar"), "every word of the value");
        assertNull(ValueIndex.match(d, dental, "canal in root"), "never through a stop word");
    }

    private static long later() {
        return System.nanoTime() + 30_000_000_000L;
    }

    @Test
    void indexesOnlyLowCardinalityTextColumnsWithinItsMemoryBound() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:value_index;DATABASE_TO_LOWER=TRUE");
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE shop (id int PRIMARY KEY, category varchar(20), email varchar(40), note varchar(200))");
            String[] categories = {"Electronics", "Books", "Garden Tools"};
            try (var insert = c.prepareStatement("INSERT INTO shop VALUES (?, ?, ?, ?)")) {
                for (int i = 1; i <= 500; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, categories[i % 3]);
                    insert.setString(3, "user" + i + "@example.com");
                    insert.setString(4, "n".repeat(80) + i);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            SchemaCatalog catalog = new CatalogReader(table -> true).read(c);
            TableInfo shop = catalog.tables().get(0);
            ValueIndex index = new ValueIndex();
            List<ValueIndex.ValueLink> links = index.link("how many garden tools or books?", c, false, null, "db", List.of(shop), 30);
            assertEquals(2, links.size(), links.toString());
            assertTrue(links.stream().anyMatch(l -> l.hint(catalog).equals("shop.category = 'Garden Tools'")), links.toString());
            assertEquals(List.of(), index.valuesOf("db", c, false, null, shop, shop.column("email"), later()), "500 distinct values: not a category");
            assertTrue(index.heldCharacters() > 0 && index.heldCharacters() < 200, "held " + index.heldCharacters());

            for (int i = 0; i < 2_000; i++) { // far more columns than the bound can hold
                index.valuesOf("db" + i, c, false, null, shop, shop.column("category"), later());
            }
            assertTrue(index.heldCharacters() <= ValueIndex.MAX_CHARS, "held " + index.heldCharacters());
        }
    }

    @Test
    void aThreadWaitingForAnotherThreadsSamplingWaitsNoLongerThanItsOwnBudget() throws Exception {
        TestPostgres.createDatabaseIfMissing("privv_test");
        String url = TestPostgres.urlOf("privv_test");
        try (Connection setup = DriverManager.getConnection(url); Statement s = setup.createStatement()) {
            s.execute("DROP TABLE IF EXISTS privv_vi_locked");
            s.execute("CREATE TABLE privv_vi_locked (id int, kind text)");
            s.execute("INSERT INTO privv_vi_locked VALUES (1, 'Ultramarine'), (2, 'Ochre')");
        }
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url);
                Connection locker = DriverManager.getConnection(url); Statement l = locker.createStatement();
                Connection watcher = DriverManager.getConnection(url); Statement w = watcher.createStatement()) {
            SchemaCatalog catalog = new CatalogReader(table -> true).read(a);
            TableInfo table = catalog.tables().stream().filter(t -> t.name().equals("privv_vi_locked")).findFirst().orElseThrow();
            ValueIndex index = new ValueIndex();
            locker.setAutoCommit(false);
            l.execute("LOCK TABLE privv_vi_locked IN ACCESS EXCLUSIVE MODE");

            CompletableFuture<List<ValueIndex.ValueLink>> first = CompletableFuture.supplyAsync(
                    () -> index.link("ultramarine ones", a, true, null, "key", List.of(table), 3));
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            boolean waiting = false;
            while (!waiting && System.nanoTime() < until) { // evidence that the first sampler waits on the lock
                try (ResultSet rs = w.executeQuery("SELECT count(*) FROM pg_locks k JOIN pg_class r ON r.oid = k.relation"
                        + " WHERE r.relname = 'privv_vi_locked' AND NOT k.granted")) {
                    rs.next();
                    waiting = rs.getInt(1) > 0;
                }
            }
            assertTrue(waiting, "the first sampler never waited on the lock");

            long start = System.nanoTime();
            ValueIndex.Sampled second = index.sample("ultramarine ones", b, true, null, "key", List.of(table), 1);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(List.of(), second.links());
            assertFalse(second.complete(), "a sampling cut short says so: what it links must not decide an answer");
            assertTrue(ms >= 900 && ms < 1_800, "the second asker waited " + ms + " ms on a budget of 1 s");
            assertFalse(first.isDone(), "the first sampler is still waiting");
            assertEquals(List.of(), first.get(10, TimeUnit.SECONDS), "the first sample timed out");

            locker.rollback();
            ValueIndex.Sampled later = index.sample("ultramarine ones", b, true, null, "key", List.of(table), 3);
            assertEquals(1, later.links().size(), "the column that timed out was not cached as empty: " + later);
            assertTrue(later.complete());
            assertTrue(later.holds(table, table.columns().stream().filter(col -> col.name().equals("kind")).findFirst().orElseThrow()));
        }
    }
}
