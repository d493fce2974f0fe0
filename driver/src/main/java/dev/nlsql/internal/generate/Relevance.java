package dev.nlsql.internal.generate;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.NameSynonyms;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.ValueIndex.ValueLink;
import dev.nlsql.internal.schema.Words;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline relevance gate: whether any content word of a question links to the database,
 * with the offline generator's own understanding of words ({@link Words} stems and synonyms,
 * {@link NameSynonyms}, the {@link IntentReader}'s grammar words) and the sampled values the
 * question names. A question none of whose content words names a table, a column (or a word
 * part, synonym or abbreviation of one, such as {@code cust} in {@code sbCustCity}, or a word inside
 * a name written without separators, such as {@code customer} in {@code sbcustomer}), a money word
 * when the database has numbers, a word of a comment, or a sampled value is not about this
 * database (NL002). A question of grammar words only, or with an acronym (a domain term the reader
 * cannot know), is not judged: the gate refuses only when it is sure. One that links but cannot be
 * built stays NL005: the offline reader declines what it cannot read, the gate only refuses what
 * has nothing to do with the data.
 */
final class Relevance {

    /** Words the offline reader reads as grammar of dates, limits and comparisons: never content. */
    private static final Set<String> GRAMMAR = Set.of("last", "past", "this", "next", "since", "after", "before", "between",
            "today", "yesterday", "tomorrow", "now", "over", "above", "under", "below", "more", "less", "greater", "fewer", "least",
            "most", "exactly", "equal", "first", "bottom", "best", "worst", "largest", "biggest", "smallest", "cheapest", "not",
            "no", "yes", "than", "if", "why", "again", "like", "just", "only", "also", "there", "here", "same", "other", "others");
    /** A word of two to five capitals that no reader here knows: a term of the domain, such as TSC or MRR. */
    private static final Pattern ACRONYM = Pattern.compile("(?<![\\p{L}\\p{N}])\\p{Lu}{2,5}(?![\\p{L}\\p{N}])");
    private static final Pattern WORD = Pattern.compile("[\\p{L}][\\p{L}\\p{N}_']*");
    /** Shortest name part a question word may start with to count as its abbreviation ("cust" of "customer"). */
    private static final int MIN_ABBREVIATION = 4;

    private Relevance() {
    }

    /**
     * Null when some content word of the question links to the database; else the reason it is
     * not about it (naming the words that link to nothing, at most a few).
     */
    static String nothingLinked(String question, SchemaCatalog catalog, List<ValueLink> values) {
        if (ACRONYM.matcher(question).find()) {
            return null; // "What is the TSC?": an unknown acronym is likely the domain's own term, so not sure enough to refuse
        }
        List<String> content = contentWords(question);
        if (content.isEmpty()) {
            return null; // only grammar ("how many?"): nothing to judge by, so the reader's own answer (NL005) stands
        }
        Set<String> valueWords = new HashSet<>();
        for (ValueLink v : values) {
            // the value itself, not a word that resembles it; a looked-up misspelling is the only value it can be
            if (v.lookedUp() || Words.stems(v.value()).equals(Words.stems(v.phrase()))) {
                valueWords.addAll(Words.split(v.phrase()));
            }
        }
        Set<String> stems = new HashSet<>();
        Set<String> parts = new HashSet<>();
        boolean numbers = false;
        for (TableInfo t : catalog.tables()) {
            addName(t.name(), stems, parts);
            addComment(t.comment(), stems);
            for (ColumnInfo c : t.columns()) {
                addName(c.name(), stems, parts);
                addComment(c.comment(), stems);
                numbers |= SqlWriter.isNumeric(c) && !t.primaryKey().contains(c.name());
            }
        }
        for (String w : content) {
            if (valueWords.contains(w) || stems.contains(Words.stem(w))) {
                return null;
            }
            if (numbers && (IntentReader.MONEY.contains(w) || IntentReader.PRICE.contains(w))) {
                return null; // "revenue", "expensive": the reader reads them as a money column of the table asked about
            }
            String stem = Words.stem(w);
            for (String p : parts) {
                if (p.length() >= MIN_ABBREVIATION && w.length() > p.length() && w.startsWith(p)) {
                    return null; // an abbreviation in a name: cust for customer, diag for diagnosis
                }
                if (stem.length() >= MIN_ABBREVIATION && p.length() > stem.length() && p.contains(stem)) {
                    return null; // a name of words written together: sbcustomer, sbdailyprice
                }
            }
        }
        List<String> shown = content.size() > 4 ? content.subList(0, 4) : content;
        return "none of its words (" + String.join(", ", shown) + (content.size() > 4 ? ", ..." : "")
                + ") names a table, column or value of it";
    }

    /** The words that could name data: not stop words, not the offline reader's grammar, aggregates, dates or numbers. */
    static List<String> contentWords(String question) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(question.toLowerCase(Locale.ROOT).replace('\u2019', '\''));
        while (m.find()) {
            String w = m.group().replace("'s", "").replace("'", "");
            if (w.length() < 2 || Words.isStop(w) || IntentReader.FILLER.contains(w)
                    || IntentReader.AGGREGATES.containsKey(w) && !IntentReader.MONEY.contains(w)
                    || IntentReader.GRAINS.contains(Words.stem(w)) || IntentReader.MONTHS.contains(w)
                    || IntentReader.CURRENCY.contains(w) || GRAMMAR.contains(w) || out.contains(w)) {
                continue;
            }
            out.add(w);
        }
        return out;
    }

    private static void addName(String name, Set<String> stems, Set<String> parts) {
        for (String p : Words.split(name)) {
            if (p.length() < 3 || p.equals("id")) {
                continue; // "sb", "tx", "dp": prefixes, not words
            }
            parts.add(p);
            stems.add(Words.stem(p));
            for (String s : NameSynonyms.of(p)) {
                stems.add(Words.stem(s));
            }
        }
    }

    private static void addComment(String comment, Set<String> stems) {
        for (String w : Words.split(comment)) {
            if (w.length() >= 4 && !Words.isStop(w)) {
                stems.add(Words.stem(w));
            }
        }
    }
}
