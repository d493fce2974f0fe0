package dev.nlsql.sql;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a SQL statement is, read from its first keyword (PostgreSQL's statement names), and the questions the driver and
 * the proxy ask of it. One home for what were six keyword sets; where callers need different members, each need is a
 * predicate here with its reason, so the sets cannot drift apart.
 *
 * <pre>
 * kind             keywords                       query  planned  explainable  relaysAlone  relayed  startsSqlReply
 * QUERY            select with values table         x      x         x            x           x         x
 * DATA_CHANGE      insert update delete merge              x         x            x           x         x
 * EXPLAIN          explain                                                        x           x         x
 * SHOW             show                                                           x           x
 * TRANSACTION      begin start commit end rollback                                x           x
 *                  abort savepoint release
 * PREPARE          prepare                                                        x           x
 * EXECUTE          execute                                           x            x           x
 * DECLARE          declare                                           x            x           x
 * CURSOR           fetch move close                                               x           x
 * COPY             copy                                                                       x
 * SESSION          set reset discard                                                          x
 * CALL             call                                                                                 x
 * CREATE           create                                            x
 * DEALLOCATE       deallocate
 * OTHER            anything else (DDL, LISTEN, maintenance, other dialects' words, no word)
 * </pre>
 *
 * The first keyword only: a {@code WITH} may hold a data-changing CTE and {@code CREATE} is explainable only as
 * {@code CREATE TABLE AS}; callers that must know read further (the guard parses the whole statement).
 */
public enum StatementKind {
    QUERY("select", "with", "values", "table"),
    DATA_CHANGE("insert", "update", "delete", "merge"),
    EXPLAIN("explain"),
    SHOW("show"),
    TRANSACTION("begin", "start", "commit", "end", "rollback", "abort", "savepoint", "release"),
    PREPARE("prepare"),
    EXECUTE("execute"),
    DECLARE("declare"),
    CURSOR("fetch", "move", "close"),
    COPY("copy"),
    /** Settings and DISCARD: the backend's ParameterStatus (and a DISCARD ALL's dropped statements) follow them. */
    SESSION("set", "reset", "discard"),
    CALL("call"),
    CREATE("create"),
    /** Drops prepared statements pgjdbc may own: never relayed, JDBC must see it. */
    DEALLOCATE("deallocate"),
    OTHER();

    private static final Map<String, StatementKind> BY_KEYWORD = new HashMap<>();

    static {
        for (StatementKind kind : values()) {
            for (String keyword : kind.keywords) {
                BY_KEYWORD.put(keyword, kind);
            }
        }
    }

    private final String[] keywords;

    StatementKind(String... keywords) {
        this.keywords = keywords;
    }

    /** The kind of the statement that starts the text ({@link SqlLexer#firstWord}: comments and opening parentheses skipped). */
    public static StatementKind of(String sql) {
        return sql == null ? OTHER : ofKeyword(SqlLexer.firstWord(sql));
    }

    /** The kind a statement starting with this word has, in any case; {@link #OTHER} for null or an unknown word. */
    public static StatementKind ofKeyword(String word) {
        if (word == null) {
            return OTHER;
        }
        StatementKind kind = BY_KEYWORD.get(word);
        return kind != null ? kind : BY_KEYWORD.getOrDefault(word.toLowerCase(Locale.ROOT), OTHER);
    }

    /** A query expression: the only statements a question's SQL may be (the guard still reads a WITH through). */
    public boolean isQuery() {
        return this == QUERY;
    }

    /**
     * Planned as it is (PostgreSQL's optimizable statements): an unnamed one is planned at Bind, so a planning error is
     * the Bind's, and {@code EXPLAIN} of it runs nothing. Utility statements that wrap one (EXECUTE, DECLARE, CREATE
     * TABLE AS) are planned only when they run, so they are not here.
     */
    public boolean isPlanned() {
        return this == QUERY || this == DATA_CHANGE;
    }

    /**
     * May follow {@code EXPLAIN} and its options in PostgreSQL's grammar: the planned statements and the utility
     * statements that wrap one (EXECUTE, DECLARE, CREATE TABLE AS / MATERIALIZED VIEW: the caller checks what follows
     * CREATE).
     */
    public boolean isExplainable() {
        return isPlanned() || this == EXECUTE || this == DECLARE || this == CREATE;
    }

    /**
     * Relayed to PostgreSQL alone in its message, with nothing to do after: no JDBC bookkeeping, no COPY sub-protocol,
     * no settings to report to pgjdbc. The proxy's relay loop takes these.
     */
    public boolean relaysAlone() {
        return switch (this) {
            case QUERY, DATA_CHANGE, EXPLAIN, SHOW, TRANSACTION, PREPARE, EXECUTE, DECLARE, CURSOR -> true;
            default -> false;
        };
    }

    /**
     * Relayed to PostgreSQL as it is by the proxy: {@link #relaysAlone()}, COPY (JDBC cannot carry its sub-protocol) and
     * settings (the relay tells pgjdbc what it would have read of them). DDL, LISTEN and DEALLOCATE go through JDBC, so
     * nlsql's catalog and pgjdbc's statements and queue see them.
     */
    public boolean isRelayed() {
        return relaysAlone() || this == COPY || this == SESSION;
    }

    /**
     * A statement a model may answer a question with, so a reply starting with it is SQL, not prose leading into a
     * JSON decision: planned statements, EXPLAIN and CALL.
     */
    public boolean startsSqlReply() {
        return isPlanned() || this == EXPLAIN || this == CALL;
    }
}
