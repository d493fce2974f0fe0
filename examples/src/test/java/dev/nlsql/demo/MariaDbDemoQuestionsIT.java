package dev.nlsql.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.TestMariaDb;
import dev.nlsql.testing.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo shop's graded offline questions on real servers: the same schema and rows as the H2
 * demo, copied into MariaDB ({@code nlsql_demo_mysql}) and PostgreSQL ({@code nlsql_demo_pg}),
 * asked through {@code jdbc:nlsql:...&nlsql.llm=offline} and graded against the gold SQL run on
 * the same server. MariaDB must answer at least as precisely as PostgreSQL, with no coverage lost
 * to its dialect, and the engine's own SQL (value sampling, read-only wrapper) must raise no
 * error there: a value like 'Berlin' is linked, and nothing is logged at WARN.
 *
 * <p>An unreachable MariaDB fails these tests (see {@link TestMariaDb}).
 */
class MariaDbDemoQuestionsIT {

    private static final String MYSQL_DB = "nlsql_demo_mysql";
    private static final String PG_DB = "nlsql_demo_pg";

    /** The demo's tables in creation order, with table-level foreign keys (MariaDB ignores inline REFERENCES). */
    private static final String[][] TABLES = {
        {"categories", "id int PRIMARY KEY, name varchar(40) NOT NULL"},
        {"products", "id int PRIMARY KEY, name varchar(80) NOT NULL, category_id int NOT NULL, price numeric(10,2) NOT NULL, "
                + "stock int NOT NULL, created_at date NOT NULL, FOREIGN KEY (category_id) REFERENCES categories(id)"},
        {"customers", "id int PRIMARY KEY, first_name varchar(40) NOT NULL, last_name varchar(40) NOT NULL, "
                + "email varchar(120) NOT NULL, city varchar(40) NOT NULL, country varchar(40) NOT NULL, joined_on date NOT NULL"},
        {"orders", "id int PRIMARY KEY, customer_id int NOT NULL, order_date date NOT NULL, status varchar(20) NOT NULL, "
                + "total_amount numeric(10,2) NOT NULL, FOREIGN KEY (customer_id) REFERENCES customers(id)"},
        {"order_items", "id int PRIMARY KEY, order_id int NOT NULL, product_id int NOT NULL, quantity int NOT NULL, "
                + "unit_price numeric(10,2) NOT NULL, FOREIGN KEY (order_id) REFERENCES orders(id), "
                + "FOREIGN KEY (product_id) REFERENCES products(id)"},
        {"payments", "id int PRIMARY KEY, order_id int NOT NULL, paid_on date NOT NULL, amount numeric(10,2) NOT NULL, "
                + "method varchar(20) NOT NULL, FOREIGN KEY (order_id) REFERENCES orders(id)"},
        {"reviews", "id int PRIMARY KEY, product_id int NOT NULL, customer_id int NOT NULL, rating int NOT NULL, "
                + "review_date date NOT NULL, FOREIGN KEY (product_id) REFERENCES products(id), "
                + "FOREIGN KEY (customer_id) REFERENCES customers(id)"}};

    private static OfflineScore mysqlScore;
    private static OfflineScore pgScore;
    private static String mysqlLog;
    /** Logged at WARN inside the capture, to show that the capture sees what the engine would log. */
    private static final String CAPTURE_CHECK = "log capture check";

    @BeforeAll
    static void copyTheDemo() throws Exception {
        TestMariaDb.require();
        String h2 = DemoDatabase.create();
        TestMariaDb.recreateDatabase(MYSQL_DB);
        TestPostgres.dropDatabase(PG_DB);
        TestPostgres.createDatabaseIfMissing(PG_DB);
        try (Connection from = DriverManager.getConnection(h2)) {
            try (Connection to = TestMariaDb.connect(MYSQL_DB)) {
                copy(from, to, true);
            }
            try (Connection to = DriverManager.getConnection(TestPostgres.urlOf(PG_DB))) {
                copy(from, to, false);
            }
        }
    }

    @AfterAll
    static void dropTheCopies() throws SQLException {
        TestMariaDb.dropDatabase(MYSQL_DB);
        if (TestMariaDb.available()) {
            TestPostgres.dropDatabase(PG_DB);
        }
    }

