package dev.nlsql.internal.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Benchmarks;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What is taken out of a model's reply, and that it takes time linear in the reply's length. */
class SqlExtractorTest {

    private static final Logger LOG = LoggerFactory.getLogger(SqlExtractorTest.class);

    static Stream<Arguments> replies() {
        return Stream.of(
            Arguments.of("SELECT count(*) FROM cars", "SELECT count(*) FROM cars"),
            Arguments.of("Sure! Here is the query:\n```sql\nSELECT count(*) FROM cars;\n```\nThis counts all cars.", "SELECT count(*) FROM cars"),
            Arguments.of("Here is the query you asked for:\n```sql\nSELECT make FROM cars;\n```\nIt should answer the question.",
                    "SELECT make FROM cars"),
            Arguments.of("```python\nprint(1)\n```\n```sql\nSELECT 2\n```", "SELECT 2"),
            Arguments.of("```sql\nSELECT 1\n```\nand also\n```sql\nSELECT 2\n```", "SELECT 1"),
            Arguments.of("```\r\nSELECT 1\r\n```", "SELECT 1"),
            Arguments.of("```SELECT 1```", "SELECT 1"),
            Arguments.of("<sql>SELECT 1</sql>", "SELECT 1"),
            Arguments.of("<SQL>\nSELECT 1\n</SQL> done", "SELECT 1"),
            Arguments.of("SQL: SELECT 1", "SELECT 1"),
            Arguments.of("sql:SELECT 1;", "SELECT 1"),
            Arguments.of("  -- comment\nSELECT 1", "-- comment\nSELECT 1"),
            Arguments.of("(SELECT 1) UNION (SELECT 2)", "(SELECT 1) UNION (SELECT 2)"),
            Arguments.of("TABLE cars", "TABLE cars"),
            Arguments.of("DROP TABLE cars", "DROP TABLE cars"),
            Arguments.of("update t set a = 1", "update t set a = 1"),
            Arguments.of("WITH d AS (DELETE FROM cars RETURNING *) SELECT count(*) FROM d", "WITH d AS (DELETE FROM cars RETURNING *) SELECT count(*) FROM d"),
            Arguments.of("SELECT 1; SELECT 2", "SELECT 1; SELECT 2"),
            Arguments.of("SELECT 1; this is the answer", "SELECT 1"),
            Arguments.of("SELECT 1;\n\nThis query returns one.", "SELECT 1"),
            Arguments.of("SELECT a\nFROM t\n\nThis returns a.", "SELECT a\nFROM t"),
            Arguments.of("SELECT a\nFROM t\n\nNote: it is fast", "SELECT a\nFROM t"),
            Arguments.of("SELECT a\nFROM t\n\nWHERE x = 1", "SELECT a\nFROM t\n\nWHERE x = 1"),
            Arguments.of("SELECT a FROM t WHERE b IN (1)\n\nIt is done.", "SELECT a FROM t WHERE b IN (1)"),
            Arguments.of("SELECT 'Mr. Smith. Hi' FROM t", "SELECT 'Mr. Smith. Hi' FROM t"),
            Arguments.of("SELECT a.b FROM t. It works.", "SELECT a.b FROM t"),
            Arguments.of("SELECT make FROM cars.", "SELECT make FROM cars"),
            Arguments.of("Query:\nSELECT\n  c.make,\n  count(*)\nFROM cars c\nGROUP BY c.make;\n\nThis groups cars.",
                    "SELECT\n  c.make,\n  count(*)\nFROM cars c\nGROUP BY c.make"),
            Arguments.of("You can select the cars with this query: SELECT count(*) FROM cars", "SELECT count(*) FROM cars"),
            Arguments.of("Here you go: select count(*) from cars", "select count(*) from cars"),
            Arguments.of("Here's the query: SELECT 1", "SELECT 1"),
            Arguments.of("Here is the SQL:\n\nWITH x AS (SELECT 1 AS n) SELECT n FROM x\n\nThis uses a CTE.", "WITH x AS (SELECT 1 AS n) SELECT n FROM x"),
            Arguments.of("To answer, we first select the cars with recursive care.\n\nWITH RECURSIVE r(n) AS (SELECT 1) SELECT * FROM r",
                    "WITH RECURSIVE r(n) AS (SELECT 1) SELECT * FROM r"),
            Arguments.of("Use this: VALUES (1), (2)", "VALUES (1), (2)"),
            Arguments.of("I would select all rows with values from the table. SELECT * FROM cars", "SELECT * FROM cars"),
            Arguments.of("The query is: SELECT make FROM cars WHERE year > 2020. This returns makes.", "SELECT make FROM cars WHERE year > 2020"),
            Arguments.of("Here: SELECT TOP 5 * FROM cars", "SELECT TOP 5 * FROM cars"),
            Arguments.of("Pick one and select DISTINCT ON (make) make, model FROM cars", "select DISTINCT ON (make) make, model FROM cars"));
    }

