package dev.nlsql.internal.schema;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.nlsql.internal.execute.QueryRunner;
import dev.nlsql.internal.log.Logs;
import dev.nlsql.internal.log.Secrets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;

/**
 * Which text columns a PostgreSQL index can find a value in, by the column itself or by
 * {@code lower(column)}: read from {@code pg_index} once per catalog (a changed schema is a new
 * catalog), so that a value lookup compares what an index holds. Only whole, valid b-tree indexes
 * whose first key is the column (in its own collation) or {@code lower} of it count.
 */
final class ColumnIndexes {

    private static final Logger LOG = Logs.get(ColumnIndexes.class);

    enum Kind {
        /** No index: the lookup compares {@code lower(column)} and scans. */
        NONE,
        /** An index on the column: the lookup compares the column with a few spellings of the phrase. */
        PLAIN,
        /** An index on {@code lower(column)}. */
        LOWER
    }

    private record Key(String schema, String table, String column) {
    }

    /** Rows of pg_index read at most: a schema with more indexes than this looks the rest up without them. */
    private static final int MAX_INDEXES = 50_000;
    private static final Pattern LOWER = Pattern.compile("lower\\(\\(?(\"(?:[^\"]|\"\")+\"|[\\p{L}_][\\p{L}\\p{N}_$]*)\\)?(?:::[a-z ]+)?\\)");
    private static final String SQL = "SELECT n.nspname, t.relname, a.attname,"
            + " CASE WHEN i.indkey[0] = 0 THEN pg_catalog.pg_get_indexdef(i.indexrelid, 1, true) END"
            + " FROM pg_catalog.pg_index i"
            + " JOIN pg_catalog.pg_class t ON t.oid = i.indrelid"
            + " JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace"
            + " JOIN pg_catalog.pg_class x ON x.oid = i.indexrelid"
            + " JOIN pg_catalog.pg_am am ON am.oid = x.relam"
            + " LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]"
            + " AND i.indcollation[0] = a.attcollation"
            + " WHERE am.amname = 'btree' AND i.indisvalid AND i.indpred IS NULL"
            + " AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'";

    private final Cache<SchemaCatalog, Known> read = Caffeine.newBuilder().weakKeys().maximumSize(64).build();

    /** The indexes of one catalog's tables, as far as a lookup cares. */
    record Known(Map<Key, Kind> kinds) {
        Kind of(TableInfo t, ColumnInfo c) {
            return kinds.getOrDefault(new Key(t.schema(), t.name(), c.name()), Kind.NONE);
        }
    }

    /**
     * The catalog's indexes, read once; null when they could not be read within {@code timeoutSeconds}
     * (not remembered, so read again for a later question).
     */
    Known of(SchemaCatalog catalog, Connection connection, int timeoutSeconds) {
        Known known = read.getIfPresent(catalog);
        if (known == null) {
            Map<Key, Kind> kinds = read(connection, timeoutSeconds);
            if (kinds == null) {
                return null;
            }
            known = new Known(Map.copyOf(kinds));
            read.put(catalog, known);
        }
        return known;
    }

    /** Reads the system catalog only (no table's rows), so it needs no read role: every role sees pg_index alike. */
    private static Map<Key, Kind> read(Connection connection, int timeoutSeconds) {
        Map<Key, Kind> kinds = new HashMap<>();
        try (ResultSet rs = QueryRunner.run(connection, true, null, SQL, MAX_INDEXES, timeoutSeconds)) {
            while (rs.next()) {
                String column = rs.getString(3);
                Kind kind = Kind.PLAIN;
                if (column == null) {
                    column = lowered(rs.getString(4));
                    kind = Kind.LOWER;
                }
                if (column != null) {
                    kinds.merge(new Key(rs.getString(1), rs.getString(2), column), kind, (a, b) -> a == Kind.LOWER ? a : b);
                }
            }
        } catch (SQLException e) {
            if (e instanceof java.sql.SQLTimeoutException || dev.nlsql.internal.SqlState.QUERY_CANCELED.is(e.getSQLState())
                    || dev.nlsql.internal.SqlState.isConnectionException(e.getSQLState())) {
                LOG.debug("indexes not read in time: no value lookups for this question: {}", Secrets.forLog(e.getMessage()));
                return null; // maybe in time later: not remembered
            }
            // refused for good: every lookup compares lower(column), now and later
            LOG.debug("indexes not readable, value lookups compare lower(column): {}", Secrets.forLog(e.getMessage()));
            return Map.of();
        }
        return kinds;
    }

    /** The column of an index expression {@code lower(name)}, {@code lower((name)::text)} or {@code lower("Name")}; else null. */
    static String lowered(String expression) {
        if (expression == null) {
            return null;
        }
        Matcher m = LOWER.matcher(expression.strip());
        if (!m.matches()) {
            return null;
        }
        String name = m.group(1);
        return name.startsWith("\"") ? name.substring(1, name.length() - 1).replace("\"\"", "\"") : name;
    }
}
