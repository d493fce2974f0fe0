package dev.nlsql.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.TestPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Defog databases split in two (issue #23's measurement): for each database of cross-db/splits.json,
 * {@code nlsql_xdb_<db>_a} (the connection's own database, source main) and {@code nlsql_xdb_<db>_b}
 * (source b) each hold some of its tables, and {@code nlsql_xdb_<db>_full} holds all of them for the
 * gold SQL. Built from the defog setup scripts; {@link #drop} removes them (and the JVM's end does too).
 */
public final class CrossDatabases {

    /** The source name the second part is attached as. */
    public static final String SOURCE_B = "b";

    private CrossDatabases() {
    }

    /** Database name to (part name to its tables). */
    public static Map<String, Map<String, List<String>>> splits() throws IOException {
        Map<String, Map<String, List<String>>> out = new LinkedHashMap<>();
        try (InputStream in = CrossDatabases.class.getResourceAsStream("/cross-db/splits.json")) {
            JsonNode root = new ObjectMapper().readTree(in);
            for (var db = root.fields(); db.hasNext();) {
                var e = db.next();
                Map<String, List<String>> parts = new LinkedHashMap<>();
                for (String part : List.of("a", "b")) {
                    List<String> tables = new ArrayList<>();
                    e.getValue().get(part).forEach(t -> tables.add(t.asText()));
                    parts.put(part, tables);
                }
                out.put(e.getKey(), parts);
            }
        }
        return out;
    }

    public static String name(String db, String part) {
        try {
            return TestPostgres.unusedPrefix("nlsql_xdb_") + db + "_" + part;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The plain JDBC URL of a part: "a", "b" or "full". */
    public static String url(String db, String part) {
        return TestPostgres.urlOf(name(db, part));
    }

    /** (Re)builds the full database and both parts of every split database. */
    public static void build() throws IOException, SQLException {
        for (var e : splits().entrySet()) {
            String db = e.getKey();
            String script = Files.readString(Benchmarks.defog().resolve(db).resolve(db + ".sql"), StandardCharsets.UTF_8);
            for (String part : List.of("full", "a", "b")) {
                TestPostgres.dropDatabase(name(db, part));
                TestPostgres.createDatabaseIfMissing(name(db, part));
                try (Connection c = DriverManager.getConnection(url(db, part)); Statement s = c.createStatement()) {
                    c.setAutoCommit(false);
                    s.execute(script);
                    if (!part.equals("full")) {
                        // each table in exactly one part: drop the other part's (CASCADE takes the foreign keys across the split)
                        s.execute("DROP TABLE " + String.join(", ", e.getValue().get(part.equals("a") ? "b" : "a")) + " CASCADE");
                    }
                    c.commit();
                }
            }
        }
    }

    public static void drop() throws IOException, SQLException {
        for (String db : splits().keySet()) {
            for (String part : List.of("full", "a", "b")) {
                TestPostgres.dropDatabase(name(db, part));
            }
        }
    }
}
