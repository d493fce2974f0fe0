package dev.nlsql.proxy;

import java.util.Map;

/** How the proxy runs: where the backend is, where it listens, and whom it lets in. */
record ProxyConfig(String backendUrl, String listen, int port, Auth auth, Users users, Map<String, String> nlProperties,
        int maxConnections, int maxMessageBytes, int loginTimeoutSeconds, int statementCache, KnowledgeFiles knowledge) {

    /** The authentication methods of --auth. */
    enum Auth { TRUST, PASSWORD, MD5, SCRAM_SHA_256 }

    static final int DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
    static final int DEFAULT_LOGIN_TIMEOUT_SECONDS = 10;
    /** Longest message a client may send before it has authenticated: a password or SASL exchange fits easily. */
    static final int PRE_AUTH_MAX_MESSAGE_BYTES = 10_000;

    ProxyConfig(String backendUrl, String listen, int port, Auth auth, Users users, Map<String, String> nlProperties,
            int maxConnections, int maxMessageBytes, int loginTimeoutSeconds, int statementCache) {
        this(backendUrl, listen, port, auth, users, nlProperties, maxConnections, maxMessageBytes, loginTimeoutSeconds, statementCache,
                KnowledgeFiles.NONE);
    }

    ProxyConfig(String backendUrl, String listen, int port, Auth auth, Users users, Map<String, String> nlProperties,
            int maxConnections, int maxMessageBytes, int loginTimeoutSeconds) {
        this(backendUrl, listen, port, auth, users, nlProperties, maxConnections, maxMessageBytes, loginTimeoutSeconds,
                StatementCache.DEFAULT_CAPACITY);
    }

    ProxyConfig(String backendUrl, String listen, int port, Auth auth, Users users, Map<String, String> nlProperties,
            int maxConnections, int maxMessageBytes) {
        this(backendUrl, listen, port, auth, users, nlProperties, maxConnections, maxMessageBytes, DEFAULT_LOGIN_TIMEOUT_SECONDS);
    }

    /**
     * True when the backend URL names a user: every client then acts as that one account in the database. False (the
     * default) when it does not: each client logs in as its own startup user, to its own database.
     */
    boolean sharedAccount() {
        return SHARED_ACCOUNT.matcher(backendUrl).find();
    }

    /** A user in the URL's query ({@code ?user=}, {@code &user=}) or in H2's {@code ;USER=}. */
    private static final java.util.regex.Pattern SHARED_ACCOUNT = java.util.regex.Pattern.compile("[?&;]user=",
            java.util.regex.Pattern.CASE_INSENSITIVE);

    /** The backend URL as logs may show it: a password in it is masked. */
    String backendForLogs() {
        return dev.nlsql.jdbc.NlUrl.masked(backendUrl);
    }

    /**
     * Why this configuration may not run, or null: a shared account open to every client is refused; so is, beside a shared
     * account, a source that names no user, which would log in as whatever account its driver defaults to (the proxy's
     * operating-system user for pgjdbc) rather than as a client.
     */
    String refusal() {
        if (sharedAccount() && auth == Auth.TRUST) {
            return "--backend names a user, so every client would act as that account, and --auth trust would let anyone in:"
                    + " drop the user from --backend so each client logs in to the database as itself, or authenticate"
                    + " clients with --auth scram-sha-256 (or password, md5) --users FILE";
        }
        if (sharedAccount()) {
            for (Map.Entry<String, String> e : new java.util.TreeMap<>(nlProperties).entrySet()) {
                if (e.getKey().startsWith(dev.nlsql.config.NlProperty.SOURCE_PREFIX) && !SHARED_ACCOUNT.matcher(e.getValue()).find()) {
                    return "--backend names a user (a shared account), so source " + e.getKey().substring(dev.nlsql.config.NlProperty.SOURCE_PREFIX.length())
                            + " must name its user too (?user=...): without one it would log in as no client, but as its driver's default account";
                }
            }
        }
        return null;
    }

    /** A source name as nlsql.source.<name> takes it (folded to lower case, at most 63 characters). */

    /**
     * The engine properties of {@code -p} plus each {@code --source name=URL} as {@code nlsql.source.<name>=URL}, the way -p
     * properties reach each client's backend connection. A malformed source (from either flag), or one given twice, is an
     * {@link IllegalArgumentException} saying what is wrong.
     */
    static Map<String, String> withSources(Map<String, String> properties, java.util.List<String> sources) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        String prefix = dev.nlsql.config.NlProperty.SOURCE_PREFIX;
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (e.getKey().regionMatches(true, 0, prefix, 0, prefix.length())) {
                String name = e.getKey().substring(prefix.length());
                putSource(out, name, e.getValue(), "-p " + e.getKey());
            } else {
                out.put(e.getKey(), e.getValue());
            }
        }
        for (String source : sources) {
            int eq = source.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("--source takes name=URL, such as --source accounts=jdbc:postgresql://127.0.0.1:5432/accounts, got: "
                        + dev.nlsql.jdbc.NlUrl.masked(source));
            }
            String name = source.substring(0, eq).strip();
            putSource(out, name, source.substring(eq + 1).strip(), "--source " + (name.isEmpty() ? "=..." : name));
        }
        return Map.copyOf(out);
    }

    private static void putSource(Map<String, String> into, String name, String url, String flag) {
        String folded = name.toLowerCase(java.util.Locale.ROOT);
        String problem = dev.nlsql.config.NlConfig.sourceProblem(name, url);
        if (problem != null) {
            throw new IllegalArgumentException(flag + (problem.startsWith("must") ? " " : ": ") + problem
                    + (problem.startsWith("must") ? ", got: " + dev.nlsql.jdbc.NlUrl.masked(url) : ""));
        }
        if (into.put(dev.nlsql.config.NlProperty.SOURCE_PREFIX + folded, url) != null) {
            throw new IllegalArgumentException("source " + folded + " is given twice (--source, or -p " + dev.nlsql.config.NlProperty.SOURCE_PREFIX
                    + folded + ")");
        }
    }

    /** The same configuration keeping up to {@code n} unnamed statements prepared per session (0: none). */
    ProxyConfig withStatementCache(int n) {
        return new ProxyConfig(backendUrl, listen, port, auth, users, nlProperties, maxConnections, maxMessageBytes,
                loginTimeoutSeconds, n, knowledge);
    }

    /** Connections still in startup or authentication at once; counted apart from sessions, so they never starve them. */
    int maxPendingLogins() {
        return Math.max(256, 4 * maxConnections);
    }
}
