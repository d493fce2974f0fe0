package dev.nlsql.cli;

import dev.nlsql.chart.AnswerChart;
import dev.nlsql.chart.Charts;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes an answer's chart for {@code ask --chart FILE} and the shell's {@code \chart [FILE]}:
 * SVG or PNG by the file's extension, the chart chosen by {@link AnswerChart}.
 */
final class ChartFile {

    /** The shell's file when {@code \chart} names none, in the current directory. */
    static final String DEFAULT_NAME = "nlsql-chart.svg";

    private ChartFile() {
    }

    /** Checks the file name before anything runs: a chart file ends in .svg or .png (a bad invocation otherwise). */
    static Path check(Path file) {
        if (file != null && Charts.Format.of(file) == null) {
            throw new BadInvocation("--chart takes a file ending in .svg or .png, got: " + file);
        }
        return file;
    }

    /**
     * Draws the answer into the file and says so on {@code to}, with a note when rows were left out.
     * Returns true if the file was written; otherwise says why ({@code chart: not drawn: …}) and
     * leaves any existing file as it was.
     */
    static boolean write(Answered a, Path file, PrintWriter to) {
        if (!a.success()) {
            to.println("chart: not drawn: the question was not answered");
            return false;
        }
        AnswerChart.Drawn drawn;
        try {
            drawn = AnswerChart.draw(a.question(), a.typedColumns(), a.rows());
        } catch (AnswerChart.Unchartable e) {
            to.println("chart: not drawn: " + e.getMessage());
            return false;
        }
        try {
            drawn.write(file);
        } catch (IOException | RuntimeException e) {
            to.println("chart: not written to " + file + ": " + Failures.describe(e));
            return false;
        }
        to.println("chart: " + drawn.kind().name().toLowerCase(Locale.ROOT) + " chart written to " + file
                + (drawn.note() == null ? "" : " (" + drawn.note() + ")"));
        return true;
    }
}
