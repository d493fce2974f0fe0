package dev.nlsql.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The grader on hand-made cases, one rule each. */
class ResultMatchTest {

    private static List<List<Object>> rows(Object[]... rows) {
        return Arrays.stream(rows).map(Arrays::asList).toList();
    }

    @Test
    void columnOrderAndNamesDoNotMatter() {
        assertTrue(ResultMatch.strict(rows(new Object[] {"a", 1}, new Object[] {"b", 2}), rows(new Object[] {1, "a"}, new Object[] {2, "b"}), false));
    }

    @Test
    void rowOrderMattersOnlyWhenTheGoldOrders() {
        List<List<Object>> gold = rows(new Object[] {"a"}, new Object[] {"b"});
        List<List<Object>> reversed = rows(new Object[] {"b"}, new Object[] {"a"});
        assertTrue(ResultMatch.strict(gold, reversed, false));
        assertFalse(ResultMatch.strict(gold, reversed, true));
    }

    @Test
    void duplicatesCount() {
        assertFalse(ResultMatch.strict(rows(new Object[] {"a"}, new Object[] {"a"}), rows(new Object[] {"a"}, new Object[] {"b"}), false));
        assertFalse(ResultMatch.strict(rows(new Object[] {"a"}, new Object[] {"a"}), rows(new Object[] {"a"}), false));
    }

    @Test
    void numbersCompareWithTolerance() {
        assertTrue(ResultMatch.strict(rows(new Object[] {new BigDecimal("560.253750000000")}), rows(new Object[] {560.25375}), false));
        assertTrue(ResultMatch.strict(rows(new Object[] {10L}), rows(new Object[] {new BigDecimal("10.00")}), false));
        assertTrue(ResultMatch.strict(rows(new Object[] {1.0 / 3}), rows(new Object[] {0.33333}), false));
        assertFalse(ResultMatch.strict(rows(new Object[] {1.0}), rows(new Object[] {1.001}), false));
    }

    @Test
    void nullsAreValuesOfTheirOwn() {
        assertTrue(ResultMatch.strict(rows(new Object[] {null, 1}), rows(new Object[] {1, null}), false));
        assertFalse(ResultMatch.strict(rows(new Object[] {null}), rows(new Object[] {"null"}), false));
        assertFalse(ResultMatch.strict(rows(new Object[] {null}), rows(new Object[] {0}), false));
    }

    @Test
    void leniencyAcceptsExtraColumnsOnly() {
        List<List<Object>> gold = rows(new Object[] {"a", 10}, new Object[] {"b", 20});
        List<List<Object>> wider = rows(new Object[] {1, "a", 10}, new Object[] {2, "b", 20});
        assertFalse(ResultMatch.strict(gold, wider, false));
        assertTrue(ResultMatch.lenient(gold, wider, false));
        assertFalse(ResultMatch.lenient(gold, rows(new Object[] {1, "a", 11}, new Object[] {2, "b", 20}), false));
        assertFalse(ResultMatch.lenient(wider, gold, false), "missing columns are never lenient");
    }

    @Test
    void datesAndMidnightTimestampsAreTheSameDay() {
        assertTrue(ResultMatch.strict(rows(new Object[] {"2024-03-01"}), rows(new Object[] {"2024-03-01 00:00:00"}), false));
    }

    @Test
    void aTimestampReadsTheSameFromPostgreSqlAndFromTheLocalEngine() {
        java.time.OffsetDateTime local = java.time.OffsetDateTime.of(2026, 6, 1, 10, 30, 0, 0, java.time.ZoneOffset.UTC);
        java.sql.Timestamp postgres = java.sql.Timestamp.from(local.toInstant());
        assertTrue(ResultMatch.strict(rows(new Object[] {postgres}), rows(new Object[] {local}), false));
        assertTrue(ResultMatch.strict(rows(new Object[] {"2026-06-01"}), rows(new Object[] {java.time.LocalDate.of(2026, 6, 1)
                .atStartOfDay(java.time.ZoneId.systemDefault()).toOffsetDateTime()}), false), "midnight is the day");
        assertFalse(ResultMatch.strict(rows(new Object[] {postgres}), rows(new Object[] {local.plusHours(1)}), false));
    }

