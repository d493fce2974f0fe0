package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** psql's rule for when shell input is complete: SQL at its ';', a question at its newline. */
class InputBufferTest {

    private static List<String> feed(InputBuffer b, String... lines) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            out.addAll(b.add(line));
        }
        return out;
    }

    @Test
    void sqlGoesOnAcrossLinesUntilItsSemicolon() {
        InputBuffer b = new InputBuffer();
        assertEquals(List.of(), b.add("SELECT a,"));
        assertEquals("nlsql-# ", b.prompt("nlsql"));
        assertEquals(List.of(), b.add("       b"));
        assertEquals(List.of("SELECT a,\n       b\nFROM t"), b.add("FROM t;"));
        assertTrue(b.isEmpty());
        assertEquals("nlsql> ", b.prompt("nlsql"));
    }

    @Test
    void aQuestionEndsAtItsNewline() {
        InputBuffer b = new InputBuffer();
        assertEquals(List.of("how many customers are there?"), b.add("how many customers are there?"));
        assertEquals(List.of("show me all customers"), b.add("show me all customers;"));
        assertEquals(List.of("how many customers are there?", "SELECT 1\nFROM t"),
                feed(b, "how many customers are there?", "SELECT 1", "FROM t;"));
        assertTrue(b.isEmpty());
    }

    @Test
    void semicolonsInStringsAndCommentsDoNotEndTheStatement() {
        InputBuffer b = new InputBuffer();
        assertEquals(List.of(), b.add("SELECT 'a;b' AS s -- not the end;"));
        assertEquals(List.of(), b.add("/* nor ; this */"));
        assertEquals(List.of(), b.add("  , 'it''s;' AS t"));
        assertEquals(List.of("SELECT 'a;b' AS s -- not the end;\n/* nor ; this */\n  , 'it''s;' AS t"), b.add(";"));
        assertEquals(List.of(), b.add("SELECT 'open;"));
        assertEquals("nlsql'# ", b.prompt("nlsql"));
        assertTrue(b.insideQuote());
        assertEquals(List.of("SELECT 'open;\nstill;'"), b.add("still;';"));
        assertEquals(List.of(), b.add("SELECT /* a;"));
        assertEquals("nlsql*# ", b.prompt("nlsql"));
        assertEquals(List.of("SELECT /* a;\n*/ 1"), b.add("*/ 1;"));
        assertEquals(List.of(), b.add("SELECT count(*) FROM (SELECT 1"));
        assertEquals("nlsql(# ", b.prompt("nlsql"));
    }

    @Test
    void oneLineMayHoldSeveralStatementsAndTheStartOfTheNext() {
        InputBuffer b = new InputBuffer();
        assertEquals(List.of("SELECT 1", "SELECT 2"), b.add("SELECT 1; SELECT 2; SELECT"));
        assertEquals("nlsql-# ", b.prompt("nlsql"));
        assertEquals(List.of("SELECT\n3"), b.add("3;"));
        assertEquals(List.of("SELECT 4", "SELECT 5"), b.add("SELECT 4; SELECT 5; -- and a comment"));
        assertTrue(b.isEmpty());
    }

    @Test
    void endOfInputRunsTheUnterminatedRestAndBlankOrCommentLinesAreDropped() {
        InputBuffer b = new InputBuffer();
        assertEquals(List.of(), feed(b, "", "   ", "-- a comment"));
        assertTrue(b.isEmpty());
        assertNull(b.finish());
        feed(b, "SELECT 1", "FROM t");
        assertEquals("SELECT 1\nFROM t", b.finish());
        assertTrue(b.isEmpty());
    }
}
