package dev.nlsql.internal.execute;

import java.lang.management.ManagementFactory;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Watches one local engine statement while the calling thread runs it: past its deadline, or once
 * the thread has allocated more than its work budget since the start (com.sun.management's
 * per-thread allocation counter), the statement is cancelled; H2 stops at its next check. The
 * budget counts allocation, not what is kept, so it bounds the work of a statement whose memory
 * the garbage collector would otherwise keep up with.
 */
final class LocalWatchdog implements AutoCloseable {

    /** How often the watchdog looks. */
    static final long POLL_MILLIS = 5;
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "nlsql-local-watchdog");
        t.setDaemon(true);
        return t;
    });
    private static final com.sun.management.ThreadMXBean THREADS = allocationCounter();

    /** Why the watchdog cancelled the statement. */
    enum Reason { TIME, WORK }

    private final Statement statement;
    private final long threadId = Thread.currentThread().getId();
    private final long deadline;
    private final long workBytes;
    private final long startBytes;
    private final ScheduledFuture<?> task;
    private volatile Reason reason;

    /** Starts watching {@code statement}, which the calling thread is about to run; a timeout or {@code workBytes} of 0 means none. */
    LocalWatchdog(Statement statement, long timeoutMillis, long workBytes) {
        this.statement = statement;
        this.deadline = timeoutMillis > 0 ? System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis) : Long.MAX_VALUE;
        this.workBytes = THREADS == null ? 0 : workBytes;
        this.startBytes = this.workBytes > 0 ? THREADS.getThreadAllocatedBytes(threadId) : 0;
        this.task = TIMER.scheduleAtFixedRate(this::look, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void look() {
        if (reason != null) {
            return;
        }
        Reason r = deadline != Long.MAX_VALUE && System.nanoTime() - deadline > 0 ? Reason.TIME
                : workBytes > 0 && THREADS.getThreadAllocatedBytes(threadId) - startBytes > workBytes ? Reason.WORK : null;
        if (r != null) {
            reason = r;
            try {
                statement.cancel();
            } catch (SQLException ignored) {
                // the statement ended meanwhile
            }
        }
    }

    /** Why the statement was cancelled, or null if it was not. */
    Reason reason() {
        return reason;
    }

    @Override
    public void close() {
        task.cancel(false);
    }

    private static com.sun.management.ThreadMXBean allocationCounter() {
        try {
            if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t && t.isThreadAllocatedMemorySupported()) {
                t.setThreadAllocatedMemoryEnabled(true);
                return t;
            }
        } catch (LinkageError | UnsupportedOperationException | SecurityException e) {
            // a JVM without the counter: the deadline alone
        }
        return null;
    }
}
