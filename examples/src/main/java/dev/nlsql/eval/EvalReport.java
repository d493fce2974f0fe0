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
import java.util.stream.Stream;

/**
 * An evaluation's figures: execution accuracy (strict and lenient), first-attempt success,
 * correction effectiveness, overall success, attempts, repairs, LLM calls, tokens and latency;
 * overall, per question category, and per error category of the first failed attempt.
 */
public final class EvalReport {

    /** The figures of one group of questions. */
    public record Metrics(String group, int questions, int counted, int goldFailed, int answered, int strict, int lenient,
            int firstAttempt, int failedFirst, int corrected, double meanAttempts, int repairs, long llmCalls, long inputTokens,
            long outputTokens, long p50Ms, long p95Ms, int rightFirstTime) {

        /** Precision: of the questions it answered, the share answered right (lenient match). */
        public double precision() {
            return ratio(lenient, answered);
        }

        /** Coverage: the share of questions it answered at all, right or wrong. */
        public double coverage() {
            return ratio(answered, counted);
        }

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

    /**
     * The relevance gate's use and effect: questions refused as not about the database (NL002),
     * how many of them rightly (marked unanswerable: no gold SQL) and wrongly (they had gold), and
     * how many unanswerable questions were not refused. Unanswerable questions count here only,
     * not in the accuracy figures.
     */
    public record Refusals(int unanswerable, int answerable, int refused, int right, int wrong, int missed) {

        /** Refused unanswerable questions over all unanswerable ones. */
        public double recall() {
            return unanswerable == 0 ? 0 : (double) right / unanswerable;
        }

        /** Refused answerable questions over all answerable ones. */
        public double wrongRate() {
            return answerable == 0 ? 0 : (double) wrong / answerable;
        }
    }

    private final List<QuestionResult> results;
    private final boolean complete;
    private final RunSettings settings;

    public EvalReport(List<QuestionResult> results, boolean complete) {
        this(results, complete, null);
    }

    /** A report that names its run settings ({@code settings} may be null). */
    public EvalReport(List<QuestionResult> results, boolean complete, RunSettings settings) {
        this(results, complete, settings, List.of());
    }

    /**
     * As above, with {@code secrets} (an API key, a database password) replaced by {@code ****}
     * wherever they appear in a question, SQL or error text: error messages may quote a URL.
     */
    public EvalReport(List<QuestionResult> results, boolean complete, RunSettings settings, java.util.Collection<String> secrets) {
        List<String> hidden = secrets.stream().filter(s -> s != null && s.length() >= 4).distinct().toList();
        java.util.function.UnaryOperator<String> redact = text -> {
            if (text == null) {
                return null;
            }
            String out = text;
            for (String secret : hidden) {
                out = out.replace(secret, "****");
            }
            return out;
        };
        this.results = hidden.isEmpty() ? List.copyOf(results) : results.stream().map(r -> r.redacted(redact)).toList();
        this.complete = complete;
        this.settings = settings;
    }

    public List<QuestionResult> results() {
        return results;
    }

    public Metrics overall() {
        return metrics("all", results);
    }

    public List<Metrics> byCategory() {
        return grouped(r -> r.question().category() == null ? "(none)" : r.question().category());
    }

    /**
     * Grouped by what went wrong first, for counted questions whose first attempt failed (a refused unanswerable question
     * has no attempt and is graded by {@link #refusals()}: it would make a group of none).
     */
    public List<Metrics> byErrorCategory() {
        List<QuestionResult> failedFirst = results.stream()
                .filter(r -> !r.goldFailed() && !r.question().unanswerable() && !r.firstAttemptWorked()).toList();
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

    public Refusals refusals() {
        List<QuestionResult> counted = results.stream().filter(r -> !r.goldFailed()).toList();
        int unanswerable = (int) counted.stream().filter(r -> r.question().unanswerable()).count();
        int refused = (int) counted.stream().filter(QuestionResult::refused).count();
        int right = (int) counted.stream().filter(QuestionResult::refusedRightly).count();
        return new Refusals(unanswerable, counted.size() - unanswerable, refused, right, refused - right, unanswerable - right);
    }

    private String refusalLine() {
        Refusals f = refusals();
        return String.format(Locale.ROOT, "relevance gate: %d refused (NL002): %d right, %d wrong (%.1f%% of %d answerable); "
                + "%d of %d unanswerable refused (%.1f%%)", f.refused(), f.right(), f.wrong(), 100 * f.wrongRate(), f.answerable(),
                f.right(), f.unanswerable(), 100 * f.recall());
    }

    /** The groups a chart or table shows: those with a counted question (a category of unanswerable questions only has none). */
    static List<Metrics> shown(List<Metrics> groups) {
        return groups.stream().filter(m -> m.counted() > 0).toList();
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
        // questions without gold SQL are graded by the relevance gate's figures (refusals()), not here
        List<QuestionResult> counted = rs.stream().filter(r -> !r.goldFailed() && !r.question().unanswerable()).toList();
        int failedFirst = (int) counted.stream().filter(r -> !r.firstAttemptWorked()).count();
        int corrected = (int) counted.stream().filter(r -> !r.firstAttemptWorked() && r.answered()).count();
        long[] latencies = counted.stream().mapToLong(QuestionResult::millis).sorted().toArray();
        return new Metrics(group, rs.size(), counted.size(), (int) rs.stream().filter(QuestionResult::goldFailed).count(),
                (int) counted.stream().filter(QuestionResult::answered).count(),
                (int) counted.stream().filter(QuestionResult::strict).count(),
                (int) counted.stream().filter(QuestionResult::lenient).count(),
                (int) counted.stream().filter(QuestionResult::firstAttemptWorked).count(), failedFirst, corrected,
                counted.isEmpty() ? 0 : counted.stream().mapToInt(r -> r.attempts().size()).average().orElse(0),
                counted.stream().mapToInt(QuestionResult::repairs).sum(),
                counted.stream().mapToLong(QuestionResult::llmCalls).sum(),
                counted.stream().mapToLong(QuestionResult::inputTokens).sum(),
                counted.stream().mapToLong(QuestionResult::outputTokens).sum(),
                percentile(latencies, 50), percentile(latencies, 95),
                (int) counted.stream().filter(QuestionResult::rightFirstTime).count());
    }

    private static long percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    /** One agent stage's use: questions where it made an attempt, and how many of those ended right (lenient). */
    public record StageUse(String stage, int used, int right) {
    }

    /**
     * Verified questions (answered by the knowledge file's SQL, with no model call), repairs, wider searches, plans and
     * fallbacks: how often each stage acted, and how often its question ended right.
     */
    public List<StageUse> stages() {
        List<QuestionResult> counted = results.stream().filter(r -> !r.goldFailed()).toList();
        List<StageUse> out = new java.util.ArrayList<>();
        for (Attempt.Source source : List.of(Attempt.Source.VERIFIED, Attempt.Source.REPAIR, Attempt.Source.WIDER, Attempt.Source.PLAN,
                Attempt.Source.FALLBACK)) {
            List<QuestionResult> used = counted.stream().filter(r -> r.attempts().stream().anyMatch(a -> a.source() == source)).toList();
            out.add(new StageUse(source.label(), used.size(), (int) used.stream().filter(QuestionResult::lenient).count()));
        }
        return out;
    }

    // ---- text ----

    public String text() {
        StringBuilder b = new StringBuilder();
        if (settings != null) {
            b.append("run settings\n");
            settings.entries().forEach((k, v) -> b.append(String.format(Locale.ROOT, "  %-18s %s%n", k, v)));
            b.append('\n');
        }
        if (!complete) {
            b.append("(interrupted: figures for the ").append(results.size()).append(" questions measured)\n");
        }
        Metrics all = overall();
        b.append(String.format(Locale.ROOT, "precision %.1f%% (%d right of %d answered)   coverage %.1f%% (%d answered of %d)%n%n",
                100 * all.precision(), all.lenient(), all.answered(), 100 * all.coverage(), all.answered(), all.counted()));
        b.append(refusalLine()).append('\n');
        b.append(confidenceLine()).append("\n\n");
        b.append(header("group"));
        b.append(row(all));
        b.append("\nagent stages (questions where the stage acted, and how many of them ended right)\n");
        stages().forEach(st -> b.append(String.format(Locale.ROOT, "  %-10s %5d used %5d right%n", st.stage(), st.used(), st.right())));
        b.append("\nby question category\n").append(header("category"));
        shown(byCategory()).forEach(m -> b.append(row(m)));
        b.append("\nby error category of the first failed attempt\n").append(header("error category"));
        shown(byErrorCategory()).forEach(m -> b.append(row(m)));
        if (!goldFailures().isEmpty()) {
            b.append("\ngold SQL that failed itself (not counted):\n");
            goldFailures().forEach(r -> b.append("  #").append(r.question().index()).append(' ').append(oneLine(r.goldError())).append('\n'));
        }
        if (!failures().isEmpty()) {
            b.append("\nquestions not answered correctly (").append(failures().size()).append("):\n");
            for (QuestionResult r : failures()) {
                b.append("  #").append(r.question().index()).append(' ').append(oneLine(r.question().text())).append('\n');
                for (Attempt a : r.attempts()) {
                    b.append("     ").append(a.number()).append(" [").append(a.source().label())
                            .append(a.database().equals("main") ? "" : " on " + a.database()).append("] ")
                            .append(a.outcome().label()).append(a.category() == null ? "" : " " + a.categoryLabel()).append(": ")
                            .append(a.sql() == null ? "(no SQL)" : oneLine(a.sql())).append('\n');
                    if (a.error() != null && !a.error().isBlank()) {
                        b.append(indent(a.error().strip(), "          ")).append('\n');
                    }
                }
                if (r.interpretation() != null) {
                    b.append("     read as: ").append(oneLine(r.interpretation())).append(r.confidence() == null ? ""
                            : " [" + r.confidence().label() + "]").append('\n');
                }
                b.append("     -> ").append(indent(r.errorText(), "        ").strip()).append('\n');
            }
        }
        return b.toString();
    }

    /** Answers by confidence, and how many of each were wrong: "high" must never be wrong. */
    String confidenceLine() {
        StringBuilder b = new StringBuilder("confidence");
        for (dev.nlsql.engine.Narration.Confidence c : dev.nlsql.engine.Narration.Confidence.values()) {
            List<QuestionResult> at = results.stream().filter(r -> r.answered() && !r.goldFailed() && !r.question().unanswerable()
                    && r.confidence() == c).toList();
            b.append(String.format(Locale.ROOT, "  %s %d (wrong %d)", c.label(), at.size(), at.stream().filter(r -> !r.lenient()).count()));
        }
        return b.append("   wrong at high: ").append(wrongAtHigh()).toString();
    }

    /** Answerable questions answered wrongly with "high" confidence. */
    public long wrongAtHigh() {
        return results.stream().filter(QuestionResult::wrongAtHigh).count();
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.strip().replaceAll("\\s+", " ");
    }

    private static String indent(String s, String prefix) {
        return s.lines().map(l -> prefix + l).collect(java.util.stream.Collectors.joining("\n"));
    }

    private static String header(String first) {
        return String.format(Locale.ROOT, "%-34s %5s %8s %8s %8s %8s %8s %8s %8s %7s %7s %8s %9s %8s %8s%n", first, "n", "strict",
                "lenient", "precis.", "cover.", "first", "correct", "success", "tries", "repair", "llm/q", "tokens", "p50 ms", "p95 ms");
    }

    private static String row(Metrics m) {
        return String.format(Locale.ROOT,
                "%-34s %5d %7.1f%% %7.1f%% %7.1f%% %7.1f%% %7.1f%% %7.1f%% %7.1f%% %7.2f %7d %8.2f %9d %8d %8d%n",
                m.group().length() > 34 ? m.group().substring(0, 34) : m.group(), m.counted(), 100 * m.strictAccuracy(),
                100 * m.lenientAccuracy(), 100 * m.precision(), 100 * m.coverage(), 100 * m.firstAttemptRate(),
                100 * m.correctionEffectiveness(), 100 * m.overallSuccess(), m.meanAttempts(), m.repairs(), m.llmCallsPerQuestion(),
                m.inputTokens() + m.outputTokens(), m.p50Ms(), m.p95Ms());
    }

    // ---- JSON ----

    public String json() {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("complete", complete);
        if (settings != null) {
            ObjectNode s = root.putObject("settings");
            s.put("generator", settings.generator()).put("model", settings.model()).put("llmServer", settings.llmServer())
                    .put("apiKey", settings.apiKey()).put("database", settings.database()).put("maxAttempts", settings.maxAttempts())
                    .put("repairs", settings.repairs()).put("seed", settings.seed()).put("date", settings.date())
                    .put("version", settings.version()).put("dataset", settings.dataset()).put("datasetSize", settings.datasetSize())
                    .put("measured", settings.measured()).put("parallel", settings.parallel());
            if (!settings.properties().isEmpty()) {
                ObjectNode properties = s.putObject("properties");
                settings.properties().forEach((k, v) -> properties.put(k, dev.nlsql.jdbc.NlUrl.maskedIn(v)));
            }
        }
        root.set("overall", json(mapper, overall()));
        ObjectNode stages = root.putObject("stages");
        stages().forEach(st -> stages.putObject(st.stage()).put("used", st.used()).put("right", st.right()));
        Refusals refusals = refusals();
        root.put("wrongAtHigh", wrongAtHigh());
        root.putObject("refusals").put("refused", refusals.refused()).put("right", refusals.right()).put("wrong", refusals.wrong())
                .put("unanswerable", refusals.unanswerable()).put("answerable", refusals.answerable()).put("missed", refusals.missed())
                .put("unanswerableRefusedRate", refusals.recall()).put("answerableRefusedRate", refusals.wrongRate());
        ArrayNode categories = root.putArray("byCategory");
        byCategory().forEach(m -> categories.add(json(mapper, m)));
        ArrayNode errors = root.putArray("byErrorCategory");
        byErrorCategory().forEach(m -> errors.add(json(mapper, m)));
        ArrayNode failures = root.putArray("failures");
        for (QuestionResult r : failures()) {
            ObjectNode f = failures.addObject();
            f.put("index", r.question().index()).put("question", r.question().text()).put("answered", r.answered())
                    .put("sql", r.sql()).put("sqlState", r.sqlState()).put("error", r.error()).put("errorText", r.errorText());
            ArrayNode attempts = f.putArray("attempts");
            for (Attempt a : r.attempts()) {
                attempts.addObject().put("n", a.number()).put("source", a.source().label()).put("database", a.database())
                        .put("sql", a.sql()).put("outcome", a.outcome().label()).put("category", a.categoryLabel()).put("error", a.error());
            }
        }
        ArrayNode gold = root.putArray("goldFailures");
        goldFailures().forEach(r -> gold.addObject().put("index", r.question().index()).put("error", r.goldError()));
        ArrayNode questions = root.putArray("questions");
        for (QuestionResult r : results) {
            questions.addObject().put("index", r.question().index()).put("question", r.question().text())
                    .put("category", r.question().category()).put("attempts", r.attempts().size()).put("llmCalls", r.llmCalls())
                    .put("sql", r.lastSql()).put("outcome", r.outcome()).put("error", r.errorText())
                    .put("answerable", !r.question().unanswerable()).put("refused", r.refused())
                    .put("confidence", r.confidence() == null ? null : r.confidence().label()).put("interpretation", r.interpretation())
                    .set("sources", mapper.valueToTree(r.sources()));
        }
        return root.toString();
    }

    private static ObjectNode json(ObjectMapper mapper, Metrics m) {
        ObjectNode n = mapper.createObjectNode();
        n.put("group", m.group()).put("questions", m.questions()).put("counted", m.counted()).put("goldFailed", m.goldFailed())
                .put("strictAccuracy", m.strictAccuracy()).put("lenientAccuracy", m.lenientAccuracy())
                .put("precision", m.precision()).put("coverage", m.coverage())
                .put("firstAttemptRate", m.firstAttemptRate()).put("rightFirstTime", m.rightFirstTime())
                .put("correctionEffectiveness", m.correctionEffectiveness())
                .put("overallSuccess", m.overallSuccess()).put("meanAttempts", m.meanAttempts()).put("repairs", m.repairs())
                .put("llmCalls", m.llmCalls()).put("llmCallsPerQuestion", m.llmCallsPerQuestion())
                .put("inputTokens", m.inputTokens()).put("outputTokens", m.outputTokens())
                .put("latencyP50Ms", m.p50Ms()).put("latencyP95Ms", m.p95Ms());
        return n;
    }

    // ---- HTML ----

    private static final String CSS = "*{box-sizing:border-box}"
            + "body{font:14px/1.4 system-ui,sans-serif;margin:0 auto;padding:1em 1.5em;max-width:1320px;color:#222}"
            + "h1{font-size:1.4em;margin:.2em 0 .6em}h2{font-size:1.15em;margin:1.4em 0 .5em}"
            + ".settings{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:.15em 1.5em;"
            + "background:#f6f8fa;border:1px solid #dde;border-radius:6px;padding:.6em 1em;margin:0}"
            + ".settings div{display:flex;gap:.6em;min-width:0}.settings dt{color:#666;flex:0 0 9.5em}"
            + ".settings dd{margin:0;overflow-wrap:anywhere;min-width:0}"
            + ".cards{display:flex;flex-wrap:wrap;gap:.8em;margin:1em 0}"
            + ".card{border:1px solid #dde;border-radius:6px;padding:.4em .9em;min-width:10em}"
            + ".card b{display:block;font-size:1.5em}.card span{color:#666;font-size:.9em}"
            + ".charts{display:grid;grid-template-columns:1fr 1fr;gap:1em}.charts img.wide{grid-column:1/-1}"
            + ".charts img{width:100%;height:auto;border:1px solid #eee}"
            + "@media (max-width:900px){.charts{grid-template-columns:1fr}}"
            + "table{border-collapse:collapse;width:100%;table-layout:fixed}"
            + "td,th{border:1px solid #ddd;padding:.25em .5em;vertical-align:top;text-align:left;overflow-wrap:anywhere}"
            + "th{background:#f6f8fa}td.n,th.n{text-align:right}"
            + "table.q col.i{width:3.2em}table.q col.c{width:8em}table.q col.a{width:6.6em}table.q col.o{width:7.5em}"
            + "pre{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;max-height:12em;overflow:auto;font-size:12px}"
            + "tr.bad td{background:#fff5f5}tr.meh td{background:#fffbea}"
            + ".note{color:#666;font-size:.9em}"
            + ".end{display:flex;gap:.4em;align-items:baseline}.end pre{flex:1;min-width:0}";

    /** One self-contained page: settings, precision and coverage, charts (SVG data URIs), every question, every failure. */
    public String html(String title) {
        Metrics all = overall();
        StringBuilder b = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>")
                .append(escape(title)).append("</title><style>").append(CSS).append("</style></head><body>");
        b.append("<h1>").append(escape(title)).append("</h1>");
        if (settings != null) {
            b.append("<dl class=\"settings\">");
            settings.entries().forEach((k, v) -> b.append("<div><dt>").append(escape(k)).append("</dt><dd>").append(escape(v))
                    .append("</dd></div>"));
            b.append("</dl>");
        }
        if (!complete) {
            b.append("<p><b>Interrupted:</b> figures for the ").append(results.size()).append(" questions measured.</p>");
        }
        b.append("<div class=\"cards\">")
                .append(card(percent(all.precision()), "precision", all.lenient() + " right of " + all.answered() + " answered"))
                .append(card(percent(all.coverage()), "coverage", all.answered() + " answered of " + all.counted()))
                .append(card(percent(all.lenientAccuracy()), "accuracy", "right of all; strict " + percent(all.strictAccuracy())))
                .append(card(percent(all.counted() == 0 ? 0 : (double) all.rightFirstTime() / all.counted()), "right first time",
                        all.rightFirstTime() + " with no correction"))
                .append(card(String.format(Locale.ROOT, "%.2f", all.llmCallsPerQuestion()), "LLM calls / question",
                        all.llmCalls() + " calls, " + all.repairs() + " repairs"))
                .append(card(all.p95Ms() + " ms", "p95 latency", "p50 " + all.p50Ms() + " ms"))
                .append(card(String.valueOf(refusals().refused()), "refused (NL002)", refusals().right() + " right, "
                        + refusals().wrong() + " wrong; " + refusals().right() + " of " + refusals().unanswerable() + " unanswerable"))
                .append("</div>");
        if (all.goldFailed() > 0) {
            b.append("<p class=\"note\">").append(all.goldFailed())
                    .append(" question(s) whose gold SQL failed itself are listed but not counted.</p>");
        }
        List<QuestionResult> counted = results.stream().filter(r -> !r.goldFailed()).toList();
        b.append("<h2>Charts</h2><div class=\"charts\">");
        List<EvalCharts.CategoryBars> bars = Stream.concat(shown(List.of(all)).stream(), shown(byCategory()).stream())
                .map(m -> new EvalCharts.CategoryBars(m.group(), m.counted(), m.rightFirstTime(), m.lenient()))
                .toList(); // a group of no counted question has no share to draw
        chart(b, EvalCharts.accuracyByCategory(bars), "right on the first attempt vs right in the end, per category", "wide");
        chart(b, EvalCharts.callsPerQuestion(counted), "LLM calls per question", "");
        chart(b, EvalCharts.callsByOutcome(counted), "LLM calls by outcome: first attempts, corrections and refusals", "");
        b.append("</div>");

        b.append("<h2>Agent stages</h2><table><tr><th>stage</th><th>questions where it acted</th><th>of them right</th></tr>");
        stages().forEach(st -> b.append("<tr><td>").append(st.stage()).append("</td><td>").append(st.used()).append("</td><td>")
                .append(st.right()).append("</td></tr>"));
        b.append("</table>");
        b.append("<h2>By category</h2>").append(metricsTable(shown(byCategory()), "category"));
        if (!shown(byErrorCategory()).isEmpty()) {
            b.append("<h2>By error category of the first failed attempt</h2>")
                    .append(metricsTable(shown(byErrorCategory()), "error category"));
        }

        List<QuestionResult> failures = failures();
        b.append("<h2>Failures (").append(failures.size()).append(")</h2>");
        if (failures.isEmpty()) {
            b.append("<p>Every counted question was answered right.</p>");
        } else {
            b.append("<table><colgroup><col style=\"width:3.2em\"><col style=\"width:28%\"><col></colgroup>"
                    + "<tr><th>#</th><th>question</th><th>attempts and errors</th></tr>");
            for (QuestionResult r : failures) {
                b.append("<tr class=\"bad\"><td class=\"n\">").append(r.question().index()).append("</td><td>")
                        .append(escape(r.question().text())).append("</td><td>");
                for (Attempt a : r.attempts()) {
                    b.append("<div>").append(a.number()).append(" [").append(escape(a.source().label())).append("] ")
                            .append(escape(a.outcome().label())).append(a.category() == null ? "" : " " + escape(a.categoryLabel()))
                            .append("<pre>").append(escape(a.sql() == null ? "(no SQL)" : a.sql().strip())).append("</pre>");
                    if (a.error() != null && !a.error().isBlank()) {
                        b.append("<pre>").append(escape(a.error().strip())).append("</pre>");
                    }
                    b.append("</div>");
                }
                b.append("<div class=\"end\"><b>→</b><pre>").append(escape(r.errorText())).append("</pre></div></td></tr>");
            }
            b.append("</table>");
        }

        b.append("<h2>Every question (").append(results.size()).append(")</h2>");
        b.append("<table class=\"q\"><colgroup><col class=\"i\"><col style=\"width:24%\"><col class=\"c\"><col class=\"a\">"
                + "<col style=\"width:30%\"><col class=\"o\"><col></colgroup>"
                + "<tr><th>#</th><th>question</th><th>category</th><th class=\"n\">attempts</th><th>final SQL (else the last tried)</th><th>outcome</th>"
                + "<th>error</th><th>sources</th></tr>");
        for (QuestionResult r : results) {
            String css = r.goldFailed() ? "meh" : r.lenient() ? "" : "bad";
            String error = r.errorText();
            b.append("<tr class=\"").append(css).append("\"><td class=\"n\">").append(r.question().index()).append("</td><td>")
                    .append(escape(r.question().text())).append("</td><td>")
                    .append(escape(r.question().category() == null ? "" : r.question().category())).append("</td><td class=\"n\">")
                    .append(r.attempts().size()).append("</td><td><pre>").append(escape(r.lastSql() == null ? "" : r.lastSql().strip()))
                    .append("</pre></td><td>").append(escape(r.outcome())).append("</td><td>")
                    .append(error == null ? "" : "<pre>" + escape(error) + "</pre>").append("</td><td>")
                    .append(escape(String.join(", ", r.sources()))).append("</td></tr>");
        }
        b.append("</table>");
        b.append("<p class=\"note\">Precision: right answers over answered questions. Coverage: answered questions over all counted. "
                + "Right: the rows match the gold's exactly; right (lenient): they match up to column order, names and extra "
                + "columns. Right first time: the first attempt's SQL was right with no correction. Refused: the relevance gate "
                + "said the question is not about the database (NL002); right when the question has no gold SQL (marked "
                + "unanswerable), which is graded only there.</p>");
        return b.append("</body></html>").toString();
    }

    private static String card(String value, String label, String detail) {
        return "<div class=\"card\"><b>" + escape(value) + "</b>" + escape(label) + "<br><span>" + escape(detail) + "</span></div>";
    }

    private static void chart(StringBuilder b, String dataUri, String alt, String css) {
        b.append("<img src=\"").append(dataUri).append("\" alt=\"").append(escape(alt)).append("\" class=\"").append(css)
                .append("\">");
    }

    private static String metricsTable(List<Metrics> rows, String first) {
        StringBuilder b = new StringBuilder("<table><colgroup><col style=\"width:16%\"></colgroup><tr><th>").append(escape(first))
                .append("</th>");
        for (String h : new String[] {"n", "precision", "coverage", "right first time", "right in the end", "strict", "corrected",
            "mean attempts", "repairs", "LLM calls / q", "p95 ms"}) {
            b.append("<th class=\"n\">").append(h).append("</th>");
        }
        b.append("</tr>");
        for (Metrics m : rows) {
            b.append("<tr><td>").append(escape(m.group())).append("</td>");
            for (String v : new String[] {String.valueOf(m.counted()), percent(m.precision()), percent(m.coverage()),
                percent(m.counted() == 0 ? 0 : (double) m.rightFirstTime() / m.counted()), percent(m.lenientAccuracy()),
                percent(m.strictAccuracy()), m.failedFirst() == 0 ? "–" : m.corrected() + " of " + m.failedFirst(),
                String.format(Locale.ROOT, "%.2f", m.meanAttempts()), String.valueOf(m.repairs()),
                String.format(Locale.ROOT, "%.2f", m.llmCallsPerQuestion()), String.valueOf(m.p95Ms())}) {
                b.append("<td class=\"n\">").append(escape(v)).append("</td>");
            }
            b.append("</tr>");
        }
        return b.append("</table>").toString();
    }

    private static String percent(double v) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }

    /** Text as HTML element content or a double- or single-quoted attribute value. */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
