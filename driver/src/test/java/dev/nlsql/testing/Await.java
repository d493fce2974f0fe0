package dev.nlsql.testing;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Waiting on evidence, the one way the tests do it: a condition is polled until it holds or the time is up. A test
 * never sleeps in place of evidence; it names what it waits for, and a timeout fails with that name.
 */
public final class Await {

    /** A condition that may throw (a query, a socket read): an exception fails the wait at once. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    private Await() {
    }

    /** Polls until {@code condition} holds; fails with "waited ... for {@code what}" when {@code timeout} passes. */
    public static void until(String what, Duration timeout, Condition condition) throws Exception {
        until(() -> what, timeout, condition);
    }

    /** As {@link #until(String, Duration, Condition)}, with a description made when the wait fails (the last state seen). */
    public static void until(Supplier<String> what, Duration timeout, Condition condition) throws Exception {
        if (!within(timeout, condition)) {
            throw new AssertionError("waited " + timeout.toMillis() + " ms for " + what.get());
        }
    }

    /** Polls until {@code condition} holds; whether it did within {@code timeout}, for a test that asserts on its own. */
    public static boolean within(Duration timeout, Condition condition) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        long pauseMillis = 1;
        while (!condition.holds()) {
            if (System.nanoTime() - end >= 0) {
                return false;
            }
            Thread.sleep(pauseMillis); // the next look at the evidence, soon at first, then every 100 ms
            pauseMillis = Math.min(100, pauseMillis * 2);
        }
        return true;
    }
}
