package dev.nlsql.proxy;

import dev.nlsql.sql.SqlLexer;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The CommandComplete tag PostgreSQL gives a statement: "SELECT 3", "INSERT 0 1", "CREATE TABLE", ... */
final class CommandTags {

    private static final Set<String> TWO_WORDS = Set.of("create", "drop", "alter", "start", "rollback", "release", "refresh", "security",
            "import", "comment");

    private CommandTags() {
    }

    static String forRows(String sql, long rows) {
        String first = SqlLexer.firstWord(sql);
        return switch (first) {
            case "show" -> "SHOW";
            case "explain" -> "EXPLAIN";
            case "fetch", "move" -> first.toUpperCase(Locale.ROOT) + " " + rows;
            default -> "SELECT " + rows;
        };
    }

    static String forUpdate(String sql, long count) {
        String first = SqlLexer.firstWord(sql);
        return switch (first) {
            case "insert" -> "INSERT 0 " + Math.max(0, count);
            case "update", "delete", "merge", "copy" -> first.toUpperCase(Locale.ROOT) + " " + Math.max(0, count);
            case "select", "with", "values", "table" -> "SELECT " + Math.max(0, count);
            case "begin" -> "BEGIN";
            case "end" -> "COMMIT";
            case "abort" -> "ROLLBACK";
            case "truncate" -> "TRUNCATE TABLE"; // with or without the optional word TABLE, as PostgreSQL tags it
            default -> TWO_WORDS.contains(first) ? firstTwoWords(sql) : first.toUpperCase(Locale.ROOT);
        };
    }

    private static String firstTwoWords(String sql) {
        List<SqlLexer.Token> tokens = SqlLexer.tokenize(sql).tokens();
        StringBuilder b = new StringBuilder();
        int words = 0;
        for (SqlLexer.Token t : tokens) {
            if (t.type() != SqlLexer.Type.WORD || words == 2) {
                break;
            }
            String w = t.text().toUpperCase(Locale.ROOT);
            if (words == 1 && Set.of("OR", "TEMP", "TEMPORARY", "UNIQUE", "UNLOGGED", "IF").contains(w)) {
                continue;
            }
            b.append(words == 0 ? "" : " ").append(w);
            words++;
        }
        return b.toString();
    }
}
