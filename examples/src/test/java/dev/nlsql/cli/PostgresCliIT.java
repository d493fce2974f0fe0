package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The command line on a real PostgreSQL: values as the server means them, SQL run as psql runs it, failures reported on stderr. */
class PostgresCliIT {

    private static final String URL = TestPostgres.nlUrl("nlsql.llm=offline");

    @Test
    void askJsonRendersValuesFaithfully() throws Exception {
        String url = URL;
        Cli.Run r = inTimeZone("Etc/GMT-2", () -> Cli.run("ask", "--json", "--url", url, "SELECT '2018-01-01 00:00:00+02'::timestamptz AS tz, DATE '2018-01-02' AS d,"
                + " TIME '02:03:04' AS t, TIMESTAMP '2018-01-01 10:11:12' AS ts, interval '1 day 02:03:04' AS i,"
                + " 12345678901234567890.123::numeric AS n, 1.50::numeric(5,2) AS scaled, '\\x0102ff'::bytea AS b, NULL::int AS z,"
                + " 1e20::float8 AS f, 42::bigint AS l, true AS ok"));
        assertEquals(0, r.status(), r.err() + r.out());
        String line = r.out().strip();
        assertTrue(line.contains("12345678901234567890.123,") && line.contains("1.50,"), "exact numerics, scale kept: " + line);
        JsonNode row = new ObjectMapper().readTree(line).get("rows").get(0);
        assertEquals("2018-01-01T00:00:00+02:00", row.get(0).asText());
        assertEquals("2018-01-02", row.get(1).asText());
        assertEquals("02:03:04", row.get(2).asText());
        assertEquals("2018-01-01T10:11:12", row.get(3).asText());
        assertEquals("1 day 02:03:04", row.get(4).asText());
        assertTrue(row.get(5).isNumber());
        assertEquals("\\x0102ff", row.get(7).asText());
        assertTrue(row.get(8).isNull());
        assertEquals(42, row.get(10).asLong());
        assertTrue(row.get(11).asBoolean());

        Cli.Run table = inTimeZone("Etc/GMT-2", () -> Cli.run("ask", "--url", url,
                "SELECT '2018-01-01 00:00:00+02'::timestamptz AS tz, interval '1 day 02:03:04' AS i,"
                + " 12345678901234567890.123::numeric AS n, 1e20::float8 AS f"));
        assertEquals(0, table.status(), table.err());
        assertTrue(table.out().contains("2018-01-01T00:00:00+02:00 | 1 day 02:03:04 | 12345678901234567890.123 | 1e+20"), table.out());
    }

