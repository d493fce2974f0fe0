package dev.nlsql.engine;

import dev.nlsql.internal.log.Secrets;
import dev.nlsql.sql.SqlLexer;
import java.util.ArrayList;
import java.util.List;
import dev.nlsql.internal.log.Logs;
import org.slf4j.Logger;

/** One DEBUG line per attempt, with a short diff against the previous attempt's SQL, and one INFO line per question. */
final class TraceLog {

    private static final Logger LOG = Logs.get("dev.nlsql.trace");
    private static final int DIFF_LIMIT = 160;

    private TraceLog() {
    }

    static void attempt(Attempt a, String previousSql, int maxAttempts) {
        if (!LOG.isDebugEnabled()) {
            return;
        }
        String what = a.category() == null ? a.outcome().label() : a.outcome().label() + " " + a.category().label();
        String change = previousSql == null || a.sql() == null ? "" : " | diff: " + diff(previousSql, a.sql());
        LOG.debug("attempt {}/{} [{}] {} in {} ms: {}{}", a.number(), maxAttempts, a.source().label(), what, a.millis(),
                a.sql() == null ? "(no SQL)" : Secrets.forLog(oneLine(a.sql())), Secrets.forLog(change));
    }

    /**
     * The INFO line per question an operator reads: where, what was asked, how it ended, at what cost. Key=value pairs
     * so that a log search can pick them out; the question is cut at {@value #QUESTION_LIMIT} characters and, as all
     * text here, has its control characters escaped and URL secrets masked.
     */
    static void answered(Trace t) {
        LOG.info("{} outcome=answered {} | {}", where(t), cost(t), Secrets.forLog(t.summary()));
    }

    static void failed(Trace t) {
        LOG.info("{} outcome=failed:{} {} | {}", where(t), t.sqlState(), cost(t), Secrets.forLog(oneLine(t.error())));
    }

    static final int QUESTION_LIMIT = 200;

    private static String where(Trace t) {
        String q = t.question() == null ? "" : t.question();
        int end = QUESTION_LIMIT - (q.length() > QUESTION_LIMIT && Character.isHighSurrogate(q.charAt(QUESTION_LIMIT - 1)) ? 1 : 0);
        String cut = q.length() <= QUESTION_LIMIT ? q : q.substring(0, end) + "...";
        return "db=" + Secrets.forLog(t.database()) + " question=\"" + Secrets.forLog(cut).replace("\"", "\\\"") + "\"";
    }

    private static String cost(Trace t) {
        return "attempts=" + t.attempts().size() + " model_calls=" + t.llmCalls() + " ms=" + t.elapsedMillis();
    }

    /**
     * A database as a log names it: host, port and database of its URL, without the driver prefix, user information or
     * parameters (which may hold a password).
     */
    static String databaseName(String url) {
        if (url == null) {
            return "-";
        }
        String name = url.startsWith("jdbc:") ? url.substring("jdbc:".length()) : url;
        int params = indexOfAny(name, "?;");
        name = params < 0 ? name : name.substring(0, params);
        int authority = name.indexOf("//");
        int at = name.indexOf('@', Math.max(authority, 0));
        if (authority >= 0 && at > authority && name.indexOf('/', authority + 2) > at) {
            name = name.substring(0, authority + 2) + name.substring(at + 1); // user:password@ dropped
        }
        return Secrets.maskUrl(name);
    }

    private static int indexOfAny(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** The attempts as numbered lines for an error message. */
    static String attemptLines(Trace t) {
        StringBuilder b = new StringBuilder();
        for (Attempt a : t.attempts()) {
            b.append("  ").append(a.number()).append(" [").append(a.source().label()).append("] ")
                    .append(a.sql() == null ? "(no SQL)" : oneLine(a.sql()))
                    .append(" -> ").append(a.category() == null ? a.outcome().label() : a.category().label())
                    .append(a.error() == null ? "" : ": " + oneLine(a.error())).append('\n');
        }
        return b.toString().stripTrailing();
    }

    /** Words removed and added between two statements: "-modle +model". */
    static String diff(String before, String after) {
        List<String> a = words(before);
        List<String> b = words(after);
        int[][] lcs = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equalsIgnoreCase(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            if (i < a.size() && j < b.size() && a.get(i).equalsIgnoreCase(b.get(j))) {
                i++;
                j++;
            } else if (j < b.size() && (i == a.size() || lcs[i][j + 1] >= lcs[i + 1][j])) {
                out.append(" +").append(b.get(j++));
            } else {
                out.append(" -").append(a.get(i++));
            }
        }
        String d = out.toString().strip();
        if (d.isEmpty()) {
            return "(same words)";
        }
        return d.length() <= DIFF_LIMIT ? d : d.substring(0, DIFF_LIMIT) + "...";
    }

    private static List<String> words(String sql) {
        List<String> out = new ArrayList<>();
        for (SqlLexer.Token t : SqlLexer.tokenize(sql).tokens()) {
            out.add(t.text());
        }
        return out;
    }

    static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s+", " ").strip();
    }
}
