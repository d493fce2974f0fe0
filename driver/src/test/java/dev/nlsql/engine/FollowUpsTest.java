package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Which texts are follow-ups, and the offline rules that make standalone questions of them. */
class FollowUpsTest {

    private static final SchemaCatalog SHOP = new SchemaCatalog("PostgreSQL", "16", "public", List.of(
            new TableInfo("public", "orders", null, List.of(new ColumnInfo("id", "int4", false, null),
                    new ColumnInfo("ordered_at", "date", false, null), new ColumnInfo("amount", "numeric", false, null)),
                    List.of("id"), List.of()),
            new TableInfo("public", "customers", null, List.of(new ColumnInfo("id", "int4", false, null),
                    new ColumnInfo("country", "text", false, null), new ColumnInfo("revenue", "numeric", true, null)),
                    List.of("id"), List.of())));

    @ParameterizedTest
    @ValueSource(strings = {"and in 2023?", "And customers?", "only for Germany", "just France", "what about 2022",
        "How about the top 3?", "show the top 3 instead", "instead, only Germany", "2023?", "in 2022", "top 10", "Germany?"})
    void followUps(String text) {
        assertTrue(FollowUps.isFollowUp(text, SHOP), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"how many orders in 2024", "q2", "the makes", "revenue by month", "orders?", "customers in 2023",
        "what is the total amount", "list the countries", "count orders", "Germany", "andorra orders", "justice", "   "})
    void questionsOfTheirOwn(String text) {
        assertFalse(FollowUps.isFollowUp(text, SHOP), text);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "how many orders per year in 2024|and in 2023?|how many orders per year in 2023",
        "orders between 2023 and 2024|what about 2022?|orders between 2022 and 2022",
        "how many orders in 2024|only for Germany|how many orders in 2024 for Germany",
        "top 5 customers by revenue|show the top 3 instead|top 3 customers by revenue",
        "customers by revenue|top 3?|top 3 customers by revenue",
        "how many orders|and customers?|how many customers",
        "how many orders|just the Germany|how many orders for Germany",
        "How many invoices per billing country in 2023|just Germany|How many invoices per billing country in 2023 for Germany",
        "How many invoices per billing country in 2023|only for 2024|How many invoices per billing country in 2024",
    })
    void rules(String previous, String followUp, String standalone) {
        assertEquals(standalone, FollowUps.resolve(previous, null, followUp, SHOP).question());
    }

    @Test
    void aFilterReplacesTheFilterARuleAddedBefore() {
        FollowUps.Resolved first = FollowUps.resolve("how many orders in 2024", null, "only for Germany", SHOP);
        assertEquals(" for Germany", first.addedFilter());
        FollowUps.Resolved second = FollowUps.resolve(first.question(), first.addedFilter(), "and France?", SHOP);
        assertEquals("how many orders in 2024 for France", second.question());
        FollowUps.Resolved year = FollowUps.resolve(second.question(), second.addedFilter(), "and in 2023?", SHOP);
        assertEquals("how many orders in 2023 for France", year.question());
        assertEquals(" for France", year.addedFilter(), "the year keeps the filter replaceable");
        assertNull(FollowUps.resolve("how many orders", null, "and in 2023?", SHOP).addedFilter());
    }
}
