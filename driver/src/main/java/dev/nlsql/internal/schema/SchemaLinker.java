package dev.nlsql.internal.schema;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * Picks the tables a question needs, so a large schema fits a prompt: tables score by the
 * question's words in their names, columns and comments (stemmed, with synonyms) and by values
 * the question names; foreign-key neighbours of the best ones follow so joins stay possible;
 * tables are taken best first until the token budget is spent. A schema that fits is sent whole.
 */
public final class SchemaLinker {

    /** What the model is shown: the chosen tables, best first, and whether that is the whole schema. */
    public record Linked(List<TableInfo> tables, boolean whole) {
    }

    /** A table's words, computed once per catalog. */
    private record TableWords(Set<String> name, Set<String> columns, Set<String> comments, Map<String, Integer> columnHits) {
    }

    /** Schema tokens a prompt may carry; the rest of the prompt is a few hundred tokens more. */
    public static final int SCHEMA_TOKEN_BUDGET = 3_000;
    private static final double NEIGHBOUR_SHARE = 0.6;
    private final Cache<SchemaCatalog, Map<TableInfo, Integer>> tableTokens = Caffeine.newBuilder().weakKeys().maximumSize(32).build();
    private final Cache<SchemaCatalog, Map<TableInfo, TableWords>> words = Caffeine.newBuilder().weakKeys().maximumSize(32).build();
    private final Cache<SchemaCatalog, Map<TableInfo, List<TableInfo>>> neighbours = Caffeine.newBuilder().weakKeys().maximumSize(32).build();

    /** The tables to show the model for this question, within {@link #SCHEMA_TOKEN_BUDGET}. */
    public Linked linkForPrompt(String question, SchemaCatalog catalog, List<ValueIndex.ValueLink> values) {
        return linkForPrompt(question, catalog, values, SCHEMA_TOKEN_BUDGET);
    }

    /** The same within a share of the budget: several sources split {@link #SCHEMA_TOKEN_BUDGET} between them. */
    public Linked linkForPrompt(String question, SchemaCatalog catalog, List<ValueIndex.ValueLink> values, int budget) {
        Map<TableInfo, Integer> tokens = tableTokens.get(catalog, SchemaLinker::estimateTokens);
        return link(question, catalog, values, tokens::get, budget);
    }

    /** Estimated prompt tokens of a whole catalog's schema text. */
    public int wholeTokens(SchemaCatalog catalog) {
        return tableTokens.get(catalog, SchemaLinker::estimateTokens).values().stream().mapToInt(Integer::intValue).sum();
    }

    /** About three characters a token for schema text, which errs on the safe side of OpenAI's tokenizer. */
    private static Map<TableInfo, Integer> estimateTokens(SchemaCatalog catalog) {
        Map<TableInfo, Integer> out = new IdentityHashMap<>();
        for (TableInfo t : catalog.tables()) {
            out.put(t, 1 + SchemaRenderer.render(catalog, List.of(t)).length() / 3);
        }
        return out;
    }

    /**
     * @param tokensOf    the prompt size of one table's rendering
     * @param tokenBudget how many schema tokens the prompt may carry
     */
    public Linked link(String question, SchemaCatalog catalog, List<ValueIndex.ValueLink> values, ToIntFunction<TableInfo> tokensOf,
            int tokenBudget) {
        int all = 0;
        for (TableInfo t : catalog.tables()) {
            all += tokensOf.applyAsInt(t);
            if (all > tokenBudget) {
                break;
            }
        }
        if (all <= tokenBudget) {
            return new Linked(catalog.tables(), true);
        }
        Map<TableInfo, Double> scores = score(question, catalog, values);
        List<TableInfo> ranked = new ArrayList<>(scores.keySet());
        ranked.sort(Comparator.comparingDouble((TableInfo t) -> scores.get(t)).reversed().thenComparing(TableInfo::name));
        List<TableInfo> chosen = new ArrayList<>();
        Set<TableInfo> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        int spent = 0;
        for (TableInfo t : ranked) {
            if (scores.get(t) <= 0 || spent >= tokenBudget) {
                break;
            }
            int cost = tokensOf.applyAsInt(t);
            if (spent + cost <= tokenBudget && seen.add(t)) {
                chosen.add(t);
                spent += cost;
            }
        }
        return new Linked(List.copyOf(chosen), false);
    }

