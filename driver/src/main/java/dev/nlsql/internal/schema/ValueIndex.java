package dev.nlsql.internal.schema;

import dev.nlsql.internal.SqlState;
import dev.nlsql.internal.log.Secrets;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.nlsql.internal.sql.EditDistance;
import dev.nlsql.sql.SqlDialect;
import dev.nlsql.internal.execute.QueryRunner;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.sql.SQLTimeoutException;
import dev.nlsql.internal.log.Logs;
import org.slf4j.Logger;

/**
 * Distinct values of low-cardinality text columns, sampled from the database and cached with a
 * bound on memory, so that words in a question can be linked to {@code table.column = value}
 * ("Electronics" to categories.name, "delivered" to orders.status), in any case and despite a
 * small typo.
 *
 * <p>Sampling for one question has one time budget: each sample statement gets at most the time
 * left as its timeout, and columns not sampled in time are skipped for this question without
 * being cached, so a later question samples them. Threads asking for a column another thread is
 * sampling wait for it, within their own budget.
 */
public final class ValueIndex {

    private static final Logger LOG = Logs.get(ValueIndex.class);

    /** A column with more distinct values than this in its sample is not indexed (names, emails, ...). */
    static final int MAX_DISTINCT = 100;
    static final int SAMPLE_ROWS = 5_000;
    static final int MAX_VALUE_LENGTH = 80;
    /** Characters of values kept for all databases together. */
    static final long MAX_CHARS = 2_000_000;
    private static final Set<String> TEXT_TYPES = Set.of("text", "varchar", "character varying", "bpchar", "char", "character",
            "nvarchar", "nchar", "citext", "name", "enum", "character large object", "clob");

    /**
     * A word or phrase of a question found as a value of a column: among the sampled values, or
     * {@code lookedUp} in the column by {@link ValueLookup} (then {@code phrase} is as the question writes it).
     */
    public record ValueLink(TableInfo table, ColumnInfo column, String value, String phrase, boolean lookedUp) {
        public ValueLink(TableInfo table, ColumnInfo column, String value, String phrase) {
            this(table, column, value, phrase, false);
        }

        /** {@code table.column = 'value'}, names as a query writes them, the value as a SQL literal. */
        public String hint(SchemaCatalog catalog) {
            return SchemaRenderer.columnOf(catalog, table, column) + " = '" + value.replace("'", "''") + "'";
        }

        /** Looked up as a close misspelling ("Metalica" for Metallica), not found as written. */
        public boolean near() {
            return lookedUp && !folded(value).equals(folded(phrase));
        }
    }

    /** A table of one database, for what its kind says about who sees which rows. */
    private record TableKey(String database, String schema, String table) {
    }

    /**
     * Row-level security, or a relation that is no plain table (a view, a foreign table): its rows may depend on the session
     * ({@code current_setting('app.tenant')}), which no key can hold (PostgreSQL does not list custom settings), so its values
     * are sampled for each question and never shared. Re-read after a minute, so a policy added later is seen.
     */
    private static final String SESSION_SCOPED = "SELECT c.relrowsecurity OR c.relkind NOT IN ('r', 'p', 'm')"
            + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE n.nspname = ? AND c.relname = ?";
    private final Cache<TableKey, Boolean> sessionScoped = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(java.time.Duration.ofMinutes(1)).build();

