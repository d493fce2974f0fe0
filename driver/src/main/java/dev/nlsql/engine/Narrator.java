package dev.nlsql.engine;

import dev.nlsql.internal.log.Secrets;
import dev.nlsql.engine.Attempt.Outcome;
import dev.nlsql.engine.Attempt.Source;
import dev.nlsql.engine.Narration.Confidence;
import dev.nlsql.internal.generate.LlmSideCalls;
import dev.nlsql.internal.generate.LlmUnavailableException;
import dev.nlsql.internal.log.Logs;
import dev.nlsql.internal.sql.SqlParsing;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Select;
import org.slf4j.Logger;

/**
 * Narrates an answer: the confidence from its trace and rows, and the words from one model call (question, SQL and a
 * bounded sample of the rows) or, offline and under {@code nlsql.llm.sendValues=false}, from an English template.
 */
final class Narrator {

    private static final Logger LOG = Logs.get(Narrator.class);
    /** Rows the model is shown at most. */
    static final int SAMPLE_ROWS = 20;
    /** Characters of rows the model is shown at most. */
    static final int SAMPLE_CHARS = 4_000;
    /** Characters of one value the model is shown at most. */
    static final int VALUE_CHARS = 200;
    /** Longest narration kept, in characters: a paragraph. */
    static final int MAX_ANSWER_CHARS = 2_000;
    /** Rows the template names. */
    private static final int TEMPLATE_ROWS = 3;

    private Narrator() {
    }

    /**
     * How an answer's SQL was found where that makes it less sure: "repaired", "retried", "widened", "fallback", in that
     * order; for a replay from the cache, how the answer it replays was found.
     */
    static List<String> howFound(Trace trace) {
        boolean repaired = false;
        boolean widened = false;
        boolean fallback = false;
        int generated = 0;
        for (Attempt a : trace.attempts()) {
            repaired |= a.source() == Source.REPAIR && a.outcome() != Outcome.REJECTED && a.outcome() != Outcome.ERROR;
            widened |= a.source() == Source.WIDER;
            fallback |= a.source() == Source.FALLBACK;
            generated += a.source() == Source.LLM || a.source() == Source.OFFLINE ? 1 : 0;
        }
        List<String> replayed = trace.replayed();
        List<String> out = new ArrayList<>();
        if (repaired || replayed.contains("repaired")) {
            out.add("repaired");
        }
        if (generated > 1 || replayed.contains("retried")) {
            out.add("retried");
        }
        if (widened || replayed.contains("widened")) {
            out.add("widened");
        }
        if (fallback || replayed.contains("fallback")) {
            out.add("fallback");
        }
        return out;
    }

    /** The confidence of an answered trace with {@code rowCount} rows, {@code truncated} when they hit the row cap. */
    static Narration assess(Trace trace, long rowCount, boolean truncated, StringBuilder why) {
        boolean cached = trace.attempts().stream().anyMatch(a -> a.source() == Source.CACHE
                && (a.outcome() == Outcome.OK || a.outcome() == Outcome.EMPTY));
        List<String> reasons = new ArrayList<>(howFound(trace));
        int lows = reasons.contains("fallback") ? 1 : 0;
        if (rowCount == 0) {
            reasons.add("empty");
            lows++;
        }
        if (truncated) {
            reasons.add("truncated");
        }
        Confidence c = lows > 0 || reasons.size() >= 2 ? Confidence.LOW : reasons.isEmpty() ? Confidence.HIGH : Confidence.MEDIUM;
        if (!trace.doubts().isEmpty()) {
            // an element of the SQL the question does not account for (the interpretation says which): never "high"
            reasons.add("reading not unique");
            c = c == Confidence.HIGH ? Confidence.MEDIUM : c;
        }
        Attempt last = trace.attempts().isEmpty() ? null : trace.attempts().get(trace.attempts().size() - 1);
        if (last != null && last.source() == Source.VERIFIED) {
            // SQL someone checked for this question: its rows, none included, are the answer; only a cut makes it less sure
            c = truncated ? Confidence.MEDIUM : Confidence.HIGH;
            reasons = new ArrayList<>(List.of("verified"));
            if (trace.notes().stream().anyMatch(n -> n.startsWith("adapted from"))) {
                reasons.add("adapted");
            }
            if (truncated) {
                reasons.add("truncated");
            }
        }
        why.append(reasons.isEmpty() ? (cached ? "cached" : "first attempt") : String.join(", ", reasons));
        if (!trace.sources().equals(List.of("main"))) {
            why.append("; sources: ").append(String.join(", ", trace.sources())); // which databases answered
        }
        return new Narration(null, c, why.toString(), trace.finalSql(), trace.interpretation());
    }

