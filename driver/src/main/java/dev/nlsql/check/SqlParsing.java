package dev.nlsql.check;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.UnsupportedStatement;

/**
 * Parses SQL with JSqlParser on the caller's thread, without the per-call thread pool that
 * {@code CCJSqlParserUtil.parseStatements} creates. Only the slow "complex" retry runs on a
 * shared daemon thread, bounded by a timeout, so no input can hang the caller.
 */
public final class SqlParsing {

    /** Longest time the complex retry may take before the text counts as unparseable. */
    static final long COMPLEX_PARSE_TIMEOUT_MS = 2_000;
    private static final int MAX_NESTING_FOR_COMPLEX_PARSE = 10;

    private static final ExecutorService COMPLEX_PARSER = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "nlsql-sql-parser");
        t.setDaemon(true);
        return t;
    });

    private SqlParsing() {
    }

    /** Thrown when text is not SQL that JSqlParser understands. */
    public static final class Unparseable extends Exception {
        Unparseable(String message, Throwable cause) {
            super(message, cause, false, false);
        }
    }

    public static Statements parse(String sql) throws Unparseable {
        try {
            return simple(sql);
        } catch (Exception | StackOverflowError simpleFailure) {
            if (CCJSqlParserUtil.getNestingDepth(sql) > MAX_NESTING_FOR_COMPLEX_PARSE) {
                throw new Unparseable(firstLine(simpleFailure), simpleFailure);
            }
            return complex(sql, simpleFailure);
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

    private static Statements simple(String sql) throws Exception {
        CCJSqlParser parser = CCJSqlParserUtil.newParser(sql).withAllowComplexParsing(false);
        return parser.Statements();
    }

    private static Statements complex(String sql, Throwable simpleFailure) throws Unparseable {
        CCJSqlParser parser = CCJSqlParserUtil.newParser(sql).withAllowComplexParsing(true);
        Future<Statements> future = COMPLEX_PARSER.submit(parser::Statements);
        try {
            return future.get(COMPLEX_PARSE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            parser.interrupted = true;
            future.cancel(true);
            throw new Unparseable("parsing took longer than " + COMPLEX_PARSE_TIMEOUT_MS + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unparseable("interrupted while parsing", e);
        } catch (Exception e) {
            throw new Unparseable(firstLine(simpleFailure), simpleFailure);
        }
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
