package dev.nlsql.internal.sql;

import dev.nlsql.sql.SqlLexer;

/**
 * SQL as the model may see it under {@code nlsql.llm.sendValues=false} when the driver, not the model,
 * may have put database values into it (the wider search's closest real values, a cached answer's SQL,
 * the previous answer of a follow-up, the knowledge file's SQL): every string literal becomes {@code '…'}.
 */
public final class ValueFreeSql {

    public static final String HIDDEN = "'…'";

    private ValueFreeSql() {
    }

    public static String of(String sql) {
        if (sql == null) {
            return null;
        }
        SqlLexer.Result lexed = SqlLexer.tokenize(sql);
        if (lexed.problem() != null) {
            return "(SQL not shown)"; // unreadable: its strings cannot be told apart
        }
        StringBuilder out = new StringBuilder(sql.length());
        int at = 0;
        for (SqlLexer.Token t : lexed.tokens()) {
            if (t.type() == SqlLexer.Type.STRING) {
                out.append(sql, at, t.start()).append(HIDDEN);
                at = t.end();
            }
        }
        return out.append(sql, at, sql.length()).toString();
    }
}
