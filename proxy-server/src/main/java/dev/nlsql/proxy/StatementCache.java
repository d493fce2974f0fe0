package dev.nlsql.proxy;

import dev.nlsql.proxy.wire.BackendType;
import dev.nlsql.proxy.wire.FrontendType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The unnamed statements a session's client parses again and again, kept prepared on its backend under names of the
 * proxy's own, so that PostgreSQL parses and plans such a text once, as it would for the client's own named statement
 * (pgjdbc does the same after {@code prepareThreshold} uses; pgbench -M extended, psycopg and node-postgres parse
 * every execution anew). The {@link RelayLoop} consults it for each {@link ExtendedBatch} it relays.
 *
 * <p>A text is kept on its second Parse, only outside a transaction block: its batch then goes to the backend as a
 * Parse under the proxy's name ({@code nlsql@<n>}) and a Bind of that name; later batches of the same text and
 * parameter types skip the Parse, and the ParseComplete the client expects is added to the reply. When the backend
 * refuses such a batch before its Bind is complete (the kept plan's result type changed under DDL, the client
 * deallocated every statement, a client's SQL PREPARE took the name; {@link #retryable}), nothing has run: the reply
 * is dropped and the batch is sent again as the client sent it, so the client gets PostgreSQL's own answer to its own
 * messages. Outside a transaction block the batch's implicit transaction has just ended, which is what makes that
 * retry invisible; inside one, batches go as they came. What still differs from a fresh Parse each time is PostgreSQL's
 * choice of plan: after five runs it may keep a generic plan, as for any prepared statement.
 *
 * <p>Bounded: at most {@code capacity} names per session (kept ones, and stale ones that may still exist on the
 * backend), and {@link #MAX_KEY_BYTES} of texts; nothing is evicted, so a name never has to be closed mid-stream. One
 * thread at a time: the loop during a stay, the session's thread otherwise (the park hands it over).
 */
final class StatementCache {

    /** Texts kept per session by default ({@code --statement-cache}); pgjdbc keeps 256 per connection. */
    static final int DEFAULT_CAPACITY = 64;
    /** Bytes of kept texts per session: a session's share of the proxy's heap. */
    static final int MAX_KEY_BYTES = 256 * 1024;
    /** Names of the proxy's statements: client names end with {@link ExtendedRelay#SUFFIX}, pgjdbc's are S_n. */
    static final String NAME_PREFIX = "nlsql@";
    /** Room the reply needs before its first byte: a ParseComplete is put there. */
    static final int HEAD_ROOM = 5;
    private static final int SEEN = 64;
    private static final String UNDEFINED_STATEMENT = "26000";

    /** What {@link #plan} made of a batch. */
    enum Plan {
        /** As the client sent it. */
        VERBATIM,
        /** Bind of a kept statement: the backend sends no ParseComplete, the loop adds it. */
        KEPT,
        /** Parse under a new name, then Bind of it: kept once the ParseComplete comes. */
        KEEP
    }

    /** What {@link #head} found at the start of a reply. */
    enum Head {
        /** The reply's first answer is not whole yet. */
        MORE,
        /** Relay {@link #from()} to {@link #to()}, then the rest of the reply as it comes. */
        PASS,
        /** Refused before anything ran: relay {@link #from()} to {@link #to()} (messages that came unasked), then send the batch as the client sent it. */
        RETRY
    }

    private final int capacity;
    private final int[] hashes;
    private final byte[][] keys;
    private final byte[][] names;
    private int count;
    private int keyBytes;
    /** Names dropped from the cache that may still exist on the backend: they count against the capacity. */
    private int stale;
    private final int[] seen = new int[SEEN];
    private int seenNext;
    private long lastName;
    /** The backend's name of the client's unnamed statement, or null when it is the backend's unnamed one. */
    private byte[] clientUnnamed;

    // the batch on its way
    private Plan plan = Plan.VERBATIM;
    private int slot;
    private int pendingHash;
    private byte[] pendingKey;
    private byte[] pendingName;
    private int from;
    private int to;

    StatementCache(int capacity) {
        this.capacity = Math.max(0, capacity);
        hashes = new int[this.capacity];
        keys = new byte[this.capacity][];
        names = new byte[this.capacity][];
    }

    /** Where the relay loop has {@link #plan} write this session's rewritten batches: made once, kept across stays. */
    ByteBuffer batchBuffer() {
        if (batchBuffer == null) {
            batchBuffer = ByteBuffer.allocateDirect(RelayLoop.CLIENT_BUFFER + 256); // + the names written into a batch
        }
        return batchBuffer;
    }

    private ByteBuffer batchBuffer;

    /** Texts kept now. */
    int size() {
        return count;
    }

    /** The backend's name for the client's unnamed statement: empty when that is the backend's unnamed statement. */
    byte[] clientUnnamed() {
        return clientUnnamed == null ? UNNAMED : clientUnnamed;
    }

    private static final byte[] UNNAMED = new byte[0];

    /** The client's unnamed statement is the backend's own again (a Parse, Close or simple query replaced it). */
    void unnamedReplaced() {
        clientUnnamed = null;
    }

    /** DEALLOCATE ALL or DISCARD ALL ran: none of the proxy's statements exists any more. */
    void allDeallocated() {
        java.util.Arrays.fill(keys, 0, count, null);
        java.util.Arrays.fill(names, 0, count, null);
        count = 0;
        keyBytes = 0;
        stale = 0;
        clientUnnamed = null;
    }

    /**
     * Plans the {@link ExtendedBatch} of {@code length} bytes at the start of {@code b}: when the plan is not
     * {@link Plan#VERBATIM}, {@code out} (cleared) holds the batch to send instead, flipped. {@code idle}: no transaction
     * block is open.
     */
    Plan plan(ByteBuffer b, int length, boolean idle, ByteBuffer out) {
        plan = Plan.VERBATIM;
        clientUnnamed = null; // the batch's Parse replaces it, as it would directly, whatever the plan
        int parseLength = b.getInt(1);
        int keyStart = 6; // after the Parse's header and its unnamed name
        int keyEnd = 1 + parseLength;
        int keyLength = keyEnd - keyStart;
        if (!idle || capacity == 0) {
            return plan;
        }
        int h = 1;
        for (int i = keyStart; i < keyEnd; i++) {
            h = 31 * h + b.get(i);
        }
        for (int i = 0; i < count; i++) {
            if (hashes[i] == h && keys[i].length == keyLength && same(b, keyStart, keys[i])) {
                plan = Plan.KEPT;
                slot = i;
                out.clear();
                rewriteAfterParse(b, keyEnd, length, names[i], out);
                out.flip();
                return plan;
            }
        }
        if (!seenBefore(h) || count + stale >= capacity || keyBytes + keyLength > MAX_KEY_BYTES) {
            return plan;
        }
        plan = Plan.KEEP;
        pendingHash = h;
        pendingKey = new byte[keyLength];
        b.get(keyStart, pendingKey);
        pendingName = (NAME_PREFIX + ++lastName).getBytes(StandardCharsets.US_ASCII);
        out.clear();
        out.put((byte) FrontendType.PARSE).putInt(parseLength + pendingName.length).put(pendingName).put(b.slice(5, parseLength - 4));
        rewriteAfterParse(b, keyEnd, length, pendingName, out);
        out.flip();
        return plan;
    }

    /** Bind (and a Describe of the statement) naming {@code name}; Execute and Sync as they came. */
    private static void rewriteAfterParse(ByteBuffer b, int bind, int length, byte[] name, ByteBuffer out) {
        int bindLength = b.getInt(bind + 1);
        // Bind: the unnamed portal (one zero byte), then the statement's name instead of the unnamed one
        out.put((byte) FrontendType.BIND).putInt(bindLength + name.length).put((byte) 0).put(name).put((byte) 0)
                .put(b.slice(bind + 7, bindLength - 6));
        int next = bind + 1 + bindLength;
        if (b.get(next) == FrontendType.DESCRIBE && b.get(next + 5) == FrontendType.STATEMENT) {
            out.put((byte) FrontendType.DESCRIBE).putInt(6 + name.length).put((byte) FrontendType.STATEMENT).put(name).put((byte) 0);
            next += 1 + b.getInt(next + 1);
        }
        out.put(b.slice(next, length - next));
    }

    private static boolean same(ByteBuffer b, int at, byte[] key) {
        for (int i = 0; i < key.length; i++) {
            if (b.get(at + i) != key[i]) {
                return false;
            }
        }
        return true;
    }

    /** True on a text's second Parse (by its hash: a collision only keeps a text sooner); remembers it otherwise. */
    private boolean seenBefore(int h) {
        for (int s : seen) {
            if (s == h && h != 0) {
                return true;
            }
        }
        seen[seenNext] = h;
        seenNext = (seenNext + 1) % SEEN;
        return false;
    }

    /**
     * Reads the start of the reply to a rewritten batch, {@code b[start, end)} with {@link #HEAD_ROOM} free bytes before
     * {@code start}, up to its first answer. On {@link Head#PASS} the bytes are edited in place (a ParseComplete added
     * before a kept statement's BindComplete); on {@link Head#RETRY} the refused answer and its ReadyForQuery are cut out.
     * With {@code full} (the buffer can take no more), a reply still undecided passes as it is, with no retry.
     */
    Head head(ByteBuffer b, int start, int end, boolean full) {
        int at = start;
        while (at + 5 <= end) {
            char type = (char) b.get(at);
            int length = b.getInt(at + 1);
            if (length < 4 || at + 1L + length > end) {
                break; // not whole (or malformed: the loop's reader refuses it once it passes)
            }
            if (BackendType.asynchronous(type)) {
                at += 1 + length;
                continue;
            }
            if (type != BackendType.ERROR_RESPONSE || !retryable(sqlState(b, at))) {
                return pass(b, start, end, at);
            }
            int ready = at + 1 + length;
            while (ready + 5 <= end) {
                char t = (char) b.get(ready);
                int l = b.getInt(ready + 1);
                if (l < 4 || ready + 1L + l > end) {
                    break;
                }
                if (t == BackendType.READY_FOR_QUERY) {
                    return retry(b, start, end, at, ready + 1 + l);
                }
                ready += 1 + l;
            }
            break;
        }
        return full ? pass(b, start, end, at) : Head.MORE;
    }

    private Head pass(ByteBuffer b, int start, int end, int answer) {
        if (plan == Plan.KEPT) {
            for (int i = start; i < answer; i++) { // messages that came unasked move ahead of the ParseComplete
                b.put(i - HEAD_ROOM, b.get(i));
            }
            b.put(answer - HEAD_ROOM, (byte) BackendType.PARSE_COMPLETE).putInt(answer - HEAD_ROOM + 1, 4);
            clientUnnamed = names[slot];
            from = start - HEAD_ROOM;
        } else {
            char answered = answer < end ? (char) b.get(answer) : 0;
            if (answered == BackendType.PARSE_COMPLETE) {
                hashes[count] = pendingHash;
                keys[count] = pendingKey;
                names[count] = pendingName;
                count++;
                keyBytes += pendingKey.length;
                clientUnnamed = pendingName;
            } else if (answered != BackendType.ERROR_RESPONSE) { // a refused Parse makes no statement
                stale++; // not what PostgreSQL answers a Parse with: the name is not used again
            }
            from = start;
        }
        to = end;
        done();
        return Head.PASS;
    }

    private Head retry(ByteBuffer b, int start, int end, int error, int afterReady) {
        if (plan == Plan.KEPT) {
            boolean gone = UNDEFINED_STATEMENT.equals(sqlState(b, error));
            drop(slot);
            if (!gone) {
                stale++; // the statement may still exist (a plan whose result type changed): its name stays counted
            }
        }
        int tail = end - afterReady; // messages that came unasked after the ReadyForQuery
        for (int i = 0; i < tail; i++) {
            b.put(error + i, b.get(afterReady + i));
        }
        from = start;
        to = error + tail;
        clientUnnamed = null;
        done();
        return Head.RETRY;
    }

    private void drop(int i) {
        keyBytes -= keys[i].length;
        count--;
        hashes[i] = hashes[count];
        keys[i] = keys[count];
        names[i] = names[count];
        keys[count] = null;
        names[count] = null;
    }

    private void done() {
        plan = Plan.VERBATIM;
        pendingKey = null;
        pendingName = null;
    }

    /** Where the bytes to relay start after {@link #head}. */
    int from() {
        return from;
    }

    /** Where they end. */
    int to() {
        return to;
    }

    /**
     * Refusals a kept statement (or the proxy's name for it) can meet where a fresh Parse of the client's text would
     * not, or would fail otherwise, raised before anything ran: a result type changed by DDL (0A000), the statement
     * deallocated (26000), the name taken (42P05), the text no longer analysable (class 42), a value the kept parameter
     * types no longer take (class 22). Anything else (a cancel, a timeout, a lock, a FATAL error) is the client's: a
     * retry would run what it asked to stop, or wait twice.
     */
    static boolean retryable(String state) {
        return state != null && (state.equals("0A000") || state.equals(UNDEFINED_STATEMENT) || state.startsWith("42")
                || state.startsWith("22"));
    }

    /** The SQLSTATE of the ErrorResponse at {@code at}, or null. */
    private static String sqlState(ByteBuffer b, int at) {
        int end = at + 1 + b.getInt(at + 1);
        int i = at + 5;
        while (i < end && b.get(i) != 0) {
            byte code = b.get(i++);
            int s = i;
            while (i < end && b.get(i) != 0) {
                i++;
            }
            if (code == 'C') {
                byte[] v = new byte[i - s];
                b.get(s, v);
                return new String(v, StandardCharsets.US_ASCII);
            }
            i++;
        }
        return null;
    }
}
