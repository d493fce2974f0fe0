package dev.nlsql.cli;

import dev.nlsql.engine.Question;
import dev.nlsql.engine.Trace;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the command line shows of one question or statement: the rows (or, for a statement
 * without rows, its command tag such as {@code DELETE 2}), the SQL and the trace.
 */
record Answered(String question, boolean success, String sql, List<String> columns, List<List<Object>> rows, String tag, Trace trace,
        long elapsedMs, String sqlState, String error, List<Integer> types) {

    /** An answer without column types (no rows, or a failure). */
    Answered(String question, boolean success, String sql, List<String> columns, List<List<Object>> rows, String tag, Trace trace,
            long elapsedMs, String sqlState, String error) {
        this(question, success, sql, columns, rows, tag, trace, elapsedMs, sqlState, error, List.of());
    }

    /** The columns with their JDBC types ({@link java.sql.Types}), as a chart reads them. */
    List<dev.nlsql.chart.AnswerChart.Column> typedColumns() {
        List<dev.nlsql.chart.AnswerChart.Column> typed = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            typed.add(new dev.nlsql.chart.AnswerChart.Column(columns.get(i), i < types.size() ? types.get(i) : java.sql.Types.OTHER));
        }
        return typed;
    }

    /** Runs text (a question or SQL) on a nlsql statement with {@code execute}, as psql would, and reads every row. */
    static Answered run(Statement statement, String text) {
        long start = System.nanoTime();
        if (text == null || text.isBlank()) {
            try {
                Question.of(text, null); // the driver's own check and message
            } catch (SQLException e) {
                return new Answered(text, false, null, List.of(), List.of(), null, null, millis(start), e.getSQLState(), e.getMessage());
            }
        }
        try {
            boolean hasRows = statement.execute(text);
            Trace trace = traceFor(trace(statement), text);
            String sql = trace != null ? trace.finalSql() : text.strip();
            if (!hasRows) {
                long count = statement.getLargeUpdateCount();
                return new Answered(text, true, sql, List.of(), List.of(), tag(text, count), trace, millis(start), null, null);
            }
            try (ResultSet rs = statement.getResultSet()) {
                java.sql.ResultSetMetaData md = rs.getMetaData();
                List<String> columns = Values.columnNames(md, sql);
                int[] types = new int[columns.size() + 1];
                String[] typeNames = new String[columns.size() + 1];
                for (int i = 1; i <= columns.size(); i++) {
                    types[i] = md.getColumnType(i);
                    typeNames[i] = md.getColumnTypeName(i);
                }
                List<List<Object>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>(columns.size());
                    for (int i = 1; i <= columns.size(); i++) {
                        row.add(Values.read(rs, i, types[i], typeNames[i]));
                    }
                    rows.add(row);
                }
                List<Integer> columnTypes = new ArrayList<>(columns.size());
                for (int i = 1; i <= columns.size(); i++) {
                    columnTypes.add(types[i]);
                }
                return new Answered(text, true, sql, columns, rows, null, trace, millis(start), null, null, List.copyOf(columnTypes));
            }
        } catch (SQLException e) {
            Trace trace = traceFor(trace(statement), text);
            return new Answered(text, false, trace == null ? null : trace.finalSql(), List.of(), List.of(), null, trace, millis(start),
                    e.getSQLState(), e.getMessage());
        }
    }

    /**
     * The command tag psql prints for a statement without rows: {@code INSERT 0 n},
     * {@code UPDATE n}, {@code DELETE n}, {@code SELECT n} for SELECT INTO or CREATE TABLE AS,
     * else the statement's leading keywords ({@code CREATE TABLE}, {@code SET}).
     */
    static String tag(String sql, long count) {
        String[] words = sql.strip().replaceAll("(?s)^(\\s*(--[^\\n]*\\n|/\\*.*?\\*/))*", "").strip().split("[\\s(;]+");
        String first = words.length == 0 ? "" : words[0].toUpperCase(Locale.ROOT);
        String second = words.length < 2 ? "" : words[1].toUpperCase(Locale.ROOT);
        switch (first) {
            case "INSERT":
                return "INSERT 0 " + Math.max(count, 0);
            case "UPDATE", "DELETE", "MERGE", "COPY", "MOVE", "FETCH":
                return first + " " + Math.max(count, 0);
            case "SELECT", "WITH":
                return count >= 0 ? "SELECT " + count : "SELECT";
            case "CREATE", "DROP", "ALTER":
                if (second.equals("TABLE") && count > 0) {
                    return "SELECT " + count;
                }
                if (second.equals("UNIQUE")) {
                    return first + " INDEX";
                }
                if (second.equals("OR") || second.equals("TEMP") || second.equals("TEMPORARY")
                        || second.equals("UNLOGGED") || second.equals("MATERIALIZED")) {
                    String third = words.length < 3 ? "" : words[2].toUpperCase(Locale.ROOT);
                    if (second.equals("OR") && words.length >= 4) {
                        return first + " " + words[3].toUpperCase(Locale.ROOT);
                    }
                    return first + " " + (second.equals("MATERIALIZED") ? second + " " + third : third);
                }
                return (first + " " + second).strip();
            case "BEGIN", "START":
                return "BEGIN";
            case "END":
                return "COMMIT";
            default:
                return first.isEmpty() ? "OK" : first;
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

    private static long millis(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
