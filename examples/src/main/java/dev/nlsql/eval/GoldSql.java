package dev.nlsql.eval;

import dev.nlsql.sql.SqlLexer;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Expands the defog gold-SQL conventions: ';'-separated alternatives and {a,b} column choices. */
public final class GoldSql {

    private static final Pattern CHOICE = Pattern.compile("\\{([^{}]+)}");

    private GoldSql() {
    }

    /** The alternative gold statements, split on the semicolons PostgreSQL would split on. */
    public static List<String> alternatives(String query) {
        return SqlLexer.splitStatements(query);
    }

    /** Every choice of columns a {a,b} set allows (non-empty subsets), with GROUP BY {} repeating it. */
    public static List<String> columnChoices(String sql) {
        Matcher m = CHOICE.matcher(sql);
        if (!m.find()) {
            return List.of(sql);
        }
        String[] columns = m.group(1).split(",");
        List<String> out = new ArrayList<>();
        for (int mask = 1; mask < (1 << columns.length); mask++) {
            List<String> chosen = new ArrayList<>();
            for (int i = 0; i < columns.length; i++) {
                if ((mask & (1 << i)) != 0) {
                    chosen.add(columns[i].strip());
                }
            }
            String list = String.join(", ", chosen);
            out.add(sql.substring(0, m.start()) + list + sql.substring(m.end()).replace("{}", list));
        }
        return out;
    }

    /**
     * Whether a statement orders its rows: ORDER BY outside every parenthesis. An ORDER BY inside a
     * window ({@code RANK() OVER (ORDER BY ...)}) or a subquery leaves the result's order open.
     */
    public static boolean ordersRows(String sql) {
        int depth = 0;
        SqlLexer.Token previous = null;
        for (SqlLexer.Token t : SqlLexer.tokenize(sql).tokens()) {
            if (t.isPunct('(')) {
                depth++;
            } else if (t.isPunct(')')) {
                depth--;
            } else if (depth == 0 && t.isWord("by") && previous != null && previous.isWord("order")) {
                return true;
            }
            previous = t;
        }
        return false;
    }

    /** Every concrete gold statement a query stands for. */
    public static List<String> expand(String query) {
        List<String> out = new ArrayList<>();
        for (String alternative : alternatives(query)) {
            out.addAll(columnChoices(alternative));
        }
        return out;
    }
}
