package dev.nlsql.proxy;

import dev.nlsql.check.SqlLexer;
import java.util.ArrayList;
import java.util.List;

/** PostgreSQL's $1, $2 parameter markers turned into JDBC's ?, remembering which $n each ? is. */
final class ParameterMarkers {

    /** The JDBC SQL and, for each ? in order, the 1-based $n it stands for. */
    record Translation(String sql, int[] order) {
    }

    private ParameterMarkers() {
    }

    static Translation toJdbc(String query) {
        StringBuilder sql = new StringBuilder(query.length());
        List<Integer> order = new ArrayList<>();
        int copied = 0;
        for (SqlLexer.Token t : SqlLexer.tokenize(query).tokens()) {
            if (t.type() == SqlLexer.Type.PARAM && t.text().startsWith("$")) {
                sql.append(query, copied, t.start()).append('?');
                order.add(Integer.parseInt(t.text().substring(1)));
                copied = t.end();
            }
        }
        sql.append(query.substring(copied));
        return new Translation(sql.toString(), order.stream().mapToInt(Integer::intValue).toArray());
    }
}
