package dev.nlsql.internal.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The local engine's guard against H2's own lists: every built-in function, aggregate and window
 * function H2 knows, and every data type it names, in random positions (select list, scalar
 * subquery, CTE, WHERE, :: and CAST), is refused unless it is on the allow-list (functions) or
 * plain (types); random names are refused too.
 */
class LocalEngineRulesTest {

    private static final SqlGuard LOCAL = new SqlGuard(new GuardPolicy(List.of("t"), FunctionPolicy.localEngine(),
            FunctionPolicy.Purpose.LOCAL_ENGINE, "public"));
    private static final String[] CALL_PLACES = {"SELECT %s FROM t", "SELECT (SELECT %s) AS x FROM t",
        "WITH c AS (SELECT %s AS x FROM t) SELECT x FROM c", "SELECT a FROM t WHERE %s IS NOT NULL",
        "SELECT a FROM (SELECT a FROM t ORDER BY %s) s"};

    private static boolean refused(String sql) {
        try {
            LOCAL.check(sql);
            return false;
        } catch (GuardRejection e) {
            return true;
        }
    }

    private static String why(String sql) {
        try {
            LOCAL.check(sql);
            return "passed";
        } catch (GuardRejection e) {
            return e.getMessage();
        }
    }

    /** H2's function registry, aggregates and window functions, by name. */
    @SuppressWarnings("unchecked")
    private static Set<String> h2FunctionNames() throws Exception {
        Set<String> names = new TreeSet<>();
        java.lang.reflect.Field f = org.h2.expression.function.BuiltinFunctions.class.getDeclaredField("FUNCTIONS");
        f.setAccessible(true);
        ((Set<String>) f.get(null)).forEach(n -> names.add(n.toLowerCase(Locale.ROOT)));
        for (Enum<?> e : org.h2.expression.aggregate.AggregateType.values()) {
            names.add(e.name().toLowerCase(Locale.ROOT));
        }
        for (Enum<?> e : org.h2.expression.analysis.WindowFunctionType.values()) {
            names.add(e.name().toLowerCase(Locale.ROOT));
        }
        return names;
    }

    @Test
    void everyH2FunctionOffTheListIsRefusedWhereverItIs() throws Exception {
        Random random = new Random(22);
        List<String> passed = new ArrayList<>();
        int offList = 0;
        for (String name : h2FunctionNames()) {
            String call = name + "(a, 1)";
            for (int k = 0; k < 2; k++) {
                String sql = String.format(CALL_PLACES[random.nextInt(CALL_PLACES.length)], call);
                if (!LocalEngineRules.FUNCTIONS.contains(name) && !refused(sql)) {
                    passed.add(sql);
                }
            }
            offList += LocalEngineRules.FUNCTIONS.contains(name) ? 0 : 1;
        }
        assertEquals(List.of(), passed);
        assertTrue(offList > 100, "H2 functions off the list: " + offList);
    }

