package dev.nlsql.internal.generate;

import java.util.concurrent.Future;

/**
 * Lets {@code Statement.cancel()} stop the model call of the question its statement is answering, from another thread,
 * without interrupting the answering thread: an interrupt closes every NIO channel that thread is using, a database
 * connection's socket included. The answering thread opens a scope; the HTTP client registers each call in it, and
 * the generator's waits between retries end when it is cancelled.
 */
public final class LlmCancellation implements AutoCloseable {

    private static final ThreadLocal<LlmCancellation> CURRENT = new ThreadLocal<>();

    private Future<?> call;
    private boolean cancelled;

    private LlmCancellation() {
    }

    /** Opens a scope for the question this thread is about to answer; close it when the answer is done. */
    public static LlmCancellation open() {
        LlmCancellation c = new LlmCancellation();
        CURRENT.set(c);
        return c;
    }

    @Override
    public void close() {
        if (CURRENT.get() == this) {
            CURRENT.remove();
        }
    }

    /** Stops the call in progress, and every later one of this scope, at once. */
    public void cancel() {
        Future<?> f;
        synchronized (this) {
            cancelled = true;
            f = call;
            notifyAll();
        }
        if (f != null) {
            f.cancel(true);
        }
    }

    /** The HTTP client's call this thread now waits for: a cancelled scope stops it at once. */
    static void waitingFor(Future<?> f) {
        LlmCancellation c = CURRENT.get();
        if (c == null) {
            return;
        }
        boolean stop;
        synchronized (c) {
            c.call = f;
            stop = c.cancelled;
        }
        if (stop) {
            f.cancel(true);
        }
    }

    /** True when this thread's question was cancelled. */
    static boolean cancelled() {
        LlmCancellation c = CURRENT.get();
        if (c == null) {
            return false;
        }
        synchronized (c) {
            return c.cancelled;
        }
    }

    /** Waits {@code ms}, or less when the question is cancelled meanwhile; true when it was. */
    static boolean sleep(long ms) throws InterruptedException {
        LlmCancellation c = CURRENT.get();
        if (c == null) {
            Thread.sleep(ms);
            return false;
        }
        long end = System.nanoTime() + ms * 1_000_000L;
        synchronized (c) {
            long left;
            while (!c.cancelled && (left = end - System.nanoTime()) > 0) {
                c.wait(Math.max(1, left / 1_000_000L));
            }
            return c.cancelled;
        }
    }
}
