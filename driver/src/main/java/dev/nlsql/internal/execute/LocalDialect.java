package dev.nlsql.internal.execute;

import dev.nlsql.sql.SqlLexer;
import dev.nlsql.sql.SqlLexer.Token;
import dev.nlsql.sql.SqlLexer.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The PostgreSQL habits of model-written SQL that H2 (MODE=PostgreSQL) does not read, rewritten
 * for the local engine after the guard accepted the statement. Today one: an interval literal
 * with its units inside the string ({@code INTERVAL '1 year 2 months'}), which H2 wants as
 * {@code (INTERVAL '1' YEAR + INTERVAL '2' MONTH)}. Found token by token with {@link SqlLexer},
 * so a string, comment or quoted name that holds the word is never taken for one.
 */
public final class LocalDialect {

    /** Units PostgreSQL spells inside an interval string, to H2's unit and a multiplier (a week is 7 days). */
    private static final Map<String, String> UNITS = Map.ofEntries(Map.entry("year", "YEAR"), Map.entry("month", "MONTH"),
            Map.entry("week", "DAY"), Map.entry("day", "DAY"), Map.entry("hour", "HOUR"), Map.entry("minute", "MINUTE"),
            Map.entry("second", "SECOND"));
    /** Words after the string that make it H2's own form already ({@code INTERVAL '1' DAY}, {@code '1 2' DAY TO HOUR}). */
    private static final java.util.Set<String> UNIT_WORDS = java.util.Set.of("year", "month", "day", "hour", "minute", "second");
    /** Longest number taken in a component: H2 refuses larger ones itself; this keeps the arithmetic in a long. */
    private static final int MAX_DIGITS = 9;

    private LocalDialect() {
    }

    /**
     * The guarded statement in H2's dialect: each {@code INTERVAL '<n> <unit>[s] ...'} literal whose
     * components are all year/month or all week/day/hour/minute/second becomes a sum of H2 interval
     * literals; anything else (mixed year-month and day-time parts, other units, text that does
     * not lex one way) is left as written, for H2 to report.
     */
    public static String toH2(String guardedSql) {
        return toH2(guardedSql, false);
    }

    /** The name {@link PgAvg} is registered under in a local copy. */
    static final String PG_AVG = "nlsql_avg";

    /**
     * As {@link #toH2(String)}; with {@code pgAvg}, each call of {@code avg(...)} also calls {@link #PG_AVG} (PostgreSQL's
     * result scale) instead of H2's AVG.
     */
    static String toH2(String guardedSql, boolean pgAvg) {
        SqlLexer.Result lexed = SqlLexer.tokenize(guardedSql);
        if (lexed.problem() != null) {
            return guardedSql;
        }
        List<Token> tokens = lexed.tokens();
        StringBuilder out = null;
        int copied = 0;
        for (int i = 0; i + 1 < tokens.size(); i++) {
            Token word = tokens.get(i);
            Token literal = tokens.get(i + 1);
            if (pgAvg && word.isWord("avg") && literal.isPunct('(') && (i == 0 || !tokens.get(i - 1).isPunct('.'))) {
                if (out == null) {
                    out = new StringBuilder(guardedSql.length() + 32);
                }
                out.append(guardedSql, copied, word.start()).append(PG_AVG);
                copied = word.end();
                continue;
            }
            if (!word.isWord("interval") || literal.type() != Type.STRING || !literal.text().startsWith("'")
                    || (i > 0 && tokens.get(i - 1).isPunct('.'))
                    || (i + 2 < tokens.size() && tokens.get(i + 2).type() == Type.WORD
                            && UNIT_WORDS.contains(tokens.get(i + 2).text().toLowerCase(Locale.ROOT)))) {
                continue;
            }
            String h2 = h2Interval(literal.text().substring(1, literal.text().length() - 1));
            if (h2 == null) {
                continue;
            }
            if (out == null) {
                out = new StringBuilder(guardedSql.length() + 32);
            }
            out.append(guardedSql, copied, word.start()).append(h2);
            copied = literal.end();
            i++;
        }
        return out == null ? guardedSql : out.append(guardedSql, copied, guardedSql.length()).toString();
    }

    /** H2's form of an interval string's body ({@code 1 year 2 months}), or null when it is not one this rewrites. */
    static String h2Interval(String body) {
        String[] words = body.strip().split("[ \t]+");
        if (words.length < 2 || words.length % 2 != 0) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        boolean yearMonth = false;
        boolean dayTime = false;
        for (int k = 0; k < words.length; k += 2) {
            String unitWord = words[k + 1].toLowerCase(Locale.ROOT);
            String singular = unitWord.endsWith("s") ? unitWord.substring(0, unitWord.length() - 1) : unitWord;
            String unit = UNITS.get(singular);
            String number = number(words[k], unit != null && unit.equals("SECOND"));
            if (unit == null || number == null) {
                return null;
            }
            if (singular.equals("week")) {
                number = Long.toString(Long.parseLong(number) * 7);
            }
            boolean ym = unit.equals("YEAR") || unit.equals("MONTH");
            yearMonth |= ym;
            dayTime |= !ym;
            parts.add("INTERVAL '" + number + "' " + unit);
        }
        if (yearMonth && dayTime) {
            return null; // H2 cannot add a year-month interval to a day-time one
        }
        return parts.size() == 1 ? parts.get(0) : "(" + String.join(" + ", parts) + ")";
    }

    /** A signed whole number (seconds may have a fraction), without a '+' sign; null when it is not one. */
    private static String number(String written, boolean fraction) {
        String s = written.startsWith("+") ? written.substring(1) : written;
        String digits = s.startsWith("-") ? s.substring(1) : s;
        int dot = fraction ? digits.indexOf('.') : -1;
        String whole = dot < 0 ? digits : digits.substring(0, dot);
        String part = dot < 0 ? "" : digits.substring(dot + 1);
        if (whole.isEmpty() || whole.length() > MAX_DIGITS || part.length() > MAX_DIGITS || (dot >= 0 && part.isEmpty())
                || !(whole + part).chars().allMatch(c -> c >= '0' && c <= '9')) {
            return null;
        }
        return s;
    }
}
