package dev.nlsql.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.chart.AnswerChart.Column;
import dev.nlsql.chart.AnswerChart.Kind;
import dev.nlsql.chart.AnswerChart.Plan;
import dev.nlsql.chart.AnswerChart.Time;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

/** Which chart an answer gets, from its column types (and, for a year or month, its column name). */
class AnswerChartTest {

    private static Column col(String name, int type) {
        return new Column(name, type);
    }

    private static List<List<Object>> rows(Object[]... rows) {
        List<List<Object>> out = new ArrayList<>();
        for (Object[] r : rows) {
            out.add(java.util.Arrays.asList(r));
        }
        return out;
    }

    @Test
    void aCategoryAndAMeasureAreBars() throws Exception {
        Plan p = AnswerChart.plan(List.of(col("country", Types.VARCHAR), col("customers", Types.BIGINT)),
                rows(new Object[] {"France", 12L}, new Object[] {"Spain", 7L}));
        assertEquals(new Plan(Kind.BAR, 0, List.of(1), null), p);
    }

    @Test
    void aDateOrTimestampAndAMeasureAreALine() throws Exception {
        for (int type : new int[] {Types.DATE, Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE}) {
            Plan p = AnswerChart.plan(List.of(col("day", type), col("revenue", Types.NUMERIC)),
                    rows(new Object[] {"2024-01-01", new BigDecimal("1.50")}, new Object[] {"2024-01-02", new BigDecimal("2.00")}));
            assertEquals(new Plan(Kind.LINE, 0, List.of(1), Time.INSTANT), p, "type " + type);
        }
    }

    @Test
    void aYearOrMonthNamedIntegerIsATimeAxisAnotherIntegerIsACategory() throws Exception {
        List<List<Object>> data = rows(new Object[] {2023, 10L}, new Object[] {2024, 12L});
        assertEquals(new Plan(Kind.LINE, 0, List.of(1), Time.NUMBER),
                AnswerChart.plan(List.of(col("order_year", Types.INTEGER), col("orders", Types.BIGINT)), data));
        assertEquals(new Plan(Kind.LINE, 0, List.of(1), Time.NUMBER),
                AnswerChart.plan(List.of(col("month", Types.SMALLINT), col("orders", Types.BIGINT)), data));
        assertEquals(new Plan(Kind.BAR, 0, List.of(1), null),
                AnswerChart.plan(List.of(col("rating", Types.INTEGER), col("reviews", Types.BIGINT)), data), "rating, count: bars");
    }

    @Test
    void aMonthNamedTextColumnOfDatesIsATimeAxisOtherwiseACategory() throws Exception {
        List<Column> cols = List.of(col("month", Types.VARCHAR), col("revenue", Types.DOUBLE));
        assertEquals(Kind.LINE, AnswerChart.plan(cols, rows(new Object[] {"2024-01", 1.0}, new Object[] {"2024-02", 2.0})).kind());
        assertEquals(Kind.BAR, AnswerChart.plan(cols, rows(new Object[] {"January", 1.0}, new Object[] {"February", 2.0})).kind());
    }

    @Test
    void severalMeasuresAreSeveralSeriesAndIdsAreNotMeasures() throws Exception {
        Plan p = AnswerChart.plan(List.of(col("id", Types.INTEGER), col("name", Types.VARCHAR), col("price", Types.NUMERIC),
                col("stock", Types.INTEGER), col("category_id", Types.INTEGER)), rows(new Object[] {1, "Lamp", BigDecimal.TEN, 3, 2}));
        assertEquals(new Plan(Kind.BAR, 1, List.of(2, 3), null), p, "the first category column; ids only when nothing else");
        AnswerChart.Drawn d = AnswerChart.draw("q", List.of(col("name", Types.VARCHAR), col("price", Types.NUMERIC),
                col("stock", Types.INTEGER)), rows(new Object[] {"Lamp", BigDecimal.TEN, 3}, new Object[] {"Desk", null, 1}));
        CategoryDataset data = d.chart().getCategoryPlot().getDataset();
        assertEquals(List.of("price", "stock"), data.getRowKeys());
        assertEquals(List.of("Lamp", "Desk"), data.getColumnKeys());
        assertNull(data.getValue("price", "Desk"), "a NULL measure is no bar");
        assertNotNull(d.chart().getLegend(), "several series have a legend");
    }

    @Test
    void aTimeColumnAfterTheFirstWinsOverLaterCategoriesWhenTheFirstIsANumber() throws Exception {
        Plan p = AnswerChart.plan(List.of(col("total", Types.NUMERIC), col("status", Types.VARCHAR), col("order_date", Types.DATE)),
                rows(new Object[] {BigDecimal.ONE, "paid", "2024-01-01"}));
        assertEquals(new Plan(Kind.LINE, 2, List.of(0), Time.INSTANT), p);
    }

