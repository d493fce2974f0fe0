package dev.nlsql.sql;

import java.util.Locale;

/** The SQL dialects the guard reads exactly; any other database is {@link #UNVERIFIED}. */
public enum SqlDialect {
    POSTGRESQL, MYSQL, UNVERIFIED;

    /** The dialect of a database, from its {@code DatabaseMetaData.getDatabaseProductName()}. */
    public static SqlDialect ofProduct(String productName) {
        String p = productName == null ? "" : productName.toLowerCase(Locale.ROOT);
        if (p.equals("postgresql")) {
            return POSTGRESQL;
        }
        if (p.equals("mysql") || p.equals("mariadb")) {
            return MYSQL;
        }
        return UNVERIFIED;
    }
}
