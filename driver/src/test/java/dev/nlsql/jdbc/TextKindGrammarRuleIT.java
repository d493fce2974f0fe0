package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.PostgresGrammar;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TextKind's rule, with PostgreSQL as the judge: a text PostgreSQL's grammar accepts is SQL, whatever its words. Measured
 * on the labelled set and on every distinct statement pgjdbc's own test suite sent to the server
 * ({@code client-suite-statements.tsv}); a text the grammar refuses may still be SQL (a typo goes to the database for
 * its 42601), so only one direction is a violation.
 */
class TextKindGrammarRuleIT {

    @ParameterizedTest
    @ValueSource(strings = {"select the unselectable", "SELECT the unselectable", "select my orders",
            "select the customers from brazil", "SELECT 1 AS me", "select a, b from c"})
    void textsThePostgresGrammarAcceptsAreSql(String text) throws Exception {
        try (PostgresGrammar grammar = new PostgresGrammar()) {
            assertTrue(grammar.accepts(text), "PostgreSQL parses: " + text);
        }
        assertEquals(TextKind.SQL, TextKind.decide(text).kind(), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"select the best products", "select the top 5 customers by revenue",
            "show me the top customers", "select customers who ordered in 2024", "update me on sales"})
    void textsItRefusesStayQuestions(String text) throws Exception {
        try (PostgresGrammar grammar = new PostgresGrammar()) {
            assertTrue(!grammar.accepts(text), "PostgreSQL refuses: " + text);
        }
        assertEquals(TextKind.QUESTION, TextKind.decide(text).kind(), text);
    }

    @Test
    void theLabelledSetFollowsTheRule() throws Exception {
        List<String> texts = TextKindCorpusTest.corpus().stream().map(TextKindCorpusTest.Labelled::text).toList();
        measure("text-kinds-corpus.tsv", texts, 500);
    }

    @Test
    void everyStatementOfAClientLibrarysSuiteIsSql() throws Exception {
        measure("client-suite-statements.tsv", clientSuiteStatements(), 1000);
    }

    private static void measure(String name, List<String> texts, int atLeast) throws IOException, SQLException {
        int accepted = 0;
        int refusedQuestions = 0;
        int refusedSql = 0;
        List<String> violations = new ArrayList<>();
        List<String> refusedAsQuestions = new ArrayList<>();
        try (PostgresGrammar grammar = new PostgresGrammar()) {
            for (String text : texts) {
                boolean sql = TextKind.decide(text).kind() == TextKind.SQL;
                if (grammar.accepts(text)) {
                    accepted++;
                    if (!sql) {
                        violations.add(text);
                    }
                } else if (sql) {
                    refusedSql++;
                } else {
                    refusedQuestions++;
                    refusedAsQuestions.add(text);
                }
            }
        }
        StringBuilder report = new StringBuilder(String.format("%nTextKind against PostgreSQL's grammar on %s (%d texts): "
                + "%d accepted by the grammar, %d of them read as questions; %d refused, of which %d read as questions and "
                + "%d as (mistyped) SQL%n", name, texts.size(), accepted, violations.size(), texts.size() - accepted,
                refusedQuestions, refusedSql));
        violations.forEach(t -> report.append("  accepted by PostgreSQL, read as a question: ").append(t.replace("\n", "\\n")).append('\n'));
        if (refusedAsQuestions.size() <= 20) {
            refusedAsQuestions.forEach(t -> report.append("  refused by PostgreSQL, read as a question: ").append(t.replace("\n", "\\n")).append('\n'));
        }
        System.out.print(report);
        assertTrue(texts.size() >= atLeast, name + " has at least " + atLeast + " texts");
        assertTrue(violations.isEmpty(), report::toString);
    }

    /** One statement a line, escaped like the labelled set. */
    static List<String> clientSuiteStatements() throws IOException {
        try (InputStream in = TextKindGrammarRuleIT.class.getResourceAsStream("/client-suite-statements.tsv")) {
            List<String> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(TextKindCorpusTest.unescape(line));
                }
            }
            return out;
        }
    }
}
