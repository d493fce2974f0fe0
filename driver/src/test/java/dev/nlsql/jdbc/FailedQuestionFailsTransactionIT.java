package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.SqlState;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 38: a question that fails inside a transaction fails the transaction, as a failed statement does on
 * PostgreSQL. Each scenario runs twice, on pgjdbc directly with {@code SELECT 1/0} as the failing statement and
 * through nlsql with a question the offline engine declines, and every step's outcome (its SQLSTATE, or ok) and the
 * rows left must be the same: 25P02 after the failure until ROLLBACK or ROLLBACK TO a savepoint, COMMIT keeping nothing,
 * pgjdbc's autosave deciding as for its own statements. A question that is answered inside a transaction goes on.
 */
class FailedQuestionFailsTransactionIT {

    private static final String DATABASE = "h38tx_failed_blocks";
    /** Declined by the offline engine: nothing in the database is about it. */
    private static final String DECLINED = "What year did World War II end?";
    private static final String ANSWERED = "how many gadgets are there?";

    private static String plainUrl;

    @BeforeAll
    static void database() throws SQLException {
        plainUrl = TestPostgres.database(DATABASE, "DROP TABLE IF EXISTS gadgets",
                "CREATE TABLE gadgets (id int PRIMARY KEY, name text NOT NULL)");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }

    @BeforeEach
    void empty() throws SQLException {
        try (Connection c = DriverManager.getConnection(plainUrl); Statement s = c.createStatement()) {
            s.execute("TRUNCATE gadgets");
        }
    }