    @Test
    void randomNamesAreRefusedAndListedOnesPass() {
        Random random = new Random(7);
        List<String> passed = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            StringBuilder name = new StringBuilder();
            for (int n = 3 + random.nextInt(10); n > 0; n--) {
                name.append((char) ('a' + random.nextInt(26)));
            }
            String sql = String.format(CALL_PLACES[random.nextInt(CALL_PLACES.length)], name + "(a)");
            if (!LocalEngineRules.FUNCTIONS.contains(name.toString()) && !refused(sql)) {
                passed.add(sql);
            }
        }
        assertEquals(List.of(), passed);
        for (String ok : new String[] {"SELECT count(*), sum(a), avg(a), max(lower(b)) FROM t",
            "SELECT coalesce(b, 'x'), round(a, 2), substring(b, 1, 3), date_trunc('month', d) FROM t",
            "SELECT rank() OVER (ORDER BY a), CAST(a AS numeric(10, 2)), a::text, d::timestamp with time zone FROM t",
            "WITH c AS (SELECT b FROM t WHERE b LIKE '%x%' OR b ILIKE 'y%') SELECT b FROM c"}) {
            assertTrue(!refused(ok), ok + " -> " + why(ok));
        }
    }

    @Test
    void everyH2TypeThatIsNotPlainIsRefusedInCasts() {
        Random random = new Random(12);
        List<String> wrong = new ArrayList<>();
        Set<String> plainSeen = new TreeSet<>();
        for (int type = 0; type < org.h2.value.Value.TYPE_COUNT; type++) {
            String name = org.h2.value.Value.getTypeName(type);
            boolean plain = LocalEngineRules.PLAIN_TYPES.contains(name.toLowerCase(Locale.ROOT));
            for (String cast : new String[] {"CAST(a AS " + name + ")", "a::" + name, "CAST(a AS " + name + " ARRAY)"}) {
                String sql = String.format(CALL_PLACES[random.nextInt(CALL_PLACES.length)], cast);
                boolean expectRefused = !plain || cast.endsWith("ARRAY)");
                if (expectRefused != refused(sql)) {
                    wrong.add((expectRefused ? "passed: " : "refused: ") + sql);
                }
            }
            if (plain) {
                plainSeen.add(name);
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(plainSeen.containsAll(Set.of("INTEGER", "BIGINT", "NUMERIC", "BOOLEAN", "DATE", "CHARACTER VARYING")), "" + plainSeen);
    }

    @Test
    void windowsOnlyWhereH2ComputesThemInLinearTime() {
        for (String ok : new String[] {"SELECT sum(a) OVER (ORDER BY a), rank() OVER (PARTITION BY b ORDER BY a) FROM t",
            "SELECT lag(a) OVER (ORDER BY a), median(a) OVER (PARTITION BY b), string_agg(b, ',') OVER () FROM t"}) {
            assertTrue(!refused(ok), ok + " -> " + why(ok));
        }
        for (String bad : new String[] {"SELECT string_agg(b, ',') OVER (ORDER BY a) FROM t",
            "SELECT median(a) OVER (PARTITION BY b ORDER BY a) FROM t",
            "SELECT sum(a) OVER (ORDER BY a ROWS BETWEEN 100000 PRECEDING AND 100000 FOLLOWING) FROM t",
            "SELECT sum(a) OVER (ORDER BY a RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM t",
            "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY a) OVER (ORDER BY a) FROM t",
            "SELECT sum(a) OVER w FROM t WINDOW w AS (ORDER BY a ROWS BETWEEN 1000 PRECEDING AND CURRENT ROW)"}) {
            assertTrue(refused(bad), bad);
        }
    }

    @Test
    void stringBuildingIsCountedHoweverItIsSpelled() {
        assertTrue(!refused("SELECT " + "b || ".repeat(8) + "b FROM t"));
        assertTrue(refused("SELECT " + "b || ".repeat(9) + "b FROM t"));
        assertTrue(refused("SELECT " + "\"CONCAT\"(".repeat(9) + "b" + ", b)".repeat(9) + " FROM t"));
        assertTrue(refused("SELECT concat(b, b, b), replace(b, 'a', 'bb'), string_agg(b, ',') OVER (), " + "b || ".repeat(6)
                + "b FROM t"));
    }

    @Test
    void likePatternsMustBeLiteralsMatchedInLinearTime() {
        for (String ok : new String[] {"%abc%", "abc%", "%abc", "a%b", "a_c%", "%", ""}) {
            assertTrue(!refused("SELECT a FROM t WHERE b LIKE '" + ok + "'"), ok);
        }
        for (String bad : new String[] {"%a%b", "%a%a%a%b", "a%b%c%", "%_%_%"}) {
            assertTrue(refused("SELECT a FROM t WHERE b LIKE '" + bad + "'"), bad);
            assertTrue(refused("SELECT a FROM t WHERE b ILIKE '" + bad + "'"), bad);
        }
        assertTrue(refused("SELECT a FROM t WHERE b LIKE b"));
        assertTrue(refused("SELECT a FROM t WHERE b LIKE 'a!%' ESCAPE '!'"));
        assertTrue(refused("SELECT a FROM t WHERE b LIKE '" + "x".repeat(LocalEngineRules.MAX_PATTERN + 1) + "'"));
    }
}
