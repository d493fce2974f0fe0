package dev.nlsql.bench;

import dev.nlsql.engine.Trace;
import dev.nlsql.jdbc.NlStatement;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code java -jar nlsql-bench.jar overhead [--questions 300] [--warmup 100] [--latency-ms 1] [--server both|split|single]
 * [--model-port 0] [--proxy JDBC-URL]}:
 * one question after another through JDBC against a model server that answers after {@code latency-ms}, and the
 * question's overhead: its wall time less the model server's own time (request read to reply written) and less the
 * SQL's own time (the same SQL through plain pgjdbc, median of the run). Prints p50/p95 of wall and overhead, and of
 * each stage of the trace. With {@code --proxy} (a plain {@code jdbc:postgresql:} URL of an nlsql proxy whose backend
 * URL names this model server: {@code ?nlsql.llm.baseUrl=http://127.0.0.1:<model-port>/v1&nlsql.cache=false}) the
 * same question is asked through the proxy too, in the simple protocol as psql asks it.
 *
 * <p>Two model servers, in the same run: {@code split} writes the reply's headers and body in two writes with Nagle's
 * algorithm on (what {@code com.sun.net.httpserver} does by default, and Python's {@code http.server}): the body
 * waits for the client's delayed ACK of the headers, about 40 ms on Linux. {@code single} writes the reply in one
 * write with TCP_NODELAY, as production servers do.
 */
final class OverheadBenchmark {

    static final String SQL = "SELECT name FROM " + PassthroughBenchmark.TABLE + " WHERE id = 42";
    static final String QUESTION = "the name of point 42";

    private OverheadBenchmark() {
    }

    static void main(String[] args) throws Exception {
        Map<String, String> opts = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opts.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        int questions = Integer.parseInt(opts.getOrDefault("questions", "300"));
        int warmup = Integer.parseInt(opts.getOrDefault("warmup", "100"));
        long latencyMs = Long.parseLong(opts.getOrDefault("latency-ms", "1"));
        String servers = opts.getOrDefault("server", "both");
        int modelPort = Integer.parseInt(opts.getOrDefault("model-port", "0"));
        String proxy = opts.get("proxy");
        BenchDatabase.ensurePointsTable();
        double sqlMs = sqlOwnTime(questions);
        System.out.printf(Locale.ROOT, "the SQL's own time through pgjdbc: p50 %.3f ms (subtracted)%n", sqlMs);
        for (boolean split : servers.equals("both") ? new boolean[] {true, false} : new boolean[] {servers.equals("split")}) {
            try (ModelServer server = new ModelServer(split, latencyMs, modelPort)) {
                String url = BenchDatabase.nlUrl() + (BenchDatabase.nlUrl().contains("?") ? "&" : "?")
                        + "nlsql.cache=false&nlsql.llm.model=fake&nlsql.llm.apiKey=none&nlsql.llm.baseUrl=http://127.0.0.1:"
                        + server.port() + "/v1";
                run(server, "JDBC", url, questions, warmup, sqlMs);
                if (proxy != null) {
                    run(server, "the proxy", proxy + (proxy.contains("?") ? "&" : "?") + "preferQueryMode=simple", questions, warmup, sqlMs);
                }
            }
        }
    }

    /** The SQL alone through plain pgjdbc: the part of a question's time that is the database's, not nlsql's. */
    static double sqlOwnTime(int n) throws SQLException {
        double[] ms = new double[n];
        try (Connection c = DriverManager.getConnection(BenchDatabase.url()); Statement s = c.createStatement()) {
            for (int i = -n; i < n; i++) {
                long t0 = System.nanoTime();
                try (ResultSet rs = s.executeQuery(SQL)) {
                    while (rs.next()) {
                        rs.getString(1);
                    }
                }
                if (i >= 0) {
                    ms[i] = (System.nanoTime() - t0) / 1e6;
                }
            }
        }
        return percentile(ms, 50);
    }

    private static void run(ModelServer server, String through, String url, int questions, int warmup, double sqlMs)
            throws SQLException {
        double[] wall = new double[questions];
        double[] overhead = new double[questions];
        Map<String, double[]> stages = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            for (int i = -warmup; i < questions; i++) {
                long t0 = System.nanoTime();
                try (ResultSet rs = s.executeQuery(QUESTION)) {
                    while (rs.next()) {
                        rs.getString(1);
                    }
                }
                double ms = (System.nanoTime() - t0) / 1e6;
                if (i < 0) {
                    continue;
                }
                wall[i] = ms;
                overhead[i] = ms - server.lastMillis() - sqlMs;
                if (!s.isWrapperFor(NlStatement.class)) {
                    continue; // through the proxy: no trace on this side
                }
                Trace t = s.unwrap(NlStatement.class).lastTrace();
                int at = i;
                t.stageMillis().forEach((k, v) -> stages.computeIfAbsent(k, x -> new double[questions])[at] = v);
                stages.computeIfAbsent("(total)", x -> new double[questions])[at] = t.totalMillis();
            }
        }
        System.out.printf(Locale.ROOT, "%nmodel server: %s, %d questions through %s%n", server.describe(), questions, through);
        System.out.printf(Locale.ROOT, "%-22s %10s %10s%n", "", "p50 ms", "p95 ms");
        row("question (wall)", wall);
        row("overhead", overhead);
        stages.forEach((k, v) -> row("  stage " + k, v));
        System.out.println("model server saw " + server.reuse() + " so far; target: overhead p50 under 3 ms through JDBC, 5 ms through the proxy");
    }

    private static void row(String name, double[] v) {
        System.out.printf(Locale.ROOT, "%-22s %10.3f %10.3f%n", name, percentile(v, 50), percentile(v, 95));
    }

    static double percentile(double[] values, double p) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v[(int) Math.min(v.length - 1, Math.ceil(p / 100 * v.length) - 1)];
    }

    /** An OpenAI-compatible chat endpoint that answers every request with {@link #SQL} after a fixed latency. */
    static final class ModelServer implements AutoCloseable {

        private final boolean split;
        private final long latencyMs;
        private final ServerSocket socket;
        private final List<Socket> open = new ArrayList<>();
        private volatile long lastNanos;
        private final java.util.concurrent.atomic.AtomicInteger connections = new java.util.concurrent.atomic.AtomicInteger();
        private final java.util.concurrent.atomic.AtomicInteger requests = new java.util.concurrent.atomic.AtomicInteger();
        private final java.util.concurrent.atomic.AtomicInteger replies = new java.util.concurrent.atomic.AtomicInteger();

        ModelServer(boolean split, long latencyMs, int port) throws IOException {
            this.split = split;
            this.latencyMs = latencyMs;
            this.socket = new ServerSocket();
            socket.setReuseAddress(true); // the same port for the second server of a run
            socket.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024); // many clients connect at once
            Thread t = new Thread(this::accept, "model-server");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        String describe() {
            return split ? "split (headers and body in two writes, Nagle on; JDK HttpServer's and Python http.server's default)"
                    : "single (one write, TCP_NODELAY)";
        }

        /** "N requests on M connections": whether the client reuses its HTTP connection. */
        String reuse() {
            return requests.get() + " requests on " + connections.get() + " connection(s)";
        }

        /** Replies written so far: counted when done, as a question is, so calls in flight are not counted early. */
        int replyCount() {
            return replies.get();
        }

        /** The server's own time for the last request: request read to reply written, the latency included. */
        double lastMillis() {
            return lastNanos / 1e6;
        }

        private void accept() {
            while (!socket.isClosed()) {
                try {
                    Socket s = socket.accept();
                    synchronized (open) {
                        open.add(s);
                    }
                    connections.incrementAndGet();
                    s.setTcpNoDelay(!split);
                    Thread t = new Thread(() -> serve(s), "model-connection");
                    t.setDaemon(true);
                    t.start();
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void serve(Socket s) {
            try (s; InputStream in = new BufferedInputStream(s.getInputStream()); OutputStream out = s.getOutputStream()) {
                while (true) {
                    int length = readHeaders(in);
                    if (length < 0) {
                        return;
                    }
                    in.readNBytes(length);
                    requests.incrementAndGet();
                    long t0 = System.nanoTime();
                    Thread.sleep(latencyMs);
                    byte[] body = ("{\"id\":\"x\",\"object\":\"chat.completion\",\"created\":0,\"model\":\"fake\",\"choices\":[{\"index\":0,"
                            + "\"finish_reason\":\"stop\",\"message\":{\"role\":\"assistant\",\"content\":\"" + SQL + "\"}}],"
                            + "\"usage\":{\"prompt_tokens\":100,\"completion_tokens\":10,\"total_tokens\":110}}").getBytes(StandardCharsets.UTF_8);
                    byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII);
                    if (split) {
                        out.write(head);
                        out.flush();
                        out.write(body);
                    } else {
                        byte[] all = Arrays.copyOf(head, head.length + body.length);
                        System.arraycopy(body, 0, all, head.length, body.length);
                        out.write(all);
                    }
                    out.flush();
                    lastNanos = System.nanoTime() - t0;
                    replies.incrementAndGet();
                }
            } catch (IOException | InterruptedException e) {
                // the client closed the connection, or the server is closing
            }
        }

        /** Reads a request's headers; its Content-Length, or -1 at the end of the stream. */
        private static int readHeaders(InputStream in) throws IOException {
            int length = 0;
            StringBuilder line = new StringBuilder();
            boolean any = false;
            for (int b = in.read(); b >= 0; b = in.read()) {
                any = true;
                if (b == '\n') {
                    String l = line.toString().strip();
                    if (l.isEmpty()) {
                        return length;
                    }
                    if (l.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                        length = Integer.parseInt(l.substring("content-length:".length()).strip());
                    }
                    line.setLength(0);
                } else {
                    line.append((char) b);
                }
            }
            return any ? length : -1;
        }

        @Override
        public void close() throws IOException {
            socket.close();
            synchronized (open) {
                for (Socket s : open) {
                    s.close();
                }
            }
        }
    }
}
