package dev.nlsql.cli;

import dev.nlsql.engine.Trace;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** What the command line shows of one question or statement: the rows, the SQL and the trace. */
record Answered(String question, boolean success, String sql, List<String> columns, List<List<Object>> rows, Trace trace,
        long elapsedMs, String sqlState, String error) {

    /** Runs text (a question or SQL) on a nlsql statement and reads every row. */
    static Answered run(Statement statement, String text) {
        long start = System.nanoTime();
        try (ResultSet rs = statement.executeQuery(text)) {
            List<String> columns = new ArrayList<>();
            ResultSetMetaData md = rs.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                columns.add(md.getColumnLabel(i));
            }
            List<List<Object>> rows = new ArrayList<>();
            while (rs.next()) {
                List<Object> row = new ArrayList<>(columns.size());
                for (int i = 1; i <= columns.size(); i++) {
                    row.add(value(rs.getObject(i)));
                }
                rows.add(row);
            }
            Trace trace = trace(statement);
            String sql = trace != null && trace.question().equals(textOf(text)) ? trace.finalSql() : text;
            return new Answered(text, true, sql, columns, rows, traceFor(trace, text), millis(start), null, null);
        } catch (SQLException e) {
            Trace trace = traceFor(trace(statement), text);
            return new Answered(text, false, null, List.of(), List.of(), trace, millis(start), e.getSQLState(), e.getMessage());
        }
    }

    private static Trace trace(Statement statement) {
        try {
            return statement.unwrap(dev.nlsql.jdbc.NlStatement.class).lastTrace();
        } catch (SQLException e) {
            return null;
        }
    }

    /** The trace belongs to this text only if the text was a question. */
    private static Trace traceFor(Trace trace, String text) {
        return trace != null && trace.question().equals(textOf(text)) ? trace : null;
    }

    private static String textOf(String text) {
        String t = text.strip();
        return t.regionMatches(true, 0, "NL:", 0, 3) ? t.substring(3).strip() : t;
    }

    private static Object value(Object o) {
        if (o == null || o instanceof Number || o instanceof Boolean || o instanceof String) {
            return o instanceof BigDecimal bd ? bd.stripTrailingZeros().scale() <= 0 ? bd.toBigInteger() : bd : o;
        }
        return o.toString();
    }

    private static long millis(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
