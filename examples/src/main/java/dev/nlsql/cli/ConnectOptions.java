package dev.nlsql.cli;

import dev.nlsql.demo.DemoDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine.Option;

/** The connection options every subcommand takes (a picocli mixin): --url, -p, --source, --knowledge, --verbose. */
final class ConnectOptions {

    static final String SOURCE_HELP = "Attach another database as source <name>, which questions may read too: its own JDBC URL "
            + "(jdbc:postgresql://..., not jdbc:nlsql:); without a user in it, it logs in as the main connection's user. Repeatable.";

    @Option(names = "--url", paramLabel = "URL", description = "A jdbc:nlsql: URL (a plain jdbc: URL is wrapped). Default: the built-in demo database.")
    String url;

    @Option(names = "-p", paramLabel = "name=value", description = "Set an nlsql.* property, e.g. -p nlsql.maxAttempts=5")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--source", paramLabel = "name=URL", description = SOURCE_HELP)
    List<String> sources = new ArrayList<>();

    @Option(names = "--knowledge", paramLabel = "FILE",
            description = "A knowledge file (YAML or JSON): instructions, glossary and verified questions (nlsql.knowledge)")
    java.nio.file.Path knowledge;

    @Option(names = "--verbose", description = "Log each attempt and show stack traces")
    boolean verbose;

    /** Opens the connection the options describe; the demo database when there is no URL. */
    Connection open(boolean forceOffline) throws SQLException {
        String target = url;
        Properties p = new Properties();
        if (target == null) {
            target = "jdbc:nlsql:" + DemoDatabase.create().substring("jdbc:".length());
            p.setProperty("nlsql.dialect", "unverified"); // our own in-memory H2: no lexical rules of its own to guard against
            if (forceOffline || System.getenv("OPENAI_API_KEY") == null && System.getenv("OPENAI_BASE_URL") == null) {
                p.setProperty("nlsql.llm", "offline");
            }
        } else if (!target.startsWith("jdbc:")) {
            throw new BadInvocation("--url must be a JDBC URL such as jdbc:nlsql:postgresql://127.0.0.1:5432/shop?user=app, got: "
                    + target);
        } else if (!target.startsWith("jdbc:nlsql:")) {
            target = "jdbc:nlsql:" + target.substring("jdbc:".length());
        }
        p.putAll(given());
        try {
            Class.forName("dev.nlsql.jdbc.NlDriver");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return DriverManager.getConnection(target, p);
    }

    /**
     * The nlsql.* properties of -p and --source, as the driver gets them; an unknown name or a bad value is a
     * {@link BadInvocation}, not a failed question.
     */
    Properties given() {
        Properties given = new Properties();
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (!e.getKey().startsWith("nlsql.")) {
                throw new BadInvocation("-p takes nlsql.* properties, got: " + e.getKey());
            }
            String key = dev.nlsql.config.NlProperty.canonicalKey(e.getKey()); // as the driver reads it: case aside
            if (dev.nlsql.config.NlProperty.byKey(key) == null) {
                throw new BadInvocation("-p: " + dev.nlsql.config.NlProperty.unknownKeyMessage(e.getKey()));
            }
            given.setProperty(key, e.getValue());
        }
        addSources(given, sources);
        if (knowledge != null) {
            if (given.containsKey(dev.nlsql.config.NlProperty.KNOWLEDGE.key())) {
                throw new BadInvocation("--knowledge and -p " + dev.nlsql.config.NlProperty.KNOWLEDGE.key() + " name the same thing; give one");
            }
            given.setProperty(dev.nlsql.config.NlProperty.KNOWLEDGE.key(), knowledge.toAbsolutePath().toString());
        }
        try {
            dev.nlsql.config.NlConfig.from(given, Map.of());
        } catch (SQLException e) {
            throw new BadInvocation("-p: " + e.getMessage());
        }
        return given;
    }

    /**
     * Adds each {@code --source name=URL} to {@code into} as the property {@code nlsql.source.<name>=URL}, so that the URL
     * reaches the driver as it was written, never pasted into another URL. A malformed one is a {@link BadInvocation};
     * so is a source also given with -p.
     */
    static void addSources(Properties into, List<String> sources) {
        java.util.Set<String> taken = new java.util.HashSet<>();
        for (String key : into.stringPropertyNames()) {
            if (key.regionMatches(true, 0, dev.nlsql.config.NlProperty.SOURCE_PREFIX, 0, dev.nlsql.config.NlProperty.SOURCE_PREFIX.length())) {
                taken.add(key.substring(dev.nlsql.config.NlProperty.SOURCE_PREFIX.length()).toLowerCase(Locale.ROOT));
            }
        }
        for (String source : sources) {
            int eq = source.indexOf('=');
            if (eq < 0) {
                throw new BadInvocation("--source takes name=URL, such as --source accounts=jdbc:postgresql://127.0.0.1:5432/accounts, got: "
                        + dev.nlsql.jdbc.NlUrl.masked(source));
            }
            String name = source.substring(0, eq).strip();
            String url = source.substring(eq + 1).strip();
            String folded = name.toLowerCase(Locale.ROOT);
            String problem = dev.nlsql.config.NlConfig.sourceProblem(name, url);
            if (problem != null) {
                throw new BadInvocation("--source " + (problem.startsWith("a source is named") ? (name.isEmpty() ? "=..." : "'" + name + "'") + ": "
                        : name + (problem.startsWith("must") ? " " : ": ")) + problem
                        + (problem.startsWith("must") ? ", got: " + dev.nlsql.jdbc.NlUrl.masked(url) : ""));
            }
            if (!taken.add(folded)) {
                throw new BadInvocation("source " + folded + " is given twice (--source, or -p " + dev.nlsql.config.NlProperty.SOURCE_PREFIX + folded + ")");
            }
            into.setProperty(dev.nlsql.config.NlProperty.SOURCE_PREFIX + folded, url);
        }
    }
}
