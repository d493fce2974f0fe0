package dev.nlsql.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.model.openai.OpenAiTokenCountEstimator;
import dev.nlsql.internal.generate.GenerationRequest;
import dev.nlsql.internal.generate.Prompts;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.SchemaLinker;
import dev.nlsql.internal.schema.SchemaRenderer;
import dev.nlsql.internal.schema.TableInfo;
import dev.nlsql.eval.DefogGold;
import dev.nlsql.internal.schema.CatalogReader;
import dev.nlsql.testing.Benchmarks;
import java.util.ArrayList;
import java.util.Arrays;
import net.sf.jsqlparser.util.TablesNamesFinder;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * On a 1,000-table schema the linker keeps the needed tables (recall) within a small prompt. Measured twice: on
 * questions that use the words of the table names ({@link SyntheticSchema#questions}, where recall is close to built
 * in) and on the same questions in other words ({@link SyntheticSchema#paraphrasedQuestions}: synonyms and paraphrases
 * of departments, entities and measures from a fixed vocabulary, none of the names' own words), which is the figure
 * that says how well linking finds tables people describe rather than name.
 */
class SchemaLinkingRecallIT {

    private static final SchemaCatalog CATALOG = SyntheticSchema.catalog(1_000);

    record Recall(int questions, double recall, int fullHits, double meanTables, long meanTokens, int maxTokens) {
        void print(String what) {
            System.out.printf(Locale.ROOT, "schema linking on 1000 tables, %d questions %s: recall %.1f%% (all needed tables in %d), "
                    + "mean k %.1f tables, prompt tokens mean %d max %d%n", questions, what, 100 * recall, fullHits, meanTables,
                    meanTokens, maxTokens);
        }
    }

    private static Recall measure(List<SyntheticSchema.LinkingQuestion> questions) {
        return measure(questions, CATALOG);
    }

    private static Recall measure(List<SyntheticSchema.LinkingQuestion> questions, SchemaCatalog catalog) {
        SchemaLinker linker = new SchemaLinker();
        OpenAiTokenCountEstimator tokenizer = new OpenAiTokenCountEstimator("gpt-4o-mini");
        double recallSum = 0;
        int fullHits = 0;
        int maxTokens = 0;
        long tokenSum = 0;
        long tablesSum = 0;
        for (SyntheticSchema.LinkingQuestion q : questions) {
            SchemaLinker.Linked linked = linker.linkForPrompt(q.text(), catalog, List.of());
            assertFalse(linked.whole(), "a 1,000-table schema is never sent whole");
            Set<String> chosen = new HashSet<>();
            for (TableInfo t : linked.tables()) {
                chosen.add(t.name());
            }
            long found = q.needed().stream().filter(chosen::contains).count();
            recallSum += (double) found / q.needed().size();
            fullHits += found == q.needed().size() ? 1 : 0;
            GenerationRequest request = new GenerationRequest(q.text(), null, "PostgreSQL 15", catalog,
                    SchemaRenderer.render(catalog, linked.tables()), List.of(), List.of());
            int tokens = tokenizer.estimateTokenCountInText(Prompts.system(request) + "\n" + Prompts.user(request));
            maxTokens = Math.max(maxTokens, tokens);
            tokenSum += tokens;
            tablesSum += linked.tables().size();
        }
        int n = questions.size();
        return new Recall(n, recallSum / n, fullHits, (double) tablesSum / n, tokenSum / n, maxTokens);
    }

    @Test
    void recallOfNeededTablesIsAtLeast95PercentWithPromptsUnder4000Tokens() {
        assertEquals(1_000, CATALOG.tables().size());
        Recall named = measure(SyntheticSchema.questions(CATALOG, 60));
        named.print("that use the tables' own words");
        assertTrue(named.questions() >= 50);
        assertTrue(named.recall() >= 0.95, "recall " + named.recall());
        assertTrue(named.maxTokens() < 4_000, "largest prompt " + named.maxTokens() + " tokens");
    }

    /** The honest figure: the same kinds of questions, but the tables are described, not named. */
    @Test
    void recallOnQuestionsInOtherWords() {
        List<SyntheticSchema.LinkingQuestion> questions = SyntheticSchema.paraphrasedQuestions(CATALOG, 60);
        for (SyntheticSchema.LinkingQuestion q : questions) {
            Set<String> words = new HashSet<>(Arrays.asList(q.text().toLowerCase(Locale.ROOT).split("[^a-z0-9&]+")));
            for (String table : q.needed()) {
                TableInfo t = CATALOG.tables().stream().filter(x -> x.name().equals(table)).findFirst().orElseThrow();
                Set<String> nameWords = new HashSet<>(Arrays.asList(t.name().split("_")));
                for (ColumnInfo c : t.columns()) {
                    nameWords.addAll(Arrays.asList(c.name().split("_")));
                    nameWords.add(SyntheticSchema.singular(c.name()));
                }
                for (String w : nameWords) {
                    assertFalse(words.contains(w) || words.contains(SyntheticSchema.singular(w)),
                            "\"" + q.text() + "\" uses \"" + w + "\", a word of " + table + "'s names");
                }
            }
        }
        Recall described = measure(questions);
        described.print("in other words (no word of the table or column names)");
        assertTrue(described.questions() >= 50);
        // Measured when written: recall 5.0% (all needed tables for 3 of 60 questions). Linking scores the words of
        // names and comments, with a short synonym list (NameSynonyms: staff for employee, rating for score); a table
        // described in other words is found only through those. The floor guards the figure, it does not call it good.
        assertTrue(described.recall() >= RECALL_IN_OTHER_WORDS_FLOOR, "recall " + described.recall());
        assertTrue(described.maxTokens() < 4_000, "largest prompt " + described.maxTokens() + " tokens");
    }

    private static final double RECALL_IN_OTHER_WORDS_FLOOR = 0.04;

    /**
     * Real questions with real gold SQL: Northwind's and defog's (its four databases), each database's own tables
     * hidden among the 1,000 synthetic ones (among them look-alikes such as sales_orders, hr_employees,
     * procurement_suppliers). A question's needed tables are the database's tables its gold SQL reads (JSqlParser).
     */
    @Test
    void recallOnBenchmarkQuestionsAmongAThousandTables() throws Exception {
        List<SyntheticSchema.LinkingQuestion> all = new ArrayList<>();
        java.util.Map<String, Recall> byDatabase = new java.util.TreeMap<>();
        int unparsed = 0;
        List<String[]> northwind = Benchmarks.northwindGold();
        SchemaCatalog northwindCatalog = withDistractors(Benchmarks.loadNorthwind());
        List<SyntheticSchema.LinkingQuestion> nw = new ArrayList<>();
        for (String[] q : northwind) {
            SyntheticSchema.LinkingQuestion lq = goldQuestion(q[0], q[1], northwindCatalog);
            if (lq == null) {
                unparsed++;
            } else {
                nw.add(lq);
            }
        }
        byDatabase.put("northwind", measure(nw, northwindCatalog));
        all.addAll(nw);
        List<DefogGold.GoldQuestion> defog = DefogGold.questions();
        double recallSum = byDatabase.get("northwind").recall() * nw.size();
        int fullHits = byDatabase.get("northwind").fullHits();
        for (String db : Benchmarks.DEFOG_DATABASES) {
            SchemaCatalog catalog = withDistractors(Benchmarks.loadDefog(db));
            List<SyntheticSchema.LinkingQuestion> questions = new ArrayList<>();
            for (DefogGold.GoldQuestion q : defog) {
                if (q.db().equals(db)) {
                    SyntheticSchema.LinkingQuestion lq = goldQuestion(q.question(), q.statements().get(0), catalog);
                    if (lq == null) {
                        unparsed++;
                    } else {
                        questions.add(lq);
                    }
                }
            }
            Recall r = measure(questions, catalog);
            byDatabase.put(db, r);
            recallSum += r.recall() * questions.size();
            fullHits += r.fullHits();
            all.addAll(questions);
        }
        byDatabase.forEach((db, r) -> r.print("of " + db + " among 1,000 synthetic tables"));
        double recall = recallSum / all.size();
        System.out.printf(Locale.ROOT, "schema linking, Northwind and defog questions among 1,000 synthetic tables: %d questions "
                + "(%d gold statements not parsed, left out), recall %.1f%%, all needed tables in %d%n", all.size(), unparsed,
                100 * recall, fullHits);
        assertTrue(all.size() >= 150, "questions measured: " + all.size());
        // Measured when written: 82.8% over 192 questions, all needed tables in 158. Per database: Northwind 94.9%,
        // car_dealership 96.2%, derm_treatment 98.1%, ewallet 96.2%, broker 0.0%: broker's tables are sbCustomer,
        // sbTransaction, ... (folded to sbcustomer by PostgreSQL), and "customers" is no word of "sbcustomer".
        assertTrue(recall >= BENCHMARK_RECALL_FLOOR, "recall " + recall);
        assertTrue(byDatabase.get("northwind").recall() >= 0.90, "Northwind recall " + byDatabase.get("northwind").recall());
    }

    private static final double BENCHMARK_RECALL_FLOOR = 0.80;

    /** The database's own catalog plus the 1,000 synthetic tables. */
    private static SchemaCatalog withDistractors(String url) throws Exception {
        SchemaCatalog real;
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url)) {
            real = new CatalogReader(t -> true).read(c);
        }
        List<TableInfo> tables = new ArrayList<>(real.tables());
        Set<String> names = new HashSet<>();
        real.tables().forEach(t -> names.add(t.name()));
        CATALOG.tables().forEach(t -> assertFalse(names.contains(t.name()), "name clash: " + t.name()));
        tables.addAll(CATALOG.tables());
        return new SchemaCatalog(real.productName(), real.productVersion(), real.defaultSchema(), List.copyOf(tables));
    }

    /** The question with the tables of the database (not the distractors) its gold SQL reads; null when unparsable. */
    private static SyntheticSchema.LinkingQuestion goldQuestion(String question, String gold, SchemaCatalog catalog) {
        Set<String> found;
        try {
            found = TablesNamesFinder.findTables(gold);
        } catch (Exception | StackOverflowError e) {
            return null;
        }
        Set<String> needed = new java.util.TreeSet<>();
        for (String f : found) {
            String name = f.substring(f.lastIndexOf('.') + 1).replace("\"", "");
            for (int i = 0; i < catalog.tables().size() - CATALOG.tables().size(); i++) {
                TableInfo t = catalog.tables().get(i);
                if (t.name().equalsIgnoreCase(name)) {
                    needed.add(t.name());
                }
            }
        }
        return needed.isEmpty() ? null : new SyntheticSchema.LinkingQuestion(question, needed);
    }
}
