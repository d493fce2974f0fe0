package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.BackendType;
import dev.nlsql.proxy.wire.FrontendType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.postgresql.core.PGStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a session's backend stream while its client is idle, so that what PostgreSQL sends unasked (NOTIFY payloads,
 * notices, a FATAL from pg_terminate_backend) reaches the client when it is sent, not at its next query.
 *
 * <p>The watcher engages only after the session has been idle {@link #ENGAGE_AFTER_MS}, so back-to-back queries
 * never pay for it. A shared sweep every {@link #TICK_MS} engages the watchers of sessions idle that long, so going
 * idle costs a query only a timestamp, no timer and no thread wake-up. A message the backend sends while the client
 * is idle reaches it at most ENGAGE_AFTER_MS + TICK_MS (75 ms, plus thread scheduling) after the session went idle,
 * at once afterwards. When the client's next message arrives the session takes the
 * stream back by sending the backend a Sync: outside an extended-query batch PostgreSQL answers it with
 * ReadyForQuery alone, in every transaction state, and the watcher stops at that ReadyForQuery.
 *
 * <p>Only one side uses the stream and the client's output at a time: the session before {@link #idle()} and after
 * {@link #busy()} returns, the watcher in between.
 */
final class IdleWatcher {

    private static final Logger LOG = LoggerFactory.getLogger(IdleWatcher.class);
    /** Idle time before the watcher engages: the longest extra delay of an asynchronous message. */
    static final long ENGAGE_AFTER_MS = 50;
    /** Period of the sweep that engages watchers. */
    static final long TICK_MS = 25;
    /** Longest wait for the backend's answer to the wake-up Sync; past it the backend is taken as lost. */
    static final long RECLAIM_TIMEOUT_MS = 10_000;

    /** The sweep and the reader threads a server's sessions share; reader threads end a minute after their last use. */
    static final class Pool implements AutoCloseable {
        private final ScheduledThreadPoolExecutor timer;
        private final ExecutorService readers;
        private final Set<IdleWatcher> watchers = ConcurrentHashMap.newKeySet();
        /** Watchers reading now (tests check that none outlive their session). */
        final AtomicInteger reading = new AtomicInteger();
        /** Client messages that found the watcher pending (the client spoke first) or engaged (taken back with a Sync). */
        final java.util.concurrent.atomic.AtomicLong spokeFirst = new java.util.concurrent.atomic.AtomicLong();
        final java.util.concurrent.atomic.AtomicLong reclaimed = new java.util.concurrent.atomic.AtomicLong();

        Pool() {
            timer = new ScheduledThreadPoolExecutor(1, r -> daemon(r, "nlsql-idle-sweep"));
            AtomicInteger n = new AtomicInteger();
            readers = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
                    r -> daemon(r, "nlsql-idle-watch-" + n.incrementAndGet()));
            timer.scheduleAtFixedRate(this::sweep, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
        }

        private void sweep() {
            long now = System.nanoTime();
            for (IdleWatcher w : watchers) {
                try {
                    w.engageIfIdle(now);
                } catch (RuntimeException e) {
                    LOG.warn("idle watcher not engaged", e); // the sweep must go on for the others
                }
            }
        }

        private static Thread daemon(Runnable r, String name) {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        }

        @Override
        public void close() {
            timer.shutdownNow();
            readers.shutdownNow();
        }
    }

    /** What the watcher needs of its session. */
    interface Session {
        /**
         * A message the backend sent unasked, before it goes to the client: the session's one observer of backend
         * messages ({@link BackendRelay#observe}) keeps pgjdbc in step, as when it reads a ParameterStatus itself.
         */
        void observe(char type, byte[] body, int length);

        /** The backend ended (a FATAL forwarded, or its connection closed) or the client is gone: end the session. */
        void ended();
    }

    private enum State { BUSY, PENDING, WATCHING, ENDED }

    private final Pool pool;
    private final PGStream stream;
    private final Messages out;
    private final Session session;
    private final Object lock = new Object();
    /** Volatile for the sweep's look without the lock; changed only under it. */
    private volatile State state = State.BUSY;
    private long idleSince;
    private boolean syncSent;
    private boolean reading;
    private final BackendMessage message = new BackendMessage(1024);
    private byte[] body = message.body;

    IdleWatcher(Pool pool, PGStream stream, Messages out, Session session) {
        this.pool = pool;
        this.stream = stream;
        this.out = out;
        this.session = session;
        pool.watchers.add(this);
    }

    /** The session has sent ReadyForQuery and flushed, and now waits for its client: the watcher may engage. */
    void idle() {
        synchronized (lock) {
            if (state != State.BUSY) {
                return;
            }
            idleSince = System.nanoTime();
            state = State.PENDING;
        }
    }

    private void engageIfIdle(long now) {
        if (state != State.PENDING) {
            return;
        }
        synchronized (lock) {
            if (state != State.PENDING || now - idleSince < TimeUnit.MILLISECONDS.toNanos(ENGAGE_AFTER_MS)) {
                return; // the client spoke first, or not idle long enough yet
            }
            try {
                pool.readers.execute(this::watch);
            } catch (RejectedExecutionException e) {
                state = State.BUSY;
                return;
            }
            state = State.WATCHING;
            syncSent = false;
            reading = true;
            pool.reading.incrementAndGet();
        }
    }

    /**
     * A client message arrived: takes the stream back. False when the backend session has ended (its FATAL has been
     * forwarded) or could not be taken back within {@link #RECLAIM_TIMEOUT_MS}: the session must end.
     */
    boolean busy() {
        synchronized (lock) {
            switch (state) {
                case BUSY -> {
                    return true;
                }
                case ENDED -> {
                    return false;
                }
                case PENDING -> {
                    state = State.BUSY; // the sweep leaves it alone
                    pool.spokeFirst.incrementAndGet();
                    return true;
                }
                default -> {
                }
            }
            pool.reclaimed.incrementAndGet();
            if (!syncSent) {
                syncSent = true;
                try {
                    stream.sendChar(FrontendType.SYNC);
                    stream.sendInteger4(4);
                    stream.flush();
                } catch (IOException e) {
                    LOG.debug("wake-up Sync not sent: {}", e.toString());
                    abortStream(); // the reader's read fails now
                }
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RECLAIM_TIMEOUT_MS);
            if (!awaitReader(deadline)) {
                LOG.debug("backend did not answer the wake-up Sync within {} ms", RECLAIM_TIMEOUT_MS);
                abortStream();
                awaitReader(System.nanoTime() + TimeUnit.SECONDS.toNanos(1));
                state = State.ENDED;
            }
            return state == State.BUSY;
        }
    }

    /** The session is closing: no more watching, and the reader (if any) stopped, waits bounded. */
    void close() {
        pool.watchers.remove(this);
        boolean taken = busy();
        synchronized (lock) {
            if (!taken && reading) {
                abortStream();
                awaitReader(System.nanoTime() + TimeUnit.SECONDS.toNanos(1));
            }
            state = State.ENDED;
        }
    }

    /** Called with the lock held. */
    private boolean awaitReader(long deadline) {
        boolean interrupted = false;
        try {
            while (reading) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(lock, left);
                } catch (InterruptedException e) {
                    interrupted = true; // keep waiting: the wait is bounded, and the stream must be handed back
                }
            }
            return true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void abortStream() {
        try {
            stream.getSocket().close();
        } catch (IOException | RuntimeException ignored) {
            // closing anyway
        }
    }

    /** The reader: forwards what the backend sends until the answer to the wake-up Sync, or the end of the backend. */
    private void watch() {
        boolean ended = true;
        IOException lost = null;
        try {
            while (true) {
                char type;
                int length;
                try {
                    type = message.read(stream);
                    length = message.length;
                    body = message.body;
                    if (type == BackendType.READY_FOR_QUERY) {
                        synchronized (lock) {
                            if (syncSent) {
                                ended = false;
                                return;
                            }
                        }
                        throw new IOException("ReadyForQuery from an idle backend");
                    }
                    if (!BackendType.asynchronous(type) && type != BackendType.ERROR_RESPONSE) {
                        throw new IOException("unexpected backend message '" + type + "' while idle");
                    }
                } catch (IOException e) {
                    lost = e;
                    return;
                }
                session.observe(type, body, length);
                out.raw(type, body, length);
                out.flush(); // an IOException here: the client is gone, and the session ends with it
                if (type == BackendType.ERROR_RESPONSE && BackendRelay.isFatal(body, length)) {
                    LOG.debug("backend ended the idle session with a FATAL error");
                    return; // PostgreSQL closes the connection after it
                }
            }
        } catch (IOException e) {
            LOG.debug("client gone while its session was idle: {}", e.toString());
        } catch (RuntimeException e) {
            LOG.warn("idle watcher failed", e);
        } finally {
            boolean sessionEnds;
            synchronized (lock) {
                // a failed read after the session's own abort is not news to it
                sessionEnds = ended && state == State.WATCHING;
            }
            if (sessionEnds && lost != null) {
                LOG.debug("backend connection lost while idle: {}", lost.toString());
                tellClientLost(lost); // still the client's only writer: the session waits while this reader runs
            }
            synchronized (lock) {
                reading = false;
                pool.reading.decrementAndGet();
                state = ended ? State.ENDED : State.BUSY;
                lock.notifyAll();
            }
            if (sessionEnds) {
                abortStream();
                session.ended();
            }
        }
    }

    /** As when the backend is lost during a query: the client learns why its session ends. */
    private void tellClientLost(IOException e) {
        try {
            out.errorResponse("FATAL", PgState.CONNECTION_FAILURE.code(), PgState.CONNECTION_FAILURE.message(e.getMessage()), null, null);
            out.flush();
        } catch (IOException ignored) {
            // the client is gone too
        }
    }

    /** A NotificationResponse body: int32 sender pid, channel, payload (for notifications pgjdbc has queued). */
    static byte[] notification(int pid, String channel, String payload) {
        byte[] c = channel.getBytes(StandardCharsets.UTF_8);
        byte[] p = payload.getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[4 + c.length + 1 + p.length + 1];
        b[0] = (byte) (pid >>> 24);
        b[1] = (byte) (pid >>> 16);
        b[2] = (byte) (pid >>> 8);
        b[3] = (byte) pid;
        System.arraycopy(c, 0, b, 4, c.length);
        System.arraycopy(p, 0, b, 4 + c.length + 1, p.length);
        return b;
    }
}
