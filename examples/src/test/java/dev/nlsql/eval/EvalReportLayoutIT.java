package dev.nlsql.eval;

import dev.nlsql.jdbc.NlUrl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.ErrorCategory;
import dev.nlsql.engine.Attempt;
import dev.nlsql.testing.Prerequisite;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report fits a laptop screen (1366 px wide) even with what stretches a page: a dozen
 * long category names, long and unbroken SQL, long errors, a long dataset path. The page is
 * written under target/eval-reports/ for a look in a browser; when Chromium is on the PATH it
 * is rendered headless and no part of it may be wider than the window, nor scroll sideways
 * inside a box. Without Chromium that check is skipped (with a message), not passed.
 */
class EvalReportLayoutIT {

    private static final int WIDTH = 1366;
    private static final int HEIGHT = 768;

    @TempDir
    Path dir;

    /** A report that stresses the layout. */
    static EvalReport stressReport() {
        String[] categories = {"instructions_cte_window", "instructions_date_join", "instructions_string_matching", "instructions_cte_join",
            "keywords_aggregate", "keywords_ratio", "date_functions", "group_by", "order_by", "table_join", "ratio",
            "a_category_name_that_nobody_would_ever_choose_because_it_is_far_too_long"};
        String unbroken = "x".repeat(40) + "_" + "y".repeat(260);
        String longSql = "WITH monthly AS (SELECT date_trunc('month', o.order_date) AS month, c.customer_country, sum(oi.quantity * "
                + "oi.unit_price * (1 - oi.discount)) AS revenue FROM orders o JOIN order_items oi ON oi.order_id = o.order_id JOIN "
                + "customers c ON c.customer_id = o.customer_id WHERE o.order_date >= DATE '2024-01-01' GROUP BY 1, 2)\n"
                + "SELECT month, customer_country, revenue, revenue / NULLIF(lag(revenue) OVER (PARTITION BY customer_country ORDER BY "
                + "month), 0) - 1 AS growth FROM monthly ORDER BY month, revenue DESC";
        List<QuestionResult> results = new ArrayList<>();
        for (int i = 1; i <= 36; i++) {
            String category = categories[i % categories.length];
            String text = i % 5 == 0 ? "Which customers_" + unbroken + " ordered the most?"
                    : "What was the month-over-month growth of revenue per customer country in 2024, for countries with at least "
                            + i + " orders, ordered by month and revenue?";
            Dataset.Question q = new Dataset.Question(i, null, category, text, longSql, null);
            if (i % 9 == 0) {
                results.add(QuestionResult.goldFailed(q, "ERROR: column \"" + unbroken + "\" does not exist\n  Position: 8"));
                continue;
            }
            boolean right = i % 3 != 0;
            String sql = i % 4 == 0 ? "SELECT " + unbroken + " FROM orders" : longSql;
            List<Attempt> attempts = new ArrayList<>();
            if (i % 2 == 0) {
                attempts.add(new Attempt(1, Attempt.Source.LLM, sql, Attempt.Outcome.ERROR, ErrorCategory.COLUMN_NOT_FOUND,
                        "ERROR: column \"" + unbroken + "\" does not exist\n  Hint: Perhaps you meant to reference the column "
                                + "\"orders.order_date\".\n  Position: 123", null, 40, 900, 60));
            }
            attempts.add(new Attempt(attempts.size() + 1, Attempt.Source.LLM, sql, right ? Attempt.Outcome.OK : Attempt.Outcome.ERROR,
                    right ? null : ErrorCategory.SYNTAX_ERROR, right ? null : "ERROR: syntax error at or near \"" + unbroken + "\"",
                    null, 35, 950, 70));
            results.add(new QuestionResult(q, false, null, right, right, right, right ? sql : null, right ? null : "NL005",
                    right ? null : "Could not answer after " + attempts.size() + " attempt(s) (nlsql.maxAttempts=3):", attempts,
                    attempts.size(), 950 * attempts.size(), 70 * attempts.size(), 40L * attempts.size()));
        }
        for (int i = 37; i <= 39; i++) { // refused as they should be: a category of no counted question, calls that are refusals
            Dataset.Question q = new Dataset.Question(i, null, "unanswerable", "Who painted the Night Watch, question " + i + "?", null, null);
            results.add(new QuestionResult(q, false, null, false, true, true, null, "NL002", "The question is not about this database",
                    List.of(), 1, 900, 30, 20));
        }
        RunSettings settings = new RunSettings("openai", "qwen2.5-coder:32b-instruct-q4_K_M-with-a-long-tag",
                "http://llm.internal.example.com:11434/v1", "set (not shown)",
                NlUrl.masked("jdbc:postgresql://db.internal.example.com:5432/nlsql_defog_" + unbroken
                        + "?user=postgres&password=secret&sslmode=require"),
                3, true, "1 (nlsql.llm.seed, sent with each model request)", "2026-01-01T00:00:00Z", "0.1.0-SNAPSHOT",
                "../shared/benchmarks/defog/" + unbroken + "/instruct_advanced_postgres.csv", 39, 39, 2);
        return new EvalReport(results, true, settings, List.of("secret"));
    }

