package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A count of 0 over a period the data has not reached ("this month" on orders that end on 2025-06-30) is a true 0 the
 * user may not mean: the answer names the newest date and is never "high". A period with rows stays as it was.
 */
class PeriodPastDataIT {

    private static final String DB = "nlsql_period_past_data";
    private static String url;

    @BeforeAll
    static void load() throws Exception {
        TestPostgres.dropDatabase(DB);
        url = TestPostgres.database(DB, "CREATE TABLE orders (order_id int PRIMARY KEY, order_date date NOT NULL, total numeric NOT NULL)",
                "INSERT INTO orders SELECT g, DATE '2025-01-01' + (g % 181), 10 + g FROM generate_series(1, 300) g");
    }

    @AfterAll
    static void drop() throws Exception {
        TestPostgres.dropDatabase(DB);
    }

    private static Connection offline() throws Exception {
        return DriverManager.getConnection("jdbc:nlsql:" + url.substring("jdbc:".length()));
    }

    @Test
    void aZeroOverAPeriodAfterTheDataSaysSoAndIsNotHigh() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("NARRATE NL How many orders were there this month?");
            assertTrue(rs.next());
            assertTrue(rs.getString("sql").contains("orders.order_date >="), rs.getString("sql"));
            assertEquals("medium", rs.getString("confidence"), rs.getString("interpretation"));
            assertTrue(rs.getString("interpretation").contains("the newest orders.order_date is 2025-06-30, before the period asked for"),
                    rs.getString("interpretation"));
        }
    }

    @Test
    void aPeriodWithRowsIsAnsweredAsBefore() throws Exception {
        try (Connection c = offline(); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("NARRATE NL How many orders were there in June 2025?");
            assertTrue(rs.next());
            assertEquals("high", rs.getString("confidence"), rs.getString("interpretation"));
            assertFalse(rs.getString("interpretation").contains("the newest"), rs.getString("interpretation"));
        }
    }

    @Test
    void aModelsBoundIsCheckedWithNlsqlsOwnReadOnlyLookup() throws Exception {
        // the lookup is nlsql's own SQL on the catalog's names (read-only, read role, timeout), not the model's text: a
        // hostile bound ("3000-01-01", a name in quotes) reads the newest date and changes nothing
        String counted = "SELECT count(*) FROM \"orders\" o WHERE o.\"order_date\" >= '3000-01-01'";
        try (FakeOpenAi llm = new FakeOpenAi(FakeOpenAi.answer(counted), FakeOpenAi.answer("None."));
                Connection c = llm.connect(url); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("NARRATE NL how many orders in the year 3000");
            assertTrue(rs.next());
            assertEquals(counted, rs.getString("sql"));
            assertEquals("medium", rs.getString("confidence"), rs.getString("interpretation"));
            assertTrue(rs.getString("interpretation").contains("the newest orders.order_date is 2025-06-30"), rs.getString("interpretation"));
        }
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*), max(order_date) FROM orders")) {
            assertTrue(rs.next());
            assertEquals(300, rs.getInt(1), "the table is as it was");
        }
    }
}
