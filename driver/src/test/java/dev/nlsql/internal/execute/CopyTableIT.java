package dev.nlsql.internal.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The local copies' own tables ({@link CopyTable}, {@link CopyIndex}) answer every query as H2's own tables do: the
 * same rows loaded into both, the same indexes built by the same statements, and each statement's rows compared
 * (H2's own tables are the oracle). The statements search the indexes every way H2 does: equality, ranges both
 * ways, IN lists, IS NULL, keys of another type, ORDER BY served by the index in both directions, joins one-to-many
 * and many-to-many, on integers, text, dates and numerics, with NULLs and duplicate keys.
 */
class CopyTableIT {

    /** 3,000 rows: duplicate keys, NULLs in every column, mixed case text, a few hundred dates, two-digit numerics. */
    private static final String ROWS = "SELECT g AS id, CASE WHEN g % 17 = 0 THEN NULL ELSE g % 100 END AS k, "
            + "CASE WHEN g % 23 = 0 THEN NULL WHEN g % 2 = 0 THEN 'Name ' || (g % 50) ELSE 'name ' || (g % 50) END AS name, "
            + "CASE WHEN g % 29 = 0 THEN NULL ELSE ((g * 37) % 1000) / 100.0 END::numeric(8,2) AS amount, "
            + "CASE WHEN g % 31 = 0 THEN NULL ELSE DATE '2024-01-01' + (g % 300) END AS on_day, (g % 3 = 0) AS flag, "
            + "(g % 7) * 0.5::float8 AS x, (g::bigint * 1000003) % 1000 AS big FROM generate_series(1, %d) g";

    private static final String[] STATEMENTS = {
        "SELECT a.id, b.id FROM a JOIN b ON a.id = b.k ORDER BY a.id, b.id",
        "SELECT a.id, b.id FROM a JOIN b ON a.k = b.k WHERE a.id < 200 ORDER BY a.id, b.id",
        "SELECT a.id, b.id FROM a JOIN b ON a.name = b.name WHERE a.id < 100 ORDER BY 1, 2",
        "SELECT a.id, count(*) FROM a JOIN b ON a.on_day = b.on_day GROUP BY a.id ORDER BY a.id",
        "SELECT a.id, b.id FROM a JOIN b ON a.amount = b.amount WHERE a.id < 300 ORDER BY 1, 2",
        "SELECT a.id, b.id FROM a LEFT JOIN b ON a.id = b.big AND b.flag ORDER BY 1, 2 NULLS FIRST",
        "SELECT a.id, b.id FROM a JOIN b ON a.k = b.k AND a.name = b.name ORDER BY 1, 2",
        "SELECT a1.id, a2.id FROM a a1 JOIN a a2 ON a1.k = a2.k WHERE a1.id < 60 ORDER BY 1, 2",
        "SELECT id FROM a WHERE k = 5 ORDER BY id",
        "SELECT id FROM a WHERE k IS NULL ORDER BY id",
        "SELECT id FROM a WHERE k IS NOT DISTINCT FROM NULL ORDER BY id",
        "SELECT id FROM a WHERE k = 5.5 ORDER BY id",
        "SELECT id FROM a WHERE k = 5.0 ORDER BY id",
        "SELECT id FROM a WHERE k = CAST(5 AS BIGINT) ORDER BY id",
        "SELECT id FROM a WHERE k IN (1, 2, 3, NULL) ORDER BY id",
        "SELECT id, k FROM a WHERE k BETWEEN 3 AND 7 ORDER BY k DESC, id DESC",
        "SELECT id, k FROM a WHERE k > 95 ORDER BY k, id",
        "SELECT id, k FROM a WHERE k < 3 ORDER BY k DESC NULLS FIRST, id",
        "SELECT k FROM a WHERE k = 9 OR k >= 98 ORDER BY k DESC",
        "SELECT id, k FROM a ORDER BY k DESC NULLS LAST, id LIMIT 40",
        "SELECT id, k FROM a ORDER BY k NULLS FIRST, id LIMIT 40",
        "SELECT DISTINCT k FROM a ORDER BY k",
        "SELECT min(k), max(k), count(k), count(*), count(DISTINCT k) FROM a",
        "SELECT count(*) FROM a",
        "SELECT name, count(*) FROM a WHERE name = 'Name 4' GROUP BY name",
        "SELECT id FROM a WHERE name > 'name 45' ORDER BY name DESC, id",
        "SELECT id FROM a WHERE on_day = DATE '2024-02-01' ORDER BY id",
        "SELECT id FROM a WHERE on_day >= DATE '2024-10-20' ORDER BY on_day DESC, id",
        "SELECT id FROM a WHERE amount = 3.7 ORDER BY id",
        "SELECT id FROM a WHERE amount = 3.70 ORDER BY id",
        "SELECT id FROM a WHERE amount BETWEEN 9.9 AND 9.99 ORDER BY amount, id",
        "SELECT id FROM a WHERE k IN (SELECT k FROM b WHERE flag AND b.id < 40) ORDER BY id",
        "SELECT id FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.k = a.id AND b.name = a.name) ORDER BY id",
        "SELECT a.k, sum(b.amount), round(avg(b.x), 3), count(DISTINCT b.on_day) FROM a JOIN b ON a.k = b.k GROUP BY a.k ORDER BY a.k",
        "SELECT a.id, rank() OVER (PARTITION BY a.k ORDER BY b.amount DESC NULLS LAST, b.id) FROM a JOIN b ON a.id = b.id "
                + "WHERE a.id < 500 ORDER BY a.id",
        "SELECT id FROM a WHERE k = '7' ORDER BY id",
    };

    private static Connection pg;
    private static LocalCopy own;
    private static LocalCopy h2;

    @BeforeAll
    static void load() throws SQLException {
        pg = TestPostgres.connect();
        own = LocalCopy.create(20_000, true);
        h2 = LocalCopy.create(20_000, false);
        for (LocalCopy copy : List.of(own, h2)) {
            for (String[] t : new String[][] {{"a", "3000"}, {"b", "2000"}}) {
                try (Statement s = pg.createStatement(); ResultSet rs = s.executeQuery(ROWS.replace("%d", t[1]))) {
                    copy.load(t[0], rs, 10_000);
                }
            }
            // every column a statement compares with '=' gets its index before the first statement, so both copies have the same
            copy.indexFor("SELECT 1 FROM a JOIN b ON a.k = b.k AND a.name = b.name AND a.on_day = b.on_day AND a.amount = b.amount "
                    + "AND a.id = b.id AND b.big = a.id WHERE a.k = 1");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        own.close();
        h2.close();
        pg.close();
    }

    @Test
    void theCopiesAreCopyTablesAndTheOracleIsNot() throws SQLException {
        assertTrue(CopyTableEngine.fits(), "the build's H2 is the one the copy tables are written for");
        assertTrue(engineOf(own).contains("CopyTableEngine"), engineOf(own));
        assertFalse(engineOf(h2).contains("CopyTableEngine"), engineOf(h2));
    }

    private static String engineOf(LocalCopy copy) throws SQLException {
        try (Statement s = copy.admin().createStatement(); ResultSet rs = s.executeQuery("SCRIPT NODATA TABLE a")) {
            StringBuilder b = new StringBuilder();
            while (rs.next()) {
                b.append(rs.getString(1)).append('\n');
            }
            return b.toString();
        }
    }

    @Test
    void everyStatementGivesTheRowsOfHTwosOwnTables() throws SQLException {
        for (String sql : STATEMENTS) {
            List<String> expected = rows(h2, sql);
            assertEquals(expected, rows(own, sql), sql);
            assertFalse(expected.isEmpty() && !sql.contains("5.5"), "a statement that finds nothing tests little: " + sql);
        }
    }

    @Test
    void theIndexesServeLookupsRangesAndOrderBothWays() throws SQLException {
        String join = plan("SELECT a.id FROM a JOIN b ON a.id = b.k");
        assertTrue(join.matches("(?s).*index_[0-9_]+: (k = a\\.id|id = b\\.k).*"), join);
        String range = plan("SELECT id, k FROM a WHERE k BETWEEN 3 AND 7");
        assertTrue(range.matches("(?s).*index_[0-9]+: k >= 3\\s+and k <= 7.*"), range);
        String reversed = plan("SELECT id, k FROM a WHERE k > 90 ORDER BY k DESC");
        assertTrue(reversed.matches("(?s).*index_[0-9]+: k > 90.*") && reversed.contains("index sorted"), reversed);
    }

    private static String plan(String sql) throws SQLException {
        try (Statement s = own.reader().createStatement(); ResultSet rs = s.executeQuery("EXPLAIN " + sql)) {
            rs.next();
            return rs.getString(1).toLowerCase();
        }
    }

    @Test
    void aCopyHasNoRowIdColumn() {
        // H2's own tables have the pseudo-column _ROWID_; a copy's rows have keys but no column for them (nothing reads it)
        SQLException e = assertThrows(SQLException.class, () -> rows(own, "SELECT _ROWID_ FROM a"));
        assertTrue(e.getMessage().contains("_ROWID_"), e.getMessage());
    }

    @Test
    void nothingWritesToACopyNotEvenItsAdministrator() throws SQLException {
        String[] writes = {"INSERT INTO a (id) VALUES (-1)", "UPDATE a SET k = 0 WHERE id = 1", "DELETE FROM a WHERE id = 2",
            "TRUNCATE TABLE a", "MERGE INTO a USING (VALUES (1)) v(x) ON a.id = v.x WHEN MATCHED THEN UPDATE SET k = 0",
            "ALTER TABLE a ADD COLUMN z INT", "CREATE UNIQUE INDEX ON a (id)", "ALTER TABLE a ADD PRIMARY KEY (id)"};
        List<String> before = rows(own, "SELECT count(*), sum(id), sum(k) FROM a");
        for (String write : writes) {
            SQLException e = assertThrows(SQLException.class, () -> {
                try (Statement s = own.admin().createStatement()) {
                    s.execute(write);
                }
            }, write);
            assertTrue(e.getMessage().contains("read-only") || e.getErrorCode() == org.h2.api.ErrorCode.CANNOT_TRUNCATE_1,
                    write + ": " + e.getMessage());
        }
        assertEquals(before, rows(own, "SELECT count(*), sum(id), sum(k) FROM a"));
    }

    /** The statement's rows as text, in its order when it has ORDER BY, else sorted. */
    private static List<String> rows(LocalCopy copy, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = copy.query(sql, 100_000, 30, 0, 0)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    b.append(rs.getObject(i)).append('|');
                }
                rows.add(b.toString());
            }
        }
        if (!sql.contains("ORDER BY")) {
            Collections.sort(rows);
        }
        return rows;
    }
}
