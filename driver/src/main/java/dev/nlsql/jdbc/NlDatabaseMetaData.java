package dev.nlsql.jdbc;

import dev.nlsql.internal.jdbc.DelegatingDatabaseMetaData;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The delegate's metadata, except that it names nlsql's URL, driver and connection. */
final class NlDatabaseMetaData extends DelegatingDatabaseMetaData<DatabaseMetaData> {

    private final ValueHost host;

    NlDatabaseMetaData(ValueHost host, DatabaseMetaData delegate) {
        super(delegate);
        this.host = host;
    }

    @Override
    public Connection getConnection() {
        return host.connection();
    }

    /** Metadata result sets lead back to this nlsql connection: see {@link ValueHost#resultSet}. */
    @Override
    protected ResultSet resultSet(ResultSet rs) throws SQLException {
        return host.resultSet(rs);
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

    /** nlsql's version, as the driver reports it ({@link DriverVersion}), then the real driver's: "0.1.0 over 42.7.14". */
    @Override
    public String getDriverVersion() throws SQLException {
        return DriverVersion.VERSION + " over " + delegate.getDriverVersion();
    }

    @Override
    public int getDriverMajorVersion() {
        return DriverVersion.MAJOR;
    }

    @Override
    public int getDriverMinorVersion() {
        return DriverVersion.MINOR;
    }
}
