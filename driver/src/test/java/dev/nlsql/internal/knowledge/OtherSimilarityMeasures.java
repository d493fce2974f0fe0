package dev.nlsql.internal.knowledge;

import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.Words;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The measures {@link SimilarQuestions} was compared with. Each reads a question's words as it does
 * ({@link SimilarQuestions#words}), so only the measure differs; written plainly, for the comparison, not for speed.
 */
final class OtherSimilarityMeasures {

    /** A measure indexed over stored pairs: each pair's score for a question, in file order. */
    interface Scores {
        double[] of(String question);
    }

    /** How a measure is built from the pairs and the catalog. */
    interface Measure {
        Scores index(List<VerifiedQuestion> pairs, SchemaCatalog catalog);
    }

    private OtherSimilarityMeasures() {
    }

    /** |A ∩ B| / |A ∪ B| over the sets of stems. */
    static Scores jaccard(List<VerifiedQuestion> pairs, SchemaCatalog catalog) {
        return setJaccard(pairs, SimilarQuestions::words);
    }

    private static Scores setJaccard(List<VerifiedQuestion> pairs, Function<String, Set<String>> read) {
        List<Set<String>> stored = pairs.stream().map(p -> read.apply(p.question())).toList();
        return question -> {
            Set<String> asked = read.apply(question);
            double[] s = new double[stored.size()];
            for (int i = 0; i < s.length; i++) {
                int shared = 0;
                for (String w : asked) {
                    shared += stored.get(i).contains(w) ? 1 : 0;
                }
                int union = asked.size() + stored.get(i).size() - shared;
                s[i] = union == 0 ? 0 : (double) shared / union;
            }
            return s;
        };
    }

    /** Cosine of TF-IDF vectors of stems: tf 1 + ln(count), idf ln(1 + N / df) over the stored questions. */
    static Scores tfIdfCosine(List<VerifiedQuestion> pairs, SchemaCatalog catalog) {
        List<Map<String, Integer>> docs = pairs.stream().map(p -> counts(stems(p.question()))).toList();
        Map<String, Integer> df = documentFrequencies(docs);
        int n = docs.size();
        List<Map<String, Double>> vectors = new ArrayList<>();
        for (Map<String, Integer> d : docs) {
            vectors.add(unit(tfIdf(d, df, n)));
        }
        return question -> {
            Map<String, Double> asked = unit(tfIdf(counts(stems(question)), df, n));
            double[] s = new double[n];
            for (int i = 0; i < n; i++) {
                for (Map.Entry<String, Double> e : asked.entrySet()) {
                    s[i] += e.getValue() * vectors.get(i).getOrDefault(e.getKey(), 0.0);
                }
            }
            return s;
        };
    }

    /** Okapi BM25 (k1 1.2, b 0.75) of the question's stems against each stored question. */
    static Scores bm25(List<VerifiedQuestion> pairs, SchemaCatalog catalog) {
        return bm25(pairs, Set.of(), 1);
    }

    /** BM25 with the catalog's name words weighing twice: the IDF family's best showing with schema names. */
    static Scores bm25WithNames(List<VerifiedQuestion> pairs, SchemaCatalog catalog) {
        return bm25(pairs, SimilarQuestions.nameWords(catalog), 2);
    }

    private static Scores bm25(List<VerifiedQuestion> pairs, Set<String> names, double nameWeight) {
        double k1 = 1.2;
        double b = 0.75;
        List<Map<String, Integer>> docs = pairs.stream().map(p -> counts(stems(p.question()))).toList();
        Map<String, Integer> df = documentFrequencies(docs);
        int n = docs.size();
        double[] length = new double[n];
        double total = 0;
        for (int i = 0; i < n; i++) {
            length[i] = docs.get(i).values().stream().mapToInt(Integer::intValue).sum();
            total += length[i];
        }
        double average = Math.max(1, total / Math.max(1, n));
        return question -> {
            Set<String> asked = SimilarQuestions.words(question);
            double[] s = new double[n];
            for (int i = 0; i < n; i++) {
                for (String w : asked) {
                    Integer f = docs.get(i).get(w);
                    if (f != null) {
                        int d = df.get(w);
                        double idf = Math.log(1 + (n - d + 0.5) / (d + 0.5)) * (names.contains(w) ? nameWeight : 1);
                        s[i] += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * length[i] / average));
                    }
                }
            }
            return s;
        };
    }

    /** Jaccard over the sets of character 3-grams of the words (each word padded with a space at both ends). */
    static Scores trigramJaccard(List<VerifiedQuestion> pairs, SchemaCatalog catalog) {
        return setJaccard(pairs, OtherSimilarityMeasures::trigrams);
    }

    /** The stems with repeats, for term counts (bounded as SimilarQuestions bounds them). */
    private static List<String> stems(String text) {
        List<String> out = new ArrayList<>();
        String bounded = text == null ? "" : text.substring(0, Math.min(text.length(), SimilarQuestions.MAX_CHARS));
        for (String w : Words.split(bounded)) {
            if (!Words.isStop(w) && w.chars().anyMatch(Character::isLetter)) {
                out.add(Words.stem(w));
            }
        }
        return out;
    }

    private static Set<String> trigrams(String text) {
        Set<String> out = new HashSet<>();
        String bounded = text == null ? "" : text.substring(0, Math.min(text.length(), SimilarQuestions.MAX_CHARS));
        for (String w : Words.split(bounded)) {
            String padded = " " + w + " ";
            for (int i = 0; i + 3 <= padded.length(); i++) {
                out.add(padded.substring(i, i + 3));
            }
        }
        return out;
    }

    private static Map<String, Integer> counts(List<String> words) {
        Map<String, Integer> out = new HashMap<>();
        words.forEach(w -> out.merge(w, 1, Integer::sum));
        return out;
    }

    private static Map<String, Integer> documentFrequencies(List<Map<String, Integer>> docs) {
        Map<String, Integer> df = new HashMap<>();
        docs.forEach(d -> d.keySet().forEach(w -> df.merge(w, 1, Integer::sum)));
        return df;
    }

    /** The TF-IDF weights of a document's words that occur in the stored questions. */
    private static Map<String, Double> tfIdf(Map<String, Integer> counts, Map<String, Integer> df, int n) {
        Map<String, Double> out = new HashMap<>();
        counts.forEach((w, c) -> {
            Integer d = df.get(w);
            if (d != null) {
                out.put(w, (1 + Math.log(c)) * Math.log(1 + (double) n / d));
            }
        });
        return out;
    }

    private static Map<String, Double> unit(Map<String, Double> v) {
        double norm = Math.sqrt(v.values().stream().mapToDouble(x -> x * x).sum());
        Map<String, Double> out = new HashMap<>();
        v.forEach((w, x) -> out.put(w, norm == 0 ? 0 : x / norm));
        return out;
    }
}
