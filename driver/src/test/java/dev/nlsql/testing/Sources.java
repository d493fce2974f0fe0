package dev.nlsql.testing;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** Shared set-up of the tests of attached sources (nlsql.source.<name>): the property, and a MariaDB CRM to join. */
public final class Sources {

    private Sources() {
    }

    /** The URL parameter that attaches {@code url} as source {@code name} (percent-encoded, as inside a URL). */
    public static String param(String name, String url) {
        return "nlsql.source." + name + "=" + URLEncoder.encode(url, StandardCharsets.UTF_8);
    }

    /** A MariaDB database {@code database} (made anew) holding crm_contacts: customers 1 and 3 are gold. */
    public static String mariaDbCrm(String database) throws SQLException {
        TestMariaDb.require();
        TestMariaDb.recreateDatabase(database);
        try (Connection m = TestMariaDb.connect(database); Statement s = m.createStatement()) {
            s.execute("CREATE TABLE crm_contacts (customer_id INT PRIMARY KEY, `e-mail` VARCHAR(100), tier VARCHAR(10))");
            s.execute("INSERT INTO crm_contacts VALUES (1, 'ada@x.org', 'gold'), (2, 'bob@x.org', 'silver'), (3, 'cy@x.org', 'gold')");
        }
        return TestMariaDb.url(database);
    }

    /** A plan joining the gold contacts of {@link #mariaDbCrm} (source crm) with {@code customers} (id, name) on main. */
    public static String crmJoinPlan(String customers) {
        return """
                {"answerable": true, "steps": [
                  {"purpose": "gold contacts", "source": "crm", "sql": "SELECT customer_id, `e-mail` AS email FROM crm_contacts WHERE tier = 'gold'"},
                  {"purpose": "customers", "sql": "SELECT id, name FROM %s"},
                  {"purpose": "join", "source": "local", "sql": "SELECT step2.name, step1.email FROM step1 JOIN step2 ON step2.id = step1.customer_id WHERE step1.email ILIKE '%%@x.org' ORDER BY step2.name"}
                ]}""".formatted(customers);
    }
}
