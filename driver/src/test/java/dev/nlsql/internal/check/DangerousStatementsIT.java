package dev.nlsql.internal.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A corpus of dangerous statements of every kind the guard knows: each is rejected by the
 * guard and refused (NL003) by the driver under nlsql.passthrough=readonly, and the database
 * is unchanged afterwards.
 */
class DangerousStatementsIT {

    private static final String CANARY = "nlsql_canary";
    private static final String FINGERPRINT = """
            SELECT (SELECT md5(string_agg(id || ':' || v, ',' ORDER BY id)) FROM nlsql_canary)
              || '|' || (SELECT last_value FROM nlsql_canary_id_seq)
              || '|' || (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                          WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast'))
              || '|' || (SELECT count(*) FROM pg_attribute WHERE attrelid = 'nlsql_canary'::regclass AND attnum > 0)
              || '|' || (SELECT count(*) FROM pg_roles) || '|' || (SELECT count(*) FROM pg_namespace)
              || '|' || (SELECT count(*) FROM pg_database) || '|' || (SELECT count(*) FROM pg_largeobject_metadata)
              || '|' || (SELECT count(*) FROM pg_prepared_xacts) || '|' || (SELECT count(*) FROM pg_proc)
              || '|' || coalesce(obj_description('nlsql_canary'::regclass, 'pg_class'), '-')
            """;

    record Dangerous(String category, String sql) {
    }

    static List<Dangerous> corpus() throws IOException {
        List<Dangerous> out = new ArrayList<>();
        try (InputStream in = DangerousStatementsIT.class.getResourceAsStream("/dangerous-statements.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int tab = line.indexOf('\t');
                out.add(new Dangerous(line.substring(0, tab), line.substring(tab + 1).replace("\\n", "\n")));
            }
        }
        return out;
    }

    @BeforeAll
    static void createCanary() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + CANARY);
            s.execute("CREATE TABLE " + CANARY + " (id serial PRIMARY KEY, v text)");
            s.execute("INSERT INTO " + CANARY + " (v) VALUES ('a'), ('b'), ('c')");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        TestPostgres.dropTables(CANARY);
    }

    private static String fingerprint() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(FINGERPRINT)) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** Read on the real session behind nlsql (current_setting is refused as guarded SQL text). */
    private static String setting(Connection c, String name) throws SQLException {
        Connection real = (Connection) c.unwrap(org.postgresql.PGConnection.class);
        try (Statement s = real.createStatement(); ResultSet rs = s.executeQuery("SELECT current_setting('" + name + "')")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void everyDangerousStatementIsRejectedAndNothingChanges() throws Exception {
        List<Dangerous> corpus = corpus();
        assertTrue(corpus.size() >= 150, "corpus size " + corpus.size());
        Set<String> categories = new TreeSet<>();
        corpus.forEach(d -> categories.add(d.category()));
        assertTrue(categories.containsAll(Set.of("dml", "ddl", "writable_cte", "select_into", "locking", "copy", "procedural",
                "session", "transaction", "multiple", "function", "lexer", "secrets")), categories.toString());

        Path pwnedFile = Path.of("/tmp/nlsql_pwned");
        Files.deleteIfExists(pwnedFile);
        String before = fingerprint();
        SqlGuard guard = new SqlGuard(GuardPolicy.permissive());
        List<String> accepted = new ArrayList<>();
        List<String> notRefused = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.passthrough=readonly"));
                Statement s = c.createStatement()) {
            String searchPath = setting(c, "search_path");
            String timeout = setting(c, "statement_timeout");
            for (Dangerous d : corpus) {
                try {
                    guard.check(d.sql());
                    accepted.add(d.category() + ": " + d.sql());
                } catch (GuardRejection expected) {
                    assertFalse(expected.fragment().isBlank(), "a rejection names the fragment: " + d.sql());
                }
                try {
                    s.execute(d.sql());
                    notRefused.add(d.sql());
                } catch (SQLException e) {
                    if (!"NL003".equals(e.getSQLState())) {
                        notRefused.add(e.getSQLState() + " " + d.sql());
                    }
                }
            }
            assertEquals(searchPath, setting(c, "search_path"));
            assertEquals(timeout, setting(c, "statement_timeout"));
            assertTrue(c.getAutoCommit());
        }
        assertEquals(List.of(), accepted, "accepted by the guard");
        assertEquals(List.of(), notRefused, "not refused with NL003 by the driver");
        assertEquals(before, fingerprint(), "the database changed");
        assertFalse(Files.exists(pwnedFile), "a file was written");
    }
}
