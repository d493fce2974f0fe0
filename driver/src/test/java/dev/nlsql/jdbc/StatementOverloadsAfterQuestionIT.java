package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nlsql.testing.ShopDb;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 26's JDBC bug, for every Statement overload: after a question on a jdbc:nlsql: statement, each execute overload
 * leaves the statement as plain pgjdbc leaves it after the same overload follows a plain SELECT. Both sides run the
 * same sequence and read the statement the same way (update counts, result set, generated keys, getMoreResults).
 */
class StatementOverloadsAfterQuestionIT {

    private static final String DATABASE = "nlsql_overloads26";
    /** Answered offline with the count of 2024's orders, as the plain SELECT below. */
    private static final String QUESTION = "how many orders in 2024";
    private static final String SELECT = "SELECT count(*) FROM orders WHERE ordered_at >= '2024-01-01' AND ordered_at < '2025-01-01'";
    private static final String INSERT = "INSERT INTO t26 (a) VALUES (1), (2)";
    private static final String QUERY = "SELECT a FROM t26 ORDER BY id";

    /** One overload, run on a statement; the text is what the nlsql side runs, the plain side runs the same SQL. */
    private record Overload(String name, Run nl, Run plain) {
        Overload(String name, Run both) {
            this(name, both, both);
        }
    }

    @FunctionalInterface
    private interface Run {
        Object on(Statement s) throws SQLException;
    }

    private static List<Overload> overloads() {
        List<Overload> all = new ArrayList<>();
        all.add(new Overload("execute(update)", s -> s.execute(INSERT)));
        all.add(new Overload("execute(query)", s -> s.execute(QUERY)));
        all.add(new Overload("execute(question)", s -> s.execute(QUESTION), s -> s.execute(SELECT)));
        all.add(new Overload("execute(sql, RETURN_GENERATED_KEYS)", s -> s.execute(INSERT, Statement.RETURN_GENERATED_KEYS)));
        all.add(new Overload("execute(sql, NO_GENERATED_KEYS)", s -> s.execute(INSERT, Statement.NO_GENERATED_KEYS)));
        all.add(new Overload("execute(sql, int[])", s -> s.execute(INSERT, new int[] {1})));
        all.add(new Overload("execute(sql, String[])", s -> s.execute(INSERT, new String[] {"id"})));
        all.add(new Overload("executeQuery(query)", s -> s.executeQuery(QUERY)));
        all.add(new Overload("executeQuery(question)", s -> s.executeQuery(QUESTION), s -> s.executeQuery(SELECT)));
        all.add(new Overload("executeUpdate(sql)", s -> s.executeUpdate(INSERT)));
        all.add(new Overload("executeUpdate(sql, RETURN_GENERATED_KEYS)", s -> s.executeUpdate(INSERT, Statement.RETURN_GENERATED_KEYS)));
        all.add(new Overload("executeUpdate(sql, int[])", s -> s.executeUpdate(INSERT, new int[] {1})));
        all.add(new Overload("executeUpdate(sql, String[])", s -> s.executeUpdate(INSERT, new String[] {"id"})));
        all.add(new Overload("executeLargeUpdate(sql)", s -> s.executeLargeUpdate(INSERT)));
        all.add(new Overload("executeLargeUpdate(sql, RETURN_GENERATED_KEYS)",
                s -> s.executeLargeUpdate(INSERT, Statement.RETURN_GENERATED_KEYS)));
        all.add(new Overload("executeLargeUpdate(sql, int[])", s -> s.executeLargeUpdate(INSERT, new int[] {1})));
        all.add(new Overload("executeLargeUpdate(sql, String[])", s -> s.executeLargeUpdate(INSERT, new String[] {"id"})));
        all.add(new Overload("executeBatch()", s -> {
            s.addBatch(INSERT);
            s.addBatch("UPDATE t26 SET a = a + 1");
            return s.executeBatch();
        }));
        all.add(new Overload("executeLargeBatch()", s -> {
            s.addBatch(INSERT);
            s.addBatch("UPDATE t26 SET a = a + 1");
            return s.executeLargeBatch();
        }));
        return all;
    }

