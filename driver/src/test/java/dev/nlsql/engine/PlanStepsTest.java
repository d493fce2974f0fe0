package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class PlanStepsTest {

    @Test
    void earlierStepsBecomeCtesInOrder() {
        assertEquals("SELECT 1", PlanSteps.compose(List.of(), "SELECT 1;"));
        assertEquals("WITH step1 AS (SELECT a FROM t), step2 AS (SELECT max(a) AS m FROM step1) SELECT m FROM step2",
                PlanSteps.compose(List.of("SELECT a FROM t;", "SELECT max(a) AS m FROM step1"), "SELECT m FROM step2"));
        assertNull(PlanSteps.compose(List.of("SELECT 1"), null));
    }

    @Test
    void aStepWithItsOwnWithJoinsTheList() {
        assertEquals("WITH step1 AS (SELECT 1 AS x), y AS (SELECT x FROM step1) SELECT * FROM y",
                PlanSteps.compose(List.of("SELECT 1 AS x"), "WITH y AS (SELECT x FROM step1) SELECT * FROM y"));
        assertEquals("WITH RECURSIVE step1 AS (SELECT 3 AS n), r AS (SELECT n FROM step1 UNION ALL SELECT n - 1 FROM r WHERE n > 0) SELECT * FROM r",
                PlanSteps.compose(List.of("SELECT 3 AS n"),
                        "WITH RECURSIVE r AS (SELECT n FROM step1 UNION ALL SELECT n - 1 FROM r WHERE n > 0) SELECT * FROM r"));
    }
}
