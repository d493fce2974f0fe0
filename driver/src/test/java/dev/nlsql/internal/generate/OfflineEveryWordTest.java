package dev.nlsql.internal.generate;

import static dev.nlsql.internal.generate.ShopCatalog.CATALOG;
import static dev.nlsql.internal.generate.ShopCatalog.CUSTOMERS;
import static dev.nlsql.internal.generate.ShopCatalog.ORDERS;
import static dev.nlsql.internal.generate.ShopCatalog.PAYMENTS;
import static dev.nlsql.internal.generate.ShopCatalog.UNITS_SOLD;
import static dev.nlsql.internal.generate.ShopCatalog.col;
import static dev.nlsql.internal.generate.ShopCatalog.fk;
import static dev.nlsql.internal.generate.ShopCatalog.sql;
import static dev.nlsql.internal.generate.ShopCatalog.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The offline generator on the demo shop's schema accounts for every word of a question, or declines naming the
 * word it cannot place (issue 24): the wrong answers users saw, each word that used to be ignored as grammar, the
 * columns a question names and the date a date phrase is about.
 */
class OfflineEveryWordTest {

    private static final List<ValueLink> VALUES = List.of(value(CUSTOMERS, "city", "Paris"), value(CUSTOMERS, "country", "Italy"),
            value(PAYMENTS, "method", "card"), value(ORDERS, "status", "delivered"));

    private static String declined(String question) {
        return assertThrows(NotUnderstoodException.class, () -> sql(question, VALUES), question).getMessage();
    }

    // ---- what users saw ----

    @Test
    void productsSoldIsNotACountOfProducts() throws Exception {
        // was: SELECT COUNT(*) FROM products
        assertEquals("it does not know what 'sold' means here", declined("how many products were sold"));
        assertEquals("SELECT SUM(order_items.quantity) AS units_sold FROM order_items JOIN products ON order_items.product_id = products.id",
                sql("how many products were sold", VALUES, UNITS_SOLD));
    }

