package dev.nlsql.proxy;

/** Closing what may be null, where a failure to close changes nothing for the client. */
final class Closeables {

    private Closeables() {
    }

    static void quietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing anyway
            }
        }
    }
}
