package dev.nlsql.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The external benchmark data in ../shared/benchmarks, and its databases loaded into PostgreSQL. */
public final class Benchmarks {

    public static final List<String> DEFOG_DATABASES = List.of("broker", "car_dealership", "derm_treatment", "ewallet");

    private Benchmarks() {
    }

    public static Path dir() {
        String prop = System.getProperty("nlsql.benchmarks.dir");
        if (prop != null && Files.isDirectory(Path.of(prop))) {
            return Path.of(prop).normalize();
        }
        String env = System.getenv("NLSQL_BENCHMARKS_DIR");
        if (env != null && Files.isDirectory(Path.of(env))) {
            return Path.of(env);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("shared/benchmarks");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
            candidate = p.resolveSibling("shared").resolve("benchmarks");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("../shared/benchmarks not found; set NLSQL_BENCHMARKS_DIR");
    }

    public static Path defog() {
        return dir().resolve("defog");
    }

    /** The scratch database that holds one defog database. */
    public static String defogDatabaseName(String db) {
        return "nlsql_defog_" + db;
    }

    /** Loads the defog dump into its scratch database once; returns the database's plain JDBC URL. */
    public static synchronized String loadDefog(String db) throws SQLException, IOException {
        String name = defogDatabaseName(db);
        String url = TestPostgres.urlOf(name);
        TestPostgres.createDatabaseIfMissing(name);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")) {
                rs.next();
                if (rs.getInt(1) > 0) {
                    return url;
                }
            }
            String script = Files.readString(defog().resolve(db).resolve(db + ".sql"), StandardCharsets.UTF_8);
            c.setAutoCommit(false);
            s.execute(script);
            c.commit();
        }
        return url;
    }

    /** Loads Northwind into the scratch database nlsql_northwind once; returns its plain JDBC URL. */
    public static synchronized String loadNorthwind() throws SQLException, IOException {
        String url = TestPostgres.urlOf("nlsql_northwind");
        TestPostgres.createDatabaseIfMissing("nlsql_northwind");
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")) {
                rs.next();
                if (rs.getInt(1) > 0) {
                    return url;
                }
            }
            c.setAutoCommit(false);
            s.execute(Files.readString(dir().resolve("northwind").resolve("northwind.sql"), StandardCharsets.UTF_8));
            c.commit();
        }
        return url;
    }

    /** A test resource as a file of its own (the knowledge files are read by path), copied once into the temp directory. */
    public static synchronized java.nio.file.Path resourceFile(String resource) throws IOException {
        String name = resource.substring(resource.lastIndexOf('/') + 1);
        java.nio.file.Path file = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "nlsql-test-" + ProcessHandle.current().pid()
                + "-" + name);
        if (!Files.exists(file)) {
            try (java.io.InputStream in = Benchmarks.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IOException("no test resource " + resource);
                }
                Files.write(file, in.readAllBytes());
            }
            file.toFile().deleteOnExit();
        }
        return file;
    }

    /** Questions about Northwind with gold SQL written for them (question, sql). */
    public static List<String[]> northwindGold() throws IOException {
        List<String[]> out = new java.util.ArrayList<>();
        try (java.io.InputStream in = Benchmarks.class.getResourceAsStream("/northwind-gold.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line.split("\t", 2));
                }
            }
        }
        return out;
    }

    /** How many of {@link #northwindGold()}'s questions, at its end, are held out (after the "# Held out" line). */
    public static int northwindHeldOut() throws IOException {
        int held = -1;
        try (java.io.InputStream in = Benchmarks.class.getResourceAsStream("/northwind-gold.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("# Held out")) {
                    held = 0;
                } else if (held >= 0 && !line.isBlank() && !line.startsWith("#")) {
                    held++;
                }
            }
        }
        return Math.max(held, 0);
    }

}
