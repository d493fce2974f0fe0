package dev.nlsql.internal.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code nlsql verify} and the shell's {@code \verify} append at the same time, from threads of one process (one
 * application, several connections) and from several processes: every entry is kept, the rest of the file too, and the
 * file always parses.
 */
class VerifiedAppenderConcurrencyTest {

    private static final String START = """
            # the team's file: comments stay
            instructions:
              - Revenue never counts cancelled orders.
            glossary:
              - term: revenue
                sql: SUM(k_orders.amount)
            verified:
              - question: first
                sql: SELECT 1
            """;

    @TempDir
    Path dir;

    /** A child process: appends {@code args[2]} entries named {@code args[1]}-i to the file {@code args[0]}. */
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        for (int i = 0; i < Integer.parseInt(args[2]); i++) {
            VerifiedAppender.append(file, entry(args[1] + "-" + i));
        }
    }

    private static VerifiedQuestion entry(String name) {
        return new VerifiedQuestion("how many " + name, "SELECT count(*) AS n FROM k_orders WHERE k_orders.state = '" + name + "'", "t", null);
    }

    /** {@code threads} threads, started together, each appending {@code each} entries; what any of them threw. */
    private static List<Throwable> appendInThreads(Path file, String prefix, int threads, int each) throws InterruptedException {
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            String name = prefix + t;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < each; i++) {
                        VerifiedAppender.append(file, entry(name + "-" + i));
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            thread.start();
            started.add(thread);
        }
        start.countDown();
        for (Thread thread : started) {
            thread.join(TimeUnit.MINUTES.toMillis(2));
        }
        return failures;
    }

    private static Set<String> expected(String prefix, int writers, int each) {
        Set<String> names = new TreeSet<>();
        for (int t = 0; t < writers; t++) {
            for (int i = 0; i < each; i++) {
                names.add("how many " + prefix + t + "-" + i);
            }
        }
        return names;
    }

    /** The file parses, keeps what it held, and holds every appended entry exactly once. */
    private static void assertHoldsAll(Path file, Set<String> appended) throws Exception {
        KnowledgeFile.Raw raw = KnowledgeFile.read(file);
        assertEquals(List.of("Revenue never counts cancelled orders."), raw.instructions());
        assertEquals(1, raw.glossary().size());
        List<String> questions = raw.verified().stream().map(VerifiedQuestion::question).toList();
        assertEquals("first", questions.get(0));
        assertEquals(appended, new TreeSet<>(questions.subList(1, questions.size())), "every append is there");
        assertEquals(appended.size() + 1, questions.size(), "and none twice");
        if (KnowledgeFile.isYaml(file)) {
            assertTrue(Files.readString(file, StandardCharsets.UTF_8).startsWith("# the team's file: comments stay\n"));
        }
    }

    @Test
    void parallelAppendsFromThreadsLoseNothing() throws Exception {
        for (String name : List.of("k.yaml", "k.json")) {
            Path file = dir.resolve(name);
            Files.writeString(file, name.endsWith(".yaml") ? START : KnowledgeFile.mapper(false).writeValueAsString(
                    KnowledgeFile.mapper(true).readTree(START)), StandardCharsets.UTF_8);
            List<Throwable> failures = appendInThreads(file, "t", 6, 8);
            assertTrue(failures.isEmpty(), name + ": " + failures);
            assertHoldsAll(file, expected("t", 6, 8));
        }
    }

    @Test
    void parallelAppendsFromProcessesAndThreadsLoseNothing() throws Exception {
        Path file = dir.resolve("k.yaml");
        Files.writeString(file, START, StandardCharsets.UTF_8);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> processes = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            processes.add(new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), VerifiedAppenderConcurrencyTest.class.getName(),
                    file.toString(), "p" + p, "6").redirectErrorStream(true).redirectOutput(dir.resolve("p" + p + ".log").toFile()).start());
        }
        List<Throwable> failures = appendInThreads(file, "t", 3, 6);
        for (int p = 0; p < processes.size(); p++) {
            Process process = processes.get(p);
            assertTrue(process.waitFor(3, TimeUnit.MINUTES), "process " + p + " ended");
            assertEquals(0, process.exitValue(), Files.readString(dir.resolve("p" + p + ".log")));
        }
        assertTrue(failures.isEmpty(), failures.toString());
        Set<String> appended = expected("t", 3, 6);
        appended.addAll(expected("p", 3, 6));
        assertHoldsAll(file, appended);
    }
}
