package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestMariaDb;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An attacker's review of questions across attached sources (issue 23): hostile model replies through the real client
 * and the scripted server, PostgreSQL and MariaDB as the oracles (a secret value never comes back, nothing changed).
 */
class SourcesAttackIT {

    private static final String MAIN_DB = "nlsql_atk_main";
    private static final String ACC_DB = "nlsql_atk_acc";
    private static final String CRM_DB = "nlsql_atk_crm";
    private static final String SECRET = "hunter2-atk";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static String mainUrl;
    private static String accUrl;

    @BeforeAll
    static void databases() throws SQLException {
        mainUrl = TestPostgres.database(MAIN_DB,
                "DROP TABLE IF EXISTS atk_customers",
                "CREATE TABLE atk_customers (id int PRIMARY KEY, name text)",
                "INSERT INTO atk_customers VALUES (1, 'Ada'), (2, 'Bob'), (3, 'Cy')");
        accUrl = TestPostgres.database(ACC_DB,
                "DROP TABLE IF EXISTS atk_accounts", "DROP TABLE IF EXISTS atk_customers", "DROP TABLE IF EXISTS step1",
                "CREATE TABLE atk_accounts (id int PRIMARY KEY, customer_id int, balance numeric(12,2))",
                "INSERT INTO atk_accounts VALUES (10, 1, 100), (11, 2, 300), (12, 3, 20)",
                // allowed on main, not on acc: the allow-lists must not mix
                "CREATE TABLE atk_customers (id int, name text)",
                "INSERT INTO atk_customers VALUES (1, '" + SECRET + "')",
                // a real table named like a plan step, outside acc's allow-list
                "CREATE TABLE step1 (v text)",
                "INSERT INTO step1 VALUES ('" + SECRET + "')");
    }

    @AfterAll
    static void drop() throws SQLException {
        TestPostgres.dropDatabase(MAIN_DB);
        TestPostgres.dropDatabase(ACC_DB);
        TestMariaDb.dropDatabase(CRM_DB);
    }

    private static String source(String name, String url) {
        return dev.nlsql.testing.Sources.param(name, url);
    }

