package dev.nlsql.eval;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Execution match as the text-to-SQL field grades it: two results are the same when their rows
 * are the same multiset, ignoring column order and names; row order counts only when the caller says
 * so ({@link QuestionOrder}: the gold orders its rows and the question asks for an order; rows tied on
 * the sort key in any order). Numbers compare to four decimal places, or to the places the gold shows
 * when it rounds to fewer (a gold {@code round(avg(x), 2)} of 64.21 matches 64.2146). The lenient
 * variant accepts an answer whose columns include the gold's columns (extra columns are fine).
 */
public final class ResultMatch {

    private ResultMatch() {
    }

    /** Same rows, same columns (in any order). */
    public static boolean strict(List<List<Object>> gold, List<List<Object>> answer, boolean ordered) {
        if (gold.size() != answer.size() || width(gold) != width(answer) && !gold.isEmpty()) {
            return false;
        }
        int places = places(gold);
        return sameRows(normalise(gold, places), normalise(answer, places), ordered);
    }

    /** Same rows when the answer's columns are narrowed to ones that match the gold's columns. */
    public static boolean lenient(List<List<Object>> gold, List<List<Object>> answer, boolean ordered) {
        if (strict(gold, answer, ordered)) {
            return true;
        }
        if (gold.size() != answer.size() || gold.isEmpty() || width(answer) <= width(gold)) {
            return false;
        }
        int places = places(gold);
        List<List<String>> g = normalise(gold, places);
        List<List<String>> a = normalise(answer, places);
        List<Integer> chosen = new ArrayList<>();
        for (int gc = 0; gc < width(gold); gc++) {
            int match = -1;
            for (int ac = 0; ac < width(answer) && match < 0; ac++) {
                // as multisets: rows tied on the sort key may come in another order, which sameRows judges
                if (!chosen.contains(ac) && sameColumn(column(g, gc), column(a, ac), false)) {
                    match = ac;
                }
            }
            if (match < 0) {
                return false;
            }
            chosen.add(match);
        }
        List<List<String>> projected = new ArrayList<>();
        for (List<String> row : a) {
            List<String> p = new ArrayList<>();
            chosen.forEach(i -> p.add(row.get(i)));
            projected.add(p);
        }
        return sameRows(g, projected, ordered);
    }

    private static boolean sameRows(List<List<String>> gold, List<List<String>> answer, boolean ordered) {
        List<String> g = rowKeys(gold);
        List<String> a = rowKeys(answer);
        if (ordered && g.equals(a)) {
            return true;
        }
        Collections.sort(g);
        Collections.sort(a);
        return g.equals(a) && (!ordered || sameOrderUpToTies(gold, answer));
    }

    /**
     * Rows tied on the sort key come in any order (PostgreSQL's own order among them is arbitrary): the
     * gold's sorted columns (monotone and not constant) must read the same, in order, in some answer
     * column; with no such column the order cannot be told apart from ties, and only the exact order counts, unless every
     * row ties on a number the gold shows.
     */
    private static boolean sameOrderUpToTies(List<List<String>> gold, List<List<String>> answer) {
        boolean anyKey = false;
        for (int gc = 0; gc < width(gold); gc++) {
            List<String> key = column(gold, gc);
            if (!sortedAndVarying(key)) {
                continue;
            }
            anyKey = true;
            boolean found = false;
            for (int ac = 0; ac < width(answer) && !found; ac++) {
                found = column(answer, ac).equals(key);
            }
            if (!found) {
                return false;
            }
        }
        return anyKey || allTied(gold);
    }

    /**
     * Whether every row of the gold ties on a number it shows ("top 3 artists by number of performances", all three with
     * 4): then the rows are tied on what they are sorted by, and any order of them is the gold's.
     */
    private static boolean allTied(List<List<String>> gold) {
        if (gold.size() < 2) {
            return false;
        }
        for (int gc = 0; gc < width(gold); gc++) {
            List<String> values = column(gold, gc);
            boolean numeric = values.stream().allMatch(v -> v != null && v.matches("-?[0-9]+(\\.[0-9]+)?"));
            if (numeric && values.stream().distinct().count() == 1) {
                return true;
            }
        }
        return false;
    }

