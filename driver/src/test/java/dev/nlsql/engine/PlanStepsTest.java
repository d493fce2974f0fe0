package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.nlsql.sql.LexRules;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanStepsTest {

    private static String compose(List<String> earlier, String sql) {
        return PlanSteps.compose(earlier, sql, LexRules.POSTGRESQL);
    }

    @Test
    void earlierStepsBecomeCtesInOrder() {
        assertEquals("SELECT 1", compose(List.of(), "SELECT 1;"));
        assertEquals("WITH step1 AS (SELECT a FROM t), step2 AS (SELECT max(a) AS m FROM step1) SELECT m FROM step2",
                compose(List.of("SELECT a FROM t;", "SELECT max(a) AS m FROM step1"), "SELECT m FROM step2"));
        assertNull(compose(List.of("SELECT 1"), null));
    }

    @Test
    void aStepWithItsOwnWithJoinsTheList() {
        assertEquals("WITH step1 AS (SELECT 1 AS x), y AS (SELECT x FROM step1) SELECT * FROM y",
                compose(List.of("SELECT 1 AS x"), "WITH y AS (SELECT x FROM step1) SELECT * FROM y"));
        assertEquals("WITH RECURSIVE step1 AS (SELECT 3 AS n), r AS (SELECT n FROM step1 UNION ALL SELECT n - 1 FROM r WHERE n > 0) SELECT * FROM r",
                compose(List.of("SELECT 3 AS n"),
                        "WITH RECURSIVE r AS (SELECT n FROM step1 UNION ALL SELECT n - 1 FROM r WHERE n > 0) SELECT * FROM r"));
    }

    /** A step ending in a line comment would otherwise comment out the closing parenthesis and every step after it. */
    @Test
    void stepsAreComposedFromTheirCanonicalTextWithoutComments() {
        assertEquals("WITH step1 AS (SELECT a FROM t), step2 AS (SELECT max(a) AS m   FROM step1) SELECT m FROM step2",
                compose(List.of("SELECT a FROM t -- every a", "SELECT max(a) AS m /* the top */ FROM step1; -- done"),
                        "SELECT m FROM step2 -- the answer"));
        assertEquals("WITH step1 AS (SELECT E'a\\\\b' AS s) SELECT s FROM step1",
                compose(List.of("SELECT 'a\\b' AS s"), "SELECT s FROM step1"));
    }
}
