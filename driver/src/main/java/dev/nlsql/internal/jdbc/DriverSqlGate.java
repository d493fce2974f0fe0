package dev.nlsql.internal.jdbc;

import java.sql.SQLException;

/**
 * What a handed-out object asks before one of the wrapped driver's own methods that takes SQL text, or hands out
 * something that runs SQL on the real connection, runs on the delegate ({@link DriverSqlMethods}): nlsql.passthrough.
 */
@FunctionalInterface
public interface DriverSqlGate {

    /** Returns when {@code method} (as "Interface.name(Types)") may run on the delegate; else throws why not. */
    void admit(String method) throws SQLException;
}
