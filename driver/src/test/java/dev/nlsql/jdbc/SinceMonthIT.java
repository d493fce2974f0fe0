package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.Month;
import java.time.format.TextStyle;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * README, offline generator: date phrases such as "since March". "since March" counts from the first of the latest
 * March that has begun (this year's, or last year's before March 1), with no upper bound.
 */
class SinceMonthIT {

    private static final String DATABASE = "nlsql_claims_since";
    private static String url;
    private static final LocalDate TODAY = LocalDate.now();

    @BeforeAll
    static void schema() throws SQLException {
        url = TestPostgres.database(DATABASE,
                "DROP TABLE IF EXISTS orders",
                "CREATE TABLE orders (id int PRIMARY KEY, placed_on date NOT NULL, amount numeric(10,2))");
    }

    /** The first of the latest {@code month} that has begun by today. */
    private static LocalDate latest(Month month) {
        LocalDate d = LocalDate.of(TODAY.getYear(), month, 1);
        return d.isAfter(TODAY) ? d.minusYears(1) : d;
    }

    private static void orders(LocalDate... dates) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                PreparedStatement ps = c.prepareStatement("INSERT INTO orders VALUES (?, ?, 10)")) {
            s.execute("TRUNCATE orders");
            int id = 0;
            for (LocalDate d : dates) {
                ps.setInt(1, ++id);
                ps.setDate(2, Date.valueOf(d));
                ps.executeUpdate();
            }
        }
    }

    private static void check(Month month) throws SQLException {
        LocalDate start = latest(month);
        // the day before is out; the first, today and (if any) a day between are in; a year before is out
        orders(start.minusDays(1), start, TODAY, start.minusYears(1), start.plusDays(1).isAfter(TODAY) ? start : start.plusDays(1));
        String name = month.getDisplayName(TextStyle.FULL, Locale.ENGLISH);
        try (Connection c = DriverManager.getConnection("jdbc:nlsql:" + url.substring(5) + "&nlsql.llm=offline&nlsql.cache=false");
                Statement s = c.createStatement(); ResultSet rs = s.executeQuery("how many orders since " + name)) {
            assertTrue(rs.next());
            assertEquals(3, rs.getLong(1), "orders on or after " + start);
            String how = s.getWarnings().getMessage();
            assertTrue(how.contains(">= DATE '" + start + "'"), how);
            assertTrue(!how.contains("< DATE"), "no upper bound: " + how);
        }
    }

    @Test
    void sinceMarchCountsFromTheLatestFirstOfMarch() throws SQLException {
        check(Month.MARCH);
    }

    @Test
    void sinceAMonthNotYetReachedThisYearMeansLastYears() throws SQLException {
        check(TODAY.getMonth() == Month.DECEMBER ? Month.NOVEMBER : TODAY.getMonth().plus(1));
    }
}