    /**
     * The narration of an answer.
     * @param sideCalls the model, or null for the template
     * @param sendValues false: no row value may reach the model, so the template speaks
     */
    static Narration narrate(Trace trace, List<String> columns, List<List<Object>> rows, long rowCount, boolean truncated,
            LlmSideCalls sideCalls, boolean sendValues) throws LlmUnavailableException {
        Narration assessed = assess(trace, rowCount, truncated, new StringBuilder());
        String question = trace.resolvedQuestion() != null ? trace.resolvedQuestion() : trace.question();
        String words = null;
        if (sideCalls != null && sendValues) {
            try {
                LlmSideCalls.Reply reply = sideCalls.narrate(question, trace.finalSql(),
                        sample(columns, rows, rowCount, truncated, ordered(trace.finalSql())));
                trace.sideCall(1, reply.inputTokens(), reply.outputTokens());
                words = reply.text() == null ? null : shorten(reply.text().strip());
            } catch (LlmUnavailableException e) {
                if (e.cancelled()) {
                    throw e;
                }
                LOG.debug("narration by the model failed, the template speaks: {}", Secrets.forLog(e.getMessage()));
            }
        }
        if (words == null) {
            words = template(question, columns, rows, rowCount, truncated, ordered(trace.finalSql()));
        }
        if (!trace.sources().equals(List.of("main"))) {
            words = words + " (From " + String.join(", ", trace.sources().stream().map(s -> s.equals("local") ? "a local join" : "source " + s)
                    .toList()) + ".)";
        }
        return new Narration(words, assessed.confidence(), assessed.why(), assessed.sql(), assessed.interpretation());
    }

    /**
     * Whether the answering SQL orders its rows at the top level (an ORDER BY of the statement, not of a subquery): only then
     * are the rows shown "the first". SQL that is absent or does not parse is not known to be ordered.
     */
    static boolean ordered(String sql) {
        if (sql == null) {
            return false;
        }
        try {
            Statements statements = SqlParsing.parse(sql);
            if (statements.size() != 1 || !(statements.get(0) instanceof Select select)) {
                return false;
            }
            while (select instanceof ParenthesedSelect p && p.getOrderByElements() == null) {
                select = p.getSelect();
            }
            return select.getOrderByElements() != null && !select.getOrderByElements().isEmpty();
        } catch (SqlParsing.Unparseable e) {
            return false;
        }
    }

