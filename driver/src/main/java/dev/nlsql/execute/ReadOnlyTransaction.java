package dev.nlsql.execute;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one statement so that it cannot write, and leaves the connection as it found it.
 *
 * <p>In auto-commit mode the statement runs in its own read-only transaction that is rolled
 * back afterwards. Inside the caller's transaction it runs under a savepoint; on PostgreSQL
 * the savepoint is made read-only with {@code SET LOCAL transaction_read_only}, which rolling
 * back to the savepoint undoes, so the caller's transaction goes on read-write and is never
 * left aborted by a failed statement.
 */
public final class ReadOnlyTransaction {

    private static final Logger LOG = LoggerFactory.getLogger(ReadOnlyTransaction.class);

    /** The work to run; it must read its results fully before returning (fetch size 0). */
    @FunctionalInterface
    public interface Work<T> {
        T run() throws SQLException;
    }

    private final Connection connection;
    private final boolean postgres;

    public ReadOnlyTransaction(Connection connection, boolean postgres) {
        this.connection = connection;
        this.postgres = postgres;
    }

    public <T> T run(Work<T> work) throws SQLException {
        if (postgres && connection.getAutoCommit() && ServerTransaction.isOpen(connection)) {
            return runInsideSqlTransaction(work);
        }
        return connection.getAutoCommit() ? runAlone(work) : runUnderSavepoint(work);
    }

    /**
     * The caller opened a transaction with SQL (BEGIN) while JDBC's auto-commit stayed on: a JDBC
     * savepoint or rollback would refuse or end that transaction, so the savepoint is SQL too.
     */
    private <T> T runInsideSqlTransaction(Work<T> work) throws SQLException {
        execute("SAVEPOINT nlsql_read_only");
        try {
            execute("SET LOCAL transaction_read_only = on");
            return work.run();
        } finally {
            execute("ROLLBACK TO SAVEPOINT nlsql_read_only");
            execute("RELEASE SAVEPOINT nlsql_read_only");
        }
    }

    private <T> T runAlone(Work<T> work) throws SQLException {
        boolean wasReadOnly = connection.isReadOnly();
        connection.setAutoCommit(false);
        try {
            if (postgres) {
                execute("SET TRANSACTION READ ONLY");
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
            if (!postgres && !wasReadOnly) {
                connection.setReadOnly(false);
            }
            connection.setAutoCommit(true);
        }
    }

    private <T> T runUnderSavepoint(Work<T> work) throws SQLException {
        Savepoint savepoint = connection.setSavepoint();
        try {
            if (postgres) {
                execute("SET LOCAL transaction_read_only = on");
            } else {
                LOG.debug("read-only statement inside a transaction on a non-PostgreSQL database: guarded, not enforced");
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

    private void execute(String sql) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(sql);
        }
    }
}
