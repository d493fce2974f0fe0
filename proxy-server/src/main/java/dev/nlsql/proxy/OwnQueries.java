package dev.nlsql.proxy;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where the proxy runs its own fixed queries (settings to report, the type table, the login's checks): pgjdbc's
 * connection under the jdbc:nlsql: one. They are not the client's SQL, and nlsql.passthrough=readonly or deny would
 * refuse them (current_setting is not for SQL text), so no session could start.
 */
final class OwnQueries {

    private OwnQueries() {
    }

    static Connection on(Connection backend) throws SQLException {
        return backend.isWrapperFor(org.postgresql.core.BaseConnection.class) ? backend.unwrap(org.postgresql.core.BaseConnection.class) : backend;
    }
}
