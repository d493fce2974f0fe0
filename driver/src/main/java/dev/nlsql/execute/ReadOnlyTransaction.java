package dev.nlsql.execute;

import dev.nlsql.check.SqlDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one statement so that it cannot write, and leaves the connection as it found it.
 *
 * <p>In auto-commit mode the statement runs in its own read-only transaction that is rolled
 * back afterwards. Inside the caller's transaction it runs under a savepoint; on PostgreSQL
 * the savepoint is made read-only with {@code SET LOCAL transaction_read_only}, which rolling
 * back to the savepoint undoes, so the caller's transaction goes on read-write and is never
 * left aborted by a failed statement. MySQL cannot make part of a transaction read-only, so
 * there a guarded statement runs only when no transaction is in progress.
 *
 * <p>With a {@link GuardedRun}, the transaction's setup (read-only, statement timeout, role,
 * relation resolution) goes to PostgreSQL in one round trip before the statement.
 */
public final class ReadOnlyTransaction {

    private static final Logger LOG = LoggerFactory.getLogger(ReadOnlyTransaction.class);

    /** The work to run; it must read its results fully before returning (fetch size 0). */
    @FunctionalInterface
    public interface Work<T> {
        T run() throws SQLException;
    }

    private final Connection connection;
    private final SqlDialect dialect;

    public ReadOnlyTransaction(Connection connection, SqlDialect dialect) {
        this.connection = connection;
        this.dialect = dialect;
    }

    public ReadOnlyTransaction(Connection connection, boolean postgres) {
        this(connection, postgres ? SqlDialect.POSTGRESQL : SqlDialect.UNVERIFIED);
    }

    public <T> T run(Work<T> work) throws SQLException {
        return run(null, work);
    }

    /** Runs {@code work} read-only after the walls of {@code guarded} (may be null) are up. */
    public <T> T run(GuardedRun guarded, Work<T> work) throws SQLException {
        boolean postgres = dialect == SqlDialect.POSTGRESQL;
        if (postgres && connection.getAutoCommit() && ServerTransaction.isOpen(connection)) {
            return runInsideSqlTransaction(guarded, work);
        }
        if (dialect == SqlDialect.MYSQL) {
            return runMysql(guarded, work);
        }
        return connection.getAutoCommit() ? runAlone(guarded, work) : runUnderSavepoint(guarded, work);
    }

    /**
     * The caller opened a transaction with SQL (BEGIN) while JDBC's auto-commit stayed on: a JDBC
     * savepoint or rollback would refuse or end that transaction, so the savepoint is SQL too.
     */
    private <T> T runInsideSqlTransaction(GuardedRun guarded, Work<T> work) throws SQLException {
        List<String> setup = new ArrayList<>(List.of("SAVEPOINT nlsql_read_only", "SET LOCAL transaction_read_only = on"));
        try {
            setUp(setup, guarded);
            return work.run();
        } finally {
            execute("ROLLBACK TO SAVEPOINT nlsql_read_only");
            execute("RELEASE SAVEPOINT nlsql_read_only");
        }
    }

    private <T> T runAlone(GuardedRun guarded, Work<T> work) throws SQLException {
        boolean postgres = dialect == SqlDialect.POSTGRESQL;
        boolean wasReadOnly = connection.isReadOnly();
        connection.setAutoCommit(false);
        try {
            if (postgres) {
                setUp(new ArrayList<>(List.of("SET TRANSACTION READ ONLY")), guarded);
            } else if (!wasReadOnly) {
                connection.setReadOnly(true);
            }
            return work.run();
        } finally {
            restoreAfterAlone(wasReadOnly);
        }
    }

    private void restoreAfterAlone(boolean wasReadOnly) throws SQLException {
        try {
            connection.rollback();
        } finally {
            if (dialect == SqlDialect.UNVERIFIED && !wasReadOnly) {
                connection.setReadOnly(false);
            }
            connection.setAutoCommit(true);
        }
    }

    private <T> T runUnderSavepoint(GuardedRun guarded, Work<T> work) throws SQLException {
        Savepoint savepoint = connection.setSavepoint();
        try {
            if (dialect == SqlDialect.POSTGRESQL) {
                setUp(new ArrayList<>(List.of("SET LOCAL transaction_read_only = on")), guarded);
            } else {
                LOG.debug("read-only statement inside a transaction on a database read without exact rules: guarded, not enforced");
            }
            return work.run();
        } finally {
            connection.rollback(savepoint);
            try {
                connection.releaseSavepoint(savepoint);
            } catch (SQLException e) {
                LOG.debug("savepoint release failed after rollback: {}", e.getMessage());
            }
        }
    }

    /**
     * MySQL: SET TRANSACTION READ ONLY applies to the next transaction and fails while one is in
     * progress, which is exactly when the statement could not be kept from writing.
     */
    private <T> T runMysql(GuardedRun guarded, Work<T> work) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        if (autoCommit) {
            connection.setAutoCommit(false);
        }
        try {
            try {
                execute("SET TRANSACTION READ ONLY");
            } catch (SQLException e) {
                throw new SQLException("On MySQL and MariaDB a question runs read-only only outside a transaction in progress: "
                        + "commit or roll back first (" + e.getMessage() + ")", "25001", e);
            }
            if (guarded != null) {
                guarded.checkMysql(connection);
            }
            return work.run();
        } finally {
            try {
                connection.rollback();
            } finally {
                if (autoCommit) {
                    connection.setAutoCommit(true);
                }
            }
        }
    }

    /** The setup statements, the guarded run's own, and its relation resolution: one round trip. */
    private void setUp(List<String> setup, GuardedRun guarded) throws SQLException {
        String resolution = null;
        if (guarded != null) {
            setup.addAll(guarded.postgresSetup());
            resolution = guarded.postgresResolution();
        }
        if (resolution == null) {
            GuardedRun.executeAll(connection, setup);
            return;
        }
        setup.add(resolution);
        try (Statement s = connection.createStatement()) {
            s.setEscapeProcessing(false);
            boolean rows = s.execute(String.join("; ", setup));
            while (true) {
                if (rows) {
                    try (ResultSet rs = s.getResultSet()) {
                        guarded.checkResolved(rs);
                    }
                } else if (s.getUpdateCount() == -1) {
                    break;
                }
                rows = s.getMoreResults();
            }
        }
    }

    private void execute(String sql) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(sql);
        }
    }
}
