package dev.nlsql.internal.sql;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.DefogQuestions;
import org.slf4j.LoggerFactory;
import org.junit.jupiter.api.Test;

/** The defog gold queries pass the parser's pre-check with a wide margin. */
class GoldQueriesParseIT {

    @Test
    void everyGoldQueryPassesThePreCheckAndParses() throws Exception {
        int deepest = 0;
        int checked = 0;
        for (DefogQuestions.GoldQuestion q : DefogQuestions.questions()) {
            for (String sql : q.statements()) {
                checked++;
                deepest = Math.max(deepest, SqlParsing.checkSize(sql));
                assertTrue(SqlParsing.parsesAsKnownStatement(sql), sql);
            }
        }
        LoggerFactory.getLogger(GoldQueriesParseIT.class).info("{} gold queries, deepest nesting {}, limit {}", checked, deepest, SqlParsing.MAX_DEPTH);
        assertTrue(checked >= 104, "all questions were read: " + checked);
        assertTrue(deepest * 4 <= SqlParsing.MAX_DEPTH, "the limit keeps a wide margin over the gold queries: " + deepest);
    }
}
