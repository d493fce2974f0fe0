package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Await;
import dev.nlsql.testing.TestPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The proxy in a JVM of its own with a 256 MB heap, under nlsql.passthrough=readonly: three clients ask for 1.5 GB
 * each (simple Query, and Parse/Bind/Execute without a row limit) and stop reading. Each of their sessions must end up
 * blocked in its write to the client, holding a bounded buffer, while another client is served as usual; the heap
 * after a full GC may grow by less than {@link #MAX_GROWTH}.
 */
class ProxyMemoryIT {

    static final String BIG = "SELECT repeat('x', 1000000) FROM generate_series(1, 1500)";
    /** Heap growth allowed for the three stuck sessions: a fetch of rows and one flush step each, with room to spare. */
    private static final long MAX_GROWTH = 64L << 20;

    @Test
    void clientsThatStopReadingHoldABoundedBufferAndOthersAreServed() throws Exception {
        try (ProxyCommandLineIT.Proxy proxy = ProxyCommandLineIT.start(List.of("-Xmx256m", "-XX:+UseG1GC"),
                "--backend", ClientsAsThemselves.url(TestPostgres.url()), "-p", "nlsql.passthrough=readonly", "-p", "nlsql.llm=none")) {
            long pid = proxy.process().pid();
            try (Connection normal = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/test?user=postgres")) {
                servedAsUsual(normal); // classes loaded, pools made: the baseline is a proxy that has worked
                long before = heapAfterGc(pid);

                List<RawPgClient> stuck = new ArrayList<>();
                try {
                    for (int i = 0; i < 3; i++) {
                        RawPgClient c = new RawPgClient(proxy.port(), "postgres", "test");
                        stuck.add(c);
                        if (i == 1) {
                            c.extendedQuery(BIG, 0);
                        } else {
                            c.simpleQuery(BIG);
                        }
                    }
                    awaitBlockedWrites(pid, proxy.port(), stuck);
                    servedAsUsual(normal);
                    long after = heapAfterGc(pid);
                    System.out.printf("proxy heap after GC: %d KB before, %d KB with %d clients not reading (growth %d KB, bound %d KB)%n",
                            before >> 10, after >> 10, stuck.size(), (after - before) >> 10, MAX_GROWTH >> 10);
                    assertTrue(after - before < MAX_GROWTH, "the heap grew by " + ((after - before) >> 20) + " MB with clients not reading");
                    assertTrue(proxy.process().isAlive(), "the proxy runs on: " + proxy.output());
                    assertTrue(!proxy.output().toString().contains("OutOfMemoryError"), proxy.output().toString());
                } finally {
                    for (RawPgClient c : stuck) {
                        c.close();
                    }
                }
            }
        }
    }

    /**
     * Rows that grow after the first outrun the fetch sizing (a tiny first row makes the next fetch 1,000 rows, here 1 GB
     * of them): pgjdbc's maxResultBuffer, set on every backend connection, fails that fetch instead of filling the heap.
     */
    @Test
    void rowsThatGrowAfterTheFirstEndInAnErrorNotInAFullHeap() throws Exception {
        String growing = "SELECT CASE WHEN g = 1 THEN 'x' ELSE repeat('x', 1000000) END FROM generate_series(1, 1500) g";
        try (ProxyCommandLineIT.Proxy proxy = ProxyCommandLineIT.start(List.of("-Xmx256m", "-XX:+UseG1GC"),
                "--backend", ClientsAsThemselves.url(TestPostgres.url()), "-p", "nlsql.passthrough=readonly", "-p", "nlsql.llm=none")) {
            String url = "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/test?user=postgres";
            for (String mode : List.of("simple", "extended")) {
                try (Connection c = DriverManager.getConnection(url + "&preferQueryMode=" + mode); Statement s = c.createStatement()) {
                    SQLException e = assertThrows(SQLException.class, () -> {
                        try (ResultSet rs = s.executeQuery(growing)) {
                            while (rs.next()) {
                                rs.getString(1);
                            }
                        }
                    }, mode);
                    assertTrue(String.valueOf(e.getMessage()).contains("maxResultBuffer"), mode + ": " + e.getMessage());
                }
            }
            try (Connection normal = DriverManager.getConnection(url)) {
                servedAsUsual(normal);
            }
            assertTrue(proxy.process().isAlive(), "the proxy runs on: " + proxy.output());
            assertFalse(proxy.output().toString().contains("OutOfMemoryError"), proxy.output().toString());
        }
    }

    /** A client through the same proxy gets its answers, rows and all. */
    private static void servedAsUsual(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*), sum(g) FROM generate_series(1, 100000) g")) {
                assertTrue(rs.next());
                assertEquals(100000, rs.getLong(1));
                assertEquals(5000050000L, rs.getLong(2));
            }
            try (ResultSet rs = s.executeQuery("SELECT g, md5(g::text) FROM generate_series(1, 20000) g")) {
                int n = 0;
                while (rs.next()) {
                    n++;
                    assertEquals(n, rs.getInt(1));
                }
                assertEquals(20000, n);
            }
        }
    }

    /**
     * Evidence, not a pause: every stuck client's session thread is inside a socket write to its client (a thread dump
     * of the proxy: a socket write under Messages.flush)
     * and the kernel holds at least 64 KB the proxy sent to that client (its connection's send queue, from ss).
     */
    private static void awaitBlockedWrites(long pid, int proxyPort, List<RawPgClient> clients) throws Exception {
        String[] seen = {""};
        Await.until(() -> "the stuck clients' sessions to block in their writes; last seen: " + seen[0], Duration.ofSeconds(120), () -> {
            int writing = sessionsInSocketWrite(pid);
            List<Long> queues = new ArrayList<>();
            for (RawPgClient c : clients) {
                queues.add(sendQueue(proxyPort, c.localPort()));
            }
            seen[0] = writing + " session threads in a socket write; send queues " + queues;
            return writing >= clients.size() && queues.stream().allMatch(q -> q >= 65_536);
        });
    }

    private static final Pattern SESSION_THREAD = Pattern.compile("(?s)\"nlsql-session-[^\"]*\".*?(?=\\n\\n\")");

    private static int sessionsInSocketWrite(long pid) throws Exception {
        String dump = run("jcmd", String.valueOf(pid), "Thread.print");
        int n = 0;
        Matcher m = SESSION_THREAD.matcher(dump);
        while (m.find()) {
            String stack = m.group();
            int flush = stack.indexOf("dev.nlsql.proxy.Messages.flush"); // to the client, not to PostgreSQL
            String above = flush < 0 ? "" : stack.substring(0, flush);
            if (above.contains("SocketDispatcher.write") || above.contains("NioSocketImpl.write") || above.contains("SocketOutputStream.write")) {
                n++;
            }
        }
        return n;
    }

    /** Bytes the proxy sent on its connection to the client that the kernel still holds (ss's Send-Q). */
    static long sendQueue(int proxyPort, int clientPort) throws Exception {
        String line = run("ss", "-tnH", "state", "established", "src", "127.0.0.1:" + proxyPort, "dst", "127.0.0.1:" + clientPort).strip();
        if (line.isEmpty()) {
            return -1;
        }
        return Long.parseLong(line.split("\\s+")[1]);
    }

    private static final Pattern G1_USED = Pattern.compile("garbage-first heap\\s+total \\d+K, used (\\d+)K");

    /** The proxy's heap in use after a full collection, in bytes. */
    private static long heapAfterGc(long pid) throws Exception {
        run("jcmd", String.valueOf(pid), "GC.run");
        String info = run("jcmd", String.valueOf(pid), "GC.heap_info");
        Matcher m = G1_USED.matcher(info);
        assertTrue(m.find(), info);
        return Long.parseLong(m.group(1)) << 10;
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", command));
        return output;
    }
}
