package dev.nlsql.jdbc;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.NlSqlState;
import dev.nlsql.engine.Trace;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An attacker's pass over {@code nlsql.readRole} after issue 37: row-level security hides {@link #HIDDEN_NAME} from the read
 * role, not from the login user. The in-process answer cache must not replay to a connection under the role SQL another
 * connection of the same login user wrote with rows the role cannot see; and the model's SQL must not leave the role
 * ({@code set_config('role', …)}, {@code RESET ROLE}), whose session user could switch back. PostgreSQL, asked on the
 * test's own connection while it is open, is the oracle.
 */
class ReadRoleAttackIT {

    private static final String DATABASE = "i37at_db";
    private static final String LOGIN = "i37at_app";
    private static final String READER = "i37at_reader";
    private static final String HIDDEN_NAME = "CanaryHidden";
    private static final String HIDDEN_GENRE = "Zanzibarian";
    private static final String TENANT_B_STAGE = "Bsecretstage";
    private static final String HOSTILE_TABLE = "\"g\"\" WHERE false UNION SELECT name FROM artists; RESET ROLE; --\"";
    private static final String HOSTILE_COLUMN = "\"k\"\" FROM artists UNION SELECT \"\"name\"";

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
            s.execute("CREATE TABLE albums (id int PRIMARY KEY, artist_id int NOT NULL REFERENCES artists(id), title text NOT NULL)");
            // too many names to be a sampled category: a name is found by lookup
            s.execute("INSERT INTO artists SELECT i, 'Band ' || lpad(i::text, 3, '0') FROM generate_series(1, 300) i");
            s.execute("INSERT INTO artists VALUES (301, '" + HIDDEN_NAME + "')");
            s.execute("INSERT INTO albums SELECT i, i, 'Record ' || i FROM generate_series(1, 301) i");
            s.execute("GRANT SELECT ON artists, albums TO " + LOGIN + ", " + READER);
            s.execute("ALTER TABLE artists ENABLE ROW LEVEL SECURITY");
            s.execute("CREATE POLICY login_sees_all ON artists TO " + LOGIN + " USING (true)");
            s.execute("CREATE POLICY reader_sees_some ON artists TO " + READER + " USING (name <> '" + HIDDEN_NAME + "')");
            // names that would end the sampling query's quoting if it were not doubled
            s.execute("CREATE TABLE " + HOSTILE_TABLE + " (" + HOSTILE_COLUMN + " text)");
            s.execute("INSERT INTO " + HOSTILE_TABLE + " VALUES ('Rock'), ('Jazz'), ('" + HIDDEN_GENRE + "')");
            s.execute("GRANT SELECT ON " + HOSTILE_TABLE + " TO " + LOGIN + ", " + READER);
            s.execute("ALTER TABLE " + HOSTILE_TABLE + " ENABLE ROW LEVEL SECURITY");
            s.execute("CREATE POLICY login_sees_all ON " + HOSTILE_TABLE + " TO " + LOGIN + " USING (true)");
            s.execute("CREATE POLICY reader_sees_some ON " + HOSTILE_TABLE + " TO " + READER + " USING (" + HOSTILE_COLUMN + " <> '"
                    + HIDDEN_GENRE + "')");
            // rows by tenant: the session's setting, not its role, decides what it sees
            s.execute("CREATE TABLE deals (id int PRIMARY KEY, tenant text NOT NULL, stage text NOT NULL)");
            s.execute("INSERT INTO deals VALUES (1, 'a', 'Open'), (2, 'a', 'Won'), (3, 'b', 'Open'), (4, 'b', '" + TENANT_B_STAGE + "')");
            s.execute("GRANT SELECT ON deals TO " + LOGIN + ", " + READER);
            s.execute("ALTER TABLE deals ENABLE ROW LEVEL SECURITY");
            s.execute("CREATE POLICY by_tenant ON deals USING (tenant = current_setting('app.tenant', true))");
        }
    }

    @AfterAll
    static void dropRolesAndTables() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
        TestPostgres.dropRoles(LOGIN, READER);
    }

    private static String url(String... params) {
        String plain = TestPostgres.urlOf(DATABASE).replaceAll("([?&])user=[^&]*&?", "$1").replaceAll("[?&]$", "");
        return TestPostgres.withParams("jdbc:nlsql:" + plain.substring("jdbc:".length()), "user=" + LOGIN)
                + (params.length == 0 ? "" : "&" + String.join("&", params));
    }

    /**
     * The answer cache is process-wide and keyed by database and login user. A connection without the role (or with another
     * role) answers "CanaryHiden" with SQL naming the hidden row; a connection of the same user under the read role asking
     * the same question must not be handed that SQL (its count, 0 under the role, would be replayed as an answer).
     */
    @Test
    void theAnswerCacheDoesNotReplayAnotherRolesSql() throws SQLException {
        String question = "how many albums are by CanaryHiden?";
        try (Connection c = DriverManager.getConnection(url("nlsql.llm=offline"))) {
            String seen = askOne(c, question);
            assertTrue(seen.contains(HIDDEN_NAME), "control: the login user's answer names the row:\n" + seen);
        }
        try (Connection c = DriverManager.getConnection(url("nlsql.llm=offline", "nlsql.readRole=" + READER))) {
            oracle(c);
            String seen = askOne(c, question);
            oracle(c);
            assertFalse(seen.contains(HIDDEN_NAME), "the read role was answered with SQL naming a row it cannot see:\n" + seen);
        }
    }

    /**
     * Row security by a session setting, through the answer cache: SQL answered on tenant b's connection (naming b's value)
     * is not replayed to tenant a's connection of the same user asking the same question (a table with row security is never
     * cached). Both connections have one URL, so one engine and its caches; each sets its tenant.
     */
    @Test
    void anAnswerFoundUnderOneTenantIsNotReplayedToAnother() throws SQLException {
        String question = "how many deals have the stage bsecretstage?";
        try (Connection b = DriverManager.getConnection(url("nlsql.llm=offline"))) {
            try (Statement s = b.createStatement()) {
                s.execute("SET app.tenant = 'b'");
            }
            String seen = askOne(b, question);
            assertTrue(seen.contains(TENANT_B_STAGE), "control: tenant b's answer names its stage:\n" + seen);
        }
        try (Connection a = DriverManager.getConnection(url("nlsql.llm=offline"))) {
            try (Statement s = a.createStatement()) {
                s.execute("SET app.tenant = 'a'");
                assertEquals("0", one(s, "SELECT count(*) FROM deals WHERE stage = '" + TENANT_B_STAGE + "'"), "oracle: a cannot see b's row");
            }
            String seen = askOne(a, question);
            assertFalse(seen.contains(TENANT_B_STAGE), "tenant a was answered with tenant b's SQL:\n" + seen);
        }
    }

    /**
     * The model's SQL tries to leave the read role: PostgreSQL lets the session user (the login user) set {@code role} back
     * inside the transaction, so the guard must refuse every spelling of it. Each is refused with nlsql's guard SQLSTATE
     * and, on the connection while it is open, the hidden row was never read: the session's role is the login user's and
     * the model's statement left no trace (no answer rows).
     */
    @Test
    void theModelCannotLeaveTheRole() throws Exception {
        String[] escapes = {
            "SELECT name FROM artists WHERE set_config('role', '" + LOGIN + "', true) IS NOT NULL",
            "SELECT name FROM artists WHERE pg_catalog.set_config('role', 'none', true) IS NOT NULL",
            "SELECT name FROM artists WHERE \"set_config\"('role', 'none', true) IS NOT NULL",
            "SELECT name FROM artists WHERE PG_CATALOG.SET_CONFIG('role', 'none', true) IS NOT NULL",
            "WITH r AS (SELECT set_config('role', 'none', true) AS x) SELECT a.name FROM r, artists a",
            "SELECT name FROM artists, LATERAL (SELECT set_config('role', 'none', true)) r",
            "RESET ROLE; SELECT name FROM artists",
            "SET LOCAL ROLE NONE; SELECT name FROM artists",
            "SELECT name FROM artists WHERE (SELECT set_config('session_authorization', '" + LOGIN + "', true)) IS NOT NULL",
            "SELECT name FROM artists WHERE current_setting('role') <> '' AND set_config(lower('ROLE'), 'none', true) IS NOT NULL",
        };
        for (String sql : escapes) {
            try (FakeOpenAi llm = new FakeOpenAi(answer(sql), answer(sql), answer(sql), answer(sql), answer(sql));
                    Connection c = DriverManager.getConnection(url(with(llm.params(), "nlsql.cache=false",
                            "nlsql.readRole=" + READER)));
                    Statement s = c.createStatement()) {
                SQLException refused = assertThrows(SQLException.class, () -> s.executeQuery("list the artist names"), sql);
                assertEquals(NlSqlState.UNSAFE_SQL.code(), refused.getSQLState(), sql + ": " + refused.getMessage());
                oracle(c);
            }
        }
        // a statement after the answer's is never sent: the answer runs as the role and names no hidden row
        String trailing = "SELECT name FROM artists; RESET ROLE";
        try (FakeOpenAi llm = new FakeOpenAi(answer(trailing), answer(trailing));
                Connection c = DriverManager.getConnection(url(with(llm.params(), "nlsql.cache=false", "nlsql.readRole=" + READER)))) {
            String seen = askOne(c, "list the artist names");
            oracle(c);
            assertTrue(seen.contains("Band 300"), "answered:\n" + seen);
            assertFalse(seen.contains(HIDDEN_NAME) || seen.contains("RESET"), "the trailing RESET ROLE ran:\n" + seen);
        }
    }

    /**
     * Sampling a table and column whose names try to end the query's quoting (a UNION over the hidden table, a RESET
     * ROLE): the names are quoted with their quotes doubled, so the sample is the column's own values as the role sees them.
     */
    @Test
    void hostileNamesInSamplingStayNames() throws SQLException {
        try (Connection c = DriverManager.getConnection(plainUrl())) {
            dev.nlsql.internal.schema.SchemaCatalog catalog = new dev.nlsql.internal.schema.CatalogReader(t -> true).read(c);
            dev.nlsql.internal.schema.TableInfo hostile = catalog.tables().stream().filter(t -> t.name().startsWith("g\""))
                    .findFirst().orElseThrow();
            dev.nlsql.internal.schema.ValueIndex index = new dev.nlsql.internal.schema.ValueIndex();
            List<String> asRole = index.closest("i37at|" + LOGIN, c, true, READER, hostile, hostile.columns().get(0), "zanzibarien", 5);
            assertEquals(List.of(), asRole, "as the read role");
            List<String> asLogin = index.closest("i37at|" + LOGIN, c, true, null, hostile, hostile.columns().get(0), "zanzibarien", 5);
            assertEquals(List.of(HIDDEN_GENRE), asLogin, "control: as the login user the sample is the column's own values");
            try (Statement s = c.createStatement()) {
                assertEquals(LOGIN, one(s, "SELECT current_user"), "the role ended with the read");
            }
        }
    }

    /**
     * Row-level security by a session setting ({@code app.tenant}), the usual multi-tenant policy: two connections of one
     * login user and one read role see different rows. Values sampled on tenant a's connection must not be served to
     * tenant b's, and the reverse.
     */
    @Test
    // was a hole (attack pass, issue 37): the value index keyed what a read saw by database, login user and read role, so
    // tenant b's values, sampled first, were served to tenant a's connection; a table with row security is sampled per question
    void valuesSampledUnderOneTenantAreNotServedToAnother() throws SQLException {
        dev.nlsql.internal.schema.ValueIndex index = new dev.nlsql.internal.schema.ValueIndex();
        try (Connection b = DriverManager.getConnection(plainUrl()); Connection a = DriverManager.getConnection(plainUrl())) {
            try (Statement s = b.createStatement()) {
                s.execute("SET app.tenant = 'b'");
            }
            try (Statement s = a.createStatement()) {
                s.execute("SET app.tenant = 'a'");
                assertEquals("0", one(s, "SELECT count(*) FROM deals WHERE stage = '" + TENANT_B_STAGE + "'"), "oracle: a cannot see b's row");
            }
            dev.nlsql.internal.schema.SchemaCatalog catalog = new dev.nlsql.internal.schema.CatalogReader(t -> true).read(a);
            dev.nlsql.internal.schema.TableInfo deals = catalog.tables().stream().filter(t -> t.name().equals("deals")).findFirst()
                    .orElseThrow();
            String key = "i37at-tenant|" + LOGIN;
            assertEquals(List.of(TENANT_B_STAGE), index.closest(key, b, true, READER, deals, deals.column("stage"), "bsecretstage", 5),
                    "control: tenant b sees its stage");
            assertEquals(List.of(), index.closest(key, a, true, READER, deals, deals.column("stage"), "bsecretstage", 5),
                    "tenant a was served tenant b's value");
        }
    }

    private static String plainUrl() {
        return TestPostgres.withParams(TestPostgres.urlOf(DATABASE).replaceAll("([?&])user=[^&]*&?", "$1").replaceAll("[?&]$", ""),
                "user=" + LOGIN);
    }

    private static String[] with(String[] params, String... more) {
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of(params));
        all.addAll(java.util.List.of(more));
        return all.toArray(String[]::new);
    }

    /** PostgreSQL as the oracle while the connection is open: the session is the login user's, who sees the row; the role does not. */
    private static void oracle(Connection c) throws SQLException {
        Connection plain = (Connection) c.unwrap(org.postgresql.PGConnection.class);
        try (Statement s = plain.createStatement()) {
            assertEquals(LOGIN, one(s, "SELECT current_user"));
            assertEquals("1", one(s, "SELECT count(*) FROM artists WHERE name = '" + HIDDEN_NAME + "'"), "the login user sees it");
            plain.setAutoCommit(false);
            try {
                s.execute("SET LOCAL ROLE " + READER);
                assertEquals("0", one(s, "SELECT count(*) FROM artists WHERE name = '" + HIDDEN_NAME + "'"), "the role does not");
            } finally {
                plain.rollback();
                plain.setAutoCommit(true);
            }
        }
    }

    private static String one(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getString(1);
        }
    }

    /** All a question gives back: rows, warnings, the error chain, the trace's SQL, interpretation and notes. */
    private static String askOne(Connection c, String question) throws SQLException {
        StringBuilder seen = new StringBuilder();
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery(question)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int i = 1; i <= n; i++) {
                        seen.append(rs.getString(i)).append(' ');
                    }
                    seen.append('\n');
                }
            } catch (SQLException e) {
                for (Throwable x = e; x != null; x = x.getCause()) {
                    seen.append(x).append('\n');
                }
            }
            for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
                seen.append(w).append('\n');
            }
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            if (t != null) {
                seen.append(t.summary()).append('\n').append(t.interpretation()).append('\n').append(t.finalSql()).append('\n')
                        .append(t.notes()).append('\n').append(t.doubts()).append('\n').append(t.error()).append('\n')
                        .append(t.attempts()).append('\n');
            }
        }
        return seen.toString();
    }
}