    @Test
    void rowsTiedOnTheSortKeyMayComeInAnyOrder() {
        List<List<Object>> gold = rows(new Object[] {"Jane", 3}, new Object[] {"Emily", 1}, new Object[] {"John", 1});
        assertTrue(ResultMatch.strict(gold, rows(new Object[] {"Jane", 3}, new Object[] {"John", 1}, new Object[] {"Emily", 1}), true));
        assertTrue(ResultMatch.strict(gold, rows(new Object[] {1, "John"}, new Object[] {3, "Jane"}, new Object[] {1, "Emily"}), false));
        assertFalse(ResultMatch.strict(gold, rows(new Object[] {"John", 1}, new Object[] {"Jane", 3}, new Object[] {"Emily", 1}), true),
                "the key out of order");
        List<List<Object>> noKey = rows(new Object[] {"b", 1}, new Object[] {"a", 1});
        assertFalse(ResultMatch.strict(noKey, rows(new Object[] {"a", 1}, new Object[] {"b", 1}), true),
                "no sorted column: only the exact order");
        assertTrue(ResultMatch.lenient(gold, rows(new Object[] {7, "Jane", 3}, new Object[] {8, "John", 1}, new Object[] {9, "Emily", 1}),
                true), "an extra column (a key) and ties in another order");
        assertFalse(ResultMatch.lenient(gold, rows(new Object[] {8, "John", 1}, new Object[] {7, "Jane", 3}, new Object[] {9, "Emily", 1}),
                true), "an extra column and the key out of order");
        List<List<Object>> allTied = rows(new Object[] {"Saudade Club", 4}, new Object[] {"Blue Orchard", 4}, new Object[] {"Daan", 4});
        assertTrue(ResultMatch.lenient(allTied, rows(new Object[] {6, "Blue Orchard", 4}, new Object[] {9, "Saudade Club", 4},
                new Object[] {19, "Daan", 4}), true), "every row tied on the number shown: any order");
        assertFalse(ResultMatch.strict(rows(new Object[] {"b", "x"}, new Object[] {"a", "x"}), rows(new Object[] {"a", "x"},
                new Object[] {"b", "x"}), true), "a constant text is no number they tie on");
        assertTrue(GoldSql.ordersRows("SELECT a FROM t ORDER BY a"));
        assertFalse(GoldSql.ordersRows("SELECT a, RANK() OVER (ORDER BY b) FROM t"), "a window's order is not the result's");
        assertFalse(GoldSql.ordersRows("WITH x AS (SELECT a FROM t ORDER BY a) SELECT a FROM x"));
    }

    @Test
    void orderCountsOnlyWhenTheQuestionAsksForOne() {
        assertFalse(QuestionOrder.asksForOrder("How many customers are there in each country?", null));
        assertFalse(QuestionOrder.asksForOrder("What is the average freight per shipper?", ""));
        assertTrue(QuestionOrder.asksForOrder("What is the average freight per shipper?", "order_by"), "defog's category");
        assertTrue(QuestionOrder.asksForOrder("List the products sorted by price", null));
        assertTrue(QuestionOrder.asksForOrder("Top 5 customers by number of orders", null));
        assertTrue(QuestionOrder.asksForOrder("Which 3 products are the most expensive?", null));
        assertFalse(QuestionOrder.asksForOrder("List the products in stock", null), "no word of order inside another word");
        assertFalse(QuestionOrder.asksForOrder("How many distinct customers ordered each product?", null), "ordered: bought");
    }

    @Test
    void numbersCompareAtThePlacesTheGoldShows() {
        List<List<Object>> rounded = rows(new Object[] {"Speedy", new BigDecimal("65.00")}, new Object[] {"United", new BigDecimal("86.64")});
        assertEquals(2, ResultMatch.places(rounded));
        assertTrue(ResultMatch.strict(rounded, rows(new Object[] {"Speedy", new BigDecimal("64.9962")}, new Object[] {"United", 86.6409}),
                false));
        assertFalse(ResultMatch.strict(rounded, rows(new Object[] {"Speedy", new BigDecimal("65.01")}, new Object[] {"United", 86.64}), false),
                "different at the gold's places");
        assertEquals(4, ResultMatch.places(rows(new Object[] {3L, 2.5})), "a float shows no rounding");
        assertEquals(4, ResultMatch.places(rows(new Object[] {3L, new BigDecimal("7")})), "integers show no rounding");
        assertFalse(ResultMatch.strict(rows(new Object[] {3L}), rows(new Object[] {new BigDecimal("3.4")}), false),
                "an integer gold does not round the answer");
    }

    @Test
    void goldAlternativesAndColumnChoicesExpand() {
        assertEquals(List.of("SELECT 1", "SELECT 2"), GoldSql.alternatives("SELECT 1; SELECT 2;"));
        assertEquals(List.of("SELECT ';'"), GoldSql.alternatives("SELECT ';'"));
        List<String> choices = GoldSql.columnChoices("SELECT {m.id, m.name}, count(*) FROM m GROUP BY {}");
        assertEquals(3, choices.size());
        assertTrue(choices.contains("SELECT m.id, m.name, count(*) FROM m GROUP BY m.id, m.name"), choices.toString());
        assertTrue(choices.contains("SELECT m.name, count(*) FROM m GROUP BY m.name"), choices.toString());
        assertEquals(6, GoldSql.expand("SELECT {a,b} FROM t GROUP BY {}; SELECT {a,b} FROM u GROUP BY {}").size());
    }

    @Test
    void csvKeepsQuotedCommasQuotesAndNewlines() {
        List<List<String>> rows = Csv.parse("a,b\n\"x, y\",\"say \"\"hi\"\"\nthere\"\n");
        assertEquals(List.of("x, y", "say \"hi\"\nthere"), rows.get(1));
    }
}
