package dev.nlsql.testing;

import java.sql.SQLException;

/**
 * A car paint shop in its own database for the relevance tests (driver, CLI, proxy): customers, their
 * cars (with a {@code paint} and a {@code year} column, words general-knowledge questions happen to
 * use) and repairs. No table is called orders or sales, so an example naming them would come from
 * another database.
 */
public final class PaintShopDb {

    public static final String NAME = "h_relevance_paintshop";
    /** What the refusals name: its tables. */
    public static final String HOLDS = "This database holds: cars, customers, repairs (3 tables).";

    private PaintShopDb() {
    }

    /** The plain JDBC URL, the database built once (and dropped when the test JVM ends). */
    public static String url() throws SQLException {
        return TestPostgres.databaseOnce(NAME,
                "CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL, city text NOT NULL)",
                "CREATE TABLE cars (id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id), make text NOT NULL, "
                        + "paint text NOT NULL, year int NOT NULL)",
                "CREATE TABLE repairs (id int PRIMARY KEY, car_id int NOT NULL REFERENCES cars(id), repaired_on date NOT NULL, "
                        + "cost numeric(10,2) NOT NULL)",
                "INSERT INTO customers VALUES (1, 'Ines', 'Porto'), (2, 'Jonas', 'Lyon')",
                "INSERT INTO cars VALUES (1, 1, 'Fiat', 'red', 2015), (2, 1, 'Volvo', 'blue', 2019), (3, 2, 'Fiat', 'red', 2021)",
                "INSERT INTO repairs VALUES (1, 1, '2024-02-01', 120), (2, 2, '2024-03-05', 80), (3, 3, '2024-03-20', 300)");
    }

    /** The nlsql URL of the database. */
    public static String nlUrl(String... params) throws SQLException {
        return TestPostgres.withParams("jdbc:nlsql:" + url().substring("jdbc:".length()), params);
    }
}
