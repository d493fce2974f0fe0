package dev.nlsql.cli;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Several databases in one question (DESIGN "Several databases in one question") from the command line: {@code ask --json
 * --source acc=URL} answered by the scripted model with a plan across two PostgreSQL databases, each attempt's database and
 * the answer's sources in the JSON; a source that is down fails only the questions that need it; {@code shell --source}.
 */
class SourcesCliIT {

    private static final String MAIN_DB = "nlsql_e2e_cli_main";
    private static final String ACC_DB = "nlsql_e2e_cli_acc";
    private static final String CRM_DB = "nlsql_e2e_cli_crm";
    private static String mainUrl;
    private static String accUrl;

    private static final String QUESTION = "top 2 customers by account balance";
    private static final String JOIN_PLAN = """
            {"answerable": true, "steps": [
              {"purpose": "customers", "source": "main", "sql": "SELECT id, name FROM e2e_customers"},
              {"purpose": "balances", "source": "acc", "sql": "SELECT customer_id, balance FROM e2e_accounts"},
              {"purpose": "top 2 by balance", "source": "local", "sql": "SELECT step1.name, sum(step2.balance) AS total FROM step1 JOIN step2 ON step1.id = step2.customer_id GROUP BY step1.name ORDER BY total DESC LIMIT 2"}
            ]}""";

    @BeforeAll
    static void databases() throws SQLException {
        mainUrl = TestPostgres.database(MAIN_DB,
                "DROP TABLE IF EXISTS e2e_customers",
                "CREATE TABLE e2e_customers (id int PRIMARY KEY, name text)",
                "INSERT INTO e2e_customers VALUES (1, 'Ada'), (2, 'Bob'), (3, 'Cy')");
        accUrl = TestPostgres.database(ACC_DB,
                "DROP TABLE IF EXISTS e2e_accounts",
                "CREATE TABLE e2e_accounts (id int PRIMARY KEY, customer_id int, balance numeric(12,2))",
                "INSERT INTO e2e_accounts VALUES (10, 1, 100.50), (11, 1, 50), (12, 2, 300), (13, 3, 20)");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(MAIN_DB);
        TestPostgres.dropDatabase(ACC_DB);
        dev.nlsql.testing.TestMariaDb.dropDatabase(CRM_DB);
    }

