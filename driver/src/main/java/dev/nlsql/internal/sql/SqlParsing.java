package dev.nlsql.internal.sql;

import dev.nlsql.sql.SqlLexer;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.CCJSqlParserTokenManager;
import net.sf.jsqlparser.parser.SimpleCharStream;
import net.sf.jsqlparser.parser.StringProvider;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.UnsupportedStatement;
import dev.nlsql.internal.log.Logs;
import org.slf4j.Logger;

/**
 * Parses SQL with JSqlParser within fixed bounds, because its syntactic lookahead backtracks
 * exponentially on some nestings ({@code SELECT ARRAY[(ARRAY[(...)])]} triples per level) and
 * its text may come from a model that an attacker talks to.
 *
 * <ol>
 *   <li>A linear pre-check refuses text longer than {@link #MAX_CHARS} or nested deeper than
 *       {@link #MAX_DEPTH} (parentheses, brackets, braces and CASE, outside strings, quoted
 *       names and comments as PostgreSQL reads them).</li>
 *   <li>The parse runs on the caller's thread (no thread hop for the common case) under a
 *       deadline of {@link #TIME_LIMIT_MS} shared by the simple parse and the complex retry.
 *       At the deadline a watchdog thread cancels it: see {@link BoundedTokens}.</li>
 * </ol>
 */
public final class SqlParsing {

    private static final Logger LOG = Logs.get(SqlParsing.class);

    /**
     * Deepest nesting accepted. The defog gold queries nest at most 5 deep; 32 leaves a wide
     * margin for real queries while keeping the parser's recursion (stack) small.
     */
    public static final int MAX_DEPTH = 32;
    /**
     * Longest text accepted. The longest defog gold query has 772 characters and model replies
     * are capped at 20,000 by default; JSqlParser reads dense SQL (long IN lists, long sums) at
     * about 25-150 KB/s on a busy 2-core machine, so a longer text would mostly use up the time
     * limit anyway.
     */
    public static final int MAX_CHARS = 50_000;
    /**
     * Time for one {@link #parse} (simple and complex together). Gold queries parse in under
     * 20 ms warm and 300 ms cold (class loading) on a loaded 2-core machine: 2 s never refuses
     * them, and bounds what one hostile reply can cost the caller.
     */
    public static final long TIME_LIMIT_MS = 2_000;
    /** The complex mode backtracks much more; beyond this nesting a retry in it only burns the time limit. */
    private static final int MAX_DEPTH_FOR_COMPLEX_PARSE = 10;
    /** How often the watchdog repeats a cancellation that has not ended the parse yet. */
    private static final long RECANCEL_MS = 100;

    /** One daemon thread for all deadlines: it only flips flags, so it never falls behind. */
    private static final ScheduledThreadPoolExecutor WATCHDOG = watchdog();

    private SqlParsing() {
    }

