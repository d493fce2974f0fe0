package dev.nlsql.internal.jdbc;

/** The reviewed list, for tests in other packages. */
public final class DriverSqlMethodsAccess {

    private DriverSqlMethodsAccess() {
    }

    /** Whether name(SimpleTypes) is reviewed as running SQL or reaching what does. */
    public static boolean runsSql(String key) {
        return DriverSqlMethods.RUN_SQL.containsKey(key);
    }
}