    /** pgjdbc sets the session TimeZone from the JVM's default when it connects. */
    private static Cli.Run inTimeZone(String zone, java.util.function.Supplier<Cli.Run> run) {
        java.util.TimeZone old = java.util.TimeZone.getDefault();
        java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone(zone));
        try {
            return run.get();
        } finally {
            java.util.TimeZone.setDefault(old);
        }
    }

    @Test
    void unnamedAggregatesAreNamedFromTheirExpression() throws Exception {
        Cli.Run r = Cli.run("ask", "--json", "--url", URL, "SELECT sum(x) * 2, avg(x) + 0, count(*) FROM (VALUES (1), (2)) v(x)");
        assertEquals(0, r.status(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals("[\"sum\",\"avg\",\"count\"]", json.get("columns").toString());
        assertTrue(r.out().contains("\"rows\":[[6,1.5000000000000000,2]]"), "numeric as PostgreSQL gives it: " + r.out());
    }

    @Test
    void sqlInAskRunsAsInPsqlAndPrintsTheCommandTag() throws Exception {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS nlsql_cli_tag");
            s.execute("CREATE TABLE nlsql_cli_tag (x int)");
            s.execute("INSERT INTO nlsql_cli_tag VALUES (1), (2), (3)");
            try {
                Cli.Run r = Cli.run("ask", "--url", URL, "DELETE FROM nlsql_cli_tag WHERE x <= 2");
                assertEquals(0, r.status(), r.err());
                assertEquals("DELETE 2", r.out().strip());
                assertEquals("", r.err());
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM nlsql_cli_tag")) {
                    rs.next();
                    assertEquals(1, rs.getInt(1), "the DELETE committed");
                }
                Cli.Run json = Cli.run("ask", "--json", "--url", URL, "UPDATE nlsql_cli_tag SET x = 10");
                assertEquals(0, json.status(), json.err());
                assertTrue(new ObjectMapper().readTree(json.out()).get("success").asBoolean());
            } finally {
                s.execute("DROP TABLE IF EXISTS nlsql_cli_tag");
            }
        }
    }

    @Test
    void aJsonFailurePrintsTheSqlStateOnStderrToo() throws Exception {
        Cli.Run r = Cli.run("ask", "--json", "--url", URL, "SELECT * FROM nlsql_cli_no_such_table");
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith("error: [42P01] ") && r.err().contains("nlsql_cli_no_such_table"), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertFalse(json.get("success").asBoolean());
        assertEquals("42P01", json.get("sqlState").asText());
        assertTrue(json.get("error").asText().contains("nlsql_cli_no_such_table"));
    }

    @Test
    void maxRowsCutsAndSaysHowManyMore() {
        Cli.Run r = Cli.run("ask", "--url", URL, "SELECT g FROM generate_series(1, 150) g");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("(150 rows)") && r.out().contains("50 more rows not shown"), r.out());
        assertTrue(r.out().contains(" 100\n") && !r.out().contains(" 101\n"), r.out());
        Cli.Run all = Cli.run("ask", "--max-rows", "0", "--url", URL, "SELECT g FROM generate_series(1, 150) g");
        assertTrue(all.out().contains(" 150\n") && !all.out().contains("more rows"), all.out());
        assertEquals(2, Cli.run("ask", "--max-rows", "-1", "--url", URL, "SELECT 1").status());
    }

    @Test
    void theShellRunsSqlWithTagsInTheSessionTimeZone() {
        Cli.Run r = Cli.withInput("SET TIME ZONE 'Asia/Kolkata';\nSELECT '2018-01-01 00:00:00+02'::timestamptz AS tz;\n\\x\n"
                + "SELECT 1 AS one, 'a' AS two;\nSELECT 1/0;\n\\q\n", "shell", "--url", URL);
        assertEquals(0, r.status(), r.err() + r.out());
        assertTrue(r.out().contains("> SET\n"), r.out());
        assertTrue(r.out().contains("2018-01-01T03:30:00+05:30"), r.out());
        assertTrue(r.out().contains("Expanded display is on.") && r.out().contains("-[ RECORD 1 ]") && r.out().contains("one | 1"), r.out());
        assertTrue(r.out().contains("error: [22012]"), r.out());
    }

    @Test
    void theShellTakesSqlAcrossLinesUntilItsSemicolonAsPsqlDoes() {
        Cli.Run r = Cli.withInput("SELECT 'a;b' AS semi, -- a comment; not the end\n"
                + "       /* nor ; this */ 40 + 2\n"
                + "         AS answer;\n"
                + "SELECT 'one' AS first; SELECT 'two' AS second;\n"
                + "SELECT 'last'\n"
                + "  AS unterminated_at_end\n", "shell", "--url", URL);
        assertEquals(0, r.status(), r.err() + r.out());
        assertTrue(r.out().contains("a;b") && r.out().contains(" 42") && r.out().contains("(1 row)"), r.out());
        assertFalse(r.out().contains("error:"), "no line run on its own: " + r.out());
        assertTrue(r.out().contains("nlsql-# "), "continuation prompt: " + r.out());
        assertTrue(r.out().indexOf("first") < r.out().indexOf("second") && r.out().contains(" one") && r.out().contains(" two"), r.out());
        assertTrue(r.out().contains("unterminated_at_end") && r.out().contains(" last"), "end of input runs the rest, as psql: " + r.out());
    }
}