    private static boolean sortedAndVarying(List<String> values) {
        int up = 0;
        int down = 0;
        for (int i = 1; i < values.size(); i++) {
            int c = compare(values.get(i - 1), values.get(i));
            up += c < 0 ? 1 : 0;
            down += c > 0 ? 1 : 0;
        }
        return (up == 0) != (down == 0);
    }

    private static int compare(String x, String y) {
        try {
            return new BigDecimal(x).compareTo(new BigDecimal(y));
        } catch (NumberFormatException e) {
            return x.compareTo(y);
        }
    }

    /** A row as the sorted list of its values, so column order does not matter. */
    private static List<String> rowKeys(List<List<String>> rows) {
        List<String> out = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            List<String> sorted = new ArrayList<>(row);
            Collections.sort(sorted);
            out.add(String.join("\u0001", sorted));
        }
        return out;
    }

    private static boolean sameColumn(List<String> g, List<String> a, boolean ordered) {
        if (!ordered) {
            g = new ArrayList<>(g);
            a = new ArrayList<>(a);
            Collections.sort(g);
            Collections.sort(a);
        }
        return g.equals(a);
    }

    private static List<String> column(List<List<String>> rows, int c) {
        List<String> out = new ArrayList<>(rows.size());
        rows.forEach(r -> out.add(r.get(c)));
        return out;
    }

    private static <T> int width(List<List<T>> rows) {
        return rows.isEmpty() ? 0 : rows.get(0).size();
    }

    /** Four decimal places, or fewer when the gold's fractional decimals all show fewer (it rounded them). */
    static int places(List<List<Object>> gold) {
        int most = 0;
        for (List<Object> row : gold) {
            for (Object v : row) {
                if (v instanceof BigDecimal d && d.scale() > 0) {
                    most = Math.max(most, d.scale());
                } else if (v instanceof Double || v instanceof Float) {
                    return DEFAULT_PLACES; // a float shows no rounding
                }
            }
        }
        return most == 0 ? DEFAULT_PLACES : Math.min(most, DEFAULT_PLACES);
    }

    private static final int DEFAULT_PLACES = 4;

    private static List<List<String>> normalise(List<List<Object>> rows, int places) {
        List<List<String>> out = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            List<String> r = new ArrayList<>(row.size());
            for (Object v : row) {
                r.add(value(v, places));
            }
            out.add(r);
        }
        return out;
    }

    static String value(Object v) {
        return value(v, DEFAULT_PLACES);
    }

    private static String value(Object v, int places) {
        if (v == null) {
            return "\u0000null";
        }
        if (v instanceof Number n) {
            BigDecimal d = n instanceof BigDecimal b ? b : new BigDecimal(n.toString());
            return d.setScale(places, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        }
        // a timestamp as java.sql.Timestamp (PostgreSQL), OffsetDateTime (a timestamptz from the local engine) or
        // LocalDateTime reads as the same local date and time when it is the same instant
        String s;
        if (v instanceof java.sql.Timestamp t) {
            s = t.toLocalDateTime().toString();
        } else if (v instanceof java.time.OffsetDateTime o) {
            s = o.atZoneSameInstant(java.time.ZoneId.systemDefault()).toLocalDateTime().toString();
        } else if (v instanceof java.time.ZonedDateTime z) {
            s = z.withZoneSameInstant(java.time.ZoneId.systemDefault()).toLocalDateTime().toString();
        } else {
            s = v.toString();
        }
        if (s.matches("\\d{4}-\\d{2}-\\d{2}[ T]00:00(:00(\\.0+)?)?([+-]\\d{2}(:\\d{2})?)?")) {
            return s.substring(0, 10); // a date and a timestamp at midnight are the same day
        }
        return s;
    }
}
