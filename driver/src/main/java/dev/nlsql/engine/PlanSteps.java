package dev.nlsql.engine;

import dev.nlsql.sql.LexRules;
import dev.nlsql.sql.SqlLexer;
import java.util.List;

/**
 * Composes a plan step with the steps before it: each earlier step becomes a CTE {@code stepN}. Every
 * step is taken in its canonical text (comments removed, strings canonical, as the guard renders it),
 * so a step ending in a {@code --} comment cannot swallow the text composed after it.
 */
final class PlanSteps {

    private PlanSteps() {
    }

    /**
     * {@code WITH step1 AS (...), step2 AS (...) <sql>}, leaving out the null entries (steps on other
     * sources) but keeping every step's number; a step that starts with its own WITH has its
     * CTEs joined after the steps'. Null when {@code sql} is null. The guard reads the result like
     * any other statement, so a step cannot smuggle in more than one.
     */
    static String compose(List<String> earlier, String sql, LexRules rules) {
        if (sql == null) {
            return null;
        }
        String body = canonical(sql, rules);
        if (earlier.stream().allMatch(java.util.Objects::isNull)) {
            return body;
        }
        StringBuilder b = new StringBuilder("WITH ");
        boolean recursive = SqlLexer.firstWord(body).equals("with") && SqlLexer.tokenize(body, rules).tokens().size() > 1
                && SqlLexer.tokenize(body, rules).tokens().get(1).isWord("recursive");
        if (recursive) {
            b.append("RECURSIVE ");
        }
        boolean firstCte = true;
        for (int i = 0; i < earlier.size(); i++) {
            if (earlier.get(i) == null) {
                continue; // a step on another source: its rows are not here (a local step joins them)
            }
            String prior = canonical(earlier.get(i), rules);
            b.append(firstCte ? "" : ", ").append("step").append(i + 1).append(" AS (").append(prior).append(')');
            firstCte = false;
        }
        if (SqlLexer.firstWord(body).equals("with")) {
            List<SqlLexer.Token> tokens = SqlLexer.tokenize(body, rules).tokens();
            int from = tokens.get(recursive ? 1 : 0).end();
            b.append(", ").append(body.substring(from).strip());
        } else {
            b.append(' ').append(body);
        }
        return b.toString();
    }

    /**
     * A step as the guard reads it, without comments or trailing semicolons; a step the lexer cannot
     * read (an unterminated comment or string) is left as written, and the guard refuses the composition.
     */
    private static String canonical(String step, LexRules rules) {
        SqlLexer.Result lexed = SqlLexer.tokenize(step, rules);
        String text = (lexed.problem() == null ? lexed.canonical() : step).strip();
        while (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).strip();
        }
        return text;
    }
}