    /** The command's arguments: the main database through nlsql, the scripted model, then {@code rest}. */
    private static String[] args(String command, FakeOpenAi llm, String... rest) {
        List<String> all = new ArrayList<>(List.of(command, "--url", "jdbc:nlsql:" + mainUrl.substring("jdbc:".length()),
                "-p", "nlsql.llm=openai", "-p", "nlsql.llm.baseUrl=" + llm.baseUrl(), "-p", "nlsql.llm.apiKey=test-key",
                "-p", "nlsql.llm.model=fake", "-p", "nlsql.cache=false"));
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.isNull() ? null : n.asText()));
        return out;
    }

    @Test
    void askJsonAnswersAcrossTwoDatabasesAndSaysWhereEachAttemptRan() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(JOIN_PLAN))) {
            Cli.Run r = Cli.run(args("ask", llm, "--json", "--source", "acc=" + accUrl, QUESTION));
            assertEquals(0, r.status(), r.err() + r.out());
            JsonNode json = new ObjectMapper().readTree(r.out());
            assertTrue(json.get("success").asBoolean(), r.out());
            assertEquals(List.of("name", "total"), texts(json.get("columns")));
            JsonNode rows = json.get("rows");
            assertEquals(2, rows.size(), r.out());
            assertEquals("Bob", rows.get(0).get(0).asText());
            assertEquals(0, new java.math.BigDecimal("300").compareTo(rows.get(0).get(1).decimalValue()), r.out());
            assertEquals("Ada", rows.get(1).get(0).asText());
            assertEquals(0, new java.math.BigDecimal("150.50").compareTo(rows.get(1).get(1).decimalValue()), r.out());
            List<String> databases = new ArrayList<>();
            json.get("attempts").forEach(a -> databases.add(a.get("database").asText()));
            assertEquals(List.of("main", "acc", "local"), databases, r.out());
            assertEquals(List.of("main", "acc", "local"), texts(json.get("sources")), r.out());
            assertTrue(llm.systemMessage(0).contains("-- source acc (PostgreSQL"), llm.systemMessage(0));
        }
    }

    @Test
    void aSourceThatIsDownFailsTheQuestionThatNeedsItWith08001AndNotOneAnsweredFromMain() throws Exception {
        String down = "jdbc:postgresql://127.0.0.1:" + FakeOpenAi.closedPort() + "/nowhere?user=postgres&password=s3cret-pw&connectTimeout=2";
        String onAcc = "{\"answerable\": true, \"source\": \"acc\", \"sql\": \"SELECT count(*) FROM e2e_accounts\"}";
        String onMain = "{\"answerable\": true, \"sql\": \"SELECT count(*) AS customers FROM e2e_customers\"}";
        try (FakeOpenAi llm = new FakeOpenAi(answer(onAcc), answer(onMain))) {
            Cli.Run needsAcc = Cli.run(args("ask", llm, "--source", "acc=" + down, "how many accounts are there?"));
            assertEquals(1, needsAcc.status(), needsAcc.err() + needsAcc.out());
            assertTrue(needsAcc.err().contains("error: [08001]") && needsAcc.err().contains("Source acc"), needsAcc.err());
            assertFalse((needsAcc.err() + needsAcc.out()).contains("s3cret-pw"), "the password is masked: " + needsAcc.err());

            // offline, where the rules cannot place "accounts" on main: 08001 naming the source too, not NL005 (issue 36)
            Cli.Run offline = Cli.run("ask", "--url", "jdbc:nlsql:" + mainUrl.substring("jdbc:".length()), "-p", "nlsql.llm=offline",
                    "-p", "nlsql.cache=false", "--source", "acc=" + down, "how many accounts are there?");
            assertEquals(1, offline.status(), offline.err() + offline.out());
            assertTrue(offline.err().contains("error: [08001]") && offline.err().contains("Source acc"), offline.err());

            Cli.Run fromMain = Cli.run(args("ask", llm, "--json", "--source", "acc=" + down, "how many customers are there?"));
            assertEquals(0, fromMain.status(), fromMain.err() + fromMain.out());
            JsonNode json = new ObjectMapper().readTree(fromMain.out());
            assertEquals(3, json.get("rows").get(0).get(0).asLong(), fromMain.out());
            assertEquals(List.of("main"), texts(json.get("sources")), fromMain.out());
        }
    }

    @Test
    void theShellAnswersAQuestionAcrossSources() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(JOIN_PLAN))) {
            Cli.Run r = Cli.withInput(QUESTION + "\n", args("shell", llm, "--source", "acc=" + accUrl));
            assertEquals(0, r.status(), r.err() + r.out());
            List<String> lines = r.out().lines().map(String::strip).toList();
            assertTrue(lines.stream().anyMatch(l -> l.matches("Bob\\s*\\|\\s*300(\\.00)?")), r.out());
            assertTrue(lines.stream().anyMatch(l -> l.matches("Ada\\s*\\|\\s*150\\.50?")), r.out());
            assertEquals(1, llm.requestCount(), "one question, one model call");
        }
    }

    @Test
    void askJoinsPostgresWithAMariaDbSource() throws Exception {
        String crm = dev.nlsql.testing.Sources.mariaDbCrm(CRM_DB);
        try (FakeOpenAi llm = new FakeOpenAi(answer(dev.nlsql.testing.Sources.crmJoinPlan("e2e_customers")))) {
            Cli.Run r = Cli.run(args("ask", llm, "--json", "--source", "crm=" + crm, "names and e-mails of gold customers"));
            assertEquals(0, r.status(), r.err() + r.out());
            JsonNode json = new ObjectMapper().readTree(r.out());
            assertEquals("Ada", json.get("rows").get(0).get(0).asText(), r.out());
            assertEquals("cy@x.org", json.get("rows").get(1).get(1).asText(), r.out());
            assertEquals(List.of("crm", "main", "local"), texts(json.get("sources")), r.out());
        }
    }
}
