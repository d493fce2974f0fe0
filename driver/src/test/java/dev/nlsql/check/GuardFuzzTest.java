package dev.nlsql.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Benchmarks;
import dev.nlsql.eval.GoldSql;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Mutates the defog gold queries thousands of times. The guard must only ever return or
 * throw its own rejection, within bounded time, and whatever it accepts must run inside a
 * PostgreSQL READ ONLY transaction without a read-only violation: the server is the oracle
 * for "never accepts a write or a lock".
 */
class GuardFuzzTest {

    private static final long SEED = 20261122L;
    private static final int MUTANTS_PER_QUERY = 45;
    private static final String[] SPLICES = {
        ";", "; DELETE FROM sbcustomer", " pg_sleep(1) ", ", pg_sleep(0.01)", " INTO nlsql_fuzz ", " FOR UPDATE", " FOR SHARE",
        "/*", "*/", "--", "'", "\"", "$$", "E'\\''", "\\", "(", ")", ",", "WITH d AS (DELETE FROM sbcustomer RETURNING *) ",
        "UNION SELECT 1", " UPDATE ", " SET ", " DELETE ", " INSERT INTO ", " COPY ", " lo_import('/etc/hostname') ",
        "\n", " /* /* */ ", " $a$ ", "U&\"", " nextval('x') ", " pg_catalog.", " LOCK ", " TABLE ", " VALUES (1) ",
        " RETURNING * ", " DO ", " CALL ", "::regclass", " set_config('a','b',false) ", " FROM ", " WHERE ", " NOT "
    };

    @Test
    void mutatedGoldQueriesNeverGetAWritePastTheGuard() throws Exception {
        SqlGuard guard = new SqlGuard(GuardPolicy.permissive());
        Random random = new Random(SEED);
        List<String> writesAccepted = new ArrayList<>();
        int[] counts = new int[3];
        assertTimeoutPreemptively(Duration.ofMinutes(4), () -> {
            for (String db : Benchmarks.DEFOG_DATABASES) {
                String url = Benchmarks.loadDefog(db);
                String before = fingerprint(url);
                try (Connection c = DriverManager.getConnection(url)) {
                    c.setAutoCommit(false);
                    for (Benchmarks.GoldQuestion q : Benchmarks.defogQuestions()) {
                        if (!q.db().equals(db)) {
                            continue;
                        }
                        for (String gold : GoldSql.expand(q.query())) {
                            for (int i = 0; i < MUTANTS_PER_QUERY; i++) {
                                String mutant = mutate(gold, random);
                                counts[0]++;
                                long start = System.nanoTime();
                                boolean accepted = accepts(guard, mutant);
                                long ms = (System.nanoTime() - start) / 1_000_000;
                                assertTrue(ms < 5_000, "guard took " + ms + " ms on: " + mutant);
                                if (accepted) {
                                    counts[1]++;
                                    if (violatesReadOnly(c, mutant)) {
                                        writesAccepted.add(mutant);
                                    }
                                } else {
                                    counts[2]++;
                                }
                            }
                        }
                    }
                }
                assertEquals(before, fingerprint(url), "database " + db + " changed");
            }
        });
        assertTrue(counts[0] >= 4_000, "mutants: " + counts[0]);
        assertTrue(counts[1] > 100 && counts[2] > 100, "both outcomes occur: accepted " + counts[1] + ", rejected " + counts[2]);
        assertEquals(List.of(), writesAccepted, "accepted mutants that tried to write or lock");
    }

    /** Only the guard's own rejection may come out of check(). */
    private static boolean accepts(SqlGuard guard, String sql) {
        try {
            guard.check(sql);
            return true;
        } catch (GuardRejection e) {
            return false;
        }
    }

    private static boolean violatesReadOnly(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET TRANSACTION READ ONLY");
            s.execute("SET LOCAL statement_timeout = '200ms'");
            s.execute(sql);
            return false;
        } catch (SQLException e) {
            return "25006".equals(e.getSQLState());
        } finally {
            c.rollback();
        }
    }

    static String mutate(String sql, Random random) {
        StringBuilder b = new StringBuilder(sql);
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int at = b.length() == 0 ? 0 : random.nextInt(b.length() + 1);
            switch (random.nextInt(6)) {
                case 0, 1 -> b.insert(at, SPLICES[random.nextInt(SPLICES.length)]);
                case 2 -> {
                    int len = Math.min(b.length() - Math.min(at, b.length()), 1 + random.nextInt(12));
                    b.delete(at, at + len);
                }
                case 3 -> b.insert(at, (char) (32 + random.nextInt(95)));
                case 4 -> b.setLength(Math.min(b.length(), at));
                default -> {
                    int from = random.nextInt(b.length() + 1);
                    int to = Math.min(b.length(), from + random.nextInt(20));
                    b.insert(at, b.substring(from, to));
                }
            }
        }
        return b.toString();
    }

    private static String fingerprint(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT string_agg(relname || ':' || n_tup_ins || ':' || n_tup_upd || ':' "
                        + "|| n_tup_del, ',' ORDER BY relname) || '|' || (SELECT count(*) FROM pg_class) FROM pg_stat_user_tables")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
