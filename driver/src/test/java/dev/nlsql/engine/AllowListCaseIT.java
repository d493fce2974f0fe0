package dev.nlsql.engine;

import static dev.nlsql.testing.FakeOpenAi.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.CaseTwins;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code nlsql.tables} compares names as PostgreSQL does: a quoted name keeps its case, an unquoted
 * one folds to lower case, and so do the patterns' parts. On a database whose tables have twins that
 * differ only in case ({@link CaseTwins}), the catalog the model sees, value sampling, generated SQL
 * and SQL text under {@code nlsql.passthrough=readonly} all keep to the tables the patterns name;
 * PostgreSQL's lock table shows whether a twin was ever read. The real langchain4j client asks a
 * scripted server.
 */
class AllowListCaseIT {

    private static final String DATABASE = "nlsql_s22_allowcase";
    private static final String QUESTION = "what do Ada Lovelace, Petra Plainfield, Quentin Quillfeather and Zanzibar Marmalade earn?";
    private static final String LOWER_CASE_TABLES = "nlsql.tables=public.customers,sales.*";

    private static String url;

    @BeforeAll
    static void twins() throws SQLException {
        url = CaseTwins.create(DATABASE);
    }

    @AfterAll
    static void drop() throws SQLException {
        CaseTwins.drop(DATABASE);
    }

    /** A nlsql connection asking {@code llm}, as application {@code app} (the lock oracle's key), one attempt per question. */
    private static Connection connect(FakeOpenAi llm, String app, String... extra) throws SQLException {
        List<String> params = new ArrayList<>(List.of("ApplicationName=" + app, "nlsql.maxAttempts=1"));
        params.addAll(List.of(extra));
        return llm.connect(url, params.toArray(new String[0]));
    }

    private static List<Long> twinsRead(String app) throws SQLException {
        return CaseTwins.read(url, app);
    }

    private static String firstValue(ResultSet rs) throws SQLException {
        try (rs) {
            assertTrue(rs.next());
            return rs.getString(1);
        }
    }

