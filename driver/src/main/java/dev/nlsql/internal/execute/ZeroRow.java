package dev.nlsql.internal.execute;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The one row of an aggregate query, read ahead: whether every value in it is 0 or NULL (a count
 * that found nothing, which the wider search treats like no rows), and the rows as if unread.
 */
public record ZeroRow(ResultSet rows, boolean zero) {

    /** Reads the first row of {@code rs}, which has one; the result's rows start before it again. */
    public static ZeroRow peek(ResultSet rs) throws SQLException {
        if (!rs.next()) {
            return new ZeroRow(rs, false);
        }
        boolean zero = true;
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
            Object v = rs.getObject(i);
            zero &= v == null || v instanceof Number n && n.doubleValue() == 0;
        }
        return new ZeroRow(replaying(rs), zero);
    }

    /** The cursor stands on the first row already: the first next() stays there. */
    private static ResultSet replaying(ResultSet rs) {
        boolean[] pending = {true};
        return (ResultSet) Proxy.newProxyInstance(ZeroRow.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "next":
                            if (pending[0]) {
                                pending[0] = false;
                                return true;
                            }
                            break;
                        case "isBeforeFirst":
                            if (pending[0]) {
                                return true;
                            }
                            break;
                        case "getRow":
                            if (pending[0]) {
                                return 0;
                            }
                            break;
                        default:
                            break;
                    }
                    try {
                        return method.invoke(rs, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
