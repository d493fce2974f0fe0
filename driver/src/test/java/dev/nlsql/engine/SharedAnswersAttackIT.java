package dev.nlsql.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;

/**
 * An attacker's pass over the shared answer cache's read (issue 37): values planted in a real Redis (127.0.0.1:6379,
 * database 13; NLSQL_TEST_REDIS_URL overrides) under odd encodings and types. A value that is not a string (a list, a
 * hash) is an entry nobody can use, not a store that is down: it is deleted, and the store goes on answering other
 * keys at once. Bytes that are not UTF-8 come back as text the guard then judges, never as the raw bytes. Every key
 * written is deleted.
 */
class SharedAnswersAttackIT {

    private static String redisUrl;
    private static JedisPooled redis;
    private static final List<String> OWN_KEYS = new ArrayList<>();

    @BeforeAll
    static void setUp() {
        String env = System.getenv("NLSQL_TEST_REDIS_URL");
        redisUrl = env != null && !env.isBlank() ? env : "redis://127.0.0.1:6379/13";
        redis = new JedisPooled(URI.create(redisUrl));
        redis.ping();
    }

    @AfterAll
    static void tearDown() {
        OWN_KEYS.forEach(redis::del);
        redis.close();
    }

    private static String ownKey() {
        String key = "i37at:shared:" + UUID.randomUUID();
        OWN_KEYS.add(key);
        return key;
    }

    /** A store of its own (a timeout no other test uses), so that its skip-after-failure state is this test's. */
    private static SharedAnswers store(int timeoutMillis) {
        return SharedAnswers.of(redisUrl, timeoutMillis);
    }

    @Test
    void aValueOfAnotherTypeIsDeletedAndTheStoreStaysUp() {
        SharedAnswers store = store(1_937);
        String good = ownKey();
        redis.set(good, "SELECT 1");
        for (String type : new String[] {"list", "hash", "set", "zset"}) {
            String planted = ownKey();
            switch (type) {
                case "list" -> redis.rpush(planted, "SELECT 1");
                case "hash" -> redis.hset(planted, "sql", "SELECT 1");
                case "set" -> redis.sadd(planted, "SELECT 1");
                default -> redis.zadd(planted, 1, "SELECT 1");
            }
            int warningsBefore = store.warnings();
            assertNull(store.get(planted), type);
            assertEquals(warningsBefore, store.warnings(), type + ": a planted " + type + " was taken for a store that does not answer");
            assertEquals("SELECT 1", store.get(good), type + ": the store was skipped after a planted " + type);
            assertFalse(redis.exists(planted), type + ": the planted entry was left for every instance to trip on");
        }
    }

    @Test
    void bytesThatAreNotUtf8AreReadAsTextNeverRaw() {
        SharedAnswers store = store(1_938);
        byte[][] planted = {
            {(byte) 0xC0, (byte) 0xA7, 'x'}, // an overlong '\''
            {'S', 'E', 'L', 'E', 'C', 'T', ' ', (byte) 0xFF, (byte) 0xFE, '1'},
            {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'S', 'E', 'L', 'E', 'C', 'T', ' ', '1'}, // a BOM
            {'S', 'E', 'L', 'E', 'C', 'T', ' ', 0, '1'},
            "SELECT '\uD83D\uDE00'".getBytes(StandardCharsets.UTF_8),
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // a lone surrogate in CESU form
        };
        for (byte[] value : planted) {
            String key = ownKey();
            redis.set(key.getBytes(StandardCharsets.UTF_8), value);
            String read = store.get(key);
            assertEquals(new String(value, StandardCharsets.UTF_8), read, Arrays.toString(value));
            assertTrue(read.chars().noneMatch(c -> c == '\'' && value[0] == (byte) 0xC0), "an overlong quote became a quote");
        }
    }
}
