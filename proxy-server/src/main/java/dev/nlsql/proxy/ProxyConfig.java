package dev.nlsql.proxy;

import java.util.Map;

/** How the proxy runs: where the backend is, where it listens, and whom it lets in. */
record ProxyConfig(String backendUrl, String listen, int port, Auth auth, Users users, Map<String, String> nlProperties,
        int maxConnections, int maxMessageBytes) {

    /** The authentication methods of --auth. */
    enum Auth { TRUST, PASSWORD, MD5, SCRAM_SHA_256 }

    static final int DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
}
