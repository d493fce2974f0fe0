package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.internal.sql.SqlParsing;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;

/**
 * Issue 37: the shared answer cache reads at most the longest SQL the guard would accept. A huge value planted in a real
 * Redis (127.0.0.1:6379, database 13; NLSQL_TEST_REDIS_URL overrides) is never read: Redis's own count of the bytes it
 * sent and this thread's allocations are the oracles. Every key written is deleted.
 */
class SharedAnswerBoundIT {

    private static final String DATABASE = "i37sv_shared_bound";
    /** Far past the bound, small enough for a shared Redis. */
    private static final int HUGE = 32 * 1024 * 1024;
    /** Well above what a bounded read costs (150 KB and change), well below {@link #HUGE}. */
    private static final long READ_BUDGET = 4L * 1024 * 1024;

    private static String url;
    private static String redisUrl;
    private static JedisPooled redis;
    private static Set<String> keysBefore;
    private static final List<String> OWN_KEYS = new ArrayList<>();

    @BeforeAll
    static void setUp() throws SQLException {
        String env = System.getenv("NLSQL_TEST_REDIS_URL");
        redisUrl = env != null && !env.isBlank() ? env : "redis://127.0.0.1:6379/13";
        redis = new JedisPooled(URI.create(redisUrl));
        redis.ping();
        keysBefore = new HashSet<>(redis.keys(SharedAnswers.PREFIX + "*"));
        url = TestPostgres.database(DATABASE, "DROP TABLE IF EXISTS sb_cars", "CREATE TABLE sb_cars (id int PRIMARY KEY, make text)",
                "INSERT INTO sb_cars VALUES (1, 'Saab'), (2, 'Volvo'), (3, 'Saab')");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        Set<String> written = new HashSet<>(redis.keys(SharedAnswers.PREFIX + "*"));
        written.removeAll(keysBefore);
        written.addAll(OWN_KEYS);
        written.forEach(redis::del);
        redis.close();
        TestPostgres.dropDatabase(DATABASE);
    }

    private static String ownKey() {
        String key = "i37sv:shared-bound:" + UUID.randomUUID();
        OWN_KEYS.add(key);
        return key;
    }

    /** Bytes Redis has sent to all its clients so far. */
    private static long redisSentBytes() {
        String stats;
        try (redis.clients.jedis.Jedis plain = new redis.clients.jedis.Jedis(URI.create(redisUrl))) {
            stats = plain.info("stats");
        }
        for (String line : stats.split("\r?\n")) {
            if (line.startsWith("total_net_output_bytes:")) {
                return Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
            }
        }
        throw new AssertionError("no total_net_output_bytes in INFO stats");
    }

    private static long allocatedByThisThread() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    private static String huge() {
        return "SELECT 1 FROM sb_cars WHERE make = '" + "x".repeat(HUGE) + "'";
    }

    @Test
    void aHugeEntryIsNeverReadAndIsDeleted() {
        SharedAnswers store = SharedAnswers.of(redisUrl, 5_000);
        String key = ownKey();
        redis.set(key, huge());
        assertEquals(huge().length(), redis.strlen(key), "planted");
        store.get(ownKey()); // warm: class loading and the pool's first connection are not the read
        long sent = redisSentBytes();
        long allocated = allocatedByThisThread();
        String read = store.get(key);
        long allocatedNow = allocatedByThisThread() - allocated;
        long sentNow = redisSentBytes() - sent;
        assertTrue(allocatedNow < READ_BUDGET, "bytes allocated reading the entry: " + allocatedNow);
        assertTrue(sentNow < READ_BUDGET, "bytes Redis sent while the entry was read: " + sentNow);
        assertTrue(read == null, "read " + (read == null ? 0 : read.length()) + " characters");
        assertFalse(redis.exists(key), "an entry longer than any SQL the guard accepts is deleted");
    }

    @Test
    void anEntryOfTheLongestSqlTheGuardAcceptsIsReadWhole() {
        SharedAnswers store = SharedAnswers.of(redisUrl, 5_000);
        String key = ownKey();
        // every character 3 bytes in UTF-8: MAX_CHARS characters are exactly the bound
        String longest = "€".repeat(SqlParsing.MAX_CHARS);
        redis.set(key, longest);
        assertEquals(SharedAnswers.MAX_ENTRY_BYTES, redis.strlen(key));
        String read = store.get(key);
        assertTrue(longest.equals(read), "read " + (read == null ? "nothing" : read.length() + " characters"));
        redis.set(key, longest + "x");
        read = store.get(key);
        assertTrue(read == null, "one byte more is more than any accepted SQL, yet read " + (read == null ? 0 : read.length()));
        String plain = "SELECT count(*) FROM sb_cars";
        redis.set(key, plain);
        assertEquals(plain, store.get(key));
        assertNull(store.get(ownKey()), "an absent key");
    }

    @Test
    void aQuestionWhoseSharedEntryIsHugeGoesToTheModelWithoutReadingIt() throws Exception {
        String good = "SELECT count(*) FROM sb_cars WHERE make = 'Saab'";
        try (FakeOpenAi llm = new FakeOpenAi(answer(good), answer(good))) {
            try (Connection c = DriverManager.getConnection(nlUrl(llm, "i37sv_bound_a")); Statement s = c.createStatement()) {
                assertEquals(2, TestPostgres.single(s.executeQuery("how many Saabs are there?")));
            }
            Set<String> written = new HashSet<>(redis.keys(SharedAnswers.PREFIX + "*"));
            written.removeAll(keysBefore);
            String key = written.stream().filter(k -> good.equals(redis.get(k))).findFirst().orElseThrow();
            redis.set(key, huge()); // by hand, under the right key
            long sent = redisSentBytes();
            try (Connection c = DriverManager.getConnection(nlUrl(llm, "i37sv_bound_b")); Statement s = c.createStatement()) {
                assertEquals(2, TestPostgres.single(s.executeQuery("how many Saabs are there?")));
                assertEquals(Attempt.Source.LLM, s.unwrap(NlStatement.class).lastTrace().attempts().get(0).source());
            }
            long sentNow = redisSentBytes() - sent;
            assertTrue(sentNow < READ_BUDGET, "bytes Redis sent during the question: " + sentNow);
            assertEquals(2, llm.requestCount(), "the model answered");
            assertEquals(good, redis.get(key), "the huge entry was deleted, then the model's answer stored");
        }
    }

    private static String nlUrl(FakeOpenAi llm, String app) {
        List<String> params = new ArrayList<>(List.of(llm.params()));
        params.addAll(List.of("nlsql.maxAttempts=2", "nlsql.repairs=false", "nlsql.cache.shared=" + redisUrl,
                "nlsql.cache.sharedTimeoutMillis=5000", "ApplicationName=" + app));
        return TestPostgres.withParams("jdbc:nlsql:" + url.substring("jdbc:".length()), params.toArray(new String[0]));
    }
}
