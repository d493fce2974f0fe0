package dev.nlsql.bench;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * {@code java -jar nlsql-bench.jar passthrough} runs the pass-through benchmark and prints
 * nlsql/plain ratios measured in the same run; any other arguments go to JMH's own main.
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("fake-llm")) {
            FakeLlmCommand.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length > 0 && args[0].equals("overhead")) {
            OverheadBenchmark.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length > 0 && args[0].equals("throughput")) {
            ThroughputBenchmark.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length > 0 && args[0].equals("local-join-memory")) {
            LocalJoinMemoryBenchmark.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length > 0 && args[0].equals("local-join")) {
            LocalJoinBenchmark.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        boolean quick = args.length > 1 && args[1].equals("--quick");
        if (args.length > 0 && args[0].equals("passthrough")) {
            printRatios(runPassthrough(quick));
            return;
        }
        if (args.length > 0 && args[0].equals("linking")) {
            for (RunResult r : run(LinkingBenchmark.class, quick)) {
                System.out.printf("%nschema linking, 1000 tables, warm: p50 %.3f ms, p90 %.3f ms (target: under 5 ms)%n",
                        r.getPrimaryResult().getStatistics().getPercentile(50), r.getPrimaryResult().getStatistics().getPercentile(90));
            }
            return;
        }
        if (args.length > 0 && args[0].equals("similar")) {
            for (RunResult r : run(SimilarQuestionsBenchmark.class, quick)) {
                System.out.printf("%nthree most similar of 1000 verified pairs: p50 %.1f us, p90 %.1f us (target: under 1000 us)%n",
                        r.getPrimaryResult().getStatistics().getPercentile(50), r.getPrimaryResult().getStatistics().getPercentile(90));
            }
            return;
        }
        if (args.length > 0 && args[0].equals("engine")) {
            printEngine(run(EngineBenchmark.class, quick));
            return;
        }
        org.openjdk.jmh.Main.main(args);
    }

    private static Collection<RunResult> runPassthrough(boolean quick) throws RunnerException {
        return run(PassthroughBenchmark.class, quick);
    }

    private static Collection<RunResult> run(Class<?> benchmark, boolean quick) throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(benchmark.getSimpleName())
                .forks(1)
                .warmupIterations(quick ? 2 : 4)
                .warmupTime(TimeValue.seconds(quick ? 1 : 3))
                .measurementIterations(quick ? 3 : 6)
                .measurementTime(TimeValue.seconds(quick ? 1 : 3));
        return new Runner(options.build()).run();
    }

    static void printEngine(Collection<RunResult> results) throws Exception {
        Map<String, double[]> bySchema = new TreeMap<>();
        for (RunResult r : results) {
            String schema = r.getParams().getParam("schema");
            int col = "warm".equals(r.getParams().getParam("catalog")) ? 0 : 1;
            bySchema.computeIfAbsent(schema, k -> new double[2])[col] = r.getPrimaryResult().getStatistics().getPercentile(50);
        }
        System.out.printf("%n%-16s %8s %14s %14s %14s%n", "schema", "tables", "prompt tokens", "warm p50 ms", "cold p50 ms");
        for (Map.Entry<String, double[]> e : bySchema.entrySet()) {
            PromptSize size = PromptSize.of(e.getKey());
            System.out.printf("%-16s %8d %14d %14.3f %14.3f%n", e.getKey(), size.tables(), size.tokens(), e.getValue()[0], e.getValue()[1]);
        }
        System.out.println("target: warm p50 under 5 ms, and no catalog round trip once warm (WarmCatalogIT)");
    }

    static void printRatios(Collection<RunResult> results) {
        Map<String, double[]> byBenchmark = new TreeMap<>();
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark();
            name = name.substring(name.lastIndexOf('.') + 1);
            double score = r.getPrimaryResult().getScore();
            double error = r.getPrimaryResult().getScoreError();
            double[] row = byBenchmark.computeIfAbsent(name, k -> new double[4]);
            int offset = "plain".equals(r.getParams().getParam("driver")) ? 0 : 2;
            row[offset] = score;
            row[offset + 1] = error;
        }
        System.out.printf("%n%-12s %16s %16s %8s%n", "benchmark", "plain us/op", "nlsql us/op", "ratio");
        byBenchmark.forEach((name, row) -> System.out.printf("%-12s %9.2f ± %5.2f %9.2f ± %5.2f %8.3f%n",
                name, row[0], row[1], row[2], row[3], row[2] / row[0]));
        System.out.println("targets: sameText and prepared <= 1.05, newLiteral <= 1.15");
    }
}
