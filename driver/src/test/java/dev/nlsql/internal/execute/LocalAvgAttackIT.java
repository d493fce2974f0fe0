package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.check.FunctionPolicy;
import dev.nlsql.internal.check.GuardPolicy;
import dev.nlsql.internal.check.GuardRejection;
import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.testing.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An attacker's pass over the local engine's avg (issue 37): {@code avg} runs as {@link PgAvg}, registered as
 * {@code nlsql_avg}. The model may not call {@code nlsql_avg} itself, the rename touches only calls (never strings,
 * quoted names or qualified names), and every shape of avg PostgreSQL takes gives PostgreSQL's result, on numerics
 * of huge scale and magnitude too. PostgreSQL (a temporary table) is the oracle.
 */
class LocalAvgAttackIT {

    private static final String[] STATEMENTS = {
        "SELECT avg(DISTINCT a), avg(ALL a) FROM t",
        "SELECT g, avg(a) FILTER (WHERE a > 1) FROM t GROUP BY g ORDER BY g",
        "SELECT AVG (a), Avg/* c */(a), avg\n(a) FROM t",
        "SELECT 'avg(' || g AS \"avg(\" FROM t ORDER BY id",
        "SELECT avg(tiny), avg(huge), avg(big) FROM t",
        "SELECT g, avg(tiny) FROM t GROUP BY g ORDER BY g",
        "SELECT avg(id), avg(id::bigint), avg(f) FROM t",
        "SELECT id, avg(a) OVER (PARTITION BY g ORDER BY id), avg(tiny) OVER () FROM t ORDER BY id",
        "SELECT avg(a) FROM t WHERE false",
        "SELECT (SELECT avg(a) FROM t) AS x",
    };

    private static Connection pg;
    private static LocalCopy copy;
    private static final SqlGuard LOCAL = new SqlGuard(new GuardPolicy(List.of("t"), FunctionPolicy.localEngine(),
            FunctionPolicy.Purpose.LOCAL_ENGINE, "public"));

    @BeforeAll
    static void tables() throws SQLException {
        pg = TestPostgres.connect();
        try (Statement s = pg.createStatement()) { // a temporary table: gone with the session
            s.execute("CREATE TEMP TABLE t (id int, g text, a numeric(10,2), tiny numeric, huge numeric, big bigint, f float8, iv interval)");
            s.execute("INSERT INTO t VALUES (1, 'x', 1.25, 1e-400, 9e300, 9223372036854775807, 0.1, '1 day 2 hours'), "
                    + "(2, 'x', 2.50, 3e-400, 1e300, 9223372036854775806, 0.2, '3 hours'), (3, 'y', NULL, 1.5e-400, 7e300, -5, 0.3, NULL), "
                    + "(4, 'y', 2.50, NULL, -1e301, 7, NULL, '90 minutes')");
        }
        copy = LocalCopy.create(1000);
        try (Statement s = pg.createStatement(); ResultSet rows = s.executeQuery("SELECT * FROM t")) {
            assertEquals(4, copy.load("t", rows));
        }
    }

    @AfterAll
    static void close() throws SQLException {
        copy.close();
        pg.close();
    }

    @Test
    void everyShapeOfAvgGivesPostgresqlsResult() throws Exception {
        List<String> differ = new ArrayList<>();
        for (String sql : STATEMENTS) {
            List<List<String>> expected;
            try (Statement s = pg.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                expected = rows(rs);
            }
            List<List<String>> local;
            try (ResultSet rs = copy.query(LOCAL.check(sql).sql(), 1000, 10, 0, 0)) {
                local = rows(rs);
            } catch (SQLException | GuardRejection e) {
                local = List.of(List.of("failed: " + e));
            }
            if (!expected.equals(local)) {
                differ.add(sql + "\n  PostgreSQL: " + expected + "\n  local:      " + local);
            }
        }
        assertEquals("", String.join("\n", differ));
    }

    /** The name PgAvg is registered under is nlsql's, not the model's: written by the model it is refused by the local guard. */
    @Test
    void theModelCannotCallTheRegisteredAggregate() {
        for (String sql : new String[] {"SELECT nlsql_avg(a) FROM t", "SELECT NLSQL_AVG(a) FROM t", "SELECT \"nlsql_avg\"(a) FROM t",
                "SELECT public.nlsql_avg(a) FROM t", "SELECT g FROM t GROUP BY g HAVING nlsql_avg(a) > 1"}) {
            assertThrows(GuardRejection.class, () -> LOCAL.check(sql), sql);
        }
    }

    /**
     * avg over text or a boolean: PostgreSQL has no such avg (42883), and the local engine says so too, not H2's general
     * error around a ClassCastException. An interval is copied as text, so its avg, which PostgreSQL has, is refused the
     * same way locally (a limit of the local engine, stated in the error, which the model can work around).
     */
    @Test
    void avgOverNonNumbersIsRefusedWithPostgresqlsState() throws Exception {
        for (String sql : new String[] {"SELECT avg(g) FROM t", "SELECT avg(a > 1) FROM t", "SELECT g, avg(iv) FROM t GROUP BY g"}) {
            String guarded = LOCAL.check(sql).sql();
            SQLException local = assertThrows(SQLException.class, () -> {
                try (ResultSet rs = copy.query(guarded, 1000, 10, 0, 0)) {
                    while (rs.next()) {
                        rs.getObject(1);
                    }
                }
            }, sql);
            assertEquals("42883", local.getSQLState(), sql + ": " + local);
            assertTrue(local.getMessage().contains("avg") && !local.getMessage().contains("ClassCastException"), local.getMessage());
        }
        for (String sql : new String[] {"SELECT avg(g) FROM t", "SELECT avg(a > 1) FROM t"}) {
            SQLException onPg = assertThrows(SQLException.class, () -> {
                try (Statement s = pg.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                    rs.next();
                }
            }, sql);
            assertEquals("42883", onPg.getSQLState(), sql);
        }
    }

    /** Rows as text: numbers without trailing zeros (int, numeric and double alike). */
    private static List<List<String>> rows(ResultSet rs) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            List<String> row = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                Object v = rs.getObject(i);
                row.add(v == null ? "null" : v instanceof Number num ? new BigDecimal(num.toString()).stripTrailingZeros().toPlainString()
                        : v.toString());
            }
            rows.add(row);
        }
        assertTrue(n > 0);
        return rows;
    }
}
