package dev.nlsql.internal.schema;

import dev.nlsql.internal.sql.EditDistance;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Ranks the real names a wrong table or column name most likely meant: case and quoting,
 * plural and singular, edit distance, shared name tokens (snake_case and camelCase), {@code id}
 * for {@code <table>_id}, and a preference for columns of the tables the query already uses.
 */
public final class NameCandidates {

    /** A real name, where it lives, and how likely it is the one meant (0..1). */
    public record Candidate(String table, String name, double score) {
        public String qualified() {
            return table == null ? name : table + "." + name;
        }
    }

    /**
     * The columns of the tables in scope, for a model to choose from when no candidate is sure:
     * the first {@link #MAX_SCOPE} of them and how many there are.
     */
    public record Scope(List<Candidate> columns, int total) {
        public static final Scope NONE = new Scope(List.of(), 0);

        public Scope {
            columns = List.copyOf(columns);
        }

        public boolean isEmpty() {
            return columns.isEmpty();
        }
    }

    /** Scores above this, with a clear lead over the next, are safe to apply without asking. */
    static final double CONFIDENT = 0.75;
    static final double LEAD = 0.15;
    private static final double LISTED = 0.3;
    private static final int MAX_LISTED = 5;
    /** A wrong table name often has no look-alike ("vehicles" for "cars"): list the tables to choose from. */
    private static final int MAX_LISTED_TABLES = 10;
    /** A scope's columns listed at most, so a prompt stays bounded on wide tables. */
    static final int MAX_SCOPE = 30;

    private NameCandidates() {
    }

    /** Real tables for a table name that does not exist. */
    public static List<Candidate> tables(String wrong, SchemaCatalog catalog) {
        List<Candidate> out = new ArrayList<>();
        for (TableInfo t : catalog.tables()) {
            double s = similarity(wrong, t.name(), null);
            if (!catalog.visibleUnqualified(t) && t.name().equalsIgnoreCase(wrong)) {
                s = 0.97;
            }
            out.add(new Candidate(catalog.visibleUnqualified(t) ? null : t.schema(), t.name(), s));
        }
        out.sort(Comparator.comparingDouble(Candidate::score).reversed());
        return List.copyOf(out.subList(0, Math.min(MAX_LISTED_TABLES, out.size())));
    }

    /**
     * Real columns for a column name that does not exist.
     * @param owner     the table the name was qualified with, when it was (its columns come first)
     * @param inQuery   the tables the query reads (their columns come before the rest)
     */
    public static List<Candidate> columns(String wrong, TableInfo owner, List<TableInfo> inQuery, SchemaCatalog catalog) {
        List<Candidate> out = new ArrayList<>();
        Set<TableInfo> seen = new HashSet<>();
        List<TableInfo> order = new ArrayList<>();
        if (owner != null) {
            order.add(owner);
        }
        order.addAll(inQuery);
        for (TableInfo t : order) {
            if (!seen.add(t)) {
                continue;
            }
            double bonus = t == owner ? 0.1 : 0.05;
            for (ColumnInfo c : t.columns()) {
                out.add(new Candidate(t.name(), c.name(), Math.min(1.0, similarity(wrong, c.name(), t) + bonus)));
            }
        }
        if (!out.isEmpty()) {
            byWords(wrong, owner, order, out);
        }
        if (out.isEmpty()) {
            for (TableInfo t : catalog.tables()) {
                for (ColumnInfo c : t.columns()) {
                    out.add(new Candidate(t.name(), c.name(), similarity(wrong, c.name(), t) * 0.9));
                }
            }
        }
        return top(out);
    }

