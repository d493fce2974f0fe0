package dev.nlsql.engine;

import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.Words;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Follow-up questions without a model: which texts are follow-ups (conservatively: a text that opens like one, or a
 * very short one that names no table or column and has a year, a "top N", or a question mark), and the rules that make a standalone question of the common shapes, in
 * English: another year ("and in 2023?"), another count ("show the top 3 instead"), a filter ("only for Germany",
 * "just Germany") and another subject ("and customers?").
 */
final class FollowUps {

    /** A standalone question, and the filter a rule appended to it (" for Germany"), which a later filter replaces. */
    record Resolved(String question, String addedFilter) {
    }

    /** Words that open a follow-up, with the commas and spaces after them. */
    private static final Pattern OPENER = Pattern.compile("(?i)^(?:and|only|just|instead|what about|how about)\\b[\\s,:]*");
    private static final Pattern YEAR = Pattern.compile("\\b(19|20)\\d{2}\\b");
    private static final Pattern TOP = Pattern.compile("(?i)\\b(top|first|bottom|last)\\s+(\\d{1,6})\\b");
    /** Words that open a question of its own: a short text with one is not taken for a follow-up. */
    private static final Set<String> ASKING = Set.of("how", "what", "which", "who", "when", "where", "why", "list", "show", "count",
            "total", "number", "sum", "average", "give", "tell", "find", "select");
    /** Very short: at most this many words. */
    private static final int SHORT = 3;

    private FollowUps() {
    }

    /** True when the text reads as a follow-up of a previous question rather than a question of its own. */
    static boolean isFollowUp(String text, SchemaCatalog catalog) {
        String t = normalized(text).toLowerCase(Locale.ROOT);
        if (t.isEmpty()) {
            return false;
        }
        Matcher opener = OPENER.matcher(t);
        if (opener.find() && opener.end() < t.length()) {
            return true;
        }
        if (t.equals("instead") || t.endsWith(" instead")) {
            return true;
        }
        // a very short text that names no table or column: a follow-up when it has a year or a "top N", or is a
        // question of one or two words ("Germany?"); "q2", "the makes" or "revenue by month" stand alone
        List<String> words = Words.split(t);
        if (words.isEmpty() || words.size() > SHORT || ASKING.contains(words.get(0))) {
            return false;
        }
        Set<String> names = nameStems(catalog);
        if (words.stream().anyMatch(w -> names.contains(Words.stem(w)))) {
            return false;
        }
        return YEAR.matcher(t).find() || TOP.matcher(t).find() || words.size() <= 2 && text.strip().endsWith("?");
    }

    /** The stems of the words of the catalog's table and column names. */
    private static Set<String> nameStems(SchemaCatalog catalog) {
        Set<String> stems = tableStems(catalog);
        if (catalog != null) {
            for (TableInfo t : catalog.tables()) {
                for (var c : t.columns()) {
                    for (String w : Words.split(c.name())) {
                        stems.add(Words.stem(w));
                    }
                }
            }
        }
        return stems;
    }

    /**
     * The follow-up as a standalone question, built from the previous one; {@code previousFilter} is the filter a rule
     * appended to it, if any.
     */
    static Resolved resolve(String previous, String previousFilter, String followUp, SchemaCatalog catalog) {
        String body = body(normalized(followUp));
        String base = normalized(previous);
        Matcher top = TOP.matcher(body);
        if (top.find()) {
            Matcher old = TOP.matcher(base);
            String q = old.find() ? base.substring(0, old.start(2)) + top.group(2) + base.substring(old.end(2))
                    : "top " + top.group(2) + " " + base;
            return new Resolved(q, previousFilter);
        }
        Matcher year = YEAR.matcher(body);
        if (year.find()) {
            String y = year.group();
            String q = YEAR.matcher(base).find() ? YEAR.matcher(base).replaceAll(y) : base + " in " + y;
            return new Resolved(q, previousFilter);
        }
        String subject = stripLeading(body, "for ", "in ", "the ", "with ");
        if (subject.isEmpty()) {
            return new Resolved(base, previousFilter);
        }
        Set<String> tables = tableStems(catalog);
        List<String> subjectWords = Words.split(subject);
        if (subjectWords.size() == 1 && tables.contains(Words.stem(subjectWords.get(0)))) {
            // "and customers?": the table word of the previous question gives way to this one
            Matcher m = Pattern.compile("[\\p{L}\\p{N}_]+").matcher(base);
            while (m.find()) {
                if (tables.contains(Words.stem(m.group()))) {
                    return new Resolved(base.substring(0, m.start()) + subjectWords.get(0) + base.substring(m.end()), previousFilter);
                }
            }
        }
        // "only for Germany", "just Germany", "and Germany?": a filter word, replacing one a rule added before
        if (previousFilter != null && base.endsWith(previousFilter)) {
            base = base.substring(0, base.length() - previousFilter.length());
        }
        String filter = " for " + subject;
        return new Resolved(base + filter, filter);
    }

    /** The follow-up without its opener and its closing "instead": "and in 2023?" is "in 2023". */
    private static String body(String text) {
        String t = text;
        for (Matcher m = OPENER.matcher(t); m.find() && m.end() < t.length(); m = OPENER.matcher(t)) {
            t = t.substring(m.end()).strip(); // "and only for Germany"
        }
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.endsWith(" instead")) {
            t = t.substring(0, t.length() - " instead".length()).strip();
        }
        return stripLeading(t, "show me ", "show ", "give me ", "list ");
    }

    private static String stripLeading(String text, String... words) {
        String t = text;
        for (String w : words) {
            if (t.toLowerCase(Locale.ROOT).startsWith(w)) {
                t = t.substring(w.length()).strip();
            }
        }
        return t;
    }

    /** The text without surrounding space and closing punctuation. */
    private static String normalized(String text) {
        String t = text.strip();
        while (!t.isEmpty() && ".?!;,".indexOf(t.charAt(t.length() - 1)) >= 0) {
            t = t.substring(0, t.length() - 1).strip();
        }
        return t;
    }

    /** The stems of the words of the catalog's table names. */
    private static Set<String> tableStems(SchemaCatalog catalog) {
        Set<String> stems = new HashSet<>();
        if (catalog != null) {
            for (TableInfo t : catalog.tables()) {
                for (String w : Words.split(t.name())) {
                    stems.add(Words.stem(w));
                }
            }
        }
        return stems;
    }
}
