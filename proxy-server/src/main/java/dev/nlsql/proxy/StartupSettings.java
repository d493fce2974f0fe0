package dev.nlsql.proxy;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The client's startup parameters as settings for its backend session. Every GUC the client sent goes to the
 * server in pgjdbc's {@code options} startup parameter ({@code -c name=value}), so the server applies (or refuses)
 * it at login as it would for the client directly: a bad value fails the login with the server's own FATAL error.
 */
final class StartupSettings {

    /** Startup parameters that are not settings: the proxy or pgjdbc deal with them. */
    private static final Set<String> NOT_SETTINGS = Set.of("user", "database", "replication", "options", "application_name",
            "client_encoding");

    /** A login the proxy refuses itself, as PostgreSQL would: the message goes to the client as it is. */
    static final class Refused extends SQLException {
        final String detail;
        final String hint;

        Refused(String state, String message, String detail) {
            this(state, message, detail, null);
        }

        Refused(String state, String message, String detail, String hint) {
            super(message, state);
            this.detail = detail;
            this.hint = hint;
        }
    }

    private StartupSettings() {
    }

    /**
     * What a client of a shared account may set at login: how values are shown to it, nothing about who it is or what
     * it may do. Left out on purpose: role and session_authorization (identity); search_path (a schema placed before
     * pg_catalog shadows the functions the guard admits by name); standard_conforming_strings and backslash_quote (the
     * server would read string literals otherwise than the guard); default_transaction_read_only, the timeouts and
     * custom settings such as app.tenant (limits and row-level security keys the operator may have set for the role);
     * bytea_output (the proxy reads bytea text). Names in lower case, as GUC names compare without case.
     */
    static final Set<String> SHARED_ACCOUNT_SETTINGS = Set.of("application_name", "client_encoding", "datestyle", "intervalstyle",
            "timezone", "extra_float_digits");

    /** Startup parameters that are not settings, and that {@link #check} judges on their own. */
    private static final Set<String> NOT_SETTINGS_CHECKED = Set.of("user", "database", "replication", "options");

    /**
     * Refuses what the proxy cannot give the client (see below) and, for a shared account, every setting outside
     * {@link #SHARED_ACCOUNT_SETTINGS}, as a startup parameter or in {@code options}.
     */
    static void check(Map<String, String> startup, String host, boolean sharedAccount) throws Refused {
        if (sharedAccount) {
            checkSharedAccount(startup);
        }
        check(startup, host);
    }

