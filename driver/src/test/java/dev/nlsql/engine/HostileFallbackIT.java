package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.nlsql.engine.FallbackAnalysisIT.Ended;
import dev.nlsql.testing.DeserializationCanary;
import dev.nlsql.testing.HostileCorpus;
import dev.nlsql.testing.HostileCorpus.Hostile;
import dev.nlsql.testing.TestPostgres;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The hostile corpus on the fallback path: every question's attempt fails on PostgreSQL, and the
 * scripted model's fallback reply is hostile SQL for the local engine ({@code hostile-fallback.txt})
 * or for PostgreSQL ({@code hostile-sql.txt}). Oracles: the JVM (no canary deserialized, no thread
 * left busy in H2 once the question returned, no Error escaping, the question within its bound),
 * PostgreSQL (nothing written) and the file system (no file written, no marker read).
 */
class HostileFallbackIT {

    private static final String DATABASE = "nlsql_s22_fallback_hostile";
    private static final int QUERY_TIMEOUT = 2;
    /** A question: the PostgreSQL attempt, the fetch and the local statement, each far inside its timeout but the last. */
    private static final long QUESTION_BOUND_MS = 3L * QUERY_TIMEOUT * 1000;
    /** The local attempt: its timeout, plus the watchdog's and H2's reaction on a shared machine. */
    private static final long LOCAL_BOUND_MS = QUERY_TIMEOUT * 1000L + 1000;
    private static String url;

    @BeforeAll
    static void schema() throws Exception {
        url = TestPostgres.database(DATABASE, "DROP TABLE IF EXISTS fb_items",
                "CREATE TABLE fb_items (id int PRIMARY KEY, name text, price numeric(8,2))",
                "INSERT INTO fb_items VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3), (4, 'd', 10), (5, 'e', 20)");
        Files.writeString(HostileCorpus.MARKER_FILE, HostileCorpus.FILE_MARKER);
    }

    @AfterAll
    static void dropDatabase() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }

    private static String fingerprint() throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT (SELECT string_agg(id || ':' || name || ':' || price, ',' ORDER BY id) FROM fb_items) || '|'"
                        + " || (SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace)")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void aHostileFallbackReplyGetsNothingPastTheLocalEngine() throws Exception {
        List<Hostile> corpus = new ArrayList<>();
        String canary = DeserializationCanary.hex();
        for (Hostile h : HostileCorpus.load("/hostile-fallback.txt")) {
            corpus.add(new Hostile(h.category(), h.sql().replace("{CANARY}", canary)));
        }
        int local = corpus.size();
        for (Hostile h : HostileCorpus.load()) {
            corpus.add(new Hostile("pg-" + h.category(), h.sql()));
        }
        String before = fingerprint();
        // the first question loads the model client, H2 and the guard: not the local engine's time
        assertEquals("5|", FallbackAnalysisIT.askWithFallback(url, "SELECT count(*) AS n FROM fb_items").answer());
        List<String> escapes = new ArrayList<>();
        Map<String, Integer> outcomes = new TreeMap<>();
        List<String> answered = new ArrayList<>();
        Map<String, long[]> slowest = new TreeMap<>(); // category -> {question ms, local attempt ms}
        for (Hostile h : corpus) {
            DeserializationCanary.reset();
            Ended e;
            try {
                e = FallbackAnalysisIT.askWithFallback(url, h.sql(), "nlsql.queryTimeoutSeconds=" + QUERY_TIMEOUT);
            } catch (Throwable t) {
                escapes.add(h.category() + " escaped " + t + ": " + h.sql());
                continue;
            }
            List<String> busy = FallbackAnalysisIT.threadsBusyInH2(); // evidence at once: the question has returned
            if (!busy.isEmpty()) {
                escapes.add(h.category() + " left threads busy in H2 " + busy + ": " + h.sql());
            }
            if (DeserializationCanary.deserialized()) {
                escapes.add(h.category() + " deserialized the canary: " + h.sql());
            }
            String text = e.error() == null ? e.answer() : e.error().getMessage();
            if (!HostileCorpus.leaks(text).isEmpty()) {
                escapes.add(h.category() + " leaked " + HostileCorpus.leaks(text) + ": " + h.sql());
            }
            Attempt last = e.last();
            long localMs = last.source() == Attempt.Source.FALLBACK ? last.millis() : 0;
            if (e.millis() > QUESTION_BOUND_MS || localMs > LOCAL_BOUND_MS) {
                escapes.add(h.category() + " took " + e.millis() + " ms, its local attempt " + localMs + " ms: " + h.sql());
            }
            outcomes.merge(e.error() == null ? "answered" : e.error().getSQLState(), 1, Integer::sum);
            if (e.error() == null && !h.category().startsWith("pg-") && !h.category().equals("rows") && !h.category().equals("growth")) {
                answered.add(h.category() + ": " + h.sql());
            }
            if (h.category().equals("growth")) {
                System.out.printf("growth: question %d ms, local attempt %d ms, %s %s: %.80s%n", e.millis(), localMs,
                        e.error() == null ? "answered" : e.error().getSQLState(), last.error(), h.sql());
            }
            slowest.merge(h.category(), new long[] {e.millis(), localMs},
                    (a, b) -> new long[] {Math.max(a[0], b[0]), Math.max(a[1], b[1])});
            if (Files.exists(HostileCorpus.PWNED_FILE)) {
                escapes.add(h.category() + " wrote a file: " + h.sql());
                Files.delete(HostileCorpus.PWNED_FILE);
            }
        }
        StringBuilder figures = new StringBuilder();
        slowest.forEach((category, ms) -> figures.append(String.format("%n  %-14s slowest question %5d ms, its local attempt %5d ms (bound %d ms)",
                category, ms[0], ms[1], QUERY_TIMEOUT * 1000)));
        System.out.printf("hostile fallback corpus: %d local + %d PostgreSQL replies, outcomes %s, escapes %d%s%n", local,
                corpus.size() - local, outcomes, escapes.size(), figures);
        assertEquals(List.of(), escapes);
        assertEquals(before, fingerprint(), "the database changed");
        assertFalse(Files.exists(HostileCorpus.PWNED_FILE), "a file was written");
        assertEquals(List.of(), answered, "hostile replies for the local engine that answered");
    }
}
