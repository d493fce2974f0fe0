package dev.nlsql.bench;

import dev.nlsql.eval.Dataset;
import dev.nlsql.eval.FaultInjectingLlm;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code java -jar nlsql-bench.jar fake-llm --dataset FILE [--port 8089] [--seed 1] [--error-rate 0.4] ...}:
 * serves the fault-injecting model for a question file until stopped.
 */
final class FakeLlmCommand {

    private FakeLlmCommand() {
    }

    static void main(String[] args) throws Exception {
        Map<String, String> opts = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].startsWith("--")) {
                boolean flag = i + 1 >= args.length || args[i + 1].startsWith("--");
                opts.put(args[i].substring(2), flag ? "true" : args[++i]);
            }
        }
        if (!opts.containsKey("dataset")) {
            System.err.println("usage: fake-llm --dataset FILE [--port 8089] [--seed 1] [--error-rate 0.4] [--wrong-column 0.7] "
                    + "[--grouping 0.2] [--latency-ms 0] [--sampled-latency] [--http-error-rate 0] [--hang-rate 0] [--prose-rate 0] "
                    + "[--no-sql-rate 0] [--unsafe-rate 0]");
            System.exit(2);
        }
        List<Dataset.Question> questions = Dataset.read(Path.of(opts.get("dataset")));
        Map<String, String> gold = FaultInjectingLlm.goldOf(questions); // unanswerable questions have none: refused
        FaultInjectingLlm.Settings s = new FaultInjectingLlm.Settings(
                Long.parseLong(opts.getOrDefault("seed", "1")), d(opts, "error-rate", 0.4), d(opts, "wrong-column", 0.7),
                d(opts, "grouping", 0.2), Long.parseLong(opts.getOrDefault("latency-ms", "0")), opts.containsKey("sampled-latency"),
                d(opts, "http-error-rate", 0), d(opts, "hang-rate", 0), d(opts, "prose-rate", 0), d(opts, "no-sql-rate", 0),
                d(opts, "unsafe-rate", 0));
        FaultInjectingLlm llm = new FaultInjectingLlm(gold, s).start(Integer.parseInt(opts.getOrDefault("port", "8089")));
        System.out.println("fake LLM for " + gold.size() + " answerable questions of " + questions.size() + " at " + llm.baseUrl() + " (" + s + ")");
        Thread.currentThread().join();
    }

    private static double d(Map<String, String> opts, String key, double fallback) {
        return Double.parseDouble(opts.getOrDefault(key, String.valueOf(fallback)));
    }
}
