package dev.nlsql.eval;

import dev.nlsql.engine.Trace;
import dev.nlsql.jdbc.NlStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs a question file through nlsql and grades every answer by execution match against its
 * gold SQL, run on the same database in the same run (or on the question's {@code gold_url}). {@code {db}}
 * in the URL, in the values of the connection properties (attached sources: {@code nlsql.source.<name>})
 * and in a gold URL is replaced by a question's database, so one run covers several databases.
 */
public final class Evaluator {

    private final String urlTemplate;
    private final Properties properties;
    private final int parallel;

    public Evaluator(String urlTemplate, Properties properties, int parallel) {
        this.urlTemplate = urlTemplate;
        this.properties = new Properties();
        // every question of a question file stands alone, though a connection serves many of them
        this.properties.setProperty("nlsql.followUps", "false");
        this.properties.putAll(properties);
        this.parallel = Math.max(1, parallel);
    }

    /** Grades every question; {@code progress} sees each result as it comes. Stops early when interrupted. */
    public List<QuestionResult> run(List<Dataset.Question> questions, Consumer<QuestionResult> progress) throws InterruptedException {
        return run(questions, progress, () -> false);
    }

    /** As {@link #run(List, Consumer)}, taking no new question once {@code stop} says so. */
    public List<QuestionResult> run(List<Dataset.Question> questions, Consumer<QuestionResult> progress,
            java.util.function.BooleanSupplier stop) throws InterruptedException {
        List<QuestionResult> results = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(parallel, r -> {
            Thread t = new Thread(r, "nlsql-eval");
            t.setDaemon(true);
            return t;
        });
        ThreadLocal<Map<String, Connection>> connections = ThreadLocal.withInitial(HashMap::new);
        List<Connection> opened = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        for (int w = 0; w < parallel; w++) {
            pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < questions.size() && !stop.getAsBoolean()
                        && !Thread.currentThread().isInterrupted(); i = next.getAndIncrement()) {
                    QuestionResult r = grade(questions.get(i), connections.get(), opened);
                    results.add(r);
                    progress.accept(r);
                }
            });
        }
        pool.shutdown();
        try {
            while (!pool.awaitTermination(1, TimeUnit.SECONDS)) {
                // waiting; an interrupt ends the run with what was measured
            }
        } finally {
            pool.shutdownNow();
            for (Connection c : opened) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // closing at the end of a run
                }
            }
        }
        results.sort((a, b) -> Integer.compare(a.question().index(), b.question().index()));
        return results;
    }

    private QuestionResult grade(Dataset.Question q, Map<String, Connection> connections, List<Connection> opened) {
        Connection c;
        try {
            c = connections.get(q.db() == null ? "" : q.db());
            if (c == null) {
                String db = q.db() == null ? "" : q.db();
                c = DriverManager.getConnection(urlTemplate.replace("{db}", db), forDatabase(properties, db));
                connections.put(q.db() == null ? "" : q.db(), c);
                opened.add(c);
            }
        } catch (SQLException e) {
            return QuestionResult.goldFailed(q, "cannot connect: " + e.getMessage());
        }
        if (q.unanswerable()) {
            return refusalExpected(q, c);
        }
        List<List<List<Object>>> golds = new ArrayList<>();
        List<Boolean> goldOrdered = new ArrayList<>();
        String goldError = null;
        Connection goldConnection = c;
        if (q.goldUrl() != null) {
            String goldUrl = q.goldUrl().replace("{db}", q.db() == null ? "" : q.db());
            try {
                goldConnection = connections.get("gold:" + goldUrl);
                if (goldConnection == null) {
                    goldConnection = DriverManager.getConnection(goldUrl);
                    connections.put("gold:" + goldUrl, goldConnection);
                    opened.add(goldConnection);
                }
            } catch (SQLException e) {
                return QuestionResult.goldFailed(q, "cannot connect to the gold database: " + e.getMessage());
            }
        }
        for (String g : GoldSql.expand(q.goldSql())) {
            try (Statement s = goldConnection.createStatement(); ResultSet rs = s.executeQuery(g)) {
                golds.add(rows(rs));
                goldOrdered.add(GoldSql.ordersRows(g) && QuestionOrder.asksForOrder(q.text(), q.category()));
            } catch (SQLException e) {
                goldError = e.getMessage();
            }
        }
        if (golds.isEmpty()) {
            return QuestionResult.goldFailed(q, goldError);
        }
        long start = System.nanoTime();
        try (Statement s = c.createStatement()) {
            NlStatement nl = s.unwrap(NlStatement.class);
            try (ResultSet rs = nl.executeQuestion(q.text(), q.instructions())) {
                List<List<Object>> answer = rows(rs);
                boolean strict = false;
                boolean lenient = false;
                for (int i = 0; i < golds.size(); i++) {
                    strict |= ResultMatch.strict(golds.get(i), answer, goldOrdered.get(i));
                    lenient |= ResultMatch.lenient(golds.get(i), answer, goldOrdered.get(i));
                }
                Trace answered = nl.lastTrace();
                return QuestionResult.of(q, answered, true, strict, lenient, null, null, millis(start),
                        c.unwrap(dev.nlsql.jdbc.NlConnection.class).confidence(answered, answer.size()));
            } catch (SQLException e) {
                Trace t = nl.lastTrace();
                return QuestionResult.of(q, t != null && t.question().equals(q.text().strip()) ? t : null, false, false, false,
                        e.getSQLState(), e.getMessage(), millis(start));
            }
        } catch (SQLException e) {
            return QuestionResult.of(q, null, false, false, false, e.getSQLState(), e.getMessage(), millis(start));
        }
    }

    /** The connection properties for one database: {@code {db}} in every source URL takes its name, as in the URL. */
    static Properties forDatabase(Properties properties, String db) {
        Properties out = new Properties();
        for (String key : properties.stringPropertyNames()) {
            String value = properties.getProperty(key);
            boolean source = key.regionMatches(true, 0, dev.nlsql.config.NlProperty.SOURCE_PREFIX, 0,
                    dev.nlsql.config.NlProperty.SOURCE_PREFIX.length());
            out.setProperty(key, source ? value.replace("{db}", db) : value);
        }
        return out;
    }

    /** A question without gold SQL: right when nlsql refuses it as not about the database (NL002), wrong when it answers. */
    private static QuestionResult refusalExpected(Dataset.Question q, Connection c) {
        long start = System.nanoTime();
        try (Statement s = c.createStatement()) {
            NlStatement nl = s.unwrap(NlStatement.class);
            try (ResultSet rs = nl.executeQuestion(q.text(), q.instructions())) {
                rows(rs);
                return QuestionResult.of(q, nl.lastTrace(), true, false, false, null, null, millis(start));
            } catch (SQLException e) {
                Trace t = nl.lastTrace();
                boolean refused = QuestionResult.REFUSED.equals(e.getSQLState());
                return QuestionResult.of(q, t != null && t.question().equals(q.text().strip()) ? t : null, false, refused, refused,
                        e.getSQLState(), e.getMessage(), millis(start));
            }
        } catch (SQLException e) {
            return QuestionResult.of(q, null, false, false, false, e.getSQLState(), e.getMessage(), millis(start));
        }
    }

    static List<List<Object>> rows(ResultSet rs) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            List<Object> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
                row.add(rs.getObject(i));
            }
            out.add(row);
        }
        return out;
    }

    private static long millis(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
