package dev.nlsql.eval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nlsql.engine.Attempt;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * An evaluation's figures: execution accuracy (strict and lenient), first-attempt success,
 * correction effectiveness, overall success, attempts, repairs, LLM calls, tokens and latency;
 * overall, per question category, and per error category of the first failed attempt.
 */
public final class EvalReport {

    /** The figures of one group of questions. */
    public record Metrics(String group, int questions, int counted, int goldFailed, int answered, int strict, int lenient,
            int firstAttempt, int failedFirst, int corrected, double meanAttempts, int repairs, long llmCalls, long inputTokens,
            long outputTokens, long p50Ms, long p95Ms) {

        public double strictAccuracy() {
            return ratio(strict, counted);
        }

        public double lenientAccuracy() {
            return ratio(lenient, counted);
        }

        public double firstAttemptRate() {
            return ratio(firstAttempt, counted);
        }

        /** Questions whose first attempt failed and that were answered in the end, over those whose first attempt failed. */
        public double correctionEffectiveness() {
            return ratio(corrected, failedFirst);
        }

        public double overallSuccess() {
            return ratio(answered, counted);
        }

        public double llmCallsPerQuestion() {
            return counted == 0 ? 0 : (double) llmCalls / counted;
        }

        private static double ratio(int a, int b) {
            return b == 0 ? 0 : (double) a / b;
        }
    }

    private final List<QuestionResult> results;
    private final boolean complete;

    public EvalReport(List<QuestionResult> results, boolean complete) {
        this.results = List.copyOf(results);
        this.complete = complete;
    }

    public Metrics overall() {
        return metrics("all", results);
    }

    public List<Metrics> byCategory() {
        return grouped(r -> r.question().category() == null ? "(none)" : r.question().category());
    }

    /** Grouped by what went wrong first, for questions whose first attempt failed. */
    public List<Metrics> byErrorCategory() {
        List<QuestionResult> failedFirst = results.stream().filter(r -> !r.goldFailed() && !r.firstAttemptWorked()).toList();
        Map<String, List<QuestionResult>> groups = new TreeMap<>();
        for (QuestionResult r : failedFirst) {
            String category = r.attempts().isEmpty() || r.attempts().get(0).category() == null ? "(no attempt)"
                    : r.attempts().get(0).categoryLabel();
            groups.computeIfAbsent(category, k -> new ArrayList<>()).add(r);
        }
        List<Metrics> out = new ArrayList<>();
        groups.forEach((k, v) -> out.add(metrics(k, v)));
        return out;
    }

    public List<QuestionResult> failures() {
        return results.stream().filter(r -> !r.goldFailed() && !r.lenient()).toList();
    }

    public List<QuestionResult> goldFailures() {
        return results.stream().filter(QuestionResult::goldFailed).toList();
    }

    private List<Metrics> grouped(Function<QuestionResult, String> key) {
        Map<String, List<QuestionResult>> groups = new TreeMap<>();
        for (QuestionResult r : results) {
            groups.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(r);
        }
        List<Metrics> out = new ArrayList<>();
        groups.forEach((k, v) -> out.add(metrics(k, v)));
        return out;
    }

    static Metrics metrics(String group, List<QuestionResult> rs) {
        List<QuestionResult> counted = rs.stream().filter(r -> !r.goldFailed()).toList();
        int failedFirst = (int) counted.stream().filter(r -> !r.firstAttemptWorked()).count();
        int corrected = (int) counted.stream().filter(r -> !r.firstAttemptWorked() && r.answered()).count();
        long[] latencies = counted.stream().mapToLong(QuestionResult::millis).sorted().toArray();
        return new Metrics(group, rs.size(), counted.size(), rs.size() - counted.size(),
                (int) counted.stream().filter(QuestionResult::answered).count(),
                (int) counted.stream().filter(QuestionResult::strict).count(),
                (int) counted.stream().filter(QuestionResult::lenient).count(),
                (int) counted.stream().filter(QuestionResult::firstAttemptWorked).count(), failedFirst, corrected,
                counted.isEmpty() ? 0 : counted.stream().mapToInt(r -> r.attempts().size()).average().orElse(0),
                counted.stream().mapToInt(QuestionResult::repairs).sum(),
                counted.stream().mapToLong(QuestionResult::llmCalls).sum(),
                counted.stream().mapToLong(QuestionResult::inputTokens).sum(),
                counted.stream().mapToLong(QuestionResult::outputTokens).sum(),
                percentile(latencies, 50), percentile(latencies, 95));
    }

