package dev.nlsql.proxy;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.Prerequisite;
import dev.nlsql.testing.TestMariaDb;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Several databases in one question (DESIGN "Several databases in one question") through the proxy, as psql users run
 * it: the proxy started from its command line with {@code --source name=URL}, questions answered by the scripted model
 * with a step per source and a local join, the NOTICE naming the sources, {@code EXPLAIN NL} showing each step's
 * database; a source URL without a user logging in as the client with the password the client gave; PostgreSQL with
 * MariaDB.
 */
class SourcesThroughProxyIT {

    static final String MAIN_DB = "nlsql_e2e_proxy_main";
    private static final String ACC_DB = "nlsql_e2e_proxy_acc";
    private static final String CRM_DB = "mdb_e2e_proxy_crm";
    static String accUrl;

    static final String QUESTION = "top 2 customers by account balance";
    static final String JOIN_PLAN = """
            {"answerable": true, "steps": [
              {"purpose": "customers", "source": "main", "sql": "SELECT id, name FROM e2e_customers"},
              {"purpose": "balances", "source": "acc", "sql": "SELECT customer_id, balance FROM e2e_accounts"},
              {"purpose": "top 2 by balance", "source": "local", "sql": "SELECT step1.name, sum(step2.balance) AS total FROM step1 JOIN step2 ON step1.id = step2.customer_id GROUP BY step1.name ORDER BY total DESC LIMIT 2"}
            ]}""";

