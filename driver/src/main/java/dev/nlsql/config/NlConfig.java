package dev.nlsql.config;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/** The validated nlsql settings of one connection. */
public final class NlConfig {

    /** What happens to text that is SQL. */
    public enum Passthrough { ALLOW, READONLY, DENY }

    /** Which generator answers questions. */
    public enum LlmKind { OPENAI, OFFLINE, NONE }

    /** Which lexical rules the guard reads SQL with. */
    public enum Dialect { AUTO, POSTGRESQL, MYSQL, UNVERIFIED }

    /**
     * SQLSTATE of a bad nlsql.* value, or of a knowledge file entry that cannot be used (22023, invalid parameter
     * value). Its home is here, in the API, because configuration sits below the internals; the internal SqlState
     * enum takes it from here.
     */
    public static final String INVALID_VALUE = "22023";

    private final LlmKind llm;
    private final String llmBaseUrl;
    private final String llmApiKey;
    private final String llmModel;
    private final Integer llmSeed;
    private final int llmTimeoutSeconds;
    private final int maxAttempts;
    private final int maxRows;
    private final int queryTimeoutSeconds;
    private final List<String> tables;
    private final Passthrough passthrough;
    private final boolean cache;
    /** The shared answer cache's URL (redis:// or rediss://), or null. */
    private final String cacheShared;
    private final int cacheSharedTtlSeconds;
    private final int cacheSharedTimeoutMillis;
    private final boolean repairs;
    private final int widerSearch;
    private final int maxSteps;
    private final int fallbackRows;
    private final boolean followUps;
    private final List<String> deniedFunctions;
    private final List<String> functions;
    private final String readRole;
    /** {@code nlsql.readRole} by source: {@code reader, accounts:acc_reader}; an entry without a source is main's. */
    private final Map<String, String> readRoles;
    private final long maxResultBytes;
    private final int llmMaxReplyChars;
    private final boolean llmSendValues;
    private final Dialect dialect;
    /** Attached sources by name (lower case), in name order; the connection's own database is {@link #MAIN}. */
    private final Map<String, String> sources;
    /** {@code nlsql.tables} patterns by source; a source none names reads every table. */
    private final Map<String, List<String>> sourceTables;
    private final int sourceRows;
    /** The knowledge file, or null. */
    private final java.nio.file.Path knowledge;

