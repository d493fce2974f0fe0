package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 38 through the proxy: a question that fails inside a transaction block fails the block as an error does on
 * PostgreSQL. ReadyForQuery says 'E', every statement but ROLLBACK gets 25P02, COMMIT answers ROLLBACK and keeps
 * nothing, ROLLBACK TO a savepoint made before the failure goes on. psql (one Query per statement) and pgjdbc (the
 * extended protocol) see exactly what they see directly when a statement fails; a raw client reads the status bytes.
 */
class FailedQuestionFailsTransactionThroughProxyIT {

    private static final String DATABASE = "h38tx_failed_blocks_proxy";
    /** Declined by the offline engine (NL002): nothing in the database is about it. */
    private static final String DECLINED = "What year did World War II end?";
    private static final String ANSWERED = "how many gadgets are there?";

    private static PgServer server;
    private static String plainUrl;

    @BeforeAll
    static void start() throws Exception {
        plainUrl = TestPostgres.database(DATABASE, "DROP TABLE IF EXISTS gadgets",
                "CREATE TABLE gadgets (id int PRIMARY KEY, name text NOT NULL)");
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline", "nlsql.cache", "false"), 10);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        TestPostgres.dropDatabase(DATABASE);
    }

    @BeforeEach
    void empty() throws SQLException {
        try (Connection c = DriverManager.getConnection(plainUrl); Statement s = c.createStatement()) {
            s.execute("TRUNCATE gadgets");
        }
    }

