package dev.nlsql.jdbc;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.nlsql.check.SqlLexer;
import dev.nlsql.check.SqlLexer.Token;
import dev.nlsql.check.SqlParsing;
import dev.nlsql.check.EditDistance;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a text sent to a statement is SQL (passed to the real driver untouched) or a
 * question in plain language. {@code NL:} forces a question; {@code EXPLAIN NL <question>}
 * asks for the trace of a question instead of its answer.
 *
 * <p>The decision is lexical where the text is clear either way, and falls back to a full
 * parse only when a text that starts like SQL also reads like English. Decisions are cached.
 */
public enum TextKind {
    SQL, QUESTION, EXPLAIN_QUESTION;

    /** A decided text: its kind, for questions the question without its prefix, and whether SQL changes the schema. */
    public record Decision(TextKind kind, String text, boolean changesSchema) {
        Decision(TextKind kind, String text) {
            this(kind, text, kind == SQL && startsWithSchemaChange(text));
        }
    }

    /** Statements after which a cached catalog may be stale. */
    private static final Set<String> SCHEMA_CHANGES = Set.of("create", "alter", "drop", "comment", "rename", "grant", "revoke",
            "import", "security");

    private static boolean startsWithSchemaChange(String text) {
        int start = SqlLexer.skipSpaceAndComments(text, 0);
        int end = start;
        while (end < text.length() && Character.isLetter(text.charAt(end))) {
            end++;
        }
        for (String word : SCHEMA_CHANGES) { // no substring: this runs for every SQL text
            if (word.length() == end - start && text.regionMatches(true, start, word, 0, word.length())) {
                return true;
            }
        }
        return false;
    }

    private static final int LONGEST_CACHED_TEXT = 8_192;
    /** Below this length a lexical decision costs less than a cache insert and eviction, so only parsed decisions are cached. */
    private static final int SHORT_TEXT = 512;
    /** The short text this thread decided last: a statement and its caller often ask about the same text in a row. */
    private static final ThreadLocal<Decided> LAST_DECIDED = new ThreadLocal<>();

    private record Decided(String text, Decision decision) {
    }

    /** Maintenance on the caller's thread: a hand-off to the common pool per new text would cost more than it saves. */
    private static final Cache<String, Decision> DECISIONS = Caffeine.newBuilder().maximumSize(10_000).executor(Runnable::run).build();

    /** Words that start SQL statements in PostgreSQL and other common dialects. */
    private static final Set<String> STATEMENT_KEYWORDS = Set.of(
            "select", "with", "values", "table", "insert", "update", "delete", "merge", "upsert", "replace",
            "create", "alter", "drop", "truncate", "rename", "comment", "grant", "revoke",
            "begin", "start", "commit", "end", "rollback", "abort", "savepoint", "release", "prepare", "execute",
            "deallocate", "declare", "fetch", "move", "close", "set", "reset", "show", "explain", "analyze",
            "analyse", "vacuum", "cluster", "reindex", "checkpoint", "listen", "notify", "unlisten", "discard",
            "lock", "copy", "call", "do", "load", "refresh", "security", "import", "reassign", "use", "describe",
            "desc", "pragma", "exec", "optimize", "flush", "kill", "handler", "help");

    /** Statement keywords whose usual English sense also starts questions ("show me", "list"). */
    private static final Set<String> TYPO_TARGETS = Set.of("select", "insert", "update", "delete", "values", "with");

    /** English words that plain SQL practically never has outside strings and quoted names. */
    private static final Set<String> ENGLISH_WORDS = Set.of(
            "the", "a", "an", "me", "my", "mine", "i", "you", "your", "we", "our", "us", "what", "which",
            "who", "whom", "whose", "how", "please", "thanks", "kindly", "why", "many", "much", "most", "least", "best", "worst", "top", "per",
            "did", "does", "are", "were", "was", "have", "has", "had", "there", "their", "they", "them", "it", "its",
            "this", "that", "these", "those", "about", "than", "every", "never", "ever", "also", "just", "give",
            "tell", "find", "get", "want", "need", "should", "could", "would", "can", "will", "of", "for",
            "during", "since", "ago", "last", "past", "whether", "anything", "everything", "someone");

