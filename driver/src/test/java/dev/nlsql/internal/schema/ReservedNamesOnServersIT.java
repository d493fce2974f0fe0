package dev.nlsql.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nlsql.jdbc.NlStatement;
import dev.nlsql.testing.TestMariaDb;
import dev.nlsql.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tables and columns named with reserved words ({@code user}, {@code order}, {@code group}) on
 * real PostgreSQL and MariaDB: the names the engine writes itself (offline SQL, schema text,
 * value sampling) are quoted as the connection quotes them, so "how many users are there?"
 * counts the table rather than answering {@code current_user}, and nothing fails with 42601.
 * The static keyword lists of {@link ReservedWords} are checked against the servers' own.
 */
class ReservedNamesOnServersIT {

    private static final String PG_DB = "nlsql_reserved_names_pg";
    private static final String MYSQL_DB = "nlsql_reserved_names_mysql";

    private static final String[] ROWS = {
        "INSERT INTO %1$suser%1$s VALUES (1, 'Ann', 'France'), (2, 'Bob', 'Spain'), (3, 'Cem', 'France')",
        "INSERT INTO %1$sorder%1$s VALUES (1, 1, 10.00, 'a'), (2, 1, 20.00, 'b'), (3, 2, 5.50, 'a'), (4, 3, 7.25, 'b'), "
                + "(5, 3, 1.00, 'a')"};

