package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A simple Query of several statements is all-or-nothing through the proxy as it is on PostgreSQL, whatever kinds of
 * statement it mixes (psql -c sends its text as one Query message); a message mixing questions and SQL is refused whole.
 */
class MultiStatementAtomicIT {

    static PgServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ClientsAsThemselves.proxy(Map.of("nlsql.llm", "offline"), 50);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        sql("DROP TABLE IF EXISTS pat_items, pat_gadgets");
    }

    @BeforeEach
    void fresh() throws SQLException {
        sql("DROP TABLE IF EXISTS pat_items, pat_gadgets");
        sql("CREATE TABLE pat_items (id int PRIMARY KEY)");
    }

    private static void sql(String text) throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute(text);
        }
    }

    private static long count(String table) throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static int directPort() {
        int port = URI.create(TestPostgres.url().substring("jdbc:".length())).getPort();
        return port < 0 ? 5432 : port;
    }

    /** psql -c, verbose errors so that the SQLSTATE shows. */
    private static AuthAndPsqlIT.Psql psql(int port, String text) throws Exception {
        return AuthAndPsqlIT.psql(port, null, "-v", "VERBOSITY=verbose", "-c", text);
    }

    /** The same text directly and through the proxy: the same rows left and the same error. */
    private static void sameAsDirect(String text, String sqlState) throws Exception {
        AuthAndPsqlIT.Psql direct = psql(directPort(), text);
        long directRows = count("pat_items");
        sql("TRUNCATE pat_items");
        AuthAndPsqlIT.Psql proxied = psql(server.port(), text);
        assertNotEquals(0, direct.status(), direct.err());
        assertEquals(direct.status(), proxied.status(), proxied.err());
        assertTrue(direct.err().contains("ERROR:  " + sqlState), direct.err());
        assertTrue(proxied.err().contains("ERROR:  " + sqlState), proxied.err());
        assertEquals(0, directRows, "PostgreSQL committed nothing");
        assertEquals(0, count("pat_items"), "nothing committed through the proxy");
    }

    @Test
    void dmlWithDdlAndAnErrorCommitsNothing() throws Exception {
        sameAsDirect("INSERT INTO pat_items VALUES (1); DROP TABLE IF EXISTS pat_nosuch; SELECT 1/0", "22012");
    }

    @Test
    void syntaxErrorCommitsNothing() throws Exception {
        sameAsDirect("INSERT INTO pat_items VALUES (1); SELEC 1", "42601");
    }

    @Test
    void setInsideTheMessageIsUndoneWithIt() throws Exception {
        sameAsDirect("SET statement_timeout = '5min'; INSERT INTO pat_items VALUES (1); SELECT 1/0", "22012");
    }

    @Test
    void newTableIsSeenByTheNextQuestion() throws Exception {
        // a question first, so that the catalog is cached without the new table
        sql("DROP TABLE pat_items"); // one pat_ table, so that the offline generator reads "pat_gadgets" one way
        psql(server.port(), "how many pat gadgets are there?");
        AuthAndPsqlIT.Psql made = AuthAndPsqlIT.psql(server.port(), null, "-At", "-c",
                "CREATE TABLE pat_gadgets (id int, name text); INSERT INTO pat_gadgets VALUES (1, 'a'), (2, 'b');"
                        + " SELECT count(*) FROM pat_gadgets");
        assertEquals(0, made.status(), made.err());
        assertEquals("CREATE TABLE\nINSERT 0 2\n2\n", made.out());
        AuthAndPsqlIT.Psql question = AuthAndPsqlIT.psql(server.port(), null, "-At", "-c", "how many pat gadgets are there?");
        assertEquals(0, question.status(), question.err());
        assertTrue(question.err().contains("pat_gadgets"), question.err());
        assertEquals("2\n", question.out(), "the count of the new table's two rows");
    }

    @Test
    void questionMixedWithSqlIsRefusedWhole() throws Exception {
        for (String text : List.of("INSERT INTO pat_items VALUES (1); how many pat_items are there?",
                "how many pat_items are there?; INSERT INTO pat_items VALUES (1)")) {
            AuthAndPsqlIT.Psql mixed = psql(server.port(), text);
            assertNotEquals(0, mixed.status(), mixed.out());
            assertTrue(mixed.err().contains("0A000") && mixed.err().contains("on their own"), mixed.err());
            assertEquals(0, count("pat_items"), "the INSERT did not run");
        }
    }

    @Test
    void sessionStaysUsableAfterRelayedSettings() throws Exception {
        // pgjdbc hears the relayed SET: its own queries in the same session (a question) still work
        AuthAndPsqlIT.Psql p = AuthAndPsqlIT.psql(server.port(), null, "-At",
                "-c", "SET search_path = public; SET TimeZone = 'UTC'; INSERT INTO pat_items VALUES (7)",
                "-c", "how many pat_items are there?", "-c", "SHOW TimeZone");
        assertEquals(0, p.status(), p.err());
        assertTrue(p.out().contains("UTC"), p.out());
        assertEquals(1, count("pat_items"));
    }
}