    /** The name of the connection's own database among the sources. */
    public static final String MAIN = "main";
    /** The name plan steps use for the embedded engine that joins what the sources return. */
    public static final String LOCAL = "local";
    private static final java.util.regex.Pattern SOURCE_NAME = java.util.regex.Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    private NlConfig(Properties p, Map<String, String> env) throws SQLException {
        this.llmBaseUrl = firstNonBlank(p.getProperty(NlProperty.LLM_BASE_URL.key()), env.get("OPENAI_BASE_URL"));
        this.llmApiKey = firstNonBlank(p.getProperty(NlProperty.LLM_API_KEY.key()), env.get("OPENAI_API_KEY"));
        String llmText = p.getProperty(NlProperty.LLM.key());
        if (llmText == null || llmText.isBlank()) {
            this.llm = llmBaseUrl != null || llmApiKey != null ? LlmKind.OPENAI : LlmKind.OFFLINE;
        } else {
            this.llm = LlmKind.valueOf(choice(p, NlProperty.LLM).toUpperCase(Locale.ROOT));
        }
        this.llmModel = text(p, NlProperty.LLM_MODEL);
        this.llmSeed = optionalInt(p, NlProperty.LLM_SEED);
        this.llmTimeoutSeconds = positiveInt(p, NlProperty.LLM_TIMEOUT_SECONDS);
        this.maxAttempts = positiveInt(p, NlProperty.MAX_ATTEMPTS);
        this.maxRows = positiveInt(p, NlProperty.MAX_ROWS);
        this.queryTimeoutSeconds = positiveInt(p, NlProperty.QUERY_TIMEOUT_SECONDS);
        this.sources = sources(p);
        List<String> tableEntries = tablePatterns(text(p, NlProperty.TABLES));
        this.sourceTables = bySource(tableEntries, sources.keySet());
        // an allow-list set empty allows nothing; one that names only other sources leaves main's tables all allowed
        this.tables = tableEntries.isEmpty() ? List.of() : sourceTables.getOrDefault(MAIN, List.of("*"));
        this.sourceRows = positiveInt(p, NlProperty.SOURCE_ROWS);
        this.passthrough = Passthrough.valueOf(choice(p, NlProperty.PASSTHROUGH).toUpperCase(Locale.ROOT));
        this.cache = Boolean.parseBoolean(choice(p, NlProperty.CACHE));
        this.cacheShared = sharedCacheUrl(text(p, NlProperty.CACHE_SHARED));
        this.cacheSharedTtlSeconds = positiveInt(p, NlProperty.CACHE_SHARED_TTL_SECONDS);
        this.cacheSharedTimeoutMillis = positiveInt(p, NlProperty.CACHE_SHARED_TIMEOUT_MILLIS);
        this.repairs = Boolean.parseBoolean(choice(p, NlProperty.REPAIRS));
        this.widerSearch = nonNegativeInt(p, NlProperty.WIDER_SEARCH);
        this.maxSteps = positiveInt(p, NlProperty.MAX_STEPS);
        this.fallbackRows = nonNegativeInt(p, NlProperty.FALLBACK_ROWS);
        this.followUps = Boolean.parseBoolean(choice(p, NlProperty.FOLLOW_UPS));
        this.deniedFunctions = list(text(p, NlProperty.DENIED_FUNCTIONS));
        this.functions = list(text(p, NlProperty.FUNCTIONS));
        String role = text(p, NlProperty.READ_ROLE);
        this.readRoles = readRoles(role, sources.keySet());
        this.readRole = readRoles.get(MAIN);
        this.maxResultBytes = byteSize(p, NlProperty.MAX_RESULT_BYTES);
        this.llmMaxReplyChars = positiveInt(p, NlProperty.LLM_MAX_REPLY_CHARS);
        this.llmSendValues = Boolean.parseBoolean(choice(p, NlProperty.LLM_SEND_VALUES));
        this.dialect = Dialect.valueOf(choice(p, NlProperty.DIALECT).toUpperCase(Locale.ROOT));
        this.knowledge = knowledgePath(text(p, NlProperty.KNOWLEDGE));
    }

    private static String sharedCacheUrl(String value) throws SQLException {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.strip();
        if (!v.startsWith("redis://") && !v.startsWith("rediss://")) {
            throw new SQLException("Invalid value for " + NlProperty.CACHE_SHARED.key() + ": a redis:// or rediss:// URL "
                    + "(redis://host:6379/0)", INVALID_VALUE);
        }
        try {
            java.net.URI uri = new java.net.URI(v);
            if (uri.getHost() == null) {
                throw new java.net.URISyntaxException(v, "no host");
            }
        } catch (java.net.URISyntaxException e) {
            throw new SQLException("Invalid value for " + NlProperty.CACHE_SHARED.key() + ": not a URL (" + e.getReason() + ")",
                    INVALID_VALUE);
        }
        return v;
    }