    @BeforeAll
    static void createTables() throws Exception {
        TestMariaDb.require();
        TestPostgres.dropDatabase(PG_DB);
        TestPostgres.createDatabaseIfMissing(PG_DB);
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(PG_DB)); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE \"user\" (id int PRIMARY KEY, name text NOT NULL, country text NOT NULL)");
            s.execute("CREATE TABLE \"order\" (id int PRIMARY KEY, user_id int NOT NULL REFERENCES \"user\"(id), "
                    + "total numeric(10,2) NOT NULL, \"group\" text NOT NULL)");
            for (String r : ROWS) {
                s.execute(String.format(r, "\""));
            }
        }
        TestMariaDb.recreateDatabase(MYSQL_DB);
        try (Connection c = TestMariaDb.connect(MYSQL_DB); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE `user` (id int PRIMARY KEY, name varchar(40) NOT NULL, country varchar(40) NOT NULL) ENGINE=InnoDB");
            s.execute("CREATE TABLE `order` (id int PRIMARY KEY, user_id int NOT NULL, total decimal(10,2) NOT NULL, "
                    + "`group` varchar(10) NOT NULL, FOREIGN KEY (user_id) REFERENCES `user`(id)) ENGINE=InnoDB");
            for (String r : ROWS) {
                s.execute(String.format(r, "`"));
            }
        }
    }

    @AfterAll
    static void dropTables() throws SQLException {
        TestMariaDb.dropDatabase(MYSQL_DB);
        TestMariaDb.dropDatabase(MYSQL_DB + "_kw");
        if (TestMariaDb.available()) {
            TestPostgres.dropDatabase(PG_DB);
        }
    }

    private static String pgNl() {
        return TestPostgres.withParams("jdbc:nlsql:" + TestPostgres.urlOf(PG_DB).substring("jdbc:".length()), "nlsql.llm=offline",
                "nlsql.cache=false");
    }

    private static String mysqlNl() {
        return TestMariaDb.nlUrl(MYSQL_DB, "nlsql.llm=offline", "nlsql.cache=false");
    }

    /** The single number a question answers, and the SQL the engine ran for it. */
    private static String ask(String url, String question, String expected) throws SQLException {
        try (Connection nl = DriverManager.getConnection(url); Statement s = nl.createStatement();
                ResultSet rs = s.executeQuery("NL: " + question)) {
            String sql = s.unwrap(NlStatement.class).lastTrace().finalSql();
            assertTrue(rs.next(), question + " -> no row: " + sql);
            assertEquals(expected, rs.getBigDecimal(1).stripTrailingZeros().toPlainString(), question + " -> " + sql);
            return sql;
        }
    }

    @Test
    void howManyUsersCountsTheUserTableOnPostgres() throws Exception {
        String sql = ask(pgNl(), "how many users are there?", "3");
        assertTrue(sql.contains("FROM \"user\""), sql);
        assertTrue(ask(pgNl(), "how many orders are there?", "5").contains("FROM \"order\""));
        assertTrue(ask(pgNl(), "how many users are in France?", "2").contains("\"user\".country = 'France'"));
        String total = ask(pgNl(), "what is the total of the orders?", "43.75");
        assertTrue(total.contains("\"order\".total"), total);
    }

    @Test
    void howManyOrdersCountsTheOrderTableOnMariaDb() throws Exception {
        assertTrue(ask(mysqlNl(), "how many users are there?", "3").contains("FROM user"));
        String sql = ask(mysqlNl(), "how many orders are there?", "5");
        assertTrue(sql.contains("FROM `order`"), sql);
        assertTrue(ask(mysqlNl(), "how many users are in France?", "2").contains("user.country = 'France'"));
    }

    @Test
    void theSchemaTextQuotesReservedNames() {
        TableInfo user = new TableInfo("public", "user", null, List.of(new ColumnInfo("id", "int4", false, null),
                new ColumnInfo("group", "text", true, null), new ColumnInfo("year", "int4", true, null)), List.of("id"), List.of());
        String pg = SchemaRenderer.render(new SchemaCatalog("PostgreSQL", "15", "public", List.of(user)), List.of(user));
        assertTrue(pg.startsWith("TABLE \"user\"\n  id int4 PRIMARY KEY\n  \"group\" text\n  year int4"), pg);
        String my = SchemaRenderer.render(new SchemaCatalog("MariaDB", "10.11", "public", List.of(user)), List.of(user));
        assertTrue(my.startsWith("TABLE user\n  id int4 PRIMARY KEY\n  `group` text\n  year int4"), my);
        String h2 = SchemaRenderer.render(new SchemaCatalog("H2", "2.2", "public", List.of(user)), List.of(user));
        assertTrue(h2.startsWith("TABLE \"user\"\n  id int4 PRIMARY KEY\n  \"group\" text\n  \"year\" int4"), h2);
        // a function's name, reserved in SQL:2003 but a name to H2 and most databases, stays bare: the demo's AS count
        assertEquals("count", SchemaRenderer.identifier(new SchemaCatalog("H2", "2.2", "public", List.of()), "count"));
    }

    /** Every keyword PostgreSQL reserves is in the list, and every keyword, as the engine writes it, works as a table and column name. */
    @Test
    void everyPostgresKeywordWorksAsTheEngineWritesIt() throws Exception {
        SchemaCatalog pg = new SchemaCatalog("PostgreSQL", "15", "public", List.of());
        List<String> broken = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(TestPostgres.urlOf(PG_DB)); Statement s = c.createStatement()) {
            List<String[]> words = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT word, catcode::text FROM pg_get_keywords()")) {
                while (rs.next()) {
                    words.add(new String[] {rs.getString(1), rs.getString(2)});
                }
            }
            assertTrue(words.size() > 400, "keywords: " + words.size());
            s.execute("CREATE SCHEMA keyword_probe");
            s.execute("SET search_path = keyword_probe"); // away from the tables named user and order
            c.setAutoCommit(false);
            for (String[] w : words) {
                if ((w[1].equals("R") || w[1].equals("T")) && !ReservedWords.reserved(pg, w[0])) {
                    broken.add(w[0] + " (" + w[1] + ") not in the list");
                }
                String id = SchemaRenderer.identifier(pg, w[0]);
                try {
                    s.execute("CREATE TABLE " + id + " (" + id + " int)");
                    s.execute("INSERT INTO " + id + " VALUES (7), (7)");
                    try (ResultSet rs = s.executeQuery("SELECT " + id + "." + id + ", COUNT(*) AS n FROM " + id + " GROUP BY " + id + "." + id)) {
                        if (!rs.next() || rs.getInt(1) != 7 || rs.getInt(2) != 2) {
                            broken.add(w[0] + ": wrong answer");
                        }
                    }
                } catch (SQLException e) {
                    broken.add(w[0] + ": " + e.getMessage());
                }
                c.rollback();
            }
        }
        assertTrue(broken.isEmpty(), "keywords the engine writes wrong on PostgreSQL: " + broken);
    }

    /** Every MariaDB keyword that fails as a bare table or column name is in the list, and works as the engine writes it. */
    @Test
    void everyMariaDbKeywordWorksAsTheEngineWritesIt() throws Exception {
        SchemaCatalog my = new SchemaCatalog("MariaDB", "10.11", MYSQL_DB, List.of());
        List<String> broken = new ArrayList<>();
        TestMariaDb.recreateDatabase(MYSQL_DB + "_kw"); // away from the tables named user and order
        try (Connection c = TestMariaDb.connect(MYSQL_DB + "_kw"); Statement s = c.createStatement()) {
            List<String> words = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT LOWER(WORD) FROM information_schema.KEYWORDS")) {
                while (rs.next()) {
                    words.add(rs.getString(1));
                }
            }
            assertTrue(words.size() > 400, "keywords: " + words.size());
            for (String w : words) {
                if (!w.matches("[a-z_][a-z0-9_]*")) {
                    continue;
                }
                boolean bareWorks;
                try {
                    s.execute("CREATE TABLE " + w + " (" + w + " int)");
                    s.execute("DROP TABLE " + w);
                    bareWorks = true;
                } catch (SQLException e) {
                    bareWorks = false;
                    s.execute("DROP TABLE IF EXISTS `" + w + "`");
                }
                if (!bareWorks && !ReservedWords.reserved(my, w)) {
                    broken.add(w + " not in the list");
                }
                String id = SchemaRenderer.identifier(my, w);
                try {
                    s.execute("CREATE TABLE " + id + " (" + id + " int)");
                    s.execute("INSERT INTO " + id + " VALUES (7), (7)");
                    try (ResultSet rs = s.executeQuery("SELECT " + id + "." + id + ", COUNT(*) AS n FROM " + id + " GROUP BY " + id + "." + id)) {
                        if (!rs.next() || rs.getInt(1) != 7 || rs.getInt(2) != 2) {
                            broken.add(w + ": wrong answer");
                        }
                    }
                } catch (SQLException e) {
                    broken.add(w + ": " + e.getMessage());
                } finally {
                    s.execute("DROP TABLE IF EXISTS `" + w + "`");
                }
            }
        }
        TestMariaDb.dropDatabase(MYSQL_DB + "_kw");
        assertTrue(broken.isEmpty(), "keywords the engine writes wrong on MariaDB: " + broken);
    }
}
