package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rendering rules that need no database: ISO date-times, floats, H2 intervals, names of computed columns, command tags. */
class ValuesTest {

    @Test
    void postgresDateTimesBecomeIso8601WithTheirOffset() {
        assertEquals("2018-01-01T00:00:00+02:00", Values.isoDateTime("2018-01-01 00:00:00+02"));
        assertEquals("2018-01-01T03:30:00.123456+05:30", Values.isoDateTime("2018-01-01 03:30:00.123456+05:30"));
        assertEquals("1850-01-01T00:00:00+00:53:28", Values.isoDateTime("1850-01-01 00:00:00+00:53:28"));
        assertEquals("2018-01-01T00:00:00", Values.isoDateTime("2018-01-01 00:00:00"));
        assertEquals("2018-01-01", Values.isoDateTime("2018-01-01"));
        assertEquals("02:03:04+02:00", Values.isoDateTime("02:03:04+02"));
        assertEquals("02:03:04", Values.isoDateTime("02:03:04"));
        assertEquals("infinity", Values.isoDateTime("infinity"));
    }

    @Test
    void floatsAsPostgresPrintsThem() {
        assertEquals("1.5", Values.floatText(1.5, 15));
        assertEquals("10000000000", Values.floatText(1e10, 15));
        assertEquals("1e+20", Values.floatText(1e20, 15));
        assertEquals("1.5e-05", Values.floatText(1.5e-5, 15));
        assertEquals("0.1", Values.floatText(0.1, 15));
        assertEquals("NaN", Values.floatText(Double.NaN, 15));
    }

    @Test
    void h2IntervalsAsPostgresPrintsThem() {
        assertEquals("1 day 02:03:04", Values.interval(org.h2.api.Interval.ofDaysHoursMinutesSeconds(1, 2, 3, 4)));
        assertEquals("1 year 2 mons", Values.interval(org.h2.api.Interval.ofYearsMonths(1, 2)));
        assertEquals("-3 days", Values.interval(org.h2.api.Interval.ofDays(-3)));
    }

    @Test
    void unnamedComputedColumnsAreNamedFromTheirExpression() {
        assertEquals(List.of("sum", "avg", "country", "count"),
                Values.columnNames(List.of("?column?", "?column?", "country", ""),
                        "SELECT sum(o.total) * 2, round(avg(price), 2) + 0, country, count(*) FROM orders o GROUP BY country"));
        assertEquals(List.of("n", "total", "column3"),
                Values.columnNames(List.of("n", "?column?", "?column?"), "select distinct n, total + 1, 1 + 1 from t"));
        assertEquals(List.of("count", "count_2"),
                Values.columnNames(List.of("count", "?column?"), "WITH x AS (SELECT a, b FROM t) SELECT count(*), count(*) * 2 FROM x"));
        assertEquals(List.of("upper"), Values.columnNames(List.of("?column?"), "SELECT upper('a, b') || 'FROM' FROM t"));
    }

    @Test
    void commandTagsAsPsqlPrintsThem() {
        assertEquals("DELETE 2", Answered.tag("DELETE FROM t WHERE x <= 2", 2));
        assertEquals("INSERT 0 3", Answered.tag("insert into t values (1),(2),(3)", 3));
        assertEquals("UPDATE 0", Answered.tag("UPDATE t SET x = 1 WHERE false", 0));
        assertEquals("CREATE TABLE", Answered.tag("create table t (x int)", 0));
        assertEquals("CREATE INDEX", Answered.tag("CREATE UNIQUE INDEX i ON t (x)", 0));
        assertEquals("CREATE VIEW", Answered.tag("CREATE OR REPLACE VIEW v AS SELECT 1", 0));
        assertEquals("DROP TABLE", Answered.tag("-- tidy up\nDROP TABLE t", 0));
        assertEquals("SET", Answered.tag("SET TIME ZONE 'UTC'", 0));
    }
}
