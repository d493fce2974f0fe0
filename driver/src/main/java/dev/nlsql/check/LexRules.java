package dev.nlsql.check;

/**
 * The lexical rules a database reads SQL text with, as far as they decide where strings,
 * quoted names and comments begin and end.
 *
 * @param dialect          whose scanner to follow
 * @param plainEscapes     backslash escapes in plain '...' strings: PostgreSQL with
 *                         {@code standard_conforming_strings=off}, MySQL unless {@code NO_BACKSLASH_ESCAPES}
 * @param doubleQuoteNames {@code "..."} is a quoted name (PostgreSQL, MySQL with {@code ANSI_QUOTES}), else a string
 */
public record LexRules(SqlDialect dialect, boolean plainEscapes, boolean doubleQuoteNames) {

    /** PostgreSQL with its default settings. */
    public static final LexRules POSTGRESQL = new LexRules(SqlDialect.POSTGRESQL, false, true);
    /** MySQL and MariaDB with their default sql_mode. */
    public static final LexRules MYSQL = new LexRules(SqlDialect.MYSQL, true, false);

    public static LexRules postgres(boolean standardConformingStrings) {
        return new LexRules(SqlDialect.POSTGRESQL, !standardConformingStrings, true);
    }

    /** MySQL rules for a session's sql_mode. */
    public static LexRules mysql(String sqlMode) {
        String mode = sqlMode == null ? "" : "," + sqlMode.toUpperCase(java.util.Locale.ROOT).replace(" ", "") + ",";
        return new LexRules(SqlDialect.MYSQL, !mode.contains(",NO_BACKSLASH_ESCAPES,"), mode.contains(",ANSI_QUOTES,"));
    }
}