    /**
     * A shared account's client may set only {@link #SHARED_ACCOUNT_SETTINGS}. In {@code options} only the forms
     * {@code -c name=value}, {@code -cname=value} and {@code --name=value} are read (PostgreSQL turns '-' in a name into
     * '_'); any other switch (-P, -e, grouped letters such as -ec) is refused, since the server would act on it.
     */
    private static void checkSharedAccount(Map<String, String> startup) throws Refused {
        for (String name : startup.keySet()) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!NOT_SETTINGS_CHECKED.contains(lower) && !lower.startsWith("_pq_.") && !SHARED_ACCOUNT_SETTINGS.contains(lower)) {
                throw notForSharedAccount(name);
            }
        }
        List<String> words = split(startup.getOrDefault("options", ""));
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String assignment;
            if (w.equals("-c")) {
                assignment = i + 1 < words.size() ? words.get(++i) : "";
            } else if (w.startsWith("--") || w.startsWith("-c")) {
                assignment = w.substring(2);
            } else {
                throw new Refused(PgState.INSUFFICIENT_PRIVILEGE.code(), "nlsql's proxy does not let clients of a shared account pass \""
                        + w + "\" in options", SHARED_ACCOUNT_DETAIL);
            }
            int eq = assignment.indexOf('=');
            String name = eq < 0 ? assignment : assignment.substring(0, eq);
            if (eq <= 0 || !SHARED_ACCOUNT_SETTINGS.contains(name.replace('-', '_').toLowerCase(Locale.ROOT))) {
                throw notForSharedAccount(name);
            }
        }
    }

    private static final String SHARED_ACCOUNT_DETAIL = "Every client of this proxy acts as the one account in --backend; at login it may set"
            + " only application_name, client_encoding, DateStyle, IntervalStyle, TimeZone and extra_float_digits.";

    private static Refused notForSharedAccount(String setting) {
        return new Refused(PgState.INSUFFICIENT_PRIVILEGE.code(), "nlsql's proxy does not let clients of a shared account set \""
                + setting + "\" at login", SHARED_ACCOUNT_DETAIL);
    }

    /**
     * Refuses what the proxy cannot give the client: a replication connection (pgjdbc's session is not a
     * walsender) and a client encoding PostgreSQL does not know or the proxy cannot convert (see {@link ClientEncoding}).
     */
    private static void check(Map<String, String> startup, String host) throws Refused {
        String replication = startup.get("replication");
        if (replication != null) {
            switch (replication.toLowerCase(Locale.ROOT)) {
                case "false", "off", "no", "0" -> {
                    // an ordinary session
                }
                case "true", "on", "yes", "1", "database" -> throw new Refused(PgState.INVALID_AUTHORIZATION_SPECIFICATION.code(), "no pg_hba.conf entry for replication connection from host \""
                        + host + "\", user \"" + startup.getOrDefault("user", "") + "\", no encryption", null);
                default -> throw new Refused(PgState.INVALID_PARAMETER_VALUE.code(), "invalid value for parameter \"replication\": \"" + replication + "\"", null);
            }
        }
        clientEncoding(startup); // refused as PostgreSQL refuses it
    }

    /** The client's encoding at login (startup parameter or options), UTF8 when it gave none; refused as PostgreSQL would. */
    static ClientEncoding clientEncoding(Map<String, String> startup) throws Refused {
        String encoding = given(startup, "client_encoding"); // also -c client_encoding=... in options
        try {
            return encoding == null ? ClientEncoding.UTF8 : ClientEncoding.named(encoding);
        } catch (ClientEncoding.Refused e) {
            throw new Refused(e.getSQLState(), e.getMessage(), e.detail);
        }
    }

    /**
     * pgjdbc's {@code options} value: the client's own options first, then each other setting as {@code -c name=value}.
     * The order keeps PostgreSQL's precedence, where a startup parameter wins over the same setting in options.
     */
    static String options(Map<String, String> startup) {
        StringBuilder b = new StringBuilder(startup.getOrDefault("options", "").strip());
        startup.forEach((name, value) -> {
            if (!NOT_SETTINGS.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith("_pq_.")) {
                if (b.length() > 0) {
                    b.append(' ');
                }
                b.append("-c ").append(escape(name)).append('=').append(escape(value));
            }
        });
        return b.toString();
    }

    /** As libpq expects in options: the server splits at white space and takes the character after a backslash as is. */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            if (c == '\\' || Character.isWhitespace(c)) {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }

    /**
     * The value the client gave a setting, as the server would settle it: a startup parameter wins over options, and
     * the last of several options wins. Null when the client gave none. Names compare without case, as GUC names do.
     */
    static String given(Map<String, String> startup, String setting) {
        for (Map.Entry<String, String> e : startup.entrySet()) {
            if (e.getKey().equalsIgnoreCase(setting)) {
                return e.getValue();
            }
        }
        String found = null;
        List<String> words = split(startup.getOrDefault("options", ""));
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String assignment = null;
            if (w.equals("-c") && i + 1 < words.size()) {
                assignment = words.get(++i);
            } else if (w.startsWith("-c")) {
                assignment = w.substring(2);
            } else if (w.startsWith("--")) {
                assignment = w.substring(2);
            }
            int eq = assignment == null ? -1 : assignment.indexOf('=');
            if (eq > 0 && assignment.substring(0, eq).replace('-', '_').equalsIgnoreCase(setting)) {
                found = assignment.substring(eq + 1);
            }
        }
        return found;
    }

    /** As PostgreSQL's pg_split_opts: words at white space, a backslash takes the next character as is. */
    static List<String> split(String options) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < options.length(); i++) {
            char c = options.charAt(i);
            if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
                continue;
            }
            inWord = true;
            if (c == '\\' && i + 1 < options.length()) {
                c = options.charAt(++i);
            }
            w.append(c);
        }
        if (inWord) {
            words.add(w.toString());
        }
        return words;
    }
}
