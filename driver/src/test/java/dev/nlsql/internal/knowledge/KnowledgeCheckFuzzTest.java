package dev.nlsql.internal.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.sql.LexRules;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The knowledge check meets SQL of every shape JSqlParser 5.3 reads (PlainSelect, SetOperationList, ParenthesedSelect,
 * Values, WITH, LATERAL, TABLE, statements that are not queries, and truncations of each) as a glossary {@code sql} and
 * as a verified question's SQL: it accepts the entry or fails with 22023 naming it, by its own reasoning. Nothing else
 * escapes, and the last-resort catch (an entry "could not be checked") is never what answers. The shapes alone here;
 * {@link KnowledgeCheckFuzzIT} adds their truncations and combinations, which cost JSqlParser seconds when they fail.
 */
class KnowledgeCheckFuzzTest {

    private static final Path FILE = Path.of("knowledge.yaml");

    private static TableInfo table(String name, String... columns) {
        return new TableInfo("public", name, null, Arrays.stream(columns).map(c -> new ColumnInfo(c, "int4", true, null)).toList(),
                List.of(), List.of());
    }

    private static final SchemaCatalog CATALOG = new SchemaCatalog("PostgreSQL", "17", "public", List.of(
            table("k_orders", "id", "customer_id", "placed_on", "amount", "state"),
            table("k_customers", "id", "name", "country", "status")));
    private static final SqlGuard GUARD = new SqlGuard(new GuardPolicy(List.of(), List.of(), "public"));

