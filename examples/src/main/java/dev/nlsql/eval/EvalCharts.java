package dev.nlsql.eval;

import dev.nlsql.chart.Charts;
import java.awt.Color;
import java.text.DecimalFormat;
import java.text.NumberFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The eval report's charts, drawn by JFreeChart into SVG (JFreeSVG) through {@link Charts}, as the
 * command line's answer charts are, and handed out as
 * {@code data:} URIs, so the HTML page stays one file and chart text (category names come from
 * the question file) can never run as markup in the page. Every bar carries its value, so a chart
 * where everything is at 100% still says what it measured and on how many questions.
 */
final class EvalCharts {

    /** Sizes in CSS pixels, as laid out on a 1366-pixel-wide laptop screen: one wide chart, then two side by side. */
    static final int WIDE = 1270;
    static final int WIDTH = 630;
    static final int HEIGHT = 320;
    private static final Color FIRST = new Color(0x9e, 0xca, 0xe1);
    private static final Color FINAL = new Color(0x31, 0x82, 0xbd);
    private static final Color CORRECTION = new Color(0xe6, 0x55, 0x0d);
    private static final Color REFUSAL = new Color(0x96, 0x96, 0x96);

    private EvalCharts() {
    }

    /**
     * One row of {@link #accuracyByCategory}: a group of questions, how many counted, how many were right on the first
     * attempt and how many in the end. Plain values, so the charts need nothing of the report that shows them.
     */
    record CategoryBars(String group, int counted, int rightFirstTime, int lenient) {
    }

