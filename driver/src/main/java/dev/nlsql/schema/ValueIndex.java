package dev.nlsql.schema;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.nlsql.check.EditDistance;
import dev.nlsql.execute.QueryRunner;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Distinct values of low-cardinality text columns, sampled from the database and cached with a
 * bound on memory, so that words in a question can be linked to {@code table.column = value}
 * ("Electronics" to categories.name, "delivered" to orders.status), in any case and despite a
 * small typo.
 */
public final class ValueIndex {

    private static final Logger LOG = LoggerFactory.getLogger(ValueIndex.class);

    /** A column with more distinct values than this in its sample is not indexed (names, emails, ...). */
    static final int MAX_DISTINCT = 100;
    static final int SAMPLE_ROWS = 5_000;
    static final int MAX_VALUE_LENGTH = 80;
    /** Characters of values kept for all databases together. */
    static final long MAX_CHARS = 2_000_000;
    private static final Set<String> TEXT_TYPES = Set.of("text", "varchar", "character varying", "bpchar", "char", "character",
            "nvarchar", "nchar", "citext", "name", "enum", "character large object", "clob");

    /** A word or phrase of a question found as a value of a column. */
    public record ValueLink(TableInfo table, ColumnInfo column, String value, String phrase) {
        /** {@code table.column = 'value'}, names as a query writes them, the value as a SQL literal. */
        public String hint(SchemaCatalog catalog) {
            return SchemaRenderer.columnOf(catalog, table, column) + " = '" + value.replace("'", "''") + "'";
        }
    }

    private record ColumnKey(String database, String schema, String table, String column) {
    }

    private final Cache<ColumnKey, List<String>> values = Caffeine.newBuilder()
            .maximumWeight(MAX_CHARS)
            .weigher((ColumnKey k, List<String> v) -> 16 + v.stream().mapToInt(String::length).sum())
            .build();

    /**
     * Links the question's words to values of text columns of {@code tables}, sampling the
     * columns not indexed yet through {@code connection} (read-only, with a timeout).
     */
    public List<ValueLink> link(String question, Connection connection, boolean postgres, String databaseKey,
            Collection<TableInfo> tables) {
        String q = " " + String.join(" ", Words.split(question)) + " ";
        List<String> questionWords = Words.split(question);
        List<ValueLink> links = new ArrayList<>();
        for (TableInfo t : tables) {
            for (ColumnInfo c : t.columns()) {
                if (!isText(c)) {
                    continue;
                }
                for (String v : valuesOf(databaseKey, connection, postgres, t, c)) {
                    String phrase = match(q, questionWords, v);
                    if (phrase != null) {
                        links.add(new ValueLink(t, c, v, phrase));
                    }
                }
            }
        }
        return links;
    }

    /** The sampled values of one column, or an empty list when it has too many to be a category. */
    List<String> valuesOf(String databaseKey, Connection connection, boolean postgres, TableInfo t, ColumnInfo c) {
        return values.get(new ColumnKey(databaseKey, t.schema(), t.name(), c.name()), k -> sample(connection, postgres, t, c));
    }

    private static List<String> sample(Connection connection, boolean postgres, TableInfo t, ColumnInfo c) {
        String column = quote(c.name());
        String table = (t.schema() == null ? "" : quote(t.schema()) + ".") + quote(t.name());
        String sql = "SELECT v FROM (SELECT " + column + " AS v FROM " + table + " WHERE " + column + " IS NOT NULL LIMIT "
                + SAMPLE_ROWS + ") s GROUP BY v ORDER BY count(*) DESC";
        List<String> out = new ArrayList<>();
        try (ResultSet rs = QueryRunner.run(connection, postgres, sql, MAX_DISTINCT + 1, 5)) {
            while (rs.next()) {
                String v = rs.getString(1);
                if (v != null && !v.isBlank() && v.length() <= MAX_VALUE_LENGTH) {
                    out.add(v);
                }
            }
        } catch (SQLException e) {
            LOG.debug("cannot sample {}.{}: {}", t.name(), c.name(), e.getMessage());
            return List.of();
        }
        return out.size() > MAX_DISTINCT ? List.of() : List.copyOf(out);
    }

    /** The phrase of the question that names the value: whole words, any case, one typo in a long word. */
    static String match(String spacedQuestion, List<String> questionWords, String value) {
        List<String> valueWords = Words.split(value);
        if (valueWords.isEmpty() || (valueWords.size() == 1 && (Words.isStop(valueWords.get(0)) || valueWords.get(0).length() < 2))) {
            return null;
        }
        if (valueWords.stream().allMatch(w -> w.chars().allMatch(Character::isDigit))) {
            return null; // numbers are matched as numbers, not as category values
        }
        String phrase = String.join(" ", valueWords);
        if (spacedQuestion.contains(" " + phrase + " ")) {
            return phrase;
        }
        if (valueWords.size() == 1 && phrase.length() >= 5) {
            for (String w : questionWords) {
                if (w.length() >= 5 && EditDistance.of(w, phrase) == 1 && !Words.isStop(w)) {
                    return w;
                }
            }
            String singular = Words.stem(phrase);
            for (String w : questionWords) {
                if (w.length() >= 4 && Words.stem(w).equals(singular) && !w.equals(phrase)) {
                    return w;
                }
            }
        }
        return null;
    }

    static boolean isText(ColumnInfo c) {
        String type = c.typeName() == null ? "" : c.typeName().toLowerCase(Locale.ROOT);
        return TEXT_TYPES.contains(type) || type.startsWith("varchar") || type.startsWith("character");
    }

    private static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** Characters of sampled values held now, for all databases (bounded by {@link #MAX_CHARS}). */
    public long heldCharacters() {
        values.cleanUp();
        return values.policy().eviction().map(e -> e.weightedSize().orElse(0)).orElse(0L);
    }

    /** Forgets the values of a database, e.g. after its schema changed. */
    public void forget(String databaseKey) {
        values.asMap().keySet().removeIf(k -> k.database().equals(databaseKey));
    }
}
