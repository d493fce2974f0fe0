package dev.nlsql.internal.check;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** PostgreSQL's functions (every schema), read once per database from {@code pg_proc} for the {@link FunctionPolicy}. */
public final class PgFunctions {

    /** One function: its schema and its volatility ({@code i}, {@code s} or {@code v}). */
    public record Entry(String schema, char volatility) {
    }

    private static final String QUERY = "SELECT p.proname, n.nspname, p.provolatile FROM pg_catalog.pg_proc p "
            + "JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace";

    private PgFunctions() {
    }

    /** Every function name with the schemas and volatilities it has. */
    public static Map<String, List<Entry>> read(Connection connection) throws SQLException {
        Map<String, List<Entry>> byName = new HashMap<>(4096);
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(QUERY)) {
            while (rs.next()) {
                String volatility = rs.getString(3);
                byName.computeIfAbsent(rs.getString(1), k -> new ArrayList<>(1))
                        .add(new Entry(rs.getString(2), volatility == null || volatility.isEmpty() ? 'v' : volatility.charAt(0)));
            }
        }
        return Map.copyOf(byName);
    }
}
