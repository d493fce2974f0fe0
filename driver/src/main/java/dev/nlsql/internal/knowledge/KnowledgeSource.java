package dev.nlsql.internal.knowledge;

import dev.nlsql.internal.check.SqlGuard;
import dev.nlsql.internal.log.Logs;
import dev.nlsql.internal.log.Secrets;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.sql.LexRules;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.SQLException;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;

/**
 * One knowledge file as the databases it is used on see it: read and checked against a database's catalog the first
 * time ({@link #current}), and again whenever the file (its modification time, size or identity) or the catalog
 * changes. A file that does not check the first time fails with 22023; a change that does not check keeps the last
 * version that did, and says why ({@link Current#problem()}), so an edit in progress never stops the questions.
 */
public final class KnowledgeSource {

    private static final Logger LOG = Logs.get(KnowledgeSource.class);

    /**
     * What a question uses: the knowledge, what identifies its content ({@code version}: answers found with it are
     * not answers without it), and why a newer version of the file was not taken (null when it was).
     */
    public record Current(Knowledge knowledge, String version, String problem) {
    }

    private record Loaded(Object stamp, long catalog, Knowledge knowledge, String version, Object refusedStamp, String problem) {
    }

    private final Path path;
    private final ConcurrentMap<String, Loaded> byDatabase = new ConcurrentHashMap<>();

    public KnowledgeSource(Path path) {
        this.path = Objects.requireNonNull(path);
    }

    public Path path() {
        return path;
    }

    /** The knowledge for database {@code databaseKey} (its catalog, its guard, the rules its SQL is read with). */
    public Current current(String databaseKey, SchemaCatalog catalog, SqlGuard guard, LexRules rules) throws SQLException {
        Object stamp = stamp();
        Loaded loaded = byDatabase.get(databaseKey);
        if (loaded != null && Objects.equals(loaded.stamp(), stamp) && loaded.catalog() == catalog.fingerprint()) {
            return new Current(loaded.knowledge(), loaded.version(), null);
        }
        if (loaded != null && Objects.equals(loaded.refusedStamp(), stamp) && loaded.catalog() == catalog.fingerprint()) {
            return new Current(loaded.knowledge(), loaded.version(), loaded.problem());
        }
        synchronized (this) {
            try {
                Knowledge knowledge = checked(catalog, guard, rules);
                String version = path + "#" + Integer.toHexString(knowledge.hashCode());
                byDatabase.put(databaseKey, new Loaded(stamp, catalog.fingerprint(), knowledge, version, null, null));
                if (loaded != null) {
                    LOG.info("nlsql.knowledge {} read again: {} instructions, {} glossary terms, {} verified questions", path,
                            knowledge.instructions().size(), knowledge.glossary().size(), knowledge.verified().size());
                }
                return new Current(knowledge, version, null);
            } catch (SQLException e) {
                if (loaded == null) {
                    throw e; // at connect: the owner learns of it at once
                }
                String problem = e.getMessage() + "; the previous version of the file is used until it is fixed";
                if (!Objects.equals(loaded.refusedStamp(), stamp)) {
                    LOG.warn("{}", Secrets.forLog(problem));
                }
                byDatabase.put(databaseKey, new Loaded(loaded.stamp(), catalog.fingerprint(), loaded.knowledge(), loaded.version(), stamp,
                        problem));
                return new Current(loaded.knowledge(), loaded.version(), problem);
            }
        }
    }

    /**
     * The file checked; any failure (an exception or Error a reader or checker did not foresee) is the file's 22023, so
     * that at connect the owner is told which file, and while running the last good version stays in use.
     */
    private Knowledge checked(SchemaCatalog catalog, SqlGuard guard, LexRules rules) throws SQLException {
        try {
            return KnowledgeCheck.check(path, catalog, guard, rules);
        } catch (RuntimeException | Error e) {
            LOG.debug("nlsql.knowledge {} could not be checked", path, e);
            throw KnowledgeFile.invalid(path, "it could not be read or checked (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** What identifies a version of the file: its identity, size and modification time (null when it cannot be read). */
    private Object stamp() {
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
            return java.util.List.of(String.valueOf(a.fileKey()), a.size(), a.lastModifiedTime().toMillis());
        } catch (IOException e) {
            return null;
        }
    }
}
