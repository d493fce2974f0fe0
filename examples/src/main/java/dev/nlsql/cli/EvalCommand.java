package dev.nlsql.cli;

import dev.nlsql.eval.Dataset;
import dev.nlsql.eval.EvalReport;
import dev.nlsql.eval.Evaluator;
import dev.nlsql.config.NlConfig;
import dev.nlsql.eval.QuestionResult;
import dev.nlsql.eval.RunSettings;
import dev.nlsql.jdbc.NlUrl;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code nlsql eval}: answer a question file and grade every answer against its gold SQL. */
@Command(name = "eval", mixinStandardHelpOptions = true,
        description = "Measure execution accuracy and the loop's metrics on a question file (defog CSV or JSONL).")
final class EvalCommand implements Callable<Integer> {

    @Option(names = "--url", required = true, paramLabel = "URL",
            description = "jdbc:nlsql: URL of the database; {db} is replaced by each question's database")
    String url;

    @Option(names = "--dataset", required = true, paramLabel = "FILE", description = "defog CSV, or JSONL {question, gold_sql[, db]}")
    Path dataset;

    @Option(names = "--json", description = "Print the report as one JSON object")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write a one-page HTML report with charts")
    Path html;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "1", description = "Questions answered at once (default 1)")
    int parallel;

    @Option(names = "--limit", paramLabel = "N", description = "Only the first N questions")
    Integer limit;

    @Option(names = "-p", paramLabel = "name=value", description = "Set an nlsql.* property, e.g. -p nlsql.maxAttempts=1")
    java.util.Map<String, String> properties = new java.util.LinkedHashMap<>();

    @Option(names = "--source", paramLabel = "name=URL",
            description = ConnectOptions.SOURCE_HELP + " {db} in it is replaced by each question's database too.")
    java.util.List<String> sources = new ArrayList<>();

    @Option(names = "--knowledge", paramLabel = "FILE",
            description = "A knowledge file (instructions, glossary, verified questions; nlsql.knowledge): the report counts the "
                    + "answers that came from verified SQL (stage verified)")
    java.nio.file.Path knowledge;

    @Option(names = "--verbose", description = "Log each attempt")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        if (!Files.isReadable(dataset)) {
            throw new BadInvocation("cannot read --dataset " + dataset);
        }
        if (!url.startsWith("jdbc:")) {
            throw new BadInvocation("--url must be a JDBC URL such as jdbc:nlsql:postgresql://127.0.0.1:5432/{db}?user=app");
        }
        if (limit != null && limit < 0) {
            throw new BadInvocation("--limit must be 0 or more, got: " + limit);
        }
        if (parallel < 1) {
            throw new BadInvocation("--parallel must be 1 or more, got: " + parallel);
        }
        String template = url.startsWith("jdbc:nlsql:") ? url : "jdbc:nlsql:" + url.substring(5);
        Properties p = new Properties();
        for (var e : properties.entrySet()) {
            if (!e.getKey().startsWith("nlsql.")) {
                throw new BadInvocation("-p takes nlsql.* properties, got: " + e.getKey());
            }
            p.setProperty(e.getKey(), e.getValue());
        }
        ConnectOptions.addSources(p, sources);
        if (knowledge != null) {
            if (p.containsKey(dev.nlsql.config.NlProperty.KNOWLEDGE.key())) {
                throw new BadInvocation("--knowledge and -p " + dev.nlsql.config.NlProperty.KNOWLEDGE.key() + " name the same thing; give one");
            }
            p.setProperty(dev.nlsql.config.NlProperty.KNOWLEDGE.key(), knowledge.toAbsolutePath().toString());
        }
        // a bad name or value is a bad invocation (exit 2), as in ask, not a failed run
        NlConfig config = settingsOf(template, p);
        Class.forName("dev.nlsql.jdbc.NlDriver");
        List<Dataset.Question> questions = Dataset.read(dataset);
        int datasetSize = questions.size();
        String started = ZonedDateTime.now().truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        java.util.function.IntFunction<RunSettings> settings = measuredCount -> runSettings(template, config, started, datasetSize,
                measuredCount);
        List<String> secrets = new ArrayList<>(NlUrl.secretsIn(template));
        secrets.addAll(NlUrl.secretsIn(config.llmBaseUrl()));
        secrets.add(config.llmApiKey());
        config.sources().values().forEach(source -> secrets.addAll(NlUrl.secretsIn(source)));
        p.forEach((k, v) -> {
            if (k.toString().toLowerCase(java.util.Locale.ROOT).matches(".*(password|secret|token|key).*")) {
                secrets.add(v.toString());
            }
        });
        if (limit != null) {
            questions = questions.subList(0, Math.min(limit, questions.size()));
        }
        int total = questions.size();
        List<QuestionResult> measured = Collections.synchronizedList(new ArrayList<>());
        EvalProgress progress = EvalProgress.onStandardError(total);
        AtomicBoolean stopping = new AtomicBoolean();
        AtomicBoolean printed = new AtomicBoolean();
        Thread reportOnInterrupt = new Thread(() -> {
            stopping.set(true); // answers that end after this were cut short by the interrupt: not counted
            if (printed.compareAndSet(false, true)) {
                progress.end();
                System.out.println(render(new EvalReport(snapshot(measured), false, settings.apply(measured.size()), secrets)));
                System.out.flush();
            }
        });
        Runtime.getRuntime().addShutdownHook(reportOnInterrupt);
        new Evaluator(template, p, parallel).run(questions, r -> {
            if (stopping.get()) {
                return;
            }
            measured.add(r);
            progress.measured(r.lenient());
        }, stopping::get);
        if (!printed.compareAndSet(false, true)) {
            return 130;
        }
        Runtime.getRuntime().removeShutdownHook(reportOnInterrupt);
        progress.end();
        EvalReport report = new EvalReport(snapshot(measured), true, settings.apply(measured.size()), secrets);
        System.out.println(render(report));
        if (html != null) {
            Files.writeString(html, report.html("nlsql eval: " + dataset.getFileName()), StandardCharsets.UTF_8);
            System.err.println("report written to " + html);
        }
        return 0;
    }

    /**
     * The configuration the driver will use: -p properties, then those in the URL (which win, as in the driver).
     * An unknown name or a bad value, in -p or in the URL, is a {@link BadInvocation}.
     */
    private static NlConfig settingsOf(String template, Properties p) {
        Properties given = new Properties();
        for (String key : p.stringPropertyNames()) { // the driver's spelling of each name (case aside; a source's name folds)
            String canonical = dev.nlsql.config.NlProperty.canonicalKey(key);
            if (!canonical.startsWith(dev.nlsql.config.NlProperty.SOURCE_PREFIX) && dev.nlsql.config.NlProperty.byKey(canonical) == null) {
                throw new BadInvocation("-p: " + dev.nlsql.config.NlProperty.unknownKeyMessage(key));
            }
            given.setProperty(canonical, p.getProperty(key));
        }
        try {
            NlConfig.from(given, java.util.Map.of());
        } catch (java.sql.SQLException e) {
            throw new BadInvocation("-p: " + e.getMessage());
        }
        Properties merged = new Properties();
        merged.putAll(given);
        try {
            merged.putAll(NlUrl.parse(template).nlProperties());
            return NlConfig.from(merged);
        } catch (java.sql.SQLException | RuntimeException e) {
            throw new BadInvocation("--url: " + e.getMessage());
        }
    }

    private RunSettings runSettings(String template, NlConfig config, String started, int datasetSize, int measuredCount) {
        boolean llm = config.llm() == NlConfig.LlmKind.OPENAI;
        String generator = config.llm().name().toLowerCase(java.util.Locale.ROOT);
        return new RunSettings(generator, llm ? config.llmModel() : "- (" + generator + ": no model)",
                llm ? NlUrl.masked(config.llmBaseUrl() == null ? "https://api.openai.com/v1 (default)" : config.llmBaseUrl()) : "-",
                config.llmApiKey() == null ? "not set" : "set (not shown)", NlUrl.masked(NlUrl.parse(template).delegateUrl()),
                config.maxAttempts(), config.repairs(),
                seed(config, llm, generator),
                started, RunSettings.nlsqlVersion(), dataset.toString(), datasetSize, measuredCount, parallel);
    }

    /** The seed the report names: the one sent with each model request, else why there is none. */
    static String seed(NlConfig config, boolean llm, String generator) {
        if (!llm) {
            return "none (" + generator + " generator is deterministic)";
        }
        return config.llmSeed() == null ? "none (not set: the driver asks the model at temperature 0, without a seed)"
                : config.llmSeed() + " (nlsql.llm.seed, sent with each model request)";
    }

    private String render(EvalReport report) {
        return json ? report.json() : report.text();
    }

    private static List<QuestionResult> snapshot(List<QuestionResult> results) {
        synchronized (results) {
            return new ArrayList<>(results);
        }
    }
}
