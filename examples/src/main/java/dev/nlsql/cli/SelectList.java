package dev.nlsql.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Just enough of a SQL reader to find the items of a statement's (outermost) select list and name a computed one. */
final class SelectList {

    private static final Set<String> END = Set.of("from", "where", "group", "order", "limit", "union", "intersect", "except",
            "having", "window", "offset", "fetch", "into", "for");
    private static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max", "stddev", "variance", "median",
            "string_agg", "array_agg", "bool_and", "bool_or", "every", "percentile_cont", "percentile_disc", "mode");
    private static final Set<String> NOT_NAMES = Set.of("select", "distinct", "all", "case", "when", "then", "else", "end", "and", "or",
            "not", "null", "true", "false", "as", "is", "in", "between", "like", "ilike", "cast", "interval", "date", "timestamp", "time",
            "over", "partition", "by", "filter", "where", "extract", "from");
    private static final Pattern CALL = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");
    private static final Pattern IDENT = Pattern.compile("(?:[A-Za-z_][A-Za-z0-9_$]*\\.)*([A-Za-z_][A-Za-z0-9_$]*)|\"([^\"]+)\"");

    private SelectList() {
    }

    /** The select-list items of the first top-level SELECT, as text; empty when there is none. */
    static List<String> items(String sql) {
        List<String> items = new ArrayList<>();
        if (sql == null) {
            return items;
        }
        int n = sql.length();
        int depth = 0;
        int start = -1;
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                int j = sql.indexOf(c, i + 1);
                while (j > 0 && j + 1 < n && sql.charAt(j + 1) == c) {
                    j = sql.indexOf(c, j + 2);
                }
                i = j < 0 ? n : j + 1;
                continue;
            }
            if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int j = sql.indexOf('\n', i);
                i = j < 0 ? n : j + 1;
                continue;
            }
            if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int j = sql.indexOf("*/", i + 2);
                i = j < 0 ? n : j + 2;
                continue;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && c == ';') {
                break;
            } else if (depth == 0 && Character.isLetter(c) && (i == 0 || !Character.isLetterOrDigit(sql.charAt(i - 1)) && sql.charAt(i - 1) != '_')) {
                int j = i;
                while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
                    j++;
                }
                String word = sql.substring(i, j).toLowerCase(Locale.ROOT);
                if (start < 0 && word.equals("select")) {
                    start = j;
                } else if (start >= 0 && END.contains(word)) {
                    items.add(sql.substring(start, i));
                    return clean(items);
                }
                i = j;
                continue;
            } else if (depth == 0 && c == ',' && start >= 0) {
                items.add(sql.substring(start, i));
                start = i + 1;
            }
            i++;
        }
        if (start >= 0) {
            items.add(sql.substring(start, Math.min(i, n)));
        }
        return clean(items);
    }

    private static List<String> clean(List<String> items) {
        List<String> out = new ArrayList<>();
        for (String s : items) {
            String t = s.strip();
            if (out.isEmpty()) {
                t = t.replaceFirst("(?is)^distinct\\s+on\\s*\\(.*?\\)\\s*", "").replaceFirst("(?is)^(distinct|all)\\s+", "");
            }
            out.add(t);
        }
        return out;
    }

    /** A name for an unnamed expression: its aggregate, else its first function, else its first column; null if none. */
    static String nameOf(String expression) {
        String e = expression.replaceAll("'([^']|'')*'", "''");
        String firstCall = null;
        Matcher m = CALL.matcher(e);
        while (m.find()) {
            String f = m.group(1).toLowerCase(Locale.ROOT);
            if (AGGREGATES.contains(f)) {
                return f;
            }
            if (firstCall == null && !NOT_NAMES.contains(f)) {
                firstCall = f;
            }
        }
        if (firstCall != null) {
            return firstCall;
        }
        Matcher id = IDENT.matcher(e);
        while (id.find()) {
            String name = id.group(1) != null ? id.group(1) : id.group(2);
            if (id.group(1) == null || !NOT_NAMES.contains(name.toLowerCase(Locale.ROOT))) {
                return id.group(1) != null ? name.toLowerCase(Locale.ROOT) : name;
            }
        }
        return null;
    }
}
