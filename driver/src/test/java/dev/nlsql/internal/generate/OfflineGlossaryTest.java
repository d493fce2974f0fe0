package dev.nlsql.internal.generate;

import static dev.nlsql.internal.generate.ShopCatalog.CATALOG;
import static dev.nlsql.internal.generate.ShopCatalog.CUSTOMERS;
import static dev.nlsql.internal.generate.ShopCatalog.REVENUE;
import static dev.nlsql.internal.generate.ShopCatalog.UNITS_SOLD;
import static dev.nlsql.internal.generate.ShopCatalog.sql;
import static dev.nlsql.internal.generate.ShopCatalog.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.knowledge.GlossaryTerm;
import dev.nlsql.internal.knowledge.GlossaryTerm.Kind;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The offline generator uses the knowledge file's glossary like columns it understands: a measure is what is
 * computed, a filter a condition, a name a mention of its table or column; terms of several words and synonyms
 * match as phrases, and the words a term covers are accounted for.
 */
class OfflineGlossaryTest {

    private static final GlossaryTerm BIG_ORDER = new GlossaryTerm("big order", List.of("large order"), Kind.FILTER,
            "orders.total_amount > 500", null, List.of("orders"));
    private static final GlossaryTerm LOCAL = new GlossaryTerm("local customer", List.of(), Kind.FILTER,
            "customers.city = 'Paris' OR customers.city = 'Lyon'", null, List.of("customers"));
    private static final GlossaryTerm PATRON = new GlossaryTerm("patron", List.of("shopper"), Kind.NAME, null, "customers",
            List.of("customers"));
    private static final GlossaryTerm NATION = new GlossaryTerm("nation", List.of("home country"), Kind.NAME, null,
            "customers.country", List.of("customers"));
    private static final List<ValueLink> VALUES = List.of(value(CUSTOMERS, "country", "Italy"));

    @Test
    void aMeasureIsComputedJoinedToWhatItIsPer() throws Exception {
        assertEquals("SELECT categories.id, categories.name, SUM(order_items.unit_price * order_items.quantity) AS revenue FROM order_items "
                + "JOIN products ON order_items.product_id = products.id JOIN categories ON products.category_id = categories.id "
                + "GROUP BY categories.id, categories.name", sql("revenue per category", VALUES, REVENUE));
        // without the glossary the same question sums the orders' totals over items: declined, never summed twice
        assertThrows(NotUnderstoodException.class, () -> sql("revenue per category", VALUES));
        assertEquals("SELECT customers.country, SUM(order_items.unit_price * order_items.quantity) AS revenue FROM order_items "
                + "JOIN orders ON order_items.order_id = orders.id JOIN customers ON orders.customer_id = customers.id "
                + "GROUP BY customers.country ORDER BY SUM(order_items.unit_price * order_items.quantity) DESC NULLS LAST, customers.country LIMIT 3",
                sql("top 3 countries by revenue", VALUES, REVENUE));
        assertEquals("SELECT SUM(order_items.unit_price * order_items.quantity) AS revenue FROM order_items JOIN orders ON "
                + "order_items.order_id = orders.id WHERE orders.order_date >= DATE '2025-01-01' AND orders.order_date < DATE '2026-01-01'",
                sql("total revenue in 2025", VALUES, REVENUE));
        assertTrue(sql("revenue from customers in Italy", VALUES, REVENUE).endsWith("WHERE customers.country = 'Italy'"));
    }

    @Test
    void synonymsAndPluralsMatchAsPhrases() throws Exception {
        String perCategory = sql("revenue per category", VALUES, REVENUE);
        assertEquals(perCategory, sql("sales per category", VALUES, REVENUE));
        assertEquals(perCategory, sql("turnover per categories", VALUES, REVENUE));
        assertEquals("SELECT SUM(order_items.quantity) AS units_sold FROM order_items", sql("total quantity sold", VALUES, UNITS_SOLD));
        assertEquals("SELECT COUNT(*) AS count FROM orders WHERE orders.total_amount > 500", sql("how many large orders", VALUES, BIG_ORDER));
    }

    @Test
    void aFilterIsACondition() throws Exception {
        assertEquals("SELECT COUNT(*) AS count FROM orders WHERE orders.total_amount > 500", sql("how many big orders", VALUES, BIG_ORDER));
        assertEquals("SELECT COUNT(DISTINCT customers.id) AS count FROM customers JOIN orders ON orders.customer_id = customers.id "
                + "WHERE orders.total_amount > 500", sql("how many customers placed a big order", VALUES, BIG_ORDER));
        assertEquals("SELECT customers.* FROM customers WHERE (customers.city = 'Paris' OR customers.city = 'Lyon')",
                sql("local customers", VALUES, LOCAL));
        assertThrows(NotUnderstoodException.class, () -> sql("how many big orders", VALUES)); // 'big' means nothing without it
    }

    @Test
    void aNameIsItsTableOrColumn() throws Exception {
        assertEquals("SELECT customers.country, COUNT(*) AS count FROM customers GROUP BY customers.country",
                sql("how many patrons per nation", VALUES, PATRON, NATION));
        assertEquals(sql("how many patrons per nation", VALUES, PATRON, NATION), sql("number of shoppers per home country", VALUES, PATRON, NATION));
        assertTrue(sql("revenue per patron", VALUES, REVENUE, PATRON).contains("GROUP BY customers.id, customers.first_name, customers.last_name"));
    }

    @Test
    void whatAMeasureCannotBeIsDeclined() {
        // an average of a sum, a sum compared per row, a count of one thing with the sum of another
        assertThrows(NotUnderstoodException.class, () -> sql("average revenue per order", VALUES, REVENUE));
        assertThrows(NotUnderstoodException.class, () -> sql("customers with revenue over 1000", VALUES, REVENUE));
        assertThrows(NotUnderstoodException.class, () -> sql("how many orders per customer with revenue", VALUES, REVENUE));
        assertThrows(NotUnderstoodException.class, () -> sql("revenue and units sold per category", VALUES, REVENUE, UNITS_SOLD));
        // revenue of orders paid by card would count an order's items once per payment
        assertThrows(NotUnderstoodException.class, () -> sql("revenue of orders paid by card",
                List.of(value(ShopCatalog.PAYMENTS, "method", "card")), REVENUE));
    }

    @Test
    void aTermOnATableTheCatalogLacksIsDeclinedNamingIt() {
        GlossaryTerm stale = new GlossaryTerm("churn", List.of(), Kind.MEASURE, "COUNT(cancellations.id)", null, List.of("cancellations"));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class, () -> sql("churn per month", VALUES, stale));
        assertTrue(e.getMessage().contains("churn") && e.getMessage().contains("cancellations"), e.getMessage());
    }

    @Test
    void twoTermsOnTheSameWordsAreTheOwnersAmbiguityAndDeclined() {
        GlossaryTerm other = new GlossaryTerm("income", List.of("sales"), Kind.MEASURE, "SUM(payments.amount)", null, List.of("payments"));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class, () -> sql("sales per month", VALUES, REVENUE, other));
        assertTrue(e.getMessage().contains("two glossary terms"), e.getMessage());
    }

    @Test
    void aQuestionTheGlossaryTouchesIsAboutTheDatabase() {
        GlossaryTerm aov = new GlossaryTerm("aov", List.of(), Kind.MEASURE, "AVG(orders.total_amount)", null, List.of("orders"));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class, () -> sql("how did aov fare during the eclipse", List.of(), aov));
        assertFalse(e.notAboutDatabase(), e.getMessage()); // NL005 naming the words, not NL002
        assertEquals(7, CATALOG.tables().size());
    }
}