    @Test
    void everyCategoryKeepsItsWholeNameInTheChart() {
        String html = stressReport().html("t");
        Matcher m = Pattern.compile("src=\"data:image/svg\\+xml;base64,([A-Za-z0-9+/=]+)\"").matcher(html);
        assertTrue(m.find());
        String svg = new String(java.util.Base64.getDecoder().decode(m.group(1)), StandardCharsets.UTF_8);
        for (String label : new String[] {"all (n=32)", "instructions_cte_window (n=2)", "instructions_cte_join (n=2)",
            "instructions_string_matching (n=3)", "keywords_ratio (n=3)", "ratio (n=3)",
            "a_category_name_that_nobody_would_ever_choose_because_it_is_far_too_long (n=3)"}) {
            assertTrue(svg.contains(">" + label + "<"), "the chart names " + label + " whole");
        }
        assertFalse(svg.contains("..."), "no label is cut short");
        assertFalse(svg.contains("unanswerable"), "a category of no counted question is not drawn");
        Matcher size = Pattern.compile("<svg[^>]* height=['\"](\\d+)(\\.0)?['\"]").matcher(svg);
        assertTrue(size.find(), svg.substring(0, 300));
        assertEquals(EvalCharts.categoryChartHeight(13), Integer.parseInt(size.group(1)), "the chart grows with its categories");
    }

    @Test
    void theReportFitsALaptopScreenInHeadlessChromium() throws Exception {
        String html = stressReport().html("nlsql eval: instruct_advanced_postgres.csv");
        Path page = Path.of("target", "eval-reports", "layout.html");
        Files.createDirectories(page.getParent());
        Files.writeString(page, html, StandardCharsets.UTF_8);

        String chromium = chromium();
        Prerequisite.require(chromium != null, "chromium (or chromium-browser, google-chrome) on the PATH for the headless layout check");
        // a copy of the page with a probe that measures it once everything has loaded
        String probe = "<script>addEventListener('load', () => {"
                + "const w = document.documentElement.scrollWidth; let boxes = [];"
                + "for (const e of document.querySelectorAll('body *')) {"
                + "  if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') boxes.push(e.tagName);"
                + "  if (e.getBoundingClientRect().right > document.documentElement.clientWidth + 1) boxes.push('beyond:' + e.tagName); }"
                + "document.body.setAttribute('data-layout', 'width=' + w + ';window=' + document.documentElement.clientWidth + ';boxes=' + boxes.join(','));});"
                + "</script>";
        Path probed = dir.resolve("probe.html");
        Files.writeString(probed, html.replace("</body>", probe + "</body>"), StandardCharsets.UTF_8);
        String dom = run(chromium, "--dump-dom", probed);
        Matcher m = Pattern.compile("data-layout=\"width=(\\d+);window=(\\d+);boxes=([^\"]*)\"").matcher(dom);
        assertTrue(m.find(), "the probe ran in chromium: " + dom.substring(0, Math.min(500, dom.length())));
        int width = Integer.parseInt(m.group(1));
        int window = Integer.parseInt(m.group(2));
        assertTrue(window <= WIDTH && window > WIDTH - 40, "the window is the laptop's width, less a scroll bar: " + window);
        assertTrue(width <= window, "the page is " + width + " px wide in a " + window + " px window: it scrolls sideways");
        assertEquals("", m.group(3), "elements that scroll sideways or reach beyond the window");

        Path png = Path.of("target", "eval-reports", "layout.png").toAbsolutePath();
        run(chromium, "--screenshot=" + png, page.toAbsolutePath());
        assertTrue(Files.size(png) > 10_000, "a screenshot was written: " + png);
    }

    /** Runs headless chromium on a file at the laptop's window size; returns its standard output. */
    private String run(String chromium, String what, Path file) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "profile");
        Path out = dir.resolve("chromium.out");
        Process p = new ProcessBuilder(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=" + profile, "--window-size=" + WIDTH + "," + HEIGHT, what, file.toUri().toString())
                .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within 180 s");
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    private static String chromium() {
        for (String name : new String[] {"chromium", "chromium-browser", "google-chrome"}) {
            for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path p = Path.of(d, name);
                if (Files.isExecutable(p)) {
                    return p.toString();
                }
            }
        }
        return null;
    }
}
