package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;

/**
 * nlsql.cache.shared: a second tier of the answer cache in a real Redis (127.0.0.1:6379, database 13; NLSQL_TEST_REDIS_URL
 * overrides). Two driver instances (the -all jar in two class loaders: two processes' worth of static caches) share an
 * answer with no model call; a schema change misses; a store that goes away or hangs never fails a question; hostile SQL
 * written under the right key is refused by the guard. The test deletes every key it wrote.
 */
class SharedAnswerCacheIT {

    private static final String DATABASE = "nlsql_shared_cache";
    private static String url;
    private static String redisUrl;
    private static JedisPooled redis;
    private static Set<String> keysBefore;

    @BeforeAll
    static void setUp() throws SQLException {
        String env = System.getenv("NLSQL_TEST_REDIS_URL");
        redisUrl = env != null && !env.isBlank() ? env : "redis://127.0.0.1:6379/13";
        redis = new JedisPooled(URI.create(redisUrl));
        redis.ping();
        keysBefore = new HashSet<>(redis.keys(SharedAnswers.PREFIX + "*"));
        url = TestPostgres.database(DATABASE,
                "DROP TABLE IF EXISTS sc_cars, sc_canary, sc_parts",
                "DROP SEQUENCE IF EXISTS sc_seq",
                "CREATE TABLE sc_cars (id int PRIMARY KEY, make text)",
                "INSERT INTO sc_cars VALUES (1, 'Saab'), (2, 'Volvo'), (3, 'Saab'), (4, 'Fiat')",
                "CREATE TABLE sc_canary (n int)",
                "INSERT INTO sc_canary VALUES (1)",
                "CREATE TABLE sc_parts (id int PRIMARY KEY)",
                "CREATE SEQUENCE sc_seq");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        for (String k : newKeys()) {
            redis.del(k);
        }
        redis.close();
        TestPostgres.dropDatabase(DATABASE);
    }

    private static Set<String> newKeys() {
        Set<String> keys = new HashSet<>(redis.keys(SharedAnswers.PREFIX + "*"));
        keys.removeAll(keysBefore);
        return keys;
    }

    /** The nlsql URL of the test database with the model and the shared cache; {@code app} gives a fresh in-process tier. */
    private static String nlUrl(FakeOpenAi llm, String store, String app, String... extra) {
        List<String> params = new ArrayList<>(List.of(llm.params()));
        params.addAll(List.of("nlsql.maxAttempts=2", "nlsql.repairs=false", "nlsql.cache.shared=" + store, "ApplicationName=" + app));
        params.addAll(List.of(extra));
        return TestPostgres.withParams("jdbc:nlsql:" + url.substring("jdbc:".length()), params.toArray(new String[0]));
    }

    /** A driver instance of its own: the -all jar in its own class loader, with its own static engines and caches. */
    private static final class Instance implements AutoCloseable {
        final URLClassLoader loader;
        final Driver driver;

        Instance() throws IOException {
            Path jar = Path.of(System.getProperty("nlsql.allJar", "target/nlsql-driver-0.1.0-SNAPSHOT-all.jar"));
            loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Driver found = null;
            for (Driver d : ServiceLoader.load(Driver.class, loader)) {
                if (d.getClass().getName().equals("dev.nlsql.jdbc.NlDriver")) {
                    found = d;
                }
            }
            driver = found;
            assertNotNull(driver, "NlDriver in " + jar);
        }

        long ask(String nlUrl, String question) throws SQLException {
            try (Connection c = open(nlUrl); Statement s = c.createStatement()) {
                return TestPostgres.single(s.executeQuery(question));
            }
        }

        Connection open(String nlUrl) throws SQLException {
            ClassLoader before = Thread.currentThread().getContextClassLoader();
            Thread.currentThread().setContextClassLoader(loader);
            try {
                return driver.connect(nlUrl, new Properties());
            } finally {
                Thread.currentThread().setContextClassLoader(before);
            }
        }

