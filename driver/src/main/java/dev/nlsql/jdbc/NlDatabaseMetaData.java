package dev.nlsql.jdbc;

import dev.nlsql.jdbc.delegate.DelegatingDatabaseMetaData;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;

/** The delegate's metadata, except that it names nlsql's URL, driver and connection. */
public final class NlDatabaseMetaData extends DelegatingDatabaseMetaData<DatabaseMetaData> {

    private final NlConnection connection;

    NlDatabaseMetaData(NlConnection connection, DatabaseMetaData delegate) {
        super(delegate);
        this.connection = connection;
    }

    @Override
    public Connection getConnection() {
        return connection;
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