    /** Every table's score for the question: its own words, then a share of its best neighbour's. */
    public Map<TableInfo, Double> score(String question, SchemaCatalog catalog, List<ValueIndex.ValueLink> values) {
        Set<String> q = new HashSet<>();
        for (String w : Words.split(question)) {
            if (!Words.isStop(w)) {
                q.add(Words.stem(w));
            }
        }
        Map<TableInfo, TableWords> byTable = words.get(catalog, SchemaLinker::wordsOf);
        Map<TableInfo, Double> own = new IdentityHashMap<>();
        for (TableInfo t : catalog.tables()) {
            own.put(t, ownScore(q, byTable.get(t)));
        }
        for (ValueIndex.ValueLink v : values) {
            own.merge(v.table(), 3.0, Double::sum);
        }
        Map<TableInfo, List<TableInfo>> graph = neighbours.get(catalog, SchemaLinker::neighboursOf);
        Map<TableInfo, Double> total = new IdentityHashMap<>(own);
        for (TableInfo t : catalog.tables()) {
            double best = 0;
            for (TableInfo n : graph.getOrDefault(t, List.of())) {
                best = Math.max(best, own.getOrDefault(n, 0.0));
            }
            total.merge(t, NEIGHBOUR_SHARE * best * (own.get(t) > 0 ? 0.5 : 1.0), Double::sum);
        }
        return total;
    }

    private static double ownScore(Set<String> question, TableWords w) {
        double score = 0;
        int nameHits = 0;
        for (String s : w.name()) {
            if (question.contains(s)) {
                nameHits++;
            }
        }
        if (nameHits > 0) {
            score += 3.0 * nameHits + (nameHits == w.name().size() ? 2.0 : 0);
        }
        int columnHits = 0;
        for (Map.Entry<String, Integer> c : w.columnHits().entrySet()) {
            if (question.contains(c.getKey())) {
                columnHits += c.getValue() == 1 ? 2 : 1; // a word only this table's columns have says more
            }
        }
        score += Math.min(4, columnHits);
        int commentHits = 0;
        for (String s : w.comments()) {
            if (question.contains(s)) {
                commentHits++;
            }
        }
        return score + Math.min(2, 0.5 * commentHits);
    }

    private static Map<TableInfo, TableWords> wordsOf(SchemaCatalog catalog) {
        Map<String, Integer> tablesWithColumnWord = new HashMap<>();
        Map<TableInfo, Set<String>> columnWords = new IdentityHashMap<>();
        for (TableInfo t : catalog.tables()) {
            Set<String> cw = new HashSet<>();
            for (ColumnInfo c : t.columns()) {
                for (String s : Words.stems(c.name())) {
                    if (!Words.isStop(s) && !s.equals("id")) {
                        cw.add(s);
                    }
                }
            }
            columnWords.put(t, cw);
            cw.forEach(s -> tablesWithColumnWord.merge(s, 1, Integer::sum));
        }
        Map<TableInfo, TableWords> out = new IdentityHashMap<>();
        for (TableInfo t : catalog.tables()) {
            Set<String> name = meaningful(t.name());
            Set<String> comments = meaningful(t.comment());
            for (ColumnInfo c : t.columns()) {
                comments.addAll(meaningful(c.comment()));
            }
            Map<String, Integer> hits = new HashMap<>();
            for (String s : columnWords.get(t)) {
                if (!name.contains(s)) {
                    hits.put(s, tablesWithColumnWord.get(s));
                }
            }
            out.put(t, new TableWords(name, columnWords.get(t), comments, hits));
        }
        return out;
    }

    private static Set<String> meaningful(String text) {
        Set<String> out = new HashSet<>();
        for (String w : Words.split(text)) {
            if (!Words.isStop(w) && w.length() > 1) {
                out.add(Words.stem(w));
            }
        }
        return out;
    }

    /** Tables joined by a foreign key, in either direction. */
    private static Map<TableInfo, List<TableInfo>> neighboursOf(SchemaCatalog catalog) {
        Map<TableInfo, List<TableInfo>> out = new IdentityHashMap<>();
        for (TableInfo t : catalog.tables()) {
            for (ForeignKey fk : t.foreignKeys()) {
                TableInfo target = catalog.resolve(fk.refSchema(), fk.refTable());
                if (target != null && target != t) {
                    out.computeIfAbsent(t, k -> new ArrayList<>()).add(target);
                    out.computeIfAbsent(target, k -> new ArrayList<>()).add(t);
                }
            }
        }
        return out;
    }
}
