package dev.nlsql.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Rectangle;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.title.TextTitle;
import org.jfree.svg.SVGGraphics2D;

/**
 * The one place the command line styles and renders a JFreeChart chart: the answer charts of
 * {@code ask --chart} and the shell's {@code \chart} ({@link AnswerChart}) and the eval report's
 * charts. White background, light grid lines, flat bars, the same fonts and colours; written as
 * SVG by JFreeSVG or as PNG by JFreeChart's {@link ChartUtils}, headless (no display needed).
 */
public final class Charts {

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true"); // charts are drawn to files, never to a screen
        }
        // Rotated text (a vertical axis label) as SVG text, not as glyph outlines: it stays searchable and selectable.
        org.jfree.chart.text.TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    public static final Font TITLE = new Font("SansSerif", Font.BOLD, 15);
    public static final Font LABEL = new Font("SansSerif", Font.PLAIN, 12);
    /** Series colours in order: blue, orange, green, purple, grey, red, then lighter blue, orange and green; apart at a glance. */
    public static final Color[] SERIES = {new Color(0x31, 0x82, 0xbd), new Color(0xe6, 0x55, 0x0d), new Color(0x31, 0xa3, 0x54),
        new Color(0x75, 0x6b, 0xb1), new Color(0x63, 0x63, 0x63), new Color(0xd6, 0x27, 0x28), new Color(0x9e, 0xca, 0xe1),
        new Color(0xfd, 0xae, 0x6b), new Color(0xa1, 0xd9, 0x9b)};

    /** The two file formats, by the file name's extension. */
    public enum Format {
        SVG, PNG;

        /** The format a file name asks for ({@code .svg} or {@code .png}, any case); null for anything else. */
        public static Format of(Path file) {
            Path name = file.getFileName();
            String n = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
            return n.endsWith(".svg") && n.length() > 4 ? SVG : n.endsWith(".png") && n.length() > 4 ? PNG : null;
        }
    }

    private Charts() {
    }

    /** The common look: title font, white background, light range grid lines, a frameless legend; flat bars on a bar plot. */
    public static JFreeChart style(JFreeChart chart) {
        if (chart.getTitle() != null) {
            chart.setTitle(new TextTitle(chart.getTitle().getText(), TITLE));
        }
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        if (chart.getLegend() != null) {
            chart.getLegend().setItemFont(LABEL);
            chart.getLegend().setFrame(new BlockBorder(Color.WHITE));
        }
        Plot plot = chart.getPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
        Paint grid = new Color(0xdd, 0xdd, 0xdd);
        if (plot instanceof CategoryPlot p) {
            p.setRangeGridlinePaint(grid);
            p.setRangeGridlineStroke(new BasicStroke(1f));
            p.getDomainAxis().setTickLabelFont(LABEL);
            p.getDomainAxis().setLabelFont(LABEL);
            if (p.getRangeAxis() != null) { // a combined plot has its panels' axes, styled with each panel
                p.getRangeAxis().setTickLabelFont(LABEL);
                p.getRangeAxis().setLabelFont(LABEL);
            }
            if (p.getRenderer() instanceof BarRenderer r) {
                r.setBarPainter(new StandardBarPainter());
                r.setShadowVisible(false);
                r.setDefaultItemLabelFont(LABEL);
                for (int i = 0; i < SERIES.length; i++) {
                    r.setSeriesPaint(i, SERIES[i]);
                }
            }
        } else if (plot instanceof XYPlot p) {
            p.setRangeGridlinePaint(grid);
            p.setDomainGridlinePaint(grid);
            p.setRangeGridlineStroke(new BasicStroke(1f));
            p.setDomainGridlineStroke(new BasicStroke(1f));
            p.getDomainAxis().setTickLabelFont(LABEL);
            p.getDomainAxis().setLabelFont(LABEL);
            p.getRangeAxis().setTickLabelFont(LABEL);
            p.getRangeAxis().setLabelFont(LABEL);
            for (int i = 0; i < SERIES.length; i++) {
                p.getRenderer().setSeriesPaint(i, SERIES[i]);
            }
        }
        return chart;
    }

    /** The chart as an SVG document. */
    public static String svg(JFreeChart chart, int width, int height) {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        chart.draw(g, new Rectangle(0, 0, width, height));
        return g.getSVGDocument();
    }

    /** The chart as a {@code data:image/svg+xml} URI, for an HTML page that stays one file. */
    public static String svgDataUri(JFreeChart chart, int width, int height) {
        byte[] svg = svg(chart, width, height).getBytes(StandardCharsets.UTF_8);
        return "data:image/svg+xml;base64," + Base64.getEncoder().encodeToString(svg);
    }

    /** Writes the chart to the file in its format, replacing the file; drawn in memory first, so a failed drawing leaves the file alone. */
    public static void write(JFreeChart chart, Path file, Format format, int width, int height) throws IOException {
        byte[] bytes;
        if (format == Format.SVG) {
            bytes = svg(chart, width, height).getBytes(StandardCharsets.UTF_8);
        } else {
            ByteArrayOutputStream png = new ByteArrayOutputStream();
            ChartUtils.writeChartAsPNG(png, chart, width, height);
            bytes = png.toByteArray();
        }
        Files.write(file, bytes);
    }
}
