package dev.nlsql.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.engine.Narration;
import dev.nlsql.testing.Benchmarks;
import dev.nlsql.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The seven held-out question sets (eval/held-out*, written before the rules ran on them) through {@code nlsql eval}'s
 * own {@link Evaluator}, offline: what they found wrong stays fixed. Every answer right, none wrong at high, no answerable
 * question refused (NL002), and at least the answers counted when their lessons were learnt. Their first runs, the figures
 * that count, are in bench/README.md ("Confidence against correctness"); these sets are tuned on now, so this guards
 * against regressions and proves nothing about unseen data.
 */
class HeldOutSetsIT {

    /** Each set's databases: the name its questions give, and where the schema comes from (a resource, or the samples). */
    private static final Map<String, List<String[]>> SETS = Map.of(
            "held-out", List.of(new String[] {"netflix", "samples:netflix.sql"}, new String[] {"happiness", "samples:happiness_index.sql"},
                    new String[] {"periodic", "samples:periodic_table.sql"}, new String[] {"bikeshare", "held-out/bikeshare.sql"}),
            "held-out-2", List.of(new String[] {"library", "held-out-2/library.sql"}, new String[] {"clinic", "held-out-2/clinic.sql"}),
            "held-out-3", List.of(new String[] {"company", "held-out-3/company.sql"}, new String[] {"league", "held-out-3/league.sql"}),
            "held-out-4", List.of(new String[] {"hotel", "held-out-4/hotel.sql"}, new String[] {"shipping", "held-out-4/shipping.sql"}),
            "held-out-5", List.of(new String[] {"realty", "held-out-5/realty.sql"}, new String[] {"gym", "held-out-5/gym.sql"}),
            "held-out-6", List.of(new String[] {"school", "held-out-6/school.sql"}, new String[] {"utility", "held-out-6/utility.sql"}),
            "held-out-7", List.of(new String[] {"rental", "held-out-7/rental.sql"}, new String[] {"events", "held-out-7/events.sql"}));
    /** Answers counted when the set's lessons were learnt: fewer is a loss of coverage. */
    private static final Map<String, Integer> ANSWERED = Map.of("held-out", 16, "held-out-2", 16, "held-out-3", 11, "held-out-4", 9, "held-out-5", 10, "held-out-6", 7, "held-out-7", 6);
    private static final String PREFIX = "nlsql_heldout_";

    @BeforeAll
    static void load() throws Exception {
        for (List<String[]> dbs : SETS.values()) {
            for (String[] db : dbs) {
                String name = PREFIX + db[0];
                TestPostgres.dropDatabase(name);
                TestPostgres.createDatabaseIfMissing(name);
                String script = db[1].startsWith("samples:")
                        ? Files.readString(Benchmarks.dir().resolve("samples").resolve(db[1].substring("samples:".length())), StandardCharsets.UTF_8)
                        : resource("/eval/" + db[1]);
                try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(name))) {
                    c.setAutoCommit(false);
                    loadDump(c, script);
                    c.commit();
                }
            }
        }
    }

    @AfterAll
    static void drop() throws Exception {
        for (List<String[]> dbs : SETS.values()) {
            for (String[] db : dbs) {
                TestPostgres.dropDatabase(PREFIX + db[0]);
            }
        }
    }

    /** A plain SQL script or pg_dump's plain format: statements, and COPY ... FROM stdin blocks up to their "\\." line. */
    private static void loadDump(Connection c, String script) throws Exception {
        StringBuilder sql = new StringBuilder();
        String[] lines = script.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("COPY ") && line.endsWith("FROM stdin;")) {
                try (Statement s = c.createStatement()) {
                    s.execute(sql.toString());
                }
                sql.setLength(0);
                StringBuilder data = new StringBuilder();
                while (!lines[++i].equals("\\.")) {
                    data.append(lines[i]).append('\n');
                }
                c.unwrap(org.postgresql.PGConnection.class).getCopyAPI().copyIn(line, new java.io.StringReader(data.toString()));
            } else {
                sql.append(line).append('\n');
            }
        }
        try (Statement s = c.createStatement()) {
            s.execute(sql.toString());
        }
    }

    private static String resource(String path) throws Exception {
        try (var in = HeldOutSetsIT.class.getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"held-out", "held-out-2", "held-out-3", "held-out-4", "held-out-5", "held-out-6", "held-out-7"})
    void everyAnswerRightNoneWrongAtHighNoneRefused(String set) throws Exception {
        Path questions = Files.createTempFile("nlsql-" + set, ".jsonl");
        try {
            Files.writeString(questions, resource("/eval/" + set + "/questions.jsonl"));
            List<Dataset.Question> asked = Dataset.read(questions);
            String url = "jdbc:nlsql:" + TestPostgres.urlOf(PREFIX + "{db}").substring("jdbc:".length());
            Properties offline = new Properties();
            offline.setProperty("nlsql.llm", "offline");
            List<QuestionResult> results = new Evaluator(url, offline, 2).run(asked, r -> { });
            List<String> wrong = new ArrayList<>();
            int answered = 0;
            int wrongAtHigh = 0;
            for (QuestionResult r : results) {
                assertTrue(!r.goldFailed(), set + ": the gold of '" + r.question().text() + "' fails: " + r.goldError());
                assertTrue(!r.refused(), set + ": answerable, refused: " + r.question().text() + ": " + r.error());
                if (r.answered()) {
                    answered++;
                    if (!r.lenient()) {
                        wrong.add(r.question().text() + " -> " + r.sql());
                        wrongAtHigh += r.confidence() == Narration.Confidence.HIGH ? 1 : 0;
                    }
                }
            }
            assertEquals(List.of(), wrong, set + ": answered wrongly");
            assertEquals(0, wrongAtHigh);
            assertTrue(answered >= ANSWERED.get(set), set + ": answered " + answered + ", fewer than " + ANSWERED.get(set));
        } finally {
            Files.deleteIfExists(questions);
        }
    }
}
