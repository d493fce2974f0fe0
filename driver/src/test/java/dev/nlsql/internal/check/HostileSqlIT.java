package dev.nlsql.internal.check;

import static dev.nlsql.testing.HostileCorpus.PWNED_FILE;
import static dev.nlsql.testing.HostileCorpus.leaks;
import static dev.nlsql.testing.HostileCorpus.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The hostile corpus ({@code hostile-sql.txt}) as a scripted model's replies and as SQL text under
 * {@code nlsql.passthrough=readonly}, against a real PostgreSQL as a superuser (so the guard and the
 * read-only transaction are the only walls). PostgreSQL is the oracle: nothing was written (table
 * fingerprint, sequence, session settings, files), no marker of a secret, a file, a password hash or
 * another session reached any answer, and every question ended within twice its timeouts.
 * The corpus and its targets are {@link HostileCorpus}, shared with the proxy's test.
 */
class HostileSqlIT {

    private static final int QUERY_TIMEOUT = 2;
    private static final int MAX_ATTEMPTS = 2;
    private static Connection idleOther;

    @BeforeAll
    static void createTargets() throws Exception {
        try (Connection c = TestPostgres.connect()) {
            HostileCorpus.createTargets(c);
        }
        idleOther = TestPostgres.connect();
        HostileCorpus.holdActivityMarker(idleOther); // stays in pg_stat_activity as this session's last query
    }

    @AfterAll
    static void cleanUp() throws SQLException {
        idleOther.close();
        try (Connection c = TestPostgres.connect()) {
            HostileCorpus.dropTargets(c);
        }
    }

    private static String fingerprint() throws SQLException {
        try (Connection c = TestPostgres.connect()) {
            return HostileCorpus.fingerprint(c);
        }
    }

    private static String sessionMarks(Connection c) throws SQLException {
        return HostileCorpus.sessionMarks((Connection) c.unwrap(org.postgresql.PGConnection.class));
    }

    @Test
    void aHostileModelGetsNothingPastTheGuard() throws Exception {
        List<Hostile> corpus = HostileCorpus.load();
        assertTrue(corpus.size() >= 120, "corpus size " + corpus.size());
        java.util.Map<String, Integer> outcomes = throughTheModel("the model", corpus, sql -> sql);
        assertTrue(outcomes.getOrDefault("NL003", 0) >= corpus.size() * 2 / 3, "refused as unsafe: " + outcomes); // bombs and broken SQL end as NL001
    }

    /**
     * The plan path: each hostile statement as one step of a plan (step 1 before a step reading it, or step 2 after
     * a harmless step ending in a line comment), and steps that try to close the CTE list and open a writing one.
     * Every plan step runs as one guarded statement composed of the steps' canonical text.
     */
    @Test
    void aHostilePlanGetsNothingPastTheGuard() throws Exception {
        List<Hostile> corpus = new ArrayList<>(HostileCorpus.load());
        corpus.addAll(HostileCorpus.planBreakouts());
        int[] n = {0};
        java.util.Map<String, Integer> outcomes = throughTheModel("plans", corpus, sql -> n[0]++ % 2 == 0
                ? HostileCorpus.plan(sql, "SELECT * FROM step1")
                : HostileCorpus.plan("SELECT id, name FROM hostile_app.items -- every item", sql));
        // a plan whose harmless step ran ends as NL001, not NL003: what counts is that nothing got past
        assertTrue(java.util.Set.of("answered", "NL001", "NL003").containsAll(outcomes.keySet()), outcomes.toString());
    }