    private static List<Integer> ids() throws SQLException {
        List<Integer> ids = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(plainUrl); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id FROM gadgets ORDER BY id")) {
            while (rs.next()) {
                ids.add(rs.getInt(1));
            }
        }
        return ids;
    }

    private static int directPort() {
        int port = URI.create(TestPostgres.url().substring("jdbc:".length())).getPort();
        return port < 0 ? 5432 : port;
    }

    private record Psql(int status, String out, String err) {
    }

    /** psql reading a script from its standard input, as a file: one Query message per statement, verbose errors. */
    private static Psql psql(int port, String script) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("psql", "-X", "-h", "127.0.0.1", "-p", String.valueOf(port), "-U", "postgres",
                "-d", DATABASE, "-At", "-v", "VERBOSITY=verbose", "-f", "-");
        pb.environment().put("PGCONNECT_TIMEOUT", "10");
        Process p = pb.start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(script.getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "psql finished");
        return new Psql(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    /** The SQLSTATEs of psql's errors, in order ("ERROR:  25P02: ..." with VERBOSITY=verbose). */
    private static List<String> errorStates(String err) {
        return err.lines().filter(l -> l.contains("ERROR:  ")).map(l -> l.substring(l.indexOf("ERROR:  ") + 8, l.indexOf("ERROR:  ") + 13))
                .toList();
    }

    private static final String SCRIPT = """
            BEGIN;
            INSERT INTO gadgets VALUES (1, 'lost');
            %1$s;
            INSERT INTO gadgets VALUES (2, 'ignored');
            SELECT count(*) FROM gadgets;
            COMMIT;
            BEGIN;
            INSERT INTO gadgets VALUES (3, 'kept');
            SAVEPOINT a;
            INSERT INTO gadgets VALUES (4, 'undone');
            %1$s;
            SAVEPOINT b;
            ROLLBACK TO SAVEPOINT a;
            INSERT INTO gadgets VALUES (5, 'kept too');
            COMMIT;
            BEGIN;
            %1$s;
            ROLLBACK;
            SELECT id FROM gadgets ORDER BY id;
            """;

    @Test
    void psqlSeesWhatItSeesDirectlyWhenAStatementFails() throws Exception {
        Psql direct = psql(directPort(), SCRIPT.formatted("SELECT 1/0"));
        List<Integer> directIds = ids();
        empty();
        Psql proxied = psql(server.port(), SCRIPT.formatted(DECLINED));
        assertEquals(List.of(3, 5), directIds, direct.err());
        assertEquals(directIds, ids(), proxied.err());
        assertEquals(direct.out(), proxied.out(), "the same command tags (COMMIT answered ROLLBACK) and rows: " + proxied.err());
        assertTrue(proxied.out().startsWith("BEGIN\nINSERT 0 1\nROLLBACK\n"), proxied.out());
        assertEquals(List.of("22012", "25P02", "25P02", "22012", "25P02", "22012"), errorStates(direct.err()), direct.err());
        assertEquals(List.of("NL002", "25P02", "25P02", "NL002", "25P02", "NL002"), errorStates(proxied.err()), proxied.err());
        assertTrue(proxied.err().contains("current transaction is aborted, commands ignored until end of transaction block"),
                proxied.err());
    }

    @Test
    void readyForQuerySaysFailedAfterAQuestionFails() throws Exception {
        try (RawPgClient c = new RawPgClient(server.port(), "postgres", DATABASE)) {
            assertEquals('T', run(c, "BEGIN").status);
            assertEquals('T', run(c, "INSERT INTO gadgets VALUES (1, 'lost')").status);
            RawPgClient.Answer question = run(c, DECLINED);
            assertTrue(question.error != null && question.error.contains("|CNL002|"), question.toString());
            assertEquals('E', question.status, "ReadyForQuery of a failed block");
            RawPgClient.Answer next = run(c, "SELECT 1");
            assertTrue(next.error != null && next.error.contains("|C25P02|"), next.toString());
            assertEquals('E', next.status);
            RawPgClient.Answer asked = run(c, ANSWERED);
            assertTrue(asked.error != null && asked.error.contains("|C25P02|"), "a question too: " + asked);
            RawPgClient.Answer commit = run(c, "COMMIT");
            assertNull(commit.error, commit.toString());
            assertEquals(List.of("ROLLBACK"), commit.tags);
            assertEquals('I', commit.status);

            // the extended protocol: Parse, Bind, Execute, Sync of the question
            assertEquals('T', run(c, "BEGIN").status);
            c.extendedQuery(DECLINED, 0);
            RawPgClient.Answer extended = c.read();
            assertTrue(extended.error != null && extended.error.contains("|CNL002|"), extended.toString());
            assertEquals('E', extended.status);
            assertEquals(List.of("ROLLBACK"), run(c, "ROLLBACK").tags);

            // an answered question in a block: the block goes on and commits
            assertEquals('T', run(c, "BEGIN").status);
            assertEquals('T', run(c, "INSERT INTO gadgets VALUES (2, 'kept')").status);
            RawPgClient.Answer answered = run(c, ANSWERED);
            assertNull(answered.error, answered.toString());
            assertEquals(1, answered.rows);
            assertEquals('T', answered.status);
            assertEquals(List.of("COMMIT"), run(c, "COMMIT").tags);
        }
        assertEquals(List.of(2), ids());
    }

    /**
     * One Query message of BEGIN, an INSERT, a question and COMMIT: refused whole before any of it runs (a question
     * cannot share a message with SQL), as PostgreSQL refuses a message with a syntax error, so nothing is kept and no
     * block is left open. Inside a block already open, such a message is an error there: the block fails, as on
     * PostgreSQL with a syntax error in the message.
     */
    @Test
    void aMessageMixingAQuestionWithSqlKeepsNothing() throws Exception {
        try (RawPgClient c = new RawPgClient(server.port(), "postgres", DATABASE)) {
            RawPgClient.Answer whole = run(c, "BEGIN; INSERT INTO gadgets VALUES (1, 'lost'); " + DECLINED + "; COMMIT");
            assertTrue(whole.error != null && whole.error.contains("|C0A000|"), whole.toString());
            assertEquals(List.of(), whole.tags, "nothing ran");
            assertEquals('I', whole.status);

            assertEquals('T', run(c, "BEGIN").status);
            RawPgClient.Answer inBlock = run(c, "INSERT INTO gadgets VALUES (2, 'lost'); " + DECLINED);
            assertTrue(inBlock.error != null && inBlock.error.contains("|C0A000|"), inBlock.toString());
            assertEquals('E', inBlock.status, "the error fails the open block");
            assertEquals(List.of("ROLLBACK"), run(c, "COMMIT").tags);
        }
        assertEquals(List.of(), ids());
        try (RawPgClient direct = new RawPgClient(directPort(), "postgres", DATABASE)) {
            assertEquals('T', run(direct, "BEGIN").status);
            RawPgClient.Answer syntax = run(direct, "INSERT INTO gadgets VALUES (2, 'lost'); SELEC 1");
            assertTrue(syntax.error != null && syntax.error.contains("|C42601|"), syntax.toString());
            assertEquals('E', syntax.status, "PostgreSQL: the same");
            assertEquals(List.of("ROLLBACK"), run(direct, "COMMIT").tags);
        }
    }

    private static RawPgClient.Answer run(RawPgClient c, String sql) throws Exception {
        c.simpleQuery(sql);
        return c.read();
    }

    /** pgjdbc through the proxy with auto-commit off: what it does directly when a statement fails. */
    @Test
    void pgjdbcSeesWhatItSeesDirectly() throws Exception {
        String direct = plainUrl;
        String proxied = "jdbc:postgresql://127.0.0.1:" + server.port() + "/" + DATABASE + "?user=postgres";
        for (boolean prepared : new boolean[] {false, true}) {
            empty();
            List<String> expected = pgjdbcSteps(direct, "SELECT 1/0", prepared);
            empty();
            List<String> got = pgjdbcSteps(proxied, DECLINED, prepared);
            assertEquals(List.of("ok", "22012", "25P02", "FAILED", "ok", "IDLE", "rows []", "ok", "ok", "22012", "25P02", "ok",
                    "ok", "rows [3]"), expected);
            assertEquals(expected.stream().map(o -> o.equals("22012") ? "NL002" : o).toList(), got, "prepared " + prepared);
        }
    }

    private static List<String> pgjdbcSteps(String url, String failing, boolean prepared) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            out.add(outcome(() -> s.execute("INSERT INTO gadgets VALUES (1, 'lost')")));
            out.add(outcome(() -> fail(c, s, failing, prepared)));
            out.add(outcome(() -> s.execute("SELECT 1")));
            out.add(c.unwrap(org.postgresql.core.BaseConnection.class).getTransactionState().name());
            out.add(outcome(c::commit));
            out.add(c.unwrap(org.postgresql.core.BaseConnection.class).getTransactionState().name());
            out.add("rows " + ids());
            out.add(outcome(() -> s.execute("INSERT INTO gadgets VALUES (3, 'kept')")));
            Savepoint[] sp = new Savepoint[1];
            out.add(outcome(() -> sp[0] = c.setSavepoint()));
            out.add(outcome(() -> fail(c, s, failing, prepared)));
            out.add(outcome(() -> s.execute("INSERT INTO gadgets VALUES (4, 'ignored')")));
            out.add(outcome(() -> c.rollback(sp[0])));
            out.add(outcome(c::commit));
        }
        out.add("rows " + ids());
        return out;
    }

    private static void fail(Connection c, Statement s, String failing, boolean prepared) throws SQLException {
        if (prepared) {
            // without its question mark, which pgjdbc would take for a parameter and refuse unbound (22023) itself
            try (PreparedStatement ps = c.prepareStatement(failing.replace("?", ""))) {
                ps.executeQuery();
            }
        } else {
            s.executeQuery(failing);
        }
    }

    @FunctionalInterface
    private interface Call {
        void run() throws SQLException;
    }

    private static String outcome(Call call) {
        try {
            call.run();
            return "ok";
        } catch (SQLException e) {
            assertNotNull(e.getSQLState(), e.toString());
            return e.getSQLState();
        }
    }

    /** An answered question inside pgjdbc's transaction sees the transaction's rows, and the commit keeps them. */
    @Test
    void anAnsweredQuestionInsidePgjdbcsTransactionGoesOn() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/" + DATABASE
                + "?user=postgres"); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("INSERT INTO gadgets VALUES (1, 'kept'), (2, 'kept too')");
            try (ResultSet rs = s.executeQuery(ANSWERED)) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
            }
            s.execute("INSERT INTO gadgets VALUES (3, 'after')");
            c.commit();
            SQLException outside = assertThrows(SQLException.class, () -> s.executeQuery(DECLINED));
            assertEquals("NL002", outside.getSQLState());
            c.rollback();
        }
        assertEquals(List.of(1, 2, 3), ids());
    }
}
