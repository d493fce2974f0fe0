package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A knowledge file that is not a bounded regular file, or whose check fails in a way nobody foresaw (a glossary entry
 * that is a set operation): at connect, 22023 naming the file or the entry, promptly (a FIFO does not hang it, a link to
 * /dev/zero does not exhaust the heap); swapped under a running connection, the last good version stays in use.
 */
class KnowledgeFileBoundsIT {

    private static final String DB = "i37kf_knowledge";
    private static String url;

    @TempDir
    Path dir;

    @BeforeAll
    static void database() throws SQLException {
        url = TestPostgres.database(DB, "DROP TABLE IF EXISTS k_orders",
                "CREATE TABLE k_orders (id int PRIMARY KEY, amount numeric(10,2), state text)",
                "INSERT INTO k_orders VALUES (1, 100, 'paid'), (2, 50, 'cancelled')");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(DB);
    }

    private static final String GOOD = """
            glossary:
              - term: revenue
                sql: SUM(k_orders.amount)
            verified:
              - question: who answers this
                sql: SELECT 'file' AS who
            """;

    private static final String UNION = GOOD.replace("sql: SUM(k_orders.amount)", "sql: SUM(k_orders.amount) UNION SELECT 1");

    private Path fifo() throws Exception {
        Path fifo = dir.resolve("fifo.yaml");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo is needed");
        return fifo;
    }

    /** Lets a reader blocked on the FIFO go (main's reader, when this test is run against it). */
    private static void release(Path fifo) throws java.io.IOException {
        // read-write never blocks on a FIFO on Linux, and counts as the writer a blocked open waits for
        new java.io.RandomAccessFile(fifo.toFile(), "rw").close();
    }

    private static SQLException refusedAtConnect(FakeOpenAi llm, Path file) {
        return assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(SQLException.class, () -> llm.connect(url, "nlsql.knowledge=" + file).close()), file.toString());
    }

    @Test
    void atConnectAFileThatIsNotABoundedRegularFileIs22023NamingIt() throws Exception {
        Path zero = Files.createSymbolicLink(dir.resolve("zero.yaml"), Path.of("/dev/zero"));
        Path fifo = fifo();
        try (FakeOpenAi llm = new FakeOpenAi()) {
            for (Path f : List.of(zero, fifo)) {
                SQLException e = refusedAtConnect(llm, f);
                assertEquals("22023", e.getSQLState(), e.getMessage());
                assertTrue(e.getMessage().startsWith("nlsql.knowledge " + f + ": it is not a regular file"), e.getMessage());
            }
        } finally {
            release(fifo);
        }
    }

    @Test
    void atConnectAGlossaryEntryThatIsASetOperationIs22023NamingIt() throws Exception {
        Path f = dir.resolve("k.yaml");
        Files.writeString(f, UNION, StandardCharsets.UTF_8);
        try (FakeOpenAi llm = new FakeOpenAi()) {
            SQLException e = refusedAtConnect(llm, f);
            assertEquals("22023", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("glossary entry 1 (\"revenue\")") && e.getMessage().contains("one expression"), e.getMessage());
        }
    }

    @Test
    void swappedUnderARunningConnectionTheLastGoodVersionStays() throws Exception {
        Path f = dir.resolve("k.yaml");
        Files.writeString(f, GOOD, StandardCharsets.UTF_8);
        Path union = dir.resolve("union.yaml");
        Files.writeString(union, UNION, StandardCharsets.UTF_8);
        Path fifo = fifo();
        try (FakeOpenAi llm = new FakeOpenAi(answer("{\"answerable\": true, \"sql\": \"SELECT 'model' AS who\"}"));
                Connection c = llm.connect(url, "nlsql.knowledge=" + f); Statement s = c.createStatement()) {
            assertEquals(List.of("file"), dev.nlsql.testing.Rows.lines(s.executeQuery("who answers this")));
            String[][] swaps = {{"union", "glossary entry 1"}, {"zero", "not a regular file"}, {"fifo", "not a regular file"}};
            for (String[] swap : swaps) {
                Path replacement = switch (swap[0]) {
                    case "union" -> union;
                    case "zero" -> Files.createSymbolicLink(dir.resolve("zero-link"), Path.of("/dev/zero"));
                    default -> Files.createSymbolicLink(dir.resolve("fifo-link"), fifo);
                };
                Path moved = dir.resolve("swap-" + swap[0]);
                Files.copy(f, moved, StandardCopyOption.REPLACE_EXISTING);
                Files.move(replacement, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                List<String> rows = assertTimeoutPreemptively(Duration.ofSeconds(30),
                        () -> dev.nlsql.testing.Rows.lines(s.executeQuery("who answers this")), swap[0]);
                assertEquals(List.of("file"), rows, swap[0] + ": the last version that checked answers");
                String warning = s.getWarnings() == null ? "" : s.getWarnings().getMessage();
                assertTrue(warning.contains(swap[1]) && warning.contains("previous version"), swap[0] + ": " + warning);
                Files.move(moved, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            assertEquals(0, llm.requestCount(), "no question reached the model");
        } finally {
            release(fifo);
        }
    }
}
