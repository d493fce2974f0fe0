package dev.nlsql.internal.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Issue 37 (5): every method of the wrapped drivers' own types that runs on the delegate and may take SQL text or
 * reach the real connection is on one of {@link DriverSqlMethods}' reviewed lists. A new one in a later pgjdbc (or a
 * driver whose objects start being handed out with their own interfaces) fails here until it is reviewed; meanwhile the
 * handler refuses it under readonly/deny ({@link DriverSqlMethods#gated}).
 */
class DriverSqlMethodsTest {

    /** What nlsql hands out over pgjdbc and H2 (whose connection adds H2's CastDataProvider): (wrapper, driver class). */
    private static final String[][] DRIVERS = {
        {"dev.nlsql.jdbc.NlConnection", "org.postgresql.jdbc.PgConnection"},
        {"dev.nlsql.jdbc.NlStatement", "org.postgresql.jdbc.PgStatement"},
        {"dev.nlsql.jdbc.NlQuestionStatement", "org.postgresql.jdbc.PgStatement"},
        {"dev.nlsql.jdbc.NlPreparedStatement", "org.postgresql.jdbc.PgPreparedStatement"},
        {"dev.nlsql.jdbc.NlCallableStatement", "org.postgresql.jdbc.PgCallableStatement"},
        {"dev.nlsql.jdbc.NlConnection", "org.h2.jdbc.JdbcConnection"},
        {"dev.nlsql.jdbc.NlStatement", "org.h2.jdbc.JdbcStatement"},
        {"dev.nlsql.jdbc.NlPreparedStatement", "org.h2.jdbc.JdbcPreparedStatement"},
        {"dev.nlsql.jdbc.NlCallableStatement", "org.h2.jdbc.JdbcCallableStatement"}};

    /** MariaDB's objects: handed out as nlsql's wrappers, so none of their own methods runs on a delegate. */
    private static final String[][] OTHERS = {
        {"dev.nlsql.jdbc.NlConnection", "org.mariadb.jdbc.Connection"},
        {"dev.nlsql.jdbc.NlStatement", "org.mariadb.jdbc.Statement"},
        {"dev.nlsql.jdbc.NlPreparedStatement", "org.mariadb.jdbc.ClientPreparedStatement"},
        {"dev.nlsql.jdbc.NlPreparedStatement", "org.mariadb.jdbc.ServerPreparedStatement"},
        {"dev.nlsql.jdbc.NlCallableStatement", "org.mariadb.jdbc.ProcedureStatement"},
        {"dev.nlsql.jdbc.NlCallableStatement", "org.mariadb.jdbc.FunctionStatement"}};

    private static List<Method> routed(String[] pair) throws ClassNotFoundException {
        return DriverInterfaces.delegateRouted(Class.forName(pair[0]), Class.forName(pair[1]));
    }

    @Test
    void everyDelegateMethodThatMayTakeOrReachSqlIsReviewed() throws Exception {
        TreeMap<String, String> unreviewed = new TreeMap<>();
        Set<String> present = new TreeSet<>();
        for (String[] pair : DRIVERS) {
            for (Method m : routed(pair)) {
                String key = DriverSqlMethods.key(m);
                present.add(key);
                if (DriverSqlMethods.needsReview(m) && DriverSqlMethods.reviewed(m) == null) {
                    unreviewed.put(key, m.getDeclaringClass().getName() + " (on " + pair[0] + ")");
                }
            }
        }
        assertEquals(new TreeMap<>(), unreviewed, "delegate methods that may take SQL text or reach the real connection,"
                + " not yet reviewed in DriverSqlMethods (refused under readonly/deny until they are)");
        Set<String> stale = new TreeSet<>(DriverSqlMethods.RUN_SQL.keySet());
        stale.addAll(DriverSqlMethods.NO_SQL.keySet());
        stale.removeAll(present);
        assertEquals(Set.of(), stale, "reviewed methods no handed-out object routes to pgjdbc any more");
    }

    @Test
    void theReviewedSqlMethodsAreGatedAndTheOthersAreNot() throws Exception {
        Set<String> gated = new TreeSet<>();
        for (String[] pair : DRIVERS) {
            for (Method m : routed(pair)) {
                if (DriverSqlMethods.gated(m)) {
                    gated.add(DriverSqlMethods.key(m));
                }
            }
        }
        assertEquals(new TreeSet<>(DriverSqlMethods.RUN_SQL.keySet()), gated);
        assertTrue(gated.contains("executeWithFlags(String,int)"), gated.toString());
    }

    @Test
    void otherDriversObjectsRouteNothingToTheirDelegates() throws Exception {
        int checked = 0;
        for (String[] pair : OTHERS) {
            try {
                assertEquals(List.of(), routed(pair), pair[1]);
                checked++;
            } catch (ClassNotFoundException notOnTheClassPath) {
                // only drivers the tests carry
            }
        }
        assertEquals(OTHERS.length, checked, "MariaDB's classes were all checked");
    }

    @Test
    void anUnreviewedMethodThatTakesTextIsGated() throws Exception {
        Method unknown = Unknown.class.getMethod("runSomething", String.class);
        assertTrue(DriverSqlMethods.needsReview(unknown));
        assertTrue(DriverSqlMethods.gated(unknown));
        assertFalse(DriverSqlMethods.gated(Unknown.class.getMethod("threshold", int.class)));
    }

    interface Unknown {
        void runSomething(String sql);

        void threshold(int n);
    }
}
