package dev.nlsql.proxy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code java -jar nlsql-proxy.jar --backend URL}: psql, node-postgres, psycopg and BI tools ask questions too. */
@Command(name = "nlsql-proxy", mixinStandardHelpOptions = true, version = "nlsql-proxy 0.1.0",
        description = "PostgreSQL wire-protocol proxy that answers questions in plain language; SQL passes through.")
public final class ProxyMain implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec; // errors go to the command line's own stderr

    @Option(names = "--backend", required = true, description = "The database: a jdbc: or jdbc:nlsql: URL; without a user in it each client logs in as itself")
    String backend;

    @Option(names = "--port", defaultValue = "6543", description = "Port to listen on (default 6543)")
    int port;

    @Option(names = "--listen", defaultValue = "127.0.0.1", description = "Address to listen on (default 127.0.0.1)")
    String listen;

    @Option(names = "--auth", defaultValue = "trust", description = "trust, password, md5 or scram-sha-256")
    String auth;

    @Option(names = "--users", description = "Users file (name:password lines), for every --auth but trust")
    Path users;

    @Option(names = "-p", paramLabel = "nlsql.x=y", description = "nlsql engine properties")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--source", paramLabel = "name=URL",
            description = "Attach another database as source <name> (nlsql.source.<name>): its own jdbc: URL, not jdbc:nlsql:; without a"
                    + " user in it, it logs in as the client, as the backend does. Repeatable.")
    java.util.List<String> sources = new java.util.ArrayList<>();

    @Option(names = "--knowledge", paramLabel = "[db=]FILE", description = "A knowledge file (YAML or JSON: instructions, glossary, "
            + "verified questions; nlsql.knowledge), checked against the database at each login and read again when it changes."
            + " db=FILE gives database db its own file, which must check (repeatable); a plain FILE serves every other database"
            + " and is not applied to one it does not fit (a WARNING in the log, a NOTICE to the client)")
    java.util.List<String> knowledge = new java.util.ArrayList<>();

    @Option(names = "--tls-cert", description = "PEM certificate chain: answer SSLRequest with TLS")
    Path tlsCert;

    @Option(names = "--tls-key", description = "PEM (PKCS#8) private key for --tls-cert")
    Path tlsKey;

    @Option(names = "--max-connections", defaultValue = "200", description = "Sessions at once (default 200)")
    int maxConnections;

    @Option(names = "--login-timeout", defaultValue = "10",
            description = "Seconds a client has for startup and authentication (default 10)")
    int loginTimeoutSeconds;

    @Option(names = "--max-message-bytes", defaultValue = "67108864",
            description = "Longest message an authenticated client may send (default 64 MiB; before authentication 10,000 bytes)")
    int maxMessageBytes;

    @Option(names = "--statement-cache", defaultValue = "64",
            description = "Unnamed statements a client parses again and again that the proxy keeps prepared on its backend"
                    + " session, so PostgreSQL plans them once (default 64 per session; 0 turns it off)")
    int statementCache;

    @Override
    public Integer call() throws Exception {
        ProxyConfig config = config();
        PgServer server = new PgServer(config, tlsCert == null ? null : Tls.context(tlsCert, tlsKey)).start();
        System.out.println("nlsql proxy listening on " + listen + ":" + server.port() + " (auth " + auth + ") for " + config.backendForLogs()
                + (config.sharedAccount() ? " as one shared account" : ", each client as itself"));
        Thread.currentThread().join();
        return 0;
    }

    /** The configuration the flags describe; a bad invocation is a {@link CommandLine.ParameterException} (exit status 2). */
    ProxyConfig config() {
        ProxyConfig.Auth method;
        try {
            method = ProxyConfig.Auth.valueOf(auth.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--auth must be trust, password, md5 or scram-sha-256, not '" + auth + "'");
        }
        if (method != ProxyConfig.Auth.TRUST && users == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--auth " + auth + " needs --users FILE");
        }
        if (loginTimeoutSeconds < 1 || maxMessageBytes < ProxyConfig.PRE_AUTH_MAX_MESSAGE_BYTES || maxConnections < 1
                || statementCache < 0 || statementCache > 10_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--login-timeout must be at least 1, --max-message-bytes at"
                    + " least 10000, --max-connections at least 1, --statement-cache from 0 to 10000");
        }
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--tls-cert and --tls-key go together");
        }
        Users known;
        try {
            known = users == null ? Users.of(Map.of()) : Users.read(users);
        } catch (java.io.IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--users: " + (e instanceof java.nio.file.NoSuchFileException
                    ? e.getMessage() + " does not exist" : e.getMessage()));
        }
        Map<String, String> engine;
        try {
            engine = ProxyConfig.withSources(properties, sources);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        checkProperties(engine);
        KnowledgeFiles files = KnowledgeFiles.NONE;
        if (!knowledge.isEmpty()) {
            String key = dev.nlsql.config.NlProperty.KNOWLEDGE.key();
            if (engine.containsKey(key)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--knowledge and -p " + key + " name the same thing; give one");
            }
            try {
                files = KnowledgeFiles.of(knowledge);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        ProxyConfig config = new ProxyConfig(backend, listen, port, method, known, engine, maxConnections, maxMessageBytes,
                loginTimeoutSeconds, statementCache, files);
        if (config.refusal() != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), config.refusal());
        }
        return config;
    }

    /**
     * The engine properties checked now, as the driver will read them at each login: an unknown nlsql.* name (with the
     * nearest known one) or a bad value is a bad invocation, not a refusal of every client.
     */
    private void checkProperties(Map<String, String> engine) {
        java.util.Properties nl = new java.util.Properties();
        engine.forEach((k, v) -> nl.setProperty(dev.nlsql.config.NlProperty.canonicalKey(k), v));
        try {
            dev.nlsql.config.NlConfig.from(nl, Map.of());
        } catch (java.sql.SQLException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-p: " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * The command line as {@link #main} runs it. Every error of the arguments is collected, and an unknown option is told
     * before any other (a missing --backend above all), named, with the nearest known option when one is close.
     */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new ProxyMain());
        cl.getCommandSpec().parser().collectErrors(true);
        cl.setExecutionStrategy(ProxyMain::unknownOptionsFirst);
        cl.setParameterExceptionHandler(ProxyMain::badInvocation);
        return cl;
    }

    private static int unknownOptionsFirst(CommandLine.ParseResult parsed) {
        java.util.List<Exception> errors = parsed.errors();
        if (!errors.isEmpty()) {
            Exception first = errors.stream().filter(e -> e instanceof CommandLine.UnmatchedArgumentException).findFirst()
                    .orElse(errors.get(0));
            if (first instanceof CommandLine.ParameterException p) {
                throw p;
            }
            throw new CommandLine.ParameterException(parsed.commandSpec().commandLine(), first.getMessage(), first);
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    /** picocli's report of a bad invocation (the error, then the usage; exit status 2), with the option an unknown one likely meant. */
    private static int badInvocation(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        java.io.PrintWriter err = cmd.getErr();
        String suggestion = ex instanceof CommandLine.UnmatchedArgumentException u ? suggestion(cmd, u.getUnmatched()) : "";
        err.println(cmd.getColorScheme().errorText(ex.getMessage() + suggestion));
        cmd.usage(err, cmd.getColorScheme());
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** {@code "; did you mean --backend?"} for the first unknown option that is close to a known one, else empty. */
    static String suggestion(CommandLine cmd, java.util.List<String> unmatched) {
        java.util.Set<String> options = cmd.getCommandSpec().optionsMap().keySet();
        for (String arg : unmatched) {
            if (!arg.startsWith("-")) {
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            String hint = dev.nlsql.config.NearestName.didYouMean(name, options);
            if (!hint.isEmpty()) {
                return hint;
            }
        }
        return "";
    }
}
