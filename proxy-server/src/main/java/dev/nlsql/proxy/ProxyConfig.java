package dev.nlsql.proxy;

import java.util.Map;

/** How the proxy runs: where the backend is, where it listens, and whom it lets in. */
record ProxyConfig(String backendUrl, String listen, int port, Auth auth, Users users, Map<String, String> nlProperties,
        int maxConnections, int maxMessageBytes, int loginTimeoutSeconds) {

    /** The authentication methods of --auth. */
    enum Auth { TRUST, PASSWORD, MD5, SCRAM_SHA_256 }

    static final int DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
    static final int DEFAULT_LOGIN_TIMEOUT_SECONDS = 10;
    /** Longest message a client may send before it has authenticated: a password or SASL exchange fits easily. */
    static final int PRE_AUTH_MAX_MESSAGE_BYTES = 10_000;

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

    /** Why this configuration may not run, or null: a shared account open to every client is refused. */
    String refusal() {
        if (sharedAccount() && auth == Auth.TRUST) {
            return "--backend names a user, so every client would act as that account, and --auth trust would let anyone in:"
                    + " drop the user from --backend so each client logs in to the database as itself, or authenticate"
                    + " clients with --auth scram-sha-256 (or password, md5) --users FILE";
        }
        return null;
    }

    /** Connections still in startup or authentication at once; counted apart from sessions, so they never starve them. */
    int maxPendingLogins() {
        return Math.max(256, 4 * maxConnections);
    }
}