    /** The ids in gadgets, read on a plain PostgreSQL connection. */
    private static List<Integer> ids() throws SQLException {
        List<Integer> ids = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(plainUrl); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id FROM gadgets ORDER BY id")) {
            while (rs.next()) {
                ids.add(rs.getInt(1));
            }
        }
        return ids;
    }

    private static String nlUrl(String... params) {
        List<String> all = new ArrayList<>(List.of("nlsql.llm=offline", "nlsql.cache=false"));
        all.addAll(List.of(params));
        return TestPostgres.withParams("jdbc:nlsql:" + plainUrl.substring("jdbc:".length()), all.toArray(String[]::new));
    }

    /** What a scenario does on one side: SQL as written; {@code fail} and {@code read} as that side does them. */
    private interface Side {
        /** A statement that fails: SELECT 1/0 directly, a declined question through nlsql. */
        void fail(Connection c) throws SQLException;

        /** A statement that reads: SELECT count(*) directly, a question nlsql answers through nlsql. */
        void read(Connection c) throws SQLException;
    }

    private static final Side DIRECT = new Side() {
        @Override
        public void fail(Connection c) throws SQLException {
            try (Statement s = c.createStatement()) {
                s.executeQuery("SELECT 1/0");
            }
        }

        @Override
        public void read(Connection c) throws SQLException {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM gadgets")) {
                rs.next();
            }
        }
    };

    private static final Side QUESTION = new Side() {
        @Override
        public void fail(Connection c) throws SQLException {
            try (Statement s = c.createStatement()) {
                SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(DECLINED));
                assertTrue(e.getSQLState().startsWith("NL") || SqlState.IN_FAILED_SQL_TRANSACTION.is(e), e.getMessage());
                throw e;
            }
        }

        @Override
        public void read(Connection c) throws SQLException {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(ANSWERED)) {
                rs.next();
            }
        }
    };

    /** The same question, prepared (the path a Describe takes through the proxy). */
    private static final Side PREPARED_QUESTION = new Side() {
        @Override
        public void fail(Connection c) throws SQLException {
            try (PreparedStatement s = c.prepareStatement(DECLINED)) {
                s.executeQuery();
            }
        }

        @Override
        public void read(Connection c) throws SQLException {
            QUESTION.read(c);
        }
    };

    @FunctionalInterface
    private interface Step {
        void run(Connection c, Side side) throws SQLException;
    }

    /** Runs the steps, each one's outcome recorded (a failure as "failed", else ok or its SQLSTATE), then the rows left. */
    private static List<String> outcomes(String url, Side side, Step... steps) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url)) {
            for (Step step : steps) {
                try {
                    step.run(c, side);
                    out.add("ok");
                } catch (SQLException e) {
                    out.add(e.getSQLState());
                }
            }
        }
        out.add("rows " + ids());
        return out;
    }

    /** The scenario directly and through nlsql (plain and prepared questions): the same outcomes; returns them. */
    private List<String> sameAsDirect(String urlParams, Step... steps) throws SQLException {
        String direct = urlParams.isEmpty() ? plainUrl : TestPostgres.withParams(plainUrl, urlParams);
        List<String> expected = outcomes(direct, DIRECT, steps);
        for (Side side : List.of(QUESTION, PREPARED_QUESTION)) {
            empty();
            String nl = urlParams.isEmpty() ? nlUrl() : nlUrl(urlParams);
            List<String> got = outcomes(nl, side, steps);
            assertEquals(normalized(expected), normalized(got), "through nlsql as directly (" + urlParams + ")");
        }
        return normalized(expected);
    }

    /** The failing step's own state differs (22012 directly, NL00x through nlsql): "failed" for either. */
    private static List<String> normalized(List<String> outcomes) {
        return outcomes.stream().map(o -> o.equals("22012") || o.startsWith("NL") ? "failed" : o).toList();
    }

    private static Step sql(String text) {
        return (c, side) -> {
            try (Statement s = c.createStatement()) {
                s.execute(text);
            }
        };
    }

    private static final Step FAIL = (c, side) -> side.fail(c);
    private static final Step READ = (c, side) -> side.read(c);
    private static final Step NO_AUTO_COMMIT = (c, side) -> c.setAutoCommit(false);
    private static final Step COMMIT = (c, side) -> c.commit();
    private static final Step ROLLBACK = (c, side) -> c.rollback();
    private static final String FAILED = SqlState.IN_FAILED_SQL_TRANSACTION.code();

    @Test
    void aFailedQuestionFailsTheTransactionAndCommitKeepsNothing() throws SQLException {
        List<String> outcomes = sameAsDirect("", NO_AUTO_COMMIT, sql("INSERT INTO gadgets VALUES (1, 'kept?')"), FAIL,
                sql("SELECT 1"), sql("INSERT INTO gadgets VALUES (2, 'after')"), READ, COMMIT);
        assertEquals(List.of("ok", "ok", "failed", FAILED, FAILED, FAILED, "ok", "rows []"), outcomes,
                "25P02 after the failure, a question's too; commit() of the failed transaction returns, as pgjdbc's does, and keeps nothing");
    }

    @Test
    void rollbackToASavepointMadeBeforeTheFailureGoesOn() throws SQLException {
        Savepoint[] savepoint = new Savepoint[1];
        List<String> outcomes = sameAsDirect("", NO_AUTO_COMMIT, sql("INSERT INTO gadgets VALUES (1, 'before')"),
                (c, side) -> savepoint[0] = c.setSavepoint(), sql("INSERT INTO gadgets VALUES (2, 'undone')"), FAIL,
                sql("SELECT 1"), (c, side) -> c.rollback(savepoint[0]), READ, sql("INSERT INTO gadgets VALUES (3, 'after')"), COMMIT);
        assertEquals(List.of("ok", "ok", "ok", "ok", "failed", FAILED, "ok", "ok", "ok", "ok", "rows [1, 3]"), outcomes);
    }

    @Test
    void sqlSavepointsAndBeginWithAutoCommitOn() throws SQLException {
        List<String> outcomes = sameAsDirect("", sql("BEGIN"), sql("INSERT INTO gadgets VALUES (1, 'before')"), sql("SAVEPOINT a"),
                sql("INSERT INTO gadgets VALUES (2, 'undone')"), FAIL, sql("SAVEPOINT b"), sql("ROLLBACK TO SAVEPOINT a"),
                READ, FAIL, sql("INSERT INTO gadgets VALUES (3, 'lost')"), sql("COMMIT"));
        assertEquals(List.of("ok", "ok", "ok", "ok", "failed", FAILED, "ok", "ok", "failed", FAILED, "ok", "rows []"), outcomes,
                "the SQL COMMIT of a failed block answers ROLLBACK");
    }

    @Test
    void aFailureFirstInTheTransactionFailsItToo() throws SQLException {
        List<String> outcomes = sameAsDirect("", NO_AUTO_COMMIT, FAIL, READ, ROLLBACK,
                sql("INSERT INTO gadgets VALUES (1, 'after the rollback')"), READ, COMMIT);
        assertEquals(List.of("ok", "failed", FAILED, "ok", "ok", "ok", "ok", "rows [1]"), outcomes);
    }

    @Test
    void autosaveAlwaysRollsTheFailureBackAsPgjdbcDoes() throws SQLException {
        List<String> outcomes = sameAsDirect("autosave=always", NO_AUTO_COMMIT, sql("INSERT INTO gadgets VALUES (1, 'kept')"), FAIL,
                READ, sql("INSERT INTO gadgets VALUES (2, 'kept too')"), COMMIT);
        assertEquals(List.of("ok", "ok", "failed", "ok", "ok", "ok", "rows [1, 2]"), outcomes);
    }

    @Test
    void autosaveConservativeFailsAsWithout() throws SQLException {
        List<String> outcomes = sameAsDirect("autosave=conservative", NO_AUTO_COMMIT, sql("INSERT INTO gadgets VALUES (1, 'lost')"),
                FAIL, sql("SELECT 1"), COMMIT);
        assertEquals(List.of("ok", "ok", "failed", FAILED, "ok", "rows []"), outcomes);
    }

    @Test
    void anAnsweredQuestionInsideATransactionGoesOn() throws SQLException {
        List<String> outcomes = sameAsDirect("", NO_AUTO_COMMIT, sql("INSERT INTO gadgets VALUES (1, 'kept')"), READ,
                sql("INSERT INTO gadgets VALUES (2, 'kept too')"), READ, COMMIT);
        assertEquals(List.of("ok", "ok", "ok", "ok", "ok", "ok", "rows [1, 2]"), outcomes);
        try (Connection c = DriverManager.getConnection(nlUrl()); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("INSERT INTO gadgets VALUES (3, 'counted')");
            try (ResultSet rs = s.executeQuery(ANSWERED)) {
                assertTrue(rs.next());
                assertEquals(3, rs.getInt(1), "the question sees the transaction's own insert");
            }
            c.commit();
        }
        assertEquals(List.of(1, 2, 3), ids());
    }

    @Test
    void aQuestionFailingOutsideATransactionFailsNothingElse() throws SQLException {
        List<String> outcomes = sameAsDirect("", sql("INSERT INTO gadgets VALUES (1, 'committed')"), FAIL, READ,
                sql("INSERT INTO gadgets VALUES (2, 'committed too')"));
        assertEquals(List.of("ok", "failed", "ok", "ok", "rows [1, 2]"), outcomes);
    }

    /** The guard refusing a statement under nlsql.passthrough=readonly fails the transaction as an error does. */
    @Test
    void aGuardRefusalFailsTheTransaction() throws SQLException {
        try (Connection c = DriverManager.getConnection(nlUrl("nlsql.passthrough=readonly")); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM gadgets")) {
                assertTrue(rs.next());
            }
            SQLException refused = assertThrows(SQLException.class, () -> s.execute("DELETE FROM gadgets"));
            assertEquals("NL003", refused.getSQLState(), refused.getMessage());
            SQLException next = assertThrows(SQLException.class, () -> s.executeQuery("SELECT count(*) FROM gadgets"));
            assertEquals(FAILED, next.getSQLState(), next.getMessage());
            assertEquals(FAILED, assertThrows(SQLException.class, () -> s.executeQuery(ANSWERED)).getSQLState());
            assertEquals(FAILED, assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1/0")).getSQLState(),
                    "25P02 comes before the statement's own error, as on PostgreSQL");
            c.rollback();
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM gadgets")) {
                assertTrue(rs.next(), "after ROLLBACK the connection goes on");
            }
            SQLException failing = assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1/0"));
            assertEquals("22012", failing.getSQLState(), "guarded SQL that fails under its savepoint");
            assertEquals(FAILED, assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1")).getSQLState());
            c.rollback();
        }
    }
}
