package dev.nlsql.execute;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Runs one guarded query read-only, with a statement timeout and a row cap, on a statement of
 * its own (the caller's statement settings are left alone). The rows are read before the
 * read-only transaction ends; the statement closes with its result set.
 */
public final class QueryRunner {

    private QueryRunner() {
    }

    public static ResultSet run(Connection connection, boolean postgres, String sql, int maxRows, int timeoutSeconds)
            throws SQLException {
        Statement statement = connection.createStatement();
        try {
            statement.setMaxRows(maxRows);
            statement.setQueryTimeout(timeoutSeconds);
            statement.setFetchSize(0);
            ResultSet rs = new ReadOnlyTransaction(connection, postgres).run(() -> statement.executeQuery(sql));
            statement.closeOnCompletion();
            return rs;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }
}
