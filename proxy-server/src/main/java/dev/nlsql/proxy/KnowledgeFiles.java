package dev.nlsql.proxy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The knowledge files of {@code --knowledge}: one named for a database ({@code --knowledge shop=shop.yaml}, repeatable),
 * which that database's clients get and which must check against it (a broken entry refuses the login with 22023), and
 * at most one for every other database ({@code --knowledge FILE}), applied where it checks: a database it does not fit
 * (it names tables that database does not have, say) goes on without it, with a WARNING in the proxy's log and a NOTICE
 * to the client.
 *
 * @param everywhere the file for databases no entry names, absolute, or null
 * @param byDatabase the files by database name (as the client gives it, case kept), absolute
 */
record KnowledgeFiles(Path everywhere, Map<String, Path> byDatabase) {

    static final KnowledgeFiles NONE = new KnowledgeFiles(null, Map.of());

    KnowledgeFiles {
        byDatabase = Map.copyOf(byDatabase);
    }

    /**
     * The files the flag's values give: {@code db=FILE} or {@code FILE} each. A value that is a readable file as a whole
     * is a file, even with an {@code =} in its name; else {@code =} after a name without a path separator names a database.
     * A file that cannot be read, a database given twice, or two files for every database is an
     * {@link IllegalArgumentException} saying which.
     */
    static KnowledgeFiles of(List<String> values) {
        Path everywhere = null;
        Map<String, Path> byDatabase = new LinkedHashMap<>();
        for (String value : values) {
            int eq = value.indexOf('=');
            String named = eq > 0 ? value.substring(0, eq) : null;
            String database = null;
            String file = value;
            if (named != null && !Files.isReadable(Path.of(value)) && named.indexOf('/') < 0 && named.indexOf('\\') < 0) {
                database = named;
                file = value.substring(eq + 1);
            }
            if (file.isBlank()) {
                throw new IllegalArgumentException("--knowledge " + value + ": give a file (--knowledge FILE, or --knowledge db=FILE)");
            }
            Path path = Path.of(file).toAbsolutePath().normalize();
            if (!Files.isReadable(path)) {
                throw new IllegalArgumentException("--knowledge: " + file + " cannot be read");
            }
            if (database == null) {
                if (everywhere != null) {
                    throw new IllegalArgumentException("--knowledge FILE (the file for every database) is given twice: " + everywhere
                            + " and " + path + "; name the database of each (--knowledge db=FILE)");
                }
                everywhere = path;
            } else if (byDatabase.put(database, path) != null) {
                throw new IllegalArgumentException("--knowledge " + database + "=...: database " + database + " is given twice");
            }
        }
        return new KnowledgeFiles(everywhere, byDatabase);
    }

    /** The file for a database (null: its name is not known, as behind a backend other than PostgreSQL), or null. */
    Path forDatabase(String database) {
        Path named = database == null ? null : byDatabase.get(database);
        return named != null ? named : everywhere;
    }

    /** Whether the database's file was named for it, so that it must check against it. */
    boolean namedFor(String database) {
        return database != null && byDatabase.containsKey(database);
    }
}
