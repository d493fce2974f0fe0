package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Benchmarks;
import org.junit.jupiter.api.Test;

/**
 * Issue 24's points from the command line, on the built-in demo database with its knowledge file (demo-knowledge.yaml),
 * offline: the glossary's measure answers "how many products were sold" (SUM(order_items.quantity), not a count of
 * products), which without the file is NL005 naming the word; a date phrase is the verb's table's date; the narration
 * speaks grammatically.
 */
class KnowledgeCliTest {

    private static String knowledge() throws Exception {
        return Benchmarks.resourceFile("/demo-knowledge.yaml").toString();
    }

    @Test
    void theGlossaryTellsWhatSoldMeansAndWithoutItTheWordIsNamed() throws Exception {
        Cli.Run with = Cli.run("ask", "--knowledge", knowledge(), "how many products were sold");
        assertEquals(0, with.status(), with.err());
        assertTrue(with.out().contains("SUM(order_items.quantity)") && with.out().contains("10150"), with.out());
        Cli.Run without = Cli.run("ask", "how many products were sold");
        assertEquals(1, without.status(), without.out());
        assertTrue(without.err().contains("[NL005]") && without.err().contains("'sold'"), without.err());
        assertFalse(without.out().contains("| 60"), "never the count of products: " + without.out());
        Cli.Run ranked = Cli.run("ask", "--knowledge", knowledge(), "top 3 products by units sold");
        assertEquals(0, ranked.status(), ranked.err());
        assertTrue(ranked.out().contains("SUM(order_items.quantity)") && !ranked.out().contains("unit_price"), ranked.out());
    }

    @Test
    void aDateBelongsToTheVerbsTableAndTheNarrationIsGrammatical() {
        Cli.Run placed = Cli.run("ask", "how many customers placed an order in 2025");
        assertEquals(0, placed.status(), placed.err());
        assertTrue(placed.out().contains("orders.order_date >= DATE '2025-01-01'") && !placed.out().contains("joined_on"), placed.out());
        Cli.Run narrated = Cli.run("ask", "--narrate", "how many customers are from Germany");
        assertEquals(0, narrated.status(), narrated.err());
        assertTrue(narrated.out().matches("(?s).*\\d+ customers are from Germany\\..*"), narrated.out());
        assertFalse(narrated.out().contains("customers are from Germany are"), narrated.out());
    }

    @Test
    void aBrokenKnowledgeFileIsABadConnectionNamingTheEntry() throws Exception {
        java.nio.file.Path broken = java.nio.file.Files.createTempFile("broken", ".yaml");
        java.nio.file.Files.writeString(broken, "glossary:\n  - term: sold\n    sql: SUM(order_items.quantty)\n");
        Cli.Run r = Cli.run("ask", "--knowledge", broken.toString(), "how many orders");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("[22023]") && r.err().contains("glossary entry 1 (\"sold\")") && r.err().contains("quantty"), r.err());
        java.nio.file.Files.delete(broken);
    }
}
