package dev.nlsql.internal.execute;

import dev.nlsql.internal.SqlState;
import dev.nlsql.internal.log.Secrets;
import dev.nlsql.sql.SqlDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import dev.nlsql.internal.log.Logs;
import org.slf4j.Logger;

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

    private static final Logger LOG = Logs.get(ReadOnlyTransaction.class);

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
        if (dialect == SqlDialect.MYSQL) {
            return runMysql(guarded, work);
        }
        try (Scope scope = open(guarded)) {
            return work.run();
        }
    }

    /**
     * Runs nlsql's own read of rows (value sampling, a name lookup) read-only behind the walls guarded SQL meets:
     * on PostgreSQL, a server-side {@code statement_timeout} of {@code timeoutSeconds} and {@code readRole} (null: none),
     * so that it sees only the rows the answer's own SQL may see. A read role on another database is refused (it is
     * only ever configured on PostgreSQL).
     */
    public <T> T runAs(String readRole, int timeoutSeconds, Work<T> work) throws SQLException {
        if (dialect == SqlDialect.MYSQL) {
            requireNoRole(readRole);
            return runMysql(null, work);
        }
        if (dialect != SqlDialect.POSTGRESQL) {
            requireNoRole(readRole);
        }
        try (Scope scope = open(null, GuardedRun.walls(timeoutSeconds, readRole))) {
            return work.run();
        }
    }

    private void requireNoRole(String readRole) throws SQLException {
        if (readRole != null) {
            throw new SQLException("nlsql.readRole works on PostgreSQL only: nlsql reads no rows without its role",
                    SqlState.FEATURE_NOT_SUPPORTED.code());
        }
    }

    /** Ends a read-only scope: the connection is as {@link #open} found it. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close() throws SQLException;
    }

    /**
     * Puts up what {@link #run} puts around its work and hands back its end, so that rows can be read through a
     * cursor after this returns: closing the scope ends it as {@code run} does. Not for MySQL, whose read-only
     * transaction cannot outlive its statement's checks. A failed setup leaves the connection as it was.
     *
     * <p>In auto-commit mode the scope is a read-only transaction of its own, rolled back at the end. Inside the
     * caller's JDBC transaction it is a savepoint, made read-only on PostgreSQL with {@code SET LOCAL
     * transaction_read_only} (rolling back to it undoes that). When the caller opened a transaction with SQL (BEGIN)
     * while JDBC's auto-commit stayed on, a JDBC savepoint or rollback would refuse or end that transaction, so the
     * savepoint is SQL too.
     */
    public Scope open(GuardedRun guarded) throws SQLException {
        return open(guarded, guarded == null ? List.of() : guarded.postgresSetup());
    }

    /** As {@link #open(GuardedRun)}, with {@code walls} (timeout, role: PostgreSQL SET LOCAL statements) set up after read-only. */
    private Scope open(GuardedRun guarded, List<String> walls) throws SQLException {
        if (dialect == SqlDialect.MYSQL) {
            throw new IllegalStateException("MySQL's read-only statements run through run()");
        }
        boolean postgres = dialect == SqlDialect.POSTGRESQL;
        List<String> setup = null;
        boolean markReadOnly = false;
        Scope scope;
        if (postgres && connection.getAutoCommit() && ServerTransaction.isOpen(connection)) {
            setup = new ArrayList<>(List.of("SAVEPOINT nlsql_read_only", "SET LOCAL transaction_read_only = on"));
            scope = () -> {
                execute("ROLLBACK TO SAVEPOINT nlsql_read_only");
                execute("RELEASE SAVEPOINT nlsql_read_only");
            };
        } else if (connection.getAutoCommit()) {
            boolean wasReadOnly = connection.isReadOnly();
            connection.setAutoCommit(false);
            scope = () -> restoreAfterAlone(wasReadOnly);
            if (postgres) {
                setup = new ArrayList<>(List.of("SET TRANSACTION READ ONLY"));
            } else {
                markReadOnly = !wasReadOnly;
            }
        } else {
            Savepoint savepoint = connection.setSavepoint();
            scope = () -> rollbackTo(savepoint);
            if (postgres) {
                setup = new ArrayList<>(List.of("SET LOCAL transaction_read_only = on"));
            } else {
                LOG.debug("read-only statement inside a transaction on a database read without exact rules: guarded, not enforced");
            }
        }
        try {
            if (postgres) {
                setup.addAll(walls);
                setUp(setup, guarded);
            } else if (markReadOnly) {
                connection.setReadOnly(true);
            }
        } catch (SQLException | RuntimeException | Error e) {
            try {
                scope.close();
            } catch (SQLException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        return scope;
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

    private void rollbackTo(Savepoint savepoint) throws SQLException {
        connection.rollback(savepoint);
        try {
            connection.releaseSavepoint(savepoint);
        } catch (SQLException e) {
            LOG.debug("savepoint release failed after rollback: {}", Secrets.forLog(e.getMessage()));
        }
    }

    /**
     * MySQL and MariaDB: {@code SET TRANSACTION READ ONLY} makes the next transaction read-only, and
     * fails (1568, SQLSTATE 25001) while one is in progress, which is exactly when the statement
     * could not be kept from writing: then nothing has been changed and the caller's transaction
     * goes on as it was (no rollback, no auto-commit switch, which would commit it).
     *
     * <p>The statement runs as that next transaction, in auto-commit mode or not. An explicit
     * ROLLBACK follows in every case: it ends the statement's transaction, and it also clears the
     * pending READ ONLY when the statement started none (a SELECT that reads no table, a statement
     * that failed to parse), which would otherwise make the caller's next transaction read-only.
     * JDBC's {@code rollback()} is not enough: drivers skip it when they see no transaction open.
     */
    private <T> T runMysql(GuardedRun guarded, Work<T> work) throws SQLException {
        if (guarded != null) {
            guarded.checkMysql(connection); // its round trip reads no table, so it starts no transaction
        }
        requireNoMysqlTransaction(true);
        T result;
        try {
            result = work.run();
        } catch (SQLException | RuntimeException | Error e) {
            try {
                execute("ROLLBACK");
            } catch (SQLException rollback) {
                e.addSuppressed(rollback);
            }
            throw e;
        }
        execute("ROLLBACK");
        return result;
    }

    /**
     * MySQL and MariaDB: refuses (SQLSTATE 25001, the caller's transaction untouched) when a
     * transaction is in progress on the connection, so a question fails before any work is done
     * for it instead of after the model was asked. Does nothing on other databases.
     */
    public void requireNoTransactionInProgress() throws SQLException {
        if (dialect == SqlDialect.MYSQL) {
            requireNoMysqlTransaction(false);
        }
    }

    /** Probes with SET TRANSACTION READ ONLY; unless {@code keep}, the pending characteristic is cleared again. */
    private void requireNoMysqlTransaction(boolean keep) throws SQLException {
        try {
            execute("SET TRANSACTION READ ONLY");
        } catch (SQLException e) {
            if (e.getErrorCode() == 1568 || SqlState.ACTIVE_SQL_TRANSACTION.is(e)) {
                throw new SQLException("A transaction is in progress on this connection, and MySQL and MariaDB cannot make part "
                        + "of a transaction read-only: nlsql runs questions and guarded SQL only outside a transaction. Commit or "
                        + "roll back first; your transaction was left as it was.", SqlState.ACTIVE_SQL_TRANSACTION.code(), e);
            }
            throw e;
        }
        if (!keep) {
            execute("ROLLBACK"); // no transaction was in progress: this ends none of the caller's
        }
    }

    /**
     * The setup statements, the guarded run's own, and its relation resolution: one round trip, as one prepared
     * statement whose text is the same from question to question (the names are its one parameter), so that pgjdbc
     * prepares its parts on the server after {@code prepareThreshold} uses.
     */
    private void setUp(List<String> setup, GuardedRun guarded) throws SQLException {
        List<String> names = guarded == null ? List.of() : guarded.relationNames();
        if (!names.isEmpty()) {
            setup.add(GuardedRun.POSTGRES_RESOLUTION);
        }
        if (setup.isEmpty()) {
            return;
        }
        try (PreparedStatement s = connection.prepareStatement(String.join("; ", setup))) {
            s.setEscapeProcessing(false);
            if (!names.isEmpty()) {
                s.setArray(1, connection.createArrayOf("text", names.toArray()));
            }
            boolean rows = s.execute();
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
