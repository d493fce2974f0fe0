package dev.nlsql.internal.check;

import dev.nlsql.internal.execute.GuardedSql;
import dev.nlsql.internal.sql.TableRef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.check.GuardRejection.Rule;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class SqlGuardTest {

    private final SqlGuard guard = new SqlGuard(GuardPolicy.permissive());

    private Rule rejection(SqlGuard g, String sql) {
        return assertThrows(GuardRejection.class, () -> g.check(sql), sql).rule();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT 1",
        "select * from customers",
        "SELECT a, b FROM t WHERE a > 1 ORDER BY b DESC LIMIT 5",
        "WITH x AS (SELECT 1 AS n) SELECT n FROM x",
        "VALUES (1, 'a'), (2, 'b')",
        "SELECT 1 UNION SELECT 2 INTERSECT SELECT 3",
        "(SELECT 1) UNION ALL (SELECT 2)",
        "SELECT ';' AS semicolon, 'DELETE FROM t' AS text",
        "SELECT 1 -- trailing comment",
        "/* leading */ SELECT 1",
        "SELECT count(*) FILTER (WHERE x > 1), rank() OVER (PARTITION BY y ORDER BY z) FROM t GROUP BY y, z",
        "SELECT * FROM t WHERE id IN (SELECT id FROM u WHERE u.v = t.v)",
        "SELECT x::date, now() - interval '30 days' FROM t",
        "SELECT 1;",
        "SELECT 1 ;  ;",
        "SELECT $$it's; DELETE$$ AS s",
        "SELECT E'a\\'b; DROP TABLE t' AS s",
        "SELECT \"into\", \"update\" FROM t",
        "SELECT substring(name from 1 for 3) FROM t",
        "TABLE customers"
    })
    void acceptsReadOnlyQueries(String sql) throws GuardRejection {
        assertTrue(guard.check(sql).sql().length() > 0);
    }

    @Test
    void stripsTrailingSemicolonsOnly() throws GuardRejection {
        assertEquals("SELECT 1", guard.check("  SELECT 1 ; ").sql());
        assertEquals("SELECT ';'", guard.check("SELECT ';';").sql());
    }

    static Stream<Arguments> dangerous() {
        return Stream.of(
            Arguments.of("INSERT INTO t VALUES (1)", Rule.NOT_A_QUERY),
            Arguments.of("UPDATE t SET a = 1", Rule.NOT_A_QUERY),
            Arguments.of("DELETE FROM t", Rule.NOT_A_QUERY),
            Arguments.of("DROP TABLE t", Rule.NOT_A_QUERY),
            Arguments.of("COPY t TO '/tmp/x'", Rule.NOT_A_QUERY),
            Arguments.of("CALL p()", Rule.NOT_A_QUERY),
            Arguments.of("DO $$ BEGIN DELETE FROM t; END $$", Rule.NOT_A_QUERY),
            Arguments.of("SET search_path TO evil", Rule.NOT_A_QUERY),
            Arguments.of("BEGIN", Rule.NOT_A_QUERY),
            Arguments.of("EXPLAIN ANALYZE DELETE FROM t", Rule.NOT_A_QUERY),
            Arguments.of("SELECT 1; SELECT 2", Rule.MULTIPLE_STATEMENTS),
            Arguments.of("SELECT 1; DELETE FROM t", Rule.MULTIPLE_STATEMENTS),
            Arguments.of("WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d", Rule.WRITABLE_CTE),
            Arguments.of("WITH i AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM i", Rule.WRITABLE_CTE),
            Arguments.of("WITH u AS (UPDATE t SET a = 1 RETURNING *) SELECT * FROM u", Rule.WRITABLE_CTE),
            Arguments.of("SELECT * INTO copy_of_t FROM t", Rule.SELECT_INTO),
            Arguments.of("SELECT * FROM t FOR UPDATE", Rule.LOCKING_CLAUSE),
            Arguments.of("SELECT * FROM t FOR SHARE", Rule.LOCKING_CLAUSE),
            Arguments.of("SELECT * FROM t FOR NO KEY UPDATE", Rule.LOCKING_CLAUSE),
            Arguments.of("SELECT * FROM t FOR KEY SHARE SKIP LOCKED", Rule.LOCKING_CLAUSE),
            Arguments.of("SELECT pg_sleep(10)", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT PG_SLEEP(10)", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT pg_catalog.pg_sleep(10)", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT \"pg_sleep\"(10)", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT pg_sleep_for('5 minutes')", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT * FROM pg_sleep(10)", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT 1 FROM t ORDER BY pg_sleep(1)", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT a FROM t GROUP BY a HAVING count(*) > pg_sleep(1)::text::int", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT (SELECT pg_read_file('/etc/passwd'))", Rule.DENIED_FUNCTION),
            Arguments.of("WITH x AS (SELECT lo_import('/etc/passwd')) SELECT * FROM x", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT set_config('search_path', 'evil', false)", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT nextval('s')", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT query_to_xml('DELETE FROM t', true, false, '')", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT * FROM dblink('host=x', 'DELETE FROM t') AS r(a int)", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT pg_sleep /* gap */ (1)", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT 'a\\' , pg_sleep(10) --'", Rule.DENIED_FUNCTION),
            Arguments.of("SELECT U&\"\\0070g_sleep\"(10)", Rule.ESCAPED_NAME),
            Arguments.of("/* /* */ SELECT 1 -- */\nCOPY t TO '/tmp/x'", Rule.NOT_A_QUERY),
            Arguments.of("SELECT 'unterminated", Rule.NOT_PARSEABLE),
            Arguments.of("   ", Rule.EMPTY));
    }

    @ParameterizedTest
    @MethodSource("dangerous")
    void rejectsWithTheRuleItBroke(String sql, Rule rule) {
        assertEquals(rule, rejection(guard, sql));
    }

    @Test
    void runsOnlyWhatPostgresSeesWhenCommentsNest() throws GuardRejection {
        // PostgreSQL comments nest: all of this after SELECT 1 is one comment to the server
        assertEquals("SELECT 1", guard.check("SELECT 1 /* /* */ ; DELETE FROM t; /* */ */").sql());
    }

    @Test
    void rejectionNamesTheRuleAndTheFragment() {
        GuardRejection e = assertThrows(GuardRejection.class, () -> guard.check("SELECT id, pg_sleep(5) FROM t"));
        assertTrue(e.getMessage().startsWith(Rule.DENIED_FUNCTION.description()), e.getMessage());
        assertTrue(e.fragment().contains("pg_sleep"), e.fragment());
        GuardRejection lock = assertThrows(GuardRejection.class, () -> guard.check("SELECT * FROM t FOR UPDATE"));
        assertTrue(lock.fragment().toUpperCase().contains("FOR UPDATE"), lock.fragment());
    }

    @Test
    void extraDeniedFunctionsApply() {
        SqlGuard g = new SqlGuard(new GuardPolicy(List.of(), List.of("my_side_effect*"), null));
        assertEquals(Rule.DENIED_FUNCTION, rejection(g, "SELECT app.my_side_effect_now(1)"));
    }

    @Test
    void allowListResolvesCtesAliasesAndSchemas() throws GuardRejection {
        SqlGuard g = new SqlGuard(new GuardPolicy(List.of("public.orders", "customers"), List.of(), "public"));
        GuardedSql ok = g.check("WITH recent AS (SELECT * FROM orders o WHERE o.id > 1) "
                + "SELECT c.name, r.id FROM recent r JOIN customers AS c ON c.id = r.customer_id, "
                + "(SELECT 1 AS one) sub");
        assertEquals(Set.of(new TableRef(null, "orders"), new TableRef(null, "customers")), ok.tables());
        assertEquals(Rule.TABLE_NOT_ALLOWED, rejection(g, "SELECT * FROM secrets"));
        assertEquals(Rule.TABLE_NOT_ALLOWED, rejection(g, "SELECT * FROM other.orders"));
        assertEquals(Rule.TABLE_NOT_ALLOWED, rejection(g, "SELECT * FROM orders JOIN secrets s ON true"));
        assertEquals(Rule.TABLE_NOT_ALLOWED, rejection(g, "SELECT (SELECT max(x) FROM secrets) FROM orders"));
    }

    @Test
    void aCteNameDoesNotHideARealTableOutsideItsScope() {
        SqlGuard g = new SqlGuard(new GuardPolicy(List.of("orders"), List.of(), "public"));
        assertEquals(Rule.TABLE_NOT_ALLOWED,
                rejection(g, "SELECT * FROM (WITH secrets AS (SELECT 1) SELECT * FROM secrets) a, secrets"));
        assertEquals(Rule.TABLE_NOT_ALLOWED, rejection(g, "WITH secrets AS (SELECT * FROM secrets) SELECT * FROM secrets"));
    }

    @Test
    void recursiveCtesMayReferToThemselves() throws GuardRejection {
        SqlGuard g = new SqlGuard(new GuardPolicy(List.of("orders"), List.of(), "public"));
        String sql = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT * FROM r";
        GuardedSql ok = g.check(sql);
        assertEquals(sql, ok.sql());
        assertEquals(Set.of(), ok.tables(), "r is the CTE itself, not a table outside the allow-list");
        // the self-reference does not hide a real table read inside the recursive term
        assertEquals(Rule.TABLE_NOT_ALLOWED, rejection(g,
                "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r, secrets WHERE n < 5) SELECT * FROM r"));
    }

    @Test
    void secretCatalogTablesAreDeniedEvenWhenEverythingIsAllowed() {
        assertEquals(Rule.TABLE_NOT_ALLOWED, rejection(guard, "SELECT rolpassword FROM pg_authid"));
        assertEquals(Rule.TABLE_NOT_ALLOWED, rejection(guard, "SELECT * FROM pg_catalog.pg_shadow"));
    }

    @Test
    void psqlsOwnCatalogQueriesPassAndOperatorsOutsidePgCatalogDoNot() throws GuardRejection {
        String describe = "SELECT c.oid, n.nspname, c.relname FROM pg_catalog.pg_class c LEFT JOIN pg_catalog.pg_namespace n "
                + "ON n.oid = c.relnamespace WHERE c.relname OPERATOR(pg_catalog.~) '^(customers)$' COLLATE pg_catalog.default "
                + "AND pg_catalog.pg_table_is_visible(c.oid) ORDER BY 2, 3";
        assertEquals(describe, guard.check(describe).sql());
        assertEquals(Rule.DENIED_FUNCTION, rejection(guard, "SELECT 1 WHERE 'a' OPERATOR(public.===) 'b'"));
    }
}
