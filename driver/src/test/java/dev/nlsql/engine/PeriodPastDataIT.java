package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