    /**
     * Semantic matches, which edit distance cannot see: the columns of the tables in scope (the
     * qualifier's table when the name is qualified) that the wrong name means by its words.
     * Strong: the table's own word plus the name ({@code id} -> {@code paperid} in
     * {@code rep_paper}, {@code rating} -> {@code review_rating}), the name minus the table's word
     * ({@code paper_title} -> {@code title}), or a known synonym ({@code score} -> {@code rating},
     * see {@link NameSynonyms}). Weak, looked at only when nothing is strong: a column with the
     * name or a synonym as one of its word parts ({@code date} -> {@code order_date}). Exactly one
     * match becomes a confident candidate (a repair without the model); several are ranked first,
     * level, so the feedback pairs the wrong name with them. Nothing changes when a real name
     * differs only in case or number.
     */
    private static void byWords(String wrong, TableInfo owner, List<TableInfo> order, List<Candidate> out) {
        if (out.stream().anyMatch(c -> c.score() >= 0.95)) {
            return;
        }
        String w = wrong.toLowerCase(Locale.ROOT);
        Set<String> synonyms = NameSynonyms.of(singular(w));
        if (synonyms.isEmpty()) {
            synonyms = NameSynonyms.of(w);
        }
        Set<String> wrongTokens = tokens(wrong);
        List<Candidate> strong = new ArrayList<>();
        List<Candidate> weak = new ArrayList<>();
        for (TableInfo t : owner != null ? List.of(owner) : order) {
            Set<String> tableWords = tableWords(t.name());
            for (ColumnInfo c : t.columns()) {
                String r = c.name().toLowerCase(Locale.ROOT);
                Set<String> columnTokens = tokens(c.name());
                Candidate cand = new Candidate(t.name(), c.name(), 0);
                if (joins(tableWords, w, r) || joins(tableWords, r, w) || synonyms.contains(r)) {
                    strong.add(cand);
                } else if (wrongTokens.size() == 1 && (columnTokens.contains(singular(w))
                        || columnTokens.stream().anyMatch(synonyms::contains))) {
                    weak.add(cand);
                }
            }
        }
        List<Candidate> matches = strong.isEmpty() ? weak : strong;
        if (matches.isEmpty()) {
            return;
        }
        double score = matches.size() == 1 ? 0.99 : 0.9;
        for (Candidate m : matches) {
            out.removeIf(c -> c.name().equals(m.name()) && java.util.Objects.equals(c.table(), m.table()));
            out.add(new Candidate(m.table(), m.name(), score));
        }
    }

    /**
     * The columns to choose from when the ranked candidates may not hold the one meant. That is
     * when none is close (no slip, case or number difference, word part or synonym: the least far
     * is no guide, and a model told only "no such column" guesses again), and when one is
     * confident: nlsql then repairs the name itself, so the model reads this only after that
     * repair failed to answer, which makes the confident guess doubtful ({@code date} repaired to
     * {@code order_date} where {@code sum(total_amount)} was meant). Not when several candidates
     * are close: those are the choice. The columns are the qualifier's table's when the name was
     * qualified, else the query's tables', in table order, at most {@link #MAX_SCOPE}.
     */
    public static Scope scope(List<Candidate> ranked, TableInfo owner, List<TableInfo> inQuery) {
        if (close(ranked) && confident(ranked) == null) {
            return Scope.NONE;
        }
        List<TableInfo> tables = new ArrayList<>();
        if (owner != null) {
            tables.add(owner);
        } else {
            for (TableInfo t : inQuery) {
                if (!tables.contains(t)) {
                    tables.add(t);
                }
            }
        }
        List<Candidate> shown = new ArrayList<>();
        int total = 0;
        for (TableInfo t : tables) {
            for (ColumnInfo c : t.columns()) {
                total++;
                if (shown.size() < MAX_SCOPE) {
                    shown.add(new Candidate(t.name(), c.name(), 0));
                }
            }
        }
        return shown.isEmpty() ? Scope.NONE : new Scope(shown, total);
    }

    /** Whether the best ranked candidate is close enough to be likely (a slip, a word match), not just the least far. */
    public static boolean close(List<Candidate> ranked) {
        return !ranked.isEmpty() && ranked.get(0).score() >= CONFIDENT;
    }

    /** A table's words and their singulars: {@code rep_papers} gives rep, papers, paper, rep_papers, rep_paper. */
    private static Set<String> tableWords(String table) {
        Set<String> out = new HashSet<>();
        String t = table.toLowerCase(Locale.ROOT);
        out.add(t);
        out.add(singular(t));
        for (String part : table.split("(?<=[a-z0-9])(?=[A-Z])|[_\\s\\-.]+")) {
            if (part.length() > 1) {
                out.add(part.toLowerCase(Locale.ROOT));
                out.add(singular(part.toLowerCase(Locale.ROOT)));
            }
        }
        return out;
    }

