package dev.nlsql.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local OpenAI-compatible chat-completions server that answers each call with the next
 * scripted reply (content, HTTP error, or no answer at all) and records every request, so a
 * test can check exactly what the model was sent. Talked to through the real langchain4j client.
 */
public final class FakeOpenAi implements AutoCloseable {

    static {
        // the JDK's HttpServer leaves Nagle on and writes a reply's headers and body apart: the body would wait ~40 ms for
        // the client's delayed ACK of the headers on every call (issue 27). Read once, when the first server starts.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    /** One scripted reply; {@code byteDelayMillis > 0} sends the headers at once, then the body one byte at a time. */
    public record Reply(int status, String content, boolean hang, long byteDelayMillis) {

        public Reply(int status, String content, boolean hang) {
            this(status, content, hang, 0);
        }
    }

    public static Reply answer(String content) {
        return new Reply(200, content, false);
    }

    public static Reply error(int status) {
        return new Reply(status, null, false);
    }

    public static Reply hang() {
        return new Reply(0, null, true);
    }

    /**
     * A 200 whose headers come at once and whose body (a normal completion of {@code content})
     * then trickles, one byte every {@code byteDelayMillis}: bounded by the body's length (about
     * 250 bytes for a short SQL, so 50 s at 200 ms a byte).
     */
    public static Reply trickle(String content, long byteDelayMillis) {
        return new Reply(200, content, false, byteDelayMillis);
    }

    /** A 200 whose content is a single SQL query of exactly {@code chars} characters (a long string literal). */
    public static Reply huge(int chars) {
        String head = "SELECT '";
        return answer(head + "x".repeat(Math.max(0, chars - head.length() - 1)) + "'");
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final ConcurrentLinkedDeque<Reply> script = new ConcurrentLinkedDeque<>();
    private final List<JsonNode> requests = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger repliesCut = new AtomicInteger();

    public FakeOpenAi(Reply... replies) throws IOException {
        script.addAll(List.of(replies));
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    public void then(Reply... replies) {
        script.addAll(List.of(replies));
    }

    /** Forgets the scripted replies not used yet. */
    public void drain() {
        script.clear();
    }

    /** A loopback port nothing listens on (just closed), for an LLM that cannot be reached. */
    public static int closedPort() throws IOException {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** nlsql URL parameters that point a connection at this server. */
    public String[] params() {
        return new String[] {"nlsql.llm=openai", "nlsql.llm.baseUrl=" + baseUrl(), "nlsql.llm.apiKey=test-key", "nlsql.llm.model=fake"};
    }

    /**
     * A nlsql connection to the PostgreSQL database at {@code jdbcUrl} (a plain {@code jdbc:postgresql:} URL)
     * that asks this server, with the answer cache off and {@code extra} nlsql parameters.
     */
    public java.sql.Connection connect(String jdbcUrl, String... extra) throws java.sql.SQLException {
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of(params()));
        all.add("nlsql.cache=false");
        all.addAll(java.util.List.of(extra));
        return java.sql.DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + jdbcUrl.substring("jdbc:".length()),
                all.toArray(new String[0])));
    }

    public int requestCount() {
        return requests.size();
    }

    /** The text of the user message of request {@code i} (0-based). */
    public String userMessage(int i) {
        for (JsonNode m : requests.get(i).get("messages")) {
            if ("user".equals(m.get("role").asText())) {
                return m.get("content").asText();
            }
        }
        return "";
    }

    /**
     * Waits up to {@code within} for the client to have closed the connection of {@code n} replies
     * before their body was complete (the server's write failed); true if it did.
     */
    public boolean repliesCut(int n, Duration within) throws Exception {
        return Await.within(within, () -> repliesCut.get() >= n);
    }

    /** The whole JSON body of request {@code i} (0-based), as the client sent it. */
    public JsonNode request(int i) {
        return requests.get(i);
    }

    public String systemMessage(int i) {
        return requests.get(i).get("messages").get(0).get("content").asText();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            requests.add(JSON.readTree(exchange.getRequestBody()));
            Reply reply = script.poll();
            if (reply == null) {
                reply = error(500);
            }
            if (reply.hang()) {
                try {
                    Thread.sleep(120_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
            byte[] body = (reply.status() == 200 ? completion(reply.content()) : errorBody(reply.status())).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(reply.status(), body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                if (reply.byteDelayMillis() > 0) {
                    trickle(out, body, reply.byteDelayMillis());
                } else {
                    out.write(body);
                }
            } catch (IOException e) {
                repliesCut.incrementAndGet(); // the client closed the connection before the body was complete
            }
        }
    }

    private static void trickle(OutputStream out, byte[] body, long delayMillis) throws IOException {
        try {
            for (byte b : body) {
                out.write(b);
                out.flush();
                Thread.sleep(delayMillis);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the server is closing
        }
    }

    private static String completion(String content) {
        ObjectNode root = JSON.createObjectNode();
        root.put("id", "chatcmpl-test").put("object", "chat.completion").put("created", 0).put("model", "fake");
        ObjectNode choice = root.putArray("choices").addObject();
        choice.put("index", 0).put("finish_reason", "stop");
        choice.putObject("message").put("role", "assistant").put("content", content);
        root.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 20).put("total_tokens", 120);
        return root.toString();
    }

    private static String errorBody(int status) {
        ObjectNode root = JSON.createObjectNode();
        root.putObject("error").put("message", "scripted failure " + status).put("type", status == 401 ? "invalid_api_key" : "server_error");
        return root.toString();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
