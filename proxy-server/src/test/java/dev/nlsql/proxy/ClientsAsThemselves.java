package dev.nlsql.proxy;

/** Proxies and backend URLs for tests: without a user, so each client logs in to PostgreSQL as itself (the proxy's default). */
final class ClientsAsThemselves {

    private ClientsAsThemselves() {
    }

    /** A started proxy for the test database, trust authentication, each client logging in as itself. */
    static PgServer proxy(java.util.Map<String, String> engine, int maxConnections) throws java.io.IOException {
        return new PgServer(new ProxyConfig(url(dev.nlsql.testing.TestPostgres.url()), "127.0.0.1", 0, ProxyConfig.Auth.TRUST,
                Users.of(java.util.Map.of()), engine, maxConnections, ProxyConfig.DEFAULT_MAX_MESSAGE_BYTES), null).start();
    }

    /** The URL without its {@code user} parameter. */
    static String url(String url) {
        String stripped = url.replaceAll("([?&])user=[^&]*&?", "$1");
        return stripped.endsWith("?") || stripped.endsWith("&") ? stripped.substring(0, stripped.length() - 1) : stripped;
    }
}
