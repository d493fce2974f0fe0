package dev.nlsql.proxy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.Await;
import dev.nlsql.testing.Prerequisite;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** PostgreSQL restarted while clients query through the proxy: connection-class errors, then every client recovers. */
class BackendRestartIT {

    private static final int CLIENTS = 4;

    /**
     * Restarting PostgreSQL needs a scratch cluster of its own. In CI (root, postgresql-common) a
     * missing prerequisite fails the build; elsewhere the test is skipped, with the reason printed
     * on stderr and in the skip message (per test, so surefire counts it as skipped), so that a skip
     * is never mistaken for a pass.
     */
    @BeforeEach
    void needsAScratchCluster() {
        String missing = ScratchCluster.missing();
        Prerequisite.require(missing == null, () -> "a scratch PostgreSQL cluster to restart: " + missing);
    }

    @Test
    void aRestartUnderLoadGivesConnectionErrorsThenEveryClientRecovers() throws Exception {
        try (ScratchCluster cluster = ScratchCluster.start("nlsql_restart", 5439);
                PgServer server = new PgServer(new ProxyConfig(ClientsAsThemselves.url(cluster.jdbcUrl()), "127.0.0.1", 0, ProxyConfig.Auth.TRUST,
                        Users.of(Map.of()), Map.of("nlsql.llm", "offline"), 50, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null).start()) {
            AtomicBoolean restarted = new AtomicBoolean();
            AtomicBoolean stop = new AtomicBoolean();
            Queue<String> errors = new ConcurrentLinkedQueue<>();
            AtomicIntegerArray answeredBefore = new AtomicIntegerArray(CLIENTS);
            AtomicIntegerArray answeredAfter = new AtomicIntegerArray(CLIENTS);
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            List<Future<?>> clients = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                int client = i;
                // half the clients send simple queries (relayed), half extended ones (through JDBC)
                String url = "jdbc:postgresql://127.0.0.1:" + server.port() + "/postgres?user=postgres&connectTimeout=5&socketTimeout=30"
                        + (client % 2 == 0 ? "&preferQueryMode=simple" : "");
                clients.add(pool.submit(() -> {
                    load(url, client, stop, restarted, errors, answeredBefore, answeredAfter);
                    return null;
                }));
            }
            Await.within(Duration.ofSeconds(30), () -> allPositive(answeredBefore));
            cluster.restart();
            restarted.set(true);
            boolean recovered = Await.within(Duration.ofSeconds(60), () -> allPositive(answeredAfter));
            stop.set(true);
            for (Future<?> f : clients) {
                f.get(60, TimeUnit.SECONDS);
            }
            pool.shutdown();
            assertTrue(recovered, "every client answered again after the restart: " + answeredAfter);
            assertFalse(errors.isEmpty(), "the restart interrupted the load");
            for (String e : errors) {
                assertTrue(e.startsWith("08") || e.startsWith("57"), "a connection-class SQLSTATE, not: " + e);
            }
            RobustnessIT.assertServes(server, "a new session after the restart");
        }
    }

    /** Queries until told to stop; a failed connection is dropped and a new one made, as a pool does. */
    private static void load(String url, int client, AtomicBoolean stop, AtomicBoolean restarted, Queue<String> errors,
            AtomicIntegerArray answeredBefore, AtomicIntegerArray answeredAfter) throws InterruptedException {
        Connection c = null;
        while (!stop.get()) {
            boolean afterRestart = restarted.get();
            try {
                if (c == null) {
                    c = DriverManager.getConnection(url);
                }
                try (PreparedStatement ps = c.prepareStatement("SELECT count(*) + ? FROM pg_class")) {
                    ps.setInt(1, client);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                    }
                }
                (afterRestart ? answeredAfter : answeredBefore).incrementAndGet(client);
            } catch (SQLException e) {
                errors.add(e.getSQLState() + " " + e.getMessage());
                closeQuietly(c);
                c = null;
                Thread.sleep(50);
            }
        }
        closeQuietly(c);
    }

    private static boolean allPositive(AtomicIntegerArray counts) {
        for (int i = 0; i < counts.length(); i++) {
            if (counts.get(i) == 0) {
                return false;
            }
        }
        return true;
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // it is broken anyway
            }
        }
    }
}
