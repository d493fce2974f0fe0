package dev.nlsql.proxy;

import static dev.nlsql.proxy.ClientIdentityIT.psql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.proxy.ClientIdentityIT.Psql;
import dev.nlsql.testing.Prerequisite;
import dev.nlsql.testing.TestPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Off-loopback identity: PostgreSQL sees every client of the proxy at the proxy's own address, so a client from
 * another machine is admitted as itself only when the database asked it for a password it gave, or when the proxy
 * authenticated it (--auth). This machine may send traffic only over loopback, so the proxy is told that its
 * loopback clients are remote ({@link PgServer#localClients}); the clients are real (pgjdbc, psql), and so is
 * PostgreSQL, whose test server trusts every loopback connection.
 */
class OffLoopbackIdentityIT {

    private static final String PLAIN = "nlsql_offlb_plain";

    @BeforeAll
    static void role() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + PLAIN + "') THEN CREATE ROLE "
                    + PLAIN + " LOGIN; END IF; END $$");
        }
    }

    @AfterAll
    static void dropRole() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP ROLE IF EXISTS " + PLAIN);
        }
    }

    private static PgServer proxy(String backend, ProxyConfig.Auth auth, Users users, javax.net.ssl.SSLContext tls, boolean remoteClients)
            throws java.io.IOException {
        PgServer server = new PgServer(new ProxyConfig(ClientsAsThemselves.url(backend), "127.0.0.1", 0, auth, users,
                Map.of("nlsql.llm", "offline"), 10, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), tls);
        if (remoteClients) {
            server.localClients(address -> false);
        }
        return server.start();
    }

    private static String url(PgServer proxy, String database, String params) {
        return "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/" + database + "?connectTimeout=10&" + params;
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getString(1);
        }
    }

    /** The refusal names pg_hba.conf and the address PostgreSQL saw, and says what to change. */
    private static void assertExplainsPgHba(SQLException e) {
        assertEquals("28000", e.getSQLState(), e.getMessage());
        ServerErrorMessage m = ((PSQLException) e).getServerErrorMessage();
        assertNotNull(m, "an ErrorResponse from the proxy: " + e);
        assertTrue(m.getMessage().contains("without asking for a password"), m.getMessage());
        assertTrue(m.getMessage().contains("the proxy's own address 127.0.0.1") && m.getMessage().contains("pg_hba.conf"), m.getMessage());
        assertTrue(m.getHint().contains("pg_hba.conf for connections from 127.0.0.1") && m.getHint().contains("--auth"), m.getHint());
    }

    @Test
    void aRemoteClientTheDatabaseTrustsIsRefusedWithTheReason() throws Exception {
        try (PgServer proxy = proxy(TestPostgres.url(), ProxyConfig.Auth.TRUST, Users.of(Map.of()), null, true)) {
            SQLException plain = assertThrows(SQLException.class,
                    () -> DriverManager.getConnection(url(proxy, "test", "user=" + PLAIN + "&sslmode=disable")).close());
            assertExplainsPgHba(plain);
            SQLException superuser = assertThrows(SQLException.class,
                    () -> DriverManager.getConnection(url(proxy, "test", "user=postgres&sslmode=disable")).close());
            assertExplainsPgHba(superuser);

            Psql psql = psql(proxy.port(), "postgres", "test", Map.of(), "-At", "-c", "SELECT current_user");
            assertEquals(2, psql.status(), "psql's status for a refused connection: " + psql.out());
            assertTrue(psql.err().contains("without asking for a password") && psql.err().contains("pg_hba.conf"), psql.err());
            assertTrue(psql.err().contains("HINT:  Require a password in pg_hba.conf"), psql.err());
            assertEquals("", psql.out(), "no query ran");
        }
    }

    @Test
    void loopbackClientsAreAdmittedAsBefore() throws Exception {
        try (PgServer proxy = proxy(TestPostgres.url(), ProxyConfig.Auth.TRUST, Users.of(Map.of()), null, false);
                Connection c = DriverManager.getConnection(url(proxy, "test", "user=" + PLAIN))) {
            assertEquals(PLAIN, one(c, "SELECT current_user"));
            Psql psql = psql(proxy.port(), "postgres", "test", Map.of(), "-At", "-c", "SELECT current_user");
            assertEquals(0, psql.status(), psql.err());
            assertEquals("postgres", psql.out().strip());
        }
    }

    @Test
    void aRemoteClientTheProxyAuthenticatedIsAdmitted() throws Exception {
        Users users = Users.of(Map.of(PLAIN, "proxy pass"));
        try (PgServer proxy = proxy(TestPostgres.url(), ProxyConfig.Auth.SCRAM_SHA_256, users, null, true)) {
            try (Connection c = DriverManager.getConnection(url(proxy, "test", "sslmode=disable"), PLAIN, "proxy pass")) {
                assertEquals(PLAIN, one(c, "SELECT current_user"), "the database trusts the proxy's address, the proxy checked the client");
            }
            SQLException wrong = assertThrows(SQLException.class,
                    () -> DriverManager.getConnection(url(proxy, "test", "sslmode=disable"), PLAIN, "guess").close());
            assertEquals("28P01", wrong.getSQLState());
            Psql psql = psql(proxy.port(), PLAIN, "test", Map.of("PGPASSWORD", "proxy pass"), "-At", "-c", "SELECT current_user");
            assertEquals(0, psql.status(), psql.err());
            assertEquals(PLAIN, psql.out().strip());
        }
    }

    /** Another database behind the proxy cannot ask the client for a password (pgjdbc's hook only): a remote client needs --auth. */
    @Test
    void aRemoteClientOfAnotherDatabaseNeedsTheProxysAuth() throws Exception {
        String h2 = "jdbc:h2:mem:nlsql_offlb;DB_CLOSE_DELAY=-1;MODE=PostgreSQL";
        try (PgServer proxy = proxy(h2, ProxyConfig.Auth.TRUST, Users.of(Map.of()), null, true)) {
            SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url(proxy, "x", "user=sa&sslmode=disable")).close());
            assertEquals("28000", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("only when the proxy or the database authenticated it"), e.getMessage());
            assertTrue(((PSQLException) e).getServerErrorMessage().getHint().contains("--auth scram-sha-256"), e.getMessage());
        }
        try (PgServer proxy = proxy(h2, ProxyConfig.Auth.TRUST, Users.of(Map.of()), null, false);
                Connection c = DriverManager.getConnection(url(proxy, "x", "user=sa&sslmode=disable"))) {
            assertEquals("1", one(c, "SELECT 1"), "from loopback as before");
        }
    }

    /** The decision itself, for every combination: a remote client needs the proxy's --auth or the database's challenge. */
    @Test
    void whoVouchesForAClient() {
        for (ProxyConfig.Auth auth : ProxyConfig.Auth.values()) {
            for (boolean asked : new boolean[] {false, true}) {
                assertTrue(ClientLogin.vouchedFor(true, auth, asked), "a loopback client, as before");
                assertEquals(auth != ProxyConfig.Auth.TRUST || asked, ClientLogin.vouchedFor(false, auth, asked), auth + " asked=" + asked);
            }
        }
    }

    /**
     * A scratch cluster whose pg_hba asks one role for SCRAM: a remote client that gives the database its password is
     * admitted (over TLS: the proxy relays passwords in clear text only from this machine or over TLS); a role the
     * cluster trusts is refused. Needs a throwaway cluster (root, as CI runs).
     */
    @Test
    void aRemoteClientTheDatabaseAskedForItsPasswordIsAdmitted(@TempDir Path dir) throws Exception {
        Prerequisite.require(ScratchCluster.available(), () -> "a scratch cluster (root and postgresql-common): " + ScratchCluster.missing());
        try (ScratchCluster cluster = ScratchCluster.askingForPassword("nlsql_offloopback", 5446, "nlsql_offlb_pw", "pw secret")) {
            try (PgServer proxy = proxy(cluster.jdbcUrl(), ProxyConfig.Auth.TRUST, Users.of(Map.of()),
                    ClientIdentityIT.selfSignedTls(dir), true)) {
                try (Connection c = DriverManager.getConnection(url(proxy, "postgres", "sslmode=require"), "nlsql_offlb_pw", "pw secret")) {
                    assertEquals("nlsql_offlb_pw", one(c, "SELECT current_user"), "the database asked, the client answered");
                }
                SQLException wrong = assertThrows(SQLException.class,
                        () -> DriverManager.getConnection(url(proxy, "postgres", "sslmode=require"), "nlsql_offlb_pw", "wrong").close());
                assertEquals("28P01", wrong.getSQLState(), "PostgreSQL's own verdict: " + wrong.getMessage());
                SQLException clear = assertThrows(SQLException.class,
                        () -> DriverManager.getConnection(url(proxy, "postgres", "sslmode=disable"), "nlsql_offlb_pw", "pw secret").close());
                assertEquals("28000", clear.getSQLState());
                assertTrue(clear.getMessage().contains("only over TLS"), clear.getMessage());
                SQLException trusted = assertThrows(SQLException.class,
                        () -> DriverManager.getConnection(url(proxy, "postgres", "sslmode=require&user=postgres")).close());
                assertExplainsPgHba(trusted);

                Psql ok = psql(proxy.port(), "nlsql_offlb_pw", "postgres", Map.of("PGPASSWORD", "pw secret", "PGSSLMODE", "require"),
                        "-At", "-c", "SELECT current_user");
                assertEquals(0, ok.status(), ok.err());
                assertEquals("nlsql_offlb_pw", ok.out().strip());
                Psql refused = psql(proxy.port(), "postgres", "postgres", Map.of("PGSSLMODE", "require"), "-c", "SELECT 1");
                assertEquals(2, refused.status());
                assertTrue(refused.err().contains("pg_hba.conf"), refused.err());
                assertFalse(refused.err().contains("?column?"), "no query ran");
            }
        }
    }
}
