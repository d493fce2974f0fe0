package dev.nlsql.demo;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;

/**
 * The demo shop: customers, categories, products, orders, order items, payments and reviews,
 * made by a seeded generator (the same rows on every run for a given day), in an in-memory H2
 * database in PostgreSQL mode. Dates spread over the three years up to the day it is built.
 */
public final class DemoDatabase {

    /** The in-memory database's JDBC URL (lower-case names, as in PostgreSQL). */
    public static final String URL = "jdbc:h2:mem:nlsql_demo;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
            + "DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";

    static final int CUSTOMERS = 400;
    static final int PRODUCTS = 60;
    static final int ORDERS = 2_000;
    static final int REVIEWS = 800;
    private static final long SEED = 42L;

    private static final List<String> CATEGORIES = List.of("Electronics", "Books", "Clothing", "Home & Kitchen", "Sports",
            "Toys", "Beauty", "Garden");
    private static final String[][] PRODUCT_NAMES = {
        {"Wireless Headphones", "Smartphone", "Laptop", "Tablet", "Smart Watch", "Bluetooth Speaker", "Camera", "Monitor"},
        {"Cookbook", "Mystery Novel", "Science Fiction Novel", "History Book", "Travel Guide", "Poetry Collection", "Biography"},
        {"T-Shirt", "Jeans", "Winter Jacket", "Sneakers", "Dress", "Scarf", "Hoodie", "Rain Coat"},
        {"Coffee Maker", "Blender", "Frying Pan", "Knife Set", "Toaster", "Kettle", "Dinner Plates"},
        {"Yoga Mat", "Tennis Racket", "Football", "Running Shoes", "Dumbbells", "Bicycle Helmet", "Water Bottle"},
        {"Puzzle", "Building Blocks", "Board Game", "Plush Bear", "Toy Car", "Kite", "Doll House"},
        {"Shampoo", "Face Cream", "Perfume", "Lipstick", "Sunscreen", "Hand Soap", "Nail Polish"},
        {"Garden Hose", "Flower Seeds", "Shovel", "Plant Pot", "Lawn Mower", "Watering Can", "Garden Gloves"}};
    private static final double[] CATEGORY_PRICE = {400, 18, 45, 60, 50, 30, 22, 35};
    private static final List<String> FIRST = List.of("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Grace", "Hugo",
            "Ines", "Jonas", "Klara", "Liam", "Mia", "Noah", "Olivia", "Paul", "Quinn", "Rosa", "Sam", "Tara", "Umar",
            "Vera", "William", "Yara", "Zoe", "Lucas", "Sofia", "Mateo", "Elena", "Omar");
    private static final List<String> LAST = List.of("Smith", "Müller", "Garcia", "Rossi", "Dubois", "Kowalski", "Jensen",
            "Novak", "Silva", "Brown", "Schmidt", "Martin", "Costa", "Andersson", "Nowak", "Fischer", "Moreau", "Bianchi",
            "Lopez", "Taylor");
    private static final String[][] PLACES = {
        {"Germany", "Berlin", "Munich", "Hamburg"}, {"France", "Paris", "Lyon", "Marseille"}, {"Spain", "Madrid", "Barcelona"},
        {"Italy", "Rome", "Milan"}, {"United Kingdom", "London", "Manchester"}, {"United States", "New York", "Chicago", "Austin"},
        {"Canada", "Toronto", "Vancouver"}, {"Netherlands", "Amsterdam", "Utrecht"}, {"Poland", "Warsaw", "Krakow"},
        {"Sweden", "Stockholm", "Gothenburg"}};
    private static final List<String> STATUSES = List.of("delivered", "delivered", "delivered", "delivered", "shipped", "shipped",
            "pending", "cancelled", "returned");
    private static final List<String> METHODS = List.of("card", "card", "card", "paypal", "paypal", "bank transfer", "gift card");

    private DemoDatabase() {
    }

    private static boolean built;

    /** Builds the demo database in memory (once per process) and returns its URL. */
    public static synchronized String create() throws SQLException {
        if (!built) {
            try (Connection c = DriverManager.getConnection(URL); Statement s = c.createStatement()) {
                createTables(s);
                fill(c, LocalDate.now(), new Random(SEED));
            }
            built = true;
        }
        return URL;
    }

