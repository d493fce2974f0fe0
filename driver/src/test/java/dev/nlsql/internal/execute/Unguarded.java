package dev.nlsql.internal.execute;

import dev.nlsql.sql.SqlDialect;
import java.util.List;
import java.util.Set;

/** SQL that never met the guard, for tests of the defences behind it (read-only transaction, role, timeouts). */
public final class Unguarded {

    private Unguarded() {
    }

    /** PostgreSQL text with no parse tree, reading {@code relations} as written. */
    public static GuardedSql sql(String sql, List<String> relations) {
        return new GuardedSql(sql, null, Set.of(), null, relations, SqlDialect.POSTGRESQL);
    }
}