    /** Words addressed to a person; no schema names a column like this, so they decide even when the text parses. */
    private static final Set<String> WORDS_TO_A_PERSON = Set.of("please", "me", "my", "you", "your", "thanks", "kindly");

    /** What follows FOR in SQL: cursors, locking clauses, triggers. */
    private static final Set<String> FOR_CLAUSE_STARTS = Set.of("select", "values", "with", "update", "share", "no",
            "key", "each", "all", "system_time", "read", "xml", "json");

    /** SQL words that are evidence of SQL wherever they stand. */
    private static final Set<String> SQL_WORDS = Set.of(
            "from", "where", "join", "group", "order", "having", "limit", "offset", "into", "values", "union",
            "intersect", "except", "distinct", "as", "and", "or", "not", "null", "is", "like", "ilike", "between",
            "case", "when", "then", "else", "returning", "using", "inner", "outer", "left", "right", "cross",
            "natural", "table", "index", "view", "schema", "to", "transaction", "isolation", "level", "work",
            "savepoint", "all", "cascade", "restrict", "exists", "default", "primary", "key", "references",
            "cursor", "materialized", "database", "sequence", "function", "extension", "role", "user");

    public static Decision of(String text) {
        if (text.length() > LONGEST_CACHED_TEXT) {
            return decide(text);
        }
        if (text.length() <= SHORT_TEXT) {
            Decided last = LAST_DECIDED.get();
            if (last != null && (last.text == text || last.text.equals(text))) {
                return last.decision;
            }
            Decision lexical = decideLexically(text);
            if (lexical != null) {
                LAST_DECIDED.set(new Decided(text, lexical));
                return lexical;
            }
        }
        Decision cached = DECISIONS.getIfPresent(text);
        if (cached == null) {
            cached = decide(text);
            DECISIONS.put(text, cached);
        }
        return cached;
    }

    static Decision decide(String text) {
        Decision lexical = decideLexically(text);
        return lexical != null ? lexical : decideByParsing(text);
    }

    /** Parsing decides a text that starts with a statement keyword and reads like English without addressing a person. */
    private static Decision decideByParsing(String text) {
        String body = text.substring(SqlLexer.skipSpaceAndComments(text, 0));
        if (SqlParsing.parsesAsKnownStatement(body)) {
            return new Decision(SQL, text);
        }
        Evidence evidence = Evidence.of(SqlLexer.tokenize(body).tokens());
        return new Decision(evidence.sqlSignals > evidence.englishScore() ? SQL : QUESTION,
                evidence.sqlSignals > evidence.englishScore() ? text : text.strip());
    }

    /** The decision where the words settle it, or null when only a parse can. */
    private static Decision decideLexically(String text) {
        int start = SqlLexer.skipSpaceAndComments(text, 0);
        String body = text.substring(start);
        if (startsWithWord(body, "nl:")) {
            return new Decision(QUESTION, body.substring(3).strip());
        }
        if (startsWithWords(body, "explain", "nl")) {
            String rest = body.substring(body.toLowerCase(Locale.ROOT).indexOf("nl", 7) + 2);
            if (rest.isEmpty() || Character.isWhitespace(rest.charAt(0)) || rest.charAt(0) == ':') {
                return new Decision(EXPLAIN_QUESTION, stripColon(rest.strip()));
            }
        }
        if (body.isEmpty()) {
            return new Decision(SQL, text);
        }
        char first = body.charAt(0);
        if (first == '(' || first == '{') {
            return new Decision(SQL, text);
        }
        List<Token> tokens = SqlLexer.tokenize(body).tokens();
        if (tokens.isEmpty() || tokens.get(0).type() != SqlLexer.Type.WORD) {
            return new Decision(QUESTION, text.strip());
        }
        String firstWord = tokens.get(0).text().toLowerCase(Locale.ROOT);
        Evidence evidence = Evidence.of(tokens);
        if (STATEMENT_KEYWORDS.contains(firstWord)) {
            if (!evidence.readsLikeEnglish()) {
                return new Decision(SQL, text);
            }
            if (evidence.addressesAPerson) {
                return new Decision(QUESTION, text.strip());
            }
            return null;
        }
        if (looksLikeMistypedKeyword(firstWord) && !evidence.readsLikeEnglish() && evidence.sqlSignals >= 2) {
            return new Decision(SQL, text);
        }
        return new Decision(QUESTION, text.strip());
    }

