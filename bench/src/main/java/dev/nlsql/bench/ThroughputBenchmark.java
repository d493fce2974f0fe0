package dev.nlsql.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code java -jar nlsql-bench.jar throughput [--clients 64] [--seconds 20] [--warmup-seconds 15] [--latency-ms 1000]
 * [--model-port 0] [--distinct 0] [--proxy JDBC-URL]}: {@code clients} threads, each with its own connection, ask
 * questions in a loop against the in-process model server ({@link OverheadBenchmark.ModelServer}, one write with
 * TCP_NODELAY, a thread per connection) that answers after {@code latency-ms}. Prints questions/s over {@code seconds}
 * (after the warm-up) and the ratio to the ideal rate: clients / (latency + the SQL's own time).
 *
 * <p>Through JDBC the cache is off. With {@code --proxy} (a plain {@code jdbc:postgresql:} URL of a proxy, or of a
 * balancer in front of several, whose backend names this model server) the proxy's own settings decide the cache.
 * {@code --distinct K} asks K different questions in turn (0: every question is new); the hit rate printed is the
 * share of questions that did not call the model. The warm-up must outlast the clients' first questions (64 sessions
 * logging in and asking a first question took 15-30 s on a 2-core machine), or the window starts before the steady
 * state: with 15 s there, 64 in-process clients measured 0.76-0.80 of the ideal rate, with 35 s 0.98.
 */
final class ThroughputBenchmark {

    private ThroughputBenchmark() {
    }

    static void main(String[] args) throws Exception {
        Map<String, String> opts = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opts.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        int clients = Integer.parseInt(opts.getOrDefault("clients", "64"));
        int seconds = Integer.parseInt(opts.getOrDefault("seconds", "20"));
        int warmup = Integer.parseInt(opts.getOrDefault("warmup-seconds", "35"));
        long latencyMs = Long.parseLong(opts.getOrDefault("latency-ms", "1000"));
        int modelPort = Integer.parseInt(opts.getOrDefault("model-port", "0"));
        int distinct = Integer.parseInt(opts.getOrDefault("distinct", "0"));
        String proxy = opts.get("proxy");
        BenchDatabase.ensurePointsTable();
        double sqlMs = OverheadBenchmark.sqlOwnTime(300);
        try (OverheadBenchmark.ModelServer server = new OverheadBenchmark.ModelServer(false, latencyMs, modelPort)) {
            String url = proxy != null ? proxy + (proxy.contains("?") ? "&" : "?") + "preferQueryMode=simple"
                    : BenchDatabase.nlUrl() + (BenchDatabase.nlUrl().contains("?") ? "&" : "?")
                            + "nlsql.cache=false&nlsql.llm.model=fake&nlsql.llm.apiKey=none&nlsql.llm.baseUrl=http://127.0.0.1:"
                            + server.port() + "/v1";
            AtomicLong answered = new AtomicLong();
            AtomicLong errors = new AtomicLong();
            AtomicReference<Throwable> firstError = new AtomicReference<>();
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < clients; t++) {
                int id = t;
                Thread thread = new Thread(() -> ask(url, id, distinct, stop, answered, errors, firstError), "client-" + t);
                thread.start();
                threads.add(thread);
            }
            Thread.sleep(warmup * 1000L);
            long q0 = answered.get();
            int m0 = server.replyCount();
            long t0 = System.nanoTime();
            Thread.sleep(seconds * 1000L);
            long q1 = answered.get();
            int m1 = server.replyCount();
            double elapsed = (System.nanoTime() - t0) / 1e9;
            stop.set(true);
            for (Thread thread : threads) {
                thread.join(latencyMs + 30_000);
            }
            double rate = (q1 - q0) / elapsed;
            double ideal = clients * 1000.0 / (latencyMs + sqlMs);
            System.out.printf(Locale.ROOT, "%d clients through %s, model %d ms, SQL's own time %.3f ms, %d distinct questions%n",
                    clients, proxy != null ? proxy : "JDBC", latencyMs, sqlMs, distinct);
            System.out.printf(Locale.ROOT, "questions/s %.2f, ideal %.2f, ratio %.3f (%d questions in %.1f s, %d errors)%n",
                    rate, ideal, rate / ideal, q1 - q0, elapsed, errors.get());
            System.out.printf(Locale.ROOT, "model calls %d: hit rate %.3f%n", m1 - m0,
                    q1 == q0 ? 0.0 : 1.0 - (double) (m1 - m0) / (q1 - q0));
            System.out.println("model server saw " + server.reuse() + " in all; target: ratio at least 0.95 with 64 clients, a 1 s model");
            if (firstError.get() != null) {
                System.out.println("first error: " + firstError.get());
            }
        }
    }

    private static void ask(String url, int id, int distinct, AtomicBoolean stop, AtomicLong answered, AtomicLong errors,
            AtomicReference<Throwable> firstError) {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            for (long i = 0; !stop.get(); i++) {
                // every question new (cache or not, the model is called), or K of them in turn from a per-client start
                String question = OverheadBenchmark.QUESTION + ", asked "
                        + (distinct > 0 ? (id * 7919L + i) % distinct : id + "-" + i);
                try (ResultSet rs = s.executeQuery(question)) {
                    while (rs.next()) {
                        rs.getString(1);
                    }
                    answered.incrementAndGet();
                } catch (SQLException e) {
                    errors.incrementAndGet();
                    firstError.compareAndSet(null, e);
                }
            }
        } catch (SQLException e) {
            errors.incrementAndGet();
            firstError.compareAndSet(null, e);
        }
    }
}
