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

    /** Connections still in startup or authentication at once; counted apart from sessions, so they never starve them. */
    int maxPendingLogins() {
        return Math.max(256, 4 * maxConnections);
    }
}
