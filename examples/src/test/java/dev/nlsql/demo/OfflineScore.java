package dev.nlsql.demo;

import dev.nlsql.NlSqlState;
import dev.nlsql.eval.ResultMatch;
import dev.nlsql.jdbc.NlStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The offline generator's score on one question set: coverage (answered / asked) and precision
 * (correct / answered). A declined question (the offline generator's own NL005 refusal, see
 * {@link #isOfflineRefusal}) is neither right nor wrong; it only lowers coverage, so a generator that declines
 * everything has coverage 0 and fails every floor. Any other exception is a failure.
 */
final class OfflineScore {

    final String set;
    int asked;
    int answered;
    int correct;
    final List<String> wrong = new ArrayList<>();
    final List<String> failed = new ArrayList<>();
    final List<String> declined = new ArrayList<>();

    OfflineScore(String set) {
        this.set = set;
    }

    /** What answers the questions: a statement of a {@code jdbc:nlsql:} connection, or an engine given a glossary. */
    interface Asker {
        ResultSet ask(String question) throws SQLException;

        /** The SQL that answered the last question. */
        String lastSql() throws SQLException;
    }

    /** Asks one question; {@code golds} are equivalent gold queries (any match counts). */
    void ask(Statement plain, Statement nl, String question, List<String> golds) throws SQLException {
        ask(plain, new Asker() {
            @Override
            public ResultSet ask(String q) throws SQLException {
                return nl.executeQuery("NL: " + q);
            }

            @Override
            public String lastSql() throws SQLException {
                return nl.unwrap(NlStatement.class).lastTrace().finalSql();
            }
        }, question, golds);
    }

    /** Asks one question of {@code nl}; {@code golds} are equivalent gold queries (any match counts). */
    void ask(Statement plain, Asker nl, String question, List<String> golds) throws SQLException {
        asked++;
        List<List<Object>> actual;
        try (ResultSet rs = nl.ask(question)) {
            actual = OfflineGeneratorAccuracyTest.rows(rs);
        } catch (SQLException e) {
            if (isOfflineRefusal(e)) {
                declined.add(question + " -> " + e.getMessage());
            } else {
                failed.add(question + " -> " + e.getSQLState() + " " + e.getMessage());
            }
            return;
        }
        answered++;
        for (String g : golds) {
            try (ResultSet rs = plain.executeQuery(g)) {
                boolean ordered = g.toUpperCase(Locale.ROOT).contains("ORDER BY") && asksForOrder(question);
                List<List<Object>> expected = OfflineGeneratorAccuracyTest.rows(rs);
                int scale = roundedScale(g, expected);
                if (ResultMatch.lenient(round(expected, scale), round(actual, scale), ordered)) {
                    correct++;
                    return;
                }
            }
        }
        wrong.add(question + " -> " + nl.lastSql());
    }

    /** The message with which the offline generator itself declines (CorrectionLoop.notUnderstood). */
    static final String OFFLINE_REFUSAL = "The offline generator cannot answer this with certainty: ";
    /** Its message for a question worded about data none of whose words names anything in the database. */
    static final String OFFLINE_CANNOT_BUILD = "The offline generator cannot build this: ";

    /**
     * True only for the offline generator's own refusal: SQLSTATE NL005 (NlSqlState.NOT_UNDERSTOOD) with the offline
     * generator's message. NL005 without it ("no generator", e.g. nlsql.llm=none) and every other error is a failure,
     * so that a misconfigured run or a broken one cannot pass as "declined everything".
     */
    static boolean isOfflineRefusal(SQLException e) {
        return NlSqlState.NOT_UNDERSTOOD.code().equals(e.getSQLState()) && e.getMessage() != null
                && (e.getMessage().startsWith(OFFLINE_REFUSAL) || e.getMessage().startsWith(OFFLINE_CANNOT_BUILD));
    }

    /**
     * Whether the question asks for an order ("top 5", "the most", "sorted by", "latest"). Rows
     * compare in order only then: a gold query may sort "how many customers per country" for
     * readability, but the question asks for no order, so any order answers it.
     */
    static boolean asksForOrder(String question) {
        return ORDER_WORDS.matcher(question).find();
    }

    private static final java.util.regex.Pattern ORDER_WORDS = java.util.regex.Pattern.compile("(?i)\\b(top|bottom|first|last|"
            + "most|least|highest|lowest|largest|smallest|biggest|best|worst|cheapest|fewest|greatest|rank|ranked|ranking|sort|"
            + "sorted|ordered by|in order|order of|latest|earliest|recent|oldest|newest|descending|ascending|running|"
            + "change|previous|next)\\b");

    /** The decimals a gold query rounds its numbers to (round(x, 2)), or -1 when it does not round. */
    private static int roundedScale(String gold, List<List<Object>> rows) {
        if (!gold.toLowerCase(Locale.ROOT).contains("round(")) {
            return -1;
        }
        int scale = Integer.MAX_VALUE;
        for (List<Object> row : rows) {
            for (Object v : row) {
                if (v instanceof java.math.BigDecimal d) {
                    scale = Math.min(scale, Math.max(0, d.scale()));
                }
            }
        }
        return scale == Integer.MAX_VALUE ? -1 : scale;
    }

    /** Numbers rounded as the gold rounds them, so that an unrounded right answer matches a rounded gold. */
    private static List<List<Object>> round(List<List<Object>> rows, int scale) {
        if (scale < 0) {
            return rows;
        }
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> row : rows) {
            List<Object> r = new ArrayList<>();
            for (Object v : row) {
                r.add(v instanceof Number n && !(v instanceof Integer || v instanceof Long || v instanceof Short)
                        ? new java.math.BigDecimal(n.toString()).setScale(scale, java.math.RoundingMode.HALF_UP) : v);
            }
            out.add(r);
        }
        return out;
    }

    double coverage() {
        return asked == 0 ? 0 : (double) answered / asked;
    }

    double precision() {
        return answered == 0 ? 0 : (double) correct / answered;
    }

    /**
     * Prints the score and asserts what every offline measurement holds to: no error but its own decline,
     * precision at least 95%, and at least {@code minAnswered} answered (what it reached when last measured).
     */
    void assertRightAndAnswering(int minAnswered) {
        print();
        org.junit.jupiter.api.Assertions.assertTrue(failed.isEmpty(), "errors other than a decline: " + failed);
        org.junit.jupiter.api.Assertions.assertTrue(precision() >= 0.95, "precision " + precision() + "; wrong answers: " + wrong);
        org.junit.jupiter.api.Assertions.assertTrue(answered >= minAnswered, "answered " + answered + " of " + asked);
    }

    void print() {
        System.out.printf(Locale.ROOT, "offline generator on %d %s questions: answered %d (coverage %.1f%%), correct %d (precision %.1f%%)%n",
                asked, set, answered, 100 * coverage(), correct, 100 * precision());
        wrong.forEach(w -> System.out.println("  wrong: " + w));
        failed.forEach(w -> System.out.println("  failed: " + w));
        if (Boolean.getBoolean("nlsql.offline.verbose")) {
            declined.forEach(w -> System.out.println("  declined: " + w));
        }
    }
}
