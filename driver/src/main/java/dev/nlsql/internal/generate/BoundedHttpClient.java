package dev.nlsql.internal.generate;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import dev.nlsql.internal.log.Logs;
import org.slf4j.Logger;

/**
 * The langchain4j HTTP client nlsql gives its chat model, over {@link java.net.http.HttpClient}.
 * The JDK's request timeout stops at the response headers, so a server that trickles its body
 * could hold a question for minutes, and its body handlers buffer whatever arrives. Here one
 * deadline (the builder's read timeout) covers connecting, the headers and the whole body, and
 * the body is read through a byte cap. On the deadline the exchange is cancelled: the JDK closes
 * the connection, and no thread is left reading (the JDK reads with its selector, not a blocked thread).
 */
final class BoundedHttpClient implements HttpClient {

    private static final Logger LOG = Logs.get(BoundedHttpClient.class);
    /** A char takes at most 3 bytes of UTF-8, 2 as a JSON escape like a quote; only the 6-byte escapes of control characters take more. */
    static final int BYTES_PER_CHAR = 4;
    /** The JSON envelope around the message: ids, usage, finish reason, a refusal field. */
    static final int ENVELOPE_BYTES = 64 * 1024;

    private final java.net.http.HttpClient http;
    private final Duration deadline;
    private final int maxReplyChars;
    private final long maxBytes;

    private BoundedHttpClient(Builder b) {
        this.deadline = b.readTimeout == null ? Duration.ofSeconds(60) : b.readTimeout;
        Duration connect = b.connectTimeout == null || b.connectTimeout.compareTo(deadline) > 0 ? deadline : b.connectTimeout;
        // a direct executor: the reply is read and handed over on the client's selector thread, with no hop through a
        // worker pool (about 0.3 ms a call); nothing nlsql runs on it blocks (the body subscriber only appends bytes)
        this.http = java.net.http.HttpClient.newBuilder().connectTimeout(connect).executor(Runnable::run).build();
        this.maxReplyChars = b.maxReplyChars;
        this.maxBytes = maxBytes(b.maxReplyChars);
    }

    static Builder builder(int maxReplyChars) {
        return new Builder(maxReplyChars);
    }

    /** The byte cap on a response body for replies of at most {@code maxReplyChars} characters. */
    static long maxBytes(int maxReplyChars) {
        return (long) maxReplyChars * BYTES_PER_CHAR + ENVELOPE_BYTES;
    }

    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
        if (LlmCancellation.cancelled()) {
            throw new LlmUnavailableException.Cancelled(); // cancelled before this call: it is not made
        }
        AtomicReference<CappedBody> body = new AtomicReference<>();
        CompletableFuture<HttpResponse<byte[]>> exchange = http.sendAsync(toJdk(request), info -> {
            CappedBody b = new CappedBody(maxBytes, maxReplyChars, info.headers().firstValueAsLong("Content-Length").orElse(-1));
            body.set(b);
            return b;
        });
        LlmCancellation.waitingFor(exchange);
        HttpResponse<byte[]> response;
        try {
            response = exchange.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.CancellationException e) {
            throw new LlmUnavailableException.Cancelled();
        } catch (java.util.concurrent.TimeoutException e) {
            exchange.cancel(true); // the future sendAsync returned is cancelable: this aborts the exchange and its connection
            throw new TimeoutException(timedOut(body.get()), e);
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the LLM", e);
        } catch (ExecutionException e) {
            if (LlmCancellation.cancelled()) {
                throw new LlmUnavailableException.Cancelled(); // the client reports the cancel as a failed request
            }
            throw failed(e.getCause());
        }
        if (LlmCancellation.cancelled()) {
            // the exchange may have completed before it was registered for the cancel: a reply after a cancel is not used
            throw new LlmUnavailableException.Cancelled();
        }
        int status = response.statusCode();
        if (status < 200 || status >= 300) {
            throw new HttpException(status, new String(response.body(), StandardCharsets.UTF_8));
        }
        return SuccessfulHttpResponse.builder().statusCode(status).headers(response.headers().map()).body(response.body()).build();
    }

    /** nlsql asks for whole replies only; streaming would need its own deadline and cap, so it is refused rather than left unbounded. */
    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
        throw new UnsupportedOperationException("nlsql's LLM client does not stream");
    }

    private String timedOut(CappedBody body) {
        String what = body == null ? "no response headers came" : "the body was still arriving, " + body.received() + " bytes so far";
        LOG.debug("LLM call abandoned at its deadline of {}: {}", deadline, what);
        return what;
    }

    private static RuntimeException failed(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof ReplyTooLongException tooLong) {
                return tooLong;
            }
        }
        if (cause instanceof HttpTimeoutException && !(cause instanceof HttpConnectTimeoutException)) {
            return new TimeoutException(cause);
        }
        if (cause instanceof IOException io) {
            return new UncheckedIOException(io); // the cause chain (ConnectException, ...) tells the generator what happened
        }
        if (cause instanceof RuntimeException r) {
            return r;
        }
        if (cause instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(cause);
    }

    private static java.net.http.HttpRequest toJdk(HttpRequest request) {
        if (!request.formDataFields().isEmpty() || !request.formDataFiles().isEmpty()) {
            throw new UnsupportedOperationException("nlsql's LLM client sends JSON only");
        }
        java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder().uri(URI.create(request.url()));
        if (request.url().regionMatches(true, 0, "http:", 0, 5)) {
            // plain http (a local server) speaks HTTP/1.1: the JDK's default would offer an h2c upgrade in every request's
            // headers, which those servers ignore; https keeps HTTP/2 where the server offers it
            b.version(java.net.http.HttpClient.Version.HTTP_1_1);
        }
        request.headers().forEach((name, values) -> {
            if (values != null) {
                values.forEach(v -> b.header(name, v));
            }
        });
        java.net.http.HttpRequest.BodyPublisher publisher = request.body() == null
                ? java.net.http.HttpRequest.BodyPublishers.noBody()
                : java.net.http.HttpRequest.BodyPublishers.ofString(request.body());
        return b.method(request.method().name(), publisher).build();
    }

    /**
     * Builds the client; langchain4j sets both timeouts from the model's {@code timeout}. The read
     * timeout is the deadline of the whole call, the connect timeout at most that.
     */
    static final class Builder implements HttpClientBuilder {

        private final int maxReplyChars;
        private Duration connectTimeout;
        private Duration readTimeout;

        private Builder(int maxReplyChars) {
            this.maxReplyChars = maxReplyChars;
        }

        @Override
        public Duration connectTimeout() {
            return connectTimeout;
        }

        @Override
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = timeout;
            return this;
        }

        @Override
        public Duration readTimeout() {
            return readTimeout;
        }

        @Override
        public Builder readTimeout(Duration timeout) {
            this.readTimeout = timeout;
            return this;
        }

        @Override
        public BoundedHttpClient build() {
            return new BoundedHttpClient(this);
        }
    }
}