    /**
     * True when the text starts with a word one typo from a statement keyword and does not read like English
     * ({@code SELEC 1}): alone it goes to the question loop, but among SQL statements it is mistyped SQL.
     */
    public static boolean mistypedSql(String text) {
        List<Token> tokens = SqlLexer.tokenize(text.substring(SqlLexer.skipSpaceAndComments(text, 0))).tokens();
        return !tokens.isEmpty() && tokens.get(0).type() == SqlLexer.Type.WORD
                && looksLikeMistypedKeyword(tokens.get(0).text().toLowerCase(Locale.ROOT)) && !Evidence.of(tokens).readsLikeEnglish();
    }

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

    private static String stripColon(String s) {
        return s.startsWith(":") ? s.substring(1).strip() : s;
    }

    private static boolean looksLikeMistypedKeyword(String word) {
        if (word.length() < 4) {
            return false;
        }
        for (String keyword : TYPO_TARGETS) {
            if (keyword.length() >= 4 && EditDistance.of(word, keyword) <= 1) {
                return true;
            }
        }
        return false;
    }

    /** What the tokens after the first word say about the text. */
    private static final class Evidence {
        int englishWords;
        int sqlSignals;
        boolean endsWithQuestionMark;
        boolean nonAsciiWords;
        boolean addressesAPerson;

        static Evidence of(List<Token> tokens) {
            Evidence e = new Evidence();
            for (int i = 1; i < tokens.size(); i++) {
                Token t = tokens.get(i);
                switch (t.type()) {
                    case WORD -> e.word(tokens, i);
                    case OPERATOR, PARAM -> e.sqlSignals += "?".equals(t.text()) && i == tokens.size() - 1
                            && tokens.get(i - 1).type() == SqlLexer.Type.WORD ? 0 : 1;
                    case PUNCT -> e.sqlSignals += "(),;.::[]".contains(t.text()) ? 1 : 0;
                    case QUOTED_IDENT -> e.sqlSignals++;
                    default -> {
                    }
                }
            }
            Token last = tokens.get(tokens.size() - 1);
            e.endsWithQuestionMark = "?".equals(last.text()) && tokens.size() > 1
                    && tokens.get(tokens.size() - 2).type() == SqlLexer.Type.WORD
                    && !SQL_WORDS.contains(tokens.get(tokens.size() - 2).text().toLowerCase(Locale.ROOT))
                    && !"limit".equalsIgnoreCase(tokens.get(tokens.size() - 2).text());
            return e;
        }

        private void word(List<Token> tokens, int i) {
            String w = tokens.get(i).text().toLowerCase(Locale.ROOT);
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
            } else if (ENGLISH_WORDS.contains(w) && !nextToSqlPunctuation(tokens, i)) {
                englishWords++;
                addressesAPerson |= WORDS_TO_A_PERSON.contains(w);
            } else if ("by".equals(w) && !afterGroupingWord(tokens, i)) {
                englishWords++;
            }
        }

        private static String lower(Token t) {
            return t.text().toLowerCase(Locale.ROOT);
        }

        private static boolean nextToSqlPunctuation(List<Token> tokens, int i) {
            return isSqlPunct(tokens.get(i - 1)) || (i + 1 < tokens.size() && isSqlPunct(tokens.get(i + 1)));
        }

        private static boolean isSqlPunct(Token t) {
            return t.type() == SqlLexer.Type.OPERATOR || (t.type() == SqlLexer.Type.PUNCT && ",.()=".contains(t.text()));
        }

        private static boolean afterGroupingWord(List<Token> tokens, int i) {
            String prev = tokens.get(i - 1).text().toLowerCase(Locale.ROOT);
            return prev.equals("group") || prev.equals("order") || prev.equals("partition") || prev.equals("cluster")
                    || prev.equals("owned");
        }

        int englishScore() {
            return 2 * englishWords + (endsWithQuestionMark ? 2 : 0) + (nonAsciiWords ? 2 : 0);
        }

        boolean readsLikeEnglish() {
            return englishScore() > 0;
        }
    }
}
