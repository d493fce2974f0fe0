package dev.nlsql.proxy;

import org.postgresql.plugin.AuthenticationPlugin;
import org.postgresql.plugin.AuthenticationRequestType;
import org.postgresql.util.PSQLException;

/**
 * pgjdbc's password hook for a client that logs in to the database as itself: pgjdbc calls it only when the
 * server asks for a password, and the session then asks its own client. pgjdbc instantiates the class by name,
 * so the session that is logging in on this thread is found through a thread-local.
 */
public final class ClientPasswordPlugin implements AuthenticationPlugin {

    /** Where a session's password comes from; it may throw to refuse the login. */
    interface Source {
        char[] password() throws PSQLException;
    }

    /** Inherited: with a loginTimeout pgjdbc logs in on a thread of its own, started from the session's. */
    private static final ThreadLocal<Source> CURRENT = new InheritableThreadLocal<>();

    /** Runs a backend login on this thread with the given password source. */
    static <T, E extends Exception> T loggingIn(Source source, Login<T, E> login) throws E {
        CURRENT.set(source);
        try {
            return login.run();
        } finally {
            CURRENT.remove();
        }
    }

    /** A login that may throw. */
    interface Login<T, E extends Exception> {
        T run() throws E;
    }

    @Override
    public char[] getPassword(AuthenticationRequestType type) throws PSQLException {
        Source source = CURRENT.get();
        return source == null ? null : source.password();
    }
}