    /** For each way to ask first (execute, executeQuery) and each overload after it: nlsql's reading equals pgjdbc's. */
    @TestFactory
    Stream<DynamicTest> everyOverloadAfterAQuestionReadsAsAfterAPlainSelect() {
        List<DynamicTest> tests = new ArrayList<>();
        for (boolean asQuery : new boolean[] {false, true}) {
            for (Overload o : overloads()) {
                String first = asQuery ? "executeQuery" : "execute";
                tests.add(DynamicTest.dynamicTest(first + "(question), then " + o.name(), () -> {
                    List<String> plain = run(plainUrl(), asQuery, SELECT, o.plain());
                    List<String> nl = run(nlUrl(), asQuery, QUESTION, o.nl());
                    assertEquals(plain, nl, "nlsql after a question vs pgjdbc after a SELECT");
                }));
            }
        }
        return tests.stream();
    }

    /** On a fresh connection with its own temporary table: ask (or select), run the overload, read the statement. */
    private static List<String> run(String url, boolean asQuery, String first, Run overload) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            try (Statement setup = c.createStatement()) {
                setup.executeUpdate("CREATE TEMP TABLE t26 (id serial PRIMARY KEY, a int)");
            }
            List<String> seen = new ArrayList<>();
            // an update with keys first: what the question must not leave visible of it
            seen.add("update: " + s.executeUpdate(INSERT, Statement.RETURN_GENERATED_KEYS));
            if (asQuery) {
                seen.add("first: " + rows(s.executeQuery(first)));
            } else {
                seen.add("first: " + s.execute(first));
            }
            seen.add("updateCount after first: " + s.getUpdateCount());
            seen.add("generatedKeys after first: " + rows(s.getGeneratedKeys()));
            try {
                seen.add("returned: " + shown(overload.on(s)));
            } catch (SQLException e) { // pgjdbc refuses keys by column index: nlsql must refuse them alike
                seen.add("refused: " + e.getSQLState() + " " + e.getMessage());
            }
            seen.add("updateCount: " + s.getUpdateCount());
            seen.add("largeUpdateCount: " + s.getLargeUpdateCount());
            seen.add("resultSet: " + rows(s.getResultSet()));
            seen.add("generatedKeys: " + rows(s.getGeneratedKeys()));
            seen.add("moreResults: " + s.getMoreResults());
            seen.add("updateCount after: " + s.getUpdateCount());
            seen.add("resultSet after: " + rows(s.getResultSet()));
            return seen;
        }
    }

    private static String shown(Object value) throws SQLException {
        if (value instanceof ResultSet rs) {
            return rows(rs);
        }
        if (value instanceof int[] counts) {
            return Arrays.toString(counts);
        }
        if (value instanceof long[] counts) {
            return Arrays.toString(counts);
        }
        return String.valueOf(value);
    }

    /** The rows left to read, without closing them (getResultSet may hand the same rows out again); "null" for none. */
    private static String rows(ResultSet rs) throws SQLException {
        if (rs == null) {
            return "null";
        }
        if (rs.isClosed()) {
            return "closed";
        }
        int n = rs.getMetaData().getColumnCount();
        List<String> out = new ArrayList<>();
        while (rs.next()) {
            List<String> row = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                row.add(rs.getString(i));
            }
            out.add(String.join("|", row));
        }
        return n + " columns " + out;
    }

    private static String plainUrl() throws SQLException {
        return ShopDb.url(DATABASE);
    }

    private static String nlUrl() throws SQLException {
        return TestPostgres.withParams("jdbc:nlsql:" + plainUrl().substring("jdbc:".length()), "nlsql.llm=offline",
                "nlsql.cache=false");
    }

    @AfterAll
    static void dropDatabase() throws SQLException {
        TestPostgres.dropDatabase(DATABASE);
    }
}