    private static ScheduledThreadPoolExecutor watchdog() {
        ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "nlsql-parse-watchdog");
            t.setDaemon(true);
            return t;
        });
        e.setRemoveOnCancelPolicy(true); // a parse that ends in time leaves no timer behind
        return e;
    }

    /** Thrown when text is not SQL that JSqlParser understands, or is too long, deep or slow to parse. */
    public static final class Unparseable extends Exception {
        Unparseable(String message, Throwable cause) {
            super(message, cause, false, false);
        }
    }

    public static Statements parse(String sql) throws Unparseable {
        if (sql == null) {
            throw new Unparseable("no SQL text", null);
        }
        int depth = checkSize(sql);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIME_LIMIT_MS);
        try {
            return run(sql, false, deadline);
        } catch (Unparseable e) {
            throw e;
        } catch (Exception | StackOverflowError simpleFailure) {
            if (depth > MAX_DEPTH_FOR_COMPLEX_PARSE || System.nanoTime() >= deadline) {
                throw new Unparseable(firstLine(simpleFailure), simpleFailure);
            }
            try {
                return run(sql, true, deadline);
            } catch (Unparseable e) {
                throw e;
            } catch (Exception | StackOverflowError complexFailure) {
                throw new Unparseable(firstLine(simpleFailure), simpleFailure); // the simple mode's message is the clearer one
            }
        }
    }

    /** True when the text parses and every statement is one JSqlParser really understood. */
    public static boolean parsesAsKnownStatement(String text) {
        try {
            Statements statements = parse(text);
            if (statements.isEmpty()) {
                return false;
            }
            for (Statement s : statements) {
                if (s instanceof UnsupportedStatement) {
                    return false;
                }
            }
            return true;
        } catch (Unparseable e) {
            return false;
        }
    }

    /** The linear pre-check; returns the nesting depth. */
    static int checkSize(String sql) throws Unparseable {
        if (sql.length() > MAX_CHARS) {
            throw new Unparseable("longer than " + MAX_CHARS + " characters (" + sql.length() + ")", null);
        }
        int depth = nestingDepth(sql);
        if (depth > MAX_DEPTH) {
            throw new Unparseable(tooDeep(), null);
        }
        return depth;
    }

    /**
     * The deepest nesting of parentheses, brackets, braces and CASE ... END in PostgreSQL's reading of
     * the text: what is in strings, quoted names and comments does not count.
     */
    public static int nestingDepth(String sql) {
        Depth d = new Depth();
        for (SqlLexer.Token t : SqlLexer.tokenize(sql).tokens()) {
            switch (t.type()) {
                case PUNCT, OPERATOR -> d.punct(t.text());
                case WORD -> d.word(t.text());
                default -> {
                }
            }
        }
        return d.max;
    }

    /** Counts nesting the same way over PostgreSQL's tokens and JSqlParser's. */
    private static final class Depth {
        int brackets;
        int cases;
        int max;

        void punct(String text) {
            if (text.length() != 1) {
                return;
            }
            char c = text.charAt(0);
            if (c == '(' || c == '[' || c == '{') {
                brackets++;
                max = Math.max(max, brackets + cases);
            } else if ((c == ')' || c == ']' || c == '}') && brackets > 0) {
                brackets--;
            }
        }

        void word(String text) {
            if (text.equalsIgnoreCase("case")) {
                cases++;
                max = Math.max(max, brackets + cases);
            } else if (cases > 0 && text.equalsIgnoreCase("end")) {
                cases--;
            }
        }
    }

    private static Statements run(String sql, boolean complex, long deadline) throws Exception {
        BoundedTokens tokens = new BoundedTokens(sql);
        CCJSqlParser parser = new CCJSqlParser(tokens).withAllowComplexParsing(complex);
        tokens.attach(parser);
        ScheduledFuture<?> alarm = WATCHDOG.schedule(tokens::cancel, Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        Statements statements;
        try {
            statements = parser.Statements();
        } catch (Exception | StackOverflowError e) {
            tokens.finish(); // a cancelled parse fails as too slow or too deep, whatever JSqlParser said
            throw e;
        } finally {
            alarm.cancel(false);
        }
        tokens.finish();
        return statements;
    }

    /**
     * JSqlParser's tokens, with the two ways to stop a parse from outside.
     *
     * <p>All of the parser's exponential work is syntactic lookahead over tokens it has already
     * read, and every step of it compares a token's {@code kind} with the kind it expects. To
     * cancel, the watchdog sets the kind of every token read so far to EOF and hands out only EOF
     * from then on: each lookahead then fails at its first token and the parse ends with an
     * error within milliseconds. JSqlParser's own {@code interrupted} flag is set too, but alone
     * it does not stop everything: nested {@code CAST((...) AS int)} in complex mode ignores it
     * (measured: 16 levels still ran 40 s after the flag was set).
     *
     * <p>The kinds are plain fields written by another thread, without a happens-before edge
     * (JSqlParser's {@code interrupted} flag is in the same position). Each lookahead step reads
     * the field of a different token, in a call that is not hoisted out of the recursion, so the
     * write is seen in practice, as the tests measure; and the watchdog repeats the cancellation
     * every 100 ms until the parse returns, which also catches a token appended during a pass.
     *
     * <p>The depth is counted again over these tokens, as JSqlParser reads the text, which can
     * differ from PostgreSQL's reading (nested comments): past {@link #MAX_DEPTH} the parse is
     * stopped the same way.
     */
    private static final class BoundedTokens extends CCJSqlParserTokenManager {
        private static final int RUNNING = 0;
        private static final int DONE = 1;
        private static final int CANCELLED = 2;
        private static final int CANCELLED_AND_ENDED = 3;

        private final AtomicInteger state = new AtomicInteger(RUNNING);
        private final Depth depth = new Depth();
        private volatile boolean tooDeep;
        private CCJSqlParser parser;
        private Token first;
        private long cancelledAt;
        private boolean warned;

        BoundedTokens(String sql) {
            super(new SimpleCharStream(new StringProvider(sql), 1, 1));
        }

        void attach(CCJSqlParser p) {
            parser = p;
            first = p.token; // the parser's chain of tokens starts here
        }

        @Override
        public Token getNextToken() {
            if (state.get() != RUNNING) {
                return eof();
            }
            Token t = super.getNextToken();
            if (t.kind == CCJSqlParserConstants.K_CASE || t.kind == CCJSqlParserConstants.K_END) {
                depth.word(t.image);
            } else if (t.image != null) {
                depth.punct(t.image);
            }
            if (depth.max > MAX_DEPTH && !tooDeep) {
                tooDeep = true;
                if (state.compareAndSet(RUNNING, CANCELLED)) {
                    poison();
                    state.set(CANCELLED_AND_ENDED); // this thread is the parser's own: nothing left to watch
                }
                return eof();
            }
            return t;
        }

        private static Token eof() {
            Token t = new Token(CCJSqlParserConstants.EOF, "");
            t.image = "<EOF>";
            return t;
        }

        /** The watchdog's task at the deadline. */
        void cancel() {
            if (!state.compareAndSet(RUNNING, CANCELLED)) {
                return;
            }
            cancelledAt = System.nanoTime();
            poison();
            WATCHDOG.schedule(this::recancel, RECANCEL_MS, TimeUnit.MILLISECONDS);
        }

        private void recancel() {
            if (state.get() != CANCELLED) {
                return;
            }
            poison();
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelledAt);
            if (ms >= 1_000 && !warned) {
                warned = true;
                LOG.warn("a SQL parse still runs {} ms after it was cancelled", ms);
            }
            WATCHDOG.schedule(this::recancel, RECANCEL_MS, TimeUnit.MILLISECONDS);
        }

        private void poison() {
            for (Token t = first; t != null; t = t.next) {
                t.kind = CCJSqlParserConstants.EOF;
            }
            parser.interrupted = true;
        }

        /** Called by the parsing thread when the parse returned or threw; refuses a cancelled one. */
        void finish() throws Unparseable {
            if (state.compareAndSet(RUNNING, DONE)) {
                return;
            }
            state.set(CANCELLED_AND_ENDED);
            if (tooDeep) {
                throw new Unparseable(tooDeep(), null);
            }
            LOG.debug("SQL parse cancelled after {} ms", TIME_LIMIT_MS);
            throw new Unparseable("parsing took longer than " + TIME_LIMIT_MS + " ms", null);
        }
    }

    private static String tooDeep() {
        return "nested deeper than " + MAX_DEPTH + " levels of parentheses, brackets or CASE";
    }

    static String firstLine(Throwable t) {
        String m = t.getMessage();
        if (m == null) {
            return t.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).strip();
    }
}
