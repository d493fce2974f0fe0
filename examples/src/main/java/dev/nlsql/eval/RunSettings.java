package dev.nlsql.eval;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an evaluation ran with, as printed at the top of its report: the generator and model, the
 * server and database (secrets masked), attempts, repairs, seed, date, version and question file.
 * Only masked text enters this record: {@link dev.nlsql.jdbc.NlUrl#masked} is applied by whoever builds it.
 * {@code properties} are extra connection properties the run passed, such as attached sources
 * ({@code nlsql.source.b=jdbc:postgresql://...}); the report shows each (URLs masked once more).
 */
public record RunSettings(String generator, String model, String llmServer, String apiKey, String database, int maxAttempts,
        boolean repairs, String seed, String date, String version, String dataset, int datasetSize, int measured, int parallel,
        Map<String, String> properties) {

    public RunSettings {
        properties = properties == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /** Without extra connection properties. */
    public RunSettings(String generator, String model, String llmServer, String apiKey, String database, int maxAttempts,
            boolean repairs, String seed, String date, String version, String dataset, int datasetSize, int measured, int parallel) {
        this(generator, model, llmServer, apiKey, database, maxAttempts, repairs, seed, date, version, dataset, datasetSize, measured,
                parallel, Map.of());
    }

    /** The settings as label and value pairs, in the order the report shows them. */
    public Map<String, String> entries() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("generator", generator);
        m.put("model", model);
        m.put("LLM server", llmServer);
        m.put("API key", apiKey);
        m.put("database", database);
        properties.forEach((k, v) -> m.put(k, dev.nlsql.jdbc.NlUrl.maskedIn(v)));
        m.put("nlsql.maxAttempts", String.valueOf(maxAttempts));
        m.put("nlsql.repairs", repairs ? "on" : "off");
        m.put("seed", seed);
        m.put("date", date);
        m.put("nlsql version", version);
        m.put("dataset", dataset + " (" + datasetSize + " questions" + (measured == datasetSize ? "" : ", " + measured + " run") + ")");
        m.put("parallel", String.valueOf(parallel));
        return m;
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
