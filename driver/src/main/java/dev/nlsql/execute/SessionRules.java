package dev.nlsql.execute;

import dev.nlsql.check.LexRules;
import dev.nlsql.check.SqlDialect;
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
            case MYSQL -> LexRules.mysql(sqlMode(connection));
            case UNVERIFIED -> new LexRules(SqlDialect.UNVERIFIED, false, true);
        };
    }

    /** Read on every check: a SET passed through since the last one may have changed it. */
    private static String sqlMode(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT @@SESSION.sql_mode")) {
            return rs.next() ? rs.getString(1) : "";
        }
    }
}