    /**
     * Grouped bars per question category (and all questions): right on the first attempt, right in
     * the end. The bars lie horizontally, one row per category, and the chart grows with the number
     * of categories: a dozen long names (defog's {@code instructions_string_matching} and the like)
     * stay whole and apart, where columns would cut them to {@code instructio...}.
     */
    static String accuracyByCategory(List<CategoryBars> groups) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        groups.forEach(g -> add(data, g));
        JFreeChart chart = ChartFactory.createBarChart("Right on the first attempt vs. right in the end", null,
                "share of questions", data, PlotOrientation.HORIZONTAL, true, false, false);
        BarRenderer r = style(chart, new Color[] {FIRST, FINAL});
        r.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", percent()));
        r.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
        r.setMaximumBarWidth(1.0);
        chart.getCategoryPlot().setRangeAxisLocation(AxisLocation.BOTTOM_OR_LEFT);
        CategoryAxis x = chart.getCategoryPlot().getDomainAxis();
        x.setMaximumCategoryLabelLines(1);
        int longest = data.getColumnKeys().stream().mapToInt(k -> k.toString().length()).max().orElse(10);
        x.setMaximumCategoryLabelWidthRatio((float) Math.min(0.5, (longest * 7.5 + 16) / WIDE));
        x.setCategoryMargin(0.3);
        NumberAxis y = (NumberAxis) chart.getCategoryPlot().getRangeAxis();
        y.setRange(0, 1.12);
        y.setTickUnit(new NumberTickUnit(0.25, percent()));
        return dataUri(chart, WIDE, categoryChartHeight(data.getColumnCount()));
    }

    /** Room for the title, the legend and the axis, then about 38 pixels per category (two bars and a gap). */
    static int categoryChartHeight(int rows) {
        return Math.max(220, 110 + 38 * rows);
    }

    private static void add(DefaultCategoryDataset data, CategoryBars g) {
        String column = g.group() + " (n=" + g.counted() + ")";
        data.addValue(g.counted() == 0 ? 0 : (double) g.rightFirstTime() / g.counted(), "right on the first attempt", column);
        data.addValue(g.counted() == 0 ? 0 : (double) g.lenient() / g.counted(), "right in the end", column);
    }

    /** How many questions took 0, 1, 2, … LLM calls. */
    static String callsPerQuestion(List<QuestionResult> counted) {
        Map<Integer, Integer> histogram = new TreeMap<>();
        counted.forEach(r -> histogram.merge(r.llmCalls(), 1, Integer::sum));
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        histogram.forEach((calls, n) -> data.addValue(n, "questions", calls + (calls == 1 ? " call" : " calls")));
        JFreeChart chart = ChartFactory.createBarChart("LLM calls per question", null, "questions", data);
        chart.removeLegend();
        BarRenderer r = style(chart, new Color[] {FINAL});
        r.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", new DecimalFormat("0")));
        integerAxis(chart, histogram.values().stream().mapToInt(Integer::intValue).max().orElse(1));
        return dataUri(chart, WIDTH);
    }

    static final String FIRST_CALLS = "first attempt";
    static final String CORRECTION_CALLS = "corrections";
    static final String REFUSAL_CALLS = "refusals (NL002)";

    /** LLM calls summed by the question's outcome, split into first attempts, corrections and refusals. */
    static String callsByOutcome(List<QuestionResult> counted) {
        DefaultCategoryDataset data = callsByOutcomeData(counted);
        long max = 1;
        for (int c = 0; c < data.getColumnCount(); c++) {
            long stacked = 0;
            for (int row = 0; row < data.getRowCount(); row++) {
                Number v = data.getValue(row, c);
                stacked += v == null ? 0 : v.longValue();
            }
            max = Math.max(max, stacked);
        }
        JFreeChart chart = ChartFactory.createStackedBarChart("Where the LLM calls went, by outcome", null, "LLM calls", data);
        BarRenderer r = style(chart, new Color[] {FINAL, CORRECTION, REFUSAL});
        r.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", new DecimalFormat("0")) {
            @Override
            public String generateLabel(org.jfree.data.category.CategoryDataset dataset, int row, int column) {
                Number v = dataset.getValue(row, column);
                return v == null || v.doubleValue() == 0 ? null : super.generateLabel(dataset, row, column);
            }
        });
        r.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.CENTER, TextAnchor.CENTER));
        integerAxis(chart, max);
        return dataUri(chart, WIDTH);
    }

    /**
     * The bars of {@link #callsByOutcome}: per outcome, the calls of first attempts, of corrections and (only when a
     * question was refused after a call) of refusals. The call that refused a question is a decision, not a correction.
     */
    static DefaultCategoryDataset callsByOutcomeData(List<QuestionResult> counted) {
        Map<String, long[]> byOutcome = new TreeMap<>();
        for (QuestionResult r : counted) {
            long[] calls = byOutcome.computeIfAbsent(r.outcome(), k -> new long[3]);
            calls[0] += r.firstAttemptCalls();
            calls[1] += r.correctionCalls();
            calls[2] += r.refusalCalls();
        }
        boolean refusals = byOutcome.values().stream().anyMatch(calls -> calls[2] > 0);
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (var e : byOutcome.entrySet()) {
            long questions = counted.stream().filter(r -> r.outcome().equals(e.getKey())).count();
            String column = e.getKey() + " (" + questions + " q.)";
            data.addValue(e.getValue()[0], FIRST_CALLS, column);
            data.addValue(e.getValue()[1], CORRECTION_CALLS, column);
            if (refusals) {
                data.addValue(e.getValue()[2], REFUSAL_CALLS, column);
            }
        }
        return data;
    }

    /** The command line's common look ({@link Charts#style}), then the report's bars: labelled, narrow, in these colours. */
    private static BarRenderer style(JFreeChart chart, Color[] colors) {
        Charts.style(chart);
        CategoryAxis x = chart.getCategoryPlot().getDomainAxis();
        x.setMaximumCategoryLabelLines(2);
        x.setCategoryMargin(0.25);
        BarRenderer r = (BarRenderer) chart.getCategoryPlot().getRenderer();
        r.setItemMargin(0.05);
        r.setMaximumBarWidth(0.08);
        for (int i = 0; i < colors.length; i++) {
            r.setSeriesPaint(i, colors[i]);
        }
        r.setDefaultItemLabelsVisible(true);
        return r;
    }

    private static void integerAxis(JFreeChart chart, long max) {
        NumberAxis y = (NumberAxis) chart.getCategoryPlot().getRangeAxis();
        y.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        y.setRange(0, Math.max(1, max) * 1.15);
    }

    private static NumberFormat percent() {
        return NumberFormat.getPercentInstance(Locale.ROOT);
    }

    private static String dataUri(JFreeChart chart, int width) {
        return dataUri(chart, width, HEIGHT);
    }

    private static String dataUri(JFreeChart chart, int width, int height) {
        return Charts.svgDataUri(chart, width, height);
    }
}
