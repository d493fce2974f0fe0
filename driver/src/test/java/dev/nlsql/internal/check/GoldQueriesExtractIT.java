package dev.nlsql.internal.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.DefogQuestions;

import org.junit.jupiter.api.Test;

/** The defog gold queries as a model would reply with them: the extractor takes each one out whole. */
class GoldQueriesExtractIT {

    /** Every gold query comes out of a reply as the fault-injecting model wraps it, and on its own. */
    @Test
    void everyGoldQuerySurvivesExtraction() throws Exception {
        int checked = 0;
        for (DefogQuestions.GoldQuestion q : DefogQuestions.questions()) {
            for (String sql : q.statements()) {
                checked++;
                String wrapped = "Here is the query you asked for:\n```sql\n" + sql + ";\n```\nIt should answer the question.";
                assertEquals(sql.strip(), SqlExtractor.extract(wrapped));
                assertEquals(sql.strip(), SqlExtractor.extract(sql));
                assertEquals(sql.strip(), SqlExtractor.extract("The SQL is:\n" + sql + "\n\nThis should answer it."));
            }
        }
        assertTrue(checked >= 104, "checked " + checked);
    }
}