    @BeforeAll
    static void databases() throws SQLException {
        TestPostgres.database(MAIN_DB,
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
        if (TestMariaDb.available()) {
            TestMariaDb.dropDatabase(CRM_DB);
        }
    }

    /** The proxy as its command line configures it (flags parsed by ProxyMain), listening on a free port. */
    private static PgServer proxy(String backend, FakeOpenAi llm, String... flags) throws Exception {
        List<String> args = new ArrayList<>(List.of("--backend", backend, "--port", "0", "-p", "nlsql.llm=openai", "-p",
                "nlsql.llm.baseUrl=" + llm.baseUrl(), "-p", "nlsql.llm.apiKey=test-key", "-p", "nlsql.llm.model=fake", "-p", "nlsql.cache=false"));
        args.addAll(List.of(flags));
        ProxyMain main = new ProxyMain();
        new CommandLine(main).parseArgs(args.toArray(String[]::new));
        return new PgServer(main.config(), null).start();
    }

    @Test
    void psqlGetsTheRowsOfAPlanAcrossTwoDatabasesAndSeesWhereEachStepRan() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(JOIN_PLAN), answer(JOIN_PLAN));
                PgServer server = proxy(ClientsAsThemselves.url(TestPostgres.url()), llm, "--source", "acc=" + accUrl)) {
            ClientIdentityIT.Psql asked = ClientIdentityIT.psql(server.port(), "postgres", MAIN_DB, Map.of(), "-At", "-c", QUESTION);
            assertEquals(0, asked.status(), asked.err());
            // numeric as PostgreSQL writes it: the scale of numeric(12,2) kept through the local engine, never 3E+2
            assertEquals(List.of("Bob|300.00", "Ada|150.50"), asked.out().strip().lines().toList(), asked.out());
            assertTrue(asked.err().contains("NOTICE:  nlsql answered by: ") && asked.err().contains(" on sources main, acc, local"),
                    asked.err());
            // the model was shown both databases' tables, each under its source
            String system = llm.systemMessage(0);
            assertTrue(system.contains("-- source main (PostgreSQL") && system.contains("-- source acc (PostgreSQL"), system);

            ClientIdentityIT.Psql explained = ClientIdentityIT.psql(server.port(), "postgres", MAIN_DB, Map.of(), "-A", "-c",
                    "EXPLAIN NL " + QUESTION);
            assertEquals(0, explained.status(), explained.err());
            List<String> lines = explained.out().strip().lines().toList();
            List<String> header = List.of(lines.get(0).split("\\|", -1));
            assertEquals(List.of("database", "question", "stages", "interpretation"), header.subList(header.size() - 4, header.size()),
                    "the database, question, stages and interpretation columns come last: " + lines.get(0));
            int source = header.indexOf("source");
            int database = header.indexOf("database");
            List<String> where = new ArrayList<>();
            for (String row : lines.subList(1, lines.size() - 1)) { // the last line is psql's "(3 rows)"
                String[] cells = row.split("\\|", -1);
                where.add(cells[source] + "@" + cells[database]);
                assertEquals(QUESTION, cells[header.indexOf("question")], "the question column: " + row);
            }
            assertEquals(List.of("plan@main", "plan@acc", "plan@local"), where, explained.out());
            assertEquals("(3 rows)", lines.get(lines.size() - 1));
        }
    }

    /**
     * A source URL without a user, behind a proxy whose backend names none: the source logs in as the client, with the
     * password the client gave the proxy. The throwaway cluster asks the role for its SCRAM password, so without the
     * relayed password the source's login would fail; {@code current_user} in each step is the client's role.
     */
    @Test
    void aSourceWithoutAUserLogsInAsTheClientWithItsPassword() throws Exception {
        Prerequisite.require(ScratchCluster.available(), () -> "a scratch cluster (root and postgresql-common): " + ScratchCluster.missing());
        String role = "nlsql_e2e_pw";
        try (ScratchCluster cluster = ScratchCluster.askingForPassword("nlsql_e2e_sources", 5447, role, "pw e2e 1")) {
            String admin = cluster.jdbcUrl();
            try (Connection c = DriverManager.getConnection(admin); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE e2e_main");
                s.execute("CREATE DATABASE e2e_acc");
            }
            try (Connection c = DriverManager.getConnection(admin.replace("/postgres?", "/e2e_main?")); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE e2e_customers (id int PRIMARY KEY, name text)");
                s.execute("INSERT INTO e2e_customers VALUES (1, 'Ada'), (2, 'Bob')");
                s.execute("GRANT SELECT ON e2e_customers TO " + role);
            }
            try (Connection c = DriverManager.getConnection(admin.replace("/postgres?", "/e2e_acc?")); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE e2e_accounts (id int PRIMARY KEY, customer_id int, balance numeric(12,2))");
                s.execute("INSERT INTO e2e_accounts VALUES (10, 1, 100.50), (11, 1, 50), (12, 2, 300)");
                s.execute("GRANT SELECT ON e2e_accounts TO " + role);
            }
            String accNoUser = ClientsAsThemselves.url(admin.replace("/postgres?", "/e2e_acc?"));
            assertTrue(!accNoUser.contains("user="), accNoUser);
            String plan = """
                    {"answerable": true, "steps": [
                      {"purpose": "who on main", "sql": "SELECT current_user AS main_user, count(*) AS customers FROM e2e_customers"},
                      {"purpose": "who on acc", "source": "acc", "sql": "SELECT current_user AS acc_user, count(*) AS accounts FROM e2e_accounts"},
                      {"purpose": "together", "source": "local", "sql": "SELECT step1.main_user, step2.acc_user, step1.customers, step2.accounts FROM step1 CROSS JOIN step2"}
                    ]}""";
            try (FakeOpenAi llm = new FakeOpenAi(answer(plan));
                    PgServer server = proxy(ClientsAsThemselves.url(admin), llm, "--source", "acc=" + accNoUser)) {
                ClientIdentityIT.Psql asked = ClientIdentityIT.psql(server.port(), role, "e2e_main", Map.of("PGPASSWORD", "pw e2e 1"),
                        "-At", "-c", "who am I on each database, and how many rows?");
                assertEquals(0, asked.status(), asked.err());
                assertEquals(role + "|" + role + "|2|3", asked.out().strip(), asked.err());
                assertTrue(asked.err().contains("on sources main, acc, local"), asked.err());

                ClientIdentityIT.Psql wrong = ClientIdentityIT.psql(server.port(), role, "e2e_main", Map.of("PGPASSWORD", "nope"),
                        "-c", "SELECT 1");
                assertNotEquals(0, wrong.status());
                assertTrue(wrong.err().contains("password authentication failed for user \"" + role + "\""), wrong.err());
                assertEquals(1, llm.requestCount(), "the refused login asked the model nothing");
            }
        }
    }

    @Test
    void psqlGetsAJoinOfPostgresAndMariaDb() throws Exception {
        String crm = dev.nlsql.testing.Sources.mariaDbCrm(CRM_DB);
        String plan = dev.nlsql.testing.Sources.crmJoinPlan("e2e_customers");
        try (FakeOpenAi llm = new FakeOpenAi(answer(plan));
                PgServer server = proxy(ClientsAsThemselves.url(TestPostgres.url()), llm, "--source", "crm=" + crm)) {
            ClientIdentityIT.Psql asked = ClientIdentityIT.psql(server.port(), "postgres", MAIN_DB, Map.of(), "-At", "-c",
                    "names and e-mails of gold customers");
            assertEquals(0, asked.status(), asked.err());
            assertEquals(List.of("Ada|ada@x.org", "Cy|cy@x.org"), asked.out().strip().lines().toList(), asked.out());
            assertTrue(asked.err().contains("on sources crm, main, local"), asked.err());
            String system = llm.systemMessage(0);
            assertTrue(system.contains("-- source crm (MariaDB") || system.contains("-- source crm (MySQL"), system);
        }
    }
}