    private static long percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    // ---- text ----

    public String text() {
        StringBuilder b = new StringBuilder();
        if (!complete) {
            b.append("(interrupted: figures for the ").append(results.size()).append(" questions measured)\n");
        }
        b.append(header("group"));
        b.append(row(overall()));
        b.append("\nby question category\n").append(header("category"));
        byCategory().forEach(m -> b.append(row(m)));
        b.append("\nby error category of the first failed attempt\n").append(header("error category"));
        byErrorCategory().forEach(m -> b.append(row(m)));
        if (!goldFailures().isEmpty()) {
            b.append("\ngold SQL that failed itself (not counted):\n");
            goldFailures().forEach(r -> b.append("  #").append(r.question().index()).append(' ').append(r.goldError()).append('\n'));
        }
        if (!failures().isEmpty()) {
            b.append("\nquestions not answered correctly:\n");
            for (QuestionResult r : failures()) {
                b.append("  #").append(r.question().index()).append(' ').append(r.question().text()).append('\n');
                for (Attempt a : r.attempts()) {
                    b.append("     ").append(a.number()).append(" [").append(a.source().label()).append("] ")
                            .append(a.outcome().label()).append(a.category() == null ? "" : " " + a.categoryLabel()).append(": ")
                            .append(a.sql() == null ? "(no SQL)" : a.sql().replaceAll("\\s+", " ")).append('\n');
                }
                if (r.error() != null) {
                    b.append("     -> [").append(r.sqlState()).append("] ").append(r.error().lines().findFirst().orElse("")).append('\n');
                } else if (r.answered()) {
                    b.append("     -> answered, but the rows differ from the gold's\n");
                }
            }
        }
        return b.toString();
    }

    private static String header(String first) {
        return String.format(Locale.ROOT, "%-34s %5s %8s %8s %8s %8s %8s %7s %7s %8s %9s %8s %8s%n", first, "n", "strict", "lenient",
                "first", "correct", "success", "tries", "repair", "llm/q", "tokens", "p50 ms", "p95 ms");
    }

    private static String row(Metrics m) {
        return String.format(Locale.ROOT, "%-34s %5d %7.1f%% %7.1f%% %7.1f%% %7.1f%% %7.1f%% %7.2f %7d %8.2f %9d %8d %8d%n",
                m.group().length() > 34 ? m.group().substring(0, 34) : m.group(), m.counted(), 100 * m.strictAccuracy(),
                100 * m.lenientAccuracy(), 100 * m.firstAttemptRate(), 100 * m.correctionEffectiveness(), 100 * m.overallSuccess(),
                m.meanAttempts(), m.repairs(), m.llmCallsPerQuestion(), m.inputTokens() + m.outputTokens(), m.p50Ms(), m.p95Ms());
    }

    // ---- JSON ----

    public String json() {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("complete", complete);
        root.set("overall", json(mapper, overall()));
        ArrayNode categories = root.putArray("byCategory");
        byCategory().forEach(m -> categories.add(json(mapper, m)));
        ArrayNode errors = root.putArray("byErrorCategory");
        byErrorCategory().forEach(m -> errors.add(json(mapper, m)));
        ArrayNode failures = root.putArray("failures");
        for (QuestionResult r : failures()) {
            ObjectNode f = failures.addObject();
            f.put("index", r.question().index()).put("question", r.question().text()).put("answered", r.answered())
                    .put("sql", r.sql()).put("sqlState", r.sqlState()).put("error", r.error());
            ArrayNode attempts = f.putArray("attempts");
            for (Attempt a : r.attempts()) {
                attempts.addObject().put("n", a.number()).put("source", a.source().label()).put("sql", a.sql())
                        .put("outcome", a.outcome().label()).put("category", a.categoryLabel()).put("error", a.error());
            }
        }
        ArrayNode gold = root.putArray("goldFailures");
        goldFailures().forEach(r -> gold.addObject().put("index", r.question().index()).put("error", r.goldError()));
        return root.toString();
    }

