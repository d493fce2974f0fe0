package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Await;
import dev.nlsql.testing.TestPostgres;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C in the shell: a real shell process running {@code pg_sleep(30)} gets SIGINT; the
 * statement must stop on the server (seen in pg_stat_activity) and the shell must still be at
 * its prompt, answering the next statement.
 */
class ShellCancelIT {

    @Test
    void sigintCancelsTheRunningStatementAndTheShellGoesOn() throws Exception {
        String marker = "nlsql_cli_cancel_" + UUID.randomUUID().toString().replace("-", "");
        Process shell = start(TestPostgres.nlUrl("nlsql.llm=offline"));
        StringBuffer out = new StringBuffer();
        Thread reader = new Thread(() -> drain(shell.getInputStream(), out), "shell-stdout");
        reader.setDaemon(true);
        reader.start();
        try (Connection c = TestPostgres.connect()) {
            OutputStream in = shell.getOutputStream();
            send(in, "SELECT pg_sleep(30) AS " + marker + ";");
            Await.until(() -> "the statement to run on the server; shell output: " + out, Duration.ofSeconds(30), () -> running(c, marker));
            long signalled = System.nanoTime();
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(shell.pid())).start().waitFor());
            Await.until("the statement to be cancelled on the server", Duration.ofSeconds(5), () -> !running(c, marker));
            long cancelMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - signalled);
            assertTrue(cancelMs < 5_000, "cancelled in " + cancelMs + " ms");
            Await.until(() -> "the shell to report the cancellation: " + out, Duration.ofSeconds(10), () -> out.toString().contains("57014"));
            assertTrue(shell.isAlive(), "the shell survives Ctrl-C: " + out);
            send(in, "SELECT 'still' || 'here' AS alive;");
            Await.until(() -> "the shell to answer after Ctrl-C: " + out, Duration.ofSeconds(10), () -> out.toString().contains("stillhere"));
            send(in, "\\q");
            assertTrue(shell.waitFor(10, TimeUnit.SECONDS), "the shell quits on \\q");
            assertEquals(0, shell.exitValue(), out.toString());
        } finally {
            shell.destroyForcibly();
        }
    }

    @Test
    void sigintStopsAModelCallThatDoesNotAnswer() throws Exception {
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        com.sun.net.httpserver.HttpServer model = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        model.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        model.createContext("/", exchange -> { // a model that never answers
            calls.incrementAndGet();
            try {
                release.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        model.start();
        String url = TestPostgres.nlUrl("nlsql.llm=openai", "nlsql.llm.apiKey=test", "nlsql.cache=false",
                "nlsql.llm.baseUrl=http://127.0.0.1:" + model.getAddress().getPort() + "/v1");
        Process shell = start(url);
        StringBuffer out = new StringBuffer();
        Thread reader = new Thread(() -> drain(shell.getInputStream(), out), "shell-stdout");
        reader.setDaemon(true);
        reader.start();
        try {
            OutputStream in = shell.getOutputStream();
            send(in, "how many tables are there?");
            Await.until(() -> "the model call; shell output: " + out, Duration.ofSeconds(30), () -> calls.get() > 0);
            int before = out.length();
            long signalled = System.nanoTime();
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(shell.pid())).start().waitFor());
            Await.until(() -> "the shell to take the signal: " + out, Duration.ofSeconds(5), () -> out.substring(before).contains("Cancel request sent"));
            // Statement.cancel() stops the model call: the question fails as a cancelled statement does
            Await.until(() -> "the shell to give up the model call: " + out, Duration.ofSeconds(5), () -> out.substring(before).contains("error: [57014] canceling statement due to user request"));
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - signalled);
            assertTrue(shell.isAlive(), "the shell survives Ctrl-C: " + out);
            send(in, "SELECT 'still' || 'here' AS alive;");
            Await.until(() -> "the shell to answer after Ctrl-C: " + out, Duration.ofSeconds(10), () -> out.toString().contains("stillhere"));
            send(in, "\\q");
            assertTrue(shell.waitFor(10, TimeUnit.SECONDS), "the shell quits on \\q");
            assertEquals(0, shell.exitValue(), out.toString());
            System.out.println("model call given up " + ms + " ms after SIGINT");
        } finally {
            shell.destroyForcibly();
            release.countDown();
            model.stop(0);
        }
    }

    private static Process start(String url) throws IOException {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        return new ProcessBuilder(List.of(java, "-cp", classpath, "dev.nlsql.cli.NlsqlCommand", "shell", "--url", url))
                .redirectErrorStream(true).start();
    }

    private static boolean running(Connection c, String marker) {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND query LIKE ?")) {
            ps.setString(1, "%" + marker + "%");
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1) > 0;
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }


    private static void send(OutputStream in, String line) throws IOException {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
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
