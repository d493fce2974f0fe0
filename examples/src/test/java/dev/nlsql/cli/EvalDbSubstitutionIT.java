package dev.nlsql.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nlsql.eval.FaultInjectingLlm;
import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README: {@code eval --url 'jdbc:nlsql:postgresql://127.0.0.1:5432/{db}?user=app'}: {@code {db}} takes each question's
 * database (the JSONL {@code db} field). Each question here can only be answered, and its gold only run, on its own
 * database; a question naming a database that does not exist fails to connect to exactly that name.
 */
class EvalDbSubstitutionIT {

    private static final String A = "nlsql_claims_eval_a";
    private static final String B = "nlsql_claims_eval_b";
    private static final String MISSING = "nlsql_claims_eval_missing";

    @TempDir
    Path dir;

    @BeforeAll
    static void databases() throws SQLException {
        TestPostgres.dropDatabase(MISSING);
        for (String[] db : new String[][] {{A, "only_in_a", "2"}, {B, "only_in_b", "5"}}) {
            TestPostgres.createDatabaseIfMissing(db[0]);
            try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(db[0])); Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS only_in_a, only_in_b");
                s.execute("CREATE TABLE " + db[1] + " (id int PRIMARY KEY)");
                s.execute("INSERT INTO " + db[1] + " SELECT generate_series(1, " + db[2] + ")");
            }
        }
    }

    private static synchronized Cli.Run eval(String... args) {
        PrintStream old = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            int status = NlsqlCommand.run(args, new PrintWriter(System.out, true), new PrintWriter(err, true));
            return new Cli.Run(status, out.toString(StandardCharsets.UTF_8).strip(), err.toString());
        } finally {
            System.setOut(old);
        }
    }

    @Test
    void eachQuestionRunsOnTheDatabaseItNames() throws Exception {
        Map<String, String> gold = Map.of("how many rows only in a", "SELECT count(*) FROM only_in_a",
                "how many rows only in b", "SELECT count(*) FROM only_in_b",
                "how many rows in a database that is not there", "SELECT 1");
        Path file = Files.writeString(dir.resolve("q.jsonl"),
                "{\"question\": \"how many rows only in a\", \"gold_sql\": \"SELECT count(*) FROM only_in_a\", \"db\": \"" + A + "\"}\n"
                + "{\"question\": \"how many rows only in b\", \"gold_sql\": \"SELECT count(*) FROM only_in_b\", \"db\": \"" + B + "\"}\n"
                + "{\"question\": \"how many rows in a database that is not there\", \"gold_sql\": \"SELECT 1\", \"db\": \"" + MISSING + "\"}\n");
        String template = "jdbc:nlsql:" + TestPostgres.urlOf("{db}").substring("jdbc:".length());
        assertTrue(template.contains("/{db}"), template);
        try (FaultInjectingLlm llm = new FaultInjectingLlm(gold, FaultInjectingLlm.Settings.defaults().withErrorRate(0)).start(0)) {
            Cli.Run run = eval("eval", "--url", template, "--dataset", file.toString(), "--json", "-p", "nlsql.llm.baseUrl=" + llm.baseUrl(),
                    "-p", "nlsql.llm.apiKey=k", "-p", "nlsql.cache=false");
            assertEquals(0, run.status(), run.err());
            JsonNode report = new ObjectMapper().readTree(run.out());
            JsonNode questions = report.get("questions");
            assertEquals(3, questions.size());
            assertEquals("right", questions.get(0).get("outcome").asText(), questions.get(0).toString());
            assertEquals("SELECT count(*) FROM only_in_a", questions.get(0).get("sql").asText());
            assertEquals("right", questions.get(1).get("outcome").asText(), questions.get(1).toString());
            assertEquals("SELECT count(*) FROM only_in_b", questions.get(1).get("sql").asText());
            assertEquals(1, report.get("goldFailures").size(), report.get("goldFailures").toString());
            JsonNode missing = report.get("goldFailures").get(0);
            assertEquals(3, missing.get("index").asInt());
            assertTrue(missing.get("error").asText().contains("database \"" + MISSING + "\" does not exist"), missing.toString());
            assertEquals(2, report.get("overall").get("counted").asInt());
            assertEquals(1.0, report.get("overall").get("strictAccuracy").asDouble(), 1e-9);
        }
    }
}
