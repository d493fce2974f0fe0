package dev.nlsql.internal.sql;

import dev.nlsql.sql.SqlDialect;

/**
 * How a database compares the names of its schemas and tables, and so how an {@code nlsql.tables}
 * pattern ({@link TablePattern}) is matched against a name the database stored or resolved.
 */
public enum NameCase {
    /**
     * PostgreSQL: names are compared exactly; a quoted name keeps its case and an unquoted one folds
     * to lower case (ASCII letters, as the server folds). Pattern parts fold the same way.
     */
    FOLDED,
    /** MySQL and MariaDB with {@code lower_case_table_names=0}: names and patterns compared exactly, as written. */
    EXACT,
    /** MySQL and MariaDB with {@code lower_case_table_names} 1 or 2, and databases read with standard rules: any case. */
    ANY;

    /** The rule a catalog of this dialect is read with (MySQL's exact rule needs its server setting, see GuardedRun). */
    public static NameCase of(SqlDialect dialect) {
        return dialect == SqlDialect.POSTGRESQL ? FOLDED : ANY;
    }
}
