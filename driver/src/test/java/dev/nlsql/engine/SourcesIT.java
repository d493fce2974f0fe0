package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.Await;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.Rows;
import dev.nlsql.testing.Sources;
import dev.nlsql.testing.TestMariaDb;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Questions across attached sources (nlsql.source.<name>) through the real langchain4j client, the
 * scripted model server and real databases: two PostgreSQL databases, and PostgreSQL with MariaDB.
 * PostgreSQL and MariaDB themselves are the oracles of "nothing changed".
 */
class SourcesIT {

    private static final String MAIN_DB = "nlsql_src_main";
    private static final String ACC_DB = "nlsql_src_acc";
    private static final String CRM_DB = "nlsql_src_crm";
    private static String mainUrl;
    private static String accUrl;

    private static final String JOIN_PLAN = """
            {"answerable": true, "steps": [
              {"purpose": "customers", "source": "main", "sql": "SELECT id, name FROM src_customers"},
              {"purpose": "balances", "source": "acc", "sql": "SELECT customer_id, balance FROM src_accounts"},
              {"purpose": "top 2 by balance", "source": "local", "sql": "SELECT step1.name, sum(step2.balance) AS total FROM step1 JOIN step2 ON step1.id = step2.customer_id GROUP BY step1.name ORDER BY total DESC NULLS LAST LIMIT 2"}
            ]}""";

    @BeforeAll
    static void databases() throws SQLException {
        mainUrl = TestPostgres.database(MAIN_DB,
                "DROP TABLE IF EXISTS src_customers",
                "CREATE TABLE src_customers (id int PRIMARY KEY, name text, city text)",
                "INSERT INTO src_customers VALUES (1, 'Ada', 'Paris'), (2, 'Bob', 'Rome'), (3, 'Cy', 'Oslo')");
        accUrl = TestPostgres.database(ACC_DB,
                "DROP TABLE IF EXISTS src_accounts",
                "DROP TABLE IF EXISTS src_secret",
                "CREATE TABLE src_accounts (id int PRIMARY KEY, customer_id int, balance numeric(12,2), opened date)",
                "INSERT INTO src_accounts VALUES (10, 1, 100.50, '2024-01-05'), (11, 1, 50, '2023-02-01'), (12, 2, 300, '2024-06-01'),"
                        + " (13, 3, 20, '2022-03-03')",
                "CREATE TABLE src_secret (v text)",
                "INSERT INTO src_secret VALUES ('hunter2')");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(MAIN_DB);
        TestPostgres.dropDatabase(ACC_DB);
        TestMariaDb.dropDatabase(CRM_DB);
    }

    private static String source(String name, String url) {
        return Sources.param(name, url);
    }

    private static long accountsCount() throws SQLException {
        try (Connection c = DriverManager.getConnection(accUrl); Statement s = c.createStatement()) {
            return TestPostgres.single(s.executeQuery("SELECT count(*) FROM src_accounts"));
        }
    }

    /** The question's rows; a failure carries its attempts. */
    private static ResultSet explained(Statement s, String question) throws SQLException {
        try {
            return s.executeQuery(question);
        } catch (TraceException e) {
            throw new AssertionError(e.trace().attempts().toString(), e);
        }
    }

