package dev.nlsql.internal.execute;

import dev.nlsql.sql.SqlDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Runs one query read-only, with a statement timeout and a row cap, on a statement of its own
 * (the caller's statement settings are left alone). The rows are read before the read-only
 * transaction ends; the statement closes with its result set.
 *
 * <p>Guarded SQL runs as a prepared statement without JDBC escape processing, so that on
 * PostgreSQL it reaches the server as one Parse message, which the server refuses to hold more
 * than one command, and nothing in the driver rewrites it; its rows are capped in bytes too.
 */
public final class QueryRunner {

    /** Rows a streaming driver (MariaDB Connector/J) reads per round trip while they are counted. */
    private static final int STREAMED_ROWS = 100;

    private QueryRunner() {
    }

    /**
     * Runs SQL nlsql wrote itself (value sampling): read-only, as {@code readRole} (null: the login user; PostgreSQL only),
     * with a timeout (the server's and the driver's) and a row cap, as guarded SQL runs.
     */
    public static ResultSet run(Connection connection, boolean postgres, String readRole, String sql, int maxRows,
            int timeoutSeconds) throws SQLException {
        Statement statement = connection.createStatement();
        return runOwn(connection, postgres, readRole, statement, maxRows, timeoutSeconds, () -> statement.executeQuery(sql));
    }

    /**
     * Runs SQL nlsql wrote itself around values it must not trust (a phrase of the question), which reach the
     * database only as the bound {@code parameters} (String or Integer): read-only, as {@code readRole}, with a timeout and
     * a row cap.
     */
    public static ResultSet run(Connection connection, boolean postgres, String readRole, String sql, List<?> parameters,
            int maxRows, int timeoutSeconds) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            statement.setEscapeProcessing(false);
            for (int i = 0; i < parameters.size(); i++) {
                Object p = parameters.get(i);
                if (p instanceof Integer n) {
                    statement.setInt(i + 1, n);
                } else {
                    statement.setString(i + 1, (String) p);
                }
            }
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
        return runOwn(connection, postgres, readRole, statement, maxRows, timeoutSeconds, statement::executeQuery);
    }

    private static ResultSet runOwn(Connection connection, boolean postgres, String readRole, Statement statement, int maxRows,
            int timeoutSeconds, ReadOnlyTransaction.Work<ResultSet> query) throws SQLException {
        try {
            statement.setMaxRows(maxRows);
            statement.setQueryTimeout(timeoutSeconds);
            statement.setFetchSize(0);
            // MySQL has a read-only path of its own (it cannot make part of a transaction read-only)
            SqlDialect dialect = postgres ? SqlDialect.POSTGRESQL : SqlDialect.ofProduct(connection.getMetaData().getDatabaseProductName());
            ResultSet rs = new ReadOnlyTransaction(connection, dialect).runAs(readRole, timeoutSeconds, query);
            statement.closeOnCompletion();
            return rs;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    /**
     * Runs a guarded statement behind every wall: read-only, timeout, role, resolved relations, rows
     * capped in number and in bytes (PostgreSQL through pgjdbc, MySQL/MariaDB); {@code maxResultBytes} 0 means no byte cap.
     */
    public static ResultSet run(Connection connection, GuardedRun guarded, int maxRows, int timeoutSeconds, long maxResultBytes)
            throws SQLException {
        SqlDialect dialect = guarded.sql().dialect();
        PreparedStatement statement = guardedStatement(connection, guarded, maxRows, timeoutSeconds);
        try {
            boolean pgjdbcCap = maxResultBytes > 0 && dialect == SqlDialect.POSTGRESQL && cappable(statement);
            boolean copyCap = maxResultBytes > 0 && dialect == SqlDialect.MYSQL;
            // rows stream (a cursor inside the transaction, or the driver's streaming), so bytes are counted as they arrive
            statement.setFetchSize(pgjdbcCap ? 1 : copyCap ? STREAMED_ROWS : 0);
            ResultSet rs = new ReadOnlyTransaction(connection, dialect).run(guarded, () -> pgjdbcCap
                    ? PgjdbcRows.readCapped(statement, statement.executeQuery(), maxResultBytes)
                    : copyCap ? CountedRows.copy(statement.executeQuery(), maxResultBytes) : statement.executeQuery());
            statement.closeOnCompletion();
            return rs;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    /**
     * As {@link #run(Connection, GuardedRun, int, int, long)} without a byte cap, for a caller that reads the rows as
     * they come ({@code fetchSize} > 0): on PostgreSQL they stream through a cursor of {@code fetchSize} rows (which the
     * result set's setFetchSize changes as it goes), and the read-only transaction lasts until the rows are closed.
     */
    public static ResultSet stream(Connection connection, GuardedRun guarded, int maxRows, int timeoutSeconds, int fetchSize)
            throws SQLException {
        SqlDialect dialect = guarded.sql().dialect();
        if (dialect != SqlDialect.POSTGRESQL) {
            return run(connection, guarded, maxRows, timeoutSeconds, 0);
        }
        PreparedStatement statement = guardedStatement(connection, guarded, maxRows, timeoutSeconds);
        try {
            statement.setFetchSize(fetchSize);
            ReadOnlyTransaction.Scope scope = new ReadOnlyTransaction(connection, dialect).open(guarded);
            ResultSet rs;
            try {
                rs = statement.executeQuery();
            } catch (SQLException | RuntimeException e) {
                try (scope) {
                    throw e;
                }
            }
            statement.closeOnCompletion();
            return new ScopedRows(rs, scope);
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    /** The guarded statement, prepared without escape processing, with its row cap and timeout. */
    private static PreparedStatement guardedStatement(Connection connection, GuardedRun guarded, int maxRows, int timeoutSeconds)
            throws SQLException {
        SqlDialect dialect = guarded.sql().dialect();
        if (dialect == SqlDialect.POSTGRESQL) {
            PgjdbcSession.requireExtendedProtocol(connection);
        }
        PreparedStatement statement = connection.prepareStatement(forPreparedStatement(guarded.sql().sql(), dialect));
        try {
            statement.setEscapeProcessing(false);
            statement.setMaxRows(maxRows);
            statement.setQueryTimeout(timeoutSeconds);
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    private static boolean cappable(PreparedStatement statement) {
        try {
            return PgjdbcRows.applies(statement);
        } catch (LinkageError noPgjdbc) {
            return false;
        }
    }

    /**
     * pgjdbc reads '?' outside strings as a parameter in a prepared statement and '??' as a
     * literal '?': the guarded text has no parameters, so its '?' operators (jsonb) are doubled.
     */
    static String forPreparedStatement(String sql, SqlDialect dialect) {
        if (dialect != SqlDialect.POSTGRESQL || sql.indexOf('?') < 0) {
            return sql;
        }
        StringBuilder b = new StringBuilder(sql.length() + 4);
        int copied = 0;
        for (dev.nlsql.sql.SqlLexer.Token t : dev.nlsql.sql.SqlLexer.tokenize(sql).tokens()) {
            boolean operator = t.type() == dev.nlsql.sql.SqlLexer.Type.OPERATOR || t.type() == dev.nlsql.sql.SqlLexer.Type.PARAM;
            if (operator && t.text().indexOf('?') >= 0) {
                b.append(sql, copied, t.start()).append(t.text().replace("?", "??"));
                copied = t.end();
            }
        }
        return b.append(sql.substring(copied)).toString();
    }
}