    /** Statements of every shape, read-only or not, well-formed or not. */
    private static final List<String> SHAPES = List.of(
            "SELECT 1",
            "SELECT k_orders.amount FROM k_orders",
            "SELECT SUM(k_orders.amount) FROM k_orders WHERE k_orders.state = 'paid' GROUP BY k_orders.customer_id HAVING COUNT(*) > 1",
            "SELECT DISTINCT k_customers.country FROM k_customers ORDER BY 1 LIMIT 5 OFFSET 1",
            "SELECT * FROM k_orders o JOIN k_customers c ON c.id = o.customer_id",
            "SELECT 1 UNION SELECT 2",
            "SELECT 1 UNION ALL SELECT 2 INTERSECT SELECT 3 EXCEPT SELECT 4",
            "(SELECT 1) UNION (SELECT 2)",
            "(SELECT k_orders.id FROM k_orders)",
            "((SELECT 1))",
            "VALUES (1), (2)",
            "VALUES (1, 'a') UNION VALUES (2, 'b')",
            "(VALUES (1)) UNION (TABLE k_orders)",
            "TABLE k_orders",
            "TABLE k_orders UNION TABLE k_orders",
            "WITH w AS (SELECT 1 AS n) SELECT n FROM w",
            "WITH w AS (VALUES (1)) TABLE w",
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT n FROM r",
            "WITH a AS (SELECT 1), b AS (SELECT 2) SELECT * FROM a UNION SELECT * FROM b",
            "WITH w AS (DELETE FROM k_orders RETURNING *) SELECT * FROM w",
            "WITH w AS (SELECT 1) (SELECT * FROM w)",
            "SELECT * FROM k_orders o, LATERAL (SELECT o.amount) l",
            "SELECT * FROM k_orders o CROSS JOIN LATERAL (SELECT k_customers.id FROM k_customers WHERE k_customers.id = o.customer_id) l",
            "SELECT * FROM (SELECT 1 UNION SELECT 2) s",
            "SELECT * FROM (VALUES (1, 2)) v(a, b)",
            "SELECT * FROM (TABLE k_orders) t",
            "SELECT (SELECT 1 UNION SELECT 2)",
            "SELECT EXISTS (VALUES (1))",
            "SELECT 1 WHERE 1 IN (TABLE k_orders)",
            "SELECT k_orders.amount = ANY (SELECT 1 UNION SELECT 2) FROM k_orders",
            "SELECT ARRAY(SELECT 1)",
            "SELECT CASE WHEN k_orders.amount > 1 THEN 1 ELSE 0 END FROM k_orders",
            "SELECT count(*) FILTER (WHERE k_orders.amount > 1), rank() OVER (PARTITION BY k_orders.state ORDER BY k_orders.id) FROM k_orders",
            "SELECT k_orders.amount FROM k_orders FOR UPDATE",
            "SELECT k_orders.amount INTO t FROM k_orders",
            "SELECT * FROM k_orders WINDOW w AS (ORDER BY k_orders.id)",
            "SELECT * FROM k_orders FETCH FIRST 1 ROWS ONLY",
            "SELECT * FROM k_orders TABLESAMPLE SYSTEM (10)",
            "SELECT * FROM generate_series(1, 3) g",
            "SELECT * FROM unnest(ARRAY[1, 2]) WITH ORDINALITY u(x, n)",
            "SELECT * FROM k_orders PIVOT (SUM(amount) FOR state IN ('paid', 'cancelled')) p",
            "SELECT * FROM k_orders UNPIVOT (v FOR k IN (amount, id)) u",
            "SELECT k_orders.id::text || 'x' FROM k_orders",
            "SELECT $$a$$ AS s",
            "SELECT 1 -- comment",
            "SELECT 1 /* open",
            "SELECT 1; SELECT 2",
            "SELECT 1; DELETE FROM k_orders",
            "INSERT INTO k_orders (id) VALUES (1)",
            "INSERT INTO k_orders SELECT * FROM k_orders",
            "UPDATE k_orders SET amount = 0",
            "DELETE FROM k_orders",
            "MERGE INTO k_orders o USING k_customers c ON o.id = c.id WHEN MATCHED THEN DELETE",
            "CREATE TABLE x AS SELECT 1",
            "DROP TABLE k_orders",
            "ALTER TABLE k_orders ADD COLUMN x int",
            "TRUNCATE k_orders",
            "EXPLAIN SELECT 1",
            "EXPLAIN ANALYZE DELETE FROM k_orders",
            "SHOW search_path",
            "SET search_path = x",
            "RESET ALL",
            "COMMIT",
            "BEGIN",
            "CALL p()",
            "DECLARE c CURSOR FOR SELECT 1",
            "COPY k_orders TO STDOUT",
            "GRANT SELECT ON k_orders TO PUBLIC",
            "LOCK TABLE k_orders",
            "VACUUM",
            "USE x",
            "DESCRIBE k_orders",
            "REFRESH MATERIALIZED VIEW m",
            "k_orders",
            "SUM(k_orders.amount)",
            "k_customers.status = 'active'",
            "",
            ";",
            "(",
            ")",
            "SELECT",
            "WITH",
            "UNION");

    private record Case(String what, KnowledgeFile.Raw raw, String where) {
    }

    private static KnowledgeFile.Raw glossary(String sql) {
        return new KnowledgeFile.Raw(List.of(), List.of(new KnowledgeFile.RawTerm(1, "revenue", List.of(), sql, null)), List.of());
    }

    private static KnowledgeFile.Raw verified(String sql) {
        return new KnowledgeFile.Raw(List.of(), List.of(), List.of(new VerifiedQuestion("how much", sql, null, null)));
    }

    /** Each shape, its truncations at every space, and {@code combined} pairs of shapes nested in and combined with others. */
    static Set<String> statements(int combined) {
        Set<String> out = new LinkedHashSet<>(SHAPES);
        if (combined == 0) {
            return out;
        }
        for (String s : SHAPES) {
            for (int i = s.indexOf(' '); i > 0; i = s.indexOf(' ', i + 1)) {
                out.add(s.substring(0, i));
            }
        }
        Random random = new Random(37);
        for (int i = 0; i < combined; i++) {
            String a = SHAPES.get(random.nextInt(SHAPES.size()));
            String b = SHAPES.get(random.nextInt(SHAPES.size()));
            out.add(switch (random.nextInt(8)) {
                case 0 -> a + " UNION " + b;
                case 1 -> "(" + a + ") EXCEPT (" + b + ")";
                case 2 -> "WITH w AS (" + a + ") " + b;
                case 3 -> "SELECT * FROM k_orders o, LATERAL (" + a + ") l";
                case 4 -> "SELECT * FROM (" + a + ") s WHERE EXISTS (" + b + ")";
                case 5 -> "SELECT (" + a + ")";
                case 6 -> a + " INTERSECT " + b;
                default -> "(" + a + ")";
            });
        }
        return out;
    }