    private static ObjectNode json(ObjectMapper mapper, Metrics m) {
        ObjectNode n = mapper.createObjectNode();
        n.put("group", m.group()).put("questions", m.questions()).put("counted", m.counted()).put("goldFailed", m.goldFailed())
                .put("strictAccuracy", m.strictAccuracy()).put("lenientAccuracy", m.lenientAccuracy())
                .put("firstAttemptRate", m.firstAttemptRate()).put("correctionEffectiveness", m.correctionEffectiveness())
                .put("overallSuccess", m.overallSuccess()).put("meanAttempts", m.meanAttempts()).put("repairs", m.repairs())
                .put("llmCalls", m.llmCalls()).put("llmCallsPerQuestion", m.llmCallsPerQuestion())
                .put("inputTokens", m.inputTokens()).put("outputTokens", m.outputTokens())
                .put("latencyP50Ms", m.p50Ms()).put("latencyP95Ms", m.p95Ms());
        return n;
    }

    // ---- HTML ----

    /** A one-page report with two bar charts (inline SVG, no scripts): accuracy by category, attempts per question. */
    public String html(String title) {
        Metrics all = overall();
        StringBuilder b = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>")
                .append(escape(title)).append("</title><style>body{font-family:sans-serif;margin:2em;max-width:70em}"
                        + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}"
                        + "td:first-child,th:first-child{text-align:left}</style></head><body>");
        b.append("<h1>").append(escape(title)).append("</h1>");
        b.append(String.format(Locale.ROOT, "<p>%d questions: lenient accuracy %.1f%%, strict %.1f%%, first attempt %.1f%%, "
                + "correction effectiveness %.1f%%, %.2f LLM calls per question, p95 latency %d ms.</p>", all.counted(),
                100 * all.lenientAccuracy(), 100 * all.strictAccuracy(), 100 * all.firstAttemptRate(),
                100 * all.correctionEffectiveness(), all.llmCallsPerQuestion(), all.p95Ms()));
        b.append("<h2>Accuracy by category</h2>");
        List<String[]> bars = new ArrayList<>();
        byCategory().forEach(m -> bars.add(new String[] {m.group(), String.valueOf(m.lenientAccuracy())}));
        b.append(bars(bars, true));
        b.append("<h2>Attempts per question</h2>");
        Map<Integer, Integer> histogram = new TreeMap<>();
        results.stream().filter(r -> !r.goldFailed()).forEach(r -> histogram.merge(r.attempts().size(), 1, Integer::sum));
        int max = histogram.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        List<String[]> attemptBars = new ArrayList<>();
        histogram.forEach((k, v) -> attemptBars.add(new String[] {k + (k == 1 ? " attempt" : " attempts") + " (" + v + ")",
            String.valueOf((double) v / max)}));
        b.append(bars(attemptBars, false));
        b.append("<h2>Figures</h2><pre>").append(escape(text())).append("</pre></body></html>");
        return b.toString();
    }

    private static String bars(List<String[]> bars, boolean percent) {
        int rowHeight = 24;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT, "<svg width=\"760\" height=\"%d\" role=\"img\">",
                bars.size() * rowHeight + 10));
        for (int i = 0; i < bars.size(); i++) {
            double v = Double.parseDouble(bars.get(i)[1]);
            int y = i * rowHeight + 5;
            svg.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"%d\" font-size=\"13\">%s</text>", y + 15, escape(bars.get(i)[0])))
                    .append(String.format(Locale.ROOT, "<rect x=\"320\" y=\"%d\" width=\"%.1f\" height=\"18\" fill=\"#4a7ebb\"/>", y,
                            Math.max(1, 380 * v)));
            if (percent) {
                svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"12\">%.0f%%</text>", 326 + 380 * v, y + 14,
                        100 * v));
            }
        }
        return svg.append("</svg>").toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
