package dev.nlsql.internal.check;

import java.sql.SQLException;
import org.postgresql.core.NativeQuery;
import org.postgresql.core.Parser;

/**
 * How many statements pgjdbc itself finds in a text: the guard's reading is confirmed by the
 * driver's own splitter, so a text the two read differently is refused. pgjdbc is optional for
 * nlsql; without it the count is unknown.
 */
final class PgjdbcStatements {

    private static final boolean AVAILABLE = available();

    private PgjdbcStatements() {
    }

    private static boolean available() {
        try {
            Class.forName("org.postgresql.core.Parser", false, PgjdbcStatements.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The statements pgjdbc would send for {@code sql} (standard strings, no JDBC parameters), or -1 when unknown. */
    static int countOrMinusOne(String sql) {
        if (!AVAILABLE) {
            return -1;
        }
        try {
            java.util.List<NativeQuery> queries = Parser.parseJdbcSql(sql, true, false, true, false, false);
            int n = 0;
            for (NativeQuery q : queries) {
                if (!q.nativeSql.isBlank()) {
                    n++;
                }
            }
            return n;
        } catch (SQLException | RuntimeException e) {
            return Integer.MAX_VALUE; // pgjdbc cannot read it: treat as not one statement
        }
    }
}
