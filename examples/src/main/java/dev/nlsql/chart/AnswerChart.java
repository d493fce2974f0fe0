package dev.nlsql.chart;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainCategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Draws an answer (its columns, their JDBC types, its rows) as the chart its column types call for:
 * <ul>
 *   <li><b>line</b> (a time series) when a column is time: a {@code DATE}/{@code TIMESTAMP} column, an integer
 *       column named like {@code year}, {@code month}, {@code week}, {@code day}, {@code quarter}, {@code hour}
 *       ({@code order_year}, {@code month}), or a text column of such a name whose values are all dates
 *       ({@code 2024-01}, {@code 2024-01-31});</li>
 *   <li><b>bar</b> when a column is a category: text, boolean or any other non-numeric column; failing that, a
 *       first integer column with more columns after it ({@code rating, count});</li>
 *   <li>every numeric column other than that one is a measure, one series each ({@code id}, {@code *_id}
 *       columns only when nothing else is);</li>
 *   <li>nothing else is charted: no rows, no numeric measure, or one numeric column with nothing to set it against
 *       ({@link Unchartable}, with the reason).</li>
 * </ul>
 * The time or category column is the first column when it is one, else the first time column, else the
 * first category column. Measures of very different size (largest values more than {@value #SCALE_RATIO} times
 * apart: revenue beside a count of orders) do not share a y-axis, where the small ones would lie flat on zero: a line
 * chart gives each scale an axis of its own (left, right, ...), a bar chart a panel of its own under the same
 * categories. Bounded: at
 * most {@value #MAX_BARS} categories and {@value #MAX_POINTS} points a series, the rest cut with a note in
 * the chart's subtitle and in {@link Drawn#note()}.
 */
public final class AnswerChart {

    public static final int MAX_BARS = 50;
    public static final int MAX_POINTS = 10_000;
    public static final int WIDTH = 900;
    public static final int HEIGHT = 520;
    private static final Set<String> TIME_WORDS = Set.of("year", "years", "yr", "month", "months", "week", "weeks", "day", "days",
            "quarter", "quarters", "hour", "hours", "date", "period", "yearmonth");

    public enum Kind { BAR, LINE }

    /** One column of the answer: its name and JDBC type ({@link java.sql.Types}). */
    public record Column(String name, int jdbcType) {
    }

    /** How the answer is drawn: the kind, the time or category column, the measure columns; {@code time} says how x reads. */
    public record Plan(Kind kind, int x, List<Integer> measures, Time time) {
    }

    /** How a line chart's x values read: instants (a date axis) or whole numbers (year, month number). */
    public enum Time { INSTANT, NUMBER }

    /** A drawn chart, its kind and size, and a note when rows were left out (else null). */
    public record Drawn(JFreeChart chart, Kind kind, int width, int height, String note) {

        /** Writes the chart to the file, SVG or PNG by its extension. */
        public void write(Path file) throws IOException {
            Charts.Format format = Charts.Format.of(file);
            if (format == null) {
                throw new IllegalArgumentException("a chart file ends in .svg or .png, got: " + file);
            }
            Charts.write(chart, file, format, width, height);
        }
    }

    /** The answer cannot be charted; the message says why, in words for the person who asked. */
    public static final class Unchartable extends Exception {
        public Unchartable(String message) {
            super(message);
        }
    }

    private AnswerChart() {
    }

    /** Decides the chart for these columns and rows, or says why there is none. */
    public static Plan plan(List<Column> columns, List<List<Object>> rows) throws Unchartable {
        if (columns.isEmpty()) {
            throw new Unchartable("the answer has no columns (a statement without rows)");
        }
        if (rows.isEmpty()) {
            throw new Unchartable("the answer has no rows");
        }
        int x = -1;
        Time time = time(columns.get(0), rows, 0);
        if (time != null || !numeric(columns.get(0).jdbcType())) {
            x = 0; // the first column, when it is a time or a category
        }
        for (int i = 1; i < columns.size() && x < 0; i++) { // else the first time column
            time = time(columns.get(i), rows, i);
            if (time != null) {
                x = i;
            }
        }
        for (int i = 1; i < columns.size() && x < 0; i++) { // else the first category column
            if (!numeric(columns.get(i).jdbcType())) {
                x = i;
            }
        }
        if (x < 0 && columns.size() >= 2 && integer(columns.get(0).jdbcType())) {
            x = 0; // rating, count: the first integer column as the categories
        }
        List<Integer> measures = new ArrayList<>();
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            if (i != x && numeric(columns.get(i).jdbcType())) {
                (idLike(columns.get(i).name()) ? ids : measures).add(i);
            }
        }
        if (measures.isEmpty()) {
            measures = ids;
        }
        if (x < 0) {
            if (columns.size() == 1 && rows.size() == 1) {
                throw new Unchartable("the answer is a single value (" + columns.get(0).name() + "); there is nothing to compare");
            }
            if (columns.size() == 1) {
                throw new Unchartable("the answer has one numeric column (" + columns.get(0).name()
                        + ") and no category or time column to set it against");
            }
            throw new Unchartable("the answer has only numbers (" + columns.get(0).name()
                    + ", …) and no category or time column to set them against");
        }
        if (measures.isEmpty()) {
            throw new Unchartable("the answer has no numeric column to measure (" + columns.get(x).name()
                    + (columns.size() > 1 ? ", …" : "") + ")");
        }
        return new Plan(time != null ? Kind.LINE : Kind.BAR, x, List.copyOf(measures), time);
    }

    /** Draws the answer; the title is the question (or SQL) it answers. */
    public static Drawn draw(String title, List<Column> columns, List<List<Object>> rows) throws Unchartable {
        Plan plan = plan(columns, rows);
        return plan.kind() == Kind.LINE ? line(title, plan, columns, rows) : bar(title, plan, columns, rows);
    }

    private static Drawn bar(String title, Plan plan, List<Column> columns, List<List<Object>> rows) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        Map<String, Integer> seen = new HashMap<>();
        int longest = 0;
        int shown = Math.min(rows.size(), MAX_BARS);
        for (List<Object> row : rows.subList(0, shown)) {
            String label = label(row.get(plan.x()));
            int n = seen.merge(label, 1, Integer::sum);
            String key = n == 1 ? label : label + " (" + n + ")"; // repeated categories stay apart
            longest = Math.max(longest, key.length());
            for (int m : plan.measures()) {
                data.addValue(number(row.get(m)), label(columns.get(m).name()), key);
            }
        }
        boolean horizontal = shown > 12 || longest > 10; // long names lie along the bars, whole, instead of wrapping under them
        PlotOrientation orientation = horizontal ? PlotOrientation.HORIZONTAL : PlotOrientation.VERTICAL;
        List<List<Integer>> scales = scales(plan.measures(), rows);
        JFreeChart chart;
        if (scales.size() == 1) {
            chart = ChartFactory.createBarChart(title(title), label(columns.get(plan.x()).name()), yLabel(plan, columns), data,
                    orientation, plan.measures().size() > 1, false, false);
            Charts.style(chart);
            styleBars(chart.getCategoryPlot(), horizontal);
            wholeNumbers((NumberAxis) chart.getCategoryPlot().getRangeAxis(), plan.measures(), columns);
        } else {
            chart = barPanels(title, plan, columns, data, scales, orientation);
        }
        CategoryAxis axis = chart.getCategoryPlot().getDomainAxis();
        axis.setCategoryMargin(0.2);
        if (horizontal) {
            axis.setMaximumCategoryLabelLines(1);
            axis.setMaximumCategoryLabelWidthRatio(0.4f);
        } else {
            axis.setMaximumCategoryLabelLines(2);
        }
        String note = rows.size() > shown ? "showing the first " + shown + " of " + rows.size() + " categories" : null;
        int perCategory = scales.stream().mapToInt(List::size).max().orElse(1);
        int height = horizontal ? Math.max(HEIGHT, 130 + shown * (10 + 12 * perCategory)) : HEIGHT;
        return new Drawn(noted(chart, note), Kind.BAR, WIDTH, height, note);
    }

    /** The look of one bar plot: flat bars, close together, the scale under horizontal bars. */
    private static void styleBars(CategoryPlot plot, boolean horizontal) {
        BarRenderer r = (BarRenderer) plot.getRenderer();
        r.setItemMargin(0.05);
        r.setMaximumBarWidth(horizontal ? 0.9 : 0.12);
        if (horizontal) {
            plot.setRangeAxisLocation(org.jfree.chart.axis.AxisLocation.BOTTOM_OR_LEFT);
        }
    }

    /** Bars of several scales: one panel per scale, each with its own value axis, under one category axis. */
    private static JFreeChart barPanels(String title, Plan plan, List<Column> columns, DefaultCategoryDataset data,
            List<List<Integer>> scales, PlotOrientation orientation) {
        CombinedDomainCategoryPlot panels = new CombinedDomainCategoryPlot(new CategoryAxis(label(columns.get(plan.x()).name())));
        panels.setOrientation(orientation);
        panels.setGap(12);
        for (List<Integer> scale : scales) {
            DefaultCategoryDataset part = new DefaultCategoryDataset();
            for (int m : scale) {
                String series = label(columns.get(m).name());
                for (Object category : data.getColumnKeys()) {
                    part.addValue(data.getValue(series, (Comparable<?>) category), series, (Comparable<?>) category);
                }
            }
            // drawn on its own first, so that it has the common look, then moved into its panel
            JFreeChart alone = Charts.style(ChartFactory.createBarChart(null, null, axisLabel(scale, columns), part, orientation, false,
                    false, false));
            CategoryPlot plot = alone.getCategoryPlot();
            styleBars(plot, orientation == PlotOrientation.HORIZONTAL);
            colourByMeasure((BarRenderer) plot.getRenderer(), scale, plan);
            wholeNumbers((NumberAxis) plot.getRangeAxis(), scale, columns);
            panels.add(plot);
        }
        JFreeChart chart = new JFreeChart(title(title), Charts.TITLE, panels, true);
        Charts.style(chart);
        panels.getDomainAxis().setTickLabelFont(Charts.LABEL);
        panels.getDomainAxis().setLabelFont(Charts.LABEL);
        return chart;
    }

    /** Lines of several scales: the second scale's series on an axis of their own at the right, a third's at the left, ... */
    private static void lineAxes(XYPlot plot, XYLineAndShapeRenderer look, Plan plan, List<Column> columns, XYSeriesCollection all,
            List<List<Integer>> scales) {
        for (int i = 1; i < scales.size(); i++) {
            XYSeriesCollection part = new XYSeriesCollection();
            for (int m : scales.get(i)) {
                XYSeries series = all.getSeries(label(columns.get(m).name()));
                all.removeSeries(series);
                part.addSeries(series);
            }
            NumberAxis axis = new NumberAxis(axisLabel(scales.get(i), columns));
            axis.setTickLabelFont(Charts.LABEL);
            axis.setLabelFont(Charts.LABEL);
            wholeNumbers(axis, scales.get(i), columns);
            plot.setRangeAxis(i, axis);
            plot.setRangeAxisLocation(i, i % 2 == 1 ? org.jfree.chart.axis.AxisLocation.BOTTOM_OR_RIGHT
                    : org.jfree.chart.axis.AxisLocation.TOP_OR_LEFT);
            plot.setDataset(i, part);
            plot.mapDatasetToRangeAxis(i, i);
            XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, look.getDefaultShapesVisible());
            r.setDrawSeriesLineAsPath(true);
            r.setAutoPopulateSeriesStroke(false);
            r.setDefaultStroke(look.getDefaultStroke());
            colourByMeasure(r, scales.get(i), plan);
            plot.setRenderer(i, r);
        }
        plot.getRangeAxis().setLabel(axisLabel(scales.get(0), columns));
        wholeNumbers((NumberAxis) plot.getRangeAxis(), scales.get(0), columns);
        colourByMeasure(look, scales.get(0), plan);
    }

    /** A measure keeps its colour wherever its scale puts it: the colour of its place among all measures. */
    private static void colourByMeasure(org.jfree.chart.renderer.AbstractRenderer r, List<Integer> scale, Plan plan) {
        for (int j = 0; j < scale.size(); j++) {
            r.setSeriesPaint(j, Charts.SERIES[plan.measures().indexOf(scale.get(j)) % Charts.SERIES.length]);
        }
    }

    /** The measures as the axis that shows them names them. */
    private static String axisLabel(List<Integer> scale, List<Column> columns) {
        return bounded(String.join(", ", scale.stream().map(m -> columns.get(m).name()).toList()), MAX_LABEL);
    }

    /** Measures whose largest values are more than this many times apart get axes (or panels) of their own. */
    static final double SCALE_RATIO = 10;

    /**
     * The measures grouped by size, the largest first: each group's measures have their largest absolute value within
     * {@value #SCALE_RATIO} times the group's biggest. A measure with no value but zero joins the smallest group.
     */
    static List<List<Integer>> scales(List<Integer> measures, List<List<Object>> rows) {
        Map<Integer, Double> peak = new HashMap<>();
        for (int m : measures) {
            double max = 0;
            for (List<Object> row : rows) {
                Double v = number(row.get(m));
                max = v == null ? max : Math.max(max, Math.abs(v));
            }
            peak.put(m, max);
        }
        List<Integer> bySize = new ArrayList<>(measures);
        bySize.sort((a, b) -> Double.compare(peak.get(b), peak.get(a)));
        List<List<Integer>> groups = new ArrayList<>();
        double lead = 0;
        for (int m : bySize) {
            double p = peak.get(m);
            if (groups.isEmpty() || (p > 0 && lead > SCALE_RATIO * p)) {
                groups.add(new ArrayList<>());
                lead = p;
            }
            groups.get(groups.size() - 1).add(m);
        }
        for (List<Integer> g : groups) {
            g.sort(java.util.Comparator.comparingInt(measures::indexOf)); // in the answer's column order within a scale
        }
        return groups.stream().map(List::copyOf).toList();
    }

    private static Drawn line(String title, Plan plan, List<Column> columns, List<List<Object>> rows) {
        XYSeriesCollection data = new XYSeriesCollection();
        List<XYSeries> series = new ArrayList<>();
        for (int m : plan.measures()) {
            XYSeries s = new XYSeries(label(columns.get(m).name()), true, true);
            series.add(s);
            data.addSeries(s);
        }
        int shown = Math.min(rows.size(), MAX_POINTS);
        for (List<Object> row : rows.subList(0, shown)) {
            Double x = plan.time() == Time.INSTANT ? instant(row.get(plan.x())) : number(row.get(plan.x()));
            if (x == null) {
                continue;
            }
            for (int i = 0; i < series.size(); i++) {
                series.get(i).add(x, number(row.get(plan.measures().get(i))), false); // null: a gap in the line
            }
        }
        String xName = label(columns.get(plan.x()).name());
        boolean legend = plan.measures().size() > 1;
        JFreeChart chart = plan.time() == Time.INSTANT
                ? ChartFactory.createTimeSeriesChart(title(title), xName, yLabel(plan, columns), data, legend, false, false)
                : ChartFactory.createXYLineChart(title(title), xName, yLabel(plan, columns), data, PlotOrientation.VERTICAL, legend,
                        false, false);
        XYPlot plot = chart.getXYPlot();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, shown <= 60);
        r.setDrawSeriesLineAsPath(true);
        r.setAutoPopulateSeriesStroke(false);
        r.setDefaultStroke(new java.awt.BasicStroke(2f));
        plot.setRenderer(r);
        if (plot.getDomainAxis() instanceof DateAxis d) {
            d.setTimeZone(TimeZone.getTimeZone("UTC")); // dates as the database wrote them, not shifted into this machine's zone
        } else if (plot.getDomainAxis() instanceof NumberAxis n) {
            n.setStandardTickUnits(NumberAxis.createIntegerTickUnits()); // 2023, 2024, not 2,023.5
            n.setAutoRangeIncludesZero(false);
            n.setNumberFormatOverride(new java.text.DecimalFormat("0"));
        }
        Charts.style(chart);
        List<List<Integer>> scales = scales(plan.measures(), rows);
        if (scales.size() > 1) {
            lineAxes(plot, r, plan, columns, data, scales);
        } else {
            wholeNumbers((NumberAxis) plot.getRangeAxis(), plan.measures(), columns);
        }
        String note = rows.size() > shown ? "showing the first " + shown + " of " + rows.size() + " points" : null;
        return new Drawn(noted(chart, note), Kind.LINE, WIDTH, HEIGHT, note);
    }

    /** Counts get whole-number ticks (1, 2, 3, not 0.5, 1.0, 1.5). */
    private static void wholeNumbers(NumberAxis axis, List<Integer> measures, List<Column> columns) {
        if (measures.stream().allMatch(m -> integer(columns.get(m).jdbcType()))) {
            axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        }
    }

    private static JFreeChart noted(JFreeChart chart, String note) {
        if (note != null) {
            chart.addSubtitle(new TextTitle(note + " (the rest are left out)", Charts.LABEL));
        }
        return chart;
    }

    private static String yLabel(Plan plan, List<Column> columns) {
        return plan.measures().size() == 1 ? label(columns.get(plan.measures().get(0)).name()) : null;
    }

    private static String title(String title) {
        return bounded(title, 100);
    }

    /** The column is a time axis: how its values read, or null if it is not one. */
    static Time time(Column c, List<List<Object>> rows, int i) {
        switch (c.jdbcType()) {
            case Types.DATE, Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE:
                return Time.INSTANT;
            default:
                break;
        }
        if (!timeName(c.name())) {
            return null;
        }
        if (integer(c.jdbcType())) {
            return Time.NUMBER;
        }
        if (c.jdbcType() == Types.CHAR || c.jdbcType() == Types.VARCHAR || c.jdbcType() == Types.LONGVARCHAR
                || c.jdbcType() == Types.NCHAR || c.jdbcType() == Types.NVARCHAR || c.jdbcType() == Types.OTHER) {
            boolean any = false;
            for (List<Object> row : rows) {
                Object v = row.get(i);
                if (v != null) {
                    if (instant(v) == null) {
                        return null;
                    }
                    any = true;
                }
            }
            return any ? Time.INSTANT : null;
        }
        return null;
    }

    private static boolean timeName(String name) {
        for (String word : name.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
            if (TIME_WORDS.contains(word)) {
                return true;
            }
        }
        return false;
    }

    private static boolean idLike(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.equals("id") || n.endsWith("_id");
    }

    static boolean numeric(int type) {
        return integer(type) || switch (type) {
            case Types.NUMERIC, Types.DECIMAL, Types.REAL, Types.FLOAT, Types.DOUBLE -> true;
            default -> false;
        };
    }

    private static boolean integer(int type) {
        return type == Types.TINYINT || type == Types.SMALLINT || type == Types.INTEGER || type == Types.BIGINT;
    }

    /** Characters of a category, series or axis label at most: the chart library lays labels out in quadratic time. */
    static final int MAX_LABEL = 80;

    private static String label(Object v) {
        if (v == null) {
            return "(null)";
        }
        return bounded(v instanceof BigDecimal bd ? bd.toPlainString() : v.toString(), MAX_LABEL);
    }

    /** At most {@code max} characters on one line, an ellipsis marking a cut, before any layout sees the text. */
    private static String bounded(String text, int max) {
        if (text == null) {
            return null;
        }
        String t = text.length() > 4 * max ? text.substring(0, 4 * max) : text; // the regex below sees a bounded text too
        t = t.strip().replaceAll("\\s+", " ");
        if (t.length() <= max) {
            return t;
        }
        int end = Character.isHighSurrogate(t.charAt(max - 2)) ? max - 2 : max - 1;
        return t.substring(0, end) + "…";
    }

    private static Double number(Object v) {
        if (v instanceof Number n) {
            double d = n.doubleValue();
            return Double.isFinite(d) ? d : null;
        }
        if (v instanceof String s) { // a numeric column's NaN or Infinity, or a driver's text
            try {
                double d = Double.parseDouble(s);
                return Double.isFinite(d) ? d : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /** Milliseconds since 1970 (UTC) for a date or timestamp value as the CLI reads it (ISO 8601 text), else null. */
    static Double instant(Object v) {
        if (v instanceof java.util.Date d) {
            return (double) d.getTime();
        }
        if (v instanceof TemporalAccessor t) {
            v = t.toString();
        }
        if (!(v instanceof String s0)) {
            return null;
        }
        String s = s0.strip().replace(' ', 'T');
        try {
            return (double) OffsetDateTime.parse(s).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            // not with an offset
        }
        try {
            return (double) LocalDateTime.parse(s).toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
            // not a timestamp
        }
        try {
            return (double) LocalDate.parse(s).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
            // not a date
        }
        try {
            return (double) YearMonth.parse(s).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
            // not a month
        }
        if (s.matches("\\d{4}")) {
            return (double) Year.parse(s).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
        }
        return null;
    }
}
