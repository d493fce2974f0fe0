package dev.nlsql.proxy;

import static dev.nlsql.proxy.ClientIdentityIT.psql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.proxy.ClientIdentityIT.Psql;
import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A client of a shared account (a user in --backend) may set only a safe list of settings at login: never role or
 * session_authorization, by options or startup parameter, even under readonly. PostgreSQL is the oracle: a table
 * whose rows record current_user shows the session never acted as the role it asked for.
 */
class SharedAccountSettingsIT {

    private static final String DATABASE = "nlsql_shared_settings";
    private static final String APP = "nlsql_shset_app";
    private static final String POWER = "nlsql_shset_power";
    private static final Users USERS = Users.of(Map.of("alice", "alice pw"));

    @BeforeAll
    static void setUp() throws Exception {
        TestPostgres.createRoles(APP + " LOGIN", POWER + " NOLOGIN");
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("GRANT " + POWER + " TO " + APP); // the shared account may SET ROLE to it; its clients may not
        }
        TestPostgres.database(DATABASE, "DROP TABLE IF EXISTS shset_audit",
                "CREATE TABLE shset_audit (who text NOT NULL DEFAULT current_user)",
                "GRANT INSERT, SELECT ON shset_audit TO " + APP + ", " + POWER);
    }

    @AfterAll
    static void tearDown() throws Exception {
        TestPostgres.dropDatabase(DATABASE);
        TestPostgres.dropRoles(APP, POWER);
    }

    private static PgServer proxy(String passthrough) throws java.io.IOException {
        String backend = TestPostgres.withParams(ClientsAsThemselves.url(TestPostgres.urlOf(DATABASE)), "user=" + APP);
        return new PgServer(new ProxyConfig(backend, "127.0.0.1", 0, ProxyConfig.Auth.PASSWORD, USERS, Map.of("nlsql.llm", "offline", "nlsql.passthrough", passthrough), 10,
                ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null).start();
    }

    private static Connection client(PgServer proxy, String options) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "alice");
        p.setProperty("password", "alice pw");
        p.setProperty("connectTimeout", "10");
        p.setProperty("options", options);
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/" + DATABASE, p);
    }

    private static List<String> audit() throws SQLException {
        List<String> who = new java.util.ArrayList<>();
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(DATABASE)); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT who FROM shset_audit ORDER BY who")) {
            while (rs.next()) {
                who.add(rs.getString(1));
            }
        }
        return who;
    }

    private static void assertRefused(SQLException e, String setting) {
        assertEquals("42501", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("set \"" + setting + "\" at login"), e.getMessage());
    }

    @Test
    void roleAndSessionAuthorizationAreRefusedInEveryForm() throws Exception {
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(DATABASE)); Statement s = c.createStatement()) {
            s.execute("TRUNCATE shset_audit");
        }
        try (PgServer proxy = proxy("allow")) {
            Psql psql = psql(proxy.port(), "alice", DATABASE, Map.of("PGPASSWORD", "alice pw", "PGOPTIONS", "-c role=" + POWER),
                    "-c", "INSERT INTO shset_audit DEFAULT VALUES");
            assertEquals(2, psql.status(), "refused at login: " + psql.out() + psql.err());
            assertTrue(psql.err().contains("set \"role\" at login"), psql.err());

            assertRefused(assertThrows(SQLException.class, () -> client(proxy, "-c role=" + POWER).close()), "role");
            assertRefused(assertThrows(SQLException.class, () -> client(proxy, "-crole=" + POWER).close()), "role");
            assertRefused(assertThrows(SQLException.class, () -> client(proxy, "--role=" + POWER).close()), "role");
            assertRefused(assertThrows(SQLException.class, () -> client(proxy, "-c application_name=x -c ROLE=" + POWER).close()), "ROLE");
            assertRefused(assertThrows(SQLException.class, () -> client(proxy, "-c session_authorization=" + POWER).close()),
                    "session_authorization");
            assertRefused(assertThrows(SQLException.class, () -> client(proxy, "--session-authorization=" + POWER).close()),
                    "session-authorization");
            assertRefused(assertThrows(SQLException.class, () -> client(proxy, "-c search_path=evil,pg_catalog").close()), "search_path");
            assertRefused(assertThrows(SQLException.class, () -> client(proxy, "-c app.tenant=42").close()), "app.tenant");
            SQLException grouped = assertThrows(SQLException.class, () -> client(proxy, "-ecrole=" + POWER).close());
            assertEquals("42501", grouped.getSQLState());
            assertTrue(grouped.getMessage().contains("pass \"-ecrole=" + POWER + "\" in options"), grouped.getMessage());

            assertEquals(List.of(), audit(), "no session wrote anything, as the role or otherwise");
            String refusal = startupParameterRefusal(proxy, "role", POWER);
            assertTrue(refusal.contains("42501") && refusal.contains("set \"role\" at login"), refusal);
        }
    }

    @Test
    void roleIsRefusedUnderReadonlyToo() throws Exception {
        try (PgServer proxy = proxy("readonly")) {
            assertRefused(assertThrows(SQLException.class, () -> client(proxy, "-c role=" + POWER).close()), "role");
            try (Connection c = client(proxy, "-c extra_float_digits=1"); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT current_user")) {
                rs.next();
                assertEquals(APP, rs.getString(1), "the shared account itself");
            }
        }
    }

    @Test
    void safeSettingsStillApply() throws Exception {
        try (PgServer proxy = proxy("allow")) {
            Psql psql = psql(proxy.port(), "alice", DATABASE, Map.of("PGPASSWORD", "alice pw", "PGOPTIONS",
                    "-c DateStyle=ISO,DMY --IntervalStyle=sql_standard -c TimeZone=Asia/Tokyo", "PGAPPNAME", "shset"), "-At", "-c",
                    "SELECT current_user || '|' || current_setting('DateStyle') || '|' || current_setting('IntervalStyle') || '|'"
                            + " || current_setting('TimeZone') || '|' || current_setting('application_name')");
            assertEquals(0, psql.status(), psql.err());
            assertEquals(APP + "|ISO, DMY|sql_standard|Asia/Tokyo|shset", psql.out().strip());
            try (Connection c = client(proxy, "-c IntervalStyle=iso_8601"); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT current_user || '|' || current_setting('IntervalStyle')")) {
                rs.next();
                assertEquals(APP + "|iso_8601", rs.getString(1));
            }
        }
    }

    /** A raw client sending {@code name=value} as a startup parameter of its own, then its password: what the proxy answers. */
    private static String startupParameterRefusal(PgServer proxy, String name, String value) throws Exception {
        try (Socket raw = new Socket("127.0.0.1", proxy.port())) {
            raw.setSoTimeout(15_000);
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            body.writeBytes(new byte[] {0, 3, 0, 0});
            for (String s : List.of("user", "alice", "database", DATABASE, name, value, "")) {
                body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
                body.write(0);
            }
            java.io.DataOutputStream out = new java.io.DataOutputStream(raw.getOutputStream());
            out.writeInt(body.size() + 4);
            out.write(body.toByteArray());
            DataInputStream in = new DataInputStream(raw.getInputStream());
            assertEquals('R', in.readByte());
            in.readInt();
            assertEquals(3, in.readInt(), "AuthenticationCleartextPassword");
            byte[] password = "alice pw\0".getBytes(StandardCharsets.UTF_8);
            out.writeByte('p');
            out.writeInt(password.length + 4);
            out.write(password);
            out.flush();
            assertEquals('E', in.readByte(), "an ErrorResponse, not AuthenticationOk");
            byte[] error = new byte[in.readInt() - 4];
            in.readFully(error);
            return new String(error, StandardCharsets.UTF_8);
        }
    }
}
