package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.check.FunctionPolicy;
import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.check.GuardRejection;
import dev.nlsql.internal.check.PgFunctions;
import dev.nlsql.sql.SqlDialect;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * {@code nlsql.readRole} as the second wall. The connection logs in as {@code fz_app}, a
 * non-superuser that may itself read and write both tables, read files and use the sequence, and
 * that is a member of {@code fz_reader}, which may only read {@code fz_rr.fz_allowed}. Statements
 * that the guard would refuse are given to {@link QueryRunner} directly (a {@link GuardedSql}
 * built by hand, as if they had slipped past the guard): each fails with the database's own
 * permission or read-only error, nothing changes, and afterwards the session is {@code fz_app}
 * again (SET LOCAL ROLE ends with the read-only transaction or savepoint).
 */
class ReadRoleIT {

    private static final String DATABASE = "fz_readrole";
    private static final String LOGIN = "fz_app";
    private static final String READER = "fz_reader";
    private static final String SECRET = "SECRET-fz-41c9";

    @BeforeAll
    static void createRolesAndTables() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP ROLE IF EXISTS " + LOGIN);
            s.execute("DROP ROLE IF EXISTS " + READER);
            s.execute("CREATE ROLE " + READER + " NOLOGIN");
            s.execute("CREATE ROLE " + LOGIN + " LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB");
            s.execute("GRANT " + READER + " TO " + LOGIN);
            s.execute("GRANT pg_read_server_files TO " + LOGIN);
        }
        TestPostgres.createDatabaseIfMissing(DATABASE);
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(DATABASE)); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA fz_rr");
            s.execute("CREATE TABLE fz_rr.fz_allowed (id int PRIMARY KEY, v text NOT NULL)");
            s.execute("CREATE TABLE fz_rr.fz_secret (id int PRIMARY KEY, v text NOT NULL)");
            s.execute("CREATE SEQUENCE fz_rr.fz_seq");
            s.execute("INSERT INTO fz_rr.fz_allowed VALUES (1, 'open')");
            s.execute("INSERT INTO fz_rr.fz_secret VALUES (1, '" + SECRET + "')");
            s.execute("GRANT USAGE ON SCHEMA fz_rr TO " + READER + ", " + LOGIN);
            s.execute("GRANT SELECT ON fz_rr.fz_allowed TO " + READER);
            s.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON fz_rr.fz_allowed, fz_rr.fz_secret TO " + LOGIN);
            s.execute("GRANT USAGE, UPDATE ON SEQUENCE fz_rr.fz_seq TO " + LOGIN);
            s.execute("GRANT EXECUTE ON FUNCTION pg_read_file(text) TO " + LOGIN);
        }
    }

    @AfterAll
    static void dropRolesAndTables() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP ROLE IF EXISTS " + LOGIN);
            s.execute("DROP ROLE IF EXISTS " + READER);
        }
    }

    /** The database's URL as {@code fz_app} (any user= of the test URL replaced). */
    private static String loginUrl() {
        String url = TestPostgres.urlOf(DATABASE).replaceAll("([?&])user=[^&]*&?", "$1").replaceAll("[?&]$", "");
        return TestPostgres.withParams(url, "user=" + LOGIN);
    }

    private static Connection login() throws SQLException {
        return DriverManager.getConnection(loginUrl());
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getString(1);
        }
    }

    /** Both tables' rows and the sequence, read as the superuser. */
    private static String fingerprint() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(DATABASE))) {
            return one(c, "SELECT (SELECT string_agg(id || '=' || v, ',' ORDER BY id) FROM fz_rr.fz_allowed) || '|' "
                    + "|| (SELECT string_agg(id || '=' || v, ',' ORDER BY id) FROM fz_rr.fz_secret) || '|' "
                    + "|| (SELECT last_value || ':' || is_called FROM fz_rr.fz_seq)");
        }
    }

    private static GuardedRun unguarded(String sql) {
        return new GuardedRun(Unguarded.sql(sql, List.of()), 5, READER, (schema, name, exactCase) -> null);
    }

    @Test
    void theLoginUserItselfCouldDoAllOfIt() throws SQLException {
        try (Connection c = login(); Statement s = c.createStatement()) {
            assertEquals("false", one(c, "SELECT rolsuper::text FROM pg_roles WHERE rolname = current_user"));
            c.setAutoCommit(false);
            assertEquals(SECRET, one(c, "SELECT v FROM fz_rr.fz_secret"));
            assertEquals(1, s.executeUpdate("INSERT INTO fz_rr.fz_allowed VALUES (2, 'inserted')"));
            assertEquals(1, s.executeUpdate("UPDATE fz_rr.fz_secret SET v = 'changed'"));
            assertFalse(one(c, "SELECT pg_read_file('/etc/hostname')").isEmpty());
            one(c, "SELECT nextval('fz_rr.fz_seq')");
            c.rollback();
        }
    }

    @Test
    void statementsPastTheGuardStillCannotWriteOrReadOutsideTheRole() throws SQLException {
        Map<String, Set<String>> cases = new LinkedHashMap<>();
        Set<String> writeRefused = Set.of("25006", "42501");
        cases.put("INSERT INTO fz_rr.fz_allowed VALUES (3, 'inserted')", writeRefused);
        cases.put("INSERT INTO fz_rr.fz_allowed VALUES (3, 'inserted') RETURNING id", writeRefused);
        cases.put("WITH u AS (UPDATE fz_rr.fz_secret SET v = 'changed' RETURNING v) SELECT v FROM u", writeRefused);
        cases.put("WITH u AS (UPDATE fz_rr.fz_allowed SET v = 'changed' RETURNING v) SELECT v FROM u", writeRefused);
        cases.put("SELECT v FROM fz_rr.fz_secret", Set.of("42501"));
        cases.put("SELECT a.v, s.v FROM fz_rr.fz_allowed a, fz_rr.fz_secret s", Set.of("42501"));
        cases.put("SELECT pg_read_file('/etc/hostname')", Set.of("42501"));
        cases.put("SELECT nextval('fz_rr.fz_seq')", writeRefused);
        cases.put("SELECT set_config('role', 'postgres', false)", Set.of("42501"));
        cases.put("SELECT set_config('session_authorization', 'postgres', false)", Set.of("42501"));
        cases.put("SELECT set_config('transaction_read_only', 'off', false)", Set.of("25001"));
        String before = fingerprint();
        try (Connection c = login()) {
            for (boolean insideTransaction : new boolean[] {false, true}) {
                for (Map.Entry<String, Set<String>> e : cases.entrySet()) {
                    String where = e.getKey() + (insideTransaction ? " (inside a transaction)" : " (alone)");
                    c.setAutoCommit(!insideTransaction);
                    SQLException refused = assertThrows(SQLException.class,
                            () -> QueryRunner.run(c, unguarded(e.getKey()), 100, 5, 0).close(), where);
                    assertTrue(e.getValue().contains(refused.getSQLState()), where + ": " + refused.getSQLState() + " " + refused.getMessage());
                    assertEquals(LOGIN, one(c, "SELECT current_user"), "role after " + where);
                    if (insideTransaction) {
                        assertEquals("off", one(c, "SELECT current_setting('transaction_read_only')"), where);
                        c.rollback();
                    }
                    System.out.println("readRole wall: " + where + " -> " + refused.getSQLState() + " " + refused.getMessage());
                }
            }
            c.setAutoCommit(true);
        }
        assertEquals(before, fingerprint(), "nothing changed");
    }

    /** Without the read-only wall (a read-write transaction), GuardedRun's own SET LOCAL ROLE still refuses every write. */
    @Test
    void theRoleAloneRefusesTheWrites() throws SQLException {
        String before = fingerprint();
        List<String> writes = List.of("INSERT INTO fz_rr.fz_allowed VALUES (3, 'inserted')",
                "WITH u AS (UPDATE fz_rr.fz_secret SET v = 'changed' RETURNING v) SELECT v FROM u",
                "UPDATE fz_rr.fz_allowed SET v = 'changed'", "DELETE FROM fz_rr.fz_allowed", "SELECT nextval('fz_rr.fz_seq')");
        try (Connection c = login()) {
            c.setAutoCommit(false);
            for (String write : writes) {
                try (Statement s = c.createStatement()) {
                    for (String setup : unguarded(write).postgresSetup()) {
                        s.execute(setup);
                    }
                    assertEquals("off", one(c, "SELECT current_setting('transaction_read_only')"));
                    SQLException refused = assertThrows(SQLException.class, () -> s.execute(write), write);
                    assertEquals("42501", refused.getSQLState(), write + ": " + refused.getMessage());
                } finally {
                    c.rollback();
                }
                assertEquals(LOGIN, one(c, "SELECT current_user"));
            }
            c.setAutoCommit(true);
        }
        assertEquals(before, fingerprint(), "nothing changed");
    }

    @Test
    void theAllowedTableIsReadAsTheRole() throws SQLException {
        try (Connection c = login()) {
            for (boolean insideTransaction : new boolean[] {false, true}) {
                c.setAutoCommit(!insideTransaction);
                try (ResultSet rs = QueryRunner.run(c, unguarded("SELECT v, current_user, session_user FROM fz_rr.fz_allowed"), 100, 5, 0)) {
                    assertTrue(rs.next());
                    assertEquals("open", rs.getString(1));
                    assertEquals(READER, rs.getString(2));
                    assertEquals(LOGIN, rs.getString(3));
                    assertFalse(rs.next());
                }
                assertEquals(LOGIN, one(c, "SELECT current_user"));
                if (insideTransaction) {
                    c.rollback();
                }
            }
            c.setAutoCommit(true);
        }
    }

    @Test
    void throughTheDriverGuardedSqlTextRunsAsTheRole() throws SQLException {
        String before = fingerprint();
        String url = "jdbc:nlsql:" + loginUrl().substring("jdbc:".length());
        url = TestPostgres.withParams(url, "nlsql.readRole=" + READER, "nlsql.passthrough=readonly");
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            Connection session = (Connection) c.unwrap(PGConnection.class);
            try (ResultSet rs = s.executeQuery("SELECT v FROM fz_rr.fz_allowed")) {
                assertTrue(rs.next());
                assertEquals("open", rs.getString(1));
            }
            assertEquals(LOGIN, one(session, "SELECT current_user"));
            try (ResultSet rs = s.executeQuery("SELECT current_user")) {
                assertTrue(rs.next());
                assertEquals(READER, rs.getString(1));
            }
            assertEquals(LOGIN, one(session, "SELECT current_user"));
            SQLException secret = assertThrows(SQLException.class, () -> s.executeQuery("SELECT v FROM fz_rr.fz_secret").close());
            assertEquals("42501", secret.getSQLState(), secret.getMessage());
            assertEquals(LOGIN, one(session, "SELECT current_user"));
            c.setAutoCommit(false);
            try (ResultSet rs = s.executeQuery("SELECT current_user, v FROM fz_rr.fz_allowed")) {
                assertTrue(rs.next());
                assertEquals(READER, rs.getString(1));
            }
            assertEquals(LOGIN, one(session, "SELECT current_user"));
            c.rollback();
            c.setAutoCommit(true);
        }
        assertEquals(before, fingerprint());
    }

    /**
     * The role is not a wall against a statement that may call {@code set_config}: the session
     * user may always take its own role back, and a function that runs SQL text then reads with
     * the login user's rights in the same statement. PostgreSQL allows it (checked here as the
     * precondition), so the guard's function rules are what keep the role in place: both calls
     * must stay refused for guarded SQL text.
     */
    @Test
    void theRoleCanBeLeftBySetConfigSoTheGuardRefusesIt() throws SQLException {
        String leave = "SELECT set_config('role', '" + LOGIN + "', true) AS r, "
                + "query_to_xml('SELECT v FROM fz_rr.fz_secret', true, false, '')::text AS x";
        try (Connection c = login(); ResultSet rs = QueryRunner.run(c, unguarded(leave), 10, 5, 0)) {
            assertTrue(rs.next());
            assertTrue(rs.getString(2).contains(SECRET), "the database lets a statement leave the role");
        }
        try (Connection c = login()) {
            SqlGuard guard = new SqlGuard(new GuardPolicy(List.of(), new FunctionPolicy(FunctionPolicy.Purpose.SQL_TEXT,
                    SqlDialect.POSTGRESQL, PgFunctions.read(c), List.of(), List.of()), FunctionPolicy.Purpose.SQL_TEXT, "public"));
            for (String sql : List.of(leave, "SELECT set_config('role', 'fz_app', true)",
                    "SELECT query_to_xml('SELECT v FROM fz_rr.fz_secret', true, false, '')",
                    "SELECT pg_catalog.set_config('role', 'fz_app', true)")) {
                GuardRejection r = assertThrows(GuardRejection.class, () -> guard.check(sql), sql);
                assertEquals(GuardRejection.Rule.DENIED_FUNCTION, r.rule(), sql);
            }
        }
    }
}
