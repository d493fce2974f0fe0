package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.nlsql.testing.TestPostgres;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Array;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue #15, "wrappers all the way": every JDBC object reachable from an nlsql object leads back to nlsql objects.
 * A sweep over every {@link DatabaseMetaData} method that returns a {@link ResultSet} (found by reflection, so a
 * method added to the interface is swept too), the results of statements, prepared and callable statements (their
 * own, getResultSet, getMoreResults, getGeneratedKeys), and {@link Array#getResultSet()} wherever an array comes from.
 */
class WrapperSweepIT {

    private static final String TABLE = "sweep_zorbles";
    private static final String QUESTION = "how many sweep zorbles are there";

    @BeforeEach
    void createTable() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
            s.execute("CREATE TABLE " + TABLE + " (id serial PRIMARY KEY, name text NOT NULL, tags int[])");
            s.execute("INSERT INTO " + TABLE + " (name, tags) VALUES ('first', '{1,2}'), ('second', '{3}')");
        }
    }

    @AfterEach
    void dropTable() throws SQLException {
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }

    private static Connection connect() throws SQLException {
        Connection nl = DriverManager.getConnection(TestPostgres.nlUrl("nlsql.llm=offline", "nlsql.tables=" + TABLE));
        assertInstanceOf(NlConnection.class, nl.unwrap(NlConnection.class));
        return nl;
    }

    /** The result set leads back to {@code nl}: no statement, or a statement whose connection is {@code nl}. */
    private static void leadsBack(Connection nl, ResultSet rs, String what) throws SQLException {
        assertNotNull(rs, what);
        Statement st = rs.getStatement();
        assertTrue(st == null || st.getConnection() == nl,
                what + ": rs.getStatement().getConnection() is " + (st == null ? null : st.getConnection()));
    }

    /** Reads every row and every column, so that the wrapped result set is shown to work; arrays in it lead back too. */
    private static int drain(Connection nl, ResultSet rs, String what) throws SQLException {
        int columns = rs.getMetaData().getColumnCount();
        int rows = 0;
        while (rs.next()) {
            rows++;
            for (int i = 1; i <= columns; i++) {
                Object value = rs.getObject(i);
                if (value instanceof Array a) {
                    try (ResultSet elements = a.getResultSet()) {
                        leadsBack(nl, elements, what + ": column " + i + " array");
                    }
                }
            }
        }
        return rows;
    }

    /** A sensible argument for every parameter type of DatabaseMetaData: catalog null, every other name "%". */
    private static Object[] arguments(Method m) {
        Class<?>[] types = m.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            Class<?> t = types[i];
            if (t == String.class) {
                args[i] = i == 0 ? null : "%";
            } else if (t == int.class) {
                args[i] = 0; // getBestRowIdentifier's scope: bestRowTemporary
            } else if (t == boolean.class) {
                args[i] = true; // getIndexInfo's approximate, getBestRowIdentifier's nullable
            } else if (!t.isArray()) {
                throw new AssertionError("no argument for " + t + " in " + m);
            } // String[] and int[]: null, all types
        }
        return args;
    }

    @Test
    void everyMetadataResultSetLeadsBack() throws Exception {
        List<Method> methods = new ArrayList<>();
        for (Method m : DatabaseMetaData.class.getMethods()) {
            if (m.getReturnType() == ResultSet.class && !Modifier.isStatic(m.getModifiers())) {
                methods.add(m);
            }
        }
        methods.sort(Comparator.comparing(Method::toString));
        assertTrue(methods.size() >= 25, "DatabaseMetaData has " + methods.size() + " ResultSet methods");
        Map<String, Integer> swept = new TreeMap<>();
        List<String> unsupported = new ArrayList<>();
        try (Connection nl = connect()) {
            DatabaseMetaData md = nl.getMetaData();
            assertSame(nl, md.getConnection(), "dmd.getConnection()");
            for (Method m : methods) {
                String what = m.getName() + "/" + m.getParameterCount();
                ResultSet rs;
                try {
                    rs = (ResultSet) m.invoke(md, arguments(m));
                } catch (InvocationTargetException e) {
                    if (e.getCause() instanceof SQLFeatureNotSupportedException) {
                        unsupported.add(what);
                        continue;
                    }
                    throw new AssertionError(what + " failed", e.getCause());
                }
                try (rs) {
                    leadsBack(nl, rs, what);
                    swept.put(what, drain(nl, rs, what));
                }
                assertSame(nl, md.getConnection(), what + ": dmd.getConnection()");
            }
        }
        System.out.println("WrapperSweepIT: " + swept.size() + " of " + methods.size() + " DatabaseMetaData ResultSet methods swept "
                + swept + "; not supported by the real driver: " + unsupported);
        // pgjdbc 42.7 leaves getPseudoColumns, getSuperTypes, getSuperTables and getAttributes unimplemented
        assertTrue(unsupported.size() <= 4, "unsupported: " + unsupported);
        assertEquals(methods.size(), swept.size() + unsupported.size());
    }

    @Test
    void statementResultsLeadBack() throws SQLException {
        try (Connection nl = connect()) {
            try (Statement s = nl.createStatement()) {
                assertSame(nl, s.getConnection(), "Statement.getConnection()");
                try (ResultSet rs = s.executeQuery("SELECT id FROM " + TABLE)) {
                    assertSame(s, rs.getStatement(), "executeQuery's rs.getStatement()");
                }
                assertTrue(s.execute("SELECT 1; SELECT 2"));
                ResultSet first = s.getResultSet();
                assertSame(s, first.getStatement(), "getResultSet()");
                assertTrue(s.getMoreResults());
                ResultSet second = s.getResultSet();
                assertSame(s, second.getStatement(), "getResultSet() after getMoreResults()");
                assertTrue(second.next());
                assertEquals(2, second.getInt(1));
                assertTrue(!s.getMoreResults() && s.getUpdateCount() == -1);

                s.executeUpdate("INSERT INTO " + TABLE + " (name) VALUES ('third')", Statement.RETURN_GENERATED_KEYS);
                try (ResultSet keys = s.getGeneratedKeys()) {
                    assertSame(s, keys.getStatement(), "Statement.getGeneratedKeys()");
                    assertTrue(keys.next());
                }
                assertTrue(s.execute("INSERT INTO " + TABLE + " (name) VALUES ('fourth')", Statement.RETURN_GENERATED_KEYS) == false);
                try (ResultSet keys = s.getGeneratedKeys()) {
                    assertSame(s, keys.getStatement(), "Statement.getGeneratedKeys() after execute");
                }

                // a question's answer (offline generator)
                try (ResultSet answer = s.executeQuery("NL: " + QUESTION)) {
                    assertSame(s, answer.getStatement(), "a question's rs.getStatement()");
                }
                assertTrue(s.execute("NL: " + QUESTION));
                assertSame(s, s.getResultSet().getStatement(), "a question's getResultSet()");
            }

            try (PreparedStatement p = nl.prepareStatement("SELECT id, tags FROM " + TABLE + " WHERE id > ?")) {
                assertSame(nl, p.getConnection(), "PreparedStatement.getConnection()");
                p.setInt(1, 0);
                try (ResultSet rs = p.executeQuery()) {
                    assertSame(p, rs.getStatement(), "prepared executeQuery's rs.getStatement()");
                    drain(nl, rs, "prepared");
                }
                assertTrue(p.execute());
                assertSame(p, p.getResultSet().getStatement(), "prepared getResultSet()");
                assertTrue(!p.getMoreResults());
            }
            try (PreparedStatement p = nl.prepareStatement("INSERT INTO " + TABLE + " (name) VALUES (?)", Statement.RETURN_GENERATED_KEYS)) {
                p.setString(1, "fifth");
                assertEquals(1, p.executeUpdate());
                try (ResultSet keys = p.getGeneratedKeys()) {
                    assertSame(p, keys.getStatement(), "prepared getGeneratedKeys()");
                    assertTrue(keys.next());
                }
            }
            try (PreparedStatement q = nl.prepareStatement("NL: " + QUESTION)) {
                assertSame(nl, q.getConnection(), "question PreparedStatement.getConnection()");
                try (ResultSet rs = q.executeQuery()) {
                    assertSame(q, rs.getStatement(), "prepared question's rs.getStatement()");
                }
            }

            try (CallableStatement c = nl.prepareCall("{call abs(-3)}")) {
                assertSame(nl, c.getConnection(), "CallableStatement.getConnection()");
                try (ResultSet rs = c.executeQuery()) {
                    assertSame(c, rs.getStatement(), "callable executeQuery's rs.getStatement()");
                    assertTrue(rs.next());
                    assertEquals(3, rs.getInt(1));
                }
                assertTrue(c.execute());
                assertSame(c, c.getResultSet().getStatement(), "callable getResultSet()");
            }
        }
    }

    @Test
    void arraysLeadBack() throws SQLException {
        try (Connection nl = connect()) {
            try (Statement s = nl.createStatement();
                    ResultSet rs = s.executeQuery("SELECT ARRAY[1,2] AS a, ARRAY[ARRAY[1,2],ARRAY[3,4]] AS m")) {
                assertTrue(rs.next());
                Array a = rs.getArray(1);
                try (ResultSet elements = a.getResultSet()) {
                    leadsBack(nl, elements, "rs.getArray(1).getResultSet()");
                    assertTrue(elements.next());
                    assertEquals(1, elements.getInt(1)); // index
                    assertEquals(1, elements.getInt(2)); // value
                }
                leadsBack(nl, a.getResultSet(2, 1), "getResultSet(index, count)");
                leadsBack(nl, a.getResultSet(Map.of()), "getResultSet(map)");
                leadsBack(nl, a.getResultSet(1, 1, Map.of()), "getResultSet(index, count, map)");
                assertEquals(List.of(1, 2), Arrays.asList((Integer[]) a.getArray()));
                leadsBack(nl, rs.getArray("a").getResultSet(), "rs.getArray(label)");
                leadsBack(nl, ((Array) rs.getObject(1)).getResultSet(), "rs.getObject(1) as Array");
                leadsBack(nl, ((Array) rs.getObject("a")).getResultSet(), "rs.getObject(label) as Array");
                leadsBack(nl, rs.getObject(1, Array.class).getResultSet(), "rs.getObject(1, Array.class)");

                // a two-dimensional array: its rows are arrays, and their result sets lead back too
                try (ResultSet rows = rs.getArray("m").getResultSet()) {
                    leadsBack(nl, rows, "matrix");
                    assertTrue(rows.next());
                    leadsBack(nl, rows.getArray(2).getResultSet(), "matrix row");
                }
            }

            try (PreparedStatement p = nl.prepareStatement("SELECT tags FROM " + TABLE + " WHERE name = ?")) {
                p.setString(1, "first");
                try (ResultSet rs = p.executeQuery()) {
                    assertTrue(rs.next());
                    leadsBack(nl, rs.getArray(1).getResultSet(), "prepared rs.getArray(1)");
                }
            }

            try (CallableStatement c = nl.prepareCall("{? = call array_append(ARRAY[1], 2)}")) {
                c.registerOutParameter(1, Types.ARRAY);
                c.execute();
                leadsBack(nl, c.getArray(1).getResultSet(), "CallableStatement.getArray(1)");
                leadsBack(nl, ((Array) c.getObject(1)).getResultSet(), "CallableStatement.getObject(1) as Array");
            }

            // an array made by the connection, which then still binds as an array parameter
            Array made = nl.createArrayOf("int4", new Object[] {3, 4});
            leadsBack(nl, made.getResultSet(), "Connection.createArrayOf(...).getResultSet()");
            try (PreparedStatement p = nl.prepareStatement("SELECT cardinality(?::int[]), ? = ARRAY[1,2]")) {
                p.setArray(1, made);
                Array fetched;
                try (Statement s = nl.createStatement(); ResultSet rs = s.executeQuery("SELECT ARRAY[1,2]")) {
                    assertTrue(rs.next());
                    fetched = rs.getArray(1);
                }
                p.setObject(2, fetched);
                try (ResultSet rs = p.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(2, rs.getInt(1));
                    assertTrue(rs.getBoolean(2));
                }
            } catch (SQLException e) {
                fail("a wrapped array binds as a parameter", e);
            }
        }
    }

    /** pgjdbc hands a refcursor value out as a ResultSet of the cursor's rows (inside a transaction). */
    @Test
    void refCursorResultSetsLeadBack() throws SQLException {
        try (Connection nl = connect(); Statement s = nl.createStatement()) {
            nl.setAutoCommit(false);
            s.execute("DECLARE sweep_cursor CURSOR FOR SELECT name FROM " + TABLE + " ORDER BY id");
            try (ResultSet rs = s.executeQuery("SELECT 'sweep_cursor'::refcursor")) {
                assertTrue(rs.next());
                Object value = rs.getObject(1);
                assertInstanceOf(ResultSet.class, value);
                try (ResultSet rows = (ResultSet) value) {
                    leadsBack(nl, rows, "rs.getObject(refcursor)");
                    assertTrue(rows.next());
                    assertEquals("first", rows.getString(1));
                }
            }
            nl.rollback();
        }
    }
}