    /** The rows as the model sees them: columns, at most {@link #SAMPLE_ROWS} rows and {@link #SAMPLE_CHARS} characters. */
    static String sample(List<String> columns, List<List<Object>> rows, long rowCount, boolean truncated, boolean ordered) {
        StringBuilder b = new StringBuilder("Columns: ").append(String.join(" | ", columns)).append('\n');
        int shown = 0;
        StringBuilder body = new StringBuilder();
        for (List<Object> row : rows) {
            if (shown == SAMPLE_ROWS) {
                break;
            }
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                String v = text(row.get(i));
                line.append(i == 0 ? "" : " | ").append(v.length() > VALUE_CHARS ? v.substring(0, VALUE_CHARS) + "..." : v);
            }
            if (body.length() + line.length() > SAMPLE_CHARS) {
                break;
            }
            body.append(line).append('\n');
            shown++;
        }
        b.append("Rows: ").append(rowCount).append(truncated ? " (the row cap was reached: there may be more)" : "");
        b.append(shown < rowCount ? (ordered ? ", the first " + shown + " shown" : ", " + shown + " of them shown") : "");
        b.append(ordered || rowCount < 2 ? "" : " (in no particular order)").append('\n').append(body);
        return b.toString().strip();
    }

    /**
     * An English sentence or two from the question, the columns and the first rows; rows of SQL that is not {@code ordered}
     * are never "the first" (a grouping without ORDER BY comes back in no particular order, and a ranking would mislead).
     */
    static String template(String question, List<String> columns, List<List<Object>> rows, long rowCount, boolean truncated,
            boolean ordered) {
        if (rowCount == 0 || rows.isEmpty()) {
            return "No rows answer \"" + question + "\".";
        }
        if (rowCount == 1 && columns.size() == 1) {
            Object v = rows.get(0).get(0);
            String sentence = v instanceof Number ? AnswerSentence.count(question, text(v), isOne(v)) : null;
            if (sentence == null) {
                sentence = AnswerSentence.total(question, text(v));
            }
            return sentence != null ? sentence : "The " + label(columns.get(0)) + " is " + text(v) + ".";
        }
        if (rowCount == 1) {
            return "There is one row: " + pairs(columns, rows.get(0)) + ".";
        }
        StringBuilder b = new StringBuilder("There are ");
        b.append(truncated ? "at least " + rowCount : String.valueOf(rowCount)).append(" rows");
        int n = Math.min(TEMPLATE_ROWS, rows.size());
        boolean all = n == rowCount && !truncated;
        if (truncated || !all && !ordered) {
            b.append(" (").append(truncated ? "the row cap was reached" : "").append(truncated && !ordered ? "; " : "")
                    .append(ordered ? "" : "in no particular order").append(')');
        }
        b.append(all ? ": " : !ordered ? "; among them " : n == 1 ? "; the first is " : "; the first " + n + " are ");
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : i == n - 1 ? " and " : ", ").append(rowText(columns, rows.get(i)));
        }
        return b.append('.').toString();
    }

    private static String pairs(List<String> columns, List<Object> row) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < columns.size() && i < row.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(label(columns.get(i))).append(' ').append(text(row.get(i)));
        }
        return b.toString();
    }

    /**
     * "Bruno (sum amount 150.00)": the first value, the others named in brackets; a key first is named in brackets and the
     * next value names the row ("Bruno (customer id 2, sum amount 150.00)").
     */
    private static String rowText(List<String> columns, List<Object> row) {
        if (row.isEmpty()) {
            return "";
        }
        String first = label(columns.get(0));
        if (row.size() > 1 && columns.size() == row.size() && (first.equals("id") || first.endsWith(" id"))) {
            List<String> c = new java.util.ArrayList<>(columns);
            List<Object> r = new java.util.ArrayList<>(row);
            java.util.Collections.swap(c, 0, 1);
            java.util.Collections.swap(r, 0, 1);
            columns = c;
            row = r;
        }
        StringBuilder b = new StringBuilder(text(row.get(0)));
        if (row.size() > 1) {
            b.append(" (").append(pairs(columns.subList(1, columns.size()), row.subList(1, row.size()))).append(')');
        }
        return b.toString();
    }

    private static String label(String column) {
        return column.replace('_', ' ').toLowerCase(Locale.ROOT);
    }

    private static boolean isOne(Object v) {
        return v instanceof Number n && new BigDecimal(n.toString()).compareTo(BigDecimal.ONE) == 0;
    }

    static String text(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof BigDecimal bd) {
            return bd.toPlainString();
        }
        return v.toString();
    }

    private static String shorten(String s) {
        return s.length() <= MAX_ANSWER_CHARS ? s : s.substring(0, MAX_ANSWER_CHARS - 3) + "...";
    }
}
