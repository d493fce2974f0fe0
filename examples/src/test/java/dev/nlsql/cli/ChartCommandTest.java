package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** {@code ask --chart FILE} and the shell's {@code \chart} on the demo database: the file, its chart, the exit status. */
class ChartCommandTest {

    private static final String PER_CATEGORY = "SELECT c.name AS category, count(*) AS products FROM products p "
            + "JOIN categories c ON c.id = p.category_id GROUP BY c.name ORDER BY c.name";
    private static final List<String> CATEGORIES = List.of("Beauty", "Books", "Clothing", "Electronics", "Garden", "Home & Kitchen",
            "Sports", "Toys");
    /** The first series' colour ({@code Charts.SERIES[0]}) as JFreeSVG writes it. */
    private static final String BAR_FILL = "fill:rgb(49,130,189)";

    @Test
    void askChartSvgDrawsOneBarPerCategoryWithItsLabel(@TempDir Path dir) throws Exception {
        Path svg = dir.resolve("out.svg");
        Cli.Run r = Cli.run("ask", "--chart", svg.toString(), PER_CATEGORY);
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("chart: bar chart written to " + svg), r.err());
        Document doc = parse(svg);
        assertEquals(CATEGORIES.size(), bars(doc).size(), "one bar per category");
        List<String> text = texts(doc);
        assertTrue(text.containsAll(CATEGORIES), "every category labelled: " + text);
        assertTrue(text.contains("category"), "the category axis is named after its column: " + text);
        assertTrue(text.contains("8") && !text.contains("7.5"), "counts get whole-number ticks: " + text);
        assertTrue(text.stream().anyMatch(t -> t.startsWith("SELECT c.name")), "the title is what was asked: " + text);
    }

    @Test
    void aDateColumnIsALineAndTheJsonStaysTheOneObject(@TempDir Path dir) throws Exception {
        Path svg = dir.resolve("revenue.svg");
        String sql = "SELECT order_date, sum(total_amount) AS revenue FROM orders WHERE order_date < DATE '2024-02-01' "
                + "GROUP BY order_date ORDER BY order_date";
        Cli.Run r = Cli.run("ask", "--json", "--chart", svg.toString(), sql);
        assertEquals(0, r.status(), r.err());
        List<JsonNode> values = new ObjectMapper().readerFor(JsonNode.class).<JsonNode>readValues(r.out()).readAll();
        assertEquals(1, values.size(), "exactly one JSON value on stdout, nothing about the chart: " + r.out());
        JsonNode json = values.get(0);
        assertTrue(json.get("success").asBoolean());
        assertFalse(json.has("chart"), r.out());
        assertTrue(r.err().contains("line chart written"), r.err());
        Document doc = parse(svg);
        assertEquals(0, bars(doc).size(), "no bars in a line chart");
        List<Element> lines = new ArrayList<>(); // an open polyline: M x,y then L x,y …, no curves (glyphs), not closed (markers)
        NodeList paths = doc.getElementsByTagName("path");
        for (int i = 0; i < paths.getLength(); i++) {
            Element p = (Element) paths.item(i);
            if (p.getAttribute("d").matches("M[-\\d.,]+(L[-\\d.,]+)+")) {
                lines.add(p);
            }
        }
        assertEquals(1, lines.size(), "one series, one line");
        int points = json.get("rowCount").asInt();
        Matcher m = Pattern.compile("[ML]").matcher(lines.get(0).getAttribute("d"));
        int vertices = 0;
        while (m.find()) {
            vertices++;
        }
        assertEquals(points, vertices, "a vertex per day");
        assertTrue(texts(doc).contains("order_date") && texts(doc).contains("revenue"), texts(doc).toString());
    }

    @Test
    void askChartPngIsAPngOfTheChartsSize(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("chart.PNG");
        Cli.Run r = Cli.run("ask", "--chart", png.toString(), PER_CATEGORY);
        assertEquals(0, r.status(), r.err());
        byte[] bytes = Files.readAllBytes(png);
        assertEquals("\u0089PNG", new String(bytes, 0, 4, java.nio.charset.StandardCharsets.ISO_8859_1));
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
        assertNotNull(image);
        assertEquals(dev.nlsql.chart.AnswerChart.WIDTH, image.getWidth());
        assertEquals(dev.nlsql.chart.AnswerChart.HEIGHT, image.getHeight());
    }

    @Test
    void anUnchartableAnswerIsPrintedSaysWhyAndExitsOneWithoutAFile(@TempDir Path dir) throws Exception {
        Path svg = dir.resolve("one.svg");
        Cli.Run r = Cli.run("ask", "--chart", svg.toString(), "SELECT count(*) AS n FROM categories");
        assertEquals(1, r.status(), "asked for a chart and got none: " + r.err());
        assertTrue(r.out().contains(" 8"), "the answer is still printed: " + r.out());
        assertTrue(r.err().contains("chart: not drawn: the answer is a single value (n)"), r.err());
        assertFalse(Files.exists(svg));
    }

    @Test
    void aChartFileOtherThanSvgOrPngIsABadInvocation(@TempDir Path dir) {
        Path jpg = dir.resolve("chart.jpg");
        Cli.Run r = Cli.run("ask", "--chart", jpg.toString(), PER_CATEGORY);
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("--chart takes a file ending in .svg or .png"), r.err());
        assertEquals("", r.out(), "nothing ran");
        assertFalse(Files.exists(jpg));
    }

    @Test
    void theShellChartsTheLastAnswer(@TempDir Path dir) throws Exception {
        Path svg = dir.resolve("shell.svg");
        Path cwd = Path.of("").toAbsolutePath();
        Path defaultFile = cwd.resolve("nlsql-chart.svg");
        boolean existed = Files.exists(defaultFile);
        try {
            Cli.Run r = Cli.withInput("\\chart\nSELECT 1 AS n;\n\\chart " + dir.resolve("one.svg") + "\n" + PER_CATEGORY + ";\n\\chart "
                    + svg + "\n\\chart " + dir.resolve("x.gif") + "\n\\chart\n\\q\n", "shell");
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().contains("chart: not drawn: no answer yet"), r.out());
            assertTrue(r.out().contains("chart: not drawn: the answer is a single value (n)"), r.out());
            assertFalse(Files.exists(dir.resolve("one.svg")));
            assertTrue(r.out().contains("chart: bar chart written to " + svg), r.out());
            assertEquals(CATEGORIES.size(), bars(parse(svg)).size());
            assertTrue(r.out().contains("chart: not drawn: the file must end in .svg or .png, got: " + dir.resolve("x.gif")), r.out());
            assertTrue(r.out().contains("chart: bar chart written to nlsql-chart.svg"), "the default name, printed: " + r.out());
            assertEquals(CATEGORIES.size(), bars(parse(defaultFile)).size());
        } finally {
            if (!existed) {
                Files.deleteIfExists(defaultFile);
            }
        }
    }

    private static Document parse(Path svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(svg.toFile());
    }

    /** The bars: rectangles in the first series' colour. */
    private static List<Element> bars(Document doc) {
        List<Element> bars = new ArrayList<>();
        NodeList rects = doc.getElementsByTagName("rect");
        for (int i = 0; i < rects.getLength(); i++) {
            Element e = (Element) rects.item(i);
            if (e.getAttribute("style").replace(" ", "").contains(BAR_FILL)) {
                bars.add(e);
            }
        }
        return bars;
    }

    private static List<String> texts(Document doc) {
        List<String> out = new ArrayList<>();
        NodeList texts = doc.getElementsByTagName("text");
        for (int i = 0; i < texts.getLength(); i++) {
            out.add(texts.item(i).getTextContent());
        }
        return out;
    }
}
