package dev.nlsql.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code nlsql}: ask a database questions in plain language from the command line. */
@Command(name = "nlsql", mixinStandardHelpOptions = true, version = "nlsql 0.1.0",
        description = "Ask a database questions in plain language; SQL works too.",
        subcommands = {DemoCommand.class, AskCommand.class, ShellCommand.class, EvalCommand.class, VerifyCommand.class})
public final class NlsqlCommand implements Runnable {

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** {@code "; did you mean --knowledge?"} for the first unknown option (or command) close to a known one, else empty. */
    static String suggestion(CommandLine c, java.util.List<String> unmatched) {
        for (String arg : unmatched) {
            boolean option = arg.startsWith("-");
            String name = option && arg.indexOf('=') > 0 ? arg.substring(0, arg.indexOf('=')) : arg;
            String hint = dev.nlsql.config.NearestName.didYouMean(name, option ? c.getCommandSpec().optionsMap().keySet()
                    : c.getCommandSpec().subcommands().keySet());
            if (!hint.isEmpty()) {
                return hint;
            }
        }
        return "";
    }

    /** Runs the command line; returns the exit status (0 ok, 1 failed, 2 bad invocation). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        for (String a : args) {
            if (a.equals("--verbose")) {
                System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "info");
            }
        }
        CommandLine cli = new CommandLine(new NlsqlCommand());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((ex, arguments) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("error: " + ex.getMessage() + (ex instanceof CommandLine.UnmatchedArgumentException u ? suggestion(c, u.getUnmatched()) : ""));
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for usage.");
            return 2;
        });
        cli.setExecutionExceptionHandler((ex, c, parsed) -> {
            if (ex instanceof BadInvocation) {
                c.getErr().println("error: " + ex.getMessage());
                c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for usage.");
                return 2;
            }
            c.getErr().println("error: " + Failures.describe(ex));
            if (Boolean.getBoolean("nlsql.cli.verbose") || java.util.Arrays.asList(args).contains("--verbose")) {
                ex.printStackTrace(c.getErr());
            }
            return 1;
        });
        return cli.execute(args);
    }
}