    /** Each entry as the scripted model's reply (through {@code reply}) to a question, with the database as the oracle. */
    private static java.util.Map<String, Integer> throughTheModel(String path, List<Hostile> corpus,
            java.util.function.Function<String, String> reply) throws Exception {
        String before = fingerprint();
        List<String> escapes = new ArrayList<>();
        long slowest = 0;
        java.util.Map<String, Integer> outcomes = new java.util.TreeMap<>();
        try (FakeOpenAi model = new FakeOpenAi()) {
            String url = TestPostgres.withParams(TestPostgres.nlUrl(model.params()), "nlsql.tables=hostile_app.*", "nlsql.maxAttempts=" + MAX_ATTEMPTS,
                    "nlsql.queryTimeoutSeconds=" + QUERY_TIMEOUT, "nlsql.llm.timeoutSeconds=5", "nlsql.cache=false");
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                String marksBefore = sessionMarks(c);
                for (Hostile h : corpus) {
                    String replied = reply.apply(h.sql());
                    for (int i = 0; i < MAX_ATTEMPTS; i++) {
                        model.then(FakeOpenAi.answer(replied));
                    }
                    long start = System.nanoTime();
                    try (ResultSet rs = s.executeQuery("NL: list the items")) {
                        String answer = text(rs);
                        outcomes.merge("answered", 1, Integer::sum);
                        if (!leaks(answer).isEmpty()) {
                            escapes.add(h.category() + " leaked " + leaks(answer) + ": " + replied);
                        }
                    } catch (SQLException e) {
                        outcomes.merge(e.getSQLState(), 1, Integer::sum);
                        if (!leaks(e.getMessage()).isEmpty()) {
                            escapes.add(h.category() + " error leaked " + leaks(e.getMessage()) + ": " + replied);
                        }
                    }
                    long ms = (System.nanoTime() - start) / 1_000_000;
                    slowest = Math.max(slowest, ms);
                    if (ms > 2L * MAX_ATTEMPTS * QUERY_TIMEOUT * 1000) {
                        escapes.add(h.category() + " took " + ms + " ms: " + replied);
                    }
                    model.drain();
                    assertEquals(before, fingerprint(), "the database changed after " + h.category() + ": " + replied);
                }
                assertEquals(marksBefore, sessionMarks(c), "the session's settings changed");
            }
        }
        System.out.printf("hostile corpus through %s: %d statements, outcomes %s, slowest %d ms%n", path, corpus.size(), outcomes, slowest);
        assertEquals(List.of(), escapes);
        assertEquals(before, fingerprint(), "the database changed");
        assertFalse(Files.exists(PWNED_FILE), "a file was written");
        return outcomes;
    }

    @Test
    void hostileSqlTextUnderReadonlyGetsNothingPast() throws Exception {
        List<Hostile> corpus = HostileCorpus.load();
        String before = fingerprint();
        List<String> escapes = new ArrayList<>();
        int refused = 0;
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.passthrough=readonly", "nlsql.tables=hostile_app.*"));
                Statement s = c.createStatement()) {
            s.setQueryTimeout(QUERY_TIMEOUT);
            String marksBefore = sessionMarks(c);
            for (Hostile h : corpus) {
                long start = System.nanoTime();
                try {
                    if (s.execute(h.sql())) {
                        try (ResultSet rs = s.getResultSet()) {
                            String answer = text(rs);
                            if (!leaks(answer).isEmpty()) {
                                escapes.add(h.category() + " leaked " + leaks(answer) + ": " + h.sql());
                            }
                        }
                    }
                } catch (SQLException e) {
                    refused += "NL003".equals(e.getSQLState()) ? 1 : 0;
                    if (!leaks(e.getMessage()).isEmpty()) {
                        escapes.add(h.category() + " error leaked " + leaks(e.getMessage()) + ": " + h.sql());
                    }
                }
                long ms = (System.nanoTime() - start) / 1_000_000;
                if (ms > 2L * QUERY_TIMEOUT * 1000) {
                    escapes.add(h.category() + " took " + ms + " ms: " + h.sql());
                }
            }
            assertEquals(marksBefore, sessionMarks(c), "the session's settings changed");
        }
        assertEquals(List.of(), escapes);
        assertTrue(refused >= corpus.size() * 9 / 10, "refused by the guard: " + refused + " of " + corpus.size());
        assertEquals(before, fingerprint(), "the database changed");
        assertFalse(Files.exists(PWNED_FILE), "a file was written");
    }

    @Test
    void aSessionWithoutStandardConformingStringsIsReadAsTheServerReadsIt() throws Exception {
        // with the setting off, 'x\' AS a, ' is one string and pg_sleep is code; with it on, pg_sleep is inside a string
        String sql = "SELECT 'x\\' AS a, ' , pg_sleep(3) AS b --'";
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.passthrough=readonly",
                "options=-c%20standard_conforming_strings=off"));
                Statement s = c.createStatement()) {
            SQLException refused = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> s.executeQuery(sql));
            assertEquals("NL003", refused.getSQLState());
            assertTrue(refused.getMessage().contains("pg_sleep"), refused.getMessage());
        }
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.passthrough=readonly"));
                Statement s = c.createStatement()) {
            long start = System.nanoTime();
            try (ResultSet rs = s.executeQuery(sql)) {
                rs.next();
                assertEquals("x\\", rs.getString(1));
                assertEquals(" , pg_sleep(3) AS b --", rs.getString(2));
            }
            assertTrue((System.nanoTime() - start) / 1_000_000 < 2_000, "nothing slept");
        }
    }
}
