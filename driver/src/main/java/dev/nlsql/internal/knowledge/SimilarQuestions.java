package dev.nlsql.internal.knowledge;

import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.internal.schema.Words;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The verified pairs most like a question, the examples a model is shown. The measure is a weighted Jaccard
 * similarity of word sets: the stems of a question's words ({@link Words}, stop words left out), where a word of a
 * table or column name of the catalog weighs twice as much as any other word. It was chosen over TF-IDF
 * cosine, BM25 and character 3-grams on the defog and Northwind questions (docs/design-notes.md, "Similar verified
 * questions"): the label there is the shape of the gold SQL (tables read, grouping), and the shape follows the
 * words that name data, not the rare words that IDF favours (a country, a year).
 *
 * <p>Built once from the knowledge file's pairs; immutable and safe to share between threads. A question is ranked
 * against every pair through an index of words to pairs, so only pairs sharing a word are scored.
 */
public final class SimilarQuestions {

    /** Below this score a pair is not an example: it shares too little with the question. */
    public static final double FLOOR = 0.2;
    /** How much a word of the schema's names weighs against another word. */
    static final double NAME_WEIGHT = 2;
    /**
     * Characters of a question that are read. Longer text is cut here, so ranking takes bounded time whatever
     * arrives; a question this long has made its point well before the end.
     */
    static final int MAX_CHARS = 10_000;

    private final List<VerifiedQuestion> pairs;
    private final Set<String> names;
    private final double nameWeight;
    /** For each word: the pairs (indexes into {@link #pairs}) whose question has it, ascending. */
    private final Map<String, int[]> pairsWithWord;
    /** For each pair: the summed weight of its question's words. */
    private final double[] pairWeight;

    /** The pairs in file order, with the catalog's table and column names weighing more; {@code catalog} may be null. */
    public SimilarQuestions(List<VerifiedQuestion> pairs, SchemaCatalog catalog) {
        this(pairs, catalog == null ? Set.of() : nameWords(catalog), NAME_WEIGHT);
    }

    SimilarQuestions(List<VerifiedQuestion> pairs, Set<String> names, double nameWeight) {
        this.pairs = List.copyOf(pairs);
        this.names = Set.copyOf(names);
        this.nameWeight = nameWeight;
        this.pairWeight = new double[this.pairs.size()];
        Map<String, List<Integer>> index = new HashMap<>();
        for (int i = 0; i < this.pairs.size(); i++) {
            for (String w : words(this.pairs.get(i).question())) {
                pairWeight[i] += weight(w);
                index.computeIfAbsent(w, x -> new ArrayList<>()).add(i);
            }
        }
        Map<String, int[]> postings = new HashMap<>();
        index.forEach((w, list) -> postings.put(w, list.stream().mapToInt(Integer::intValue).toArray()));
        this.pairsWithWord = Map.copyOf(postings);
    }

    /**
     * At most {@code k} pairs, most similar first, pairs of equal score in file order; none scoring below
     * {@link #FLOOR}. Empty for a null or empty question, or when no pair is close enough. The selection costs up to
     * pairs x k steps: meant for a handful of examples.
     */
    public List<VerifiedQuestion> mostSimilar(String question, int k) {
        if (k <= 0 || pairs.isEmpty()) {
            return List.of();
        }
        double[] score = scores(question);
        // the best k so far, best first: insertion keeps an earlier pair ahead of a later one of equal score
        int[] best = new int[Math.min(k, pairs.size())];
        int size = 0;
        for (int i = 0; i < score.length; i++) {
            double s = score[i];
            if (s < FLOOR || (size == best.length && s <= score[best[size - 1]])) {
                continue;
            }
            int at = size == best.length ? size - 1 : size++;
            while (at > 0 && score[best[at - 1]] < s) {
                best[at] = best[at - 1];
                at--;
            }
            best[at] = i;
        }
        List<VerifiedQuestion> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(pairs.get(best[i]));
        }
        return List.copyOf(out);
    }

    /**
     * Each pair's similarity to the question, in file order, from 0 (no word shared) to 1 (the same words): the
     * weight of the words both have over the weight of the words either has.
     */
    double[] scores(String question) {
        double[] shared = new double[pairs.size()];
        double questionWeight = 0;
        for (String w : words(question)) {
            double weight = weight(w);
            questionWeight += weight;
            int[] with = pairsWithWord.get(w);
            if (with != null) {
                for (int i : with) {
                    shared[i] += weight;
                }
            }
        }
        for (int i = 0; i < shared.length; i++) {
            if (shared[i] > 0) {
                shared[i] = shared[i] / (questionWeight + pairWeight[i] - shared[i]);
            }
        }
        return shared;
    }

    private double weight(String word) {
        return names.contains(word) ? nameWeight : 1;
    }

    /** The distinct stems of a text's words, stop words and numbers left out, in the order they first appear. */
    static Set<String> words(String text) {
        Set<String> out = new LinkedHashSet<>();
        if (text == null) {
            return out;
        }
        String bounded = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
        for (String w : Words.split(bounded)) {
            if (!Words.isStop(w) && hasLetter(w)) {
                out.add(Words.stem(w));
            }
        }
        return out;
    }

    /** The stems of the words of every table and column name of the catalog. */
    static Set<String> nameWords(SchemaCatalog catalog) {
        Set<String> out = new HashSet<>();
        for (TableInfo t : catalog.tables()) {
            out.addAll(words(t.name()));
            for (ColumnInfo c : t.columns()) {
                out.addAll(words(c.name()));
            }
        }
        return out;
    }

    private static boolean hasLetter(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (Character.isLetter(word.charAt(i))) {
                return true;
            }
        }
        return false;
    }
}
