package dev.nlsql.jdbc;

import dev.nlsql.internal.jdbc.DelegatingDatabaseMetaData;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** The delegate's metadata, except that it names nlsql's URL, driver and connection. */
final class NlDatabaseMetaData extends DelegatingDatabaseMetaData<DatabaseMetaData> {

    private final NlConnection connection;

    NlDatabaseMetaData(NlConnection connection, DatabaseMetaData delegate) {
        super(delegate);
        this.connection = connection;
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    /**
     * Metadata result sets keep a statement rather than reporting null (which JDBC allows):
     * pgjdbc and most drivers return one, and tools call {@code rs.getStatement()} and then
     * {@code getConnection()} or {@code close()} on it without a null check (Spring's
     * DatabaseMetaData helpers, DBeaver). The delegate's statement is wrapped in an
     * {@link NlStatement} so that its {@code getConnection()} is this nlsql connection, not the
     * wrapped one, and anything run on it goes through nlsql's passthrough policy like any other
     * nlsql statement; closing it closes the delegate's statement, as before. If the delegate
     * reports no statement, neither do we.
     */
    @Override
    protected ResultSet resultSet(ResultSet rs) throws SQLException {
        if (rs == null) {
            return null;
        }
        Statement statement = rs.getStatement();
        return NlResultSet.wrap(statement == null ? null : new NlStatement(connection, statement), rs);
    }

    @Override
    public String getURL() throws SQLException {
        String url = delegate.getURL();
        return url == null ? null : NlUrl.wrap(url);
    }

    @Override
    public String getDriverName() throws SQLException {
        return "nlsql over " + delegate.getDriverName();
    }
}
