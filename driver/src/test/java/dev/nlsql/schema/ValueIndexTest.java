package dev.nlsql.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.check.GuardPolicy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValueIndexTest {

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
            SchemaCatalog catalog = new CatalogReader(GuardPolicy.permissive()).read(c);
            TableInfo shop = catalog.tables().get(0);
            ValueIndex index = new ValueIndex();
            List<ValueIndex.ValueLink> links = index.link("how many garden tools or books?", c, false, "db", List.of(shop), 30);
            assertEquals(2, links.size(), links.toString());
            assertTrue(links.stream().anyMatch(l -> l.hint(catalog).equals("shop.category = 'Garden Tools'")), links.toString());
            assertEquals(List.of(), index.valuesOf("db", c, false, shop, shop.column("email"), later()), "500 distinct values: not a category");
            assertTrue(index.heldCharacters() > 0 && index.heldCharacters() < 200, "held " + index.heldCharacters());

            for (int i = 0; i < 2_000; i++) { // far more columns than the bound can hold
                index.valuesOf("db" + i, c, false, shop, shop.column("category"), later());
            }
            assertTrue(index.heldCharacters() <= ValueIndex.MAX_CHARS, "held " + index.heldCharacters());
        }
    }
}