    private static void createTables(Statement s) throws SQLException {
        s.execute("CREATE TABLE categories (id int PRIMARY KEY, name varchar(40) NOT NULL)");
        s.execute("CREATE TABLE products (id int PRIMARY KEY, name varchar(80) NOT NULL, "
                + "category_id int NOT NULL REFERENCES categories(id), price numeric(10,2) NOT NULL, stock int NOT NULL, "
                + "created_at date NOT NULL)");
        s.execute("CREATE TABLE customers (id int PRIMARY KEY, first_name varchar(40) NOT NULL, last_name varchar(40) NOT NULL, "
                + "email varchar(120) NOT NULL, city varchar(40) NOT NULL, country varchar(40) NOT NULL, joined_on date NOT NULL)");
        s.execute("CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id), "
                + "order_date date NOT NULL, status varchar(20) NOT NULL, total_amount numeric(10,2) NOT NULL)");
        s.execute("CREATE TABLE order_items (id int PRIMARY KEY, order_id int NOT NULL REFERENCES orders(id), "
                + "product_id int NOT NULL REFERENCES products(id), quantity int NOT NULL, unit_price numeric(10,2) NOT NULL)");
        s.execute("CREATE TABLE payments (id int PRIMARY KEY, order_id int NOT NULL REFERENCES orders(id), paid_on date NOT NULL, "
                + "amount numeric(10,2) NOT NULL, method varchar(20) NOT NULL)");
        s.execute("CREATE TABLE reviews (id int PRIMARY KEY, product_id int NOT NULL REFERENCES products(id), "
                + "customer_id int NOT NULL REFERENCES customers(id), rating int NOT NULL, review_date date NOT NULL)");
        String[][] comments = {
            {"categories", null, "product categories"},
            {"products", null, "items the shop sells"},
            {"products", "price", "list price in euros"},
            {"products", "stock", "units in the warehouse"},
            {"customers", null, "people who buy from the shop (clients)"},
            {"customers", "joined_on", "date the customer signed up"},
            {"orders", null, "purchases placed by customers"},
            {"orders", "status", "pending, shipped, delivered, cancelled or returned"},
            {"orders", "total_amount", "order total in euros (revenue, sales)"},
            {"order_items", null, "products in each order"},
            {"order_items", "unit_price", "price paid per unit in euros"},
            {"payments", null, "money received for orders"},
            {"payments", "method", "card, paypal, bank transfer or gift card"},
            {"reviews", null, "product ratings written by customers"},
            {"reviews", "rating", "stars from 1 to 5"}};
        for (String[] c : comments) {
            String target = c[1] == null ? "TABLE " + c[0] : "COLUMN " + c[0] + "." + c[1];
            s.execute("COMMENT ON " + target + " IS '" + c[2] + "'");
        }
    }

