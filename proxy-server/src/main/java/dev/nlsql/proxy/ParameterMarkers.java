package dev.nlsql.proxy;

import dev.nlsql.sql.SqlLexer;
import java.util.ArrayList;
import java.util.List;

/** PostgreSQL's $1, $2 parameter markers turned into JDBC's ?, remembering which $n each ? is. */
final class ParameterMarkers {

    /** The JDBC SQL and, for each ? in order, the 1-based $n it stands for. */
    record Translation(String sql, int[] order) {
    }

    /** PostgreSQL's operator characters: a ? next to one would be read as part of an operator. */
    private static final String OPERATOR_CHARS = "~!@#^&|`?+-*/%<>=";

    private ParameterMarkers() {
    }

    /**
     * The query with every $n outside strings and comments replaced by ?.
     *
     * @param asWrittenWhenUnclear keep the client's text when it does not read one way only: a guard must judge
     *        what the client wrote, not a translation that reads otherwise ({@code $1abc} is an error on
     *        PostgreSQL 15, which the guard refuses; {@code ?abc} is a parameter named abc)
     */
    static Translation toJdbc(String query, boolean asWrittenWhenUnclear) {
        SqlLexer.Result lexed = SqlLexer.tokenize(query);
        if (asWrittenWhenUnclear && lexed.problem() != null) {
            return new Translation(query, new int[0]);
        }
        StringBuilder sql = new StringBuilder(query.length());
        List<Integer> order = new ArrayList<>();
        int copied = 0;
        for (SqlLexer.Token t : lexed.tokens()) {
            if (t.type() == SqlLexer.Type.PARAM && t.text().startsWith("$")) {
                // a ? touching an operator character joins it: ?-? is one operator to PostgreSQL and the guard, three tokens to pgjdbc
                boolean before = t.start() > 0 && OPERATOR_CHARS.indexOf(query.charAt(t.start() - 1)) >= 0;
                boolean after = t.end() < query.length() && OPERATOR_CHARS.indexOf(query.charAt(t.end())) >= 0;
                sql.append(query, copied, t.start()).append(before ? " ?" : "?").append(after ? " " : "");
                order.add(Integer.parseInt(t.text().substring(1)));
                copied = t.end();
            }
        }
        sql.append(query.substring(copied));
        return new Translation(sql.toString(), order.stream().mapToInt(Integer::intValue).toArray());
    }
}
