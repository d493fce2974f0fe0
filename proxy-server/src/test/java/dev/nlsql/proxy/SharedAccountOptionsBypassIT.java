package dev.nlsql.proxy;

import static dev.nlsql.proxy.ClientIdentityIT.psql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.proxy.ClientIdentityIT.Psql;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bypass attempts (issue 22, an attacker's review): a shared-account client tries to become another role, or change
 * search_path, at login by odd options forms, and after login by SQL under readonly. PostgreSQL is
 * the oracle: current_user / current_setting as the session reports them, for every session that got in.
 */
class SharedAccountOptionsBypassIT {

    private static final String DATABASE = "nlsql_bypass_shared";
    private static final String APP = "nlsql_bypass_app";
    private static final String POWER = "nlsql_bypass_power";
    private static final Users USERS = Users.of(Map.of("alice", "alice pw"));

    @BeforeAll
    static void setUp() throws Exception {
        TestPostgres.createRoles(APP + " LOGIN", POWER + " NOLOGIN");
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("ALTER ROLE " + APP + " NOINHERIT"); // APP may SET ROLE to POWER but does not hold its privileges
            s.execute("GRANT " + POWER + " TO " + APP);
        }
        TestPostgres.database(DATABASE, "DROP TABLE IF EXISTS bypass_t", "CREATE TABLE bypass_t (id int)",
                "GRANT SELECT ON bypass_t TO " + APP + ", " + POWER, "DROP TABLE IF EXISTS bypass_power_only",
                "CREATE TABLE bypass_power_only (id int)", "GRANT SELECT ON bypass_power_only TO " + POWER);
    }

    @AfterAll
    static void tearDown() throws Exception {
        TestPostgres.dropDatabase(DATABASE);
        TestPostgres.dropRoles(APP, POWER);
    }

    private static PgServer proxy(String passthrough) throws java.io.IOException {
        String backend = TestPostgres.withParams(ClientsAsThemselves.url(TestPostgres.urlOf(DATABASE)), "user=" + APP);
        return new PgServer(new ProxyConfig(backend, "127.0.0.1", 0, ProxyConfig.Auth.PASSWORD, USERS,
                Map.of("nlsql.llm", "offline", "nlsql.passthrough", passthrough, "nlsql.tables", "bypass_t,bypass_power_only"), 10,
                ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null).start();
    }

    private static Connection client(PgServer proxy, String options) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "alice");
        p.setProperty("password", "alice pw");
        p.setProperty("connectTimeout", "10");
        if (options != null) {
            p.setProperty("options", options);
        }
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/" + DATABASE, p);
    }

    /**
     * The role the session acts as, told by PostgreSQL: only POWER may read bypass_power_only (readonly's guard
     * denies current_user and current_setting, so the privilege is the oracle).
     */
    private static String who(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM bypass_power_only")) {
            rs.next();
            return "ACTING AS " + POWER;
        } catch (SQLException e) {
            if ("42501".equals(e.getSQLState()) && e.getMessage().contains("permission denied")) {
                return APP;
            }
            throw e;
        }
    }

    @Test
    void oddOptionsFormsNeverChangeIdentityOrSearchPath() throws Exception {
        String[] forms = {"-c role=" + POWER, "-c\trole=" + POWER, "-c  role=" + POWER, "-c\\ role=" + POWER, "-crole=" + POWER,
                "--role=" + POWER, "-c Role=" + POWER, "-c ROLE=" + POWER, "-c \"role=" + POWER + "\"", "-c role\\=" + POWER,
                "-c application_name=x -c role=" + POWER, "-c application_name=x\\ -c\\ role=" + POWER,
                "-c search_path=pg_temp,public", "--search-path=public", "-c Search_Path=public", "-c session-authorization=" + POWER,
                "-c is_superuser=on", "-c timezone=UTC -- -c role=" + POWER, "-c\u000brole=" + POWER, "-c\frole=" + POWER,
                "-c\u001crole=" + POWER, "-c timezone=UTC\u001c-c\u001crole=" + POWER, "-c timezone=UTC\u00a0-c role=" + POWER};
        List<String> escapes = new ArrayList<>();
        try (PgServer proxy = proxy("readonly")) {
            for (String form : forms) {
                Connection c;
                try {
                    c = client(proxy, form);
                } catch (SQLException refused) {
                    continue; // refused at login: held
                }
                try (c) {
                    String got = who(c);
                    if (!got.equals(APP)) {
                        escapes.add("options " + form.replace("\n", "\\n") + " -> " + got);
                    }
                }
            }
            Psql psql = psql(proxy.port(), "alice", DATABASE, Map.of("PGPASSWORD", "alice pw", "PGOPTIONS", "-c\\ role=" + POWER),
                    "-At", "-c", "SELECT count(*) FROM bypass_power_only");
            if (psql.status() == 0) {
                escapes.add("psql PGOPTIONS -> " + psql.out());
            }
        }
        assertEquals(List.of(), escapes, "ESCAPE");
    }

    @Test
    void sqlAfterLoginUnderReadonlyCannotChangeIdentity() throws Exception {
        String[] attempts = {"SET ROLE " + POWER, "SET SESSION AUTHORIZATION " + POWER, "SELECT set_config('role', '" + POWER + "', false)",
                "SELECT pg_catalog.set_config('role', '" + POWER + "', false)", "SELECT * FROM set_config('role', '" + POWER + "', false)",
                "SELECT 1; SET ROLE " + POWER, "SET search_path = pg_temp, public",
                "SELECT set_config('search_path', 'pg_temp, public', false)",
                "WITH x AS (SELECT set_config('role', '" + POWER + "', false)) SELECT * FROM x",
                "SELECT id FROM bypass_t WHERE set_config('role', '" + POWER + "', false) IS NOT NULL",
                "DO $$ BEGIN PERFORM set_config('role', '" + POWER + "', false); END $$", "RESET ROLE", "BEGIN",
                "SET LOCAL role " + POWER};
        List<String> escapes = new ArrayList<>();
        try (PgServer proxy = proxy("readonly"); Connection c = client(proxy, null)) {
            for (String sql : attempts) {
                try (Statement s = c.createStatement()) {
                    s.execute(sql);
                } catch (SQLException refused) {
                    // refused: held
                }
                try {
                    String got = who(c);
                    if (!got.equals(APP)) {
                        escapes.add(sql + " -> " + got);
                    }
                } catch (SQLException e) {
                    escapes.add(sql + " -> session unusable afterwards: " + e.getMessage());
                }
            }
        }
        assertEquals(List.of(), escapes, "ESCAPE");
    }

    @Test
    void oracleSanity() throws Exception {
        try (PgServer proxy = proxy("readonly"); Connection c = client(proxy, null)) {
            assertEquals(APP, who(c), "a fresh session acts as the shared account");
        }
    }

    @Test
    void escapedSpaceInsideASafeValue() throws Exception {
        try (PgServer proxy = proxy("readonly"); Connection c = client(proxy, "-c application_name=x\\ -c\\ role=" + POWER)) {
            assertEquals(APP, who(c), "ESCAPE: options '-c application_name=x\\ -c\\ role=...' ");
        }
    }

    @Test
    void setRoleAloneUnderReadonly() throws Exception {
        try (PgServer proxy = proxy("readonly"); Connection c = client(proxy, null)) {
            try (Statement s = c.createStatement()) {
                s.execute("SET ROLE " + POWER);
            } catch (SQLException refused) {
                System.err.println("SET ROLE refused: " + refused.getSQLState() + " " + refused.getMessage());
            }
            assertEquals(APP, who(c), "ESCAPE: SET ROLE under readonly");
        }
    }
}
