package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.PaintShopDb;
import org.junit.jupiter.api.Test;

/**
 * Issue 24 through {@code nlsql ask} (offline) on the paint shop: exit status 1 and one stderr line,
 * NL002 for a general-knowledge question that shares a word with a column, NL005 "cannot build"
 * with what the database holds and an example from its own tables for a data question that links nothing.
 */
class NotAboutTheDataCliIT {

    @Test
    void generalKnowledgeIsNl002AndAnUnlinkedDataQuestionIsNl005WithTheSchemasExample() throws Exception {
        String url = PaintShopDb.nlUrl("nlsql.llm=offline", "nlsql.cache=false");
        Cli.Run painted = Cli.run("ask", "--url", url, "Who painted the Night Watch?");
        assertEquals(1, painted.status(), painted.out());
        assertTrue(painted.err().startsWith("error: [NL002] The question is not about this database: "), painted.err());
        assertTrue(painted.err().strip().endsWith(PaintShopDb.HOLDS), painted.err());

        Cli.Run sales = Cli.run("ask", "--url", url, "Total sales per year");
        assertEquals(1, sales.status(), sales.out());
        String err = sales.err();
        assertTrue(err.startsWith("error: [NL005] The offline generator cannot build this: "), err);
        assertTrue(err.contains(PaintShopDb.HOLDS), err);
        assertTrue(err.matches("(?s).*\\(e\\.g\\. \"how many (cars|customers|repairs)[^\"]*\"\\).*"), err);
        assertFalse(err.contains("orders"), err);
        assertEquals(1, err.strip().lines().count(), err);
    }
}
