package dev.nlsql.internal.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The function allow-list read from pg_proc: built-ins that only read pass, user-defined functions
 * only when named in nlsql.functions, and never a user function that shares a built-in's name
 * (PostgreSQL picks an overload by argument types, so the user's could be the one that runs).
 */
class FunctionAllowListIT {

    @BeforeAll
    static void functions() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS fal CASCADE");
            s.execute("CREATE SCHEMA fal");
            s.execute("CREATE TABLE fal.items (id int, price numeric, name text)");
            s.execute("INSERT INTO fal.items VALUES (1, 10, 'Lamp'), (2, 20, 'Desk')");
            s.execute("CREATE TABLE fal.audit (what text)");
            s.execute("CREATE FUNCTION fal.with_tax(p numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS 'SELECT p * 1.2'");
            // a user function with a built-in's name and a side effect
            s.execute("CREATE FUNCTION fal.upper(t fal.items) RETURNS text LANGUAGE sql AS "
                    + "'INSERT INTO fal.audit VALUES (''called''); SELECT ''X''::text'");
        }
    }

    @org.junit.jupiter.api.AfterAll
    static void dropFunctions() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS fal CASCADE"); // other tests' catalogs must not see fal.items
        }
    }

    private static Connection connect(FakeOpenAi model, String... extra) throws SQLException {
        String url = TestPostgres.withParams(TestPostgres.nlUrl(model.params()), "nlsql.tables=fal.items", "nlsql.maxAttempts=1",
                "nlsql.cache=false", "options=-c%20search_path=fal,public");
        return DriverManager.getConnection(TestPostgres.withParams(url, extra));
    }

    private static String answer(Connection c, FakeOpenAi model, String sql) throws SQLException {
        model.then(FakeOpenAi.answer(sql));
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("NL: price with tax")) {
            rs.next();
            return rs.getString(1);
        } finally {
            model.drain();
        }
    }

    @Test
    void builtInsThatOnlyReadPass() throws Exception {
        try (FakeOpenAi model = new FakeOpenAi(); Connection c = connect(model)) {
            assertEquals("lamp", answer(c, model, "SELECT lower(name) FROM fal.items ORDER BY id"));
            assertEquals("2", answer(c, model, "SELECT count(*) FILTER (WHERE price > 5) FROM items"));
            assertEquals("15.0", answer(c, model, "SELECT round(avg(price), 1)::text FROM items"));
            for (String refused : new String[] {"SELECT current_setting('data_directory') FROM items",
                "SELECT version() FROM items", "SELECT pg_backend_pid() FROM items", "SELECT txid_current() FROM items"}) {
                SQLException e = assertThrows(SQLException.class, () -> answer(c, model, refused), refused);
                assertEquals("NL003", e.getSQLState(), refused + ": " + e.getMessage());
            }
        }
    }

    @Test
    void userFunctionsOnlyWhenNamed() throws Exception {
        try (FakeOpenAi model = new FakeOpenAi()) {
            try (Connection c = connect(model)) {
                SQLException e = assertThrows(SQLException.class, () -> answer(c, model, "SELECT with_tax(price) FROM items ORDER BY id"));
                assertEquals("NL003", e.getSQLState());
                assertTrue(e.getMessage().contains("nlsql.functions"), e.getMessage());
            }
            try (Connection c = connect(model, "nlsql.functions=fal.with_tax")) {
                assertEquals("12.0", answer(c, model, "SELECT fal.with_tax(price) FROM items ORDER BY id"));
            }
            try (Connection c = connect(model, "nlsql.functions=with_*")) {
                assertEquals("12.0", answer(c, model, "SELECT with_tax(price) FROM items ORDER BY id"));
            }
        }
    }

    @Test
    void aUserFunctionSharingABuiltInsNameIsRefused() throws Exception {
        try (FakeOpenAi model = new FakeOpenAi(); Connection c = connect(model)) {
            // upper(items) resolves to fal.upper by its argument type, though pg_catalog.upper comes first
            SQLException e = assertThrows(SQLException.class, () -> answer(c, model, "SELECT upper(i) FROM items i"));
            assertEquals("NL003", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("same name as the built-in"), e.getMessage());
        }
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT count(*) FROM fal.audit")) {
            rs.next();
            assertEquals(0, rs.getInt(1), "the user's function never ran");
        }
    }
}
