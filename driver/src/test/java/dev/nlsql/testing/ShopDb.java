package dev.nlsql.testing;

import java.sql.SQLException;

/** A small shop in its own database for the narration and follow-up tests (driver, proxy): customers in two countries, orders over two years. */
public final class ShopDb {

    public static final String NAME = "nlsql_narrate16";

    private ShopDb() {
    }

    /** The plain JDBC URL, the database built once. */
    public static String url() throws SQLException {
        return url(NAME);
    }

    /** The plain JDBC URL of the shop in database {@code name}, built once. */
    public static String url(String name) throws SQLException {
        return TestPostgres.databaseOnce(name,
                "CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL, country text NOT NULL)",
                "CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id), "
                        + "ordered_at date NOT NULL, amount numeric(10,2) NOT NULL)",
                "INSERT INTO customers VALUES (1, 'Anna', 'Germany'), (2, 'Bruno', 'France'), (3, 'Carla', 'Germany')",
                // 2023: 3 orders (2 German); 2024: 5 orders (3 German)
                "INSERT INTO orders VALUES (1, 1, '2023-02-01', 10), (2, 2, '2023-05-01', 20), (3, 3, '2023-07-01', 30), "
                        + "(4, 1, '2024-01-10', 40), (5, 2, '2024-03-10', 50), (6, 3, '2024-04-10', 60), (7, 1, '2024-08-10', 70), "
                        + "(8, 2, '2024-11-10', 80)");
    }

    /** The nlsql URL of the database. */
    public static String nlUrl(String... params) throws SQLException {
        return TestPostgres.withParams("jdbc:nlsql:" + url().substring("jdbc:".length()), params);
    }
}
