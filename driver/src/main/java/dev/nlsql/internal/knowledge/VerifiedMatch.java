package dev.nlsql.internal.knowledge;

import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.internal.schema.Words;
import dev.nlsql.sql.LexRules;
import dev.nlsql.sql.SqlLexer;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the verified question a question is: equal to it (case, punctuation and spacing aside), or the same question
 * but for its literals (a year, a date, a number, a quoted text, or a value the value index links to the same column),
 * whose verified SQL is then adapted by replacing those literals. A literal is replaced only where exactly one place of
 * the SQL holds it (one literal, or the two bounds of one year's range, {@code '2023-01-01'} and {@code '2024-01-01'});
 * anything less certain is no match, and the question goes on to the model or the rules.
 */
public final class VerifiedMatch {

    /**
     * A verified question that answers the question: its SQL as verified ({@code adapted} false), or with literals
     * replaced ({@code changes} say which, "2023 -> 2024").
     */
    public record Match(VerifiedQuestion verified, String sql, boolean adapted, List<String> changes) {
    }

    private enum Kind { YEAR, NUMBER, DATE, TEXT, VALUE, WORD }

    /** A word of a question, or one literal (several words for a linked value). */
    private record Token(Kind kind, String text, Set<String> columns) {
        boolean sameSlot(Token other) {
            if (kind == Kind.WORD || other.kind == Kind.WORD) {
                return kind == other.kind && text.equals(other.text);
            }
            if (kind == Kind.VALUE || other.kind == Kind.VALUE) {
                // a value replaces a value of the same column (a quoted text counts as one of any column it is a value of)
                return !columns.isEmpty() && !other.columns.isEmpty() && columns.stream().anyMatch(other.columns::contains);
            }
            return kind == other.kind;
        }

        boolean sameValue(Token other) {
            return switch (kind) {
                case YEAR, NUMBER -> new BigDecimal(text).compareTo(new BigDecimal(other.text)) == 0;
                case VALUE, TEXT -> text.equalsIgnoreCase(other.text);
                default -> text.equals(other.text);
            };
        }
    }

    private static final Pattern TOKEN = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\d{4}-\\d{2}-\\d{2})|(\\d+(?:\\.\\d+)?)|([\\p{L}\\p{N}]+)");
    private static final Pattern YEAR = Pattern.compile("(19|20)\\d\\d");
    /** Verified questions whose words differ from the question's by more than this are not looked at closely. */
    private static final int MAX_DIFFERENT_WORDS = 6;

    private VerifiedMatch() {
    }

    /** The question as compared for equality: lower case, words only, single spaces. */
    public static String normalized(String question) {
        return String.join(" ", Words.split(typographic(question)));
    }

    /**
     * The verified question {@code question} is, or null: equal ones first (in file order), then the first that adapts.
     * @param links the values the value index links in a text (the question's, a verified question's)
     * @param rules how the verified SQL is read (the database's lexical rules)
     */
    public static Match find(String question, List<VerifiedQuestion> verified, Function<String, List<ValueLink>> links, LexRules rules) {
        String normal = normalized(question);
        for (VerifiedQuestion v : verified) {
            if (normalized(v.question()).equals(normal)) {
                return new Match(v, v.sql(), false, List.of());
            }
        }
        List<Token> asked = null;
        Set<String> words = new HashSet<>(Words.split(question));
        for (VerifiedQuestion v : verified) {
            List<String> theirs = Words.split(v.question());
            if (Math.abs(theirs.size() - words.size()) > MAX_DIFFERENT_WORDS || different(words, theirs) > MAX_DIFFERENT_WORDS) {
                continue;
            }
            if (asked == null) {
                asked = tokens(question, links.apply(question));
            }
            Match m = adapt(asked, v, links.apply(v.question()), rules);
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    private static int different(Set<String> words, List<String> theirs) {
        int n = 0;
        for (String w : theirs) {
            if (!words.contains(w)) {
                n++;
            }
        }
        return n;
    }

    private static Match adapt(List<Token> asked, VerifiedQuestion v, List<ValueLink> theirLinks, LexRules rules) {
        List<Token> theirs = tokens(v.question(), theirLinks);
        if (theirs.size() != asked.size()) {
            return null;
        }
        List<Token[]> changes = new ArrayList<>();
        for (int i = 0; i < asked.size(); i++) {
            Token a = asked.get(i);
            Token t = theirs.get(i);
            if (!a.sameSlot(t) && !t.sameSlot(a)) {
                return null;
            }
            if (a.kind() != Kind.WORD && !a.sameValue(t)) {
                changes.add(new Token[] {t, a});
            }
        }
        if (changes.isEmpty()) {
            return new Match(v, v.sql(), false, List.of()); // the same literals, written otherwise ("05", "the")
        }
        SqlLexer.Result lexed = SqlLexer.tokenize(v.sql(), rules);
        if (lexed.problem() != null) {
            return null;
        }
        List<SqlLexer.Token> sql = lexed.tokens();
        String[] replaced = new String[sql.size()];
        List<String> said = new ArrayList<>();
        for (Token[] change : changes) {
            List<int[]> sites = sites(change[0], sql);
            if (sites.size() != 1) {
                return null; // held nowhere or in several places: which one the question changes is a guess
            }
            for (int k = 0; k < sites.get(0).length; k++) {
                int at = sites.get(0)[k];
                String with = replacement(change[0], change[1], sql.get(at), k);
                if (replaced[at] != null || with == null) {
                    return null;
                }
                replaced[at] = with;
            }
            said.add(change[0].text() + " -> " + change[1].text());
        }
        StringBuilder b = new StringBuilder();
        int from = 0;
        for (int i = 0; i < sql.size(); i++) {
            if (replaced[i] != null) {
                b.append(v.sql(), from, sql.get(i).start()).append(replaced[i]);
                from = sql.get(i).end();
            }
        }
        b.append(v.sql().substring(from));
        return new Match(v, b.toString(), true, List.copyOf(said));
    }

    /** The places of the SQL that hold a literal: each a token, or (a year's range) the two tokens of its bounds. */
    private static List<int[]> sites(Token old, List<SqlLexer.Token> sql) {
        List<int[]> sites = new ArrayList<>();
        Set<Integer> inRange = new HashSet<>();
        if (old.kind() == Kind.YEAR) {
            int year = Integer.parseInt(old.text());
            int start = stringAt(sql, year + "-01-01");
            int end = stringAt(sql, (year + 1) + "-01-01");
            if (start >= 0 && end >= 0) {
                sites.add(new int[] {start, end});
                inRange.add(start);
                inRange.add(end);
            }
        }
        for (int i = 0; i < sql.size(); i++) {
            SqlLexer.Token t = sql.get(i);
            if (inRange.contains(i)) {
                continue;
            }
            String content = stringContent(t);
            boolean holds = switch (old.kind()) {
                case YEAR -> t.type() == SqlLexer.Type.NUMBER && numberEquals(t.text(), old.text())
                        || content != null && (content.equals(old.text()) || content.startsWith(old.text() + "-"));
                case NUMBER -> t.type() == SqlLexer.Type.NUMBER && numberEquals(t.text(), old.text());
                case DATE -> content != null && content.startsWith(old.text());
                case TEXT, VALUE -> content != null && content.equalsIgnoreCase(old.text());
                case WORD -> false;
            };
            if (holds) {
                sites.add(new int[] {i});
            }
        }
        return sites;
    }

    /** What replaces part {@code k} of a site; null when it cannot be written safely (an impossible date, a backslash). */
    private static String replacement(Token old, Token now, SqlLexer.Token token, int k) {
        String content = stringContent(token);
        switch (old.kind()) {
            case YEAR -> {
                if (content == null) {
                    return now.text();
                }
                int year = Integer.parseInt(now.text()) + k; // the range's end bound is the next year's first day
                String rest = content.equals(old.text()) ? "" : content.substring(content.indexOf('-'));
                String moved = year + rest;
                if (!rest.isEmpty() && !validDatePrefix(moved)) {
                    return null;
                }
                return quoted(token, moved);
            }
            case NUMBER -> {
                return now.text();
            }
            case DATE -> {
                return validDatePrefix(now.text()) ? quoted(token, now.text() + content.substring(old.text().length())) : null;
            }
            default -> {
                String value = now.text();
                if (value.indexOf('\\') >= 0 || value.chars().anyMatch(Character::isISOControl)) {
                    return null; // read otherwise under MySQL's escapes or a non-standard string setting: not worth the doubt
                }
                return quoted(token, value);
            }
        }
    }

    private static boolean validDatePrefix(String text) {
        if (text.length() < 10) {
            return false;
        }
        try {
            LocalDate.parse(text.substring(0, 10));
            return true;
        } catch (DateTimeException e) {
            return false;
        }
    }

    /** A plain string literal ({@code '...'}) with new content; other forms (E'', dollar quotes) are not rewritten. */
    private static String quoted(SqlLexer.Token token, String content) {
        return token.text().startsWith("'") ? "'" + content.replace("'", "''") + "'" : null;
    }

    private static int stringAt(List<SqlLexer.Token> sql, String content) {
        int found = -1;
        for (int i = 0; i < sql.size(); i++) {
            if (content.equals(stringContent(sql.get(i)))) {
                if (found >= 0) {
                    return -1;
                }
                found = i;
            }
        }
        return found;
    }

    /** The content of a plain string literal, or null. */
    private static String stringContent(SqlLexer.Token t) {
        if (t.type() != SqlLexer.Type.STRING || !t.text().startsWith("'") || !t.text().endsWith("'") || t.text().length() < 2) {
            return null;
        }
        return t.text().substring(1, t.text().length() - 1).replace("''", "'");
    }

    private static boolean numberEquals(String a, String b) {
        try {
            return new BigDecimal(a).compareTo(new BigDecimal(b)) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The question's words and literals, a linked value's words taken as one value. */
    private static List<Token> tokens(String question, List<ValueLink> links) {
        List<Token> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(typographic(question));
        while (m.find()) {
            if (m.group(1) != null || m.group(2) != null) {
                String text = m.group(1) != null ? m.group(1) : m.group(2);
                out.add(new Token(Kind.TEXT, text, columnsOf(text, links)));
            } else if (m.group(3) != null) {
                out.add(new Token(Kind.DATE, m.group(3), Set.of()));
            } else if (m.group(4) != null) {
                out.add(new Token(YEAR.matcher(m.group(4)).matches() ? Kind.YEAR : Kind.NUMBER, m.group(4), Set.of()));
            } else {
                out.add(new Token(Kind.WORD, m.group(5).toLowerCase(Locale.ROOT), Set.of()));
            }
        }
        for (ValueLink link : links) {
            List<String> phrase = Words.split(link.phrase());
            for (int i = 0; i + phrase.size() <= out.size(); i++) {
                boolean all = !phrase.isEmpty();
                for (int k = 0; all && k < phrase.size(); k++) {
                    all = out.get(i + k).kind() == Kind.WORD && out.get(i + k).text().equals(phrase.get(k));
                }
                if (all) {
                    Set<String> columns = columnsOf(link.value(), links);
                    out.subList(i, i + phrase.size()).clear();
                    out.add(i, new Token(Kind.VALUE, link.value(), columns));
                }
            }
        }
        return out;
    }

    /** The columns ({@code table.column}) a text is a value of. */
    private static Set<String> columnsOf(String text, List<ValueLink> links) {
        Set<String> columns = new HashSet<>();
        for (ValueLink l : links) {
            if (l.value().equalsIgnoreCase(text)) {
                columns.add((l.table().name() + "." + l.column().name()).toLowerCase(Locale.ROOT));
            }
        }
        return columns;
    }

    private static String typographic(String text) {
        return text.replace('\u2019', '\'').replace('\u2018', '\'').replace('\u201c', '"').replace('\u201d', '"');
    }
}
