package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.execute.LocalCopy;
import dev.nlsql.testing.DeserializationCanary;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fallback analysis: spent attempts, a capped local copy in H2, the answer computed there,
 * guarded, bounded, and handed back as plain values. The JVM is the oracle of the local engine's
 * walls: nothing deserialized (a canary class), no thread left busy in H2, no error escaping.
 */
class FallbackAnalysisIT {

    private static final String FAILS_ON_POSTGRES = "SELECT median(price) FROM fb_items"; // PostgreSQL has no median()
    private static String url;

    @BeforeAll
    static void schema() throws SQLException {
        url = TestPostgres.database("nlsql_fallback",
                "DROP TABLE IF EXISTS fb_items",
                "CREATE TABLE fb_items (id int PRIMARY KEY, name text, price numeric(8,2))",
                "INSERT INTO fb_items VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3), (4, 'd', 10), (5, 'e', 20)");
    }

    @AfterEach
    void wallsBackOn() {
        CorrectionLoop.localAllowListOff = false;
        CorrectionLoop.localWorkBytes = CorrectionLoop.LOCAL_WORK_BYTES;
        DeserializationCanary.reset();
    }

    /** How a question whose attempt fails on PostgreSQL ended after the fallback reply {@code localSql}. */
    record Ended(SQLException error, String answer, long millis, Trace trace) {
        Attempt last() {
            return trace.attempts().get(trace.attempts().size() - 1);
        }
    }

