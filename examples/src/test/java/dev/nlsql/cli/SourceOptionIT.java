package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.TestPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --source name=URL} on ask, shell and eval (DESIGN "Several databases in one question"): it attaches a database as
 * the connection property {@code nlsql.source.<name>=URL}, given to the driver as written; a malformed one is a bad
 * invocation (exit 2, one clear line, nothing runs).
 */
class SourceOptionIT {

    /** A source URL with a password and characters a URL would need to encode: it must arrive exactly as written. */
    private static final String ACCOUNTS = "jdbc:postgresql://127.0.0.1:5432/accounts?user=app&password=p%26w=rd 1";

    @TempDir
    Path dir;

    @Test
    void aMalformedSourceIsABadInvocation() throws Exception {
        String url = TestPostgres.nlUrl("nlsql.llm=offline");
        String[][] bad = {
            {"--source", "accounts", "no name=URL"},
            {"--source", "=jdbc:postgresql://h/db", "a source is named by a letter or _"},
            {"--source", "1accounts=jdbc:postgresql://h/db", "a source is named by a letter or _"},
            {"--source", "acc-ounts=jdbc:postgresql://h/db", "a source is named by a letter or _"},
            {"--source", "main=jdbc:postgresql://h/db", "not main or local"},
            {"--source", "LOCAL=jdbc:postgresql://h/db", "not main or local"},
            {"--source", "b=jdbc:nlsql:postgresql://h/db", "--source b: give the database's own JDBC URL"},
            {"--source", "b=postgresql://h/db?password=hunter2", "--source b must be a JDBC URL"},
        };
        for (String[] b : bad) {
            Cli.Run r = Cli.run("ask", "--url", url, "--source", b[1], "SELECT 1");
            assertEquals(2, r.status(), b[1] + " -> " + r.err() + r.out());
            String expected = b[2].equals("no name=URL") ? "--source takes name=URL" : b[2];
            assertTrue(r.err().contains(expected), b[1] + " -> " + r.err());
            assertFalse(r.err().contains("hunter2"), "a password in a bad source is masked: " + r.err());
            assertEquals("", r.out(), "nothing ran");
        }
        Cli.Run twice = Cli.run("ask", "--url", url, "--source", "b=jdbc:postgresql://h/one", "--source", "B=jdbc:postgresql://h/two", "SELECT 1");
        assertEquals(2, twice.status(), twice.err());
        assertTrue(twice.err().contains("source b is given twice"), twice.err());
        Cli.Run alsoP = Cli.run("ask", "--url", url, "-p", "nlsql.source.b=jdbc:postgresql://h/one", "--source", "b=jdbc:postgresql://h/two",
                "SELECT 1");
        assertEquals(2, alsoP.status(), alsoP.err());
        assertTrue(alsoP.err().contains("source b is given twice"), alsoP.err());

        Cli.Run shell = Cli.withInput("SELECT 1;\n", "shell", "--url", url, "--source", "b=jdbc:nlsql:postgresql://h/db");
        assertEquals(2, shell.status(), shell.err());
        assertTrue(shell.err().contains("--source b: give the database's own JDBC URL"), shell.err());

        Path dataset = Files.writeString(dir.resolve("q.jsonl"), "{\"question\": \"q\", \"gold_sql\": \"SELECT 1\"}\n");
        Cli.Run eval = Cli.run("eval", "--url", url, "--dataset", dataset.toString(), "--source", "main=jdbc:postgresql://h/db");
        assertEquals(2, eval.status(), eval.err());
        assertTrue(eval.err().contains("not main or local"), eval.err());
    }

    @Test
    void aSourceReachesTheDriverAsTheNamedPropertyWithItsUrlAsWritten() {
        for (String command : List.of("ask", "shell")) {
            NlsqlCommand root = new NlsqlCommand();
            CommandLine.ParseResult parsed = new CommandLine(root).parseArgs(command.equals("ask")
                    ? new String[] {"ask", "--source", "Accounts=" + ACCOUNTS, "--source", "hr=jdbc:mariadb://127.0.0.1:3306/hr", "-p",
                        "nlsql.maxAttempts=2", "q"}
                    : new String[] {"shell", "--source", "Accounts=" + ACCOUNTS, "--source", "hr=jdbc:mariadb://127.0.0.1:3306/hr", "-p",
                        "nlsql.maxAttempts=2"});
            Object sub = parsed.subcommand().commandSpec().userObject();
            ConnectOptions connect = sub instanceof AskCommand a ? a.connect : ((ShellCommand) sub).connect;
            Properties given = connect.given();
            assertEquals(ACCOUNTS, given.getProperty("nlsql.source.accounts"), command + ": the name folds, the URL is untouched");
            assertEquals("jdbc:mariadb://127.0.0.1:3306/hr", given.getProperty("nlsql.source.hr"), command);
            assertEquals("2", given.getProperty("nlsql.maxAttempts"), command);
            assertEquals(3, given.size(), command + ": " + given);
        }
        StringBuilder help = new StringBuilder();
        for (String command : List.of("ask", "shell", "eval")) {
            Cli.Run r = Cli.run(command, "--help");
            assertEquals(0, r.status());
            String text = r.out().replaceAll("\\s+", " "); // picocli wraps descriptions
            assertTrue(text.contains("--source=name=URL") && text.contains("as source <name>"), command + " --help: " + r.out());
            help.append(text);
        }
        assertTrue(help.toString().contains("{db} in it is replaced"), "eval --help says {db} applies to sources: " + help);
    }

    /**
     * End to end through the driver: the allow-list names source b ({@code b:public.*}), which the driver accepts only
     * when the connection has a source b; without the --source reaching the driver the connection fails with 22023.
     */
    @Test
    void askWithASourceConnectsAndAnswers() {
        String url = TestPostgres.nlUrl("nlsql.llm=offline");
        Cli.Run r = Cli.run("ask", "--url", url, "-p", "nlsql.tables=b:public.*", "--source", "b=" + TestPostgres.url(),
                "SELECT 40 + 2 AS answer");
        assertEquals(0, r.status(), r.err() + r.out());
        assertTrue(r.out().contains("42"), r.out());
        Cli.Run unattached = Cli.run("ask", "--url", url, "-p", "nlsql.tables=b:public.*", "SELECT 1");
        assertEquals(2, unattached.status(), unattached.err());
        assertTrue(unattached.err().contains("which is not attached"), unattached.err());
    }

    /** eval: --source reaches each question's connection (the allow-list naming source b holds only with it). */
    @Test
    void evalWithASourceConnectsForEachQuestion() throws Exception {
        Path dataset = Files.writeString(dir.resolve("q.jsonl"),
                "{\"question\": \"how many tables are there\", \"gold_sql\": \"SELECT 1\", \"db\": \"test\"}\n");
        String template = "jdbc:nlsql:" + TestPostgres.urlOf("{db}").substring("jdbc:".length());
        Cli.Run r = Cli.run("eval", "--url", template, "--dataset", dataset.toString(), "--json", "-p", "nlsql.llm=offline", "-p",
                "nlsql.tables=b:public.*", "--source", "b=" + TestPostgres.urlOf("{db}"));
        assertEquals(0, r.status(), r.err() + r.out());
        assertFalse(r.out().contains("cannot connect"), r.out());
        assertTrue(r.out().contains("\"questions\""), r.out());
    }
}
