package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.testing.CaseTwins;
import dev.nlsql.testing.FakeOpenAi;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bypass attempts (issue 22, an attacker's review) on nlsql.tables=public.customers,sales.*: spellings of the case twins
 * (unicode-escaped identifiers, three-part names, CTE shadowing, odd spacing) as SQL text under readonly
 * and as generated SQL. PostgreSQL's lock table (CaseTwins) is the oracle: no twin may be read.
 */
class AllowListBypassIT {

    private static final String DATABASE = "nlsql_bypass_allowcase";
    private static String url;

    @BeforeAll
    static void twins() throws SQLException {
        url = CaseTwins.create(DATABASE);
    }

    @AfterAll
    static void drop() throws SQLException {
        CaseTwins.drop(DATABASE);
    }

    static final String[] FORMS = {"SELECT name FROM U&\"\\0043USTOMERS\"", "SELECT name FROM U&\"!0043USTOMERS\" UESCAPE '!'",
        "SELECT name FROM U&\"CUSTOMERS\"", "SELECT name FROM public . \"CUSTOMERS\"", "SELECT name FROM\"CUSTOMERS\"",
        "SELECT name FROM " + DATABASE + ".public.\"CUSTOMERS\"", "SELECT employee FROM " + DATABASE + ".\"Sales\".payroll",
        "SELECT employee FROM U&\"S\\0061les\".payroll", "SELECT * FROM ONLY \"CUSTOMERS\"",
        "WITH customers AS (SELECT * FROM \"CUSTOMERS\") SELECT name FROM customers",
        "SELECT (SELECT name FROM \"CUSTOMERS\" LIMIT 1)", "SELECT name FROM customers UNION ALL SELECT name FROM \"CUSTOMERS\"",
        "SELECT query_to_xml('SELECT * FROM \"CUSTOMERS\"', true, true, '')",
        "SELECT * FROM (TABLE \"CUSTOMERS\") t", "SELECT x.* FROM LATERAL (SELECT * FROM \"Sales\".payroll) x",
        "SELECT \"CUSTOMERS\".name FROM \"CUSTOMERS\"", "SELECT name FROM \"CUSTOMERS\" /* public.customers */",
        "SELECT name FROM \"CUSTOMERS\"--\n", "SELECT employee FROM \"Sales\" . \"payroll\"", "SELECT employee FROM \"Sa\"\"les\".payroll"};

    /** The case-twin allow-list: the guard these tests are about. Without it (the controls below) every twin may be read. */
    private static final String TABLES = "nlsql.tables=public.customers,sales.*";

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19})
    void readonlySqlText(int form) throws Exception {
        assertEquals(List.of(), escapes(false, "bypass_text_" + form, FORMS[form], TABLES, "nlsql.passthrough=readonly"),
                "ESCAPE (SQL text, readonly) " + FORMS[form]);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19})
    void generatedSql(int form) throws Exception {
        assertEquals(List.of(), escapes(true, "bypass_gen_" + form, FORMS[form], TABLES), "ESCAPE (generated SQL) " + FORMS[form]);
    }

    /**
     * The same check with the guard switched off for it (no nlsql.tables; SQL text under allow): it must fail, so the
     * tests above can. A name no table has fails with PostgreSQL's 42P01 instead,
     * which the check catches too (it asks for NL003).
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19})
    void withoutTheGuardTheSameCheckFails(int form) throws Exception {
        List<String> text = escapes(false, "bypass_text_off_" + form, FORMS[form], "nlsql.passthrough=allow");
        boolean noSuchTable = FORMS[form].contains("\"Sa\"\"les\""); // a name no table has: PostgreSQL's 42P01 fails the check
        assertTrue(text.stream().anyMatch(e -> e.startsWith(noSuchTable ? "failed with 42P01" : "twins read")), "SQL text, no guard: " + text);
        List<String> generated = escapes(true, "bypass_gen_off_" + form, FORMS[form]);
        assertTrue(!generated.isEmpty(), "generated SQL, no allow-list: " + generated);
    }

    /**
     * Runs {@code sql} (as SQL text, or as the model's reply to a question) on a session named {@code app} and returns
     * what escaped the guard, while that session is still open: the twins PostgreSQL saw it read (their session-level
     * advisory locks end with the session), and an answer other than a refusal with NL003.
     */
    private static List<String> escapes(boolean generated, String app, String sql, String... settings) throws Exception {
        List<String> params = new ArrayList<>(List.of("ApplicationName=" + app, "nlsql.maxAttempts=1"));
        params.addAll(List.of(settings));
        List<String> escapes = new ArrayList<>();
        try (FakeOpenAi llm = generated ? new FakeOpenAi(answer(sql)) : new FakeOpenAi();
                Connection c = llm.connect(url, params.toArray(new String[0])); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery(generated ? "what are the customer names?" : sql)) {
                escapes.add("answered: " + (rs.next() ? rs.getString(1) : "(no row)"));
            } catch (SQLException e) {
                if (!"NL003".equals(e.getSQLState())) {
                    escapes.add("failed with " + e.getSQLState() + ", not refused: " + e.getMessage());
                }
            }
            List<Long> read = CaseTwins.read(url, app); // the session is open: its locks are still held
            if (!read.isEmpty()) {
                escapes.add("twins read " + read);
            }
        }
        return escapes;
    }

    /** sendValues=false: PostgreSQL's error quoting a value ("invalid input syntax for type integer") must not reach the retry prompt. */
    @org.junit.jupiter.api.Test
    void sendValuesFalseKeepsValuesQuotedByErrorsFromTheModel() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT name FROM customers WHERE id = (SELECT name FROM customers ORDER BY id LIMIT 1)::int"),
                answer("SELECT name FROM customers ORDER BY id")); Connection c = llm.connect(url, "nlsql.maxAttempts=2",
                "nlsql.tables=public.customers", "nlsql.llm.sendValues=false"); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("what are the customer names?")) {
                rs.next();
            } catch (SQLException e) {
                // the answer does not matter, only what the model was sent
            }
            StringBuilder sent = new StringBuilder();
            for (int i = 0; i < llm.requestCount(); i++) {
                sent.append(llm.request(i)).append('\n');
            }
            org.junit.jupiter.api.Assertions.assertTrue(llm.requestCount() >= 2, "a retry was asked: " + sent);
            org.junit.jupiter.api.Assertions.assertFalse(sent.toString().contains("Lovelace"), "ESCAPE (sendValues=false): " + sent);
        }
    }
}