    static Ended askWithFallback(String url, String localSql, String... params) throws Exception {
        List<String> all = new ArrayList<>(List.of("nlsql.tables=fb_items", "nlsql.maxAttempts=1", "nlsql.cache=false"));
        all.addAll(List.of(params));
        try (FakeOpenAi llm = new FakeOpenAi(answer(FAILS_ON_POSTGRES), answer(localSql));
                Connection c = llm.connect(url, all.toArray(String[]::new)); Statement s = c.createStatement()) {
            long t0 = System.nanoTime();
            try (ResultSet rs = s.executeQuery("what is the median price?")) {
                StringBuilder text = new StringBuilder();
                while (rs.next()) {
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        Object value = rs.getObject(i); // what an application or NARRATE NL does
                        text.append(value).append('|');
                    }
                }
                return new Ended(null, text.toString(), (System.nanoTime() - t0) / 1_000_000, trace(s));
            } catch (SQLException e) {
                return new Ended(e, null, (System.nanoTime() - t0) / 1_000_000, trace(s));
            }
        }
    }

    /** Threads (other than this one) running H2 code: none may be left once a question has returned. */
    static List<String> threadsBusyInH2() {
        List<String> busy = new ArrayList<>();
        Thread.getAllStackTraces().forEach((thread, frames) -> {
            if (thread != Thread.currentThread() && thread.getState() == Thread.State.RUNNABLE) {
                for (StackTraceElement f : frames) {
                    if (f.getClassName().startsWith("org.h2.")) {
                        busy.add(thread.getName() + " at " + f);
                        break;
                    }
                }
            }
        });
        return busy;
    }

    static final String CANARY = "X'" + DeserializationCanary.hex() + "'";

    /** Finding 1: a reply that casts bytes to a Java object is refused by the local guard, in any position. */
    @Test
    void javaObjectCastsAreRefusedAndNothingIsDeserialized() throws Exception {
        for (String sql : new String[] {"SELECT CAST(" + CANARY + " AS JAVA_OBJECT) AS o FROM fb_items",
            "SELECT " + CANARY + "::JAVA_OBJECT AS o FROM fb_items", "SELECT CAST(" + CANARY + " AS OTHER) AS o FROM fb_items",
            "SELECT (SELECT CAST(" + CANARY + " AS java_object)) AS o FROM fb_items",
            "WITH c AS (SELECT CAST(" + CANARY + " AS \"OTHER\") AS o FROM fb_items) SELECT o FROM c",
            "SELECT CAST(name AS GEOMETRY) FROM fb_items", "SELECT name::json FROM fb_items",
            "SELECT CAST(price AS INTERVAL DAY) FROM fb_items", "SELECT ARRAY[name] FROM fb_items"}) {
            Ended e = askWithFallback(url, sql);
            assertTrue(!DeserializationCanary.deserialized(), "deserialized by " + sql);
            assertTrue(e.error() != null, sql + " answered " + e.answer());
            assertEquals("NL001", e.error().getSQLState(), e.error().getMessage());
            assertEquals(Attempt.Source.FALLBACK, e.last().source());
            assertEquals(Attempt.Outcome.REJECTED, e.last().outcome(), sql + ": " + e.last());
        }
    }

    /** Finding 1, the second wall: with the allow-list off, a Java object column is refused before a value is read. */
    @Test
    void withTheGuardOffTheRowsAreStillPlain() throws Exception {
        CorrectionLoop.localAllowListOff = true;
        Ended e = askWithFallback(url, "SELECT id, CAST(" + CANARY + " AS JAVA_OBJECT) AS o FROM fb_items");
        assertTrue(!DeserializationCanary.deserialized(), "deserialized");
        assertTrue(e.error() != null, "answered " + e.answer());
        assertEquals(Attempt.Outcome.REJECTED, e.last().outcome(), e.last().toString());
        assertTrue(e.last().error().contains("only text, numbers, booleans, dates and times"), e.last().error());
    }

    /** Finding 1, the third wall: the copy's own serializer refuses, whoever reads a Java object from it. */
    @Test
    void theCopyNeverDeserializesEvenForItsOwnReader() throws Exception {
        try (LocalCopy copy = LocalCopy.create(1000); Statement s = copy.reader().createStatement();
                ResultSet rs = s.executeQuery("SELECT CAST(" + CANARY + " AS JAVA_OBJECT)")) {
            assertTrue(rs.next());
            SQLException e = assertThrows(SQLException.class, () -> rs.getObject(1));
            assertEquals(90027, e.getErrorCode(), e.getMessage());
        }
        assertTrue(!DeserializationCanary.deserialized(), "deserialized");
    }

    /**
     * Finding 2: functions by allow-list; backtracking regex, iterated hashing, unbounded strings,
     * recursion, super-linear LIKE and window frames are refused at once.
     */
    @Test
    void unboundedFunctionsAreRefusedBeforeTheyRun() throws Exception {
        for (String sql : new String[] {
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
            "SELECT count(*) FROM fb_items WHERE REGEXP_LIKE(REPEAT('a', 30) || 'b', '^(a+)+$')",
            "SELECT HASH('SHA-256', name, 2147483647) FROM fb_items",
            "SELECT length(REPEAT(REPEAT(name, 100000), 100000)) FROM fb_items",
            "SELECT SPACE(2147483647) FROM fb_items", "SELECT LPAD(name, 2147483647, 'x') FROM fb_items",
            "SELECT ENCRYPT('AES', X'00', X'00') FROM fb_items", "SELECT COMPRESS(X'00') FROM fb_items",
            "SELECT DATABASE_PATH() FROM fb_items", "SELECT SESSION_ID() FROM fb_items", "SELECT NEXTVAL('s') FROM fb_items",
            "SELECT * FROM CSVREAD('/etc/passwd')",
            "SELECT max(length(s)) FROM (SELECT string_agg(b.name, '') OVER (ORDER BY a.id, b.id) AS s FROM fb_items a, fb_items b) x",
            "SELECT sum(price) OVER (ORDER BY id ROWS BETWEEN 100000 PRECEDING AND 100000 FOLLOWING) FROM fb_items", "SELECT LINK_SCHEMA('x', '', 'jdbc:h2:mem:x', '', '', 'PUBLIC')",
            "SELECT count(*) FROM fb_items a WHERE a.name || REPEAT('a', 400) LIKE '%a%a%a%a%a%b'",
            "SELECT count(*) FROM fb_items WHERE name LIKE name", "SELECT count(*) FROM fb_items WHERE name SIMILAR TO '(a+)+b'",
            "SELECT count(*) FROM fb_items WHERE name REGEXP '(a+)+b'", "SELECT * FROM INFORMATION_SCHEMA.SETTINGS"}) {
            Ended e = askWithFallback(url, sql, "nlsql.queryTimeoutSeconds=2");
            assertTrue(e.error() != null, sql + " answered " + e.answer());
            assertEquals(Attempt.Outcome.REJECTED, e.last().outcome(), sql + ": " + e.last());
            assertTrue(e.millis() < 4_000, sql + " took " + e.millis() + " ms");
            assertEquals(List.of(), threadsBusyInH2());
        }
    }

    /** Finding 2: a literal LIKE pattern with at most one inner '%' is matched in linear time and passes. */
    @Test
    void likeWithABoundedPatternAnswers() throws Exception {
        Ended e = askWithFallback(url, "SELECT count(*) AS n FROM fb_items WHERE name LIKE '%a%' OR name ILIKE 'b%' OR name LIKE 'c'");
        assertEquals("3|", e.answer(), String.valueOf(e.error()));
    }

    /** Finding 3: the statement timeout binds (a cross join of 5^14 rows), and no thread is left busy in H2. */
    @Test
    void theTimeoutBindsAndLeavesNoThreadBusy() throws Exception {
        CorrectionLoop.localWorkBytes = 0; // the timeout alone: the work budget is the next test's
        StringBuilder from = new StringBuilder();
        for (int i = 0; i < 14; i++) {
            from.append(i == 0 ? "" : ", ").append("fb_items t").append(i);
        }
        Ended e = askWithFallback(url, "SELECT count(*) AS n FROM " + from, "nlsql.queryTimeoutSeconds=1");
        assertTrue(e.error() != null, "answered " + e.answer());
        assertEquals(dev.nlsql.ErrorCategory.TIMEOUT, e.last().category(), e.last().toString());
        assertTrue(e.millis() < 2_500, "took " + e.millis() + " ms");
        assertEquals(List.of(), threadsBusyInH2());
    }

    /** Finding 3: the work budget binds (the watchdog cancels a statement past its allocated bytes) with SQLSTATE 54000. */
    @Test
    void theWorkBudgetBinds() throws Exception {
        StringBuilder from = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            from.append(i == 0 ? "" : ", ").append("fb_items t").append(i);
        }
        Ended e = askWithFallback(url, "SELECT max(t0.name || t1.name || t2.name || t3.name || t4.name) AS m FROM " + from,
                "nlsql.queryTimeoutSeconds=60");
        assertTrue(e.error() != null, "answered " + e.answer());
        assertEquals("54000", e.error().getSQLState(), e.error().getMessage());
        assertTrue(e.error().getMessage().contains("budget"), e.error().getMessage());
        assertTrue(e.millis() < 30_000, "took " + e.millis() + " ms");
        assertEquals(List.of(), threadsBusyInH2());
    }

    /** Finding 3: nlsql.maxResultBytes applies to the local engine's rows. */
    @Test
    void maxResultBytesAppliesToTheLocalRows() throws Exception {
        Ended e = askWithFallback(url, "SELECT a.name, b.name, c.name, d.name FROM fb_items a, fb_items b, fb_items c, fb_items d",
                "nlsql.maxResultBytes=2KB"); // the copy of fb_items takes 1,100 bytes as held, the local rows more than 2 KB
        assertTrue(e.error() != null, "answered " + e.answer());
        assertEquals("54000", e.error().getSQLState(), e.error().getMessage());
        assertTrue(e.error().getMessage().contains("nlsql.maxResultBytes"), e.error().getMessage());
    }

    /** Finding 4: an OutOfMemoryError in the local engine (allow-list and budget off) fails the question with 54000, nothing escapes. */
    @Test
    void outOfMemoryFailsTheQuestionNotTheHost() throws Exception {
        CorrectionLoop.localAllowListOff = true;
        CorrectionLoop.localWorkBytes = 0;
        Ended e = askWithFallback(url, "SELECT SPACE(2147483647) AS s FROM fb_items");
        assertTrue(e.error() != null, "answered");
        assertEquals("54000", e.error().getSQLState(), e.error().getMessage());
        assertTrue(e.error().getMessage().contains("ran out of memory"), e.error().getMessage());
        assertEquals(Attempt.Outcome.ERROR, e.last().outcome());
    }

    /** Finding 4: a StackOverflowError in the local engine (a chain of views deeper than the stack) fails the question with 54001. */
    @Test
    void stackOverflowFailsTheQuestionNotTheHost() throws Exception {
        StringBuilder chain = new StringBuilder("WITH v0 AS (SELECT price AS p FROM fb_items)");
        int depth = 1200;
        for (int i = 1; i <= depth; i++) {
            chain.append(", v").append(i).append(" AS (SELECT p FROM v").append(i - 1).append(')');
        }
        chain.append(" SELECT max(p) AS m FROM v").append(depth);
        Ended[] ended = new Ended[1];
        Throwable[] escaped = new Throwable[1];
        Thread small = new Thread(null, () -> {
            try {
                ended[0] = askWithFallback(url, chain.toString(), "nlsql.llm.maxReplyChars=50000");
            } catch (Throwable t) {
                escaped[0] = t;
            }
        }, "small-stack-question", 512 * 1024);
        small.start();
        small.join();
        assertEquals(null, escaped[0], "escaped");
        Ended e = ended[0];
        assertTrue(e.error() != null, "answered " + e.answer());
        assertEquals("54001", e.error().getSQLState(), e.error().getMessage());
    }

    /** In memory mode H2 keeps results past MAX_MEMORY_ROWS in memory too: no temporary file is written. */
    @Test
    void theCopySpillsNoFiles() throws Exception {
        java.nio.file.Path tmp = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"));
        java.util.function.Supplier<List<String>> h2Files = () -> {
            try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(tmp)) {
                return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".db") || n.contains(".temp")).sorted().toList();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        List<String> before = h2Files.get();
        try (LocalCopy copy = LocalCopy.create(10); ResultSet rows = copy.query(
                "SELECT a.x * 1000 + b.x AS n FROM (VALUES 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) a(x), (VALUES 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) b(x)"
                        + " ORDER BY n DESC", 1000, 5, CorrectionLoop.LOCAL_WORK_BYTES, 0)) {
            int n = 0;
            while (rows.next()) {
                n++;
            }
            assertEquals(100, n);
        }
        assertEquals(before, h2Files.get());
    }

    private static Trace trace(Statement s) throws SQLException {
        return s.unwrap(NlStatement.class).lastTrace();
    }

    @Test
    void spentAttemptsEndInALocalAnalysisThatAnswers() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(FAILS_ON_POSTGRES), answer("SELECT median(price) AS m FROM fb_items"),
                answer("SELECT MEDIAN(price) FROM fb_items"));
                Connection c = llm.connect(url, "nlsql.tables=fb_items", "nlsql.maxAttempts=2"); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("what is the median price?")) {
                assertTrue(rs.next());
                assertEquals(0, new BigDecimal("3").compareTo(rs.getBigDecimal(1)));
            }
            Trace t = trace(s);
            assertTrue(t.success());
            assertEquals(2, t.count(Attempt.Source.FALLBACK), "the fetch and the analysis: " + t.attempts());
            assertEquals("SELECT * FROM fb_items", t.attempts().get(2).sql());
            assertEquals(3, llm.requestCount());
            assertTrue(s.getWarnings().getMessage().contains("answered by the fallback analysis on a local copy of [fb_items]"),
                    s.getWarnings().getMessage());
        }
    }

    @Test
    void theCopyHoldsAtMostFallbackRowsAndTheAnswerSaysSo() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(FAILS_ON_POSTGRES), answer("SELECT count(*) FROM fb_items"));
                Connection c = llm.connect(url, "nlsql.tables=fb_items", "nlsql.maxAttempts=1", "nlsql.fallbackRows=3");
                Statement s = c.createStatement()) {
            assertEquals(3, TestPostgres.single(s.executeQuery("how many items are there?")));
            assertTrue(s.getWarnings().getMessage().contains("only the first 3 rows of [fb_items] were copied"), s.getWarnings().getMessage());
        }
    }

    @Test
    void hostileAnalysisSqlIsRefusedAndThereIsNoSecondFallback() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(FAILS_ON_POSTGRES), answer("SELECT FILE_READ('/etc/hostname') FROM fb_items"),
                answer("SELECT 1"));
                Connection c = llm.connect(url, "nlsql.tables=fb_items", "nlsql.maxAttempts=1"); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("what is the median price?"));
            assertEquals("NL001", e.getSQLState(), e.getMessage());
            Trace t = trace(s);
            Attempt last = t.attempts().get(t.attempts().size() - 1);
            assertEquals(Attempt.Source.FALLBACK, last.source());
            assertEquals(Attempt.Outcome.REJECTED, last.outcome());
            assertTrue(last.error().contains("denied function: FILE_READ"), last.error());
            assertEquals(2, llm.requestCount(), "one fallback, never a loop");
        }
    }

    @Test
    void fallbackRowsZeroTurnsItOff() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(FAILS_ON_POSTGRES), answer("SELECT MEDIAN(price) FROM fb_items"));
                Connection c = llm.connect(url, "nlsql.tables=fb_items", "nlsql.maxAttempts=1", "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            assertEquals("NL001", assertThrows(SQLException.class, () -> s.executeQuery("what is the median price?")).getSQLState());
            assertEquals(0, trace(s).count(Attempt.Source.FALLBACK));
            assertEquals(1, llm.requestCount());
        }
    }

    /** The second wall: the analysis's user may not reach files or other databases even if the guard let a call through. */
    @Test
    void theLocalReaderHasNoFileOrLinkRights() throws Exception {
        try (LocalCopy copy = LocalCopy.create(1000); Statement s = copy.reader().createStatement()) {
            for (String sql : new String[] {"SELECT FILE_READ('/etc/hostname')", "SELECT * FROM CSVREAD('/etc/passwd')",
                "CALL CSVWRITE('/tmp/nlsql-fallback-probe.csv', 'SELECT 1')",
                "CREATE ALIAS nlsql_probe FOR 'java.lang.System.getProperty'",
                "CREATE TABLE probe (i int)"}) {
                SQLException e = assertThrows(SQLException.class, () -> s.execute(sql), sql);
                assertTrue(e.getErrorCode() == 90040 || e.getErrorCode() == 90096,
                        sql + " -> " + e.getErrorCode() + " " + e.getMessage());
            }
            assertTrue(!java.nio.file.Files.exists(java.nio.file.Path.of("/tmp/nlsql-fallback-probe.csv")));
        }
    }
}
