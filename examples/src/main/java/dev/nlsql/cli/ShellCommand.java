package dev.nlsql.cli;

import dev.nlsql.engine.Trace;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code nlsql shell}: an interactive prompt for questions and SQL, like psql. */
@Command(name = "shell", mixinStandardHelpOptions = true, description = "Interactive prompt: questions and SQL; \\sql, \\trace, \\q.")
final class ShellCommand implements Callable<Integer> {

    @Mixin
    NlsqlCommand.Connect connect;

    @Override
    public Integer call() throws Exception {
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "nlsql-shell-progress");
            t.setDaemon(true);
            return t;
        });
        try (Connection c = connect.open(false); Statement s = c.createStatement();
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            System.out.println("nlsql shell: ask a question or type SQL. \\sql last SQL, \\trace last trace, \\q quit.");
            Answered last = null;
            Trace lastTrace = null;
            while (true) {
                System.out.print("nlsql> ");
                System.out.flush();
                String line = in.readLine();
                if (line == null || line.strip().equals("\\q")) {
                    return 0;
                }
                String text = line.strip();
                if (text.isEmpty()) {
                    continue;
                }
                if (text.equals("\\sql")) {
                    System.out.println(last == null || last.sql() == null ? "(no SQL yet)" : last.sql());
                    continue;
                }
                if (text.equals("\\trace")) {
                    printTrace(lastTrace);
                    continue;
                }
                if (text.startsWith("\\")) {
                    System.out.println("unknown command " + text + "; \\sql, \\trace, \\q");
                    continue;
                }
                ScheduledFuture<?> progress = ticker.scheduleAtFixedRate(() -> System.err.print("."), 1, 1, TimeUnit.SECONDS);
                try {
                    last = Answered.run(s, text);
                } finally {
                    progress.cancel(false);
                }
                lastTrace = last.trace() != null ? last.trace() : lastTrace;
                Output.readable(last, System.out, 50);
                if (!last.success()) {
                    System.out.println("error: [" + last.sqlState() + "] " + last.error());
                }
            }
        } finally {
            ticker.shutdownNow();
        }
    }

    private static void printTrace(Trace t) {
        if (t == null) {
            System.out.println("(no question yet)");
            return;
        }
        System.out.println(t.summary() + " in " + t.elapsedMillis() + " ms, " + t.llmCalls() + " LLM call(s)");
        t.attempts().forEach(a -> System.out.printf("  %d [%s] %s %s%n      %s%s%n", a.number(), a.source().label(), a.outcome().label(),
                a.category() == null ? "" : a.categoryLabel() + ": " + a.error(), a.sql(),
                a.feedback() == null ? "" : "\n      fix: " + a.feedback()));
    }
}
