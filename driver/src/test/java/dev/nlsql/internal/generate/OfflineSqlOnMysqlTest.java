package dev.nlsql.internal.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The offline generator writes the catalog's dialect: on MariaDB and MySQL no DATE_TRUNC (they
 * have none) and names that are not plain in backticks; on PostgreSQL such names in double quotes.
 */
class OfflineSqlOnMysqlTest {

    private static ColumnInfo col(String name, String type) {
        return new ColumnInfo(name, type, true, null);
    }

    private static final TableInfo CUSTOMERS = new TableInfo("shop", "Customer List", null, List.of(col("id", "int"),
            col("name", "varchar"), col("home city", "varchar")), List.of("id"), List.of());
    private static final TableInfo ORDERS = new TableInfo("shop", "orders", null, List.of(col("id", "int"),
            col("customer id", "int"), col("order_date", "date"), col("total", "decimal")), List.of("id"),
            List.of(new ForeignKey(List.of("customer id"), "shop", "Customer List", List.of("id"))));

    private static String sql(String product, String question) throws NotUnderstoodException {
        SchemaCatalog catalog = new SchemaCatalog(product, "10.11", "shop", List.of(CUSTOMERS, ORDERS));
        return new OfflineSqlGenerator().generate(new GenerationRequest(question, "", product, catalog, "", List.of(), List.of())).text();
    }

    @Test
    void periodsAreTruncatedWithoutDateTruncOnMariaDb() throws Exception {
        String sql = sql("MariaDB", "Number of orders per month in 2024");
        assertFalse(sql.toUpperCase().contains("DATE_TRUNC"), sql);
        assertTrue(sql.startsWith("SELECT CAST(DATE_FORMAT(orders.order_date, '%Y-%m-01') AS DATE) AS month_start"), sql);
        assertTrue(sql("PostgreSQL", "Number of orders per month").contains("DATE_TRUNC('month', orders.order_date)"));
    }

    @Test
    void aYearIsItsNumberInEachDialect() throws Exception {
        assertEquals("SELECT YEAR(orders.order_date) AS year, COUNT(*) AS count FROM orders GROUP BY YEAR(orders.order_date) ORDER BY 1",
                sql("MySQL", "Number of orders per year"));
        assertEquals("SELECT YEAR(orders.order_date) AS year, COUNT(*) AS count FROM orders GROUP BY YEAR(orders.order_date) ORDER BY 1",
                sql("MariaDB", "Number of orders per year"));
        assertEquals("SELECT EXTRACT(YEAR FROM orders.order_date)::int AS year, COUNT(*) AS count FROM orders "
                + "GROUP BY EXTRACT(YEAR FROM orders.order_date)::int ORDER BY 1", sql("PostgreSQL", "Number of orders per year"));
        assertTrue(sql("H2", "Number of orders per year").startsWith("SELECT CAST(EXTRACT(YEAR FROM orders.order_date) AS INTEGER) AS \"year\""));
    }

    @Test
    void namesThatAreNotPlainAreQuotedAsTheDatabaseQuotesThem() throws Exception {
        String mysql = sql("MariaDB", "How many orders per home city?");
        assertTrue(mysql.contains("`Customer List`.`home city`"), mysql);
        assertTrue(mysql.contains("JOIN `Customer List` ON orders.`customer id` = `Customer List`.id"), mysql);
        String pg = sql("PostgreSQL", "How many orders per home city?");
        assertTrue(pg.contains("\"Customer List\".\"home city\""), pg);
        assertEquals(pg.replace('"', '`'), mysql);
    }
}
