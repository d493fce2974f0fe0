package dev.nlsql.internal.generate;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a response body up to a byte cap. Past the cap it cancels its subscription (the JDK
 * then closes the connection instead of reading on) and fails with {@link ReplyTooLongException},
 * so a 10 MB reply costs at most the cap in memory.
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {

    private final long maxBytes;
    private final int maxReplyChars;
    private final long declaredLength;
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    /** Bytes received so far, read by the caller's thread to say how far a timed-out body got. */
    private volatile long received;
    private Flow.Subscription subscription;

    CappedBody(long maxBytes, int maxReplyChars, long declaredLength) {
        this.maxBytes = maxBytes;
        this.maxReplyChars = maxReplyChars;
        this.declaredLength = declaredLength;
    }

    long received() {
        return received;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (declaredLength > maxBytes) {
            tooLong(); // the Content-Length already says so: read nothing
            return;
        }
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        if (body.isDone()) {
            return;
        }
        for (ByteBuffer b : items) {
            if (bytes.size() + (long) b.remaining() > maxBytes) {
                tooLong();
                return;
            }
            byte[] chunk = new byte[b.remaining()];
            b.get(chunk);
            bytes.write(chunk, 0, chunk.length);
            received = bytes.size();
        }
    }

    @Override
    public void onError(Throwable t) {
        body.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        body.complete(bytes.toByteArray());
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return body;
    }

    private void tooLong() {
        subscription.cancel();
        bytes.reset();
        body.completeExceptionally(new ReplyTooLongException(maxReplyChars));
    }
}
