package dev.nlsql.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nlsql.engine.Attempt;
import dev.nlsql.engine.Trace;
import java.io.PrintStream;
import java.util.List;

/** Prints an answer as a readable table with its SQL and attempts, or as the contract's JSON object. */
final class Output {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_WIDTH = 40;

    private Output() {
    }

    static void json(Answered a, PrintStream out) {
        ObjectNode root = JSON.createObjectNode();
        root.put("question", a.question());
        root.put("success", a.success());
        root.put("sql", a.sql());
        ArrayNode columns = root.putArray("columns");
        a.columns().forEach(columns::add);
        ArrayNode rows = root.putArray("rows");
        for (List<Object> row : a.rows()) {
            ArrayNode r = rows.addArray();
            row.forEach(v -> r.addPOJO(v));
        }
        root.put("rowCount", a.rows().size());
        ArrayNode attempts = root.putArray("attempts");
        Trace t = a.trace();
        if (t != null) {
            for (Attempt at : t.attempts()) {
                ObjectNode n = attempts.addObject();
                n.put("n", at.number());
                n.put("source", at.source().label());
                n.put("sql", at.sql());
                n.put("outcome", at.outcome().label());
                n.put("category", at.categoryLabel());
                n.put("error", at.error());
                n.put("feedback", at.feedback());
                n.put("ms", at.millis());
            }
        }
        root.put("llmCalls", t == null ? 0 : t.llmCalls());
        ObjectNode tokens = root.putObject("tokens");
        tokens.put("input", t == null ? 0 : t.inputTokens());
        tokens.put("output", t == null ? 0 : t.outputTokens());
        root.put("elapsedMs", a.elapsedMs());
        root.put("sqlState", a.sqlState());
        root.put("error", a.error());
        out.println(root.toString());
    }

    static void readable(Answered a, PrintStream out, int maxRows) {
        if (a.trace() != null) {
            for (Attempt at : a.trace().attempts()) {
                out.printf("  attempt %d [%s] %s%s%n", at.number(), at.source().label(), at.outcome().label(),
                        at.category() == null ? "" : " (" + at.categoryLabel() + ": " + at.error() + ")");
                if (at.sql() != null) {
                    out.println("    " + at.sql());
                }
            }
        }
        if (!a.success()) {
            return;
        }
        if (a.sql() != null) {
            out.println("SQL: " + a.sql());
        }
        table(a.columns(), a.rows(), out, maxRows);
    }

    static void table(List<String> columns, List<List<Object>> rows, PrintStream out, int maxRows) {
        int[] width = new int[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            width[i] = Math.min(MAX_WIDTH, columns.get(i).length());
        }
        List<List<Object>> shown = rows.subList(0, Math.min(rows.size(), maxRows));
        for (List<Object> row : shown) {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.min(MAX_WIDTH, Math.max(width[i], cell(row.get(i)).length()));
            }
        }
        StringBuilder header = new StringBuilder();
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            header.append(i == 0 ? " " : " | ").append(pad(columns.get(i), width[i]));
            rule.append(i == 0 ? "-" : "-+-").append("-".repeat(width[i]));
        }
        out.println(header);
        out.println(rule + "-");
        for (List<Object> row : shown) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                Object v = row.get(i);
                String c = fit(cell(v), width[i]);
                line.append(i == 0 ? " " : " | ").append(v instanceof Number ? " ".repeat(width[i] - c.length()) + c : pad(c, width[i]));
            }
            out.println(line);
        }
        out.printf("(%d row%s%s)%n", rows.size(), rows.size() == 1 ? "" : "s", rows.size() > maxRows ? ", " + maxRows + " shown" : "");
    }

    private static String cell(Object v) {
        return v == null ? "" : v.toString();
    }

    private static String fit(String s, int w) {
        return s.length() <= w ? s : s.substring(0, w - 1) + "…";
    }

    private static String pad(String s, int w) {
        String f = fit(s, w);
        return f + " ".repeat(w - f.length());
    }
}
