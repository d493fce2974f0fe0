package dev.nlsql.engine;

import dev.nlsql.sql.SqlLexer;
import java.util.List;

/** Composes a plan step with the steps before it: each earlier step becomes a CTE {@code stepN}. */
final class PlanSteps {

    private PlanSteps() {
    }

    /**
     * {@code WITH step1 AS (...), step2 AS (...) <sql>}; a step that starts with its own WITH has its
     * CTEs joined after the steps'. Null when {@code sql} is null. The guard reads the result like
     * any other statement, so a step cannot smuggle in more than one.
     */
    static String compose(List<String> earlier, String sql) {
        if (sql == null) {
            return null;
        }
        String body = sql.strip();
        while (body.endsWith(";")) {
            body = body.substring(0, body.length() - 1).strip();
        }
        if (earlier.isEmpty()) {
            return body;
        }
        StringBuilder b = new StringBuilder("WITH ");
        boolean recursive = SqlLexer.firstWord(body).equals("with") && SqlLexer.tokenize(body).tokens().size() > 1
                && SqlLexer.tokenize(body).tokens().get(1).isWord("recursive");
        if (recursive) {
            b.append("RECURSIVE ");
        }
        for (int i = 0; i < earlier.size(); i++) {
            String prior = earlier.get(i).strip();
            while (prior.endsWith(";")) {
                prior = prior.substring(0, prior.length() - 1).strip();
            }
            b.append(i == 0 ? "" : ", ").append("step").append(i + 1).append(" AS (").append(prior).append(')');
        }
        if (SqlLexer.firstWord(body).equals("with")) {
            List<SqlLexer.Token> tokens = SqlLexer.tokenize(body).tokens();
            int from = tokens.get(recursive ? 1 : 0).end();
            b.append(", ").append(body.substring(from).strip());
        } else {
            b.append(' ').append(body);
        }
        return b.toString();
    }
}
