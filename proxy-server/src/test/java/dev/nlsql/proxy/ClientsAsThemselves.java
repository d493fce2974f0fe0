package dev.nlsql.proxy;

/** Backend URLs for tests: without a user, so each client logs in to PostgreSQL as itself (the proxy's default). */
final class ClientsAsThemselves {

    private ClientsAsThemselves() {
    }

    /** The URL without its {@code user} parameter. */
    static String url(String url) {
        String stripped = url.replaceAll("([?&])user=[^&]*&?", "$1");
        return stripped.endsWith("?") || stripped.endsWith("&") ? stripped.substring(0, stripped.length() - 1) : stripped;
    }
}
