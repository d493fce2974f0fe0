package dev.nlsql.jdbc;

/**
 * nlsql's version (the project's, from version.properties), which {@link NlDriver} and the connection's
 * DatabaseMetaData both report. A class of its own so that the metadata wrapper does not name the driver.
 */
final class DriverVersion {

    static final String VERSION = readVersion();
    static final int MAJOR = versionPart(0);
    static final int MINOR = versionPart(1);

    private DriverVersion() {
    }

    private static String readVersion() {
        java.util.Properties p = new java.util.Properties();
        try (java.io.InputStream in = DriverVersion.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (java.io.IOException e) {
            // the version stays unknown
        }
        return p.getProperty("version", "0.0.0-unknown");
    }

    /** The numeric part {@code index} of {@link #VERSION} (0 major, 1 minor), 0 when there is none. */
    private static int versionPart(int index) {
        String[] parts = VERSION.split("[.-]");
        try {
            return index < parts.length ? Integer.parseInt(parts[index]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
