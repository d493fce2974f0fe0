package dev.nlsql.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.sql.SqlLexer.Token;
import dev.nlsql.sql.SqlLexer.Type;
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

    @Test
    void lineCommentsEndAtACarriageReturnToo() {
        assertEquals(List.of("SELECT", "1", "+", "2"), texts("SELECT 1 --x\r+ 2"));
        SqlLexer.Result r = SqlLexer.tokenize("SELECT 1 AS a, (2 --\r+ /* /* */ ' */ 0); COMMIT; DROP TABLE victim");
        assertTrue(r.tokens().stream().anyMatch(t -> t.isWord("commit")), "COMMIT is code, as PostgreSQL reads it");
    }

    @Test
    void onlyPostgresWhiteSpaceSeparatesAndNonAsciiIsPartOfAName() {
        assertEquals(List.of("SELECT", "a\u00a0b"), texts("SELECT a\u00a0b"));
        assertTrue(SqlLexer.tokenize("SELECT 1\u000b").problem().startsWith("control character"));
        assertTrue(SqlLexer.tokenize("SELECT 1 {fn now()}").problem() != null, "JDBC escapes have no meaning in PostgreSQL");
    }

    @Test
    void textThatServersOfDifferentVersionsReadDifferentlyIsAProblem() {
        for (String sql : new String[] {"SELECT 1from t", "SELECT 0x1F", "SELECT 1_000", "SELECT 1e", "SELECT $1abc",
            "SELECT 'a'\n'b'", "SELECT U&'\\0070'", "SELECT $x"}) {
            assertTrue(SqlLexer.tokenize(sql).problem() != null, sql);
        }
        assertEquals(null, SqlLexer.tokenize("SELECT 1.5e-3, .5, 1., x[1:2], a..b").problem());
    }

    @Test
    void canonicalTextHasNoCommentsAndStringsEverySettingReadsAlike() {
        assertEquals("SELECT 1  , 2 \n", SqlLexer.tokenize("SELECT 1 /* c */, 2 -- d\n").canonical());
        assertEquals("SELECT - -1", SqlLexer.tokenize("SELECT -/**/-1").canonical());
        assertEquals("SELECT E'a\\\\b', 'c''d'", SqlLexer.tokenize("SELECT 'a\\b', 'c''d'").canonical());
        assertEquals("SELECT E'x\\\\' AS a, '", SqlLexer.tokenize("SELECT 'x\\' AS a, '", LexRules.postgres(true)).canonical());
        // standard_conforming_strings=off: 'x\' ...' is an escape string; written as E'' it reads the same with the setting on
        assertEquals("SELECT E'x'' AS a, ' , b", SqlLexer.tokenize("SELECT 'x\\' AS a, ' , b", LexRules.postgres(false)).canonical());
        assertEquals("SELECT E'it''s'", SqlLexer.tokenize("SELECT E'it\\'s'").canonical());
    }

    @Test
    void mysqlRules() {
        assertEquals(List.of("SELECT", "1"), texts(LexRules.MYSQL, "SELECT 1 # comment\n"));
        assertEquals(List.of("SELECT", "1", "-", "-", "1"), texts(LexRules.MYSQL, "SELECT 1--1"));
        assertEquals(List.of("SELECT", "1"), texts(LexRules.MYSQL, "SELECT 1 -- c"));
        assertEquals(List.of("SELECT", "'a\\' , sleep(1) -- '"), texts(LexRules.MYSQL, "SELECT 'a\\' , sleep(1) -- '"));
        assertEquals(List.of("SELECT", "'a\\'", ",", "sleep", "(", "1", ")"),
                texts(LexRules.mysql("NO_BACKSLASH_ESCAPES"), "SELECT 'a\\' , sleep(1) -- '"));
        assertEquals(Type.STRING, SqlLexer.tokenize("SELECT \"x\"", LexRules.MYSQL).tokens().get(1).type());
        assertEquals(Type.QUOTED_IDENT, SqlLexer.tokenize("SELECT \"x\"", LexRules.mysql("ANSI_QUOTES")).tokens().get(1).type());
        assertEquals(Type.QUOTED_IDENT, SqlLexer.tokenize("SELECT `a``b`", LexRules.MYSQL).tokens().get(1).type());
        assertTrue(SqlLexer.tokenize("SELECT 1 /*!50000 , sleep(1) */", LexRules.MYSQL).problem().startsWith("executable"));
        assertTrue(SqlLexer.tokenize("SELECT @@datadir", LexRules.MYSQL).problem() != null);
        assertEquals("SELECT 'it''s', 'a\\\\b'", SqlLexer.tokenize("SELECT \"it's\", 'a\\\\b'", LexRules.MYSQL).canonical());
        // a session reading gbk (and the like) may take a backslash or quote into a character: ASCII only
        assertTrue(SqlLexer.tokenize("SELECT '\u5b57\\' AS a", LexRules.mysql("", "gbk")).problem().startsWith("non-ASCII"));
        assertEquals(null, SqlLexer.tokenize("SELECT 'a\\\\' AS a", LexRules.mysql("", "gbk")).problem());
        assertEquals(null, SqlLexer.tokenize("SELECT '\u5b57' AS a", LexRules.mysql("", "utf8mb4")).problem());
    }

    private static List<String> texts(LexRules rules, String sql) {
        return SqlLexer.tokenize(sql, rules).tokens().stream().map(Token::text).toList();
    }
}