    /** The knowledge file's path, absolute; its contents are read and checked at connect, against the database. */
    private static java.nio.file.Path knowledgePath(String value) throws SQLException {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return java.nio.file.Path.of(value.strip()).toAbsolutePath().normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw new SQLException("Invalid value for " + NlProperty.KNOWLEDGE.key() + ": not a file path (" + e.getMessage() + ")",
                    INVALID_VALUE);
        }
    }

    /** Reads and checks the nlsql.* entries of {@code props}; unknown nlsql.* keys are an error. */
    public static NlConfig from(Properties props) throws SQLException {
        return from(props, System.getenv());
    }

    public static NlConfig from(Properties props, Map<String, String> env) throws SQLException {
        for (String key : props.stringPropertyNames()) {
            if (key.startsWith(NlProperty.PREFIX) && NlProperty.byKey(key) == null) {
                throw new SQLException(NlProperty.unknownKeyMessage(key), INVALID_VALUE);
            }
        }
        return new NlConfig(props, env);
    }

    public static NlConfig defaults() {
        try {
            return from(new Properties(), Map.of());
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String text(Properties p, NlProperty prop) {
        String v = p.getProperty(prop.key());
        return v == null ? prop.defaultValue() : v.trim();
    }

    private static String choice(Properties p, NlProperty prop) throws SQLException {
        String v = text(p, prop);
        for (String c : prop.choices()) {
            if (c.equalsIgnoreCase(v)) {
                return c;
            }
        }
        throw new SQLException("Invalid value '" + v + "' for " + prop.key() + "; expected one of " + prop.choices(), INVALID_VALUE);
    }

    private static int positiveInt(Properties p, NlProperty prop) throws SQLException {
        String v = text(p, prop);
        try {
            int n = Integer.parseInt(v);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SQLException("Invalid value '" + v + "' for " + prop.key() + "; expected a whole number above 0", INVALID_VALUE);
    }

    private static int nonNegativeInt(Properties p, NlProperty prop) throws SQLException {
        String v = text(p, prop);
        try {
            int n = Integer.parseInt(v);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SQLException("Invalid value '" + v + "' for " + prop.key() + "; expected a whole number, 0 or above", INVALID_VALUE);
    }

    /** A whole number (any sign), or null when the property is unset or blank. */
    private static Integer optionalInt(Properties p, NlProperty prop) throws SQLException {
        String v = text(p, prop);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new SQLException("Invalid value '" + v + "' for " + prop.key() + "; expected a whole number such as 42", INVALID_VALUE);
        }
    }

    /** A size in bytes: a whole number, optionally followed by KB, MB or GB (1024-based). */
    private static long byteSize(Properties p, NlProperty prop) throws SQLException {
        String v = text(p, prop);
        String digits = v.toUpperCase(Locale.ROOT).replace(" ", "");
        long unit = 1;
        for (String[] suffix : new String[][] {{"KB", "1024"}, {"MB", "1048576"}, {"GB", "1073741824"}, {"K", "1024"},
            {"M", "1048576"}, {"G", "1073741824"}, {"B", "1"}}) {
            if (digits.endsWith(suffix[0])) {
                digits = digits.substring(0, digits.length() - suffix[0].length());
                unit = Long.parseLong(suffix[1]);
                break;
            }
        }
        try {
            long n = Long.parseLong(digits);
            if (n > 0 && n <= Long.MAX_VALUE / unit) {
                return n * unit;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SQLException("Invalid value '" + v + "' for " + prop.key() + "; expected a size above 0 such as 1048576, 512KB or 64MB",
                INVALID_VALUE);
    }

    private static List<String> list(String v) {
        if (v == null || v.isBlank()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String part : v.split(",")) {
            if (!part.isBlank()) {
                out.add(part.trim());
            }
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * The {@code nlsql.tables} patterns: split at the commas outside quotes, since a quoted name
     * ({@code public."Orders, 2024"}) may hold one; a quote left open is an error, not a guess.
     */
    private static List<String> tablePatterns(String v) throws SQLException {
        if (v == null || v.isBlank()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        char quote = 0;
        for (int i = 0; i <= v.length(); i++) {
            char c = i < v.length() ? v.charAt(i) : ',';
            if (i == v.length() && quote != 0) {
                throw new SQLException("Invalid value '" + v + "' for " + NlProperty.TABLES.key() + "; a quote (" + quote
                        + ") is not closed", INVALID_VALUE);
            }
            if (quote == 0 && c == ',') {
                if (!part.isEmpty() && !part.toString().isBlank()) {
                    out.add(part.toString().trim());
                }
                part.setLength(0);
                continue;
            }
            if (quote == 0 && (c == '"' || c == '`')) {
                quote = c;
            } else if (c == quote) {
                quote = 0; // a doubled quote closes and reopens: the same text
            }
            part.append(c);
        }
        return Collections.unmodifiableList(out);
    }

    /** The {@code nlsql.source.<name>} entries: names are SQL-like words, folded to lower case, never main or local. */
    private static Map<String, String> sources(Properties p) throws SQLException {
        java.util.TreeMap<String, String> out = new java.util.TreeMap<>();
        for (String key : p.stringPropertyNames()) {
            if (!key.toLowerCase(Locale.ROOT).startsWith(NlProperty.SOURCE_PREFIX)) {
                continue;
            }
            String name = key.substring(NlProperty.SOURCE_PREFIX.length()).toLowerCase(Locale.ROOT);
            String url = p.getProperty(key).trim();
            String problem = sourceProblem(name, url);
            if (problem != null) {
                throw new SQLException("Invalid " + key + " (source " + name + "): " + problem, INVALID_VALUE);
            }
            if (out.put(name, url) != null) {
                throw new SQLException("Source " + name + " is given twice (" + NlProperty.SOURCE_PREFIX + name + ")", INVALID_VALUE);
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * Why a source cannot be attached as given, or null: the name is a letter or _ then letters, digits or _
     * (at most 63), not main or local; the URL a database's own JDBC URL. Tools check their flags with it early.
     */
    public static String sourceProblem(String name, String url) {
        String folded = name.toLowerCase(Locale.ROOT);
        if (!SOURCE_NAME.matcher(folded).matches() || folded.equals(MAIN) || folded.equals(LOCAL)) {
            return "a source is named by a letter or _ then letters, digits or _ (at most 63), and not main or local";
        }
        if (url.regionMatches(true, 0, "jdbc:nlsql:", 0, "jdbc:nlsql:".length())) {
            return "give the database's own JDBC URL (such as jdbc:postgresql://host/db), not a jdbc:nlsql: URL";
        }
        if (!url.regionMatches(true, 0, "jdbc:", 0, "jdbc:".length())) {
            return "must be a JDBC URL such as jdbc:postgresql://127.0.0.1:5432/accounts";
        }
        return null;
    }

    /**
     * Splits {@code nlsql.tables} entries by source: {@code accounts:public.*} belongs to source accounts,
     * an entry without a prefix to main. A prefix naming no attached source is an error, not a silent no-op.
     */
    private static Map<String, List<String>> bySource(List<String> entries, java.util.Set<String> attached) throws SQLException {
        Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        for (String entry : entries) {
            String[] sourced = sourced(entry, attached, NlProperty.TABLES);
            out.computeIfAbsent(sourced[0], s -> new ArrayList<>()).add(sourced[1]);
        }
        Map<String, List<String>> frozen = new java.util.LinkedHashMap<>();
        out.forEach((k, v) -> frozen.put(k, List.copyOf(v)));
        return Collections.unmodifiableMap(frozen);
    }

    /**
     * An entry of a per-source list split as {@code {source, rest}}: {@code acc:x} is source acc's (a colon
     * before any quote), an entry without one main's; a source that is not attached is an error naming it.
     */
    private static String[] sourced(String entry, java.util.Set<String> attached, NlProperty property) throws SQLException {
        int colon = entry.indexOf(':');
        int quote = firstQuote(entry);
        if (colon <= 0 || (quote >= 0 && quote < colon)) {
            return new String[] {MAIN, entry.trim()};
        }
        String source = entry.substring(0, colon).trim().toLowerCase(Locale.ROOT);
        if (!source.equals(MAIN) && !attached.contains(source)) {
            throw new SQLException("Invalid value for " + property.key() + ": '" + entry.trim() + "' names source " + source
                    + ", which is not attached (attach it with " + NlProperty.SOURCE_PREFIX + source + "=<jdbc url>)", INVALID_VALUE);
        }
        return new String[] {source, entry.substring(colon + 1).trim()};
    }

    private static int firstQuote(String s) {
        int d = s.indexOf('"');
        int b = s.indexOf('`');
        return d < 0 ? b : b < 0 ? d : Math.min(d, b);
    }

    private static String firstNonBlank(String a, String b) {
        if (a != null && !a.isBlank()) {
            return a.trim();
        }
        return b != null && !b.isBlank() ? b.trim() : null;
    }

    /** Equal for configurations that behave alike; connections with equal identities share an engine. */
    public String identity() {
        return String.join("|", llm.name(), String.valueOf(llmBaseUrl), String.valueOf(llmApiKey == null ? null : llmApiKey.hashCode()),
                llmModel, String.valueOf(llmSeed), String.valueOf(llmTimeoutSeconds), String.valueOf(maxAttempts), String.valueOf(maxRows),
                String.valueOf(queryTimeoutSeconds), String.join(",", tables), passthrough.name(), String.valueOf(cache), String.valueOf(repairs),
                String.valueOf(cacheShared), String.valueOf(cacheSharedTtlSeconds), String.valueOf(cacheSharedTimeoutMillis),
                String.join(",", deniedFunctions), String.join(",", functions), readRoles.toString(), String.valueOf(maxResultBytes),
                String.valueOf(llmMaxReplyChars), String.valueOf(llmSendValues), dialect.name(), String.valueOf(widerSearch),
                String.valueOf(maxSteps), String.valueOf(fallbackRows), String.valueOf(followUps), sources.toString(),
                sourceTables.toString(), String.valueOf(sourceRows), String.valueOf(knowledge));
    }

    public LlmKind llm() {
        return llm;
    }

    public String llmBaseUrl() {
        return llmBaseUrl;
    }

    public String llmApiKey() {
        return llmApiKey;
    }

    public String llmModel() {
        return llmModel;
    }

    /** The seed sent with each model request, or null: none is sent. */
    public Integer llmSeed() {
        return llmSeed;
    }

    public int llmTimeoutSeconds() {
        return llmTimeoutSeconds;
    }

    public int maxAttempts() {
        return maxAttempts;
    }

    public int maxRows() {
        return maxRows;
    }

    public int queryTimeoutSeconds() {
        return queryTimeoutSeconds;
    }

    /** Table patterns questions may use on the main database; {@code ["*"]} means every table. */
    public List<String> tables() {
        return tables;
    }

    /** Table patterns questions may use on a source ({@link #MAIN} or an attached one); every table when none names it. */
    public List<String> tables(String source) {
        return MAIN.equals(source) ? tables : sourceTables.getOrDefault(source, List.of("*"));
    }

    /** The attached sources, name to JDBC URL, in name order (main is not among them). */
    public Map<String, String> sources() {
        return sources;
    }

    /** Rows one plan step may move into the local engine. */
    public int sourceRows() {
        return sourceRows;
    }

    /** The knowledge file ({@code nlsql.knowledge}), absolute, or null. */
    public java.nio.file.Path knowledge() {
        return knowledge;
    }

    public Passthrough passthrough() {
        return passthrough;
    }

    public boolean cache() {
        return cache;
    }

    /** The shared answer cache's URL, or null when there is none. */
    public String cacheShared() {
        return cacheShared;
    }

    public int cacheSharedTtlSeconds() {
        return cacheSharedTtlSeconds;
    }

    public int cacheSharedTimeoutMillis() {
        return cacheSharedTimeoutMillis;
    }

    /** Whether failures with exactly one sensible fix are repaired without the LLM. */
    public boolean repairs() {
        return repairs;
    }

    /** Broadened attempts after an empty result on text filters. */
    public int widerSearch() {
        return widerSearch;
    }

    public int maxSteps() {
        return maxSteps;
    }

    /** Rows the fallback analysis may fetch; 0 means no fallback. */
    public int fallbackRows() {
        return fallbackRows;
    }

    public boolean followUps() {
        return followUps;
    }

    /** Extra denied function patterns, on top of the built-in list. */
    public List<String> deniedFunctions() {
        return deniedFunctions;
    }

    /** User-defined function patterns guarded SQL may call. */
    public List<String> functions() {
        return functions;
    }

    /** The role guarded SQL runs under, or null. */
    public String readRole() {
        return readRole;
    }

    /** The role guarded SQL runs under on a source ({@link #MAIN} or an attached one), or null. */
    public String readRole(String source) {
        return readRoles.get(source);
    }

    /**
     * Every source's read role, in a stable order ({@code main=reader,arts=null}): part of an answer cache's key, since SQL
     * written for one role may name rows another role cannot see.
     */
    public String readRolesKey() {
        StringBuilder b = new StringBuilder(MAIN).append('=').append(readRole);
        for (String source : new java.util.TreeSet<>(sources.keySet())) {
            b.append(',').append(source).append('=').append(readRoles.get(source));
        }
        return b.toString();
    }

    private static Map<String, String> readRoles(String value, java.util.Set<String> attached) throws SQLException {
        Map<String, String> out = new java.util.HashMap<>();
        if (value == null || value.isBlank()) {
            return out;
        }
        for (String entry : value.split(",")) {
            String[] sourced = sourced(entry, attached, NlProperty.READ_ROLE);
            String source = sourced[0];
            String role = sourced[1];
            if (role.isEmpty() || out.put(source, role) != null) {
                throw new SQLException("Invalid value for " + NlProperty.READ_ROLE.key() + ": '" + value
                        + "'; expected one role per source (role, source:role, ...)", INVALID_VALUE);
            }
        }
        return Collections.unmodifiableMap(out);
    }

    public long maxResultBytes() {
        return maxResultBytes;
    }

    public int llmMaxReplyChars() {
        return llmMaxReplyChars;
    }

    /** Whether sampled values and row text may reach the model. */
    public boolean llmSendValues() {
        return llmSendValues;
    }

    public Dialect dialect() {
        return dialect;
    }
}
