package dev.nlsql.cli;

import dev.nlsql.engine.Narration;
import dev.nlsql.jdbc.NlConnection;
import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code nlsql ask "question"}: one question (or SQL statement). */
@Command(name = "ask", mixinStandardHelpOptions = true, description = "Answer one question (or run one SQL statement).")
final class AskCommand implements Callable<Integer> {

    @Mixin
    ConnectOptions connect;

    @Mixin
    ShowOptions show;

    @Option(names = "--json", description = "Print exactly one JSON object on stdout")
    boolean json;

    @Option(names = "--chart", paramLabel = "FILE.svg|png",
            description = "Also draw the answer as a chart (bar or line, from the column types) into this SVG or PNG file")
    java.nio.file.Path chart;

    @Option(names = "--narrate", description = "Also say what the answer means, with a confidence (high, medium, low) and why")
    boolean narrate;

    @Parameters(index = "0", paramLabel = "QUESTION", description = "The question, in quotes")
    String question;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Output.Display display = show.display();
        ChartFile.check(chart);
        try (Connection c = connect.open(false); Statement s = c.createStatement()) {
            Answered a = Answered.run(s, question);
            Narration narration = narrate ? narration(c, a) : null;
            if (json) {
                boolean withSources = !c.unwrap(dev.nlsql.jdbc.NlConnection.class).config().sources().isEmpty();
                Output.json(a, narration, withSources, new java.io.PrintStream(System.out, true, java.nio.charset.StandardCharsets.UTF_8));
            } else {
                Output.readable(a, System.out, display);
                if (narration != null) {
                    Output.narration(narration, System.out);
                }
            }
            if (!a.success()) {
                spec.commandLine().getErr().println("error: [" + a.sqlState() + "] " + Values.printable(a.error()));
            }
            boolean charted = chart == null || !a.success() || ChartFile.write(a, chart, spec.commandLine().getErr());
            return a.success() && charted ? 0 : 1;
        }
    }

    /** The narration of an answered question (as NARRATE NL gives it); null for SQL text and failed questions. */
    private Narration narration(Connection c, Answered a) {
        if (!a.success() || a.trace() == null || a.tag() != null) {
            return null;
        }
        try {
            return c.unwrap(NlConnection.class).narrate(a.trace(), a.columns(), a.rows(), a.rows().size());
        } catch (java.sql.SQLException e) {
            spec.commandLine().getErr().println("narration: [" + e.getSQLState() + "] " + Values.printable(e.getMessage()));
            return null;
        }
    }
}
