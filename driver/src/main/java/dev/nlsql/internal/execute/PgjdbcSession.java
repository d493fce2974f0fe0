package dev.nlsql.internal.execute;

import dev.nlsql.NlSqlState;
import dev.nlsql.internal.log.Secrets;
import dev.nlsql.sql.SqlDialect;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import dev.nlsql.internal.log.Logs;
import org.slf4j.Logger;

/**
 * What nlsql needs of a pgjdbc session that JDBC does not offer: its query mode, its
 * {@code standard_conforming_strings}. pgjdbc is optional for
 * nlsql, so every lookup is reflective and tolerates its absence (and relocation in the -all jar).
 */
public final class PgjdbcSession {

    private static final Logger LOG = Logs.get(PgjdbcSession.class);
    private static final Class<?> BASE_CONNECTION = type("org.postgresql.core.BaseConnection");
    private static final Method PREFER_QUERY_MODE = method(BASE_CONNECTION, "getPreferQueryMode");
    private static final Method STANDARD_CONFORMING = method(BASE_CONNECTION, "getStandardConformingStrings");

    private PgjdbcSession() {
    }

    /**
     * Refuses a session whose prepared statements go out as simple queries (preferQueryMode=simple):
     * there the server would run a second statement if one were ever smuggled past the guard.
     */
    static void requireExtendedProtocol(Connection connection) throws SQLException {
        Object base = base(connection);
        if (base == null || PREFER_QUERY_MODE == null) {
            return;
        }
        Object mode = invoke(PREFER_QUERY_MODE, base);
        if (mode != null && mode.toString().equalsIgnoreCase("simple")) {
            throw new SQLException("nlsql runs generated SQL with PostgreSQL's extended protocol, so that the server itself "
                    + "refuses a second statement; remove preferQueryMode=simple from the URL", NlSqlState.UNSAFE_SQL.code());
        }
    }

    /** The session's standard_conforming_strings as pgjdbc tracks it; true when it cannot tell. */
    public static boolean standardConformingStrings(Connection connection) {
        Object base;
        try {
            base = base(connection);
        } catch (SQLException e) {
            return true;
        }
        Object value = base == null || STANDARD_CONFORMING == null ? null : invoke(STANDARD_CONFORMING, base);
        return !(value instanceof Boolean b) || b;
    }

    private static Object base(Connection connection) throws SQLException {
        return BASE_CONNECTION != null && connection.isWrapperFor(BASE_CONNECTION) ? connection.unwrap(BASE_CONNECTION) : null;
    }

    private static Class<?> type(String name) {
        try {
            return Class.forName(name, false, PgjdbcSession.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    private static Method method(Class<?> type, String name, Class<?>... parameters) {
        try {
            return type == null ? null : type.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static Object invoke(Method m, Object target, Object... args) {
        try {
            return m == null ? null : m.invoke(target, args);
        } catch (ReflectiveOperationException e) {
            LOG.debug("pgjdbc call {} failed: {}", m.getName(), Secrets.forLog(e));
            return null;
        }
    }
}
