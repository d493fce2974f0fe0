package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.BackendType;
import dev.nlsql.proxy.wire.Frame;
import dev.nlsql.proxy.wire.FrontendType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One thread that relays the simple queries of every parked session: a session that has just relayed a plain SQL
 * query to PostgreSQL parks here, and its next queries go from the client's socket to the backend's and back without
 * waking the session's thread, read from one selector (epoll) for all sessions. A thread per session costs two thread
 * wake-ups per query; under load this loop finds several sessions ready at each wake-up, as pgbouncer's does.
 *
 * <p>The loop relays only what the session's thread would have relayed unchanged (see {@link Session#relaysAlone}),
 * and keeps pgjdbc's view of the session in step through {@link BackendRelay#observe}, holding pgjdbc's connection
 * lock while the session is parked. Anything else (a question, the extended protocol, COPY, a message too long for
 * its buffer) hands the session back to its thread at a message boundary, with the bytes read ahead. Notifications,
 * notices and a backend's FATAL reach a parked client as they arrive. Every buffer is bounded: a client that does not
 * read its results stops the loop reading its backend, not the loop.
 */
final class RelayLoop implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RelayLoop.class);
    /** Longest simple query relayed here: a longer one is the session thread's, read with its own limits. */
    static final int CLIENT_BUFFER = 16_384;
    private static final int BACKEND_BUFFER = 65_536;

    /** The session as the loop sees it: which query texts it relays alone. */
    interface Session extends ExtendedBatch.AloneText {
    }

    /** How a parked session comes back to its thread. */
    enum Outcome {
        /** The client sent a message the loop does not relay; its bytes are in {@link Handback#clientBytes}. */
        MESSAGE,
        /** The client closed its connection (or the proxy is closing). */
        CLIENT_GONE,
        /** The backend ended the session after a FATAL error, which the client has been sent. */
        BACKEND_ENDED,
        /** The backend connection failed or became unusable: {@link Handback#error} says why. */
        FAILED
    }

    /**
     * The end of a stay in the loop. {@code midExchange}: a query was on its way, so the backend connection is out of
     * step and can only be aborted. {@code error}: for FAILED, the I/O failure or pgjdbc's refusal to go on.
     */
    record Handback(Outcome outcome, byte[] clientBytes, boolean midExchange, Exception error, int relayed, int batches) {
        /** The session was not taken: it reads its client itself, nothing read ahead. */
        static Handback notParked() {
            return new Handback(Outcome.MESSAGE, new byte[0], false, null, 0, 0);
        }
    }

    private final Selector selector;
    private final Thread thread;
    private final ConcurrentLinkedQueue<Parked> arrivals = new ConcurrentLinkedQueue<>();
    private final List<Parked> leaving = new ArrayList<>();
    private final List<Parked> parked = new ArrayList<>();
    private final AtomicLong relayedQueries = new AtomicLong();
    private final java.util.concurrent.atomic.AtomicInteger parkedSessions = new java.util.concurrent.atomic.AtomicInteger();
    private final AtomicLong stays = new AtomicLong();
    private final AtomicLong retried = new AtomicLong();
    private volatile boolean closed;

    RelayLoop() throws IOException {
        selector = Selector.open();
        thread = new Thread(this::run, "nlsql-relay-loop");
        thread.setDaemon(true);
        thread.start();
    }

    /** Simple queries relayed by the loop since it started (the session threads' own are not counted). */
    long relayedQueries() {
        return relayedQueries.get();
    }

    /** Sessions parked here since the loop started (one per stay). */
    long stays() {
        return stays.get();
    }

    /** Rewritten batches the backend refused before they ran, sent again as the clients sent them. */
    long retriedBatches() {
        return retried.get();
    }

    /** Sessions parked here now. */
    int parkedSessions() {
        return parkedSessions.get();
    }

    /**
     * Parks a session whose client is idle after ReadyForQuery, with nothing buffered on either side, until the loop
     * hands it back; returns at once (outcome MESSAGE, no bytes) when the loop cannot take it.
     */
    Handback park(Session session, SocketChannel client, BackendRelay relay) {
        Parked p = new Parked(session, client, relay);
        try {
            client.configureBlocking(false);
            p.backend.configureBlocking(false);
        } catch (IOException | RuntimeException e) {
            LOG.debug("session not parked: {}", e.toString());
            restoreBlocking(p);
            return Handback.notParked();
        }
        arrivals.add(p);
        selector.wakeup();
        if (closed) {
            drainArrivals();
        }
        return p.handback.join();
    }

    private void run() {
        try {
            while (!closed) {
                selector.select(this::ready); // served as epoll reports them: no selected-key set to fill and empty
                admitArrivals();
                sendBack();
            }
        } catch (IOException | ClosedSelectorException e) {
            if (!closed) {
                LOG.warn("relay loop stopped: {}", e.toString());
            }
        } finally {
            closed = true;
            for (Parked p : new ArrayList<>(parked)) {
                leave(p, Outcome.CLIENT_GONE, null);
            }
            sendBack();
            drainArrivals();
        }
    }

    /** Sessions that arrived while the loop was closing go back at once, still idle. */
    private void drainArrivals() {
        Parked p;
        while ((p = arrivals.poll()) != null) {
            restoreBlocking(p);
            p.handback.complete(Handback.notParked());
        }
    }

    private void admitArrivals() {
        Parked p;
        while ((p = arrivals.poll()) != null) {
            if (!p.pgjdbcLock.tryLock()) {
                // another thread is using the backend connection: the session reads its client itself this time
                restoreBlocking(p);
                p.handback.complete(Handback.notParked());
                continue;
            }
            p.locked = true;
            parked.add(p);
            parkedSessions.incrementAndGet();
            stays.incrementAndGet();
            try {
                p.clientKey = p.client.register(selector, SelectionKey.OP_READ, p);
                p.backendKey = p.backend.register(selector, SelectionKey.OP_READ, p);
            } catch (IOException | RuntimeException e) {
                leave(p, Outcome.CLIENT_GONE, null);
            }
        }
    }

    private void ready(SelectionKey k) {
        Parked p = (Parked) k.attachment();
        if (p.leaving || !k.isValid()) {
            return;
        }
        try {
            if (k.channel() == p.client) {
                clientReady(p, k);
            } else {
                backendReady(p, k);
            }
        } catch (CancelledKeyException e) {
            leave(p, Outcome.CLIENT_GONE, null);
        } catch (RuntimeException e) {
            LOG.warn("relay loop: session failed", e);
            leave(p, Outcome.FAILED, new IOException(e));
        }
    }

    // ---- the client's side ----

    private void clientReady(Parked p, SelectionKey k) {
        if (k.isWritable()) {
            writePending(p);
            if (p.leaving) {
                return;
            }
        }
        if (k.isValid() && k.isReadable() && p.fromClient.hasRemaining()) {
            int n;
            try {
                n = p.client.read(p.fromClient);
            } catch (IOException e) {
                leave(p, Outcome.CLIENT_GONE, null);
                return;
            }
            if (n < 0) {
                leave(p, Outcome.CLIENT_GONE, null);
                return;
            }
        }
        takeClientMessages(p);
    }

    /**
     * The next whole message from the client, when the backend is idle and the client has its last answer: a simple
     * query the session relays alone goes to the backend as it came; anything else hands the session back.
     */
    private void takeClientMessages(Parked p) {
        if (p.leaving || p.awaiting || p.toClientPending() || p.toBackend != null) {
            updateClientInterest(p);
            return;
        }
        ByteBuffer b = p.fromClient;
        if (b.position() >= 5 && (char) b.get(0) == FrontendType.PARSE) {
            int end = ExtendedBatch.end(b, p.session, p.text);
            if (end == ExtendedBatch.NOT_ALONE || end == ExtendedBatch.INCOMPLETE && !b.hasRemaining()) {
                handBack(p);
                return;
            }
            if (end > 0) {
                // planned before relay() moves the batch out of the client's buffer
                boolean rewrote = p.cache.plan(b, end, p.relay.idle(), p.rewritten) != StatementCache.Plan.VERBATIM;
                p.batches++;
                relay(p, end, rewrote);
            }
            updateClientInterest(p);
            return;
        }
        if (b.position() >= 5) {
            char type = (char) b.get(0);
            int length = b.getInt(1);
            if (type != FrontendType.QUERY || length < 5 || length + 1 > CLIENT_BUFFER) {
                handBack(p);
                return;
            }
            if (b.position() >= length + 1) {
                b.get(5, p.text, 0, length - 5);
                if (b.get(length) != 0 || !p.session.relaysAlone(p.text, 0, length - 5)) {
                    handBack(p);
                    return;
                }
                p.cache.unnamedReplaced(); // PostgreSQL drops the unnamed statement at a simple query
                relay(p, length + 1, false);
            }
        }
        updateClientInterest(p);
    }

    /**
     * Sends the client's first {@code bytes} (one exchange, ending where the backend sends ReadyForQuery): as they came,
     * or as {@link StatementCache} rewrote them ({@code rewrote}: in {@link Parked#rewritten}), keeping them as they came
     * for a retry.
     */
    private void relay(Parked p, int bytes, boolean rewrote) {
        ByteBuffer b = p.fromClient;
        p.relay.beginExchange();
        p.awaiting = true;
        p.query.clear().put(0, b, 0, bytes).limit(bytes);
        p.toBackend = rewrote ? p.rewritten : p.query;
        p.head = rewrote;
        p.held = 0;
        b.flip();
        b.position(bytes);
        b.compact();
        relayedQueries.incrementAndGet();
        p.relayed++;
        writeToBackend(p);
    }

    /** Reads the client only while its buffer has room; a full buffer waits for the backend's answer. */
    private void updateClientInterest(Parked p) {
        if (p.leaving || !p.clientKey.isValid()) {
            return;
        }
        int ops = (p.fromClient.hasRemaining() ? SelectionKey.OP_READ : 0) | (p.toClientPending() ? SelectionKey.OP_WRITE : 0);
        if (p.clientKey.interestOps() != ops) {
            p.clientKey.interestOps(ops);
        }
    }

    // ---- the backend's side ----

    private void backendReady(Parked p, SelectionKey k) {
        if (k.isWritable() && p.toBackend != null) {
            writeToBackend(p);
            if (p.leaving) {
                return;
            }
        }
        if (!k.isValid() || !k.isReadable() || p.toClientPending()) {
            return;
        }
        ByteBuffer b = p.fromBackend;
        if (p.head) { // after the bytes held so far, which the client has not been sent
            b.limit(b.capacity()).position(StatementCache.HEAD_ROOM + p.held);
        } else {
            b.clear();
        }
        int n;
        try {
            n = p.backend.read(b);
        } catch (IOException e) {
            backendFailed(p, e);
            return;
        }
        if (n < 0) {
            backendFailed(p, new java.io.EOFException("the backend closed the connection"));
            return;
        }
        if (!p.head) {
            b.flip();
        } else if (!headRead(p, b)) {
            return;
        }
        int end;
        try {
            end = p.reader.feed(b, b.position(), b.limit());
        } catch (IOException e) {
            backendFailed(p, e);
            return;
        }
        if (end >= 0) { // ReadyForQuery: the exchange is over
            p.awaiting = false;
            if (p.relay.unusable() != null) {
                b.limit(end - 6); // the client is not told the session is ready: it ends
                p.unusable = true;
            }
        }
        writePending(p);
    }

    /**
     * The start of the reply to a batch {@link StatementCache} rewrote, held back until its first answer is whole. True
     * when the bytes to relay are now between {@code b}'s position and limit; false while more is needed (nothing is
     * pending for the client meanwhile). A refused batch goes again as the client sent it.
     */
    private boolean headRead(Parked p, ByteBuffer b) {
        int end = b.position();
        StatementCache.Head head = p.cache.head(b, StatementCache.HEAD_ROOM, end, !b.hasRemaining());
        if (head == StatementCache.Head.MORE) {
            p.held = end - StatementCache.HEAD_ROOM;
            b.limit(0); // empty, in read mode: the held bytes stay where they are
            return false;
        }
        b.limit(p.cache.to()).position(p.cache.from());
        p.head = false;
        if (head == StatementCache.Head.RETRY) {
            retried.incrementAndGet();
            p.toBackend = p.query; // the reply so far held only what came unasked, which is relayed
            writeToBackend(p);
        }
        return !p.leaving;
    }

    private void backendFailed(Parked p, IOException e) {
        if (p.relay.fatalSeen()) {
            leave(p, Outcome.BACKEND_ENDED, null); // the FATAL error is with the client
        } else {
            leave(p, Outcome.FAILED, e);
        }
    }

    private void writeToBackend(Parked p) {
        try {
            p.backend.write(p.toBackend);
        } catch (IOException e) {
            leave(p, Outcome.FAILED, e);
            return;
        }
        boolean done = !p.toBackend.hasRemaining();
        if (done) {
            p.toBackend = null;
        }
        int ops = SelectionKey.OP_READ | (done ? 0 : SelectionKey.OP_WRITE);
        if (p.backendKey.interestOps() != ops) {
            p.backendKey.interestOps(ops);
        }
    }

    // ---- backend bytes to the client ----

    /** Writes what the backend sent; what the client cannot take yet waits, and so does the backend meanwhile. */
    private void writePending(Parked p) {
        ByteBuffer b = p.fromBackend;
        if (b.hasRemaining()) {
            try {
                p.client.write(b);
            } catch (IOException e) {
                leave(p, Outcome.CLIENT_GONE, null);
                return;
            }
        }
        boolean pending = b.hasRemaining();
        int backendOps = pending ? 0 : SelectionKey.OP_READ | (p.toBackend != null ? SelectionKey.OP_WRITE : 0);
        if (p.backendKey.isValid() && p.backendKey.interestOps() != backendOps) {
            p.backendKey.interestOps(backendOps);
        }
        if (pending) {
            updateClientInterest(p);
            return;
        }
        b.clear().flip(); // empty: nothing pending
        if (p.unusable) {
            leave(p, Outcome.FAILED, null);
            return;
        }
        if (p.wantsBack && p.reader.atBoundary() && !p.awaiting) {
            handBack(p);
            return;
        }
        takeClientMessages(p);
    }

    // ---- leaving the loop ----

    /** Hands the session back with the client's bytes read ahead, once the backend side is at a message boundary. */
    private void handBack(Parked p) {
        if (!p.reader.atBoundary() || p.awaiting || p.toClientPending()) {
            p.wantsBack = true; // the backend is mid-message (a notice arriving): back once it is whole and sent
            return;
        }
        leave(p, Outcome.MESSAGE, null);
    }

    private void leave(Parked p, Outcome outcome, Exception error) {
        if (p.leaving) {
            return;
        }
        p.leaving = true;
        p.outcome = outcome;
        p.error = error;
        if (p.clientKey != null) {
            p.clientKey.cancel();
        }
        if (p.backendKey != null) {
            p.backendKey.cancel();
        }
        leaving.add(p);
    }

    /** Deregisters the sessions that leave (a channel cannot block again while registered), then wakes their threads. */
    private void sendBack() {
        while (!leaving.isEmpty()) {
            List<Parked> batch = new ArrayList<>(leaving);
            leaving.clear();
            try {
                // completes the batch's cancellations; what it finds ready is served now, and may send others back
                selector.selectNow(this::ready);
            } catch (IOException | ClosedSelectorException e) {
                LOG.debug("relay loop: cancelled keys not flushed: {}", e.toString());
            }
            for (Parked p : batch) {
                if (parked.remove(p)) {
                    parkedSessions.decrementAndGet();
                }
                restoreBlocking(p);
                if (p.locked) {
                    p.pgjdbcLock.unlock();
                }
                byte[] ahead = new byte[p.fromClient.position()];
                p.fromClient.get(0, ahead);
                p.handback.complete(new Handback(p.outcome, ahead, p.awaiting, p.error, p.relayed, p.batches));
            }
        }
    }

    private static void restoreBlocking(Parked p) {
        for (SocketChannel c : new SocketChannel[] {p.client, p.backend}) {
            try {
                if (c.isOpen() && !c.isBlocking()) {
                    c.configureBlocking(true);
                }
            } catch (IOException | RuntimeException e) {
                LOG.debug("channel not made blocking again: {}", e.toString());
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            selector.wakeup();
            thread.join(5_000);
            selector.close();
        } catch (IOException e) {
            LOG.debug("relay loop selector not closed: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        drainArrivals();
    }

    /** A parked session's state in the loop. */
    private static final class Parked {
        final Session session;
        final SocketChannel client;
        final SocketChannel backend;
        final BackendRelay relay;
        final Lock pgjdbcLock;
        final CompletableFuture<Handback> handback = new CompletableFuture<>();
        // direct buffers: the channels read and write them without a copy through a temporary one
        final ByteBuffer fromClient = ByteBuffer.allocateDirect(CLIENT_BUFFER);
        final ByteBuffer fromBackend = ByteBuffer.allocateDirect(BACKEND_BUFFER);
        /** The query on its way to the backend. */
        final ByteBuffer query = ByteBuffer.allocateDirect(CLIENT_BUFFER);
        final StatementCache cache;
        /** The batch as {@link StatementCache} rewrote it, when it did (the session's buffer, not one per stay). */
        final ByteBuffer rewritten;
        /** The reply to a rewritten batch is held back until its first answer: {@link #held} bytes so far. */
        boolean head;
        int held;
        /** The query's text, for the session's decision. */
        final byte[] text = new byte[CLIENT_BUFFER];
        final BackendReader reader;
        SelectionKey clientKey;
        SelectionKey backendKey;
        /** A query went to the backend and its ReadyForQuery has not come back yet. */
        boolean awaiting;
        /** Exchanges relayed in this stay (simple queries and extended batches). */
        int relayed;
        /** Extended batches among them. */
        int batches;
        /** The query's bytes not yet written to the backend, or null. */
        ByteBuffer toBackend;
        boolean locked;
        boolean wantsBack;
        boolean unusable;
        boolean leaving;
        Outcome outcome;
        Exception error;

        Parked(Session session, SocketChannel client, BackendRelay relay) {
            this.session = session;
            this.client = client;
            this.relay = relay;
            this.backend = relay.channel();
            this.pgjdbcLock = relay.pgjdbcLock();
            this.cache = relay.statements();
            this.rewritten = cache.batchBuffer();
            this.reader = new BackendReader(relay::observe);
            fromBackend.flip(); // empty, in read mode: nothing pending for the client
        }

        boolean toClientPending() {
            return fromBackend.hasRemaining();
        }
    }

    /**
     * Follows message boundaries in the backend's byte stream as it is forwarded, reading whole only the bodies pgjdbc's
     * view depends on (ReadyForQuery, ErrorResponse, ParameterStatus, CommandComplete); rows pass by unread.
     */
    static final class BackendReader {
        /** Told each whole message it reads; true at the end of an exchange (ReadyForQuery). */
        interface Observer {
            boolean observe(char type, byte[] body, int length);
        }

        private final Observer relay;
        private final byte[] header = new byte[5];
        private int headerFill;
        private char type;
        private int bodyLeft;
        private byte[] body = new byte[256];
        private int bodyFill;
        private boolean keep;

        BackendReader(Observer relay) {
            this.relay = relay;
        }

        /** True between messages. */
        boolean atBoundary() {
            return headerFill == 0 && bodyLeft == 0 && !keep;
        }

        /**
         * Follows {@code b[from, to)}; returns the offset just past a ReadyForQuery when one ends in it (the exchange's
         * end), else -1. Messages the loop cannot carry (COPY, replication) are a failure: their text is never relayed
         * here, so they mean the stream is not what it seems.
         */
        int feed(byte[] b, int from, int to) throws IOException {
            return feed(ByteBuffer.wrap(b), from, to);
        }

        int feed(ByteBuffer b, int from, int to) throws IOException {
            int readyEnd = -1;
            int i = from;
            while (i < to) {
                if (bodyLeft == 0 && !keep) {
                    header[headerFill++] = b.get(i++);
                    if (headerFill < 5) {
                        continue;
                    }
                    headerFill = 0;
                    type = (char) header[0];
                    int length = Frame.lengthWord(header, 1);
                    bodyLeft = Frame.bodyLength(length, Frame.LONGEST_BACKEND_BODY);
                    if (bodyLeft < 0) {
                        throw new IOException(Frame.invalidLength(length, type, "backend "));
                    }
                    if (BackendType.copy(type)) {
                        throw new IOException("backend message '" + type + "' outside the relay loop's protocol");
                    }
                    keep = BackendType.observed(type);
                    if (keep) {
                        if (bodyLeft > Frame.LONGEST_OBSERVED_BODY) {
                            throw new IOException("backend message '" + type + "' of " + bodyLeft + " bytes");
                        }
                        if (bodyLeft > body.length) {
                            body = new byte[bodyLeft];
                        }
                        bodyFill = 0;
                    }
                } else {
                    int n = Math.min(bodyLeft, to - i);
                    if (keep) {
                        b.get(i, body, bodyFill, n);
                        bodyFill += n;
                    }
                    i += n;
                    bodyLeft -= n;
                }
                if (bodyLeft == 0 && headerFill == 0 && keep) {
                    keep = false;
                    if (relay.observe(type, body, bodyFill)) {
                        readyEnd = i;
                    }
                }
            }
            return readyEnd;
        }
    }
}
