package dev.nlsql.internal.text;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.nlsql.internal.sql.EditDistance;
import dev.nlsql.sql.SqlLexer;
import dev.nlsql.sql.SqlLexer.Token;
import dev.nlsql.sql.SqlLexer.Type;
import dev.nlsql.sql.StatementKind;
import dev.nlsql.internal.sql.SqlParsing;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Decides whether a text is SQL or a question in plain language: the word lists, the shape checks and the cache behind
 * the public {@code dev.nlsql.jdbc.TextKind}. It makes decisions of the caller's type {@code D} (a {@link Decisions}), so
 * that the public type owns its decision record and this package does not depend on the API.
 *
 * <p>The rule: what PostgreSQL would take as SQL is SQL; SQL with a typo is SQL too, so that the database answers it with
 * its own syntax error (42601); a text that opens with a statement keyword but cannot continue as that statement
 * ({@code show all placebo treatment id, start and end date, where ...}, {@code update me on sales}) is a question.
 *
 * <p>How: the text is lexed (strings, quoted names, comments and dollar quotes stay opaque). Its first word picks a
 * <em>shape check</em>: for most statements PostgreSQL's grammar fixes the next few tokens ({@code SHOW} takes one
 * setting name, {@code UPDATE} needs {@code SET}, {@code DROP} an object kind, {@code FETCH} a direction and a cursor),
 * so a short look decides. {@code SELECT} and a few others take nearly anything, and there the text is weighed: English
 * words outside SQL positions (not an alias after {@code AS}, a value or a table name, not next to SQL punctuation),
 * possessives ({@code customer's}), a closing question mark, bare {@code in March}, three plain words in a row. English
 * that still parses (JSqlParser, bounded) is SQL unless it addresses a person. A first word one typo from a statement
 * keyword, or a clause keyword first ({@code FROM track SELECT *}), is mistyped SQL when nothing in it reads as English;
 * so is a text of several words in capitals throughout ({@code INVALID QUERY HERE}) with no question mark and no
 * question word, first ({@code HOW}, {@code WHERE}, {@code TOTAL}) or anywhere ({@code WHO}, {@code LIST}, {@code ME}).
 *
 * <p>Measured on the labelled set in {@code driver/src/test/resources/text-kinds-corpus.tsv} by TextKindCorpusTest.
 */
public final class TextClassifier<D> {

    /** What a text is; the public {@code TextKind} has the same constants. */
    public enum Kind { SQL, QUESTION, EXPLAIN_QUESTION, NARRATE_QUESTION, RESET_CONVERSATION }

    /** Makes the caller's decision for a kind and the text it stands for (a question without its prefix, SQL as sent). */
    @FunctionalInterface
    public interface Decisions<D> {
        D of(Kind kind, String text);
    }

    private final Decisions<D> decisions;

    public TextClassifier(Decisions<D> decisions) {
        this.decisions = decisions;
    }

    /** What the classifier found; mistyped SQL is sent to the database like SQL. */
    enum Verdict { SQL, MISTYPED_SQL, QUESTION }

    /** How the tokens after a statement keyword fit that statement's grammar. */
    private enum Shape {
        /** As the statement's grammar allows. */
        FITS,
        /** Not that statement, but SQL-like punctuation and no English: a mistyped statement. */
        SQLISH,
        /** Cannot continue as that statement: a question unless it is plainly SQL. */
        BROKEN,
        /** The statement takes nearly anything here (SELECT): weigh the words. */
        UNSURE
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Entry points and cache

    private static final int LONGEST_CACHED_TEXT = 8_192;
    /** Texts up to this length are remembered in {@link #recent}, longer ones in {@link #longer}. */
    private static final int SHORT_TEXT = 512;
    /** The words a decision looks at at most: the start of a long statement decides what it is. */
    private static final int MAX_TOKENS = 2_048;

    private record Decided<D>(String text, D decision) {
    }

    /**
     * Short texts decided lately, one slot per hash: a hit costs an array read and an equals, a miss overwrites the slot.
     * A JDBC application sends the same texts again and again; an application that inlines values sends new ones, and
     * for those this costs next to nothing, where a size-bounded cache would spend more on inserts and evictions than
     * the lexing it saves.
     */
    private final AtomicReferenceArray<Decided<D>> recent = new AtomicReferenceArray<>(4_096);

    /** Decisions on longer texts. Maintenance on the caller's thread: a hand-off to the common pool per new text would cost more. */
    private final Cache<String, D> longer =
            Caffeine.newBuilder().maximumSize(10_000).executor(Runnable::run).build();

    /** The decision for a text, cached. */
    public D of(String text) {
        if (text.length() > LONGEST_CACHED_TEXT) {
            return decide(text);
        }
        if (text.length() <= SHORT_TEXT) {
            int slot = text.hashCode() & (recent.length() - 1);
            Decided<D> last = recent.get(slot);
            if (last != null && (last.text == text || last.text.equals(text))) {
                return last.decision;
            }
            D decision = decide(text);
            recent.lazySet(slot, new Decided<>(text, decision));
            return decision;
        }
        D cached = longer.getIfPresent(text);
        if (cached == null) {
            cached = decide(text);
            longer.put(text, cached);
        }
        return cached;
    }

    /** The decision, uncached. */
    public D decide(String text) {
        return decide(text, true);
    }

    /** True when the text is SQL with a typo ({@code SELEC 1}): SQL that gets the database's syntax error. */
    public static boolean mistypedSql(String text) {
        int start = SqlLexer.skipSpaceAndComments(text, 0);
        return verdict(text.substring(start), true) == Verdict.MISTYPED_SQL;
    }

    /** The decision, or null when only a parse can decide and {@code parse} is false. */
    private D decide(String text, boolean parse) {
        int start = SqlLexer.skipSpaceAndComments(text, 0);
        String body = text.substring(start);
        if (startsWithWord(body, "nl:")) {
            return decisions.of(Kind.QUESTION, body.substring(3).strip());
        }
        if (startsWithWords(body, "explain", "nl")) {
            String rest = body.substring(body.toLowerCase(Locale.ROOT).indexOf("nl", 7) + 2);
            if (rest.isEmpty() || Character.isWhitespace(rest.charAt(0)) || rest.charAt(0) == ':') {
                return decisions.of(Kind.EXPLAIN_QUESTION, stripColon(rest.strip()));
            }
        }
        if (startsWithWords(body, "narrate", "nl")) {
            String rest = body.substring(body.toLowerCase(Locale.ROOT).indexOf("nl", 7) + 2);
            if (rest.isEmpty() || Character.isWhitespace(rest.charAt(0)) || rest.charAt(0) == ':') {
                return decisions.of(Kind.NARRATE_QUESTION, stripColon(rest.strip()));
            }
        }
        if (RESET_NL.matcher(body).matches()) { // before the SQL verdict: RESET is a PostgreSQL statement too
            return decisions.of(Kind.RESET_CONVERSATION, "");
        }
        Verdict verdict = verdict(body, parse);
        if (verdict == null) {
            return null;
        }
        return verdict == Verdict.QUESTION ? decisions.of(Kind.QUESTION, text.strip())
                : decisions.of(Kind.SQL, text);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Word lists

    /** Words that start SQL statements in PostgreSQL and other common dialects. */
    static final Set<String> STATEMENT_KEYWORDS = Set.of(
            "select", "with", "values", "table", "insert", "update", "delete", "merge", "upsert", "replace",
            "create", "alter", "drop", "truncate", "rename", "comment", "grant", "revoke",
            "begin", "start", "commit", "end", "rollback", "abort", "savepoint", "release", "prepare", "execute",
            "deallocate", "declare", "fetch", "move", "close", "set", "reset", "show", "explain", "analyze",
            "analyse", "vacuum", "cluster", "reindex", "checkpoint", "listen", "notify", "unlisten", "discard",
            "lock", "copy", "call", "do", "load", "refresh", "security", "import", "reassign", "use", "describe",
            "desc", "pragma", "exec", "optimize", "flush", "kill", "handler", "help");

    /** Statement keywords a mistyped first word is compared with (four letters or more, so "set" and "end" are not). */
    private static final List<String> TYPO_TARGETS = List.of("select", "insert", "update", "delete", "create", "alter",
            "drop", "truncate", "with", "values", "explain", "begin", "commit", "rollback", "grant", "revoke", "merge", "show",
            "vacuum", "analyze", "savepoint", "release", "prepare", "execute", "declare", "fetch", "listen", "notify",
            "discard", "reindex", "cluster", "refresh", "comment", "reset", "abort", "checkpoint", "deallocate");

    /**
     * First words that open a question or a request and are not in {@link #ENGLISH_WORDS} (WHEN and WHERE are SQL words
     * later in a text): a text in capitals that opens with one is a question, not mistyped SQL.
     */
    private static final Set<String> QUESTION_OPENERS = Set.of("when", "where", "is", "do", "count", "total", "average",
            "number", "return", "display", "calculate", "compute", "compare", "rank", "split", "sort", "break", "summarize",
            "summarise", "hello", "hi", "hey");

    /** Words that ask, wherever they stand: a text in capitals with one of them is a question, not mistyped SQL. */
    private static final Set<String> QUESTION_WORDS = Set.of("what", "which", "who", "whom", "whose", "how", "why", "me",
            "my", "please", "give", "tell", "find", "list");

    /** Clause keywords that, first, start a statement written in the wrong order ({@code FROM t SELECT *}). */
    private static final Set<String> CLAUSE_STARTS = Set.of("from", "where", "join", "into", "group", "order", "having");

    /** English words that plain SQL practically never has outside strings, quoted names and alias positions. */
    private static final Set<String> ENGLISH_WORDS = Set.of(
            "the", "a", "an", "me", "my", "mine", "i", "you", "your", "we", "our", "us", "what", "which",
            "who", "whom", "whose", "how", "please", "thanks", "kindly", "why", "many", "much", "most", "least", "best", "worst", "top", "per",
            "did", "does", "are", "were", "was", "have", "has", "had", "there", "their", "they", "them", "it", "its",
            "this", "that", "these", "those", "about", "than", "every", "never", "ever", "also", "just", "give",
            "tell", "find", "get", "want", "need", "should", "could", "would", "can", "will", "of", "for",
            "during", "since", "ago", "last", "past", "whether", "anything", "everything", "someone", "more", "less",
            "fewer", "any", "some", "each", "list", "yesterday", "today");

    /** Words addressed to a person; no schema names a column like this outside an alias, so they decide even when the text parses. */
    private static final Set<String> WORDS_TO_A_PERSON = Set.of("please", "me", "my", "you", "your", "thanks", "kindly");

    /** What follows FOR in SQL: cursors, locking clauses, triggers. */
    private static final Set<String> FOR_CLAUSE_STARTS = Set.of("select", "values", "with", "update", "share", "no",
            "key", "each", "all", "system_time", "read", "xml", "json", "roles", "role", "user", "insert", "delete");

    /** SQL words that are evidence of SQL wherever they stand. */
    private static final Set<String> SQL_WORDS = Set.of(
            "from", "where", "join", "group", "order", "having", "limit", "offset", "into", "values", "union",
            "intersect", "except", "distinct", "as", "and", "or", "not", "null", "is", "like", "ilike", "between",
            "case", "when", "then", "else", "returning", "using", "inner", "outer", "left", "right", "cross",
            "natural", "table", "index", "view", "schema", "to", "transaction", "isolation", "level", "work",
            "savepoint", "all", "cascade", "restrict", "exists", "default", "primary", "key", "references",
            "cursor", "materialized", "database", "sequence", "function", "extension", "role", "user");

    /** Further keywords that never start an English phrase inside a SELECT: three plain words in a row exclude them. */
    private static final Set<String> OTHER_SQL_WORDS = Set.of("on", "in", "by", "asc", "desc", "nulls", "first", "over",
            "partition", "filter", "within", "with", "without", "time", "zone", "interval", "at", "for", "only", "rows", "row",
            "fetch", "next", "lateral", "true", "false", "any", "some", "array", "cast", "end", "else", "escape", "similar",
            "collate", "precision", "varying", "double", "character", "timestamp", "date", "ties", "skip", "locked",
            "nowait", "of", "share", "update", "recursive", "ordinality", "window", "range", "groups", "preceding",
            "following", "unbounded", "current", "exclude", "others", "tablesample", "system", "bernoulli", "repeatable",
            "top", "percent", "full", "unknown", "symmetric", "asymmetric", "overlaps", "isnull", "notnull", "leading",
            "trailing", "both", "uescape", "minute", "hour", "day", "month", "year", "second", "local");

    /** Object kinds that follow CREATE, ALTER and DROP. */
    private static final Set<String> OBJECT_KINDS = Set.of("table", "view", "index", "function", "procedure", "trigger",
            "schema", "sequence", "type", "domain", "role", "user", "group", "extension", "database", "policy", "rule",
            "aggregate", "cast", "collation", "conversion", "event", "foreign", "server", "publication", "subscription",
            "statistics", "tablespace", "text", "operator", "language", "transform", "access", "materialized", "routine",
            "owned", "system", "default", "large", "unique", "temp", "temporary", "unlogged", "or", "global", "local",
            "recursive", "trusted", "procedural", "constraint", "definer", "algorithm", "sql", "if");

    /** PostgreSQL settings whose names have no underscore (the others have one, or a dot when custom). */
    private static final Set<String> SETTING_WORDS = Set.of("datestyle", "intervalstyle", "timezone", "autovacuum",
            "bonjour", "fsync", "geqo", "jit", "port", "ssl", "xmlbinary", "xmloption", "all");

    /** What MySQL and its kin show: SHOW TABLES, SHOW COLUMNS FROM t, SHOW CREATE TABLE t. */
    private static final Set<String> OTHER_SHOWS = Set.of("tables", "databases", "columns", "fields", "create", "full",
            "index", "indexes", "keys", "variables", "status", "processlist", "grants", "warnings", "errors", "engines",
            "schemas", "triggers", "events", "plugins", "privileges", "global", "session", "table", "master", "slave",
            "replica", "replicas", "binary", "character", "collation", "open", "function", "procedure", "profiles",
            "extended", "count", "engine");

    private static final Set<String> PRIVILEGES = Set.of("select", "insert", "update", "delete", "truncate", "references",
            "trigger", "usage", "create", "connect", "temporary", "temp", "execute", "all", "set", "alter", "maintain");

    private static final Set<String> TRANSACTION_WORDS = Set.of("work", "transaction", "tran", "isolation", "level", "read",
            "write", "only", "committed", "uncommitted", "repeatable", "serializable", "deferrable", "not", "and", "no",
            "chain", "snapshot", "with", "consistent", "deferred", "immediate", "exclusive");

    private static final Set<String> FETCH_DIRECTIONS = Set.of("next", "prior", "first", "last", "absolute", "relative",
            "forward", "backward", "all");


    // Words the shape checks and the evidence look for next
    private static final Set<String> REINDEX_TARGETS = Set.of("index", "table", "schema", "database", "system");
    private static final Set<String> DISCARD_TARGETS = Set.of("all", "plans", "sequences", "temp", "temporary");
    private static final Set<String> RENAME_TARGETS = Set.of("table", "user");
    private static final Set<String> KILL_TARGETS = Set.of("query", "connection");
    private static final Set<String> AFTER_TABLE_NAME = Set.of("order", "limit", "offset", "union", "except", "intersect", "fetch");
    private static final Set<String> INSERT_WITHOUT_INTO = Set.of("values", "select", "set", "default");
    private static final Set<String> CREATE_MODIFIERS = Set.of("or", "replace", "temp", "temporary", "unlogged", "global", "local");
    private static final Set<String> AFTER_CREATE_TABLE_NAME = Set.of("as", "of", "partition", "with", "inherits", "using", "like", "engine");
    private static final Set<String> TRUNCATE_OPTIONS = Set.of("restart", "continue", "identity", "cascade", "restrict");
    private static final Set<String> GRANTEE_START = Set.of("to", "from");
    private static final Set<String> TRANSACTION_NOISE = Set.of("work", "transaction", "tran");
    private static final Set<String> FROM_OR_IN = Set.of("from", "in");
    private static final Set<String> SET_SCOPES = Set.of("session", "local", "global", "persist");
    private static final Set<String> SET_SPECIAL_FORMS = Set.of("transaction", "characteristics", "authorization", "role", "names", "constraints", "schema", "password", "autocommit", "tran", "nocount", "xact_abort");
    private static final Set<String> EXPLAIN_OPTIONS = Set.of("analyze", "analyse", "verbose");
    private static final Set<String> MAINTENANCE_OPTIONS = Set.of("verbose", "full", "freeze", "analyze", "analyse", "skip_locked");
    private static final Set<String> COPY_DIRECTIONS = Set.of("from", "to");
    private static final Set<String> NAME_BEFORE = Set.of("as", "from", "join", "into", "update", "table", "user", "role", "to", "owned", "by");
    private static final Set<String> TABLE_ALIAS_AFTER = Set.of("from", "join", "update");
    private static final List<String> GROUPING_WORDS = List.of("group", "order", "partition", "cluster", "owned");

    // ---------------------------------------------------------------------------------------------------------------
    // The decision

    /** The verdict on a text without leading comments; null when only a parse can decide and {@code parse} is false. */
    private static Verdict verdict(String body, boolean parse) {
        if (body.isEmpty()) {
            return Verdict.SQL;
        }
        char first = body.charAt(0);
        if (first == '(' || first == '{' || first == ';') {
            return Verdict.SQL;
        }
        List<Token> tokens = SqlLexer.tokenize(body, MAX_TOKENS).tokens();
        if (tokens.isEmpty()) {
            return Verdict.SQL;
        }
        if (tokens.get(0).type() != Type.WORD) {
            return Verdict.QUESTION;
        }
        String firstWord = lower(tokens.get(0));
        Look look = new Look(tokens);
        if (STATEMENT_KEYWORDS.contains(firstWord)) {
            Shape shape = shape(firstWord, tokens, 1, look, parse);
            if (shape == Shape.FITS) {
                return Verdict.SQL; // most SQL ends here, without weighing its words
            }
            Evidence evidence = look.get();
            return switch (shape) {
                case SQLISH -> evidence.readsLikeEnglish() ? Verdict.QUESTION : Verdict.MISTYPED_SQL;
                case BROKEN -> !evidence.readsLikeEnglish() && plainlySql(tokens) ? Verdict.MISTYPED_SQL : Verdict.QUESTION;
                default -> weigh(body, tokens, evidence, parse);
            };
        }
        Evidence evidence = look.get();
        String intended = mistypedKeyword(firstWord);
        if (intended != null && !evidence.readsLikeEnglish()) {
            Shape shape = shape(intended, tokens, 1, look, parse);
            if (shape != Shape.BROKEN) {
                return Verdict.MISTYPED_SQL;
            }
            return plainlySql(tokens) ? Verdict.MISTYPED_SQL : Verdict.QUESTION;
        }
        if (CLAUSE_STARTS.contains(firstWord) && !evidence.readsLikeEnglish() && tokens.size() > 2
                && (evidence.statementKeywordLater || evidence.comparison || plainlySql(tokens))) {
            return Verdict.MISTYPED_SQL;
        }
        if (inCapitals(body, tokens) && !evidence.readsLikeEnglish() && !asks(tokens)) {
            return Verdict.MISTYPED_SQL; // INVALID QUERY HERE: capitals throughout are a SQL user's habit
        }
        return Verdict.QUESTION;
    }

    /** A question word anywhere (WHO after a name too), or a first word that opens a question or a request. */
    private static boolean asks(List<Token> tokens) {
        String first = lower(tokens.get(0));
        if (ENGLISH_WORDS.contains(first) || QUESTION_OPENERS.contains(first)) {
            return true;
        }
        for (Token t : tokens) {
            if (t.type() == Type.WORD && QUESTION_WORDS.contains(lower(t))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Several words, every letter a capital (ASCII), no question mark: how SQL users write SQL, and so mistyped SQL
     * when nothing else decides ({@code INVALID QUERY HERE}). A question in capitals shows itself by its words.
     */
    private static boolean inCapitals(String body, List<Token> tokens) {
        if (body.indexOf('?') >= 0) {
            return false;
        }
        int words = 0;
        for (Token t : tokens) {
            if (t.type() == Type.WORD) {
                boolean capital = false;
                for (int k = 0; k < t.text().length(); k++) {
                    char ch = t.text().charAt(k);
                    if (ch > 127) {
                        return false;
                    }
                    capital |= ch >= 'A' && ch <= 'Z';
                }
                if (!capital) {
                    return false;
                }
                words++;
            }
        }
        if (words < 2) {
            return false;
        }
        for (int i = 0; i < body.length(); i++) {
            if (Character.isLowerCase(body.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A statement keyword whose next tokens decide nothing (SELECT): the words decide, and a parse when they disagree. */
    private static Verdict weigh(String body, List<Token> tokens, Evidence evidence, boolean parse) {
        if (!evidence.readsLikeEnglish() && evidence.plainRuns == 0) {
            return Verdict.SQL;
        }
        if (!parse) {
            return null;
        }
        if (SqlParsing.parsesAsKnownStatement(body)) {
            return Verdict.SQL; // what parses is SQL, however English its words (select the unselectable: 42703)
        }
        if (evidence.addressesAPerson || evidence.possessive || evidence.articlePhrase) {
            return Verdict.QUESTION;
        }
        return evidence.sqlSignals > evidence.englishScore() + 2 * evidence.plainRuns ? Verdict.MISTYPED_SQL : Verdict.QUESTION;
    }

    /**
     * SQL punctuation no question has: a cast, an assignment, a subquery, a statement separator. Not a quoted name or a
     * {@code $1}: questions quote names ({@code show "Acme Corp" orders}) and amounts ({@code orders over $100}).
     */
    private static boolean plainlySql(List<Token> tokens) {
        for (int i = 1; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.type() == Type.PUNCT && (t.text().equals("::") || t.text().equals(";"))
                    || t.type() == Type.OPERATOR && t.text().equals(":=")
                    || t.isPunct('(') && i + 1 < tokens.size() && STATEMENT_KEYWORDS.contains(lower(tokens.get(i + 1)))) {
                return true;
            }
        }
        return false;
    }

    /** The statement keyword a first word is one typo from ({@code SELEC}, {@code DORP}, {@code COMIT}), or null. */
    private static String mistypedKeyword(String word) {
        if (word.length() < 4) {
            return null;
        }
        for (String keyword : TYPO_TARGETS) {
            if (Math.abs(keyword.length() - word.length()) <= 1 && EditDistance.of(word, keyword) <= 1) {
                return keyword;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Shape checks: PostgreSQL's grammar for the first few tokens of a statement

    private static Shape shape(String keyword, List<Token> tokens, int from, Look evidence, boolean parse) {
        Cursor c = new Cursor(tokens, from);
        return switch (keyword) {
            case "select" -> Shape.UNSURE;
            case "show" -> show(c, evidence);
            case "with" -> with(c, evidence);
            case "values" -> c.punct('(') ? Shape.FITS : c.value() ? Shape.SQLISH : Shape.BROKEN;
            case "table" -> table(c);
            case "insert" -> insert(c);
            case "replace", "upsert", "merge" -> c.word("into") ? Shape.FITS : Shape.BROKEN;
            case "update" -> evidence.get().setAtTop ? Shape.FITS : evidence.get().comparison ? Shape.SQLISH : Shape.BROKEN;
            case "delete" -> delete(c, evidence);
            case "create" -> create(c);
            case "alter", "drop" -> objectKind(c);
            case "truncate" -> truncate(c);
            case "grant", "revoke" -> grant(c);
            case "comment" -> c.word("on") ? Shape.FITS : Shape.BROKEN;
            case "begin" -> transactionWords(c);
            case "start" -> c.word("transaction") ? transactionWords(c) : Shape.BROKEN;
            case "commit", "end", "rollback", "abort" -> endTransaction(c);
            case "savepoint" -> c.name() && c.atEnd() ? Shape.FITS : Shape.BROKEN;
            case "release" -> {
                c.word("savepoint");
                yield c.name() && c.atEnd() ? Shape.FITS : Shape.BROKEN;
            }
            case "prepare" -> prepare(c);
            case "execute" -> c.name() && (c.atEnd() || c.punct('(')) ? Shape.FITS : Shape.BROKEN;
            case "deallocate" -> {
                c.word("prepare");
                yield c.name() && c.atEnd() ? Shape.FITS : Shape.BROKEN;
            }
            case "declare" -> evidence.get().cursorWord ? Shape.FITS : Shape.BROKEN;
            case "fetch", "move" -> fetch(c);
            case "close" -> c.name() && c.atEnd() ? Shape.FITS : Shape.BROKEN;
            case "set" -> set(c);
            case "reset" -> reset(c);
            case "explain" -> explain(c, tokens, evidence, parse);
            case "analyze", "analyse", "vacuum" -> maintenance(c);
            case "cluster" -> cluster(c);
            case "reindex" -> c.skipParens() && c.wordIn(REINDEX_TARGETS)
                    ? Shape.FITS : Shape.BROKEN;
            case "checkpoint" -> c.atEnd() ? Shape.FITS : Shape.BROKEN;
            case "listen" -> c.name() && c.atEnd() ? Shape.FITS : Shape.BROKEN;
            case "unlisten" -> (c.operator("*") || c.name()) && c.atEnd() ? Shape.FITS : Shape.BROKEN;
            case "notify" -> c.name() && (c.atEnd() || c.punct(',') && c.string() && c.atEnd()) ? Shape.FITS : Shape.BROKEN;
            case "discard" -> c.wordIn(DISCARD_TARGETS) && c.atEnd()
                    ? Shape.FITS : Shape.BROKEN;
            case "lock" -> lock(c);
            case "copy" -> copy(c);
            case "call" -> c.name() && c.punct('(') ? Shape.FITS : Shape.BROKEN;
            case "do" -> {
                if (c.word("language")) {
                    c.name();
                }
                yield c.string() ? Shape.FITS : Shape.BROKEN;
            }
            case "load" -> c.string() || c.word("data") || c.word("index") ? Shape.FITS : Shape.BROKEN;
            case "refresh" -> c.word("materialized") ? Shape.FITS : Shape.BROKEN;
            case "security" -> c.word("label") ? Shape.FITS : Shape.BROKEN;
            case "import" -> c.word("foreign") ? Shape.FITS : Shape.BROKEN;
            case "reassign" -> c.word("owned") ? Shape.FITS : Shape.BROKEN;
            case "rename" -> c.wordIn(RENAME_TARGETS) ? Shape.FITS : Shape.BROKEN;
            case "use" -> c.name() && c.atEnd() ? Shape.FITS : Shape.BROKEN;
            case "describe", "desc" -> c.name() && (c.atEnd() || c.name() && c.atEnd()) ? Shape.FITS : Shape.BROKEN;
            case "help" -> c.string() ? Shape.FITS : Shape.BROKEN;
            case "optimize" -> c.word("table") ? Shape.FITS : Shape.BROKEN;
            case "kill" -> c.number() || c.wordIn(KILL_TARGETS) ? Shape.FITS : Shape.BROKEN;
            default -> Shape.UNSURE; // pragma, exec, flush, handler: other dialects, weighed like SELECT
        };
    }

    /** SHOW name | ALL | TIME ZONE | TRANSACTION ISOLATION LEVEL | SESSION AUTHORIZATION, and MySQL's SHOW TABLES. */
    private static Shape show(Cursor c, Look evidence) {
        if (c.atEnd()) {
            return Shape.SQLISH;
        }
        int at = c.pos;
        if (c.word("time") && c.word("zone") && c.atEnd()
                || c.reset(at) && c.word("transaction") && c.word("isolation") && c.word("level") && c.atEnd()
                || c.reset(at) && c.word("session") && c.word("authorization") && c.atEnd()) {
            return Shape.FITS;
        }
        c.reset(at);
        String w = c.peekWord();
        if (w != null && OTHER_SHOWS.contains(w) && !evidence.get().readsLikeEnglish() && (c.ahead(1) == null || c.ahead(1).type() == Type.WORD
                || c.ahead(1).isPunct(';'))) {
            return Shape.FITS;
        }
        if (!c.name()) {
            return Shape.BROKEN;
        }
        // SHOW customers names no setting, but PostgreSQL's grammar takes it: it is SQL, and the database says 42704
        return c.atEnd() ? Shape.FITS : Shape.BROKEN;
    }

    /** WITH [RECURSIVE] name [(columns)] AS [[NOT] MATERIALIZED] ( ... */
    private static Shape with(Cursor c, Look evidence) {
        c.word("recursive");
        if (c.name()) {
            c.skipParens();
            if (c.word("as")) {
                c.word("not");
                c.word("materialized");
                if (c.punct('(')) {
                    return Shape.FITS;
                }
            }
        }
        return evidence.get().statementKeywordLater && evidence.get().parens ? Shape.SQLISH : Shape.BROKEN;
    }

    /** TABLE [ONLY] name [*], possibly followed by ORDER BY, LIMIT or a set operation. */
    private static Shape table(Cursor c) {
        c.word("only");
        if (!c.name()) {
            return Shape.BROKEN;
        }
        c.operator("*");
        return c.atEnd() || c.wordIn(AFTER_TABLE_NAME)
                ? Shape.FITS : Shape.BROKEN;
    }

    private static Shape insert(Cursor c) {
        if (c.word("into")) {
            return Shape.FITS;
        }
        if (c.name() && (c.punct('(') || c.wordIn(INSERT_WITHOUT_INTO))) {
            return Shape.SQLISH; // MySQL's INSERT t VALUES: PostgreSQL's syntax error
        }
        return Shape.BROKEN;
    }

    private static Shape delete(Cursor c, Look evidence) {
        if (c.word("from")) {
            return Shape.FITS;
        }
        int at = c.pos;
        while (c.name()) {
            if (c.word("from")) {
                return Shape.FITS; // MySQL's DELETE t1 FROM t1 JOIN ...
            }
            if (!c.punct(',')) {
                break;
            }
        }
        c.reset(at);
        String w = c.peekWord();
        return evidence.get().comparison || w != null && EditDistance.of(w, "from") <= 1 ? Shape.SQLISH : Shape.BROKEN;
    }

    /** CREATE, ALTER and DROP take an object kind next (after OR REPLACE, TEMP, UNIQUE ...). */
    private static Shape objectKind(Cursor c) {
        String w = c.peekWord();
        if (w == null) {
            return c.atEnd() ? Shape.SQLISH : Shape.BROKEN;
        }
        if (OBJECT_KINDS.contains(w)) {
            return Shape.FITS;
        }
        if (w.length() >= 4) {
            for (String kind : OBJECT_KINDS) {
                if (kind.length() >= 4 && EditDistance.of(w, kind) <= 1) {
                    return Shape.SQLISH; // CREATE TABEL
                }
            }
        }
        return Shape.BROKEN;
    }

    /** CREATE takes an object kind; CREATE [TEMP] TABLE [IF NOT EXISTS] name then a column list, AS, OF or PARTITION OF. */
    private static Shape create(Cursor c) {
        int at = c.pos;
        while (c.wordIn(CREATE_MODIFIERS)) {
            // modifiers
        }
        if (!c.word("table")) {
            c.reset(at);
            return objectKind(c);
        }
        if (c.word("if")) {
            c.word("not");
            c.word("exists");
        }
        if (!c.name()) {
            return Shape.SQLISH; // CREATE TABLE (id int)
        }
        Token t = c.peek();
        return t == null || t.isPunct('(') || t.isPunct(';') || c.wordIn(AFTER_CREATE_TABLE_NAME) ? Shape.FITS : Shape.BROKEN;
    }

    /** TRUNCATE [TABLE] [ONLY] name [*] [, ...] [RESTART IDENTITY | CONTINUE IDENTITY] [CASCADE | RESTRICT] */
    private static Shape truncate(Cursor c) {
        c.word("table");
        do {
            c.word("only");
            if (!c.name()) {
                return c.atEnd() ? Shape.SQLISH : Shape.BROKEN;
            }
            c.operator("*");
        } while (c.punct(','));
        while (c.wordIn(TRUNCATE_OPTIONS)) {
            // options
        }
        return c.atEnd() ? Shape.FITS : Shape.BROKEN;
    }

    /** GRANT privilege [, ...] ON ... TO, GRANT role TO user; REVOKE [GRANT OPTION FOR] likewise. */
    private static Shape grant(Cursor c) {
        if (c.word("grant")) {
            c.word("option");
            c.word("for");
        }
        String w = c.peekWord();
        if (w != null && PRIVILEGES.contains(w)) {
            return Shape.FITS;
        }
        if (c.name()) {
            while (c.punct(',') && c.name()) {
                // roles
            }
            if (c.wordIn(GRANTEE_START)) {
                return Shape.FITS;
            }
        }
        return Shape.BROKEN;
    }

    private static Shape transactionWords(Cursor c) {
        while (c.wordIn(TRANSACTION_WORDS) || c.punct(',')) {
            // modes
        }
        return c.atEnd() ? Shape.FITS : Shape.BROKEN;
    }

    /** COMMIT [WORK | TRANSACTION] [AND [NO] CHAIN], COMMIT PREPARED 'id', ROLLBACK [WORK] TO [SAVEPOINT] name. */
    private static Shape endTransaction(Cursor c) {
        if (c.word("prepared")) {
            return c.string() && c.atEnd() ? Shape.FITS : Shape.BROKEN;
        }
        c.wordIn(TRANSACTION_NOISE);
        if (c.word("to")) {
            c.word("savepoint");
            return c.name() && c.atEnd() ? Shape.FITS : Shape.BROKEN;
        }
        return transactionWords(c);
    }

    /** PREPARE name [(types)] AS statement, PREPARE TRANSACTION 'id'. */
    private static Shape prepare(Cursor c) {
        if (c.word("transaction")) {
            return c.string() ? Shape.FITS : Shape.BROKEN;
        }
        if (!c.name()) {
            return Shape.BROKEN;
        }
        c.skipParens();
        return c.word("as") || c.word("from") ? Shape.FITS : Shape.BROKEN;
    }

    /** FETCH [direction] [count] [FROM | IN] cursor */
    private static Shape fetch(Cursor c) {
        if (c.wordIn(FETCH_DIRECTIONS)) {
            c.number();
            c.word("all");
        } else {
            c.number();
        }
        c.wordIn(FROM_OR_IN);
        return c.name() && c.atEnd() ? Shape.FITS : Shape.BROKEN;
    }

    /** SET [SESSION | LOCAL] name {TO | =} value, and the special forms. */
    private static Shape set(Cursor c) {
        c.wordIn(SET_SCOPES);
        if (c.wordIn(SET_SPECIAL_FORMS)) {
            return Shape.FITS;
        }
        int at = c.pos;
        if (c.word("time") && c.word("zone")) {
            return Shape.FITS;
        }
        c.reset(at);
        Token t = c.peek();
        if (t != null && t.type() == Type.OPERATOR && t.text().startsWith("@")) {
            return Shape.FITS; // MySQL's SET @x = 1
        }
        String w = c.peekWord();
        if (!c.name()) {
            return Shape.BROKEN;
        }
        if (c.word("to") || c.operator("=")) {
            return Shape.FITS;
        }
        return w != null && (w.indexOf('_') >= 0 || SETTING_WORDS.contains(w)) || c.pos - at > 1 ? Shape.SQLISH : Shape.BROKEN;
    }

    /** RESET name | ALL | ROLE | SESSION AUTHORIZATION */
    private static Shape reset(Cursor c) {
        if (c.word("session")) {
            return c.word("authorization") && c.atEnd() ? Shape.FITS : Shape.BROKEN;
        }
        return c.name() && c.atEnd() ? Shape.FITS : Shape.BROKEN;
    }

    /** EXPLAIN [ANALYZE] [VERBOSE] [(options)] statement: the statement decides. */
    private static Shape explain(Cursor c, List<Token> tokens, Look evidence, boolean parse) {
        c.skipParens();
        while (c.wordIn(EXPLAIN_OPTIONS)) {
            // options
        }
        String w = c.peekWord();
        if (w == null) {
            return c.punct('(') ? Shape.FITS : Shape.BROKEN;
        }
        String keyword = STATEMENT_KEYWORDS.contains(w) ? w : mistypedKeyword(w);
        if (keyword == null || !StatementKind.ofKeyword(keyword).isExplainable()) {
            return Shape.BROKEN;
        }
        Shape inner = shape(keyword, tokens, c.pos + 1, evidence, parse);
        if (inner == Shape.UNSURE) {
            return evidence.get().readsLikeEnglish() ? Shape.UNSURE : Shape.FITS;
        }
        return keyword.equals(w) ? inner : inner == Shape.BROKEN ? Shape.BROKEN : Shape.SQLISH;
    }

    /** ANALYZE / VACUUM [(options)] [VERBOSE | FULL | FREEZE | ANALYZE ...] [table [(columns)] [, ...]] */
    private static Shape maintenance(Cursor c) {
        c.skipParens();
        while (c.wordIn(MAINTENANCE_OPTIONS)) {
            // options
        }
        if (c.atEnd()) {
            return Shape.FITS;
        }
        do {
            if (!c.name()) {
                return Shape.BROKEN;
            }
            c.skipParens();
        } while (c.punct(','));
        return c.atEnd() ? Shape.FITS : Shape.BROKEN;
    }

    /** CLUSTER [VERBOSE] [table [USING index]] */
    private static Shape cluster(Cursor c) {
        c.word("verbose");
        if (c.name() && c.word("using")) {
            c.name();
        }
        return c.atEnd() ? Shape.FITS : Shape.BROKEN;
    }

    /** LOCK [TABLE] [ONLY] name [*] [, ...] [IN mode MODE] [NOWAIT] */
    private static Shape lock(Cursor c) {
        c.word("table");
        do {
            c.word("only");
            if (!c.name()) {
                return Shape.BROKEN;
            }
            c.operator("*");
        } while (c.punct(','));
        return c.atEnd() || c.word("in") || c.word("nowait") ? Shape.FITS : Shape.BROKEN;
    }

    /** COPY (query) TO, COPY [BINARY] name [(columns)] {FROM | TO} */
    private static Shape copy(Cursor c) {
        if (c.punct('(')) {
            return Shape.FITS;
        }
        c.word("binary");
        if (!c.name()) {
            return Shape.BROKEN;
        }
        c.skipParens();
        return c.wordIn(COPY_DIRECTIONS) ? Shape.FITS : Shape.BROKEN;
    }

    /** The evidence of a text's words, weighed only when a shape check or the decision needs it. */
    private static final class Look {
        private final List<Token> tokens;
        private Evidence evidence;

        Look(List<Token> tokens) {
            this.tokens = tokens;
        }

        Evidence get() {
            if (evidence == null) {
                evidence = Evidence.of(tokens);
            }
            return evidence;
        }
    }

    /** A bounded walk over the tokens of one statement. */
    private static final class Cursor {
        final List<Token> tokens;
        int pos;

        Cursor(List<Token> tokens, int pos) {
            this.tokens = tokens;
            this.pos = pos;
        }

        Token peek() {
            return pos < tokens.size() ? tokens.get(pos) : null;
        }

        Token ahead(int n) {
            return pos + n < tokens.size() ? tokens.get(pos + n) : null;
        }

        String peekWord() {
            Token t = peek();
            return t != null && t.type() == Type.WORD ? lower(t) : null;
        }

        boolean reset(int to) {
            pos = to;
            return true;
        }

        /** No more tokens in this statement: the end of the text or a semicolon. */
        boolean atEnd() {
            return pos >= tokens.size() || tokens.get(pos).isPunct(';');
        }

        boolean endsWithSemicolon() {
            return pos < tokens.size() && tokens.get(pos).isPunct(';');
        }

        boolean word(String w) {
            Token t = peek();
            if (t != null && t.type() == Type.WORD && t.text().equalsIgnoreCase(w)) {
                pos++;
                return true;
            }
            return false;
        }

        boolean wordIn(Set<String> words) {
            String w = peekWord();
            if (w != null && words.contains(w)) {
                pos++;
                return true;
            }
            return false;
        }

        boolean punct(char ch) {
            Token t = peek();
            if (t != null && t.isPunct(ch)) {
                pos++;
                return true;
            }
            return false;
        }

        boolean operator(String op) {
            Token t = peek();
            if (t != null && t.type() == Type.OPERATOR && t.text().equals(op)) {
                pos++;
                return true;
            }
            return false;
        }

        boolean string() {
            Token t = peek();
            if (t != null && t.type() == Type.STRING) {
                pos++;
                return true;
            }
            return false;
        }

        boolean number() {
            Token t = peek();
            if (t != null && (t.type() == Type.NUMBER || t.type() == Type.OPERATOR && t.text().equals("-")
                    && ahead(1) != null && ahead(1).type() == Type.NUMBER)) {
                pos += t.type() == Type.NUMBER ? 1 : 2;
                return true;
            }
            return false;
        }

        /** A literal value: number, string, parameter. */
        boolean value() {
            Token t = peek();
            if (t != null && (t.type() == Type.NUMBER || t.type() == Type.STRING || t.type() == Type.PARAM)) {
                pos++;
                return true;
            }
            return false;
        }

        /** A name, possibly qualified: word or quoted name, separated by dots. */
        boolean name() {
            Token t = peek();
            if (t == null || t.type() != Type.WORD && t.type() != Type.QUOTED_IDENT) {
                return false;
            }
            pos++;
            while (pos + 1 < tokens.size() && tokens.get(pos).isPunct('.')
                    && (tokens.get(pos + 1).type() == Type.WORD || tokens.get(pos + 1).type() == Type.QUOTED_IDENT)) {
                pos += 2;
            }
            return true;
        }

        /** Skips a parenthesised group if one is next; always true. */
        boolean skipParens() {
            if (peek() == null || !peek().isPunct('(')) {
                return true;
            }
            int depth = 0;
            while (pos < tokens.size()) {
                Token t = tokens.get(pos++);
                if (t.isPunct('(')) {
                    depth++;
                } else if (t.isPunct(')') && --depth == 0) {
                    return true;
                }
            }
            return true;
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Evidence: what the words after the first say

    private static String lower(Token t) {
        return t.text().toLowerCase(Locale.ROOT);
    }

    /** What the tokens after the first word say about the text. */
    private static final class Evidence {
        int englishWords;
        int sqlSignals;
        boolean endsWithQuestionMark;
        boolean nonAsciiWords;
        boolean addressesAPerson;
        /** A word glued to a string: customer's, what's, don't. */
        boolean possessive;
        /** SET outside parentheses (UPDATE ... SET). */
        boolean setAtTop;
        /** A comparison or assignment operator. */
        boolean comparison;
        /** SELECT, INSERT, UPDATE or DELETE after the first word. */
        boolean statementKeywordLater;
        boolean parens;
        boolean cursorWord;
        /** "the" or "an" before a plain word: an article and its noun ({@code select the orders from last month}). */
        boolean articlePhrase;
        /** Runs of three plain words followed by more words. */
        int plainRuns;

        private static boolean followedByWord(List<Token> tokens, int i) {
            if (i + 1 >= tokens.size()) {
                return false;
            }
            Token next = tokens.get(i + 1);
            return next.type() == Type.WORD && !lower(next).equals("from");
        }

        private static boolean plainWord(Token t) {
            if (t.type() != Type.WORD) {
                return false;
            }
            String w = lower(t);
            return !SQL_WORDS.contains(w) && !STATEMENT_KEYWORDS.contains(w) && !OTHER_SQL_WORDS.contains(w);
        }

        static Evidence of(List<Token> tokens) {
            Evidence e = new Evidence();
            int depth = 0;
            int plainRun = 0;
            for (int i = 1; i < tokens.size(); i++) {
                Token t = tokens.get(i);
                Token prev = tokens.get(i - 1);
                if (t.type() == Type.STRING && prev.type() == Type.WORD && prev.end() == t.start()) {
                    e.possessive = true;
                }
                switch (t.type()) {
                    case WORD -> {
                        String w = lower(t);
                        e.word(tokens, i, w, depth);
                        boolean plain = !SQL_WORDS.contains(w) && !STATEMENT_KEYWORDS.contains(w) && !OTHER_SQL_WORDS.contains(w);
                        plainRun = plain ? plainRun + 1 : 0;
                        if (plainRun == 3 && depth == 0 && followedByWord(tokens, i)) {
                            e.plainRuns++; // three plain words in a row and more words: no SELECT list reads like that
                        }
                        if (depth == 0 && w.equals("set")) {
                            e.setAtTop = true;
                        }
                        if (w.equals("cursor")) {
                            e.cursorWord = true;
                        }
                        if (w.equals("select") || w.equals("insert") || w.equals("update") || w.equals("delete")) {
                            e.statementKeywordLater = true;
                        }
                    }
                    case OPERATOR, PARAM -> {
                        plainRun = 0;
                        e.sqlSignals += "?".equals(t.text()) && i == tokens.size() - 1 && prev.type() == Type.WORD ? 0 : 1;
                        if (t.type() == Type.OPERATOR && (t.text().equals("=") || t.text().equals(":="))) {
                            e.comparison = true;
                        }
                    }
                    case PUNCT -> {
                        plainRun = 0;
                        e.sqlSignals += "(),;.::[]".contains(t.text()) ? 1 : 0;
                        if (t.isPunct('(')) {
                            depth++;
                            e.parens = true;
                        } else if (t.isPunct(')')) {
                            depth = Math.max(0, depth - 1);
                        }
                    }
                    case QUOTED_IDENT -> {
                        plainRun = 0;
                        e.sqlSignals++;
                    }
                    default -> plainRun = 0;
                }
            }
            Token last = tokens.get(tokens.size() - 1);
            e.endsWithQuestionMark = "?".equals(last.text()) && tokens.size() > 1
                    && tokens.get(tokens.size() - 2).type() == Type.WORD
                    && !SQL_WORDS.contains(lower(tokens.get(tokens.size() - 2)))
                    && !"limit".equalsIgnoreCase(tokens.get(tokens.size() - 2).text());
            return e;
        }

        private void word(List<Token> tokens, int i, String w, int depth) {
            for (int k = 0; k < w.length(); k++) {
                if (w.charAt(k) > 127) {
                    nonAsciiWords = true;
                    break;
                }
            }
            if (SQL_WORDS.contains(w) || STATEMENT_KEYWORDS.contains(w)) {
                sqlSignals++;
            } else if (w.equals("for") && i + 1 < tokens.size() && FOR_CLAUSE_STARTS.contains(lower(tokens.get(i + 1)))) {
                sqlSignals++;
            } else if (ENGLISH_WORDS.contains(w) && !nextToSqlPunctuation(tokens, i) && !namePosition(tokens, i)
                    && (!w.equals("a") || i + 1 < tokens.size() && tokens.get(i + 1).text().length() > 1 && plainWord(tokens.get(i + 1)))) {
                englishWords++;
                addressesAPerson |= WORDS_TO_A_PERSON.contains(w);
                articlePhrase |= (w.equals("the") || w.equals("an")) && i + 1 < tokens.size() && plainWord(tokens.get(i + 1));
            } else if ("by".equals(w) && !afterGroupingWord(tokens, i)) {
                englishWords++;
            } else if ("in".equals(w) && depth == 0 && i + 1 < tokens.size()
                    && (tokens.get(i + 1).type() == Type.NUMBER || tokens.get(i + 1).type() == Type.WORD
                    && !OTHER_SQL_WORDS.contains(lower(tokens.get(i + 1))) && !SQL_WORDS.contains(lower(tokens.get(i + 1))))) {
                englishWords++; // "in March", "in 2023": SQL's IN takes a parenthesised list
            }
        }

        /**
         * True where SQL has a name, not an English word: after AS, FROM, JOIN, INTO, UPDATE, TABLE; an alias after a
         * value, a cast or a table; a word followed by FROM or a comma ({@code SELECT x you FROM t}).
         */
        private static boolean namePosition(List<Token> tokens, int i) {
            Token prev = tokens.get(i - 1);
            if (prev.type() == Type.WORD && NAME_BEFORE.contains(lower(prev))) {
                return !lower(prev).equals("by") || i >= 2 && afterGroupingWord(tokens, i - 1);
            }
            if (prev.type() == Type.NUMBER || prev.type() == Type.STRING || prev.type() == Type.PARAM
                    || prev.type() == Type.QUOTED_IDENT || prev.isPunct(')')) {
                return true;
            }
            if (prev.type() == Type.WORD && i >= 2) {
                Token before = tokens.get(i - 2);
                if (before.text().equals("::")) {
                    return true;
                }
                if (before.type() == Type.WORD && TABLE_ALIAS_AFTER.contains(lower(before))) {
                    return true; // a table's alias
                }
                Token next = i + 1 < tokens.size() ? tokens.get(i + 1) : null;
                if (next != null && (next.isPunct(',') || next.type() == Type.WORD && lower(next).equals("from"))) {
                    return true;
                }
            }
            return false;
        }

        private static boolean nextToSqlPunctuation(List<Token> tokens, int i) {
            return isSqlPunct(tokens.get(i - 1)) || (i + 1 < tokens.size() && isSqlPunct(tokens.get(i + 1)));
        }

        private static boolean isSqlPunct(Token t) {
            return t.type() == Type.OPERATOR || (t.type() == Type.PUNCT && ",.()=".contains(t.text()));
        }

        private static boolean afterGroupingWord(List<Token> tokens, int i) {
            String prev = lower(tokens.get(i - 1));
            for (String grouping : GROUPING_WORDS) {
                if (prev.equals(grouping) || prev.length() >= 4 && EditDistance.of(prev, grouping) <= 1) {
                    return true; // ORDR BY is mistyped SQL, not English
                }
            }
            return false;
        }

        int englishScore() {
            return 2 * englishWords + (endsWithQuestionMark ? 2 : 0) + (nonAsciiWords ? 2 : 0) + (possessive ? 2 : 0);
        }

        boolean readsLikeEnglish() {
            return englishScore() > 0;
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static boolean startsWithWord(String body, String word) {
        return body.regionMatches(true, 0, word, 0, word.length());
    }

    private static boolean startsWithWords(String body, String first, String second) {
        if (!startsWithWord(body, first) || body.length() <= first.length()
                || !Character.isWhitespace(body.charAt(first.length()))) {
            return false;
        }
        String rest = body.substring(first.length()).stripLeading();
        return startsWithWord(rest, second);
    }

    /** {@code RESET NL} alone (a trailing semicolon and spaces allowed); PostgreSQL has no parameter named nl. */
    private static final java.util.regex.Pattern RESET_NL = java.util.regex.Pattern.compile("(?i)reset\\s+nl\\s*;?\\s*");

    private static String stripColon(String s) {
        return s.startsWith(":") ? s.substring(1).strip() : s;
    }
}
