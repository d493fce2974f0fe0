package dev.nlsql.cli;

import dev.nlsql.engine.Trace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jline.keymap.KeyMap;
import org.jline.reader.Binding;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.Reference;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.terminal.impl.DumbTerminal;
import org.jline.utils.Signals;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code nlsql shell}: an interactive prompt for questions and SQL, like psql. Line editing
 * and history ({@code ~/.nlsql_history}) through JLine on a terminal, a plain line reader on
 * a pipe. As in psql, SQL goes on across lines until a {@code ;} ends it (prompt {@code nlsql-#}),
 * while a question ends at its newline ({@link InputBuffer}); backslash commands are one line.
 * Ctrl-C cancels the running statement or model call and returns to the prompt;
 * {@code \x} toggles the expanded display; long results go through {@code $PAGER} (or
 * {@code less}) when stdout is a terminal.
 */
@Command(name = "shell", mixinStandardHelpOptions = true,
        description = "Interactive prompt: questions (one line) and SQL (ends with ';'); \\x expanded display, \\sql, \\trace, \\chart [FILE], "
                + "\\verify, \\p, \\r, \\q. "
                + "Ctrl-C cancels the running statement.")
final class ShellCommand implements Callable<Integer> {

    static final String NAME = "nlsql";
    static final String PROMPT = NAME + "> ";
    static final String HELP = "SQL ends with ';', a question at the end of its line; \\x [on|off] expanded display, "
            + "\\sql last SQL, \\trace last trace, \\chart [FILE.svg|png] chart the last result, \\verify save the last answer as verified, "
            + "\\p query buffer, \\r reset it, \\q quit; Ctrl-C cancels a running statement";
    /** How long a cancelled question may take to stop before the shell stops waiting for it. */
    private static final long ABANDON_AFTER_MS = 2_000;

    @Mixin
    ConnectOptions connect;

    @Mixin
    ShowOptions show;

    private volatile Statement running;
    private Statement statement;
    private Output.Display display;
    private Answered last;
    private Trace lastTrace;
    private volatile long cancelledAt;

    @Override
    public Integer call() throws Exception {
        display = show.display();
        boolean interactive = System.console() != null;
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "nlsql-shell-progress"));
        ExecutorService executor = Executors.newCachedThreadPool(r -> daemon(r, "nlsql-shell-statement"));
        Terminal terminal = interactive
                ? TerminalBuilder.builder().system(true).signalHandler(Terminal.SignalHandler.SIG_IGN).build()
                : new DumbTerminal(System.in, System.out);
        PrintStream out = System.out;
        Connection c = null;
        try (terminal) {
            c = connect.open(false);
            LineReader reader = reader(terminal, interactive);
            out.println("nlsql shell: ask a question or type SQL. " + HELP + ".");
            statement = c.createStatement();
            InputBuffer buffer = new InputBuffer();
            while (true) {
                String line;
                try {
                    line = reader.readLine(buffer.prompt(NAME));
                } catch (UserInterruptException e) {
                    buffer.clear(); // Ctrl-C at the prompt clears the line and the query buffer, as in psql
                    continue;
                } catch (EndOfFileException e) {
                    if (!interactive) { // psql runs what is left of a file or pipe without its ';'
                        String rest = buffer.finish();
                        if (rest != null) {
                            run(rest, c, ticker, executor, terminal, interactive, out);
                        }
                    }
                    return 0;
                }
                for (String piece : line.split("\r\n|\r|\n", -1)) { // a bracketed paste may bring several lines at once
                    String command = piece.strip();
                    if (command.startsWith("\\") && !buffer.insideQuote()) { // backslash commands are one line; the buffer stays
                        if (command.equals("\\q")) {
                            return 0;
                        }
                        command(command, buffer, out, c);
                        continue;
                    }
                    for (String text : buffer.add(piece)) {
                        run(text, c, ticker, executor, terminal, interactive, out);
                    }
                }
            }
        } finally {
            ticker.shutdownNow();
            executor.shutdownNow();
            if (c != null) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // closing on the way out
                }
            }
        }
    }

    /** A backslash command: one line, the query buffer left as it is (psql's {@code \\p} and {@code \\r} show and reset it). */
    private void command(String text, InputBuffer buffer, PrintStream out, Connection c) {
        if (text.equals("\\verify")) {
            verify(c, out);
        } else if (text.equals("\\sql")) {
            out.println(last == null || last.sql() == null ? "(no SQL yet)" : Values.printable(last.sql()));
        } else if (text.equals("\\trace")) {
            printTrace(lastTrace, out);
        } else if (text.equals("\\p")) {
            out.print(buffer.isEmpty() ? "Query buffer is empty.\n" : buffer.text());
        } else if (text.equals("\\r")) {
            buffer.clear();
            out.println("Query buffer reset (cleared).");
        } else if (text.equals("\\chart") || text.startsWith("\\chart ")) {
            chart(text.substring("\\chart".length()).strip(), out);
        } else if (text.equals("\\x") || text.startsWith("\\x ")) {
            String arg = text.substring(2).strip();
            boolean on = arg.isEmpty() ? !display.expanded() : arg.equals("on");
            display = new Output.Display(display.maxRows(), on);
            out.println("Expanded display is " + (on ? "on" : "off") + ".");
        } else {
            out.println("unknown command " + text + "; " + HELP);
        }
    }

    /** {@code \\verify}: saves the last answered question and its SQL as verified in the knowledge file (nlsql.knowledge). */
    private void verify(Connection c, PrintStream out) {
        if (last == null || !last.success() || last.trace() == null || last.tag() != null) {
            out.println("verify: nothing to save: ask a question first (only an answered question can be verified)");
            return;
        }
        try {
            boolean saved = c.unwrap(dev.nlsql.jdbc.NlConnection.class).saveVerified(last.trace(), System.getProperty("user.name"));
            out.println(saved ? "Saved \"" + Values.printable(last.trace().question()) + "\" as verified in "
                    + c.unwrap(dev.nlsql.jdbc.NlConnection.class).config().knowledge() + "." : "Already verified: nothing to save.");
        } catch (SQLException e) {
            out.println("verify: [" + e.getSQLState() + "] " + Values.printable(e.getMessage()));
        }
    }

    /** {@code \\chart [FILE.svg|png]}: draws the last answer into the file, {@value ChartFile#DEFAULT_NAME} when none is named. */
    private void chart(String arg, PrintStream out) {
        PrintWriter to = new PrintWriter(out, true);
        if (last == null) {
            to.println("chart: not drawn: no answer yet");
            return;
        }
        String name = arg.isEmpty() ? ChartFile.DEFAULT_NAME : arg;
        Path file;
        try {
            file = Path.of(name);
        } catch (java.nio.file.InvalidPathException e) {
            to.println("chart: not drawn: " + e.getMessage());
            return;
        }
        if (dev.nlsql.chart.Charts.Format.of(file) == null) {
            to.println("chart: not drawn: the file must end in .svg or .png, got: " + name);
            return;
        }
        ChartFile.write(last, file, to);
    }

    /** Runs one complete statement or question and prints its result. */
    private void run(String text, Connection c, ScheduledExecutorService ticker, ExecutorService executor, Terminal terminal,
            boolean interactive, PrintStream out) throws InterruptedException, SQLException {
        if (text.isEmpty()) {
            return;
        }
        ScheduledFuture<?> progress = ticker.scheduleAtFixedRate(() -> System.err.print("."), 1, 1, TimeUnit.SECONDS);
        Answered a;
        try {
            a = runCancellable(executor, statement, text);
        } finally {
            progress.cancel(false);
        }
        if (a == null) { // cancelled, and the model call did not stop in time: leave it behind, go on with a new statement
            out.println("Cancelled.");
            Statement abandoned = statement;
            executor.submit(() -> closeQuietly(abandoned));
            statement = c.createStatement();
            return;
        }
        last = a;
        lastTrace = a.trace() != null ? a.trace() : lastTrace;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream page = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Output.readable(a, page, display);
        if (!a.success()) {
            page.println("error: [" + a.sqlState() + "] " + Values.printable(a.error()));
        }
        show(bytes.toString(StandardCharsets.UTF_8), terminal, interactive, out);
    }

    private static LineReader reader(Terminal terminal, boolean interactive) {
        DefaultParser parser = new DefaultParser(); // JLine returns each line as typed; InputBuffer decides where a statement ends
        parser.setEscapeChars(new char[0]);
        parser.setEofOnUnclosedQuote(false);
        parser.setEofOnEscapedNewLine(false);
        parser.setEofOnUnclosedBracket();
        LineReaderBuilder b = LineReaderBuilder.builder().appName("nlsql").terminal(terminal).parser(parser)
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true) // "!=" is SQL, not a history reference
                .option(LineReader.Option.INSERT_TAB, true);
        if (interactive) {
            String file = System.getenv("NLSQL_HISTORY");
            b.variable(LineReader.HISTORY_FILE, file != null && !file.isBlank() ? Path.of(file)
                    : Path.of(System.getProperty("user.home"), ".nlsql_history"));
            b.variable(LineReader.HISTORY_FILE_SIZE, 2000);
        } else {
            b.variable(LineReader.DISABLE_HISTORY, true);
        }
        LineReader reader = b.build();
        // The arrows in both the cursor-key modes a terminal may send them in: JLine binds the terminfo
        // form (ESC O A for xterm, after it turns the keypad mode on), not ESC [ A, which terminals that
        // ignore the keypad mode, multiplexers and pastes still send.
        for (String map : new String[] {LineReader.EMACS, LineReader.VIINS}) {
            KeyMap<Binding> keys = reader.getKeyMaps().get(map);
            for (String prefix : new String[] {"\033[", "\033O"}) {
                keys.bind(new Reference(LineReader.UP_LINE_OR_HISTORY), prefix + "A");
                keys.bind(new Reference(LineReader.DOWN_LINE_OR_HISTORY), prefix + "B");
                keys.bind(new Reference(LineReader.FORWARD_CHAR), prefix + "C");
                keys.bind(new Reference(LineReader.BACKWARD_CHAR), prefix + "D");
            }
        }
        return reader;
    }

    /**
     * Runs the text on a worker thread while Ctrl-C (SIGINT) cancels it: Statement.cancel() cancels
     * the statement on the server and stops a question's model call (57014). Returns null if
     * a cancelled run has not ended {@value #ABANDON_AFTER_MS} ms later.
     */
    private Answered runCancellable(ExecutorService executor, Statement s, String text) throws InterruptedException {
        cancelledAt = 0;
        running = s;
        Future<Answered> future = executor.submit(() -> {
            try {
                return Answered.run(s, text);
            } finally {
                Thread.interrupted(); // an abandoned run was interrupted by future.cancel(true)
            }
        });
        Object previous = Signals.register("INT", this::cancel);
        try {
            while (true) {
                try {
                    return future.get(50, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    long at = cancelledAt;
                    if (at != 0 && System.nanoTime() - at > TimeUnit.MILLISECONDS.toNanos(ABANDON_AFTER_MS)) {
                        future.cancel(true);
                        return null;
                    }
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    return new Answered(text, false, null, java.util.List.of(), java.util.List.of(), null, null, 0,
                            (cancelledAt != 0 ? CliSqlState.QUERY_CANCELED : CliSqlState.INTERNAL_ERROR).code(), cancelledAt != 0 ? "cancelled: " + cause : String.valueOf(cause));
                }
            }
        } finally {
            running = null;
            if (previous != null) {
                Signals.unregister("INT", previous);
            }
        }
    }

    /** The SIGINT handler while a statement runs. */
    private void cancel() {
        Statement s = running;
        if (s == null) {
            return;
        }
        cancelledAt = System.nanoTime();
        System.err.println("Cancel request sent");
        try {
            s.cancel();
        } catch (SQLException | RuntimeException e) {
            // the statement may have just ended
        }
    }

    /** Prints a result, through the pager when stdout is a terminal and the result is taller than it. */
    private static void show(String text, Terminal terminal, boolean interactive, PrintStream out) {
        if (interactive) {
            int height = terminal.getHeight();
            long lines = text.lines().count();
            String pager = System.getenv("PAGER");
            if (pager == null) {
                pager = "less -SFRX";
            }
            if (height > 0 && lines >= height - 1 && !pager.isBlank()) {
                try {
                    Process p = new ProcessBuilder("sh", "-c", pager).redirectOutput(ProcessBuilder.Redirect.INHERIT)
                            .redirectError(ProcessBuilder.Redirect.INHERIT).start();
                    try (OutputStream in = p.getOutputStream()) {
                        in.write(text.getBytes(StandardCharsets.UTF_8));
                    } catch (IOException e) {
                        // the pager quit before reading everything
                    }
                    p.waitFor();
                    return;
                } catch (IOException e) {
                    // no pager: print it all
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        out.print(text);
        out.flush();
    }

    private static void closeQuietly(Statement s) {
        try {
            s.close();
        } catch (SQLException ignored) {
            // abandoned
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private static void printTrace(Trace t, PrintStream out) {
        if (t == null) {
            out.println("(no question yet)");
            return;
        }
        out.println("question: " + Values.printable(t.question(), false)
                + (t.resolvedQuestion() == null ? "" : "\nread as:  " + Values.printable(t.resolvedQuestion(), false)));
        out.println(Values.printable(t.summary(), false) + " in " + t.elapsedMillis() + " ms, " + t.llmCalls() + " LLM call(s)");
        if (!t.stageMillis().isEmpty()) {
            out.println("stages (ms): " + t.stagesLine());
        }
        t.attempts().forEach(a -> out.printf("  %d [%s] %s %s%n      %s%s%n", a.number(), a.source().label(), a.outcome().label(),
                a.category() == null ? "" : a.categoryLabel() + ": " + Values.printable(a.error(), false), Values.printable(a.sql()),
                a.feedback() == null ? "" : "\n      fix: " + Values.printable(a.feedback(), false)));
    }
}