    @Test
    void aStepPerSourceAndALocalJoinAnswer() throws Exception {
        String question = "top 2 customers by account balance";
        try (FakeOpenAi llm = new FakeOpenAi(answer(JOIN_PLAN), answer(JOIN_PLAN));
                Connection c = llm.connect(mainUrl, source("acc", accUrl)); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery(question)) {
                List<String> rows = new ArrayList<>();
                while (rs.next()) {
                    rows.add(rs.getString(1) + "=" + rs.getBigDecimal(2).stripTrailingZeros().toPlainString());
                }
                assertEquals(List.of("Bob=300", "Ada=150.5"), rows);
            }
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            assertEquals(List.of("main", "acc", "local"), t.attempts().stream().map(Attempt::database).toList());
            assertEquals(List.of("main", "acc", "local"), t.sources());
            SQLWarning w = s.getWarnings();
            assertNotNull(w);
            assertTrue(w.getMessage().contains("on sources main, acc, local"), w.getMessage());
            // the model saw both sources' tables, labelled, and how to answer across them
            String system = llm.systemMessage(0);
            assertTrue(system.contains("-- source main (PostgreSQL") && system.contains("-- source acc (PostgreSQL"), system);
            assertTrue(system.contains("src_customers") && system.contains("src_accounts") && system.contains("\"source\": \"local\""), system);
            List<String> explained = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("EXPLAIN NL " + question)) {
                while (rs.next()) {
                    explained.add(rs.getString("source") + "@" + rs.getString("database"));
                }
            }
            assertEquals(List.of("plan@main", "plan@acc", "plan@local"), explained);
        }
    }

    @Test
    void aQuestionOnOneAttachedSourceRunsThere() throws Exception {
        String reply = "{\"answerable\": true, \"source\": \"acc\", \"sql\": \"SELECT count(*) AS n FROM src_accounts WHERE opened >= DATE '2024-01-01'\"}";
        try (FakeOpenAi llm = new FakeOpenAi(answer(reply));
                Connection c = llm.connect(mainUrl, source("acc", accUrl)); Statement s = c.createStatement()) {
            assertEquals(2, TestPostgres.single(s.executeQuery("how many accounts were opened since 2024?")));
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            assertEquals("acc", t.attempts().get(0).database());
            assertEquals(List.of("acc"), t.sources());
        }
    }

    @Test
    void aSourceThatIsDownFailsOnlyTheQuestionsThatNeedIt() throws Exception {
        String down = "jdbc:postgresql://127.0.0.1:" + FakeOpenAi.closedPort() + "/nowhere?user=postgres&password=s3cret-pw&connectTimeout=2";
        String onMain = "{\"answerable\": true, \"sql\": \"SELECT count(*) AS n FROM src_customers\"}";
        String onAcc = "{\"answerable\": true, \"source\": \"acc\", \"sql\": \"SELECT count(*) FROM src_accounts\"}";
        String notHere = "{\"answerable\": false, \"reason\": \"the schema has no accounts\"}";
        try (FakeOpenAi llm = new FakeOpenAi(answer(onMain), answer(onAcc), answer(notHere));
                Connection c = llm.connect(mainUrl, source("acc", down)); Statement s = c.createStatement()) {
            assertEquals(3, TestPostgres.single(s.executeQuery("how many customers?")));
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("how many accounts?"));
            assertEquals("08001", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("Source acc"), e.getMessage());
            assertFalse(e.getMessage().contains("s3cret-pw"), "the password is masked: " + e.getMessage());
            // a model that never saw the down source's tables judges the question not answerable: still 08001, not NL002
            SQLException judged = assertThrows(SQLException.class, () -> s.executeQuery("how many open accounts?"));
            assertEquals("08001", judged.getSQLState(), judged.getMessage());
            assertTrue(judged.getMessage().contains("Source acc"), judged.getMessage());
        }
    }

    @Test
    void aStepOverSourceRowsFailsItsAttemptWithFeedbackAndTheModelAggregates() throws Exception {
        String aggregated = """
                {"answerable": true, "steps": [
                  {"purpose": "customers", "sql": "SELECT id, name FROM src_customers"},
                  {"purpose": "balance per customer", "source": "acc", "sql": "SELECT customer_id, sum(balance) AS balance FROM src_accounts GROUP BY customer_id HAVING sum(balance) > 100"},
                  {"purpose": "join", "source": "local", "sql": "SELECT step1.name, step2.balance FROM step1 JOIN step2 ON step1.id = step2.customer_id ORDER BY step2.balance DESC"}
                ]}""";
        try (FakeOpenAi llm = new FakeOpenAi(answer(JOIN_PLAN), answer(aggregated));
                Connection c = llm.connect(mainUrl, source("acc", accUrl), "nlsql.sourceRows=3", "nlsql.maxAttempts=6");
                Statement s = c.createStatement()) {
            assertEquals(List.of("Bob", "Ada"), Rows.column(explained(s, "customers with a balance over 100")));
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            Attempt over = t.attempts().get(1);
            assertEquals("acc", over.database());
            assertEquals(Attempt.Outcome.REJECTED, over.outcome());
            assertTrue(over.error().contains("more than 3 rows (nlsql.sourceRows)"), over.error());
            assertTrue(llm.userMessage(1).contains("nlsql.sourceRows") && llm.userMessage(1).contains("aggregate or filter at the source"),
                    llm.userMessage(1));
        }
    }

    @Test
    void hostileStepsAreRefusedAndNothingChanges() throws Exception {
        long before = accountsCount();
        String write = "{\"answerable\": true, \"steps\": [{\"purpose\": \"x\", \"source\": \"acc\", \"sql\": \"DELETE FROM src_accounts RETURNING *\"}]}";
        String outside = "{\"answerable\": true, \"source\": \"acc\", \"sql\": \"SELECT v FROM src_secret\"}";
        String escape = """
                {"answerable": true, "steps": [
                  {"purpose": "a", "source": "acc", "sql": "SELECT id FROM src_accounts"},
                  {"purpose": "b", "source": "local", "sql": "SELECT FILE_READ('/etc/passwd') AS f FROM step1"}
                ]}""";
        try (FakeOpenAi llm = new FakeOpenAi(answer(write), answer(outside), answer(escape));
                Connection c = llm.connect(mainUrl, source("acc", accUrl), "nlsql.tables=src_customers,acc:src_accounts",
                        "nlsql.maxAttempts=4");
                Statement s = c.createStatement()) {
            NlStatement nl = s.unwrap(NlStatement.class);
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("list every account balance"),
                    () -> String.valueOf(nl.lastTrace().attempts()));
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            assertEquals(4, t.attempts().size(), t.attempts().toString());
            for (int i : new int[] {0, 1, 3}) {
                assertEquals(Attempt.Outcome.REJECTED, t.attempts().get(i).outcome(), t.attempts().get(i).toString());
            }
            assertEquals("acc", t.attempts().get(0).database());
            assertEquals("acc", t.attempts().get(1).database());
            assertTrue(t.attempts().get(1).error().contains("src_secret"), t.attempts().get(1).error());
            assertEquals(Attempt.Outcome.OK, t.attempts().get(2).outcome(), "the harmless first step ran");
            assertEquals("local", t.attempts().get(3).database());
            assertTrue(t.attempts().get(3).error().toLowerCase(java.util.Locale.ROOT).contains("file_read"), t.attempts().get(3).error());
            assertFalse(e.getMessage().contains("hunter2") || e.getMessage().contains("root:"), e.getMessage());
        }
        assertEquals(before, accountsCount(), "the DELETE never ran");
    }

    @Test
    void aSourceUrlWithoutAUserLogsInAsTheConnection() throws Exception {
        String noUser = accUrl.substring(0, accUrl.indexOf('?'));
        String reply = "{\"answerable\": true, \"source\": \"acc\", \"sql\": \"SELECT current_user AS who, count(*) AS n FROM src_accounts\"}";
        try (FakeOpenAi llm = new FakeOpenAi(answer(reply));
                Connection c = llm.connect(mainUrl, source("acc", noUser)); Statement s = c.createStatement();
                ResultSet rs = explained(s, "how many accounts, and who asks?")) {
            assertTrue(rs.next());
            assertEquals("postgres", rs.getString("who"));
            assertEquals(4, rs.getLong("n"));
        }
    }

    @Test
    void aBadSourceUrlFailsAtConnectNamingTheSource() {
        SQLException e = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(TestPostgres.withParams("jdbc:nlsql:" + mainUrl.substring(5), source("crm", "jdbc:nosuchdb://x/y"))));
        assertEquals("08001", e.getSQLState());
        assertTrue(e.getMessage().contains("Source crm"), e.getMessage());
    }

    @Test
    void postgresAndMariaDbJoinLocally() throws Exception {
        String crm = Sources.mariaDbCrm(CRM_DB);
        String plan = Sources.crmJoinPlan("src_customers");
        try (FakeOpenAi llm = new FakeOpenAi(answer(plan));
                Connection c = llm.connect(mainUrl, source("crm", crm)); Statement s = c.createStatement()) {
            assertEquals(List.of("Ada", "Cy"), Rows.column(s.executeQuery("names and e-mails of gold customers")));
            Trace t = s.unwrap(NlStatement.class).lastTrace();
            assertEquals(List.of("crm", "main", "local"), t.attempts().stream().map(Attempt::database).toList());
            assertTrue(llm.systemMessage(0).contains("-- source crm (MariaDB") || llm.systemMessage(0).contains("-- source crm (MySQL"),
                    llm.systemMessage(0));
        }
    }

    @Test
    void eachSourceRunsUnderItsOwnReadRole() throws Exception {
        TestPostgres.createRoles("nlsql_src_noread NOLOGIN");
        try {
            String reply = "{\"answerable\": true, \"source\": \"acc\", \"sql\": \"SELECT count(*) FROM src_accounts\"}";
            try (FakeOpenAi llm = new FakeOpenAi(answer(reply));
                    Connection c = llm.connect(mainUrl, source("acc", accUrl), "nlsql.readRole=acc:nlsql_src_noread", "nlsql.maxAttempts=1");
                    Statement s = c.createStatement()) {
                assertThrows(SQLException.class, () -> s.executeQuery("how many accounts?"));
                Attempt a = s.unwrap(NlStatement.class).lastTrace().attempts().get(0);
                assertEquals("acc", a.database());
                assertTrue(a.error().contains("permission denied"), "the role without SELECT ran it: " + a.error());
            }
            // main has no role of its own here: the same connection reads main as before
            try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT count(*) FROM src_customers"));
                    Connection c = llm.connect(mainUrl, source("acc", accUrl), "nlsql.readRole=acc:nlsql_src_noread");
                    Statement s = c.createStatement()) {
                assertEquals(3, TestPostgres.single(s.executeQuery("how many customers?")));
            }
        } finally {
            TestPostgres.dropRoles("nlsql_src_noread");
        }
    }

    @Test
    void narrationNamesTheSourcesThatAnswered() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(JOIN_PLAN), answer("Bob and Ada lead."));
                Connection c = llm.connect(mainUrl, source("acc", accUrl)); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("NARRATE NL top 2 customers by account balance")) {
            assertTrue(rs.next());
            assertTrue(rs.getString("why").contains("sources: main, acc, local"), rs.getString("why"));
            assertTrue(rs.getString("answer").contains("source acc"), rs.getString("answer"));
        }
    }

    @Test
    void aStepOverTheByteCapAlsoFailsItsAttemptWithFeedback() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(JOIN_PLAN), answer(JOIN_PLAN.replace("SELECT customer_id, balance FROM src_accounts",
                "SELECT customer_id, sum(balance) AS balance FROM src_accounts GROUP BY customer_id")));
                // the copies count as held (LocalCopy's budget): step 1 takes 444 bytes, acc's rows 560, grouped 420
                Connection c = llm.connect(mainUrl, source("acc", accUrl), "nlsql.maxResultBytes=950");
                Statement s = c.createStatement()) {
            assertEquals(List.of("Bob", "Ada"), Rows.column(explained(s, "top 2 customers by account balance")));
            Attempt over = s.unwrap(NlStatement.class).lastTrace().attempts().get(1);
            assertEquals(Attempt.Outcome.REJECTED, over.outcome(), over.toString());
            assertTrue(over.error().contains("nlsql.maxResultBytes") && over.error().contains("aggregate or filter"), over.error());
        }
    }

    @Test
    void aValueTheLocalEngineRefusesFailsTheStepWithFeedbackAndNothingElse() throws Exception {
        String huge = JOIN_PLAN.replace("SELECT customer_id, balance FROM src_accounts",
                "SELECT customer_id, balance, repeat('x', 40000) AS filler FROM src_accounts");
        try (FakeOpenAi llm = new FakeOpenAi(answer(huge), answer(JOIN_PLAN));
                Connection c = llm.connect(mainUrl, source("acc", accUrl)); Statement s = c.createStatement()) {
            assertEquals(List.of("Bob", "Ada"), Rows.column(explained(s, "top 2 customers by account balance")));
            Attempt refused = s.unwrap(NlStatement.class).lastTrace().attempts().get(1);
            assertEquals(Attempt.Outcome.REJECTED, refused.outcome(), refused.toString());
            assertTrue(refused.error().contains("cannot move into the local engine") && refused.error().contains("filler"), refused.error());
            assertTrue(llm.userMessage(1).contains("cannot move into the local engine"), llm.userMessage(1));
        }
    }

    @Test
    void cancelStopsAStepRunningOnASource() throws Exception {
        String slow = "{\"answerable\": true, \"source\": \"acc\", \"sql\": \"SELECT count(*) AS n FROM generate_series(1, 100000000000) AS g(x)\"}";
        try (FakeOpenAi llm = new FakeOpenAi(answer(slow), answer(slow));
                Connection c = llm.connect(mainUrl, source("acc", accUrl), "nlsql.queryTimeoutSeconds=300"); Statement s = c.createStatement();
                Connection watcher = DriverManager.getConnection(accUrl)) {
            java.util.concurrent.ExecutorService asker = java.util.concurrent.Executors.newSingleThreadExecutor();
            try {
                java.util.concurrent.Future<?> asked = asker.submit(() -> s.executeQuery("count to a hundred billion"));
                // the evidence: acc's own activity view shows the step
                Await.until("the step to start on acc", Duration.ofSeconds(30), () -> {
                    try (Statement w = watcher.createStatement(); ResultSet rs = w.executeQuery("SELECT count(*) FROM pg_stat_activity "
                            + "WHERE datname = '" + ACC_DB + "' AND state = 'active' AND query LIKE '%generate_series%' AND pid <> pg_backend_pid()")) {
                        rs.next();
                        return rs.getLong(1) > 0;
                    }
                });
                s.cancel();
                java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                        () -> asked.get(60, java.util.concurrent.TimeUnit.SECONDS));
                assertEquals("57014", ((SQLException) e.getCause()).getSQLState(), e.getCause().getMessage());
                try (Statement w = watcher.createStatement(); ResultSet rs = w.executeQuery("SELECT count(*) FROM pg_stat_activity "
                        + "WHERE datname = '" + ACC_DB + "' AND state = 'active' AND query LIKE '%generate_series%' AND pid <> pg_backend_pid()")) {
                    rs.next();
                    assertEquals(0, rs.getLong(1), "nothing runs on acc after the cancel");
                }
            } finally {
                asker.shutdownNow();
            }
        }
    }

    @Test
    void aSourceFoundDownIsNotDialledAgainByEveryQuestion() throws Exception {
        java.util.concurrent.atomic.AtomicInteger dialled = new java.util.concurrent.atomic.AtomicInteger();
        try (java.net.ServerSocket refusing = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> { // a server that hangs up on every login: the source is down
                while (!refusing.isClosed()) {
                    try (java.net.Socket s = refusing.accept()) {
                        dialled.incrementAndGet();
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            String down = "jdbc:postgresql://127.0.0.1:" + refusing.getLocalPort() + "/x?user=postgres&sslmode=disable&gssEncMode=disable";
            String onMain = "{\"answerable\": true, \"sql\": \"SELECT count(*) AS n FROM src_customers\"}";
            try (FakeOpenAi llm = new FakeOpenAi(answer(onMain), answer(onMain.replace("count(*)", "count(id)")), answer(onMain.replace("count(*)", "count(name)")));
                    Connection c = llm.connect(mainUrl, source("acc", down)); Statement s = c.createStatement()) {
                int atConnect = dialled.get();
                assertTrue(atConnect >= 1, "the source is dialled at connect");
                for (String q : List.of("how many customers?", "how many customer ids?", "how many customer names?")) {
                    assertEquals(3, TestPostgres.single(s.executeQuery(q)));
                }
                assertEquals(atConnect, dialled.get(), "questions on main did not dial the down source again within 30 s");
            }
        }
    }
}
