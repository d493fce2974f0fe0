package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.check.FunctionPolicy;
import dev.nlsql.internal.check.GuardPolicy;
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
 * The PostgreSQL-style SQL models write, run through the local guard and the local engine, gives
 * what PostgreSQL gives: the same statement on a temporary table in PostgreSQL (the oracle) and on
 * its copy in H2. A statement the local guard refused, or H2 could not read, fails the test.
 */
class LocalDialectOracleIT {

    private static final String[] STATEMENTS = {
        "SELECT id FROM t WHERE name ILIKE '%AL%' ORDER BY id",
        "SELECT id FROM t WHERE name NOT ILIKE 'b%' ORDER BY id",
        "SELECT id, a::int, id::text || '-' || g, d::timestamp, (a * 2)::numeric(12,2), a::float8 FROM t ORDER BY id",
        "SELECT date_trunc('month', d)::date AS m, count(*) FROM t GROUP BY 1 ORDER BY 1",
        "SELECT date_trunc('year', ts) AS y, count(*) FROM t GROUP BY 1 ORDER BY 1 NULLS LAST",
        "SELECT id, EXTRACT(YEAR FROM d), extract(month from d), EXTRACT(DAY FROM d), extract(hour from ts) FROM t ORDER BY id",
        "SELECT id, a FROM t ORDER BY a DESC NULLS LAST, id",
        "SELECT id, a FROM t ORDER BY a ASC NULLS FIRST, id",
        "SELECT id FROM t WHERE d >= DATE '2024-06-30' - INTERVAL '1 year' ORDER BY id",
        "SELECT id, (d + INTERVAL '30 days')::date, (d - interval '2 months')::date, (d + interval '1 year 2 months')::date, "
                + "(d + INTERVAL '2 weeks')::date, (d + interval '1 month')::date, (d - INTERVAL '-1 year')::date FROM t ORDER BY id",
        "SELECT id, ts + INTERVAL '3 hours', ts - interval '1 day 2 hours 30 minutes', ts + INTERVAL '90 seconds' FROM t ORDER BY id",
        "SELECT count(*) FROM t WHERE ts > TIMESTAMP '2024-06-01 00:00:00' - INTERVAL '6 months'",
        "SELECT g, count(*) FILTER (WHERE a > 10), sum(a) FILTER (WHERE d >= DATE '2024-03-01'), count(*) FROM t GROUP BY g ORDER BY g",
        "SELECT id, rank() OVER (PARTITION BY g ORDER BY a DESC NULLS LAST), row_number() OVER (ORDER BY id), "
                + "dense_rank() OVER (PARTITION BY g ORDER BY d), lag(a) OVER (PARTITION BY g ORDER BY id), lead(id) OVER (ORDER BY id), "
                + "sum(a) OVER (PARTITION BY g ORDER BY id), count(*) OVER (PARTITION BY g), round(avg(a) OVER (PARTITION BY g), 2) "
                + "FROM t ORDER BY id",
        "SELECT g, string_agg(name, ', ' ORDER BY name) FROM t GROUP BY g ORDER BY g",
        "SELECT g, string_agg(name, '; ' ORDER BY id DESC) FROM t GROUP BY g ORDER BY g",
        "SELECT id, coalesce(a, 0), nullif(g, 'x'), round(a, 1), round(a), lower(name), upper(name), "
                + "CASE WHEN a > 10 THEN 'big' WHEN a IS NULL THEN 'none' ELSE 'small' END FROM t ORDER BY id",
        "SELECT count(DISTINCT g), count(*), count(a), round(avg(a), 2), sum(a) FROM t",
        "SELECT g, round(avg(u), 6), round(avg(a), 4) FROM t GROUP BY g ORDER BY g",
        "WITH m AS (SELECT g, max(a) AS top FROM t GROUP BY g) SELECT t.id, m.top FROM t JOIN m ON t.g = m.g AND t.a = m.top ORDER BY t.id",
    };

    private static Connection pg;
    private static LocalCopy copy;
    private static final SqlGuard LOCAL = new SqlGuard(new GuardPolicy(List.of("t"), FunctionPolicy.localEngine(),
            FunctionPolicy.Purpose.LOCAL_ENGINE, "public"));

    @BeforeAll
    static void tables() throws SQLException {
        pg = TestPostgres.connect();
        try (Statement s = pg.createStatement()) { // a temporary table: gone with the session
            s.execute("CREATE TEMP TABLE t (id int, g text, name text, a numeric(10,2), d date, ts timestamp)");
            s.execute("ALTER TABLE t ADD COLUMN u numeric"); // unconstrained: copied as NUMERIC(1000, 500)
            s.execute("INSERT INTO t VALUES (1, 'x', 'Alice', 12.50, '2024-01-31', '2024-01-31 10:15:00'),"
                    + " (2, 'x', 'bob', 3.25, '2024-02-29', '2024-02-29 23:59:30'), (3, 'y', 'Carla', NULL, '2023-07-01', NULL),"
                    + " (4, 'y', 'dalia', 40.05, '2024-03-15', '2024-03-15 00:00:00'), (5, 'z', 'Bert', 12.50, NULL, '2023-12-31 12:00:00'),"
                    + " (6, 'x', 'SALLY', 0.15, '2024-12-31', '2024-12-31 06:30:00'), (7, 'z', 'al', -2.35, '2024-06-30', '2024-06-30 18:45:10'),"
                    + " (8, 'y', 'Bo', 12.50, '2023-01-01', '2023-01-01 01:01:01')");
            s.execute("UPDATE t SET u = id / 7.0");
        }
        copy = LocalCopy.create(1000);
        try (Statement s = pg.createStatement(); ResultSet rows = s.executeQuery("SELECT * FROM t")) {
            assertEquals(8, copy.load("t", rows));
        }
    }

    @AfterAll
    static void close() throws SQLException {
        copy.close();
        pg.close();
    }

    @Test
    void everyConstructGivesPostgresqlsResult() throws Exception {
        List<String> differ = new ArrayList<>();
        for (String sql : STATEMENTS) {
            List<List<String>> expected;
            try (Statement s = pg.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                expected = rows(rs);
            }
            List<List<String>> local;
            try (ResultSet rs = copy.query(LOCAL.check(sql).sql(), 1000, 10, 0, 0)) {
                local = rows(rs);
            }
            if (!expected.equals(local)) {
                differ.add(sql + "\n  PostgreSQL: " + expected + "\n  local:      " + local);
            }
            assertTrue(!expected.isEmpty(), sql);
        }
        assertEquals("", String.join("\n", differ));
    }

    /** Rows as text: numbers without trailing zeros (int, numeric and double alike), dates and timestamps as JDBC prints them. */
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
        return rows;
    }
}
