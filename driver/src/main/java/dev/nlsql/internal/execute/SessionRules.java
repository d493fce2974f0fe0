package dev.nlsql.internal.execute;

import dev.nlsql.sql.LexRules;
import dev.nlsql.sql.SqlDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** The lexical rules a session reads SQL with right now: its settings decide what a backslash or a double quote means. */
public final class SessionRules {

    private SessionRules() {
    }

    public static LexRules of(Connection connection, SqlDialect dialect) throws SQLException {
        return switch (dialect) {
            case POSTGRESQL -> LexRules.postgres(PgjdbcSession.standardConformingStrings(connection));
            case MYSQL -> mysql(connection);
            case UNVERIFIED -> new LexRules(SqlDialect.UNVERIFIED, false, true);
        };
    }

    /**
     * Read on every check, in one round trip: a SET passed through since the last one may have
     * changed the sql_mode (backslashes, double quotes) or the client character set.
     */
    private static LexRules mysql(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT @@SESSION.sql_mode, @@SESSION.character_set_client")) {
            return rs.next() ? LexRules.mysql(rs.getString(1), rs.getString(2)) : LexRules.MYSQL;
        }
    }
}
