package dev.nlsql.jdbc;

/**
 * What a PostgreSQL wire-protocol proxy (nlsql's own, {@code nlsql-proxy}) needs from an nlsql connection beyond JDBC.
 * Obtained with {@code connection.unwrap(ProxySupport.class)}; applications have no use for it.
 */
public interface ProxySupport {

    /**
     * True when SQL text reaches the database untouched ({@code nlsql.passthrough=allow}): the proxy may then relay a
     * client's SQL messages to the database's own protocol stream; otherwise every statement goes through the connection.
     */
    boolean passesSqlUntouched();

    /**
     * The proxy sent its client an error of its own (not the database's) while a transaction block was open: the block
     * fails on the database as PostgreSQL fails it at any error, so that what follows gets 25P02, COMMIT rolls back and
     * ReadyForQuery says 'E' (issue 38). Nothing outside a block, on databases other than PostgreSQL, or when the
     * block has failed already. The error's SQLSTATE names the failure on the database (its message stays here).
     */
    void failTransaction(java.sql.SQLException error);
}
