package dev.nlsql.internal.knowledge;

import dev.nlsql.sql.LexRules;
import org.junit.jupiter.api.Test;

/**
 * {@link KnowledgeCheckFuzzTest}'s shapes, truncated at every space and combined in pairs (set operations, WITH,
 * LATERAL, subqueries, parentheses): a minute of parsing, so in the integration tier.
 */
class KnowledgeCheckFuzzIT {

    @Test
    void truncatedAndCombinedShapesAreAcceptedOrRefusedWith22023NamingTheEntry() {
        KnowledgeCheckFuzzTest.assertEveryCaseAcceptedOrRefusedNamingItsEntry(KnowledgeCheckFuzzTest.statements(600), true, LexRules.POSTGRESQL);
    }
}
