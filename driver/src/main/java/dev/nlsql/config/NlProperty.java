package dev.nlsql.config;

import java.util.List;

/** Every {@code nlsql.*} connection property, with its default and its allowed values. */
public enum NlProperty {
    LLM("nlsql.llm", null, "Which SQL generator answers questions: openai (any OpenAI-compatible server), "
            + "offline (rules, no network) or none (SQL only). Default: openai when a base URL or API key is set, else offline",
            List.of("openai", "offline", "none")),
    LLM_BASE_URL("nlsql.llm.baseUrl", null, "Base URL of an OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp). "
            + "Default: env OPENAI_BASE_URL, else the OpenAI API", List.of()),
    LLM_API_KEY("nlsql.llm.apiKey", null, "API key for the LLM server. Default: env OPENAI_API_KEY", List.of()),
    LLM_MODEL("nlsql.llm.model", "gpt-4o-mini", "Model name", List.of()),
    LLM_SEED("nlsql.llm.seed", null, "Seed sent with every model request (a whole number), for servers that sample "
            + "reproducibly with one (OpenAI, vLLM, llama.cpp, Ollama). Default: none sent", List.of()),
    LLM_TIMEOUT_SECONDS("nlsql.llm.timeoutSeconds", "60", "Timeout of one LLM call, in seconds", List.of()),
    MAX_ATTEMPTS("nlsql.maxAttempts", "3", "Attempts per question, the first one included", List.of()),
    MAX_ROWS("nlsql.maxRows", "10000", "Row cap on generated SQL", List.of()),
    QUERY_TIMEOUT_SECONDS("nlsql.queryTimeoutSeconds", "30", "Statement timeout of generated SQL, in seconds", List.of()),
    TABLES("nlsql.tables", "*", "Comma-separated allow-list of tables questions may use (schema.table, * wildcards)", List.of()),
    PASSTHROUGH("nlsql.passthrough", "allow", "What happens to SQL text: allow (runs untouched), "
            + "readonly (guarded like generated SQL and run read-only) or deny (refused)", List.of("allow", "readonly", "deny")),
    CACHE("nlsql.cache", "true", "Reuse validated SQL for a repeated question on an unchanged schema", List.of("true", "false")),
    CACHE_SHARED("nlsql.cache.shared", null, "A Redis every instance shares validated SQL through, as a second tier behind "
            + "nlsql.cache (redis://host:6379/0, rediss:// for TLS). Default: none", List.of()),
    CACHE_SHARED_TTL_SECONDS("nlsql.cache.sharedTtlSeconds", "86400", "How long an answer stays in the shared cache, in seconds",
            List.of()),
    CACHE_SHARED_TIMEOUT_MILLIS("nlsql.cache.sharedTimeoutMillis", "200", "Connect and read timeout of the shared cache, in "
            + "milliseconds: a store slower than this is skipped", List.of()),
    REPAIRS("nlsql.repairs", "true", "Fix failures that have exactly one sensible fix without asking the LLM", List.of("true", "false")),
    DENIED_FUNCTIONS("nlsql.deniedFunctions", "", "Comma-separated function names (* wildcards) denied in guarded SQL, "
            + "in addition to the built-in rules (pg_sleep*, pg_read_file, dblink*, set_config, ...)", List.of()),
    FUNCTIONS("nlsql.functions", "", "Comma-separated user-defined functions (schema.name or name, * wildcards) guarded SQL may call; "
            + "built-in functions are judged by the guard's allow-list", List.of()),
    READ_ROLE("nlsql.readRole", null, "A role guarded SQL and every read of rows for the model or the rules (value sampling, "
            + "name lookups) run under (SET LOCAL ROLE) inside their read-only transaction (PostgreSQL); grant it SELECT on the tables questions may read. Attached sources take source:role entries "
            + "(reader, accounts:acc_reader)", List.of()),
    MAX_RESULT_BYTES("nlsql.maxResultBytes", "64MB", "Byte cap on the rows of generated SQL (a number of bytes, or with KB, MB, GB)",
            List.of()),
    LLM_MAX_REPLY_CHARS("nlsql.llm.maxReplyChars", "20000", "Longest model reply accepted, in characters", List.of()),
    LLM_SEND_VALUES("nlsql.llm.sendValues", "true", "false keeps sampled values and row text (in error messages and feedback) "
            + "away from the model", List.of("true", "false")),
    WIDER_SEARCH("nlsql.widerSearch", "1", "Broadened attempts after an empty result on text filters (case, accents, spaces, "
            + "patterns, the closest real values); 0 turns the wider search off", List.of()),
    MAX_STEPS("nlsql.maxSteps", "4", "Steps of a multi-step plan; 1 answers every question with one statement", List.of()),
    FALLBACK_ROWS("nlsql.fallbackRows", "10000", "Rows the fallback analysis may fetch when the attempts are spent; 0 turns it off",
            List.of()),
    FOLLOW_UPS("nlsql.followUps", "true", "Resolve follow-up questions (\"and in 2023?\") against the connection's previous question",
            List.of("true", "false")),
    DIALECT("nlsql.dialect", "auto", "How the guard reads SQL: auto (from the database: PostgreSQL, MySQL/MariaDB), postgresql, "
            + "mysql, or unverified (any other database, read with standard SQL rules: the operator accepts the risk that "
            + "the database reads the text differently)", List.of("auto", "postgresql", "mysql", "unverified")),
    SOURCE("nlsql.source.<name>", null, "Another database questions may read, as source <name>: its JDBC URL (percent-encoded "
            + "inside a URL); repeat with other names. A URL that names no user logs in as this connection's user", List.of()),
    SOURCE_ROWS("nlsql.sourceRows", "100000", "Rows one plan step may move into the local engine that joins sources", List.of()),
    KNOWLEDGE("nlsql.knowledge", null, "A knowledge file (.yaml, .yml or .json): instructions every prompt carries, a glossary of "
            + "business words, and verified question and SQL pairs; read at connect and again when it changes", List.of());

