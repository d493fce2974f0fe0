package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** PostgreSQL's select_div_scale, against the scales PostgreSQL 15 gave for avg (psql, numbers in the comments). */
class PgAvgTest {

    private static String avg(String... values) throws java.sql.SQLException {
        PgAvg avg = new PgAvg();
        for (String v : values) {
            avg.add(new BigDecimal(v));
        }
        return ((BigDecimal) avg.getResult()).toPlainString();
    }

    @Test
    void scalesAreThoseOfPostgres() throws java.sql.SQLException {
        assertEquals("2.2083333333333333", avg("1.50", "2.125", "3")); // select avg(x) from (values (1.50::numeric), (2.125), (3)) v(x)
        assertEquals("1500000.500000000000", avg("1000000", "2000001"));
        assertEquals("0.000001500000000000000000", avg("0.000001", "0.000002"));
        assertEquals("1.8750000000000000", avg("1.5", "2.25"));
        assertEquals("2.2100000000000000", avg("1.50", "2.13", "3.00"));
    }
}
