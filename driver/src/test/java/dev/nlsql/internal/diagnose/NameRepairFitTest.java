package dev.nlsql.internal.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nlsql.ErrorCategory;
import dev.nlsql.internal.schema.ColumnInfo;
import dev.nlsql.internal.schema.ForeignKey;
import dev.nlsql.internal.schema.NameCandidates;
import dev.nlsql.internal.schema.SchemaCatalog;
import dev.nlsql.internal.schema.TableInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A wrong name is repaired without the model only when its one candidate by name also fits by type and role where the
 * statement uses it; otherwise no repair (the model gets the diagnosis with the candidates). Statement by statement.
 */
class NameRepairFitTest {

    private static ColumnInfo col(String spec) {
        String[] p = spec.split(" ");
        return new ColumnInfo(p[0], p[1], true, null);
    }

    private static TableInfo table(String name, List<ForeignKey> keys, String... columns) {
        return new TableInfo("public", name, null, Arrays.stream(columns).map(NameRepairFitTest::col).toList(), List.of("id"), keys);
    }

    private static final TableInfo CUSTOMERS = table("customers", List.of(), "id int4", "first_name varchar", "last_name varchar",
            "country varchar", "joined_on date");
    private static final TableInfo ORDERS = table("orders", List.of(new ForeignKey(List.of("customer_id"), "public", "customers",
            List.of("id"))), "id int4", "customer_id int4", "order_date date", "status varchar", "total_amount numeric", "shipped bool",
            "shipped_on date");
    private static final TableInfo REVIEWS = table("reviews", List.of(new ForeignKey(List.of("rating_id"), "public", "ratings",
            List.of("id"))), "id int4", "order_id int4", "rating_id int4", "comment text");
    private static final TableInfo PAYMENTS = table("payments", List.of(), "id int4", "order_id int4", "amount_text varchar",
            "paid_on date");
    private static final SchemaCatalog CATALOG = new SchemaCatalog("PostgreSQL", "15", "public",
            List.of(CUSTOMERS, ORDERS, REVIEWS, PAYMENTS));

    /** {SQL, wrong column, its qualifier as written (or null), the SQL after the repair, or null for no repair}. */
    private static final String[][] COLUMNS = {
        // one candidate by name, and it fits: repaired
        {"SELECT sum(o.totl_amount) FROM orders o", "totl_amount", "o", "SELECT sum(o.total_amount) FROM orders o"},
        {"SELECT sum(amount) FROM orders", "amount", null, "SELECT sum(total_amount) FROM orders"},
        {"SELECT count(*) FROM orders o WHERE o.order_dte >= DATE '2024-01-01'", "order_dte", "o",
            "SELECT count(*) FROM orders o WHERE o.order_date >= DATE '2024-01-01'"},
        {"SELECT count(*) FROM orders WHERE orderdate >= '2024-01-01' AND orderdate < CURRENT_DATE - INTERVAL '1 month'", "orderdate",
            null, "SELECT count(*) FROM orders WHERE order_date >= '2024-01-01' AND order_date < CURRENT_DATE - INTERVAL '1 month'"},
        {"SELECT o.id FROM orders o JOIN customers c ON o.customerid = c.id", "customerid", "o",
            "SELECT o.id FROM orders o JOIN customers c ON o.customer_id = c.id"},
        {"SELECT c.first_name FROM customers c WHERE lower(c.countyr) LIKE 'germ%'", "countyr", "c",
            "SELECT c.first_name FROM customers c WHERE lower(c.country) LIKE 'germ%'"},
        {"SELECT count(DISTINCT custmer_id) FROM orders", "custmer_id", null, "SELECT count(DISTINCT customer_id) FROM orders"},
        {"SELECT c.countrys, sum(o.total_amount) FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY c.countrys",
            "countrys", "c",
            "SELECT c.country, sum(o.total_amount) FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY c.country"},
        {"SELECT count(*) FROM orders WHERE EXTRACT(YEAR FROM ordr_date) = 2024", "ordr_date", null,
            "SELECT count(*) FROM orders WHERE EXTRACT(YEAR FROM order_date) = 2024"},
        // a plausible column of another kind or role: no repair
        {"SELECT sum(date) FROM orders", "date", null, null}, // the one column named like it holds dates
        {"SELECT avg(r.rating) FROM reviews r", "rating", "r", null}, // rating_id is a key, not a rating
        {"SELECT avg(r.score) FROM reviews r", "score", "r", null}, // score's synonym: rating, and again rating_id
        {"SELECT o.customer, count(*) FROM orders o GROUP BY o.customer", "customer", "o", null}, // the key, where a label was meant
        {"SELECT count(*) FROM orders o WHERE o.shiped >= DATE '2024-01-01'", "shiped", "o", null}, // shipped is true or false
        {"SELECT sum(p.amount) FROM payments p", "amount", "p", null}, // amount_text is text
        {"SELECT o.id FROM orders o JOIN customers c ON c.id = o.statuss", "statuss", "o", null}, // joined on text
        {"SELECT count(*) FROM orders o WHERE o.statuss = 3", "statuss", "o", null}, // status is text, compared with a number
        {"SELECT count(*) FROM orders o WHERE o.custmer_id = 'Anna'", "custmer_id", "o", null}, // a key compared with a name
    };

