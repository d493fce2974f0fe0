package dev.nlsql.internal.schema;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Catalogs by database, read once and reused by every connection to the same database and
 * allow-list. Dropped after DDL through nlsql, on demand, or after an hour as a backstop for
 * DDL from elsewhere.
 */
public final class CatalogCache {

    private final Cache<String, SchemaCatalog> catalogs = Caffeine.newBuilder()
            .maximumSize(256)
            .expireAfterWrite(Duration.ofHours(1))
            .build();

    /** The catalog for {@code databaseKey}, read through {@code connection} when not cached. */
    public SchemaCatalog get(String databaseKey, Connection connection, CatalogReader reader) throws SQLException {
        SchemaCatalog cached = catalogs.getIfPresent(databaseKey);
        if (cached != null) {
            return cached;
        }
        SchemaCatalog fresh = reader.read(connection);
        catalogs.put(databaseKey, fresh);
        return fresh;
    }

    public boolean contains(String databaseKey) {
        return catalogs.getIfPresent(databaseKey) != null;
    }

    public void invalidate(String databaseKey) {
        catalogs.invalidate(databaseKey);
    }
}
