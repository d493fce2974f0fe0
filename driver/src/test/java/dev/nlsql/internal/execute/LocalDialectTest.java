package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The interval rewrite for H2: literals with units in the string become H2's form; nothing else changes. */
class LocalDialectTest {

    @Test
    void intervalStringsWithUnitsBecomeH2Literals() {
        assertEquals("SELECT d - INTERVAL '1' YEAR FROM t", LocalDialect.toH2("SELECT d - INTERVAL '1 year' FROM t"));
        assertEquals("SELECT d + INTERVAL '30' DAY FROM t", LocalDialect.toH2("SELECT d + interval '30 days' FROM t"));
        assertEquals("SELECT d + INTERVAL '2' MONTH", LocalDialect.toH2("SELECT d + Interval '2 months'"));
        assertEquals("SELECT ts + INTERVAL '3' HOUR", LocalDialect.toH2("SELECT ts + INTERVAL '3 hours'"));
        assertEquals("SELECT d + (INTERVAL '1' YEAR + INTERVAL '2' MONTH)", LocalDialect.toH2("SELECT d + INTERVAL '1 year 2 months'"));
        assertEquals("SELECT d + INTERVAL '14' DAY", LocalDialect.toH2("SELECT d + INTERVAL '2 weeks'"));
        assertEquals("SELECT d + INTERVAL '7' DAY", LocalDialect.toH2("SELECT d + INTERVAL '1 week'"));
        assertEquals("SELECT d + INTERVAL '-1' YEAR", LocalDialect.toH2("SELECT d + INTERVAL '-1 year'"));
        assertEquals("SELECT d + INTERVAL '5' MINUTE", LocalDialect.toH2("SELECT d + INTERVAL '+5 minutes'"));
        assertEquals("SELECT ts - (INTERVAL '1' DAY + INTERVAL '2' HOUR + INTERVAL '30' MINUTE + INTERVAL '1.5' SECOND)",
                LocalDialect.toH2("SELECT ts - INTERVAL '1 day 2 hours 30 minutes 1.5 seconds'"));
        assertEquals("SELECT d FROM t WHERE d > now() - INTERVAL '7' DAY AND d < now() + INTERVAL '1' MONTH",
                LocalDialect.toH2("SELECT d FROM t WHERE d > now() - INTERVAL '7 days' AND d < now() + INTERVAL '1 month'"));
    }

    @Test
    void whatIsNotAnIntervalLiteralWithUnitsStaysAsWritten() {
        String[] unchanged = {
            "SELECT 'INTERVAL ''1 year''' FROM t", // the words inside a string
            "SELECT a FROM t -- INTERVAL '1 year'\n", // inside a line comment
            "SELECT a /* INTERVAL '1 year' */ FROM t", // inside a block comment
            "SELECT \"interval\" FROM t WHERE \"interval\" = '1 year'", // a quoted column named interval
            "SELECT t.\"interval\" FROM t", "SELECT d + INTERVAL '1' YEAR FROM t", // H2's own form already
            "SELECT d + INTERVAL '1 2' DAY TO HOUR FROM t", "SELECT d + INTERVAL '1 year 2 days' FROM t", // mixed: H2 cannot add them
            "SELECT d + INTERVAL '1 fortnight' FROM t", "SELECT d + INTERVAL '1.5 hours' FROM t", "SELECT d + INTERVAL 'P1Y' FROM t",
            "SELECT d + INTERVAL '1 day 02:00:00' FROM t", "SELECT d + INTERVAL '1234567890 days' FROM t",
            "SELECT d + INTERVAL E'1 year' FROM t", "SELECT d + INTERVAL '' FROM t", "SELECT 'interval' || '1 year' FROM t"
        };
        for (String sql : unchanged) {
            assertEquals(sql, LocalDialect.toH2(sql));
        }
        // the one real literal next to a string and a comment that hold the same words
        assertEquals("SELECT 'INTERVAL ''1 year''', d + INTERVAL '1' YEAR /* INTERVAL '2 days' */ FROM t",
                LocalDialect.toH2("SELECT 'INTERVAL ''1 year''', d + INTERVAL '1 year' /* INTERVAL '2 days' */ FROM t"));
    }

    @Test
    void avgCallsArePostgresAvgWhereTheCopyHasIt() {
        String sql = "SELECT avg(x), AVG (y), t.avg, \"avg\"(z), 'avg(' , avg(d + INTERVAL '1 day') FROM t -- avg(w)\n";
        assertEquals("SELECT nlsql_avg(x), nlsql_avg (y), t.avg, \"avg\"(z), 'avg(' , nlsql_avg(d + INTERVAL '1' DAY) FROM t -- avg(w)\n",
                LocalDialect.toH2(sql, true));
        assertEquals(LocalDialect.toH2(sql), LocalDialect.toH2(sql, false));
        assertEquals("SELECT avg(x), AVG (y), t.avg, \"avg\"(z), 'avg(' , avg(d + INTERVAL '1' DAY) FROM t -- avg(w)\n", LocalDialect.toH2(sql));
    }
}