    @ParameterizedTest
    @MethodSource("replies")
    void takesTheSqlOutOfAReply(String reply, String sql) {
        assertEquals(sql, SqlExtractor.extract(reply));
    }

    @Test
    void proseWithoutSqlHasNone() {
        assertNull(SqlExtractor.extract("I am sorry, I cannot help with that."));
        assertNull(SqlExtractor.extract("I am not sure how to answer that."));
        assertNull(SqlExtractor.extract("You could select the values with care, then select what you need."));
        assertNull(SqlExtractor.extract("```text\nhello\n```"));
        assertNull(SqlExtractor.extract("   "));
        assertNull(SqlExtractor.extract(null));
    }

    @Test
    void notAnswerableIsReadNearTheStart() {
        assertEquals("nothing about weather in this schema", SqlExtractor.notAnswerable("NOT_ANSWERABLE: nothing about weather in this schema"));
        assertEquals("no table", SqlExtractor.notAnswerable("  not_answerable - no table"));
        assertEquals("because", SqlExtractor.notAnswerable("The question: NOT_ANSWERABLE because"));
        assertEquals("the model found nothing in the schema for it", SqlExtractor.notAnswerable("NOT_ANSWERABLE"));
        assertNull(SqlExtractor.notAnswerable("SELECT 1 -- this query is certainly not NOT_ANSWERABLE"));
        assertNull(SqlExtractor.notAnswerable(null));
    }

    /** Replies built to make a scan go back over itself: SQL-like words, open quotes, fences, tags. */
    static Map<String, IntFunction<String>> adversarial() {
        Map<String, IntFunction<String>> m = new LinkedHashMap<>();
        m.put("select every other word", n -> fill("select the ", n));
        m.put("SELECT every other word", n -> "Here: " + fill("SELECT the ", n));
        m.put("with and values every other word", n -> fill("with care values with ", n));
        m.put("unclosed quotes", n -> "It's here: " + fill("select 'it''s don't with x's ", n));
        m.put("many fences", n -> fill("```sql\nhello select\n```\n", n));
        m.put("one fence, never closed", n -> "```sql\n" + fill("select x ", n));
        m.put("a fence with a long language word", n -> "```" + fill("a", n));
        m.put("many <sql> tags, none closed", n -> fill("<sql>select ", n));
        m.put("many blank lines", n -> "SELECT 1\n\n" + fill("x\n\n", n) + " end.");
        m.put("many semicolons", n -> "SELECT 1" + fill(";", n));
        m.put("open comments", n -> "note: " + fill("/* select ", n));
        m.put("dollar quotes", n -> "note: " + fill("select $a$ ", n));
        m.put("prose with keywords", n -> fill("I will select the rows you want with care, and then select values with the cars table. ", n));
        return m;
    }

    @Test
    void aShortProseReplyIsFast() {
        String reply = adversarial().get("prose with keywords").apply(568);
        SqlExtractor.extract(reply); // the first call loads classes
        double ms = bestMillis(reply);
        assertTrue(ms < 50, "568 bytes took " + ms + " ms");
    }

    /**
     * Time grows linearly: ten times the text costs about ten times the time (a quadratic scan would cost a hundred
     * times). Ratios within the run, not absolute bounds, so a loaded machine does not fail it; the figures are logged.
     */
    @Test
    void extractionTakesTimeLinearInTheReply() {
        double[] total = new double[3];
        int[] sizes = {10_000, 100_000, 1_000_000};
        for (Map.Entry<String, IntFunction<String>> e : adversarial().entrySet()) {
            SqlExtractor.extract(e.getValue().apply(10_000)); // warm up
            double[] ms = new double[3];
            for (int s = 0; s < sizes.length; s++) {
                ms[s] = bestMillis(e.getValue().apply(sizes[s]));
                total[s] += ms[s];
            }
            LOG.info("{}: 10 KB {} ms, 100 KB {} ms, 1 MB {} ms", e.getKey(), ms[0], ms[1], ms[2]);
        }
        LOG.info("all replies: 10 KB {} ms, 100 KB {} ms, 1 MB {} ms", Math.round(total[0]), Math.round(total[1]), Math.round(total[2]));
        assertTrue(total[2] < 30 * total[1], "1 MB against 100 KB: " + total[2] + " / " + total[1]);
        assertTrue(total[1] < 30 * total[0] + 50, "100 KB against 10 KB: " + total[1] + " / " + total[0]);
    }

    private static double bestMillis(String reply) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            SqlExtractor.extract(reply);
            SqlExtractor.notAnswerable(reply);
            best = Math.min(best, System.nanoTime() - t0);
        }
        return Math.round(best / 10_000.0) / 100.0;
    }

    private static String fill(String unit, int size) {
        StringBuilder b = new StringBuilder(size + unit.length());
        while (b.length() < size) {
            b.append(unit);
        }
        return b.toString();
    }
}