    @Test
    void whatCannotBeChartedSaysWhy() {
        String one = assertThrows(AnswerChart.Unchartable.class,
                () -> AnswerChart.plan(List.of(col("count", Types.BIGINT)), rows(new Object[] {400L}))).getMessage();
        assertTrue(one.contains("single value"), one);
        String column = assertThrows(AnswerChart.Unchartable.class,
                () -> AnswerChart.plan(List.of(col("price", Types.NUMERIC)), rows(new Object[] {1}, new Object[] {2}))).getMessage();
        assertTrue(column.contains("one numeric column"), column);
        String text = assertThrows(AnswerChart.Unchartable.class, () -> AnswerChart.plan(
                List.of(col("first_name", Types.VARCHAR), col("city", Types.VARCHAR)), rows(new Object[] {"Ann", "Oslo"}))).getMessage();
        assertTrue(text.contains("no numeric column"), text);
        String none = assertThrows(AnswerChart.Unchartable.class,
                () -> AnswerChart.plan(List.of(col("country", Types.VARCHAR), col("n", Types.BIGINT)), rows())).getMessage();
        assertTrue(none.contains("no rows"), none);
        String numbers = assertThrows(AnswerChart.Unchartable.class, () -> AnswerChart.plan(
                List.of(col("price", Types.NUMERIC), col("weight", Types.DOUBLE)), rows(new Object[] {1, 2.0}))).getMessage();
        assertTrue(numbers.contains("no category or time column"), numbers);
    }

