package dev.nlsql.internal.check;

import dev.nlsql.sql.SqlDialect;
import dev.nlsql.sql.LexRules;
import dev.nlsql.sql.SqlLexer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.execute.SessionRules;
import dev.nlsql.testing.TestMariaDb;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The guard reads MySQL text as MariaDB does, with MariaDB as the oracle: for tricky texts under
 * each sql_mode that changes the lexical rules, what the guard would run (its canonical text) gives
 * the same results on the server as the original text, or the guard refuses the text; and whatever
 * it accepts is one statement there (the oracle's session allows multi-statements, so a second
 * statement the guard missed would show up as a second result).
 */
class MysqlLexerOracleIT {

    private static final String DB = "mdb_lex";
    /** The sql_modes that change how text is read, alone and together (MariaDB's MSSQL reads [...] as a name). */
    static final List<String> MODES = List.of("STRICT_TRANS_TABLES", "ANSI_QUOTES", "NO_BACKSLASH_ESCAPES",
            "ANSI_QUOTES,NO_BACKSLASH_ESCAPES", "ANSI", "MSSQL", "ORACLE", "MSSQL,NO_BACKSLASH_ESCAPES");
    private static Connection server;
    private static SqlGuard guard;

    @BeforeAll
    static void connect() throws SQLException {
        TestMariaDb.require();
        TestMariaDb.recreateDatabase(DB);
        server = TestMariaDb.connect(DB, "allowMultiQueries=true");
        try (Statement s = server.createStatement()) {
            s.execute("CREATE TABLE t (id int PRIMARY KEY, s varchar(40))");
            s.execute("INSERT INTO t VALUES (1, 'a_b'), (2, 'a%b'), (3, 'a\\\\b'), (4, 'it''s'), (5, 'axb')");
        }
        guard = new SqlGuard(new GuardPolicy(List.of(), new FunctionPolicy(FunctionPolicy.Purpose.SQL_TEXT, SqlDialect.MYSQL, null,
                List.of(), List.of()), FunctionPolicy.Purpose.SQL_TEXT, DB));
    }

    @AfterAll
    static void close() throws SQLException {
        if (server != null) {
            server.close();
            TestMariaDb.dropDatabase(DB);
        }
    }

    /** What the server made of a text: each result (rows or an update count) until the first error. */
    record Reading(List<String> results, boolean failed, String error) {
        boolean sameAs(Reading o) {
            return results.equals(o.results) && failed == o.failed;
        }
    }

