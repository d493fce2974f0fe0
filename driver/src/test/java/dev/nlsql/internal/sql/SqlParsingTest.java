package dev.nlsql.internal.sql;

import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.check.GuardRejection;
import dev.nlsql.internal.check.SqlGuard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.nlsql.testing.Benchmarks;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hostile SQL costs bounded time: JSqlParser backtracks exponentially on some nestings, so
 * every parse is pre-checked (length, depth) and cancelled at a deadline, and the guard only
 * ever answers with a {@link GuardRejection}.
 */
class SqlParsingTest {

    private static final Logger LOG = LoggerFactory.getLogger(SqlParsingTest.class);
    /** What the caller may wait at most: the time limit plus the cancellation's own delay, on a busy 2-core machine. */
    private static final long BOUND_MS = 3_000;
    private static final SqlGuard GUARD = new SqlGuard(GuardPolicy.permissive());

    /** The reported bomb: 125 bytes, over 60 s in the guard before parsing was bounded. */
    static String arrayBomb(int levels) {
        return "SELECT " + "ARRAY[(".repeat(levels) + "1" + ")]".repeat(levels);
    }

    static String nested(String open, String middle, String close, int levels) {
        return open.repeat(levels) + middle + close.repeat(levels);
    }

    static Stream<Arguments> hostile() {
        return Stream.of(
            Arguments.of("ARRAY[( x13", arrayBomb(13)),
            Arguments.of("ARRAY[( x40", arrayBomb(40)),
            Arguments.of("parentheses 10,000 deep", "SELECT " + nested("(", "1", ")", 10_000)),
            Arguments.of("parentheses with CASE", "SELECT " + nested("(CASE WHEN (", "1", ") THEN 1 END)", 20)),
            Arguments.of("CASE without parentheses", "SELECT " + nested("CASE WHEN ", "1 = 1", " THEN 1 END", 200)),
            Arguments.of("1 MB statement", "SELECT 1 WHERE a IN (" + "1, ".repeat(333_333) + "1)"),
            Arguments.of("1 MB string", "SELECT '" + "x".repeat(1_000_000) + "'"),
            Arguments.of("ODBC braces 5,000 deep", "SELECT " + nested("{fn ", "1", "}", 5_000)),
            Arguments.of("40,000 unbalanced openers", "SELECT " + "(".repeat(40_000)));
    }

