package dev.nlsql.sql;

import dev.nlsql.sql.SqlDialect;

import java.util.Locale;
import java.util.Set;

/**
 * The lexical rules a database reads SQL text with, as far as they decide where strings,
 * quoted names and comments begin and end.
 *
 * @param dialect          whose scanner to follow
 * @param plainEscapes     backslash escapes in plain '...' strings: PostgreSQL with
 *                         {@code standard_conforming_strings=off}, MySQL unless {@code NO_BACKSLASH_ESCAPES}
 * @param doubleQuoteNames {@code "..."} is a quoted name (PostgreSQL, MySQL with {@code ANSI_QUOTES}), else a string
 * @param asciiOnly        only ASCII text reads as the guard reads it: the session's character set is one
 *                         whose multi-byte characters may end in a byte that is a backslash or a quote in ASCII
 *                         (MySQL's big5, cp932, gbk, sjis, gb18030), so a client sending another encoding
 *                         would have the server read a quote or backslash into a character, or out of one
 */
public record LexRules(SqlDialect dialect, boolean plainEscapes, boolean doubleQuoteNames, boolean asciiOnly) {

    /** PostgreSQL with its default settings. */
    public static final LexRules POSTGRESQL = new LexRules(SqlDialect.POSTGRESQL, false, true);
    /** MySQL and MariaDB with their default sql_mode. */
    public static final LexRules MYSQL = new LexRules(SqlDialect.MYSQL, true, false);
    /** MySQL character sets in which a byte 0x5C or 0x27 can be the second byte of a character. */
    private static final Set<String> MULTI_BYTE_WITH_ASCII_TAILS = Set.of("big5", "cp932", "gbk", "sjis", "gb18030");

    public LexRules(SqlDialect dialect, boolean plainEscapes, boolean doubleQuoteNames) {
        this(dialect, plainEscapes, doubleQuoteNames, false);
    }

    public static LexRules postgres(boolean standardConformingStrings) {
        return new LexRules(SqlDialect.POSTGRESQL, !standardConformingStrings, true);
    }

    /** MySQL rules for a session's sql_mode. */
    public static LexRules mysql(String sqlMode) {
        return mysql(sqlMode, null);
    }

    /** MySQL rules for a session's sql_mode and {@code character_set_client} (null when unknown). */
    public static LexRules mysql(String sqlMode, String clientCharset) {
        String mode = sqlMode == null ? "" : "," + sqlMode.toUpperCase(Locale.ROOT).replace(" ", "") + ",";
        boolean asciiOnly = clientCharset != null && MULTI_BYTE_WITH_ASCII_TAILS.contains(clientCharset.toLowerCase(Locale.ROOT));
        return new LexRules(SqlDialect.MYSQL, !mode.contains(",NO_BACKSLASH_ESCAPES,"), mode.contains(",ANSI_QUOTES,"), asciiOnly);
    }
}
