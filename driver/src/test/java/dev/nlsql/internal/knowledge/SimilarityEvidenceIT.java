package dev.nlsql.internal.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.DefogQuestions;
import dev.nlsql.internal.knowledge.OtherSimilarityMeasures.Measure;
import dev.nlsql.internal.knowledge.OtherSimilarityMeasures.Scores;
import dev.nlsql.internal.schema.CatalogReader;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.testing.Benchmarks;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The evidence for {@link SimilarQuestions}' measure, on questions nlsql did not write: the defog questions (four
 * databases) and the Northwind gold questions (the held-out ones left out). For a question, the relevant stored pairs
 * are the other questions of its database whose gold SQL has the same shape ({@link SqlShape}: tables read and
 * grouping). Leave-one-out: each question ranks the others of its database. recall@3 is relevant pairs among the
 * first three over min(3, relevant); hit@3 whether any is there; MRR the mean of 1 / rank of the first relevant one.
 * Questions with no relevant pair are left out of the figures.
 */
class SimilarityEvidenceIT {

    /** A stored pair and its label. */
    record Labelled(VerifiedQuestion pair, SqlShape shape) {
    }

    /** Per query: relevant among the first three over min(3, relevant), 1 / rank of the first relevant one. */
    record Figures(String database, double recall3, double reciprocalRank) {
    }

    private static final Map<String, List<Labelled>> BY_DATABASE = new TreeMap<>();
    private static final Map<String, SchemaCatalog> CATALOGS = new TreeMap<>();

    @BeforeAll
    static void readQuestionsAndCatalogs() throws Exception {
        List<String[]> northwind = Benchmarks.northwindGold();
        for (String[] q : northwind.subList(0, northwind.size() - Benchmarks.northwindHeldOut())) {
            add("northwind", q[0], q[1]);
        }
        for (DefogQuestions.GoldQuestion q : DefogQuestions.questions()) {
            add(q.db(), q.question(), q.statements().get(0));
        }
        CATALOGS.put("northwind", catalog(Benchmarks.loadNorthwind()));
        for (String db : Benchmarks.DEFOG_DATABASES) {
            CATALOGS.put(db, catalog(Benchmarks.loadDefog(db)));
        }
    }

    private static void add(String db, String question, String sql) {
        SqlShape shape = SqlShape.of(sql);
        assertTrue(shape != null, "gold SQL JSqlParser reads: " + sql);
        BY_DATABASE.computeIfAbsent(db, k -> new ArrayList<>()).add(new Labelled(new VerifiedQuestion(question, sql, null, null), shape));
    }

