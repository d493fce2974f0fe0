package dev.nlsql.engine;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.slf4j.Logger;
import dev.nlsql.internal.log.Logs;
import dev.nlsql.internal.sql.SqlParsing;
import redis.clients.jedis.Connection;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * The answer cache's second tier (nlsql.cache.shared): validated SQL in a Redis that every instance pointing at it shares.
 * Values are SQL only, never rows. The store is untrusted input: the loop guards what it reads like generated SQL. A store
 * that is down or slow costs a question at most one bounded round trip, then is skipped for a while; it never fails one.
 */
final class SharedAnswers {

    private static final Logger LOG = Logs.get(SharedAnswers.class);
    /** Versioned: a change of what goes into a key changes the prefix, so old entries are never read with a new meaning. */
    static final String PREFIX = "nlsql:answer:v1:";
    /** After a failure the store is left alone this long: no question waits on a store that just failed. */
    static final long SKIP_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final Map<String, SharedAnswers> STORES = new ConcurrentHashMap<>();

    private final String shown;
    private final JedisPooled redis;
    private final AtomicBoolean down = new AtomicBoolean();
    private final AtomicInteger warnings = new AtomicInteger();
    private volatile long skipUntil = System.nanoTime();

    private SharedAnswers(String url, int timeoutMillis) {
        URI uri = URI.create(url);
        this.shown = uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort())
                + (uri.getPath() == null ? "" : uri.getPath()); // no password in logs
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(16);
        pool.setMaxWait(Duration.ofMillis(timeoutMillis)); // an exhausted pool waits no longer than the store may
        pool.setJmxEnabled(false);
        this.redis = new JedisPooled(pool, uri, timeoutMillis, timeoutMillis);
    }

    /** One store (and pool) per URL and timeout in the process, whichever engines use it. */
    static SharedAnswers of(String url, int timeoutMillis) {
        return STORES.computeIfAbsent(timeoutMillis + "|" + url, k -> new SharedAnswers(url, timeoutMillis));
    }

    /**
     * The key of an answer: SHA-256 of everything the answer depends on (the database, its schema's fingerprint, the
     * normalised question and the settings that change an answer), so that a schema change leaves old keys unreachable.
     */
    static String key(String... parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                sha.update(String.valueOf(part).getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return PREFIX + HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JDK has SHA-256
        }
    }

    /**
     * The most bytes of one entry ever read: the longest SQL the guard accepts ({@link SqlParsing#MAX_CHARS} characters) in
     * UTF-8, where a character takes at most 3 bytes (a pair of surrogates, two characters, takes 4).
     */
    static final int MAX_ENTRY_BYTES = 3 * SqlParsing.MAX_CHARS;

    /**
     * The SQL stored under {@code key}, or null: absent, longer than any SQL the guard accepts, or the store unreachable.
     * The read itself is bounded (GETRANGE up to one byte past {@link #MAX_ENTRY_BYTES}): a huge value planted in the
     * store is never read into memory, whatever the store's timeout; it is deleted like any entry the guard refuses.
     */
    String get(String key) {
        byte[] value;
        try {
            value = call(r -> r.getrange(key.getBytes(StandardCharsets.UTF_8), 0, MAX_ENTRY_BYTES));
        } catch (WrongType e) {
            refused(key, "not a string value");
            return null;
        }
        if (value == null || value.length == 0) {
            return null; // GETRANGE answers an absent key with nothing, and an empty entry is no SQL either
        }
        if (value.length > MAX_ENTRY_BYTES) {
            refused(key, "longer than " + MAX_ENTRY_BYTES + " bytes, more than the longest SQL the guard accepts");
            return null;
        }
        return new String(value, StandardCharsets.UTF_8);
    }

    void put(String key, String sql, int ttlSeconds) {
        call(r -> r.setex(key, ttlSeconds, sql)); // SETEX replaces a value of any type: no WRONGTYPE here
    }

    void delete(String key) {
        call(r -> r.del(key)); // DEL removes a key of any type
    }

    /** One command, unless the store failed lately; a failure is logged once per outage and answers null. */
    private <T> T call(java.util.function.Function<JedisPooled, T> command) {
        if (skipping()) {
            return null;
        }
        try {
            T result = command.apply(redis);
            reachable();
            return result;
        } catch (RuntimeException e) {
            if (e instanceof JedisDataException && e.getMessage() != null && e.getMessage().startsWith("WRONGTYPE")) {
                reachable(); // the store answered: the entry (a list, a hash planted under the key) is at fault, not the store
                throw new WrongType();
            }
            unreachable(e);
            return null;
        }
    }

    /** The store holds something other than a string under the key. */
    private static final class WrongType extends RuntimeException {
        WrongType() {
            super(null, null, false, false);
        }
    }

    /** An entry the guard refused: deleted, and logged (never its SQL, which may be anything). */
    void refused(String key, String reason) {
        LOG.warn("The shared answer cache {} held SQL the guard refuses under {} ({}); it is deleted and the question "
                + "answered without it", shown, key, reason);
        delete(key);
    }

    /** The store's URL without credentials. */
    String shown() {
        return shown;
    }

    /** Warnings logged about this store being unreachable: one per outage. */
    int warnings() {
        return warnings.get();
    }

    private boolean skipping() {
        return down.get() && System.nanoTime() - skipUntil < 0;
    }

    private void unreachable(RuntimeException e) {
        skipUntil = System.nanoTime() + SKIP_NANOS;
        if (down.compareAndSet(false, true)) {
            warnings.incrementAndGet();
            LOG.warn("The shared answer cache {} does not answer ({}); questions go on without it, and it is tried again at "
                    + "most every {} s", shown, e.toString(), TimeUnit.NANOSECONDS.toSeconds(SKIP_NANOS));
        }
    }

    private void reachable() {
        if (down.compareAndSet(true, false)) {
            LOG.info("The shared answer cache {} answers again", shown);
        }
    }
}
