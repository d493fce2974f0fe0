package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static dev.nlsql.proxy.RelayLoopIT.bind;
import static dev.nlsql.proxy.RelayLoopIT.concat;

import dev.nlsql.testing.TestPostgres;
import java.io.IOException;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import dev.nlsql.proxy.RelayLoopIT.Wire.Reply;

/**
 * The relay loop's statement cache with PostgreSQL as the oracle: a text parsed again and again is planned once on the
 * backend (pg_prepared_statements counts its plans), and every way a kept statement can go wrong (DDL that changes its
 * result, DEALLOCATE, a name taken by SQL PREPARE, a failure while it runs, a transaction block, a simple query in
 * between) gives the client PostgreSQL's own answer to what it sent, byte for byte in the order of messages, and runs
 * nothing twice.
 */
class StatementCacheIT {

    private static final String SELECT = "SELECT id, name FROM cache_items WHERE id = $1";
    /** The proxy's kept statements (pgjdbc's own, S_n, are not counted). */
    private static final String KEPT_COUNT = "SELECT count(*) FROM pg_prepared_statements WHERE name LIKE 'nlsql@%'";
    private PgServer server;

    @BeforeAll
    static void table() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS cache_items");
            s.execute("DROP SEQUENCE IF EXISTS cache_seq");
            s.execute("CREATE TABLE cache_items (id int PRIMARY KEY, name text NOT NULL)");
            s.execute("INSERT INTO cache_items SELECT g, 'item ' || g FROM generate_series(1, 100) g");
            s.execute("CREATE SEQUENCE cache_seq");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS cache_items");
            s.execute("DROP TABLE IF EXISTS cache_changing");
            s.execute("DROP SEQUENCE IF EXISTS cache_seq");
        }
    }

    @AfterEach
    void stop() throws IOException {
        if (server != null) {
            server.close();
        }
    }

    private void start(int statementCache) throws IOException {
        server = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.url()), "127.0.0.1", 0, ProxyConfig.Auth.TRUST,
                Users.of(Map.of()), Map.of("nlsql.llm", "offline"), 20, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES)
                .withStatementCache(statementCache), null).start();
    }

    private long relayed() {
        return server.relayLoop().relayedQueries();
    }

    private long retried() {
        return server.relayLoop().retriedBatches();
    }

    @Test
    void aTextParsedAgainAndAgainIsPlannedFromOneStatementOnTheBackend() throws Exception {
        start(StatementCache.DEFAULT_CAPACITY);
        // pgjdbc with the unnamed statement every time, as pgbench -M extended, psycopg and node-postgres send queries
        String url = "jdbc:postgresql://127.0.0.1:" + server.port() + "/test?user=postgres&prepareThreshold=0";
        try (Connection c = DriverManager.getConnection(url); PreparedStatement ps = c.prepareStatement(SELECT.replace("$1", "?"))) {
            long before = relayed();
            for (int id = 1; id <= 30; id++) {
                ps.setInt(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(id, rs.getInt(1));
                    assertEquals("item " + id, rs.getString(2));
                }
            }
            long inLoop = relayed() - before;
            assertTrue(inLoop >= 28, "the loop relayed the batches after the first: " + inLoop);
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT name, generic_plans + custom_plans FROM pg_prepared_statements"
                            + " WHERE statement = '" + SELECT + "'")) {
                assertTrue(rs.next(), "the text is kept as a prepared statement");
                assertTrue(rs.getString(1).startsWith(StatementCache.NAME_PREFIX), rs.getString(1));
                // the loop's first batch of the text is only remembered; the second parses it under the proxy's name
                assertEquals(inLoop - 1, rs.getLong(2), "every batch from the second on ran the kept statement");
                assertTrue(!rs.next(), "one statement for the text");
            }
        }
    }

    @Test
    void withTheCacheOffEveryBatchIsParsedAsItCame() throws Exception {
        start(0);
        try (Socket socket = loggedIn()) {
            for (int i = 1; i <= 10; i++) {
                assertEquals(List.of(String.valueOf(i), "item " + i), batch(socket, SELECT, String.valueOf(i)).values);
            }
            assertEquals(List.of("0"), query(socket, KEPT_COUNT).values);
        }
    }

    @Test
    void theCacheKeepsAtMostItsCapacity() throws Exception {
        start(3);
        try (Socket socket = loggedIn()) {
            for (int round = 0; round < 3; round++) {
                for (int t = 0; t < 6; t++) {
                    String sql = "SELECT name FROM cache_items WHERE id = $1 + " + t;
                    assertEquals(List.of("item " + (1 + t)), batch(socket, sql, "1").values, sql);
                }
            }
            assertEquals(List.of("3"), query(socket, KEPT_COUNT).values);
        }
    }

    /** PostgreSQL refuses a kept statement whose result type DDL changed; the client sent a Parse, so it gets the new rows. */
    @Test
    void ddlThatChangesAKeptStatementsResultIsAnsweredAsIfParsedAnew() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS cache_changing");
            s.execute("CREATE TABLE cache_changing (id int, name text)");
            s.execute("INSERT INTO cache_changing VALUES (1, 'one')");
        }
        start(StatementCache.DEFAULT_CAPACITY);
        String sql = "SELECT * FROM cache_changing WHERE id = $1";
        try (Socket socket = loggedIn()) {
            for (int i = 0; i < 5; i++) {
                assertEquals(List.of("1", "one"), batch(socket, sql, "1").values);
            }
            try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
                s.execute("ALTER TABLE cache_changing ADD COLUMN extra text DEFAULT 'new'");
            }
            long retriedBefore = retried();
            Reply after = batch(socket, sql, "1");
            assertNull(after.errorCode, "PostgreSQL's 'cached plan must not change result type' stays the proxy's");
            assertEquals(List.of("1", "one", "new"), after.values);
            assertEquals(List.of('1', '2', 'D', 'C', 'Z'), after.types, "what PostgreSQL answers the client's batch directly");
            assertEquals(1, retried() - retriedBefore, "the refused batch went again as the client sent it");
            assertEquals(List.of("1", "one", "new"), batch(socket, sql, "1").values);
        }
    }

    @Test
    void deallocateByTheClientIsHealedAndAllOfThemEmptiesTheCache() throws Exception {
        start(StatementCache.DEFAULT_CAPACITY);
        try (Socket socket = loggedIn()) {
            for (int i = 1; i <= 4; i++) {
                assertEquals(List.of(String.valueOf(i), "item " + i), batch(socket, SELECT, String.valueOf(i)).values);
            }
            String kept = query(socket, "SELECT name FROM pg_prepared_statements WHERE name LIKE 'nlsql@%'").values.get(0);
            assertTrue(kept.startsWith(StatementCache.NAME_PREFIX), kept);
            assertNull(query(socket, "DEALLOCATE \"" + kept + "\"").errorCode);
            long retriedBefore = retried();
            for (int i = 5; i <= 8; i++) { // the session's thread may relay the first of them: the loop the others
                Reply healed = batch(socket, SELECT, String.valueOf(i));
                assertNull(healed.errorCode);
                assertEquals(List.of(String.valueOf(i), "item " + i), healed.values);
            }
            assertEquals(1, retried() - retriedBefore, "the batch refused with 26000 went again as it came, once");
            for (String all : List.of("DEALLOCATE ALL", "DISCARD ALL")) {
                for (int i = 6; i <= 9; i++) {
                    assertEquals(List.of(String.valueOf(i), "item " + i), batch(socket, SELECT, String.valueOf(i)).values);
                }
                assertEquals(List.of("1"), query(socket, KEPT_COUNT).values);
                assertNull(query(socket, all).errorCode);
                retriedBefore = retried();
                assertEquals(List.of("10", "item 10"), batch(socket, SELECT, "10").values, "after " + all);
                assertEquals(0, retried() - retriedBefore, all + " emptied the cache: nothing was refused");
            }
        }
    }

    @Test
    void aNameTakenBySqlPrepareIsLeftToTheClient() throws Exception {
        start(StatementCache.DEFAULT_CAPACITY);
        try (Socket socket = loggedIn()) {
            String first = StatementCache.NAME_PREFIX + 1;
            assertNull(query(socket, "PREPARE \"" + first + "\" AS SELECT 'mine'").errorCode);
            long retriedBefore = retried();
            for (int i = 1; i <= 5; i++) {
                Reply r = batch(socket, SELECT, String.valueOf(i));
                assertNull(r.errorCode, "42P05 on the proxy's Parse is the proxy's to handle");
                assertEquals(List.of(String.valueOf(i), "item " + i), r.values);
            }
            assertEquals(1, retried() - retriedBefore);
            assertEquals(List.of("mine"), query(socket, "EXECUTE \"" + first + "\"").values);
            assertEquals(List.of("1"), query(socket, "SELECT count(*) FROM pg_prepared_statements WHERE statement = '" + SELECT + "'").values,
                    "kept under the next name");
        }
    }

    /** A failure while a kept statement runs is the client's: it is relayed once, and the statement ran once. */
    @Test
    void aKeptStatementThatFailsWhileRunningRunsOnceAndFailsAsDirectly() throws Exception {
        String sql = "SELECT nextval('cache_seq') / $1::int";
        List<Character> directTypes;
        String directCode;
        try (Socket pg = new Socket("127.0.0.1", 5432)) {
            pg.setSoTimeout(30_000);
            pg.getOutputStream().write(RobustnessIT.startupPacket());
            read(pg);
            Reply direct = batch(pg, sql, "0");
            directTypes = direct.types;
            directCode = direct.errorCode;
        }
        assertEquals("22012", directCode, "division by zero, from PostgreSQL itself");
        start(StatementCache.DEFAULT_CAPACITY);
        try (Socket socket = loggedIn()) {
            for (int i = 0; i < 4; i++) {
                assertEquals(1, batch(socket, sql, "1").rows);
            }
            long before = Long.parseLong(query(socket, "SELECT last_value FROM cache_seq").values.get(0));
            long retriedBefore = retried();
            Reply failed = batch(socket, sql, "0");
            assertEquals(directCode, failed.errorCode);
            assertEquals(directTypes, failed.types);
            assertEquals(0, retried() - retriedBefore, "it ran, so it is not sent again");
            long after = Long.parseLong(query(socket, "SELECT last_value FROM cache_seq").values.get(0));
            assertEquals(before + 1, after, "nextval ran once");
        }
    }

    @Test
    void insideATransactionBlockBatchesGoAsTheyCame() throws Exception {
        start(StatementCache.DEFAULT_CAPACITY);
        try (Socket socket = loggedIn()) {
            assertEquals('T', query(socket, "BEGIN").status);
            for (int i = 1; i <= 6; i++) {
                Reply r = batch(socket, SELECT, String.valueOf(i));
                assertEquals(List.of(String.valueOf(i), "item " + i), r.values);
                assertEquals('T', r.status);
            }
            assertEquals(List.of("0"), query(socket, KEPT_COUNT).values,
                    "a kept statement refused mid-transaction would abort it: none is used there");
            assertEquals('I', query(socket, "COMMIT").status);
        }
    }

    /**
     * The client's unnamed statement is the kept one while the backend's own unnamed statement holds another text: a Bind
     * or Describe without Parse, which the session's thread relays, must reach the client's.
     */
    @Test
    void bindAndDescribeWithoutParseReachTheClientsLastText() throws Exception {
        start(StatementCache.DEFAULT_CAPACITY);
        try (Socket socket = loggedIn()) {
            for (int i = 1; i <= 4; i++) {
                batch(socket, SELECT, String.valueOf(i));
            }
            assertEquals(List.of("77"), batch(socket, "SELECT $1::int + 70", "7").values); // the backend's unnamed one now
            assertEquals(List.of("5", "item 5"), batch(socket, SELECT, "5").values); // kept: no Parse reaches the backend
            socket.getOutputStream().write(concat(bind("6"), describePortal(), ExtendedErrorsIT.execute("", 0), ExtendedErrorsIT.SYNC));
            Reply again = read(socket);
            assertNull(again.errorCode);
            assertEquals(List.of("6", "item 6"), again.values, "bound to the client's last Parse, not the backend's");
            socket.getOutputStream().write(concat(describeStatement(), ExtendedErrorsIT.SYNC));
            Reply described = read(socket);
            assertNull(described.errorCode);
            assertEquals(List.of('t', 'T', 'Z'), described.types);
        }
    }

    /** PostgreSQL drops the unnamed statement at a simple query: a Bind without Parse after one fails as it does directly. */
    @Test
    void aSimpleQueryDropsTheUnnamedStatementAsPostgresDoes() throws Exception {
        byte[] bindAlone = concat(bind("1"), ExtendedErrorsIT.execute("", 0), ExtendedErrorsIT.SYNC);
        String directCode;
        try (Socket pg = new Socket("127.0.0.1", 5432)) {
            pg.setSoTimeout(30_000);
            pg.getOutputStream().write(RobustnessIT.startupPacket());
            read(pg);
            batch(pg, SELECT, "1");
            query(pg, "SELECT 1");
            pg.getOutputStream().write(bindAlone);
            directCode = read(pg).errorCode;
        }
        assertEquals("26000", directCode, "PostgreSQL's answer");
        start(StatementCache.DEFAULT_CAPACITY);
        try (Socket socket = loggedIn()) {
            for (int i = 1; i <= 4; i++) {
                batch(socket, SELECT, String.valueOf(i));
            }
            query(socket, "SELECT 1");
            socket.getOutputStream().write(bindAlone);
            assertEquals(directCode, read(socket).errorCode);
        }
    }

    // ---- the protocol client of RelayLoopIT, with the messages' types ----

    private Socket loggedIn() throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(30_000);
        socket.getOutputStream().write(RobustnessIT.startupPacket());
        read(socket);
        return socket;
    }

    private static Reply batch(Socket socket, String sql, String value) throws IOException {
        socket.getOutputStream().write(concat(ExtendedErrorsIT.parse("", sql), bind(value), ExtendedErrorsIT.execute("", 0),
                ExtendedErrorsIT.SYNC));
        return read(socket);
    }

    private static Reply query(Socket socket, String sql) throws IOException {
        return RelayLoopIT.Wire.query(socket, sql);
    }

    private static Reply read(Socket socket) throws IOException {
        return RelayLoopIT.Wire.read(socket.getInputStream());
    }

    private static byte[] describePortal() {
        return RelayLoopIT.msg('D', new byte[] {'P', 0});
    }

    private static byte[] describeStatement() {
        return RelayLoopIT.msg('D', new byte[] {'S', 0});
    }
}