    private static void fill(Connection c, LocalDate today, Random r) throws SQLException {
        c.setAutoCommit(false);
        LocalDate start = today.minusYears(3);
        int days = (int) (today.toEpochDay() - start.toEpochDay());
        try (PreparedStatement cat = c.prepareStatement("INSERT INTO categories VALUES (?, ?)")) {
            for (int i = 0; i < CATEGORIES.size(); i++) {
                cat.setInt(1, i + 1);
                cat.setString(2, CATEGORIES.get(i));
                cat.addBatch();
            }
            cat.executeBatch();
        }
        BigDecimal[] prices = new BigDecimal[PRODUCTS + 1];
        try (PreparedStatement p = c.prepareStatement("INSERT INTO products VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int id = 1; id <= PRODUCTS; id++) {
                int category = (id - 1) % CATEGORIES.size();
                String[] names = PRODUCT_NAMES[category];
                String name = names[((id - 1) / CATEGORIES.size()) % names.length];
                if ((id - 1) / CATEGORIES.size() >= names.length) {
                    name = name + " Pro";
                }
                prices[id] = money(CATEGORY_PRICE[category] * (0.4 + r.nextDouble() * 1.6));
                p.setInt(1, id);
                p.setString(2, name);
                p.setInt(3, category + 1);
                p.setBigDecimal(4, prices[id]);
                p.setInt(5, r.nextInt(250));
                p.setDate(6, Date.valueOf(start.plusDays(r.nextInt(days / 3))));
                p.addBatch();
            }
            p.executeBatch();
        }
        LocalDate[] joined = new LocalDate[CUSTOMERS + 1];
        try (PreparedStatement p = c.prepareStatement("INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            for (int id = 1; id <= CUSTOMERS; id++) {
                String first = FIRST.get(r.nextInt(FIRST.size()));
                String last = LAST.get(r.nextInt(LAST.size()));
                String[] place = PLACES[r.nextInt(PLACES.length)];
                joined[id] = start.plusDays(r.nextInt(days - 30));
                p.setInt(1, id);
                p.setString(2, first);
                p.setString(3, last);
                p.setString(4, (first + "." + last + id + "@example.com").toLowerCase().replace("ü", "ue"));
                p.setString(5, place[1 + r.nextInt(place.length - 1)]);
                p.setString(6, place[0]);
                p.setDate(7, Date.valueOf(joined[id]));
                p.addBatch();
            }
            p.executeBatch();
        }
        try (PreparedStatement order = c.prepareStatement("INSERT INTO orders VALUES (?, ?, ?, ?, ?)");
                PreparedStatement item = c.prepareStatement("INSERT INTO order_items VALUES (?, ?, ?, ?, ?)");
                PreparedStatement pay = c.prepareStatement("INSERT INTO payments VALUES (?, ?, ?, ?, ?)")) {
            int itemId = 1;
            int payId = 1;
            for (int id = 1; id <= ORDERS; id++) {
                int customer = 1 + r.nextInt(CUSTOMERS);
                int window = (int) (today.toEpochDay() - joined[customer].toEpochDay());
                LocalDate date = joined[customer].plusDays(r.nextInt(Math.max(1, window)));
                String status = STATUSES.get(r.nextInt(STATUSES.size()));
                BigDecimal total = BigDecimal.ZERO;
                int lines = 1 + r.nextInt(4);
                for (int l = 0; l < lines; l++) {
                    int product = 1 + r.nextInt(PRODUCTS);
                    int quantity = 1 + r.nextInt(3);
                    BigDecimal unit = prices[product];
                    total = total.add(unit.multiply(BigDecimal.valueOf(quantity)));
                    item.setInt(1, itemId++);
                    item.setInt(2, id);
                    item.setInt(3, product);
                    item.setInt(4, quantity);
                    item.setBigDecimal(5, unit);
                    item.addBatch();
                }
                order.setInt(1, id);
                order.setInt(2, customer);
                order.setDate(3, Date.valueOf(date));
                order.setString(4, status);
                order.setBigDecimal(5, total);
                order.addBatch();
                if (!status.equals("cancelled") && !status.equals("pending")) {
                    pay.setInt(1, payId++);
                    pay.setInt(2, id);
                    pay.setDate(3, Date.valueOf(date.plusDays(r.nextInt(3))));
                    pay.setBigDecimal(4, total);
                    pay.setString(5, METHODS.get(r.nextInt(METHODS.size())));
                    pay.addBatch();
                }
            }
            order.executeBatch();
            item.executeBatch();
            pay.executeBatch();
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO reviews VALUES (?, ?, ?, ?, ?)")) {
            for (int id = 1; id <= REVIEWS; id++) {
                p.setInt(1, id);
                p.setInt(2, 1 + r.nextInt(PRODUCTS));
                p.setInt(3, 1 + r.nextInt(CUSTOMERS));
                p.setInt(4, Math.min(5, 1 + r.nextInt(5) + (r.nextInt(3) == 0 ? 1 : 0)));
                p.setDate(5, Date.valueOf(start.plusDays(r.nextInt(days))));
                p.addBatch();
            }
            p.executeBatch();
        }
        c.commit();
        c.setAutoCommit(true);
    }

    private static BigDecimal money(double v) {
        return BigDecimal.valueOf(v).setScale(2, RoundingMode.HALF_UP);
    }
}
