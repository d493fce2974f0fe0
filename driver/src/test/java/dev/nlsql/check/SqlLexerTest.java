package dev.nlsql.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.check.SqlLexer.Token;
import dev.nlsql.check.SqlLexer.Type;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlLexerTest {

    private static List<String> texts(String sql) {
        return SqlLexer.tokenize(sql).tokens().stream().map(Token::text).toList();
    }

    @Test
    void blockCommentsNestAsInPostgres() {
        assertEquals(List.of("SELECT", "1"), texts("SELECT 1 /* a /* b */ ; DELETE */"));
        assertEquals(List.of("SELECT", "1", ",", "2"), texts("SELECT 1 /* /* */ */ , 2"));
    }

    @Test
    void backslashEscapesOnlyInEStrings() {
        assertEquals(List.of("SELECT", "'a\\'", ",", "pg_sleep", "(", "1", ")"), texts("SELECT 'a\\' , pg_sleep(1) --'"));
        assertEquals(List.of("SELECT", "E'a\\' , b'"), texts("SELECT E'a\\' , b'"));
    }

    @Test
    void dollarQuotesQuotedNamesAndParameters() {
        List<Token> tokens = SqlLexer.tokenize("SELECT $x$ ; $$ $x$, \"we\"\"ird\", $1, ? FROM t").tokens();
        assertEquals(Type.STRING, tokens.get(1).type());
        assertEquals("$x$ ; $$ $x$", tokens.get(1).text());
        assertEquals(Type.QUOTED_IDENT, tokens.get(3).type());
        assertEquals(Type.PARAM, tokens.get(5).type());
        assertEquals(Type.PARAM, tokens.get(7).type());
    }

    @Test
    void operatorsStopBeforeComments() {
        assertEquals(List.of("SELECT", "1", "+", "2"), texts("SELECT 1 +-- comment\n 2"));
        assertEquals(List.of("::", "<>"), texts(":: <>"));
    }

    @Test
    void unterminatedRunsAreReported() {
        assertTrue(SqlLexer.tokenize("SELECT 'open").unterminated());
        assertTrue(SqlLexer.tokenize("SELECT \"open").unterminated());
        assertTrue(SqlLexer.tokenize("SELECT 1 /* open /* */").unterminated());
        assertTrue(SqlLexer.tokenize("SELECT $$open").unterminated());
        assertFalse(SqlLexer.tokenize("SELECT 'it''s'").unterminated());
    }

    @Test
    void skipsLeadingSpaceAndComments() {
        String text = "  -- one\n /* two /* three */ */ SELECT";
        assertEquals(text.indexOf("SELECT"), SqlLexer.skipSpaceAndComments(text, 0));
    }

    @Test
    void splitsStatementsOnlyAtSemicolonsOutsideStringsAndComments() {
        assertEquals(List.of("SELECT 1"), SqlLexer.splitStatements("SELECT 1;"));
        assertEquals(List.of("SELECT 1"), SqlLexer.splitStatements("  SELECT 1 ;  \n"));
        assertEquals(List.of("SELECT ';'"), SqlLexer.splitStatements("SELECT ';'"));
        assertEquals(List.of("SELECT ';'"), SqlLexer.splitStatements("SELECT ';';"));
        assertEquals(List.of("SELECT 1", "SELECT $$a;b$$"), SqlLexer.splitStatements("SELECT 1; SELECT $$a;b$$;"));
        assertEquals(List.of("SELECT 1 -- note; more"), SqlLexer.splitStatements("SELECT 1 -- note; more"));
        assertEquals(List.of(), SqlLexer.splitStatements("-- only a comment;"));
        assertEquals(List.of(), SqlLexer.splitStatements(" ; ;"));
    }

    @Test
    void firstWordSkipsCommentsAndParentheses() {
        assertEquals("select", SqlLexer.firstWord("/* c */ ((SELECT 1))"));
        assertEquals("with", SqlLexer.firstWord("-- x\nWITH a AS (SELECT 1) SELECT * FROM a"));
        assertEquals("", SqlLexer.firstWord("  42"));
    }
}