    private static String single(String source, String sql) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("answerable", true);
        if (source != null) {
            m.put("source", source);
        }
        m.put("sql", sql);
        return JSON.writeValueAsString(m);
    }

    /** A plan of {source, sql} pairs. */
    private static String plan(String... sourceAndSql) throws Exception {
        List<Map<String, Object>> steps = new ArrayList<>();
        for (int i = 0; i < sourceAndSql.length; i += 2) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("purpose", "step " + (i / 2 + 1));
            if (sourceAndSql[i] != null) {
                s.put("source", sourceAndSql[i]);
            }
            s.put("sql", sourceAndSql[i + 1]);
            steps.add(s);
        }
        return JSON.writeValueAsString(Map.of("answerable", true, "steps", steps));
    }

    /** What a question ended with: its rows as text, or its error, and its trace. */
    private record Ended(String rows, SQLException error, Trace trace) {
        String all() {
            return rows + " " + (error == null ? "" : error.getSQLState() + " " + error.getMessage()) + " "
                    + (trace == null ? "(no trace)" : trace.attempts());
        }
    }

    private static Ended ask(Connection c, String question) throws SQLException {
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery(question)) {
                StringBuilder b = new StringBuilder();
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int i = 1; i <= n; i++) {
                        b.append(rs.getString(i)).append(i == n ? "\n" : "|");
                    }
                }
                return new Ended(b.toString(), null, s.unwrap(NlStatement.class).lastTrace());
            } catch (SQLException e) {
                return new Ended(null, e, s.unwrap(NlStatement.class).lastTrace());
            }
        }
    }

    // ---- FINDINGS (each failed before its fix) ----

    /**
     * nlsql.dialect is the connection's: set to unverified (main is a database nlsql does not know), it made the guard
     * read an attached MariaDB source with standard rules, where a backslash escapes nothing. MariaDB's 'a\' ... '
     * then hid a subquery on a table outside the source's allow-list from the guard.
     */
    @Test
    void aMariaDbSourceIsReadByItsOwnDialectWhateverNlsqlDialectSays() throws Exception {
        TestMariaDb.require();
        TestMariaDb.recreateDatabase(CRM_DB);
        try (Connection m = TestMariaDb.connect(CRM_DB); Statement s = m.createStatement()) {
            s.execute("CREATE TABLE atk_pub (id INT PRIMARY KEY)");
            s.execute("INSERT INTO atk_pub VALUES (1)");
            s.execute("CREATE TABLE atk_secret (v VARCHAR(40))");
            s.execute("INSERT INTO atk_secret VALUES ('" + SECRET + "')");
        }
        // MariaDB reads # as a comment to the end of the line; standard rules read #> as an operator before a string
        String hidden = "SELECT id #> '\n, (SELECT v FROM atk_secret) AS leaked FROM atk_pub #>' AS y FROM atk_pub";
        try (FakeOpenAi llm = new FakeOpenAi(answer(single("crm", hidden)));
                Connection c = llm.connect(mainUrl, source("crm", TestMariaDb.url(CRM_DB)), "nlsql.dialect=unverified",
                        "nlsql.tables=atk_customers,crm:atk_pub", "nlsql.maxAttempts=1")) {
            Ended e = ask(c, "what is the secret?");
            assertFalse(e.all().contains(SECRET) && e.rows() != null, "the secret came back: " + e.all());
            assertNotNull(e.error(), e.all());
            assertEquals(Attempt.Outcome.REJECTED, e.trace().attempts().get(0).outcome(), e.all());
            assertEquals("crm", e.trace().attempts().get(0).database());
        }
        // held: MySQL's lexical rules (# comments, backslash escapes, /*! executable comments) under nlsql.dialect=auto
        String[] tricks = {hidden, "SELECT 'a\\' AS p, ' , (SELECT v FROM atk_secret) AS leaked, ' AS q FROM atk_pub",
            "SELECT id /*! , (SELECT v FROM atk_secret) */ AS leaked FROM atk_pub", "SELECT id, \"a'\" AS x, (SELECT v FROM atk_secret) AS y FROM atk_pub",
            "SELECT id FROM atk_pub -- x\n UNION SELECT v FROM atk_secret"};
        List<FakeOpenAi.Reply> replies = new ArrayList<>();
        for (String t : tricks) {
            replies.add(answer(single("crm", t)));
        }
        try (FakeOpenAi llm = new FakeOpenAi(replies.toArray(new FakeOpenAi.Reply[0]));
                Connection c = llm.connect(mainUrl, source("crm", TestMariaDb.url(CRM_DB)), "nlsql.tables=atk_customers,crm:atk_pub",
                        "nlsql.maxAttempts=" + tricks.length, "nlsql.repairs=false")) {
            Ended e = ask(c, "what is the secret?");
            assertNotNull(e.error(), e.all());
            assertFalse(e.all().contains(SECRET), e.all());
            assertEquals(tricks.length, e.trace().attempts().size(), e.all());
            for (Attempt a : e.trace().attempts()) {
                assertEquals(Attempt.Outcome.REJECTED, a.outcome(), a.toString());
                assertEquals("crm", a.database());
            }
        }
    }

    /** Probe: a failing first step of a plan, repaired without the model, must not become the answer. */
    @Test
    void aRepairedEarlierStepIsNeverTheAnswer() throws Exception {
        String typo = plan("acc", "SELECT customer_idd AS cid, balance FROM atk_accounts", "main", "SELECT id, name FROM atk_customers",
                "local", "SELECT step2.name FROM step1 JOIN step2 ON step2.id = step1.cid WHERE step1.balance > 50 ORDER BY 1");
        String fixed = plan("acc", "SELECT customer_id AS cid, balance FROM atk_accounts", "main", "SELECT id, name FROM atk_customers",
                "local", "SELECT step2.name FROM step1 JOIN step2 ON step2.id = step1.cid WHERE step1.balance > 50 ORDER BY 1");
        try (FakeOpenAi llm = new FakeOpenAi(answer(typo), answer(fixed));
                Connection c = llm.connect(mainUrl, source("acc", accUrl), "nlsql.maxAttempts=6")) {
            Ended e = ask(c, "customers with a balance over 50");
            assertEquals("Ada\nBob\n", e.rows(), e.all());
        }
    }

    /**
     * Two columns of one name (by case: H2's names fold to lower case) failed the whole question with H2's own 42S21 and
     * no trace; now the step is a rejected attempt with feedback. Quotes and SQL in a column name stay a name.
     */
    @Test
    void hostileColumnNamesOfAStepMovedToTheLocalEngine() throws Exception {
        String dup = plan("acc", "SELECT customer_id AS \"A\", balance AS a FROM atk_accounts", "local", "SELECT count(*) AS n FROM step1");
        String odd = plan("acc", "SELECT customer_id AS \"x\"\" ; DROP TABLE step1; --\", balance AS \"é'); DROP TABLE step1; --\" FROM atk_accounts",
                "local", "SELECT count(*) AS n FROM step1");
        try (FakeOpenAi llm = new FakeOpenAi(answer(dup), answer(odd));
                Connection c = llm.connect(mainUrl, source("acc", accUrl), "nlsql.maxAttempts=6")) {
            Ended e = ask(c, "how many accounts");
            assertEquals("3\n", e.rows(), e.all());
            Attempt first = e.trace().attempts().get(0);
            assertEquals(Attempt.Outcome.REJECTED, first.outcome(), e.all());
            assertTrue(first.error().contains("a"), first.toString());
        }
    }

    /**
     * pgjdbc reads its parameters by their exact names: User= names nobody to it, and it logs in as the OS user (here
     * root, a superuser). nlsql read it as naming a user and so did not hand the source the connection's login.
     */
    @Test
    void aPostgresSourceUrlWhoseUserParameterPgjdbcIgnoresLogsInAsTheConnection() throws Exception {
        String noUser = accUrl.substring(0, accUrl.indexOf('?')) + "?User=nlsql_atk_nobody";
        try (FakeOpenAi llm = new FakeOpenAi(answer(single("acc", "SELECT current_user AS who, count(*) AS n FROM atk_accounts")));
                Connection c = llm.connect(mainUrl, source("acc", noUser))) {
            Ended e = ask(c, "who reads the accounts?");
            assertEquals("postgres|3\n", e.rows(), e.all());
        }
    }

    // ---- PROBES THAT HELD (regression tests) ----

    /** acc's allow-list names atk_accounts only: main's atk_customers does not open acc's table of the same name. */
    @Test
    void allowListsDoNotMixAcrossSources() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(single("acc", "SELECT name FROM atk_customers")),
                answer(single("acc", "SELECT name FROM public.atk_customers")),
                answer(plan("main", "SELECT id FROM atk_customers", "acc", "SELECT s.id, c.name FROM step1 s JOIN atk_customers c ON c.id = s.id")),
                answer(plan("main", "SELECT id FROM atk_customers", "acc", "SELECT v FROM step1")));
                Connection c = llm.connect(mainUrl, source("acc", accUrl), "nlsql.tables=atk_customers,acc:atk_accounts",
                        "nlsql.maxAttempts=6")) {
            Ended e = ask(c, "names of the customers in accounts");
            assertNotNull(e.error(), e.all());
            assertFalse(e.all().contains(SECRET), e.all());
            List<Attempt> attempts = e.trace().attempts();
            assertEquals(6, attempts.size(), e.all());
            for (int i : new int[] {0, 1, 3, 5}) {
                assertEquals(Attempt.Outcome.REJECTED, attempts.get(i).outcome(), attempts.get(i).toString());
                assertEquals("acc", attempts.get(i).database(), attempts.get(i).toString());
            }
            // step1 of another source is no CTE on acc: it is acc's own table step1, outside its allow-list
            assertTrue(attempts.get(5).error().contains("step1"), attempts.get(5).toString());
        }
    }

    /** Names the model makes up for a source reach nothing: look-alikes, paths, URLs, local on its own or first. */
    @Test
    void sourceNamesTheModelMakesUpReachNothing() throws Exception {
        String[] names = {"m\u0430in", "../acc", "acc;", "ACC\u0000", "x".repeat(200), "local", "jdbc:postgresql://127.0.0.1/" + ACC_DB,
            "acc\u200b"};
        List<FakeOpenAi.Reply> replies = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            replies.add(answer(single(names[i], "SELECT name FROM atk_customers WHERE id > " + i)));
        }
        replies.add(answer(plan("local", "SELECT 1 AS one", "main", "SELECT count(*) FROM atk_customers")));
        try (FakeOpenAi llm = new FakeOpenAi(replies.toArray(new FakeOpenAi.Reply[0]));
                Connection c = llm.connect(mainUrl, source("acc", accUrl), "nlsql.maxAttempts=" + replies.size())) {
            Ended e = ask(c, "names of the customers");
            assertNotNull(e.error(), e.all());
            assertFalse(e.all().contains(SECRET), e.all());
            assertEquals(replies.size(), e.trace().attempts().size(), e.all());
            for (Attempt a : e.trace().attempts()) {
                assertEquals(Attempt.Outcome.REJECTED, a.outcome(), a.toString());
                assertEquals(dev.nlsql.ErrorCategory.NO_SQL, a.category(), a.toString());
            }
        }
    }

    /** A step on acc that reads step1 when step1 ran on acc: the CTE, never acc's real table step1. */
    @Test
    void aRealTableNamedLikeAStepIsShadowedByTheStep() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer(plan("acc", "SELECT customer_id::text AS v FROM atk_accounts WHERE balance > 50",
                "acc", "SELECT v FROM step1 ORDER BY v")));
                Connection c = llm.connect(mainUrl, source("acc", accUrl))) {
            Ended e = ask(c, "customers with a balance over 50");
            assertEquals("1\n2\n", e.rows(), e.all());
        }
    }

    /** A step over nlsql.maxResultBytes that feeds the local engine fails; its rows are never cut to fit. */
    @Test
    void aStepOverTheByteCapFailsRatherThanMovingPartOfItsRows() throws Exception {
        String big = plan("acc", "SELECT id, repeat('x', 5000) AS pad FROM atk_accounts", "local", "SELECT count(*) AS n FROM step1");
        try (FakeOpenAi llm = new FakeOpenAi(answer(big));
                Connection c = llm.connect(mainUrl, source("acc", accUrl), "nlsql.maxResultBytes=8000", "nlsql.maxAttempts=1")) {
            Ended e = ask(c, "how many accounts");
            assertNotNull(e.error(), e.all());
            Attempt first = e.trace().attempts().get(0);
            assertEquals(Attempt.Outcome.REJECTED, first.outcome(), e.all());
            assertEquals(dev.nlsql.ErrorCategory.TOO_MANY_ROWS, first.category(), "retryable, with feedback to aggregate");
            assertTrue(first.error().contains("nlsql.maxResultBytes"), first.toString());
            assertEquals(1, e.trace().attempts().size(), "the local step never ran on part of the rows: " + e.all());
        }
    }

    /**
     * Source passwords stay out of getPropertyInfo and of a down source's error. MariaDB's Connector/J reads
     * u:pw@host as host u and port "pw@host", and its message ("Incorrect port value : pw@host") quoted the password
     * outside any URL, where masking URLs missed it.
     */
    @Test
    void sourcePasswordsStayOutOfPropertyInfoAndErrors() throws Exception {
        String[] urls = {"jdbc:postgresql://127.0.0.1:" + FakeOpenAi.closedPort() + "/x?user=u&password=s3cret-atk&connectTimeout=2",
            "jdbc:mariadb://u:s3cret-atk@127.0.0.1:" + FakeOpenAi.closedPort() + "/x?connectTimeout=2000",
            "jdbc:postgresql://u:s3cret-atk@127.0.0.1:" + FakeOpenAi.closedPort() + "/x?connectTimeout=2",
            "jdbc:mariadb://127.0.0.1:" + FakeOpenAi.closedPort() + "/x?user=u&PASSWORD=s3cret-atk&connectTimeout=2000"};
        for (String down : urls) {
            String nl = "jdbc:nlsql:" + mainUrl.substring(5) + "&" + source("acc", down);
            for (java.sql.DriverPropertyInfo p : new dev.nlsql.jdbc.NlDriver().getPropertyInfo(nl, new java.util.Properties())) {
                assertFalse(String.valueOf(p.value).contains("s3cret-atk"), p.name + "=" + p.value);
            }
            try (FakeOpenAi llm = new FakeOpenAi(answer(single("acc", "SELECT 1 AS one")));
                    Connection c = llm.connect(mainUrl, source("acc", down), "nlsql.maxAttempts=1")) {
                Ended e = ask(c, "one");
                assertNotNull(e.error(), e.all());
                assertEquals("08001", e.error().getSQLState(), e.all());
                for (Throwable t = e.error(); t != null; t = t.getCause()) {
                    assertFalse(String.valueOf(t.getMessage()).contains("s3cret-atk"), t + " in " + e.all());
                }
                assertFalse(e.all().contains("s3cret-atk"), e.all());
            }
        }
    }
}
