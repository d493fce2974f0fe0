package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Await;
import dev.nlsql.testing.Prerequisite;
import dev.nlsql.testing.TestPostgres;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shell on a terminal, as a person uses it: the real shell process runs under a
 * pseudo-terminal ({@code script}), so that {@code System.console()} is there and JLine, the
 * history file and the pager are used. Keys are typed into the terminal; the test waits for the
 * prompt and the output, never for a fixed time.
 */
class ShellTerminalIT {

    @Test
    void upArrowRecallsTheLineHistoryIsKeptInItsFileAndTallResultsGoThroughThePager(@TempDir Path dir) throws Exception {
        Prerequisite.require(new File("/usr/bin/script").canExecute() || onPath("script"),
                "no `script` command (util-linux) to run the shell under a pseudo-terminal");
        String table = "nlsql_pty_" + UUID.randomUUID().toString().replace("-", "");
        Path history = dir.resolve("history");
        Path paged = dir.resolve("paged.txt");
        try (Connection c = TestPostgres.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + table + " (n int NOT NULL)");
            s.execute("INSERT INTO " + table + " VALUES (0)");
            try {
                String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
                String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
                // the terminal is 24 rows by 80 columns; the values travel in the environment, so nothing needs quoting
                ProcessBuilder pb = new ProcessBuilder(List.of("script", "-qfec",
                        "stty rows 24 cols 80 && exec \"$NLSQL_TEST_JAVA\" -cp \"$NLSQL_TEST_CP\" dev.nlsql.cli.NlsqlCommand shell --url \"$NLSQL_TEST_URL\"",
                        "/dev/null")).redirectErrorStream(true);
                Map<String, String> env = pb.environment();
                env.put("NLSQL_TEST_JAVA", java);
                env.put("NLSQL_TEST_CP", classpath);
                env.put("NLSQL_TEST_URL", TestPostgres.nlUrl("nlsql.llm=offline"));
                env.put("NLSQL_HISTORY", history.toString());
                env.put("PAGER", "cat > '" + paged + "'");
                env.put("TERM", "xterm");
                Process shell = pb.start();
                StringBuffer out = new StringBuffer();
                Thread reader = new Thread(() -> drain(shell.getInputStream(), out), "pty-stdout");
                reader.setDaemon(true);
                reader.start();
                try {
                    OutputStream in = shell.getOutputStream();
                    Await.until(() -> "the first prompt: " + out, Duration.ofSeconds(60), () -> count(out, "nlsql> ") >= 1);
                    String update = "UPDATE " + table + " SET n = n + 1 RETURNING n AS counted;";
                    type(in, update + "\r");
                    Await.until(() -> "the line to run once: " + out, Duration.ofSeconds(30), () -> value(c, table) == 1);
                    Await.until(() -> "the prompt after the first run: " + out, Duration.ofSeconds(30), () -> count(out, "nlsql> ") >= 2);
                    type(in, "\033[A\r"); // Up arrow, Enter: the same line again, from JLine's history
                    Await.until(() -> "Up + Enter to run the line a second time: " + out, Duration.ofSeconds(30), () -> value(c, table) == 2);
                    Await.until(() -> "the prompt after the second run: " + out, Duration.ofSeconds(30), () -> count(out, "nlsql> ") >= 3);
                    assertTrue(out.toString().contains("UPDATE 1") || count(out, "counted") >= 2, "two results on screen: " + out);

                    type(in, "SELECT 'row' || g AS paged_rows\r FROM generate_series(1, 60) g;\r"); // 60 rows on a 24-row terminal
                    Await.until(() -> "the pager to get the whole result: " + out, Duration.ofSeconds(30), () -> read(paged).contains("(60 rows)"));
                    String pagedText = read(paged);
                    assertTrue(pagedText.contains("paged_rows") && pagedText.contains("row1"), pagedText);
                    assertTrue(pagedText.contains("row60"), pagedText);
                    assertTrue(!out.toString().contains("row60"), "the rows went to the pager, not the screen: " + out);
                    assertTrue(out.toString().contains("nlsql-# "), "the continuation prompt: " + out);

                    // a multi-line statement pasted (bracketed paste, lines ended by CR as terminals send them) runs once, whole
                    type(in, "\033[200~SELECT 'pasted' || 'whole'\r  AS paste_result;\033[201~\r");
                    Await.until(() -> "the pasted statement to run: " + out, Duration.ofSeconds(30), () -> out.toString().contains("pastedwhole"));
                    assertTrue(!out.toString().contains("error:"), out.toString());

                    type(in, "\\q\r");
                    assertTrue(shell.waitFor(20, TimeUnit.SECONDS), "the shell quits on \\q: " + out);
                    String saved = read(history);
                    assertTrue(saved.contains(update), "the history file " + history + " keeps the line: " + saved);
                    assertEquals(2, value(c, table));
                } finally {
                    shell.destroyForcibly();
                }
            } finally {
                s.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String d : path.split(File.pathSeparator)) {
            if (new File(d, command).canExecute()) {
                return true;
            }
        }
        return false;
    }

    private static int value(Connection c, String table) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT n FROM " + table)) {
            rs.next();
            return rs.getInt(1);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int count(StringBuffer out, String what) {
        String text = out.toString();
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + what.length())) {
            n++;
        }
        return n;
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static void type(OutputStream in, String keys) throws IOException {
        in.write(keys.getBytes(StandardCharsets.UTF_8));
        in.flush();
    }


    private static void drain(InputStream in, StringBuffer out) {
        byte[] buf = new byte[4096];
        try {
            for (int n; (n = in.read(buf)) > 0; ) {
                out.append(new String(buf, 0, n, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // the process ended
        }
    }
}
