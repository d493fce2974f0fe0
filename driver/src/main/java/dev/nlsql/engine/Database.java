package dev.nlsql.engine;

import dev.nlsql.internal.SqlState;
import dev.nlsql.internal.log.Secrets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import org.slf4j.Logger;
import dev.nlsql.internal.log.Logs;

/**
 * One database a question may read: the connection's own ({@code main}) or one attached with
 * {@code nlsql.source.<name>}. An attached source connects when a question first needs it and
 * again after it went away; one that cannot be reached fails only the questions that use it, with
 * 08001 naming it, and is not dialled again for 30 s (questions that do not need it would each wait its
 * connect timeout). Not thread-safe: like the JDBC connection that owns it, one question at a time.
 */
public final class Database implements AutoCloseable {

    /** Opens an attached source's connection (its own login, or the owner's when the URL names no user). */
    @FunctionalInterface
    public interface Opener {
        Connection open() throws SQLException;
    }

    private static final Logger LOG = Logs.get(Database.class);

    private final String name;
    private final String shownUrl;
    /** The secrets of the source's URL: a driver's message may quote them outside any URL ("Incorrect port value : pw@host"). */
    private final java.util.List<String> secrets;
    private final Opener opener;
    private volatile Connection connection;
    private volatile boolean running;
    private boolean postgres;
    private String key;

    private Database(String name, String url, Opener opener, Connection connection, String key) {
        this.name = name;
        this.shownUrl = Secrets.maskUrl(url);
        this.secrets = Secrets.secretsIn(url);
        this.opener = opener;
        this.connection = connection;
        this.key = key;
    }

    /** The connection's own database, already open (the connection owns it, so {@link #close} leaves it). */
    static Database main(Connection connection, String key) {
        return new Database("main", null, null, connection, key);
    }

    /** An attached source, connected on first use; {@code url} is shown (passwords masked) when it cannot be reached. */
    public static Database attached(String name, String url, Opener opener) {
        return new Database(name, url, opener, null, null);
    }

    public String name() {
        return name;
    }

    boolean isMain() {
        return opener == null;
    }

    /** The open connection, connecting an attached source when needed; 08001 naming the source when it cannot be reached. */
    Connection connection() throws SQLException {
        if (connection != null && (isMain() || !connection.isClosed())) {
            return connection;
        }
        SQLException last = lastFailure;
        if (last != null && System.nanoTime() - failedAt < RETRY_AFTER_NANOS) {
            throw last; // a source just found down is not dialled again by every question (each would wait its connect timeout)
        }
        try {
            Connection c = opener.open();
            if (c == null) {
                throw new SQLException("no JDBC driver accepts the URL");
            }
            DatabaseMetaData md = c.getMetaData();
            product(md.getDatabaseProductName());
            key = md.getURL() + "|" + md.getUserName();
            connection = c;
            lastFailure = null;
            return c;
        } catch (SQLException | RuntimeException e) {
            SQLException down = unreachable(e);
            lastFailure = down;
            failedAt = System.nanoTime();
            throw down;
        }
    }

    /** How long a source that could not be reached is not dialled again. */
    private static final long RETRY_AFTER_NANOS = 30_000_000_000L;
    private volatile SQLException lastFailure;
    private volatile long failedAt;

    /**
     * Connects now, while the owner's login is at hand (through the proxy a client's password is relayed
     * only during its login); a source that cannot be reached is tried again by the first question that needs it.
     */
    public void connectEagerly() {
        if (isMain()) {
            return;
        }
        try {
            connection();
        } catch (SQLException e) {
            // logged by unreachable(); the questions that need it fail with 08001
        }
    }

    /**
     * Cancels what runs on an attached source's connection now (a question's step), as the statement's cancel
     * does on main: pgjdbc's {@code cancelQuery()}, MariaDB Connector/J's {@code cancelCurrentQuery()}, found by
     * name so neither driver is needed to compile. PostgreSQL drops a cancel that arrives while the backend reads
     * the next protocol message, so it is sent again every {@link #RESEND_MILLIS} ms while the step still runs (at
     * most {@link #RESENDS} times, on a daemon thread). A driver with neither method leaves the step to its timeout.
     */
    public void cancelRunning() {
        if (isMain() || !running || connection == null) {
            return;
        }
        if (sendCancel()) {
            Thread resend = new Thread(() -> {
                for (int i = 0; i < RESENDS && running; i++) {
                    try {
                        Thread.sleep(RESEND_MILLIS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    if (running) {
                        sendCancel();
                    }
                }
            }, "nlsql-cancel-" + name);
            resend.setDaemon(true);
            resend.start();
        }
    }

    private static final int RESENDS = 20;
    private static final long RESEND_MILLIS = 250;

    private boolean sendCancel() {
        Connection c = connection;
        if (c == null) {
            return false;
        }
        for (String method : new String[] {"cancelQuery", "cancelCurrentQuery"}) {
            try {
                c.getClass().getMethod(method).invoke(c);
                return true;
            } catch (NoSuchMethodException e) {
                // the other driver's name
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                LOG.debug("cancelling on source {} failed: {}", name, Secrets.forLog(String.valueOf(e.getMessage())));
                return false;
            }
        }
        return false;
    }

    /** Marks a step running on this source (or done), so that a cancel knows there is something to stop. */
    void running(boolean now) {
        running = now;
    }

    /** The error of a source that cannot be reached or went away: 08001, the source named, secrets masked. */
    SQLException unreachable(Exception cause) {
        String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : Secrets.maskUrlsIn(cause.getMessage());
        for (String secret : secrets) {
            why = secret.isEmpty() ? why : why.replace(secret, "****");
        }
        LOG.warn("source {} ({}) cannot be reached: {}", name, shownUrl, Secrets.forLog(why));
        forget();
        return new SQLException("Source " + name + (shownUrl == null ? "" : " (" + shownUrl + ")") + " cannot be reached: " + why,
                SqlState.UNABLE_TO_CONNECT.code(), quotesSecret(cause) ? null : cause); // a cause that quotes a secret stays here
    }

    /** Whether a message anywhere in the cause chain holds one of the URL's secrets, or a URL with a secret. */
    private boolean quotesSecret(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String m = t.getMessage();
            if (m != null && (secrets.stream().anyMatch(x -> !x.isEmpty() && m.contains(x)) || !Secrets.maskUrlsIn(m).equals(m))) {
                return true;
            }
        }
        return false;
    }

    /** Notes the database's product name, as its metadata or catalog reports it. */
    void product(String productName) {
        postgres = "PostgreSQL".equalsIgnoreCase(productName);
    }

    /** True once the product is known ({@link #connection}, or main's catalog read): whether the database is PostgreSQL. */
    boolean postgres() {
        return postgres;
    }

    /** The key its catalog and values are cached under (its URL and user, as the database reports them). */
    String key() {
        return key;
    }

    /** Drops an attached source's connection after it failed, so the next question connects again. */
    void forget() {
        if (isMain() || connection == null) {
            return;
        }
        Connection c = connection;
        connection = null;
        try {
            c.close();
        } catch (SQLException ignored) {
            // it is already gone
        }
    }

    /** Closes an attached source's connection; main's belongs to its owner. */
    @Override
    public void close() {
        forget();
    }
}