    private static SchemaCatalog catalog(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url)) {
            return new CatalogReader(t -> true).read(c);
        }
    }

    /** The measure SimilarQuestions ships, and the same with another weight for the schema's names. */
    private static Measure chosen() {
        return (pairs, catalog) -> new SimilarQuestions(pairs, catalog)::scores;
    }

    private static Measure withNameWeight(double weight) {
        return (pairs, catalog) -> new SimilarQuestions(pairs, SimilarQuestions.nameWords(catalog), weight)::scores;
    }

    private static final String CHOSEN = "Jaccard over stems, schema names x2 (SimilarQuestions)";

    private static Map<String, Measure> others() {
        Map<String, Measure> m = new LinkedHashMap<>();
        m.put("word-set Jaccard over stems", OtherSimilarityMeasures::jaccard);
        m.put("TF-IDF cosine over stems", OtherSimilarityMeasures::tfIdfCosine);
        m.put("BM25 over stems", OtherSimilarityMeasures::bm25);
        m.put("character 3-gram Jaccard", OtherSimilarityMeasures::trigramJaccard);
        m.put("BM25 over stems, schema names x2", OtherSimilarityMeasures::bm25WithNames);
        return m;
    }

    /** Leave-one-out over every database: one Figures per question that has a relevant pair. */
    private static List<Figures> evaluate(Measure measure) {
        List<Figures> out = new ArrayList<>();
        BY_DATABASE.forEach((db, items) -> {
            for (int q = 0; q < items.size(); q++) {
                SqlShape shape = items.get(q).shape();
                List<Labelled> others = new ArrayList<>(items);
                others.remove(q);
                long relevant = others.stream().filter(o -> o.shape().equals(shape)).count();
                if (relevant == 0) {
                    continue;
                }
                double[] scores = measure.index(others.stream().map(Labelled::pair).toList(), CATALOGS.get(db)).of(items.get(q).pair().question());
                Integer[] ranked = ranked(scores);
                int found = 0;
                for (int r = 0; r < Math.min(3, ranked.length); r++) {
                    found += others.get(ranked[r]).shape().equals(shape) ? 1 : 0;
                }
                int first = 0;
                while (!others.get(ranked[first]).shape().equals(shape)) {
                    first++;
                }
                out.add(new Figures(db, (double) found / Math.min(3, relevant), 1.0 / (first + 1)));
            }
        });
        return out;
    }

    /** Indexes by score, highest first, equal scores in file order (as SimilarQuestions orders them). */
    private static Integer[] ranked(double[] scores) {
        Integer[] order = new Integer[scores.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> scores[a] != scores[b] ? Double.compare(scores[b], scores[a]) : Integer.compare(a, b));
        return order;
    }

    private static double recall(List<Figures> f) {
        return f.stream().mapToDouble(Figures::recall3).average().orElse(0);
    }

    private static double hit(List<Figures> f) {
        return f.stream().mapToDouble(x -> x.recall3() > 0 ? 1 : 0).average().orElse(0);
    }

    private static double mrr(List<Figures> f) {
        return f.stream().mapToDouble(Figures::reciprocalRank).average().orElse(0);
    }

    /** Questions where {@code a}'s recall@3 is higher, and where it is lower, than {@code b}'s. */
    private static int[] betterWorse(List<Figures> a, List<Figures> b) {
        int[] out = new int[2];
        for (int i = 0; i < a.size(); i++) {
            out[0] += a.get(i).recall3() > b.get(i).recall3() ? 1 : 0;
            out[1] += a.get(i).recall3() < b.get(i).recall3() ? 1 : 0;
        }
        return out;
    }

    /** 1,000 pairs: the labelled questions of every database, repeated with a word that tells the copies apart. */
    static List<VerifiedQuestion> thousandPairs() {
        String[] regions = {"", " in the north", " in the south", " in the east", " in the west", " overseas", " at home"};
        List<VerifiedQuestion> all = new ArrayList<>();
        BY_DATABASE.values().forEach(l -> l.forEach(x -> all.add(x.pair())));
        List<VerifiedQuestion> out = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            VerifiedQuestion p = all.get(i % all.size());
            out.add(new VerifiedQuestion(p.question() + regions[i / all.size()], p.sql(), null, null));
        }
        return out;
    }

    /**
     * Median microseconds to rank 1,000 pairs for one question, indexed once, after {@code warmRounds} rounds of
     * every question (the shipped measure gets enough for the JIT; the plain ones, far slower, a rough figure).
     */
    private static double microsPerQuestion(java.util.function.Function<String, Object> rank, int warmRounds, int rounds) {
        List<String> asked = new ArrayList<>();
        BY_DATABASE.values().forEach(l -> l.forEach(x -> asked.add(x.pair().question())));
        for (int round = 0; round < warmRounds; round++) {
            asked.forEach(rank::apply);
        }
        long[] nanos = new long[asked.size() * rounds];
        int n = 0;
        for (int round = 0; round < rounds; round++) {
            for (String q : asked) {
                long start = System.nanoTime();
                rank.apply(q);
                nanos[n++] = System.nanoTime() - start;
            }
        }
        Arrays.sort(nanos);
        return nanos[nanos.length / 2] / 1_000.0;
    }

    @Test
    void theChosenMeasureRanksSameShapedPairsBestAndWithinOneMillisecondForAThousandPairs() {
        int questions = BY_DATABASE.values().stream().mapToInt(List::size).sum();
        SchemaCatalog northwind = CATALOGS.get("northwind");
        List<VerifiedQuestion> thousand = thousandPairs();
        Map<String, List<Figures>> results = new LinkedHashMap<>();
        Map<String, Double> micros = new LinkedHashMap<>();
        others().forEach((name, m) -> {
            results.put(name, evaluate(m));
            Scores s = m.index(thousand, northwind);
            micros.put(name, microsPerQuestion(s::of, 2, 1));
        });
        results.put(CHOSEN, evaluate(chosen()));
        SimilarQuestions shipped = new SimilarQuestions(thousand, northwind);
        micros.put(CHOSEN, microsPerQuestion(q -> shipped.mostSimilar(q, 3), 50, 5));
        for (double w : new double[] {1.5, 3}) {
            results.put("  same, schema names x" + w, evaluate(withNameWeight(w)));
        }

        System.out.printf(Locale.ROOT, "%nsimilar verified questions: %d questions (%s), %d with a same-shaped pair, leave-one-out%n",
                questions, String.join(", ", BY_DATABASE.keySet()), results.get(CHOSEN).size());
        List<Figures> best = results.get(CHOSEN);
        System.out.printf(Locale.ROOT, "| %-56s | recall@3 | hit@3 | MRR   | %s | chosen better/worse | us/question, 1,000 pairs |%n",
                "measure", String.join(" | ", BY_DATABASE.keySet().stream().map(db -> String.format(Locale.ROOT, "%-9.9s", db)).toList()));
        results.forEach((name, f) -> {
            StringBuilder perDb = new StringBuilder();
            for (String db : BY_DATABASE.keySet()) {
                perDb.append(String.format(Locale.ROOT, "%9.3f | ", recall(f.stream().filter(x -> x.database().equals(db)).toList())));
            }
            int[] versus = betterWorse(best, f);
            Double us = micros.get(name);
            System.out.printf(Locale.ROOT, "| %-56s | %8.3f | %5.3f | %5.3f | %s%19s | %24s |%n", name, recall(f), hit(f), mrr(f), perDb,
                    name.equals(CHOSEN) ? "" : versus[0] + " / " + versus[1], us == null ? "" : String.format(Locale.ROOT, "%.1f", us));
        });
        System.out.println("chosen better/worse: questions where the chosen measure's recall@3 is higher / lower than the row's;"
                + " us/question: median on 1,000 pairs; the other measures are written plainly (no index) and"
                + " barely warmed, so their times are rough upper bounds");
        int[] versusJaccard = betterWorse(best, results.get("word-set Jaccard over stems"));

        assertTrue(questions >= 170 && best.size() >= 100, questions + " questions, " + best.size() + " with a relevant pair");
        // Measured when written: chosen recall@3 0.567, MRR 0.669; Jaccard 0.525 / 0.634, TF-IDF 0.425 / 0.521,
        // BM25 0.493 / 0.573, 3-grams 0.419 / 0.530, BM25 with names 0.476 / 0.586.
        for (String name : others().keySet()) {
            assertTrue(recall(best) >= recall(results.get(name)), "recall@3 of " + name + " beats the chosen measure's");
            assertTrue(mrr(best) >= mrr(results.get(name)), "MRR of " + name + " beats the chosen measure's");
        }
        assertTrue(versusJaccard[0] > versusJaccard[1], "better than plain Jaccard for " + versusJaccard[0] + ", worse for " + versusJaccard[1]);
        // Measured when written: about 10 us on a busy 2-core machine; the bound is the requirement itself.
        assertTrue(micros.get(CHOSEN) < 1_000, "median " + micros.get(CHOSEN) + " us to rank 1,000 pairs");
    }

    /**
     * The floor: how much recall@3 it costs, and how often a question is shown pairs of another database (pairs about
     * other data, though they may share a word such as "customers"), against the floor of any shared word.
     */
    @Test
    void theFloorKeepsMostRelevantExamplesAndDropsManyFromOtherDatabases() {
        Map<Double, double[]> byFloor = new TreeMap<>();
        for (double floor : new double[] {Double.MIN_VALUE, 0.1, SimilarQuestions.FLOOR, 0.3}) {
            byFloor.put(floor, floorFigures(floor));
        }
        System.out.printf(Locale.ROOT, "%n| floor            | recall@3 | examples shown | questions shown another database's pairs |%n");
        byFloor.forEach((floor, f) -> System.out.printf(Locale.ROOT, "| %-16s | %8.3f | %14.0f | %39.1f%% |%n",
                floor == Double.MIN_VALUE ? "any shared word" : String.format(Locale.ROOT, "%.2f%s", floor,
                        floor == SimilarQuestions.FLOOR ? " (chosen)" : ""), f[0], f[1], 100 * f[2]));
        double[] none = byFloor.get(Double.MIN_VALUE);
        double[] chosen = byFloor.get(SimilarQuestions.FLOOR);
        // Measured when written: recall@3 0.567 -> 0.555; other databases' pairs shown to 91% -> 68% of questions.
        assertTrue(chosen[0] >= none[0] - 0.03, "the floor costs recall@3: " + none[0] + " -> " + chosen[0]);
        assertTrue(chosen[2] <= none[2] - 0.15, "the floor drops other databases' pairs: " + none[2] + " -> " + chosen[2]);
    }

    /** {recall@3 with only pairs at or above the floor shown, examples shown, share of questions shown a foreign pair}. */
    private static double[] floorFigures(double floor) {
        double recall = 0;
        int queries = 0;
        int shown = 0;
        int foreignShown = 0;
        int asked = 0;
        for (Map.Entry<String, List<Labelled>> e : BY_DATABASE.entrySet()) {
            List<VerifiedQuestion> foreign = new ArrayList<>();
            BY_DATABASE.forEach((db, l) -> {
                if (!db.equals(e.getKey())) {
                    l.forEach(x -> foreign.add(x.pair()));
                }
            });
            SimilarQuestions elsewhere = new SimilarQuestions(foreign, CATALOGS.get(e.getKey()));
            List<Labelled> items = e.getValue();
            for (int q = 0; q < items.size(); q++) {
                String question = items.get(q).pair().question();
                asked++;
                foreignShown += Arrays.stream(elsewhere.scores(question)).anyMatch(s -> s >= floor) ? 1 : 0;
                List<Labelled> others = new ArrayList<>(items);
                others.remove(q);
                SimilarQuestions similar = new SimilarQuestions(others.stream().map(Labelled::pair).toList(), CATALOGS.get(e.getKey()));
                double[] scores = similar.scores(question);
                Integer[] ranked = ranked(scores);
                List<VerifiedQuestion> examples = new ArrayList<>();
                for (int r = 0; r < Math.min(3, ranked.length) && scores[ranked[r]] >= floor; r++) {
                    examples.add(others.get(ranked[r]).pair());
                }
                if (floor == SimilarQuestions.FLOOR) {
                    assertEquals(examples, similar.mostSimilar(question, 3), "mostSimilar shows what the scores rank");
                }
                shown += examples.size();
                SqlShape shape = items.get(q).shape();
                long relevant = others.stream().filter(o -> o.shape().equals(shape)).count();
                if (relevant > 0) {
                    queries++;
                    long found = examples.stream().filter(x -> others.stream().anyMatch(o -> o.pair() == x && o.shape().equals(shape))).count();
                    recall += (double) found / Math.min(3, relevant);
                }
            }
        }
        return new double[] {recall / queries, shown, (double) foreignShown / asked};
    }
}
