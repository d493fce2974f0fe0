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

    @Option(names = "--knowledge", paramLabel = "FILE", description = "A knowledge file (YAML or JSON: instructions, glossary, verified "
            + "questions; nlsql.knowledge), checked against the database at each login and read again when it changes")
    Path knowledge;

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
        if (knowledge != null) {
            String key = dev.nlsql.config.NlProperty.KNOWLEDGE.key();
            if (engine.containsKey(key)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--knowledge and -p " + key + " name the same thing; give one");
            }
            if (!java.nio.file.Files.isReadable(knowledge)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--knowledge: " + knowledge + " cannot be read");
            }
            Map<String, String> with = new java.util.LinkedHashMap<>(engine);
            with.put(key, knowledge.toAbsolutePath().toString());
            engine = Map.copyOf(with);
        }
        ProxyConfig config = new ProxyConfig(backend, listen, port, method, known, engine, maxConnections, maxMessageBytes,
                loginTimeoutSeconds, statementCache);
        if (config.refusal() != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), config.refusal());
        }
        return config;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ProxyMain()).execute(args));
    }
}
