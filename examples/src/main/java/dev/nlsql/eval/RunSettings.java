package dev.nlsql.eval;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What an evaluation ran with, as printed at the top of its report: the generator and model, the
 * server and database (secrets masked), attempts, repairs, seed, date, version and question file.
 * Only masked text enters this record: {@link #maskUrl} is applied by whoever builds it.
 */
public record RunSettings(String generator, String model, String llmServer, String apiKey, String database, int maxAttempts,
        boolean repairs, String seed, String date, String version, String dataset, int datasetSize, int measured, int parallel) {

    private static final String MASK = "****";
    /** Parameter names whose values are secrets, in a query string or a ;key=value list. */
    private static final Pattern SECRET_PARAM = Pattern.compile(
            "(?i)([?&;](?:[a-z0-9_.-]*(?:password|passwd|pwd|secret|token|api[-_]?key|apikey|key|sig|signature|credential)[a-z0-9_.-]*)=)"
                    + "[^&;#]*");
    /** user:password@ in a URL's authority. */
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:?#;]*):[^/@?#]*@");

    /** The settings as label and value pairs, in the order the report shows them. */
    public Map<String, String> entries() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("generator", generator);
        m.put("model", model);
        m.put("LLM server", llmServer);
        m.put("API key", apiKey);
        m.put("database", database);
        m.put("nlsql.maxAttempts", String.valueOf(maxAttempts));
        m.put("nlsql.repairs", repairs ? "on" : "off");
        m.put("seed", seed);
        m.put("date", date);
        m.put("nlsql version", version);
        m.put("dataset", dataset + " (" + datasetSize + " questions" + (measured == datasetSize ? "" : ", " + measured + " run") + ")");
        m.put("parallel", String.valueOf(parallel));
        return m;
    }

    /** A URL with the password of its authority and the values of secret-looking parameters replaced by {@code ****}. */
    public static String maskUrl(String url) {
        if (url == null) {
            return null;
        }
        String masked = USER_INFO.matcher(url).replaceAll("$1:" + MASK + "@");
        return SECRET_PARAM.matcher(masked).replaceAll("$1" + MASK);
    }

    /** The secret values in {@code url}: the password of its authority and the values of secret-looking parameters. */
    public static java.util.List<String> secretsIn(String url) {
        java.util.List<String> out = new java.util.ArrayList<>();
        if (url == null) {
            return out;
        }
        java.util.regex.Matcher m = USER_INFO.matcher(url);
        while (m.find()) {
            String whole = m.group();
            out.add(whole.substring(m.group(1).length() + 1, whole.length() - 1));
        }
        m = SECRET_PARAM.matcher(url);
        while (m.find()) {
            out.add(m.group().substring(m.group(1).length()));
        }
        return out;
    }

    /** The nlsql version on the class path: the jar's manifest, else the driver's major.minor. */
    public static String nlsqlVersion() {
        String v = dev.nlsql.jdbc.NlDriver.class.getPackage().getImplementationVersion();
        if (v != null) {
            return v;
        }
        try (var in = dev.nlsql.jdbc.NlDriver.class.getResourceAsStream("/META-INF/maven/dev.nlsql/nlsql-driver/pom.properties")) {
            if (in != null) {
                java.util.Properties p = new java.util.Properties();
                p.load(in);
                if (p.getProperty("version") != null) {
                    return p.getProperty("version");
                }
            }
        } catch (java.io.IOException ignored) {
            // fall back to the driver's own numbers
        }
        return dev.nlsql.jdbc.NlDriver.MAJOR_VERSION + "." + dev.nlsql.jdbc.NlDriver.MINOR_VERSION + " (development build)";
    }
}