    /** What a glossary sql may be written as: an expression, or a statement's text where one belongs. */
    private static Set<String> fragments(Set<String> statements, boolean nested) {
        Set<String> out = new LinkedHashSet<>();
        for (String s : statements) {
            out.add(s);
            if (s.startsWith("SELECT ")) {
                out.add(s.substring("SELECT ".length()));
            }
        }
        for (String s : SHAPES) {
            out.add("SUM(k_orders.amount) UNION " + s);
            out.add("k_orders.amount = 1 UNION " + s);
            out.add("k_orders.amount FROM k_orders UNION " + s);
            if (!nested) {
                continue;
            }
            out.add("k_orders.amount IN (" + s + ")");
            out.add("EXISTS (" + s + ")");
            out.add("SUM(k_orders.amount) FROM k_orders WHERE k_orders.amount IN (" + s + ")");
            out.add("k_customers.status = 'active') UNION (" + s);
        }
        return out;
    }

    /** Every statement as a verified question's SQL and every fragment as a glossary sql, checked with {@code rules}. */
    static void assertEveryCaseAcceptedOrRefusedNamingItsEntry(Set<String> statements, boolean nested, LexRules rules) {
        List<Case> cases = new ArrayList<>();
        for (String sql : fragments(statements, nested)) {
            cases.add(new Case("glossary sql: " + sql, glossary(sql), "glossary entry 1 (\"revenue\")"));
        }
        for (String sql : statements) {
            cases.add(new Case("verified sql: " + sql, verified(sql), "verified question 1 (\"how much\")"));
        }
        List<String> escaped = new ArrayList<>();
        int accepted = 0;
        int refused = 0;
        for (Case c : cases) {
            try {
                KnowledgeCheck.check(FILE, c.raw(), CATALOG, GUARD, rules);
                accepted++;
            } catch (SQLException e) {
                refused++;
                if (!"22023".equals(e.getSQLState()) || !e.getMessage().startsWith("nlsql.knowledge " + FILE + ": " + c.where())
                        || e.getMessage().contains("could not be checked")) {
                    escaped.add(c.what() + " -> " + e.getSQLState() + " " + e.getMessage());
                }
            } catch (Throwable e) {
                escaped.add(c.what() + " -> " + e);
            }
        }
        assertTrue(escaped.isEmpty(), escaped.size() + " of " + cases.size() + " escaped, such as:\n"
                + String.join("\n", escaped.subList(0, Math.min(25, escaped.size()))));
        assertTrue(accepted > 10 && refused > 100, "accepted " + accepted + ", refused " + refused + ": the harness reads both ways");
    }

    @Test
    void aGlossaryEntryThatIsASetOperationIs22023NamingIt() {
        for (String sql : List.of("SUM(k_orders.amount) UNION SELECT 1", "k_orders.amount FROM k_orders UNION SELECT k_orders.amount FROM k_orders",
                "k_customers.status = 'active' UNION SELECT true")) {
            SQLException e = assertThrows(SQLException.class, () -> KnowledgeCheck.check(FILE, glossary(sql), CATALOG, GUARD, LexRules.POSTGRESQL),
                    sql);
            assertEquals("22023", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().startsWith("nlsql.knowledge " + FILE + ": glossary entry 1 (\"revenue\"): its sql must be one expression"),
                    e.getMessage());
        }
    }

    @Test
    void everyShapeIsAcceptedOrRefusedWith22023NamingTheEntry() {
        assertEveryCaseAcceptedOrRefusedNamingItsEntry(statements(0), false, LexRules.POSTGRESQL);
        assertEveryCaseAcceptedOrRefusedNamingItsEntry(statements(0), false, LexRules.MYSQL);
    }
}
