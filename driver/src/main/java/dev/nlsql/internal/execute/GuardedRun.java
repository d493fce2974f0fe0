package dev.nlsql.internal.execute;

import dev.nlsql.NlSqlState;
import dev.nlsql.internal.sql.NameCase;
import dev.nlsql.sql.SqlDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The walls guarded SQL meets at the database, set up inside its read-only transaction in one
 * round trip: a server-side statement timeout, the {@code nlsql.readRole} role, and the
 * resolution of every relation name as the server itself resolves it (PostgreSQL's
 * {@code to_regclass}: temporary schema, {@code pg_catalog}, then the session's search_path, as
 * the role sees them), which {@link RelationCheck} then judges before the statement runs.
 */
public final class GuardedRun {

    /** Judges the relations a guarded statement names, once the database has resolved them. */
    @FunctionalInterface
    public interface RelationCheck {
        /**
         * Why {@code schema.name} (as resolved) may not be read, or null.
         * @param names how the database compares these names: PostgreSQL exactly (a quoted name keeps
         *              its case, so {@code "CUSTOMERS"} is not {@code customers}), MySQL exactly where
         *              {@code lower_case_table_names=0} and in any case otherwise
         */
        String refusal(String schema, String name, NameCase names);
    }

    private final GuardedSql sql;
    private final int timeoutSeconds;
    private final String readRole;
    private final RelationCheck check;

    public GuardedRun(GuardedSql sql, int timeoutSeconds, String readRole, RelationCheck check) {
        this.sql = sql;
        this.timeoutSeconds = timeoutSeconds;
        this.readRole = readRole;
        this.check = check;
    }

    public GuardedSql sql() {
        return sql;
    }

    /** Statements that set the transaction up, after it has been made read-only (PostgreSQL). */
    List<String> postgresSetup() {
        return walls(timeoutSeconds, readRole);
    }

    /**
     * The server-side statement timeout and the read role as SET LOCAL statements (PostgreSQL), for guarded SQL and
     * for nlsql's own reads of rows alike (value sampling, name lookups): both read as the same role.
     */
    static List<String> walls(int timeoutSeconds, String readRole) {
        List<String> setup = new ArrayList<>(2);
        if (timeoutSeconds > 0) {
            setup.add("SET LOCAL statement_timeout = " + (timeoutSeconds * 1000L));
        }
        if (readRole != null) {
            setup.add("SET LOCAL ROLE " + quoteIdentifier(readRole));
        }
        return setup;
    }

    /**
     * The query resolving the statement's relation names, bound to {@link #relationNames()} as one text[]: its text
     * does not change with the names, so pgjdbc prepares it on the server after a few questions and PostgreSQL no
     * longer plans it each time (planning was most of its cost).
     */
    static final String POSTGRES_RESOLUTION = "SELECT w.name, n.nspname, c.relname FROM unnest(?::text[]) WITH ORDINALITY AS w(name, i) "
            + "LEFT JOIN pg_catalog.pg_class c ON c.oid = pg_catalog.to_regclass(w.name) "
            + "LEFT JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace ORDER BY w.i";

    /** The statement's relation names as written, for {@link #POSTGRES_RESOLUTION}; empty when it names none. */
    List<String> relationNames() {
        return sql.relationsAsWritten();
    }

    /** Checks the resolution's rows: a name the database does not know is left to the statement to fail on. */
    void checkResolved(ResultSet rows) throws SQLException {
        while (rows.next()) {
            String schema = rows.getString(2);
            String name = rows.getString(3);
            if (name != null) {
                refuseIf(rows.getString(1), schema, name, NameCase.FOLDED); // pg_class holds the names exactly as stored
            }
        }
    }

    /**
     * Resolves the statement's relation names as MySQL and MariaDB do, and judges them: an
     * unqualified name is the current database's, and names compare as
     * {@code lower_case_table_names} says, exactly where it is 0 (Linux: {@code MDB_APP} and
     * {@code mdb_app} are two databases) and in lower case otherwise. The current database and
     * that setting are read in one round trip that touches no table (so it starts no
     * transaction), each time: a database switched with {@code setCatalog} or {@code USE} since
     * the last statement is the one the statement will read.
     */
    void checkMysql(Connection connection) throws SQLException {
        List<String> names = sql.relationsAsWritten();
        if (names.isEmpty()) {
            return;
        }
        String database;
        boolean lowerCase;
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT DATABASE(), @@lower_case_table_names")) {
            rs.next();
            database = rs.getString(1);
            lowerCase = rs.getInt(2) != 0;
        }
        for (String written : names) {
            if (written.equalsIgnoreCase("dual")) {
                continue; // unquoted, MySQL's word for "no table"; a table named dual must be quoted
            }
            List<String> parts = splitName(written);
            String name = parts.get(parts.size() - 1);
            String schema = parts.size() >= 2 ? parts.get(parts.size() - 2) : database;
            if (lowerCase) {
                name = name.toLowerCase(Locale.ROOT);
                schema = schema == null ? null : schema.toLowerCase(Locale.ROOT);
            }
            refuseIf(written, schema, name, lowerCase ? NameCase.ANY : NameCase.EXACT);
        }
    }

    boolean isPostgres() {
        return sql.dialect() == SqlDialect.POSTGRESQL;
    }

    private void refuseIf(String written, String schema, String name, NameCase names) throws SQLException {
        String refusal = check.refusal(schema, name, names);
        if (refusal != null) {
            throw new RelationRefusedException(written + " (" + (schema == null ? "" : schema + ".") + name + "): " + refusal);
        }
    }

    static String quoteIdentifier(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** Splits a name as written at the dots outside quotes, unquoting each part. */
    static List<String> splitName(String written) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < written.length(); i++) {
            char c = written.charAt(i);
            if (quote != 0) {
                if (c == quote && i + 1 < written.length() && written.charAt(i + 1) == quote) {
                    part.append(c);
                    i++;
                } else if (c == quote) {
                    quote = 0;
                } else {
                    part.append(c);
                }
            } else if (c == '"' || c == '`') {
                quote = c;
            } else if (c == '.') {
                parts.add(part.toString());
                part.setLength(0);
            } else if (!Character.isWhitespace(c)) {
                part.append(c);
            }
        }
        parts.add(part.toString());
        return parts;
    }

    /** A relation the database resolved is not one guarded SQL may read (SQLSTATE NL003). */
    public static final class RelationRefusedException extends SQLException {
        RelationRefusedException(String message) {
            super("table not in the allowed set: " + message, NlSqlState.UNSAFE_SQL.code());
        }
    }
}
