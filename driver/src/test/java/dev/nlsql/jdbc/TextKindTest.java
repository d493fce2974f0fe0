package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TextKindTest {

    static List<String> examples(String resource) throws IOException {
        try (InputStream in = TextKindTest.class.getResourceAsStream("/" + resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#"))
                    .map(l -> l.replace("\\n", "\n"))
                    .toList();
        }
    }

    static Stream<String> sqlTexts() throws IOException {
        return examples("text-kinds-sql.txt").stream();
    }

    static Stream<String> questions() throws IOException {
        return examples("text-kinds-question.txt").stream();
    }

    @Test
    void theTablesCoverAtLeastSixtyExamplesEachWay() throws IOException {
        assertTrue(examples("text-kinds-sql.txt").size() >= 60);
        assertTrue(examples("text-kinds-question.txt").size() >= 60);
    }

    @ParameterizedTest
    @MethodSource("sqlTexts")
    void sqlIsPassedThrough(String text) {
        TextKind.Decision d = TextKind.decide(text);
        assertEquals(TextKind.SQL, d.kind(), text);
        assertSame(text, d.text(), "SQL must reach the delegate untouched");
    }

    @ParameterizedTest
    @MethodSource("questions")
    void questionsAreRecognised(String text) {
        assertEquals(TextKind.QUESTION, TextKind.decide(text).kind(), text);
    }

    @Test
    void prefixForcesAQuestionAndIsRemoved() {
        TextKind.Decision d = TextKind.of("NL: SELECT the best products");
        assertEquals(TextKind.QUESTION, d.kind());
        assertEquals("SELECT the best products", d.text());
        assertEquals(TextKind.QUESTION, TextKind.of("nl:select 1").kind());
    }

    @Test
    void explainNlAsksForTheTrace() {
        TextKind.Decision d = TextKind.of("EXPLAIN NL top 5 customers by revenue");
        assertEquals(TextKind.EXPLAIN_QUESTION, d.kind());
        assertEquals("top 5 customers by revenue", d.text());
        assertEquals(TextKind.EXPLAIN_QUESTION, TextKind.of("explain nl: how many orders?").kind());
        assertEquals("how many orders?", TextKind.of("explain nl: how many orders?").text());
        assertEquals(TextKind.SQL, TextKind.of("EXPLAIN SELECT nlevel FROM t").kind());
    }

    @Test
    void narrateNlAsksForTheAnswerInWords() {
        TextKind.Decision d = TextKind.of("NARRATE NL how many orders in 2024?");
        assertEquals(TextKind.NARRATE_QUESTION, d.kind());
        assertEquals("how many orders in 2024?", d.text());
        assertEquals("top 3", TextKind.of("narrate nl: top 3").text());
        assertEquals(TextKind.QUESTION, TextKind.of("narrate the nlsql story").kind());
    }

    @Test
    void resetNlForgetsTheConversationWhileOtherResetsAreSql() {
        assertEquals(TextKind.RESET_CONVERSATION, TextKind.of("RESET NL").kind());
        assertEquals(TextKind.RESET_CONVERSATION, TextKind.of("  reset  nl ; ").kind());
        assertEquals(TextKind.RESET_CONVERSATION, TextKind.of("/* c */ Reset Nl").kind());
        assertEquals(TextKind.SQL, TextKind.of("RESET ALL").kind());
        assertEquals(TextKind.SQL, TextKind.of("RESET nlsql_setting").kind());
        assertEquals(TextKind.SQL, TextKind.of("RESET search_path").kind());
    }

    @Test
    void decisionsAreCached() {
        String text = "SELECT 4242 FROM generate_series(1, 2)";
        assertSame(TextKind.of(text), TextKind.of(text));
    }
}
