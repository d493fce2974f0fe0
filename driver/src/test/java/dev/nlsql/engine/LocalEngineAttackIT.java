package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.engine.FallbackAnalysisIT.Ended;
import dev.nlsql.testing.TestPostgres;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Attacks on the fallback analysis's local engine (H2 2.4.240), each a scripted model's fallback
 * reply after a PostgreSQL attempt that ran and failed, end to end through FakeOpenAi and real
 * PostgreSQL. The JVM is the oracle: the local attempt's wall-clock against
 * nlsql.queryTimeoutSeconds plus a margin, no thread left busy in H2 once the question returned,
 * no Error escaping.
 *
 * Tests named {@code escape...} are hostile replies that got past the walls in an attacker's review
 * (issue 22): each ran roughly 10 s uninterruptibly before the rules on exponents, search strings,
 * replace and to_char. The others are probes that held. assertTimeoutPreemptively is the backstop.
 */
class LocalEngineAttackIT {

    private static final String DATABASE = "nlsql_attack1_local_engine";
    private static final int QUERY_TIMEOUT = 2;
    /** The local attempt: its timeout plus the watchdog's and H2's reaction on a shared machine (as HostileFallbackIT). */
    private static final long LOCAL_BOUND_MS = QUERY_TIMEOUT * 1000L + 1000;
    private static final Duration BACKSTOP = Duration.ofSeconds(120);
    private static final String A100 = "a".repeat(100);
    private static final String A1000 = "a".repeat(1000);
    /** 10,000,000 'a's with three string-building operations (the cap is eight). */
    private static final String TEN_MILLION_AS = "replace(replace(replace(name, 'a', '" + A1000 + "'), 'a', '" + A100 + "'), 'a', '"
            + A100 + "')";
    private static String url;

    @BeforeAll
    static void schema() throws Exception {
        url = TestPostgres.database(DATABASE, "DROP TABLE IF EXISTS fb_items",
                "CREATE TABLE fb_items (id int PRIMARY KEY, name text, price numeric(8,2))",
                "INSERT INTO fb_items VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3), (4, 'd', 10), (5, 'e', 20)");
        FallbackAnalysisIT.askWithFallback(url, "SELECT count(*) AS n FROM fb_items"); // warm-up: client, H2, guard
    }

