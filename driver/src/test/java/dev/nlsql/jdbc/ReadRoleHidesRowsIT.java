package dev.nlsql.jdbc;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.engine.Attempt;
import dev.nlsql.engine.Trace;
import dev.nlsql.testing.CapturedLog;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code nlsql.readRole} is a wall for every read of rows, not only for the answer's SQL (issue 37): value sampling, name
 * lookups and their misspelling search, and the wider search's closest values read as the role too. Row-level security
 * hides one artist ({@link #HIDDEN_NAME}, too many names to sample: found by lookup) and one genre ({@link #HIDDEN_GENRE},
 * a category: found by sampling) from the read role but not from the login user. Questions that name them misspelt or in
 * another case would have them spelled out in the SQL, the "read as" warning, the interpretation and the prompt if any read
 * ran as the login user; PostgreSQL, asked as each role while the connection is open, is the oracle. A control connection
 * without the role shows the same questions do reach the values.
 */
class ReadRoleHidesRowsIT {

    private static final String DATABASE = "i37rr_db";
    /** The main database beside source {@code arts} (= {@link #DATABASE}) in the test of attached sources. */
    private static final String MAIN_DATABASE = "i37rr_main";
    private static final String LOGIN = "i37rr_app";
    private static final String READER = "i37rr_reader";
    private static final String HIDDEN_NAME = "CanaryHidden";
    private static final String HIDDEN_GENRE = "Zanzibarian";
    /** Offline questions that sample or look up the hidden values: misspelt, another case, quoted. */
    private static final List<String> QUESTIONS = List.of(
            "how many albums are by CanaryHiden?",
            "how many albums are by 'canaryhidden'?",
            "how many albums by \"CANARYHIDDEN\" are there?",
            "how many zanzibarien albums are there?",
            "list the titles of the zanzibarians albums");

    @BeforeAll
    static void createRolesAndTables() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
        TestPostgres.createRoles(READER + " NOLOGIN", LOGIN + " LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOBYPASSRLS");
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("GRANT " + READER + " TO " + LOGIN);
        }
        TestPostgres.createDatabaseIfMissing(DATABASE);
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(DATABASE)); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE artists (id int PRIMARY KEY, name text NOT NULL)");
            s.execute("CREATE TABLE albums (id int PRIMARY KEY, artist_id int NOT NULL REFERENCES artists(id), title text NOT NULL, "
                    + "genre text NOT NULL)");
            // 300 artists: too many names to be a sampled category, so a name is found by lookup
            s.execute("INSERT INTO artists SELECT i, 'Band ' || lpad(i::text, 3, '0') FROM generate_series(1, 300) i");
            s.execute("INSERT INTO artists VALUES (301, '" + HIDDEN_NAME + "')");
            s.execute("INSERT INTO albums SELECT i, i, 'Record ' || i, (ARRAY['Rock', 'Jazz', 'Blues'])[1 + i % 3] "
                    + "FROM generate_series(1, 300) i");
            s.execute("INSERT INTO albums VALUES (301, 301, 'Nightingale', '" + HIDDEN_GENRE + "'), (302, 301, 'Lark', 'Rock'), "
                    + "(303, 7, 'Kestrel', '" + HIDDEN_GENRE + "')");
            s.execute("GRANT SELECT ON artists, albums TO " + LOGIN + ", " + READER);
            s.execute("ALTER TABLE artists ENABLE ROW LEVEL SECURITY");
            s.execute("ALTER TABLE albums ENABLE ROW LEVEL SECURITY");
            s.execute("CREATE POLICY login_sees_all ON artists TO " + LOGIN + " USING (true)");
            s.execute("CREATE POLICY login_sees_all ON albums TO " + LOGIN + " USING (true)");
            s.execute("CREATE POLICY reader_sees_some ON artists TO " + READER + " USING (name <> '" + HIDDEN_NAME + "')");
            s.execute("CREATE POLICY reader_sees_some ON albums TO " + READER + " USING (genre <> '" + HIDDEN_GENRE
                    + "' AND artist_id <> 301)");
        }
    }

    @AfterAll
    static void dropRolesAndTables() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
        TestPostgres.dropDatabase(MAIN_DATABASE);
        TestPostgres.dropRoles(LOGIN, READER);
    }

    private static String url(String... params) {
        String plain = TestPostgres.urlOf(DATABASE).replaceAll("([?&])user=[^&]*&?", "$1").replaceAll("[?&]$", "");
        return TestPostgres.withParams("jdbc:nlsql:" + plain.substring("jdbc:".length()), "user=" + LOGIN)
                + (params.length == 0 ? "" : "&" + String.join("&", params));
    }

    /**
     * First the control: without a read role the login user sees the rows, and the same questions name them (and its
     * samples are cached). Then as the read role: the values cached for the login user are not the role's.
     */
    @Test
    void offlineQuestionsNeverNameTheHiddenRows() throws SQLException {
        try (Connection c = DriverManager.getConnection(url("nlsql.llm=offline", "nlsql.cache=false"))) {
            String seen = ask(c);
            assertTrue(seen.contains("'CanaryHiden' read as '" + HIDDEN_NAME + "'"), "a lookup as the login user finds the name:\n" + seen);
            assertTrue(seen.contains("genre = '" + HIDDEN_GENRE + "'"), "sampling as the login user finds the genre:\n" + seen);
        }
        String seen;
        String log;
        try (CapturedLog captured = new CapturedLog();
                Connection c = DriverManager.getConnection(url("nlsql.llm=offline", "nlsql.cache=false", "nlsql.readRole=" + READER))) {
            oracle(c);
            seen = ask(c);
            oracle(c);
            log = captured.text();
        }
        assertFalse(seen.contains(HIDDEN_NAME) || seen.contains(HIDDEN_GENRE), "a row hidden from the read role was named:\n" + seen);
        assertFalse(log.contains(HIDDEN_NAME) || log.contains(HIDDEN_GENRE), "a row hidden from the read role reached the log:\n" + log);
    }

    /**
     * The model's prompts: a value link (sampling, lookup) would be sent as a hint, and the wider search of an empty
     * {@code genre = 'zanzibarian'} would try the closest real value; none of them may be the hidden one.
     */
    @Test
    void promptsAndWiderSearchNeverNameTheHiddenRows() throws Exception {
        String empty = "SELECT count(*) FROM albums WHERE genre = 'zanzibarian'";
        String byName = "SELECT count(*) FROM albums a JOIN artists r ON r.id = a.artist_id WHERE r.name = 'canaryhiden'";
        StringBuilder seen = new StringBuilder();
        StringBuilder prompts = new StringBuilder();
        for (String role : new String[] {READER, null}) {
            StringBuilder here = new StringBuilder();
            StringBuilder sent = new StringBuilder();
            for (String[] asked : new String[][] {{"how many zanzibarien albums are there?", empty},
                    {"how many albums are by CanaryHiden?", byName}}) {
                try (FakeOpenAi llm = new FakeOpenAi(answer(asked[1]), answer(asked[1]), answer(asked[1]), answer(asked[1]));
                        Connection c = DriverManager.getConnection(url(with(llm.params(), "nlsql.cache=false",
                                role == null ? "nlsql.llm.sendValues=true" : "nlsql.readRole=" + role)))) {
                    askOne(c, asked[0], here);
                    assertTrue(llm.requestCount() >= 1, "the model was asked: " + here);
                    for (int i = 0; i < llm.requestCount(); i++) {
                        sent.append(llm.request(i)).append('\n');
                    }
                    if (role != null) {
                        oracle(c);
                    }
                }
            }
            if (role == null) {
                // the control: as the login user the value hint and the widened filter name the hidden rows
                assertTrue(here.toString().contains("genre = '" + HIDDEN_GENRE + "'"), "control, the widened filter:\n" + here);
                assertTrue(sent.toString().contains(HIDDEN_NAME), "control, the prompt's value hint:\n" + sent);
            } else {
                seen.append(here);
                prompts.append(sent);
            }
        }
        assertFalse(seen.toString().contains(HIDDEN_NAME) || seen.toString().contains(HIDDEN_GENRE),
                "a row hidden from the read role was named:\n" + seen);
        assertFalse(prompts.toString().contains(HIDDEN_NAME) || prompts.toString().contains(HIDDEN_GENRE),
                "a row hidden from the read role was sent to the model:\n" + prompts);
    }

    /**
     * An attached source reads its values as its own role ({@code nlsql.readRole=arts:...}): the same two questions asked of
     * source {@code arts} (the RLS database) beside a main database that has no role and no such rows.
     */
    @Test
    void anAttachedSourceReadsItsValuesAsItsOwnRole() throws Exception {
        String mainUrl = TestPostgres.database(MAIN_DATABASE, "CREATE TABLE IF NOT EXISTS shops (id int PRIMARY KEY, city text)");
        String artsUrl = TestPostgres.withParams(TestPostgres.urlOf(DATABASE).replaceAll("([?&])user=[^&]*&?", "$1")
                .replaceAll("[?&]$", ""), "user=" + LOGIN);
        String empty = "{\"answerable\": true, \"source\": \"arts\", \"sql\": \"SELECT count(*) FROM albums WHERE genre = 'zanzibarian'\"}";
        String byName = "{\"answerable\": true, \"source\": \"arts\", \"sql\": \"SELECT count(*) FROM albums a JOIN artists r "
                + "ON r.id = a.artist_id WHERE r.name = 'canaryhiden'\"}";
        for (String role : new String[] {READER, null}) {
            StringBuilder here = new StringBuilder();
            StringBuilder sent = new StringBuilder();
            for (String[] asked : new String[][] {{"how many zanzibarien albums are there?", empty},
                    {"how many albums are by CanaryHiden?", byName}}) {
                try (FakeOpenAi llm = new FakeOpenAi(answer(asked[1]), answer(asked[1]), answer(asked[1]), answer(asked[1]));
                        Connection c = llm.connect(mainUrl, dev.nlsql.testing.Sources.param("arts", artsUrl),
                                role == null ? "nlsql.llm.sendValues=true" : "nlsql.readRole=arts:" + role)) {
                    askOne(c, asked[0], here);
                    assertTrue(llm.requestCount() >= 1, "the model was asked: " + here);
                    for (int i = 0; i < llm.requestCount(); i++) {
                        sent.append(llm.request(i)).append('\n');
                    }
                }
            }
            assertTrue(here.toString().contains("database=arts"), "source arts answered:\n" + here);
            if (role == null) {
                assertTrue(here.toString().contains("genre = '" + HIDDEN_GENRE + "'"), "control, the widened filter:\n" + here);
                assertTrue(sent.toString().contains(HIDDEN_NAME), "control, the prompt's value hint:\n" + sent);
            } else {
                String all = here.toString() + sent;
                assertFalse(all.contains(HIDDEN_NAME) || all.contains(HIDDEN_GENRE), "source arts named a hidden row:\n" + all);
            }
        }
    }

    /**
     * The value index caches a column's values by database and role: values sampled as the login user (no role) are not
     * served to a connection whose role may not see them, and the misspelling search of each reads as its own role.
     */
    @Test
    void sampledValuesAreCachedPerRole() throws SQLException {
        String plain = TestPostgres.withParams(TestPostgres.urlOf(DATABASE).replaceAll("([?&])user=[^&]*&?", "$1")
                .replaceAll("[?&]$", ""), "user=" + LOGIN);
        try (Connection c = DriverManager.getConnection(plain)) {
            dev.nlsql.internal.schema.SchemaCatalog catalog = new dev.nlsql.internal.schema.CatalogReader(t -> true).read(c);
            dev.nlsql.internal.schema.TableInfo albums = catalog.tables().stream().filter(t -> t.name().equals("albums"))
                    .findFirst().orElseThrow();
            dev.nlsql.internal.schema.ValueIndex index = new dev.nlsql.internal.schema.ValueIndex();
            String key = "i37rr|" + LOGIN;
            assertEquals(List.of(HIDDEN_GENRE), index.closest(key, c, true, null, albums, albums.column("genre"), "zanzibarien", 5),
                    "as the login user");
            assertEquals(List.of(), index.closest(key, c, true, READER, albums, albums.column("genre"), "zanzibarien", 5),
                    "as the read role, after the login user's values were cached");
            try (Statement s = c.createStatement()) {
                assertEquals(LOGIN, one(s, "SELECT current_user"), "the role ended with each read");
            }
        }
    }

    /** nlsql's own reads run as guarded SQL does: read-only, as the role, with the server's statement timeout; alone or inside a transaction. */
    @Test
    void ownReadsRunReadOnlyAsTheRoleWithTheTimeout() throws SQLException {
        String plain = TestPostgres.withParams(TestPostgres.urlOf(DATABASE).replaceAll("([?&])user=[^&]*&?", "$1")
                .replaceAll("[?&]$", ""), "user=" + LOGIN);
        String probe = "SELECT current_user, current_setting('statement_timeout'), current_setting('transaction_read_only'), "
                + "(SELECT count(*) FROM artists WHERE name = ?)";
        try (Connection c = DriverManager.getConnection(plain)) {
            for (boolean insideTransaction : new boolean[] {false, true}) {
                c.setAutoCommit(!insideTransaction);
                try (ResultSet rs = dev.nlsql.internal.execute.QueryRunner.run(c, true, READER, probe, List.of(HIDDEN_NAME), 10, 3)) {
                    assertTrue(rs.next());
                    assertEquals(List.of(READER, "3s", "on", "0"), List.of(rs.getString(1), rs.getString(2), rs.getString(3),
                            rs.getString(4)), "inside a transaction: " + insideTransaction);
                }
                try (Statement s = c.createStatement()) {
                    assertEquals(LOGIN + "|0|off|1", one(s, "SELECT current_user || '|' || current_setting('statement_timeout') || '|' "
                            + "|| current_setting('transaction_read_only') || '|' || (SELECT count(*) FROM artists WHERE name = '"
                            + HIDDEN_NAME + "')"), "the session after the read, inside a transaction: " + insideTransaction);
                }
                if (insideTransaction) {
                    c.rollback();
                }
            }
            c.setAutoCommit(true);
        }
    }

    private static String[] with(String[] params, String... more) {
        List<String> all = new java.util.ArrayList<>(List.of(params));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    /** PostgreSQL as the oracle, on the test's own connection while it is open: the role sees neither row, the login user both. */
    private static void oracle(Connection c) throws SQLException {
        Connection plain = (Connection) c.unwrap(org.postgresql.PGConnection.class);
        try (Statement s = plain.createStatement()) {
            assertEquals(LOGIN, one(s, "SELECT current_user"));
            assertEquals("1|2", one(s, "SELECT (SELECT count(*) FROM artists WHERE name = '" + HIDDEN_NAME + "') || '|' || "
                    + "(SELECT count(*) FROM albums WHERE genre = '" + HIDDEN_GENRE + "')"), "the login user sees the rows");
            plain.setAutoCommit(false);
            try {
                s.execute("SET LOCAL ROLE " + READER);
                assertEquals("0|0", one(s, "SELECT (SELECT count(*) FROM artists WHERE name = '" + HIDDEN_NAME + "') || '|' || "
                        + "(SELECT count(*) FROM albums WHERE genre = '" + HIDDEN_GENRE + "')"), "the read role does not");
            } finally {
                plain.rollback();
                plain.setAutoCommit(true);
            }
            assertEquals(LOGIN, one(s, "SELECT current_user"));
        }
    }

    private static String one(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getString(1);
        }
    }

    /** Every question, with all the text each gives back: rows, warnings, errors, the trace (SQL, interpretation, notes). */
    private static String ask(Connection c) throws SQLException {
        StringBuilder seen = new StringBuilder();
        for (String question : QUESTIONS) {
            askOne(c, question, seen);
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN NL " + question)) {
                rows(rs, seen);
            } catch (SQLException e) {
                SecretsNeverLeaveIT.chain(e, seen);
            }
        }
        return seen.toString();
    }

    private static void askOne(Connection c, String question, StringBuilder seen) throws SQLException {
        try (Statement s = c.createStatement()) {
            seen.append("Q: ").append(question).append('\n');
            try (ResultSet rs = s.executeQuery(question)) {
                rows(rs, seen);
            } catch (SQLException e) {
                SecretsNeverLeaveIT.chain(e, seen);
            }
            for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
                SecretsNeverLeaveIT.chain(w, seen);
            }
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            if (t != null) {
                seen.append(t.summary()).append('\n').append(t.interpretation()).append('\n').append(t.finalSql()).append('\n')
                        .append(t.notes()).append('\n').append(t.doubts()).append('\n').append(t.error()).append('\n');
                for (Attempt a : t.attempts()) {
                    seen.append(a).append('\n');
                }
            }
        }
    }

    private static void rows(ResultSet rs, StringBuilder seen) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        while (rs.next()) {
            for (int i = 1; i <= md.getColumnCount(); i++) {
                seen.append(rs.getString(i)).append(' ');
            }
            seen.append('\n');
        }
    }
}
