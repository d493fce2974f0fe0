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

    /** Exact decimals: Jackson's default node factory would strip trailing zeros (1.50 to 1.5). */
    private static final ObjectMapper JSON = new ObjectMapper()
            .setNodeFactory(com.fasterxml.jackson.databind.node.JsonNodeFactory.withExactBigDecimals(true));
    private static final int MAX_WIDTH = 40;

    private Output() {
    }

    static void json(Answered a, PrintStream out) {
        json(a, null, false, out);
    }

    /** The JSON object of DESIGN.md; with a narration ({@code ask --narrate}) one more member, {@code narration}, at the end. */
    /**
     * The contract's object; with attached sources ({@code withSources}) each attempt also says where it ran
     * ({@code database}) and the object which databases answered ({@code sources}).
     */
    static void json(Answered a, dev.nlsql.engine.Narration narration, boolean withSources, PrintStream out) {
        ObjectNode root = JSON.createObjectNode();
        root.put("question", a.question());
        root.put("success", a.success());
        root.put("sql", a.sql());
        ArrayNode columns = root.putArray("columns");
        a.columns().forEach(columns::add);
        ArrayNode rows = root.putArray("rows");
        for (List<Object> row : a.rows()) {
            ArrayNode r = rows.addArray();
            for (Object v : row) {
                if (v == null) {
                    r.addNull();
                } else if (v instanceof java.math.BigDecimal bd) {
                    r.add(bd);
                } else if (v instanceof java.math.BigInteger bi) {
                    r.add(bi);
                } else if (v instanceof Long l) {
                    r.add(l);
                } else if (v instanceof Integer n) {
                    r.add(n);
                } else if (v instanceof Double || v instanceof Float) {
                    double d = ((Number) v).doubleValue();
                    if (Double.isFinite(d)) {
                        r.add(new java.math.BigDecimal(Values.text(v).replace("e", "E")));
                    } else {
                        r.add(Values.text(v));
                    }
                } else if (v instanceof Boolean b) {
                    r.add(b);
                } else {
                    r.add(v.toString());
                }
            }
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
                if (withSources) {
                    n.put("database", at.database());
                }
            }
        }
        if (withSources && t != null && t.success()) {
            ArrayNode sources = root.putArray("sources"); // the databases the answer came from
            t.sources().forEach(sources::add);
        }
        root.put("llmCalls", t == null ? 0 : t.llmCalls());
        ObjectNode tokens = root.putObject("tokens");
        tokens.put("input", t == null ? 0 : t.inputTokens());
        tokens.put("output", t == null ? 0 : t.outputTokens());
        root.put("elapsedMs", a.elapsedMs());
        root.put("sqlState", a.sqlState());
        root.put("error", a.error());
        root.put("interpretation", t == null ? null : t.interpretation()); // how the question was read, from the SQL that answered
        if (narration != null) {
            ObjectNode n = root.putObject("narration");
            n.put("answer", narration.answer());
            n.put("confidence", narration.confidence().label());
            n.put("why", narration.why());
        }
        try {
            out.println(JSON.writer().with(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN).writeValueAsString(root));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** How a result is shown: at most {@code maxRows} rows (0: all), as a table or one record per block ({@code \\x}). */
    record Display(int maxRows, boolean expanded) {
        static final int DEFAULT_MAX_ROWS = 100;
    }

    /** The attempts (with the SQL of those that failed), then the final SQL of a question once, then the rows or the command tag. */
    static void readable(Answered a, PrintStream out, Display display) {
        if (a.trace() != null) {
            for (Attempt at : a.trace().attempts()) {
                out.printf("  attempt %d [%s] %s%s%n", at.number(), at.source().label(), at.outcome().label(),
                        at.category() == null ? "" : " (" + at.categoryLabel() + ": " + Values.printable(at.error(), false) + ")");
                if (at.sql() != null && (!a.success() || !at.sql().equals(a.sql()))) {
                    out.println("    " + Values.printable(at.sql()));
                }
            }
        }
        if (!a.success()) {
            return;
        }
        if (a.trace() != null && a.sql() != null) {
            out.println("SQL: " + Values.printable(a.sql()));
            if (a.trace().interpretation() != null) {
                out.println("Read as: " + Values.printable(a.trace().interpretation()));
            }
        }
        if (a.tag() != null) {
            out.println(a.tag());
        } else if (display.expanded()) {
            expanded(a.columns(), a.rows(), out, display.maxRows());
        } else {
            table(a.columns(), a.rows(), out, display.maxRows());
        }
    }

    /** {@code ask --narrate}: the answer in words and how far to trust it. */
    static void narration(dev.nlsql.engine.Narration n, PrintStream out) {
        out.println("Answer: " + Values.printable(n.answer()));
        out.println("Confidence: " + n.confidence().label() + " (" + Values.printable(n.why()) + ")");
    }

    static void table(List<String> columns, List<List<Object>> rows, PrintStream out, int maxRows) {
        int[] width = new int[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            width[i] = Math.min(MAX_WIDTH, Values.printable(columns.get(i), false).length());
        }
        List<List<Object>> shown = shown(rows, maxRows);
        for (List<Object> row : shown) {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.min(MAX_WIDTH, Math.max(width[i], Values.cell(row.get(i)).length()));
            }
        }
        StringBuilder header = new StringBuilder();
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            header.append(i == 0 ? " " : " | ").append(pad(Values.printable(columns.get(i), false), width[i]));
            rule.append(i == 0 ? "-" : "-+-").append("-".repeat(width[i]));
        }
        out.println(header);
        out.println(rule + "-");
        for (List<Object> row : shown) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                Object v = row.get(i);
                String c = fit(Values.cell(v), width[i]);
                line.append(i == 0 ? " " : " | ").append(v instanceof Number ? " ".repeat(width[i] - c.length()) + c : pad(c, width[i]));
            }
            out.println(line);
        }
        footer(rows.size(), shown.size(), out);
    }

    /** psql's expanded display: one block per row, a column name and its value per line, values never cut. */
    static void expanded(List<String> columns, List<List<Object>> rows, PrintStream out, int maxRows) {
        int width = columns.stream().mapToInt(c -> Values.printable(c, false).length()).max().orElse(0);
        List<List<Object>> shown = shown(rows, maxRows);
        for (int r = 0; r < shown.size(); r++) {
            out.println("-[ RECORD " + (r + 1) + " ]" + "-".repeat(Math.max(1, width - 10)));
            for (int i = 0; i < columns.size(); i++) {
                out.println(pad(Values.printable(columns.get(i), false), width) + " | " + Values.cell(shown.get(r).get(i)));
            }
        }
        if (rows.isEmpty()) {
            out.println("(0 rows)");
        } else {
            footer(rows.size(), shown.size(), out);
        }
    }

    private static List<List<Object>> shown(List<List<Object>> rows, int maxRows) {
        return maxRows <= 0 ? rows : rows.subList(0, Math.min(rows.size(), maxRows));
    }

    private static void footer(int rows, int shown, PrintStream out) {
        out.printf("(%d row%s)%n", rows, rows == 1 ? "" : "s");
        if (shown < rows) {
            out.printf("… %d more row%s not shown (--max-rows N, or 0 for all)%n", rows - shown, rows - shown == 1 ? "" : "s");
        }
    }

    private static String fit(String s, int w) {
        return s.length() <= w ? s : s.substring(0, w - 1) + "…";
    }

    private static String pad(String s, int w) {
        String f = fit(s, w);
        return f + " ".repeat(Math.max(0, w - f.length()));
    }
}
