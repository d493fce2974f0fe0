package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Await;
import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * COPY in both directions through the proxy with real clients (pgjdbc's CopyManager, psql's \copy, psycopg2's
 * copy_expert), PostgreSQL itself the oracle: the same data, errors with every field, transactions, and refusal under a
 * guarding nlsql.passthrough with nothing written.
 */
class CopyThroughProxyIT {

    private static final int ROWS = 5000;
    private static final String[] TABLES = {"copy_src", "copy_pgjdbc_in", "copy_psql_in", "copy_py_in", "copy_bad", "copy_fail",
        "copy_tx", "copy_multi", "copy_ro", "copy_gone", "copy_big"};
    private static PgServer server;
    private static PgServer readonly;
    private static PgServer deny;

    @BeforeAll
    static void start() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            for (String t : TABLES) {
                s.execute("DROP TABLE IF EXISTS " + t);
                s.execute("CREATE TABLE " + t + " (id int PRIMARY KEY, name text, amount numeric, note text)");
            }
            // tabs, backslashes, newlines, NULLs and non-ASCII text: COPY's escapes must survive the relay
            s.execute("INSERT INTO copy_src SELECT g, 'name ' || g || CASE WHEN g % 7 = 0 THEN E'\\ttab\\\\slash\\nline' ELSE '' END, "
                    + "g * 1.25, CASE WHEN g % 5 = 0 THEN NULL ELSE repeat('ü€', g % 40) END FROM generate_series(1, " + ROWS + ") g");
        }
        server = proxy(Map.of("nlsql.llm", "offline", "nlsql.cache", "false"));
        readonly = proxy(Map.of("nlsql.llm", "offline", "nlsql.cache", "false", "nlsql.passthrough", "readonly"));
        deny = proxy(Map.of("nlsql.llm", "offline", "nlsql.cache", "false", "nlsql.passthrough", "deny"));
    }

    private static PgServer proxy(Map<String, String> engine) throws Exception {
        return ClientsAsThemselves.proxy(engine, 20);
    }

    @AfterAll
    static void stop() throws Exception {
        for (PgServer s : new PgServer[] {server, readonly, deny}) {
            if (s != null) {
                s.close();
            }
        }
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + String.join(", ", TABLES));
        }
    }

    private static Connection proxied(PgServer via) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + via.port() + "/test?user=postgres");
    }

    private static String copyOut(Connection c, String sql) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        c.unwrap(PGConnection.class).getCopyAPI().copyOut(sql, b);
        return b.toString(StandardCharsets.UTF_8);
    }

    private static String directCopyOut(String sql) throws Exception {
        try (Connection c = TestPostgres.connect()) {
            return copyOut(c, sql);
        }
    }

    private static long count(String table) throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Rows of one table missing from the other, both ways: 0 when the two hold the same rows. */
    private static long differences(String a, String b) throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT (SELECT count(*) FROM (TABLE " + a + " EXCEPT ALL TABLE " + b + ") x) + (SELECT count(*) FROM (TABLE " + b
                        + " EXCEPT ALL TABLE " + a + ") y)")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<Character, String> fields(ServerErrorMessage m) throws ReflectiveOperationException {
        Field f = ServerErrorMessage.class.getDeclaredField("mesgParts");
        f.setAccessible(true);
        return new TreeMap<>((Map<Character, String>) f.get(m));
    }

    @Test
    void pgjdbcCopyOutAndInCarryEveryRow() throws Exception {
        String expected = directCopyOut("COPY copy_src TO STDOUT");
        try (Connection c = proxied(server)) {
            assertEquals(expected, copyOut(c, "COPY copy_src TO STDOUT"));
            assertEquals(directCopyOut("COPY (SELECT * FROM copy_src ORDER BY id DESC) TO STDOUT WITH (FORMAT csv, HEADER)"),
                    copyOut(c, "COPY (SELECT * FROM copy_src ORDER BY id DESC) TO STDOUT WITH (FORMAT csv, HEADER)"));
            CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
            long n = copy.copyIn("COPY copy_pgjdbc_in FROM STDIN", new ByteArrayInputStream(expected.getBytes(StandardCharsets.UTF_8)));
            assertEquals(ROWS, n);
            // the session goes on after COPY, and sees the rows
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM copy_pgjdbc_in")) {
                rs.next();
                assertEquals(ROWS, rs.getLong(1));
            }
        }
        assertEquals(ROWS, count("copy_pgjdbc_in"));
        assertEquals(0, differences("copy_src", "copy_pgjdbc_in"));
    }

    @Test
    void badRowGivesPostgresErrorWithEveryFieldAndInsertsNothing() throws Exception {
        StringBuilder data = new StringBuilder();
        for (int i = 1; i <= 3000; i++) {
            data.append(i == 2500 ? "x" : String.valueOf(i)).append("\tname\t1.5\t\\N\n");
        }
        byte[] bytes = data.toString().getBytes(StandardCharsets.UTF_8);
        Map<Character, String> expected;
        try (Connection d = TestPostgres.connect()) {
            PSQLException e = assertThrows(PSQLException.class, () -> d.unwrap(PGConnection.class).getCopyAPI()
                    .copyIn("COPY copy_bad FROM STDIN", new ByteArrayInputStream(bytes)));
            expected = fields(e.getServerErrorMessage());
        }
        try (Connection c = proxied(server)) {
            PSQLException e = assertThrows(PSQLException.class, () -> c.unwrap(PGConnection.class).getCopyAPI()
                    .copyIn("COPY copy_bad FROM STDIN", new ByteArrayInputStream(bytes)));
            assertNotNull(e.getServerErrorMessage(), e.toString());
            assertEquals("22P02", e.getSQLState());
            assertEquals(expected, fields(e.getServerErrorMessage()));
            assertTrue(expected.get('W').contains("line 2500"), expected.toString());
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM copy_bad")) {
                rs.next();
                assertEquals(0, rs.getLong(1)); // the session is usable after the failed COPY
            }
        }
        assertEquals(0, count("copy_bad"));
    }

    @Test
    void copyFailEndsTheCopyWithNothingInserted() throws Exception {
        try (Connection c = proxied(server)) {
            CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY copy_fail FROM STDIN");
            byte[] row = "1\tone\t1\t\\N\n".getBytes(StandardCharsets.UTF_8);
            in.writeToCopy(row, 0, row.length);
            in.flushCopy();
            in.cancelCopy(); // CopyFail: PostgreSQL answers 57014, which pgjdbc expects and keeps to itself
            assertEquals(0, in.getHandledRowCount() < 0 ? 0 : in.getHandledRowCount());
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM copy_fail")) {
                rs.next();
                assertEquals(0, rs.getLong(1));
            }
        }
        assertEquals(0, count("copy_fail"));
    }

    @Test
    void copyInsideRolledBackTransactionLeavesNothing() throws Exception {
        String data = "1\ta\t1\t\\N\n2\tb\t2\t\\N\n3\tc\t3\t\\N\n";
        try (Connection c = proxied(server)) {
            c.setAutoCommit(false);
            long n = c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY copy_tx FROM STDIN",
                    new ByteArrayInputStream(data.getBytes(StandardCharsets.UTF_8)));
            assertEquals(3, n);
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM copy_tx")) {
                rs.next();
                assertEquals(3, rs.getLong(1)); // seen inside the transaction
            }
            assertEquals(0, count("copy_tx")); // not outside it
            c.rollback();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM copy_tx")) {
                rs.next();
                assertEquals(0, rs.getLong(1));
            }
            c.commit();
        }
        assertEquals(0, count("copy_tx"));
    }

    record Run(int status, String out) {
    }

    private static Run run(Path dir, String stdin, List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        try (var w = p.getOutputStream()) {
            w.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished: " + command + "\n" + out);
        return new Run(p.exitValue(), out);
    }

    private static Run psql(Path dir, int port, String stdin, String... commands) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("psql", "-X", "-h", "127.0.0.1", "-p", String.valueOf(port), "-U", "postgres", "-d",
                "test"));
        for (String c : commands) {
            cmd.add("-c");
            cmd.add(c);
        }
        return run(dir, stdin, cmd);
    }

    @Test
    void psqlCopyBothWays(@TempDir Path dir) throws Exception {
        Run direct = psql(dir, 5432, "", "\\copy copy_src to 'direct.txt'");
        assertEquals(0, direct.status(), direct.out());
        Run out = psql(dir, server.port(), "", "\\copy copy_src to 'proxied.txt'");
        assertEquals(0, out.status(), out.out());
        assertEquals("COPY " + ROWS, out.out().strip());
        assertEquals(Files.readString(dir.resolve("direct.txt")), Files.readString(dir.resolve("proxied.txt")));
        Run in = psql(dir, server.port(), "", "\\copy copy_psql_in from 'proxied.txt'");
        assertEquals(0, in.status(), in.out());
        assertEquals("COPY " + ROWS, in.out().strip());
        assertEquals(0, differences("copy_src", "copy_psql_in"));
    }

    /** COPY among other statements of one Query message, and inside BEGIN/COMMIT: psql prints what PostgreSQL makes it print. */
    @Test
    void psqlCopyInMultiStatementMessagesAsOnPostgres(@TempDir Path dir) throws Exception {
        String rows = "1\tone\t1\t\\N\n2\ttwo\t2\t\\N\n\\.\n";
        List<String[]> scripts = List.of(
                new String[] {"SELECT 1 AS a; COPY (SELECT id, name FROM copy_src WHERE id <= 3) TO STDOUT; SELECT 2 AS b"},
                new String[] {"COPY copy_multi FROM STDIN; SELECT count(*) AS n FROM copy_multi", "DELETE FROM copy_multi"},
                new String[] {"BEGIN; COPY copy_multi FROM STDIN; SELECT count(*) AS n FROM copy_multi; ROLLBACK",
                    "SELECT count(*) AS after FROM copy_multi"},
                // a failing statement after COPY in one message: the implicit transaction takes the COPY back
                new String[] {"COPY copy_multi FROM STDIN; SELECT 1/0", "SELECT count(*) AS after FROM copy_multi"});
        for (String[] script : scripts) {
            Run expected = psql(dir, 5432, rows, script);
            Run actual = psql(dir, server.port(), rows, script);
            assertEquals(expected, actual, String.join(" | ", script));
        }
        assertEquals(0, count("copy_multi"));
        assertTrue(psql(dir, server.port(), rows, "COPY copy_multi FROM STDIN; SELECT 1/0").out().contains("division by zero"));
    }

    @Test
    void psycopg2CopyExpertBothWaysAndCopyFail(@TempDir Path dir) throws Exception {
        String script = String.join("\n",
                "import io, sys, psycopg2",
                "conn = psycopg2.connect(host='127.0.0.1', port=int(sys.argv[1]), user='postgres', dbname='test')",
                "cur = conn.cursor()",
                "buf = io.StringIO()",
                "cur.copy_expert('COPY copy_src TO STDOUT', buf)",
                "open('py_out.txt', 'w').write(buf.getvalue())",
                "buf.seek(0)",
                "cur.copy_expert('COPY copy_py_in FROM STDIN', buf)",
                "print('copied in', cur.rowcount)",
                "conn.commit()",
                "class Broken(io.StringIO):",
                "    def read(self, *a):",
                "        raise IOError('source broke')",
                "try:",
                "    cur.copy_expert('COPY copy_py_in FROM STDIN', Broken())",
                "except psycopg2.Error as e:",
                "    print('copy failed', e.pgcode, e.diag.message_primary)",
                "conn.rollback()",
                "cur.execute('SELECT count(*) FROM copy_py_in')",
                "print('rows', cur.fetchone()[0])",
                "conn.close()",
                "print('psycopg2 copy ok')");
        Files.writeString(dir.resolve("copy.py"), script);
        String python = Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
        Run r = run(dir, "", List.of(python, "copy.py", String.valueOf(server.port())));
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("copied in " + ROWS), r.out());
        assertTrue(r.out().contains("copy failed 57014 COPY from stdin failed: error in .read() call"), r.out());
        assertTrue(r.out().contains("rows " + ROWS), r.out());
        assertTrue(r.out().contains("psycopg2 copy ok"), r.out());
        assertEquals(directCopyOut("COPY copy_src TO STDOUT"), Files.readString(dir.resolve("py_out.txt")));
        assertEquals(0, differences("copy_src", "copy_py_in"));
    }

    @Test
    void guardingPassthroughRefusesCopyBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        for (PgServer guarded : List.of(readonly, deny)) {
            try (Connection c = proxied(guarded)) {
                CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
                PSQLException in = assertThrows(PSQLException.class, () -> copy.copyIn("COPY copy_ro FROM STDIN",
                        new ByteArrayInputStream("1\ta\t1\t\\N\n".getBytes(StandardCharsets.UTF_8))));
                assertEquals("NL003", in.getSQLState());
                assertTrue(in.getMessage().contains("COPY is refused by nlsql.passthrough="), in.getMessage());
                PSQLException out = assertThrows(PSQLException.class, () -> copy.copyOut("COPY copy_src TO STDOUT", new ByteArrayOutputStream()));
                assertEquals("NL003", out.getSQLState());
                if (guarded == readonly) {
                    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 41 + 1")) {
                        rs.next();
                        assertEquals(42, rs.getInt(1)); // the session goes on
                    }
                }
            }
            Run r = psql(dir, guarded.port(), "1\ta\t1\t\\N\n\\.\n", "COPY copy_ro FROM STDIN");
            assertTrue(r.out().contains("COPY is refused"), r.out());
        }
        assertEquals(0, count("copy_ro"));
    }

    @Test
    void extendedProtocolCopyIsRefusedWithAHint() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port()
                + "/test?user=postgres&preferQueryMode=extended"); PreparedStatement ps = c.prepareStatement("COPY copy_src TO STDOUT")) {
            SQLException e = assertThrows(SQLException.class, ps::execute);
            assertEquals("0A000", e.getSQLState());
            assertTrue(e.getMessage().contains("send it as a simple query"), e.getMessage());
        }
    }

    /** Each CopyData is bounded by the proxy's longest client message: a longer one ends the session, and the COPY with it. */
    @Test
    void copyDataLongerThanTheMessageLimitEndsTheCopy() throws Exception {
        try (PgServer small = new PgServer(new ProxyConfig(ClientsAsThemselves.url(TestPostgres.url()), "127.0.0.1", 0, ProxyConfig.Auth.TRUST,
                Users.of(Map.of()), Map.of("nlsql.llm", "offline"), 5, 100_000), null).start()) {
            Connection c = proxied(small);
            CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY copy_big FROM STDIN");
            byte[] fits = "1\tsmall\t1\t\\N\n".getBytes(StandardCharsets.UTF_8);
            in.writeToCopy(fits, 0, fits.length);
            byte[] row = ("2\t" + "a".repeat(150_000) + "\t1\t\\N\n").getBytes(StandardCharsets.UTF_8);
            assertThrows(SQLException.class, () -> {
                in.writeToCopy(row, 0, row.length);
                in.endCopy();
            });
            assertNoCopyLeft("copy_big");
            c.unwrap(org.postgresql.core.BaseConnection.class).getQueryExecutor().abort(); // the proxy ended it: nothing to close
        }
        assertEquals(0, count("copy_big"));
    }

    private static void assertNoCopyLeft(String table) throws Exception {
        try (Connection d = TestPostgres.connect(); Statement s = d.createStatement()) {
            Await.until("no backend left in the abandoned COPY", Duration.ofSeconds(20), () -> {
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
                        + "AND state = 'active' AND query LIKE 'COPY " + table + "%'")) {
                    rs.next();
                    return rs.getLong(1) == 0;
                }
            });
            s.setQueryTimeout(10);
            s.execute("BEGIN; LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE NOWAIT; COMMIT"); // no lock left behind
        }
    }

    /** A client gone mid-COPY IN: the backend's COPY ends (CopyFail), nothing stays, nothing hangs. */
    @Test
    void clientLeavingMidCopyLeavesTheBackendSane() throws Exception {
        Connection c = proxied(server);
        CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY copy_gone FROM STDIN");
        byte[] row = "1\tone\t1\t\\N\n".getBytes(StandardCharsets.UTF_8);
        in.writeToCopy(row, 0, row.length);
        in.flushCopy();
        c.unwrap(org.postgresql.core.BaseConnection.class).getQueryExecutor().abort(); // the socket closes mid-COPY
        assertNoCopyLeft("copy_gone");
        assertEquals(0, count("copy_gone"));
        c.close();
    }
}
