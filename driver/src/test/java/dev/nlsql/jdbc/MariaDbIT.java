package dev.nlsql.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.sql.SqlDialect;
import dev.nlsql.internal.execute.ReadOnlyTransaction;
import dev.nlsql.testing.FakeOpenAi;
import dev.nlsql.testing.TestMariaDb;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * nlsql on a real MariaDB: the product maps to the MySQL dialect, a scripted model's ordinary
 * SELECT is answered with the right rows under every sql_mode that changes how text is read, the
 * offline generator answers, and the read-only wall: a question inside a transaction in progress is
 * refused before anything runs, the caller's transaction intact; after any question the session
 * can write again.
 */
class MariaDbIT {

    private static final String DB = "mdb_shop";
    private static final String OTHER = "mdb_shop_other";
    private static final String SECRET = "SECRET-mdb-shop-5a2c";

    @BeforeAll
    static void createShop() throws SQLException {
        TestMariaDb.require();
        TestMariaDb.recreateDatabase(DB);
        TestMariaDb.recreateDatabase(OTHER);
        try (Connection c = TestMariaDb.connect(DB); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE customers (id int PRIMARY KEY, name varchar(40), city varchar(40)) COMMENT 'people who buy'");
            s.execute("INSERT INTO customers VALUES (1, 'Ann', 'New_York'), (2, 'Bob', 'NewaYork'), (3, 'Cy', 'New_Haven')");
            s.execute("CREATE TABLE orders (id int PRIMARY KEY, customer_id int, amount decimal(8,2), `ship status` varchar(20), channel varchar(10),"
                    + " FOREIGN KEY (customer_id) REFERENCES customers(id))");
            s.execute("INSERT INTO orders VALUES (1, 1, 10.00, 'sent', 'web'), (2, 1, 20.00, 'open', 'shop'), (3, 2, 5.00, 'sent', 'web'), "
                    + "(4, 3, 7.00, 'sent', 'web')");
            s.execute("CREATE TABLE log (n int)");
        }
        try (Connection c = TestMariaDb.connect(OTHER); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE customers (id int PRIMARY KEY, name varchar(40), city varchar(40))");
            s.execute("INSERT INTO customers VALUES (1, '" + SECRET + "', 'x')");
        }
    }

    @AfterAll
    static void dropShop() throws SQLException {
        TestMariaDb.dropDatabase(DB);
        TestMariaDb.dropDatabase(OTHER);
    }