    /** The prefix every nlsql property starts with; such properties never reach the delegate. */
    public static final String PREFIX = "nlsql.";

    private final String key;
    private final String defaultValue;
    private final String description;
    private final List<String> choices;

    NlProperty(String key, String defaultValue, String description, List<String> choices) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.description = description;
        this.choices = choices;
    }

    public String key() {
        return key;
    }

    /** The fixed default, or null where the default is worked out at connect time. */
    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    public List<String> choices() {
        return choices;
    }

    /** The key prefix of the {@link #SOURCE} family: {@code nlsql.source.<name>}. */
    public static final String SOURCE_PREFIX = "nlsql.source.";

    /**
     * The key as the driver reads it: a known property's own spelling when {@code key} names it in another case
     * ({@code nlsql.maxattempts}), a source's key in lower case; any other key unchanged.
     */
    public static String canonicalKey(String key) {
        if (key.regionMatches(true, 0, SOURCE_PREFIX, 0, SOURCE_PREFIX.length())) {
            return key.toLowerCase(java.util.Locale.ROOT); // source names fold like unquoted SQL names
        }
        for (NlProperty p : values()) {
            if (p.key.equalsIgnoreCase(key)) {
                return p.key;
            }
        }
        return key;
    }

    /**
     * What every path that takes nlsql.* properties (a URL, Properties, the proxy's and the CLI's {@code -p}) says of a
     * name that is none: {@code Unknown property nlsql.maxAtempts; did you mean nlsql.maxAttempts?}, or, when no known
     * name is close, the list of them.
     */
    public static String unknownKeyMessage(String key) {
        List<String> keys = new java.util.ArrayList<>();
        for (NlProperty p : values()) {
            keys.add(p.key);
        }
        String hint = NearestName.didYouMean(key, keys);
        return "Unknown property " + key + (hint.isEmpty() ? "; known nlsql properties: " + String.join(", ", keys) : hint);
    }

    /** The property a key names; every {@code nlsql.source.<name>} is {@link #SOURCE}. */
    public static NlProperty byKey(String key) {
        if (key.startsWith(SOURCE_PREFIX) && key.length() > SOURCE_PREFIX.length()) {
            return SOURCE;
        }
        for (NlProperty p : values()) {
            if (p.key.equals(key)) {
                return p;
            }
        }
        return null;
    }
}