    /** Whether {@code whole} is one of the table's words joined to {@code part} ({@code paperid}, {@code paper_id}). */
    private static boolean joins(Set<String> tableWords, String part, String whole) {
        if (!whole.endsWith(part) || whole.length() <= part.length()) {
            return false;
        }
        String head = whole.substring(0, whole.length() - part.length());
        if (head.endsWith("_")) {
            head = head.substring(0, head.length() - 1);
        }
        return tableWords.contains(head);
    }

    /** The single candidate to apply without an LLM call, or null when it is not clear-cut. */
    public static Candidate confident(List<Candidate> ranked) {
        if (ranked.isEmpty() || ranked.get(0).score() < CONFIDENT) {
            return null;
        }
        if (ranked.size() > 1 && ranked.get(0).score() - ranked.get(1).score() < LEAD) {
            return null;
        }
        return ranked.get(0);
    }

    private static List<Candidate> top(List<Candidate> all) {
        all.sort(Comparator.comparingDouble(Candidate::score).reversed());
        List<Candidate> out = new ArrayList<>();
        for (Candidate c : all) {
            if (out.size() == MAX_LISTED || (c.score() < LISTED && !out.isEmpty())) {
                break;
            }
            out.add(c);
        }
        return out;
    }

    static double similarity(String wrong, String real, TableInfo owner) {
        String w = wrong.toLowerCase(Locale.ROOT);
        String r = real.toLowerCase(Locale.ROOT);
        if (w.equals(r)) {
            return 1.0;
        }
        if (singular(w).equals(singular(r))) {
            return 0.95;
        }
        double best = 0;
        if (owner != null && w.equals("id") && isIdOf(r, owner.name().toLowerCase(Locale.ROOT))) {
            best = 0.9;
        }
        best = Math.max(best, typoSimilarity(w, r));
        best = Math.max(best, 0.7 * tokenOverlap(w, wrong, r, real));
        return best;
    }

    /** One slip (a swap, a missing or extra letter) in a longer name is almost surely a typo. */
    private static double typoSimilarity(String w, String r) {
        int d = EditDistance.of(w, r);
        int longest = Math.max(w.length(), r.length());
        if (d == 1 && longest >= 4) {
            return 0.85;
        }
        if (d == 2 && longest >= 8) {
            return 0.75;
        }
        return 0.85 * (1.0 - (double) d / longest);
    }

    /** {@code sale_id}, {@code saleid} or {@code sales_id} for table {@code sales}. */
    private static boolean isIdOf(String column, String table) {
        String t = singular(table);
        return column.equals(t + "_id") || column.equals(t + "id") || column.equals(table + "_id");
    }

    /** A name's singular by English's regular rules: {@code categories} -> {@code category}, {@code boxes} -> {@code box}. */
    public static String singular(String w) {
        if (w.endsWith("ies") && w.length() > 4) {
            return w.substring(0, w.length() - 3) + "y";
        }
        if (w.endsWith("ses") || w.endsWith("xes") || w.endsWith("ches") || w.endsWith("shes")) {
            return w.substring(0, w.length() - 2);
        }
        if (w.endsWith("s") && !w.endsWith("ss") && w.length() > 3) {
            return w.substring(0, w.length() - 1);
        }
        return w;
    }

    private static double tokenOverlap(String wLower, String wRaw, String rLower, String rRaw) {
        Set<String> a = tokens(wRaw);
        Set<String> b = tokens(rRaw);
        if (a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        Set<String> common = new HashSet<>(a);
        common.retainAll(b);
        Set<String> union = new HashSet<>(a);
        union.addAll(b);
        return (double) common.size() / union.size();
    }

    /** Lower-case singular tokens of a snake_case or camelCase name. */
    static Set<String> tokens(String name) {
        Set<String> out = new HashSet<>();
        for (String part : name.split("(?<=[a-z0-9])(?=[A-Z])|[_\\s\\-.]+")) {
            if (!part.isEmpty()) {
                out.add(singular(part.toLowerCase(Locale.ROOT)));
            }
        }
        return out;
    }
}
