package dev.nlsql.jdbc;

import dev.nlsql.internal.SqlState;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** A {@link DataSource} for pools and frameworks: a {@code jdbc:nlsql:} URL plus properties. */
public class NlDataSource implements DataSource {

    private static final NlDriver DRIVER = new NlDriver();

    private String url;
    private String user;
    private String password;
    private final Properties properties = new Properties();
    private int loginTimeoutSeconds;
    private PrintWriter logWriter;

    public NlDataSource() {
    }

    public NlDataSource(String url) {
        this.url = url;
    }

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public String getUser() {
        return user;
    }

    public void setUser(String user) {
        this.user = user;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    /** Sets any property: {@code nlsql.*} ones for nlsql, the rest for the real driver. */
    public void setProperty(String name, String value) {
        properties.setProperty(name, value);
    }

    @Override
    public Connection getConnection() throws SQLException {
        return getConnection(user, password);
    }

    @Override
    public Connection getConnection(String username, String pass) throws SQLException {
        if (url == null || !NlUrl.accepts(url)) {
            throw new SQLException("NlDataSource needs a jdbc:nlsql: URL, got " + NlUrl.masked(url), SqlState.UNABLE_TO_CONNECT.code());
        }
        Properties p = new Properties();
        p.putAll(properties);
        if (username != null) {
            p.setProperty("user", username);
        }
        if (pass != null) {
            p.setProperty("password", pass);
        }
        if (loginTimeoutSeconds > 0 && !p.containsKey("loginTimeout")) {
            p.setProperty("loginTimeout", Integer.toString(loginTimeoutSeconds));
        }
        return DRIVER.connect(url, p);
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        this.logWriter = out;
    }

    @Override
    public void setLoginTimeout(int seconds) {
        this.loginTimeoutSeconds = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeoutSeconds;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("nlsql logs through slf4j");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("NlDataSource does not wrap " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
