package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** $n to ? must not change how the text reads, to PostgreSQL, to nlsql's guard or to pgjdbc. */
class ParameterMarkersTest {

    @Test
    void markersOutsideStringsAndCommentsBecomeQuestionMarks() {
        ParameterMarkers.Translation t = ParameterMarkers.toJdbc("SELECT '$1', $2 /* $3 */, \"$4\", $1 -- $5\n", false);
        assertEquals("SELECT '$1', ? /* $3 */, \"$4\", ? -- $5\n", t.sql());
        assertArrayEquals(new int[] {2, 1}, t.order());
    }

    @Test
    void aQuestionMarkNeverJoinsAnOperator() {
        // "?-?" is one operator to PostgreSQL's scanner (and the guard's), three tokens to pgjdbc
        assertEquals("SELECT ? - ?, ?::int, a= ?", ParameterMarkers.toJdbc("SELECT $1-$2, $3::int, a=$4", false).sql());
    }

    @Test
    void textThatDoesNotReadOneWayIsLeftAsWrittenForTheGuard() {
        // PostgreSQL 15 refuses "$1abc" (trailing junk); "?abc" would be a parameter named abc
        assertEquals("SELECT ?abc", ParameterMarkers.toJdbc("SELECT $1abc", false).sql());
        ParameterMarkers.Translation kept = ParameterMarkers.toJdbc("SELECT $1abc", true);
        assertEquals("SELECT $1abc", kept.sql());
        assertArrayEquals(new int[0], kept.order());
        assertEquals("SELECT ?", ParameterMarkers.toJdbc("SELECT $1", true).sql());
    }
}
