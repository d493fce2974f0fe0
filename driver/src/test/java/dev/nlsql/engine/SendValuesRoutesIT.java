package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.HostileCorpus;
import dev.nlsql.testing.Rows;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Routes (found by an attacker's review, issue 22) by which a stored value could reach the model under
 * {@code nlsql.llm.sendValues=false} that SendValuesFalseIT does not drive. Every recorded request
 * body is searched for canaries stored in rows (and, separately, in schema-level text).
 */
class SendValuesRoutesIT {

    private static final String DATABASE = "nlsql_send_values_routes";
    /** Values stored in rows: none may reach the model. */
    private static final List<String> ROW_CANARIES = List.of("CanaryRowName", "CanaryRowBorn", "CanaryRowJson", "CanaryRowRegclass",
            "CanaryRowUuid", "CanaryRowNum");
    /** Schema-level text that is data-like but not a row value: reported, a leak only for defaults/check/enum/view bodies. */
    private static final List<String> SCHEMA_CANARIES = List.of("CanaryDefaultText", "CanaryCheckText", "CanaryEnumLabel", "CanaryViewText");

    private static String url;

    @BeforeAll
    static void schema() throws SQLException {
        url = TestPostgres.database(DATABASE,
                "DROP VIEW IF EXISTS p3_vip", "DROP TABLE IF EXISTS p3_people", "DROP TYPE IF EXISTS p3_mood",
                "CREATE TYPE p3_mood AS ENUM ('CanaryEnumLabel', 'calm')",
                "CREATE TABLE p3_people (id int PRIMARY KEY, name text, born text, blob text, ref text, num text,"
                        + " mood p3_mood DEFAULT 'CanaryEnumLabel', note text DEFAULT 'CanaryDefaultText' CHECK (note <> 'CanaryCheckText'))",
                "INSERT INTO p3_people (id, name, born, blob, ref, num, mood) VALUES"
                        + " (1, 'CanaryRowName', 'CanaryRowBorn', 'CanaryRowJson', 'CanaryRowRegclass', 'CanaryRowNum', 'calm'),"
                        + " (2, 'CanaryRowName', 'CanaryRowBorn', 'CanaryRowJson', 'note', 'CanaryRowNum', 'calm')",
                "CREATE VIEW p3_vip AS SELECT id, name FROM p3_people WHERE name <> 'CanaryViewText'",
                "COMMENT ON COLUMN p3_people.note IS 'CanaryCommentText'");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }

    private static String bodies(FakeOpenAi llm) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < llm.requestCount(); i++) {
            b.append("--- request ").append(i).append('\n').append(llm.request(i)).append('\n');
        }
        return b.toString();
    }

    private static List<String> found(String sent, List<String> canaries) {
        String folded = sent.toLowerCase(java.util.Locale.ROOT); // regclass input folds the value to lower case
        return canaries.stream().filter(c -> folded.contains(c.toLowerCase(java.util.Locale.ROOT))).toList();
    }

    private static Connection connect(FakeOpenAi llm, String app, String... extra) throws SQLException {
        String[] params = new String[extra.length + 2];
        params[0] = "nlsql.llm.sendValues=false";
        params[1] = "ApplicationName=" + app;
        System.arraycopy(extra, 0, params, 2, extra.length);
        return llm.connect(url, params);
    }

    /** Route (1): database errors whose message/DETAIL quote a row value, each followed by a retry prompt. */
    @Test
    void errorTextsQuotingRowValuesNeverReachTheRetryPrompt() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(
                answer("SELECT id FROM p3_people WHERE id = name::int"), // invalid input syntax for type integer: "CanaryRowName"
                answer("SELECT born::date FROM p3_people"), // invalid input syntax for type date: "CanaryRowBorn"
                answer("SELECT blob::json FROM p3_people"), // DETAIL: Token "CanaryRowJson" is invalid.
                answer("SELECT ref::regclass FROM p3_people WHERE id = 1"), // relation "CanaryRowRegclass" does not exist (name pattern)
                answer("SELECT CAST(name AS uuid) FROM p3_people"), // invalid input syntax for type uuid
                answer("SELECT name::p3_mood FROM p3_people"), // invalid input value for enum p3_mood: "CanaryRowName"
                answer("SELECT num::numeric FROM p3_people"), // invalid input syntax for type numeric
                answer("SELECT count(*) FROM p3_people"));
                Connection c = connect(llm, "svr_err", "nlsql.repairs=false", "nlsql.maxAttempts=9", "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            assertEquals(List.of("2"), Rows.column(s.executeQuery("how many people are there, counted by parsing their fields?")),
                    bodies(llm));
            assertEquals(8, llm.requestCount(), bodies(llm));
            String sent = bodies(llm);
            assertEquals(List.of(), found(sent, ROW_CANARIES), sent);
        }
    }

    /** Route (1) via the wider search: the widened SQL (real values) fails with an error quoting another row value. */
    @Test
    void widenedSqlFailingOnARowValueShowsNeitherValue() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(
                answer("SELECT id FROM p3_people WHERE name = 'canaryrowname' AND born::date IS NOT NULL"),
                answer("SELECT count(*) FROM p3_people"));
                Connection c = connect(llm, "svr_wide", "nlsql.maxAttempts=4", "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            NlStatementProbe.run(s, "which people are named canaryrowname?");
            String sent = bodies(llm);
            List<Attempt> attempts = s.unwrap(dev.nlsql.jdbc.NlStatement.class).lastTrace().attempts();
            // the widened SQL failed quoting CanaryRowBorn; the first (empty) answer stands, so no retry prompt follows
            assertTrue(attempts.stream().anyMatch(a -> a.source() == Attempt.Source.WIDER && a.error() != null
                    && a.error().contains("CanaryRowBorn")), attempts.toString());
            assertEquals(1, llm.requestCount(), sent);
            // the user typed the value in lower case; its stored spelling and the other row's value must not be sent
            assertTrue(!sent.contains("CanaryRowName"), sent);
            assertEquals(List.of(), found(sent, List.of("CanaryRowBorn")), sent);
        }
    }

    /** Route (2): schema-level text. DEFAULT, CHECK, enum labels and view bodies must not be in the prompt; comments are by design. */
    @Test
    void schemaLevelTextHeld() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM p3_people"), answer("SELECT count(*) FROM p3_vip"));
                Connection c = connect(llm, "svr_schema");
                Statement s = c.createStatement()) {
            Rows.column(s.executeQuery("how many people with a note and a mood are there?"));
            Rows.column(s.executeQuery("how many vip people are there?"));
            String sent = bodies(llm);
            assertEquals(List.of(), found(sent, SCHEMA_CANARIES), sent);
            assertEquals(List.of(), found(sent, ROW_CANARIES), sent);
            // documented behaviour, not a leak of a row: the column comment is shown quoted as data
            assertTrue(sent.contains("CanaryCommentText"), "comments reach the prompt (README): " + sent);
        }
    }

    /** Route (3): a plan whose second step fails on a value of the first step's rows, then the retry. */
    @Test
    void planStepFailingOnEarlierRowsHeld() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(
                answer(HostileCorpus.plan("SELECT name, born FROM p3_people", "SELECT born::date AS d, name::int AS n FROM step1")),
                answer("SELECT count(*) FROM p3_people"));
                Connection c = connect(llm, "svr_plan", "nlsql.repairs=false", "nlsql.maxAttempts=5", "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            assertEquals(List.of("2"), Rows.column(s.executeQuery("first list the people, then their birth dates")), bodies(llm));
            String sent = bodies(llm);
            assertEquals(2, llm.requestCount(), sent);
            assertEquals(List.of(), found(sent, ROW_CANARIES), sent);
        }
    }

    /** Route (3): the fallback analysis prompt (local H2 copy of rows holding canaries, enum/default/check columns). */
    @Test
    void fallbackAnalysisPromptHeld() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(
                answer("SELECT name::int FROM p3_people"), answer("SELECT born::date FROM p3_people"),
                // the fallback's H2 SQL fails on a row value too (H2 quotes it): no further prompt may carry it
                answer("SELECT CAST(name AS INT) FROM p3_people"),
                answer("SELECT count(*) FROM p3_people"));
                Connection c = connect(llm, "svr_fb", "nlsql.repairs=false", "nlsql.maxAttempts=2");
                Statement s = c.createStatement()) {
            NlStatementProbe.run(s, "how many people are there as numbers?");
            String sent = bodies(llm);
            assertTrue(llm.requestCount() >= 3, "the fallback analysis was asked: " + sent);
            assertEquals(List.of(), found(sent, ROW_CANARIES), sent);
            assertEquals(List.of(), found(sent, SCHEMA_CANARIES), sent);
        }
    }

    /** Route (3): NARRATE NL of row values, a follow-up after it, EXPLAIN NL, and the relevance gate's NL002. */
    @Test
    void narrationFollowUpExplainAndRelevanceGateHeld() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(
                answer("SELECT name, born FROM p3_people ORDER BY id"),
                answer("what are the names and birth dates of the person with id 1?"),
                answer("SELECT name, born FROM p3_people WHERE id = 1"),
                answer("SELECT name, born FROM p3_people ORDER BY id"));
                Connection c = connect(llm, "svr_narr");
                Statement s = c.createStatement()) {
            dev.nlsql.jdbc.NlStatement nl = s.unwrap(dev.nlsql.jdbc.NlStatement.class);
            String narration = String.join(" ", Rows.column(s.executeQuery("NARRATE NL what are the names and birth dates of people?")));
            assertTrue(narration.contains("CanaryRowName"), "the template narration speaks the rows to the user: " + narration);
            assertEquals(1, llm.requestCount(), nl.lastTrace().attempts() + bodies(llm));
            Rows.column(s.executeQuery("and only the first one?"));
            assertEquals(3, llm.requestCount(), nl.lastTrace().attempts() + bodies(llm));
            Rows.column(s.executeQuery("EXPLAIN NL what are the names and birth dates of people?"));
            llm.drain();
            llm.then(answer("{\"answerable\": false, \"reason\": \"the database holds no weather\"}"));
            SQLException gate = assertThrows(SQLException.class, () -> s.executeQuery("what is the weather in CanaryRowName?"));
            assertTrue(gate.getMessage().contains("not about this database"), gate.getMessage());
            String sent = bodies(llm);
            // the user typed CanaryRowName in the last question: only earlier requests are checked for it
            StringBuilder before = new StringBuilder();
            for (int i = 0; i < llm.requestCount() - 1; i++) {
                before.append(llm.request(i)).append('\n');
            }
            assertEquals(List.of(), found(before.toString(), ROW_CANARIES), sent);
            assertEquals(List.of(), found(sent, List.of("CanaryRowBorn")), sent);
        }
    }

    /** Route (3): a cached widened SQL (holding the real value) that later fails on another row value, then the retry prompt. */
    @Test
    void cachedWidenedSqlFailingLaterHeld() throws Exception {
        TestPostgres.database(DATABASE, "DROP TABLE IF EXISTS p3_cache",
                "CREATE TABLE p3_cache (id int PRIMARY KEY, name text, born text)",
                "INSERT INTO p3_cache VALUES (1, 'CanaryCacheName', '2020-01-01')");
        String sql = "SELECT id FROM p3_cache WHERE name = 'canarycachename' AND born::date IS NOT NULL";
        try (FakeOpenAi llm = new FakeOpenAi(answer(sql), answer("SELECT count(*) FROM p3_cache"));
                Connection c = connect(llm, "svr_cache", "nlsql.cache=true", "nlsql.repairs=false", "nlsql.maxAttempts=4", "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            dev.nlsql.jdbc.NlStatement nl = s.unwrap(dev.nlsql.jdbc.NlStatement.class);
            assertEquals(List.of("1"), Rows.column(s.executeQuery("which ids are named canarycachename?")), bodies(llm));
            assertEquals(Attempt.Source.WIDER, nl.lastTrace().attempts().get(nl.lastTrace().attempts().size() - 1).source());
            assertEquals(List.of("1"), Rows.column(s.executeQuery("which ids are named canarycachename?")));
            assertEquals(1, llm.requestCount(), "the widened SQL was served from the cache " + nl.lastTrace().attempts());
            try (Connection plain = java.sql.DriverManager.getConnection(url); Statement p = plain.createStatement()) {
                p.execute("UPDATE p3_cache SET born = 'CanaryRowBorn'");
            }
            Rows.column(s.executeQuery("which ids are named canarycachename?"));
            List<Attempt> attempts = nl.lastTrace().attempts();
            assertTrue(attempts.stream().anyMatch(a -> a.source() == Attempt.Source.CACHE && a.error() != null
                    && a.error().contains("CanaryRowBorn")), attempts.toString());
            String sent = bodies(llm);
            assertEquals(2, llm.requestCount(), nl.lastTrace().attempts() + sent);
            assertTrue(!sent.contains("CanaryCacheName"), sent);
            assertEquals(List.of(), found(sent, List.of("CanaryRowBorn")), sent);
        } finally {
            TestPostgres.database(DATABASE, "DROP TABLE IF EXISTS p3_cache");
        }
    }

    /** The Error: and Fix: lines of the retry prompt (request {@code i}): what nlsql says about the failure. */
    private static String errorAndFix(FakeOpenAi llm, int i) {
        return llm.userMessage(i).lines().filter(l -> l.startsWith("Error:") || l.startsWith("Fix:"))
                .reduce("", (a, b) -> a + b + "\n");
    }

    /**
     * Was a leak (an oracle): the name at fault of a database error is kept when it is a catalog name. A row value that
     * happens to equal a column name ({@code ref = 'note'} in row 2) is then quoted to the model as the
     * "table" at fault, though the model's SQL never wrote it: {@code relation "note" does not exist}.
     */
    @Test
    void leakRowValueEqualToACatalogNameIsQuotedInTheRetryPrompt() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT ref::regclass AS r FROM p3_people WHERE id = 2"),
                answer("SELECT count(*) FROM p3_people"));
                Connection c = connect(llm, "oracle1", "nlsql.repairs=false", "nlsql.maxAttempts=3", "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            assertEquals(List.of("2"), Rows.column(s.executeQuery("which relation does person 2 refer to?")), bodies(llm));
            String told = errorAndFix(llm, 1);
            assertTrue(!told.toLowerCase(java.util.Locale.ROOT).contains("note"),
                    "row 2's value 'note' (SELECT ref::regclass ... WHERE id = 2) was quoted to the model: " + told);
        }
    }

    /**
     * Was a leak (an oracle): the name at fault is also kept when it is any substring of the model's SQL, so one
     * attempt tests a whole dictionary written into the SQL: the retry prompt names the one that is the row's value.
     */
    @Test
    void leakRowValueFoundInADictionaryWrittenIntoTheSqlIsNamed() throws Exception {
        String dictionary = "alpha CanaryRowRegclass omega Zed";
        try (FakeOpenAi llm = new FakeOpenAi(
                answer("SELECT ref::regclass AS r FROM p3_people WHERE id = 1 AND length('" + dictionary + "') > 0"),
                answer("SELECT count(*) FROM p3_people"));
                Connection c = connect(llm, "oracle2", "nlsql.repairs=false", "nlsql.maxAttempts=3", "nlsql.fallbackRows=0");
                Statement s = c.createStatement()) {
            assertEquals(List.of("2"), Rows.column(s.executeQuery("which relation does person 1 refer to?")), bodies(llm));
            String told = errorAndFix(llm, 1);
            assertTrue(!told.toLowerCase(java.util.Locale.ROOT).contains("canaryrowregclass"),
                    "the Error/Fix lines single out row 1's value among the SQL's words: " + told);
        }
    }

    /** Runs a question that may fail (attempts spent): the bodies are what is checked. */
    private static final class NlStatementProbe {
        static void run(Statement s, String q) {
            try {
                Rows.column(s.executeQuery(q));
            } catch (SQLException expected) {
                // the question may fail; the recorded requests are what matter
            }
        }
    }
}