    /** Creates the demo's tables with its comments, and copies its rows. */
    private static void copy(Connection from, Connection to, boolean mysql) throws SQLException {
        try (Statement s = to.createStatement()) {
            for (String[] t : TABLES) {
                s.execute("CREATE TABLE " + t[0] + " (" + t[1] + ")" + (mysql ? " ENGINE=InnoDB" : ""));
            }
            try (ResultSet rs = from.getMetaData().getTables(null, "public", "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    comment(s, mysql, rs.getString("TABLE_NAME"), null, rs.getString("REMARKS"));
                }
            }
            try (ResultSet rs = from.getMetaData().getColumns(null, "public", "%", "%")) {
                while (rs.next()) {
                    comment(s, mysql, rs.getString("TABLE_NAME"), rs.getString("COLUMN_NAME"), rs.getString("REMARKS"));
                }
            }
        }
        to.setAutoCommit(false);
        for (String[] t : TABLES) {
            try (Statement read = from.createStatement(); ResultSet rs = read.executeQuery("SELECT * FROM " + t[0] + " ORDER BY id")) {
                int n = rs.getMetaData().getColumnCount();
                try (PreparedStatement insert = to.prepareStatement("INSERT INTO " + t[0] + " VALUES (" + "?, ".repeat(n - 1) + "?)")) {
                    while (rs.next()) {
                        for (int i = 1; i <= n; i++) {
                            insert.setObject(i, rs.getObject(i));
                        }
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
            }
        }
        to.commit();
        to.setAutoCommit(true);
    }

    private static void comment(Statement s, boolean mysql, String table, String column, String text) throws SQLException {
        if (text == null || text.isEmpty()) {
            return;
        }
        String literal = "'" + text.replace("'", "''") + "'";
        if (!mysql) {
            s.execute("COMMENT ON " + (column == null ? "TABLE " + table : "COLUMN " + table + "." + column) + " IS " + literal);
        } else if (column == null) {
            s.execute("ALTER TABLE " + table + " COMMENT = " + literal);
        } else {
            String definition;
            try (ResultSet rs = s.executeQuery("SELECT COLUMN_TYPE, IS_NULLABLE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = "
                    + "DATABASE() AND TABLE_NAME = '" + table + "' AND COLUMN_NAME = '" + column + "'")) {
                rs.next();
                definition = rs.getString(1) + ("NO".equals(rs.getString(2)) ? " NOT NULL" : "");
            }
            s.execute("ALTER TABLE " + table + " MODIFY " + column + " " + definition + " COMMENT " + literal);
        }
    }

    private static final Pattern DATE_TRUNC = Pattern.compile("date_trunc\\('(\\w+)', ([\\w.]+)\\)", Pattern.CASE_INSENSITIVE);

    /**
     * The gold SQL (written for H2 in PostgreSQL mode) as MariaDB writes it: only date_trunc('month')
     * differs on this set (a year is EXTRACT(YEAR FROM ...), the year's number, on all three).
     */
    static String forMysql(String gold) {
        Matcher m = DATE_TRUNC.matcher(gold);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String x = m.group(2);
            String grain = m.group(1).toLowerCase(Locale.ROOT);
            String format = switch (grain) {
                case "month" -> "%Y-%m-01";
                default -> throw new IllegalArgumentException("no MariaDB form for date_trunc('" + grain + "') in the test");
            };
            m.appendReplacement(b, Matcher.quoteReplacement("CAST(DATE_FORMAT(" + x + ", '" + format + "') AS DATE)"));
        }
        m.appendTail(b);
        return b.toString();
    }

    private static OfflineScore score(String set, Connection plain, Connection nl, boolean mysql) throws Exception {
        OfflineScore score = new OfflineScore(set);
        try (Statement gold = plain.createStatement(); Statement ask = nl.createStatement()) {
            for (String[] q : OfflineGeneratorAccuracyTest.questions()) {
                score.ask(gold, ask, q[0], List.of(mysql ? forMysql(q[1]) : q[1]));
            }
        }
        score.print();
        return score;
    }

    private static synchronized OfflineScore mysqlScore() throws Exception {
        if (mysqlScore == null) {
            PrintStream err = System.err;
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            try (Connection plain = TestMariaDb.connect(MYSQL_DB);
                    Connection nl = DriverManager.getConnection(TestMariaDb.nlUrl(MYSQL_DB, "nlsql.llm=offline", "nlsql.cache=false"))) {
                mysqlScore = score("demo on MariaDB", plain, nl, true);
                org.slf4j.LoggerFactory.getLogger(MariaDbDemoQuestionsIT.class).warn(CAPTURE_CHECK);
            } finally {
                System.setErr(err);
            }
            mysqlLog = captured.toString(StandardCharsets.UTF_8);
            err.print(mysqlLog);
        }
        return mysqlScore;
    }

    private static synchronized OfflineScore pgScore() throws Exception {
        if (pgScore == null) {
            try (Connection plain = DriverManager.getConnection(TestPostgres.urlOf(PG_DB));
                    Connection nl = DriverManager.getConnection(TestPostgres.withParams(
                            "jdbc:nlsql:" + TestPostgres.urlOf(PG_DB).substring("jdbc:".length()), "nlsql.llm=offline", "nlsql.cache=false"))) {
                pgScore = score("demo on PostgreSQL", plain, nl, false);
            }
        }
        return pgScore;
    }

    @Test
    void theGoldRunsOnBothServersAndAgrees() throws Exception {
        try (Connection my = TestMariaDb.connect(MYSQL_DB); Connection pg = DriverManager.getConnection(TestPostgres.urlOf(PG_DB));
                Statement a = my.createStatement(); Statement b = pg.createStatement()) {
            for (String table : List.of("customers", "orders", "order_items", "payments", "reviews")) {
                try (ResultSet x = a.executeQuery("SELECT count(*), sum(id) FROM " + table);
                        ResultSet y = b.executeQuery("SELECT count(*), sum(id) FROM " + table)) {
                    x.next();
                    y.next();
                    assertEquals(y.getLong(1), x.getLong(1), table);
                    assertEquals(y.getLong(2), x.getLong(2), table);
                }
            }
        }
    }

    @Test
    void mariaDbAnswersTheDemoQuestionsAsWellAsPostgres() throws Exception {
        OfflineScore my = mysqlScore();
        OfflineScore pg = pgScore();
        assertTrue(my.failed.isEmpty(), "errors other than a decline on MariaDB: " + my.failed);
        assertTrue(pg.failed.isEmpty(), "errors other than a decline on PostgreSQL: " + pg.failed);
        assertTrue(pg.precision() >= 0.95, "PostgreSQL precision " + pg.precision() + "; wrong: " + pg.wrong);
        assertTrue(my.precision() >= pg.precision(), "MariaDB precision " + my.precision() + " under PostgreSQL's " + pg.precision()
                + "; wrong on MariaDB: " + my.wrong);
        assertTrue(my.coverage() >= pg.coverage(), "MariaDB coverage " + my.coverage() + " under PostgreSQL's " + pg.coverage()
                + "; declined on MariaDB: " + my.declined);
    }

    @Test
    void theEngineLogsNoErrorOfItsOwnSqlOnMariaDb() throws Exception {
        mysqlScore();
        assertTrue(mysqlLog.contains("WARN") && mysqlLog.contains(CAPTURE_CHECK), "the log capture saw nothing: " + mysqlLog);
        List<String> warnings = new ArrayList<>();
        for (String line : mysqlLog.split("\n")) {
            if ((line.contains("WARN") || line.contains("ERROR")) && !line.contains(CAPTURE_CHECK)) {
                warnings.add(line);
            }
        }
        assertTrue(warnings.isEmpty(), "logged while answering on MariaDB: " + warnings);
    }

    @Test
    void aValueInTheQuestionIsLinkedOnMariaDb() throws Exception {
        try (Connection plain = TestMariaDb.connect(MYSQL_DB);
                Connection nl = DriverManager.getConnection(TestMariaDb.nlUrl(MYSQL_DB, "nlsql.llm=offline", "nlsql.cache=false"));
                Statement gold = plain.createStatement(); Statement ask = nl.createStatement()) {
            for (String[] q : new String[][] {
                {"how many customers are in Berlin?", "SELECT count(*) FROM customers WHERE city = 'Berlin'"},
                {"How many orders were delivered?", "SELECT count(*) FROM orders WHERE status = 'delivered'"},
                {"how many payments by paypal?", "SELECT count(*) FROM payments WHERE method = 'paypal'"}}) {
                long expected;
                try (ResultSet rs = gold.executeQuery(q[1])) {
                    rs.next();
                    expected = rs.getLong(1);
                }
                assertTrue(expected > 0, q[1]);
                try (ResultSet rs = ask.executeQuery("NL: " + q[0])) {
                    assertTrue(rs.next(), q[0]);
                    assertEquals(expected, rs.getLong(1), q[0] + " -> " + ask.unwrap(NlStatement.class).lastTrace().finalSql());
                    assertFalse(rs.next());
                }
            }
        }
    }
}
