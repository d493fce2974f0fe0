package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The offline template's sentences, question by question: counts, totals and lists, with and without a verb, for 1 and for more. */
class NarratorTemplateTest {

    /** {question, value, expected sentence[, column]} for a one-column, one-row answer (column "count" unless named). */
    private static final Object[][] SINGLE_VALUES = {
        // counts without a verb
        {"how many products", 60L, "There are 60 products."},
        {"how many products?", 1L, "There is 1 product."},
        {"how many orders in 2024?", 5L, "There are 5 orders in 2024."},
        {"How many orders in 2024", 1L, "There is 1 order in 2024."},
        {"how many categories per region", 1L, "There is 1 category per region."},
        {"how many order lines", 3L, "There are 3 order lines."},
        {"how many people", 1L, "There is 1 person."},
        {"number of customers from Germany", 2L, "There are 2 customers from Germany."},
        {"count the orders", 0L, "There are 0 orders."},
        // "are there" and kin only say the things exist; "were there" keeps the tense
        {"how many orders are there?", 8L, "There are 8 orders."},
        {"how many orders were there in 2023", 3L, "There were 3 orders in 2023."},
        {"how many orders were there in 2023", 1L, "There was 1 order in 2023."},
        {"how many customers do we have in Germany", 2L, "There are 2 customers in Germany."},
        // counts with a verb
        {"how many customers are from Brazil", 5L, "5 customers are from Brazil."},
        {"how many customers are from Brazil?", 1L, "1 customer is from Brazil."},
        {"how many orders were placed in 2024", 12L, "12 orders were placed in 2024."},
        {"how many orders were placed in 2024", 1L, "1 order was placed in 2024."},
        {"how many customers live in Germany", 2L, "2 customers live in Germany."},
        {"how many customers live in Germany", 1L, "The number of customers that live in Germany is 1."},
        {"how many customers have placed an order", 1L, "1 customer has placed an order."},
        {"how many customers did not order in 2024", 2L, "2 customers did not order in 2024."},
        {"how many products were sold", new BigDecimal("10150"), "10150 products were sold."},
        {"how many of the customers are from Brazil", 1L, "1 of the customers is from Brazil."},
        {"count the customers who live in Germany", 2L, "There are 2 customers who live in Germany."},
        {"count the customers who live in Germany", 1L, "The number of customers who live in Germany is 1."},
        // the subject after the verb: the question is quoted
        {"how many orders did Alice place?", 4L, "The answer to \"how many orders did Alice place\" is 4."},
        {"how many products does the shop sell", 60L, "The answer to \"how many products does the shop sell\" is 60."},
        // totals and other single values
        {"total amount of orders in 2024", new BigDecimal("300.00"), "The total amount of orders in 2024 is 300.00."},
        {"What was the highest order amount?", 500L, "The highest order amount was 500."},
        {"Total revenue last year", new BigDecimal("1234.50"), "The total revenue last year is 1234.50."},
        {"what is the average price of products", 12.5, "The average price of products is 12.5."},
        {"total sales in 2024", 7L, "The total sales in 2024 are 7."},
        {"the name of the oldest customer", "Anna", "The name is Anna.", "name"},
        {"revenue of delivered orders", new BigDecimal("80.00"), "The sum amount is 80.00.", "sum_amount"},
    };

    @Test
    void aSingleValueIsOneGrammaticalSentence() {
        for (Object[] c : SINGLE_VALUES) {
            String question = (String) c[0];
            String column = c.length > 3 ? (String) c[3] : "count";
            assertEquals(c[2], Narrator.template(question, List.of(column), List.of(List.of(c[1])), 1, false, false), question + " = " + c[1]);
        }
    }

    @Test
    void rowsAreListedInASentence() {
        List<String> columns = List.of("name", "total");
        List<List<Object>> three = List.of(List.of("Bruno", new BigDecimal("150.00")), List.of("Anna", new BigDecimal("120.00")),
                List.of("Carla", new BigDecimal("90.00")));
        assertEquals("There are 3 rows: Bruno (total 150.00), Anna (total 120.00) and Carla (total 90.00).",
                Narrator.template("total per customer", columns, three, 3, false, false));
        assertEquals("There are at least 3 rows (the row cap was reached); the first 3 are Bruno (total 150.00), Anna (total 120.00) "
                + "and Carla (total 90.00).", Narrator.template("total per customer", columns, three, 3, true, true));
        assertEquals("There is one row: name Bruno, total 150.00.", Narrator.template("the best customer", columns, three.subList(0, 1), 1,
                false, false));
        assertEquals("There are 2 rows: Anna and Carla.", Narrator.template("which customers are from Germany", List.of("name"),
                List.of(List.of("Anna"), List.of("Carla")), 2, false, false));
        assertEquals("No rows answer \"list the orders in 1999\".", Narrator.template("list the orders in 1999", columns, List.of(), 0,
                false, false));
    }

    /** Issue 36: rows of SQL without a top-level ORDER BY are never "the first": the largest group may be far down. */
    @Test
    void rowsOfAnUnorderedAnswerAreNeverTheFirst() {
        List<String> columns = List.of("genre", "avg_price");
        List<List<Object>> three = List.of(List.of("Comedy", new BigDecimal("17.91")), List.of("Drama", new BigDecimal("12.50")),
                List.of("Rock", new BigDecimal("9.90")));
        assertEquals("There are 25 rows (in no particular order); among them Comedy (avg price 17.91), Drama (avg price 12.50) "
                + "and Rock (avg price 9.90).", Narrator.template("average price per genre", columns, three, 25, false, false));
        assertEquals("There are 25 rows; the first 3 are Comedy (avg price 17.91), Drama (avg price 12.50) and Rock (avg price 9.90).",
                Narrator.template("average price per genre", columns, three, 25, false, true));
        assertEquals("There are at least 3 rows (the row cap was reached; in no particular order); among them Comedy (avg price 17.91), "
                + "Drama (avg price 12.50) and Rock (avg price 9.90).", Narrator.template("average price per genre", columns, three, 3, true,
                false));
        String sample = Narrator.sample(columns, three, 25, false, false);
        assertTrue(sample.contains("Rows: 25, 3 of them shown (in no particular order)") && !sample.contains("first"), sample);
    }

    @Test
    void onlyATopLevelOrderByOrdersTheRows() {
        assertTrue(Narrator.ordered("SELECT g, avg(p) FROM t GROUP BY g ORDER BY 2 DESC"));
        assertTrue(Narrator.ordered("WITH x AS (SELECT g FROM t) SELECT g FROM x ORDER BY g"));
        assertTrue(Narrator.ordered("(SELECT g FROM t ORDER BY g)"));
        assertTrue(Narrator.ordered("SELECT g FROM t UNION SELECT g FROM u ORDER BY 1"));
        assertFalse(Narrator.ordered("SELECT g, avg(p) FROM t GROUP BY g"));
        assertFalse(Narrator.ordered("SELECT g FROM (SELECT g FROM t ORDER BY g) s"), "a subquery's order is not the answer's");
        assertFalse(Narrator.ordered("WITH x AS (SELECT g FROM t ORDER BY g) SELECT g FROM x"));
        assertFalse(Narrator.ordered("not sql at all ("));
        assertFalse(Narrator.ordered(null));
    }
}
