package dev.nlsql.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A scratch PostgreSQL database whose tables have twins that differ from them only in case, for the
 * {@code nlsql.tables} case tests (driver and proxy): {@code public.customers} and
 * {@code public."CUSTOMERS"}, {@code sales.payroll} and {@code "Sales".payroll}, and a schema
 * {@code "PG_CATALOG"} that is not {@code pg_catalog}. Each twin is a view that takes a session-level
 * advisory lock (its key below) for the row it gives, so PostgreSQL itself shows whether a session
 * ever read it: the lock outlives the read-only transaction and is held until the session ends.
 */
public final class CaseTwins {

    /** Advisory lock keys taken by reading {@code public."CUSTOMERS"}, {@code "Sales".payroll} and {@code "PG_CATALOG".notes}. */
    public static final long CUSTOMERS_TWIN = 22_001;
    public static final long SALES_TWIN = 22_002;
    public static final long PG_CATALOG_TWIN = 22_003;
    /** The value of each twin, which must never reach a prompt unless the twin is allowed. */
    public static final String CUSTOMERS_TWIN_VALUE = "Zanzibar Marmalade";
    public static final String SALES_TWIN_VALUE = "Quentin Quillfeather";

    private CaseTwins() {
    }

    /** Creates the database afresh (dropping a leftover of an aborted run) and returns its plain URL. */
    public static String create(String database) throws SQLException {
        TestPostgres.dropDatabase(database);
        return TestPostgres.database(database,
                "CREATE TABLE public.customers (id int PRIMARY KEY, name text)",
                "INSERT INTO public.customers VALUES (1, 'Ada Lovelace'), (2, 'Grace Hopper')",
                "CREATE VIEW public.\"CUSTOMERS\" AS SELECT v.id, v.name FROM (VALUES (1, '" + CUSTOMERS_TWIN_VALUE + "')) AS v(id, name)"
                        + " WHERE pg_try_advisory_lock(" + CUSTOMERS_TWIN + ")",
                "CREATE SCHEMA sales",
                "CREATE TABLE sales.payroll (id int PRIMARY KEY, employee text, salary int)",
                "INSERT INTO sales.payroll VALUES (1, 'Petra Plainfield', 100)",
                "CREATE SCHEMA \"Sales\"",
                "CREATE VIEW \"Sales\".payroll AS SELECT v.id, v.employee, v.salary FROM (VALUES (1, '" + SALES_TWIN_VALUE
                        + "', 999999)) AS v(id, employee, salary) WHERE pg_try_advisory_lock(" + SALES_TWIN + ")",
                "CREATE SCHEMA \"PG_CATALOG\"",
                "CREATE VIEW \"PG_CATALOG\".notes AS SELECT 'Obsidian Lantern'::text AS note WHERE pg_try_advisory_lock(" + PG_CATALOG_TWIN + ")");
    }

    /** The twins the sessions named {@code applicationName} have read (their lock keys, ascending), read from pg_locks. */
    public static List<Long> read(String url, String applicationName) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            return lockKeys(c, "JOIN pg_catalog.pg_stat_activity a ON a.pid = l.pid WHERE a.application_name = ?", applicationName);
        }
    }

    /** The twins any session in {@code database} has read (their lock keys, ascending), for sessions one cannot name (a proxy's). */
    public static List<Long> readIn(String database) throws SQLException {
        try (Connection c = TestPostgres.connect()) {
            return lockKeys(c, "JOIN pg_catalog.pg_database d ON d.oid = l.database WHERE d.datname = ?", database);
        }
    }

    private static List<Long> lockKeys(Connection c, String whose, String value) throws SQLException {
        List<Long> keys = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT l.objid FROM pg_catalog.pg_locks l " + whose
                + " AND l.locktype = 'advisory' AND l.classid = 0 ORDER BY 1")) {
            ps.setString(1, value);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    keys.add(rs.getLong(1));
                }
            }
        }
        return keys;
    }

    public static void drop(String database) throws SQLException {
        TestPostgres.dropDatabase(database);
    }
}