        @Override
        public void close() throws IOException {
            loader.close();
        }
    }

    @Test
    void twoDriverInstancesShareAnAnswerWithoutAModelCall() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM sc_cars WHERE make = 'Saab'"));
                Instance a = new Instance(); Instance b = new Instance()) {
            String u = nlUrl(llm, redisUrl, "sc_share");
            assertEquals(2, a.ask(u, "How many Saabs are there?"));
            assertEquals(1, llm.requestCount());
            assertEquals(2, b.ask(u, "how many  saabs are there?")); // normalised like the in-process tier
            assertEquals(1, llm.requestCount(), "the second instance answered from the shared store, with no model call");
            Set<String> written = newKeys();
            assertTrue(written.stream().allMatch(k -> k.matches("nlsql:answer:v1:[0-9a-f]{64}")), written.toString());
            String value = written.stream().map(redis::get).filter(v -> v.contains("Saab")).findFirst().orElseThrow();
            assertEquals("SELECT count(*) FROM sc_cars WHERE make = 'Saab'", value, "the value is the validated SQL, never rows");
            assertTrue(redis.ttl(written.stream().filter(k -> redis.get(k).contains("Saab")).findFirst().orElseThrow()) > 0,
                    "entries expire");
        }
    }

    @Test
    void theTraceTellsASharedHitFromAModelAnswer() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM sc_cars WHERE make = 'Volvo'"))) {
            try (Connection c = DriverManager.getConnection(nlUrl(llm, redisUrl, "sc_trace_a")); Statement s = c.createStatement()) {
                assertEquals(1, TestPostgres.single(s.executeQuery("how many Volvos?")));
                assertEquals(Attempt.Source.LLM, s.unwrap(NlStatement.class).lastTrace().attempts().get(0).source());
            }
            // another URL: another in-process key, the same shared one (the database is named without its parameters)
            try (Connection c = DriverManager.getConnection(nlUrl(llm, redisUrl, "sc_trace_b")); Statement s = c.createStatement()) {
                assertEquals(1, TestPostgres.single(s.executeQuery("how many Volvos?")));
                Trace t = s.unwrap(NlStatement.class).lastTrace();
                assertEquals(Attempt.Source.CACHE, t.attempts().get(0).source());
                assertTrue(t.notes().stream().anyMatch(n -> n.contains("shared cache")), t.notes().toString());
            }
            assertEquals(1, llm.requestCount());
        }
    }

    @Test
    void aSchemaChangeMissesTheSharedCache() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM sc_parts"), answer("SELECT count(*) FROM sc_parts"));
                Instance a = new Instance(); Instance b = new Instance(); Instance c = new Instance()) {
            String u = nlUrl(llm, redisUrl, "sc_schema");
            assertEquals(0, a.ask(u, "how many parts?"));
            assertEquals(0, b.ask(u, "how many parts?"));
            assertEquals(1, llm.requestCount(), "unchanged schema: shared");
            try (Connection plain = DriverManager.getConnection(url); Statement s = plain.createStatement()) {
                s.execute("ALTER TABLE sc_parts ADD COLUMN label text");
            }
            try {
                assertEquals(0, c.ask(u, "how many parts?"));
                assertEquals(2, llm.requestCount(), "a new schema fingerprint: the old key is unreachable, the model is asked");
            } finally {
                try (Connection plain = DriverManager.getConnection(url); Statement s = plain.createStatement()) {
                    s.execute("ALTER TABLE sc_parts DROP COLUMN label");
                }
            }
        }
    }

    @Test
    void aPoisonedEntryIsRefusedByTheGuardAndNothingRuns() throws Exception {
        String good = "SELECT count(DISTINCT make) FROM sc_cars";
        List<String> hostile = List.of("DROP TABLE sc_canary", "DELETE FROM sc_canary",
                "SELECT count(*) FROM sc_cars; DROP TABLE sc_canary", "SELECT nextval('sc_seq')",
                "SELECT pg_sleep(30)", "INSERT INTO sc_canary VALUES (2) RETURNING n");
        try (FakeOpenAi llm = new FakeOpenAi(answer(good))) {
            String key;
            try (Connection c = DriverManager.getConnection(nlUrl(llm, redisUrl, "sc_poison_0")); Statement s = c.createStatement()) {
                assertEquals(3, TestPostgres.single(s.executeQuery("how many makes?")));
            }
            key = newKeys().stream().filter(k -> good.equals(redis.get(k))).findFirst().orElseThrow();
            int round = 0;
            for (String sql : hostile) {
                round++;
                redis.set(key, sql); // by hand, under the right key
                llm.then(answer(good));
                long t0 = System.nanoTime();
                try (Connection c = DriverManager.getConnection(nlUrl(llm, redisUrl, "sc_poison_" + round));
                        Statement s = c.createStatement()) {
                    assertEquals(3, TestPostgres.single(s.executeQuery("how many makes?")), sql);
                    Trace t = s.unwrap(NlStatement.class).lastTrace();
                    assertEquals(Attempt.Source.LLM, t.attempts().get(0).source(), sql);
                    assertTrue(t.attempts().stream().noneMatch(at -> at.sql() != null && at.sql().equals(sql)), sql);
                }
                assertTrue((System.nanoTime() - t0) / 1_000_000 < 30_000, "pg_sleep did not run");
                assertEquals(1 + round, llm.requestCount(), "the answer came from the model: " + sql);
                assertEquals(good, redis.get(key), "the refused entry was deleted, then the model's answer stored");
            }
        }
        // PostgreSQL as the oracle: nothing was written, dropped or drawn
        try (Connection plain = DriverManager.getConnection(url); Statement s = plain.createStatement()) {
            assertEquals(1, TestPostgres.single(s.executeQuery("SELECT count(*) FROM sc_canary WHERE n = 1")));
            assertEquals(1, TestPostgres.single(s.executeQuery("SELECT count(*) FROM sc_canary")));
            try (ResultSet rs = s.executeQuery("SELECT is_called FROM sc_seq")) {
                assertTrue(rs.next());
                assertFalse(rs.getBoolean(1), "nextval never ran");
            }
        }
    }

    private static void daemon(Runnable r) {
        Thread t = new Thread(r, "shared-cache-it");
        t.setDaemon(true);
        t.start();
    }

    /** A TCP relay to the real Redis that the test can close: the store goes away under a running instance. */
    private static final class Relay implements AutoCloseable {
        final ServerSocket server;
        final List<Socket> sockets = new CopyOnWriteArrayList<>();

        Relay(URI target) throws IOException {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            daemon(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket in = server.accept();
                        Socket out = new Socket(target.getHost(), target.getPort());
                        sockets.add(in);
                        sockets.add(out);
                        pump(in, out);
                        pump(out, in);
                    } catch (IOException e) {
                        return; // closed
                    }
                }
            });
        }

        private static void pump(Socket from, Socket to) {
            daemon(() -> {
                try (InputStream i = from.getInputStream(); OutputStream o = to.getOutputStream()) {
                    i.transferTo(o);
                } catch (IOException e) {
                    // a side closed
                }
            });
        }

        String url(URI target) {
            return "redis://127.0.0.1:" + server.getLocalPort() + (target.getPath() == null ? "" : target.getPath());
        }

        @Override
        public void close() throws IOException {
            server.close();
            for (Socket s : sockets) {
                s.close();
            }
        }
    }

    @Test
    void aStoreThatGoesAwayIsSkippedWithOneWarning() throws Exception {
        URI target = URI.create(redisUrl);
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM sc_cars WHERE make = 'Fiat'"),
                answer("SELECT count(*) FROM sc_cars WHERE id > 1"), answer("SELECT count(*) FROM sc_cars WHERE id > 2"),
                answer("SELECT count(*) FROM sc_cars WHERE id > 3"))) {
            Relay relay = new Relay(target);
            String store = relay.url(target);
            SharedAnswers shared = SharedAnswers.of(store, 200);
            try (Connection c = DriverManager.getConnection(nlUrl(llm, store, "sc_away_a")); Statement s = c.createStatement()) {
                assertEquals(1, TestPostgres.single(s.executeQuery("how many Fiats?")));
            }
            try (Connection c = DriverManager.getConnection(nlUrl(llm, store, "sc_away_b")); Statement s = c.createStatement()) {
                assertEquals(1, TestPostgres.single(s.executeQuery("how many Fiats?")));
                assertEquals(1, llm.requestCount(), "through the relay, the store works");
                assertEquals(0, shared.warnings());
                relay.close(); // the store goes away
                assertEquals(3, TestPostgres.single(s.executeQuery("how many cars above id 1?")));
                assertEquals(2, TestPostgres.single(s.executeQuery("how many cars above id 2?")));
                assertEquals(1, TestPostgres.single(s.executeQuery("how many cars above id 3?")));
            }
            assertEquals(4, llm.requestCount(), "every question answered, by the model");
            assertEquals(1, shared.warnings(), "one warning for the outage, not one per question");
        }
    }

    @Test
    void aStoreThatNeverRepliesCostsAtMostItsTimeout() throws Exception {
        List<Socket> held = Collections.synchronizedList(new ArrayList<>());
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                FakeOpenAi llm = new FakeOpenAi()) {
            daemon(() -> {
                while (!silent.isClosed()) {
                    try {
                        held.add(silent.accept()); // accepts, reads nothing, never replies
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            String store = "redis://127.0.0.1:" + silent.getLocalPort() + "/0";
            // warm (classes, catalog, functions) without the store, so that the timed question measures the store's part
            String warm = nlUrl(llm, redisUrl, "sc_slow").replace("nlsql.cache.shared=" + redisUrl, "nlsql.cache=true");
            llm.then(answer("SELECT count(*) FROM sc_cars WHERE make = 'Fiat'"));
            try (Connection c = DriverManager.getConnection(warm); Statement s = c.createStatement()) {
                assertEquals(1, TestPostgres.single(s.executeQuery("how many Fiats are there?")));
            }
            SharedAnswers shared = SharedAnswers.of(store, 150);
            llm.then(answer("SELECT count(*) FROM sc_cars WHERE make <> 'Fiat'"));
            long t0 = System.nanoTime();
            try (Connection c = DriverManager.getConnection(nlUrl(llm, store, "sc_slow", "nlsql.cache.sharedTimeoutMillis=150"));
                    Statement s = c.createStatement()) {
                assertEquals(3, TestPostgres.single(s.executeQuery("how many non-Fiats?")));
            }
            long millis = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(1, held.size(), "one connection tried, no reconnect loop");
            assertEquals(1, shared.warnings());
            // Jedis alone would wait 2 s per read (its default); bounded by the property, connect included, it is far less
            assertTrue(millis < 2_000, millis + " ms");
            long g0 = System.nanoTime();
            assertEquals(null, SharedAnswers.of(store, 120).get(SharedAnswers.key("shared-cache-it", "slow")));
            long getMillis = (System.nanoTime() - g0) / 1_000_000;
            assertTrue(getMillis < 1_000, getMillis + " ms for one read of a silent store");
            System.out.printf("shared cache: a silent store: question %d ms, one read %d ms (timeout 120 ms)%n", millis, getMillis);
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    /**
     * The figures for the closing note: hit rate across two instances on a repeated-question workload, and what the shared
     * tier adds (a shared hit against an in-process hit; a store round trip on a miss). Printed, not asserted: only the
     * model-call count is.
     */
    @Test
    void hitRateAndAddedLatencyAcrossTwoInstances() throws Exception {
        int questions = 30;
        int rounds = 5;
        int warmUp = 20; // per instance, distinct questions the model answers: each instance's code compiled before timing
        FakeOpenAi.Reply[] replies = new FakeOpenAi.Reply[questions + 2 * warmUp];
        for (int k = 0; k < 2 * warmUp; k++) {
            replies[k] = answer("SELECT count(*) FROM sc_cars WHERE id < " + k);
        }
        for (int k = 0; k < questions; k++) {
            replies[2 * warmUp + k] = answer("SELECT count(*) FROM sc_cars WHERE id > " + k + " AND make IS NOT NULL");
        }
        long[] miss = new long[questions];
        long[] sharedHit = new long[questions];
        long[] localHit = new long[questions * 2 * (rounds - 1)];
        int asked = 0;
        try (FakeOpenAi llm = new FakeOpenAi(replies); Instance a = new Instance(); Instance b = new Instance()) {
            String u = nlUrl(llm, redisUrl, "sc_bench");
            try (Connection ca = a.open(u); Statement sa = ca.createStatement(); Connection cb = b.open(u);
                    Statement sb = cb.createStatement()) {
                TestPostgres.single(sa.executeQuery("SELECT count(*) FROM sc_cars")); // warm: catalog, connection
                TestPostgres.single(sb.executeQuery("SELECT count(*) FROM sc_cars"));
                for (int k = 0; k < 2 * warmUp; k++) {
                    timed(k < warmUp ? sa : sb, "how many cars below id " + k + "?", Math.min(4, Math.max(0, k - 1)));
                }
                for (int k = 0; k < questions; k++) {
                    miss[k] = timed(sa, "how many cars above id " + k + " with a make?", Math.max(0, 4 - k));
                    asked++;
                }
                for (int k = 0; k < questions; k++) {
                    sharedHit[k] = timed(sb, "how many cars above id " + k + " with a make?", Math.max(0, 4 - k));
                    asked++;
                }
                int i = 0;
                for (int r = 1; r < rounds; r++) {
                    for (Statement s : List.of(sa, sb)) {
                        for (int k = 0; k < questions; k++) {
                            localHit[i++] = timed(s, "how many cars above id " + k + " with a make?", Math.max(0, 4 - k));
                            asked++;
                        }
                    }
                }
            }
            assertEquals(questions + 2 * warmUp, llm.requestCount(), "one model call per distinct question across both instances");
        }
        SharedAnswers store = SharedAnswers.of(redisUrl, 200);
        long[] get = new long[500];
        long[] put = new long[500];
        String key = SharedAnswers.key("shared-cache-it", "bench");
        keysBefore.remove(key);
        for (int i = 0; i < get.length; i++) {
            long t0 = System.nanoTime();
            store.get(key);
            get[i] = System.nanoTime() - t0;
            t0 = System.nanoTime();
            store.put(key, "SELECT 1", 60);
            put[i] = System.nanoTime() - t0;
        }
        redis.del(key);
        System.out.printf("shared cache: %d questions over 2 instances, %d model calls: hit rate %.1f%% (first instance's %d "
                + "distinct questions missed; the second's all hit the shared tier)%n", asked, questions,
                100.0 * (asked - questions) / asked, questions);
        System.out.printf("shared cache: p50/p95 ms: model answer (1st instance) %s, shared hit (2nd instance) %s, in-process hit %s%n",
                p(miss), p(sharedHit), p(localHit));
        System.out.printf("shared cache: store round trip p50/p95 ms: GET %s, SETEX %s (a miss adds one of each)%n", p(get), p(put));
    }

    private static long timed(Statement s, String question, long expected) throws SQLException {
        long t0 = System.nanoTime();
        assertEquals(expected, TestPostgres.single(s.executeQuery(question)), question);
        return System.nanoTime() - t0;
    }

    private static String p(long[] nanos) {
        long[] sorted = nanos.clone();
        java.util.Arrays.sort(sorted);
        return String.format("%.2f/%.2f", sorted[sorted.length / 2] / 1e6, sorted[(int) Math.ceil(sorted.length * 0.95) - 1] / 1e6);
    }
}