    @Test
    void theModelIsShownAndSampledOnlyTheTablesThePatternsNameInTheirCase() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT name FROM customers")); Connection c = connect(llm, "s22case_shown", LOWER_CASE_TABLES);
                Statement s = c.createStatement()) {
            assertEquals("Ada Lovelace", firstValue(s.executeQuery(QUESTION)));
            String schema = llm.systemMessage(0);
            String user = llm.userMessage(0);
            assertTrue(schema.contains("TABLE customers") && schema.contains("TABLE sales.payroll"), schema);
            for (String twin : List.of("CUSTOMERS", "Sales", "PG_CATALOG", "Obsidian")) {
                assertFalse(schema.contains(twin) || user.contains(twin), twin + " reached the model:\n" + schema + "\n" + user);
            }
            // values of the allowed tables are sampled and shown, those of the twins are not
            assertTrue(user.contains("= 'Ada Lovelace'") && user.contains("= 'Petra Plainfield'"), user);
            assertFalse(user.contains("= '" + CaseTwins.CUSTOMERS_TWIN_VALUE + "'") || user.contains("= '" + CaseTwins.SALES_TWIN_VALUE + "'"),
                    user);
            assertEquals(List.of(), twinsRead("s22case_shown"), "sampling read a twin");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT name FROM \"CUSTOMERS\"", "SELECT name FROM public.\"CUSTOMERS\"",
        "SELECT employee FROM \"Sales\".payroll", "SELECT c.name FROM customers c JOIN \"Sales\".payroll p ON p.id = c.id"})
    void generatedSqlReadingACaseTwinIsRefusedAndNeverRuns(String reply) throws Exception {
        String app = "s22case_gen_" + Integer.toHexString(reply.hashCode());
        try (FakeOpenAi llm = new FakeOpenAi(answer(reply)); Connection c = connect(llm, app, LOWER_CASE_TABLES);
                Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(QUESTION).close());
            assertEquals("NL003", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("not in the allowed set") || e.getMessage().contains("nlsql.tables"), e.getMessage());
            assertEquals(1, s.unwrap(NlStatement.class).lastTrace().attempts().size());
            assertEquals(List.of(), twinsRead(app), "PostgreSQL ran the refused reply");
        }
    }

    @Test
    void readonlySqlTextReadingACaseTwinIsRefusedAndNeverRuns() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(); Connection c = connect(llm, "s22case_text", LOWER_CASE_TABLES, "nlsql.passthrough=readonly");
                Statement s = c.createStatement()) {
            for (String sql : List.of("SELECT name FROM \"CUSTOMERS\"", "SELECT * FROM public.\"CUSTOMERS\"", "TABLE \"CUSTOMERS\"",
                    "SELECT employee FROM \"Sales\".payroll", "SELECT * FROM \"PG_CATALOG\".notes",
                    "SELECT name FROM customers WHERE id IN (SELECT id FROM \"Sales\".payroll)")) {
                SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(sql).close(), sql);
                assertEquals("NL003", e.getSQLState(), sql + ": " + e.getMessage());
            }
            assertEquals(List.of(), twinsRead("s22case_text"), "PostgreSQL ran refused SQL text");
            // the tables the patterns name, in any spelling that folds to them, and the system catalogs still work
            assertEquals("Ada Lovelace", firstValue(s.executeQuery("SELECT name FROM Customers ORDER BY id")));
            assertEquals("Petra Plainfield", firstValue(s.executeQuery("SELECT employee FROM SALES.\"payroll\"")));
            assertEquals("1", firstValue(s.executeQuery("SELECT count(*) FROM pg_catalog.pg_namespace WHERE nspname = 'Sales'")));
            assertEquals(0, llm.requestCount(), "SQL text never asks the model");
        }
    }

    @Test
    void quotedPatternsAdmitExactlyTheQuotedTables() throws Exception {
        // in a URL a quote may be written as is or as %22; in Properties as is
        Properties props = new Properties();
        props.setProperty("nlsql.tables", "public.\"CUSTOMERS\", \"Sales\".*");
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT name FROM \"CUSTOMERS\""), answer("SELECT employee FROM \"Sales\".payroll"),
                answer("SELECT name FROM customers"));
                Connection viaUrl = connect(llm, "s22case_quoted", "nlsql.tables=public.%22CUSTOMERS%22,\"Sales\".*", "nlsql.passthrough=readonly");
                Statement s = viaUrl.createStatement()) {
            assertEquals(CaseTwins.CUSTOMERS_TWIN_VALUE, firstValue(s.executeQuery("list the customers")));
            String schema = llm.systemMessage(0);
            assertTrue(schema.contains("TABLE \"CUSTOMERS\"") && schema.contains("TABLE \"Sales\".payroll"), schema);
            assertFalse(schema.contains("TABLE customers") || schema.contains("TABLE sales.payroll"), schema);
            assertEquals(CaseTwins.SALES_TWIN_VALUE, firstValue(s.executeQuery("list the payroll")));
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("list the lower-case customers").close());
            assertEquals("NL003", e.getSQLState(), e.getMessage());
            for (String sql : List.of("SELECT name FROM customers", "SELECT employee FROM sales.payroll", "SELECT * FROM \"PG_CATALOG\".notes")) {
                SQLException refused = assertThrows(SQLException.class, () -> s.executeQuery(sql).close(), sql);
                assertEquals("NL003", refused.getSQLState(), sql + ": " + refused.getMessage());
            }
            assertEquals(List.of(CaseTwins.CUSTOMERS_TWIN, CaseTwins.SALES_TWIN), twinsRead("s22case_quoted"), "the quoted twins were read");
        }
        String nlUrl = TestPostgres.withParams("jdbc:nlsql:" + url.substring("jdbc:".length()), "ApplicationName=s22case_props",
                "nlsql.passthrough=readonly");
        try (Connection viaProps = DriverManager.getConnection(nlUrl, props); Statement s = viaProps.createStatement()) {
            assertEquals(CaseTwins.CUSTOMERS_TWIN_VALUE, firstValue(s.executeQuery("SELECT name FROM \"CUSTOMERS\"")));
            assertEquals(CaseTwins.SALES_TWIN_VALUE, firstValue(s.executeQuery("SELECT employee FROM \"Sales\".payroll")));
            assertEquals("NL003", assertThrows(SQLException.class, () -> s.executeQuery("SELECT name FROM customers").close()).getSQLState());
        }
    }

    @Test
    void unquotedMixedCasePatternsFoldAsTheDatabaseFoldsNames() throws Exception {
        try (FakeOpenAi llm = new FakeOpenAi(answer("SELECT name FROM customers"));
                Connection c = connect(llm, "s22case_folded", "nlsql.tables=Public.Customers,SALES.*", "nlsql.passthrough=readonly");
                Statement s = c.createStatement()) {
            assertEquals("Ada Lovelace", firstValue(s.executeQuery("list the customers")));
            String schema = llm.systemMessage(0);
            assertTrue(schema.contains("TABLE customers") && schema.contains("TABLE sales.payroll"), schema);
            assertFalse(schema.contains("CUSTOMERS") || schema.contains("Sales"), schema);
            assertEquals("Petra Plainfield", firstValue(s.executeQuery("SELECT employee FROM sales.payroll")));
            for (String sql : List.of("SELECT name FROM \"CUSTOMERS\"", "SELECT employee FROM \"Sales\".payroll")) {
                assertEquals("NL003", assertThrows(SQLException.class, () -> s.executeQuery(sql).close(), sql).getSQLState(), sql);
            }
            assertEquals(List.of(), twinsRead("s22case_folded"));
        }
    }
}
