package dev.nlsql.jdbc;

import dev.nlsql.internal.SqlState;
import dev.nlsql.internal.log.Secrets;
import dev.nlsql.config.NlConfig;
import dev.nlsql.config.NlProperty;
import dev.nlsql.internal.jdbc.DriverInterfaces;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Properties;
import java.util.Map;
import dev.nlsql.engine.Database;
import java.util.ServiceLoader;
import java.util.logging.Logger;

/**
 * The {@code jdbc:nlsql:} driver. It accepts only its own URLs, connects through whichever
 * real driver takes the rest of the URL, and keeps every {@code nlsql.*} property away from it.
 */
public final class NlDriver implements Driver {

    /** nlsql's version (the project's, from version.properties), which Driver and DatabaseMetaData both report. */
    public static final String VERSION = DriverVersion.VERSION;
    public static final int MAJOR_VERSION = DriverVersion.MAJOR;
    public static final int MINOR_VERSION = DriverVersion.MINOR;
    private static final NlDriver INSTANCE = new NlDriver();
    private static final org.slf4j.Logger LOG = dev.nlsql.internal.log.Logs.get(NlDriver.class);

    static {
        try {
            DriverManager.registerDriver(INSTANCE);
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public boolean acceptsURL(String url) {
        return NlUrl.accepts(url);
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        NlUrl parsed = NlUrl.parse(url);
        Properties delegateProps = new Properties();
        Properties nlProps = new Properties();
        if (info != null) {
            for (String key : info.stringPropertyNames()) {
                String canonical = NlProperty.canonicalKey(key);
                if (canonical.startsWith(NlProperty.PREFIX)) {
                    nlProps.setProperty(canonical, info.getProperty(key));
                } else {
                    delegateProps.setProperty(key, info.getProperty(key));
                }
            }
        }
        nlProps.putAll(parsed.nlProperties());
        NlConfig config = NlConfig.from(nlProps);
        List<Database> sources = attachedSources(config, login(parsed.delegateUrl(), delegateProps));
        Driver driver = delegateDriver(parsed.delegateUrl());
        if (parsed.delegateUrl().startsWith("jdbc:postgresql:")) {
            DriverInterfaces.warmUp(new Class<?>[] {NlConnection.class, NlStatement.class, NlPreparedStatement.class},
                    new String[] {"org.postgresql.jdbc.PgConnection", "org.postgresql.jdbc.PgStatement",
                        "org.postgresql.jdbc.PgPreparedStatement"});
        }
        Connection connection = driver.connect(parsed.delegateUrl(), delegateProps);
        if (connection == null) {
            throw new SQLException("The driver " + driver.getClass().getName() + " refused " + NlUrl.masked(parsed.delegateUrl()), SqlState.UNABLE_TO_CONNECT.code());
        }
        try {
            NlConnection wrapper = new NlConnection(connection, config, sources);
            return DriverInterfaces.expose(Connection.class, wrapper, wrapper::admitDriverSql);
        } catch (SQLException | RuntimeException e) {
            connection.close();
            for (Database source : sources) {
                source.close(); // connected by the constructor before what failed
            }
            throw e;
        }
    }

    /**
     * The attached sources, each checked now (a driver on the class path accepts its URL, else the
     * connection fails naming the source) and connected when a question first needs it. A URL that
     * names no user logs in with this connection's own login properties, as the main database does.
     */
    private static List<Database> attachedSources(NlConfig config, Properties login) throws SQLException {
        List<Database> out = new ArrayList<>();
        for (Map.Entry<String, String> e : config.sources().entrySet()) {
            String name = e.getKey();
            String url = e.getValue();
            Driver driver;
            try {
                driver = delegateDriver(url);
            } catch (SQLException noDriver) {
                throw new SQLException("Source " + name + " (" + NlProperty.SOURCE_PREFIX + name + "): " + noDriver.getMessage(),
                        noDriver.getSQLState(), noDriver);
            }
            Properties props = namesUser(url) ? new Properties() : (Properties) login.clone();
            out.add(Database.attached(name, url, () -> driver.connect(url, props)));
        }
        return out;
    }

    /**
     * This connection's login, for sources whose URL names no user: the properties given to it, with the
     * user and password its URL carries as parameters when the properties do not.
     */
    private static Properties login(String url, Properties given) {
        Properties out = new Properties();
        for (String key : LOGIN_KEYS) { // the login only: socket factories, buffers and options belong to main's connection
            if (given.getProperty(key) != null) {
                out.setProperty(key, given.getProperty(key));
            }
        }
        int q = url.indexOf('?');
        if (q < 0) {
            return out;
        }
        for (String param : url.substring(q + 1).split("&")) {
            int eq = param.indexOf('=');
            String key = eq < 0 ? param : param.substring(0, eq);
            boolean named = exactNames(url) ? key.equals("user") || key.equals("password")
                    : key.equalsIgnoreCase("user") || key.equalsIgnoreCase("password");
            if (named && eq > 0) {
                String k = key.toLowerCase(java.util.Locale.ROOT);
                if (out.getProperty(k) == null) {
                    out.setProperty(k, java.net.URLDecoder.decode(param.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8));
                }
            }
        }
        return out;
    }

    /** The properties of a login: who, the password, and pgjdbc's password callback (the proxy relays the client's). */
    private static final List<String> LOGIN_KEYS = List.of("user", "password", "authenticationPluginClassName");

    /** Whether the URL's driver reads its parameters by their exact names (pgjdbc), not in any case (MariaDB, MySQL). */
    private static boolean exactNames(String url) {
        return url.regionMatches(true, 0, "jdbc:postgresql:", 0, "jdbc:postgresql:".length());
    }

    /** Whether a JDBC URL carries its own login: a user parameter, or user@ before the host. */
    static boolean namesUser(String url) {
        // pgjdbc reads its parameters by their exact names: to it User= names nobody, and it logs in as the OS user
        String seen = exactNames(url) ? url : url.toLowerCase(java.util.Locale.ROOT);
        int params = seen.indexOf('?');
        for (String sep : new String[] {"?user=", "&user=", ";user="}) {
            if (seen.contains(sep)) {
                return true;
            }
        }
        int authority = seen.indexOf("//");
        if (authority >= 0) {
            int end = seen.indexOf('/', authority + 2);
            String host = seen.substring(authority + 2, end < 0 ? (params < 0 ? seen.length() : params) : end);
            return host.contains("@");
        }
        return false;
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        List<DriverPropertyInfo> out = new ArrayList<>();
        Properties given = info == null ? new Properties() : info;
        Properties fromUrl = acceptsURL(url) ? NlUrl.parse(url).nlProperties() : new Properties();
        for (NlProperty p : NlProperty.values()) {
            // the source family is one entry (nlsql.source.<name>, no value), then one per source given
            String value = p == NlProperty.SOURCE ? null : fromUrl.getProperty(p.key(), given.getProperty(p.key(), p.defaultValue()));
            DriverPropertyInfo d = new DriverPropertyInfo(p.key(), value);
            d.description = p.description();
            d.required = false;
            d.choices = p.choices().isEmpty() ? null : p.choices().toArray(new String[0]);
            out.add(d);
            if (p == NlProperty.SOURCE) {
                givenSources(given, fromUrl).forEach((key, sourceUrl) -> {
                    DriverPropertyInfo source = new DriverPropertyInfo(key, NlUrl.masked(sourceUrl));
                    source.description = "Source " + key.substring(NlProperty.SOURCE_PREFIX.length()) + ": " + p.description();
                    source.required = false;
                    out.add(source);
                });
            }
        }
        if (acceptsURL(url)) {
            String delegateUrl = NlUrl.parse(url).delegateUrl();
            try {
                for (DriverPropertyInfo d : delegateDriver(delegateUrl).getPropertyInfo(delegateUrl, given)) {
                    out.add(d);
                }
            } catch (SQLException e) {
                LOG.debug("no delegate property info for {}: {}", NlUrl.masked(delegateUrl), Secrets.forLog(e.getMessage()));
            }
        }
        return out.toArray(new DriverPropertyInfo[0]);
    }

    /** The nlsql.source.<name> entries of the Properties and the URL (the URL's win, as in connect), by folded key, in name order. */
    private static java.util.Map<String, String> givenSources(Properties given, Properties fromUrl) {
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        for (Properties from : List.of(given, fromUrl)) {
            for (String key : from.stringPropertyNames()) {
                String canonical = NlProperty.canonicalKey(key);
                if (canonical.startsWith(NlProperty.SOURCE_PREFIX) && canonical.length() > NlProperty.SOURCE_PREFIX.length()) {
                    out.put(canonical, from.getProperty(key));
                }
            }
        }
        return out;
    }

    /** The real driver for a delegate URL: service-loaded drivers first, then DriverManager's. */
    static Driver delegateDriver(String delegateUrl) throws SQLException {
        for (ClassLoader loader : loaders()) {
            for (Driver d : ServiceLoader.load(Driver.class, loader)) {
                if (!(d instanceof NlDriver) && d.acceptsURL(delegateUrl)) {
                    return d;
                }
            }
        }
        Enumeration<Driver> registered = DriverManager.getDrivers();
        while (registered.hasMoreElements()) {
            Driver d = registered.nextElement();
            if (!(d instanceof NlDriver) && d.acceptsURL(delegateUrl)) {
                return d;
            }
        }
        throw new SQLException("No JDBC driver found for " + NlUrl.masked(delegateUrl)
                + "; put the database's driver on the class path (the -all jar includes PostgreSQL's)", SqlState.UNABLE_TO_CONNECT.code());
    }

    private static List<ClassLoader> loaders() {
        List<ClassLoader> loaders = new ArrayList<>(2);
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null) {
            loaders.add(context);
        }
        ClassLoader own = NlDriver.class.getClassLoader();
        if (own != null && own != context) {
            loaders.add(own);
        }
        return loaders;
    }

    @Override
    public int getMajorVersion() {
        return MAJOR_VERSION;
    }

    @Override
    public int getMinorVersion() {
        return MINOR_VERSION;
    }

    /** A wrapper cannot promise full compliance of whatever driver it wraps. */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("nlsql logs through slf4j");
    }
}
