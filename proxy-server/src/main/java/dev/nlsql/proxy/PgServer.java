package dev.nlsql.proxy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Accepts PostgreSQL clients and runs each on its own thread and its own jdbc:nlsql: connection
 * to the backend; keeps the sessions by process id so a CancelRequest finds its session.
 */
public final class PgServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PgServer.class);

    private final ProxyConfig config;
    private final SSLContext tls;
    private final String backendUrl;
    private final Map<Integer, PgSession> sessions = new ConcurrentHashMap<>();
    /** Sessions past authentication; connections still logging in are counted apart in {@link #pendingLogins}. */
    private final java.util.Set<PgSession> loggedIn = ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.atomic.AtomicInteger pendingLogins = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.ScheduledExecutorService loginWatchdog = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "nlsql-proxy-login-timeout");
        t.setDaemon(true);
        return t;
    });
    /** Timer and reader threads of the sessions' idle watchers. */
    private final IdleWatcher.Pool idleWatchers = new IdleWatcher.Pool();
    private final AtomicInteger nextProcessId = new AtomicInteger(10_000);
    private ServerSocket listener;
    /** Relays the simple queries of parked sessions; null before start. */
    private RelayLoop relayLoop;
    private Thread acceptor;
    /** Which client addresses are this machine's own; tests make a loopback client count as remote. */
    private java.util.function.Predicate<InetAddress> localClient = InetAddress::isLoopbackAddress;

    PgServer(ProxyConfig config, SSLContext tls) {
        if (config.refusal() != null) {
            throw new IllegalArgumentException(config.refusal());
        }
        this.config = config;
        this.tls = tls;
        this.backendUrl = backendUrl(config.backendUrl());
    }

    /**
     * A jdbc:nlsql: URL for the backend. From PostgreSQL the proxy takes every value as text (so
     * pgjdbc's getString is the server's own text) and sends parameters untyped, for the server to infer.
     */
    static String backendUrl(String url) {
        String nl = url.startsWith("jdbc:nlsql:") ? url : "jdbc:nlsql:" + url.substring("jdbc:".length());
        if (nl.startsWith("jdbc:nlsql:postgresql:")) {
            if (!nl.contains("stringtype=")) {
                nl += (nl.contains("?") ? "&" : "?") + "stringtype=unspecified";
            }
            if (!nl.contains("binaryTransfer=")) {
                nl += "&binaryTransfer=false";
            }
            if (!nl.contains("preferQueryMode=")) {
                nl += "&preferQueryMode=extendedForPrepared"; // a client's simple query stays simple on the backend
            }
        }
        return nl;
    }

    PgServer start() throws IOException {
        // A channel's socket: an accepted client's socket then has a channel the relay loop can poll
        listener = java.nio.channels.ServerSocketChannel.open().socket();
        listener.bind(new java.net.InetSocketAddress(InetAddress.getByName(config.listen()), config.port()), 200);
        relayLoop = new RelayLoop();
        acceptor = new Thread(this::acceptLoop, "nlsql-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
        LOG.info("nlsql proxy listening on {}:{} for {}", config.listen(), port(), config.backendForLogs());
        return this;
    }

    public int port() {
        return listener.getLocalPort();
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket socket = listener.accept();
                socket.setTcpNoDelay(true);
                if (pendingLogins.get() >= config.maxPendingLogins() || loggedIn.size() >= config.maxConnections()) {
                    refuse(socket);
                    continue;
                }
                PgSession session = new PgSession(host, ClientConnection.of(socket), nextProcessId.getAndIncrement());
                sessions.put(session.processId(), session);
                pendingLogins.incrementAndGet();
                // startup plus authentication have one deadline, however slowly the bytes come
                java.util.concurrent.ScheduledFuture<?> deadline = loginWatchdog.schedule(() -> {
                    if (session.loggingIn() && sessions.containsKey(session.processId())) {
                        session.loginTimedOut();
                    }
                }, config.loginTimeoutSeconds(), java.util.concurrent.TimeUnit.SECONDS);
                session.onLoginDone(() -> {
                    deadline.cancel(false);
                    pendingLogins.decrementAndGet();
                });
                Thread t = new Thread(session, "nlsql-session-" + session.processId());
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (!listener.isClosed()) {
                    LOG.warn("accept failed: {}", e.getMessage());
                }
            }
        }
    }

    private void refuse(Socket socket) {
        try (socket) {
            Messages m = new Messages(socket.getOutputStream());
            m.errorResponse("FATAL", PgState.TOO_MANY_CONNECTIONS.code(), PgState.TOO_MANY_CONNECTIONS.message(config.maxConnections()), null, null);
            m.flush();
        } catch (IOException ignored) {
            // the client is gone
        }
    }

    ProxyConfig config() {
        return config;
    }

    /** Whether a client at this address connects from this machine (loopback), where pg_hba's rules for the proxy's address are meant for it. */
    boolean isLocalClient(InetAddress address) {
        return localClient.test(address);
    }

    /** Replaces what counts as a local client (tests only: this machine may not send traffic off loopback). */
    PgServer localClients(java.util.function.Predicate<InetAddress> local) {
        this.localClient = local;
        return this;
    }

    SSLContext tls() {
        return tls;
    }

    /**
     * The session's backend connection. Unless the backend URL names a shared account, the client logs in as itself:
     * its startup user, its database, and its password when the server asks for one (through {@code login}); a client
     * from another machine that neither the proxy nor the database authenticated is refused ({@link ClientLogin#vouchedFor}).
     */
    /** The most one fetch of rows from PostgreSQL may hold in the proxy (pgjdbc's maxResultBuffer). */
    static final String MAX_FETCH_BUFFER = "64M";

    Connection openBackend(Map<String, String> startup, ClientLogin login) throws SQLException {
        String knownPassword = login.clientPassword();
        Properties p = new Properties();
        p.putAll(config.nlProperties());
        String url = backendUrl;
        String databaseName = databaseOf(backendUrl);
        if (!config.sharedAccount()) {
            String user = startup.getOrDefault("user", "");
            if (user.isEmpty()) {
                throw new StartupSettings.Refused(PgState.INVALID_AUTHORIZATION_SPECIFICATION.code(), "no PostgreSQL user name specified in startup packet", null);
            }
            p.setProperty("user", user);
            String database = startup.getOrDefault("database", "");
            databaseName = database.isEmpty() ? user : database; // PostgreSQL's default: the user's name
            url = withDatabase(url, databaseName);
        }
        KnowledgeUse knowledge = knowledgeFor(databaseName);
        if (knowledge.file() != null) {
            p.setProperty(dev.nlsql.config.NlProperty.KNOWLEDGE.key(), knowledge.file().toString());
        }
        if (!url.startsWith("jdbc:nlsql:postgresql:")) {
            if (!login.vouchedFor()) {
                throw login.unvouched(null); // only pgjdbc tells the proxy whether the database asked for a password
            }
            Properties own = onlyNl(p);
            if (p.getProperty("user") != null) {
                own.setProperty("user", p.getProperty("user"));
                if (knownPassword != null) {
                    own.setProperty("password", knownPassword); // other drivers have no hook: a password given to the proxy goes along
                }
            }
            String plain = url;
            return knowledge.connect(own, props -> DriverManager.getConnection(plain, props));
        }
        if (!config.sharedAccount()) {
            p.setProperty("authenticationPluginClassName", ClientPasswordPlugin.class.getName());
        }
        if (!p.containsKey("socketFactory") && !url.contains("socketFactory=")) {
            p.setProperty("socketFactory", ChannelSocketFactory.class.getName()); // a socket the relay loop can poll
        }
        if (!p.containsKey("maxResultBuffer") && !url.contains("maxResultBuffer=")) {
            // a hard wall behind sendRows' fetch sizing, which a result whose rows grow after the first can outrun:
            // pgjdbc fails the fetch (and closes the session) rather than let one session fill the proxy's heap
            p.setProperty("maxResultBuffer", MAX_FETCH_BUFFER);
        }
        if (!p.containsKey("loginTimeout")) {
            p.setProperty("loginTimeout", String.valueOf(config.loginTimeoutSeconds())); // a backend that never answers
        }
        // Empty when the client sent none, as PostgreSQL's default: not pgjdbc's "PostgreSQL JDBC Driver".
        p.setProperty("ApplicationName", startup.getOrDefault("application_name", ""));
        String options = StartupSettings.options(startup);
        if (!options.isEmpty()) {
            String configured = p.getProperty("options", "").strip();
            p.setProperty("options", configured.isEmpty() ? options : configured + " " + options);
        }
        String target = url;
        // the backend and the sources its connection opens (nlsql.source.<name> without a user) log in as the client
        Connection c;
        try {
            // a second login without the knowledge file, where it does not fit, still has the client's password
            c = ClientPasswordPlugin.loggingIn(login::backendAsksPassword, () -> knowledge.connect(p, props -> DriverManager.getConnection(target, props)));
        } finally {
            login.forgetRelayedPassword();
        }
        try {
            if (!login.vouchedFor()) {
                throw login.unvouched(c);
            }
            // pgjdbc's own TimeZone startup parameter wins over options, so the client's is set again here; options
            // already made the server check it at login.
            String timeZone = StartupSettings.given(startup, "TimeZone");
            if (timeZone != null) {
                try (PreparedStatement s = OwnQueries.on(c).prepareStatement("SELECT set_config('TimeZone', ?, false)")) {
                    s.setString(1, timeZone);
                    s.execute();
                }
            }
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /** A login to the backend with the given properties. */
    interface Login {
        Connection open(Properties p) throws SQLException;
    }

    /** How long a database the knowledge file for every database did not fit is logged in to without trying it again. */
    static final long MISFIT_RECHECK_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(60);

    /** A database the knowledge file for every database does not fit: the file's version then, until when, and why. */
    private record Misfit(Object stamp, long until, String why) {
    }

    private final Map<String, Misfit> misfits = new ConcurrentHashMap<>();

    /**
     * The knowledge file of a login: the one named for its database (which must check: a broken one refuses the login),
     * else the one for every database, which is tried and, where it does not fit, left out.
     */
    KnowledgeUse knowledgeFor(String database) {
        KnowledgeFiles files = config.knowledge();
        return new KnowledgeUse(files.forDatabase(database), files.namedFor(database), database);
    }

    /** The knowledge file one login uses, and how: see {@link #connect}. */
    final class KnowledgeUse {
        private final java.nio.file.Path file;
        private final boolean mustFit;
        private final String database;

        KnowledgeUse(java.nio.file.Path file, boolean mustFit, String database) {
            this.file = file;
            this.mustFit = mustFit;
            this.database = database == null ? "(the backend's)" : database;
        }

        java.nio.file.Path file() {
            return file;
        }

        /**
         * Logs in with {@code p}, which names the file when there is one. The file for every database, where it does not
         * check against this one (22023 naming it), is left out: the login is made again without it, the proxy's log gets
         * a WARNING (once per version of the file and database) and the client a NOTICE saying why. For a minute after,
         * or until the file changes, that database's logins leave it out at once.
         */
        Connection connect(Properties p, Login login) throws SQLException {
            if (file == null) {
                return login.open(p);
            }
            if (mustFit) {
                try {
                    return login.open(p);
                } catch (SQLException e) {
                    String why = why(e);
                    if (why == null) {
                        throw e;
                    }
                    // the file named for this database does not check against it: the login is refused naming the entry
                    throw new StartupSettings.Refused(e.getSQLState(), "the knowledge file " + file + " (--knowledge " + database
                            + "=FILE) does not check against database " + database + ": " + why, null,
                            "fix the entry, or give --knowledge for every database, which is left out where it does not fit");
                }
            }
            Object stamp = stamp(file);
            Misfit known = misfits.get(database);
            if (known != null && java.util.Objects.equals(known.stamp(), stamp) && System.nanoTime() - known.until() < 0) {
                return notApplied(login.open(without(p)), known.why());
            }
            try {
                Connection c = login.open(p);
                misfits.remove(database);
                return c;
            } catch (SQLException e) {
                String why = why(e);
                if (why == null) {
                    throw e;
                }
                Misfit before = misfits.put(database, new Misfit(stamp, System.nanoTime() + MISFIT_RECHECK_NANOS, why));
                if (before == null || !java.util.Objects.equals(before.stamp(), stamp) || !before.why().equals(why)) {
                    LOG.warn("--knowledge {} is not applied to database {}: it does not fit it ({}); give that database its own"
                            + " file with --knowledge {}=FILE", file, database, why, database);
                }
                return notApplied(login.open(without(p)), why);
            }
        }

        /** Why the file did not check, when that is what e says (22023 naming the file), else null. */
        private String why(SQLException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            String named = dev.nlsql.config.NlProperty.KNOWLEDGE.key() + " " + file;
            if (!PgState.INVALID_PARAMETER_VALUE.code().equals(e.getSQLState()) || !message.startsWith(named)) {
                return null;
            }
            return message.substring(named.length()).replaceFirst("^: ", "");
        }

        private Properties without(Properties p) {
            Properties out = new Properties();
            out.putAll(p);
            out.remove(dev.nlsql.config.NlProperty.KNOWLEDGE.key());
            return out;
        }

        /** The connection, with a NOTICE for the client's login (behind PostgreSQL: pgjdbc's warnings are what a login's notices are). */
        private Connection notApplied(Connection c, String why) throws SQLException {
            try {
                if (c.isWrapperFor(org.postgresql.jdbc.PgConnection.class)) {
                    String fields = "SNOTICE\0VNOTICE\0C" + PgState.SUCCESSFUL_COMPLETION.code() + "\0Mthe knowledge file "
                            + file.getFileName() + " is not applied to database " + database + ": it does not fit it\0D" + why
                            + "\0Hgive the database a file of its own: --knowledge " + database + "=FILE\0";
                    c.unwrap(org.postgresql.jdbc.PgConnection.class).addWarning(new org.postgresql.util.PSQLWarning(
                            new org.postgresql.util.ServerErrorMessage(fields)));
                }
            } catch (SQLException | RuntimeException e) {
                LOG.debug("no NOTICE for the knowledge file left out: {}", e.toString());
            }
            return c;
        }
    }

    /** What identifies a version of a file (its size and modification time), or null when it cannot be read. */
    private static Object stamp(java.nio.file.Path file) {
        try {
            java.nio.file.attribute.BasicFileAttributes a = java.nio.file.Files.readAttributes(file,
                    java.nio.file.attribute.BasicFileAttributes.class);
            return java.util.List.of(String.valueOf(a.fileKey()), a.size(), a.lastModifiedTime().toMillis());
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The database a PostgreSQL URL ({@code jdbc:nlsql:postgresql://hosts/db?params} or {@code ...postgresql:db}) names,
     * decoded, or null for another URL or one that names none.
     */
    static String databaseOf(String url) {
        String prefix = "jdbc:nlsql:postgresql:";
        if (!url.startsWith(prefix)) {
            return null;
        }
        String rest = url.substring(prefix.length());
        int query = rest.indexOf('?');
        String path = query < 0 ? rest : rest.substring(0, query);
        if (path.startsWith("//")) {
            int slash = path.indexOf('/', 2);
            path = slash < 0 ? "" : path.substring(slash + 1);
        }
        return path.isEmpty() ? null : java.net.URLDecoder.decode(path, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** A PostgreSQL URL ({@code jdbc:nlsql:postgresql://hosts/db?params} or {@code ...postgresql:db?params}) for another database. */
    static String withDatabase(String url, String database) {
        String prefix = "jdbc:nlsql:postgresql:";
        if (!url.startsWith(prefix)) {
            return url; // other databases: the URL names the database
        }
        String rest = url.substring(prefix.length());
        int query = rest.indexOf('?');
        String params = query < 0 ? "" : rest.substring(query);
        String path = query < 0 ? rest : rest.substring(0, query);
        String hosts = "";
        if (path.startsWith("//")) {
            int slash = path.indexOf('/', 2);
            hosts = slash < 0 ? path : path.substring(0, slash);
            hosts += "/";
        }
        return prefix + hosts + java.net.URLEncoder.encode(database, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20") + params;
    }

    private static Properties onlyNl(Properties p) {
        Properties out = new Properties();
        p.stringPropertyNames().stream().filter(k -> k.startsWith("nlsql.")).forEach(k -> out.setProperty(k, p.getProperty(k)));
        return out;
    }

    boolean backendIsPostgres(Connection c) {
        try {
            return "PostgreSQL".equals(c.getMetaData().getDatabaseProductName());
        } catch (SQLException e) {
            return false;
        }
    }

    /** What libpq and pgjdbc expect to hear after authentication; the version and time zone are the backend's. */
    Map<String, String> parameterStatus(Connection backend, Map<String, String> startup) throws SQLException {
        Map<String, String> s = new LinkedHashMap<>();
        if (backendIsPostgres(backend)) {
            // The server's own reports, after the client's settings applied; pgjdbc keeps the latest of each.
            s.putAll(backend.unwrap(org.postgresql.PGConnection.class).getParameterStatuses());
            s.put("client_encoding", StartupSettings.clientEncoding(startup).name);
            return s;
        }
        s.put("server_version", backendIsPostgres(backend) ? show(backend, "server_version") : "15.0");
        s.put("server_encoding", "UTF8");
        s.put("client_encoding", StartupSettings.clientEncoding(startup).name);
        s.put("DateStyle", "ISO, MDY");
        s.put("IntervalStyle", "postgres");
        s.put("integer_datetimes", "on");
        s.put("standard_conforming_strings", "on");
        s.put("TimeZone", backendIsPostgres(backend) ? show(backend, "TimeZone") : "UTC");
        s.put("application_name", startup.getOrDefault("application_name", ""));
        s.put("is_superuser", "off");
        s.put("session_authorization", startup.getOrDefault("user", ""));
        return s;
    }

    private static String show(Connection c, String setting) throws SQLException {
        try (Statement s = OwnQueries.on(c).createStatement(); ResultSet rs = s.executeQuery("SELECT current_setting('" + setting + "')")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** Sessions by the process id their client was told (BackendKeyData): what CancelRequest names. */
    private final Map<Integer, PgSession> byKey = new ConcurrentHashMap<>();

    /** Records the process id a session tells its client; returns it. */
    int cancelKey(PgSession session, int pid) {
        byKey.put(pid, session);
        return pid;
    }

    void cancel(int processId, int secret) {
        PgSession s = byKey.get(processId);
        if (s != null) {
            s.cancel(secret);
        }
    }

    void forget(PgSession session) {
        sessions.remove(session.processId(), session);
        byKey.values().removeIf(s -> s == session);
        loggedIn.remove(session);
        session.loginDone();
    }

    /**
     * Counts an authenticated session, before it logs in to the backend (which may still ask for a password under
     * the login timeout); false when there are already --max-connections of them.
     */
    boolean reserveSession(PgSession session) {
        synchronized (loggedIn) {
            if (loggedIn.size() >= config.maxConnections()) {
                return false;
            }
            loggedIn.add(session);
            return true;
        }
    }

    /** The session that told its client this process id, or null (tests read its backend session's state). */
    PgSession session(int processId) {
        return byKey.get(processId);
    }

    /** What the server's sessions ask of it (sessions name this interface, never the server). */
    PgSession.Server host() {
        return host;
    }

    private final PgSession.Server host = new PgSession.Server() {
        @Override
        public ProxyConfig config() {
            return config;
        }

        @Override
        public SSLContext tls() {
            return tls;
        }

        @Override
        public boolean isLocalClient(InetAddress address) {
            return PgServer.this.isLocalClient(address);
        }

        @Override
        public void cancel(int processId, int secret) {
            PgServer.this.cancel(processId, secret);
        }

        @Override
        public boolean reserveSession(PgSession session) {
            return PgServer.this.reserveSession(session);
        }

        @Override
        public Connection openBackend(Map<String, String> startup, ClientLogin login) throws SQLException {
            return PgServer.this.openBackend(startup, login);
        }

        @Override
        public boolean backendIsPostgres(Connection c) {
            return PgServer.this.backendIsPostgres(c);
        }

        @Override
        public Map<String, String> parameterStatus(Connection backend, Map<String, String> startup) throws SQLException {
            return PgServer.this.parameterStatus(backend, startup);
        }

        @Override
        public int cancelKey(PgSession session, int pid) {
            return PgServer.this.cancelKey(session, pid);
        }

        @Override
        public RelayLoop relayLoop() {
            return relayLoop;
        }

        @Override
        public IdleWatcher.Pool idleWatchers() {
            return idleWatchers;
        }

        @Override
        public void forget(PgSession session) {
            PgServer.this.forget(session);
        }
    };

    /** The loop that relays parked sessions' simple queries. */
    RelayLoop relayLoop() {
        return relayLoop;
    }

    IdleWatcher.Pool idleWatchers() {
        return idleWatchers;
    }

    int sessionCount() {
        return sessions.size();
    }

    /** Connections still in startup or authentication. */
    int pendingLoginCount() {
        return pendingLogins.get();
    }

    @Override
    public void close() throws IOException {
        loginWatchdog.shutdownNow();
        idleWatchers.close();
        if (listener != null) { // a server never started still serves sessions over in-memory streams (tests)
            listener.close();
        }
        if (relayLoop != null) {
            relayLoop.close(); // parked sessions end, as their clients would see a closing server
        }
    }
}