    @Test
    void tracksSoldOnAMusicStoreIsDeclinedToo() {
        TableInfo tracks = new TableInfo("public", "tracks", null, List.of(col("track_id", "int4"), col("name", "varchar"),
                col("unit_price", "numeric")), List.of("track_id"), List.of());
        TableInfo lines = new TableInfo("public", "invoice_lines", null, List.of(col("invoice_line_id", "int4"), col("track_id", "int4"),
                col("unit_price", "numeric"), col("quantity", "int4")), List.of("invoice_line_id"),
                List.of(new dev.nlsql.internal.schema.ForeignKey(List.of("track_id"), "public", "tracks", List.of("track_id"))));
        SchemaCatalog chinook = new SchemaCatalog("PostgreSQL", "15", "public", List.of(tracks, lines));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class, () -> sql(chinook, "how many tracks were sold", List.of()));
        assertEquals("it does not know what 'sold' means here", e.getMessage());
    }

    @Test
    void customersWhoPlacedAnOrderInAYearAreCountedByTheOrdersDate() throws Exception {
        // was: filtered customers.joined_on
        assertEquals("SELECT COUNT(DISTINCT customers.id) AS count FROM customers JOIN orders ON orders.customer_id = customers.id "
                + "WHERE orders.order_date >= DATE '2025-01-01' AND orders.order_date < DATE '2026-01-01'",
                sql("how many customers placed an order in 2025", VALUES));
        assertEquals(sql("how many customers placed an order in 2025", VALUES), sql("how many customers have made an order in 2025", VALUES));
    }

    @Test
    void topProductsByUnitsSoldRankByQuantityNeverByUnitPrice() throws Exception {
        // was: ranked by SUM(unit_price)
        String without = declined("top 3 products by units sold");
        assertFalse(without.isEmpty());
        assertEquals("SELECT products.id, products.name, SUM(order_items.quantity) AS units_sold FROM order_items JOIN products ON "
                + "order_items.product_id = products.id GROUP BY products.id, products.name ORDER BY SUM(order_items.quantity) DESC NULLS LAST, "
                + "products.id, products.name LIMIT 3", sql("top 3 products by units sold", VALUES, UNITS_SOLD));
        assertThrows(NotUnderstoodException.class, () -> sql("top 3 products by units", VALUES)); // "units" is not unit_price
    }

    @Test
    void everyColumnTheQuestionNamesIsInTheAnswer() throws Exception {
        TableInfo territories = new TableInfo("public", "territories", null, List.of(col("id", "int4"), col("name", "varchar"),
                col("area", "numeric"), col("region_id", "int4")), List.of("id"), List.of());
        SchemaCatalog withArea = new SchemaCatalog("PostgreSQL", "15", "public", List.of(territories));
        assertEquals("SELECT territories.name, territories.area FROM territories",
                sql(withArea, "What are the names and areas of the territories?", List.of()));
        TableInfo noArea = new TableInfo("public", "territories", null, List.of(col("territory_id", "varchar"),
                col("territory_description", "varchar")), List.of("territory_id"), List.of());
        SchemaCatalog northwindLike = new SchemaCatalog("PostgreSQL", "15", "public", List.of(noArea));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class,
                () -> sql(northwindLike, "What are the names and areas of the territories?", List.of()));
        assertTrue(e.getMessage().contains("'areas'"), e.getMessage());
        assertEquals("SELECT products.name, products.price FROM products", sql("name and price of products", VALUES));
        assertEquals("SELECT customers.first_name, customers.last_name, customers.city FROM customers",
                sql("customer names and cities", VALUES));
        assertEquals("SELECT customers.first_name, customers.last_name FROM customers WHERE customers.city = 'Paris'",
                sql("the names of the customers in Paris", VALUES));
    }

    @Test
    void aRankingShowsTheNamesAskedForBesideTheMeasure() throws Exception {
        assertEquals("SELECT products.id, products.name, products.price FROM products ORDER BY products.price DESC LIMIT 1",
                sql("the name of the most expensive product", VALUES));
    }

    @Test
    void tablesJoinedThroughATableNothingNamesAreDeclined() {
        // products and customers meet in reviews and in orders: "from Paris" says neither
        assertTrue(declined("how many products come from Paris").contains("'come'"));
        assertTrue(declined("how many products from Paris").contains("reviews"), declined("how many products from Paris"));
    }

    // ---- each word that was ignored as grammar, and is not ----

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "how many products were sold|sold",
        "how many products were bought|bought",
        "how many products were ordered|ordered",
        "how many products were made|made",
        "how many products were placed|placed",
        "how many customers paid|paid",
        "how many customers registered|registered",
        "how many customers live|live",
        "how many products come from Paris|come",
        "how much did customers spend|spend",
        "how many orders were received|received",
        "how many products were added|added",
        "how many products are listed|listed",
        "how many orders were recorded|recorded",
        "how many orders happened|happened",
        "how many customers currently|currently",
        "how many customers wrote|wrote",
        "how many customers ordered each product|ordered", // the shortest join is through reviews, not orders
        "how many customers bought each product|bought"})
    void aVerbNothingInTheSqlAccountsForIsNamed(String question, String word) {
        String message = declined(question);
        assertTrue(message.contains("'" + word + "'"), question + " -> " + message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Which customer placed the most orders?|SELECT customers.id, customers.first_name, customers.last_name, COUNT(orders.customer_id) AS count FROM customers LEFT JOIN orders",
        "How many orders were placed in March 2025|SELECT COUNT(*) AS count FROM orders WHERE orders.order_date >= DATE '2025-03-01'",
        "How many orders did customers from Italy place?|SELECT COUNT(*) AS count FROM orders JOIN customers ON orders.customer_id = customers.id WHERE customers.country = 'Italy'",
        "How many customers have made an order?|SELECT COUNT(DISTINCT customers.id) AS count FROM customers JOIN orders",
        "How many customers live in Paris?|SELECT COUNT(*) AS count FROM customers WHERE customers.city = 'Paris'",
        "Which countries do customers come from?|SELECT DISTINCT customers.country FROM customers",
        "how many customers joined in 2024|SELECT COUNT(*) AS count FROM customers WHERE customers.joined_on >= DATE '2024-01-01'",
        "how many customers signed up in 2024|SELECT COUNT(*) AS count FROM customers WHERE customers.joined_on >= DATE '2024-01-01'",
        "how many orders paid by card|SELECT COUNT(DISTINCT orders.id) AS count FROM orders JOIN payments ON payments.order_id = orders.id WHERE payments.method = 'card'",
        "how many payments were received|SELECT COUNT(*) AS count FROM payments",
        "how many reviews were written in 2025|SELECT COUNT(*) AS count FROM reviews WHERE reviews.review_date >= DATE '2025-01-01'",
        "how many products were created in 2025|SELECT COUNT(*) AS count FROM products WHERE products.created_at >= DATE '2025-01-01'",
        "total quantity sold|SELECT SUM(order_items.quantity) AS sum_quantity FROM order_items",
        "total amount paid per month in 2025|SELECT DATE_TRUNC('month', payments.paid_on) AS month_start, SUM(payments.amount)",
        "how many rows are in orders|SELECT COUNT(*) AS count FROM orders",
        "how many products exist|SELECT COUNT(*) AS count FROM products",
        "list customers who placed an order|SELECT DISTINCT customers.* FROM customers JOIN orders"})
    void aVerbTheSqlAccountsForIsUnderstood(String question, String start) throws Exception {
        String sql = sql(question, VALUES);
        assertTrue(sql.startsWith(start), question + " -> " + sql);
    }

    @Test
    void theMostCommonValueIsTheOneWithTheMostRows() throws Exception {
        assertEquals("SELECT payments.method, COUNT(*) AS count FROM payments GROUP BY payments.method ORDER BY COUNT(*) DESC, "
                + "payments.method LIMIT 1", sql("the most frequent payment method", VALUES));
        assertTrue(sql("the least common city", VALUES).contains("ORDER BY COUNT(*) ASC"));
        assertTrue(declined("the common city").contains("'common'"));
    }

    // ---- which date ----

    @Test
    void theDateIsThatOfTheTableTheQuestionIsAbout() throws Exception {
        assertTrue(sql("how many customers with orders in 2025", VALUES).contains("WHERE orders.order_date >= DATE '2025-01-01'"));
        assertTrue(sql("how many customers from Italy joined in 2025", VALUES).contains("customers.joined_on >= DATE '2025-01-01'"));
        // order_items has no date of its own: its order's
        assertTrue(sql("total quantity per category in 2025", VALUES).contains("orders.order_date >= DATE '2025-01-01'"));
        assertTrue(sql("number of orders per customer country in 2025", VALUES).contains("orders.order_date >= DATE '2025-01-01'"));
    }

    @Test
    void aDateItCannotTellIsDeclined() {
        TableInfo employees = new TableInfo("public", "employees", null, List.of(col("id", "int4"), col("last_name", "varchar"),
                col("birth_date", "date"), col("hire_date", "date")), List.of("id"), List.of());
        TableInfo shifts = new TableInfo("public", "shifts", null, List.of(col("id", "int4"), col("employee_id", "int4"),
                col("started_at", "timestamp"), col("ended_at", "timestamp")), List.of("id"), List.of(fk("employee_id", "employees")));
        SchemaCatalog staff = new SchemaCatalog("PostgreSQL", "15", "public", List.of(employees, shifts));
        NotUnderstoodException e = assertThrows(NotUnderstoodException.class, () -> sql(staff, "how many employees in 1993", List.of()));
        assertTrue(e.getMessage().contains("which date of employees"), e.getMessage());
        assertThrows(NotUnderstoodException.class, () -> sql(staff, "how many shifts in 2024", List.of()));
        assertThrows(NotUnderstoodException.class, () -> sql(staff, "how many employees with shifts in 2024", List.of()));
    }

    @Test
    void theWholeCatalogIsTheDemoShops() {
        assertEquals(7, CATALOG.tables().size());
    }
}
