package dev.nlsql.internal.execute;

import dev.nlsql.sql.SqlDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * For tests that use the database as the oracle: runs guarded SQL with the steps of
 * {@link QueryRunner#run(Connection, GuardedRun, int, int, long)} (the same prepared text, escape
 * processing off, the same read-only transaction with its walls), and lets the caller look at the
 * session while that transaction is still open, before the rollback hides what the statement did.
 * Keep it in step with QueryRunner.
 */
public final class GuardedExecution {

    /** Sees the statement's rows, then the session, inside the read-only transaction. */
    @FunctionalInterface
    public interface Inside<T> {
        T look(ResultSet rows) throws SQLException;
    }

    private GuardedExecution() {
    }

    /** The text PostgreSQL receives in its one Parse message. */
    public static String preparedText(String sql, SqlDialect dialect) {
        return QueryRunner.forPreparedStatement(sql, dialect);
    }

    public static <T> T run(Connection connection, GuardedRun guarded, int maxRows, int timeoutSeconds, Inside<T> inside)
            throws SQLException {
        SqlDialect dialect = guarded.sql().dialect();
        if (dialect == SqlDialect.POSTGRESQL) {
            PgjdbcSession.requireExtendedProtocol(connection);
        }
        try (PreparedStatement statement = connection.prepareStatement(preparedText(guarded.sql().sql(), dialect))) {
            statement.setEscapeProcessing(false);
            statement.setMaxRows(maxRows);
            statement.setQueryTimeout(timeoutSeconds);
            statement.setFetchSize(0);
            return new ReadOnlyTransaction(connection, dialect).run(guarded, () -> {
                try (ResultSet rows = statement.executeQuery()) {
                    return inside.look(rows);
                }
            });
        }
    }
}
