package dev.nlsql.internal.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The offline generator on a Chinook-like schema it was not written for: the shapes the issue found wrong. */
class OfflineSqlGeneratorTest {

    private static ColumnInfo col(String name, String type) {
        return new ColumnInfo(name, type, true, null);
    }

    static final TableInfo CUSTOMERS = new TableInfo("public", "customers", null, List.of(col("customer_id", "int4"),
            col("first_name", "varchar"), col("last_name", "varchar"), col("country", "varchar")), List.of("customer_id"), List.of());
    static final TableInfo INVOICES = new TableInfo("public", "invoices", null, List.of(col("invoice_id", "int4"),
            col("customer_id", "int4"), col("invoice_date", "timestamp"), col("billing_address", "varchar"),
            col("billing_country", "varchar"), col("total", "numeric")), List.of("invoice_id"),
            List.of(new ForeignKey(List.of("customer_id"), "public", "customers", List.of("customer_id"))));
    static final TableInfo LINES = new TableInfo("public", "invoice_lines", null, List.of(col("invoice_line_id", "int4"),
            col("invoice_id", "int4"), col("unit_price", "numeric"), col("quantity", "int4")), List.of("invoice_line_id"),
            List.of(new ForeignKey(List.of("invoice_id"), "public", "invoices", List.of("invoice_id"))));
    static final SchemaCatalog CATALOG = new SchemaCatalog("PostgreSQL", "15", "public", List.of(CUSTOMERS, INVOICES, LINES));

    /** Germany is both a customer's country and an invoice's billing country. */
    static final List<ValueLink> GERMANY = List.of(new ValueLink(CUSTOMERS, CUSTOMERS.columnIgnoreCase("country"), "Germany", "germany"),
            new ValueLink(INVOICES, INVOICES.columnIgnoreCase("billing_country"), "Germany", "germany"));

    private static String sql(String question, List<ValueLink> values) throws NotUnderstoodException {
        return new OfflineSqlGenerator().generate(new GenerationRequest(question, "", "postgresql", CATALOG, "", values, List.of()))
                .text();
    }

    @Test
    void aValueOfTwoTablesIsTheOneOfTheTableTheQuestionIsAbout() throws Exception {
        assertEquals("SELECT COUNT(*) AS count FROM invoices WHERE invoices.billing_country = 'Germany'",
                sql("How many invoices from Germany?", GERMANY));
        assertEquals("SELECT COUNT(*) AS count FROM customers WHERE customers.country = 'Germany'",
                sql("How many customers are in Germany?", GERMANY));
    }

    /** Issue 36: a value of the column grouped by filters it, and the grouping stays ("just Germany" after a per-country count). */
    @Test
    void aValueOfTheGroupedColumnFiltersTheGrouping() throws Exception {
        assertEquals("SELECT invoices.billing_country, COUNT(*) AS count FROM invoices WHERE invoices.billing_country = 'Germany' "
                + "GROUP BY invoices.billing_country", sql("How many invoices per billing country for Germany", GERMANY));
    }

    @Test
    void aValueOfTwoTablesWithNeitherNamedIsDeclinedNotJoined() {
        assertThrows(NotUnderstoodException.class, () -> sql("What is the total in Germany?", GERMANY));
    }

    @Test
    void anAmountIsMoneyOfTheTableAskedAboutNeverAQuantity() throws Exception {
        assertEquals("SELECT SUM(invoices.total) AS sum_total FROM invoices", sql("What is the total amount of invoices?", List.of()));
        assertEquals("SELECT invoices.billing_country, SUM(invoices.total) AS sum_total FROM invoices GROUP BY invoices.billing_country",
                sql("Total amount per billing country", List.of()));
    }

    /**
     * A ranking it can read is answered (a decline would pass any grouping check), grouped by the country, never by an
     * id; the same ranking over "countries" (a customer's or an invoice's?) and "total amount" is declined, not guessed.
     */
    @Test
    void topCountriesByAmountNeverGroupByAnId() throws Exception {
        String sql = sql("Top 5 billing countries by sum of total", List.of());
        // an invoice with no billing country is no country of the top 5
        assertEquals("SELECT invoices.billing_country, SUM(invoices.total) AS sum_total FROM invoices"
                + " WHERE invoices.billing_country IS NOT NULL GROUP BY invoices.billing_country "
                + "ORDER BY SUM(invoices.total) DESC NULLS LAST, invoices.billing_country LIMIT 5", sql);
        assertFalse(sql.contains("_id"), sql);
        assertThrows(NotUnderstoodException.class, () -> sql("Top 5 countries by total amount", List.of()));
    }

    @Test
    void eachAlwaysGroups() throws Exception {
        String sql = sql("How many invoices does each customer have?", List.of());
        assertTrue(sql.contains("GROUP BY customers.customer_id"), sql);
        // every customer, one with no invoice counted 0 (held-out set 3's "each project", with a project nobody works on)
        // people share names: each row also says which customer it is
        assertEquals("SELECT customers.customer_id, customers.first_name, customers.last_name, COUNT(invoices.customer_id) AS count FROM customers LEFT JOIN"
                + " invoices ON invoices.customer_id = customers.customer_id GROUP BY customers.customer_id, customers.first_name,"
                + " customers.last_name", sql);
        // a filter on what is counted, said of each customer, moves into the join: a customer with none from Germany counts 0
        assertTrue(sql("How many invoices from Germany does each customer have?", List.of(
                ShopCatalog.value(INVOICES, "billing_country", "Germany"))).contains("FROM customers LEFT JOIN invoices ON"
                + " invoices.customer_id = customers.customer_id AND invoices.billing_country = 'Germany'"));
        // a breakdown keeps the inner join
        assertTrue(sql("How many invoices from Germany per customer?", List.of(
                ShopCatalog.value(INVOICES, "billing_country", "Germany"))).contains("FROM invoices JOIN customers"));
    }
}
