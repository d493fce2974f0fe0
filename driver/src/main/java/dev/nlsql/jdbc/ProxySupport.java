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
}