    @Test
    void barsAndPointsAreBoundedWithANote() throws Exception {
        List<List<Object>> many = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            many.add(List.of("c" + i, (long) i));
        }
        AnswerChart.Drawn bars = AnswerChart.draw("q", List.of(col("name", Types.VARCHAR), col("n", Types.BIGINT)), many);
        assertEquals(AnswerChart.MAX_BARS, bars.chart().getCategoryPlot().getDataset().getColumnCount());
        assertEquals("showing the first 50 of 120 categories", bars.note());
        List<List<Object>> points = new ArrayList<>();
        for (int i = 0; i < AnswerChart.MAX_POINTS + 5; i++) {
            points.add(List.of(java.time.LocalDate.of(2000, 1, 1).plusDays(i).toString(), (long) i));
        }
        AnswerChart.Drawn line = AnswerChart.draw("q", List.of(col("day", Types.DATE), col("n", Types.BIGINT)), points);
        XYDataset xy = line.chart().getXYPlot().getDataset();
        assertEquals(AnswerChart.MAX_POINTS, xy.getItemCount(0));
        assertEquals("showing the first 10000 of 10005 points", line.note());
        AnswerChart.Drawn few = AnswerChart.draw("q", List.of(col("day", Types.DATE), col("n", Types.BIGINT)), points.subList(0, 3));
        assertNull(few.note());
    }

    @Test
    void repeatedCategoriesStayApart() throws Exception {
        AnswerChart.Drawn d = AnswerChart.draw("q", List.of(col("city", Types.VARCHAR), col("n", Types.BIGINT)),
                rows(new Object[] {"Paris", 1L}, new Object[] {"Paris", 2L}, new Object[] {null, 3L}));
        assertEquals(List.of("Paris", "Paris (2)", "(null)"), d.chart().getCategoryPlot().getDataset().getColumnKeys());
    }

    @Test
    void datesReadAsTheCliWritesThem() {
        assertEquals(0.0, AnswerChart.instant("1970-01-01"));
        assertEquals(3_600_000.0, AnswerChart.instant("1970-01-01T01:00:00"));
        assertEquals(0.0, AnswerChart.instant("1970-01-01T02:00:00+02:00"));
        assertEquals(0.0, AnswerChart.instant("1970-01"));
        assertEquals(0.0, AnswerChart.instant("1970"));
        assertNull(AnswerChart.instant("soon"));
    }

    @Test
    void theFileFormatComesFromTheExtension() {
        assertEquals(Charts.Format.SVG, Charts.Format.of(Path.of("a/b/Chart.SVG")));
        assertEquals(Charts.Format.PNG, Charts.Format.of(Path.of("c.png")));
        assertNull(Charts.Format.of(Path.of("c.jpg")));
        assertNull(Charts.Format.of(Path.of(".svg")));
        assertNull(Charts.Format.of(Path.of("svg")));
    }

    /**
     * A 40,000-character label cost the chart library 8 s and 540 MB of layout: every text it is handed (categories,
     * series, axes, title) is cut to a bounded length first, whatever the answer holds.
     */
    @Test
    void hugeLabelsAreCutBeforeTheChartLibrarySeesThem() throws Exception {
        String huge = "x".repeat(40_000);
        List<List<Object>> many = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            many.add(java.util.Arrays.asList(huge + i, (long) i, (long) i));
        }
        many.add(java.util.Arrays.asList(huge + " \n\t" + huge, 9L, 9L));
        AnswerChart.Drawn bars = AnswerChart.draw(huge, List.of(col(huge + "name", Types.VARCHAR), col(huge + "a", Types.BIGINT),
                col("b" + huge, Types.BIGINT)), many);
        CategoryDataset data = bars.chart().getCategoryPlot().getDataset();
        List<String> texts = new ArrayList<>();
        for (Object k : data.getColumnKeys()) {
            texts.add(k.toString());
        }
        for (Object k : data.getRowKeys()) {
            texts.add(k.toString());
        }
        texts.add(bars.chart().getCategoryPlot().getDomainAxis().getLabel());
        texts.add(bars.chart().getTitle().getText());
        assertEquals(6, data.getColumnCount(), "repeated cut labels stay apart: " + data.getColumnKeys());
        for (String t : texts) {
            assertTrue(t.length() <= AnswerChart.MAX_LABEL + 20, t.length() + " characters handed to the chart library");
        }
        assertTrue(Charts.svg(bars.chart(), bars.width(), bars.height()).length() < 200_000, "the drawing is bounded too");

        List<List<Object>> points = rows(new Object[] {"2024-01-01", 1L}, new Object[] {"2024-01-02", 2L});
        AnswerChart.Drawn line = AnswerChart.draw(huge, List.of(col("day" + huge, Types.DATE), col(huge, Types.BIGINT)), points);
        XYDataset xy = line.chart().getXYPlot().getDataset();
        assertTrue(xy.getSeriesKey(0).toString().length() <= AnswerChart.MAX_LABEL, xy.getSeriesKey(0).toString());
        assertTrue(line.chart().getXYPlot().getDomainAxis().getLabel().length() <= AnswerChart.MAX_LABEL);
        assertTrue(line.chart().getXYPlot().getRangeAxis().getLabel().length() <= AnswerChart.MAX_LABEL);
    }

    /** Revenue in the hundred thousands beside a count of orders: the count gets its own axis, not a flat line on zero. */
    @Test
    void measuresOfVeryDifferentSizeGetAnAxisEachOnALine() throws Exception {
        List<Column> cols = List.of(col("month", Types.DATE), col("revenue", Types.NUMERIC), col("orders", Types.BIGINT),
                col("refunds", Types.BIGINT));
        List<List<Object>> rows = rows(new Object[] {"2024-01-01", 250_000.0, 40L, 3L}, new Object[] {"2024-02-01", 310_000.0, 52L, 9L});
        assertEquals(List.of(List.of(1), List.of(2, 3)), AnswerChart.scales(List.of(1, 2, 3), rows));
        XYPlot plot = AnswerChart.draw("q", cols, rows).chart().getXYPlot();
        assertEquals(2, plot.getRangeAxisCount());
        assertEquals("revenue", plot.getRangeAxis(0).getLabel());
        assertEquals("orders, refunds", plot.getRangeAxis(1).getLabel());
        assertEquals(2, plot.getDataset(1).getSeriesCount());
        // each axis spans its own measures: the orders use most of theirs
        assertTrue(plot.getRangeAxis(1).getRange().getUpperBound() < 100, plot.getRangeAxis(1).getRange().toString());
        assertTrue(plot.getRangeAxis(0).getRange().getUpperBound() >= 310_000);
        assertNotEquals(plot.getRenderer(0).getSeriesPaint(0), plot.getRenderer(1).getSeriesPaint(0), "each measure its own colour");
        assertTrue(Charts.svg(AnswerChart.draw("q", cols, rows).chart(), 900, 520).contains("orders, refunds"), "the axis is drawn");
    }

    @Test
    void measuresOfVeryDifferentSizeGetAPanelEachAsBars() throws Exception {
        List<Column> cols = List.of(col("region", Types.VARCHAR), col("revenue", Types.NUMERIC), col("orders", Types.BIGINT));
        List<List<Object>> rows = rows(new Object[] {"north", 250_000.0, 40L}, new Object[] {"south", 90_000.0, 12L});
        JFreeChart chart = AnswerChart.draw("q", cols, rows).chart();
        var panels = assertInstanceOf(org.jfree.chart.plot.CombinedDomainCategoryPlot.class, chart.getPlot());
        List<org.jfree.chart.plot.CategoryPlot> plots = panels.getSubplots();
        assertEquals(2, plots.size());
        assertEquals(List.of("revenue"), plots.get(0).getDataset().getRowKeys());
        assertEquals(List.of("orders"), plots.get(1).getDataset().getRowKeys());
        assertEquals("orders", plots.get(1).getRangeAxis().getLabel());
        assertTrue(plots.get(1).getRangeAxis().getRange().getUpperBound() < 100);
        assertTrue(Charts.svg(chart, 900, 520).contains("orders"), "the panel is drawn");
    }

    /** Measures within ten times of each other share one axis, as before; zero-only measures do not get an axis. */
    @Test
    void measuresOfASizeShareOneAxis() throws Exception {
        List<List<Object>> rows = rows(new Object[] {"2024", 120L, 15L, 0L}, new Object[] {"2025", 130L, 20L, 0L});
        assertEquals(List.of(List.of(1, 2, 3)), AnswerChart.scales(List.of(1, 2, 3), rows));
        JFreeChart chart = AnswerChart.draw("q", List.of(col("region", Types.VARCHAR), col("a", Types.BIGINT), col("b", Types.BIGINT),
                col("c", Types.BIGINT)), rows).chart();
        assertEquals(1, chart.getCategoryPlot().getRangeAxisCount());
        assertEquals(3, chart.getCategoryPlot().getDataset().getRowCount());
    }
}