    @AfterAll
    static void dropDatabase() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }

    private static Ended ask(String sql) {
        return assertTimeoutPreemptively(BACKSTOP, () -> FallbackAnalysisIT.askWithFallback(url, sql,
                "nlsql.queryTimeoutSeconds=" + QUERY_TIMEOUT, "nlsql.llm.maxReplyChars=50000"));
    }

    /** The local attempt ran (it passed the guard) and ended within its bound, leaving no thread busy in H2. */
    private static void assertBounded(String sql) {
        Ended e = ask(sql);
        List<String> busy = FallbackAnalysisIT.threadsBusyInH2();
        Attempt last = e.last();
        assertEquals(Attempt.Source.FALLBACK, last.source(), last.toString());
        assertEquals(List.of(), busy, "threads busy in H2 after the question returned");
        assertTrue(last.millis() <= LOCAL_BOUND_MS, "the local attempt took " + last.millis() + " ms (bound " + LOCAL_BOUND_MS
                + " ms), question " + e.millis() + " ms, outcome " + last.outcome() + " " + last.error() + ": " + shorten(sql));
    }

    private static String shorten(String sql) {
        return sql.length() > 160 ? sql.substring(0, 160) + "..." : sql;
    }

    // ---- escapes the review found, closed since ----

    /**
     * ESCAPE (time): a numeric literal with a huge exponent passes the guard (no function, no cast);
     * adding 1 makes BigDecimal align the scales, computing 10^10,000,000 in one uninterruptible
     * call. Measured 13 s against a 2 s timeout (1e50000000 + 1: 103 s); the watchdog flags the
     * work budget at once but H2 only looks between rows.
     */
    @Test
    void escapeNumericScaleExplosionRunsPastTheTimeout() {
        assertBounded("SELECT 1e10000000 + 1 AS n");
    }

    /** ESCAPE (time): the same explosion with the exponent hidden in a string cast to a plain type (5 s at 1e5000000). */
    @Test
    void escapeNumericScaleExplosionThroughACastFromText() {
        assertBounded("SELECT CAST('1e7000000' AS NUMERIC) + 1 AS n");
    }

    /**
     * ESCAPE (time): a LIKE pattern with one inner '%' (allowed as "linear") is O(text x pattern):
     * a 1,000-character pattern over a 10,000,000-character value built with three replace() is
     * one uninterruptible evaluation. Measured 13.3 s against a 2 s timeout.
     */
    @Test
    void escapeLikeWithOneInnerPercentOverAHugeValue() {
        assertBounded("WITH h AS (SELECT " + TEN_MILLION_AS + " AS hay FROM fb_items WHERE id = 1) SELECT count(*) AS n FROM h"
                + " WHERE hay LIKE 'a%" + "a".repeat(990) + "b'");
    }

    /**
     * ESCAPE (time): locate/position is String.indexOf, O(text x needle) in the worst case: a needle
     * of 10,000 'a's and a 'b' over 10,000,000 'a's (six string-building operations in all).
     * Measured about 9-10 s against a 2 s timeout (10^6 x 10^4: 0.9 s; it scales with the product).
     */
    @Test
    void escapeLocateIsQuadraticInOneValue() {
        assertBounded("WITH h AS (SELECT " + TEN_MILLION_AS + " AS hay, replace(replace(name, 'a', '" + A100 + "'), 'a', '" + A100
                + "') || 'b' AS needle FROM fb_items WHERE id = 1) SELECT locate(needle, hay) AS p FROM h");
    }

    /**
     * ESCAPE (string-building cap): to_char of a numeric literal builds a value of any length with
     * no string-building operation at all: to_char(1e30000000) is 30,000,001 characters in 0.2 s
     * (to_char(1e400000000): OutOfMemoryError in the engine). The cap of 8 operations assumes
     * values stay "within a small multiple of the copy's" (here: 1 character per value).
     */
    @Test
    void escapeToCharBuildsAHugeValueWithoutStringOperations() {
        Ended e = ask("SELECT length(to_char(1e30000000)) AS n");
        assertTrue(e.error() != null, "answered " + e.answer() + ": a 30,000,001-character value built with no string-building operation");
    }

    /**
     * ESCAPE (time, cap bypass combined): the to_char-built value feeds a quadratic locate with no
     * string-building operation at all (0 of 8 used): needle 100,000 characters, text 3,000,000.
     */
    @Test
    void escapeToCharValuesFeedAQuadraticLocate() {
        assertBounded("WITH h AS (SELECT to_char(1e3000000) AS hay, substring(to_char(1e20000 + 1), 2) AS needle)"
                + " SELECT locate(needle, hay) AS p FROM h");
    }

    // ---- PROBES THAT HELD (regression tests) ----

    /**
     * Data values are hostile too: a text that reads as '1e7000000' cast to NUMERIC and added to, or a text far longer
     * than the string rules assume, is refused when the copy is made (the answer fails, naming the column), so the
     * statement never runs over it. Measured before: 7 s against the 2 s timeout for the cast.
     */
    @Test
    void escapeHostileDataValuesAreRefusedByTheCopy() throws Exception {
        String[][] cases = {{"nlsql_attack1_exponent_data", "'1e7000000'", "SELECT CAST(name AS NUMERIC) + 1 AS n FROM fb_items"},
            {"nlsql_attack1_long_data", "repeat('a', 100000)", "SELECT locate('" + "a".repeat(99) + "b', name) AS p FROM fb_items"}};
        for (String[] c : cases) {
            String hostile = TestPostgres.database(c[0], "DROP TABLE IF EXISTS fb_items",
                    "CREATE TABLE fb_items (id int PRIMARY KEY, name text, price numeric(8,2))",
                    "INSERT INTO fb_items VALUES (1, 'a', 1), (2, " + c[1] + ", 2)");
            try {
                Ended e = assertTimeoutPreemptively(BACKSTOP, () -> FallbackAnalysisIT.askWithFallback(hostile, c[2],
                        "nlsql.queryTimeoutSeconds=" + QUERY_TIMEOUT));
                assertTrue(e.error() != null, c[0] + " answered " + e.answer());
                assertTrue(e.error().getMessage().contains("cannot copy fb_items.name"), c[0] + ": " + e.error().getMessage());
                assertTrue(e.millis() <= LOCAL_BOUND_MS, c[0] + " took " + e.millis() + " ms");
                assertEquals(List.of(), FallbackAnalysisIT.threadsBusyInH2());
            } finally {
                TestPostgres.dropDatabase(c[0]);
            }
        }
    }

    /**
     * to_char of 1e400000000 exhausted the host's heap (contained by the last wall, 54000, but every thread of the host
     * could have met the OutOfMemoryError meanwhile): now the literal never reaches H2.
     */
    @Test
    void heldOutOfMemoryFromToCharNeverRuns() {
        Ended e = ask("SELECT length(to_char(1e400000000)) AS n");
        assertTrue(e.error() != null, "answered " + e.answer());
        assertEquals(Attempt.Outcome.REJECTED, e.last().outcome(), e.last().toString());
        assertEquals(List.of(), FallbackAnalysisIT.threadsBusyInH2());
    }

    /** CHAR(n) casts do not pad in H2 2.4 (no grower), POWER is a double, sorts on one shared long key compare by identity. */
    @Test
    void heldCastsPowersAndSorts() {
        for (String sql : new String[] {"SELECT length(CAST(name AS CHAR(1000000000))) AS n FROM fb_items",
            "SELECT power(price, 100000000) AS n FROM fb_items", "SELECT power(1.0000001, 100000000) AS n",
            "SELECT floor(1e-3000000) AS n", "SELECT 1e3000000 / 3 AS n", "SELECT count(*) AS n FROM fb_items WHERE price < 1e3000000",
            "SELECT dateadd('year', 2000000000, now()) AS n", "SELECT length(to_char(now(), '" + "YYYY".repeat(200) + "')) AS n",
            "WITH s AS (SELECT " + TEN_MILLION_AS + " AS k FROM fb_items WHERE id = 1) SELECT count(*) AS n FROM (SELECT a.id FROM s,"
                    + " fb_items a, fb_items b, fb_items c, fb_items d, fb_items e ORDER BY s.k, a.id) x"}) {
            assertBounded(sql);
        }
    }

    /** Table functions, quoted, spaced, commented or schema-qualified names of built-ins off the list: refused. */
    @Test
    void heldFunctionSpellingsAndTableFunctionsAreRefused() {
        for (String sql : new String[] {"SELECT \"h2version\"() AS v", "SELECT h2version () AS v", "SELECT H2VERSION/**/() AS v",
            "SELECT public.h2version() AS v", "SELECT U&\"h\\0032version\"() AS v", "SELECT {fn h2version()} AS v",
            "SELECT x FROM (VALUES (H2VERSION())) t(x)", "SELECT count(*) AS n FROM system_range(1, 100)",
            "SELECT count(*) AS n FROM generate_series(1, 100)", "SELECT 'a\\' , H2VERSION() AS v, '' AS x",
            "SELECT $a$ , H2VERSION() , $a$ AS x", "SELECT E'\\'' , H2VERSION() , '' AS x", "SELECT '--' AS a, H2VERSION() AS v",
            "SELECT 1 /* /* */ , H2VERSION() /* */ AS x", "SELECT U&'\\0027' , H2VERSION() AS v"}) {
            Ended e = ask(sql);
            assertTrue(e.error() != null, sql + " answered " + e.answer());
            assertEquals(Attempt.Outcome.REJECTED, e.last().outcome(), sql + ": " + e.last());
        }
    }

    /** Nested comments: the guard reads them as H2 does (the hidden call stays inside the comment for both). */
    @Test
    void heldNestedCommentsReadAlike() {
        Ended e = ask("SELECT 1 AS a /* /* nested */ , H2VERSION() AS v -- */");
        assertEquals("1|", e.answer(), String.valueOf(e.error()));
    }
}
