package dev.nlsql.cli;

import dev.nlsql.jdbc.NlConnection;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code nlsql verify --knowledge FILE "question"}: answers the question, shows the SQL and the rows, and on confirmation
 * ({@code --yes} for scripts) appends the pair to the knowledge file as verified, with who and when.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Answer a question, show its SQL and rows, and on confirmation save the pair as verified in the knowledge file.")
final class VerifyCommand implements Callable<Integer> {

    @Mixin
    ConnectOptions connect;

    @Mixin
    ShowOptions show;

    @Option(names = "--yes", description = "Save without asking")
    boolean yes;

    @Option(names = "--by", paramLabel = "NAME", description = "Who verified it. Default: the user running the command")
    String by;

    @Parameters(index = "0", paramLabel = "QUESTION", description = "The question, in quotes")
    String question;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Output.Display display = show.display();
        Path file = knowledgeFile();
        if (!Files.exists(file)) {
            Files.writeString(file, "# nlsql knowledge file: instructions, glossary and verified questions\n", StandardCharsets.UTF_8);
        }
        try (Connection c = connect.open(false); Statement s = c.createStatement()) {
            Answered a = Answered.run(s, question);
            Output.readable(a, System.out, display);
            if (!a.success() || a.trace() == null || a.tag() != null) {
                spec.commandLine().getErr().println("error: [" + a.sqlState() + "] " + Values.printable(a.error()));
                spec.commandLine().getErr().println("not saved: only an answered question can be verified");
                return 1;
            }
            if (!yes && !confirmed(file)) {
                System.out.println("Not saved.");
                return 0;
            }
            String who = by != null ? by : System.getProperty("user.name");
            boolean saved = c.unwrap(NlConnection.class).saveVerified(a.trace(), who);
            System.out.println(saved ? "Saved as verified in " + file + "." : "Already verified in " + file + ": nothing to save.");
            return 0;
        }
    }

    /** The knowledge file from --knowledge or -p nlsql.knowledge; verify needs one. */
    private Path knowledgeFile() {
        String key = dev.nlsql.config.NlProperty.KNOWLEDGE.key();
        String given = connect.knowledge != null ? connect.knowledge.toString() : connect.properties.get(key);
        if (given == null || given.isBlank()) {
            throw new BadInvocation("verify needs a knowledge file to save to: --knowledge FILE");
        }
        return Path.of(given).toAbsolutePath();
    }

    /** Asks on the terminal, or reads a line from a pipe ({@code echo y | nlsql verify ...}); anything but yes is no. */
    private static boolean confirmed(Path file) throws IOException {
        System.out.print("Save this question and its SQL as verified in " + file + "? [y/N] ");
        System.out.flush();
        String answer = System.console() != null ? System.console().readLine()
                : new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        return answer != null && java.util.Set.of("y", "yes").contains(answer.strip().toLowerCase(Locale.ROOT));
    }
}