    /** JSqlParser does not nest comments: it sees a bomb where PostgreSQL sees a comment, which the guard removes. */
    @Test
    void nestingHiddenInANestedCommentIsRefusedByTheParserAndRemovedByTheGuard() throws GuardRejection {
        String sql = "SELECT 1 /* /* */ , " + nested("ARRAY[(", "1", ")]", 20) + " */ + 1";
        long parseMs = millis(() -> assertThrows(SqlParsing.Unparseable.class, () -> SqlParsing.parse(sql)));
        assertTrue(parseMs < BOUND_MS, "parse took " + parseMs + " ms");
        long start = System.nanoTime();
        assertEquals("SELECT 1   + 1", GUARD.check(sql).sql());
        assertTrue((System.nanoTime() - start) / 1_000_000 < BOUND_MS);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void hostileSqlIsRefusedInBoundedTime(String name, String sql) {
        long parseMs = millis(() -> assertThrows(SqlParsing.Unparseable.class, () -> SqlParsing.parse(sql)));
        long guardMs = millis(() -> assertThrows(GuardRejection.class, () -> GUARD.check(sql)));
        LOG.info("{}: parse refused in {} ms, guard in {} ms", name, parseMs, guardMs);
        assertTrue(parseMs < BOUND_MS, name + ": parse took " + parseMs + " ms");
        assertTrue(guardMs < BOUND_MS, name + ": guard took " + guardMs + " ms");
    }

    @Test
    void theDepthPreCheckRefusesAtOnceWithAReason() {
        SqlParsing.Unparseable e = assertThrows(SqlParsing.Unparseable.class,
                () -> SqlParsing.parse("SELECT " + nested("(", "1", ")", 10_000)));
        assertTrue(e.getMessage().contains("nested deeper than " + SqlParsing.MAX_DEPTH), e.getMessage());
        GuardRejection r = assertThrows(GuardRejection.class, () -> GUARD.check(arrayBomb(20)));
        assertEquals(GuardRejection.Rule.NOT_PARSEABLE, r.rule());
        assertTrue(r.getMessage().contains("nested deeper than"), r.getMessage());
        SqlParsing.Unparseable longText = assertThrows(SqlParsing.Unparseable.class,
                () -> SqlParsing.parse("SELECT " + "1 + ".repeat(20_000) + "1"));
        assertTrue(longText.getMessage().contains("longer than " + SqlParsing.MAX_CHARS), longText.getMessage());
    }

    @Test
    void depthIsAlsoCountedAsJSqlParserReadsTheText() {
        // PostgreSQL reads one nested comment; JSqlParser ends it at the first */ and sees 40 levels
        String sql = "SELECT 1 /* /* */ , " + nested("ARRAY[(", "1", ")]", 20) + " */ + 1";
        assertEquals(0, SqlParsing.nestingDepth(sql));
        long ms = millis(() -> {
            SqlParsing.Unparseable e = assertThrows(SqlParsing.Unparseable.class, () -> SqlParsing.parse(sql));
            assertTrue(e.getMessage().contains("nested deeper than"), e.getMessage());
        });
        assertTrue(ms < 1_000, "refused as soon as the parser read too deep: " + ms + " ms");
    }

    @Test
    void depthIsCountedOutsideStringsQuotedNamesAndComments() {
        assertEquals(0, SqlParsing.nestingDepth("SELECT '((((' AS \"[[[\" -- ((((\n /* (( */"));
        assertEquals(2, SqlParsing.nestingDepth("SELECT count((x)) FROM t"));
        assertEquals(3, SqlParsing.nestingDepth("SELECT CASE WHEN a[(1)] > 0 THEN 1 END, (2)"));
        assertEquals(1, SqlParsing.nestingDepth("SELECT CASE WHEN a THEN 1 END, CASE WHEN b THEN 2 END"));
        assertEquals(1, SqlParsing.nestingDepth("SELECT ) ) ( ) ) "), "stray closers do not lower the count below zero");
    }

    /**
     * At the depth limit the worst constructs found (most backtrack exponentially well below it)
     * are accepted or refused by the guard within the time limit.
     */
    @Test
    void theWorstConstructsAtTheLimitParseOrFailInTime() {
        int half = SqlParsing.MAX_DEPTH / 2;
        Map<String, String> atLimit = Map.ofEntries(
            Map.entry("ARRAY[(", arrayBomb(half)),
            Map.entry("a[(", "SELECT " + nested("a[(", "1", ")]", half)),
            Map.entry("ARRAY[(SELECT", "SELECT " + nested("ARRAY[(SELECT ", "1", ")]", half)),
            Map.entry("CASE in parentheses", "SELECT " + nested("(CASE WHEN ", "1 = 1", " THEN 1 END)", half)),
            Map.entry("CASE", "SELECT " + nested("CASE WHEN ", "1 = 1", " THEN 1 END", SqlParsing.MAX_DEPTH)),
            Map.entry("function calls", "SELECT " + nested("f(", "1", ")", SqlParsing.MAX_DEPTH)),
            Map.entry("coalesce((", "SELECT " + nested("coalesce((", "1", "),1)", half)),
            Map.entry("CAST((", "SELECT " + nested("CAST((", "1", ") AS int)", half)),
            Map.entry("scalar subqueries", "SELECT " + nested("(SELECT ", "1", ")", SqlParsing.MAX_DEPTH)),
            Map.entry("IN subqueries", "SELECT 1 WHERE a IN " + nested("(SELECT b FROM t WHERE c IN ", "(1)", ")", SqlParsing.MAX_DEPTH - 1)),
            Map.entry("derived tables", "SELECT * FROM " + nested("(SELECT * FROM ", "t", ") x", SqlParsing.MAX_DEPTH)),
            Map.entry("EXISTS", "SELECT 1 WHERE " + nested("EXISTS (SELECT 1 WHERE ", "1 = 1", ")", SqlParsing.MAX_DEPTH)),
            Map.entry("a syntax error at the bottom", "SELECT " + nested("coalesce((", "1 +", "),1)", half)));
        for (Map.Entry<String, String> e : atLimit.entrySet()) {
            assertEquals(SqlParsing.MAX_DEPTH, SqlParsing.nestingDepth(e.getValue()), e.getKey() + " is at the limit");
            String[] outcome = new String[1];
            long ms = millis(() -> outcome[0] = guardAnswers(e.getValue()));
            LOG.info("at the limit, {}: {} in {} ms", e.getKey(), outcome[0], ms);
            assertTrue(ms < BOUND_MS, e.getKey() + " took the guard " + ms + " ms");
        }
    }

    /**
     * A cancelled parse stops: the parse runs on the caller's thread, which returns soon after
     * the deadline, having spent hardly any CPU past it, and no thread is left inside JSqlParser.
     */
    @Test
    void aCancelledParseStopsBurningCpu() throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] cpuAtEnd = new long[1];
        String[] message = new String[1];
        Thread parsing = new Thread(() -> {
            try {
                SqlParsing.parse(arrayBomb(13));
                message[0] = "parsed";
            } catch (SqlParsing.Unparseable e) {
                message[0] = e.getMessage();
            }
            cpuAtEnd[0] = threads.getCurrentThreadCpuTime();
        });
        long t0 = System.nanoTime();
        parsing.start();
        parsing.join(SqlParsing.TIME_LIMIT_MS + 20);
        long cpuAtDeadline = threads.getThreadCpuTime(parsing.getId()); // -1 if it already ended
        parsing.join(10_000);
        long wallMs = (System.nanoTime() - t0) / 1_000_000;
        assertFalse(parsing.isAlive(), "the parse ended");
        long afterDeadlineMs = cpuAtDeadline < 0 ? 0 : (cpuAtEnd[0] - cpuAtDeadline) / 1_000_000;
        LOG.info("ARRAY[( x13: refused after {} ms wall, {} ms CPU in all, {} ms CPU after the deadline",
                wallMs, cpuAtEnd[0] / 1_000_000, afterDeadlineMs);
        assertTrue(message[0].contains("longer than " + SqlParsing.TIME_LIMIT_MS + " ms"), message[0]);
        assertTrue(wallMs >= SqlParsing.TIME_LIMIT_MS - 50, "it ran until the deadline: " + wallMs);
        assertTrue(wallMs < BOUND_MS, "it stopped soon after the deadline: " + wallMs);
        assertTrue(afterDeadlineMs < 500, "CPU after the deadline: " + afterDeadlineMs + " ms");
        for (Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
            for (StackTraceElement frame : t.getValue()) {
                assertFalse(frame.getClassName().startsWith("net.sf.jsqlparser.parser"), "still parsing: " + t.getKey());
            }
        }
    }

    /** One watchdog thread serves every deadline: parses running at once are each cancelled on time. */
    @Test
    void concurrentHostileParsesAreEachBounded() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<Long>> runs = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                runs.add(pool.submit(() -> millis(() -> assertThrows(SqlParsing.Unparseable.class, () -> SqlParsing.parse(arrayBomb(14))))));
            }
            runs.add(pool.submit(() -> millis(() -> assertTrue(SqlParsing.parsesAsKnownStatement("SELECT 1")))));
            for (Future<Long> r : runs) {
                long ms = r.get();
                assertTrue(ms < BOUND_MS + 1_000, "took " + ms + " ms");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void ordinaryParsingIsUnchanged() throws Exception {
        assertTrue(SqlParsing.parsesAsKnownStatement("SELECT a, count(*) FROM t GROUP BY a"));
        assertTrue(SqlParsing.parsesAsKnownStatement("WITH x AS (SELECT 1 AS n) SELECT n FROM x"));
        assertFalse(SqlParsing.parsesAsKnownStatement("how many cars are there"));
        assertFalse(SqlParsing.parsesAsKnownStatement(""));
        assertEquals(2, SqlParsing.parse("SELECT 1; SELECT 2").size());
        assertThrows(SqlParsing.Unparseable.class, () -> SqlParsing.parse("SELECT FROM WHERE"));
        assertThrows(SqlParsing.Unparseable.class, () -> SqlParsing.parse(null));
    }

    /** The guard answers with a result or its own rejection, nothing else; returns which. */
    private static String guardAnswers(String sql) {
        try {
            GUARD.check(sql);
            return "accepted";
        } catch (GuardRejection e) {
            return "refused: " + e.getMessage();
        } catch (Throwable t) {
            return fail("the guard threw " + t, t);
        }
    }

    private static long millis(Runnable r) {
        long t0 = System.nanoTime();
        r.run();
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