    /** {SQL, wrong table, the SQL after the repair, or null}. */
    private static final String[][] TABLES = {
        {"SELECT count(*) FROM order", "order", "SELECT count(*) FROM orders"},
        {"SELECT sum(o.total_amount) FROM ordrs o WHERE o.status = 'shipped'", "ordrs",
            "SELECT sum(o.total_amount) FROM orders o WHERE o.status = 'shipped'"},
        {"SELECT country, count(*) AS n FROM customer GROUP BY country ORDER BY n DESC", "customer",
            "SELECT country, count(*) AS n FROM customers GROUP BY country ORDER BY n DESC"},
        {"SELECT o.rating FROM ordrs o", "ordrs", null}, // orders has no rating: the table meant is another
        {"SELECT sum(o.status) FROM ordrs o", "ordrs", null}, // its status is text
        {"SELECT stars FROM ordrs", "ordrs", null},
    };

    @Test
    void aWrongColumnIsRepairedOnlyWhenItsCandidateFitsByNameTypeAndRole() {
        List<String> wrong = new ArrayList<>();
        for (String[] c : COLUMNS) {
            String sql = c[0];
            List<TableInfo> inQuery = new ArrayList<>();
            for (TableInfo t : CATALOG.tables()) {
                if (sql.matches("(?s).*\\b(FROM|JOIN) " + t.name() + "\\b.*")) {
                    inQuery.add(t);
                }
            }
            TableInfo owner = c[2] == null ? null : inQuery.stream()
                    .filter(t -> sql.matches("(?s).*\\b" + t.name() + " " + c[2] + "\\b.*")).findFirst().orElseThrow();
            Diagnosis d = new Diagnosis(ErrorCategory.COLUMN_NOT_FOUND, "column does not exist", "42703", c[1], c[2],
                    NameCandidates.columns(c[1], owner, inQuery, CATALOG));
            Repairs.Repair r = Repairs.repair(sql, d, CATALOG);
            String got = r == null ? null : r.sql();
            if (!java.util.Objects.equals(c[3], got)) {
                wrong.add(sql + "\n    expected " + c[3] + "\n    got      " + got + "\n    candidates " + d.candidates());
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void aWrongTableIsRepairedOnlyWhenItHasEveryColumnReadThroughItFitForItsUse() {
        List<String> wrong = new ArrayList<>();
        for (String[] c : TABLES) {
            Diagnosis d = new Diagnosis(ErrorCategory.TABLE_NOT_FOUND, "relation does not exist", "42P01", c[1], null,
                    NameCandidates.tables(c[1], CATALOG));
            Repairs.Repair r = Repairs.repair(c[0], d, CATALOG);
            String got = r == null ? null : r.sql();
            if (!java.util.Objects.equals(c[2], got)) {
                wrong.add(c[0] + "\n    expected " + c[2] + "\n    got      " + got + "\n    candidates " + d.candidates());
            }
        }
        assertEquals(List.of(), wrong);
    }
}