    static Reading read(Connection c, String sql) {
        List<String> results = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            s.setEscapeProcessing(false);
            boolean rows = s.execute(sql);
            while (true) {
                if (rows) {
                    try (ResultSet rs = s.getResultSet()) {
                        results.add(rows(rs));
                    }
                } else if (s.getUpdateCount() == -1) {
                    break;
                } else {
                    results.add("update " + s.getUpdateCount());
                }
                rows = s.getMoreResults();
            }
            return new Reading(results, false, null);
        } catch (SQLException e) {
            return new Reading(results, true, e.getMessage());
        }
    }

    /** "SELECT 1; -- x" is two statements to the server, the second one empty (update count 0): not a second statement that runs. */
    static Reading withoutEmptyStatements(Reading r) {
        List<String> results = new ArrayList<>(r.results());
        results.removeIf(x -> x.equals("update 0"));
        return new Reading(results, r.failed(), r.error());
    }

    static String rows(ResultSet rs) throws SQLException {
        StringBuilder b = new StringBuilder();
        ResultSetMetaData md = rs.getMetaData();
        while (rs.next()) {
            b.append('[');
            for (int i = 1; i <= md.getColumnCount(); i++) {
                b.append(i > 1 ? "|" : "").append(rs.getString(i));
            }
            b.append(']');
        }
        return b.toString();
    }

    static void mode(String mode) throws SQLException {
        try (Statement s = server.createStatement()) {
            s.execute("SET SESSION sql_mode = '" + mode + "'");
        }
    }

    /** The outcome of one text under the session's current mode: null when it is refused or read alike. */
    static String disagreement(String text) throws SQLException {
        LexRules rules = SessionRules.of(server, SqlDialect.MYSQL);
        String canonical;
        try {
            canonical = guard.check(text, rules).sql();
        } catch (GuardRejection refused) {
            return null;
        }
        Reading original = withoutEmptyStatements(read(server, text));
        Reading guarded = read(server, canonical);
        if (guarded.results().size() > 1 || original.results().size() > 1) {
            return "more than one statement on the server: " + show(text) + " -> " + original.results() + " / " + guarded.results();
        }
        if (!original.sameAs(guarded)) {
            return "read differently: " + show(text) + " as " + show(canonical) + ": " + original + " vs " + guarded;
        }
        // the same text twice reads alike whatever the guard thought: compare with the guard's own reading spelled out
        String explicit = explicit(canonical, rules);
        Reading spelledOut = read(server, explicit);
        if (!spelledOut.sameAs(guarded) && !(spelledOut.failed() && !guarded.failed())) {
            return "the guard read it otherwise: " + show(text) + " read as " + show(explicit) + ": " + guarded + " vs " + spelledOut;
        }
        if (spelledOut.failed() && !guarded.failed()) {
            inconclusive++;
        }
        return null;
    }

    /** Texts that ran but whose spelled-out reading the server refused (a string as an alias cannot be spelled as hex). */
    static int inconclusive;

    /**
     * The guard's reading of a canonical text spelled out so that no sql_mode can read it otherwise:
     * every string as a hexadecimal literal of its value (as the guard decoded it), every quoted name
     * in backticks; what lies between tokens is kept. If the guard took the wrong characters for a
     * string or a name, the server reads this text differently from the original.
     */
    static String explicit(String canonical, LexRules rules) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        List<SqlLexer.Token> tokens = SqlLexer.tokenize(canonical, rules).tokens();
        for (int i = 0; i < tokens.size(); i++) {
            SqlLexer.Token t = tokens.get(i);
            out.append(canonical, at, t.start());
            at = t.end();
            char first = Character.toUpperCase(t.text().charAt(0));
            if (t.type() == SqlLexer.Type.STRING && first != 'X' && first != 'B') {
                boolean introduced = i > 0 && tokens.get(i - 1).type() == SqlLexer.Type.WORD && tokens.get(i - 1).text().startsWith("_");
                out.append(introduced ? " X'" : " _utf8mb4 X'").append(hex(stringValue(t.text(), rules))).append("' ");
            } else if (t.type() == SqlLexer.Type.QUOTED_IDENT) {
                String name = t.text().substring(1, t.text().length() - 1).replace(t.text().substring(0, 1).repeat(2), t.text().substring(0, 1));
                out.append('`').append(name.replace("`", "``")).append('`');
            } else {
                out.append(t.text());
            }
        }
        return out.append(canonical.substring(at)).toString();
    }

    /** The value of a string of the canonical text, where the only escapes are \\, \0, \%, \_ and '' (with backslash escapes). */
    static String stringValue(String token, LexRules rules) {
        String body = token.substring(token.indexOf('\'') + 1, token.length() - 1);
        StringBuilder v = new StringBuilder();
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\' && rules.plainEscapes() && i + 1 < body.length()) {
                char next = body.charAt(++i);
                v.append(next == '0' ? "\0" : next == '%' || next == '_' ? "\\" + next : String.valueOf(next));
            } else if (c == '\'' && i + 1 < body.length() && body.charAt(i + 1) == '\'') {
                v.append('\'');
                i++;
            } else {
                v.append(c);
            }
        }
        return v.toString();
    }

    static String hex(String s) {
        StringBuilder b = new StringBuilder();
        for (byte x : s.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            b.append(String.format("%02X", x));
        }
        return b.toString();
    }

    static String show(String s) {
        return "«" + s.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t") + "»";
    }

    /** Texts where a reader that is off by one rule reads another statement, other rows, or a second statement. */
    static final List<String> TRICKY = List.of(
            "SELECT 1 # comment\n, 2",
            "SELECT 1 # comment\r, 2",
            "SELECT 1 # comment\r\n, 2",
            "SELECT 1 #\n; SELECT 'second'",
            "SELECT 1 #'\n, 'x'",
            "SELECT 1 -- comment\n, 2",
            "SELECT 1 -- comment\r, 2",
            "SELECT 1 --\t\n, 2",
            "SELECT 1 --\r, 2",
            "SELECT 1 --\n, 2",
            "SELECT 1 --x\n, 2",
            "SELECT 1--1",
            "SELECT 1 --1",
            "SELECT 1 - -1",
            "SELECT 3--2 AS a",
            "SELECT 1 -- ' \n, 'x'",
            "SELECT 1 --' \n, 'x'",
            "SELECT '--' AS a -- \n, 2",
            "SELECT '#' AS a # x\n, 2",
            "SELECT 1 /* a */ , 2",
            "SELECT 1 /* /* */ , 2 */",
            "SELECT 1 /* /* */ , 2",
            "SELECT 1 /* -- */ , 2",
            "SELECT 1 /* # */ , 2",
            "SELECT 1 /**/, 2",
            "SELECT 1 /*/ , 2 */ , 3",
            "SELECT 1 /* ' */ , 2",
            "SELECT 1 /*! , 2 */",
            "SELECT 1 /*!50000 , 2 */",
            "SELECT 1 /*M!100000 , 2 */",
            "SELECT 1 /*+ no_index */ , 2",
            "SELECT 'a\\'b' AS a",
            "SELECT 'a\\\\' AS a, 'b' AS b",
            "SELECT 'a\\' AS a, ' , 2 AS b -- '",
            "SELECT 'a\\' AS a, ' ; SELECT 2 -- '",
            "SELECT \"a\\\"b\" AS a",
            "SELECT \"a\\\" AS a, \" , 2 AS b -- \"",
            "SELECT \"a\" AS a, \"b\"\"c\" AS b",
            "SELECT 'it''s' AS a",
            "SELECT 'it\\'s' AS a",
            "SELECT \"it's\" AS a",
            "SELECT 'say \"hi\"' AS a",
            "SELECT \"say 'hi'\" AS a",
            "SELECT 'a\\nb', 'a\\tb', 'a\\rb', 'a\\0b', 'a\\Zb', 'a\\bb', 'a\\qb'",
            "SELECT 'a\\%b', 'a\\_b', 'a\\\\%b'",
            "SELECT s FROM t WHERE s LIKE 'a\\_b'",
            "SELECT s FROM t WHERE s LIKE 'a\\%b'",
            "SELECT s FROM t WHERE s LIKE 'a\\\\\\\\b'",
            "SELECT s FROM t WHERE s = 'a\\\\b'",
            "SELECT s FROM t WHERE s LIKE 'a|_b' ESCAPE '|'",
            "SELECT s FROM t WHERE s LIKE \"a\\_b\"",
            "SELECT 'a\nb' AS a",
            "SELECT 'a\rb' AS a",
            "SELECT 'x' 'y' AS a",
            "SELECT 'x'\n'y' AS a",
            "SELECT N'x' AS a",
            "SELECT n'x\\'y' AS a",
            "SELECT N\"x\" AS a",
            "SELECT N \"x\"",
            "SELECT _utf8mb4'x' AS a",
            "SELECT _utf8mb4\"x\" AS a",
            "SELECT _latin1'x\\'y' AS a",
            "SELECT X'41' AS a",
            "SELECT x'4142' AS a",
            "SELECT B'1000001' AS a",
            "SELECT 0x41 AS a",
            "SELECT 0b1 AS a",
            "SELECT 1e3 AS a",
            "SELECT 1.5e-3 AS a",
            "SELECT .5 AS a",
            "SELECT 1. AS a",
            "SELECT 1 AS `a``b`",
            "SELECT `id` FROM `t`",
            "SELECT `id` FROM `t` WHERE `s` = 'a_b'",
            "SELECT 1 AS `#`, 2",
            "SELECT 1 AS `--`, 2",
            "SELECT 1 AS `/*`, 2 AS `*/`",
            "SELECT 1 AS `'`, 2 AS `\"`",
            "SELECT `s` AS \"x\" FROM t",
            "SELECT \"s\" FROM t",
            "SELECT id FROM t WHERE \"s\" = 'a_b'",
            "SELECT id FROM t WHERE s = \"a_b\"",
            "SELECT \"a\\\" AS b, \" FROM t",
            "SELECT 1 AS \"a\"\"b\"",
            "SELECT 1 AS \"\"",
            "SELECT 1 AS ``",
            "SELECT 'a' AS x, \"b\" AS y, `id` AS z FROM t",
            "SELECT id, s FROM t ORDER BY id DESC LIMIT 2",
            "SELECT t.id FROM t AS t WHERE t.s IS NOT NULL",
            "SELECT $a AS x",
            "SELECT 1 AS a$b",
            "SELECT 1 AS 1a",
            "SELECT 1a FROM t",
            "SELECT id FROM t WHERE id = 1 OR id = 2",
            "SELECT 1 \\N",
            "SELECT \\N",
            "SELECT 1 ; ",
            "SELECT 1 ; -- x",
            "SELECT 1 ;#x",
            "SELECT 1 ; SELECT 2",
            "SELECT 1 ;\nSELECT 2",
            "SELECT 1 -- x\n; SELECT 2",
            "SELECT 1 #x\r; SELECT 2",
            "SELECT 1 --\r; SELECT 2",
            "SELECT 1 /*\n*/ ; SELECT 2",
            "SELECT ';' AS a",
            "SELECT \";\" AS a",
            "SELECT 1 AS `;`",
            "SELECT '\\\\' AS a, ';' AS b",
            "SELECT 'a\\\\\\'b' AS a",
            "SELECT 'a\\\\\\\\' AS a, '' AS b",
            "SELECT '' AS a, \"\" AS b",
            "SELECT '''' AS a, \"\"\"\" AS b",
            "SELECT '\\'' AS a",
            "SELECT \"\\\"\" AS a",
            "SELECT 'ü\\'' AS a",
            "SELECT '中\\' AS a, 2 AS b -- '",
            "SELECT 'x' AS \"ü\"",
            "SELECT 1 AS ü",
            "SELECT 1\u00a0AS a",
            "SELECT 1\u000bAS a",
            "SELECT 1\fAS a",
            "SELECT 1 AS a\u2028, 2",
            "SELECT id['] , 2 AS b, id['] FROM t",
            "SELECT id['] , (SELECT 'second') , id['] FROM t",
            "SELECT 1 AS [a b]",
            "SELECT '[' AS a, ']' AS b",
            "SELECT \"[\" AS a, `]` AS b",
            "SELECT 1 AS [x#], 2",
            "SELECT s FROM t WHERE s LIKE '[a]%'");

    @Test
    void trickyTextsAreReadAsMariaDbReadsThem() throws SQLException {
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        for (String mode : MODES) {
            mode(mode);
            for (String text : TRICKY) {
                String d = disagreement(text);
                if (d != null) {
                    disagreements.add(mode + ": " + d);
                }
                try {
                    guard.check(text, SessionRules.of(server, SqlDialect.MYSQL));
                    accepted++;
                } catch (GuardRejection refused) {
                    // refused: nothing to compare
                }
            }
        }
        assertEquals(List.of(), disagreements);
        assertTrue(accepted >= MODES.size() * TRICKY.size() / 2, "accepted " + accepted);
    }

    /** Random texts from the characters that decide where strings, names and comments end. */
    @Test
    void randomTextsAreReadAsMariaDbReadsThem() throws SQLException {
        Random random = new Random(20260601);
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        int tried = 0;
        for (String mode : MODES) {
            mode(mode);
            for (int i = 0; i < 400; i++) {
                String text = randomSelect(random);
                tried++;
                try {
                    guard.check(text, SessionRules.of(server, SqlDialect.MYSQL));
                    accepted++;
                } catch (GuardRejection refused) {
                    continue;
                }
                String d = disagreement(text);
                if (d != null && disagreements.size() < 20) {
                    disagreements.add(mode + ": " + d);
                }
            }
        }
        System.out.printf("random MySQL texts: %d tried, %d accepted by the guard, %d whose spelled-out reading the server "
                + "refused%n", tried, accepted, inconclusive);
        assertEquals(List.of(), disagreements);
        assertTrue(accepted >= tried / 10, "accepted " + accepted + " of " + tried);
    }

    private static final String[] BODY = {"a", "b", "1", " ", "\\", "\\\\", "'", "''", "\"", "\"\"", "`", "#", "--", "-- ", "/*", "*/",
        "\n", "\r", ";", "%", "_", "\\'", "\\\"", "\\n", "\\0", "\\Z", "\\%", "\\_", "\\b", ",", ")", "(", "ü", "[", "]"};
    private static final String[] GAPS = {" ", " ", " ", "\n", "\r", "\t", "\r\n", "#c\n", "#c\r\n", "# '\n", "-- c\n", "-- '\n",
        "--\n", "/* c */", "/* ' */", "/* \" */", "/**/", "-- x\r\n", "/* # */"};

    static String randomSelect(Random r) {
        StringBuilder b = new StringBuilder("SELECT");
        int columns = 1 + r.nextInt(3);
        for (int i = 0; i < columns; i++) {
            b.append(i == 0 ? " " : ",").append(gap(r));
            b.append(switch (r.nextInt(7)) {
                case 0 -> "id";
                case 5 -> "id[" + quoted(r, '\'') + "]";
                case 1 -> "`s`";
                case 2 -> quoted(r, '"');
                case 3 -> quoted(r, '`');
                default -> quoted(r, '\'');
            });
            if (r.nextInt(3) == 0) {
                b.append(gap(r)).append("AS").append(gap(r)).append(r.nextBoolean() ? "c" + i : quoted(r, r.nextBoolean() ? '`' : '"'));
            }
            b.append(gap(r));
        }
        b.append(gap(r)).append("FROM t").append(gap(r));
        if (r.nextBoolean()) {
            b.append("WHERE s ").append(r.nextBoolean() ? "LIKE " : "= ").append(quoted(r, r.nextBoolean() ? '\'' : '"')).append(gap(r));
        }
        b.append("ORDER BY id");
        if (r.nextInt(4) == 0) {
            b.append(gap(r)).append(r.nextBoolean() ? ";" : "; SELECT 'second'");
        }
        return b.toString();
    }

    private static String gap(Random r) {
        return r.nextInt(3) == 0 ? GAPS[r.nextInt(GAPS.length)] : " ";
    }

    private static String quoted(Random r, char q) {
        StringBuilder b = new StringBuilder().append(q);
        int n = r.nextInt(5);
        for (int i = 0; i < n; i++) {
            b.append(BODY[r.nextInt(BODY.length)]);
        }
        return b.append(q).toString();
    }
}