    /** Whether the table's rows may differ between sessions of one user and role; true when that cannot be read. */
    public boolean sessionScoped(String databaseKey, Connection connection, TableInfo t, long deadline) {
        TableKey key = new TableKey(databaseKey, t.schema(), t.name());
        Boolean known = sessionScoped.getIfPresent(key);
        if (known != null) {
            return known;
        }
        int timeoutSeconds = (int) Math.max(1, Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toSeconds(deadline - System.nanoTime())));
        boolean scoped = true;
        // the system catalog only, no table's rows: every role reads pg_class alike
        try (ResultSet rs = QueryRunner.run(connection, true, null, SESSION_SCOPED, java.util.Arrays.asList(t.schema() == null ? "public"
                : t.schema(), t.name()), 1, timeoutSeconds)) {
            scoped = !rs.next() || rs.getBoolean(1);
            sessionScoped.put(key, scoped);
        } catch (SQLException e) {
            LOG.debug("cannot tell whether {} has row security: its values are not shared: {}", Secrets.forLog(t.name()),
                    Secrets.forLog(e.getMessage()));
        }
        return scoped;
    }

    /** A column as one role sees it: row-level security may show another role other values. */
    private record ColumnKey(String database, String readRole, String schema, String table, String column) {
    }

    private final Cache<ColumnKey, List<String>> values = Caffeine.newBuilder()
            .maximumWeight(MAX_CHARS)
            .weigher((ColumnKey k, List<String> v) -> 16 + v.stream().mapToInt(String::length).sum())
            .build();
    /** Samplings under way, so that a second thread asking for the same column waits for the first instead of sampling too. */
    private final ConcurrentHashMap<ColumnKey, CompletableFuture<List<String>>> sampling = new ConcurrentHashMap<>();

    /**
     * Links the question's words to values of text columns of {@code tables}, sampling the
     * columns not indexed yet through {@code connection} (read-only, as {@code readRole} when not null), all within
     * {@code budgetSeconds}.
     */
    public List<ValueLink> link(String question, Connection connection, boolean postgres, String readRole, String databaseKey,
            Collection<TableInfo> tables, int budgetSeconds) {
        return sample(question, connection, postgres, readRole, databaseKey, tables, budgetSeconds).links();
    }

    /**
     * What sampling for one question found: its links, the columns whose values it holds (sampled, and few enough to be
     * a category), and whether every text column of the question's tables was sampled in time. An incomplete sampling
     * depends on timing: what it links must not decide an answer.
     */
    public record Sampled(List<ValueLink> links, Set<List<String>> held, boolean complete) {
        public Sampled {
            links = List.copyOf(links);
            held = Set.copyOf(held);
        }

        /** Whether this question's sampling holds the column's values. */
        public boolean holds(TableInfo t, ColumnInfo c) {
            return held.contains(columnKey(t, c));
        }

        private static List<String> columnKey(TableInfo t, ColumnInfo c) {
            return java.util.Arrays.asList(t.schema(), t.name(), c.name());
        }
    }

    /** As {@link #link}, with the columns it held and whether it sampled every one in time. */
    public Sampled sample(String question, Connection connection, boolean postgres, String readRole, String databaseKey,
            Collection<TableInfo> tables, int budgetSeconds) {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(budgetSeconds);
        String q = " " + String.join(" ", Words.split(question)) + " ";
        List<String> questionWords = Words.split(question);
        List<ValueLink> links = new ArrayList<>();
        Set<List<String>> held = new java.util.HashSet<>();
        int skipped = 0;
        for (TableInfo t : tables) {
            for (ColumnInfo c : t.columns()) {
                if (!isText(c)) {
                    continue;
                }
                List<String> sampled = valuesOf(databaseKey, connection, postgres, readRole, t, c, deadline);
                if (sampled == null) {
                    skipped++;
                    continue;
                }
                if (!sampled.isEmpty()) {
                    held.add(Sampled.columnKey(t, c));
                }
                for (String v : sampled) {
                    String phrase = match(q, questionWords, v);
                    if (phrase != null) {
                        links.add(new ValueLink(t, c, v, phrase));
                    }
                }
            }
        }
        if (skipped > 0) {
            LOG.debug("value sampling budget of {} s spent after {} ms: {} column(s) skipped for this question", budgetSeconds,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), skipped);
        }
        return new Sampled(links, held, skipped == 0);
    }

    /**
     * The column's real values closest to {@code literal}: equal but for case, accents and spacing;
     * else the values containing it; else those a typo or two away. At most five; empty when the
     * column is not a category (too many values) or could not be sampled within {@code budgetSeconds} (as {@code readRole}).
     */
    public List<String> closest(String databaseKey, Connection connection, boolean postgres, String readRole, TableInfo t, ColumnInfo c,
            String literal, int budgetSeconds) {
        if (!isText(c) || literal == null || literal.isBlank()) {
            return List.of();
        }
        List<String> sampled = valuesOf(databaseKey, connection, postgres, readRole, t, c,
                System.nanoTime() + TimeUnit.SECONDS.toNanos(budgetSeconds));
        if (sampled == null || sampled.isEmpty()) {
            return List.of();
        }
        String wanted = folded(literal);
        List<String> same = sampled.stream().filter(v -> folded(v).equals(wanted)).limit(5).toList();
        if (!same.isEmpty()) {
            return same;
        }
        List<String> containing = sampled.stream().filter(v -> folded(v).contains(wanted)).limit(5).toList();
        if (!containing.isEmpty()) {
            return containing;
        }
        int allowed = Math.max(1, wanted.length() / 5);
        return sampled.stream().filter(v -> EditDistance.of(folded(v), wanted) <= allowed).limit(5).toList();
    }

    /** Lower case, without accents, spaces and punctuation collapsed to one space. */
    public static String folded(String s) {
        String noAccents = java.text.Normalizer.normalize(s, java.text.Normalizer.Form.NFD).replaceAll("\\p{M}+", "");
        return noAccents.toLowerCase(Locale.ROOT).replaceAll("[\\s\\p{Punct}]+", " ").strip();
    }

    /**
     * The sampled values of one column, or an empty list when it has too many to be a category;
     * null when it could not be sampled before {@code deadline} (nothing is cached then).
     */
    List<String> valuesOf(String databaseKey, Connection connection, boolean postgres, String readRole, TableInfo t, ColumnInfo c,
            long deadline) {
        if (postgres && sessionScoped(databaseKey, connection, t, deadline)) {
            // what this session sees of the table may differ from what another session of the same user and role sees
            return sample(connection, postgres, readRole, t, c, deadline);
        }
        ColumnKey key = new ColumnKey(databaseKey, readRole, t.schema(), t.name(), c.name());
        CompletableFuture<List<String>> mine = new CompletableFuture<>();
        while (true) {
            List<String> known = values.getIfPresent(key);
            if (known != null) {
                return known;
            }
            CompletableFuture<List<String>> running = sampling.putIfAbsent(key, mine);
            if (running == null) {
                break;
            }
            List<String> theirs = await(running, deadline);
            if (theirs != null || System.nanoTime() - deadline >= 0) {
                return theirs;
            }
            // the other sampler ran out of its own budget: sample with what is left of ours
        }
        List<String> out = null;
        try {
            out = values.getIfPresent(key); // the sampler before us may have finished between the two looks
            if (out == null) {
                out = sample(connection, postgres, readRole, t, c, deadline);
                if (out != null) {
                    values.put(key, out);
                }
            }
            return out;
        } finally {
            sampling.remove(key, mine);
            mine.complete(out);
        }
    }

    private static List<String> await(CompletableFuture<List<String>> running, long deadline) {
        long wait = deadline - System.nanoTime();
        if (wait <= 0) {
            return null;
        }
        try {
            return running.get(wait, TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Null when the time left is under the one-second granularity of JDBC timeouts, or the sample timed out. */
    private static List<String> sample(Connection connection, boolean postgres, String readRole, TableInfo t, ColumnInfo c, long deadline) {
        int timeoutSeconds = (int) Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toSeconds(deadline - System.nanoTime()));
        if (timeoutSeconds < 1) {
            return null; // 0 would mean no timeout at all
        }
        String sql = sampleSql(connection, postgres, t, c);
        List<String> out = new ArrayList<>();
        try (ResultSet rs = QueryRunner.run(connection, postgres, readRole, sql, MAX_DISTINCT + 1, timeoutSeconds)) {
            while (rs.next()) {
                String v = rs.getString(1);
                // a value with a line break or control character is no category name, and would break the hint's line
                if (v != null && !v.isBlank() && v.length() <= MAX_VALUE_LENGTH && v.chars().noneMatch(Character::isISOControl)) {
                    out.add(v);
                }
            }
        } catch (SQLException e) {
            if (passing(e)) {
                LOG.debug("sampling {}.{} failed for now (timeout {} s): skipped, not cached: {}", t.name(), c.name(), timeoutSeconds,
                        Secrets.forLog(e.getMessage()));
                return null; // slow, locked or disconnected now, maybe not later
            }
            LOG.debug("cannot sample {}.{}: {}", Secrets.forLog(t.name()), Secrets.forLog(c.name()), Secrets.forLog(e.getMessage()));
            return List.of();
        }
        return out.size() > MAX_DISTINCT ? List.of() : List.copyOf(out);
    }

    /**
     * The sampling query in the connection's own dialect: names quoted as the database quotes them
     * (double quotes on PostgreSQL; backticks on MySQL and MariaDB, which every sql_mode reads as
     * names; elsewhere the driver's {@code getIdentifierQuoteString()}), and the first rows taken
     * with LIMIT where the database has it, else with the standard FETCH FIRST (TOP on SQL Server).
     */
    static String sampleSql(Connection connection, boolean postgres, TableInfo t, ColumnInfo c) {
        String product = "";
        String q = "\"";
        if (!postgres) {
            try {
                java.sql.DatabaseMetaData meta = connection.getMetaData();
                product = meta.getDatabaseProductName() == null ? "" : meta.getDatabaseProductName();
                if (SqlDialect.ofProduct(product) == SqlDialect.MYSQL) {
                    q = "`";
                } else {
                    String reported = meta.getIdentifierQuoteString();
                    q = reported == null ? "\"" : reported.strip(); // " " (blank): the database quotes no names
                }
            } catch (SQLException e) {
                LOG.debug("no database metadata: names quoted with double quotes, rows limited with LIMIT: {}", Secrets.forLog(e.getMessage()));
            }
        }
        String column = quote(c.name(), q);
        String table = quotedTable(t, q);
        String p = product.toLowerCase(Locale.ROOT);
        String inner;
        if (postgres || p.isEmpty() || SqlDialect.ofProduct(product) != SqlDialect.UNVERIFIED
                || p.matches(".*(h2|sqlite|hsql|duckdb|clickhouse|snowflake|redshift|cockroach|vertica|trino|presto|spark|databricks).*")) {
            inner = "SELECT " + column + " AS v FROM " + table + " WHERE " + column + " IS NOT NULL LIMIT " + SAMPLE_ROWS;
        } else if (p.contains("microsoft sql server")) {
            inner = "SELECT TOP " + SAMPLE_ROWS + " " + column + " AS v FROM " + table + " WHERE " + column + " IS NOT NULL";
        } else {
            inner = "SELECT " + column + " AS v FROM " + table + " WHERE " + column + " IS NOT NULL FETCH FIRST " + SAMPLE_ROWS
                    + " ROWS ONLY";
        }
        return "SELECT v FROM (" + inner + ") s GROUP BY v ORDER BY count(*) DESC";
    }

    /** A timeout, lock, cancel or lost connection: worth sampling again later, unlike a refusal. */
    private static boolean passing(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return e instanceof SQLTimeoutException || SqlState.QUERY_CANCELED.is(state) || SqlState.LOCK_NOT_AVAILABLE.is(state)
                || SqlState.isConnectionException(state)
                || state.startsWith("40") || state.startsWith("57P");
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
        if (valueWords.size() > 1) {
            String typo = oneTypoIn(questionWords, valueWords);
            return typo != null ? typo : reordered(questionWords, valueWords);
        }
        if (phrase.length() >= 5) {
            for (String w : questionWords) {
                if (w.length() >= 5 && EditDistance.of(w, phrase) == 1 && !Words.isStop(w)) {
                    return w;
                }
            }
            String singular = Words.stem(phrase);
            for (String w : questionWords) {
                if (w.length() >= 4 && (Words.stem(w).equals(singular) || w.equals(phrase + "s")) && !w.equals(phrase)) {
                    return w; // "movies" for Movie, which the stem reads as "movy"
                }
            }
        }
        return null;
    }

    /**
     * The question's words that read as a value of several words with one typo in one long word ("Chiara Rosi" for Chiara
     * Rossi) or as its plural ("Embraer E190s"), or null: every other word as written, the misspelt one a letter of letters
     * from a word of five or more.
     */
    private static String oneTypoIn(List<String> questionWords, List<String> valueWords) {
        int n = valueWords.size();
        for (int start = 0; start + n <= questionWords.size(); start++) {
            List<String> window = questionWords.subList(start, start + n);
            int typos = 0;
            boolean fits = true;
            for (int i = 0; i < n && fits; i++) {
                String q = window.get(i);
                String v = valueWords.get(i);
                if (q.equals(v) || i == n - 1 && q.equals(v + "s")) {
                    continue; // "Embraer E190s": the value's plural
                }
                typos++;
                fits = typos == 1 && v.length() >= 5 && q.length() >= 4 && EditDistance.of(q, v) == 1
                        && q.chars().allMatch(Character::isLetter) && v.chars().allMatch(Character::isLetter);
            }
            if (fits && (typos == 1 || !window.equals(valueWords))) {
                return String.join(" ", window);
            }
        }
        return null;
    }

    /** The question's words that are the value's words in another order ("molar root canal" for "Root canal, molar"), or null. */
    private static String reordered(List<String> questionWords, List<String> valueWords) {
        int n = valueWords.size();
        if (n > 4) {
            return null;
        }
        List<String> sorted = valueWords.stream().sorted().toList();
        for (int start = 0; start + n <= questionWords.size(); start++) {
            List<String> window = questionWords.subList(start, start + n);
            if (window.stream().sorted().toList().equals(sorted) && window.stream().noneMatch(Words::isStop)) {
                return String.join(" ", window);
            }
        }
        return null;
    }

    public static boolean isText(ColumnInfo c) {
        String type = c.typeName() == null ? "" : c.typeName().toLowerCase(Locale.ROOT);
        return TEXT_TYPES.contains(type) || type.startsWith("varchar") || type.startsWith("character");
    }

    /** A name quoted with {@code q} (its own quote characters doubled); as it is when the database quotes no names. */
    static String quote(String name, String q) {
        if (q.isEmpty()) {
            return name;
        }
        return q + name.replace(q, q + q) + q;
    }

    /** The table's name, schema-qualified when the catalog has a schema, each part quoted with {@code q}. */
    static String quotedTable(TableInfo t, String q) {
        return (t.schema() == null ? "" : quote(t.schema(), q) + ".") + quote(t.name(), q);
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