    private static List<String> rows(ResultSet rs) throws SQLException {
        List<String> out = new ArrayList<>();
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    b.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                out.add(b.toString());
            }
        }
        return out;
    }

    private static String[] params(FakeOpenAi model, String... more) {
        List<String> p = new ArrayList<>(List.of(model.params()));
        p.addAll(List.of("nlsql.cache=false", "nlsql.maxAttempts=2"));
        p.addAll(List.of(more));
        return p.toArray(String[]::new);
    }

    private static int logRows() throws SQLException {
        try (Connection c = TestMariaDb.connect(DB); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM log")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void mariaDbIsReadWithTheMysqlRules() throws SQLException {
        try (Connection c = TestMariaDb.connect(DB)) {
            String product = c.getMetaData().getDatabaseProductName();
            assertEquals("MariaDB", product);
            assertEquals(SqlDialect.MYSQL, SqlDialect.ofProduct(product));
        }
        try (Connection c = DriverManager.getConnection(TestMariaDb.nlUrl(DB, "nlsql.passthrough=readonly"))) {
            assertEquals(SqlDialect.MYSQL, c.unwrap(NlConnection.class).dialect());
        }
    }

    /** A JOIN, GROUP BY, backtick names and LIKE with \_ (which must stay an escaped underscore). */
    @Test
    void aScriptedModelsSelectIsAnsweredWithTheRightRowsUnderEverySqlMode() throws Exception {
        String sql = "SELECT c.`name`, COUNT(*) AS n, SUM(o.amount) AS total FROM customers c JOIN orders o ON o.customer_id = c.id "
                + "WHERE c.city LIKE 'New\\_%' AND o.`ship status` IN ('sent', \"open\") GROUP BY c.`name` ORDER BY total DESC";
        String ansiSql = sql.replace("\"open\"", "'open'");
        try (FakeOpenAi model = new FakeOpenAi()) {
            for (String tables : new String[] {"nlsql.tables=mdb_shop.*", "nlsql.tables=customers,orders", "nlsql.tables=*"}) {
                try (Connection c = DriverManager.getConnection(TestMariaDb.nlUrl(DB, params(model, tables))); Statement s = c.createStatement()) {
                    for (String mode : new String[] {"", "NO_BACKSLASH_ESCAPES", "ANSI_QUOTES", "ANSI_QUOTES,NO_BACKSLASH_ESCAPES"}) {
                        s.execute("SET SESSION sql_mode = '" + mode + "'");
                        model.then(FakeOpenAi.answer(mode.contains("ANSI") ? ansiSql : sql));
                        List<String> answer = rows(s.executeQuery("per customer in a New_ city: number of orders and their total"));
                        assertEquals(List.of("Ann|2|30.00", "Cy|1|7.00"), answer, tables + " " + mode + ": " + s.getWarnings());
                        model.drain();
                    }
                }
            }
        }
    }

    @Test
    void sqlTextUnderReadonlyReadsTheCurrentDatabase() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestMariaDb.nlUrl(DB, "nlsql.passthrough=readonly", "nlsql.tables=mdb_shop.*"));
                Statement s = c.createStatement()) {
            assertEquals(List.of("Ann", "Cy"), rows(s.executeQuery("SELECT name FROM customers WHERE city LIKE 'New\\_%' ORDER BY id")));
            assertEquals(List.of("Ann"), rows(s.executeQuery("SELECT `name` FROM mdb_shop.customers WHERE id = 1")));
            SQLException other = assertThrows(SQLException.class, () -> rows(s.executeQuery("SELECT name FROM mdb_shop_other.customers")));
            assertEquals("NL003", other.getSQLState(), other.getMessage());
            try (PreparedStatement p = c.prepareStatement("SELECT name FROM customers WHERE id = ?")) {
                p.setInt(1, 2);
                assertEquals(List.of("Bob"), rows(p.executeQuery()));
            }
            SQLException prepared = assertThrows(SQLException.class, () -> c.prepareStatement("SELECT name FROM mdb_shop_other.customers WHERE id = ?"));
            assertEquals("NL003", prepared.getSQLState(), prepared.getMessage());
            c.setAutoCommit(false); // a manual-commit session with no transaction in progress: guarded SQL runs, again and again
            assertEquals(List.of("3"), rows(s.executeQuery("SELECT COUNT(*) FROM customers")));
            assertEquals(List.of("4"), rows(s.executeQuery("SELECT COUNT(*) FROM orders")));
        }
    }

    @Test
    void theOfflineGeneratorAnswersACount() throws SQLException {
        try (Connection c = DriverManager.getConnection(TestMariaDb.nlUrl(DB, "nlsql.llm=offline", "nlsql.cache=false"));
                Statement s = c.createStatement()) {
            assertEquals(List.of("3"), rows(s.executeQuery("how many customers are there")));
            assertEquals(List.of("4"), rows(s.executeQuery("how many orders")));
            // a value of the data: found by sampling the text columns (with MySQL's quoting of names)
            assertEquals(List.of("3"), rows(s.executeQuery("how many web orders")));
        }
    }

    @Test
    void aQuestionInsideAJdbcTransactionIsRefusedAndTheTransactionIsIntact() throws Exception {
        int before = logRows();
        try (FakeOpenAi model = new FakeOpenAi(); Connection c = DriverManager.getConnection(TestMariaDb.nlUrl(DB, params(model)));
                Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO log VALUES (1)");
            model.then(FakeOpenAi.answer("SELECT COUNT(*) FROM customers"));
            SQLException refused = assertThrows(SQLException.class, () -> s.executeQuery("how many customers are there"));
            assertEquals("25001", refused.getSQLState(), refused.getMessage());
            assertTrue(refused.getMessage().contains("transaction is in progress") && refused.getMessage().contains("Commit or roll back"),
                    refused.getMessage());
            assertEquals(0, model.requestCount(), "refused before the model was asked");
            assertEquals(before, logRows(), "not committed by the question");
            c.commit();
            assertEquals(before + 1, logRows(), "the caller's insert survived and committed");
            // outside the transaction the same question is answered, and the session writes again afterwards
            assertEquals(List.of("3"), rows(s.executeQuery("how many customers are there")));
            s.executeUpdate("INSERT INTO log VALUES (2)");
            c.commit();
            assertEquals(before + 2, logRows());
        }
    }

    @Test
    void aQuestionInsideAnSqlTransactionIsRefusedAndTheTransactionIsIntact() throws Exception {
        int before = logRows();
        try (FakeOpenAi model = new FakeOpenAi(); Connection c = DriverManager.getConnection(TestMariaDb.nlUrl(DB, params(model)));
                Statement s = c.createStatement()) {
            s.execute("START TRANSACTION"); // JDBC auto-commit stays on
            s.executeUpdate("INSERT INTO log VALUES (3)");
            model.then(FakeOpenAi.answer("SELECT COUNT(*) FROM customers"));
            SQLException refused = assertThrows(SQLException.class, () -> s.executeQuery("how many customers are there"));
            assertEquals("25001", refused.getSQLState(), refused.getMessage());
            assertEquals(0, model.requestCount());
            assertEquals(before, logRows(), "neither committed nor rolled back by the question");
            s.execute("COMMIT");
            assertEquals(before + 1, logRows(), "the caller's insert survived and committed");
        }
    }

    @Test
    void guardedSqlTextInsideATransactionIsRefusedAndTheTransactionIsIntact() throws Exception {
        int before = logRows();
        try (Connection c = DriverManager.getConnection(TestMariaDb.nlUrl(DB, "nlsql.passthrough=readonly"))) {
            Connection real = c.unwrap(org.mariadb.jdbc.Connection.class);
            real.setAutoCommit(false);
            try (Statement w = real.createStatement()) {
                w.executeUpdate("INSERT INTO log VALUES (4)");
            }
            try (Statement s = c.createStatement()) {
                SQLException refused = assertThrows(SQLException.class, () -> s.executeQuery("SELECT COUNT(*) FROM customers"));
                assertEquals("25001", refused.getSQLState(), refused.getMessage());
            }
            real.commit();
            assertEquals(before + 1, logRows());
        }
    }

    /** Answers that start no transaction (no table read, or a statement the server refuses) leave the session writable. */
    @Test
    void afterAnyQuestionTheSessionWritesAgain() throws Exception {
        int before = logRows();
        try (FakeOpenAi model = new FakeOpenAi(); Connection c = DriverManager.getConnection(TestMariaDb.nlUrl(DB, params(model)));
                Statement s = c.createStatement()) {
            for (boolean autoCommit : new boolean[] {true, false}) {
                c.setAutoCommit(autoCommit);
                model.then(FakeOpenAi.answer("SELECT 1 + 1 AS two"));
                assertEquals(List.of("2"), rows(s.executeQuery("what is one plus one")));
                s.executeUpdate("INSERT INTO log VALUES (5)");
                // the server refuses it (MariaDB has no ILIKE): a statement that ran nothing, so started no transaction
                model.then(FakeOpenAi.answer("SELECT name FROM customers WHERE name ILIKE 'a%'"),
                        FakeOpenAi.answer("SELECT name FROM customers WHERE name ILIKE 'a%' AND 1 = 1"));
                assertThrows(SQLException.class, () -> s.executeQuery("which customers have a name starting with a"));
                s.executeUpdate("INSERT INTO log VALUES (5)");
                if (!autoCommit) {
                    c.commit();
                }
                model.drain();
            }
        }
        assertEquals(before + 4, logRows());
    }

    /** The read-only transaction itself refuses writes, with and without a statement timeout (SET STATEMENT ... FOR). */
    @Test
    void theReadOnlyTransactionRefusesWrites() throws SQLException {
        int before = logRows();
        try (Connection c = TestMariaDb.connect(DB); Statement s = c.createStatement()) {
            for (boolean autoCommit : new boolean[] {true, false}) {
                for (int timeout : new int[] {0, 5}) {
                    c.setAutoCommit(autoCommit);
                    s.setQueryTimeout(timeout);
                    SQLException e = assertThrows(SQLException.class,
                            () -> new ReadOnlyTransaction(c, SqlDialect.MYSQL).run(() -> s.executeUpdate("INSERT INTO log VALUES (6)")));
                    assertEquals("25006", e.getSQLState(), e.getMessage());
                    s.executeUpdate("INSERT INTO log VALUES (7)"); // the next statement is the caller's, read-write again
                    if (!autoCommit) {
                        c.commit();
                    }
                }
            }
        }
        assertEquals(before + 4, logRows());
    }

    /** Unqualified names are the current database's at the time the statement runs, not when the catalog was read. */
    @Test
    void aDatabaseSwitchedUnderTheCatalogIsNotRead() throws Exception {
        try (FakeOpenAi model = new FakeOpenAi(); Connection c = DriverManager.getConnection(TestMariaDb.nlUrl(DB, params(model)));
                Statement s = c.createStatement()) {
            model.then(FakeOpenAi.answer("SELECT name FROM customers ORDER BY id"));
            assertEquals(List.of("Ann", "Bob", "Cy"), rows(s.executeQuery("list the customers' names")));
            c.setCatalog(OTHER);
            model.then(FakeOpenAi.answer("SELECT name FROM customers ORDER BY id"), FakeOpenAi.answer("SELECT name FROM customers ORDER BY id"));
            SQLException refused = assertThrows(SQLException.class, () -> rows(s.executeQuery("list the customers' names")));
            assertTrue(!refused.getMessage().contains(SECRET), refused.getMessage());
            assertTrue(refused.getMessage().contains("mdb_shop_other"), refused.getMessage());
        }
    }

    /**
     * SQL text given to a prepared statement is refused by nlsql itself, with one SQLSTATE for every driver
     * (Connector/J refuses it too, with 42000; a driver that ran it would skip the passthrough policy).
     */
    @Test
    void aPreparedStatementDoesNotRunOtherSqlText() throws SQLException {
        int before = logRows();
        try (Connection c = DriverManager.getConnection(TestMariaDb.nlUrl(DB, "nlsql.passthrough=readonly", "nlsql.llm=none"));
                PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM log")) {
            SQLException e = assertThrows(SQLException.class, () -> ps.executeUpdate("INSERT INTO log VALUES (7)"));
            assertEquals("42809", e.getSQLState(), e.getMessage());
            assertEquals("42809", assertThrows(SQLException.class, () -> ps.execute("INSERT INTO log VALUES (7)")).getSQLState());
            assertEquals("42809", assertThrows(SQLException.class, () -> ps.executeQuery("SELECT 1")).getSQLState());
            assertEquals("42809", assertThrows(SQLException.class, () -> ps.addBatch("INSERT INTO log VALUES (7)")).getSQLState());
        }
        assertEquals(before, logRows(), "nothing reached the table through nlsql");
    }
}
